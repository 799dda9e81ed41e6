// Next-line advice (see next_line_advice.h): a short scan below a log line.
#include "analyze/next_line_advice.h"

#include <cctype>
#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kReach = 3;  // lines after the log line that may carry its advice

size_t Indent(std::string_view l) {
  size_t n = 0;
  while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
  return n;
}

bool OutputCall(std::string_view t) {
  static const std::regex kOut(
      R"(\b(writeError|writeln|write|warn|warning|notice|info|puts|say|alert|alert_warning|)"
      R"(alert_error|fprintf|printf|echo|print|println|eprintln|log)\s*[\(\s])");
  return std::regex_search(t.begin(), t.end(), kOut);
}

// The string literals of `t` joined, markup tags dropped; "" when a
// literal is joined to code (`'Run ' . $cmd`): its text would have holes.
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
    if (before.ends_with(".") || before.ends_with("+") || before.ends_with("<<")) return "";
    std::string_view after = Trim(t.substr(close + 1));
    if (after.starts_with(".") || after.starts_with("+") || after.starts_with("<<")) return "";
    if (!out.empty()) out += ' ';
    out += t.substr(i + 1, close - i - 1);
    i = close;
    prev_end = close + 1;
  }
  static const std::regex kTag(R"(</?(warning|error|info|comment|question|notice|highlight)>)");
  return std::regex_replace(out, kTag, "");
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
  for (int k = n + 1; k <= static_cast<int>(lines.size()) && k <= n + kReach; ++k) {
    std::string_view raw = lines[k - 1];
    std::string_view t = Trim(raw);
    if (t.empty()) continue;
    if (Indent(raw) != indent || t.starts_with("return") || t.starts_with("throw") ||
        t.starts_with("raise") || t.starts_with("}") || t.starts_with("end")) {
      break;
    }
    if (!OutputCall(t)) continue;
    std::string text = Literals(t);
    if (text.size() < 12) continue;
    for (const std::string& a : advice(text)) out.push_back({a, k});
  }
  return out;
}

}  // namespace errdex
