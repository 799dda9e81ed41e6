// Indexer: the pipeline source -> extract -> analyze -> store for one
// repository at one commit.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/record.h"
#include "errdex/source.h"
#include "errdex/status.h"

namespace errdex {

class Extractor;
class Store;

// Bounds per record: a site past one is skipped, named and counted, so that
// one pathological literal (a 150,000-line f-string) cannot slow every search
// of the corpus it lands in. Real messages, usage texts included, stay far
// below both.
struct RecordLimits {
  size_t max_template_bytes = 16 * 1024;  // the message as written in source
  int max_template_holes = 128;           // holes in that message
  // The whole record as stored JSON (explanations, source window, ...):
  // past it the record is skipped, named and counted.
  size_t max_record_bytes = 1024 * 1024;
};

struct IndexOptions {
  std::string path;
  SourceOptions source;
  RecordLimits limits;
  int threads = 0;          // 0: hardware concurrency
  std::string analyzed_at;  // ISO-8601; empty: now
  // RunIndex: how long the write waits for another writer's lock, and
  // where it says that it is waiting (empty: a line on stderr).
  double lock_timeout_seconds = 60;
  std::function<void(const std::string&)> note;
  // The extractor that reads a path; empty: the registered ones
  // (ExtractorFor). A seam for tests: one that throws on one file shows
  // that a failing extractor costs that file, not the run.
  std::function<const Extractor*(std::string_view path)> extractor_for;
};

struct IndexSummary {
  std::string repo;
  std::string sha;
  std::string note;
  int files_indexed = 0;
  int files_reused = 0;  // extractions taken from the store's cache (RunIndex)
  int sites = 0;
  int records = 0;
  int files_with_syntax_errors = 0;
  int files_repaired_utf8 = 0;
  int unsupported_files = 0;
  std::map<std::string, int> skipped;          // files: reason -> count
  std::map<std::string, int> skipped_records;  // sites past RecordLimits: reason -> count
  std::vector<std::string> warnings;           // one line each
  double seconds = 0;
};

struct Progress {
  int files_done = 0;
  int files_total = 0;
  int sites = 0;
};

// Extracts and analyzes without storing (used by tests and `index --dry-run`).
Result<std::vector<Record>> BuildRecords(const IndexOptions& options, IndexSummary* summary,
                                         const std::function<void(const Progress&)>& progress);
// Builds the records and replaces the repository's records in `store`.
Result<IndexSummary> RunIndex(const IndexOptions& options, Store* store,
                              const std::function<void(const Progress&)>& progress);

}  // namespace errdex
