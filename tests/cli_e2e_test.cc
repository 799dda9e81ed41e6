// End-to-end: the command line's conventions, as ripgrep, git and gh users
// expect them: `help`, `-V`, unknown commands with a suggestion, the
// program's own name in usage, stdin read when TEXT is left out, exit codes
// (2 for a failed run, 1 for "nothing found"), no database created by a
// command that only reads, `show` by id prefix or slug, and repository
// names without case.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

std::string Errdex(const std::string& args) {
  return ShellQuote(testing::ErrdexBinary()) + " " + args + " 2>&1";
}

// Commits `content` as `path` in `repo` (as acme/app) and indexes it into
// `db`; the failure names errdex's output.
::testing::AssertionResult IndexOneFile(const testing::TempDir& repo, const std::string& db,
                                        const std::string& path, const std::string& content) {
  testing::WriteFile(repo.path(), path, content);
  testing::GitCommitAll(repo.path(), "acme/app");
  std::string out;
  int rc = testing::Run(Errdex("index " + ShellQuote(repo.path()) + " --repo acme/app --db " +
                               ShellQuote(db) + " --no-progress"),
                        &out);
  if (rc == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "errdex index exited " << rc << ": " << out;
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

// Every usage error names the command, says what is wrong, suggests the
// closest option for a mistyped one, and says where help is; exit 2.
TEST(CliE2E, UsageErrorsNameTheCommandAndSuggestAnOption) {
  struct Case {
    std::string args, says;
  };
  for (const Case& c : std::vector<Case>{
           {"list --jsn",
            "errdex list: unknown option '--jsn'. Did you mean '--json'?\n"
            "See 'errdex list --help'.\n"},
           {"index . --worktre",
            "errdex index: unknown option '--worktre'. Did you mean '--worktree'?\n"
            "See 'errdex index --help'.\n"},
           {"--colr=never list",
            "errdex: unknown option '--colr=never'. Did you mean '--color'?\n"
            "See 'errdex --help'.\n"},
           {"list --frobnicate",
            "errdex list: unknown option '--frobnicate'.\n"
            "See 'errdex list --help'.\n"},
           {"list extra", "errdex list: unexpected argument 'extra'.\nSee 'errdex list --help'.\n"},
           {"show", "errdex show: id is required.\nSee 'errdex show --help'.\n"},
           {"explain --limit x foo",
            "errdex explain: invalid value 'x' for --limit.\nSee 'errdex explain --help'.\n"},
           {"explain '  '", "errdex: nothing to explain: pass TEXT or - for stdin\n"},
           {"explain", "errdex: nothing to explain: standard input was empty\n"},
       }) {
    std::string out;
    EXPECT_EQ(testing::Run(Errdex(c.args) + " </dev/null", &out), 2) << c.args;
    EXPECT_EQ(out, c.says) << c.args;
  }
  // A revision that is not there: said once, without libgit2's repetition.
  testing::TempDir repo, db_dir;
  ASSERT_TRUE(IndexOneFile(repo, db_dir.Join("errdex.db"), "a.py", "raise KeyError('k')\n"));
  std::string out;
  EXPECT_EQ(testing::Run(Errdex("index " + ShellQuote(repo.path()) + " --rev no-such-rev --db " +
                                ShellQuote(db_dir.Join("errdex.db"))),
                         &out),
            2);
  EXPECT_EQ(out, "errdex: revision 'no-such-rev' not found in " + repo.path() + "\n");
  // No command: what errdex can do, on stderr.
  EXPECT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " 2>&1 >/dev/null", &out), 2);
  EXPECT_EQ(out.rfind("errdex: every user-facing error of a repository", 0), 0u) << out;
  EXPECT_NE(out.find("Usage: errdex [OPTIONS] SUBCOMMAND"), std::string::npos) << out;
}

// `cmd 2>&1 | errdex explain`: no TEXT, stdin is a pipe.
TEST(CliE2E, ExplainReadsAPipeWhenTextIsLeftOut) {
  testing::TempDir repo, db_dir;
  std::string db = db_dir.Join("errdex.db");
  std::string out;
  testing::WriteFile(repo.path(), "app/core.py", "def f():\n    raise KeyError('unrelated')\n");
  testing::GitCommitAll(repo.path(), "acme/app");
  ASSERT_EQ(
      testing::Run(Errdex("index " + ShellQuote(repo.path()) + " --db " + ShellQuote(db)), &out), 0)
      << out;
  // The paste is read (not rejected) and nothing matches.
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
  ASSERT_TRUE(IndexOneFile(repo, db, "app/core.py",
                           "def f(x):\n"
                           "    raise ValueError(\"bad \x1b]0;pwned\x07 value \x1b[2J\")\n"));
  std::string out;
  EXPECT_EQ(testing::Run(Errdex("list --db " + ShellQuote(db)), &out), 0);
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
  EXPECT_NE(out.find("bad \\x1b]0;pwned\\x07 value \\x1b[2J"), std::string::npos) << out;
  testing::Run(Errdex("explain --db " + ShellQuote(db) + " 'bad \x1b]0;pwned\x07 value'"), &out);
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_NE(out.find("app/core.py:2"), std::string::npos) << out;
}

