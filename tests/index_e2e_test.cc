// End-to-end: `errdex index` on fixture repositories built with git in a
// temp dir, as a user runs it: hostile files, skip rules, re-indexing,
// interrupted runs and plain directories.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class IndexE2E : public ::testing::Test {
 protected:
  std::string Cli(const std::string& args) {
    return ShellQuote(testing::ErrdexBinary()) + " " + args + " --db " + ShellQuote(db_) + " 2>&1";
  }
  nlohmann::json IndexJson(const std::string& path, const std::string& extra = "") {
    std::string out;
    int rc = testing::Run(Cli("index " + ShellQuote(path) + " --json " + extra), &out);
    EXPECT_EQ(rc, 0) << out;
    return rc == 0 ? nlohmann::json::parse(out) : nlohmann::json();
  }
  nlohmann::json List() {
    std::string out;
    testing::Run(Cli("list --json"), &out);
    return nlohmann::json::parse(out);
  }

  testing::TempDir repo_, db_dir_;
  std::string db_ = db_dir_.Join("errdex.db");
};

TEST_F(IndexE2E, HostileFilesAreSkippedOrRepairedWithClearLines) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "pkg/good.py", "def f():\n    raise ValueError('good one')\n");
  testing::WriteFile(r, "pkg/binary.py", std::string("raise ValueError('x')\0\0\x01\x02", 25));
  testing::WriteFile(r, "pkg/latin1.py",
                     "# caf\xE9\ndef g():\n    raise ValueError('caf\xE9 is closed')\n");
  testing::WriteFile(r, "pkg/broken.py",
                     "def ok():\n    raise KeyError('still found')\ndef bad(:\n    x = (\n");
  {
    std::ofstream big(repo_.Join("pkg/huge_table.py"));
    std::string line = "VALUES = [" + std::string(1000, '1') + "]\n";
    for (int i = 0; i < 50 * 1024; ++i) big << line;  // ~50 MB
  }
  ASSERT_EQ(symlink("/etc/passwd", repo_.Join("pkg/evil.py").c_str()), 0);
  testing::WriteFile(r, "tests/test_good.py", "raise ValueError('test only')\n");
  testing::GitCommitAll(r, "acme/hostile");

  nlohmann::json s = IndexJson(r);
  EXPECT_EQ(s["repo"], "acme/hostile");
  EXPECT_EQ(s["skipped"]["binary"], 1);
  EXPECT_EQ(s["skipped"]["too-large"], 1);
  EXPECT_EQ(s["skipped"]["symlink"], 1);
  EXPECT_EQ(s["skipped"]["test"], 1);
  EXPECT_EQ(s["filesRepairedUtf8"], 1);
  EXPECT_EQ(s["filesWithSyntaxErrors"], 1);
  EXPECT_EQ(s["filesIndexed"], 3);
  std::string warnings = s["warnings"].dump();
  EXPECT_NE(warnings.find("pkg/latin1.py: invalid UTF-8 replaced"), std::string::npos) << warnings;
  EXPECT_NE(warnings.find("pkg/broken.py: syntax errors"), std::string::npos) << warnings;

  std::vector<std::string> messages;
  for (const auto& e : List()) messages.push_back(e["message"]);
  EXPECT_EQ(messages,
            (std::vector<std::string>{"still found", "good one", "caf\xEF\xBF\xBD is closed"}));

  std::string out;
  EXPECT_EQ(testing::Run(Cli("index " + ShellQuote(r)), &out), 0);
  EXPECT_NE(out.find("skipped 4 files: binary 1; symlink 1; test 1; too-large 1;"),
            std::string::npos)
      << out;
}

// Old Mac (CR-only) and mixed line ends count as the languages count them:
// each of CRLF, LF and a lone CR ends one line.
TEST_F(IndexE2E, LoneCarriageReturnsEndLines) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "pkg/mac.py", "import os\r\rdef f():\r    raise ValueError('mac ends')\r");
  testing::WriteFile(
      r, "pkg/mixed.js",
      "'use strict';\r\n// two\rfunction g() {\n  throw new Error('mixed ends');\r}\r");
  testing::WriteFile(
      r, "src/cr.c",
      "#include <stdio.h>\r\rint h(void) {\r  fprintf(stderr, \"error: cr ends\\n\");"
      "\r  return 1;\r}\r");
  testing::GitCommitAll(r, "acme/lineends");
  IndexJson(r);
  std::map<std::string, std::pair<std::string, int>> where;
  for (const auto& e : List()) {
    where[e["message"]] = {e["filePath"], e["lineNumber"]};
  }
  EXPECT_EQ(where["mac ends"], std::make_pair(std::string("pkg/mac.py"), 4));
  EXPECT_EQ(where["mixed ends"], std::make_pair(std::string("pkg/mixed.js"), 4));
  EXPECT_EQ(where["error: cr ends"], std::make_pair(std::string("src/cr.c"), 4));
}

