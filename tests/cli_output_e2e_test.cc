// End-to-end: what the command line prints where. Colour follows
// --color=auto|always|never and NO_COLOR and is only automatic on a
// terminal; index warnings go to stderr grouped into counts (--verbose lists
// them); the progress line is drawn on a terminal only and the summary starts
// a line of its own; uncommitted changes get a note. Terminals are real
// pseudo-terminals, made by script(1).
#include <gtest/gtest.h>

#include <string>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class CliOutputE2E : public testing::CliTest {
 protected:
  void SetUp() override {
    testing::WriteFile(repo_.path(), "app/core.py",
                       "def f(n):\n    raise ValueError(f'bad count {n}')\n");
    testing::WriteFile(repo_.path(), "app/broken1.py",
                       "def g(:\n    raise KeyError('broken one')\n");
    testing::WriteFile(repo_.path(), "app/broken2.py",
                       "def h(:\n    raise KeyError('broken two')\n");
    testing::GitCommitAll(repo_.path(), "acme/app");
  }
  // `args` run on a pseudo-terminal: stdout and stderr are both the terminal.
  std::string OnTerminal(const std::string& args, const std::string& env = "") {
    std::string out;
    testing::Run(env + " script -qec " +
                     ShellQuote(ShellQuote(testing::ErrdexBinary()) + " " + args + " --db " +
                                ShellQuote(db_)) +
                     " /dev/null < /dev/null",
                 &out);
    return out;
  }
  std::string Index() { return " index " + ShellQuote(repo_.path()) + " "; }
};

constexpr const char* kCyanLocation = "\x1b[36mapp/core.py:2\x1b[0m";

TEST_F(CliOutputE2E, ColorIsAutomaticOnATerminalOnlyAndFollowsTheSwitches) {
  std::string out;
  ASSERT_EQ(testing::Run(Cli(Index() + "--no-progress"), &out), 0) << out;
  // A pipe: no colour unless asked for.
  testing::Run(Cli("list"), &out);
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  testing::Run(Cli("list --color=always"), &out);
  EXPECT_NE(out.find(kCyanLocation), std::string::npos) << out;
  testing::Run(Cli("--color always list"), &out);
  EXPECT_NE(out.find(kCyanLocation), std::string::npos) << out;
  // A terminal: colour unless NO_COLOR or --color=never.
  EXPECT_NE(OnTerminal("list").find(kCyanLocation), std::string::npos);
  EXPECT_NE(OnTerminal("explain 'ValueError: bad count 3'").find("\x1b[1m1. ValueError\x1b[0m"),
            std::string::npos);
  out = OnTerminal("list --color=never");
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  out = OnTerminal("list", "NO_COLOR=1");
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  out = OnTerminal("list", "TERM=dumb");
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  // An empty NO_COLOR does not count; --color=always wins over NO_COLOR.
  EXPECT_NE(OnTerminal("list", "NO_COLOR=").find(kCyanLocation), std::string::npos);
  EXPECT_NE(OnTerminal("list --color=always", "NO_COLOR=1").find(kCyanLocation), std::string::npos);
  // Errors: the prefix is red on a terminal.
  EXPECT_NE(OnTerminal("show ffffffff").find("\x1b[1;31merrdex:\x1b[0m"), std::string::npos);
  EXPECT_EQ(testing::Run(Cli("list --color=sometimes"), &out), 2);
  EXPECT_NE(out.find("--color: sometimes not in {auto,always,never}"), std::string::npos) << out;
}

TEST_F(CliOutputE2E, WarningsAreCountedOnStderrAndListedWithVerbose) {
  std::string out;
  ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + Index() + "--db " + ShellQuote(db_) +
                             " 2>/dev/null",
                         &out),
            0);
  EXPECT_EQ(out.find("warning"), std::string::npos) << out;  // stdout: the summary only
  ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + Index() + "--db " + ShellQuote(db_) +
                             " 2>&1 >/dev/null",
                         &out),
            0);
  EXPECT_EQ(out,
            "warning: 2 files had syntax errors (the sites in their well-formed parts were "
            "kept); --verbose lists them\n");
  ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + Index() + "--verbose --db " +
                             ShellQuote(db_) + " 2>&1 >/dev/null",
                         &out),
            0);
  EXPECT_EQ(out,
            "warning: app/broken1.py: syntax errors; sites in the well-formed parts were kept\n"
            "warning: app/broken2.py: syntax errors; sites in the well-formed parts were kept\n");
}

TEST_F(CliOutputE2E, ProgressOnATerminalOnlyAndTheSummaryOnItsOwnLine) {
  std::string out = OnTerminal(Index());
  EXPECT_NE(out.find("3/3 files"), std::string::npos) << out;
  EXPECT_NE(out.find(" files/s"), std::string::npos) << out;
  // The progress line is erased before the summary is printed.
  EXPECT_NE(out.find("\r\x1b[Kindexed acme/app @ "), std::string::npos) << out;
  ASSERT_EQ(testing::Run(Cli(Index()), &out), 0);
  EXPECT_EQ(out.find("files/s"), std::string::npos) << out;
  EXPECT_EQ(out.rfind("indexed acme/app @ ", 0), 0u) << out;
}

TEST_F(CliOutputE2E, UncommittedChangesGetANote) {
  std::string out;
  ASSERT_EQ(testing::Run(Cli(Index()), &out), 0);
  EXPECT_EQ(out.find("uncommitted"), std::string::npos) << out;
  testing::WriteFile(repo_.path(), "app/core.py", "def f(n):\n    raise ValueError('edited')\n");
  testing::WriteFile(repo_.path(), "app/new.py", "def n():\n    raise KeyError('new')\n");
  ASSERT_EQ(testing::Run(Cli(Index()), &out), 0);
  EXPECT_NE(out.find("note: 2 uncommitted changes in the work tree are not indexed (errdex "
                     "reads the commit HEAD; commit them to index them)\n"),
            std::string::npos)
      << out;
  // The records are the commit's.
  testing::Run(Cli("list"), &out);
  EXPECT_NE(out.find("bad count {n}"), std::string::npos) << out;
  EXPECT_EQ(out.find("edited"), std::string::npos) << out;
}

// A bare mirror without a config file (as /work/.mirror's are) opens in
// libgit2 as non-bare with its parent as work tree: no note about it.
TEST_F(CliOutputE2E, ABareMirrorHasNoWorkTreeToMention) {
  testing::TempDir mirrors;
  std::string bare = mirrors.Join("repo");
  std::string out;
  ASSERT_EQ(testing::Run("git clone -q --bare " + ShellQuote(repo_.path()) + " " +
                             ShellQuote(bare) + " && rm " + ShellQuote(bare + "/config") + " 2>&1",
                         &out),
            0)
      << out;
  ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(bare) + " --repo acme/app"), &out), 0) << out;
  EXPECT_NE(out.find("indexed acme/app @ "), std::string::npos) << out;
  EXPECT_EQ(out.find("uncommitted"), std::string::npos) << out;
}

}  // namespace
}  // namespace errdex