// A NUL escape in a literal (`"\x00"`) is part of the message: it is shown
// as \x00 by list, show and explain, not cut there (printf would stop at it).
TEST(CliE2E, NulInAMessageIsShownNotTruncated) {
  testing::TempDir repo, db_dir;
  std::string db = db_dir.Join("errdex.db");
  ASSERT_TRUE(IndexOneFile(repo, db, "app/core.py",
                           "def f(x):\n"
                           "    raise ValueError(\"bad \\x00 byte %s\" % x)\n"));
  std::string out;
  EXPECT_EQ(testing::Run(Errdex("list --db " + ShellQuote(db)), &out), 0);
  EXPECT_NE(out.find("app/core.py:2  ValueError  bad \\x00 byte %s\n"), std::string::npos) << out;
  std::string id = out.substr(0, 16);
  EXPECT_EQ(testing::Run(Errdex("show " + id + " --db " + ShellQuote(db)), &out), 0);
  EXPECT_NE(out.find("Error message\n  bad \\x00 byte %s\n"), std::string::npos) << out;
  EXPECT_NE(out.find(">     2      raise ValueError(\"bad \\x00 byte %s\" % x)\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find('\0'), std::string::npos);
  testing::Run(Errdex("explain --db " + ShellQuote(db) + " 'ValueError: bad  byte 5'"), &out);
  EXPECT_NE(out.find("   bad \\x00 byte %s\n   at app/core.py:2"), std::string::npos) << out;
}

TEST(CliE2E, ReadOnlyCommandsNeverCreateADatabase) {
  testing::TempDir dir;
  std::string db = dir.Join("typo/errdex.db");
  for (const std::string& cmd :
       std::vector<std::string>{"list", "show abcd", "explain 'ValueError: x'",
                                "export " + ShellQuote(dir.Join("out")), "serve --port 0"}) {
    std::string out;
    EXPECT_EQ(testing::Run(Errdex(cmd + " --db " + ShellQuote(db)), &out), 2) << cmd;
    EXPECT_EQ(
        out, "errdex: no database at " + db + " (`errdex index PATH --db " + db + "` creates it)\n")
        << cmd;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.Join("typo")));
  std::string out;
  EXPECT_EQ(
      testing::Run(Errdex("index " + ShellQuote(dir.Join("nowhere")) + " --db " + ShellQuote(db)),
                   &out),
      2)
      << out;
  EXPECT_EQ(out, "errdex: " + dir.Join("nowhere") + " does not exist\n");
}

class CliLookupE2E : public testing::CliTest {
 protected:
  // A repository with enough records that some 4-digit id prefixes are
  // shared (ids are deterministic, so which ones is fixed).
  static constexpr int kRecords = 500;
  void SetUp() override {
    std::string code;
    for (int i = 0; i < kRecords; ++i) {
      code += "def check_" + std::to_string(i) + "():\n    raise ValueError('case " +
              std::to_string(i) + " failed')\n";
    }
    testing::WriteFile(repo_.path(), "app/cases.py", code);
    testing::GitCommitAll(repo_.path(), "Acme/Cases");
    std::string out;
    ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path())), &out), 0) << out;
    for (const auto& e : Json("list")) by_id_[e["id"]] = e;
  }
  std::map<std::string, nlohmann::json> by_id_;
};

TEST_F(CliLookupE2E, ShowTakesIdPrefixesAndSlugs) {
  ASSERT_EQ(by_id_.size(), static_cast<size_t>(kRecords));
  const auto& [id, rec] = *by_id_.begin();
  std::string slug = rec["slug"];
  for (const std::string& ref :
       {id, id.substr(0, 8), slug, "Acme/Cases/" + slug, "/acme/cases/" + slug + "/"}) {
    nlohmann::json shown = Json("show " + ShellQuote(ref));
    ASSERT_FALSE(shown.is_discarded()) << ref;
    EXPECT_EQ(shown["id"], id) << ref;
  }
  // A 4-digit prefix two records share is ambiguous: both are listed.
  std::string shared;
  for (auto it = by_id_.begin(); std::next(it) != by_id_.end() && shared.empty(); ++it) {
    if (it->first.substr(0, 4) == std::next(it)->first.substr(0, 4)) shared = it->first;
  }
  ASSERT_FALSE(shared.empty());
  std::string out;
  EXPECT_EQ(testing::Run(Cli("show " + shared.substr(0, 4)), &out), 2);
  EXPECT_EQ(out.rfind("errdex: '" + shared.substr(0, 4) + "' is ambiguous; it matches\n  " +
                          shared + "  Acme/Cases:app/cases.py:",
                      0),
            0u)
      << out;
  EXPECT_EQ(testing::Run(Cli("show 0000000000000000"), &out), 1);
  EXPECT_EQ(out,
            "errdex: no record matches '0000000000000000' (give an id, an id prefix of 4+ hex "
            "digits, or a slug)\n");
}

TEST_F(CliLookupE2E, RepositoryNamesIgnoreCase) {
  std::string out;
  EXPECT_EQ(testing::Run(Cli("list --repo acme/cases"), &out), 0);
  EXPECT_NE(out.find("app/cases.py:"), std::string::npos);
  EXPECT_EQ(testing::Run(Cli("list --repo acme/other"), &out), 1);
  EXPECT_EQ(out, "errdex: no records of acme/other (`errdex list` shows every repository's)\n");
}

}  // namespace
}  // namespace errdex