// Go, Rust and Ruby read a lone CR as white space, not a line end: their
// compilers and backtraces count LF only, and so must the records.
TEST_F(IndexE2E, LoneCarriageReturnsAreSpaceWhereTheLanguageSaysSo) {
  const std::string& r = repo_.path();
  // A lone CR inside a line comment: the comment goes on to the LF.
  testing::WriteFile(r, "cr.go",
                     "// a\r\rb\npackage p\n\nimport \"errors\"\n\nfunc F() error {\n"
                     "\treturn errors.New(\"go cr\")\n}\n");
  testing::WriteFile(r, "src/cr.rs", "// a\r\rb\nfn f() {\n    panic!(\"rust cr\");\n}\n");
  testing::WriteFile(r, "lib/cr.rb", "# a\r\rb\ndef f\n  raise ArgumentError, 'ruby cr'\nend\n");
  testing::GitCommitAll(r, "acme/crspace");
  IndexJson(r);
  std::map<std::string, std::pair<std::string, int>> where;
  for (const auto& e : List()) {
    where[e["message"]] = {e["filePath"], e["lineNumber"]};
  }
  EXPECT_EQ(where["go cr"], std::make_pair(std::string("cr.go"), 7));
  EXPECT_EQ(where["rust cr"], std::make_pair(std::string("src/cr.rs"), 3));
  EXPECT_EQ(where["ruby cr"], std::make_pair(std::string("lib/cr.rb"), 3));
}

// One pathological literal must not reach the matcher: sites past the
// per-record limits are skipped, named and counted; the flags raise them.
TEST_F(IndexE2E, SitesPastRecordLimitsAreSkippedAndNamed) {
  const std::string& r = repo_.path();
  std::string lines;
  for (int i = 0; i < 3000; ++i) lines += "l" + std::to_string(i) + " {x}\n";
  testing::WriteFile(r, "pkg/long.py",
                     "def f(x):\n    raise ValueError(f\"\"\"" + lines + "\"\"\")\n");
  std::string holes;
  for (int i = 0; i < 200; ++i) holes += "{x} ";
  testing::WriteFile(r, "pkg/holes.py",
                     "def g(x):\n    raise ValueError(f\"holes: " + holes + "\")\n");
  testing::WriteFile(r, "pkg/ok.py", "def h(n):\n    raise ValueError(f\"bad count {n}\")\n");
  testing::GitCommitAll(r, "acme/limits");

  nlohmann::json s = IndexJson(r);
  EXPECT_EQ(s["records"], 1);
  EXPECT_EQ(s["skippedRecords"]["template-too-long"], 1);
  EXPECT_EQ(s["skippedRecords"]["too-many-holes"], 1);
  std::string warnings = s["warnings"].dump();
  EXPECT_NE(warnings.find("pkg/long.py:2: skipped a message of 28890 bytes "
                          "(--max-template-bytes 16384)"),
            std::string::npos)
      << warnings;
  EXPECT_NE(warnings.find("pkg/holes.py:2: skipped a message with 200 holes "
                          "(--max-template-holes 128)"),
            std::string::npos)
      << warnings;
  std::string out;
  ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(r)), &out), 0) << out;
  EXPECT_NE(out.find("skipped 2 error sites: template-too-long 1; too-many-holes 1; (limits: "
                     "--max-template-bytes, --max-template-holes, --max-record-bytes)"),
            std::string::npos)
      << out;

  s = IndexJson(r, "--max-template-bytes 30000 --max-template-holes 4000");
  EXPECT_EQ(s["records"], 3);
  EXPECT_TRUE(s["skippedRecords"].empty());
}

