// Failure wording of info-level logs. See failure_words.h.
#include "extract/common/failure_words.h"

#include <string>
#include <string_view>

#include "util/text.h"

namespace errdex {

bool StatesFailure(const Template& t) {
  std::string text;
  for (const Piece& p : t.pieces()) {
    if (!p.is_hole) text += ToLower(p.text);
  }
  static constexpr std::string_view kWords[] = {
      "cannot",   "can't",     "can not",        "could not",      "couldn't",      "unable to",
      "failed",   "failure",   "error",          "not supported",  "unsupported",   "invalid",
      "denied",   "refused",   "not found",      "does not exist", "doesn't exist", "too low",
      "too high", "too large", "too small",      "too many",       "timed out",     "not allowed",
      "illegal",  "corrupt",   "not accessible", "not available",  "incompatible"};
  // "not an error", "no errors found", "0 failed": the word denied.
  auto denied = [&](size_t at) {
    std::string_view before = std::string_view(text).substr(0, at);
    for (std::string_view d : {"no ", "not an ", "not a ", "without ", "0 ", "zero "}) {
      if (before.ends_with(d)) return true;
    }
    return false;
  };
  for (std::string_view w : kWords) {
    for (size_t at = text.find(w); at != std::string::npos; at = text.find(w, at + 1)) {
      if (!denied(at)) return true;
    }
  }
  return false;
}

}  // namespace errdex
