// Server-rendered HTML pages: home, search results, repository listing and
// the error page (sections in the order of ErrLookup's reference page). No
// JavaScript; every string that comes from a repository goes through
// HtmlEscape (or JsonForScript inside the JSON-LD block), so a message like
// `"><img onerror=...>` renders as text.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>

#include "serve/serve_internal.h"
#include "util/sha256.h"
#include "util/text.h"

namespace errdex::serve {
namespace {

using nlohmann::json;

constexpr size_t kRepoPageSize = 100;
constexpr size_t kListMessageBytes = 200;
constexpr size_t kRelatedMax = 8;

std::string Esc(std::string_view s) { return HtmlEscape(s); }

// Percent-encodes a query parameter value.
std::string UrlEncode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// JSON inside <script>: "<", ">" and "&" become \u escapes so no text from
// the repository can close the script element.
std::string JsonForScript(const json& j) {
  std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<') {
      out += "\\u003c";
    } else if (c == '>') {
      out += "\\u003e";
    } else if (c == '&') {
      out += "\\u0026";
    } else {
      out += c;
    }
  }
  return out;
}

std::string Short(std::string_view s, size_t n) {
  std::string_view p = Utf8Prefix(s, n);
  return p.size() < s.size() ? std::string(p) + "\xE2\x80\xA6" : std::string(p);
}

std::string ErrorPath(const Record& r) { return "/" + r.repo + "/" + r.slug + "/"; }

const char* kStyle =
    "body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;"
    "color:#222}pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:13px}"
    "code{font-size:13px}.msg{white-space:pre-wrap;word-break:break-word}.hl{background:#fff3b0}"
    "table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem;"
    "text-align:left;vertical-align:top}.meta{color:#666}footer{margin-top:2rem;color:#666;"
    "font-size:13px}input[type=search],textarea{width:70%}:root{color-scheme:light dark}"
    ".copy{font-size:12px;margin-left:.5rem}details{margin:.4rem 0}"
    ".gd{background:#e3ecfa}.src .k{color:#a3195b}.src .s{color:#0a5c2c}.src .c{color:#5e6770}"
    ".src .n{color:#005cc5}.src .f{color:#6f42c1}"
    "@media(prefers-color-scheme:dark){body{background:#121212;color:#ddd}pre{background:#1e2227}"
    ".hl{background:#3d3500}.gd{background:#1f3050}a{color:#8ab4f8}.meta,footer{color:#aaa}"
    "td,th{border-color:#333}.src .k{color:#ff8fc0}.src .s{color:#8fdc9b}.src .c{color:#abb4be}"
    ".src .n{color:#79c0ff}.src .f{color:#d2a8ff}}";

// The one script of every page (/assets/site.js): copy buttons, and on the
// static site the search. Pages work without it.
constexpr const char* kScriptTag = "<script src=\"/assets/site.js\" defer></script>";

std::string Head(const std::string& title, const std::string& extra = "") {
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
         "<title>" +
         Esc(title) + "</title><style>" + kStyle + "</style>" + kScriptTag + extra +
         "</head><body>\n<header><a href=\"/\">errdex</a></header>\n";
}

// <link rel=canonical> to the page's absolute URL and rel=alternate to its
// JSON twin (`json` may be empty).
std::string Links(const Corpus& c, const std::string& path, const std::string& json_path) {
  std::string out = "<link rel=\"canonical\" href=\"" + Esc(c.base_url + path) + "\">";
  if (!json_path.empty()) {
    out += "<link rel=\"alternate\" type=\"application/json\" href=\"" + Esc(json_path) + "\">";
  }
  return out;
}

// A button that copies the text of element `id`; hidden until the script
// shows it (without script it could do nothing).
std::string CopyButton(const std::string& id, const char* what) {
  return "<button type=\"button\" class=\"copy\" data-copy=\"" + id + "\" hidden>Copy " + what +
         "</button>";
}

