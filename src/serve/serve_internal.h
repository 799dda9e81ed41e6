// Internal interfaces of the serve stage: the in-memory corpus a server
// answers from, the static dataset builder, the HTML renderer and the
// transport-independent router (so pages and API are testable without a
// socket).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyze/related.h"
#include "errdex/matcher.h"
#include "errdex/record.h"
#include "errdex/status.h"
#include "errdex/store.h"

namespace errdex::serve {

// --- static dataset -----------------------------------------------------------

// The files of the static dataset, keyed by path relative to the dataset
// root ("manifest.json", "errors/0e7af5ad0316fee2.json", ...).
struct Dataset {
  std::string version;
  std::map<std::string, std::string> files;
};

// The pattern index.json publishes for `r`: its messagePattern, or when
// that has under 6 literal characters (it would match nearly any paste) its
// message as written, escaped (it then matches only that text).
std::string ExportedPattern(const Record& r);
Dataset BuildDataset(const std::vector<Record>& records, const std::vector<RepoInfo>& repos,
                     const std::string& version);
// What both exports read from a database: every record, the repositories
// and the dataset version. `db` empty: the default database.
struct StoredDataset {
  std::vector<Record> records;
  std::vector<RepoInfo> repos;
  std::string version;
};
Result<StoredDataset> ReadStoredDataset(const std::string& db);
// Writes `dataset` to `dir` atomically (write aside, verify, swap).
Status WriteDatasetAtomically(const Dataset& dataset, const std::string& dir);
// Checks that every file the manifest in `dir` lists exists with its bytes
// and sha256. Returns the number of files checked.
Result<size_t> VerifyDatasetDir(const std::string& dir);

// An atomic export: everything is written to `tmp` (a sibling of `dir`,
// ".NAME.export-PID"; stale ones of dead exports are removed), then
// SwapInExport exchanges it with `dir` in one rename.
struct ExportDirs {
  std::string dir;
  std::string tmp;
};
Result<ExportDirs> PrepareExport(const std::string& dir);
Status SwapInExport(const ExportDirs& dirs);
// Test hook: with ERRDEX_EXPORT_TEST_DELAY_MS set, sleeps that long (called
// after each file an export writes, so a test can kill it mid-way).
void MaybeDelayForTest();
// True for "owner/name" with plain segments, which may become a path.
bool SafeRepoPath(const std::string& repo);

// --- corpus -------------------------------------------------------------------

// Everything one dataset version needs to answer requests; immutable once
// built, shared by all worker threads, replaced whole on reload.
struct Corpus {
  std::string version;
  std::vector<Record> records;  // (repo, file, line) order
  std::vector<RepoInfo> repos;
  std::unordered_map<std::string, size_t> by_id;
  std::map<std::string, std::vector<size_t>> by_repo;
  std::map<std::pair<std::string, std::string>, size_t> by_slug;  // (repo, slug)
  // Postings of what records share (analyze/related.h): related errors
  // are found from these instead of scanning a whole repository.
  RelationIndex relations;
  std::unique_ptr<Matcher> matcher;
  Dataset dataset;
  std::string base_url;  // absolute origin for canonical links ("http://127.0.0.1:8080")
  // Pages for a static host (`export --site`): links to files, search in
  // the browser, JSON twins under /data/.
  bool static_site = false;
};

// With a `matcher_snapshot` path, a large corpus's matcher is loaded from
// (or saved to) that snapshot, saved with the database's `stamp` (read
// before the records) so `errdex explain` can use it too; see Matcher::Open.
std::shared_ptr<const Corpus> BuildCorpus(std::vector<Record> records, std::vector<RepoInfo> repos,
                                          std::string version, std::string base_url,
                                          const std::string& matcher_snapshot = "",
                                          const std::string& stamp = "");
// A corpus for writing the static site: pages link files, no matcher.
std::shared_ptr<const Corpus> BuildSiteCorpus(std::vector<Record> records,
                                              std::vector<RepoInfo> repos, std::string version,
                                              std::string base_url);
Result<std::shared_ptr<const Corpus>> LoadCorpus(Store* store, const std::string& base_url,
                                                 const std::string& matcher_snapshot = "");

// --- HTML ---------------------------------------------------------------------

std::string HtmlEscape(std::string_view s);
// Explanations' light markup as HTML, everything else escaped: `code`
// spans; and for ProseToHtml "- "/"1. " list lines and paragraphs.
std::string InlineMarkupToHtml(std::string_view text);
std::string ProseToHtml(std::string_view text);
// A record related to another, and why, as light markup ("same function
// `load`").
struct RelatedRecord {
  const Record* record;
  std::string reason;
};
// FindRelated (analyze/related.h) over the corpus: the same relations as
// the `related` ids stored with each record, with their reasons.
std::vector<RelatedRecord> RelatedRecords(const Corpus& corpus, const Record& r, size_t max);
// The record's source window as <pre>: tokens in <span class="k|s|c|n|f">
// (keyword, string, comment, number, function name), the raising line in
// <span class="hl">, its conditions' lines in <span class="gd">.
std::string SourceWindowHtml(const Record& r);

struct SearchHit {
  const Record* record;
  double score;
  std::string match_type;
  std::vector<Capture> captures;
  std::string input_message;
  int input_line;
  std::string reason;  // Match::reason
};

std::string RenderHome(const Corpus& corpus);
std::string RenderSearch(const Corpus& corpus, const std::string& q,
                         const std::vector<SearchHit>& hits);
std::string RenderRepo(const Corpus& corpus, const std::string& repo, const std::string& filter,
                       int page);
std::string RenderError(const Corpus& corpus, const Record& r);
// Pages of a repository's listing, and the path of page `page` (1-based).
size_t RepoPages(const Corpus& corpus, const std::string& repo);
std::string RepoPagePath(const Corpus& corpus, const std::string& repo, size_t page);
std::string RenderNotFound(const std::string& what);
// The Content-Security-Policy of every page: only the site's own script
// runs (/assets/site.js; the JSON-LD block is data, no inline script), it
// may fetch only from this origin, the one inline stylesheet is allowed by
// its hash, forms post only to this server, and no site may frame a page.
const std::string& PageSecurityPolicy();

// The dataset format, as a page (/api-docs/).
std::string RenderApiDocs(const Corpus& corpus);

// --- site files (site.cc): shared by `serve` and `export --site` -------------

// The pages' script (/assets/site.js), compiled in from src/serve/site.js.
const std::string& SiteScript();
// One sitemap file: its path ("/sitemaps/acme/widgets.xml") and the page
// paths it lists (at most 50,000, the protocol's limit).
struct SitemapPartition {
  std::string path;
  std::vector<std::string> paths;
};
// "/sitemaps/pages.xml" (home, search, api-docs), then one partition per
// repository (more past 50,000 pages: "-2", "-3", ...).
std::vector<SitemapPartition> SitemapPartitions(const Corpus& corpus);
std::string RenderSitemapIndex(const Corpus& corpus, const std::vector<SitemapPartition>& parts);
std::string RenderSitemap(const Corpus& corpus, const SitemapPartition& part);
std::string RenderRobotsTxt(const Corpus& corpus);
std::string RenderLlmsTxt(const Corpus& corpus);
// Netlify/Cloudflare Pages `_headers`: cache rules, CORS, security headers.
std::string RenderHeadersFile();

struct SiteStats {
  size_t pages = 0;
  size_t files = 0;
  size_t bytes = 0;
  double seconds = 0;
};
// Writes the static site of `corpus` (built with BuildSiteCorpus) to `dir`
// atomically.
Result<SiteStats> WriteSite(const Corpus& corpus, const std::string& dir);

// --- router -------------------------------------------------------------------

struct HttpRequest {
  std::string method;
  std::string path;    // decoded
  std::string target;  // as sent (still percent-encoded)
  std::multimap<std::string, std::string> params;
  std::string body;
  std::string content_type;  // media type of the body, lowercased, no parameters
  std::string Param(const std::string& key) const;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::string body;
  // When set, the body is these corpus-owned bytes instead of `body` (large
  // dataset files are sent without a copy); valid while the corpus lives.
  const std::string* shared_body = nullptr;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string_view Body() const { return shared_body ? *shared_body : body; }
};

// Percent-decodes `s`; with `plus_is_space` (query strings) '+' is a space.
// A '%' not followed by two hex digits is kept as is.
std::string PercentDecode(std::string_view s, bool plus_is_space);
// Builds a request from a request target ("/path?k=v&..."): path and
// parameters decoded, `target` kept as sent.
HttpRequest ParseRequestTarget(std::string method, std::string_view target, std::string body);

// The media type of a Content-Type header value: lowercased, without
// parameters ("Application/JSON; charset=utf-8" -> "application/json").
std::string MediaType(std::string_view content_type);

// The route label used in metrics ("search", "error_page", "data", ...).
std::string RouteLabel(const HttpRequest& req);
HttpResponse Route(const Corpus& corpus, const HttpRequest& req);
HttpResponse JsonError(int status, const std::string& message);
// Searches every error in `text` (a message, traceback or log).
std::vector<SearchHit> Search(const Corpus& corpus, const std::string& text,
                              const std::string& repo, size_t limit, bool all_errors);

}  // namespace errdex::serve