// Issue 17 item 6: a record is bounded as stored, whatever its file holds.
// A raise on one 3 MB line keeps a window of the line's first 2,000 bytes;
// a record past --max-record-bytes is skipped, named and counted, and the
// other records of the run are kept.
TEST_F(IndexE2E, RecordsAreBoundedAsStored) {
  const std::string& r = repo_.path();
  std::string pad(3 << 20, 'x');
  testing::WriteFile(r, "pkg/oneline.py",
                     "def f(n): raise ValueError(f\"bad count {n}\"); y = \"" + pad + "\"\n");
  testing::WriteFile(r, "pkg/ok.py", "def h(n):\n    raise ValueError(f\"bad size {n}\")\n");
  testing::GitCommitAll(r, "acme/big");
  nlohmann::json s = IndexJson(r, "--max-file-bytes 8000000");
  ASSERT_TRUE(s.is_object());
  EXPECT_EQ(s["records"], 2);
  nlohmann::json list = List();
  ASSERT_TRUE(list.is_array());
  for (const nlohmann::json& item : list) {
    std::string out;
    ASSERT_EQ(testing::Run(Cli("show " + item["id"].get<std::string>() + " --json"), &out), 0);
    nlohmann::json rec = nlohmann::json::parse(out, nullptr, false);
    ASSERT_TRUE(rec.is_object()) << out.substr(0, 200);
    EXPECT_LT(out.size(), 20000u) << item["filePath"];
    if (item["filePath"] == "pkg/oneline.py") {
      std::string code = rec["sourceCode"];
      EXPECT_EQ(code.size(), 2000u + std::string(" \u2026").size());
      EXPECT_TRUE(code.ends_with(" \u2026"));
    }
  }

  s = IndexJson(r, "--max-file-bytes 8000000 --max-record-bytes 500");
  EXPECT_EQ(s["records"], 0);
  EXPECT_EQ(s["skippedRecords"]["record-too-large"], 2);
  EXPECT_NE(s["warnings"].dump().find("pkg/ok.py:2: skipped a record of "), std::string::npos)
      << s["warnings"].dump();
}

TEST_F(IndexE2E, ReindexReplacesAndDirtyWorkTreeDoesNotLeak) {
  testing::WriteFile(repo_.path(), "a.py", "raise ValueError('first version')\n");
  std::string sha1 = testing::GitCommitAll(repo_.path(), "acme/app", "one");
  IndexJson(repo_.path());
  testing::WriteFile(repo_.path(), "a.py", "raise ValueError('second version')\n");
  std::string sha2 = testing::GitCommitAll(repo_.path(), "acme/app", "two");
  testing::WriteFile(repo_.path(), "a.py", "raise ValueError('uncommitted edit')\n");

  nlohmann::json s = IndexJson(repo_.path());
  EXPECT_EQ(s["sha"], sha2);
  nlohmann::json list = List();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["message"], "second version");

  s = IndexJson(repo_.path(), "--rev " + sha1.substr(0, 10));
  EXPECT_EQ(s["sha"], sha1);
  list = List();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["message"], "first version");
}

TEST_F(IndexE2E, FailedRunKeepsStoredRecords) {
  testing::WriteFile(repo_.path(), "a.py", "raise ValueError('kept safe')\n");
  testing::GitCommitAll(repo_.path(), "acme/app");
  IndexJson(repo_.path());
  std::string out;
  EXPECT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --rev no-such-rev"), &out), 2);
  EXPECT_NE(out.find("no-such-rev"), std::string::npos) << out;
  EXPECT_EQ(testing::Run(Cli("index /nonexistent/path"), &out),
            2);  // a failed run, not "not found"
  ASSERT_EQ(List().size(), 1u);
  EXPECT_EQ(List()[0]["message"], "kept safe");
}

TEST_F(IndexE2E, KilledRunLeavesOldOrNewSetNeverAMix) {
  testing::WriteFile(repo_.path(), "a.py", "raise ValueError('old set')\n");
  testing::GitCommitAll(repo_.path(), "acme/big", "one");
  IndexJson(repo_.path());
  for (int i = 0; i < 1500; ++i) {
    testing::WriteFile(repo_.path(), "m/mod" + std::to_string(i) + ".py",
                       "def f(x):\n    if x:\n        raise ValueError(f'new set {x} " +
                           std::to_string(i) + "')\n");
  }
  testing::GitCommitAll(repo_.path(), "acme/big", "two");
  for (int delay_ms : {50, 200, 600}) {
    std::string cmd = Cli("index " + ShellQuote(repo_.path()) + " --no-progress") +
                      " & pid=$!; sleep " + std::to_string(delay_ms / 1000.0) +
                      "; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null; true";
    testing::Run(cmd);
    size_t n = List().size();
    EXPECT_TRUE(n == 1 || n == 1501) << "partial set of " << n << " after kill at " << delay_ms;
  }
  std::string out;
  ASSERT_EQ(testing::Run("sqlite3 " + ShellQuote(db_) +
                             " 'PRAGMA integrity_check' 2>&1 || "
                             "echo no-sqlite3-cli",
                         &out),
            0);
  EXPECT_TRUE(out == "ok\n" || out == "no-sqlite3-cli\n") << out;
}

