// End-to-end: the command line's conventions, as ripgrep, git and gh users
// expect them: `help`, `-V`, unknown commands with a suggestion, the
// program's own name in usage, and stdin read when TEXT is left out.
#include <gtest/gtest.h>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

std::string Errdex(const std::string& args) {
  return ShellQuote(testing::ErrdexBinary()) + " " + args + " 2>&1";
}

TEST(CliE2E, HelpAndVersion) {
  std::string out;
  EXPECT_EQ(testing::Run(Errdex("help"), &out), 0);
  EXPECT_NE(out.find("Usage: errdex [OPTIONS] SUBCOMMAND"), std::string::npos) << out;
  EXPECT_NE(out.find("explain"), std::string::npos) << out;
  EXPECT_EQ(testing::Run(Errdex("help show"), &out), 0);
  EXPECT_NE(out.find("Usage: errdex show [OPTIONS] id"), std::string::npos) << out;
  EXPECT_EQ(testing::Run(Errdex("-V"), &out), 0);
  EXPECT_EQ(out, "errdex 0.1.0\n");
  EXPECT_EQ(testing::Run(Errdex("--version"), &out), 0);
  EXPECT_EQ(out, "errdex 0.1.0\n");
}

TEST(CliE2E, UnknownCommandsGetASuggestion) {
  std::string out;
  EXPECT_EQ(testing::Run(Errdex("explian 'x'"), &out), 2);
  EXPECT_EQ(out,
            "errdex: unknown command 'explian'. Did you mean 'explain'?\n"
            "See 'errdex --help'.\n");
  EXPECT_EQ(testing::Run(Errdex("frobnicate"), &out), 2);
  EXPECT_EQ(out, "errdex: unknown command 'frobnicate'.\nSee 'errdex --help'.\n");
  EXPECT_EQ(testing::Run(Errdex("help frobnicate"), &out), 2);
  EXPECT_EQ(out, "errdex: unknown command 'frobnicate'.\nSee 'errdex --help'.\n");
}

// `cmd 2>&1 | errdex explain`: no TEXT, stdin is a pipe.
TEST(CliE2E, ExplainReadsAPipeWhenTextIsLeftOut) {
  testing::TempDir db_dir;
  std::string db = db_dir.Join("errdex.db");
  std::string out;
  // An empty database: the paste is read (not rejected) and nothing matches.
  int rc = testing::Run(
      "printf 'ValueError: boom\\n' | " + Errdex("explain --db " + ShellQuote(db)), &out);
  EXPECT_EQ(rc, 1) << out;
  EXPECT_NE(out.find("boom"), std::string::npos) << out;
  // Nothing on stdin either: a usage error, not a silent wait.
  rc = testing::Run(Errdex("explain --db " + ShellQuote(db)) + " < /dev/null", &out);
  EXPECT_EQ(rc, 2) << out;
}

}  // namespace
}  // namespace errdex
