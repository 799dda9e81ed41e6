// Chat client (see chat_client.h).
#include "llm/chat_client.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "util/text.h"

namespace errdex {
namespace {

constexpr uint64_t kMaxResponseBytes = 4 << 20;  // a chat answer is a few KiB
constexpr int kMaxBackoffMs = 60'000;
constexpr double kMaxConnectSeconds = 10;

using Clock = std::chrono::steady_clock;

void SetTimeout(httplib::Client* c, double seconds, bool connect) {
  double s = std::max(seconds, 0.001);
  auto sec = static_cast<time_t>(s);
  auto usec = static_cast<time_t>((s - static_cast<double>(sec)) * 1e6);
  if (connect) {
    c->set_connection_timeout(sec, usec);
  } else {
    c->set_read_timeout(sec, usec);
    c->set_write_timeout(sec, usec);
  }
}

// Stops `client` at `deadline` unless destroyed first. The read timeout
// bounds each wait for bytes and the body callback checks the deadline, but
// httplib reads the status line and headers before any callback runs: a
// server sending one header byte a second held a request for ever.
// Client::stop() from another thread only shuts the socket down, which
// httplib allows while a request is in flight.
class Watchdog {
 public:
  Watchdog(httplib::Client* client, Clock::time_point deadline)
      : thread_([this, client, deadline] {
          std::unique_lock<std::mutex> lock(mu_);
          if (!cv_.wait_until(lock, deadline, [this] { return done_; })) client->stop();
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_one();
    thread_.join();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;  // last: starts once the members above exist
};

std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

// Overload and gateway trouble passes; 501 and 505 (the server cannot do
// this at all) do not.
bool Retryable(int status) {
  return status == 429 || status == 408 || (status >= 500 && status != 501 && status != 505);
}

// An HTML error page reduced to its text.
std::string StripTags(const std::string& html) {
  std::string text;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<') {
      in_tag = true;
      text += ' ';
    } else if (c == '>') {
      in_tag = false;
    } else if (!in_tag) {
      text += c;
    }
  }
  return CollapseSpace(text);
}

// The provider's own explanation ({"error": {"message": ...}}), else the
// start of the body.
std::string ErrorDetail(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_object()) {
    auto e = j.find("error");
    if (e != j.end() && e->is_object() && e->contains("message") && (*e)["message"].is_string()) {
      return OneLine((*e)["message"].get<std::string>(), 300);
    }
    if (e != j.end() && e->is_string()) return OneLine(e->get<std::string>(), 300);
  }
  std::string_view t = Trim(body);
  return OneLine(t.starts_with("<") ? StripTags(std::string(t)) : std::string(t), 300);
}

// Parses a 200 body: choices[0].message.content and finish_reason.
void ReadCompletion(const std::string& body, ChatReply* out) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (!j.is_object() || !j.contains("choices") || !j["choices"].is_array() ||
      j["choices"].empty() || !j["choices"][0].is_object()) {
    out->error = "the endpoint's reply is not a chat completion (no choices)";
    return;
  }
  const nlohmann::json& choice = j["choices"][0];
  if (auto f = choice.find("finish_reason"); f != choice.end() && f->is_string()) {
    out->finish_reason = f->get<std::string>();
  }
  auto m = choice.find("message");
  if (m == choice.end() || !m->is_object() || !m->contains("content") ||
      !(*m)["content"].is_string()) {
    out->error = "the chat completion has no message content";
    return;
  }
  out->content = (*m)["content"].get<std::string>();
  out->ok = true;
}

int RetryAfterMs(const httplib::Response& res) {
  if (!res.has_header("Retry-After")) return -1;
  std::string v = res.get_header_value("Retry-After");
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 6) {
    return -1;
  }
  return std::stoi(v) * 1000;
}

}  // namespace

bool HttpsSupported() {
#ifdef CPPHTTPLIB_OPENSSL_SUPPORT
  return true;
#else
  return false;
#endif
}

ChatClient::ChatClient(ChatOptions options)
    : options_(std::move(options)),
      http_(std::make_unique<httplib::Client>(options_.endpoint.Origin())) {
  SetTimeout(http_.get(), std::min(options_.timeout_seconds, kMaxConnectSeconds), true);
  SetTimeout(http_.get(), options_.timeout_seconds, false);
  http_->set_keep_alive(true);
  http_->set_follow_location(false);
}