TEST_F(IndexE2E, PlainDirectoryNeedsRepoAndSaysNothingPinsIt) {
  testing::WriteFile(repo_.path(), "tool.py", "raise RuntimeError('plain dir error')\n");
  std::string out;
  EXPECT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path())), &out), 2);
  EXPECT_NE(out.find("--repo"), std::string::npos) << out;
  nlohmann::json s = IndexJson(repo_.path(), "--repo acme/plain");
  EXPECT_TRUE(s["sha"].is_null());
  EXPECT_NE(s["note"].get<std::string>().find("no commit pins"), std::string::npos);
  ASSERT_EQ(List().size(), 1u);
}

TEST_F(IndexE2E, HelpListsSkipRules) {
  std::string out;
  EXPECT_EQ(testing::Run(Cli("index --help"), &out), 0);
  for (const char* word : {"test", "example", "docs", "vendored", "generated", "--include-tests"}) {
    EXPECT_NE(out.find(word), std::string::npos) << word;
  }
}

// A repository name is a path in `export` and in page URLs: ".git/x" and
// the like are refused with the rule, before anything is read or stored.
TEST_F(IndexE2E, RepositoryNamesAreOwnerSlashName) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "a.py", "def f():\n    raise ValueError('named')\n");
  testing::GitCommitAll(r, "acme/named");
  for (const char* bad : {".git/x", "x/.git", "x/.GIT", "-o/x", "x/-n", "x/../y", "/x"}) {
    std::string out;
    EXPECT_EQ(testing::Run(Cli("index " + ShellQuote(r) + " --repo=" + ShellQuote(bad)), &out), 2)
        << bad;
    EXPECT_EQ(out, std::string("errdex: bad repository name '") + bad +
                       "': expected owner/name (letters, digits, '-', '_', '.'; not starting "
                       "with '-', an owner not starting with '.', a name other than .git)\n")
        << bad;
  }
  EXPECT_TRUE(List().empty());
  nlohmann::json s = IndexJson(r, "--repo acme/.github");
  EXPECT_EQ(s["repo"], "acme/.github");
}

// A NUL inside a string literal (past git's 8,000-byte binary check) is
// text like any other byte: the literal keeps its words and holes, and the
// pattern matches the message with the NUL in it.
TEST_F(IndexE2E, NulInsideLiteralsKeepsTheTemplate) {
  const std::string& r = repo_.path();
  std::string pad(8100, 'x');
  using namespace std::string_literals;
  testing::WriteFile(
      r, "a.py", "# "s + pad + "\ndef f(x):\n    raise ValueError(f\"py \0 nul {x} after\")\n"s);
  testing::WriteFile(
      r, "b.js",
      "// "s + pad + "\nfunction g(x) {\n  throw new Error(`js \0 nul ${x} after`);\n}\n"s);
  testing::WriteFile(r, "c.go",
                     "// "s + pad +
                         "\npackage p\n\nimport \"fmt\"\n\nfunc F(x int) error {\n"
                         "\treturn fmt.Errorf(\"go \0 nul %d after\", x)\n}\n"s);
  testing::GitCommitAll(r, "acme/nul");
  IndexJson(r);
  std::map<std::string, int> lines;
  for (const auto& e : List()) lines[e["message"]] = e["lineNumber"];
  EXPECT_EQ(lines, (std::map<std::string, int>{{"py \0 nul {x} after"s, 3},
                                               {"js \0 nul ${x} after"s, 3},
                                               {"go \0 nul %d after"s, 7}}));
  std::string out;
  testing::Run("printf 'js \\000 nul 42 after' | " + Cli("explain - --json"), &out);
  nlohmann::json hits = nlohmann::json::parse(out, nullptr, false);
  ASSERT_TRUE(hits.is_object()) << out;
  ASSERT_FALSE(hits["matches"].empty()) << out;
  EXPECT_EQ(hits["matches"][0]["filePath"], "b.js") << out;
}

}  // namespace
}  // namespace errdex