std::string Tail() { return "</body></html>\n"; }

// The paste box. The server's form POSTs (no URL length limit); the static
// site's searches in the browser (site.js) and falls back to a GET link.
std::string SearchForm(const Corpus& c, const std::string& q, const std::string& repo) {
  std::string out =
      std::string(c.static_site
                      ? "<form action=\"/search/\" method=\"get\" role=\"search\" data-client>"
                      : "<form action=\"/search\" method=\"post\" role=\"search\">") +
      "<label for=\"q\">Paste an error message, traceback or log</label><br>"
      "<textarea id=\"q\" name=\"q\" rows=\"3\">" +
      Esc(q) + "</textarea>";
  if (!repo.empty()) out += "<input type=\"hidden\" name=\"repo\" value=\"" + Esc(repo) + "\">";
  out += "<br><button type=\"submit\">Search</button></form>\n";
  return out;
}

std::string ClassOrKind(const Record& r) { return r.error_class.empty() ? r.kind : r.error_class; }

void Section(std::string* out, const char* id, const char* title) {
  *out += std::string("<section id=\"") + id + "\"><h2>" + title + "</h2>\n";
}

void SourceSection(std::string* out, const Record& r) {
  Section(out, "source", "Source");
  *out +=
      "<p>Thrown at <code>" + Esc(r.file_path) + ":" + std::to_string(r.line_number) + "</code>";
  if (!r.function.empty()) *out += " in <code>" + Esc(r.function) + "</code>";
  *out += "</p>\n" + SourceWindowHtml(r);
  std::string sha = r.analyzed_sha.substr(0, 10);
  if (!r.github_url.empty()) {
    *out += "<p><a rel=\"nofollow\" href=\"" + Esc(r.github_url) + "\">View on GitHub (pinned to " +
            Esc(sha) + ")</a></p>\n";
  }
  if (!r.message_pattern.empty()) {
    *out += "<p class=\"meta\">Matches rendered messages with <code id=\"pattern-text\">" +
            Esc(r.message_pattern) + "</code>" + CopyButton("pattern-text", "pattern") + "</p>\n";
  }
  *out += "</section>\n";
}

void DefensiveSection(std::string* out, const Record& r) {
  if (r.handling_strategy.empty() && !r.validation_code && !r.type_guard && !r.try_catch_pattern &&
      r.prevention_tips.empty()) {
    return;
  }
  Section(out, "defensive", "Defensive patterns");
  if (!r.handling_strategy.empty()) *out += "<p>Strategy: " + Esc(r.handling_strategy) + "</p>\n";
  if (r.validation_code) *out += "<h3>Validation</h3><pre>" + Esc(*r.validation_code) + "</pre>\n";
  if (r.type_guard) *out += "<h3>Type guard</h3><pre>" + Esc(*r.type_guard) + "</pre>\n";
  if (r.try_catch_pattern) {
    *out += "<h3>Handling</h3><pre>" + Esc(*r.try_catch_pattern) + "</pre>\n";
  }
  if (!r.prevention_tips.empty()) {
    *out += "<ul>";
    for (const auto& t : r.prevention_tips) *out += "<li>" + InlineMarkupToHtml(t) + "</li>";
    *out += "</ul>\n";
  }
  *out += "</section>\n";
}

// Prose that may run long: the analyzer joins one clause per call chain
// with "; " ("During `a` (...): ...; during `b` ..."). Past kOpenClauses
// clauses the first ones stay in view and the rest fold into <details>.
constexpr size_t kOpenClauses = 2;
constexpr size_t kFoldBytes = 300;

