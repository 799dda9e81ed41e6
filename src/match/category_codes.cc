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

// An enum variant's name (`io::ErrorKind::Unsupported`, `InvalidData`,
// clap's `MissingSubcommand`): capitalized words run together, letters
// only. Such kinds are shared by many errors of a library and are words
// of prose too ("Unsupported Database: MySQL 8.0" matched sqlx's only
// `Unsupported` record at 1.0). Codes that name one failure are written
// otherwise: ECONNREFUSED, WRONGTYPE, ERR_BAD_OPTION_VALUE, E0308.
bool IsVariantName(std::string_view code) {
  if (code.empty() || !std::isupper(static_cast<unsigned char>(code[0]))) return false;
  bool lower = false;
  for (char c : code) {
    if (!std::isalpha(static_cast<unsigned char>(c))) return false;
    lower |= std::islower(static_cast<unsigned char>(c)) != 0;
  }
  return lower;
}

}  // namespace

bool IsCategoryCode(std::string_view code) {
  if (IsVariantName(code)) return true;
  if (code.empty() || code.size() > 16) return false;
  std::string lower(code);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::find(kCategoryWords.begin(), kCategoryWords.end(), lower) != kCategoryWords.end();
}

}  // namespace errdex::match
