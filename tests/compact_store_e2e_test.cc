// End-to-end: the compact store (schema 2: record chunks, windows once per
// file) gives back exactly what the schema-1 store gave. A fixture
// repository's records are written both ways — the old layout by hand, as
// the old store wrote it (the record JSON in a column), the new one by
// Store::ReplaceRepo — and every read path is compared: Get, List and
// ListForMatching in process against the old store's own reads (its SQL
// run on the old file), and `show --json` and `export` through the command
// line, where the old file is converted on open with a message.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <filesystem>
#include <map>

#include "errdex/indexer.h"
#include "errdex/record.h"
#include "errdex/store.h"
#include "testutil.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using testing::ShellQuote;

// Schema 1 exactly as errdex wrote it before the compact layout.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value);
CREATE TABLE repos(repo TEXT PRIMARY KEY, sha TEXT, analyzed_at TEXT, files_indexed INT,
                   error_count INT, indexed_seq INT);
CREATE TABLE records(id TEXT PRIMARY KEY, repo TEXT NOT NULL, slug TEXT NOT NULL,
                     file_path TEXT, line_number INT, error_code TEXT, error_class TEXT,
                     message TEXT, pattern TEXT, json TEXT NOT NULL, UNIQUE(repo, slug));
CREATE INDEX records_by_location ON records(repo, file_path, line_number);
INSERT INTO meta VALUES('schema_version', 1), ('dataset_seq', 1),
                       ('dataset_version', '2026-12-01T00:00:00.000Z'),
                       ('dataset_nonce', '0123456789abcdef');
)sql";

// The schema-1 store's ListForMatching query (with the severity, which the
// matcher reads since the thirtieth session).
constexpr const char* kOldMatchingQuery =
    "SELECT json_object('id', id, 'repo', repo, 'slug', slug, 'filePath', file_path, "
    "'lineNumber', line_number, "
    "'otherLines', json(coalesce(json_extract(json, '$.otherLines'), '[]')), "
    "'messageFrom', json_extract(json, '$.messageFrom'), "
    "'errorCode', json_extract(json, '$.errorCode'), "
    "'errorClass', json_extract(json, '$.errorClass'), "
    "'errorMessage', json_extract(json, '$.errorMessage'), "
    "'messagePattern', json_extract(json, '$.messagePattern'), "
    "'holes', json(coalesce(json_extract(json, '$.holes'), '[]')), "
    "'messageOpaque', json(CASE WHEN json_extract(json, '$.messageOpaque') THEN 'true' "
    "ELSE 'false' END), "
    "'language', json_extract(json, '$.language'), 'kind', json_extract(json, '$.kind'), "
    "'function', json_extract(json, '$.function'), "
    "'severity', json_extract(json, '$.severity')) FROM records "
    "ORDER BY repo, file_path, line_number, rowid";

