// Incremental indexing: a re-index reuses the extraction of every file whose
// blob is unchanged, and writes exactly the records a fresh full index
// writes; writers wait for one another's lock; a killed re-index leaves the
// previous records.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "errdex/indexer.h"
#include "errdex/store.h"
#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

constexpr const char* kAnalyzedAt = "2026-01-02T03:04:05.000Z";

// A repository whose records depend on other files: wrappers, exception
// classes documented elsewhere, constants in headers, text functions.
void WriteVersionA(const std::string& dir) {
  testing::WriteFile(dir, "pkg/errors.py",
                     "class ConfigError(Exception):\n"
                     "    \"\"\"Raised when the configuration cannot be used.\"\"\"\n"
                     "\n"
                     "def fail(msg):\n"
                     "    raise ConfigError(f\"config: {msg}\")\n");
  testing::WriteFile(dir, "pkg/app.py",
                     "from pkg.errors import fail\n"
                     "\n"
                     "def load(cfg):\n"
                     "    if 'port' not in cfg:\n"
                     "        fail('missing port')\n"
                     "    if cfg['port'] < 0:\n"
                     "        raise ValueError(f\"negative port {cfg['port']}\")\n");
  testing::WriteFile(dir, "pkg/extra.py",
                     "def check(x):\n"
                     "    # Only small values fit in the header.\n"
                     "    if x > 255:\n"
                     "        raise OverflowError('value too large for header')\n");
  testing::WriteFile(dir, "src/main/java/acme/Problems.java",
                     "package acme;\n"
                     "public final class Problems {\n"
                     "  static IllegalArgumentException bad(String what) {\n"
                     "    return new IllegalArgumentException(\"bad value for \" + what);\n"
                     "  }\n"
                     "}\n");
  testing::WriteFile(dir, "src/main/java/acme/Server.java",
                     "package acme;\n"
                     "public class Server {\n"
                     "  void listen(int port) {\n"
                     "    if (port < 1) throw Problems.bad(\"port\");\n"
                     "  }\n"
                     "}\n");
  testing::WriteFile(dir, "lib/messages.h", "#define E_NOMEM \"out of memory\"\n");
  testing::WriteFile(dir, "lib/alloc.c",
                     "#include <stdio.h>\n#include \"messages.h\"\n"
                     "void *grow(size_t n) {\n"
                     "  void *p = malloc(n);\n"
                     "  if (!p) { fprintf(stderr, \"%s: %zu bytes\\n\", E_NOMEM, n); exit(1); }\n"
                     "  return p;\n"
                     "}\n");
  testing::WriteFile(dir, "web/client.js",
                     "class HttpError extends Error {\n"
                     "  constructor(status) { super(`request failed with ${status}`); }\n"
                     "}\n"
                     "function get(res) {\n"
                     "  if (!res.ok) throw new HttpError(res.status);\n"
                     "}\n"
                     "module.exports = { get };\n");
  testing::WriteFile(dir, "cmd/tool/main.go",
                     "package main\n\nimport \"fmt\"\n\n"
                     "func open(name string) error {\n"
                     "\treturn fmt.Errorf(\"cannot open %s\", name)\n"
                     "}\n");
}

// Changes that reach unchanged files: the wrapper's message (its callers'
// records change), a constant, an added, a deleted and a renamed file.
void WriteVersionB(const std::string& dir) {
  testing::WriteFile(dir, "pkg/errors.py",
                     "class ConfigError(Exception):\n"
                     "    \"\"\"Raised when the configuration is rejected.\"\"\"\n"
                     "\n"
                     "def fail(msg):\n"
                     "    raise ConfigError(f\"invalid configuration: {msg}\")\n");
  testing::WriteFile(dir, "lib/messages.h", "#define E_NOMEM \"memory exhausted\"\n");
  testing::WriteFile(dir, "pkg/more.py",
                     "from pkg.errors import fail\n\n"
                     "def parse(text):\n"
                     "    if not text:\n"
                     "        fail('empty input')\n");
  std::filesystem::remove(dir + "/cmd/tool/main.go");
  std::filesystem::rename(dir + "/pkg/extra.py", dir + "/pkg/header.py");
}

IndexOptions Options(const std::string& path) {
  IndexOptions o;
  o.path = path;
  o.analyzed_at = kAnalyzedAt;
  o.threads = 2;
  return o;
}

std::unique_ptr<Store> OpenDb(const std::string& path) {
  Result<std::unique_ptr<Store>> s = Store::Open(path);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? std::move(*s) : nullptr;
}

IndexSummary Index(const std::string& repo, const std::string& db,
                   const std::string& rev = "HEAD") {
  IndexOptions o = Options(repo);
  o.source.rev = rev;
  std::unique_ptr<Store> store = OpenDb(db);
  Result<IndexSummary> s = RunIndex(o, store.get(), nullptr);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : IndexSummary();
}

