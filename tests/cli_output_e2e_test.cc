// End-to-end: what the command line prints where. Colour follows
// --color=auto|always|never and NO_COLOR and is only automatic on a
// terminal; index warnings go to stderr grouped into counts (--verbose lists
// them); the progress line is drawn on a terminal only and the summary starts
// a line of its own; uncommitted changes get a note. Terminals are real
// pseudo-terminals, made by script(1).
#include <gtest/gtest.h>

#include <map>
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
                     "reads the commit HEAD; commit them, or pass --worktree to index the files "
                     "as they are on disk)\n"),
            std::string::npos)
      << out;
  // The records are the commit's.
  testing::Run(Cli("list"), &out);
  EXPECT_NE(out.find("bad count {n}"), std::string::npos) << out;
  EXPECT_EQ(out.find("edited"), std::string::npos) << out;
}

// On a terminal, lines fit its width (COLUMNS wins over the width it
// reports): `list` cuts the message at a word with "…", `explain` and `show`
// wrap prose at words under its indent. A pipe gets whole messages; text
// that is cut anyway (a long paste echoed back) ends at a word with "…".
TEST_F(CliOutputE2E, TextFitsTheTerminalAtWordsAndPipesGetItWhole) {
  const std::string message =
      "widget count {widgets}: the number of widgets in the configuration must be a "
      "non-negative integer";
  testing::WriteFile(repo_.path(), "app/long.py",
                     "def check(widgets):\n    raise ValueError(f'" + message + "')\n");
  testing::GitCommitAll(repo_.path(), "acme/app");
  std::string out;
  ASSERT_EQ(testing::Run(Cli(Index() + "--no-progress"), &out), 0) << out;
  std::string id;
  for (const auto& r : Json("list")) {
    if (r["filePath"] == "app/long.py") id = r["id"];
  }
  ASSERT_EQ(id.size(), 16u);
  auto lines = [](std::string text) {  // a terminal ends lines with CR LF
    std::erase(text, '\r');
    return text;
  };
  out = lines(OnTerminal("list --color=never", "COLUMNS=80"));
  EXPECT_NE(out.find(id + "  app/long.py:2  ValueError  widget count {widgets}: the number…\n"),
            std::string::npos)
      << out;
  testing::Run(Cli("list"), &out);
  EXPECT_NE(out.find(id + "  app/long.py:2  ValueError  " + message + "\n"), std::string::npos)
      << out;

  std::string paste =
      "'ValueError: widget count -1: the number of widgets in the configuration "
      "must be a non-negative integer'";
  out = lines(OnTerminal("explain --color=never " + paste, "COLUMNS=60"));
  EXPECT_NE(out.find("1. ValueError  [pattern, score 1.00]\n"
                     "   widget count {widgets}: the number of widgets in the\n"
                     "   configuration must be a non-negative integer\n"
                     "   at app/long.py:2 in acme/app\n"),
            std::string::npos)
      << out;
  testing::Run(Cli("explain " + paste), &out);
  EXPECT_NE(out.find("1. ValueError  [pattern, score 1.00]\n   " + message +
                     "\n   at app/long.py:2 in acme/app\n"),
            std::string::npos)
      << out;

  out = lines(OnTerminal("show --color=never " + id, "COLUMNS=60"));
  EXPECT_NE(out.find("Error message\n"
                     "  widget count {widgets}: the number of widgets in the\n"
                     "  configuration must be a non-negative integer\n"),
            std::string::npos)
      << out;

  // No match: the paste is echoed back cut to 200 characters, at a word.
  std::string words;
  for (int i = 0; i < 40; ++i) words += "zebra" + std::to_string(i) + " ";
  EXPECT_EQ(testing::Run(Cli("explain '" + words + "'"), &out), 1);
  EXPECT_NE(out.find("no confident match for: zebra0 zebra1 "), std::string::npos) << out;
  EXPECT_NE(out.find(" zebra24 zebra25…\n"), std::string::npos) << out;
}

