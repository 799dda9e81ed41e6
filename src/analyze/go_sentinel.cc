// Go sentinel errors (go_sentinel.h).
#include "analyze/go_sentinel.h"

#include <cctype>

#include "analyze/guard_text.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr std::string_view kNote = "sentinel error `";
constexpr std::string_view kReturned = ", returned at line";

// The noted return lines: "returned at lines 43, 80 of this file".
std::vector<int> ReturnLines(const std::string& note) {
  std::vector<int> out;
  size_t at = note.find(kReturned);
  if (at == std::string::npos) return out;
  size_t i = at + kReturned.size();
  if (i < note.size() && note[i] == 's') ++i;
  while (i < note.size()) {
    while (i < note.size() && (note[i] == ' ' || note[i] == ',')) ++i;
    if (i >= note.size() || !std::isdigit(static_cast<unsigned char>(note[i]))) break;
    int n = 0;
    while (i < note.size() && std::isdigit(static_cast<unsigned char>(note[i]))) {
      n = n * 10 + (note[i++] - '0');
    }
    out.push_back(n);
  }
  return out;
}

// `func (q *Ql) Open(url string) ...` -> "Ql.Open"; "" when `l` is no func.
std::string FuncName(std::string_view l) {
  if (!l.starts_with("func ")) return "";
  std::string_view rest = Trim(l.substr(5));
  std::string recv;
  if (rest.starts_with("(")) {
    size_t close = rest.find(')');
    if (close == std::string_view::npos) return "";
    std::string_view r = Trim(rest.substr(1, close - 1));
    size_t sp = r.rfind(' ');
    r = sp == std::string_view::npos ? r : r.substr(sp + 1);
    while (r.starts_with("*")) r.remove_prefix(1);
    if (size_t gen = r.find('['); gen != std::string_view::npos) r = r.substr(0, gen);
    recv = std::string(r) + ".";
    rest = Trim(rest.substr(close + 1));
  }
  size_t open = rest.find_first_of("([");
  if (open == std::string_view::npos || open == 0) return "";
  return recv + std::string(rest.substr(0, open));
}

// The sentence for one return at `line`.
std::string OneReturn(const std::vector<std::string_view>& lines, int line) {
  if (line < 1 || line > static_cast<int>(lines.size())) return "";
  int indent = IndentWidth(lines[line - 1]);
  std::string cond;
  int cond_line = 0;
  std::string fn;
  for (int i = line - 1; i >= 1; --i) {
    std::string_view l = lines[i - 1];
    if (Trim(l).empty()) continue;
    int in = IndentWidth(l);
    if (in >= indent) continue;
    std::string_view t = Trim(l);
    // Only the innermost enclosing line says when: `if c {`.
    if (cond_line == 0 && fn.empty() && t.starts_with("if ") && t.ends_with("{") &&
        t.find(';') == std::string_view::npos) {
      cond = std::string(Trim(t.substr(3, t.size() - 4)));
      cond_line = i;
    } else if (cond_line == 0) {
      cond_line = -1;  // an else, a case, a loop: said without a condition
    }
    indent = in;
    fn = FuncName(t);
    if (!fn.empty() || in == 0) break;
  }
  if (fn.empty()) return "";
  std::string out = "`" + fn + "` returns it";
  if (cond_line > 0) {
    std::string d = DescribeCondition(cond, true);
    out += " when " + (d.empty() ? "`" + cond + "` holds" : d) + " (line " +
           std::to_string(cond_line) + ")";
  } else {
    out += " (line " + std::to_string(line) + ")";
  }
  return out;
}

}  // namespace

std::string GoPackageValue(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.language != "go" || !s.function.empty()) return "";
  if (s.line < 1 || s.line > static_cast<int>(lines.size())) return "";
  std::string_view t = Trim(lines[s.line - 1]);
  if (t.starts_with("var ")) t = Trim(t.substr(4));
  size_t end = 0;
  while (end < t.size() && (std::isalnum(static_cast<unsigned char>(t[end])) || t[end] == '_')) {
    ++end;
  }
  if (end == 0 || t.find('=') == std::string_view::npos) return "";
  std::string_view after = Trim(t.substr(end));
  // `Name = ...` or `Name Type = ...`, not `x := ...` nor a call.
  if (!after.starts_with("=") && (after.empty() || after.find('(') < after.find('='))) return "";
  return std::string(t.substr(0, end));
}

bool IsGoSentinel(const ErrorSite& s) {
  return s.language == "go" && s.message_origin_note.starts_with(kNote);
}

std::string GoSentinelReturns(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (!IsGoSentinel(s)) return "";
  std::vector<std::string> said;
  for (int l : ReturnLines(s.message_origin_note)) {
    std::string one = OneReturn(lines, l);
    if (!one.empty()) said.push_back(one);
    if (said.size() == 3) break;
  }
  if (said.empty()) return "";
  return Join(said, "; ") + ".";
}

}  // namespace errdex
