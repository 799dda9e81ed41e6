// The router: maps a decoded HTTP request to a page, an API answer or a
// static dataset file, from one immutable Corpus. Transport-free, so every
// route is unit-testable; src/serve/http_server.cc only adapts it to sockets.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>

#include "errdex/input.h"
#include "serve/serve_internal.h"

namespace errdex::serve {
namespace {

using nlohmann::json;

constexpr size_t kMaxLimit = 50;
constexpr size_t kMaxQueryBytes = 64 * 1024;

std::string Dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

HttpResponse JsonOk(std::string body) {
  HttpResponse res;
  res.content_type = "application/json";
  res.body = std::move(body);
  return res;
}

HttpResponse Html(int status, std::string body) {
  HttpResponse res;
  res.status = status;
  res.body = std::move(body);
  return res;
}

HttpResponse Redirect(const std::string& to) {
  HttpResponse res;
  res.status = 301;
  res.content_type = "text/plain; charset=utf-8";
  res.body = "moved to " + to + "\n";
  res.headers.emplace_back("Location", to);
  return res;
}

std::vector<std::string_view> Segments(std::string_view path) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    if (j > i) out.push_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

bool IsHex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// Rejects what no valid route can contain: dot segments (also once decoded,
// so %2e%2e is caught), NUL and control bytes, backslashes, and malformed
// percent escapes in the raw target.
std::string BadPathReason(const HttpRequest& req) {
  const std::string& t = req.target;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '%' && (i + 2 >= t.size() || !IsHex(t[i + 1]) || !IsHex(t[i + 2]))) {
      return "malformed percent-encoding in the request target";
    }
  }
  if (req.path.empty() || req.path[0] != '/') return "the path must start with /";
  for (char c : req.path) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\') {
      return "the path contains a control character or backslash";
    }
  }
  for (std::string_view seg : Segments(req.path)) {
    if (seg == "." || seg == "..") return "the path contains a dot segment";
  }
  return "";
}

size_t ParseLimit(const std::string& s, size_t def) {
  if (s.empty()) return def;
  size_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return 0;
  return v;
}

std::string SiteUrl(const Corpus& c, const Record& r) {
  return c.base_url + "/" + r.repo + "/" + r.slug + "/";
}

json HitJson(const Corpus& c, const SearchHit& h) {
  const Record& r = *h.record;
  json caps = json::array();
  for (const Capture& cap : h.captures) caps.push_back({{"name", cap.name}, {"value", cap.value}});
  return {{"id", r.id},
          {"repo", r.repo},
          {"code", r.error_code ? json(*r.error_code) : json()},
          {"message", r.error_message},
          {"score", h.score},
          {"matchType", h.match_type},
          {"reason", h.reason},
          {"url", SiteUrl(c, r)},
          {"captures", std::move(caps)},
          {"slug", r.slug},
          {"errorClass", r.error_class.empty() ? json() : json(r.error_class)},
          {"filePath", r.file_path},
          {"lineNumber", r.line_number},
          {"otherLines", r.other_lines},
          {"githubUrl", r.github_url},
          {"inputLine", h.input_line}};
}

HttpResponse ApiSearch(const Corpus& c, const HttpRequest& req) {
  std::string q = req.Param("q");
  if (q.empty()) return JsonError(400, "missing query parameter q");
  if (q.size() > kMaxQueryBytes) return JsonError(413, "q is longer than 64 KiB");
  size_t limit = ParseLimit(req.Param("limit"), 5);
  if (limit == 0 || limit > kMaxLimit) return JsonError(400, "limit must be an integer in 1..50");
  json matches = json::array();
  for (const SearchHit& h : Search(c, q, req.Param("repo"), limit, false)) {
    matches.push_back(HitJson(c, h));
  }
  return JsonOk(Dump({{"matches", std::move(matches)}, {"datasetVersion", c.version}}));
}

// What POST /api/explain asks: the body is the paste itself, or with
// Content-Type application/json an object {"text", "repo"?, "limit"?}
// (parameters in the query string still apply; the body's win).
struct ExplainQuery {
  std::string text;
  std::string repo;
  std::string limit;
};

