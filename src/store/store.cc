// Store: published records in SQLite (see store.h and docs/record-format.md).
//
// Atomicity comes from SQLite: ReplaceRepo runs in one BEGIN IMMEDIATE
// transaction and WAL mode lets readers keep their snapshot while it runs.
// The database carries its own schema version in `meta`, so a newer errdex
// can migrate an old file and an older errdex refuses a newer one. Records
// are a row each plus a body in a shared, compressed chunk
// (store/record_chunk.h); every read goes through the chunk.
#include "errdex/store.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "store/record_chunk.h"

namespace errdex {
namespace {

// Version of the table layout below; bump it and add a step to Migrate()
// whenever the layout changes. 2: record bodies in compressed chunks, one
// source window per file (store/record_chunk.h), instead of a JSON column.
constexpr int kStoreSchemaVersion = 2;
constexpr int kBusyTimeoutMs = 5000;

constexpr const char* kRecordTables = R"sql(
CREATE TABLE records(
  id TEXT PRIMARY KEY,
  repo TEXT NOT NULL,
  slug TEXT NOT NULL,
  file_path TEXT,
  line_number INT,
  error_code TEXT,
  error_class TEXT,
  chunk INT NOT NULL,
  UNIQUE(repo, slug)
);
CREATE INDEX records_by_location ON records(repo, file_path, line_number);
CREATE TABLE record_chunks(
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);
)sql";

constexpr const char* kReposTable = R"sql(
CREATE TABLE repos(
  repo TEXT PRIMARY KEY,
  sha TEXT,
  analyzed_at TEXT,
  files_indexed INT,
  error_count INT,
  indexed_seq INT
);
)sql";

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using DbPtr = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};

// Maps an SQLite failure to a Status, keeping SQLite's own explanation.
Status SqlError(sqlite3* db, int rc, const std::string& what) {
  std::string msg = what + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
  switch (rc & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return Status::Corruption(msg);
    case SQLITE_CONSTRAINT:
      return Status::InvalidArgument(msg);
    default:
      return Status::IOError(msg);
  }
}

