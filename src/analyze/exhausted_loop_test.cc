// A raise after a loop that returns on a match: the trigger names what the
// loop looked for, and the solution the value to pass (the enum's
// constants when they are declared in the file). Before, such records said
// "errdex found no `if`, `match` or early return ..." and generic advice.
#include "analyze/exhausted_loop.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(LoopSearch, JavaEnumLookupNamesTheConstants) {
  SourceFile f{"java/src/main/java/org/rocksdb/LoggerType.java",
               "package org.rocksdb;\n"                                                        // 1
               "public enum LoggerType {\n"                                                    // 2
               "  DEBUG_LEVEL((byte) 0),\n"                                                    // 3
               "  INFO_LEVEL((byte) 1);\n"                                                     // 4
               "  private final byte value;\n"                                                 // 5
               "  LoggerType(final byte value) { this.value = value; }\n"                      // 6
               "  public byte getValue() { return value; }\n"                                  // 7
               "  public static LoggerType getLoggerType(final byte value) {\n"                // 8
               "    for (final LoggerType loggerType : LoggerType.values()) {\n"               // 9
               "      if (loggerType.getValue() == value) {\n"                                 // 10
               "        return loggerType;\n"                                                  // 11
               "      }\n"                                                                     // 12
               "    }\n"                                                                       // 13
               "    throw new IllegalArgumentException(\"Illegal value for LoggerType.\");\n"  // 14
               "  }\n"                                                                         // 15
               "}\n"};
  Record r = Build(f, "Illegal value for LoggerType");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `LoggerType.getLoggerType` "
            "(java/src/main/java/org/rocksdb/LoggerType.java) when no element of "
            "`LoggerType.values()` passes `loggerType.getValue() == value`, on which the loop at "
            "line 9 returns (line 10).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Call `LoggerType.getLoggerType` with a `value` that matches one of the `LoggerType` "
            "constants: `DEBUG_LEVEL`, `INFO_LEVEL` (the loop at line 9 returns the first for "
            "which `loggerType.getValue() == value`, line 10; any other value reaches line 14)");
}

TEST(LoopSearch, PythonLoopOverAListNamesTheCheck) {
  SourceFile f{"acme/codecs.py",
               "def find_codec(name):\n"                       // 1
               "    for codec in CODECS:\n"                    // 2
               "        if codec.name == name:\n"              // 3
               "            return codec\n"                    // 4
               "    raise LookupError(\"unknown codec\")\n"};  // 5
  Record r = Build(f, "unknown codec");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `find_codec` (acme/codecs.py) when no element of `CODECS` passes "
            "`codec.name == name`, on which the loop at line 2 returns (line 3).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Call `find_codec` with a `name` for which an element of `CODECS` passes "
            "`codec.name == name` (line 3): the loop at line 2 then returns; any other value "
            "reaches line 5");
}

TEST(LoopSearch, ABreakReachesTheRaiseToo) {
  SourceFile f{"src/pick.c",
               "int pick(int *v, int n, int want) {\n"  // 1
               "  for (int i = 0; i < n; i++) {\n"      // 2
               "    if (v[i] < 0) break;\n"             // 3
               "    if (v[i] == want) return i;\n"      // 4
               "  }\n"                                  // 5
               "  abort_with(\"not found\");\n"         // 6
               "}\n"};
  EXPECT_FALSE(ExhaustedLoop(SplitLines(f.content), 6, "c").has_value());
}

TEST(LoopSearch, CountedLoopSaysNoPassMeetsTheCheck) {
  std::string text =
      "const char *name_of(int policy) {\n"                      // 1
      "    for (configEnum *ce = policies; ce->name; ce++) {\n"  // 2
      "        if (policy == ce->val)\n"                         // 3
      "            return ce->name;\n"                           // 4
      "    }\n"                                                  // 5
      "    panic(\"unknown policy\");\n"                         // 6
      "}\n";
  std::optional<LoopSearch> l = ExhaustedLoop(SplitLines(text), 6, "c");
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(LoopSearchText(*l),
            "no pass of the loop meets `policy == ce->val`, on which the loop at line 2 returns");
}

}  // namespace
}  // namespace errdex
