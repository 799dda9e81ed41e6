// Message rule: requirement sentences of a message become instructions,
// keeping the message's words; statements of fact do not.
#include "analyze/message_rule.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

using Rules = std::vector<std::string>;

TEST(MessageRule, CannotBeBecomesIsNot) {
  EXPECT_EQ(MessageRules("Step cannot be zero."),
            Rules{"Make sure step is not zero (the message's rule)"});
}

TEST(MessageRule, MayOnlyBeUsedKeepsThePrefixOut) {
  EXPECT_EQ(MessageRules("yaml: option ,inline may only be used on a struct or map field"),
            Rules{"Use option ,inline only on a struct or map field (the message's rule)"});
}

TEST(MessageRule, MustBeKeepsHoles) {
  EXPECT_EQ(MessageRules("Invalid options, {name} must be a positive integer"),
            Rules{"Make sure {name} is a positive integer (the message's rule)"});
}

TEST(MessageRule, RequiredAndNotAllowed) {
  EXPECT_EQ(MessageRules("The name option is required."),
            Rules{"Provide the name option (the message's rule)"});
  EXPECT_EQ(MessageRules("Trailing commas are not allowed"),
            Rules{"Do not use trailing commas (the message's rule)"});
}

TEST(MessageRule, ExpectedGot) {
  EXPECT_EQ(MessageRules("expected a string, got %s"),
            Rules{"Give a string where %s was given (the message's rule)"});
}

TEST(MessageRule, ValidFormatAndNoLongerAccepts) {
  EXPECT_EQ(MessageRules("Bad date. Valid format is 'YYYY-MM-DD'."),
            Rules{"Use the format 'YYYY-MM-DD' (the message's rule)"});
  EXPECT_EQ(MessageRules("Model.find() no longer accepts a callback"),
            Rules{"Do not pass a callback to Model.find() (the message's rule)"});
}

TEST(MessageRule, RequiresNamesWhatToProvide) {
  EXPECT_EQ(MessageRules("Validation rule date_equals requires at least 1 parameters."),
            Rules{"Provide what validation rule date_equals requires: at least 1 parameters (the "
                  "message's rule)"});
  EXPECT_EQ(MessageRules("Option {name!r} requires an argument."),
            Rules{"Provide what option {name!r} requires: an argument (the message's rule)"});
  // A clause or a verb, not a thing to provide: no rule.
  EXPECT_EQ(MessageRules("This operation requires that the stream is open."), Rules{});
  EXPECT_EQ(MessageRules("Login requires you to accept the terms."), Rules{});
  EXPECT_EQ(MessageRules("Overwriting requires seems like a bug ({$name})"), Rules{});
  EXPECT_EQ(MessageRules("Gem dependencies file #{@path} requires #{name} more than once."),
            Rules{});
  EXPECT_EQ(MessageRules("A newer version is available but requires PHP 8.1 or higher"), Rules{});
}

TEST(MessageRule, StatementsOfFactAreLeftAlone) {
  EXPECT_TRUE(MessageRules("file not found: {path}").empty());
  EXPECT_TRUE(MessageRules("connection reset by peer").empty());
  EXPECT_TRUE(MessageRules("unexpected end of input").empty());
}

// What the code does not support, or will not combine: the thing to avoid
// (twenty-second grading: StackExchange.Redis, ktor and rocksdb records had
// only generic advice).
TEST(MessageRule, NotSupportedAndIncompatible) {
  EXPECT_EQ(MessageRules("Publishing is not supported for multi-node channels"),
            Rules{"Avoid publishing for multi-node channels (the message's rule)"});
  EXPECT_EQ(MessageRules("Serializing collections of different element types is not yet "
                         "supported. Selected serializers: ${names}"),
            Rules{"Avoid serializing collections of different element types: it is not "
                  "supported yet (the message's rule)"});
  EXPECT_EQ(MessageRules("WRITE_UNPREPARED is currently incompatible with unordered_writes"),
            Rules{"Do not combine WRITE_UNPREPARED with unordered_writes (the message's rule)"});
  // A pronoun or a clause names nothing to avoid.
  EXPECT_TRUE(MessageRules("This is not supported").empty());
  EXPECT_TRUE(MessageRules("it is not supported").empty());
  EXPECT_TRUE(MessageRules("Specified method is not supported.").empty());
}

// Where or with what it is not supported: the same thing to avoid, with
// the place or setting the message names (twenty-fourth session).
TEST(MessageRule, NotSupportedInOnWithWhen) {
  EXPECT_EQ(MessageRules("Masking switch is not supported in JS engine."),
            Rules{"Avoid masking switch in JS engine (the message's rule)"});
  EXPECT_EQ(MessageRules("Address $family is not supported on Windows"),
            Rules{"Avoid address $family on Windows (the message's rule)"});
  EXPECT_EQ(MessageRules("Not implemented: FIFO compaction is not supported with "
                         "open_files_async = true."),
            Rules{"Avoid FIFO compaction with open_files_async = true (the message's rule)"});
  EXPECT_TRUE(MessageRules("It is not supported in this context").empty());
}