// Every stored record as its JSON text, in list order.
std::vector<std::string> Dump(const std::string& db) {
  std::unique_ptr<Store> store = OpenDb(db);
  std::vector<std::string> out;
  Result<std::vector<Record>> records = store->List("");
  EXPECT_TRUE(records.ok());
  if (records.ok()) {
    for (const Record& r : *records) out.push_back(RecordToJsonText(r));
  }
  return out;
}

std::string Stamp(const std::string& db) {
  Result<std::string> stamp = OpenDb(db)->DatasetStamp();
  return stamp.ok() ? *stamp : "";
}

// Runs `sql` on the database through SQLite directly (what a damaged or
// hand-edited file looks like).
void Sql(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(h);
}

class IncrementalIndex : public ::testing::Test {
 protected:
  testing::TempDir repo_, dbs_;
  std::string db_ = dbs_.Join("incremental.db");
  std::string fresh_ = dbs_.Join("fresh.db");
};

TEST_F(IncrementalIndex, NearbyCommitReusesUnchangedFilesAndEqualsAFullIndex) {
  WriteVersionA(repo_.path());
  std::string a = testing::GitCommitAll(repo_.path(), "acme/app", "a");
  IndexSummary first = Index(repo_.path(), db_);
  EXPECT_EQ(first.files_reused, 0);
  ASSERT_EQ(first.files_indexed, 9);
  WriteVersionB(repo_.path());
  std::string b = testing::GitCommitAll(repo_.path(), "acme/app", "b");

  IndexSummary second = Index(repo_.path(), db_);
  EXPECT_EQ(second.sha, b);
  // Nine files: errors.py and messages.h changed, more.py is new,
  // header.py renamed (a new path), main.go deleted: five reused.
  EXPECT_EQ(second.files_indexed, 9);
  EXPECT_EQ(second.files_reused, 5);
  Index(repo_.path(), fresh_);
  std::vector<std::string> incremental = Dump(db_), full = Dump(fresh_);
  ASSERT_EQ(incremental.size(), full.size());
  for (size_t i = 0; i < full.size(); ++i) EXPECT_EQ(incremental[i], full[i]) << i;
  // The unchanged caller's record follows the changed wrapper.
  bool caller_changed = false;
  for (const std::string& r : incremental) {
    caller_changed |= r.find("invalid configuration: missing port") != std::string::npos;
  }
  EXPECT_TRUE(caller_changed);

  // And back to the older commit: same as a full index of it.
  Index(repo_.path(), db_, a);
  std::filesystem::remove(fresh_);
  Index(repo_.path(), fresh_, a);
  EXPECT_EQ(Dump(db_), Dump(fresh_));
}

TEST_F(IncrementalIndex, SameCommitWritesNothingAndKeepsTheRecords) {
  WriteVersionA(repo_.path());
  testing::GitCommitAll(repo_.path(), "acme/app");
  Index(repo_.path(), db_);
  std::vector<std::string> before = Dump(db_);
  std::string stamp = Stamp(db_);
  IndexSummary again = Index(repo_.path(), db_);
  EXPECT_EQ(again.files_reused, again.files_indexed);
  EXPECT_EQ(again.records, static_cast<int>(before.size()));
  EXPECT_EQ(Dump(db_), before);
  EXPECT_EQ(Stamp(db_), stamp);  // nothing written: matchers and serve keep their snapshot

  // Other options are another index: it runs (and writes).
  IndexOptions o = Options(repo_.path());
  o.limits.max_template_holes = 0;
  Result<IndexSummary> limited = RunIndex(o, OpenDb(db_).get(), nullptr);
  ASSERT_TRUE(limited.ok());
  EXPECT_NE(Stamp(db_), stamp);
  EXPECT_LT(Dump(db_).size(), before.size());
}

TEST_F(IncrementalIndex, DamagedCacheEntriesAreParsedAgain) {
  WriteVersionA(repo_.path());
  testing::GitCommitAll(repo_.path(), "acme/app");
  Index(repo_.path(), db_);
  std::vector<std::string> full = Dump(db_);
  // Truncated, bit-flipped, emptied entries; and a forgotten index key.
  Sql(db_,
      "UPDATE file_cache SET data = substr(data, 1, length(data) / 2) WHERE path LIKE '%.py';"
      "UPDATE file_cache SET data = x'ff' || substr(data, 2) WHERE path LIKE '%.java';"
      "UPDATE file_cache SET data = x'' WHERE path LIKE '%.c';"
      "DELETE FROM index_keys;");
  IndexSummary s = Index(repo_.path(), db_);
  EXPECT_EQ(s.files_reused, s.files_indexed - 6);
  EXPECT_EQ(Dump(db_), full);
  // The entries were rewritten: everything is reused next time.
  Sql(db_, "DELETE FROM index_keys;");
  EXPECT_EQ(Index(repo_.path(), db_).files_reused, s.files_indexed);
  EXPECT_EQ(Dump(db_), full);
}

