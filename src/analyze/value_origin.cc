// Value origin (see value_origin.h). Assignments are found by text on the
// function's lines: `[decl] var = rhs`, `var := rhs`, `let var: T = rhs`.
// A local set more than once (besides an initial false/null) has no single
// origin, and nothing is said about it.
#include "analyze/value_origin.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxCallText = 100;

std::string_view LineAt(const std::vector<std::string_view>& lines, int n) {
  return n >= 1 && n <= static_cast<int>(lines.size()) ? lines[n - 1] : std::string_view();
}

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool Falsy(std::string_view v) {
  for (std::string_view f : {"false", "FALSE", "False", "0", "NULL", "null", "nullptr", "nil",
                             "None", "undefined", "\"\"", "''"}) {
    if (v == f) return true;
  }
  return false;
}

bool Truthy(std::string_view v) { return v == "true" || v == "TRUE" || v == "True" || v == "1"; }

// The right-hand side when `t` assigns `var` as a local, else "".
std::string Assigned(std::string_view t, const std::string& var) {
  for (size_t at = t.find(var); at != std::string_view::npos; at = t.find(var, at + 1)) {
    size_t end = at + var.size();
    if ((at > 0 && Word(t[at - 1])) || (end < t.size() && Word(t[end]))) continue;
    std::string_view before = t.substr(0, at);
    bool decl = true;
    for (char c : before) {
      if (!(Word(c) || c == ' ' || c == '*' || c == '&' || c == '<' || c == '>' || c == ',')) {
        decl = false;
      }
    }
    if (!decl || (!before.empty() && before.back() != ' ' && before.back() != '*')) continue;
    std::string_view rest = t.substr(end);
    if (rest.starts_with(":") && !rest.starts_with(":=")) {  // `let x: T = ...`
      size_t eq = rest.find('=');
      if (eq == std::string_view::npos) continue;
      rest = rest.substr(eq);
    }
    rest = Trim(rest);
    if (rest.starts_with(":=")) {
      rest = rest.substr(2);
    } else if (rest.starts_with("=") && !rest.starts_with("==") && !rest.starts_with("=>")) {
      rest = rest.substr(1);
    } else {
      continue;
    }
    rest = Trim(rest);
    while (!rest.empty() && (rest.back() == ';' || rest.back() == '{')) {
      rest = Trim(rest.substr(0, rest.size() - 1));
    }
    return std::string(rest);
  }
  return "";
}

// `if (a && b)` / `} else if (x) {` / `elif x:` / `if x {` -> the condition.
std::string IfCondition(const std::vector<std::string_view>& lines, int n, int* line) {
  std::string_view t = Trim(LineAt(lines, n));
  for (std::string_view lead : {"} else if", "else if", "elif", "elsif", "if"}) {
    if (!t.starts_with(lead) || (t.size() > lead.size() && Word(t[lead.size()]))) continue;
    std::string text(Trim(t.substr(lead.size())));
    // A condition over several lines: join until the parentheses balance.
    for (int k = n + 1; k <= n + 6; ++k) {
      int depth = 0;
      for (char c : text) depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth <= 0) break;
      text += " " + std::string(Trim(LineAt(lines, k)));
    }
    if (text.starts_with("(")) {
      int depth = 0;
      for (size_t i = 0; i < text.size(); ++i) {
        depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
        if (depth == 0) {
          text = text.substr(1, i - 1);
          break;
        }
      }
    } else {
      while (!text.empty() && (text.back() == '{' || text.back() == ':' || text.back() == ' ')) {
        text.pop_back();
      }
      if (text.ends_with(" then")) text.resize(text.size() - 5);
    }
    *line = n;
    return CollapseSpace(text);
  }
  return "";
}

// The `if` that guards the assignment at line n: on the same line, or the
// nearest less-indented line above.
std::string Guard(const std::vector<std::string_view>& lines, int n, int* line) {
  std::string same = IfCondition(lines, n, line);
  if (!same.empty()) return same;
  std::string_view own = LineAt(lines, n);
  size_t indent = own.find_first_not_of(" \t");
  for (int k = n - 1; k >= 1 && k >= n - 8; --k) {
    std::string_view l = LineAt(lines, k);
    size_t ind = l.find_first_not_of(" \t");
    if (ind == std::string_view::npos || ind >= indent) continue;
    return IfCondition(lines, k, line);
  }
  return "";
}

bool CallText(std::string_view rhs) {
  for (std::string_view w : {"await ", "try "}) {
    if (rhs.starts_with(w)) rhs.remove_prefix(w.size());
  }
  if (rhs.ends_with("?")) rhs.remove_suffix(1);
  if (rhs.empty() || rhs.starts_with("new ") || !rhs.ends_with(")")) return false;
  size_t open = rhs.find('(');
  if (open == 0 || open == std::string_view::npos) return false;
  for (char c : rhs.substr(0, open)) {
    if (!(Word(c) || c == '.' || c == ':' || c == '$' || c == '-' || c == '>' || c == '\\')) {
      return false;
    }
  }
  return rhs.size() <= kMaxCallText;
}

bool Literal(std::string_view k) {
  return k.empty() || k[0] == '"' || k[0] == '\'' || k[0] == ':' ||
         std::isdigit(static_cast<unsigned char>(k[0])) || k[0] == '-';
}

