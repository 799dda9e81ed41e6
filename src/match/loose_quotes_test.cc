// LooseQuotes: which marks become the any-quote class, and which stay.
#include "match/loose_quotes.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

namespace errdex::match {
namespace {

constexpr char kAny[] = R"([\x22\x27\x60\x{2018}\x{2019}\x{201C}\x{201D}])";

TEST(LooseQuotesTest, LiteralAndEscapedMarksBecomeTheClass) {
  EXPECT_EQ(LooseQuotes(R"(unknown command '([\s\S]*?)')"),
            std::string("unknown command ") + kAny + R"(([\s\S]*?))" + kAny);
  EXPECT_EQ(LooseQuotes(R"(key \"a\" and \`b\`)"),
            std::string("key ") + kAny + "a" + kAny + " and " + kAny + "b" + kAny);
  EXPECT_EQ(LooseQuotes("it\xE2\x80\x99s"), std::string("it") + kAny + "s");
}

TEST(LooseQuotesTest, ClassesQuotedTextAndOtherEscapesStay) {
  EXPECT_EQ(LooseQuotes(R"(x['"]y)"), R"(x['"]y)");
  EXPECT_EQ(LooseQuotes(R"(a[]']b)"), R"(a[]']b)");
  EXPECT_EQ(LooseQuotes(R"(\Q'a'\E b)"), R"(\Q'a'\E b)");
  EXPECT_EQ(LooseQuotes(R"(1\.5 \(x\))"), R"(1\.5 \(x\))");
  EXPECT_EQ(LooseQuotes("\xE2\x80\x94 dash"), "\xE2\x80\x94 dash");  // not a quote
  EXPECT_EQ(LooseQuotes("trailing \\"), "trailing \\");
}

TEST(LooseQuotesTest, RewrittenPatternMatchesEveryMark) {
  RE2 re(LooseQuotes(R"(unknown command '([\s\S]*?)', with args)"));
  ASSERT_TRUE(re.ok()) << re.error();
  std::string name;
  for (const char* text :
       {"unknown command 'FT.CREATE', with args", "unknown command `FT.CREATE`, with args",
        "unknown command \xE2\x80\x98"
        "FT.CREATE\xE2\x80\x99, with args"}) {
    EXPECT_TRUE(RE2::FullMatch(text, re, &name)) << text;
    EXPECT_EQ(name, "FT.CREATE");
  }
}

}  // namespace
}  // namespace errdex::match
