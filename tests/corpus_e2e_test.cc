// End-to-end: one database holding many repositories, as users have them
// (issue 12). Eight small repositories in eight languages plus one made only
// of generic templates (`error: %s`, `{}`, `${err.message}`, `%v`, numeric
// error ids) are indexed together. Every paste that finds its record in its
// own repository's database must still find it first in the corpus, and
// pastes that nothing in the corpus raises must get "no confident match".
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

struct Repo {
  std::string name;
  std::vector<std::pair<std::string, std::string>> files;  // path, content
};

// The repositories: each raises a few specific messages the way its
// language does. The facts are invented for the test.
std::vector<Repo> Repos() {
  return {
      {"acme/pyconf",
       {{"pyconf/loader.py",
         "import os\n"
         "\n"
         "def load(path):\n"
         "    if not os.path.exists(path):\n"
         "        raise FileNotFoundError(f\"config file {path!r} does not exist\")\n"
         "    raise ValueError(f\"unsupported config format: {path}\")\n"}}},
      {"acme/jsq",
       {{"lib/queue.js",
         "class Queue {\n"
         "  push(job) {\n"
         "    if (this.closed) throw new Error(`queue ${this.name} is closed, cannot push`);\n"
         "    if (!job.id) throw new TypeError('job must have an id');\n"
         "  }\n"
         "}\n"
         "module.exports = Queue;\n"}}},
      {"acme/gostore",
       {{"store/store.go",
         "package store\n"
         "\n"
         "import \"fmt\"\n"
         "\n"
         "func Open(path string) error {\n"
         "\treturn fmt.Errorf(\"store: cannot open bucket %q: lock held by pid %d\", path, 1)\n"
         "}\n"}}},
      {"acme/rustcfg",
       {{"src/lib.rs",
         "pub fn parse(s: &str) -> Result<u32, String> {\n"
         "    if s.is_empty() {\n"
         "        return Err(format!(\"empty duration string in section [{}]\", s));\n"
         "    }\n"
         "    panic!(\"duration overflow while parsing {}\", s);\n"
         "}\n"}}},
      {"acme/javalib",
       {{"src/main/java/com/acme/Pool.java",
         "package com.acme;\n"
         "\n"
         "public class Pool {\n"
         "  public void borrow(int n) {\n"
         "    if (n > 10) {\n"
         "      throw new IllegalStateException(\"pool exhausted: \" + n + \" connections in "
         "use\");\n"
         "    }\n"
         "  }\n"
         "}\n"}}},
      {"acme/cpputil",
       {{"src/matrix.cc",
         "#include <stdexcept>\n"
         "void check(int r, int c) {\n"
         "  if (r != c) throw std::invalid_argument(\"matrix must be square for inversion\");\n"
         "}\n"}}},
      {"acme/rubytool",
       {{"lib/tool/runner.rb",
         "module Tool\n"
         "  class Runner\n"
         "    def run(task)\n"
         "      raise ArgumentError, \"unknown task #{task}, run `tool list` to see tasks\"\n"
         "    end\n"
         "  end\n"
         "end\n"}}},
      {"acme/phpcache",
       {{"src/Cache.php",
         "<?php\n"
         "namespace Acme;\n"
         "class Cache {\n"
         "  public function get($key) {\n"
         "    throw new \\RuntimeException(sprintf('Cache key \"%s\" contains reserved "
         "characters', "
         "$key));\n"
         "  }\n"
         "}\n"}}},
      // Generic templates only: a tool that wraps every error it meets.
      {"acme/generic",
       {{"cmd/main.go",
         "package main\n"
         "\n"
         "import (\n"
         "\t\"fmt\"\n"
         "\t\"os\"\n"
         ")\n"
         "\n"
         "func fail(err error) {\n"
         "\tfmt.Fprintf(os.Stderr, \"error: %s %q %v\\n\", err, \"x\", err)\n"
         "\tpanic(fmt.Sprintf(\"%v\", err))\n"
         "}\n"},
        {"src/wrap.js",
         "function wrap(err) {\n"
         "  throw new Error(`${err.message}`);\n"
         "}\n"
         "function fail(e) { throw new Error(`error: ${e}`); }\n"
         "module.exports = { wrap, fail };\n"},
        {"src/codes.py",
         "class CodedError(Exception):\n"
         "    code = 209\n"
         "\n"
         "def bad(x):\n"
         "    raise ValueError(\"{}\".format(x))\n"
         "\n"
         "def line(n, msg):\n"
         "    raise ValueError(\"line {}: {}\".format(n, msg))\n"}}},
  };
}

struct Case {
  std::string repo, paste, file;
  int line;
};

