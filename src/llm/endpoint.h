// Endpoint: where an OpenAI-compatible chat completions API lives. Users
// paste the base URL in whatever form their provider documents it
// ("http://localhost:8000", ".../v1", ".../v1/chat/completions"); all of them
// mean the same endpoint.
#pragma once

#include <string>

#include "errdex/status.h"

namespace errdex {

struct Endpoint {
  std::string scheme;  // "http" or "https"
  std::string host;
  int port = 0;
  std::string path;  // always ends in "/chat/completions"

  // "http://host:port", as the HTTP client takes it.
  std::string Origin() const;
  // The full URL, for messages (never carries credentials).
  std::string Url() const { return Origin() + path; }
};

// Accepts http(s)://host[:port][/prefix][/v1][/chat/completions]. A missing
// "/v1" is added. User info ("user:pass@") is refused: the key comes from an
// environment variable so that it never appears in shell history or output.
Result<Endpoint> ParseEndpoint(const std::string& url);

}  // namespace errdex