std::string Prose(const std::string& text) {
  if (text.size() <= kFoldBytes) return ProseToHtml(text);
  std::vector<std::string_view> clauses;
  std::string_view rest = text;
  for (size_t at; (at = rest.find("; ")) != std::string_view::npos;) {
    clauses.push_back(rest.substr(0, at));
    rest.remove_prefix(at + 2);
  }
  clauses.push_back(rest);
  if (clauses.size() <= kOpenClauses + 1) return ProseToHtml(text);
  std::string out = "<p>";
  for (size_t i = 0; i < kOpenClauses; ++i) {
    out += InlineMarkupToHtml(clauses[i]) + (i + 1 < kOpenClauses ? "; " : ";");
  }
  out += "</p><details><summary>" + std::to_string(clauses.size() - kOpenClauses) +
         " more</summary><ul>";
  for (size_t i = kOpenClauses; i < clauses.size(); ++i) {
    out += "<li>" + InlineMarkupToHtml(clauses[i]) + "</li>";
  }
  return out + "</ul></details>\n";
}

void WhenSection(std::string* out, const Record& r) {
  Section(out, "when", "When it happens");
  if (!r.trigger_scenarios.empty()) *out += "<h3>Trigger</h3>" + Prose(r.trigger_scenarios);
  if (!r.common_situations.empty()) {
    *out += "<h3>Common situations</h3>" + Prose(r.common_situations);
  }
  if (r.conditions.is_array() && !r.conditions.empty()) {
    *out += "<p>Conditions on the way to the raise:</p><ul>";
    for (const auto& c : r.conditions) {
      if (!c.is_object()) continue;
      std::string expr = c.value("expr", "");
      bool pol = c.value("polarity", true);
      *out += "<li><code>" + Esc(pol ? expr : "not (" + expr + ")") + "</code> (line " +
              std::to_string(c.value("line", 0)) + ")</li>";
    }
    *out += "</ul>\n";
  }
  *out += "</section>\n";
}

json JsonLd(const Corpus& corpus, const Record& r, const std::string& url) {
  json article = {{"@context", "https://schema.org"},
                  {"@type", "TechArticle"},
                  {"headline", Short(r.error_message, 110)},
                  {"description", Short(r.documentation, 300)},
                  {"url", url},
                  {"dateModified", r.analyzed_at},
                  {"about", r.repo},
                  {"isBasedOn", r.github_url}};
  json faq = {
      {"@context", "https://schema.org"}, {"@type", "FAQPage"}, {"mainEntity", json::array()}};
  auto qa = [&](const std::string& q, const std::string& a) {
    if (a.empty()) return;
    faq["mainEntity"].push_back({{"@type", "Question"},
                                 {"name", q},
                                 {"acceptedAnswer", {{"@type", "Answer"}, {"text", a}}}});
  };
  std::string msg = Short(r.error_message, 200);
  qa("What does \"" + msg + "\" mean?", r.documentation);
  qa("When does \"" + msg + "\" happen?", r.trigger_scenarios);
  qa("How do I fix \"" + msg + "\"?", Join(r.solutions, " "));
  (void)corpus;
  return json::array({article, faq});
}

}  // namespace

const std::string& PageSecurityPolicy() {
  static const std::string policy =
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'sha256-" +
      Sha256Base64(kStyle) +
      "'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
  return policy;
}

std::string HtmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string RenderHome(const Corpus& corpus) {
  std::string out =
      Head("errdex: where does this error come from?", Links(corpus, "/", "/data/repos.json"));
  out += "<main><h1>Where does this error come from?</h1>\n" + SearchForm(corpus, "", "");
  out += "<p class=\"meta\" id=\"stats\">" + std::to_string(corpus.repos.size()) +
         " repositories, " + std::to_string(corpus.record_count) + " errors, dataset version " +
         Esc(corpus.version) + "</p>\n<h2>Repositories</h2><ul>";
  for (const RepoInfo& info : corpus.repos) {
    out += "<li><a href=\"/" + Esc(info.repo) + "/\">" + Esc(info.repo) +
           "</a> <span class=\"meta\">" + std::to_string(info.error_count) + " errors @ " +
           Esc(info.sha.substr(0, 10)) + "</span></li>";
    if (out.size() > 40000) {
      out += "<li>…</li>";
      break;
    }
  }
  out += corpus.static_site
             ? "</ul><p class=\"meta\">Dataset: <a href=\"/data/manifest.json\">"
               "/data/manifest.json</a> (<a href=\"/api-docs/\">how to read it</a>)</p></main>"
             : "</ul><p class=\"meta\">API: <a href=\"/api/repos\">/api/repos</a>, "
               "dataset: <a href=\"/data/manifest.json\">/data/manifest.json</a></p></main>";
  out += Tail();
  return out;
}

