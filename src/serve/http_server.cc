// `errdex serve` and `errdex export`: adapts the router to cpp-httplib,
// keeps the corpus fresh (polls the store's dataset version and swaps in a
// rebuilt corpus), counts requests for /metrics, and stops cleanly on
// SIGINT/SIGTERM. Hostile input is bounded here: read timeouts for slow
// clients, httplib's 8 KiB request-line/header limits (414/400), a body cap,
// and the router's path checks.
#include <httplib.h>
#include <signal.h>
#include <pthread.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "errdex/input.h"
#include "errdex/serve.h"
#include "serve/serve_internal.h"

namespace errdex {
namespace {

using serve::Corpus;
using serve::HttpRequest;
using serve::HttpResponse;

// Prometheus latency histogram bounds, seconds.
constexpr std::array<double, 10> kBuckets = {0.0001, 0.00025, 0.0005, 0.001, 0.0025,
                                             0.005,  0.01,    0.025,  0.1,   1.0};

class Metrics {
 public:
  void Observe(const std::string& route, int status, double seconds) {
    std::lock_guard<std::mutex> lock(mu_);
    Series& s = series_[route];
    s.by_status[status]++;
    s.count++;
    s.sum += seconds;
    for (size_t i = 0; i < kBuckets.size(); ++i) {
      if (seconds <= kBuckets[i]) s.buckets[i]++;
    }
  }

  std::string Render(const Corpus& c) const {
    std::lock_guard<std::mutex> lock(mu_);
    std::string out =
        "# HELP errdex_http_requests_total HTTP requests answered, by route and status.\n"
        "# TYPE errdex_http_requests_total counter\n";
    for (const auto& [route, s] : series_) {
      for (const auto& [status, n] : s.by_status) {
        out += "errdex_http_requests_total{route=\"" + route + "\",status=\"" +
               std::to_string(status) + "\"} " + std::to_string(n) + "\n";
      }
    }
    out += "# HELP errdex_http_request_duration_seconds Time to answer, by route.\n"
           "# TYPE errdex_http_request_duration_seconds histogram\n";
    for (const auto& [route, s] : series_) {
      std::string lbl = "route=\"" + route + "\"";
      for (size_t i = 0; i < kBuckets.size(); ++i) {
        char le[32];
        std::snprintf(le, sizeof le, "%g", kBuckets[i]);
        out += "errdex_http_request_duration_seconds_bucket{" + lbl + ",le=\"" + le + "\"} " +
               std::to_string(s.buckets[i]) + "\n";
      }
      out += "errdex_http_request_duration_seconds_bucket{" + lbl + ",le=\"+Inf\"} " +
             std::to_string(s.count) + "\n";
      char sum[48];
      std::snprintf(sum, sizeof sum, "%.6f", s.sum);
      out += "errdex_http_request_duration_seconds_sum{" + lbl + "} " + sum + "\n";
      out += "errdex_http_request_duration_seconds_count{" + lbl + "} " +
             std::to_string(s.count) + "\n";
    }
    out += "# HELP errdex_corpus_errors Error records served.\n# TYPE errdex_corpus_errors gauge\n"
           "errdex_corpus_errors " + std::to_string(c.records.size()) +
           "\n# HELP errdex_corpus_repos Repositories served.\n# TYPE errdex_corpus_repos gauge\n"
           "errdex_corpus_repos " + std::to_string(c.repos.size()) + "\n";
    return out;
  }

 private:
  struct Series {
    std::map<int, uint64_t> by_status;
    std::array<uint64_t, kBuckets.size()> buckets{};
    uint64_t count = 0;
    double sum = 0;
  };
  mutable std::mutex mu_;
  std::map<std::string, Series> series_;
};

// The corpus in service; readers take a shared_ptr copy per request so a
// reload never pulls data out from under a running request.
class CorpusHolder {
 public:
  explicit CorpusHolder(std::shared_ptr<const Corpus> c) : corpus_(std::move(c)) {}
  std::shared_ptr<const Corpus> Get() const {
    std::lock_guard<std::mutex> lock(mu_);
    return corpus_;
  }
  void Set(std::shared_ptr<const Corpus> c) {
    std::lock_guard<std::mutex> lock(mu_);
    corpus_ = std::move(c);
  }

 private:
  mutable std::mutex mu_;
  std::shared_ptr<const Corpus> corpus_;
};

HttpRequest Adapt(const httplib::Request& req) {
  HttpRequest r;
  r.method = req.method;
  r.path = req.path;
  r.target = req.target;
  for (const auto& [k, v] : req.params) r.params.emplace(k, v);
  r.body = req.body;
  return r;
}

void AddCors(httplib::Response* res) {
  res->set_header("Access-Control-Allow-Origin", "*");
  res->set_header("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS");
  res->set_header("Access-Control-Allow-Headers", "Content-Type");
  res->set_header("X-Content-Type-Options", "nosniff");
}

void Handle(const CorpusHolder& holder, Metrics* metrics, const httplib::Request& req,
            httplib::Response* res) {
  auto start = std::chrono::steady_clock::now();
  std::shared_ptr<const Corpus> corpus = holder.Get();
  HttpRequest in = Adapt(req);
  std::string label = serve::RouteLabel(in);
  HttpResponse out;
  if (req.method == "OPTIONS") {
    out.status = 204;
    out.content_type = "text/plain";
  } else if (in.path == "/metrics" && (req.method == "GET" || req.method == "HEAD")) {
    out.content_type = "text/plain; version=0.0.4";
    out.body = metrics->Render(*corpus);
  } else {
    out = serve::Route(*corpus, in);
  }
  res->status = out.status;
  for (const auto& [k, v] : out.headers) res->set_header(k, v);
  AddCors(res);
  res->set_content(std::move(out.body), out.content_type.c_str());
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  metrics->Observe(label, out.status, secs);
}

// Blocks SIGINT/SIGTERM in every thread and stops the server from a
// dedicated thread when one arrives (httplib::Server::stop is not
// async-signal-safe, so it must not run in a handler).
class SignalStopper {
 public:
  explicit SignalStopper(httplib::Server* server) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
    thread_ = std::thread([this, server, set] {
      int sig = 0;
      sigwait(&set, &sig);
      done_ = true;
      server->stop();
    });
  }
  ~SignalStopper() {
    // Wake the waiter if no signal came (the server stopped for another reason).
    if (!done_) pthread_kill(thread_.native_handle(), SIGTERM);
    thread_.join();
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }

 private:
  sigset_t old_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

class Reloader {
 public:
  Reloader(const ServeOptions& opt, std::string base_url, CorpusHolder* holder)
      : opt_(opt), base_url_(std::move(base_url)), holder_(holder) {
    if (opt.reload_seconds > 0) thread_ = std::thread([this] { Loop(); });
  }
  ~Reloader() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!cv_.wait_for(lock, std::chrono::seconds(opt_.reload_seconds), [&] { return stop_; })) {
      lock.unlock();
      ReloadIfNewer();
      lock.lock();
    }
  }
  void ReloadIfNewer() {
    auto store = Store::Open(opt_.db);
    if (!store.ok()) return;
    auto version = (*store)->DatasetVersion();
    if (!version.ok() || *version == holder_->Get()->version) return;
    auto corpus = serve::LoadCorpus(store->get(), base_url_);
    if (!corpus.ok()) {
      std::fprintf(stderr, "errdex serve: reload failed: %s\n", corpus.status().message().c_str());
      return;
    }
    holder_->Set(*corpus);
    std::fprintf(stderr, "errdex serve: now serving dataset %s (%zu errors)\n",
                 (*corpus)->version.c_str(), (*corpus)->records.size());
  }

  const ServeOptions& opt_;
  std::string base_url_;
  CorpusHolder* holder_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

std::string BaseUrl(const std::string& host, int port) {
  bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

}  // namespace

Status Serve(const ServeOptions& opt) {
  auto store = Store::Open(opt.db.empty() ? DefaultDbPath() : opt.db);
  if (!store.ok()) return store.status();
  ServeOptions o = opt;
  if (o.db.empty()) o.db = DefaultDbPath();

  httplib::Server server;
  int port = o.port;
  if (port == 0) {
    port = server.bind_to_any_port(o.host);
    if (port <= 0) return Status::IOError("cannot bind " + o.host);
  } else if (!server.bind_to_port(o.host, port)) {
    return Status::IOError("cannot bind " + o.host + ":" + std::to_string(port));
  }
  std::string base_url = BaseUrl(o.host, port);
  auto corpus = serve::LoadCorpus(store->get(), base_url);
  if (!corpus.ok()) return corpus.status();
  store->reset();
  CorpusHolder holder(*corpus);
  Metrics metrics;

  // httplib serves one keep-alive connection per worker thread, so the pool
  // is sized for concurrent clients, not cores: idle workers only sleep in
  // poll(), and the CPU work per request is short.
  size_t threads = o.threads > 0 ? static_cast<size_t>(o.threads)
                                 : std::max<size_t>(96, 8 * std::thread::hardware_concurrency());
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_read_timeout(5, 0);
  server.set_write_timeout(5, 0);
  server.set_keep_alive_timeout(5);
  server.set_keep_alive_max_count(10000);
  server.set_payload_max_length(kMaxInputBytes);
  server.set_tcp_nodelay(true);
  auto handler = [&](const httplib::Request& req, httplib::Response& res) {
    Handle(holder, &metrics, req, &res);
  };
  // One catch-all route per method: the router does the dispatch.
  server.Get(".*", handler);
  server.Post(".*", handler);
  server.Options(".*", handler);
  server.Put(".*", handler);
  server.Delete(".*", handler);
  server.Patch(".*", handler);
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    // Errors httplib raises itself (400 on unparsable requests, 414, 413):
    // give them a JSON body like every other error.
    if (res.body.empty()) {
      HttpResponse e = serve::JsonError(res.status, "request rejected (HTTP " + std::to_string(res.status) + ")");
      res.set_content(e.body, e.content_type.c_str());
    }
  });

  SignalStopper stopper(&server);
  Reloader reloader(o, base_url, &holder);
  std::fprintf(stderr, "errdex serve: %zu errors from %zu repositories, dataset %s\n",
               (*corpus)->records.size(), (*corpus)->repos.size(), (*corpus)->version.c_str());
  if (o.on_listening) o.on_listening(port);
  if (!server.listen_after_bind()) return Status::IOError("the server stopped with an error");
  return Status::OK();
}

Result<ExportSummary> ExportDataset(const std::string& db, const std::string& dir) {
  auto store = Store::Open(db.empty() ? DefaultDbPath() : db);
  if (!store.ok()) return store.status();
  auto version = (*store)->DatasetVersion();
  if (!version.ok()) return version.status();
  auto records = (*store)->List("");
  if (!records.ok()) return records.status();
  auto repos = (*store)->Repos();
  if (!repos.ok()) return repos.status();
  serve::Dataset ds = serve::BuildDataset(*records, *repos, *version);
  if (Status s = serve::WriteDatasetAtomically(ds, dir); !s.ok()) return s;
  ExportSummary sum;
  sum.dir = dir;
  sum.dataset_version = *version;
  sum.files = ds.files.size();
  for (const auto& [path, content] : ds.files) sum.bytes += content.size();
  sum.errors = records->size();
  sum.repos = repos->size();
  return sum;
}

}  // namespace errdex