// A prepared statement. Bind/step errors are reported through Step().
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    sqlite3_stmt* raw = nullptr;
    prepare_rc_ = sqlite3_prepare_v2(db, sql, -1, &raw, nullptr);
    rc_ = prepare_rc_;
    stmt_.reset(raw);
  }
  // Status of preparation; check before binding.
  Status status(const std::string& what) const {
    return prepare_rc_ == SQLITE_OK ? Status::OK() : SqlError(db_, prepare_rc_, what);
  }
  // Ready for new bindings and another Step().
  void Reset() {
    if (prepare_rc_ != SQLITE_OK) return;
    sqlite3_reset(stmt_.get());
    sqlite3_clear_bindings(stmt_.get());
    rc_ = SQLITE_OK;
  }

  void Bind(int i, const std::string& v) {
    Keep(sqlite3_bind_text(stmt_.get(), i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void Bind(int i, int64_t v) { Keep(sqlite3_bind_int64(stmt_.get(), i, v)); }
  void BindBlob(int i, const std::string& v) {
    Keep(sqlite3_bind_blob64(stmt_.get(), i, v.data(), v.size(), SQLITE_TRANSIENT));
  }
  void Bind(int i, const std::optional<std::string>& v) {
    if (v) {
      Bind(i, *v);
    } else {
      Keep(sqlite3_bind_null(stmt_.get(), i));
    }
  }

  // Returns SQLITE_ROW, SQLITE_DONE or an error code (a bind error if any).
  int Step() {
    if (rc_ != SQLITE_OK) return rc_;
    return sqlite3_step(stmt_.get());
  }
  std::string Text(int col) const {
    const unsigned char* p = sqlite3_column_text(stmt_.get(), col);
    int n = sqlite3_column_bytes(stmt_.get(), col);
    return p ? std::string(reinterpret_cast<const char*>(p), n) : std::string();
  }
  std::string Blob(int col) const {
    const void* p = sqlite3_column_blob(stmt_.get(), col);
    int n = sqlite3_column_bytes(stmt_.get(), col);
    return p ? std::string(static_cast<const char*>(p), n) : std::string();
  }
  int64_t Int(int col) const { return sqlite3_column_int64(stmt_.get(), col); }
  bool IsNull(int col) const { return sqlite3_column_type(stmt_.get(), col) == SQLITE_NULL; }

 private:
  void Keep(int rc) {
    if (rc_ == SQLITE_OK) rc_ = rc;
  }
  sqlite3* db_;
  int prepare_rc_;
  int rc_;  // first failure of prepare or bind since the last Reset()
  std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt_;
};

Status Exec(sqlite3* db, const char* sql, const std::string& what) {
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  return rc == SQLITE_OK ? Status::OK() : SqlError(db, rc, what);
}

// Rolls back on scope exit unless Commit() succeeded, so every early return
// in a write path leaves the database as it was.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) {}
  ~Transaction() {
    if (active_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  Status Begin() {
    Status s = Exec(db_, "BEGIN IMMEDIATE", "cannot start a write transaction");
    active_ = s.ok();
    return s;
  }
  Status Commit() {
    Status s = Exec(db_, "COMMIT", "cannot commit");
    if (s.ok()) active_ = false;
    return s;
  }

 private:
  sqlite3* db_;
  bool active_ = false;
};

// --- Timestamps: dataset_version is "YYYY-MM-DDTHH:MM:SS.mmmZ" (UTC). ---

int64_t NowMillis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string FormatMillis(int64_t ms) {
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[80];  // room for any int fields, keeps -Wformat-truncation quiet
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  return buf;
}

std::optional<int64_t> ParseMillis(const std::string& s) {
  std::tm tm{};
  int ms = 0;
  if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &ms) != 7) {
    return std::nullopt;
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<int64_t>(timegm(&tm)) * 1000 + ms;
}

// A version strictly after `previous`, even when the clock has not moved (or
// went backwards): clients cache by dataset version and must see a change.
std::string NextDatasetVersion(const std::string& previous) {
  int64_t now = NowMillis();
  if (std::optional<int64_t> prev = ParseMillis(previous); prev && now <= *prev) now = *prev + 1;
  return FormatMillis(now);
}

// --- meta table ---

Result<std::optional<std::string>> ReadMeta(sqlite3* db, const char* key) {
  Stmt st(db, "SELECT value FROM meta WHERE key = ?1");
  if (Status s = st.status("cannot read meta"); !s.ok()) return s;
  st.Bind(1, std::string(key));
  int rc = st.Step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return SqlError(db, rc, std::string("cannot read meta ") + key);
  return std::optional<std::string>(st.Text(0));
}

Status WriteMeta(sqlite3* db, const char* key, const std::string& text) {
  Stmt st(db,
          "INSERT INTO meta(key, value) VALUES(?1, ?2) "
          "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  if (Status s = st.status("cannot write meta"); !s.ok()) return s;
  st.Bind(1, std::string(key));
  st.Bind(2, text);
  int rc = st.Step();
  return rc == SQLITE_DONE ? Status::OK() : SqlError(db, rc, std::string("cannot write ") + key);
}

Status WriteMeta(sqlite3* db, const char* key, int64_t value) {
  Stmt st(db,
          "INSERT INTO meta(key, value) VALUES(?1, ?2) "
          "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  if (Status s = st.status("cannot write meta"); !s.ok()) return s;
  st.Bind(1, std::string(key));
  st.Bind(2, value);
  int rc = st.Step();
  return rc == SQLITE_DONE ? Status::OK() : SqlError(db, rc, std::string("cannot write ") + key);
}

Result<bool> TableExists(sqlite3* db, const char* name) {
  Stmt st(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  if (Status s = st.status("cannot read the database schema"); !s.ok()) return s;
  st.Bind(1, std::string(name));
  int rc = st.Step();
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return SqlError(db, rc, "cannot read the database schema");
}

Result<bool> HasAnyTable(sqlite3* db) {
  Stmt st(db, "SELECT 1 FROM sqlite_master LIMIT 1");
  if (Status s = st.status("cannot read the database schema"); !s.ok()) return s;
  int rc = st.Step();
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return SqlError(db, rc, "cannot read the database schema");
}

// The layout version of the file: 0 for a new, empty database. Reads only,
// so a file errdex must refuse is left exactly as it was.
Result<int> StoredSchemaVersion(sqlite3* db, const std::string& path) {
  Result<bool> has_meta = TableExists(db, "meta");
  if (!has_meta.ok()) {
    if (has_meta.status().code() == Status::Code::kCorruption) {
      return Status::Corruption(path +
                                " is not a SQLite database (errdex store); refusing to use it");
    }
    return has_meta.status();
  }
  if (!*has_meta) {
    Result<bool> any = HasAnyTable(db);
    if (!any.ok()) return any.status();
    if (*any) {
      return Status::Corruption(path +
                                " is a SQLite database but not an errdex store (no meta "
                                "table); refusing to use it");
    }
    return 0;
  }
  Result<std::optional<std::string>> v = ReadMeta(db, "schema_version");
  if (!v.ok()) return v.status();
  if (!*v) return Status::Corruption(path + ": meta table has no schema_version");
  return std::atoi(v->value().c_str());
}

Status CheckKnownVersion(int version, const std::string& path) {
  if (version <= kStoreSchemaVersion) return Status::OK();
  return Status::Corruption(path + " has store schema version " + std::to_string(version) +
                            ", newer than this errdex understands (" +
                            std::to_string(kStoreSchemaVersion) + "); upgrade errdex");
}

Status ConvertRecordsToChunks(sqlite3* db, const std::string& path);

// Brings the layout up to kStoreSchemaVersion in one transaction. Safe when
// several processes open a new file at once: BEGIN IMMEDIATE serialises them
// and the version is re-read inside the transaction.
Status Migrate(sqlite3* db, const std::string& path) {
  Transaction txn(db);
  if (Status s = txn.Begin(); !s.ok()) return s;
  Result<int> version = StoredSchemaVersion(db, path);
  if (!version.ok()) return version.status();
  if (Status s = CheckKnownVersion(*version, path); !s.ok()) return s;
  if (*version == kStoreSchemaVersion) return Status::OK();  // rolls back an empty txn
  if (*version < 1) {
    if (Status s = Exec(db, "CREATE TABLE meta(key TEXT PRIMARY KEY, value)", "cannot create meta");
        !s.ok()) {
      return s;
    }
    if (Status s = Exec(db, kReposTable, "cannot create tables"); !s.ok()) return s;
    if (Status s = Exec(db, kRecordTables, "cannot create tables"); !s.ok()) return s;
  } else if (*version < 2) {
    if (Status s = ConvertRecordsToChunks(db, path); !s.ok()) return s;
  }
  // Future layout changes: `if (*version < 3) { ALTER ... }` here.
  if (Status s = WriteMeta(db, "schema_version", kStoreSchemaVersion); !s.ok()) return s;
  return txn.Commit();
}

Status ConfigureConnection(sqlite3* db) {
  sqlite3_extended_result_codes(db, 1);
  if (int rc = sqlite3_busy_timeout(db, kBusyTimeoutMs); rc != SQLITE_OK) {
    return SqlError(db, rc, "cannot set busy timeout");
  }
  return Exec(db, "PRAGMA foreign_keys = ON", "cannot enable foreign keys");
}

// WAL changes the file header, so it is only switched on once the file is
// known to be an errdex store this code understands.
Status EnableWal(sqlite3* db) {
  Stmt st(db, "PRAGMA journal_mode = WAL");
  if (Status s = st.status("cannot set journal mode"); !s.ok()) return s;
  int rc = st.Step();
  if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot set journal mode");
  if (st.Text(0) != "wal")
    return Status::IOError("cannot enable WAL mode (got " + st.Text(0) + ")");
  return Status::OK();
}

// What every read of records selects: the row, its chunk's id and bytes.
constexpr const char* kSelectRecords =
    "SELECT r.id, r.repo, r.slug, r.file_path, r.line_number, r.error_code, r.error_class, "
    "r.chunk, c.data FROM records r "
    "LEFT JOIN record_chunks c ON c.id = r.chunk ";

store::RecordRow ReadRow(const Stmt& st) {
  store::RecordRow row;
  row.id = st.Text(0);
  row.repo = st.Text(1);
  row.slug = st.Text(2);
  row.file_path = st.Text(3);
  row.line_number = st.Int(4);
  if (!st.IsNull(5)) row.error_code = st.Text(5);
  if (!st.IsNull(6)) row.error_class = st.Text(6);
  return row;
}

// A record as the store writes it: its row, its JSON (ToJson's form) and
// the size of that JSON as text (what a chunk is filled by).
struct StoredRecord {
  store::RecordRow row;
  nlohmann::json json;
  size_t text_bytes = 0;
};

StoredRecord ToStored(const Record& r) {
  StoredRecord out;
  out.row.id = r.id;
  out.row.repo = r.repo;
  out.row.slug = r.slug;
  out.row.file_path = r.file_path;
  out.row.line_number = r.line_number;
  out.row.error_code = r.error_code;
  if (!r.error_class.empty()) out.row.error_class = r.error_class;
  std::string text = RecordToJsonText(r);
  out.text_bytes = text.size();
  // As ToJson does: the text form replaces invalid UTF-8, so the JSON is
  // what a schema-1 store read back from its `json` column.
  out.json = nlohmann::json::parse(text, nullptr, false);
  return out;
}

// Which records share a chunk: neighbours in (file, line) order, at most
// kMaxChunkRecords and about kMaxChunkJsonBytes of JSON per chunk. Records
// of one directory say much the same things, so a chunk of several files
// compresses better than each file alone.
std::vector<std::vector<size_t>> GroupIntoChunks(const std::vector<StoredRecord>& records) {
  std::vector<size_t> order(records.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const store::RecordRow &x = records[a].row, &y = records[b].row;
    return std::tie(x.file_path, x.line_number) < std::tie(y.file_path, y.line_number);
  });
  std::vector<std::vector<size_t>> chunks;
  size_t bytes = 0;
  for (size_t i : order) {
    if (chunks.empty() || chunks.back().size() >= store::kMaxChunkRecords ||
        bytes + records[i].text_bytes > store::kMaxChunkJsonBytes) {
      chunks.emplace_back();
      bytes = 0;
    }
    chunks.back().push_back(i);
    bytes += records[i].text_bytes;
  }
  return chunks;
}

// Records ready to write: their rows and encoded chunks, made before the
// write lock is taken (compressing is most of a write's work).
struct PreparedRecords {
  std::vector<StoredRecord> records;
  std::vector<std::vector<size_t>> chunks;  // members of each chunk
  std::vector<std::string> chunk_bytes;
};

PreparedRecords Prepare(std::vector<StoredRecord> records) {
  PreparedRecords out;
  out.records = std::move(records);
  out.chunks = GroupIntoChunks(out.records);
  for (const std::vector<size_t>& members : out.chunks) {
    std::vector<store::ChunkEntry> entries;
    for (size_t i : members) entries.push_back({&out.records[i].row, &out.records[i].json});
    out.chunk_bytes.push_back(store::EncodeChunk(entries));
  }
  return out;
}

Status InsertRow(sqlite3* db, Stmt* st, const store::RecordRow& r, int64_t chunk) {
  st->Reset();
  st->Bind(1, r.id);
  st->Bind(2, r.repo);
  st->Bind(3, r.slug);
  st->Bind(4, r.file_path);
  st->Bind(5, r.line_number);
  st->Bind(6, r.error_code);
  st->Bind(7, r.error_class);
  st->Bind(8, chunk);
  int rc = st->Step();
  if (rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
    return Status::InvalidArgument("record id " + r.id + " (" + r.file_path +
                                   ") already belongs to another repository");
  }
  if (rc == SQLITE_CONSTRAINT_UNIQUE) {
    return Status::InvalidArgument("duplicate slug '" + r.slug + "' in " + r.repo);
  }
  if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot insert record " + r.id);
  return Status::OK();
}

// Inside a write transaction: stores the records (rows in their order,
// which List keeps for ties) and their chunks.
Status WriteRecords(sqlite3* db, const PreparedRecords& prepared) {
  Stmt chunk_st(db, "INSERT INTO record_chunks(data) VALUES(?1)");
  if (Status s = chunk_st.status("cannot insert records"); !s.ok()) return s;
  Stmt row_st(db,
              "INSERT INTO records(id, repo, slug, file_path, line_number, error_code, "
              "error_class, chunk) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  if (Status s = row_st.status("cannot insert records"); !s.ok()) return s;
  std::vector<int64_t> chunk_of(prepared.records.size());
  for (size_t c = 0; c < prepared.chunks.size(); ++c) {
    chunk_st.Reset();
    chunk_st.BindBlob(1, prepared.chunk_bytes[c]);
    if (int rc = chunk_st.Step(); rc != SQLITE_DONE) {
      return SqlError(db, rc, "cannot insert records");
    }
    for (size_t i : prepared.chunks[c]) chunk_of[i] = sqlite3_last_insert_rowid(db);
  }
  for (size_t i = 0; i < prepared.records.size(); ++i) {
    if (Status s = InsertRow(db, &row_st, prepared.records[i].row, chunk_of[i]); !s.ok()) {
      return s;
    }
  }
  return Status::OK();
}

Result<int64_t> CountRows(sqlite3* db, const char* sql) {
  Stmt st(db, sql);
  if (Status s = st.status("cannot count records"); !s.ok()) return s;
  int rc = st.Step();
  if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot count records");
  return st.Int(0);
}

void TestDelay();

// Schema 1 -> 2, inside Migrate's transaction: each record's `json` column
// becomes its chunk body (the JSON as stored, value for value), repository
// by repository in insertion order, so List's ties keep their order.
Status ConvertRecordsToChunks(sqlite3* db, const std::string& path) {
  Result<int64_t> n = CountRows(db, "SELECT count(*) FROM records");
  if (!n.ok()) return n.status();
  std::fprintf(stderr,
               "errdex: %s has the previous store layout (schema 1); converting its %lld "
               "records to the compact layout (schema 2), once; the records stay as they are\n",
               path.c_str(), static_cast<long long>(*n));
  if (Status s = Exec(db,
                      "DROP INDEX IF EXISTS records_by_location; "
                      "ALTER TABLE records RENAME TO records_v1;",
                      "cannot convert the records");
      !s.ok()) {
    return s;
  }
  if (Status s = Exec(db, kRecordTables, "cannot create tables"); !s.ok()) return s;
  std::vector<std::string> repos;
  {
    Stmt st(db, "SELECT DISTINCT repo FROM records_v1 ORDER BY repo");
    if (Status s = st.status("cannot convert the records"); !s.ok()) return s;
    int rc;
    while ((rc = st.Step()) == SQLITE_ROW) repos.push_back(st.Text(0));
    if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot convert the records");
  }
  Stmt rows(db,
            "SELECT id, repo, slug, file_path, line_number, error_code, error_class, json "
            "FROM records_v1 WHERE repo = ?1 ORDER BY rowid");
  if (Status s = rows.status("cannot convert the records"); !s.ok()) return s;
  for (const std::string& repo : repos) {
    rows.Reset();
    rows.Bind(1, repo);
    std::vector<StoredRecord> stored;
    int rc;
    while ((rc = rows.Step()) == SQLITE_ROW) {
      StoredRecord sr;
      sr.row = ReadRow(rows);
      std::string text = rows.Text(7);
      sr.text_bytes = text.size();
      sr.json = nlohmann::json::parse(text, nullptr, false);
      if (!sr.json.is_object()) {
        return Status::Corruption(path + ": the stored JSON of record " + sr.row.id +
                                  " does not parse, so the database cannot be converted to "
                                  "store schema 2; index into a new database (--db)");
      }
      stored.push_back(std::move(sr));
    }
    if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot convert the records of " + repo);
    if (Status s = WriteRecords(db, Prepare(std::move(stored))); !s.ok()) return s;
  }
  if (Status s = Exec(db, "DROP TABLE records_v1", "cannot convert the records"); !s.ok()) {
    return s;
  }
  TestDelay();  // a test kills the conversion here, inside its transaction
  return Status::OK();
}

// Inside a write transaction: deletes the records of `repo` and their chunks.
Status DeleteRecords(sqlite3* db, const std::string& repo) {
  Stmt chunks(db,
              "DELETE FROM record_chunks WHERE id IN (SELECT chunk FROM records WHERE repo = ?1)");
  if (Status s = chunks.status("cannot delete old records"); !s.ok()) return s;
  chunks.Bind(1, repo);
  if (int rc = chunks.Step(); rc != SQLITE_DONE) {
    return SqlError(db, rc, "cannot delete old records of " + repo);
  }
  Stmt del(db, "DELETE FROM records WHERE repo = ?1");
  if (Status s = del.status("cannot delete old records"); !s.ok()) return s;
  del.Bind(1, repo);
  if (int rc = del.Step(); rc != SQLITE_DONE) {
    return SqlError(db, rc, "cannot delete old records of " + repo);
  }
  return Status::OK();
}

// Rejects input the caller must fix before anything is written.
Status ValidateRecords(const RepoInfo& info, const std::vector<Record>& records) {
  if (info.repo.empty()) return Status::InvalidArgument("repository name is empty");
  std::unordered_set<std::string> ids;
  for (const Record& r : records) {
    if (r.id.empty()) {
      return Status::InvalidArgument("record at " + r.file_path + ":" +
                                     std::to_string(r.line_number) + " has no id");
    }
    if (r.repo != info.repo) {
      return Status::InvalidArgument("record " + r.id + " belongs to '" + r.repo + "', not to '" +
                                     info.repo + "'");
    }
    if (!ids.insert(r.id).second) {
      return Status::InvalidArgument("duplicate record id " + r.id + " (" + r.file_path + ":" +
                                     std::to_string(r.line_number) + ")");
    }
  }
  return Status::OK();
}

Status UpsertRepo(sqlite3* db, const RepoInfo& info, int64_t error_count, int64_t seq) {
  Stmt st(db,
          "INSERT INTO repos(repo, sha, analyzed_at, files_indexed, error_count, indexed_seq) "
          "VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(repo) DO UPDATE SET "
          "sha = excluded.sha, analyzed_at = excluded.analyzed_at, "
          "files_indexed = excluded.files_indexed, error_count = excluded.error_count, "
          "indexed_seq = excluded.indexed_seq");
  if (Status s = st.status("cannot update repos"); !s.ok()) return s;
  st.Bind(1, info.repo);
  st.Bind(2, info.sha);
  st.Bind(3, info.analyzed_at);
  st.Bind(4, static_cast<int64_t>(info.files_indexed));
  st.Bind(5, error_count);
  st.Bind(6, seq);
  int rc = st.Step();
  return rc == SQLITE_DONE ? Status::OK() : SqlError(db, rc, "cannot update repo " + info.repo);
}

// 64 random bits in hex: part of the dataset stamp, so two databases (or
// one replaced by a copy of another) never share a stamp by coincidence of
// their clocks and sequence numbers.
std::string RandomNonce() {
  std::random_device rd;
  uint64_t v = (static_cast<uint64_t>(rd()) << 32) ^ rd();
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Bumps dataset_seq, dataset_version and dataset_nonce; returns the new
// sequence number. Every write of records goes through here, which is what
// lets a matcher snapshot be validated by DatasetStamp() alone.
Result<int64_t> BumpDataset(sqlite3* db) {
  Result<std::optional<std::string>> seq = ReadMeta(db, "dataset_seq");
  if (!seq.ok()) return seq.status();
  Result<std::optional<std::string>> version = ReadMeta(db, "dataset_version");
  if (!version.ok()) return version.status();
  int64_t next = (seq->has_value() ? std::atoll((*seq)->c_str()) : 0) + 1;
  if (Status s = WriteMeta(db, "dataset_seq", next); !s.ok()) return s;
  std::string next_version = NextDatasetVersion(version->value_or(""));
  if (Status s = WriteMeta(db, "dataset_version", next_version); !s.ok()) return s;
  if (Status s = WriteMeta(db, "dataset_nonce", RandomNonce()); !s.ok()) return s;
  return next;
}

// Decodes the chunks rows point to, keeping the last few decoded: rows read
// in (file, line) order visit a chunk's records one after the other, and
// its bytes are fetched only when it is not kept.
class ChunkReader {
 public:
  // The chunk of the current row of `st` (a kSelectRecords row); nullptr
  // when it is missing or damaged.
  const store::Chunk* Of(const Stmt& st) {
    int64_t id = st.Int(7);
    if (auto it = kept_.find(id); it != kept_.end()) return it->second ? &*it->second : nullptr;
    if (kept_.size() >= kKept) kept_.clear();
    std::optional<store::Chunk>& slot = kept_[id];
    if (st.IsNull(8)) return nullptr;
    store::Chunk chunk;
    if (!chunk.Decode(st.Blob(8))) return nullptr;
    slot = std::move(chunk);
    return &*slot;
  }

 private:
  static constexpr size_t kKept = 8;
  std::unordered_map<int64_t, std::optional<store::Chunk>> kept_;
};

// The record JSON of a kSelectRecords row (only its matching fields with
// `matching`), or why it cannot be read.
Result<nlohmann::json> RecordJson(const Stmt& st, ChunkReader* chunks, bool matching) {
  store::RecordRow row = ReadRow(st);
  const store::Chunk* chunk = chunks->Of(st);
  if (chunk == nullptr)
    return Status::Corruption("stored chunk of record " + row.id + " is damaged");
  std::optional<nlohmann::json> j = matching ? chunk->Matching(row) : chunk->Full(row);
  if (!j) return Status::Corruption("stored body of record " + row.id + " does not parse");
  return std::move(*j);
}

// Every row of `st` (a kSelectRecords query). One statement reads one
// snapshot, so a concurrent ReplaceRepo is seen entirely or not at all.
Result<std::vector<Record>> ReadRecords(sqlite3* db, Stmt* st, bool matching) {
  std::vector<Record> out;
  ChunkReader chunks;
  int rc;
  while ((rc = st->Step()) == SQLITE_ROW) {
    Result<nlohmann::json> j = RecordJson(*st, &chunks, matching);
    if (!j.ok()) return j.status();
    out.push_back(RecordFromJson(*j));
  }
  if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot list records");
  return out;
}

// Records of `repo` (all when empty) in (repo, file, line) order; rowid
// breaks ties in insertion order, i.e. the order the indexer gave (which is
// also the order slugs were made unique in).
Result<std::vector<Record>> ReadRecords(sqlite3* db, const std::string& repo, bool matching) {
  std::string sql = std::string(kSelectRecords) + (repo.empty() ? "" : "WHERE r.repo = ?1 ") +
                    "ORDER BY r.repo, r.file_path, r.line_number, r.rowid";
  Stmt st(db, sql.c_str());
  if (Status s = st.status("cannot list records"); !s.ok()) return s;
  if (!repo.empty()) st.Bind(1, repo);
  return ReadRecords(db, &st, matching);
}

// The busy handler of a Store with SetWriteWait(): waits up to the
// timeout, telling `waiting` after a second and then every ten.
struct WaitState {
  WriteWait wait;
  std::chrono::steady_clock::time_point since;
  double next_note = 1;
};

int OnBusy(void* arg, int count) {
  auto* w = static_cast<WaitState*>(arg);
  auto now = std::chrono::steady_clock::now();
  if (count == 0) {
    w->since = now;
    w->next_note = 1;
  }
  double waited = std::chrono::duration<double>(now - w->since).count();
  double left = w->wait.timeout_seconds - waited;
  if (left <= 0) return 0;
  if (w->wait.waiting && waited >= w->next_note) {
    w->wait.waiting(waited);
    w->next_note = waited + 10;
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(std::min(0.02, left)));
  return 1;
}

}  // namespace

struct Store::Impl {
  DbPtr db;
  std::string path;
  bool answer_cache_ready = false;
  std::unique_ptr<WaitState> wait;  // set by SetWriteWait
};

namespace {

constexpr const char* kIndexCacheTables = R"sql(
CREATE TABLE IF NOT EXISTS file_cache(
  repo TEXT NOT NULL,
  path TEXT NOT NULL,
  blob TEXT NOT NULL,
  version TEXT NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY(repo, path)
);
CREATE TABLE IF NOT EXISTS index_keys(
  repo TEXT PRIMARY KEY,
  key TEXT NOT NULL,
  summary TEXT NOT NULL
);
)sql";

// Inside a write transaction, when records are written other than by an
// index that keys them: the next index of `repos` must not skip.
Status ForgetIndexKeys(sqlite3* db, const std::set<std::string>& repos) {
  Result<bool> exists = TableExists(db, "index_keys");
  if (!exists.ok()) return exists.status();
  if (!*exists) return Status::OK();
  Stmt del(db, "DELETE FROM index_keys WHERE repo = ?1");
  if (Status s = del.status("cannot update index_keys"); !s.ok()) return s;
  for (const std::string& repo : repos) {
    del.Reset();
    del.Bind(1, repo);
    if (int rc = del.Step(); rc != SQLITE_DONE) return SqlError(db, rc, "cannot update index_keys");
  }
  return Status::OK();
}

// Test hook: with ERRDEX_INDEX_TEST_DELAY_MS set, a write of records (or the
// conversion of an old store) sleeps that long before committing, so tests
// can kill it inside the transaction.
void TestDelay() {
  if (const char* v = std::getenv("ERRDEX_INDEX_TEST_DELAY_MS"); v && *v) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(v)));
  }
}

// Inside a write transaction: the cache of info.repo becomes `cache`.
Status WriteIndexCache(sqlite3* db, const std::string& repo, const IndexCacheUpdate& cache) {
  std::unordered_set<std::string> live(cache.paths.begin(), cache.paths.end());
  std::vector<std::string> stale;
  {
    Stmt st(db, "SELECT path, version FROM file_cache WHERE repo = ?1");
    if (Status s = st.status("cannot read file_cache"); !s.ok()) return s;
    st.Bind(1, repo);
    int rc;
    while ((rc = st.Step()) == SQLITE_ROW) {
      if (!live.contains(st.Text(0)) || st.Text(1) != cache.version) stale.push_back(st.Text(0));
    }
    if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot read file_cache");
  }
  Stmt del(db, "DELETE FROM file_cache WHERE repo = ?1 AND path = ?2");
  if (Status s = del.status("cannot prune file_cache"); !s.ok()) return s;
  for (const std::string& path : stale) {
    del.Reset();
    del.Bind(1, repo);
    del.Bind(2, path);
    if (int rc = del.Step(); rc != SQLITE_DONE) return SqlError(db, rc, "cannot prune file_cache");
  }
  Stmt put(db,
           "INSERT INTO file_cache(repo, path, blob, version, data) VALUES(?1, ?2, ?3, ?4, ?5) "
           "ON CONFLICT(repo, path) DO UPDATE SET blob = excluded.blob, "
           "version = excluded.version, data = excluded.data");
  if (Status s = put.status("cannot write file_cache"); !s.ok()) return s;
  for (const CachedExtraction& c : cache.put) {
    put.Reset();
    put.Bind(1, repo);
    put.Bind(2, c.path);
    put.Bind(3, c.blob);
    put.Bind(4, cache.version);
    put.BindBlob(5, c.data);
    if (int rc = put.Step(); rc != SQLITE_DONE) return SqlError(db, rc, "cannot write file_cache");
  }
  Stmt key(db,
           "INSERT INTO index_keys(repo, key, summary) VALUES(?1, ?2, ?3) "
           "ON CONFLICT(repo) DO UPDATE SET key = excluded.key, summary = excluded.summary");
  if (Status s = key.status("cannot write index_keys"); !s.ok()) return s;
  key.Bind(1, repo);
  key.Bind(2, cache.index_key);
  key.Bind(3, cache.summary);
  int rc = key.Step();
  return rc == SQLITE_DONE ? Status::OK() : SqlError(db, rc, "cannot write index_keys");
}

}  // namespace

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::~Store() = default;

Result<std::unique_ptr<Store>> Store::OpenExisting(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return Status::InvalidArgument("no database at " + path + " (`errdex index PATH --db " + path +
                                   "` creates it)");
  }
  return Open(path);
}

