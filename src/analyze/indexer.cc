// Indexer: source -> extract -> analyze -> store for one repository at one
// commit. Extraction runs on all cores; the store sees one transaction.
#include "errdex/indexer.h"

#include <atomic>
#include <chrono>
#include <ctime>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "analyze/explain.h"
#include "analyze/record_builder.h"
#include "analyze/visibility.h"
#include "errdex/extractor.h"
#include "errdex/store.h"
#include "extract/common/condition_cap.h"
#include "resolve/class_docs.h"
#include "resolve/link.h"
#include "resolve/level_labels.h"
#include "resolve/link_constants.h"
#include "resolve/link_text_functions.h"
#include "util/text.h"

namespace errdex {
namespace {

std::string NowIso8601() {
  using namespace std::chrono;
  auto now = system_clock::now();
  std::time_t t = system_clock::to_time_t(now);
  auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  char out[48];
  std::snprintf(out, sizeof out, "%s.%03lldZ", buf, static_cast<long long>(ms));
  return out;
}

bool Wanted(std::string_view path) { return AnyExtractorHandles(path); }

struct FileResult {
  std::vector<ErrorSite> sites;
  std::vector<Record> records;
  int sites_found = 0;
  bool syntax_errors = false;
  std::string error;
};

// Pass 1: sites and the file's facts, from one parse.
void ExtractFile(const SourceFile& file, FileResult* out, FileFacts* facts) {
  const Extractor* ex = ExtractorFor(file.path);
  if (!ex) return;
  Status st = ex->ExtractWithFacts(file, &out->sites, facts, &out->syntax_errors);
  if (!st.ok()) {
    out->error = st.message();
    out->sites.clear();
    return;
  }
  for (ErrorSite& site : out->sites) CapConditions(&site);
  out->sites_found = static_cast<int>(out->sites.size());
}

// Pass 2, once every file's facts are known: records.
void BuildFileRecords(const SourceFile& file, const RepoContext& ctx, const RepoFacts& facts,
                      FileResult* out) {
  std::vector<std::string_view> lines = SplitLines(file.content);
  for (const ErrorSite& site : out->sites) {
    Record r = BuildRecord(site, lines, ctx);
    ApplySiteFacts(site, facts.Resolve(site), lines, &r);
    out->records.push_back(std::move(r));
  }
  out->sites.clear();
  out->sites.shrink_to_fit();
}

// Drops the sites of `file` past `limits`, naming each in a warning.
void ApplyRecordLimits(const RecordLimits& limits, const std::string& path,
                       std::vector<ErrorSite>* sites, IndexSummary* summary) {
  std::erase_if(*sites, [&](const ErrorSite& s) {
    std::string display = s.message.Display();
    const char* reason = nullptr;
    std::string detail;
    if (display.size() > limits.max_template_bytes) {
      reason = "template-too-long";
      detail = "a message of " + std::to_string(display.size()) + " bytes (--max-template-bytes " +
               std::to_string(limits.max_template_bytes) + ")";
    } else if (int holes = s.message.HoleCount(); holes > limits.max_template_holes) {
      reason = "too-many-holes";
      detail = "a message with " + std::to_string(holes) + " holes (--max-template-holes " +
               std::to_string(limits.max_template_holes) + ")";
    }
    if (reason == nullptr) return false;
    summary->skipped_records[reason]++;
    summary->warnings.push_back(path + ":" + std::to_string(s.line) + ": skipped " + detail);
    return true;
  });
}

// Drops the records of `path` whose stored JSON is past the limit (a 30 MB
// one-line file would otherwise be stored, and served, whole).
void ApplyRecordSizeLimit(const RecordLimits& limits, const std::string& path,
                          std::vector<Record>* records, IndexSummary* summary) {
  std::erase_if(*records, [&](const Record& r) {
    size_t bytes = RecordToJsonText(r).size();
    if (bytes <= limits.max_record_bytes) return false;
    summary->skipped_records["record-too-large"]++;
    summary->warnings.push_back(path + ":" + std::to_string(r.line_number) +
                                ": skipped a record of " + std::to_string(bytes) +
                                " bytes (--max-record-bytes " +
                                std::to_string(limits.max_record_bytes) + ")");
    return true;
  });
}

// Runs fn(i) for i in [0, n) on `threads` threads.
template <typename F>
void ParallelFor(size_t n, int threads, F&& fn) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < n; i = next++) fn(i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
}

std::string ClassKey(const std::string& cls) {
  size_t sep = cls.find_last_of(".:\\");
  return sep == std::string::npos ? cls : cls.substr(sep + 1);
}

// What the error's class says it means, wherever the class is declared,
// leads the documentation (issue 13: the class's own doc first).
void AddClassDocs(const std::vector<SourceFile>& files, std::vector<Record>* records) {
  std::set<std::string> wanted;
  for (const Record& r : *records) {
    if (!r.error_class.empty()) wanted.insert(ClassKey(r.error_class));
  }
  std::map<std::string, std::vector<ClassDoc>> docs = FindClassDocs(files, wanted);
  std::map<std::string_view, std::string_view> text;
  for (const SourceFile& f : files) text[f.path] = f.content;
  for (Record& r : *records) {
    if (r.error_class.empty()) continue;
    auto it = docs.find(ClassKey(r.error_class));
    if (it == docs.end()) continue;
    auto source = text.find(r.file_path);
    const ClassDoc* nearest =
        NearestClassDoc(it->second, r.file_path, r.error_class,
                        source == text.end() ? std::string_view() : source->second);
    if (nearest == nullptr) continue;
    const ClassDoc& d = *nearest;
    if (r.documentation.find(d.text.substr(0, 40)) != std::string::npos) continue;
    std::string where = d.file + ":" + std::to_string(d.first_line) +
                        (d.last_line > d.first_line ? "–" + std::to_string(d.last_line) : "");
    r.documentation =
        "`" + r.error_class + "`: “" + d.text + "” (" + where + "). " + r.documentation;
    r.provenance["documentation"].push_back(d.file + ":" + std::to_string(d.first_line));
  }
}

}  // namespace

