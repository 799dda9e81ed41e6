// Request parsing for the server: the media type of a body, and the request
// target, which ParseRequestTarget splits into "/path" and "?query" and
// percent-decodes (the query as a form: '+' is a space). Bytes
// after a malformed escape are kept literally; the router rejects such
// targets before anything reads them (BadPathReason).
#include <cctype>
#include <string>
#include <string_view>

#include "serve/serve_internal.h"

namespace errdex::serve {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string PercentDecode(std::string_view s, bool plus_is_space) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '%' && i + 2 < s.size()) {
      int hi = HexValue(s[i + 1]);
      int lo = HexValue(s[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += (plus_is_space && c == '+') ? ' ' : c;
  }
  return out;
}

std::string MediaType(std::string_view content_type) {
  std::string_view type = content_type.substr(0, content_type.find(';'));
  while (!type.empty() && (type.front() == ' ' || type.front() == '\t')) type.remove_prefix(1);
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.remove_suffix(1);
  std::string out(type);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

HttpRequest ParseRequestTarget(std::string method, std::string_view target, std::string body) {
  HttpRequest r;
  r.method = std::move(method);
  r.target = std::string(target);
  r.body = std::move(body);
  size_t q = target.find('?');
  std::string_view path = target.substr(0, q);
  size_t hash = path.find('#');
  if (hash != std::string_view::npos) path = path.substr(0, hash);
  r.path = PercentDecode(path, false);
  if (q == std::string_view::npos) return r;
  std::string_view query = target.substr(q + 1);
  if (size_t h = query.find('#'); h != std::string_view::npos) query = query.substr(0, h);
  while (!query.empty()) {
    size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    size_t eq = pair.find('=');
    std::string key = PercentDecode(pair.substr(0, eq), true);
    std::string value =
        eq == std::string_view::npos ? std::string() : PercentDecode(pair.substr(eq + 1), true);
    r.params.emplace(std::move(key), std::move(value));
  }
  return r;
}

}  // namespace errdex::serve