Result<std::unique_ptr<Store>> Store::Open(const std::string& path) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) return Status::IOError("cannot create " + parent.string() + ": " + ec.message());
  }
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  DbPtr db(raw);  // sqlite3_open_v2 allocates a handle even on failure
  if (rc != SQLITE_OK) return SqlError(db.get(), rc, "cannot open " + path);
  if (Status s = ConfigureConnection(db.get()); !s.ok()) return s;
  // Check before anything writes: a foreign or newer file stays untouched.
  Result<int> version = StoredSchemaVersion(db.get(), path);
  if (!version.ok()) return version.status();
  if (Status s = CheckKnownVersion(*version, path); !s.ok()) return s;
  if (Status s = EnableWal(db.get()); !s.ok()) return s;
  // Only a new or older file takes the write lock; opening an up-to-date
  // store never waits for a running ReplaceRepo.
  if (*version < kStoreSchemaVersion) {
    if (Status s = Migrate(db.get(), path); !s.ok()) return s;
    // A converted file gives its old pages back to the file system; when
    // another connection keeps that from happening, the file stays larger
    // and SQLite reuses the free pages.
    if (*version >= 1) sqlite3_exec(db.get(), "VACUUM", nullptr, nullptr, nullptr);
  }
  auto impl = std::make_unique<Impl>();
  impl->db = std::move(db);
  impl->path = path;
  return std::unique_ptr<Store>(new Store(std::move(impl)));
}