// Pastes as users write them, each with the record it must find first.
std::vector<Case> Cases() {
  return {
      {"acme/pyconf",
       "Traceback (most recent call last):\n"
       "  File \"/srv/app/main.py\", line 9, in <module>\n"
       "    load('/etc/app.toml')\n"
       "  File \"/srv/venv/lib/python3.11/site-packages/pyconf/loader.py\", line 5, in load\n"
       "FileNotFoundError: config file '/etc/app.toml' does not exist",
       "pyconf/loader.py", 5},
      {"acme/pyconf", "error: unsupported config format: /etc/app.ini", "pyconf/loader.py", 6},
      {"acme/jsq",
       "Error: queue emails is closed, cannot push\n"
       "    at Queue.push (/app/node_modules/jsq/lib/queue.js:3:27)\n"
       "    at main (/app/index.js:10:3)",
       "lib/queue.js", 3},
      {"acme/gostore",
       "2024/05/01 10:00:00 failed to start: store: cannot open bucket \"/var/db\": lock held by "
       "pid 4242",
       "store/store.go", 6},
      {"acme/rustcfg",
       "thread 'main' panicked at src/lib.rs:5:5:\nduration overflow while parsing 99999999999s\n"
       "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
       "src/lib.rs", 5},
      {"acme/rustcfg", "Error: empty duration string in section [timeouts]", "src/lib.rs", 3},
      {"acme/javalib",
       "Exception in thread \"main\" java.lang.IllegalStateException: pool exhausted: 11 "
       "connections in use\n\tat com.acme.Pool.borrow(Pool.java:6)\n\tat Main.main(Main.java:3)",
       "src/main/java/com/acme/Pool.java", 6},
      {"acme/cpputil",
       "terminate called after throwing an instance of 'std::invalid_argument'\n"
       "  what():  matrix must be square for inversion\nAborted (core dumped)",
       "src/matrix.cc", 3},
      {"acme/rubytool",
       "/usr/lib/ruby/gems/tool/lib/tool/runner.rb:4:in `run': unknown task deploy, run `tool "
       "list` to see tasks (ArgumentError)",
       "lib/tool/runner.rb", 4},
      {"acme/phpcache",
       "PHP Fatal error:  Uncaught RuntimeException: Cache key \"a{b}\" contains reserved "
       "characters in /app/vendor/acme/phpcache/src/Cache.php:5",
       "src/Cache.php", 5},
  };
}

class CorpusE2E : public testing::CliTest {
 protected:
  // Indexes `repos` into `db` (each in its own temp directory).
  void IndexAll(const std::vector<Repo>& repos, const std::string& db) {
    for (const Repo& r : repos) {
      dirs_.emplace_back(std::make_unique<testing::TempDir>());
      const std::string& dir = dirs_.back()->path();
      for (const auto& [path, content] : r.files) testing::WriteFile(dir, path, content);
      testing::GitCommitAll(dir, r.name);
      std::string out;
      ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " index " + ShellQuote(dir) +
                                 " --db " + ShellQuote(db) + " --no-progress 2>&1",
                             &out),
                0)
          << out;
    }
  }
  nlohmann::json Explain(const std::string& paste, const std::string& db, int* status) {
    testing::WriteFile(db_dir_.path(), "paste.txt", paste);
    std::string out;
    *status = testing::Run(ShellQuote(testing::ErrdexBinary()) + " explain - --json --db " +
                               ShellQuote(db) + " < " + ShellQuote(db_dir_.Join("paste.txt")) +
                               " 2>/dev/null",
                           &out);
    return nlohmann::json::parse(out, nullptr, false);
  }
  std::vector<std::unique_ptr<testing::TempDir>> dirs_;
};

TEST_F(CorpusE2E, RightAloneStaysRightInTheCorpusAndUnrelatedPastesFindNothing) {
  std::vector<Repo> repos = Repos();
  IndexAll(repos, db_);
  for (const Case& c : Cases()) {
    // Alone: the repository's own database.
    std::string alone = db_dir_.Join(c.repo.substr(c.repo.find('/') + 1) + ".db");
    for (const Repo& r : repos) {
      if (r.name == c.repo && !std::filesystem::exists(alone)) IndexAll({r}, alone);
    }
    int status = 0;
    nlohmann::json a = Explain(c.paste, alone, &status);
    ASSERT_FALSE(a.is_discarded()) << c.paste;
    ASSERT_FALSE(a["matches"].empty()) << "alone: " << c.paste;
    EXPECT_EQ(a["matches"][0]["filePath"], c.file) << "alone: " << c.paste;
    // Together with everything else.
    nlohmann::json m = Explain(c.paste, db_, &status);
    ASSERT_FALSE(m["matches"].empty()) << "corpus: " << c.paste;
    EXPECT_EQ(status, 0);
    EXPECT_EQ(m["matches"][0]["repo"], c.repo) << "corpus: " << c.paste << "\n" << m.dump(1);
    EXPECT_EQ(m["matches"][0]["filePath"], c.file) << "corpus: " << c.paste;
    EXPECT_EQ(m["matches"][0]["lineNumber"], c.line) << "corpus: " << c.paste;
    EXPECT_FALSE(m["matches"][0]["reason"].get<std::string>().empty());
  }
  // Real-world texts that none of these repositories raise.
  const std::vector<std::string> unrelated = {
      "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\n"
      "npm ERR! Found: react@18.2.0",
      "Segmentation fault (core dumped)",
      "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"
      "ModuleNotFoundError: No module named 'numpy'",
      "[ 1836.276684] Memory cgroup out of memory: Killed process 4971 (java) "
      "total-vm:47820kB, anon-rss:7560kB",
      "error: could not find `Cargo.toml` in `/home/u/src` or any parent directory",
      "error[E0209]: version 1.0.209 of serde failed to resolve",
  };
  for (const std::string& u : unrelated) {
    int status = 0;
    nlohmann::json m = Explain(u, db_, &status);
    ASSERT_FALSE(m.is_discarded()) << u;
    EXPECT_TRUE(m["matches"].empty()) << u << "\n" << m.dump(1);
    EXPECT_EQ(status, 1) << u;
  }
}

}  // namespace
}  // namespace errdex