TEST(MessageRule, OnlyAllowedSupportedValid) {
  EXPECT_EQ(MessageRules("--non-matching is only valid with --verbose"),
            Rules{"Use --non-matching only with --verbose (the message's rule)"});
  EXPECT_EQ(MessageRules("apply() is only allowed in ready status (state: ${currentStatus})"),
            Rules{"Use apply() only in ready status (the message's rule)"});
  EXPECT_EQ(MessageRules("The GROUP option is only supported by XREADGROUP. You called XREAD "
                         "instead."),
            Rules{"Use the GROUP option only with XREADGROUP (the message's rule)"});
  EXPECT_TRUE(MessageRules("This is only supported with -P under PCRE v2").empty());
  EXPECT_EQ(MessageRules("APIPlugin\n__non_webpack_require__ is only allowed in target node"),
            Rules{"Use __non_webpack_require__ only in target node (the message's rule)"});
}

TEST(MessageRule, AcronymSubjectKeepsItsCase) {
  EXPECT_EQ(MessageRules("URL must start with http"),
            Rules{"Make sure URL starts with http (the message's rule)"});
}

TEST(MessageRule, StatementsOfWhatCannotBeDoneAreNotRules) {
  EXPECT_TRUE(MessageRules("Pattern listed for update matches platform packages, but these "
                           "cannot be updated by Composer.")
                  .empty());
  EXPECT_TRUE(MessageRules("{value} can't be serialized in a lockfile").empty());
  EXPECT_TRUE(MessageRules("there should be an error").empty());
  // The participle is followed by the printed cause.
  EXPECT_TRUE(MessageRules("main thread can not be joined: %s").empty());
}

TEST(MessageRule, AnElidedSubjectAfterACommaIsNoRule) {
  // "Make sure invalid $unset in pipeline, is a string" would be nonsense.
  EXPECT_TRUE(
      MessageRules("Invalid $unset in pipeline, must be a string or an array of strings").empty());
}

TEST(MessageRule, UsedTogetherAndPluralSubjects) {
  EXPECT_EQ(MessageRules("shutdown options SAVE and NOSAVE can't be used simultaneously"),
            Rules{"Do not use shutdown options SAVE and NOSAVE simultaneously (the message's "
                  "rule)"});
  EXPECT_EQ(MessageRules("line terminators must be ASCII, but {byte} is not"),
            Rules{"Make sure line terminators are ASCII (the message's rule)"});
}

TEST(MessageRule, DotNetParameterNameIsTheSubject) {
  EXPECT_EQ(MessageRules("Value cannot be null. (Parameter 'onRetry')"),
            Rules{"Make sure `onRetry` is not null (the message's rule)"});
}

TEST(MessageRule, QuotedOrTemplatedFragmentsAreSkipped) {
  EXPECT_TRUE(
      MessageRules("error: 'The ID specified in XADD must be greater than 0-0' after processing")
          .empty());
}

// "Cannot V ..." with a verb a caller performs forbids it; with a verb of
// failure ("find", "read", "apply") it reports what went wrong.
TEST(MessageRule, CannotCallBecomesDoNotCall) {
  EXPECT_EQ(MessageRules("Cannot call `setClient()` on a connection that is already connected."),
            Rules{"Do not call `setClient()` on a connection that is already connected (the "
                  "message's rule)"});
  EXPECT_EQ(MessageRules("You cannot specify `--strict` and `--optimistic` at the same time."),
            Rules{"Do not specify `--strict` and `--optimistic` at the same time (the message's "
                  "rule)"});
  EXPECT_EQ(MessageRules("Cannot overwrite `${name}` model once compiled."),
            Rules{"Do not overwrite `${name}` model once compiled (the message's rule)"});
  EXPECT_TRUE(MessageRules("Cannot find module '${request}'").empty());
  EXPECT_TRUE(MessageRules("Cannot apply patch: %s").empty());
  EXPECT_TRUE(MessageRules("Cannot delete %s").empty());
  // A bare "cannot set X" reports that setting it failed.
  EXPECT_TRUE(MessageRules("jq: error: cannot set an exit handler").empty());
  EXPECT_EQ(MessageRules("Cannot set both `validateAllPaths` and `pathsToSkip`"),
            Rules{"Do not set both `validateAllPaths` and `pathsToSkip` (the message's rule)"});
}

TEST(MessageRule, MustVerbAsksTheSubject) {
  EXPECT_EQ(MessageRules("Streaming Body must respond to call"),
            Rules{"Make sure streaming Body responds to call (the message's rule)"});
  EXPECT_EQ(MessageRules("rack.hijack must return an IO instance"),
            Rules{"Make sure rack.hijack returns an IO instance (the message's rule)"});
  EXPECT_EQ(MessageRules("You must pass an array of schemas to z.tuple()"),
            Rules{"Pass an array of schemas to z.tuple() (the message's rule)"});
  // Not a verb the caller performs: nothing.
  EXPECT_TRUE(MessageRules("the worker must exit now").empty());
  EXPECT_TRUE(MessageRules("Must use a terminal").empty());
}

// A fragment of the message is no subject (thirteenth grading: "Make sure
// this may result in errors and is resolved").
TEST(MessageRule, ClauseIsNoSubject) {
  EXPECT_TRUE(MessageRules("{x}, this may result in errors and should be resolved:").empty());
  EXPECT_TRUE(MessageRules("Got invalid value for load_only - should be one of {}").empty());
  // Cut at a dash, the rest may be a subject.
  EXPECT_EQ(MessageRules("Invalid script entry point: {e} - A callable suffix is required."),
            Rules{"Provide a callable suffix (the message's rule)"});
  EXPECT_EQ(MessageRules("Step must be positive"),
            Rules{"Make sure step is positive (the message's rule)"});
}

}  // namespace
}  // namespace errdex