// Returns an error message, or "" when `req` held a usable query.
std::string ReadExplainQuery(const HttpRequest& req, ExplainQuery* q) {
  q->repo = req.Param("repo");
  q->limit = req.Param("limit");
  if (req.content_type != "application/json") {
    q->text = req.body;
    return "";
  }
  json j = json::parse(req.body, nullptr, false);
  if (j.is_discarded()) return "the body is not valid JSON (Content-Type is application/json)";
  if (!j.is_object() || !j.contains("text") || !j["text"].is_string()) {
    return "a JSON body must be an object with a string \"text\" (the error or log)";
  }
  q->text = j["text"].get<std::string>();
  if (j.contains("repo")) {
    if (!j["repo"].is_string()) return "\"repo\" must be a string (owner/name)";
    q->repo = j["repo"].get<std::string>();
  }
  if (j.contains("limit")) {
    if (!j["limit"].is_number_unsigned()) return "limit must be an integer in 1..50";
    q->limit = std::to_string(j["limit"].get<uint64_t>());
  }
  return "";
}

HttpResponse ApiExplain(const Corpus& c, const HttpRequest& req) {
  if (req.body.empty()) return JsonError(400, "POST the error text or log as the request body");
  if (req.body.size() > kMaxInputBytes) return JsonError(413, "body is larger than 10 MiB");
  ExplainQuery q;
  if (std::string bad = ReadExplainQuery(req, &q); !bad.empty()) return JsonError(400, bad);
  if (q.text.empty()) return JsonError(400, "\"text\" is empty: send the error text or log");
  size_t limit = ParseLimit(q.limit, 3);
  if (limit == 0 || limit > kMaxLimit) return JsonError(400, "limit must be an integer in 1..50");
  json matches = json::array();
  for (const SearchHit& h : Search(c, q.text, q.repo, limit, true)) {
    json j = HitJson(c, h);
    j["inputMessage"] = h.input_message;
    matches.push_back(std::move(j));
  }
  return JsonOk(Dump({{"matches", std::move(matches)}, {"datasetVersion", c.version}}));
}

HttpResponse ApiRepos(const Corpus& c) {
  json repos = json::array();
  for (const RepoInfo& info : c.repos) {
    repos.push_back({{"repo", info.repo},
                     {"errorCount", info.error_count},
                     {"sha", info.sha},
                     {"analyzedAt", info.analyzed_at},
                     {"url", c.base_url + "/" + info.repo + "/"}});
  }
  return JsonOk(Dump({{"repos", std::move(repos)}, {"datasetVersion", c.version}}));
}

HttpResponse ApiError(const Corpus& c, const std::string& id) {
  std::shared_ptr<const Record> r = c.Find(id);
  if (!r) return JsonError(404, "no error with id " + id);
  return JsonOk("{\"record\":" + RecordToJsonText(*r) +
                ",\"datasetVersion\":" + Dump(json(c.version)) + "}");
}

HttpResponse DataFile(const Corpus& c, const std::string& rel) {
  std::shared_ptr<const std::string> file = c.DataFile(rel);
  if (!file) return JsonError(404, "no dataset file " + rel);
  HttpResponse res = JsonOk("");
  res.shared_body = std::move(file);
  res.headers.emplace_back("Cache-Control", rel == "manifest.json" ? "no-cache" : "max-age=60");
  return res;
}

HttpResponse Api(const Corpus& c, const HttpRequest& req,
                 const std::vector<std::string_view>& seg) {
  bool get = req.method == "GET" || req.method == "HEAD";
  if (seg.size() == 2 && seg[1] == "search") {
    return get ? ApiSearch(c, req) : JsonError(405, "use GET");
  }
  if (seg.size() == 2 && seg[1] == "explain") {
    return req.method == "POST" ? ApiExplain(c, req) : JsonError(405, "use POST");
  }
  if (!get) return JsonError(405, "method not allowed");
  if (seg.size() == 2 && seg[1] == "repos") return ApiRepos(c);
  if (seg.size() == 3 && seg[1] == "errors") return ApiError(c, std::string(seg[2]));
  return JsonError(404, "no such API endpoint");
}

