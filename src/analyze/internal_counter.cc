// Internal counters (see internal_counter.h).
#include "analyze/internal_counter.h"

#include <cctype>
#include <string>
#include <vector>

namespace errdex {
namespace {

// `$retryCount`, `retry_count`, `numAttempts` -> lower-case words.
std::vector<std::string> Words(std::string_view name) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : name) {
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (!std::isalnum(static_cast<unsigned char>(c)) || (upper && !cur.empty())) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    }
    if (std::isalnum(static_cast<unsigned char>(c))) {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool AnyOf(const std::vector<std::string>& words, std::initializer_list<std::string_view> set) {
  for (const std::string& w : words) {
    for (std::string_view s : set) {
      if (w == s) return true;
    }
  }
  return false;
}

}  // namespace

bool IsInternalCounter(std::string_view name, std::string_view doc) {
  std::vector<std::string> words = Words(name);
  if (AnyOf(words, {"max", "min", "limit", "maximum", "minimum", "allowed"})) return false;
  std::string lower;
  for (char c : doc) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // What it counts: retries or attempts, or a count the doc describes.
  bool counts =
      AnyOf(words,
            {"retry", "retries", "attempt", "attempts", "tries", "count", "num", "number", "n"}) ||
      lower.find("number of") != std::string::npos || lower.find("amount of") != std::string::npos;
  // ... already made: a `retryCount` alone may be how many to make (Polly's
  // `Retry(retryCount)`, flyway's `setConnectRetries`).
  bool done = AnyOf(words, {"current", "done", "made", "previous", "so", "far"}) ||
              lower.find("already") != std::string::npos ||
              lower.find("so far") != std::string::npos;
  return counts && done;
}

}  // namespace errdex
