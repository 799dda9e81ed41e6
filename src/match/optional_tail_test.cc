// OptionalColonTail and OptionalTailLiteral: which patterns get an optional
// tail, and what it counts.
#include "match/optional_tail.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

namespace errdex::match {
namespace {

TEST(OptionalTailTest, ColonAndValueAtTheEndBecomeOptional) {
  EXPECT_EQ(OptionalColonTail(R"(bad file: ([\s\S]*?))"), R"(bad file(?:: ([\s\S]*?))?)");
  EXPECT_EQ(OptionalColonTail(R"(bad file\:([\s\S]*?)([\s\S]*?) )"),
            R"(bad file(?:\:([\s\S]*?)([\s\S]*?))?)");
  EXPECT_EQ(OptionalTailLiteral(R"(bad file(?:: ([\s\S]*?))?)"), 2u);
  EXPECT_EQ(OptionalTailLiteral(R"(bad file(?:\:([\s\S]*?)([\s\S]*?))?)"), 1u);
}

TEST(OptionalTailTest, OtherEndingsStay) {
  for (const char* p :
       {R"(Dapper: ([\s\S]*?))", R"(bad file ([\s\S]*?))", R"(bad file: ([\s\S]*?)\.)",
        R"(bad file:)", R"(: ([\s\S]*?))", R"(ab cd\\: ([\s\S]*?))", R"(x (?:a|b)?)"}) {
    std::string out = OptionalColonTail(p);
    if (std::string_view(p) == R"(ab cd\\: ([\s\S]*?))") {
      EXPECT_EQ(out, R"(ab cd\\(?:: ([\s\S]*?))?)");  // the colon itself is not escaped
      continue;
    }
    EXPECT_EQ(out, p);
    EXPECT_EQ(OptionalTailLiteral(out), 0u) << p;
  }
}

TEST(OptionalTailTest, MatchesWithAndWithoutTheValue) {
  RE2 re(OptionalColonTail(R"(error at line ([\s\S]*?): bad file: ([\s\S]*?))"));
  ASSERT_TRUE(re.ok()) << re.error();
  std::string line, file;
  EXPECT_TRUE(RE2::FullMatch("error at line 0: bad file: a.yaml", re, &line, &file));
  EXPECT_EQ(file, "a.yaml");
  EXPECT_TRUE(RE2::FullMatch("error at line 0: bad file", re, &line, &file));
  EXPECT_EQ(line, "0");
  EXPECT_EQ(file, "");
}

TEST(OptionalTailTest, ClauseHeadDropsTheLastShortClause) {
  EXPECT_EQ(
      ClauseHead(
          R"(manifest '([\s\S]*?)' still dirty after ([\s\S]*?) tries, perhaps system time is not set)"),
      R"(manifest '([\s\S]*?)' still dirty after ([\s\S]*?) tries)");
  EXPECT_EQ(
      ClauseHead(
          R"(Timeout of ([\s\S]*?)ms exceeded\. For async tests, ensure done\(\) is called \(([\s\S]*?)\))"),
      R"(Timeout of ([\s\S]*?)ms exceeded\. For async tests, ensure done\(\) is called)");
  EXPECT_EQ(ClauseHead(R"(Job 'at' must be a Numeric timestamp: `([\s\S]*?)`)"),
            R"(Job 'at' must be a Numeric timestamp)");
  EXPECT_EQ(ClauseHead(R"(a; b)"), "a");
}

TEST(OptionalTailTest, ClauseHeadLeavesOtherShapes) {
  // A bare value after a colon is OptionalColonTail's; several lines are
  // HeadPattern's; a long clause is not a later addition; separators inside
  // groups and character classes do not count; a head ending in a value
  // would swallow any text.
  const char* kLong =
      "head, a clause much longer than anything a later version of the library would add at "
      "the end of its message";
  for (const char* p : {R"(bad file: ([\s\S]*?))", R"(first line, really\nsecond)",
                        R"(no separator here)", R"(x(?:a, b))", R"(x[,; ]y)", kLong,
                        R"(unknown key '([\s\S]*?)' at path ([\s\S]*?): use ignoreUnknownKeys)"}) {
    EXPECT_EQ(ClauseHead(p), "") << p;
  }
}

TEST(OptionalTailTest, FirstSentenceIsTheTextBeforeANewSentence) {
  EXPECT_EQ(
      FirstSentence(
          R"(Unexpected end group\. Reader position: ([\s\S]*?)\. Last read tag: ([\s\S]*?)\.)"),
      "Unexpected end group");
  EXPECT_EQ(FirstSentence(R"(Timeout of ([\s\S]*?)ms exceeded\. For async tests, ensure done)"),
            R"(Timeout of ([\s\S]*?)ms exceeded)");
  // A first sentence ending in a value takes the next sentence along.
  EXPECT_EQ(FirstSentence(R"(Could not infer name for: ([\s\S]*?)\. Please specify a name by )"
                          R"(calling Override\. Eg: RuleForEach\(x => x\))"),
            R"(Could not infer name for: ([\s\S]*?)\. Please specify a name by calling Override)");
}

TEST(OptionalTailTest, AnOptionalAdditionAfterThePeriodStillEndsTheSentence) {
  // detekt's "Property '$prop' is misspelled or does not exist." with a
  // conditional " Did you mean ..?" (a hole) before " Allowed properties".
  const char* p = R"(Property '([\s\S]*?)' is misspelled or does not exist\.([\s\S]*?) )"
                  R"(Allowed properties: ([\s\S]*?)\.)";
  EXPECT_EQ(FirstSentence(p), R"(Property '([\s\S]*?)' is misspelled or does not exist)");
  EXPECT_EQ(
      SentenceHeads(p),
      (std::vector<std::string>{R"(Property '([\s\S]*?)' is misspelled or does not exist\.)"}));
  // A hole before a lower-case word is a value inside the sentence.
  EXPECT_EQ(FirstSentence(R"(version 1\.([\s\S]*?) is old)"), "");
}

TEST(OptionalTailTest, SentenceHeadsEndEachSentenceWithItsPeriod) {
  EXPECT_EQ(
      SentenceHeads(R"(Attempts failed\. Will not retry\. Please see logs)"),
      (std::vector<std::string>{R"(Attempts failed\.)", R"(Attempts failed\. Will not retry\.)"}));
  EXPECT_TRUE(SentenceHeads(R"(one sentence\.)").empty());
  EXPECT_TRUE(SentenceHeads(R"(first\. Line\nSecond\. Third)").empty());
}

TEST(OptionalTailTest, FirstSentenceLeavesOtherShapes) {
  // One sentence; a period inside a value's group or before a lower-case
  // word (a version, "e.g. x"); several lines.
  for (const char* p : {R"(no second sentence\.)", R"(x(?:a\. B))", R"(use e\.g\. this)",
                        R"(first\. Line\nsecond)"}) {
    EXPECT_EQ(FirstSentence(p), "") << p;
  }
}

// A first sentence ending in a value with no later sentence ending in text
// (ktlint's "... at position '{line}:{col}. Please create a ticket ...
// triggered an error."): the first sentence with its period, which the
// matcher lets the end of a cut paste stand for.
TEST(OptionalTailTest, FirstSentenceEndingInAValueKeepsItsPeriod) {
  EXPECT_EQ(FirstSentence(R"(bad value ([\s\S]*?)\. Expected a number)"),
            R"(bad value ([\s\S]*?)\.)");
}

}  // namespace
}  // namespace errdex::match
