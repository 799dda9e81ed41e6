// Tests for the SQLite store: replace semantics, atomicity under failure and
// concurrent reads, dataset versions, and refusing files it must not touch.
#include "errdex/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <thread>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

Record MakeRecord(const std::string& repo, const std::string& message, const std::string& path,
                  int line) {
  Record r;
  r.repo = repo;
  r.error_message = message;
  r.message_pattern = message;
  r.error_class = "ValueError";
  r.file_path = path;
  r.line_number = line;
  r.kind = "raise";
  r.language = "python";
  r.id = RecordId(repo, std::nullopt, message, path);
  r.slug = BaseSlug(std::nullopt, message);
  return r;
}

// `n` records of `repo` whose messages start with `prefix`.
std::vector<Record> MakeSet(const std::string& repo, const std::string& prefix, int n) {
  std::vector<Record> rs;
  for (int i = 0; i < n; ++i) {
    rs.push_back(MakeRecord(repo, prefix + " " + std::to_string(i),
                            "f" + std::to_string(i % 3) + ".py", 100 - i));
  }
  return rs;
}

RepoInfo Info(const std::string& repo, const std::string& sha = "abc") {
  RepoInfo info;
  info.repo = repo;
  info.sha = sha;
  info.analyzed_at = "2026-01-01T00:00:00.000Z";
  info.files_indexed = 3;
  return info;
}

std::unique_ptr<Store> OpenOrDie(const std::string& path) {
  Result<std::unique_ptr<Store>> s = Store::Open(path);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? std::move(*s) : nullptr;
}

std::set<std::string> Ids(const std::vector<Record>& rs) {
  std::set<std::string> ids;
  for (const Record& r : rs) ids.insert(r.id);
  return ids;
}

std::string Version(Store* store) {
  Result<std::string> v = store->DatasetVersion();
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  return v.ok() ? *v : "";
}

// Sets meta.schema_version directly, as a newer errdex would have.
void ForceSchemaVersion(const std::string& path, int version) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  std::string sql =
      "UPDATE meta SET value = " + std::to_string(version) + " WHERE key = 'schema_version'";
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  // Fold the WAL back into the main file so the file bytes are final.
  EXPECT_EQ(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
}

TEST(StoreTest, ReplaceThenRead) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("db/nested/errdex.db"));  // parents are created
  ASSERT_TRUE(store);
  EXPECT_EQ(Version(store.get()), "");
  std::vector<Record> rs = MakeSet("o/r", "bad value", 6);
  rs[0].http_status = 400;
  rs[0].conditions = nlohmann::json::array({{{"expr", "x"}, {"polarity", false}}});
  ASSERT_TRUE(store->ReplaceRepo(Info("o/r"), rs).ok());

  Result<Record> got = store->Get(rs[0].id);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(RecordToJsonText(*got), RecordToJsonText(rs[0]));

  Result<std::vector<Record>> all = store->List("o/r");
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), rs.size());
  for (size_t i = 1; i < all->size(); ++i) {
    const Record& a = (*all)[i - 1];
    const Record& b = (*all)[i];
    EXPECT_TRUE(std::tie(a.file_path, a.line_number) < std::tie(b.file_path, b.line_number));
  }
  EXPECT_EQ(Ids(*all), Ids(rs));

  Result<std::vector<RepoInfo>> repos = store->Repos();
  ASSERT_TRUE(repos.ok());
  ASSERT_EQ(repos->size(), 1u);
  EXPECT_EQ((*repos)[0].repo, "o/r");
  EXPECT_EQ((*repos)[0].sha, "abc");
  EXPECT_EQ((*repos)[0].error_count, 6);
  EXPECT_EQ((*repos)[0].files_indexed, 3);
  EXPECT_NE(Version(store.get()), "");
}

