// Cleared errors: a tolerated failure whose error text is cleared at once.
#include "analyze/cleared_error.h"

#include <gtest/gtest.h>

#include "util/text.h"

namespace errdex {
namespace {

ErrorSite CallSite(int line) {
  ErrorSite s;
  s.language = "c";
  s.line = line;
  s.message_origin_note = "passed to `get_string()` (src/config.c:9), which raises it";
  return s;
}

TEST(ClearedError, ToleratedNotFoundClearedOnTheNextStatement) {
  std::string src =
      "static int get_cmd(git_str *cmd, git_config *cfg)\n"  // 1
      "{\n"                                                  // 2
      "\tint error;\n"                                       // 3
      "\tif ((error = get_string(cmd, cfg, \"core.sshcommand\")) < 0 && error != "
      "GIT_ENOTFOUND)\n"  // 4
      "\t\tgoto done;\n"  // 5
      "\n"
      "\tgit_error_clear();\n"  // 7
      "done:\n"
      "\treturn error;\n"
      "}\n";
  std::vector<std::string_view> lines = SplitLines(src);
  EXPECT_TRUE(ErrorClearedAfterCall(CallSite(4), lines));
  // Not a call's message (a site of its own), or another language: kept.
  ErrorSite own = CallSite(4);
  own.message_origin_note.clear();
  EXPECT_FALSE(ErrorClearedAfterCall(own, lines));
}

TEST(ClearedError, EveryFailureKeptOrNoClearKeepsTheRecord) {
  std::string every =
      "int f(void)\n"
      "{\n"
      "\tif ((error = get_string(cmd, cfg, \"core.x\")) < 0)\n"  // 3: no failure tolerated
      "\t\tgoto done;\n"
      "\tgit_error_clear();\n"
      "}\n";
  EXPECT_FALSE(ErrorClearedAfterCall(CallSite(3), SplitLines(every)));
  std::string kept =
      "int f(void)\n"
      "{\n"
      "\tif ((error = get_string(cmd, cfg, \"core.x\")) < 0 && error != GIT_ENOTFOUND)\n"  // 3
      "\t\tgoto done;\n"
      "\tuse(cmd);\n"
      "\tgit_error_clear();\n"
      "}\n";
  EXPECT_FALSE(ErrorClearedAfterCall(CallSite(3), SplitLines(kept)));
}

}  // namespace
}  // namespace errdex