// The search page: GET /search?q= (links, short queries) or the paste box's
// POST of a form body, which has no URL length limit (a 50 KB traceback in
// a GET is a 414 at many proxies), only the server's body limit.
HttpResponse SearchPage(const Corpus& c, const HttpRequest& req) {
  HttpRequest form = req;
  if (req.method == "POST") {
    if (req.content_type != "application/x-www-form-urlencoded") {
      return Html(415, RenderNotFound("Send the search form (application/x-www-form-urlencoded)."));
    }
    form = ParseRequestTarget("POST", "/search?" + req.body, "");
  } else if (req.Param("q").size() > kMaxQueryBytes) {
    return Html(413, RenderNotFound("The query is too long for a link: use the search box."));
  }
  std::string q = form.Param("q");
  std::string repo = form.Param("repo");
  std::vector<SearchHit> hits;
  if (!q.empty()) hits = Search(c, q, repo, 5, true);
  return Html(200, RenderSearch(c, q, hits));
}

HttpResponse Text(const char* type, std::string body, const char* cache) {
  HttpResponse res;
  res.content_type = type;
  res.body = std::move(body);
  res.headers.emplace_back("Cache-Control", cache);
  return res;
}

// The site's files beside its pages (as `export --site` writes them), or
// nullopt when `path` is none of them.
std::optional<HttpResponse> SiteFile(const Corpus& c, const std::string& path) {
  if (path == "/assets/site.js") {
    return Text("text/javascript; charset=utf-8", SiteScript(), "max-age=300");
  }
  if (path == "/robots.txt")
    return Text("text/plain; charset=utf-8", RenderRobotsTxt(c), "max-age=60");
  if (path == "/llms.txt") return Text("text/plain; charset=utf-8", RenderLlmsTxt(c), "max-age=60");
  if (path == "/api-docs/") return Html(200, RenderApiDocs(c));
  if (path == "/api-docs") return Redirect("/api-docs/");
  if (path == "/sitemap.xml") {
    // Lists every repository's partitions: read once per view.
    return Text("application/xml",
                *c.Cached(path, [&] { return RenderSitemapIndex(c, SitemapPartitions(c)); }),
                "max-age=60");
  }
  if (path.starts_with("/sitemaps/") && path.ends_with(".xml")) {
    // "/sitemaps/pages.xml", "/sitemaps/OWNER/NAME.xml" or "...NAME-K.xml":
    // only that repository's records are read.
    std::string name = path.substr(10, path.size() - 10 - 4);
    std::vector<std::string> repos = {name};
    if (size_t dash = name.rfind('-'); dash != std::string::npos)
      repos.push_back(name.substr(0, dash));
    if (path == "/sitemaps/pages.xml") {
      return Text("application/xml", RenderSitemap(c, SitemapPagesPartition(c)), "max-age=60");
    }
    for (const std::string& repo : repos) {
      if (!c.counts.count(repo)) continue;
      for (const SitemapPartition& p : RepoSitemapPartitions(c, repo)) {
        if (p.path == path) return Text("application/xml", RenderSitemap(c, p), "max-age=60");
      }
    }
  }
  if (path.starts_with("/sitemaps/")) return Html(404, RenderNotFound("No such sitemap."));
  return std::nullopt;
}