// explain reads only what matching needs; every such field comes back as
// stored, the prose stays in the database until a hit is shown.
TEST(StoreTest, ListForMatchingCarriesTheMatchingFieldsOnly) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::vector<Record> rs = MakeSet("o/r", "bad value", 3);
  rs[0].error_code = "E42";
  rs[0].holes = {{"{v}", "v"}};
  rs[0].message_opaque = true;
  rs[0].other_lines = {7, 9};
  rs[0].function = "Cfg.load";
  rs[0].severity = "info";
  rs[0].documentation = "long prose";
  rs[0].source_code = "def load():\n    raise ValueError";
  ASSERT_TRUE(store->ReplaceRepo(Info("o/r"), rs).ok());
  Result<std::vector<Record>> light = store->ListForMatching("o/r");
  Result<std::vector<Record>> full = store->List("o/r");
  ASSERT_TRUE(light.ok() && full.ok());
  ASSERT_EQ(light->size(), full->size());
  for (size_t i = 0; i < light->size(); ++i) {
    const Record& l = (*light)[i];
    const Record& f = (*full)[i];
    EXPECT_EQ(l.id, f.id);
    EXPECT_EQ(std::tie(l.repo, l.slug, l.file_path, l.line_number, l.other_lines),
              std::tie(f.repo, f.slug, f.file_path, f.line_number, f.other_lines));
    EXPECT_EQ(std::tie(l.error_code, l.error_class, l.error_message, l.message_pattern),
              std::tie(f.error_code, f.error_class, f.error_message, f.message_pattern));
    EXPECT_EQ(std::tie(l.message_opaque, l.language, l.kind, l.function, l.severity),
              std::tie(f.message_opaque, f.language, f.kind, f.function, f.severity));
    ASSERT_EQ(l.holes.size(), f.holes.size());
    for (size_t h = 0; h < l.holes.size(); ++h) {
      EXPECT_EQ(l.holes[h].text, f.holes[h].text);
      EXPECT_EQ(l.holes[h].expr, f.holes[h].expr);
    }
    EXPECT_EQ(l.documentation, "");
    EXPECT_EQ(l.source_code, "");
  }
  const Record& first = *std::find_if(light->begin(), light->end(),
                                      [&](const Record& r) { return r.id == rs[0].id; });
  EXPECT_EQ(first.error_code, "E42");
  EXPECT_EQ(first.severity, "info");  // the matcher ranks info below error
  EXPECT_TRUE(first.message_opaque);
  EXPECT_EQ(first.other_lines, (std::vector<int>{7, 9}));
  EXPECT_EQ(light->size(), store->ListForMatching("")->size());
  EXPECT_TRUE(store->ListForMatching("x/none")->empty());
}

TEST(StoreTest, PersistsAcrossReopen) {
  TempDir dir;
  std::string path = dir.Join("errdex.db");
  std::vector<Record> rs = MakeSet("o/r", "kept", 3);
  std::string version;
  {
    auto store = OpenOrDie(path);
    ASSERT_TRUE(store->ReplaceRepo(Info("o/r"), rs).ok());
    version = Version(store.get());
  }
  auto store = OpenOrDie(path);
  ASSERT_TRUE(store);
  EXPECT_EQ(Version(store.get()), version);
  EXPECT_EQ(Ids(*store->List("")), Ids(rs));
}

TEST(StoreTest, ReindexReplacesOldRecords) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::vector<Record> old_set = MakeSet("o/r", "old", 5);
  std::vector<Record> new_set = MakeSet("o/r", "new", 2);
  ASSERT_TRUE(store->ReplaceRepo(Info("o/r", "sha1"), old_set).ok());
  ASSERT_TRUE(store->ReplaceRepo(Info("o/r", "sha2"), new_set).ok());
  EXPECT_EQ(Ids(*store->List("o/r")), Ids(new_set));
  for (const Record& r : old_set) {
    EXPECT_EQ(store->Get(r.id).status().code(), Status::Code::kNotFound);
  }
  EXPECT_EQ((*store->Repos())[0].sha, "sha2");
  EXPECT_EQ((*store->Repos())[0].error_count, 2);

  ASSERT_TRUE(store->ReplaceRepo(Info("o/r", "sha3"), {}).ok());  // no errors left
  EXPECT_TRUE(store->List("o/r")->empty());
  EXPECT_EQ(store->Repos()->size(), 1u);
}

TEST(StoreTest, DuplicateIdInInputIsRejectedAndChangesNothing) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::vector<Record> good = MakeSet("o/r", "good", 4);
  ASSERT_TRUE(store->ReplaceRepo(Info("o/r", "sha1"), good).ok());
  std::string version = Version(store.get());

  std::vector<Record> bad = MakeSet("o/r", "bad", 3);
  bad.push_back(bad[1]);
  bad.back().slug = "another-slug";
  Status s = store->ReplaceRepo(Info("o/r", "sha2"), bad);
  EXPECT_EQ(s.code(), Status::Code::kInvalidArgument);
  EXPECT_NE(s.message().find(bad[1].id), std::string::npos) << s.message();

  EXPECT_EQ(Ids(*store->List("o/r")), Ids(good));
  EXPECT_EQ(Version(store.get()), version);
  EXPECT_EQ((*store->Repos())[0].sha, "sha1");
}

