// The static dataset: the files ErrLookup's MCP client (and any other static
// consumer) reads, built in memory from the records, and written to disk
// atomically for `errdex export`.
//
// Layout (paths relative to the dataset root, which is served as /data/):
//   manifest.json            {schemaVersion, datasetVersion, generatedAt, counts,
//                             files: {index:{path,bytes,sha256}, repos:{...},
//                                     "<path>": {path,bytes,sha256}, ...}}
//                            where each `path` is written as the contract
//                            writes it, "/data/index.json" (product brief,
//                            "Static dataset"); the keys stay relative.
//   index.json               {schemaVersion, datasetVersion, errors:[{id, repo,
//                             slug, code, msg, pattern, type, class, tags, sev}]}
//   repos.json               [{repo, description, errorCount, sha, analyzedAt}]
//   repos/{owner}/{name}.json  [full record, ...]
//   errors/{id}.json         {record, datasetVersion}
// The MCP client looks the index up as manifest.files.index.sha256, so the
// two top-level files are keyed by name; every other file by its path.
//
// index.json's `pattern` is what static clients match pastes with. ErrLookup's
// client skips only patterns whose text outside `(.+?)` is under 6
// characters, so a pattern that is (nearly) all hole, `([\s\S]*?)`, would
// match every paste there; such records export their escaped template
// instead, as the reference's own records do (it matches the message only
// as written, never arbitrary text). Record files keep messagePattern.
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "errdex/template.h"
#include "serve/serve_internal.h"
#include "util/file_io.h"
#include "util/sha256.h"

namespace errdex::serve {
namespace {

namespace fs = std::filesystem;

// Verification reads each dataset file whole; none is near this size.
constexpr size_t kMaxDatasetFileBytes = size_t{4} << 30;
using nlohmann::json;

std::string Dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// Fewer literal characters than this (after removing holes, escapes
// resolved, trimmed) and a pattern can match nearly anything.
constexpr size_t kMinPatternLiteral = 6;

// The pattern's text outside its holes, escapes resolved, trimmed.
std::string PatternLiteral(std::string_view pattern) {
  const std::string holes[] = {HolePattern(HoleType::kAny), HolePattern(HoleType::kInteger),
                               "(.+?)"};
  std::string out;
  for (size_t i = 0; i < pattern.size();) {
    bool hole = false;
    for (const std::string& h : holes) {
      if (pattern.substr(i, h.size()) == h) {
        i += h.size();
        out += ' ';
        hole = true;
        break;
      }
    }
    if (hole) continue;
    if (pattern[i] == '\\' && i + 1 < pattern.size()) ++i;
    out += pattern[i++];
  }
  size_t b = out.find_first_not_of(" \t\n\r");
  if (b == std::string::npos) return "";
  return out.substr(b, out.find_last_not_of(" \t\n\r") - b + 1);
}

json IndexEntry(const Record& r) {
  return {{"id", r.id},
          {"repo", r.repo},
          {"slug", r.slug},
          {"code", r.error_code ? json(*r.error_code) : json()},
          {"msg", r.error_message},
          {"pattern", ExportedPattern(r)},
          {"type", r.error_type},
          {"class", r.error_class.empty() ? json() : json(r.error_class)},
          {"tags", r.tags},
          {"sev", r.severity}};
}

// {"record": <record in published field order>, "datasetVersion": "..."}
std::string ErrorFile(const Record& r, const std::string& version) {
  return "{\"record\":" + RecordToJsonText(r) + ",\"datasetVersion\":" + Dump(json(version)) + "}";
}

std::string RepoFile(const std::vector<const Record*>& records) {
  std::string out = "[";
  for (size_t i = 0; i < records.size(); ++i) {
    if (i) out += ',';
    out += RecordToJsonText(*records[i]);
  }
  out += ']';
  return out;
}

json FileEntry(const std::string& path, const std::string& content) {
  return {{"path", "/data/" + path}, {"bytes", content.size()}, {"sha256", Sha256Hex(content)}};
}

std::string NowIso() {
  auto now = std::chrono::system_clock::now();
  std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

bool SafeId(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

Result<std::string> ReadWhole(const fs::path& path) {
  return ReadFileLimited(path.string(), kMaxDatasetFileBytes);
}

// Temporary directories of earlier exports that died: ".NAME.export-PID".
void RemoveStaleTemps(const fs::path& dir) {
  std::string prefix = "." + dir.filename().string() + ".export-";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir.parent_path(), ec)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    std::string rest = name.substr(prefix.size());
    pid_t pid = static_cast<pid_t>(std::atoi(rest.c_str()));
    bool alive = pid > 0 && pid != getpid() && (::kill(pid, 0) == 0 || errno == EPERM);
    if (!alive) fs::remove_all(entry.path(), ec);
  }
}

}  // namespace

void MaybeDelayForTest() {
  static const int delay_ms = [] {
    const char* v = std::getenv("ERRDEX_EXPORT_TEST_DELAY_MS");
    return v ? std::atoi(v) : 0;
  }();
  if (delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
}

// A repo name is safe as a path when it is exactly owner/name with plain
// segments; anything else stays out of the file tree (it is still in
// index.json and repos.json).
bool SafeRepoPath(const std::string& repo) {
  size_t slash = repo.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == repo.size()) return false;
  if (repo.find('/', slash + 1) != std::string::npos) return false;
  for (std::string_view seg :
       {std::string_view(repo).substr(0, slash), std::string_view(repo).substr(slash + 1)}) {
    if (seg == "." || seg == "..") return false;
    for (char c : seg) {
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) {
        return false;
      }
    }
  }
  return true;
}