ChatClient::~ChatClient() = default;

std::string ChatClient::Redact(std::string text) const {
  const std::string& key = options_.api_key;
  if (key.empty()) return text;
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at)) {
    text.replace(at, key.size(), "[redacted]");
  }
  return text;
}

ChatReply ChatClient::Complete(const std::string& request_body) {
  ChatReply reply;
  const std::string url = options_.endpoint.Url();
  if (!http_->is_valid()) {
    reply.fatal = true;
    reply.error = "cannot use " + url +
                  (options_.endpoint.scheme == "https" && !HttpsSupported()
                       ? ": https not supported by this build, use a local http proxy"
                       : "");
    return reply;
  }
  int delay_ms = std::max(0, options_.retry_delay_ms);
  for (int attempt = 1; attempt <= std::max(1, options_.max_tries); ++attempt) {
    if (attempt > 1) {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      delay_ms = std::min(kMaxBackoffMs, delay_ms * 2);
    }
    httplib::Request req;
    req.method = "POST";
    req.path = options_.endpoint.path;
    req.body = request_body;
    req.headers = {{"Content-Type", "application/json"}, {"Accept", "application/json"}};
    if (!options_.api_key.empty()) {
      req.headers.emplace("Authorization", "Bearer " + options_.api_key);
    }
    // The read timeout bounds each wait for bytes; this bounds the whole
    // answer, so a server trickling bytes cannot hold a worker forever. The
    // body is collected here rather than by httplib, whose size check
    // (progress) only runs for replies with a Content-Length: a chunked or
    // close-delimited reply would otherwise be read whole, however large.
    auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(options_.timeout_seconds));
    bool too_big = false;
    std::string body;
    req.content_receiver = [&](const char* data, size_t n, uint64_t, uint64_t) {
      if (n > kMaxResponseBytes - body.size()) {
        too_big = true;
        return false;
      }
      body.append(data, n);
      return Clock::now() < deadline;
    };
    httplib::Response res;
    httplib::Error err = httplib::Error::Success;
    ++reply.requests;
    bool sent;
    {
      Watchdog watchdog(http_.get(), deadline);
      sent = http_->send(req, res, err);
    }
    if (too_big) {
      http_->stop();  // the rest of the reply is still on the wire
      reply.error = "the answer is larger than " + std::to_string(kMaxResponseBytes) + " bytes";
      return reply;
    }
    if (!sent) {
      bool connect = err == httplib::Error::Connection;
      reply.error = connect ? "cannot connect to " + url
                    : err == httplib::Error::Read || err == httplib::Error::Canceled ||
                            err == httplib::Error::ConnectionTimeout
                        ? "no answer within " + Seconds(options_.timeout_seconds) + " s (timeout)"
                        : "request to " + url + " failed: " + httplib::to_string(err);
      bool ssl = err == httplib::Error::SSLConnection || err == httplib::Error::SSLLoadingCerts ||
                 err == httplib::Error::SSLServerVerification;
      if (ssl) {
        reply.fatal = true;
        return reply;
      }
      if (connect && attempt == options_.max_tries) reply.fatal = true;
      http_->stop();  // a half-read keep-alive connection must not be reused
      continue;
    }
    if (res.status == 200) {
      ReadCompletion(body, &reply);
      reply.malformed = !reply.ok;
      return reply;
    }
    std::string detail = Redact(ErrorDetail(body));
    reply.error = "HTTP " + std::to_string(res.status) + " from " + url +
                  (detail.empty() ? "" : ": " + detail);
    if (res.status == 401 || res.status == 403) {
      reply.fatal = true;
      reply.error += " (the endpoint refused the API key)";
      return reply;
    }
    if (res.status == 404 || res.status == 405 || res.status == 501) {
      reply.fatal = true;
      reply.error += " (no chat completions endpoint there, or no such model)";
      return reply;
    }
    if (!Retryable(res.status)) return reply;
    if (int after = RetryAfterMs(res); after > delay_ms) delay_ms = std::min(after, kMaxBackoffMs);
  }
  return reply;
}

}  // namespace errdex
