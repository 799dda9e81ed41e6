// Endpoint (see endpoint.h).
#include "llm/endpoint.h"

#include <cctype>
#include <string_view>

namespace errdex {
namespace {

Status Bad(const std::string& url, const std::string& why) {
  return Status::InvalidArgument("--llm " + url + ": " + why +
                                 " (expected http://host[:port][/v1], e.g. "
                                 "http://127.0.0.1:8000/v1)");
}

bool StripSuffix(std::string* s, std::string_view suffix) {
  if (!s->ends_with(suffix)) return false;
  s->resize(s->size() - suffix.size());
  return true;
}

}  // namespace

std::string Endpoint::Origin() const {
  bool default_port = (scheme == "http" && port == 80) || (scheme == "https" && port == 443);
  std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  return scheme + "://" + h + (default_port ? "" : ":" + std::to_string(port));
}

Result<Endpoint> ParseEndpoint(const std::string& url) {
  Endpoint e;
  size_t colon = url.find("://");
  if (colon == std::string::npos) return Bad(url, "no scheme");
  e.scheme = url.substr(0, colon);
  for (char& c : e.scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (e.scheme != "http" && e.scheme != "https") return Bad(url, "scheme must be http or https");
  std::string rest = url.substr(colon + 3);
  if (rest.find_first_of("?#") != std::string::npos) return Bad(url, "no query or fragment");
  size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  e.path = slash == std::string::npos ? "" : rest.substr(slash);
  if (authority.find('@') != std::string::npos) {
    return Bad(url, "credentials in the URL are refused; pass the key with --api-key-env");
  }
  std::string port;
  if (!authority.empty() && authority[0] == '[') {  // [::1]:8000
    size_t close = authority.find(']');
    if (close == std::string::npos) return Bad(url, "unterminated IPv6 address");
    e.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') return Bad(url, "bad port");
      port = authority.substr(close + 2);
    }
  } else {
    size_t c = authority.rfind(':');
    e.host = authority.substr(0, c);
    if (c != std::string::npos) port = authority.substr(c + 1);
  }
  if (e.host.empty()) return Bad(url, "no host");
  if (port.empty()) {
    e.port = e.scheme == "https" ? 443 : 80;
  } else {
    if (port.size() > 5) return Bad(url, "bad port");
    for (char c : port) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return Bad(url, "bad port");
    }
    e.port = std::stoi(port);
    if (e.port < 1 || e.port > 65535) return Bad(url, "bad port");
  }
  while (e.path.ends_with("/")) e.path.pop_back();
  StripSuffix(&e.path, "/chat/completions");
  if (!e.path.ends_with("/v1")) e.path += "/v1";
  e.path += "/chat/completions";
  return e;
}

}  // namespace errdex
