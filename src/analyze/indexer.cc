// Indexer: source -> extract -> analyze -> store for one repository at one
// commit. Extraction runs on all cores; the store sees one transaction.
//
// Re-indexing is incremental: each file's extraction is cached in the store
// by blob id (src/analyze/extraction_cache.h), so only changed files are
// parsed; the cross-file stages then run over every file as in a full
// index, so the records are the same. An index whose key (commit, options,
// errdex build) matches the stored one writes nothing at all.
#include "errdex/indexer.h"

#include <atomic>
#include <chrono>
#include <ctime>
#include <exception>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "analyze/assertion_predicate.h"
#include "analyze/c_api_docs.h"
#include "analyze/callee_reasons.h"
#include "analyze/class_doc_order.h"
#include "analyze/cleared_error.h"
#include "analyze/documented_cause.h"
#include "analyze/explain.h"
#include "analyze/extraction_cache.h"
#include "analyze/handler_advice.h"
#include "analyze/index_summary_json.h"
#include "analyze/raise_sites.h"
#include "analyze/record_builder.h"
#include "analyze/related.h"
#include "analyze/site_shape.h"
#include "analyze/visibility.h"
#include "errdex/extractor.h"
#include "errdex/store.h"
#include "extract/common/condition_cap.h"
#include "resolve/class_docs.h"
#include "resolve/level_labels.h"
#include "resolve/link.h"
#include "resolve/link_constants.h"
#include "resolve/link_field_renderings.h"
#include "resolve/link_text_functions.h"
#include "resolve/own_assert.h"
#include "util/sha256.h"
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
  bool reused = false;  // taken from the extraction cache, not parsed
};

// The blob id a file's cache entry is keyed by: git's own, or for a plain
// directory a hash of the content.
std::string BlobKey(const SourceFile& file) {
  return file.blob.empty() ? "sha256:" + Sha256Hex(file.content) : file.blob;
}

// Pass 1: sites and the file's facts, from one parse.
void ExtractFile(const IndexOptions& options, const SourceFile& file, FileResult* out,
                 FileFacts* facts) {
  const Extractor* ex =
      options.extractor_for ? options.extractor_for(file.path) : ExtractorFor(file.path);
  if (!ex) return;
  Status st;
  // An extractor bug on one file (a runaway allocation) costs that file,
  // not the repository: its error is reported like a parse timeout.
  try {
    st = ex->ExtractWithFacts(file, &out->sites, facts, &out->syntax_errors);
  } catch (const std::exception& e) {
    st = Status::Internal(std::string("extractor failed: ") + e.what());
    *facts = FileFacts{};
    facts->path = file.path;
  }
  if (!st.ok()) {
    out->error = st.message();
    out->sites.clear();
    return;
  }
  for (ErrorSite& site : out->sites) CapConditions(&site);
  out->sites_found = static_cast<int>(out->sites.size());
}

// Pass 1 from the cache when the file's blob is unchanged; else parses it
// and, when the parse succeeded, adds its entry to `put`.
void ExtractOrReuse(const IndexOptions& options, const SourceFile& file,
                    const CachedExtraction* cached, FileResult* out, FileFacts* facts,
                    std::optional<CachedExtraction>* put) {
  std::string blob = BlobKey(file);
  if (cached != nullptr && cached->blob == blob) {
    FileExtraction x;
    if (DecodeFileExtraction(cached->data, &x)) {
      out->sites = std::move(x.sites);
      *facts = std::move(x.facts);
      out->syntax_errors = x.syntax_errors;
      out->sites_found = static_cast<int>(out->sites.size());
      out->reused = true;
      return;
    }
  }
  ExtractFile(options, file, out, facts);
  // A failed parse (a timeout) is not cached: the next run tries again.
  if (!out->error.empty()) return;
  FileExtraction x{out->sites, *facts, out->syntax_errors};
  *put = CachedExtraction{file.path, std::move(blob), EncodeFileExtraction(x)};
}

// A wrapper whose raise its own `try` block catches and does not throw
// again (electron-builder's `ensurePathInside`: `throw new
// InvalidConfigurationError(..)` inside `try { .. } catch { .. }`) raises
// nothing at its callers: no call of it is a site (thirty-sixth grading,
// 6e5fed535d5cf50f).
void DropSwallowedSinks(const std::vector<SourceFile>& files, std::vector<FileFacts>* facts) {
  for (size_t i = 0; i < files.size() && i < facts->size(); ++i) {
    std::vector<SinkFact>& sinks = (*facts)[i].sinks;
    if (sinks.empty()) continue;
    std::vector<std::string_view> lines;
    std::erase_if(sinks, [&](const SinkFact& k) {
      if (k.kind != SiteKind::kRaise || k.error_class.empty() || k.returns) return false;
      if (lines.empty()) lines = SplitLines(files[i].content);
      ErrorSite site;
      site.kind = k.kind;
      site.error_class = k.error_class;
      site.line = k.line;
      site.end_line = k.line;
      int caught = CaughtLocally(site, lines);
      return caught > 0 && !HandlerThrows(lines, caught);
    });
  }
}

