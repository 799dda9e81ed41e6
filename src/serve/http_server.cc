// `errdex serve` and `errdex export`. The HTTP front end is Boost.Beast on
// an asio event loop with one thread per core: requests are answered on the
// loop thread that read them (a search takes microseconds), so there is no
// thread per connection and no context switch per request. Large POST
// bodies (/api/explain over a whole log) are answered on a separate pool so
// they cannot stall the loop. Also: keeps the corpus fresh (polls the
// store's dataset version and swaps in a rebuilt corpus), counts requests
// for /metrics, and stops cleanly on SIGINT/SIGTERM.
//
// Hostile input is bounded here: a read deadline per request (slow clients
// are cut off), 8 KiB of request line + headers (414/400), a 10 MiB body cap
// (413), a connection cap, unknown methods (400); the router checks paths.
// Boost 1.74's asio uses std::exchange without including <utility>.
// clang-format off
#include <utility>

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
// clang-format on

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include "errdex/input.h"
#include "errdex/serve.h"
#include "match/segments.h"
#include "serve/serve_internal.h"

namespace errdex {
namespace {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

using serve::Corpus;
using serve::HttpRequest;
using serve::HttpResponse;

constexpr size_t kMaxHeaderBytes = 8 * 1024;
// A request's headers must arrive within kHeaderDeadline. Its body may take
// as long as it keeps coming at kMinBodyRate on average after the first
// kBodyGrace, with no pause longer than kBodyStall: an honest 10 MiB upload
// over a slow link succeeds, a body trickled byte by byte is cut.
constexpr auto kHeaderDeadline = std::chrono::seconds(5);
constexpr auto kBodyStall = std::chrono::seconds(5);
constexpr auto kBodyGrace = std::chrono::seconds(5);
constexpr double kMinBodyRate = 8 * 1024;                 // bytes per second
constexpr auto kWriteDeadline = std::chrono::seconds(5);  // one response
constexpr auto kDrainDeadline = std::chrono::seconds(1);  // reading after an error reply
// Past the connection limits a client gets 503 and Retry-After; far past the
// global one the socket is closed unanswered, to keep descriptors free.
constexpr int kRefusalSlack = 256;
// At most this many sockets' reactor state is reserved at start
// (ReserveSocketStates): ~3 MiB.
constexpr size_t kMaxReservedSockets = 16384;

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
    out +=
        "# HELP errdex_http_request_duration_seconds Time to answer, by route.\n"
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
      out += "errdex_http_request_duration_seconds_count{" + lbl + "} " + std::to_string(s.count) +
             "\n";
    }
    out +=
        "# HELP errdex_corpus_errors Error records served.\n# TYPE errdex_corpus_errors gauge\n"
        "errdex_corpus_errors " +
        std::to_string(c.record_count) +
        "\n# HELP errdex_corpus_repos Repositories served.\n# TYPE errdex_corpus_repos gauge\n"
        "errdex_corpus_repos " +
        std::to_string(c.repos.size()) + "\n";
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

class Reloader {
 public:
  Reloader(const ServeOptions& opt, serve::ViewOptions view, CorpusHolder* holder)
      : opt_(opt), view_(std::move(view)), holder_(holder) {
    if (opt.reload_seconds > 0) thread_ = std::thread([this] { Loop(); });
  }
  ~Reloader() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    // A running merge ends at its next repository: shutdown does not wait
    // for a base of the whole corpus, and the saved base stays as it was.
    stop_merge_ = true;
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
    if (merge_.joinable()) merge_.join();
  }