class CompactStoreE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    // A module of 40 guarded raises (more than one chunk holds), a second
    // module whose windows overlap, and a third in another directory.
    std::string big;
    for (int i = 0; i < 40; ++i) {
      std::string n = std::to_string(i);
      big += "def check_" + n + "(value):\n    # Values past " + n +
             " are refused.\n    if value > " + n +
             ":\n        raise ValueError(f\"value {value} " + "is over limit " + n + "\")\n\n\n";
    }
    testing::WriteFile(repo_.path(), "pkg/limits.py", big);
    testing::WriteFile(repo_.path(), "pkg/config.py",
                       "import os\n\n\nclass ConfigError(Exception):\n    pass\n\n\n"
                       "def load(path):\n    if not os.path.exists(path):\n"
                       "        raise ConfigError(f\"config file {path} not found\")\n"
                       "    if os.path.isdir(path):\n"
                       "        raise ConfigError(f\"{path} is a directory\")\n"
                       "    return open(path).read()\n");
    testing::WriteFile(repo_.path(), "tools/cli.py",
                       "import sys\n\n\ndef main(argv):\n    if len(argv) < 2:\n"
                       "        sys.exit(\"usage: cli NAME\")\n    print(argv[1])\n");
    sha_ = testing::GitCommitAll(repo_.path(), "acme/compact");
    IndexOptions options;
    options.path = repo_.path();
    options.threads = 1;
    options.analyzed_at = "2026-12-06T00:00:00Z";
    IndexSummary summary;
    Result<std::vector<Record>> records = BuildRecords(options, &summary, nullptr);
    ASSERT_TRUE(records.ok()) << records.status().message();
    records_ = std::move(*records);
    ASSERT_GT(records_.size(), 40u);
  }

  // The records written as the schema-1 store wrote them.
  void WriteSchemaOne(const std::string& path) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, kSchemaV1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db,
                                 "INSERT INTO records VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                                 "?10)",
                                 -1, &st, nullptr),
              SQLITE_OK);
    auto text = [&](int i, const std::string& v) {
      sqlite3_bind_text(st, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    };
    for (const Record& r : records_) {
      sqlite3_reset(st);
      sqlite3_clear_bindings(st);
      text(1, r.id);
      text(2, r.repo);
      text(3, r.slug);
      text(4, r.file_path);
      sqlite3_bind_int64(st, 5, r.line_number);
      if (r.error_code) text(6, *r.error_code);
      if (!r.error_class.empty()) text(7, r.error_class);
      text(8, r.error_message);
      text(9, r.message_pattern);
      text(10, RecordToJsonText(r));
      ASSERT_EQ(sqlite3_step(st), SQLITE_DONE);
    }
    sqlite3_finalize(st);
    std::string repo = "INSERT INTO repos VALUES('acme/compact', '" + sha_ +
                       "', '2026-12-06T00:00:00Z', 3, " + std::to_string(records_.size()) + ", 1)";
    ASSERT_EQ(sqlite3_exec(db, repo.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }

  // What the schema-1 store's ListForMatching returned, from the old file.
  std::vector<std::string> OldMatching(const std::string& path) {
    std::vector<std::string> out;
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, kOldMatchingQuery, -1, &st, nullptr), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
      std::string text = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      out.push_back(RecordToJsonText(RecordFromJson(nlohmann::json::parse(text))));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
  }

  std::unique_ptr<Store> WriteSchemaTwo(const std::string& path) {
    Result<std::unique_ptr<Store>> store = Store::Open(path);
    EXPECT_TRUE(store.ok()) << store.status().message();
    RepoInfo info{"acme/compact", sha_, "2026-12-06T00:00:00Z", 0, 3};
    Status s = (*store)->ReplaceRepo(info, records_);
    EXPECT_TRUE(s.ok()) << s.message();
    return std::move(*store);
  }

  static std::string Cli(const std::string& args, const std::string& db) {
    return ShellQuote(testing::ErrdexBinary()) + " " + args + " --db " + ShellQuote(db);
  }

  testing::TempDir repo_, dir_;
  std::string sha_;
  std::vector<Record> records_;
};

TEST_F(CompactStoreE2E, EveryReadGivesWhatTheOldStoreGave) {
  std::string old_db = dir_.Join("old.db");
  WriteSchemaOne(old_db);
  std::unique_ptr<Store> store = WriteSchemaTwo(dir_.Join("new.db"));
  ASSERT_NE(store, nullptr);
  // Get: the old store parsed the stored JSON text.
  for (const Record& r : records_) {
    Result<Record> got = store->Get(r.id);
    ASSERT_TRUE(got.ok()) << got.status().message();
    std::string old = RecordToJsonText(RecordFromJson(nlohmann::json::parse(RecordToJsonText(r))));
    EXPECT_EQ(RecordToJsonText(*got), old) << r.id;
  }
  // List, in the old order.
  Result<std::vector<Record>> listed = store->List("");
  ASSERT_TRUE(listed.ok());
  std::vector<std::string> old_order;
  for (const std::string& text : OldMatching(old_db)) {
    old_order.push_back(nlohmann::json::parse(text)["id"].get<std::string>());
  }
  ASSERT_EQ(listed->size(), old_order.size());
  for (size_t i = 0; i < listed->size(); ++i) EXPECT_EQ((*listed)[i].id, old_order[i]) << i;
  // ListForMatching, against the old store's own SQL.
  Result<std::vector<Record>> matching = store->ListForMatching("");
  ASSERT_TRUE(matching.ok());
  std::vector<std::string> old_matching = OldMatching(old_db);
  ASSERT_EQ(matching->size(), old_matching.size());
  for (size_t i = 0; i < matching->size(); ++i) {
    EXPECT_EQ(RecordToJsonText((*matching)[i]), old_matching[i]) << i;
  }
  // The chunks are what holds the bytes, and they are far smaller than
  // the JSON the old store kept.
  Result<StoreCheck> check = store->Check();
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->problems.empty()) << check->problems.front();
  EXPECT_EQ(check->schema_version, 2);
}

