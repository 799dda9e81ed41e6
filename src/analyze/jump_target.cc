// Jump targets (see jump_target.h).
#include "analyze/jump_target.h"

#include <algorithm>
#include <cctype>

#include "analyze/guard_text.h"
#include "util/text.h"

namespace errdex {
namespace {

bool HasGoto(const std::string& language) {
  return language == "c" || language == "cpp" || language == "csharp" || language == "go" ||
         language == "php";
}

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `out:` / `fail:  /* cleanup */` alone on its line: the label's name, or
// "". Access sections and `default:` are not labels.
std::string LabelOn(std::string_view line) {
  std::string_view t = Trim(line);
  size_t n = 0;
  while (n < t.size() && IdentChar(t[n])) ++n;
  if (n == 0 || std::isdigit(static_cast<unsigned char>(t[0])) || n >= t.size() || t[n] != ':') {
    return {};
  }
  std::string name(t.substr(0, n));
  if (name == "default" || name == "public" || name == "private" || name == "protected") return {};
  std::string_view rest = Trim(t.substr(n + 1));
  if (rest.starts_with(";")) rest = Trim(rest.substr(1));
  if (!rest.empty() && !rest.starts_with("//") && !rest.starts_with("/*")) return {};
  if (n + 1 < t.size() && t[n + 1] == ':') return {};  // `std::` at a line start
  return name;
}

// Whether `line` holds `goto name;`.
bool JumpsTo(std::string_view line, const std::string& name) {
  std::string_view t = line;
  for (size_t at = t.find("goto"); at != std::string_view::npos; at = t.find("goto", at + 4)) {
    if (at > 0 && IdentChar(t[at - 1])) continue;
    std::string_view rest = Trim(t.substr(at + 4));
    if (rest.starts_with(name) && (rest.size() == name.size() || !IdentChar(rest[name.size()]))) {
      return true;
    }
  }
  return false;
}

// The last line of the function: the first line after the raise that
// closes a brace at column 0, or the file's end.
int FunctionEnd(const std::vector<std::string_view>& lines, int from) {
  int n = static_cast<int>(lines.size());
  for (int i = from; i <= n; ++i) {
    if (lines[i - 1].starts_with("}")) return i;
  }
  return n;
}

// Whether no line strictly between `from` and `to` branches or closes a
// block.
bool StraightLine(const std::vector<std::string_view>& lines, int from, int to) {
  for (int i = from + 1; i < to; ++i) {
    std::string_view t = Trim(lines[i - 1]);
    if (t.starts_with("}") || t.starts_with("{")) return false;
    for (std::string_view w : {"if", "else", "case", "default", "switch", "for", "while", "do",
                               "return", "goto", "break", "continue"}) {
      if (StartsWithWord(t, w)) return false;
    }
  }
  return true;
}

}  // namespace

std::optional<JumpTarget> FindJumpTarget(const ErrorSite& s,
                                         const std::vector<std::string_view>& lines) {
  int n = static_cast<int>(lines.size());
  if (!HasGoto(s.language) || s.function_line <= 0 || s.line > n || s.line <= s.function_line) {
    return std::nullopt;
  }
  int end = FunctionEnd(lines, s.line);
  for (int i = s.line - 1; i > s.function_line; --i) {
    std::string label = LabelOn(lines[i - 1]);
    if (label.empty()) continue;
    JumpTarget t{label, i, {}};
    for (int j = s.function_line; j <= end; ++j) {
      if (j != i && JumpsTo(lines[j - 1], label)) t.gotos.push_back(j);
    }
    if (t.gotos.empty()) continue;
    t.straight = StraightLine(lines, i, s.line);
    return t;
  }
  return std::nullopt;
}

void DropConditionsBeforeJumpTarget(const std::vector<std::string_view>& lines, ErrorSite* s) {
  std::optional<JumpTarget> t = FindJumpTarget(*s, lines);
  if (!t) return;
  std::erase_if(s->conditions, [&](const PathCondition& c) { return c.line < t->line; });
}

namespace {

constexpr int kIfReach = 4;  // lines above a `goto` its `if` may start on

// The condition between the `if`'s parentheses in `text`; "" when they do
// not close.
std::string IfCondition(std::string_view text) {
  size_t open = text.find('(');
  if (open == std::string_view::npos) return {};
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0)
      return std::string(Trim(text.substr(open + 1, i - open - 1)));
  }
  return {};
}

// The `if` that guards the `goto` at line `g`, its text joined over its
// lines, and where it starts; "" when the jump is not directly under one.
std::string GuardOf(const std::vector<std::string_view>& lines, int g, int* at) {
  std::string_view own = Trim(lines[g - 1]);
  if (own.starts_with("if")) {
    *at = g;
    return IfCondition(own);
  }
  std::string text;
  for (int n = g - 1; n >= 1 && n >= g - kIfReach; --n) {
    std::string_view t = Trim(lines[n - 1]);
    if (text.empty() && t == "{") continue;
    text = std::string(t) + " " + text;
    if (t.starts_with("if ") || t.starts_with("if(")) {
      *at = n;
      return IfCondition(text);
    }
    if (t.ends_with(";") || t.ends_with("}") || t.ends_with("{")) return {};
  }
  return {};
}

}  // namespace

std::vector<std::string> JumpConditions(const JumpTarget& t,
                                        const std::vector<std::string_view>& lines) {
  std::vector<std::string> out;
  for (int g : t.gotos) {
    if (g < 1 || g > static_cast<int>(lines.size())) return {};
    int at = 0;
    std::string c = GuardOf(lines, g, &at);
    if (c.empty()) return {};
    std::string words = DescribeCondition(c, true);
    out.push_back((words.empty() ? "`" + c + "` holds" : words) + " (line " + std::to_string(at) +
                  ")");
  }
  return out;
}

std::string JumpTargetText(const JumpTarget& t) {
  std::vector<std::string> at;
  for (int g : t.gotos) at.push_back(std::to_string(g));
  return "`goto " + t.label + "` at line" + (at.size() > 1 ? "s " : " ") + Join(at, ", ") +
         " jump" + (at.size() > 1 ? "" : "s") + " to the label `" + t.label + ":` (line " +
         std::to_string(t.line) + ")";
}

}  // namespace errdex
