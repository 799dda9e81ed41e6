// Assertion calls (see assertion_call.h). Only the name decides: a call
// named so is the author's statement that the state cannot occur.
#include "extract/common/assertion_call.h"

#include <cctype>

#include "util/text.h"

namespace errdex {

std::string AssertionCallName(std::string_view line) {
  std::string_view t = Trim(line);
  size_t end = 0;
  while (end < t.size() && (std::isalnum(static_cast<unsigned char>(t[end])) || t[end] == '_')) {
    ++end;
  }
  if (end == 0 || end >= t.size() || t[end] != '(') return {};
  std::string name(t.substr(0, end));
  std::string lower = ToLower(name);
  if (lower == "assert" || lower == "panic") return {};
  // git's and the kernel's BUG(), BUG_ON(): only as a whole word, so that
  // DEBUG(...) and debug_log(...) are not taken for one.
  if (size_t at = lower.rfind("bug"); at != std::string::npos && (at == 0 || name[at - 1] == '_') &&
                                      (at + 3 == lower.size() || lower.substr(at) == "bug_on")) {
    return name;
  }
  for (std::string_view w : {"assert", "panic"}) {
    // The word ends the name or follows a separator: `serverPanic`,
    // `GIT_ASSERT`, `g_assert_not_reached`, not `assertion_text`.
    size_t at = lower.find(w);
    if (at == std::string::npos) continue;
    bool starts =
        at == 0 || name[at - 1] == '_' || std::isupper(static_cast<unsigned char>(name[at]));
    if (starts && at + w.size() == lower.size()) return name;
  }
  return {};
}

}  // namespace errdex