TEST_F(CompactStoreE2E, OldDatabaseIsConvertedWithAMessageAndReadsTheSame) {
  std::string old_db = dir_.Join("old.db");
  WriteSchemaOne(old_db);
  std::string new_db = dir_.Join("new.db");
  WriteSchemaTwo(new_db).reset();
  // Both files at the same dataset version, which pages and files carry.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(new_db.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "UPDATE meta SET value = '2026-12-01T00:00:00.000Z' "
                         "WHERE key = 'dataset_version'",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  std::string id = records_.front().id;

  std::string converted;
  ASSERT_EQ(testing::Run(Cli("show " + id + " --json", old_db) + " 2>&1 >/dev/null", &converted),
            0);
  EXPECT_EQ(converted, "errdex: " + old_db + " has the previous store layout (schema 1); " +
                           "converting its " + std::to_string(records_.size()) +
                           " records to the compact layout (schema 2), once; the records stay "
                           "as they are\n");
  // Once: the second command says nothing.
  std::string again;
  ASSERT_EQ(testing::Run(Cli("show " + id + " --json", old_db) + " 2>&1 >/dev/null", &again), 0);
  EXPECT_EQ(again, "");

  for (const Record& r : records_) {
    std::string a, b;
    ASSERT_EQ(testing::Run(Cli("show " + r.id + " --json", old_db), &a), 0);
    ASSERT_EQ(testing::Run(Cli("show " + r.id + " --json", new_db), &b), 0);
    EXPECT_EQ(a, b) << r.id;
    EXPECT_NE(a.find("\"sourceCode\": "), std::string::npos);
  }
  std::string out;
  ASSERT_EQ(testing::Run(Cli("export " + ShellQuote(dir_.Join("old-export")), old_db), &out), 0)
      << out;
  ASSERT_EQ(testing::Run(Cli("export " + ShellQuote(dir_.Join("new-export")), new_db), &out), 0)
      << out;
  size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir_.Join("old-export"))) {
    if (!e.is_regular_file() || e.path().filename() == "manifest.json") continue;
    fs::path rel = fs::relative(e.path(), dir_.Join("old-export"));
    EXPECT_EQ(testing::ReadFile(e.path().string()),
              testing::ReadFile((fs::path(dir_.Join("new-export")) / rel).string()))
        << rel;
    ++files;
  }
  EXPECT_GT(files, records_.size());
  ASSERT_EQ(testing::Run(Cli("check", old_db), &out), 0) << out;
  EXPECT_NE(out.find("store schema version 2"), std::string::npos) << out;
}

// A conversion killed before it commits leaves the old file whole; the next
// command converts it.
TEST_F(CompactStoreE2E, KilledConversionLeavesTheOldDatabase) {
  std::string old_db = dir_.Join("old.db");
  WriteSchemaOne(old_db);
  int st = testing::RunKilledAfter(Cli("list", old_db), "ERRDEX_INDEX_TEST_DELAY_MS", "5000", 1500);
  EXPECT_TRUE(WIFSIGNALED(st)) << st;
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(old_db.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* q = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db,
                               "SELECT (SELECT value FROM meta WHERE key = 'schema_version'), "
                               "(SELECT count(*) FROM records WHERE json IS NOT NULL)",
                               -1, &q, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(q, 0), 1);
  EXPECT_EQ(sqlite3_column_int64(q, 1), static_cast<int64_t>(records_.size()));
  sqlite3_finalize(q);
  sqlite3_close(db);
  std::string out;
  ASSERT_EQ(testing::Run(Cli("list --json", old_db) + " 2>/dev/null", &out), 0);
  EXPECT_EQ(nlohmann::json::parse(out).size(), records_.size());
}

TEST_F(CompactStoreE2E, OldDatabaseThatCannotBeConvertedIsLeftAsItWas) {
  std::string old_db = dir_.Join("old.db");
  WriteSchemaOne(old_db);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(old_db.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE records SET json = '{\"id\": ' WHERE rowid = 3", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  std::string out;
  EXPECT_EQ(testing::Run(Cli("list", old_db) + " 2>&1", &out), 2);
  EXPECT_NE(out.find(" does not parse, so the database cannot be converted to store schema 2; "
                     "index into a new database (--db)"),
            std::string::npos)
      << out;
  // Nothing was changed: the old layout and every record are still there.
  ASSERT_EQ(sqlite3_open(old_db.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db,
                               "SELECT (SELECT value FROM meta WHERE key = 'schema_version'), "
                               "(SELECT count(*) FROM records)",
                               -1, &st, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), 1);
  EXPECT_EQ(sqlite3_column_int64(st, 1), static_cast<int64_t>(records_.size()));
  sqlite3_finalize(st);
  sqlite3_close(db);
}

}  // namespace
}  // namespace errdex
