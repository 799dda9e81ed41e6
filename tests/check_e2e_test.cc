// End-to-end: `errdex check` on a database with a matcher snapshot beside
// it (a corpus past the snapshot threshold, indexed and explained as users
// do), then on copies damaged as disks and people damage them: a flipped
// bit in the snapshot, a torn page in the database, a record overwritten,
// a file that is no database at all.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "errdex/matcher.h"
#include "errdex/record.h"
#include "testutil.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using testing::ShellQuote;

class CheckE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir();
    std::string repo = dir_->Join("repo");
    std::string code;
    for (size_t i = 0; i < kMatcherSnapshotMinRecords + 50; ++i) {
      std::string n = std::to_string(i);
      code += "def limit_" + n + "(x):\n    if x > " + n + ":\n        raise ValueError(f\"limit " +
              n + " exceeded by widget {x}\")\n\n\n";
    }
    testing::WriteFile(repo, "pkg/limits.py", code);
    testing::GitCommitAll(repo, "acme/limits");
    std::string db = dir_->Join("sound/errdex.db");
    std::string out;
    ASSERT_EQ(testing::Run(Bin() + " index " + ShellQuote(repo) + " --no-progress --db " +
                               ShellQuote(db) + " 2>&1",
                           &out),
              0)
        << out;
    // explain keeps the corpus's matcher beside the database.
    ASSERT_EQ(testing::Run(Bin() + " explain 'limit 17 exceeded by widget 99' --db " +
                               ShellQuote(db) + " 2>&1",
                           &out),
              0)
        << out;
    ASSERT_TRUE(fs::exists(MatcherSnapshotPath(db)));
  }
  static void TearDownTestSuite() { delete dir_; }

  static std::string Bin() { return ShellQuote(testing::ErrdexBinary()); }
  static std::string SoundDb() { return dir_->Join("sound/errdex.db"); }

  // A copy of the sound database and its snapshot, to damage.
  std::string Copy() {
    std::string db = tmp_.Join("errdex.db");
    fs::copy_file(SoundDb(), db);
    fs::copy_file(MatcherSnapshotPath(SoundDb()), MatcherSnapshotPath(db));
    return db;
  }

  static int Check(const std::string& db, std::string* out, const std::string& flags = "") {
    return testing::Run(Bin() + " check --db " + ShellQuote(db) + flags + " 2>&1", out);
  }

  static void Overwrite(const std::string& path, size_t at, const std::string& bytes) {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(at));
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }

  static inline testing::TempDir* dir_ = nullptr;
  testing::TempDir tmp_;
};

