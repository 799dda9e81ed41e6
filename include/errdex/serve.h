// Serve and export: the records as HTML pages, a JSON API and a static
// dataset (the files ErrLookup's MCP client syncs from), over HTTP
// (`errdex serve`) or written to a directory (`errdex export`).
#pragma once

#include <functional>
#include <string>

#include "errdex/status.h"

namespace errdex {

struct ServeOptions {
  std::string db;                  // SQLite store to serve
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  int port = 8080;                 // 0: any free port (reported through on_listening)
  int threads = 0;                 // worker threads; 0: a default sized for keep-alive clients
  int reload_seconds = 2;          // how often to look for a newer dataset version
  // Serve Prometheus metrics at /metrics. Off by default: request counts and
  // latencies by route say what a deployment is used for, which is the
  // operator's to publish.
  bool metrics = false;
  // Open connections, in all and from one address; past them a client is
  // answered 503 with Retry-After (one host cannot take the server).
  int max_connections = 4096;
  int max_connections_per_ip = 256;
  // Records read from the database and answers rendered from them are kept
  // in this much memory, least recently used dropped first: the server
  // holds no other copy of the corpus.
  int cache_mb = 64;
  // An `errdex export` directory to answer /data/ from (its files as
  // written); empty: /data/ files are rendered from the records.
  std::string data_dir;
  // One matcher of the whole corpus (DB.matcher, as `explain` keeps)
  // instead of a base segment and per-repository deltas: a search walks one
  // pattern automaton instead of 1 + (deltas), but every reload rebuilds it
  // from every record.
  bool whole_matcher = false;
  // Deltas (repositories re-indexed since the matcher's base segment was
  // built) at which the base is built again in the background
  // (match/segments.h); each delta adds a literal automaton to every search.
  int max_deltas = 8;
  // Called once the socket is bound, with the actual port.
  std::function<void(int port)> on_listening;
};

// Serves until SIGINT or SIGTERM. Returns an error if the store cannot be
// read or the address cannot be bound.
Status Serve(const ServeOptions& options);

struct ExportSummary {
  std::string dir;
  std::string dataset_version;
  size_t files = 0;
  size_t bytes = 0;
  size_t errors = 0;
  size_t repos = 0;
  size_t pages = 0;    // HTML pages (export --site)
  double seconds = 0;  // time to write the site (export --site)
};

// Writes the static dataset of the store at `db` to `dir` atomically: the
// files are written to a sibling temporary directory, re-read and checked
// against their sha256, and only then swapped in with one rename. A crash at
// any point leaves the previous contents of `dir` intact.
Result<ExportSummary> ExportDataset(const std::string& db, const std::string& dir);

// Writes the static site (the pages of `serve` as files, the dataset under
// data/, robots.txt, llms.txt, sitemaps, _headers) to `dir`, atomically as
// ExportDataset. `base_url` is the absolute URL the site will be served
// from (canonical links, sitemaps); InvalidArgument if it is not http(s).
Result<ExportSummary> ExportSite(const std::string& db, const std::string& dir,
                                 const std::string& base_url);

}  // namespace errdex