std::string RenderSearch(const Corpus& corpus, const std::string& q,
                         const std::vector<SearchHit>& hits) {
  std::string out = Head(q.empty() ? "Search - errdex" : "Search: " + Short(q, 60) + " - errdex",
                         Links(corpus, corpus.static_site ? "/search/" : "/search", ""));
  out += "<main><h1>Search</h1>\n" + SearchForm(corpus, Short(q, 4000), "");
  if (corpus.static_site) {
    // Filled by site.js from /data/index.json.
    return out +
           "<noscript><p>This copy of errdex is static: searching needs JavaScript. Every "
           "error is also listed on its repository's page.</p></noscript>"
           "<p id=\"search-status\" aria-live=\"polite\"></p><ol id=\"results\"></ol></main>" +
           Tail();
  }
  if (q.empty()) return out + "</main>" + Tail();
  if (hits.empty()) out += "<p id=\"no-match\">No confident match.</p>";
  out += "<ol id=\"results\">";
  for (const SearchHit& h : hits) {
    const Record& r = *h.record;
    char score[16];
    std::snprintf(score, sizeof score, "%.2f", h.score);
    out += "<li class=\"result\"><a href=\"" + Esc(ErrorPath(r)) + "\">" +
           Esc(Short(r.error_message, kListMessageBytes)) + "</a><br><span class=\"meta\">" +
           Esc(r.repo) + " · " + Esc(r.file_path) + ":" + std::to_string(r.line_number) + " · " +
           Esc(ClassOrKind(r)) + " · tier " + Esc(h.match_type) + " · score " + score + "</span>";
    if (!h.reason.empty())
      out += "<br><span class=\"reason\">" + Esc(Short(h.reason, 300)) + "</span>";
    if (!h.captures.empty()) {
      out += "<ul class=\"captures\">";
      for (const Capture& c : h.captures) {
        out += "<li><code>" + Esc(Short(c.name, 100)) + " = " + Esc(Short(c.value, 300)) +
               "</code></li>";
      }
      out += "</ul>";
    }
    out += "</li>\n";
    if (out.size() > 45000) break;
  }
  out += "</ol></main>" + Tail();
  return out;
}

size_t RepoPages(const Corpus& corpus, const std::string& repo) {
  auto it = corpus.counts.find(repo);
  size_t n = it == corpus.counts.end() ? 0 : it->second;
  return std::max<size_t>(1, (n + kRepoPageSize - 1) / kRepoPageSize);
}

std::string RepoPagePath(const Corpus& corpus, const std::string& repo, size_t page) {
  if (page <= 1) return "/" + repo + "/";
  return corpus.static_site ? "/" + repo + "/page/" + std::to_string(page) + "/"
                            : "/" + repo + "/?page=" + std::to_string(page);
}