std::string ExportedPattern(const Record& r) {
  if (PatternLiteral(r.message_pattern).size() >= kMinPatternLiteral) return r.message_pattern;
  return EscapeRegexLiteral(r.error_message);
}

namespace {

// index.json: every record's index entry.
std::string IndexJson(json errors, const std::string& version) {
  json index = {{"schemaVersion", kSchemaVersion},
                {"datasetVersion", version},
                {"errors", std::move(errors)}};
  return Dump(index);
}

// repos.json: one entry per indexed repository, with its record count.
std::string ReposJson(const std::vector<RepoInfo>& repos,
                      const std::map<std::string, size_t>& counts) {
  json repo_list = json::array();
  for (const RepoInfo& info : repos) {
    auto count = counts.find(info.repo);
    repo_list.push_back({{"repo", info.repo},
                         {"description", nullptr},
                         {"errorCount", count == counts.end() ? 0 : count->second},
                         {"sha", info.sha},
                         {"analyzedAt", info.analyzed_at}});
  }
  return Dump(repo_list);
}

// manifest.json over `files` (index.json and repos.json under their keys
// "index" and "repos"); `file_count` does not count the manifest itself.
std::string ManifestJson(json files, size_t records, size_t repos, size_t file_count,
                         size_t error_files, const std::string& version) {
  json manifest = {{"schemaVersion", kSchemaVersion},
                   {"datasetVersion", version},
                   {"generatedAt", NowIso()},
                   {"counts",
                    {{"errors", records},
                     {"repos", repos},
                     {"files", file_count + 1},
                     {"errorFiles", error_files}}},
                   {"files", std::move(files)}};
  return Dump(manifest);
}

}  // namespace

