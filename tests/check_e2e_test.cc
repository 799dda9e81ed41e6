// End-to-end: `errdex check` on a database with a matcher snapshot beside
// it (a corpus past the snapshot threshold, indexed and explained as users
// do), then on copies damaged as disks and people damage them: a flipped
// bit in the snapshot, a torn page in the database, a record overwritten,
// a file that is no database at all.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "errdex/matcher.h"
#include "errdex/record.h"
#include "store/record_chunk.h"
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
                     "version 2)"),
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
  // The chunk holding the seventh record cut in half: it no longer inflates.
  ASSERT_EQ(sqlite3_exec(raw,
                         "UPDATE record_chunks SET data = substr(data, 1, length(data) / 2) "
                         "WHERE id = (SELECT chunk FROM records WHERE rowid = 7)",
                         nullptr, nullptr, &err),
            SQLITE_OK)
      << (err ? err : "");
  sqlite3_close(raw);
  std::string out;
  EXPECT_EQ(Check(db, &out), 2) << out;
  EXPECT_NE(out.find("  database:         ok"), std::string::npos) << out;
  EXPECT_NE(out.find("  records:          DAMAGED\n    - record "), std::string::npos) << out;
  EXPECT_NE(out.find(" (acme/limits): its stored chunk is damaged\n"), std::string::npos) << out;
  EXPECT_TRUE(out.ends_with("\ndamaged: records\n")) << out;
}

// Rewrites the record at `rowid` in place as `edit` changes its row and
// JSON, re-encoding its chunk as the store does.
void RewriteRecord(const std::string& db, int rowid,
                   const std::function<void(store::RecordRow*, nlohmann::json*)>& edit) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  auto query = [&](const std::string& sql, const std::function<void(sqlite3_stmt*)>& row) {
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(raw, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sql;
    while (sqlite3_step(st) == SQLITE_ROW) row(st);
    sqlite3_finalize(st);
  };
  auto text = [](sqlite3_stmt* st, int col) {
    const unsigned char* p = sqlite3_column_text(st, col);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  };
  int64_t chunk_id = -1;
  std::string bytes;
  query(
      "SELECT r.chunk, c.data FROM records r JOIN record_chunks c ON c.id = r.chunk "
      "WHERE r.rowid = " +
          std::to_string(rowid),
      [&](sqlite3_stmt* st) {
        chunk_id = sqlite3_column_int64(st, 0);
        bytes.assign(static_cast<const char*>(sqlite3_column_blob(st, 1)),
                     sqlite3_column_bytes(st, 1));
      });
  store::Chunk chunk;
  ASSERT_TRUE(chunk.Decode(bytes));
  std::vector<store::RecordRow> rows;
  std::vector<nlohmann::json> jsons;
  std::vector<int64_t> rowids;
  query(
      "SELECT id, repo, slug, file_path, line_number, error_code, error_class, rowid "
      "FROM records WHERE chunk = " +
          std::to_string(chunk_id),
      [&](sqlite3_stmt* st) {
        store::RecordRow row{
            text(st, 0),  text(st, 1), text(st, 2), text(st, 3), sqlite3_column_int64(st, 4),
            std::nullopt, std::nullopt};
        if (sqlite3_column_type(st, 5) != SQLITE_NULL) row.error_code = text(st, 5);
        if (sqlite3_column_type(st, 6) != SQLITE_NULL) row.error_class = text(st, 6);
        std::optional<nlohmann::json> j = chunk.Full(row);
        ASSERT_TRUE(j.has_value()) << row.id;
        rows.push_back(row);
        jsons.push_back(*j);
        rowids.push_back(sqlite3_column_int64(st, 7));
      });
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rowids[i] != rowid) continue;
    edit(&rows[i], &jsons[i]);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(
        sqlite3_prepare_v2(raw, "UPDATE records SET id = ?1, error_code = ?2 WHERE rowid = ?3", -1,
                           &st, nullptr),
        SQLITE_OK);
    sqlite3_bind_text(st, 1, rows[i].id.c_str(), -1, SQLITE_TRANSIENT);
    if (rows[i].error_code)
      sqlite3_bind_text(st, 2, rows[i].error_code->c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 3, rowid);
    ASSERT_EQ(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
  }
  std::vector<store::ChunkEntry> entries;
  for (size_t i = 0; i < rows.size(); ++i) entries.push_back({&rows[i], &jsons[i]});
  std::string encoded = store::EncodeChunk(entries);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(
      sqlite3_prepare_v2(raw, "UPDATE record_chunks SET data = ?1 WHERE id = ?2", -1, &st, nullptr),
      SQLITE_OK);
  sqlite3_bind_blob(st, 1, encoded.data(), static_cast<int>(encoded.size()), SQLITE_TRANSIENT);
  sqlite3_bind_int64(st, 2, chunk_id);
  ASSERT_EQ(sqlite3_step(st), SQLITE_DONE);
  sqlite3_finalize(st);
  sqlite3_close(raw);
}

// A database indexed before category codes gave way to the message keeps
// ids made from the code (`Other`): still sound.
TEST_F(CheckE2E, RecordIdMadeFromACategoryCodeIsSound) {
  std::string db = Copy();
  RewriteRecord(db, 7, [](store::RecordRow* row, nlohmann::json* j) {
    std::string old_id = RecordId(row->repo, std::nullopt, "Other", row->file_path);
    row->id = old_id;
    row->error_code = "Other";
    (*j)["id"] = old_id;
    (*j)["errorCode"] = "Other";
  });
  std::string out;
  EXPECT_EQ(Check(db, &out), 0) << out;  // the snapshot is stale: no damage
}

// A record whose stored JSON names another repository is damage, even
// when its chunk is sound.
TEST_F(CheckE2E, RecordNamingAnotherRepositoryIsDamage) {
  std::string db = Copy();
  RewriteRecord(db, 7, [](store::RecordRow*, nlohmann::json* j) { (*j)["repo"] = "acme/other"; });
  std::string out;
  EXPECT_EQ(Check(db, &out), 2) << out;
  EXPECT_NE(out.find(" (acme/limits): its stored JSON names another id, repository or slug\n"),
            std::string::npos)
      << out;
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
