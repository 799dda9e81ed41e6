// Assertion predicates: the predicate of `require(..)`/`assert!(..)` is the
// innermost condition, false when the raise happens.
#include "analyze/assertion_predicate.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

TEST(AssertionPredicate, FirstArgumentOverSeveralLines) {
  std::string src =
      "if arg.index.is_some() {\n"
      "    assert!(\n"
      "        arg.is_positional(),\n"
      "        \"Argument '{}' is positional, no short or long name\",\n"
      "        arg.get_id()\n"
      "    );\n"
      "}\n"
      "require(port != -1) { \"Invalid URL port: $port\" }\n"
      "checkArgument(count(a, b) > 0, \"bad, count\");\n"
      "let x = 1;\n";
  std::vector<std::string_view> lines = SplitLines(src);
  EXPECT_EQ(AssertionPredicate(lines, 2), "arg.is_positional()");
  EXPECT_EQ(AssertionPredicate(lines, 8), "port != -1");
  EXPECT_EQ(AssertionPredicate(lines, 9), "count(a, b) > 0");
  EXPECT_EQ(AssertionPredicate(lines, 1), "");
  EXPECT_EQ(AssertionPredicate(lines, 10), "");
}

// okhttp: `require(port != -1)` inside `if (portColonOffset + 1 < ..)`: the
// port is bad, not merely present.
TEST(AssertionPredicate, KotlinRequireInsideAnIfIsTheDecidingCheck) {
  SourceFile f{"okhttp/HttpUrl.kt",
               "class Builder {\n"
               "  fun parse(input: String, colon: Int, end: Int) {\n"
               "    if (colon + 1 < end) {\n"                                 // 3
               "      val port = parsePort(input, colon, end)\n"              // 4
               "      require(port != -1) { \"Invalid URL port: $port\" }\n"  // 5
               "    }\n"
               "  }\n"
               "}\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(f.path)->Extract(f, &sites, &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  std::vector<std::string_view> lines = SplitLines(f.content);
  AddAssertionPredicate(lines, &sites[0]);
  Record r = BuildRecord(sites[0], lines, {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Builder.parse` (okhttp/HttpUrl.kt) when `port` is `-1` (line 5), `port` "
            "being what `parsePort(input, colon, end)` returned (line 4). On the way: `colon + 1` "
            "is less than `end` (line 3).");
}

}  // namespace
}  // namespace errdex
