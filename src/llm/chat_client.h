// Chat client: one POST /v1/chat/completions to an OpenAI-compatible
// endpoint, with the transport-level retries (HTTP 429 and 5xx, timeouts,
// dropped connections: bounded tries, exponential backoff, Retry-After
// honoured up to a cap). Whether the answer itself is usable is the caller's
// business. Not thread-safe: use one client per thread.
#pragma once

#include <memory>
#include <string>

#include "llm/endpoint.h"

namespace httplib {
class Client;
}

namespace errdex {

struct ChatOptions {
  Endpoint endpoint;
  std::string api_key;           // empty: no Authorization header
  double timeout_seconds = 120;  // per request, connect to last byte
  int max_tries = 3;             // HTTP requests per call, including the first
  int retry_delay_ms = 1000;     // first backoff; doubles per retry
};

struct ChatReply {
  bool ok = false;            // a 200 whose body had choices[0].message
  std::string content;        // choices[0].message.content
  std::string finish_reason;  // "stop", "length", ...
  bool malformed = false;     // a 200 whose body is not a chat completion
  int requests = 0;           // HTTP requests made
  // The run should stop: the endpoint refuses the key (401/403), does not
  // exist (404), or cannot be reached at all. Every other site would fail the
  // same way.
  bool fatal = false;
  std::string error;  // why not ok; never contains the API key
};

// True when this build can talk https (cpp-httplib built with OpenSSL).
bool HttpsSupported();

class ChatClient {
 public:
  explicit ChatClient(ChatOptions options);
  ~ChatClient();
  ChatClient(const ChatClient&) = delete;
  ChatClient& operator=(const ChatClient&) = delete;

  ChatReply Complete(const std::string& request_body);

 private:
  std::string Redact(std::string text) const;

  ChatOptions options_;
  std::unique_ptr<httplib::Client> http_;
};

}  // namespace errdex
