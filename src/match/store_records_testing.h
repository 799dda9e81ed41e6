// Test helpers for matchers built from a store: small repositories of
// generated records (shared by corpus_matcher_test.cc and segments_test.cc).
#pragma once

#include <string>
#include <vector>

#include "errdex/store.h"

namespace errdex::store_records_testing {

// Record i of `repo` (ids "<first letter of repo>id<i>"), with the full
// fields a store keeps, so that tests can tell a record read back whole.
inline Record MakeRecord(const std::string& repo, int i, const std::string& message,
                         const std::string& pattern) {
  Record r;
  r.id = repo.substr(0, 1) + "id" + std::to_string(i);
  r.repo = repo;
  r.slug = "slug-" + std::to_string(i);
  r.error_message = message;
  r.message_pattern = pattern;
  r.error_class = "ValueError";
  r.file_path = "app/core.py";
  r.line_number = 10 + i;
  r.documentation = "full record " + std::to_string(i);
  r.holes = {{"{path}", "path"}};
  return r;
}

// Twenty records: "<verb> shardN file {path}" and "invalid value for shardN
// option" for N in 0..9.
inline std::vector<Record> Records(const std::string& repo, const std::string& verb) {
  std::vector<Record> out;
  for (int v = 0; v < 10; ++v) {
    std::string w = "shard" + std::to_string(v);
    out.push_back(MakeRecord(repo, 2 * v, verb + " " + w + " file {path}",
                             verb + " " + w + R"( file ([\s\S]*?))"));
    out.push_back(MakeRecord(repo, 2 * v + 1, "invalid value for " + w + " option",
                             "invalid value for " + w + " option"));
  }
  return out;
}

inline RepoInfo Info(const std::string& repo) {
  RepoInfo info;
  info.repo = repo;
  info.sha = "abc";
  return info;
}

}  // namespace errdex::store_records_testing