 private:
  void Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!cv_.wait_for(lock, std::chrono::seconds(opt_.reload_seconds), [&] { return stop_; })) {
      lock.unlock();
      // A merged base is taken like a new dataset version.
      ReloadIfNewer(merged_.exchange(false));
      MergeIfDue();
      // Give freed heap pages back: after a flood the allocator keeps them
      // (bench/flood: RSS 18 -> 48 MiB without this).
      malloc_trim(0);
      lock.lock();
    }
  }
  // Builds the matcher's base segment again from every repository when the
  // view in service says it is due (match/segments.h), on its own thread at
  // low priority: the view in service answers meanwhile, and the poll after
  // it is done composes the next view with it. Tried once per view.
  void MergeIfDue() {
    std::shared_ptr<const serve::Corpus> current = holder_->Get();
    if (merging_.load() || !current->merge_due || views_ == merge_tried_) return;
    merge_tried_ = views_;
    if (merge_.joinable()) merge_.join();
    merging_ = true;
    merge_ = std::thread([this] {
      setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
      auto began = std::chrono::steady_clock::now();
      auto store = Store::Open(opt_.db);
      std::string note;
      Status s = store.ok() ? MergeRepositoryBase(store->get(), opt_.db, &note, &stop_merge_)
                            : store.status();
      double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      if (s.ok()) {
        std::fprintf(stderr, "errdex serve: matcher merged: %s (%.3f s)\n", note.c_str(), took);
      } else if (stop_merge_.load()) {
        std::fprintf(stderr, "errdex serve: matcher merge stopped at shutdown (%.3f s)\n", took);
      } else {
        std::fprintf(stderr, "errdex serve: matcher merge failed: %s\n", s.message().c_str());
      }
      merged_ = s.ok();
      merging_ = false;
    });
  }
  void ReloadIfNewer(bool force) {
    auto store = Store::Open(opt_.db);
    if (!store.ok()) return;
    auto version = (*store)->DatasetVersion();
    std::shared_ptr<const serve::Corpus> current = holder_->Get();
    if (!version.ok() || (*version == current->version && !force)) return;
    // The old view answers until the new one is ready; requests still
    // holding it finish with it, and its memory goes with the last. The
    // new one shares the segments of repositories that did not change.
    auto began = std::chrono::steady_clock::now();
    auto corpus = serve::LoadCorpus(store->get(), view_, current.get());
    if (!corpus.ok()) {
      std::fprintf(stderr, "errdex serve: reload failed: %s\n", corpus.status().message().c_str());
      return;
    }
    holder_->Set(*corpus);
    ++views_;
    double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::fprintf(stderr, "errdex serve: now serving dataset %s (%zu errors; read in %.3f s)\n",
                 (*corpus)->version.c_str(), (*corpus)->record_count, took);
  }

  const ServeOptions& opt_;
  serve::ViewOptions view_;
  CorpusHolder* holder_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
  // The background merge (MergeIfDue); only the reloader's thread starts
  // and joins it.
  std::thread merge_;
  std::atomic<bool> merging_{false}, merged_{false};
  std::atomic<bool> stop_merge_{false};  // set at shutdown: a running merge ends
  // Views swapped in so far, and the one a merge was last started for.
  uint64_t views_ = 0, merge_tried_ = UINT64_MAX;
};

