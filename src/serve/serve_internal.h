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

Dataset BuildDataset(const std::vector<Record>& records, const std::vector<RepoInfo>& repos,
                     const std::string& version);
// Writes `dataset` to `dir` atomically (write aside, verify, swap).
Status WriteDatasetAtomically(const Dataset& dataset, const std::string& dir);
// Checks that every file the manifest in `dir` lists exists with its bytes
// and sha256. Returns the number of files checked.
Result<size_t> VerifyDatasetDir(const std::string& dir);

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
  // Record indices, ascending, per (repo, file) and per (repo, tag): related
  // errors are found from these instead of scanning a whole repository.
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> by_file;
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> by_tag;
  std::unique_ptr<Matcher> matcher;
  Dataset dataset;
  std::string base_url;  // absolute origin for canonical links ("http://127.0.0.1:8080")
};

// With a `matcher_snapshot` path, a large corpus's matcher is loaded from
// (or saved to) that snapshot, saved with the database's `stamp` (read
// before the records) so `errdex explain` can use it too; see Matcher::Open.
std::shared_ptr<const Corpus> BuildCorpus(std::vector<Record> records, std::vector<RepoInfo> repos,
                                          std::string version, std::string base_url,
                                          const std::string& matcher_snapshot = "",
                                          const std::string& stamp = "");
Result<std::shared_ptr<const Corpus>> LoadCorpus(Store* store, const std::string& base_url,
                                                 const std::string& matcher_snapshot = "");

// --- HTML ---------------------------------------------------------------------

std::string HtmlEscape(std::string_view s);
// Records that share the function, then the file, then tags, capped at `max`.
std::vector<const Record*> RelatedRecords(const Corpus& corpus, const Record& r, size_t max);

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
std::string RenderNotFound(const std::string& what);
// The Content-Security-Policy of every page: nothing runs (pages have no
// script; the JSON-LD block is data), the one inline stylesheet is allowed
// by its hash, forms post only to this server, and no site may frame a page.
const std::string& PageSecurityPolicy();

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
