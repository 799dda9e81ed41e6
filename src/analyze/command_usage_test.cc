// Command usage: a command table entry's usage text as the solution for
// what its handler reports (tmux's cmd_entry idiom, own fixtures).
#include "analyze/command_usage.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/setter_index.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const SourceFile kUnbind{"cmd-forget-key.c",
                         "#include \"tool.h\"\n"                                        // 1
                         "\n"                                                           // 2
                         "static enum cmd_retval cmd_forget_key_exec(struct cmd *);\n"  // 3
                         "\n"                                                           // 4
                         "const struct cmd_entry cmd_forget_key_entry = {\n"            // 5
                         "\t.name = \"forget-key\",\n"                                  // 6
                         "\t.alias = \"forget\",\n"                                     // 7
                         "\n"                                                           // 8
                         "\t.args = { \"aqT:\", 0, 1, NULL },\n"                        // 9
                         "\t.usage = \"[-aq] [-T key-table] \"\n"                       // 10
                         "\t\t \"key\",\n"                                              // 11
                         "\n"                                                           // 12
                         "\t.exec = cmd_forget_key_exec\n"                              // 13
                         "};\n"                                                         // 14
                         "\n"                                                           // 15
                         "static enum cmd_retval\n"                                     // 16
                         "cmd_forget_key_exec(struct cmd *self)\n"                      // 17
                         "{\n"                                                          // 18
                         "\tconst char *keystr = args_string(self->args, 0);\n"         // 19
                         "\tif (keystr == NULL) {\n"                                    // 20
                         "\t\tcmdq_error(self->item, \"missing key\");\n"               // 21
                         "\t\treturn CMD_RETURN_ERROR;\n"                               // 22
                         "\t}\n"                                                        // 23
                         "\tif (tcgetattr(0, &self->tio) != 0) {\n"                     // 24
                         "\t\tcmdq_error(self->item, \"tcgetattr failed\");\n"          // 25
                         "\t\treturn CMD_RETURN_ERROR;\n"                               // 26
                         "\t}\n"                                                        // 27
                         "\treturn CMD_RETURN_NORMAL;\n"                                // 28
                         "}\n"};                                                        // 29

TEST(CommandUsage, HandlerErrorNamesTheCommandsUsage) {
  Record r = Build(kUnbind, "missing key");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Check the `forget-key` (alias `forget`) command as typed against its usage: "
            "`forget-key [-aq] [-T key-table] key` (line 10)");
}

TEST(CommandUsage, OnlyChecksOfWhatWasTyped) {
  std::vector<std::string_view> lines = SplitLines(
      "static int f(struct cmd *self)\n"                       // 1
      "{\n"                                                    // 2
      "\tstruct args *args = cmd_get_args(self);\n"            // 3
      "\tint quiet = args_has(args, 'q');\n"                   // 4
      "\tint y = args_percentage(args, 'y', 0, 9, &cause);\n"  // 5
      "\tint modal = self->pane->modal;\n");                   // 6
  EXPECT_TRUE(ReadsCommandArguments(lines, 1, 7, "!quiet"));
  EXPECT_TRUE(ReadsCommandArguments(lines, 1, 7, "cause != NULL"));
  EXPECT_TRUE(ReadsCommandArguments(lines, 1, 7, "args_has(args, 'k')"));
  EXPECT_FALSE(ReadsCommandArguments(lines, 1, 7, "modal"));
  EXPECT_FALSE(ReadsCommandArguments(lines, 1, 4, "y < 0"));  // set below the check
  EXPECT_TRUE(RangeOfCommandArguments(lines, 1, 7, "y < 0 || y > MAX_Y"));
  EXPECT_FALSE(RangeOfCommandArguments(lines, 1, 7, "!quiet"));        // a flag, not a range
  EXPECT_FALSE(RangeOfCommandArguments(lines, 1, 7, "y < limit(x)"));  // a call
  EXPECT_FALSE(RangeOfCommandArguments(lines, 1, 7, "modal > 1"));     // not from the arguments
  EXPECT_TRUE(NamesFlag("-f only valid with -a"));
  EXPECT_TRUE(NamesFlag("can't specify a value with --unset"));
  EXPECT_FALSE(NamesFlag("pane is not floating"));
  EXPECT_FALSE(NamesFlag("a well-known key"));
}

TEST(CommandUsage, SystemFailureIsNotAboutTheCommandLine) {
  Record r = Build(kUnbind, "tcgetattr failed");
  for (const std::string& s : r.solutions) EXPECT_EQ(s.find("usage"), std::string::npos) << s;
}

TEST(CommandUsage, MacrosInTheUsageAreReadFromTheirDefinitions) {
  std::string file =
      "const struct cmd_entry cmd_drop_window_entry = {\n"    // 1
      "\t.name = \"drop-window\",\n"                          // 2
      "\t.usage = \"[-a] \" CMD_TARGET_WINDOW_USAGE,\n"       // 3
      "\t.exec = cmd_drop_window_exec\n"                      // 4
      "};\n"                                                  // 5
      "const struct cmd_entry cmd_unlink_window_entry = {\n"  // 6
      "\t.name = \"unlink-window\",\n"                        // 7
      "\t.usage = \"[-k] \" CMD_TARGET_WINDOW_USAGE,\n"       // 8
      "\t.exec = cmd_drop_window_exec\n"                      // 9
      "};\n"                                                  // 10
      "const struct cmd_entry cmd_other_entry = {\n"          // 11
      "\t.name = \"other\",\n"                                // 12
      "\t.usage = UNKNOWN_USAGE,\n"                           // 13
      "\t.exec = cmd_other_exec\n"                            // 14
      "};\n";                                                 // 15
  SetterIndex index;
  index.Add("tool.h", "#define CMD_TARGET_WINDOW_USAGE \"[-t target-window]\"\n");
  std::vector<std::string_view> lines = SplitLines(file);
  std::vector<CommandUsage> drop =
      CommandUsagesOf(lines, "cmd-drop-window.c", "cmd_drop_window_exec", 20, &index);
  EXPECT_EQ(CommandUsageAdvice(drop, "window only linked to one session",
                               "!args_has(args, 'k') && !linked(s, w) || args_get(args, 't')", 30),
            "Check the command as typed against its usage: `drop-window [-a] [-t "
            "target-window]` (line 3) or `unlink-window [-k] [-t target-window]` (line 8); the "
            "check at line 30 reads its `-k`, `-t` flags");
  // A piece errdex cannot spell: the command and the line, not a guess.
  std::vector<CommandUsage> other =
      CommandUsagesOf(lines, "cmd-drop-window.c", "cmd_other_exec", 20, &index);
  EXPECT_EQ(CommandUsageAdvice(other, "bad target"),
            "Check the `other` command as typed against the usage text of `other` (line 13)");
  EXPECT_EQ(CommandUsageAdvice(other, "fork failed"), "");
  EXPECT_EQ(CommandUsageAdvice(other, "%s: %s"), "");
  // A function no entry names, not static: callers elsewhere may reach it.
  EXPECT_TRUE(CommandUsagesOf(lines, "cmd-drop-window.c", "helper", 20, &index).empty());
}

}  // namespace
}  // namespace errdex