std::string BaseUrl(const std::string& host, int port) {
  bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

class Session;

// Everything a connection needs from the server.
struct ServerState {
  CorpusHolder* holder;
  Metrics* metrics;
  net::thread_pool* slow_pool;
  bool metrics_enabled;
  int max_connections;
  int max_per_ip;
  std::atomic<int> connections{0};
  std::mutex ip_mu;
  std::unordered_map<std::string, int> per_ip;  // open connections by peer address

  // Connections waiting for a request's headers, oldest first. When all
  // slots are taken the oldest of them makes room: a flood of idle sockets
  // from many addresses cannot keep out a client that sends its request.
  std::mutex idle_mu;
  std::list<std::weak_ptr<Session>> idle;

  // Counts a connection from `ip`; false when a limit is reached (then
  // nothing is counted for the address).
  bool Admit(const std::string& ip) {
    if (connections.load() >= max_connections && !EvictOldestIdle()) return false;
    std::lock_guard<std::mutex> lock(ip_mu);
    int& n = per_ip[ip];  // max_per_ip >= 1, so a new entry is always admitted
    if (n >= max_per_ip) return false;
    ++n;
    return true;
  }
  bool EvictOldestIdle();
  void Release(const std::string& ip) {
    std::lock_guard<std::mutex> lock(ip_mu);
    if (auto it = per_ip.find(ip); it != per_ip.end() && --it->second <= 0) per_ip.erase(it);
  }
};

// Bodies are spans over bytes the session keeps alive: its own string, or a
// file of the corpus it holds a reference to.
using Response = http::response<http::span_body<const char>>;

void AddCors(Response* res) {
  res->set("Access-Control-Allow-Origin", "*");
  res->set("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS");
  res->set("Access-Control-Allow-Headers", "Content-Type");
  res->set("X-Content-Type-Options", "nosniff");
}

// Pages may not be framed, run script or leak the URL (which holds the
// pasted error in /search?q=) to the sites they link to.
void AddSecurityHeaders(Response* res, bool html) {
  res->set("X-Frame-Options", "DENY");
  res->set("Referrer-Policy", "no-referrer");
  if (html) res->set("Content-Security-Policy", serve::PageSecurityPolicy());
}

bool KnownMethod(http::verb v) {
  switch (v) {
    case http::verb::get:
    case http::verb::head:
    case http::verb::post:
    case http::verb::put:
    case http::verb::delete_:
    case http::verb::patch:
    case http::verb::options:
      return true;
    default:
      return false;
  }
}

// Turns a router response into a Beast response (HEAD: headers only, with
// the length the GET body would have).
Response ToBeast(const HttpResponse& out, bool head, unsigned version, bool keep_alive) {
  Response res{static_cast<http::status>(out.status), version};
  for (const auto& [k, v] : out.headers) res.set(k, v);
  res.set(http::field::content_type, out.content_type);
  AddCors(&res);
  AddSecurityHeaders(&res, out.content_type.starts_with("text/html"));
  res.keep_alive(keep_alive);
  std::string_view body = out.Body();
  if (!head) res.body() = boost::beast::span<const char>(body.data(), body.size());
  res.content_length(body.size());
  return res;
}

// Answers one request from the corpus in service, which `*corpus` keeps
// alive for as long as the response may point into it.
HttpResponse Answer(const ServerState& st, const std::string& method, std::string_view target,
                    std::string body, std::string_view content_type, std::string* label,
                    std::shared_ptr<const Corpus>* corpus_out) {
  std::shared_ptr<const Corpus> corpus = st.holder->Get();
  *corpus_out = corpus;
  HttpRequest in = serve::ParseRequestTarget(method, target, std::move(body));
  in.content_type = serve::MediaType(content_type);
  *label = serve::RouteLabel(in);
  if (method == "OPTIONS") {
    HttpResponse out;
    out.status = 204;
    out.content_type = "text/plain";
    return out;
  }
  if (in.path == "/metrics" && (method == "GET" || method == "HEAD")) {
    if (!st.metrics_enabled) {
      return serve::JsonError(404, "metrics are off; start `errdex serve --metrics` to serve them");
    }
    HttpResponse out;
    out.content_type = "text/plain; version=0.0.4";
    out.body = st.metrics->Render(*corpus);
    return out;
  }
  return serve::Route(*corpus, in);
}

// One client connection: read a request, answer, repeat while keep-alive.
class Session : public std::enable_shared_from_this<Session> {
 public:
  // `ip` is the peer's address when the connection was admitted (counted
  // against its limit), empty when it is to be refused.
  Session(tcp::socket socket, ServerState* st, std::string ip)
      : stream_(std::move(socket)), st_(st), ip_(std::move(ip)) {
    st_->connections++;
  }
  ~Session() {
    ListIdle(false);
    st_->connections--;
    if (!ip_.empty()) st_->Release(ip_);
  }

  void Start() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
      if (self->ip_.empty()) return self->Refuse();
      self->Read();
    });
  }

 private:
  // Over a connection limit: say so, and when to come back.
  void Refuse() {
    start_ = std::chrono::steady_clock::now();
    HttpResponse out = serve::JsonError(503, "too many connections; retry in a second");
    out.headers.emplace_back("Retry-After", "1");
    Send(std::move(out), 11, false, false, "refused");
  }

  void Read() {
    ListIdle(true);
    parser_.emplace();
    parser_->header_limit(kMaxHeaderBytes);
    parser_->body_limit(kMaxInputBytes);
    stream_.expires_after(kHeaderDeadline);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->OnHeader(ec); });
  }

  void OnHeader(beast::error_code ec) {
    ListIdle(false);
    if (ec || parser_->is_done()) return OnRead(ec);
    body_start_ = std::chrono::steady_clock::now();
    body_bytes_ = 0;
    ReadBody();
  }

  void ReadBody() {
    stream_.expires_after(kBodyStall);
    http::async_read_some(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t n) { self->OnBody(ec, n); });
  }

  void OnBody(beast::error_code ec, size_t n) {
    if (ec || parser_->is_done()) return OnRead(ec);
    body_bytes_ += n;
    double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - body_start_).count();
    if (secs > std::chrono::duration<double>(kBodyGrace).count() &&
        static_cast<double>(body_bytes_) < secs * kMinBodyRate) {
      start_ = std::chrono::steady_clock::now();
      return Send(serve::JsonError(408, "the request body arrives slower than 8 KiB/s"), 11, false,
                  false, "rejected");
    }
    ReadBody();
  }

  void OnRead(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset) {
      return Close();
    }
    if (ec) return Reject(ec);
    start_ = std::chrono::steady_clock::now();
    http::request<http::string_body> req = parser_->release();
    if (!KnownMethod(req.method())) {
      return Send(serve::JsonError(400, "unknown HTTP method"), req.version(), false, false,
                  "other");
    }
    bool head = req.method() == http::verb::head;
    bool keep = req.keep_alive();
    unsigned version = req.version();
    std::string method(req.method_string());
    std::string target(req.target());
    std::string content_type(req[http::field::content_type]);
    if (req.method() != http::verb::post) {
      std::string label;
      HttpResponse out =
          Answer(*st_, method, target, std::move(req.body()), content_type, &label, &corpus_);
      return Send(std::move(out), version, keep, head, label);
    }
    // A POST body may be a 10 MiB log: answer it off the event loop.
    net::post(*st_->slow_pool, [self = shared_from_this(), method, target, version, keep,
                                content_type, body = std::move(req.body())]() mutable {
      std::string label;
      std::shared_ptr<const Corpus> corpus;
      HttpResponse out =
          Answer(*self->st_, method, target, std::move(body), content_type, &label, &corpus);
      net::post(self->stream_.get_executor(), [self, out = std::move(out), version, keep, label,
                                               corpus = std::move(corpus)]() mutable {
        self->corpus_ = std::move(corpus);
        self->Send(std::move(out), version, keep, false, label);
      });
    });
  }

  // A request Beast could not parse: say why, then close.
  void Reject(beast::error_code ec) {
    start_ = std::chrono::steady_clock::now();
    if (ec == http::error::header_limit) {
      // Beast consumes the request line as soon as it is complete, so an
      // empty target means the request line itself ran past the limit.
      bool long_target = parser_->get().target().empty();
      return Send(long_target ? serve::JsonError(414, "the request target is longer than 8 KiB")
                              : serve::JsonError(400, "request headers exceed 8 KiB"),
                  11, false, false, "rejected");
    }
    if (ec == http::error::body_limit) {
      return Send(serve::JsonError(413, "the request body is larger than 10 MiB"), 11, false, false,
                  "rejected");
    }
    Send(serve::JsonError(400, "malformed HTTP request (" + ec.message() + ")"), 11, false, false,
         "rejected");
  }

  void Send(HttpResponse out, unsigned version, bool keep, bool head, const std::string& label) {
    int status = out.status;
    out_ = std::move(out);
    res_ = std::make_shared<Response>(ToBeast(out_, head, version, keep));
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    st_->metrics->Observe(label, status, secs);
    stream_.expires_after(kWriteDeadline);
    http::async_write(stream_, *res_,
                      [self = shared_from_this(), keep](beast::error_code ec, size_t) {
                        self->res_.reset();
                        self->out_ = HttpResponse();
                        self->corpus_.reset();
                        if (ec) return self->Close();
                        if (keep) return self->Read();
                        self->DrainAndClose();
                      });
  }

  // Half-closes, then reads whatever the client still sends (e.g. the rest
  // of an oversized request) for a moment before closing: closing a socket
  // with unread input makes the kernel reset the connection, and the client
  // could lose the response it has not read yet.
  void DrainAndClose() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (ec) return Close();
    stream_.expires_after(kDrainDeadline);
    Drain();
  }
  void Drain() {
    stream_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](beast::error_code ec, size_t) {
                              if (ec) return self->Close();
                              self->Drain();
                            });
  }

  void Close() {
    ListIdle(false);
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

  // Puts the session on (or takes it off) the server's list of connections
  // waiting for headers.
  void ListIdle(bool on) {
    std::lock_guard<std::mutex> lock(st_->idle_mu);
    if (on && !idle_listed_) {
      idle_at_ = st_->idle.insert(st_->idle.end(), weak_from_this());
    } else if (!on && idle_listed_) {
      st_->idle.erase(idle_at_);
    }
    idle_listed_ = on;
  }

  friend struct ServerState;
  beast::tcp_stream stream_;
  ServerState* st_;
  bool idle_listed_ = false;  // guarded by st_->idle_mu
  std::list<std::weak_ptr<Session>>::iterator idle_at_;
  std::string ip_;  // empty: refused
  std::chrono::steady_clock::time_point body_start_;
  size_t body_bytes_ = 0;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  HttpResponse out_;                      // owns the body res_ points into
  std::shared_ptr<const Corpus> corpus_;  // owns shared bodies res_ points into
  std::shared_ptr<Response> res_;
  std::array<char, 16 * 1024> scratch_;
  std::chrono::steady_clock::time_point start_;
};