void Store::SetWriteWait(WriteWait wait) {
  impl_->wait = std::make_unique<WaitState>();
  impl_->wait->wait = std::move(wait);
  sqlite3_busy_handler(impl_->db.get(), OnBusy, impl_->wait.get());
}

Status Store::ReplaceRepo(const RepoInfo& info, const std::vector<Record>& records,
                          const IndexCacheUpdate* cache) {
  if (Status s = ValidateRecords(info, records); !s.ok()) return s;
  std::vector<StoredRecord> stored;
  stored.reserve(records.size());
  for (const Record& r : records) stored.push_back(ToStored(r));
  PreparedRecords prepared = Prepare(std::move(stored));
  sqlite3* db = impl_->db.get();
  Transaction txn(db);
  if (Status s = txn.Begin(); !s.ok()) {
    if ((sqlite3_errcode(db) & 0xff) != SQLITE_BUSY) return s;
    double waited = impl_->wait ? impl_->wait->wait.timeout_seconds : kBusyTimeoutMs / 1000.0;
    char secs[32];
    std::snprintf(secs, sizeof secs, "%g", waited);
    return Status::IOError("another errdex is still writing to " + impl_->path +
                           "; gave up waiting after " + secs +
                           " s (--lock-timeout SECONDS waits longer); nothing was written");
  }
  if (cache != nullptr) {
    if (Status s = Exec(db, kIndexCacheTables, "cannot create the index cache tables"); !s.ok()) {
      return s;
    }
    if (Status s = WriteIndexCache(db, info.repo, *cache); !s.ok()) return s;
  } else if (Status s = ForgetIndexKeys(db, {info.repo}); !s.ok()) {
    return s;
  }
  if (Status s = DeleteRecords(db, info.repo); !s.ok()) return s;
  if (Status s = WriteRecords(db, prepared); !s.ok()) return s;
  Result<int64_t> seq = BumpDataset(db);
  if (!seq.ok()) return seq.status();
  if (Status s = UpsertRepo(db, info, static_cast<int64_t>(records.size()), *seq); !s.ok()) {
    return s;
  }
  TestDelay();
  return txn.Commit();
}