TEST(StoreTest, FailureAfterPartialWritesRollsBack) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::vector<Record> good = MakeSet("o/r", "good", 4);
  ASSERT_TRUE(store->ReplaceRepo(Info("o/r", "sha1"), good).ok());
  std::string version = Version(store.get());

  // Distinct ids, but the last record repeats a slug: the delete and the
  // first inserts have run inside the transaction when SQLite rejects it.
  std::vector<Record> bad = MakeSet("o/r", "bad", 3);
  bad[2].slug = bad[0].slug;
  Status s = store->ReplaceRepo(Info("o/r", "sha2"), bad);
  EXPECT_EQ(s.code(), Status::Code::kInvalidArgument) << s.ToString();
  EXPECT_NE(s.message().find(bad[0].slug), std::string::npos) << s.message();

  EXPECT_EQ(Ids(*store->List("o/r")), Ids(good));
  EXPECT_EQ(Version(store.get()), version);
  EXPECT_EQ((*store->Repos())[0].sha, "sha1");
  // The store is still usable afterwards.
  EXPECT_TRUE(store->ReplaceRepo(Info("o/r", "sha3"), MakeSet("o/r", "fine", 2)).ok());
}

TEST(StoreTest, RejectsRecordsOfAnotherRepo) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::vector<Record> rs = MakeSet("o/r", "x", 2);
  EXPECT_EQ(store->ReplaceRepo(Info("o/other"), rs).code(), Status::Code::kInvalidArgument);
  EXPECT_TRUE(store->List("")->empty());
  EXPECT_TRUE(store->Repos()->empty());
}

// "YYYY-MM-DDTHH:MM:SS.mmmZ"; a hand check keeps std::regex (and its
// spurious -Wmaybe-uninitialized warnings) out of the build.
bool IsIsoMillis(const std::string& v) {
  const std::string shape = "dddd-dd-ddTdd:dd:dd.dddZ";
  if (v.size() != shape.size()) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (shape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(v[i])) : v[i] != shape[i]) {
      return false;
    }
  }
  return true;
}

TEST(StoreTest, DatasetVersionStrictlyIncreases) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::string previous;
  for (int i = 0; i < 25; ++i) {
    std::string repo = i % 2 ? "a/one" : "b/two";
    ASSERT_TRUE(store->ReplaceRepo(Info(repo), MakeSet(repo, "m" + std::to_string(i), 2)).ok());
    std::string v = Version(store.get());
    EXPECT_TRUE(IsIsoMillis(v)) << v;
    EXPECT_GT(v, previous);
    previous = v;
  }
}

TEST(StoreTest, TwoReposCoexist) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  std::vector<Record> a = MakeSet("z/a", "same message", 3);
  std::vector<Record> b = MakeSet("b/b", "same message", 2);  // same slugs, other repo
  ASSERT_TRUE(store->ReplaceRepo(Info("z/a"), a).ok());
  ASSERT_TRUE(store->ReplaceRepo(Info("b/b"), b).ok());
  EXPECT_EQ(Ids(*store->List("z/a")), Ids(a));
  EXPECT_EQ(Ids(*store->List("b/b")), Ids(b));
  Result<std::vector<Record>> all = store->List("");
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 5u);
  EXPECT_EQ((*all)[0].repo, "b/b");  // ordered by repo first
  EXPECT_EQ(all->back().repo, "z/a");
  Result<std::vector<RepoInfo>> repos = store->Repos();
  ASSERT_EQ(repos->size(), 2u);
  EXPECT_EQ((*repos)[0].repo, "b/b");
  EXPECT_EQ((*repos)[1].repo, "z/a");

  // Re-indexing one leaves the other alone.
  ASSERT_TRUE(store->ReplaceRepo(Info("z/a"), {}).ok());
  EXPECT_EQ(Ids(*store->List("b/b")), Ids(b));
}

TEST(StoreTest, GetUnknownIdIsNotFound) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("errdex.db"));
  Result<Record> r = store->Get("0123456789abcdef");
  EXPECT_EQ(r.status().code(), Status::Code::kNotFound);
  EXPECT_NE(r.status().message().find("0123456789abcdef"), std::string::npos);
}

TEST(StoreTest, RefusesNonSqliteFileWithoutTouchingIt) {
  TempDir dir;
  std::string content = "this is my thesis, not a database\n" + std::string(5000, 'x');
  WriteFile(dir.path(), "notes.db", content);
  std::string path = dir.Join("notes.db");
  Result<std::unique_ptr<Store>> s = Store::Open(path);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), Status::Code::kCorruption);
  EXPECT_NE(s.status().message().find("not a SQLite database"), std::string::npos)
      << s.status().message();
  EXPECT_NE(s.status().message().find(path), std::string::npos);
  EXPECT_EQ(ReadFile(path), content);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(StoreTest, RefusesForeignSqliteDatabase) {
  TempDir dir;
  std::string path = dir.Join("other.db");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  std::string before = ReadFile(path);
  Result<std::unique_ptr<Store>> s = Store::Open(path);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("not an errdex store"), std::string::npos);
  EXPECT_EQ(ReadFile(path), before);
}

