// OptionalColonTail and OptionalTailLiteral (see the header).
#include "match/optional_tail.h"

#include "match/fuzzy.h"
#include "match/pattern_literals.h"

namespace errdex::match {
namespace {

// Where the holes at the end of p[0, end) start (end when there are none).
size_t TrailingHoles(std::string_view p, size_t end) {
  while (end >= kAnyHole.size() && p.substr(0, end).ends_with(kAnyHole)) end -= kAnyHole.size();
  return end;
}

// What must be left of a pattern without its optional colon tail.
constexpr size_t kMinHeadWords = 2;

// A clause added in a later version is a short one.
constexpr size_t kMaxClauseBytes = 80;

// Where a clause starts at p[i] (its separator), or 0.
size_t ClauseSeparator(std::string_view p, size_t i) {
  std::string_view rest = p.substr(i);
  if (rest.starts_with(", ") || rest.starts_with("; ") || rest.starts_with(" \\(")) return i;
  size_t colon = rest.starts_with("\\:") ? 2 : rest.starts_with(":") ? 1 : 0;
  if (colon == 0 || rest.size() < colon + 2 || rest[colon] != ' ') return 0;
  // ": " before a value alone is OptionalColonTail's; before text, a clause.
  return rest.substr(colon + 1).starts_with(kAnyHole) ? 0 : i;
}

// Whether the pattern has an escaped line break (`\n`): a multi-line
// message, whose first line HeadPattern matches.
bool SeveralLines(std::string_view p) {
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    if (p[i] != '\\') continue;
    if (p[i + 1] == 'n') return true;
    ++i;  // the escaped character
  }
  return false;
}

// Calls visit(i) for each position of the pattern outside groups and
// character classes (an escaped pair at its backslash) until visit returns
// false.
template <typename Visit>
void ForEachTopLevel(std::string_view p, Visit visit) {
  int depth = 0;
  bool in_class = false;
  for (size_t i = 0; i < p.size(); ++i) {
    char c = p[i];
    if (c == '\\') {
      if (depth == 0 && !in_class && !visit(i)) return;
      ++i;
      continue;
    }
    if (in_class) {
      in_class = c != ']';
      continue;
    }
    if (c == '[') in_class = true;
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && !in_class && !visit(i)) return;
  }
}

// `head`, or "" when it ends in a value: the value would swallow whatever
// text follows it in a paste.
std::string ValueFreeHead(std::string_view head) {
  if (head.ends_with(')') && !EscapedAt(head, head.size() - 1)) return "";
  return std::string(head);
}

// Whether a sentence ends at p[i]: "\\. " before a capital letter, or "\\."
// with holes between it and " Capital" (detekt's "Property '{p}' is
// misspelled or does not exist.{if a close match: Did you mean ..?} Allowed
// properties: ..": an optional addition is a hole of its own).
bool SentenceEndsAt(std::string_view p, size_t i) {
  if (i == 0 || !p.substr(i).starts_with("\\.")) return false;
  size_t next = i + 2;
  while (p.substr(next).starts_with(kAnyHole)) next += kAnyHole.size();
  // One space or more: some messages put two after a period (Black's
  // "... issues.  This invalid output might be helpful: ..").
  size_t spaces = 0;
  while (next + spaces < p.size() && p[next + spaces] == ' ') ++spaces;
  next += spaces;
  return spaces > 0 && p.size() > next && p[next] >= 'A' && p[next] <= 'Z';
}

}  // namespace

std::string ClauseHead(std::string_view p) {
  if (SeveralLines(p)) return "";  // HeadPattern's
  size_t last = 0;
  ForEachTopLevel(p, [&](size_t i) {
    bool separator =
        p[i] == ',' || p[i] == ';' || p[i] == ' ' || p[i] == ':' || p.substr(i).starts_with("\\:");
    if (i > 0 && separator) {
      if (size_t s = ClauseSeparator(p, i)) last = s;
    }
    return true;
  });
  if (last == 0 || p.size() - last > kMaxClauseBytes) return "";
  return ValueFreeHead(p.substr(0, last));
}

std::string FirstSentence(std::string_view p) {
  if (SeveralLines(p)) return "";  // HeadPattern's
  std::string head;
  std::string_view valued;  // the first sentence ending in a value, with its period
  ForEachTopLevel(p, [&](size_t i) {
    if (SentenceEndsAt(p, i)) {
      head = ValueFreeHead(p.substr(0, i));
      if (head.empty() && valued.empty()) valued = p.substr(0, i + 2);
      return head.empty();  // a sentence ending in a value takes the next one along
    }
    return true;
  });
  // No later sentence ends in text: the first one, its value ended by the
  // period (a paste cut inside it ends the value at the end of the text,
  // see RelaxPatternEnds in matcher.cc).
  if (head.empty()) head = std::string(valued);
  return head;
}

std::vector<std::string> SentenceHeads(std::string_view p) {
  std::vector<std::string> out;
  if (SeveralLines(p)) return out;
  ForEachTopLevel(p, [&](size_t i) {
    if (SentenceEndsAt(p, i)) out.emplace_back(p.substr(0, i + 2));
    return true;
  });
  return out;
}

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
  // One word left ("Dapper" of "Dapper: {ex.Message}") is found inside
  // other words and other messages ("DapperTypeHandler ..."): not enough.
  std::string head_words;
  for (const std::string& run : AnalyzePattern(p.substr(0, start)).runs) head_words += run + " ";
  if (Tokenize(head_words).size() < kMinHeadWords) return std::string(p);
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
