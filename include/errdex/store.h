// Store: records in an embedded SQLite database (WAL). One repository holds
// the records of one indexed commit; re-indexing replaces them in a single
// transaction, so a reader sees either the old set or the new one, and an
// interrupted run leaves the old set intact.
//
// Thread-safety: a Store is used from one thread at a time; open one Store
// per thread to read concurrently.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "errdex/record.h"
#include "errdex/status.h"

namespace errdex {

// Key of a cached language-model answer: what was asked (the hash of the
// site's facts and source window), of which model, with which prompt.
struct AnswerKey {
  std::string site_hash;
  std::string model;
  int prompt_version = 0;
};

struct RepoInfo {
  std::string repo;
  std::string sha;
  std::string analyzed_at;
  int error_count = 0;
  int files_indexed = 0;
  // The dataset sequence number of the last write of this repository's
  // records (read only; 0 before it was kept): what serve's per-repository
  // matcher segments are validated by (match/segments.h).
  int64_t indexed_seq = 0;
};

// One file's extraction as the indexer cached it
// (src/analyze/extraction_cache.h), reused while the file's blob is unchanged.
struct CachedExtraction {
  std::string path;
  std::string blob;  // git blob id (or content hash) it was extracted from
  std::string data;  // encoded extraction
};

// What an index keeps beside its records so that the next one can skip work.
struct IndexCacheUpdate {
  std::string version;                // ExtractionCacheVersion() of the writer
  std::vector<CachedExtraction> put;  // new or changed files
  std::vector<std::string> paths;     // every file of this index; the others are dropped
  // What the records were built from (commit, options, errdex build): a
  // later index with the same key would write the same records.
  std::string index_key;
  std::string summary;  // the indexer's account of the run, returned by LastIndex()
};

// What the last index of a repository stored beside its records.
struct LastIndexInfo {
  std::string key;  // "" when none (never indexed with a key, or records changed since)
  std::string summary;
};

// How a writer waits for another writer's lock.
struct WriteWait {
  double timeout_seconds = 5;
  // Called about once a second while waiting, with the seconds waited.
  std::function<void(double waited)> waiting;
};

// What Store::Check found: every problem in words, empty when sound.
struct StoreCheck {
  std::vector<std::string> problems;
  int schema_version = 0;
  size_t records = 0;
  size_t repos = 0;
};

class Store {
 public:
  // Opens or creates the database at `path` (parent directories are created).
  static Result<std::unique_ptr<Store>> Open(const std::string& path);
  // Opens the database at `path` only if it exists: commands that only read
  // must not leave an empty database (and its directories) behind a typo.
  static Result<std::unique_ptr<Store>> OpenExisting(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Atomically replaces every record of info.repo with `records`, and with
  // `cache` the repository's cached extractions and index key, in the same
  // transaction (a run killed part-way leaves the old records and cache).
  Status ReplaceRepo(const RepoInfo& info, const std::vector<Record>& records,
                     const IndexCacheUpdate* cache = nullptr);
  // Cached extractions of `repo` written by `version` (others are ignored).
  // Reads only: it never waits for a writer.
  Result<std::vector<CachedExtraction>> CachedExtractions(const std::string& repo,
                                                          const std::string& version);
  // The index key and summary stored with `repo`'s records; an empty key
  // when none (never indexed, indexed by an older errdex, records written
  // without a key or updated since).
  Result<LastIndexInfo> LastIndex(const std::string& repo);
  // Replaces the default wait for another writer (5 s, silent) for the
  // writes of this Store.
  void SetWriteWait(WriteWait wait);
  Result<Record> Get(const std::string& id);
  // Ids of the records `ref` names, at most `limit`: a whole id, an id
  // prefix of at least 4 hex digits, a slug, or "owner/name/slug" (as in
  // page URLs, leading and trailing slashes allowed; names compared without
  // case). Sorted; empty when nothing matches.
  Result<std::vector<std::string>> FindIds(std::string_view ref, size_t limit);
  // Records in (repo, file, line) order; an empty repo means all. Repository
  // names are compared without case, as GitHub compares them.
  Result<std::vector<Record>> List(const std::string& repo);
  // The same records with only the fields a Matcher reads (id, repo, slug,
  // file, line, other lines, code, class, message, pattern, holes, opaque,
  // language, kind, function): a fraction of List()'s cost, for callers
  // that Get() the few records they show.
  Result<std::vector<Record>> ListForMatching(const std::string& repo);
  Result<std::vector<RepoInfo>> Repos();
  // Increases whenever any repository is (re)indexed or records are updated.
  Result<std::string> DatasetVersion();
  // Changes with every write of records (index, re-index, UpdateRecords),
  // and differs between databases: what a matcher snapshot beside the
  // database is validated by, instead of re-reading every record. Empty
  // when nothing was ever indexed.
  Result<std::string> DatasetStamp();

  // Verifies the whole database, reading every page: SQLite's
  // `PRAGMA integrity_check`, the tables errdex needs, every record (its
  // chunk decodes, its JSON parses and names the id, repository and slug of
  // its row), chunks no record points to, and each repository's record count. Problems are the answer, not
  // an error; an error only when the check itself could not run.
  Result<StoreCheck> Check();

  // Read-modify-write of stored records in one transaction: `update` gets
  // each stored record of `ids` (unknown ids are skipped) and returns true
  // when it changed it; changed records are written back and the dataset
  // version is bumped once. Returns how many were written. Fields that
  // identify or match a record (id, repo, slug, file, line, message,
  // pattern, class, code) must not change (InvalidArgument, nothing written).
  Result<int> UpdateRecords(const std::vector<std::string>& ids,
                            const std::function<bool(Record*)>& update);

  // Cache of language-model answers (table llm_cache, created on first use,
  // so older files and older errdex versions are unaffected).
  Result<std::optional<std::string>> CachedAnswer(const AnswerKey& key);
  Status PutCachedAnswer(const AnswerKey& key, const std::string& answer);

 private:
  struct Impl;
  Status EnsureAnswerCache();
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// $ERRDEX_DB, else ~/.local/share/errdex/errdex.db.
std::string DefaultDbPath();

}  // namespace errdex