// A map as code names it: `this._subs`, `self.x`, `$this->hints`, `@map`,
// `registry` (no call, no operator).
bool MapName(std::string_view m) {
  if (m.empty()) return false;
  for (char c : m) {
    if (!(Word(c) || c == '.' || c == '$' || c == '@' || c == '-' || c == '>' || c == ':')) {
      return false;
    }
  }
  return !std::isdigit(static_cast<unsigned char>(m[0]));
}

}  // namespace

bool KeyLookup(std::string_view rhs, bool calls, std::string* map, std::string* key) {
  rhs = Trim(rhs);
  for (std::string_view tail : {" ?? null", " ?? undefined", " || null", " || undefined"}) {
    if (rhs.ends_with(tail)) rhs = Trim(rhs.substr(0, rhs.size() - tail.size()));
  }
  std::string_view m, k;
  if (rhs.ends_with("]")) {
    int depth = 0;
    size_t open = std::string_view::npos;
    for (size_t i = rhs.size(); i-- > 0;) {
      depth += rhs[i] == ']' ? 1 : rhs[i] == '[' ? -1 : 0;
      if (depth == 0) {
        open = i;
        break;
      }
    }
    if (open == std::string_view::npos || open == 0) return false;
    m = rhs.substr(0, open);
    k = Trim(rhs.substr(open + 1, rhs.size() - open - 2));
  } else if (calls && rhs.ends_with(")")) {
    size_t at = std::string_view::npos;
    for (std::string_view get : {".get(", ".Get("}) {
      if (size_t g = rhs.rfind(get); g != std::string_view::npos) at = g, m = rhs.substr(0, g);
    }
    if (at == std::string_view::npos) return false;
    std::string_view args = rhs.substr(at + 5, rhs.size() - at - 6);
    if (args.find('(') != std::string_view::npos) return false;
    size_t comma = args.find(',');
    k = Trim(args.substr(0, comma));
    if (comma != std::string_view::npos) {
      std::string_view def = Trim(args.substr(comma + 1));
      if (def != "None" && def != "null" && def != "nil") return false;
    }
  } else {
    return false;
  }
  if (!MapName(m) || Literal(k) || k.find(':') != std::string_view::npos) return false;
  *map = std::string(m);
  *key = std::string(k);
  return true;
}

std::string EnvironmentRead(std::string_view code) {
  static const char* const kReads[] = {
      "getenv(",    "Getenv(",      "LookupEnv(",   "GetEnvironmentVariable(",
      "env::var(",  "env::var_os(", "environ.get(", "environ[",
      "ENV.fetch(", "ENV[",         "$_ENV[",       "process.env["};
  for (const char* r : kReads) {
    size_t at = code.find(r);
    if (at == std::string_view::npos) continue;
    size_t q = at + std::string_view(r).size();
    if (q >= code.size() || (code[q] != '"' && code[q] != '\'')) continue;
    size_t close = code.find(code[q], q + 1);
    if (close == std::string_view::npos) continue;
    return std::string(code.substr(q + 1, close - q - 1));
  }
  size_t at = code.find("process.env.");
  if (at != std::string_view::npos) {
    size_t s = at + 12, e = s;
    while (e < code.size() && Word(code[e])) ++e;
    if (e > s) return std::string(code.substr(s, e - s));
  }
  return "";
}

std::optional<ValueOrigin> OriginOf(const std::vector<std::string_view>& lines,
                                    const std::string& var, int function_line, int check_line) {
  if (var.empty() || function_line <= 0 || check_line <= function_line) return std::nullopt;
  int found = 0;
  std::string rhs;
  for (int n = function_line + 1; n < check_line; ++n) {
    std::string_view t = Trim(LineAt(lines, n));
    std::string r = Assigned(t, var);
    if (r.empty() && t.starts_with("if") && t.find('(') != std::string_view::npos) {
      // `if (cond) var = TRUE;` on one line.
      int depth = 0;
      for (size_t i = t.find('('); i < t.size(); ++i) {
        depth += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
        if (depth == 0) {
          r = Assigned(Trim(t.substr(i + 1)), var);
          break;
        }
      }
    }
    if (r.empty() || Falsy(r)) continue;
    if (found) return std::nullopt;  // set in more than one place
    found = n;
    rhs = r;
  }
  if (!found) return std::nullopt;
  // `x = isColumn(a)\n  ? a\n  : find(a)`: the statement goes on, so the
  // value is not what that call returned.
  std::string_view next = Trim(LineAt(lines, found + 1));
  for (std::string_view op : {"?", ":", "||", "&&", ".", "+", "-", "*", "/", "|", "&"}) {
    if (next.starts_with(op)) return std::nullopt;
  }
  ValueOrigin o;
  o.var = var;
  if (Truthy(rhs)) {
    o.kind = ValueOrigin::kFlag;
    o.text = Guard(lines, found, &o.line);
    if (o.text.empty()) return std::nullopt;
    return o;
  }
  o.line = found;
  if (std::string env = EnvironmentRead(rhs); !env.empty()) {
    o.kind = ValueOrigin::kEnvironment;
    o.text = env;
    return o;
  }
  if (std::string map, key; KeyLookup(rhs, false, &map, &key)) {
    o.kind = ValueOrigin::kLookup;
    o.text = rhs;
    return o;
  }
  if (!CallText(rhs)) return std::nullopt;
  o.kind = ValueOrigin::kCall;
  o.text = rhs;
  return o;
}

}  // namespace errdex