std::string RenderRepo(const Corpus& corpus, const std::string& repo, const std::string& filter,
                       int page) {
  std::shared_ptr<const RepoRecords> records = corpus.Repo(repo);
  std::vector<size_t> shown;
  if (records) {
    std::string f = ToLower(filter);
    for (size_t idx = 0; idx < records->records.size(); ++idx) {
      const Record& r = records->records[idx];
      if (f.empty() || ToLower(r.error_message).find(f) != std::string::npos ||
          ToLower(r.error_class).find(f) != std::string::npos ||
          ToLower(r.file_path).find(f) != std::string::npos) {
        shown.push_back(idx);
      }
    }
  }
  size_t pages = std::max<size_t>(1, (shown.size() + kRepoPageSize - 1) / kRepoPageSize);
  size_t p = static_cast<size_t>(std::clamp(page, 1, static_cast<int>(pages)));
  std::string out =
      Head(repo + " errors - errdex" + (p > 1 ? " (page " + std::to_string(p) + ")" : ""),
           Links(corpus, filter.empty() ? RepoPagePath(corpus, repo, p) : "/" + repo + "/",
                 "/data/repos/" + repo + ".json"));
  out += "<main><h1>" + Esc(repo) + "</h1>\n<p class=\"meta\">" + std::to_string(shown.size()) +
         " errors</p>";
  if (!corpus.static_site) {  // a static host cannot filter; its search page can
    out +=
        "<form method=\"get\"><label for=\"filter\">Filter</label> "
        "<input type=\"search\" id=\"filter\" name=\"filter\" value=\"" +
        Esc(filter) +
        "\" placeholder=\"message, class or file\">"
        "<button type=\"submit\">Filter</button></form>\n";
  }
  out +=
      "<table><thead><tr><th>Message</th><th>Class</th><th>Type</th><th>Severity</th>"
      "<th>Where</th></tr></thead><tbody>\n";
  for (size_t i = (p - 1) * kRepoPageSize; i < shown.size() && i < p * kRepoPageSize; ++i) {
    const Record& r = records->records[shown[i]];
    out += "<tr><td><a href=\"" + Esc(ErrorPath(r)) + "\">" + Esc(Short(r.error_message, 120)) +
           "</a></td><td>" + Esc(ClassOrKind(r)) + "</td><td>" + Esc(r.error_type) + "</td><td>" +
           Esc(r.severity) + "</td><td><code>" + Esc(Short(r.file_path, 80)) + ":" +
           std::to_string(r.line_number) + "</code></td></tr>\n";
  }
  out += "</tbody></table>\n<nav>";
  auto link = [&](size_t to) {
    return filter.empty() ? Esc(RepoPagePath(corpus, repo, to))
                          : "?filter=" + UrlEncode(filter) + "&amp;page=" + std::to_string(to);
  };
  if (p > 1) out += "<a rel=\"prev\" href=\"" + link(p - 1) + "\">previous</a> ";
  out += "page " + std::to_string(p) + " of " + std::to_string(pages);
  if (p < pages) out += " <a rel=\"next\" href=\"" + link(p + 1) + "\">next</a>";
  out += "</nav></main>" + Tail();
  return out;
}

namespace {

// Index of the first list item a language model wrote (`analyze --llm`).
size_t ModelItemsFrom(const Record& r, const char* field, size_t size) {
  if (!r.llm.is_object()) return size;
  auto from = r.llm.find("modelItemsFrom");
  if (from == r.llm.end() || !from->is_object()) return size;
  auto it = from->find(field);
  return it != from->end() && it->is_number_unsigned() ? it->get<size_t>() : size;
}

// " Prose by model NAME: documentation, solutions." when a model wrote any.
std::string ModelFooter(const Record& r) {
  if (!r.llm.is_object()) return "";
  std::vector<std::string> fields;
  if (auto f = r.llm.find("fields"); f != r.llm.end() && f->is_array()) {
    for (const auto& name : *f) {
      if (name.is_string()) fields.push_back(name.get<std::string>());
    }
  }
  std::string model = r.llm.value("model", std::string("?"));
  return " Prose by model " + Esc(model) + " (" + Esc(Join(fields, ", ")) +
         "); the deterministic text is in the JSON (<code>llm.deterministic</code>).";
}

}  // namespace

