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
  for (std::string_view w : kWords) {
    if (text.find(w) != std::string::npos) return true;
  }
  return false;
}

}  // namespace errdex