TEST_F(CheckE2E, SoundDatabaseAndSnapshot) {
  std::string out;
  EXPECT_EQ(Check(SoundDb(), &out), 0) << out;
  EXPECT_NE(out.find("  database:         ok (SQLite integrity check passed, store schema "
                     "version 1)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("  records:          ok (2050 records of 1 repository, every one parses "
                     "and matches its row)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("every checksum verified, current)"), std::string::npos) << out;
  EXPECT_TRUE(out.ends_with("\nsound\n")) << out;
  EXPECT_EQ(Check(SoundDb(), &out, " --json"), 0) << out;
  nlohmann::json j = nlohmann::json::parse(out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << out;
  EXPECT_EQ(j["sound"], true);
  ASSERT_EQ(j["checks"].size(), 3u);
  for (const auto& c : j["checks"]) EXPECT_EQ(c["ok"], true) << c;
}

TEST_F(CheckE2E, BitFlippedSnapshotIsDamage) {
  std::string db = Copy();
  std::string snapshot = MatcherSnapshotPath(db);
  std::string bytes = testing::ReadFile(snapshot);
  Overwrite(snapshot, bytes.size() / 2,
            std::string(1, static_cast<char>(bytes[bytes.size() / 2] ^ 0x10)));
  std::string out;
  EXPECT_EQ(Check(db, &out), 2) << out;
  EXPECT_NE(out.find("  database:         ok"), std::string::npos) << out;
  EXPECT_NE(out.find("  matcher snapshot: DAMAGED\n    - " + snapshot +
                     ": matcher snapshot damaged (checksum) (delete it: explain and serve build "
                     "a new one)\n"),
            std::string::npos)
      << out;
  EXPECT_TRUE(out.ends_with("\ndamaged: matcher snapshot\n")) << out;
  // As it says: without the snapshot the database is sound again.
  fs::remove(snapshot);
  EXPECT_EQ(Check(db, &out), 0) << out;
  EXPECT_NE(out.find("  matcher snapshot: ok (none ("), std::string::npos) << out;
}

// A stale snapshot (the database changed since it was saved) is rebuilt on
// the next use: no damage.
TEST_F(CheckE2E, StaleSnapshotIsNoDamage) {
  std::string db = Copy();
  std::string out;
  ASSERT_EQ(testing::Run(Bin() + " index " + ShellQuote(dir_->Join("repo")) +
                             " --repo acme/other --no-progress --db " + ShellQuote(db) + " 2>&1",
                         &out),
            0)
      << out;
  EXPECT_EQ(Check(db, &out), 0) << out;
  EXPECT_NE(out.find(", stale (snapshot is of another dataset version; rebuilt on the next use)"),
            std::string::npos)
      << out;
}

TEST_F(CheckE2E, CorruptedDatabaseFileIsDamage) {
  std::string db = Copy();
  // A torn write: a run of pages in the middle of the records overwritten.
  size_t size = fs::file_size(db);
  Overwrite(db, (size / 2) & ~size_t{4095}, std::string(3 * 4096, '\x5a'));
  std::string out;
  EXPECT_EQ(Check(db, &out), 2) << out;
  EXPECT_NE(out.find("  database:         DAMAGED\n    - "), std::string::npos) << out;
  EXPECT_NE(out.find("\ndamaged: database"), std::string::npos) << out;
}

TEST_F(CheckE2E, OverwrittenRecordIsDamage) {
  std::string db = Copy();
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(raw,
                         "UPDATE records SET json = '{\"id\": \"' || id || '\", \"repo\"' "
                         "WHERE rowid = 7",
                         nullptr, nullptr, &err),
            SQLITE_OK)
      << (err ? err : "");
  sqlite3_close(raw);
  std::string out;
  EXPECT_EQ(Check(db, &out), 2) << out;
  EXPECT_NE(out.find("  database:         ok"), std::string::npos) << out;
  EXPECT_NE(out.find("  records:          DAMAGED\n    - record "), std::string::npos) << out;
  EXPECT_NE(out.find(" (acme/limits): its stored JSON does not parse\n"), std::string::npos) << out;
  EXPECT_TRUE(out.ends_with("\ndamaged: records\n")) << out;
}

// A database indexed before category codes gave way to the message keeps
// ids made from the code (`Other`): still sound.
TEST_F(CheckE2E, RecordIdMadeFromACategoryCodeIsSound) {
  std::string db = Copy();
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw,
                               "SELECT repo, json_extract(json, '$.filePath') FROM records "
                               "WHERE rowid = 7",
                               -1, &st, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  std::string repo = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  std::string path = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
  sqlite3_finalize(st);
  std::string old_id = RecordId(repo, std::nullopt, "Other", path);
  std::string sql = "UPDATE records SET id = '" + old_id + "', json = json_set(json, '$.id', '" +
                    old_id + "', '$.errorCode', 'Other') WHERE rowid = 7";
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_close(raw);
  std::string out;
  EXPECT_EQ(Check(db, &out), 0) << out;  // the snapshot is stale: no damage
}

TEST_F(CheckE2E, NoDatabaseAtAllIsDamage) {
  std::string db = tmp_.Join("errdex.db");
  testing::WriteFile(tmp_.path(), "errdex.db", std::string(8192, 'x'));
  std::string out;
  EXPECT_EQ(Check(db, &out), 2) << out;
  EXPECT_NE(out.find("  database:         DAMAGED\n    - "), std::string::npos) << out;
  EXPECT_NE(out.find("not a SQLite database"), std::string::npos) << out;
  // A missing database is a failure to run, as for every command.
  EXPECT_EQ(Check(tmp_.Join("none.db"), &out), 2) << out;
  EXPECT_NE(out.find("no database at"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(tmp_.Join("none.db")));
}

}  // namespace
}  // namespace errdex
