// Held message (see held_message.h).
#include "analyze/held_message.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kLookAhead = 30;

bool UsesWord(std::string_view line, std::string_view word) {
  for (size_t at = line.find(word); at != std::string_view::npos; at = line.find(word, at + 1)) {
    size_t end = at + word.size();
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if ((at == 0 || !ident(line[at - 1])) && (end >= line.size() || !ident(line[end]))) return true;
  }
  return false;
}

}  // namespace

std::string HeldLocal(const ErrorSite& s) {
  const std::string kHeld = "held in `";
  if (!s.message_origin_note.starts_with(kHeld)) return {};
  size_t end = s.message_origin_note.find('`', kHeld.size());
  if (end == std::string::npos) return {};
  return s.message_origin_note.substr(kHeld.size(), end - kHeld.size());
}

int HeldUseLine(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::string local = HeldLocal(s);
  if (local.empty() || s.line < 1 || s.line > static_cast<int>(lines.size())) return 0;
  int base = IndentWidth(lines[s.line - 1]);
  int last = std::min(static_cast<int>(lines.size()), std::max(s.end_line, s.line) + kLookAhead);
  for (int n = std::max(s.end_line, s.line) + 1; n <= last; ++n) {
    std::string_view line = lines[n - 1];
    std::string_view t = Trim(line);
    if (t.empty()) continue;
    if (IndentWidth(line) < base) return 0;  // the block ended
    if (t.starts_with("//") || t.starts_with("*") || t.starts_with("/*")) continue;
    if (t.starts_with("if ") || t.starts_with("if(") || t.starts_with("} else if")) continue;
    if (UsesWord(t, local)) return n;
  }
  return 0;
}

}  // namespace errdex