bool ServerState::EvictOldestIdle() {
  std::shared_ptr<Session> victim;
  {
    std::lock_guard<std::mutex> lock(idle_mu);
    while (!victim && !idle.empty()) {
      victim = idle.front().lock();
      if (victim) victim->idle_listed_ = false;
      idle.pop_front();
    }
  }
  if (!victim) return false;
  net::post(victim->stream_.get_executor(), [victim] { victim->Close(); });
  return true;
}

// Accepts connections, each on its own strand of the event loop.
class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, tcp::acceptor acceptor, ServerState* st)
      : ioc_(ioc), acceptor_(std::move(acceptor)), st_(st) {}
  void Start() { Accept(); }

 private:
  void Accept() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           [self = shared_from_this()](beast::error_code ec, tcp::socket s) {
                             self->OnAccept(ec, std::move(s));
                           });
  }
  void OnAccept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (!ec) {
      std::string ip = socket.remote_endpoint(ec).address().to_string();
      if (ec || st_->connections.load() >= st_->max_connections + kRefusalSlack) {
        beast::error_code ignored;
        socket.close(ignored);  // far over the cap: keep descriptors for the others
      } else {
        socket.set_option(tcp::no_delay(true), ec);
        if (!st_->Admit(ip)) ip.clear();  // refused with 503 + Retry-After
        std::make_shared<Session>(std::move(socket), st_, std::move(ip))->Start();
      }
    } else if (ec == net::error::no_descriptors) {
      // Out of file descriptors: back off briefly instead of spinning.
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    Accept();
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  ServerState* st_;
};

