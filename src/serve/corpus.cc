// The corpus a server answers from: either every record in memory (the
// static site export, tests) or a view of a database that reads a
// repository's records or one record through the store when an answer
// needs them, and keeps what it read and rendered in a ByteCache.
//
// A view holds no record at rest: its repositories' names and record
// counts, the matcher (composed of per-repository segments mapped from
// beside the database) and the cache. A database changed underneath (a newer index) is read as it
// is now: a record gone since is a 404, never a crash; the reloader swaps
// in a view of the new version within a poll.

#include <cstdio>
#include <filesystem>

#include "errdex/matcher.h"
#include "match/corpus_matcher.h"
#include "match/segments.h"
#include "serve/byte_cache.h"
#include "serve/serve_internal.h"
#include "util/file_io.h"

namespace errdex::serve {

// Store handles are per thread; a view keeps the idle ones for the next
// reader instead of opening the database per request.
class StorePool {
 public:
  explicit StorePool(std::string db) : db_(std::move(db)) {}
  template <typename F>
  auto With(F&& f) -> decltype(f(static_cast<Store*>(nullptr))) {
    std::unique_ptr<Store> store;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!idle_.empty()) {
        store = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    if (!store) {
      auto opened = Store::OpenExisting(db_);
      if (!opened.ok()) return f(nullptr);
      store = std::move(*opened);
    }
    auto out = f(store.get());
    std::lock_guard<std::mutex> lock(mu_);
    if (idle_.size() < kMaxIdle) idle_.push_back(std::move(store));
    return out;
  }

