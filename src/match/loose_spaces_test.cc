// LooseSpaces: which runs of spaces become ` +`, and which stay.
#include "match/loose_spaces.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

namespace errdex::match {
namespace {

TEST(LooseSpacesTest, RunsOfTwoOrMoreMatchOneOrMore) {
  EXPECT_EQ(LooseSpaces("SMTP Error:  Could not   connect"), "SMTP Error: +Could not +connect");
  EXPECT_EQ(LooseSpaces("one space stays"), "one space stays");
}

TEST(LooseSpacesTest, ClassesEscapesAndQuantifiedRunsStay) {
  EXPECT_EQ(LooseSpaces(R"([  ]x\Q  \E)"), R"([  ]x\Q  \E)");
  EXPECT_EQ(LooseSpaces("a  ?([\\s\\S]*?)"), "a  ?([\\s\\S]*?)");
  EXPECT_EQ(LooseSpaces("a\\  b"), "a\\  b");  // an escaped space, then one
}

TEST(LooseSpacesTest, PasteWithCollapsedSpacesMatches) {
  RE2 re(LooseSpaces(R"(Invalid address:  \(to\): ([\s\S]*?))"));
  ASSERT_TRUE(re.ok());
  EXPECT_TRUE(RE2::FullMatch("Invalid address: (to): x@", re));
  EXPECT_TRUE(RE2::FullMatch("Invalid address:  (to): x@", re));
  EXPECT_FALSE(RE2::FullMatch("Invalid address:(to): x@", re));
}

}  // namespace
}  // namespace errdex::match