std::string RenderError(const Corpus& corpus, const Record& r) {
  std::string url = corpus.base_url + ErrorPath(r);
  // The JSON twin: the API on the server, the dataset file on a static host.
  std::string api = corpus.static_site ? "/data/errors/" + r.id + ".json" : "/api/errors/" + r.id;
  std::string extra = Links(corpus, ErrorPath(r), api) + "<meta name=\"description\" content=\"" +
                      Esc(Short(r.documentation, 160)) +
                      "\"><script type=\"application/ld+json\">" +
                      JsonForScript(JsonLd(corpus, r, url)) + "</script>";
  std::string out = Head(Short(r.error_message, 70) + " - " + r.repo + " - errdex", extra);
  out += "<main><p class=\"meta\"><a href=\"/" + Esc(r.repo) + "/\">" + Esc(r.repo) + "</a> · " +
         Esc(r.severity) + " · " + Esc(ClassOrKind(r)) + "</p>\n<h1>" +
         Esc(Short(r.error_message, 60)) + "</h1>\n";
  Section(&out, "message", "Error message");
  out += "<pre class=\"msg\" id=\"msg-text\">" + Esc(r.error_message) + "</pre>" +
         CopyButton("msg-text", "message") + "</section>\n";
  Section(&out, "meaning", "What it means");
  out += ProseToHtml(r.documentation) + "</section>\n";
  SourceSection(&out, r);
  Section(&out, "solutions", "Solutions");
  out += "<ol id=\"solutions-list\">";
  size_t model_from = ModelItemsFrom(r, "solutions", r.solutions.size());
  for (size_t i = 0; i < r.solutions.size(); ++i) {
    out += "<li>" + InlineMarkupToHtml(r.solutions[i]) +
           (i >= model_from ? " <small>(model)</small>" : "") + "</li>";
  }
  out += "</ol>";
  if (!r.solutions.empty()) out += CopyButton("solutions-list", "fixes");
  out += "</section>\n";
  if (!r.example_fix.empty()) {
    Section(&out, "example-fix", "Example fix");
    out += "<pre id=\"fix-text\">" + Esc(r.example_fix) + "</pre>" + CopyButton("fix-text", "fix") +
           "</section>\n";
  }
  DefensiveSection(&out, r);
  WhenSection(&out, r);
  Section(&out, "related", "Related errors");
  std::vector<RelatedRecord> related = RelatedRecords(corpus, r, kRelatedMax);
  if (related.empty()) {
    out +=
        "<p class=\"meta\">No other error shares its function, a condition, an option, "
        "the helper writing its message or its class.</p>";
  } else {
    out += "<ul>";
    for (const RelatedRecord& rel : related) {
      const Record& o = *rel.record;
      out += "<li><a href=\"" + Esc(ErrorPath(o)) + "\">" + Esc(Short(o.error_message, 60)) +
             "</a> <span class=\"meta\">" + InlineMarkupToHtml(rel.reason) + "</span></li>";
    }
    out += "</ul>";
  }
  out += "</section>\n</main>\n<footer>Analysis of " + Esc(r.repo) + "@" +
         Esc(r.analyzed_sha.substr(0, 10)) + " (" + Esc(r.analyzed_at.substr(0, 10)) +
         "). Data as JSON: <a href=\"" + Esc(api) + "\">" + Esc(api) + "</a>. Source: <a href=\"" +
         Esc(r.github_url) + "\">" + Esc(r.file_path) + ":" + std::to_string(r.line_number) +
         "</a>." + ModelFooter(r) + "</footer>\n" + Tail();
  return out;
}

std::string RenderNotFound(const std::string& what) {
  return Head("Not found - errdex") + "<main><h1>Not found</h1><p>" + Esc(what) +
         "</p><p><a href=\"/\">Search errors</a></p></main>" + Tail();
}

