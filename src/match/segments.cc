// OpenRepositoryMatcher: reuse what is current, build what changed.
#include "match/segments.h"

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

double SecondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f s", s);
  return buf;
}

}  // namespace

std::string RepositoryStamp(const RepoInfo& info) {
  // indexed_seq changes with every write of the repository's records; the
  // rest tells apart two databases that happen to share a sequence number.
  return "repo=" + info.repo + ";seq=" + std::to_string(info.indexed_seq) + ";sha=" + info.sha +
         ";at=" + info.analyzed_at + ";n=" + std::to_string(info.error_count);
}

Result<RepositoryMatcher> OpenRepositoryMatcher(Store* store, const std::string& db_path,
                                                const Matcher* previous) {
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
  if (previous != nullptr) {
    for (auto& part : previous->parts()) in_service[part->stamp()] = part;
  }
  RepositoryMatcher out;
  double listed = SecondsSince(start), building = 0;
  auto segments_start = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<const MatcherSegment>> parts;
  std::set<std::string> files;
  for (const RepoInfo& info : *repos) {
    if (info.error_count <= 0) continue;
    std::string stamp = RepositoryStamp(info);
    std::string name = SegmentFileName(info.repo);
    files.insert(name);
    if (auto it = in_service.find(stamp); it != in_service.end()) {
      parts.push_back(it->second);
      ++out.reused;
      continue;
    }
    std::string path = (fs::path(dir) / name).string();
    Result<std::shared_ptr<const MatcherSegment>> loaded = MatcherSegment::Load(path, stamp);
    if (loaded.ok()) {
      parts.push_back(*loaded);
      ++out.loaded;
      continue;
    }
    if (loaded.status().code() == Status::Code::kCorruption) {
      out.damaged.push_back(info.repo + ": " + loaded.status().message());
    }
    auto build_start = std::chrono::steady_clock::now();
    Result<std::vector<Record>> records = store->ListForMatching(info.repo);
    if (!records.ok()) return records.status();
    // Names compare without case there; a segment is of this exact name.
    std::erase_if(*records, [&](const Record& r) { return r.repo != info.repo; });
    std::string note;
    parts.push_back(MatcherSegment::Build(std::move(*records), path, stamp, &note));
    out.built.push_back(info.repo + (note.empty() ? "" : " (" + note + ")"));
    building += SecondsSince(build_start);
  }
  // Segments of repositories no longer indexed (or renamed).
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name.ends_with(".seg") && !files.count(name)) fs::remove(entry.path(), ec);
  }
  size_t count = parts.size();
  double segments = SecondsSince(segments_start);
  auto compose_start = std::chrono::steady_clock::now();
  Result<std::unique_ptr<Matcher>> composed = Matcher::Compose(std::move(parts));
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
              " loaded from " + dir;
  for (const std::string& d : out.damaged) out.note += "; damaged segment rebuilt: " + d;
  return out;
}

}  // namespace errdex
