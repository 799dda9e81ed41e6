// A deciding check that reads the environment itself
// (`os.environ.get("X")`, `process.env.X`, `System.getenv("X")`) names the
// variable in the trigger and the solution: the user sets it, whoever calls
// the function.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(EnvCheck, PythonCheckOnEnvironGetNamesTheVariable) {
  Record r = Build({"tool/cache.py",
                    "import os\n"                                               // 1
                    "def cache_dir():\n"                                        // 2
                    "    if not os.environ.get(\"TOOL_CACHE\"):\n"              // 3
                    "        raise RuntimeError(\"no cache directory set\")\n"  // 4
                    "    return os.environ[\"TOOL_CACHE\"]\n"},
                   "no cache directory");
  EXPECT_NE(r.trigger_scenarios.find(" The check reads the environment variable `TOOL_CACHE`."),
            std::string::npos)
      << r.trigger_scenarios;
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].rfind("Check the environment variable `TOOL_CACHE`: the check at line "
                                 "3 reads it and raises this when ",
                                 0),
            0u)
      << r.solutions[0];
}

TEST(EnvCheck, JavaScriptProcessEnvNamesTheVariable) {
  Record r = Build({"lib/mode.js",
                    "function mode() {\n"                                      // 1
                    "  if (process.env.NODE_ENV === 'test') {\n"               // 2
                    "    throw new Error('mode() cannot run under tests');\n"  // 3
                    "  }\n"                                                    // 4
                    "  return 1;\n"                                            // 5
                    "}\n"                                                      // 6
                    "module.exports = { mode };\n"},
                   "cannot run under tests");
  ASSERT_FALSE(r.solutions.empty());
  bool named = false;
  for (const std::string& s : r.solutions) {
    named |= s.starts_with(
        "Check the environment variable `NODE_ENV`: the check at line 2 "
        "reads it and raises this when ");
  }
  EXPECT_TRUE(named) << r.solutions[0];
}

}  // namespace
}  // namespace errdex
