// Cleared errors (see cleared_error.h).
#include "analyze/cleared_error.h"

#include <cctype>
#include <string>

#include "util/text.h"

namespace errdex {
namespace {

size_t Indent(std::string_view l) {
  size_t n = 0;
  while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
  return n;
}

// `!= GIT_ENOTFOUND`, `!= ENOENT`: a failure the statement lets through.
bool ToleratesNamedResult(std::string_view stmt) {
  for (size_t at = stmt.find("!= "); at != std::string_view::npos; at = stmt.find("!= ", at + 3)) {
    size_t b = at + 3;
    size_t e = b;
    while (e < stmt.size() &&
           (std::isupper(static_cast<unsigned char>(stmt[e])) ||
            std::isdigit(static_cast<unsigned char>(stmt[e])) || stmt[e] == '_')) {
      ++e;
    }
    if (e - b >= 3 && (e == stmt.size() || !std::islower(static_cast<unsigned char>(stmt[e])))) {
      return true;
    }
  }
  return false;
}

bool IsClearCall(std::string_view t) {
  size_t paren = t.find("error_clear()");
  return paren != std::string_view::npos && t.ends_with(";") &&
         t.find('=') == std::string_view::npos;
}

}  // namespace

bool ErrorClearedAfterCall(const ErrorSite& site, const std::vector<std::string_view>& lines) {
  if ((site.language != "c" && site.language != "cpp") || site.message_origin_note.empty()) {
    return false;
  }
  int n = site.line;
  if (n < 1 || n > static_cast<int>(lines.size())) return false;
  size_t indent = Indent(lines[n - 1]);
  // The statement: up to its `;` (an `if (...) goto done;` spans lines).
  std::string stmt;
  for (; n <= static_cast<int>(lines.size()) && n < site.line + 8; ++n) {
    std::string_view t = Trim(lines[n - 1]);
    if (n > site.line && !t.empty() && Indent(lines[n - 1]) <= indent) break;
    stmt += std::string(t) + " ";
  }
  if (!ToleratesNamedResult(stmt)) return false;
  // The next statement at the same indentation clears the error.
  for (int k = 0; n <= static_cast<int>(lines.size()) && k < 3; ++n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty()) continue;
    ++k;
    if (Indent(lines[n - 1]) != indent) return false;
    return IsClearCall(t);
  }
  return false;
}

}  // namespace errdex