// Pass 2, once every file's facts are known: records.
void BuildFileRecords(const SourceFile& file, const RepoContext& ctx, const RepoFacts& facts,
                      FileResult* out) {
  std::vector<std::string_view> lines = SplitLines(file.content);
  for (ErrorSite& site : out->sites) {
    if (ErrorClearedAfterCall(site, lines)) continue;  // never shown
    AddAssertionPredicate(lines, &site);
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

// What the error's class says it means, wherever the class is declared,
// leads the documentation (issue 13: the class's own doc first), unless the
// record's own prose says more (class_doc_order.h).
void AddClassDocs(const std::vector<SourceFile>& files, std::vector<Record>* records) {
  std::set<std::string> wanted;
  for (const Record& r : *records) {
    if (!r.error_class.empty()) wanted.insert(ClassShortName(r.error_class));
  }
  std::map<std::string, std::vector<ClassDoc>> docs = FindClassDocs(files, wanted);
  // A class raised in many places: its doc is about all of them.
  std::map<std::string, int> raised;
  for (const Record& r : *records) {
    if (!r.error_class.empty()) ++raised[ClassShortName(r.error_class)];
  }
  std::map<std::string_view, std::string_view> text;
  for (const SourceFile& f : files) text[f.path] = f.content;
  for (Record& r : *records) {
    if (r.error_class.empty()) continue;
    auto it = docs.find(ClassShortName(r.error_class));
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
    std::string sentence = "`" + r.error_class + "`: “" + d.text + "” (" + where + ").";
    r.documentation = WithClassDoc(r.documentation, sentence, d.text,
                                   raised[ClassShortName(r.error_class)] >= 10);
    r.provenance["documentation"].push_back(d.file + ":" + std::to_string(d.first_line));
  }
}

// What makes two indexes of one repository write the same records: the
// commit, the options that choose files and bound records, the timestamp
// when one is given, and the errdex build. "" for a plain directory (no
// commit pins its content).
std::string IndexKey(const IndexOptions& o, const Snapshot& snap) {
  if (snap.sha.empty()) return "";
  const SkipRules& r = o.source.rules;
  std::string key = "commit " + snap.sha + "\nrepo " + snap.repo + "\nerrdex " +
                    ExtractionCacheVersion() + "\nrules " + std::to_string(r.skip_tests) +
                    std::to_string(r.skip_examples) + std::to_string(r.skip_docs) +
                    std::to_string(r.skip_vendored) + std::to_string(r.skip_generated) + " " +
                    std::to_string(r.max_file_bytes);
  for (const std::string& g : r.include) key += "\ninclude " + g;
  for (const std::string& g : r.exclude) key += "\nexclude " + g;
  key += "\nlimits " + std::to_string(o.limits.max_template_bytes) + " " +
         std::to_string(o.limits.max_template_holes) + " " +
         std::to_string(o.limits.max_record_bytes) + "\nanalyzed_at " + o.analyzed_at;
  return key;
}

// The summary stored beside the records, so that an index that finds them
// current reports what the run that wrote them found.
std::string EncodeSummary(const IndexSummary& s) {
  return IndexSummaryJson(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool DecodeSummary(const std::string& text, IndexSummary* s) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return false;
  try {
    s->files_indexed = j.at("filesIndexed").get<int>();
    s->sites = j.at("sites").get<int>();
    s->records = j.at("records").get<int>();
    s->files_with_syntax_errors = j.at("filesWithSyntaxErrors").get<int>();
    s->files_repaired_utf8 = j.at("filesRepairedUtf8").get<int>();
    s->unsupported_files = j.at("unsupportedFiles").get<int>();
    s->skipped = j.at("skipped").get<std::map<std::string, int>>();
    s->skipped_records = j.at("skippedRecords").get<std::map<std::string, int>>();
    s->warnings = j.at("warnings").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception&) {
    return false;
  }
  return true;
}

// True (and `summary` filled from the store) when the stored records are
// what this index would write: same key, nothing written since.
bool AlreadyIndexed(Store* store, const std::string& key, IndexSummary* summary) {
  if (key.empty()) return false;
  Result<LastIndexInfo> last = store->LastIndex(summary->repo);
  if (!last.ok() || last->key != key) return false;
  IndexSummary stored = *summary;
  if (!DecodeSummary(last->summary, &stored)) return false;
  *summary = std::move(stored);
  summary->files_reused = summary->files_indexed;
  summary->note = "already indexed at this commit with these options; records unchanged";
  return true;
}

// BuildRecords with the store's extraction cache: `store` may be null (no
// cache); `update` receives what the store should keep for the next run,
// and `*current` is set when the stored records need no rewrite.
Result<std::vector<Record>> Build(const IndexOptions& options, Store* store, IndexSummary* summary,
                                  IndexCacheUpdate* update, bool* current,
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
  std::map<std::string_view, const CachedExtraction*> by_path;
  std::vector<CachedExtraction> cached;
  if (store != nullptr) {
    update->version = ExtractionCacheVersion();
    update->index_key = IndexKey(options, *snap);
    if (AlreadyIndexed(store, update->index_key, summary)) {
      *current = true;
      summary->seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      return std::vector<Record>();
    }
    // A cache that cannot be read costs a full parse, never the index.
    Result<std::vector<CachedExtraction>> read =
        store->CachedExtractions(snap->repo, update->version);
    if (read.ok()) cached = std::move(*read);
    for (const CachedExtraction& c : cached) by_path[c.path] = &c;
  }
  std::vector<FileResult> results(files.size());
  std::vector<FileFacts> facts(files.size());
  std::vector<std::optional<CachedExtraction>> puts(files.size());
  std::atomic<int> done{0}, sites{0};
  std::mutex progress_mu;
  int threads =
      options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  ParallelFor(files.size(), threads, [&](size_t i) {
    if (store == nullptr) {
      ExtractFile(options, files[i], &results[i], &facts[i]);
    } else {
      auto it = by_path.find(files[i].path);
      ExtractOrReuse(options, files[i], it == by_path.end() ? nullptr : it->second, &results[i],
                     &facts[i], &puts[i]);
    }
    sites += results[i].sites_found;
    int d = ++done;
    if (progress) {
      std::lock_guard<std::mutex> lock(progress_mu);
      progress(Progress{d, static_cast<int>(files.size()), sites.load()});
    }
  });
  cached.clear();
  if (store != nullptr) {
    for (size_t i = 0; i < files.size(); ++i) {
      if (results[i].reused) {
        summary->files_reused++;
        update->paths.push_back(files[i].path);
      } else if (puts[i]) {
        update->paths.push_back(files[i].path);
        update->put.push_back(std::move(*puts[i]));
      }
    }
  }
  // Link: messages passed to wrappers and exception classes in other
  // functions and files become sites at the calls that pass them.
  {
    std::vector<std::vector<ErrorSite>*> per_file(files.size());
    for (size_t i = 0; i < files.size(); ++i) {
      if (results[i].error.empty()) per_file[i] = &results[i].sites;
    }
    DropSwallowedSinks(files, &facts);
    ResolveTextConstants(&facts, per_file);
    LinkMessages(facts, per_file);
    ApplyClassRenderings(&facts, per_file);
    ApplyFieldRenderings(facts, per_file);
    StripLevelLabels(per_file);
    ApplyOwnAssertMacros(files, per_file);
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
      // Not "already indexed" next time: the next run at this commit tries
      // the file again (a timeout or an allocation failure may not recur).
      if (update != nullptr) update->index_key.clear();
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
  AddCApiDocs(files, &records);
  AddHandlerAdvice(files, &records);
  AddDocumentedCauses(files, &records);
  AddCalleeReasons(facts, &records);
  records = FinalizeRecords(std::move(records));
  NameRaiseSites(&records);
  LinkRelated(&records);
  summary->records = static_cast<int>(records.size());
  summary->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return records;
}

}  // namespace

Result<std::vector<Record>> BuildRecords(const IndexOptions& options, IndexSummary* summary,
                                         const std::function<void(const Progress&)>& progress) {
  bool current = false;
  return Build(options, nullptr, summary, nullptr, &current, progress);
}

Result<IndexSummary> RunIndex(const IndexOptions& options, Store* store,
                              const std::function<void(const Progress&)>& progress) {
  IndexSummary summary;
  IndexCacheUpdate update;
  bool current = false;
  Result<std::vector<Record>> records =
      Build(options, store, &summary, &update, &current, progress);
  if (!records.ok()) return records.status();
  if (current) return summary;
  update.summary = EncodeSummary(summary);
  RepoInfo info;
  info.repo = summary.repo;
  info.sha = summary.sha;
  info.analyzed_at = records->empty() ? NowIso8601() : records->front().analyzed_at;
  info.error_count = summary.records;
  info.files_indexed = summary.files_indexed;
  // Everything above ran without the write lock; only this waits for it.
  WriteWait wait;
  wait.timeout_seconds = options.lock_timeout_seconds;
  wait.waiting = [&](double waited) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "waiting for another errdex writing to the database (%.0f s so far; gives up "
                  "after %g s, --lock-timeout)",
                  waited, options.lock_timeout_seconds);
    if (options.note) {
      options.note(text);
    } else {
      std::fprintf(stderr, "errdex: %s\n", text);
    }
  };
  store->SetWriteWait(std::move(wait));
  Status st = store->ReplaceRepo(info, *records, &update);
  if (!st.ok()) return st;
  return summary;
}

}  // namespace errdex
