// Category codes: the list of generic words (see category_codes.h).

#include "match/category_codes.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace errdex::match {

namespace {

// Severity levels (log lines print them in every line) and category names
// that libraries use as codes shared by many errors. Kept short and plain:
// a code such as ECONNREFUSED or WRONGTYPE names one failure and stays an
// exact code.
constexpr std::array<std::string_view, 28> kCategoryWords = {
    "alert", "config",  "configuration", "crit",     "critical", "debug",   "emerg",
    "err",   "error",   "exception",     "fail",     "failed",   "failure", "fatal",
    "fault", "general", "info",          "internal", "invalid",  "notice",  "ok",
    "other", "panic",   "success",       "trace",    "unknown",  "warn",    "warning",
};

}  // namespace

bool IsCategoryCode(std::string_view code) {
  if (code.empty() || code.size() > 16) return false;
  std::string lower(code);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::find(kCategoryWords.begin(), kCategoryWords.end(), lower) != kCategoryWords.end();
}

}  // namespace errdex::match