 private:
  static constexpr size_t kMaxIdle = 8;
  std::string db_;
  std::mutex mu_;
  std::vector<std::unique_ptr<Store>> idle_;
};

namespace {

// About what a record holds in memory: its strings and lists.
size_t RecordBytes(const Record& r) {
  size_t n = sizeof(Record) + r.id.size() + r.repo.size() + r.slug.size() + r.file_path.size() +
             r.error_message.size() + r.message_pattern.size() + r.source_code.size() +
             r.documentation.size() + r.trigger_scenarios.size() + r.github_url.size() +
             r.error_class.size() + r.function.size() + r.common_situations.size() +
             r.example_fix.size() + r.handling_strategy.size();
  for (const std::string& s : r.solutions) n += s.size() + 32;
  for (const std::string& s : r.tags) n += s.size() + 32;
  for (const std::string& s : r.related) n += s.size() + 32;
  return n + 512;  // the rest: conditions, facts, llm answers, small fields
}

constexpr size_t kMaxDataFileBytes = size_t{4} << 30;

}  // namespace

Corpus::Corpus() = default;
Corpus::~Corpus() = default;

std::shared_ptr<const RepoRecords> MakeRepoRecords(std::vector<Record> records) {
  auto out = std::make_shared<RepoRecords>();
  out->records = std::move(records);
  for (size_t i = 0; i < out->records.size(); ++i) {
    const Record& r = out->records[i];
    out->by_id.emplace(r.id, i);
    out->by_slug.emplace(r.slug, i);
    out->bytes += RecordBytes(r) + 2 * 64;
  }
  out->relations = BuildRelationIndex(out->records);
  out->bytes += out->records.size() * 256;  // postings
  return out;
}

std::shared_ptr<const RepoRecords> Corpus::Repo(const std::string& repo) const {
  if (!cache) {
    auto it = eager.find(repo);
    return it == eager.end() ? nullptr : it->second;
  }
  if (!counts.count(repo)) return nullptr;
  std::string key = "repo\n" + repo;
  if (auto hit = cache->Get<RepoRecords>(key)) return hit;
  std::shared_ptr<const RepoRecords> read = ReadRepo(repo);
  if (read) cache->Put(key, read, read->bytes);
  return read;
}

std::shared_ptr<const RepoRecords> Corpus::ReadRepo(const std::string& repo) const {
  auto records = stores->With([&](Store* s) -> Result<std::vector<Record>> {
    if (!s) return Status::IOError("cannot open " + db);
    return s->List(repo);
  });
  if (!records.ok()) return nullptr;
  // List compares names without case; a page is of this exact name.
  std::erase_if(*records, [&](const Record& r) { return r.repo != repo; });
  if (records->empty()) return nullptr;
  return MakeRepoRecords(std::move(*records));
}

std::shared_ptr<const Record> Corpus::Find(const std::string& id) const {
  if (!cache) {
    for (const auto& [name, repo] : eager) {
      if (auto it = repo->by_id.find(id); it != repo->by_id.end()) {
        return std::shared_ptr<const Record>(repo, &repo->records[it->second]);
      }
    }
    return nullptr;
  }
  std::string key = "id\n" + id;
  if (auto hit = cache->Get<Record>(key)) return hit;
  auto got = stores->With([&](Store* s) -> Result<Record> {
    if (!s) return Status::IOError("cannot open " + db);
    return s->Get(id);
  });
  if (!got.ok()) return nullptr;
  auto record = std::make_shared<const Record>(std::move(*got));
  cache->Put(key, record, RecordBytes(*record));
  return record;
}

std::shared_ptr<const std::string> Corpus::DataFile(const std::string& rel) const {
  if (dataset) {
    auto it = dataset->files.find(rel);
    if (it == dataset->files.end()) return nullptr;
    // Not owned: the session answering holds the corpus, and so the file.
    return std::shared_ptr<const std::string>(std::shared_ptr<const void>(), &it->second);
  }
  if (!cache) return nullptr;
  std::string key = "data\n" + rel;
  if (auto hit = cache->Get<std::string>(key)) return hit;
  std::shared_ptr<const std::string> file =
      data_dir.empty() ? RenderDataFile(rel) : ReadDataDir(rel);
  if (file) cache->Put(key, file, file->size());
  return file;
}

std::shared_ptr<const std::string> Corpus::Cached(
    const std::string& key, const std::function<std::string()>& render) const {
  if (cache) {
    if (auto hit = cache->Get<std::string>("page\n" + key)) return hit;
  }
  auto text = std::make_shared<const std::string>(render());
  if (cache) cache->Put("page\n" + key, text, text->size());
  return text;
}

std::shared_ptr<const std::string> Corpus::ReadDataDir(const std::string& rel) const {
  if (rel.empty() || rel.find("..") != std::string::npos || rel[0] == '/') return nullptr;
  std::error_code ec;
  std::filesystem::path path = std::filesystem::path(data_dir) / rel;
  if (!std::filesystem::is_regular_file(path, ec)) return nullptr;
  auto text = ReadFileLimited(path.string(), kMaxDataFileBytes);
  if (!text.ok()) return nullptr;
  return std::make_shared<const std::string>(std::move(*text));
}

std::shared_ptr<const Dataset> Corpus::WholeDatasetFiles() const {
  std::string key = "dataset-summary\n";
  if (auto hit = cache->Get<Dataset>(key)) return hit;
  std::vector<std::string> names;
  for (const auto& [name, n] : counts) names.push_back(name);
  // Read one repository at a time, around the cache: a pass over every
  // record would only push out what requests use.
  auto read = [&](const std::string& name) -> std::shared_ptr<const RepoRecords> {
    if (auto hit = cache->Get<RepoRecords>("repo\n" + name)) return hit;
    return ReadRepo(name);
  };
  auto ds = std::make_shared<const Dataset>(BuildDatasetSummary(repos, names, read, version));
  size_t bytes = 0;
  for (const auto& [path, text] : ds->files) bytes += text.size();
  cache->Put(key, ds, bytes);
  return ds;
}

std::shared_ptr<const std::string> Corpus::RenderDataFile(const std::string& rel) const {
  if (rel == "index.json" || rel == "repos.json" || rel == "manifest.json") {
    std::shared_ptr<const Dataset> ds = WholeDatasetFiles();
    return std::shared_ptr<const std::string>(ds, &ds->files.at(rel));
  }
  if (rel.starts_with("errors/") && rel.ends_with(".json")) {
    std::string id = rel.substr(7, rel.size() - 7 - 5);
    if (!SafeRecordId(id)) return nullptr;
    std::shared_ptr<const Record> r = Find(id);
    if (!r) return nullptr;
    return std::make_shared<const std::string>(ErrorFileText(*r, version));
  }
  if (rel.starts_with("repos/") && rel.ends_with(".json")) {
    std::string name = rel.substr(6, rel.size() - 6 - 5);
    if (!SafeRepoPath(name)) return nullptr;
    std::shared_ptr<const RepoRecords> repo = Repo(name);
    if (!repo) return nullptr;
    std::vector<const Record*> recs;
    for (const Record& r : repo->records) recs.push_back(&r);
    return std::make_shared<const std::string>(RepoFileText(recs));
  }
  return nullptr;
}

namespace {

// A corpus of every record in memory: lookups and dataset, no matcher.
std::shared_ptr<Corpus> EagerCorpus(std::vector<Record> records, std::vector<RepoInfo> repos,
                                    std::string version, std::string base_url) {
  auto c = std::make_shared<Corpus>();
  c->version = std::move(version);
  c->base_url = std::move(base_url);
  c->repos = std::move(repos);
  c->record_count = records.size();
  c->dataset = std::make_unique<Dataset>(BuildDataset(records, c->repos, c->version));
  std::map<std::string, std::vector<Record>> by_repo;
  for (Record& r : records) by_repo[r.repo].push_back(std::move(r));
  for (auto& [name, recs] : by_repo) {
    c->counts[name] = recs.size();
    c->eager[name] = MakeRepoRecords(std::move(recs));
  }
  return c;
}

}  // namespace

std::shared_ptr<const Corpus> BuildCorpus(std::vector<Record> records, std::vector<RepoInfo> repos,
                                          std::string version, std::string base_url,
                                          const std::string& matcher_snapshot,
                                          const std::string& stamp) {
  std::unique_ptr<Matcher> matcher;
  if (!matcher_snapshot.empty() && records.size() >= kMatcherSnapshotMinRecords) {
    std::string note;
    matcher = Matcher::Open(records, matcher_snapshot, &note, stamp);
    std::fprintf(stderr, "errdex serve: %s\n", note.c_str());
  } else {
    matcher = std::make_unique<Matcher>(records);
  }
  std::shared_ptr<Corpus> c =
      EagerCorpus(std::move(records), std::move(repos), std::move(version), std::move(base_url));
  c->matcher = std::move(matcher);
  return c;
}

std::shared_ptr<const Corpus> BuildSiteCorpus(std::vector<Record> records,
                                              std::vector<RepoInfo> repos, std::string version,
                                              std::string base_url) {
  std::shared_ptr<Corpus> c =
      EagerCorpus(std::move(records), std::move(repos), std::move(version), std::move(base_url));
  c->static_site = true;
  return c;
}

Result<std::shared_ptr<const Corpus>> LoadCorpus(Store* store, const ViewOptions& options,
                                                 const Corpus* previous) {
  auto c = std::make_shared<Corpus>();
  // Version first: if an index lands while we read, the next poll sees a
  // newer version and reloads, so the served data never lags for long.
  auto version = store->DatasetVersion();
  if (!version.ok()) return version.status();
  c->version = std::move(*version);
  c->base_url = options.base_url;
  c->db = options.db;
  c->data_dir = options.data_dir;
  auto repos = store->Repos();
  if (!repos.ok()) return repos.status();
  c->repos = std::move(*repos);
  // Each repository's count is kept with it (`errdex check` verifies it
  // against its records): no record is read here.
  for (const RepoInfo& info : c->repos) {
    if (info.error_count <= 0) continue;
    c->counts[info.repo] = static_cast<size_t>(info.error_count);
    c->record_count += static_cast<size_t>(info.error_count);
  }
  if (options.whole_matcher) {
    auto matcher = OpenCorpusMatcher(store, options.db, kMatcherSnapshotMinRecords);
    if (!matcher.ok()) return matcher.status();
    // A matcher built here holds the records it was built from; the
    // snapshot it just saved is the same matcher with those records mapped.
    if (matcher->note.find("saved to") != std::string::npos) {
      auto stamp = store->DatasetStamp();
      if (stamp.ok()) {
        auto mapped = Matcher::Load(MatcherSnapshotPath(options.db), *stamp);
        if (mapped.ok()) matcher->matcher = std::move(*mapped);
      }
    }
    std::fprintf(stderr, "errdex serve: %s\n", matcher->note.c_str());
    c->matcher = std::move(matcher->matcher);
  } else {
    const Matcher* in_service = previous != nullptr ? previous->matcher.get() : nullptr;
    auto matcher = OpenRepositoryMatcher(store, options.db, in_service, options.max_deltas);
    if (!matcher.ok()) return matcher.status();
    std::fprintf(stderr, "errdex serve: %s\nerrdex serve: matcher time: %s\n",
                 matcher->note.c_str(), matcher->timing.c_str());
    c->matcher = std::move(matcher->matcher);
    c->merge_due = matcher->merge_due;
  }
  c->cache = std::make_unique<ByteCache>(options.cache_bytes);
  c->stores = std::make_unique<StorePool>(options.db);
  return std::shared_ptr<const Corpus>(std::move(c));
}

}  // namespace errdex::serve
