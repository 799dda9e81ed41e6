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
  for (const char* p : {R"(bad file ([\s\S]*?))", R"(bad file: ([\s\S]*?)\.)", R"(bad file:)",
                        R"(: ([\s\S]*?))", R"(a\\: ([\s\S]*?))", R"(x (?:a|b)?)"}) {
    std::string out = OptionalColonTail(p);
    if (std::string_view(p) == R"(a\\: ([\s\S]*?))") {
      EXPECT_EQ(out, R"(a\\(?:: ([\s\S]*?))?)");  // the colon itself is not escaped
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

}  // namespace
}  // namespace errdex::match
