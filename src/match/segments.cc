// OpenRepositoryMatcher: the base where it is current, deltas for what
// changed; MergeRepositoryBase: a new base of everything.
#include "match/segments.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <utility>

namespace errdex {
namespace {

// A file name for `repo`: its bytes kept where they are safe in a path
// ("owner/name" -> "owner+name"), the others as %XX, so that two
// repositories never share a file.
std::string SegmentFileName(const std::string& repo) {
  std::string out;
  for (unsigned char c : repo) {
    if (std::isalnum(c) || c == '.' || c == '-' || c == '_') {
      out.push_back(static_cast<char>(c));
    } else if (c == '/') {
      out.push_back('+');
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  if (out.empty() || out[0] == '.') out.insert(0, "%");
  return out + ".seg";
}

// Not a repository's file name: those end in ".seg".
constexpr char kBaseFile[] = "repositories.base";
// The base's stamp is its table of contents: this line, then one line per
// repository, "begin<TAB>count<TAB>name<TAB>stamp", in record order.
constexpr std::string_view kBaseMagic = "errdex base segment\n";

struct BaseEntry {
  size_t begin = 0, count = 0;
  std::string stamp;
};

bool IsBase(const MatcherSegment& seg) { return seg.stamp().starts_with(kBaseMagic); }

// Whether `repo` and its stamp can be a line of the base's stamp.
bool FitsBaseStamp(const RepoInfo& info, const std::string& stamp) {
  return (info.repo + stamp).find_first_of("\t\n") == std::string::npos;
}

// Repository -> where it is in the base, from the base's stamp.
std::map<std::string, BaseEntry> BaseContents(std::string_view stamp) {
  std::map<std::string, BaseEntry> out;
  stamp.remove_prefix(std::min(stamp.size(), kBaseMagic.size()));
  while (!stamp.empty()) {
    size_t eol = stamp.find('\n');
    std::string_view line = stamp.substr(0, eol);
    stamp.remove_prefix(eol == std::string_view::npos ? stamp.size() : eol + 1);
    std::string fields[4];
    for (size_t i = 0; i < 4; ++i) {
      size_t tab = i < 3 ? line.find('\t') : line.size();
      if (tab == std::string_view::npos) return {};  // not a stamp this code wrote
      fields[i] = std::string(line.substr(0, tab));
      line.remove_prefix(std::min(line.size(), tab + 1));
    }
    BaseEntry e;
    e.begin = std::strtoull(fields[0].c_str(), nullptr, 10);
    e.count = std::strtoull(fields[1].c_str(), nullptr, 10);
    e.stamp = std::move(fields[3]);
    out[fields[2]] = std::move(e);
  }
  return out;
}

double SecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f s", s);
  return buf;
}

// The records of `info`'s repository, as its segments are built from.
Result<std::vector<Record>> RepositoryRecords(Store* store, const RepoInfo& info) {
  Result<std::vector<Record>> records = store->ListForMatching(info.repo);
  if (!records.ok()) return records.status();
  // Names compare without case there; a segment is of this exact name.
  std::erase_if(*records, [&](const Record& r) { return r.repo != info.repo; });
  return records;
}

// Whether `stop` (may be null) asks the work to end.
bool Stopped(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

// Builds the base of `repos` at `path`; `*names` gets the repositories in it.
// Reads a repository's records at a time and keeps only what the segment
// stores of them (MatcherSegment::Builder): the memory of a merge is the
// segment's, not the records'. Ends early when `stop` is set.
Result<std::shared_ptr<const MatcherSegment>> BuildBase(
    Store* store, const std::vector<RepoInfo>& repos, const std::string& path,
    std::vector<std::string>* names, std::string* note, const std::atomic<bool>* stop = nullptr) {
  MatcherSegment::Builder builder;
  std::string stamp(kBaseMagic);
  for (const RepoInfo& info : repos) {
    if (Stopped(stop)) return Status::Internal("base merge stopped");
    std::string repo_stamp = RepositoryStamp(info);
    if (info.error_count <= 0 || !FitsBaseStamp(info, repo_stamp)) continue;
    Result<std::vector<Record>> records = RepositoryRecords(store, info);
    if (!records.ok()) return records.status();
    stamp += std::to_string(builder.size()) + "\t" + std::to_string(records->size()) + "\t" +
             info.repo + "\t" + repo_stamp + "\n";
    names->push_back(info.repo);
    for (const Record& r : *records) builder.Add(r);
  }
  if (Stopped(stop)) return Status::Internal("base merge stopped");
  return builder.Finish(path, stamp, note);
}

}  // namespace

Status MergeRepositoryBase(Store* store, const std::string& db_path, std::string* note,
                           const std::atomic<bool>* stop) {
  namespace fs = std::filesystem;
  auto start = std::chrono::steady_clock::now();
  // Stamps before records (as OpenRepositoryMatcher reads them).
  Result<std::vector<RepoInfo>> repos = store->Repos();
  if (!repos.ok()) return repos.status();
  std::string dir = MatcherSegmentDir(db_path);
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::vector<std::string> names;
  std::string why;
  Result<std::shared_ptr<const MatcherSegment>> base =
      BuildBase(store, *repos, (fs::path(dir) / kBaseFile).string(), &names, &why, stop);
  if (!base.ok()) return base.status();
  if (!why.empty()) return Status::IOError(why);  // kept in memory only: of no use to a reload
  if (note != nullptr) {
    *note = "base of " + std::to_string(names.size()) + " repositories (" +
            std::to_string((*base)->size()) + " records) built in " + Seconds(SecondsSince(start));
  }
  return Status::OK();
}

std::string RepositoryStamp(const RepoInfo& info) {
  // indexed_seq changes with every write of the repository's records; the
  // rest tells apart two databases that happen to share a sequence number.
  return "repo=" + info.repo + ";seq=" + std::to_string(info.indexed_seq) + ";sha=" + info.sha +
         ";at=" + info.analyzed_at + ";n=" + std::to_string(info.error_count);
}

Result<RepositoryMatcher> OpenRepositoryMatcher(Store* store, const std::string& db_path,
                                                const Matcher* previous, size_t max_deltas) {
  namespace fs = std::filesystem;
  auto start = std::chrono::steady_clock::now();
  // Stamps before records: if an index lands in between, a segment saved
  // below carries the older stamp with newer records and the next reload
  // builds it again (never the reverse).
  Result<std::vector<RepoInfo>> repos = store->Repos();
  if (!repos.ok()) return repos.status();
  std::string dir = MatcherSegmentDir(db_path);
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::map<std::string, std::shared_ptr<const MatcherSegment>> in_service;
  std::shared_ptr<const MatcherSegment> base;
  if (previous != nullptr) {
    for (auto& part : previous->parts()) {
      if (IsBase(*part)) {
        base = part;
      } else {
        in_service[part->stamp()] = part;
      }
    }
  }
  RepositoryMatcher out;
  double listed = SecondsSince(start), building = 0;
  auto segments_start = std::chrono::steady_clock::now();

  // The base: the one saved (a merge replaces it), the one in service when
  // that is the same, or a new one of every repository.
  enum class From { kReused, kLoaded, kBuilt } base_from = From::kReused;
  std::string base_path = (fs::path(dir) / kBaseFile).string();
  Result<std::string> saved = MatcherSegment::ReadStamp(base_path);
  bool damaged_base = !saved.ok() && saved.status().code() == Status::Code::kCorruption;
  if (saved.ok() && (base == nullptr || base->stamp() != *saved)) {
    Result<std::shared_ptr<const MatcherSegment>> loaded = MatcherSegment::Load(base_path, *saved);
    if (loaded.ok() && IsBase(**loaded)) {
      base = *loaded;
      base_from = From::kLoaded;
    } else if (!loaded.ok() && loaded.status().code() == Status::Code::kCorruption) {
      damaged_base = true;
      saved = loaded.status();
    }
  }
  if (damaged_base) out.damaged.push_back("base: " + saved.status().message());
  std::string base_note;
  if (base == nullptr || damaged_base) {
    auto build_start = std::chrono::steady_clock::now();
    std::vector<std::string> names;
    std::string note;
    Result<std::shared_ptr<const MatcherSegment>> built =
        BuildBase(store, *repos, base_path, &names, &note);
    if (!built.ok()) return built.status();
    base = *built;
    base_from = From::kBuilt;
    building += SecondsSince(build_start);
    base_note = note;
  }
  std::map<std::string, BaseEntry> contents = BaseContents(base->stamp());

  std::vector<Matcher::Slice> slices;
  std::set<std::string> files;
  size_t shown_in_base = 0;
  for (const RepoInfo& info : *repos) {
    if (info.error_count <= 0) continue;
    std::string stamp = RepositoryStamp(info);
    if (auto it = contents.find(info.repo); it != contents.end() && it->second.stamp == stamp) {
      slices.push_back({base, it->second.begin, it->second.count});
      shown_in_base += it->second.count;
      ++out.in_base;
      if (base_from == From::kBuilt) out.built.push_back(info.repo);
      if (base_from == From::kReused) ++out.reused;
      if (base_from == From::kLoaded) ++out.loaded;
      continue;
    }
    // Re-indexed (or added) since the base was built: its delta.
    ++out.deltas;
    std::string name = SegmentFileName(info.repo);
    files.insert(name);
    if (auto it = in_service.find(stamp); it != in_service.end()) {
      slices.push_back({it->second, 0, it->second->size()});
      ++out.reused;
      continue;
    }
    std::string path = (fs::path(dir) / name).string();
    Result<std::shared_ptr<const MatcherSegment>> loaded = MatcherSegment::Load(path, stamp);
    if (loaded.ok()) {
      slices.push_back({*loaded, 0, (*loaded)->size()});
      ++out.loaded;
      continue;
    }
    if (loaded.status().code() == Status::Code::kCorruption) {
      out.damaged.push_back(info.repo + ": " + loaded.status().message());
    }
    auto build_start = std::chrono::steady_clock::now();
    Result<std::vector<Record>> records = RepositoryRecords(store, info);
    if (!records.ok()) return records.status();
    std::string note;
    std::shared_ptr<const MatcherSegment> seg =
        MatcherSegment::Build(std::move(*records), path, stamp, &note);
    slices.push_back({seg, 0, seg->size()});
    out.built.push_back(info.repo + (note.empty() ? "" : " (" + note + ")"));
    building += SecondsSince(build_start);
  }
  // A base of which no record is shown is still a part: the next reload
  // finds it in service.
  if (shown_in_base == 0) slices.push_back({base, 0, 0});
  out.hidden = base->size() - shown_in_base;
  out.merge_due = out.deltas >= max_deltas || out.hidden > shown_in_base;
  // Deltas of repositories no longer indexed, renamed, or now in the base.
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name.ends_with(".seg") && !files.count(name)) fs::remove(entry.path(), ec);
  }
  size_t count = out.in_base + out.deltas;
  double segments = SecondsSince(segments_start);
  auto compose_start = std::chrono::steady_clock::now();
  Result<std::unique_ptr<Matcher>> composed = Matcher::Compose(std::move(slices));
  if (!composed.ok()) return composed.status();
  out.timing = "repositories " + Seconds(listed) + ", segments " + Seconds(segments) + " (built " +
               Seconds(building) + "), composed " + Seconds(SecondsSince(compose_start));
  out.matcher = std::move(*composed);
  out.note = "matcher: " + std::to_string(out.built.size()) + " of " + std::to_string(count) +
             " repositories built";
  if (!out.built.empty()) {
    std::string list;
    for (size_t i = 0; i < out.built.size() && i < 5; ++i) {
      list += (i ? ", " : "") + out.built[i];
    }
    if (out.built.size() > 5) list += ", ...";
    out.note += " (" + list + ")";
  }
  out.note += ", " + std::to_string(out.reused) + " reused, " + std::to_string(out.loaded) +
              " loaded from " + dir + "; " + std::to_string(out.in_base) + " in the base (" +
              std::to_string(out.hidden) + " records hidden), " + std::to_string(out.deltas) +
              (out.deltas == 1 ? " delta" : " deltas");
  if (out.merge_due) out.note += ", merge due";
  for (const std::string& d : out.damaged) out.note += "; damaged segment rebuilt: " + d;
  if (!base_note.empty()) out.note += "; base " + base_note;
  return out;
}

}  // namespace errdex
