// Exhaustiveness guards: a function whose argument is typed as the empty
// type (`NoReturn`, `Never`, `never`) or Python's `assert False` is an
// internal check, not "when `False` is not set" (pytest's `assert_never`,
// nineteenth grading dbbc7604e002e5b8).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/guard_text.h"
#include "analyze/record_builder.h"
#include "errdex/extractor.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(Exhaustiveness, PythonAssertNeverIsAnInternalCheck) {
  SourceFile f{
      "src/lib/compat.py",
      "from typing import NoReturn\n"                                               // 1
      "\n"                                                                          // 2
      "\n"                                                                          // 3
      "def assert_never(value: NoReturn) -> NoReturn:\n"                            // 4
      "    assert False, f\"Unhandled value: {value} ({type(value).__name__})\"\n"  // 5
  };
  Record r = Build(f, "Unhandled value");
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_EQ(
      r.solutions[0],
      "If you hit this internal check (an exhaustiveness check: the argument of "
      "`assert_never` is typed `NoReturn`, so type checkers prove no call reaches line 5): "
      "it guards the library's own state, not a condition its users are meant to meet, so hitting "
      "it likely means a bug in the library or a corrupted state. Report it upstream with the "
      "library's version and a minimal input that leads here; a newer version may have fixed it");
  EXPECT_EQ(r.documentation.find("`False` is not set"), std::string::npos) << r.documentation;
  EXPECT_EQ(r.trigger_scenarios.find("`False` is not set"), std::string::npos)
      << r.trigger_scenarios;
}

// Its callers are routes all the same: with the routes dropped for an
// internal check, "nothing in the repository calls it" would be false.
TEST(Exhaustiveness, CalledGuardSaysNothingAboutCallers) {
  SourceFile compat{
      "src/lib/compat.py",
      "from typing import NoReturn\n"                                               // 1
      "\n"                                                                          // 2
      "\n"                                                                          // 3
      "def assert_never(value: NoReturn) -> NoReturn:\n"                            // 4
      "    assert False, f\"Unhandled value: {value} ({type(value).__name__})\"\n"  // 5
  };
  SourceFile config{
      "src/lib/config.py",
      "from lib.compat import assert_never\n"  // 1
      "\n"                                     // 2
      "def getini(kind):\n"                    // 3
      "    if kind == 'bool':\n"               // 4
      "        return True\n"                  // 5
      "    assert_never(kind)\n"               // 6
  };
  Record r = analyze_testing::BuildInRepo({compat, config}, "Unhandled value");
  EXPECT_EQ(r.common_situations, "");
  EXPECT_EQ(r.documentation,
            "This looks like an internal consistency check of the code, not an error its users "
            "are meant to cause: an exhaustiveness check: the argument of `assert_never` is typed "
            "`NoReturn`, so type checkers prove no call reaches line 5. An assertion fails in "
            "`assert_never` (src/lib/compat.py) at line 5.");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `assert_never` (src/lib/compat.py) when it is reached (the condition is "
            "the constant `False`) (line 5).");
}

TEST(Exhaustiveness, TypeScriptNeverArgument) {
  SourceFile f{"src/util.ts",
               "export function assertNever(x: never): never {\n"  // 1
               "  throw new Error(`Unexpected object: ${x}`);\n"   // 2
               "}\n"};
  Record r = Build(f, "Unexpected object");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].rfind("If you hit this internal check (an exhaustiveness check: the "
                                 "argument of `assertNever` is typed `never`",
                                 0),
            0u)
      << r.solutions[0];
}

TEST(Exhaustiveness, PythonAssertFalseInABranch) {
  SourceFile f{
      "pkg/kinds.py",
      "def width(kind):\n"                  // 1
      "    if kind == 'a':\n"               // 2
      "        return 1\n"                  // 3
      "    assert False, 'unknown kind'\n"  // 4
  };
  Record r = Build(f, "unknown kind");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].rfind("If you hit this internal check (`assert False` at line 4, which "
                                 "marks a branch the code takes for unreachable)",
                                 0),
            0u)
      << r.solutions[0];
}

TEST(Exhaustiveness, ReturnTypeNeverAloneIsNoGuard) {
  SourceFile f{"src/fail.ts",
               "export function fail(msg: string): never {\n"  // 1
               "  throw new Error(`failed: ${msg}`);\n"        // 2
               "}\n"};
  Record r = Build(f, "failed: ");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("exhaustiveness"), std::string::npos) << s;
  }
}

TEST(Exhaustiveness, ConstantConditionReadsAsReached) {
  EXPECT_EQ(DescribeCondition("False", false),
            "it is reached (the condition is the constant `False`)");
  EXPECT_EQ(DescribeCondition("1", true), "it is reached (the condition is the constant `1`)");
  EXPECT_EQ(DescribeCondition("False", true), "");
}

}  // namespace
}  // namespace errdex