Result<std::vector<CachedExtraction>> Store::CachedExtractions(const std::string& repo,
                                                               const std::string& version) {
  sqlite3* db = impl_->db.get();
  std::vector<CachedExtraction> out;
  Result<bool> exists = TableExists(db, "file_cache");
  if (!exists.ok()) return exists.status();
  if (!*exists) return out;
  Stmt st(db, "SELECT path, blob, data FROM file_cache WHERE repo = ?1 AND version = ?2");
  if (Status s = st.status("cannot read file_cache"); !s.ok()) return s;
  st.Bind(1, repo);
  st.Bind(2, version);
  int rc;
  while ((rc = st.Step()) == SQLITE_ROW) {
    out.push_back(CachedExtraction{st.Text(0), st.Text(1), st.Blob(2)});
  }
  if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot read file_cache");
  return out;
}

Result<LastIndexInfo> Store::LastIndex(const std::string& repo) {
  sqlite3* db = impl_->db.get();
  Result<bool> exists = TableExists(db, "index_keys");
  if (!exists.ok()) return exists.status();
  if (!*exists) return LastIndexInfo();
  Stmt st(db, "SELECT key, summary FROM index_keys WHERE repo = ?1");
  if (Status s = st.status("cannot read index_keys"); !s.ok()) return s;
  st.Bind(1, repo);
  int rc = st.Step();
  if (rc == SQLITE_DONE) return LastIndexInfo();
  if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot read index_keys");
  return LastIndexInfo{st.Text(0), st.Text(1)};
}

