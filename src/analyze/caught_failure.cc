// Caught failure (caught_failure.h).
#include "analyze/caught_failure.h"

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

bool IsCatch(const PathCondition& c) {
  return c.expr.starts_with("except") || c.expr.starts_with("catch") ||
         c.expr.starts_with("rescue");
}

bool Blank(std::string_view l) { return Trim(l).empty(); }

std::vector<std::string> Tokens(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// `catch (A | B e)`, `except (A, B) as e`, `rescue A, B => e`,
// `catch (e: IOException)`, `catch (const std::exception& e)`: A and B.
// A JavaScript `catch (e)` names a variable, not a class.
std::vector<std::string> CaughtClasses(std::string expr, const std::string& language) {
  if (language == "javascript" || language == "typescript") return {};
  for (const char* kw : {"except", "catch", "rescue"}) {
    if (expr.starts_with(kw)) expr = expr.substr(std::string_view(kw).size());
  }
  while (!expr.empty() && (expr.back() == ':' || expr.back() == ' ')) expr.pop_back();
  if (size_t when = expr.find(") when"); when != std::string::npos) expr = expr.substr(0, when);
  if (size_t as = expr.find(" as "); as != std::string::npos) expr = expr.substr(0, as);
  if (size_t arrow = expr.find("=>"); arrow != std::string::npos) expr = expr.substr(0, arrow);
  // Kotlin's `(e: IOException)`: the type follows a lone ':'.
  for (size_t i = 0; i < expr.size(); ++i) {
    bool lone = expr[i] == ':' && (i + 1 >= expr.size() || expr[i + 1] != ':') &&
                (i == 0 || expr[i - 1] != ':');
    if (lone) {
      expr = expr.substr(i + 1);
      break;
    }
  }
  std::string inner;
  for (char c : expr) inner += (c == '(' || c == ')' || c == '{') ? ' ' : c;
  char sep = inner.find('|') != std::string::npos ? '|' : ',';
  std::vector<std::string> alts(1);
  for (char c : inner) {
    if (c == sep) {
      alts.emplace_back();
    } else {
      alts.back() += c;
    }
  }
  std::vector<std::string> out;
  for (const std::string& alt : alts) {
    std::vector<std::string> t = Tokens(alt);
    if (t.size() >= 2) t.pop_back();  // the variable
    std::erase(t, "const");
    if (t.size() != 1) continue;
    std::string c = t[0];
    while (!c.empty() && (c.back() == '&' || c.back() == '*')) c.pop_back();
    if (c.starts_with("\\")) c = c.substr(1);
    if (c.empty() || c == "..." || !(std::isalpha(static_cast<unsigned char>(c[0])))) continue;
    out.push_back(c);
  }
  return out;
}

// Python and Ruby: the `try:` (`begin`, `def`, a `do` block) above the
// clause at the same indentation, past earlier clauses.
bool IndentedTry(const std::vector<std::string_view>& lines, int catch_line, bool ruby, int* first,
                 int* last) {
  int indent = IndentWidth(lines[catch_line - 1]);
  int end = catch_line - 1;
  for (int i = catch_line - 1; i >= 1; --i) {
    std::string_view l = lines[i - 1];
    if (Blank(l) || IndentWidth(l) > indent) continue;
    if (IndentWidth(l) < indent) return false;
    std::string_view t = Trim(l);
    if (t.starts_with("except") || t.starts_with("rescue")) {
      end = i - 1;
      continue;
    }
    bool opens = ruby ? (t.starts_with("begin") || t.starts_with("def ") || t.ends_with(" begin") ||
                         t.ends_with(" do") || t.ends_with("|"))
                      : (t == "try:" || t.starts_with("try :"));
    if (!opens) return false;
    *first = i + 1;
    *last = end;
    return *first <= *last;
  }
  return false;
}

// Brace languages: from `catch` at catch_line back over the blocks of
// earlier catch clauses to the block that `try` opens.
bool BracedTry(const std::vector<std::string_view>& lines, int catch_line, int* first, int* last) {
  int li = catch_line - 1;
  long col = static_cast<long>(lines[li].find("catch"));
  if (col < 0) return false;
  for (int hops = 0; hops < 8; ++hops) {
    // The `}` before the clause.
    int close_line = -1;
    for (int i = li; i >= 0 && close_line < 0; --i) {
      long c = i == li ? col - 1 : static_cast<long>(lines[i].size()) - 1;
      for (; c >= 0; --c) {
        char ch = lines[i][c];
        if (std::isspace(static_cast<unsigned char>(ch))) continue;
        if (ch != '}') return false;
        close_line = i;
        col = c;
        break;
      }
    }
    if (close_line < 0) return false;
    // Its `{`.
    int depth = 0, open_line = -1;
    long open_col = -1;
    for (int i = close_line; i >= 0 && open_line < 0; --i) {
      long c = i == close_line ? col : static_cast<long>(lines[i].size()) - 1;
      for (; c >= 0; --c) {
        char ch = lines[i][c];
        if (ch == '}') ++depth;
        if (ch == '{' && --depth == 0) {
          open_line = i;
          open_col = c;
          break;
        }
      }
    }
    if (open_line < 0) return false;
    std::string_view head = Trim(lines[open_line].substr(0, open_col));
    if (head.ends_with("try") || (head.starts_with("try") && head.ends_with(")")) ||
        head.find("} try") != std::string_view::npos) {
      *first = open_line + 2;
      // The line before `}`, or the line of `}` when code precedes it.
      *last = close_line;
      if (Trim(lines[close_line].substr(0, col)).size() > 0) *last = close_line + 1;
      return *first <= *last;
    }
    size_t at = lines[open_line].rfind("catch", open_col);
    if (at == std::string_view::npos) return false;
    li = open_line;
    col = static_cast<long>(at);
  }
  return false;
}

// `x = await f(a)` -> `f(a)`; "" when the statement is no call.
std::string CallOf(std::string_view t) {
  for (std::string_view w :
       {"if",       "elif",  "else",   "for",    "while",   "switch", "case", "throw",
        "raise",    "catch", "except", "rescue", "finally", "ensure", "try",  "def",
        "function", "fn",    "class",  "import", "from",    "require"}) {
    if (StartsWithWord(t, w)) return "";
  }
  // Logging and debug output do not fail the block.
  if (t.starts_with("//") || t.starts_with("#") || t.starts_with("/*") || t.starts_with("*") ||
      t.starts_with("}") || t.starts_with("{") || t.starts_with("debug") ||
      t.starts_with("console.") || t.starts_with("logger.") || t.starts_with("log.") ||
      t.starts_with("LOG.") || t.starts_with("this.logger.") || t.starts_with("@logger.")) {
    return "";
  }
  for (std::string_view w : {"return ", "await ", "yield "}) {
    if (t.starts_with(w)) t = Trim(t.substr(w.size()));
  }
  for (size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i] == '(' || t[i] == '"' || t[i] == '\'') break;
    if (t[i] == '=' && std::string_view("=!<>+-*/%&|^:").find(t[i - 1]) == std::string_view::npos &&
        t[i + 1] != '=' && t[i + 1] != '>') {
      t = Trim(t.substr(i + 1));
      break;
    }
  }
  for (std::string_view w : {"await ", "try ", "try! "}) {
    if (t.starts_with(w)) t = Trim(t.substr(w.size()));
  }
  while (!t.empty() && (t.back() == ';' || t.back() == '{' || t.back() == ' ')) {
    t.remove_suffix(1);
  }
  size_t open = t.find('(');
  if (open == std::string_view::npos || open == 0) return "";
  // `new Properties()`: a constructor without arguments is no likely failure.
  if (t.starts_with("new ") && t.substr(open).starts_with("()")) return "";
  std::string_view name = Trim(t.substr(0, open));
  if (name.empty() || name.find(' ') != std::string_view::npos) {
    if (!name.starts_with("new ")) return "";
  }
  char c0 = name[0];
  if (!(std::isalpha(static_cast<unsigned char>(c0)) || c0 == '_' || c0 == '$' || c0 == '\\')) {
    return "";
  }
  int depth = 0;
  size_t end = std::string_view::npos;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i] == '(') ++depth;
    if (t[i] == ')' && --depth == 0) {
      end = i;
      break;
    }
  }
  if (end == std::string_view::npos || t.size() > 72) return std::string(name) + "(...)";
  return std::string(t);
}

