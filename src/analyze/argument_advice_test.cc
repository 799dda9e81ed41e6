// Argument advice: the deciding check on an argument, said as what to pass.
#include "analyze/argument_advice.h"

#include <gtest/gtest.h>

#include "analyze/record_builder.h"
#include "errdex/extractor.h"
#include "util/text.h"

namespace errdex {
namespace {

const std::vector<std::string> kParams = {"step", "name", "data", "count"};

TEST(ArgumentAdvice, Shapes) {
  EXPECT_EQ(ArgumentToPass("step == 0", true, kParams, "python"), "a non-zero `step`");
  EXPECT_EQ(ArgumentToPass("step != 0", false, kParams, "go"), "a non-zero `step`");
  EXPECT_EQ(ArgumentToPass("name is None", true, kParams, "python"), "a `name` other than None");
  EXPECT_EQ(ArgumentToPass("name == null", true, kParams, "java"), "a non-null `name`");
  EXPECT_EQ(ArgumentToPass("len(name) == 0", true, kParams, "python"), "a non-empty `name`");
  EXPECT_EQ(ArgumentToPass("name.isEmpty()", true, kParams, "kotlin"), "a non-empty `name`");
  EXPECT_EQ(ArgumentToPass("empty($name)", true, kParams, "php"), "a non-empty `name`");
  EXPECT_EQ(ArgumentToPass("count < 0", true, kParams, "csharp"), "a non-negative `count`");
  EXPECT_EQ(ArgumentToPass("count > 0", false, kParams, "rust"), "a positive `count`");
  EXPECT_EQ(ArgumentToPass("not isinstance(data, (str, bytes))", true, kParams, "python"),
            "a `str` or `bytes` as `data`");
  EXPECT_EQ(ArgumentToPass("typeof data !== 'function'", true, kParams, "javascript"),
            "a `function` as `data`");
  // Each part of a conjunction names one type the raise does not take.
  EXPECT_EQ(ArgumentToPass("typeof data !== 'object' && typeof data !== 'string'", true, kParams,
                           "javascript"),
            "a `object` or `string` as `data`");
  EXPECT_EQ(
      ArgumentToPass("typeof data !== 'object' && data !== null", true, kParams, "javascript"), "");
  EXPECT_EQ(ArgumentToPass("data instanceof Buffer", false, kParams, "javascript"),
            "a `Buffer` as `data`");
  EXPECT_EQ(ArgumentToPass("!data.is_a?(String)", true, kParams, "ruby"), "a `String` as `data`");
}

// Exposed's SQLite `explain`: `if (analyze || options != null)` raises;
// each part of the `||` names an argument, so the call avoids all of them.
TEST(ArgumentAdvice, EveryPartOfADisjunction) {
  const std::vector<std::string> params = {"analyze", "options", "sql"};
  EXPECT_EQ(ArgumentToPass("analyze || options != null", true, params, "kotlin"),
            "`analyze` false and no `options` (leave it out)");
  EXPECT_EQ(ArgumentToPass("(analyze or options is not None)", true, params, "python"),
            "`analyze` False and no `options` (leave it out)");
  EXPECT_EQ(ArgumentToPass("sql == null || sql.isEmpty() || analyze", true, params, "java"),
            "a non-null `sql`, a non-empty `sql` and `analyze` false");
  // A part that reads anything but an argument says nothing.
  EXPECT_EQ(ArgumentToPass("analyze || this.closed", true, params, "java"), "");
  // Raised when the disjunction is false: not this shape.
  EXPECT_EQ(ArgumentToPass("analyze || options != null", false, params, "java"), "");
}

TEST(ArgumentAdvice, OnlyArgumentsAndKnownShapes) {
  EXPECT_EQ(ArgumentToPass("self.step == 0", true, kParams, "python"), "");
  EXPECT_EQ(ArgumentToPass("other == 0", true, kParams, "python"), "");
  EXPECT_EQ(ArgumentToPass("step == 0 && name", true, kParams, "c"), "");
  EXPECT_EQ(ArgumentToPass("step > limit", true, kParams, "c"), "");
}

TEST(ArgumentAdvice, RecordSaysWhatToPass) {
  SourceFile f{"pkg/ranges.py",
               "def arange(start, stop, step=1):\n"                   // 1
               "    if step == 0:\n"                                  // 2
               "        raise ValueError('step must not be zero')\n"  // 3
               "    return start\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(f.path)->Extract(f, &sites, &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  Record r = BuildRecord(sites[0], SplitLines(f.content), {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{"Make sure step is not zero (the message's rule)",
                                      "Call `arange` with a non-zero `step` (checked at line 2)"}));
}

// A method users do not call (a private helper, reached through a public
// one) that checks only its arguments: the fix is still what to pass.
TEST(ArgumentAdvice, FunctionUsersDoNotCallStillSaysWhatToPass) {
  SourceFile f{"src/main/kotlin/vendors/SQLiteDialect.kt",
               "internal object SQLiteFunctionProvider : FunctionProvider() {\n"  // 1
               "    override fun explain(analyze: Boolean, options: String?): String {\n"
               "        if (analyze || options != null) {\n"  // 3
               "            throw UnsupportedOperationException(\"SQLite does not support "
               "ANALYZE or other options in EXPLAIN queries.\")\n"
               "        }\n"
               "        return \"EXPLAIN QUERY PLAN \"\n"
               "    }\n"
               "}\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(f.path)->Extract(f, &sites, &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  Record r = BuildRecord(sites[0], SplitLines(f.content), {"acme/db", "abc", "t"});
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Make the call that leads to `SQLiteFunctionProvider.explain` pass `analyze` false "
            "and no `options` (leave it out): `SQLiteFunctionProvider.explain` reports this "
            "from its arguments alone (checked at line 3)");
}

}  // namespace
}  // namespace errdex
