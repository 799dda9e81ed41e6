// Internal interfaces of the serve stage: the in-memory corpus a server
// answers from, the static dataset builder, the HTML renderer and the
// transport-independent router (so pages and API are testable without a
// socket).
#pragma once

#include <functional>
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
#include "match/segments.h"

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
// The files of one record and of one repository, as BuildDataset writes
// them ("errors/ID.json", "repos/OWNER/NAME.json").
bool SafeRecordId(const std::string& id);
std::string ErrorFileText(const Record& r, const std::string& version);
std::string RepoFileText(const std::vector<const Record*>& records);
// The files BuildDataset writes that cover the whole corpus (index.json,
// repos.json, manifest.json), the same bytes, built from one repository's
// records at a time: `read` is called for each of `names` (the
// repositories with records, in name order) and what it returns is
// dropped before the next. `read` returning null is a repository gone
// since; it is left out.
struct RepoRecords;
Dataset BuildDatasetSummary(
    const std::vector<RepoInfo>& repos, const std::vector<std::string>& names,
    const std::function<std::shared_ptr<const RepoRecords>(const std::string&)>& read,
    const std::string& version);
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

// One repository's records, exactly as a whole-corpus list held them, with
// the postings related errors are found from (analyze/related.h: relations
// never cross repositories, so one repository's are enough).
struct RepoRecords {
  std::vector<Record> records;  // (file, line) order
  RelationIndex relations;
  std::unordered_map<std::string, size_t> by_id;
  std::unordered_map<std::string, size_t> by_slug;
  size_t bytes = 0;  // about what this holds in memory
};
std::shared_ptr<const RepoRecords> MakeRepoRecords(std::vector<Record> records);

// Answers read from the store and rendered on demand, kept while they fit
// (serve/byte_cache.h).
class ByteCache;
// Store handles of a view, one per reading thread at a time.
class StorePool;

// Everything one dataset version needs to answer requests; shared by all
// worker threads, replaced whole on reload. Either eager (every record in
// memory: `export --site`, tests) or a view of a database: records are read
// by repository or id through the store when a page, an API answer or a
// /data/ file needs them, with what was read and rendered kept in a cache
// bounded in bytes, and the matcher used through its mapped snapshot.
struct Corpus {
  Corpus();
  ~Corpus();
  std::string version;
  std::vector<RepoInfo> repos;
  // Records per repository (exact stored names; only those with records),
  // and in all.
  std::map<std::string, size_t> counts;
  size_t record_count = 0;
  std::unique_ptr<Matcher> matcher;
  // The matcher's base segment is worth building again
  // (RepositoryMatcher::merge_due): the reloader does it in the background.
  bool merge_due = false;
  std::string base_url;  // absolute origin for canonical links ("http://127.0.0.1:8080")
  // Pages for a static host (`export --site`): links to files, search in
  // the browser, JSON twins under /data/.
  bool static_site = false;

  // The records of `repo` (exact name); null when it has none (or the
  // database can no longer be read).
  std::shared_ptr<const RepoRecords> Repo(const std::string& repo) const;
  // The record with `id`, null when there is none (any more).
  std::shared_ptr<const Record> Find(const std::string& id) const;
  // The /data/ file at `rel` ("errors/ID.json"), null when there is none.
  std::shared_ptr<const std::string> DataFile(const std::string& rel) const;
  // What `render` makes, kept in the cache under `key` (a view; an eager
  // corpus renders every time).
  std::shared_ptr<const std::string> Cached(const std::string& key,
                                            const std::function<std::string()>& render) const;

  // Eager: every repository's records, and the dataset's files.
  std::map<std::string, std::shared_ptr<const RepoRecords>> eager;
  std::unique_ptr<Dataset> dataset;
  // A view: the database, where `errdex export` wrote the dataset (served
  // as /data/ when set), and the cache.
  std::string db;
  std::string data_dir;
  std::unique_ptr<ByteCache> cache;
  std::unique_ptr<StorePool> stores;

 private:
  std::shared_ptr<const RepoRecords> ReadRepo(const std::string& repo) const;
  std::shared_ptr<const std::string> RenderDataFile(const std::string& rel) const;
  std::shared_ptr<const std::string> ReadDataDir(const std::string& rel) const;
  std::shared_ptr<const Dataset> WholeDatasetFiles() const;
};

// A corpus of `records` held in memory. With a `matcher_snapshot` path, a
// large corpus's matcher is loaded from (or saved to) that snapshot, saved
// with the database's `stamp` (read before the records) so `errdex explain`
// can use it too; see Matcher::Open.
std::shared_ptr<const Corpus> BuildCorpus(std::vector<Record> records, std::vector<RepoInfo> repos,
                                          std::string version, std::string base_url,
                                          const std::string& matcher_snapshot = "",
                                          const std::string& stamp = "");
// A corpus for writing the static site: pages link files, no matcher.
std::shared_ptr<const Corpus> BuildSiteCorpus(std::vector<Record> records,
                                              std::vector<RepoInfo> repos, std::string version,
                                              std::string base_url);
// How `serve` reads a database.
struct ViewOptions {
  std::string db;
  std::string base_url;
  std::string data_dir;                   // `errdex export` output to serve as /data/; "" none
  size_t cache_bytes = size_t{64} << 20;  // rendered answers and records read
  bool whole_matcher = false;             // ServeOptions::whole_matcher
  size_t max_deltas = kMaxDeltas;         // ServeOptions::max_deltas
};
// A view of the database `options.db` (opened as `store`): only the
// repositories' names and counts are read here; the matcher is composed of
// a base segment and per-repository deltas beside the database
// (match/segments.h), mapped: those of `previous` (the view in service, or
// null) that are still current are reused, the others loaded from their
// files or built.
Result<std::shared_ptr<const Corpus>> LoadCorpus(Store* store, const ViewOptions& options,
                                                 const Corpus* previous = nullptr);

// --- HTML ---------------------------------------------------------------------

std::string HtmlEscape(std::string_view s);
// Explanations' light markup as HTML, everything else escaped: `code`
// spans; and for ProseToHtml "- "/"1. " list lines and paragraphs.
std::string InlineMarkupToHtml(std::string_view text);
std::string ProseToHtml(std::string_view text);
// A record related to another, and why, as light markup ("same function
// `load`").
struct RelatedRecord {
  std::shared_ptr<const Record> record;  // keeps its repository's records alive
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
  std::shared_ptr<const Record> record;
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
// "/sitemaps/pages.xml": home, search, api-docs.
SitemapPartition SitemapPagesPartition(const Corpus& corpus);
// The partitions of one repository (none when it has no pages).
std::vector<SitemapPartition> RepoSitemapPartitions(const Corpus& corpus, const std::string& repo);
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
  // When set, the body is these bytes instead of `body` (large dataset
  // files are sent from the cache without a copy).
  std::shared_ptr<const std::string> shared_body;
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