TEST(StoreTest, RefusesNewerSchemaVersion) {
  TempDir dir;
  std::string path = dir.Join("errdex.db");
  {
    auto store = OpenOrDie(path);
    ASSERT_TRUE(store->ReplaceRepo(Info("o/r"), MakeSet("o/r", "x", 2)).ok());
  }
  ForceSchemaVersion(path, 99);
  std::string before = ReadFile(path);
  Result<std::unique_ptr<Store>> s = Store::Open(path);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), Status::Code::kCorruption);
  EXPECT_NE(s.status().message().find("99"), std::string::npos) << s.status().message();
  EXPECT_EQ(ReadFile(path), before);
}

TEST(StoreTest, ConcurrentReaderSeesWholeSets) {
  TempDir dir;
  std::string path = dir.Join("errdex.db");
  auto writer = OpenOrDie(path);
  auto reader = OpenOrDie(path);  // a second connection, as another process would have
  ASSERT_TRUE(writer && reader);
  // Different sizes, so a mixture or a partial set cannot look whole.
  std::vector<Record> a = MakeSet("o/r", "first set", 40);
  std::vector<Record> b = MakeSet("o/r", "second set", 25);
  const std::set<std::string> ids_a = Ids(a), ids_b = Ids(b);
  ASSERT_TRUE(writer->ReplaceRepo(Info("o/r"), a).ok());

  std::atomic<bool> done{false};
  std::atomic<int> write_failures{0};
  std::thread t([&] {
    for (int i = 0; i < 60; ++i) {
      if (!writer->ReplaceRepo(Info("o/r"), i % 2 ? a : b).ok()) ++write_failures;
    }
    done = true;
  });
  int reads = 0, bad_reads = 0;
  std::set<size_t> sizes_seen;
  while (!done || reads < 5) {
    Result<std::vector<Record>> got = reader->List("o/r");
    ASSERT_TRUE(got.ok()) << got.status().ToString();
    std::set<std::string> ids = Ids(*got);
    if (ids != ids_a && ids != ids_b) ++bad_reads;
    sizes_seen.insert(got->size());
    ++reads;
    if (reads % 10 == 0) {  // opening during writes neither fails nor blocks for long
      Result<std::unique_ptr<Store>> another = Store::Open(path);
      ASSERT_TRUE(another.ok()) << another.status().ToString();
      Result<std::vector<Record>> seen = (*another)->List("o/r");
      ASSERT_TRUE(seen.ok());
      EXPECT_TRUE(Ids(*seen) == ids_a || Ids(*seen) == ids_b);
    }
  }
  t.join();
  EXPECT_EQ(write_failures, 0);
  EXPECT_EQ(bad_reads, 0) << "of " << reads << " reads";
  for (size_t n : sizes_seen) EXPECT_TRUE(n == a.size() || n == b.size()) << n;
  RecordProperty("reads", reads);
  RecordProperty("distinct_sizes_seen", static_cast<int>(sizes_seen.size()));
}

TEST(StoreTest, UpdateRecordsRewritesInPlaceAndBumpsTheVersion) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("e.db"));
  std::vector<Record> rs = MakeSet("acme/a", "bad", 3);
  ASSERT_TRUE(store->ReplaceRepo(Info("acme/a"), rs).ok());
  std::string before = *store->DatasetVersion();
  Result<int> n = store->UpdateRecords({rs[0].id, rs[1].id, "ffffffffffffffff"}, [](Record* r) {
    if (r->error_message == "bad 1") return false;  // unchanged: not written
    r->documentation = "better prose";
    return true;
  });
  ASSERT_TRUE(n.ok()) << n.status().message();
  EXPECT_EQ(*n, 1);
  EXPECT_EQ(store->Get(rs[0].id)->documentation, "better prose");
  EXPECT_EQ(store->Get(rs[1].id)->documentation, "");
  EXPECT_GT(*store->DatasetVersion(), before);

  // Changing what identifies a record is refused, and the batch rolls back.
  Result<int> bad = store->UpdateRecords({rs[1].id, rs[2].id}, [](Record* r) {
    r->documentation = "x";
    if (r->error_message == "bad 2") r->slug = "other";
    return true;
  });
  EXPECT_EQ(bad.status().code(), Status::Code::kInvalidArgument);
  EXPECT_EQ(store->Get(rs[1].id)->documentation, "");
  EXPECT_EQ(store->Get(rs[2].id)->slug, rs[2].slug);
}