// --worktree reads the files on disk (tracked and untracked, not ignored).
// Records of a work tree that differs from HEAD claim no commit: no
// analyzedSha, links at HEAD, and the summary says so; a clean work tree
// gives the commit's records, pinned.
TEST_F(CliOutputE2E, WorktreeIndexesTheFilesAsTheyAreOnDisk) {
  testing::WriteFile(repo_.path(), ".gitignore", "scratch.py\n");
  std::string head = testing::GitCommitAll(repo_.path(), "acme/app");
  testing::WriteFile(repo_.path(), "app/core.py", "def f(n):\n    raise ValueError('edited')\n");
  testing::WriteFile(repo_.path(), "app/new.py", "def n():\n    raise KeyError('brand new')\n");
  testing::WriteFile(repo_.path(), "scratch.py", "raise KeyError('ignored by git')\n");
  std::string out, err;
  ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + Index() +
                             "--worktree --no-progress --db " + ShellQuote(db_) + " 2>/dev/null",
                         &out),
            0);
  EXPECT_EQ(out.substr(0, out.find("records in")),
            "indexed acme/app @ work tree\n"
            "note: work tree read from disk (HEAD " +
                head.substr(0, 12) +
                " and 2 uncommitted changes): no commit pins these records (githubUrl points at "
                "HEAD)\n"
                "4 files, 4 error sites, 4 ");
  ASSERT_EQ(
      testing::Run(ShellQuote(testing::ErrdexBinary()) + Index() +
                       "--worktree --no-progress --db " + ShellQuote(db_) + " 2>&1 >/dev/null",
                   &err),
      0);
  EXPECT_EQ(err.find("uncommitted"), std::string::npos) << err;  // no "not indexed" note
  std::map<std::string, nlohmann::json> by_message;
  for (const auto& r : Json("list")) by_message[r["message"]] = r;
  EXPECT_TRUE(by_message.count("edited"));
  EXPECT_TRUE(by_message.count("brand new"));
  EXPECT_FALSE(by_message.count("bad count {n}"));
  EXPECT_FALSE(by_message.count("ignored by git"));
  nlohmann::json edited = Json("show " + by_message["edited"]["id"].get<std::string>());
  EXPECT_EQ(edited["analyzedSha"], "");
  EXPECT_EQ(edited["githubUrl"], "https://github.com/acme/app/blob/HEAD/app/core.py#L1-L2");
  // What HEAD lacks of the stored work tree's records.
  EXPECT_EQ(testing::Run(Cli("diff " + ShellQuote(repo_.path())), &out), 1);
  EXPECT_EQ(out.find("acme/app stored (no commit) -> HEAD (" + head.substr(0, 7) +
                     "): 0 added, 1 removed, 1 changed, 2 unchanged (0 moved)\n"),
            0u)
      << out;

  // Committed: the same files are HEAD's, and the records say which commit.
  head = testing::GitCommitAll(repo_.path(), "acme/app", "edits");
  ASSERT_EQ(testing::Run(Cli(Index() + "--worktree --no-progress"), &out), 0);
  EXPECT_EQ(out.rfind("indexed acme/app @ " + head + "\n4 files", 0), 0u) << out;
  EXPECT_EQ(out.find("note:"), std::string::npos) << out;

  EXPECT_EQ(testing::Run(Cli(Index() + "--worktree --rev HEAD~1"), &out), 2);
  EXPECT_EQ(out,
            "errdex: --worktree reads the files on disk; it cannot be combined with --rev "
            "HEAD~1\n");
}

// A tracked directory replaced on disk by a symlink to elsewhere: --worktree
// skips its files as symlinks and reads nothing outside the work tree.
TEST_F(CliOutputE2E, WorktreeNeverReadsThroughASymlinkedDirectory) {
  testing::WriteFile(repo_.path(), "lib/x.py", "raise KeyError('inside')\n");
  testing::GitCommitAll(repo_.path(), "acme/app");
  testing::TempDir outside;
  testing::WriteFile(outside.path(), "x.py", "raise KeyError('outside secret')\n");
  ASSERT_EQ(testing::Run("rm -r " + ShellQuote(repo_.Join("lib")) + " && ln -s " +
                         ShellQuote(outside.path()) + " " + ShellQuote(repo_.Join("lib"))),
            0);
  std::string out;
  ASSERT_EQ(testing::Run(Cli(Index() + "--worktree --no-progress --verbose"), &out), 0) << out;
  EXPECT_NE(out.find("skipped 2 files: symlink 2;"), std::string::npos) << out;
  testing::Run(Cli("list"), &out);
  EXPECT_EQ(out.find("secret"), std::string::npos) << out;
  EXPECT_EQ(out.find("inside"), std::string::npos) << out;
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