Dataset BuildDataset(const std::vector<Record>& records, const std::vector<RepoInfo>& repos,
                     const std::string& version) {
  Dataset ds;
  ds.version = version;
  std::map<std::string, std::vector<const Record*>> by_repo;
  json index_errors = json::array();
  size_t error_files = 0;
  for (const Record& r : records) {
    index_errors.push_back(IndexEntry(r));
    by_repo[r.repo].push_back(&r);
    if (SafeId(r.id)) {
      ds.files["errors/" + r.id + ".json"] = ErrorFile(r, version);
      ++error_files;
    }
  }
  ds.files["index.json"] = IndexJson(std::move(index_errors), version);
  std::map<std::string, size_t> counts;
  for (const auto& [repo, recs] : by_repo) counts[repo] = recs.size();
  ds.files["repos.json"] = ReposJson(repos, counts);
  for (const auto& [repo, recs] : by_repo) {
    if (SafeRepoPath(repo)) ds.files["repos/" + repo + ".json"] = RepoFile(recs);
  }

  json files = json::object();
  for (const auto& [path, content] : ds.files) {
    if (path == "index.json") {
      files["index"] = FileEntry(path, content);
    } else if (path == "repos.json") {
      files["repos"] = FileEntry(path, content);
    } else {
      files[path] = FileEntry(path, content);
    }
  }
  ds.files["manifest.json"] = ManifestJson(std::move(files), records.size(), repos.size(),
                                           ds.files.size(), error_files, version);
  return ds;
}

bool SafeRecordId(const std::string& id) { return SafeId(id); }
std::string ErrorFileText(const Record& r, const std::string& version) {
  return ErrorFile(r, version);
}
std::string RepoFileText(const std::vector<const Record*>& records) { return RepoFile(records); }

Dataset BuildDatasetSummary(
    const std::vector<RepoInfo>& repos, const std::vector<std::string>& names,
    const std::function<std::shared_ptr<const RepoRecords>(const std::string&)>& read,
    const std::string& version) {
  Dataset ds;
  ds.version = version;
  json index_errors = json::array();
  json files = json::object();
  std::map<std::string, size_t> counts;
  size_t records = 0;
  size_t error_files = 0;
  size_t file_count = 0;
  for (const std::string& name : names) {
    std::shared_ptr<const RepoRecords> repo = read(name);
    if (!repo || repo->records.empty()) continue;
    std::vector<const Record*> recs;
    for (const Record& r : repo->records) {
      index_errors.push_back(IndexEntry(r));
      recs.push_back(&r);
      if (SafeId(r.id)) {
        std::string path = "errors/" + r.id + ".json";
        files[path] = FileEntry(path, ErrorFile(r, version));
        ++error_files;
        ++file_count;
      }
    }
    records += recs.size();
    counts[name] = recs.size();
    if (SafeRepoPath(name)) {
      std::string path = "repos/" + name + ".json";
      files[path] = FileEntry(path, RepoFile(recs));
      ++file_count;
    }
  }
  ds.files["index.json"] = IndexJson(std::move(index_errors), version);
  ds.files["repos.json"] = ReposJson(repos, counts);
  files["index"] = FileEntry("index.json", ds.files["index.json"]);
  files["repos"] = FileEntry("repos.json", ds.files["repos.json"]);
  file_count += 2;
  ds.files["manifest.json"] =
      ManifestJson(std::move(files), records, repos.size(), file_count, error_files, version);
  return ds;
}

Result<size_t> VerifyDatasetDir(const std::string& dir) {
  auto text = ReadWhole(fs::path(dir) / "manifest.json");
  if (!text.ok()) return text.status();
  json manifest = json::parse(*text, nullptr, false);
  if (manifest.is_discarded() || !manifest.is_object() || !manifest.contains("files") ||
      !manifest["files"].is_object()) {
    return Status::Corruption(dir + "/manifest.json is not a dataset manifest");
  }
  size_t checked = 0;
  for (const auto& [key, entry] : manifest["files"].items()) {
    // "/data/x.json" as the contract writes it; a relative "x.json" as
    // exports before it did.
    std::string path = entry.value("path", "");
    if (path.starts_with("/data/")) path.erase(0, 6);
    if (path.empty() || path.find("..") != std::string::npos || path[0] == '/') {
      return Status::Corruption("manifest entry " + key + " has a bad path");
    }
    auto content = ReadWhole(fs::path(dir) / path);
    if (!content.ok()) return Status::Corruption(dir + ": " + content.status().message());
    if (content->size() != entry.value("bytes", size_t{0}) ||
        Sha256Hex(*content) != entry.value("sha256", "")) {
      return Status::Corruption(dir + "/" + path + " does not match its manifest entry");
    }
    ++checked;
  }
  return checked;
}

