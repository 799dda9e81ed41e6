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

// A string literal with terminal escapes (ESC ] 0 ; title BEL: retitle the
// window) is printed with the escapes shown, not sent.
TEST(CliE2E, TerminalEscapesFromIndexedCodeAreShownNotSent) {
  testing::TempDir repo, db_dir;
  std::string db = db_dir.Join("errdex.db");
  testing::WriteFile(repo.path(), "app/core.py",
                     "def f(x):\n"
                     "    raise ValueError(\"bad \x1b]0;pwned\x07 value \x1b[2J\")\n");
  testing::GitCommitAll(repo.path(), "acme/app");
  std::string out;
  ASSERT_EQ(testing::Run(Errdex("index " + ShellQuote(repo.path()) + " --repo acme/app --db " +
                                ShellQuote(db) + " --no-progress"),
                         &out),
            0)
      << out;
  EXPECT_EQ(testing::Run(Errdex("list --db " + ShellQuote(db)), &out), 0);
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
  EXPECT_NE(out.find("bad \\x1b]0;pwned\\x07 value \\x1b[2J"), std::string::npos) << out;
  testing::Run(Errdex("explain --db " + ShellQuote(db) + " 'bad \x1b]0;pwned\x07 value'"), &out);
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_NE(out.find("app/core.py:2"), std::string::npos) << out;
}

}  // namespace
}  // namespace errdex
