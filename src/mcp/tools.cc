// The MCP tools over one local database (see tools.h).
#include "mcp/tools.h"

#include <cmath>
#include <cstdio>

#include "errdex/indexer.h"
#include "errdex/input.h"
#include "mcp/result_json.h"
#include "mcp/tool_schemas.h"
#include "util/text.h"

namespace errdex::mcp {
namespace {

using nlohmann::json;

constexpr size_t kMaxLimit = 50;

std::string Dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json TextContent(const std::string& text) { return {{"type", "text"}, {"text", text}}; }

json TextResult(const std::string& text) { return {{"content", json::array({TextContent(text)})}}; }

json ErrorResult(const std::string& text) {
  json r = TextResult(text);
  r["isError"] = true;
  return r;
}

// Reads an optional string argument; a present value of another type is a
// schema violation, not something to guess about.
Status StringArg(const json& args, const char* tool, const char* key, bool required,
                 std::string* out) {
  auto it = args.find(key);
  if (it == args.end() || it->is_null()) {
    if (!required) return Status::OK();
    return Status::InvalidArgument(std::string(tool) + ": missing required argument '" + key +
                                   "' (a string)");
  }
  if (!it->is_string()) {
    return Status::InvalidArgument(std::string(tool) + ": argument '" + key + "' must be a string");
  }
  *out = it->get<std::string>();
  if (required && Trim(*out).empty()) {
    return Status::InvalidArgument(std::string(tool) + ": argument '" + key + "' is empty");
  }
  return Status::OK();
}

// ErrLookup's schema types limits as "number": any integral value in range.
Status LimitArg(const json& args, const char* tool, size_t def, size_t* out) {
  *out = def;
  auto it = args.find("limit");
  if (it == args.end() || it->is_null()) return Status::OK();
  double v = it->is_number() ? it->get<double>() : 0;
  if (!it->is_number() || v != std::floor(v) || v < 1 || v > kMaxLimit) {
    return Status::InvalidArgument(std::string(tool) +
                                   ": argument 'limit' must be an integer in 1.." +
                                   std::to_string(kMaxLimit));
  }
  *out = static_cast<size_t>(v);
  return Status::OK();
}

Status RepoArg(const json& args, const char* tool, std::string* out) {
  Status st = StringArg(args, tool, "repo", false, out);
  if (st.ok() && !out->empty() && out->find('/') == std::string::npos) {
    return Status::InvalidArgument(std::string(tool) +
                                   ": argument 'repo' must be owner/name, got '" + *out + "'");
  }
  return st;
}

// JavaScript's s.slice(0, n) on a string of code points, near enough: at
// most n characters, never half of one.
std::string Chars(const std::string& s, size_t n) {
  size_t i = 0;
  for (size_t count = 0; i < s.size() && count < n; ++count) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return s.substr(0, i);
}

// ErrLookup's get_error markdown, line for line, so agents that parse it
// (`**Repo:**`, the `Source:` permalink) read ours the same way.
std::string RecordMarkdown(const Record& e) {
  std::vector<std::string> lines;
  lines.push_back("# " + (e.error_code ? *e.error_code : Chars(e.error_message, 80)));
  lines.push_back("");
  lines.push_back("**Repo:** " + e.repo);
  lines.push_back("**Message:** `" + e.error_message + "`");
  if (!e.error_class.empty()) lines.push_back("**Class:** " + e.error_class);
  lines.push_back("**Severity:** " + e.severity);
  lines.push_back("");
  lines.push_back("## What it means");
  lines.push_back(e.documentation);
  lines.push_back("");
  if (!e.solutions.empty()) {
    lines.push_back("## Solutions");
    for (size_t i = 0; i < e.solutions.size(); ++i) {
      lines.push_back(std::to_string(i + 1) + ". " + e.solutions[i]);
    }
    lines.push_back("");
  }
  if (!e.example_fix.empty()) {
    lines.insert(lines.end(), {"## Example fix", "```", e.example_fix, "```", ""});
  }
  bool tip = !e.prevention_tips.empty();
  if (!e.handling_strategy.empty() || e.try_catch_pattern || tip) {
    lines.push_back("## Defensive pattern");
    if (!e.handling_strategy.empty()) lines.push_back("Strategy: " + e.handling_strategy);
    if (e.try_catch_pattern) lines.insert(lines.end(), {"```", *e.try_catch_pattern, "```"});
    if (tip) lines.push_back("Prevention: " + Join(e.prevention_tips, "; "));
    lines.push_back("");
  }
  lines.push_back("Source: " + e.github_url);
  lines.push_back("Analyzed: " + e.repo + "@" + e.analyzed_sha.substr(0, 10) + " on " +
                  e.analyzed_at.substr(0, 10));
  return Join(lines, "\n");
}

}  // namespace

struct Tools::Loaded {
  std::string version;
  std::unique_ptr<Matcher> matcher;
  std::map<std::pair<std::string, std::string>, std::string> id_by_slug;  // (repo, slug)
};

Tools::Tools(std::string db_path, std::string base_url)
    : db_path_(db_path.empty() ? DefaultDbPath() : std::move(db_path)),
      base_url_(std::move(base_url)) {
  while (!base_url_.empty() && base_url_.back() == '/') base_url_.pop_back();
}

Tools::~Tools() = default;

Status Tools::Open() {
  Result<std::unique_ptr<Store>> store = Store::Open(db_path_);
  if (!store.ok()) return store.status();
  store_ = std::move(*store);
  return Status::OK();
}

json Tools::List() { return ToolSchemas(); }

// The matcher is built once and kept while the dataset version stands; an
// index (ours or another process's) bumps the version and the next call
// reloads.
Status Tools::Refresh() {
  Result<std::string> version = store_->DatasetVersion();
  if (!version.ok()) return version.status();
  if (loaded_ && loaded_->version == *version) return Status::OK();
  // Before the records: see OpenCorpusMatcher.
  Result<std::string> stamp = store_->DatasetStamp();
  if (!stamp.ok()) return stamp.status();
  Result<std::vector<Record>> records = store_->ListForMatching("");
  if (!records.ok()) return records.status();
  auto fresh = std::make_unique<Loaded>();
  fresh->version = *version;
  for (const Record& r : *records) fresh->id_by_slug.emplace(std::make_pair(r.repo, r.slug), r.id);
  if (records->size() >= kMatcherSnapshotMinRecords) {
    std::string note;
    fresh->matcher =
        Matcher::Open(std::move(*records), MatcherSnapshotPath(db_path_), &note, *stamp);
    std::fprintf(stderr, "errdex mcp: %s\n", note.c_str());
  } else {
    fresh->matcher = std::make_unique<Matcher>(std::move(*records));
  }
  loaded_ = std::move(fresh);
  return Status::OK();
}

std::string Tools::PageUrl(const Record& r) const {
  if (base_url_.empty()) return r.github_url;
  return base_url_ + "/" + r.repo + "/" + r.slug + "/";
}

Result<json> Tools::Call(const ToolCall& call) {
  if (!store_) return ErrorResult("the database is not open");
  if (call.name == "search_error") return SearchError(call.arguments);
  if (call.name == "get_error") return GetError(call.arguments);
  if (call.name == "list_repos") return ListRepos();
  if (call.name == "explain_error") return ExplainError(call.arguments);
  if (call.name == "index_repository") return IndexRepository(call);
  return ErrorResult("unknown tool: " + call.name);
}

// ErrLookup's search: a message (or a few keywords) to the best records,
// {"matches": [{id, repo, code, message, score, matchType, url, ...}]}.
Result<json> Tools::SearchError(const json& args) {
  std::string message, repo;
  size_t limit = 0;
  if (Status st = StringArg(args, "search_error", "message", true, &message); !st.ok()) return st;
  if (Status st = RepoArg(args, "search_error", &repo); !st.ok()) return st;
  if (Status st = LimitArg(args, "search_error", 5, &limit); !st.ok()) return st;
  if (Status st = Refresh(); !st.ok()) return ErrorResult(st.message());
  std::vector<PasteHit> hits = ExplainPaste(*loaded_->matcher, message, repo, limit, false);
  if (hits.empty()) {
    // One to three words are a search, not a paste: names, then message words.
    Query q;
    q.message = message;
    q.repo = repo;
    q.limit = limit;
    for (Match& m : loaded_->matcher->FindKeywords(q)) hits.push_back({std::move(m), {}});
  }
  FullRecords full(store_.get());
  full.Fill(&hits);
  json matches = json::array();
  for (const PasteHit& h : hits) {
    const Record& r = *h.match.record;
    json j = MatchJson(h.match, h.error);
    j.erase("inputLine");
    j["code"] = r.error_code ? json(*r.error_code) : json();
    j["url"] = PageUrl(r);
    j["githubUrl"] = r.github_url;
    matches.push_back(std::move(j));
  }
  return TextResult(Dump(
      {{"matches", std::move(matches)}, {"datasetVersion", loaded_->version}, {"stale", false}}));
}

// ErrLookup's full record: markdown, then "Source: <url>" on its own.
Result<json> Tools::GetError(const json& args) {
  std::string id, repo, slug;
  if (Status st = StringArg(args, "get_error", "id", false, &id); !st.ok()) return st;
  if (Status st = StringArg(args, "get_error", "repo", false, &repo); !st.ok()) return st;
  if (Status st = StringArg(args, "get_error", "slug", false, &slug); !st.ok()) return st;
  if (id.empty() && (repo.empty() || slug.empty())) {
    return Status::InvalidArgument("get_error: pass 'id', or both 'repo' and 'slug'");
  }
  if (id.empty()) {
    if (Status st = Refresh(); !st.ok()) return ErrorResult(st.message());
    auto it = loaded_->id_by_slug.find({repo, slug});
    if (it == loaded_->id_by_slug.end()) {
      return ErrorResult("Error not found: no record " + repo + "/" + slug);
    }
    id = it->second;
  }
  Result<Record> r = store_->Get(id);
  if (!r.ok()) return ErrorResult("Error not found: no record with id " + id);
  json content =
      json::array({TextContent(RecordMarkdown(*r)), TextContent("Source: " + PageUrl(*r))});
  return json{{"content", std::move(content)}};
}

Result<json> Tools::ListRepos() {
  Result<std::vector<RepoInfo>> repos = store_->Repos();
  if (!repos.ok()) return ErrorResult(repos.status().message());
  Result<std::string> version = store_->DatasetVersion();
  if (!version.ok()) return ErrorResult(version.status().message());
  json list = json::array();
  for (const RepoInfo& info : *repos) {
    list.push_back({{"repo", info.repo},
                    {"description", nullptr},
                    {"errorCount", info.error_count},
                    {"sha", info.sha},
                    {"analyzedAt", info.analyzed_at}});
  }
  return TextResult(Dump({{"repos", std::move(list)}, {"datasetVersion", *version}}));
}

// A whole traceback or log, as `errdex explain --json` answers it.
Result<json> Tools::ExplainError(const json& args) {
  std::string text, repo;
  size_t limit = 0;
  if (Status st = StringArg(args, "explain_error", "text", true, &text); !st.ok()) return st;
  if (Status st = RepoArg(args, "explain_error", &repo); !st.ok()) return st;
  if (Status st = LimitArg(args, "explain_error", 3, &limit); !st.ok()) return st;
  if (Status st = Refresh(); !st.ok()) return ErrorResult(st.message());
  std::vector<PasteHit> hits = ExplainPaste(*loaded_->matcher, text, repo, limit, false);
  FullRecords full(store_.get());
  full.Fill(&hits);
  return TextResult(Dump(ExplainJson(hits)));
}

Result<json> Tools::IndexRepository(const ToolCall& call) {
  IndexOptions opt;
  const json& args = call.arguments;
  if (Status st = StringArg(args, "index_repository", "path", true, &opt.path); !st.ok()) return st;
  if (Status st = StringArg(args, "index_repository", "rev", false, &opt.source.rev); !st.ok()) {
    return st;
  }
  if (opt.source.rev.empty()) opt.source.rev = "HEAD";
  if (Status st = RepoArg(args, "index_repository", &opt.source.repo); !st.ok()) return st;
  std::function<void(const Progress&)> progress;
  if (call.progress) {
    progress = [&call](const Progress& p) {
      call.progress(p.files_done, p.files_total,
                    std::to_string(p.files_done) + "/" + std::to_string(p.files_total) +
                        " files, " + std::to_string(p.sites) + " error sites");
    };
  }
  Result<IndexSummary> summary = RunIndex(opt, store_.get(), progress);
  if (!summary.ok()) return ErrorResult("index_repository: " + summary.status().message());
  return TextResult(Dump(IndexSummaryJson(*summary)));
}

}  // namespace errdex::mcp
