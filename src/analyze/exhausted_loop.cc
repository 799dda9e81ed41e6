// Exhausted loop (see exhausted_loop.h). Line-based, like site_shape: a
// loop errdex cannot read gives nothing, and the raise keeps its old text.
#include "analyze/exhausted_loop.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxExpr = 80;  // longer expressions are not quoted

std::string_view LineAt(const std::vector<std::string_view>& lines, int n) {
  return n >= 1 && n <= static_cast<int>(lines.size()) ? lines[n - 1] : std::string_view();
}

bool Comment(std::string_view t) {
  return t.starts_with("//") || t.starts_with("#") || t.starts_with("/*") || t.starts_with("*");
}

bool CodeLine(std::string_view line) {
  std::string_view t = Trim(line);
  return !t.empty() && !Comment(t);
}

// The head line of the loop whose body ends just above `at`, and the
// body's last line; 0 when the line above is no loop's end.
int LoopHead(const std::vector<std::string_view>& lines, int at, const std::string& language,
             int* body_end) {
  int own = IndentWidth(LineAt(lines, at));
  int n = at - 1;
  while (n >= 1 && !CodeLine(LineAt(lines, n))) --n;
  if (n < 1) return 0;
  std::string_view t = Trim(LineAt(lines, n));
  bool python = language == "python";
  if (IndentWidth(LineAt(lines, n)) == own && (t == "}" || t == "};" || t == "end")) {
    *body_end = n - 1;
  } else if (python && IndentWidth(LineAt(lines, n)) > own) {
    *body_end = n;
  } else {
    return 0;
  }
  for (int m = *body_end, stop = std::max(1, m - 60); m >= stop; --m) {
    std::string_view line = LineAt(lines, m);
    if (!CodeLine(line) || IndentWidth(line) > own) continue;
    if (IndentWidth(line) < own) return 0;
    std::string_view h = Trim(line);
    if (h == "{") h = Trim(LineAt(lines, --m));  // Allman
    for (std::string_view w : {"for", "foreach", "while"}) {
      if (StartsWithWord(h, w)) return m;
    }
    return 0;
  }
  return 0;
}

// `for (T x : items)`, `for (x in items)`, `for (const x of items)`,
// `for x in items:`, `for _, x := range items {`, `foreach ($items as $x)`,
// `foreach (var x in items)`: the items and the variable; false for a
// counted loop or a `while`.
bool ForEach(std::string_view head, std::string* items, std::string* element) {
  std::string_view h = Trim(head);
  bool php = h.starts_with("foreach");
  if (!StartsWithWord(h, "for") && !php) return false;
  h = Trim(h.substr(php ? 7 : 3));
  if (h.starts_with("await ")) h = Trim(h.substr(6));
  if (h.starts_with("(")) {
    h = Parenthesized(h, 0);
  } else {
    while (!h.empty() && (h.back() == '{' || h.back() == ':' || h.back() == ' ')) {
      h.remove_suffix(1);
    }
  }
  if (h.find(';') != std::string_view::npos) return false;  // for (i = 0; ...)
  std::string_view left, right;
  if (php) {
    size_t as = h.find(" as ");
    if (as == std::string_view::npos) return false;
    left = h.substr(as + 4);
    right = h.substr(0, as);
    if (size_t arrow = left.find("=>"); arrow != std::string_view::npos) {
      left = left.substr(arrow + 2);
    }
  } else {
    size_t cut = std::string_view::npos, len = 0;
    for (std::string_view sep : {" := range ", " in ", " of ", " : "}) {
      if (size_t p = h.find(sep); p != std::string_view::npos) {
        cut = p, len = sep.size();
        break;
      }
    }
    if (cut == std::string_view::npos) return false;
    left = h.substr(0, cut);
    right = h.substr(cut + len);
    if (size_t comma = left.rfind(','); comma != std::string_view::npos) {
      left = left.substr(comma + 1);
    }
    if (size_t space = Trim(left).rfind(' '); space != std::string_view::npos) {
      left = Trim(left).substr(space + 1);
    }
  }
  left = Trim(left);
  while (!left.empty() && (left.front() == '&' || left.front() == '*')) left.remove_prefix(1);
  *items = std::string(Trim(right));
  *element = std::string(left);
  return !items->empty() && items->size() <= kMaxExpr;
}