Result<StoredDataset> ReadStoredDataset(const std::string& db) {
  auto store = Store::OpenExisting(db.empty() ? DefaultDbPath() : db);
  if (!store.ok()) return store.status();
  StoredDataset out;
  auto version = (*store)->DatasetVersion();
  if (!version.ok()) return version.status();
  out.version = std::move(*version);
  auto records = (*store)->List("");
  if (!records.ok()) return records.status();
  out.records = std::move(*records);
  auto repos = (*store)->Repos();
  if (!repos.ok()) return repos.status();
  out.repos = std::move(*repos);
  return out;
}

Result<ExportDirs> PrepareExport(const std::string& dir_arg) {
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(dir_arg), ec).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  if (ec || dir.filename().empty())
    return Status::InvalidArgument("bad export directory " + dir_arg);
  fs::create_directories(dir.parent_path(), ec);
  if (ec)
    return Status::IOError("cannot create " + dir.parent_path().string() + ": " + ec.message());
  if (fs::exists(dir) && !fs::is_directory(dir)) {
    return Status::InvalidArgument(dir.string() + " exists and is not a directory");
  }
  RemoveStaleTemps(dir);
  fs::path tmp =
      dir.parent_path() / ("." + dir.filename().string() + ".export-" + std::to_string(getpid()));
  fs::remove_all(tmp, ec);
  return ExportDirs{dir.string(), tmp.string()};
}

Status SwapInExport(const ExportDirs& dirs) {
  std::error_code ec;
  if (Status s = SyncDir(dirs.tmp); !s.ok()) return s;
  // One rename makes the new tree visible: RENAME_EXCHANGE swaps it with
  // the old one in a single step, so readers never see a missing directory.
  if (fs::exists(dirs.dir)) {
    if (::renameat2(AT_FDCWD, dirs.tmp.c_str(), AT_FDCWD, dirs.dir.c_str(), RENAME_EXCHANGE) != 0) {
      return Status::IOError("cannot swap " + dirs.tmp + " into " + dirs.dir + ": " +
                             std::strerror(errno));
    }
    fs::remove_all(dirs.tmp, ec);  // now the previous tree
  } else if (::rename(dirs.tmp.c_str(), dirs.dir.c_str()) != 0) {
    return Status::IOError("cannot rename " + dirs.tmp + " to " + dirs.dir + ": " +
                           std::strerror(errno));
  }
  return SyncDir(fs::path(dirs.dir).parent_path().string());
}

namespace {

// Writes the dataset's files into `dir`, each synced, manifest.json last.
Status WriteDatasetFiles(const Dataset& dataset, const std::string& dir) {
  // manifest.json last, so a half-written directory never looks complete.
  for (const auto& [path, content] : dataset.files) {
    if (path == "manifest.json") continue;
    if (Status s = WriteFileSynced((fs::path(dir) / path).string(), content); !s.ok()) return s;
    MaybeDelayForTest();
  }
  return WriteFileSynced((fs::path(dir) / "manifest.json").string(),
                         dataset.files.at("manifest.json"));
}

}  // namespace

Status WriteDatasetAtomically(const Dataset& dataset, const std::string& dir_arg) {
  auto dirs = PrepareExport(dir_arg);
  if (!dirs.ok()) return dirs.status();
  if (Status s = WriteDatasetFiles(dataset, dirs->tmp); !s.ok()) return s;
  auto checked = VerifyDatasetDir(dirs->tmp);
  if (!checked.ok()) {
    std::error_code ec;
    fs::remove_all(dirs->tmp, ec);
    return checked.status();
  }
  return SwapInExport(*dirs);
}

}  // namespace errdex::serve
