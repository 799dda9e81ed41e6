// OptionalColonTail and OptionalTailLiteral (see the header).
#include "match/optional_tail.h"

#include "match/pattern_literals.h"

namespace errdex::match {
namespace {

// Where the holes at the end of p[0, end) start (end when there are none).
size_t TrailingHoles(std::string_view p, size_t end) {
  while (end >= kAnyHole.size() && p.substr(0, end).ends_with(kAnyHole)) end -= kAnyHole.size();
  return end;
}

}  // namespace

std::string OptionalColonTail(std::string_view p) {
  size_t end = p.size();
  while (end > 0 && p[end - 1] == ' ' && !EscapedAt(p, end - 1)) --end;
  size_t holes = TrailingHoles(p, end);
  if (holes == end) return std::string(p);
  size_t sep = holes;
  while (sep > 0 && p[sep - 1] == ' ') --sep;
  if (sep == 0 || p[sep - 1] != ':') return std::string(p);
  size_t start = EscapedAt(p, sep - 1) ? sep - 2 : sep - 1;  // ":" or "\:"
  if (start == 0) return std::string(p);                     // nothing would be left to require
  return std::string(p.substr(0, start)) + "(?:" + std::string(p.substr(start, end - start)) + ")?";
}

size_t OptionalTailLiteral(std::string_view p) {
  if (!p.ends_with(")?")) return 0;
  size_t open = p.rfind("(?:");
  if (open == std::string_view::npos) return 0;
  std::string_view inner = p.substr(open + 3, p.size() - 2 - open - 3);
  size_t holes = TrailingHoles(inner, inner.size());
  if (holes == inner.size()) return 0;
  std::string_view sep = inner.substr(0, holes);
  size_t colon = sep.starts_with("\\:") ? 2 : sep.starts_with(":") ? 1 : 0;
  if (colon == 0) return 0;
  for (char c : sep.substr(colon)) {
    if (c != ' ') return 0;
  }
  return 1 + sep.size() - colon;
}

}  // namespace errdex::match