Result<std::vector<Record>> BuildRecords(const IndexOptions& options, IndexSummary* summary,
                                         const std::function<void(const Progress&)>& progress) {
  auto started = std::chrono::steady_clock::now();
  Result<Snapshot> snap = ReadSnapshot(options.path, options.source, &Wanted);
  if (!snap.ok()) return snap.status();
  summary->repo = snap->repo;
  summary->sha = snap->sha;
  summary->note = snap->note;
  summary->skipped = snap->SkipCounts();
  summary->unsupported_files = snap->unsupported;
  RepoContext ctx{snap->repo, snap->sha,
                  options.analyzed_at.empty() ? NowIso8601() : options.analyzed_at};

  const std::vector<SourceFile>& files = snap->files;
  std::vector<FileResult> results(files.size());
  std::vector<FileFacts> facts(files.size());
  std::atomic<int> done{0}, sites{0};
  std::mutex progress_mu;
  int threads =
      options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  ParallelFor(files.size(), threads, [&](size_t i) {
    ExtractFile(files[i], &results[i], &facts[i]);
    sites += results[i].sites_found;
    int d = ++done;
    if (progress) {
      std::lock_guard<std::mutex> lock(progress_mu);
      progress(Progress{d, static_cast<int>(files.size()), sites.load()});
    }
  });
  // Link: messages passed to wrappers and exception classes in other
  // functions and files become sites at the calls that pass them.
  {
    std::vector<std::vector<ErrorSite>*> per_file(files.size());
    for (size_t i = 0; i < files.size(); ++i) {
      if (results[i].error.empty()) per_file[i] = &results[i].sites;
    }
    ResolveTextConstants(&facts, per_file);
    LinkMessages(facts, per_file);
    ApplyClassRenderings(&facts, per_file);
    StripLevelLabels(per_file);
    for (size_t i = 0; i < files.size(); ++i) {
      ApplyRecordLimits(options.limits, files[i].path, &results[i].sites, summary);
      for (ErrorSite& site : results[i].sites) CapConditions(&site);  // linked sites too
      results[i].sites_found = static_cast<int>(results[i].sites.size());
    }
  }
  // Resolve: cross-file facts (options, callers, constants) for every site.
  SetterIndex setters = SetterIndex::Build(files);
  ctx.setters = &setters;
  RepoFacts repo_facts(facts);
  repo_facts.SetPublicRule(CallerAccess);
  ParallelFor(files.size(), threads,
              [&](size_t i) { BuildFileRecords(files[i], ctx, repo_facts, &results[i]); });

  std::vector<Record> records;
  for (size_t i = 0; i < files.size(); ++i) {
    FileResult& r = results[i];
    if (!r.error.empty()) {
      summary->warnings.push_back(files[i].path + ": skipped: " + r.error);
      summary->skipped["parse-failed"]++;
      continue;
    }
    summary->files_indexed++;
    summary->sites += r.sites_found;
    if (r.syntax_errors) {
      summary->files_with_syntax_errors++;
      summary->warnings.push_back(files[i].path +
                                  ": syntax errors; sites in the well-formed parts were kept");
    }
    if (files[i].repaired_utf8) {
      summary->files_repaired_utf8++;
      summary->warnings.push_back(files[i].path +
                                  ": invalid UTF-8 replaced by U+FFFD before parsing");
    }
    ApplyRecordSizeLimit(options.limits, files[i].path, &r.records, summary);
    for (Record& rec : r.records) records.push_back(std::move(rec));
  }
  AddClassDocs(files, &records);
  records = FinalizeRecords(std::move(records));
  LinkRelated(&records);
  summary->records = static_cast<int>(records.size());
  summary->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return records;
}

Result<IndexSummary> RunIndex(const IndexOptions& options, Store* store,
                              const std::function<void(const Progress&)>& progress) {
  IndexSummary summary;
  Result<std::vector<Record>> records = BuildRecords(options, &summary, progress);
  if (!records.ok()) return records.status();
  RepoInfo info;
  info.repo = summary.repo;
  info.sha = summary.sha;
  info.analyzed_at = records->empty() ? NowIso8601() : records->front().analyzed_at;
  info.error_count = summary.records;
  info.files_indexed = summary.files_indexed;
  Status st = store->ReplaceRepo(info, *records);
  if (!st.ok()) return st;
  return summary;
}

}  // namespace errdex