HttpResponse Page(const Corpus& c, const HttpRequest& req,
                  const std::vector<std::string_view>& seg) {
  if (seg.empty()) return Html(200, RenderHome(c));
  if (seg.size() == 1 && seg[0] == "search") return SearchPage(c, req);
  bool slash = req.path.back() == '/';
  if (seg.size() == 2) {
    std::string repo = std::string(seg[0]) + "/" + std::string(seg[1]);
    if (!c.counts.count(repo)) return Html(404, RenderNotFound("No repository " + repo + "."));
    if (!slash) return Redirect("/" + repo + "/");
    int page = static_cast<int>(ParseLimit(req.Param("page"), 1));
    return Html(200, RenderRepo(c, repo, req.Param("filter"), page));
  }
  if (seg.size() == 3) {
    std::string repo = std::string(seg[0]) + "/" + std::string(seg[1]);
    std::shared_ptr<const RepoRecords> records = c.Repo(repo);
    auto it = records ? records->by_slug.find(std::string(seg[2]))
                      : std::unordered_map<std::string, size_t>::const_iterator();
    if (!records || it == records->by_slug.end()) {
      return Html(404, RenderNotFound("No such error page."));
    }
    if (!slash) return Redirect("/" + repo + "/" + std::string(seg[2]) + "/");
    return Html(200, RenderError(c, records->records[it->second]));
  }
  return Html(404, RenderNotFound("No such page."));
}

}  // namespace

std::string HttpRequest::Param(const std::string& key) const {
  auto it = params.find(key);
  return it == params.end() ? std::string() : it->second;
}

HttpResponse JsonError(int status, const std::string& message) {
  HttpResponse res;
  res.status = status;
  res.content_type = "application/json";
  res.body = Dump({{"error", message}, {"status", status}});
  return res;
}

std::vector<SearchHit> Search(const Corpus& corpus, const std::string& text,
                              const std::string& repo, size_t limit, bool all_errors) {
  std::vector<SearchHit> hits;
  std::vector<PasteHit> found = ExplainPaste(*corpus.matcher, text, repo, limit, all_errors);
  if (found.empty()) {
    // One to three words are a search, not a paste: names, then message words.
    Query q;
    q.message = text;
    q.repo = repo;
    q.limit = limit;
    ErrorText e;
    e.message = text;
    e.input_line = 1;
    for (Match& m : corpus.matcher->FindKeywords(q)) found.push_back({std::move(m), e});
  }
  for (PasteHit& h : found) {
    // The matcher holds only matching fields; answers show the stored record.
    std::shared_ptr<const Record> r = corpus.Find(h.match.record->id);
    if (!r) continue;
    hits.push_back({std::move(r), h.match.score, std::move(h.match.match_type),
                    std::move(h.match.captures), h.error.message, h.error.input_line,
                    std::move(h.match.reason)});
  }
  return hits;
}

std::string RouteLabel(const HttpRequest& req) {
  std::vector<std::string_view> seg = Segments(req.path);
  if (seg.empty()) return "home";
  if (seg[0] == "api") return seg.size() > 1 ? "api_" + std::string(seg[1]) : "api";
  if (seg[0] == "data") return "data";
  if (seg[0] == "search" && seg.size() == 1) return "search_page";
  if (seg[0] == "healthz" || seg[0] == "metrics") return std::string(seg[0]);
  if (seg.size() == 2) return "repo_page";
  if (seg.size() == 3) return "error_page";
  return "other";
}

HttpResponse Route(const Corpus& c, const HttpRequest& req) {
  std::string bad = BadPathReason(req);
  if (!bad.empty()) return JsonError(400, bad);
  std::vector<std::string_view> seg = Segments(req.path);
  if (!seg.empty() && seg[0] == "api") return Api(c, req, seg);
  bool get = req.method == "GET" || req.method == "HEAD";
  bool search_post = req.method == "POST" && seg.size() == 1 && seg[0] == "search";
  if (!get && !search_post) return JsonError(405, "method not allowed");
  if (!seg.empty() && seg[0] == "data") {
    std::string rel = req.path.substr(std::string_view("/data/").size() - 1);
    if (!rel.empty() && rel[0] == '/') rel.erase(0, 1);
    return DataFile(c, rel);
  }
  if (seg.size() == 1 && seg[0] == "healthz") {
    return JsonOk(Dump({{"status", "ok"},
                        {"datasetVersion", c.version},
                        {"errors", c.record_count},
                        {"repos", c.repos.size()}}));
  }
  if (auto file = SiteFile(c, req.path)) return std::move(*file);
  return Page(c, req, seg);
}

}  // namespace errdex::serve