// asio keeps each socket's reactor state (~200 bytes) in a pool it never
// frees, grown as sockets open. Grown during a flood, those blocks land
// between the sessions' memory and keep its pages after the sessions are
// gone: bench/flood's RSS went 19.7 -> 35.1 MiB and stayed, trimmed or not.
// Opening as many sockets as the server may hold at once, at start, grows
// the pool in one place (~1 MiB at the default limits); a flood then reuses
// it. Past the descriptor limit the pool grows on demand as before.
void ReserveSocketStates(net::io_context& ioc, size_t n) {
  std::vector<tcp::socket> sockets;
  sockets.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    tcp::socket s(ioc);
    beast::error_code ec;
    s.open(tcp::v4(), ec);
    if (ec) break;
    sockets.push_back(std::move(s));
  }
}

Result<tcp::acceptor> Bind(net::io_context& ioc, const std::string& host, int port) {
  beast::error_code ec;
  net::ip::address addr = net::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  if (ec) return Status::InvalidArgument("--host must be an IP address: " + host);
  tcp::endpoint ep(addr, static_cast<unsigned short>(port));
  tcp::acceptor acc(ioc);
  acc.open(ep.protocol(), ec);
  if (!ec) acc.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acc.bind(ep, ec);
  if (!ec) acc.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return Status::IOError("cannot bind " + host + ":" + std::to_string(port) + ": " +
                           ec.message());
  }
  return acc;
}

}  // namespace