std::string Article(const std::string& cls) {
  char c = static_cast<char>(std::tolower(static_cast<unsigned char>(cls[0])));
  return std::string_view("aeiou").find(c) != std::string_view::npos ? "an" : "a";
}

}  // namespace

std::optional<CaughtFailure> CaughtFailureOf(const ErrorSite& s,
                                             const std::vector<std::string_view>& lines) {
  const PathCondition* c = nullptr;
  for (auto it = s.conditions.rbegin(); it != s.conditions.rend() && !c; ++it) {
    if (IsCatch(*it)) c = &*it;
  }
  if (!c || c->line < 2 || c->line > static_cast<int>(lines.size()) || c->line > s.line) {
    return std::nullopt;
  }
  CaughtFailure f;
  f.catch_line = c->line;
  bool indented = s.language == "python" || s.language == "ruby";
  bool found = indented
                   ? IndentedTry(lines, c->line, s.language == "ruby", &f.try_first, &f.try_last)
                   : BracedTry(lines, c->line, &f.try_first, &f.try_last);
  if (!found) return std::nullopt;
  f.classes = CaughtClasses(c->expr, s.language);
  int depth = 0;  // open parentheses before the line: an argument line is no statement
  for (int i = f.try_first; i <= f.try_last; ++i) {
    int before = depth;
    for (char ch : lines[i - 1]) depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
    if (depth < 0) depth = 0;
    if (before > 0) continue;
    std::string_view stmt = Trim(lines[i - 1]);
    // `Class<?> c =` / `((Maker) get()).create(..)` over several lines: a
    // statement not summarised, still counted (mockito's cast).
    if (stmt.ends_with("=") || (stmt.starts_with("((") && depth > 0)) {
      ++f.more_calls;
      continue;
    }
    std::string call = CallOf(stmt);
    if (call.empty() || std::find(f.calls.begin(), f.calls.end(), call) != f.calls.end()) continue;
    if (f.calls.size() < 3) {
      f.calls.push_back(call);
    } else {
      ++f.more_calls;
    }
  }
  if (f.calls.empty()) return std::nullopt;
  // "and 1 more" then counts the statements not named.
  return f;
}

std::string CaughtFailureSentence(const CaughtFailure& f) {
  std::string what = "an error";
  if (!f.classes.empty()) {
    what = Article(f.classes[0]) + " `" + f.classes[0] + "`";
    for (size_t i = 1; i < f.classes.size(); ++i) what += " or `" + f.classes[i] + "`";
  }
  std::string where = f.try_first == f.try_last ? "line " + std::to_string(f.try_first)
                                                : "lines " + std::to_string(f.try_first) +
                                                      "\u2013" + std::to_string(f.try_last);
  std::string calls = "`" + Join(f.calls, "`, `") + "`";
  if (f.more_calls) calls += " and " + std::to_string(f.more_calls) + " more";
  return "This reports " + what + " from the `try` block at " + where + ", which calls " + calls +
         " (caught at line " + std::to_string(f.catch_line) + ").";
}

}  // namespace errdex
