// Function symbols in checks (function_symbol.h).
#include "analyze/function_symbol.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

// jq's `atexit(tsd_fini)`: a function passed by name is no state.
TEST(FunctionSymbol, CFunctionPassedByNameIsNotAVariable) {
  SourceFile f{"src/alloc.c",
               "static void tsd_fini(void) {\n"                                 // 1
               "}\n"                                                            // 2
               "static void tsd_init(void) {\n"                                 // 3
               "  if (atexit(tsd_fini) != 0) {\n"                               // 4
               "    fprintf(stderr, \"error: cannot set an exit handler\");\n"  // 5
               "    abort();\n"
               "  }\n"
               "}\n"};
  Record r = Build(f, "cannot set an exit handler");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `tsd_init` (src/alloc.c) when `atexit(tsd_fini)` is not `0` (line 4).");
  std::vector<std::string> reads = {"tsd_fini", "n"};
  DropFunctionSymbols(SplitLines(f.content), "c", &reads);
  EXPECT_EQ(reads, (std::vector<std::string>{"n"}));
}

}  // namespace
}  // namespace errdex