Status Serve(const ServeOptions& opt) {
  ServeOptions o = opt;
  if (o.db.empty()) o.db = DefaultDbPath();
  auto store = Store::OpenExisting(o.db);
  if (!store.ok()) return store.status();
  if (o.port < 0 || o.port > 65535) return Status::InvalidArgument("--port must be in 0..65535");
  if (o.max_connections < 1 || o.max_connections_per_ip < 1) {
    return Status::InvalidArgument("connection limits must be at least 1");
  }

  // Request bodies (up to 10 MiB each, many at once) are allocated with
  // mmap and so given back when freed; from the heap glibc kept them after
  // a flood of uploads (RSS 18 -> 230 MiB, bench/flood).
  mallopt(M_MMAP_THRESHOLD, 256 * 1024);
  size_t cores = std::max(1u, std::thread::hardware_concurrency());
  size_t threads = o.threads > 0 ? static_cast<size_t>(o.threads) : cores;
  net::io_context ioc(static_cast<int>(threads));
  auto acceptor = Bind(ioc, o.host, o.port);
  if (!acceptor.ok()) return acceptor.status();
  int port = acceptor->local_endpoint().port();
  // Admitted, refused and draining connections, the listener, spare.
  ReserveSocketStates(ioc,
                      std::min<size_t>(static_cast<size_t>(o.max_connections) + kRefusalSlack + 64,
                                       kMaxReservedSockets));
  std::string base_url = BaseUrl(o.host, port);
  serve::ViewOptions view;
  view.db = o.db;
  view.base_url = base_url;
  view.data_dir = o.data_dir;
  view.whole_matcher = o.whole_matcher;
  view.max_deltas = static_cast<size_t>(std::max(1, o.max_deltas));
  view.cache_bytes = static_cast<size_t>(std::max(0, o.cache_mb)) << 20;
  auto corpus = serve::LoadCorpus(store->get(), view);
  if (!corpus.ok()) return corpus.status();
  store->reset();
  CorpusHolder holder(*corpus);
  Metrics metrics;
  net::thread_pool slow_pool(cores);
  ServerState st{&holder,   &metrics,          &slow_pool,
                 o.metrics, o.max_connections, o.max_connections_per_ip};

  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { ioc.stop(); });
  std::make_shared<Listener>(ioc, std::move(*acceptor), &st)->Start();
  Reloader reloader(o, view, &holder);
  std::fprintf(stderr, "errdex serve: %zu errors from %zu repositories, dataset %s\n",
               (*corpus)->record_count, (*corpus)->repos.size(), (*corpus)->version.c_str());
  if (o.on_listening) o.on_listening(port);

  std::vector<std::thread> loop;
  for (size_t i = 1; i < threads; ++i) loop.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (std::thread& t : loop) t.join();
  slow_pool.stop();
  slow_pool.join();
  return Status::OK();
}

Result<ExportSummary> ExportDataset(const std::string& db, const std::string& dir) {
  auto stored = serve::ReadStoredDataset(db);
  if (!stored.ok()) return stored.status();
  serve::Dataset ds = serve::BuildDataset(stored->records, stored->repos, stored->version);
  if (Status s = serve::WriteDatasetAtomically(ds, dir); !s.ok()) return s;
  ExportSummary sum;
  sum.dir = dir;
  sum.dataset_version = stored->version;
  sum.files = ds.files.size();
  for (const auto& [path, content] : ds.files) sum.bytes += content.size();
  sum.errors = stored->records.size();
  sum.repos = stored->repos.size();
  return sum;
}

}  // namespace errdex