// The first `if` of the body whose block returns at once: its condition
// and line; false when the body `break`s (a break reaches the raise too).
bool ReturningCheck(const std::vector<std::string_view>& lines, int head, int end,
                    std::string* check, int* line) {
  bool found = false;
  for (int n = head + 1; n <= end; ++n) {
    std::string_view t = Trim(LineAt(lines, n));
    // Any `break` (even an inner loop's) or `goto`: said conservatively.
    if (ContainsIdentifier(t, "break") || ContainsIdentifier(t, "goto")) return false;
    if (found || !StartsWithWord(t, "if")) continue;
    std::string_view rest = Trim(t.substr(2));
    std::string_view cond;
    size_t after = 0;
    if (rest.starts_with("(")) {
      cond = Parenthesized(rest, 0);
      after = cond.size() + 2;
    } else {
      size_t end_at = rest.find_first_of("{:");
      if (end_at == std::string_view::npos) continue;
      cond = Trim(rest.substr(0, end_at));
      after = end_at;
    }
    std::string_view tail = Trim(rest.substr(std::min(after, rest.size())));
    if (tail.starts_with("{") || tail.starts_with(":")) tail = Trim(tail.substr(1));
    int next = n + 1;
    while (next <= end && !CodeLine(LineAt(lines, next))) ++next;
    std::string_view below = Trim(LineAt(lines, next));
    bool returns = StartsWithWord(tail, "return") ||
                   (tail.empty() && next <= end && StartsWithWord(below, "return"));
    if (!returns || cond.empty() || cond.size() > kMaxExpr) continue;
    *check = std::string(cond);
    *line = n;
    found = true;
  }
  return found;
}

// `LoggerType.values()`, `LoggerType.entries`, `enumValues<LoggerType>()`
// -> "LoggerType"; "" otherwise.
std::string EnumOf(std::string_view items) {
  for (std::string_view suffix : {".values()", ".entries"}) {
    if (items.ends_with(suffix)) return std::string(items.substr(0, items.size() - suffix.size()));
  }
  if (items.starts_with("enumValues<") && items.ends_with(">()")) {
    return std::string(items.substr(11, items.size() - 14));
  }
  return {};
}

// The constants of `enum name` (Java's `enum X {`, Kotlin's `enum class X`)
// declared in `lines`: the leading upper-case names up to the first `;` or
// `}`; empty when the declaration is not in the file.
std::vector<std::string> EnumConstants(const std::vector<std::string_view>& lines,
                                       std::string_view name) {
  std::vector<std::string> out;
  int n = 1, count = static_cast<int>(lines.size());
  for (; n <= count; ++n) {
    std::string_view t = LineAt(lines, n);
    size_t at = t.find("enum ");
    if (at == std::string_view::npos) continue;
    std::string_view rest = t.substr(at + 5);
    if (rest.starts_with("class ")) rest = rest.substr(6);
    if (rest.starts_with(name) && (rest.size() == name.size() ||
                                   !std::isalnum(static_cast<unsigned char>(rest[name.size()]))))
      break;
  }
  for (++n; n <= count && out.size() < 40; ++n) {
    std::string_view t = Trim(LineAt(lines, n));
    if (t.empty() || Comment(t) || t.starts_with("@")) continue;
    size_t i = 0;
    while (i < t.size() && (std::isupper(static_cast<unsigned char>(t[i])) ||
                            std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '_')) {
      ++i;
    }
    if (i == 0 ||
        (i < t.size() && t[i] != '(' && t[i] != ',' && t[i] != ';' && t[i] != ' ' && t[i] != '{'))
      break;
    out.push_back(std::string(t.substr(0, i)));
    if (t.find(';') != std::string_view::npos || t.find('}') != std::string_view::npos) break;
  }
  return out;
}

}  // namespace

std::optional<LoopSearch> ExhaustedLoop(const std::vector<std::string_view>& lines, int at,
                                        const std::string& language) {
  int end = 0;
  int head = LoopHead(lines, at, language, &end);
  if (head == 0) return std::nullopt;
  LoopSearch l;
  l.loop_line = head;
  if (!ReturningCheck(lines, head, end, &l.check, &l.check_line)) return std::nullopt;
  if (ForEach(LineAt(lines, head), &l.items, &l.element)) {
    if (std::string e = EnumOf(l.items); !e.empty()) {
      l.constants = EnumConstants(lines, LastDotComponent(e));
    }
  } else {
    l.items.clear();
    l.element.clear();
  }
  return l;
}

std::string LoopSearchText(const LoopSearch& l) {
  std::string on =
      "`" + l.check + "`, on which the loop at line " + std::to_string(l.loop_line) + " returns";
  if (l.items.empty()) return "no pass of the loop meets " + on;
  return "no element of `" + l.items + "` passes " + on;
}

}  // namespace errdex