std::string RenderApiDocs(const Corpus& corpus) {
  std::string out = Head("Dataset and API - errdex", Links(corpus, "/api-docs/", ""));
  out +=
      "<main><h1>Dataset and API</h1>\n"
      "<p>Every error this site shows is in a static dataset under <code>/data/</code>, "
      "version <code>" +
      Esc(corpus.version) +
      "</code>. Clients sync it by reading the manifest, then fetching the files whose "
      "sha256 changed (ErrLookup's MCP client does: <code>ERRLOOKUP_BASE_URL=" +
      Esc(corpus.base_url) + " npx @standardbeagle/errlookup-mcp</code>).</p>\n" +
      "<h2>Files</h2><table><thead><tr><th>Path</th><th>Contents</th><th>Cache</th></tr>"
      "</thead><tbody>"
      "<tr><td><code>/data/manifest.json</code></td><td><code>{schemaVersion, datasetVersion, "
      "generatedAt, counts, files}</code>; <code>files.index</code>, <code>files.repos</code> "
      "and one entry per other file: <code>{path, bytes, sha256}</code>, <code>path</code> "
      "absolute (<code>/data/index.json</code>)</td><td>revalidate</td></tr>"
      "<tr><td><code>/data/index.json</code></td><td><code>{schemaVersion, datasetVersion, "
      "errors: [{id, repo, slug, code, msg, pattern, type, class, tags, sev}]}</code>. "
      "<code>pattern</code> is a regex (RE2 and ECMAScript) matching the message as users "
      "see it; when the message has under 6 literal characters it is the message as "
      "written, escaped, so it never matches arbitrary text</td><td>60 s</td></tr>"
      "<tr><td><code>/data/repos.json</code></td><td><code>[{repo, description, errorCount, "
      "sha, analyzedAt}]</code></td><td>60 s</td></tr>"
      "<tr><td><code>/data/repos/{owner}/{name}.json</code></td><td>the repository's full "
      "records</td><td>60 s</td></tr>"
      "<tr><td><code>/data/errors/{id}.json</code></td><td><code>{record, datasetVersion}"
      "</code></td><td>60 s</td></tr>"
      "</tbody></table>\n"
      "<p>Records follow ErrLookup's schema v2 with errdex's extensions (errdex's "
      "<code>docs/record-format.md</code>). Pages: <code>/{owner}/{name}/</code> and "
      "<code>/{owner}/{name}/{slug}/</code>, each with a <code>&lt;link rel=\"alternate\" "
      "type=\"application/json\"&gt;</code> to its JSON. Also <a href=\"/llms.txt\">/llms.txt"
      "</a>, <a href=\"/sitemap.xml\">/sitemap.xml</a> and <a href=\"/robots.txt\">"
      "/robots.txt</a>.</p>\n";
  if (!corpus.static_site) {
    out +=
        "<h2>Live API</h2><ul>"
        "<li><code>GET /api/search?q=&amp;repo=&amp;limit=</code>: a message or one to three "
        "keywords; <code>{matches: [{id, repo, message, score, matchType, reason, captures, "
        "url, ...}]}</code></li>"
        "<li><code>POST /api/explain</code>: the paste (a message, traceback or log) as the "
        "body, or <code>{\"text\", \"repo\"?, \"limit\"?}</code> as "
        "<code>application/json</code> (invalid JSON: 400); every error in it</li>"
        "<li><code>GET /api/errors/{id}</code>, <code>GET /api/repos</code></li></ul>\n";
  }
  return out + "</main>" + Tail();
}

std::vector<RelatedRecord> RelatedRecords(const Corpus& corpus, const Record& r, size_t max) {
  std::vector<RelatedRecord> out;
  std::shared_ptr<const RepoRecords> repo = corpus.Repo(r.repo);
  if (!repo) return out;
  auto self = repo->by_id.find(r.id);
  if (self == repo->by_id.end()) return out;
  for (Relation& rel : FindRelated(repo->records, repo->relations, self->second, max)) {
    out.push_back(
        {std::shared_ptr<const Record>(repo, &repo->records[rel.index]), std::move(rel.reason)});
  }
  return out;
}

}  // namespace errdex::serve