TEST_F(IncrementalIndex, UpdatedRecordsMakeTheNextIndexRunAgain) {
  WriteVersionA(repo_.path());
  testing::GitCommitAll(repo_.path(), "acme/app");
  Index(repo_.path(), db_);
  std::vector<std::string> full = Dump(db_);
  std::unique_ptr<Store> store = OpenDb(db_);
  Result<std::vector<Record>> records = store->List("");
  ASSERT_TRUE(records.ok() && !records->empty());
  Result<int> n = store->UpdateRecords({records->front().id}, [](Record* r) {
    r->example_fix = "polished elsewhere";
    return true;
  });
  ASSERT_TRUE(n.ok());
  ASSERT_EQ(*n, 1);
  ASSERT_NE(Dump(db_), full);
  // The stored records no longer are what this commit indexes to: a
  // re-index rebuilds them (from the cached extractions).
  IndexSummary s = Index(repo_.path(), db_);
  EXPECT_EQ(s.files_reused, s.files_indexed);
  EXPECT_EQ(Dump(db_), full);
}

// The command line: a writer waits for another's lock, says so, and gives
// up after --lock-timeout with the old records intact.
class LockWait : public testing::CliTest {
 protected:
  void SetUp() override {
    WriteVersionA(repo_.path());
    testing::GitCommitAll(repo_.path(), "acme/app");
    std::string out;
    ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --no-progress"), &out), 0)
        << out;
    WriteVersionB(repo_.path());
    testing::GitCommitAll(repo_.path(), "acme/app", "b");
  }
  // Holds the write lock of the database until Release().
  void Lock() {
    ASSERT_EQ(sqlite3_open(db_.c_str(), &holder_), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(holder_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  }
  void Release() {
    sqlite3_exec(holder_, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(holder_);
    holder_ = nullptr;
  }
  void TearDown() override {
    if (holder_) Release();
  }
  sqlite3* holder_ = nullptr;
};

TEST_F(LockWait, GivesUpAfterTheTimeoutAndKeepsTheRecords) {
  std::vector<std::string> before = Dump(db_);
  Lock();
  std::string out;
  auto start = std::chrono::steady_clock::now();
  int rc = testing::Run(
      Cli("index " + ShellQuote(repo_.path()) + " --no-progress --lock-timeout 2.5"), &out);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Release();
  EXPECT_NE(rc, 0);
  EXPECT_GE(secs, 2.5);
  EXPECT_NE(out.find("errdex: waiting for another errdex writing to the database (1 s so far; "
                     "gives up after 2.5 s, --lock-timeout)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("another errdex is still writing to " + db_ +
                     "; gave up waiting after 2.5 s (--lock-timeout SECONDS waits longer); "
                     "nothing was written"),
            std::string::npos)
      << out;
  EXPECT_EQ(Dump(db_), before);
}

TEST_F(LockWait, WaitsPastTheOldFiveSecondsAndWrites) {
  Lock();
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(6500));
    Release();
  });
  std::string out;
  int rc = testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --json"), &out);
  release.join();
  EXPECT_EQ(rc, 0) << out;
  EXPECT_NE(out.find("errdex: waiting for another errdex writing to the database (1 s so far; "
                     "gives up after 60 s, --lock-timeout)"),
            std::string::npos)
      << out;
  bool b_indexed = false;
  for (const std::string& r : Dump(db_))
    b_indexed |= r.find("memory exhausted") != std::string::npos;
  EXPECT_TRUE(b_indexed);
}

TEST_F(LockWait, RejectsANegativeTimeout) {
  std::string out;
  EXPECT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --lock-timeout -1"), &out), 2);
  EXPECT_NE(out.find("--lock-timeout"), std::string::npos) << out;
}

// A re-index killed at any point leaves the previous records (and a cache
// the next run can use); never a mix.
TEST_F(LockWait, KilledIncrementalIndexLeavesThePreviousRecords) {
  std::vector<std::string> before = Dump(db_);
  std::string cmd = ShellQuote(testing::ErrdexBinary()) + " index " + ShellQuote(repo_.path()) +
                    " --no-progress --db " + ShellQuote(db_);
  for (int at_ms : {5, 30, 80, 150, 300}) {
    int st = testing::RunKilledAfter(cmd, "ERRDEX_INDEX_TEST_DELAY_MS", "400", at_ms);
    ASSERT_TRUE(WIFSIGNALED(st)) << "finished before the kill at " << at_ms << " ms";
    EXPECT_EQ(Dump(db_), before) << "after a kill at " << at_ms << " ms";
  }
  std::string out;
  ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --no-progress"), &out), 0)
      << out;
  EXPECT_NE(Dump(db_), before);
}

}  // namespace
}  // namespace errdex
