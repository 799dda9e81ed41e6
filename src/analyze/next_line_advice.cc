// Next-line advice (see next_line_advice.h): a short scan below a log line.
#include "analyze/next_line_advice.h"

#include <cctype>
#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kReach = 3;      // statements after the log line that may carry its advice
constexpr int kScan = 20;      // lines looked at in all (other arms and comments included)
constexpr int kStatement = 5;  // lines one statement may run over

size_t Indent(std::string_view l) {
  size_t n = 0;
  while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
  return n;
}

bool OutputCall(std::string_view t) {
  static const std::regex kOut(
      R"(\b(writeError|writeln|write|warn|warning|notice|info|puts|say|alert|alert_warning|advise|hint|)"
      R"(alert_error|fprintf|printf|echo|print|println|eprintln|log)\s*[\(\s])");
  return std::regex_search(t.begin(), t.end(), kOut);
}

// Whether `s` (trimmed) is only a concatenation operator.
bool JoinOperator(std::string_view s) { return s == "+" || s == "." || s == "<<"; }

// Whether the text after a literal joins it to another literal
// (`'release the ' + "lock"`): one sentence split over lines.
bool JoinsLiteral(std::string_view after) {
  for (std::string_view op : {"+", ".", "<<"}) {
    if (!after.starts_with(op)) continue;
    std::string_view next = Trim(after.substr(op.size()));
    return next.starts_with("'") || next.starts_with("\"");
  }
  return false;
}

// The string literals of `t` joined, markup tags dropped; "" when a
// literal is joined to code (`'Run ' . $cmd`): its text would have holes.
// Literals joined to each other make one text.
std::string Literals(std::string_view t) {
  std::string out;
  size_t prev_end = std::string_view::npos;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '"' && t[i] != '\'') continue;
    size_t close = i + 1;
    while (close < t.size() && t[close] != t[i]) close += t[close] == '\\' ? 2 : 1;
    if (close >= t.size()) break;
    std::string_view before =
        Trim(t.substr(prev_end == std::string_view::npos ? 0 : prev_end,
                      i - (prev_end == std::string_view::npos ? 0 : prev_end)));
    bool joined = prev_end != std::string_view::npos && JoinOperator(before);
    if (!joined && (before.ends_with(".") || before.ends_with("+") || before.ends_with("<<"))) {
      return "";
    }
    std::string_view after = Trim(t.substr(close + 1));
    if ((after.starts_with(".") || after.starts_with("+") || after.starts_with("<<")) &&
        !JoinsLiteral(after)) {
      return "";
    }
    if (!out.empty() && !joined) out += ' ';
    out += t.substr(i + 1, close - i - 1);
    i = close;
    prev_end = close + 1;
  }
  static const std::regex kTag(R"(</?(warning|error|info|comment|question|notice|highlight)>)");
  return std::regex_replace(out, kTag, "");
}

bool Comment(std::string_view t) {
  return t.starts_with("//") || t.starts_with("/*") || t.starts_with("*") ||
         (t.starts_with("#") && !t.starts_with("#{"));
}

bool StartsElse(std::string_view t) {
  if (t.starts_with("}")) t = Trim(t.substr(1));
  for (std::string_view w : {"else", "elif", "elsif"}) {
    if (t.starts_with(w) &&
        (t.size() == w.size() || !std::isalnum(static_cast<unsigned char>(t[w.size()])))) {
      return true;
    }
  }
  return false;
}

// Where the scan is relative to the if/else chain the log line may be an
// arm of: other arms' lines are skipped (their text is not this message's
// advice), and after the chain the scan goes on at the chain's level (git
// prints `advise(...)` after a chain of `die_message` arms). Lines indented
// deeper than the log line's level are read (`if (advice_enabled(..))`
// then its `advise`).
struct ChainWalk {
  size_t indent;           // the level statements are read at
  bool other_arm = false;  // inside another arm of the chain
  size_t arm_indent = 0;   // the chain's `else` level

  // Whether the line at `in` belongs to another arm (an `else` or its body).
  bool Skips(size_t in, std::string_view t) {
    if (other_arm && in > arm_indent) return true;
    if ((other_arm || in < indent) && StartsElse(t)) {
      other_arm = true;
      arm_indent = in;
      return true;
    }
    if (other_arm) {
      other_arm = false;
      indent = in;  // past the chain
    }
    return false;
  }
  // Whether a line at `in` is outside the block the scan reads.
  bool Ended(size_t in) const { return in < indent; }
};

// Whether the first non-empty line after `k` is an `else` at `indent`.
bool ElseFollows(const std::vector<std::string_view>& lines, int k, size_t indent) {
  for (int n = k + 1; n <= static_cast<int>(lines.size()); ++n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty()) continue;
    return Indent(lines[n - 1]) == indent && StartsElse(t);
  }
  return false;
}

// The statement starting at line `k`, its lines joined, up to one ending in
// `;` or `)`, or opening a block (`{`, `:`), at most kStatement lines;
// *last is its last line.
std::string Statement(const std::vector<std::string_view>& lines, int k, int* last) {
  std::string out;
  int size = static_cast<int>(lines.size());
  for (int m = k; m <= size && m < k + kStatement; ++m) {
    std::string_view t = Trim(lines[m - 1]);
    if (!out.empty()) out += ' ';
    out += t;
    *last = m;
    if (t.ends_with(";") || t.ends_with(")") || t.ends_with("{") || t.ends_with(":")) break;
  }
  return out;
}

}  // namespace

std::string OutputLiteral(std::string_view line) {
  std::string_view t = Trim(line);
  return OutputCall(t) ? Literals(t) : "";
}

std::vector<NextLineAdvice> AdviceAfter(
    const std::vector<std::string_view>& lines, int line,
    std::vector<std::string> (*advice)(const std::string& text)) {
  std::vector<NextLineAdvice> out;
  if (line < 1 || line > static_cast<int>(lines.size())) return out;
  size_t indent = Indent(lines[line - 1]);
  // The log statement may run over several lines: start after its `;`/`)`.
  int n = line;
  while (n <= static_cast<int>(lines.size()) && !Trim(lines[n - 1]).ends_with(";") &&
         !Trim(lines[n - 1]).ends_with(")") && n - line < 4) {
    ++n;
  }
  ChainWalk walk{indent};
  int statements = 0;
  int size = static_cast<int>(lines.size());
  for (int k = n + 1; k <= size && k <= n + kScan; ++k) {
    std::string_view raw = lines[k - 1];
    std::string_view t = Trim(raw);
    if (t.empty() || Comment(t)) continue;
    // `}` then `else` at its level: the block the log line sits in is one
    // arm of an outer chain (git's nested `if`/`else if` of die_message).
    if (t == "}" && Indent(raw) < walk.indent && ElseFollows(lines, k, Indent(raw))) {
      walk.other_arm = true;
      walk.arm_indent = Indent(raw);
      continue;
    }
    if (walk.Skips(Indent(raw), t)) continue;
    if (walk.Ended(Indent(raw)) || t.starts_with("return") || t.starts_with("throw") ||
        t.starts_with("raise") || t.starts_with("}") || t.starts_with("end")) {
      break;
    }
    int first = k, last = k;
    std::string stmt = Statement(lines, k, &last);
    k = last;
    if (!OutputCall(stmt)) continue;
    if (++statements > kReach) break;
    std::string text = Literals(stmt);
    if (text.size() < 12) continue;
    for (const std::string& a : advice(text)) out.push_back({a, first});
  }
  return out;
}

}  // namespace errdex