Result<Record> Store::Get(const std::string& id) {
  sqlite3* db = impl_->db.get();
  Stmt st(db, (std::string(kSelectRecords) + "WHERE r.id = ?1").c_str());
  if (Status s = st.status("cannot look up record"); !s.ok()) return s;
  st.Bind(1, id);
  int rc = st.Step();
  if (rc == SQLITE_DONE) return Status::NotFound("no record with id '" + id + "'");
  if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot look up record " + id);
  ChunkReader chunks;
  Result<nlohmann::json> j = RecordJson(st, &chunks, false);
  if (!j.ok()) return j.status();
  return RecordFromJson(*j);
}

namespace {

// The stored spelling of `repo` ("Pallets/Flask" -> "pallets/flask"), or
// `repo` itself when no stored name matches without case.
Result<std::string> CanonicalRepo(sqlite3* db, const std::string& repo) {
  if (repo.empty()) return repo;
  Stmt st(db, "SELECT repo FROM repos WHERE repo = ?1 COLLATE NOCASE ORDER BY repo = ?1 DESC");
  if (Status s = st.status("cannot look up repository"); !s.ok()) return s;
  st.Bind(1, repo);
  int rc = st.Step();
  if (rc == SQLITE_ROW) return st.Text(0);
  if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot look up repository " + repo);
  return repo;
}

bool IsHexPrefix(std::string_view s) {
  return s.size() >= 4 && s.size() <= 16 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

Result<std::vector<std::string>> Store::FindIds(std::string_view ref, size_t limit) {
  sqlite3* db = impl_->db.get();
  std::string r(ref);
  while (!r.empty() && r.front() == '/') r.erase(0, 1);
  while (!r.empty() && r.back() == '/') r.pop_back();
  std::vector<std::string> parts;
  for (size_t at = 0; at <= r.size();) {
    size_t slash = std::min(r.find('/', at), r.size());
    parts.push_back(r.substr(at, slash - at));
    at = slash + 1;
  }
  std::string slug = parts.back(), repo;
  if (parts.size() == 3) repo = parts[0] + "/" + parts[1];
  if (parts.size() != 1 && parts.size() != 3) return std::vector<std::string>();
  bool by_id = IsHexPrefix(r);
  // An id prefix is a range scan on the primary key; a slug (unique per
  // repository) scans, which is fine for a command a person types.
  Stmt st(db, by_id
                  ? "SELECT id FROM records WHERE id >= ?1 AND id < ?1 || 'g' ORDER BY id LIMIT ?2"
                  : "SELECT id FROM records WHERE slug = ?1 AND (?3 = '' OR repo = ?3 COLLATE "
                    "NOCASE) ORDER BY id LIMIT ?2");
  if (Status s = st.status("cannot look up records"); !s.ok()) return s;
  st.Bind(1, by_id ? r : slug);
  st.Bind(2, static_cast<int64_t>(limit));
  if (!by_id) st.Bind(3, repo);
  std::vector<std::string> out;
  int rc;
  while ((rc = st.Step()) == SQLITE_ROW) out.push_back(st.Text(0));
  if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot look up records");
  return out;
}

Result<std::vector<Record>> Store::List(const std::string& repo_arg) {
  sqlite3* db = impl_->db.get();
  Result<std::string> canonical = CanonicalRepo(db, repo_arg);
  if (!canonical.ok()) return canonical.status();
  return ReadRecords(db, *canonical, false);
}

Result<std::vector<Record>> Store::ListForMatching(const std::string& repo_arg) {
  sqlite3* db = impl_->db.get();
  Result<std::string> canonical = CanonicalRepo(db, repo_arg);
  if (!canonical.ok()) return canonical.status();
  // Only the small matching part of each body is parsed; the source
  // window and prose are what made List() slow.
  return ReadRecords(db, *canonical, true);
}

Result<std::vector<RepoInfo>> Store::Repos() {
  sqlite3* db = impl_->db.get();
  Stmt st(db,
          "SELECT repo, sha, analyzed_at, files_indexed, error_count, indexed_seq FROM repos "
          "ORDER BY repo");
  if (Status s = st.status("cannot list repositories"); !s.ok()) return s;
  std::vector<RepoInfo> out;
  int rc;
  while ((rc = st.Step()) == SQLITE_ROW) {
    RepoInfo info;
    info.repo = st.Text(0);
    info.sha = st.Text(1);
    info.analyzed_at = st.Text(2);
    info.files_indexed = static_cast<int>(st.Int(3));
    info.error_count = static_cast<int>(st.Int(4));
    info.indexed_seq = st.Int(5);
    out.push_back(std::move(info));
  }
  if (rc != SQLITE_DONE) return SqlError(db, rc, "cannot list repositories");
  return out;
}

Result<std::string> Store::DatasetVersion() {
  Result<std::optional<std::string>> v = ReadMeta(impl_->db.get(), "dataset_version");
  if (!v.ok()) return v.status();
  return v->value_or("");
}

Result<std::string> Store::DatasetStamp() {
  // One statement reads one snapshot of the table: the three values always
  // come from the same write.
  sqlite3* db = impl_->db.get();
  Stmt st(db,
          "SELECT group_concat(key || '=' || value, ';') FROM (SELECT key, value FROM meta "
          "WHERE key IN ('dataset_version', 'dataset_seq', 'dataset_nonce') ORDER BY key)");
  if (Status s = st.status("cannot read the dataset stamp"); !s.ok()) return s;
  int rc = st.Step();
  if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot read the dataset stamp");
  std::string stamp = st.Text(0);
  // No dataset_version: nothing was ever indexed (or the file predates
  // versions); no stamp, so no snapshot is trusted.
  if (stamp.find("dataset_version=") == std::string::npos) return std::string();
  return stamp;
}

Result<StoreCheck> Store::Check() {
  sqlite3* db = impl_->db.get();
  StoreCheck out;
  // At most this many problems of one kind are listed one by one.
  constexpr size_t kListed = 10;
  {
    Stmt st(db, "PRAGMA integrity_check(10)");
    if (Status s = st.status("cannot run integrity_check"); !s.ok()) return s;
    int rc;
    while ((rc = st.Step()) == SQLITE_ROW) {
      if (std::string row = st.Text(0); row != "ok") out.problems.push_back("sqlite: " + row);
    }
    if (rc != SQLITE_DONE) {
      out.problems.push_back(std::string("sqlite: integrity_check failed: ") + sqlite3_errmsg(db));
      return out;
    }
  }
  Result<int> version = StoredSchemaVersion(db, impl_->path);
  if (!version.ok()) {
    out.problems.push_back(version.status().message());
    return out;
  }
  out.schema_version = *version;
  for (const char* table : {"meta", "repos", "records", "record_chunks"}) {
    Result<bool> exists = TableExists(db, table);
    if (!exists.ok() || !*exists)
      out.problems.push_back(std::string("table ") + table + " missing");
  }
  if (!out.problems.empty()) return out;
  std::map<std::string, int64_t> per_repo;
  size_t bad = 0;
  {
    // In chunk order, so that each chunk is decompressed once.
    Stmt st(db, (std::string(kSelectRecords) + "ORDER BY r.chunk, r.rowid").c_str());
    if (Status s = st.status("cannot read records"); !s.ok()) return s;
    ChunkReader chunks;
    int rc;
    while ((rc = st.Step()) == SQLITE_ROW) {
      ++out.records;
      std::string id = st.Text(0), repo = st.Text(1), slug = st.Text(2);
      ++per_repo[repo];
      Result<nlohmann::json> stored = RecordJson(st, &chunks, false);
      std::string why;
      if (!stored.ok()) {
        why = chunks.Of(st) == nullptr ? "its stored chunk is damaged"
                                       : "its stored JSON does not parse";
      } else if (const nlohmann::json& j = *stored; j.value("id", nlohmann::json()) != id ||
                                                    j.value("repo", nlohmann::json()) != repo ||
                                                    j.value("slug", nlohmann::json()) != slug) {
        why = "its stored JSON names another id, repository or slug";
      } else if (Record r = RecordFromJson(j);
                 RecordId(r.repo, r.error_code, r.error_message, r.file_path) != id &&
                 // Before category codes gave way to the message (2026-12-05).
                 RecordId(r.repo, std::nullopt, r.error_code.value_or(r.error_message),
                          r.file_path) != id) {
        why = "its id is not the hash of its message and file";
      }
      if (why.empty()) continue;
      if (++bad <= kListed) out.problems.push_back("record " + id + " (" + repo + "): " + why);
    }
    if (rc != SQLITE_DONE) {
      out.problems.push_back(std::string("records unreadable: ") + sqlite3_errmsg(db));
      return out;
    }
    if (bad > kListed) {
      out.problems.push_back("... and " + std::to_string(bad - kListed) + " more damaged records");
    }
  }
  {
    Stmt st(db, "SELECT repo, error_count FROM repos ORDER BY repo");
    if (Status s = st.status("cannot read repos"); !s.ok()) return s;
    int rc;
    while ((rc = st.Step()) == SQLITE_ROW) {
      ++out.repos;
      std::string repo = st.Text(0);
      int64_t stored = per_repo.count(repo) ? per_repo[repo] : 0;
      if (st.Int(1) != stored) {
        out.problems.push_back("repository " + repo + ": " + std::to_string(st.Int(1)) +
                               " records counted, " + std::to_string(stored) + " stored");
      }
      per_repo.erase(repo);
    }
    if (rc != SQLITE_DONE) {
      out.problems.push_back(std::string("repos unreadable: ") + sqlite3_errmsg(db));
      return out;
    }
    for (const auto& [repo, n] : per_repo) {
      out.problems.push_back(std::to_string(n) + " records of " + repo +
                             ", a repository the database does not list");
    }
  }
  {
    Stmt st(db, "SELECT count(*) FROM record_chunks WHERE id NOT IN (SELECT chunk FROM records)");
    if (Status s = st.status("cannot read record_chunks"); !s.ok()) return s;
    if (st.Step() == SQLITE_ROW && st.Int(0) > 0) {
      out.problems.push_back(std::to_string(st.Int(0)) +
                             " stored record chunks that no record points to");
    }
  }
  return out;
}

namespace {

constexpr const char* kAnswerCacheTable = R"sql(
CREATE TABLE IF NOT EXISTS llm_cache(
  site_hash TEXT NOT NULL,
  model TEXT NOT NULL,
  prompt_version INT NOT NULL,
  answer TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY(site_hash, model, prompt_version)
) WITHOUT ROWID;
)sql";

// The fields a reader identifies or matches a record by; UpdateRecords
// refuses to change them (the copies in the other columns would go stale).
bool SameIdentity(const Record& a, const Record& b) {
  return a.id == b.id && a.repo == b.repo && a.slug == b.slug && a.file_path == b.file_path &&
         a.line_number == b.line_number && a.error_message == b.error_message &&
         a.message_pattern == b.message_pattern && a.error_class == b.error_class &&
         a.error_code == b.error_code;
}

}  // namespace

Result<int> Store::UpdateRecords(const std::vector<std::string>& ids,
                                 const std::function<bool(Record*)>& update) {
  sqlite3* db = impl_->db.get();
  Transaction txn(db);
  if (Status s = txn.Begin(); !s.ok()) return s;
  Stmt get(db, (std::string(kSelectRecords) + "WHERE r.id = ?1").c_str());
  if (Status s = get.status("cannot read records"); !s.ok()) return s;
  // A chunk is rewritten whole: every record in it is read back first.
  Stmt member(db, (std::string(kSelectRecords) + "WHERE r.id = ?1 AND r.chunk = ?2").c_str());
  if (Status s = member.status("cannot read records"); !s.ok()) return s;
  struct Touched {
    std::vector<StoredRecord> records;
    bool changed = false;
  };
  std::map<int64_t, Touched> touched;
  int written = 0;
  std::set<std::string> changed_repos;
  for (const std::string& id : ids) {
    get.Reset();
    get.Bind(1, id);
    int rc = get.Step();
    if (rc == SQLITE_DONE) continue;
    if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot read record " + id);
    int64_t chunk_id = get.Int(7);
    auto [it, added] = touched.try_emplace(chunk_id);
    if (added) {
      store::Chunk chunk;
      if (get.IsNull(8) || !chunk.Decode(get.Blob(8))) {
        return Status::Corruption("stored chunk of record " + id + " is damaged");
      }
      for (const std::string& other : chunk.Ids()) {
        member.Reset();
        member.Bind(1, other);
        member.Bind(2, chunk_id);
        if (rc = member.Step(); rc != SQLITE_ROW) {
          return Status::Corruption("stored chunk of record " + id + " holds record " + other +
                                    ", which does not point to it");
        }
        StoredRecord sr;
        sr.row = ReadRow(member);
        std::optional<nlohmann::json> j = chunk.Full(sr.row);
        if (!j) return Status::Corruption("stored body of record " + other + " does not parse");
        sr.json = std::move(*j);
        it->second.records.push_back(std::move(sr));
      }
    }
    auto sr = std::find_if(it->second.records.begin(), it->second.records.end(),
                           [&](const StoredRecord& x) { return x.row.id == id; });
    if (sr == it->second.records.end()) {
      return Status::Corruption("stored chunk of record " + id + " does not hold it");
    }
    Record stored = RecordFromJson(sr->json);
    Record changed = stored;
    if (!update(&changed)) continue;
    if (!SameIdentity(stored, changed)) {
      return Status::InvalidArgument("update of record " + id + " changes its identity");
    }
    sr->json = ToJson(changed);
    it->second.changed = true;
    ++written;
    changed_repos.insert(stored.repo);
  }
  Stmt put(db, "UPDATE record_chunks SET data = ?2 WHERE id = ?1");
  if (Status s = put.status("cannot update records"); !s.ok()) return s;
  for (const auto& [chunk_id, t] : touched) {
    if (!t.changed) continue;
    std::vector<store::ChunkEntry> entries;
    for (const StoredRecord& sr : t.records) entries.push_back({&sr.row, &sr.json});
    put.Reset();
    put.Bind(1, chunk_id);
    put.BindBlob(2, store::EncodeChunk(entries));
    if (int rc = put.Step(); rc != SQLITE_DONE) return SqlError(db, rc, "cannot update records");
  }
  if (written == 0) return 0;  // rolls back an empty transaction
  // The records now differ from what their index key says an index
  // writes: the next index of these repositories must not skip.
  if (Status s = ForgetIndexKeys(db, changed_repos); !s.ok()) return s;
  Result<int64_t> seq = BumpDataset(db);
  if (!seq.ok()) return seq.status();
  // ... and their matcher segments are stale.
  Stmt mark(db, "UPDATE repos SET indexed_seq = ?2 WHERE repo = ?1");
  if (Status s = mark.status("cannot update repos"); !s.ok()) return s;
  for (const std::string& repo : changed_repos) {
    mark.Reset();
    mark.Bind(1, repo);
    mark.Bind(2, *seq);
    if (int rc = mark.Step(); rc != SQLITE_DONE) return SqlError(db, rc, "cannot update repos");
  }
  if (Status s = txn.Commit(); !s.ok()) return s;
  return written;
}

Status Store::EnsureAnswerCache() {
  if (impl_->answer_cache_ready) return Status::OK();
  Status s = Exec(impl_->db.get(), kAnswerCacheTable, "cannot create the llm_cache table");
  impl_->answer_cache_ready = s.ok();
  return s;
}

Result<std::optional<std::string>> Store::CachedAnswer(const AnswerKey& key) {
  if (Status s = EnsureAnswerCache(); !s.ok()) return s;
  sqlite3* db = impl_->db.get();
  Stmt st(db,
          "SELECT answer FROM llm_cache WHERE site_hash = ?1 AND model = ?2 AND "
          "prompt_version = ?3");
  if (Status s = st.status("cannot read llm_cache"); !s.ok()) return s;
  st.Bind(1, key.site_hash);
  st.Bind(2, key.model);
  st.Bind(3, static_cast<int64_t>(key.prompt_version));
  int rc = st.Step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return SqlError(db, rc, "cannot read llm_cache");
  return std::optional<std::string>(st.Text(0));
}

Status Store::PutCachedAnswer(const AnswerKey& key, const std::string& answer) {
  if (Status s = EnsureAnswerCache(); !s.ok()) return s;
  sqlite3* db = impl_->db.get();
  // One autocommit statement per answer: a killed run keeps every answer it
  // was paid for.
  Stmt st(db,
          "INSERT INTO llm_cache(site_hash, model, prompt_version, answer, created_at) "
          "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT DO UPDATE SET answer = excluded.answer, "
          "created_at = excluded.created_at");
  if (Status s = st.status("cannot write llm_cache"); !s.ok()) return s;
  st.Bind(1, key.site_hash);
  st.Bind(2, key.model);
  st.Bind(3, static_cast<int64_t>(key.prompt_version));
  st.Bind(4, answer);
  st.Bind(5, FormatMillis(NowMillis()));
  int rc = st.Step();
  return rc == SQLITE_DONE ? Status::OK() : SqlError(db, rc, "cannot write llm_cache");
}

std::string DefaultDbPath() {
  if (const char* env = std::getenv("ERRDEX_DB"); env && *env) return env;
  const char* home = std::getenv("HOME");
  std::string base = home && *home ? home : ".";
  return base + "/.local/share/errdex/errdex.db";
}

}  // namespace errdex