// Records share compressed chunks (80 records of one file make three): an
// update rewrites its record's chunk, and every other record in it reads
// back exactly as before, window included.
TEST(StoreTest, UpdateRecordsKeepsTheRecordsSharingAChunk) {
  TempDir dir;
  auto store = OpenOrDie(dir.Join("e.db"));
  std::vector<Record> rs;
  for (int i = 0; i < 80; ++i) {
    Record r = MakeRecord("acme/a", "bad " + std::to_string(i), "big.py", 10 * i + 1);
    r.source_code_start = 10 * i + 1;
    r.source_code_end = 10 * i + 3;
    r.source_code = "line " + std::to_string(10 * i + 1) + "\nline " + std::to_string(10 * i + 2) +
                    "\nline " + std::to_string(10 * i + 3);
    rs.push_back(r);
  }
  ASSERT_TRUE(store->ReplaceRepo(Info("acme/a"), rs).ok());
  Result<int> n = store->UpdateRecords({rs[40].id}, [](Record* r) {
    r->documentation = "better prose";
    return true;
  });
  ASSERT_TRUE(n.ok()) << n.status().message();
  EXPECT_EQ(*n, 1);
  Result<std::vector<Record>> listed = store->List("acme/a");
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), rs.size());
  rs[40].documentation = "better prose";
  for (size_t i = 0; i < rs.size(); ++i) {
    EXPECT_EQ(RecordToJsonText((*listed)[i]), RecordToJsonText(rs[i])) << i;
  }
  Result<StoreCheck> check = store->Check();
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->problems.empty()) << check->problems.front();
}

TEST(StoreTest, AnswerCacheIsCreatedOnFirstUseAndKeyedByHashModelAndPrompt) {
  TempDir dir;
  std::string path = dir.Join("c.db");
  {
    auto store = OpenOrDie(path);
    ASSERT_TRUE(store->ReplaceRepo(Info("acme/a"), MakeSet("acme/a", "bad", 1)).ok());
  }
  auto has_table = [&] {
    std::string out;
    testing::Run("sqlite3 " + testing::ShellQuote(path) +
                     " \"SELECT count(*) FROM sqlite_master WHERE name = 'llm_cache'\"",
                 &out);
    return out == "1\n";
  };
  EXPECT_FALSE(has_table());  // opening and indexing never create it
  auto store = OpenOrDie(path);
  AnswerKey key{"h1", "m-1", 1};
  Result<std::optional<std::string>> miss = store->CachedAnswer(key);
  ASSERT_TRUE(miss.ok()) << miss.status().message();
  EXPECT_FALSE(miss->has_value());
  EXPECT_TRUE(has_table());
  ASSERT_TRUE(store->PutCachedAnswer(key, R"({"documentation":"d"})").ok());
  EXPECT_EQ(store->CachedAnswer(key)->value(), R"({"documentation":"d"})");
  EXPECT_FALSE(store->CachedAnswer({"h1", "m-2", 1})->has_value());
  EXPECT_FALSE(store->CachedAnswer({"h1", "m-1", 2})->has_value());
  EXPECT_FALSE(store->CachedAnswer({"h2", "m-1", 1})->has_value());
  ASSERT_TRUE(store->PutCachedAnswer(key, R"({"documentation":"e"})").ok());  // replaces
  EXPECT_EQ(store->CachedAnswer(key)->value(), R"({"documentation":"e"})");
  // A re-index leaves the cache alone.
  ASSERT_TRUE(store->ReplaceRepo(Info("acme/a"), MakeSet("acme/a", "bad", 2)).ok());
  EXPECT_EQ(OpenOrDie(path)->CachedAnswer(key)->value(), R"({"documentation":"e"})");
}

TEST(StoreTest, DefaultDbPath) {
  const char* saved = std::getenv("ERRDEX_DB");
  std::string saved_value = saved ? saved : "";
  setenv("ERRDEX_DB", "/tmp/x/custom.db", 1);
  EXPECT_EQ(DefaultDbPath(), "/tmp/x/custom.db");
  setenv("ERRDEX_DB", "", 1);
  std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
  if (!home.empty()) {
    EXPECT_EQ(DefaultDbPath(), home + "/.local/share/errdex/errdex.db");
  }
  if (saved) {
    setenv("ERRDEX_DB", saved_value.c_str(), 1);
  } else {
    unsetenv("ERRDEX_DB");
  }
}

}  // namespace
}  // namespace errdex
