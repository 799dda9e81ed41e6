// Class doc order (class_doc_order.h).
#include "analyze/class_doc_order.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

// The raising function's `@throws` sentence leads; a generic class doc
// follows a docstring or comment; otherwise the class doc leads.
TEST(ClassDocOrder, SpecificProseFirst) {
  std::string cls = "`E`: \u201cA generic exception.\u201d (E.kt:3).";
  EXPECT_EQ(WithClassDoc("`f` documents (line 2) that it throws `E` \u201cif x is negative.\u201d "
                         "`E` is raised in `f`.",
                         cls, "Thrown when parsing failed."),
            "`f` documents (line 2) that it throws `E` \u201cif x is negative.\u201d " + cls +
                " `E` is raised in `f`.");
  EXPECT_EQ(WithClassDoc("The code's comment (lines 5\u20136): \u201cEncodes a value when no "
                         "encoder was given.\u201d `E` is raised in `f`.",
                         cls, "A generic exception."),
            "The code's comment (lines 5\u20136): \u201cEncodes a value when no encoder was "
            "given.\u201d " +
                cls + " `E` is raised in `f`.");
  EXPECT_EQ(WithClassDoc("The code's comment (line 5): \u201cx\u201d", cls, "Thrown when y."),
            cls + " The code's comment (line 5): \u201cx\u201d");
  // A one-line comment may be a label: the class doc still leads.
  EXPECT_EQ(WithClassDoc("The code's comment (line 5): \u201c---- API ----\u201d", cls,
                         "A generic exception."),
            cls + " The code's comment (line 5): \u201c---- API ----\u201d");
}

// A generic class doc follows the record's own sentence about this raise
// (kotlinx's SerializationException after the check that raises it); a
// specific one still leads.
TEST(ClassDocOrder, GenericClassDocGoesBeforeTheLocation) {
  std::string cls = "`E`: \u201cA generic exception.\u201d (E.kt:3).";
  EXPECT_EQ(WithClassDoc("`f` reports it when `x` is null (line 4). `E` is raised in `f` (a.kt) at "
                         "line 5.",
                         cls, "A generic exception."),
            "`f` reports it when `x` is null (line 4). " + cls +
                " `E` is raised in `f` (a.kt) at line 5.");
  EXPECT_EQ(WithClassDoc("`E` is raised in `f` (a.kt) at line 5.", cls, "A generic exception."),
            cls + " `E` is raised in `f` (a.kt) at line 5.");
  EXPECT_EQ(WithClassDoc("`f` reports it when `x` is null (line 4). `E` is raised in `f`.", cls,
                         "Thrown when the input is not valid JSON."),
            cls + " `f` reports it when `x` is null (line 4). `E` is raised in `f`.");
  // After a quoted comment too (PHPMailer's "Add a "To" address.").
  EXPECT_EQ(WithClassDoc("The code's comment (line 3): \u201cAdd a \"To\" address.\u201d `E` is "
                         "raised in `f`.",
                         cls, "A generic exception."),
            "The code's comment (line 3): \u201cAdd a \"To\" address.\u201d " + cls +
                " `E` is raised in `f`.");
  // A specific-sounding doc of a class raised everywhere (graphql-js's
  // GraphQLError "describes an Error found during the parse, validate, or
  // execute phases") is about all of its raises.
  EXPECT_EQ(WithClassDoc("The code's comment (lines 3\u20134): \u201cAny literal may be "
                         "invalid.\u201d `E` is raised in `f`.",
                         cls, "Describes an error found while parsing or validating.", true),
            "The code's comment (lines 3\u20134): \u201cAny literal may be invalid.\u201d " + cls +
                " `E` is raised in `f`.");
  // Before a restated check, it still leads: it says more than the check.
  EXPECT_EQ(WithClassDoc("`f` reports it when `x` is null (line 4). `E` is raised in `f`.", cls,
                         "Describes an error found while parsing or validating.", true),
            cls + " `f` reports it when `x` is null (line 4). `E` is raised in `f`.");
}

}  // namespace
}  // namespace errdex
