// Store: records in an embedded SQLite database (WAL). One repository holds
// the records of one indexed commit; re-indexing replaces them in a single
// transaction, so a reader sees either the old set or the new one, and an
// interrupted run leaves the old set intact.
//
// Thread-safety: a Store is used from one thread at a time; open one Store
// per thread to read concurrently.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "errdex/record.h"
#include "errdex/status.h"

namespace errdex {

struct RepoInfo {
  std::string repo;
  std::string sha;
  std::string analyzed_at;
  int error_count = 0;
  int files_indexed = 0;
};

class Store {
 public:
  // Opens or creates the database at `path` (parent directories are created).
  static Result<std::unique_ptr<Store>> Open(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Atomically replaces every record of info.repo with `records`.
  Status ReplaceRepo(const RepoInfo& info, const std::vector<Record>& records);
  Result<Record> Get(const std::string& id);
  // Records in (repo, file, line) order; an empty repo means all.
  Result<std::vector<Record>> List(const std::string& repo);
  Result<std::vector<RepoInfo>> Repos();
  // Increases whenever any repository is (re)indexed.
  Result<std::string> DatasetVersion();

 private:
  struct Impl;
  explicit Store(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// $ERRDEX_DB, else ~/.local/share/errdex/errdex.db.
std::string DefaultDbPath();

}  // namespace errdex
