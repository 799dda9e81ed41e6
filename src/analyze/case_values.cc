// Case values (see case_values.h). Arm labels are read line by line, as
// site_shape.cc reads the selector: the arm shapes of the twelve languages
// are few (`case X:`, `case X ->`, `when X`, `X =>`, `X ->`), and a label
// that is not a plain value makes the whole answer empty rather than partial.
#include "analyze/case_values.h"

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxListed = 10;

std::string_view LineAt(const std::vector<std::string_view>& lines, int n) {
  return n >= 1 && n <= static_cast<int>(lines.size()) ? lines[n - 1] : std::string_view();
}

bool Quoted(std::string_view v) {
  return v.size() >= 2 && (v.front() == '"' || v.front() == '\'' || v.front() == '`') &&
         v.back() == v.front();
}

bool Number(std::string_view v) {
  if (v.starts_with("-")) v.remove_prefix(1);
  if (v.empty()) return false;
  for (char c : v) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_')) return false;
  }
  return std::isdigit(static_cast<unsigned char>(v[0]));
}

// `Mode::Fast`, `Kind.SLOW`, `MAX_SIZE`, `:symbol`: a name for one value.
bool ConstantName(std::string_view v) {
  if (v.empty()) return false;
  if (v.front() == ':' && v.size() > 1 && v[1] != ':') v.remove_prefix(1);  // Ruby symbol
  for (char c : v) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '.')) {
      return false;
    }
  }
  size_t last = v.find_last_of(":.");
  std::string_view tail = last == std::string_view::npos ? v : v.substr(last + 1);
  if (tail.empty() || !std::isupper(static_cast<unsigned char>(tail[0]))) {
    return v == "true" || v == "false";
  }
  // A single capitalised word alone is a type pattern in some languages
  // (`is Foo`, Rust's binding-free `Foo`), a value only when all upper case
  // or qualified.
  if (last != std::string_view::npos) return true;
  for (char c : tail) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Splits on `,` and `|` outside quotes and brackets.
std::vector<std::string> Items(std::string_view s) {
  std::vector<std::string> out(1);
  char quote = 0;
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (quote) {
      if (c == '\\' && i + 1 < s.size()) out.back() += s[i++];
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (depth == 0 && (c == ',' || (c == '|' && (i + 1 >= s.size() || s[i + 1] != '|')))) {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  for (std::string& o : out) o = std::string(Trim(o));
  return out;
}

// The label part of an arm line, or nullopt-equivalent "" with *arm false.
std::string_view Label(std::string_view t, bool* arm, bool* fallback) {
  *arm = *fallback = false;
  auto before = [](std::string_view s, std::string_view sep) {
    size_t at = s.find(sep);
    return at == std::string_view::npos ? std::string_view() : Trim(s.substr(0, at));
  };
  if (t.starts_with("default") || t.starts_with("else") || t == "case _:" ||
      t.starts_with("_ =>") || t.starts_with("_ ->")) {
    *fallback = true;
    return {};
  }
  if (t.starts_with("case ")) {
    *arm = true;
    std::string_view rest = t.substr(5);
    std::string_view label = before(rest, "->");
    if (label.empty()) label = before(rest, ":");
    return label.empty() ? rest : label;
  }
  if (t.starts_with("when ")) {
    *arm = true;
    std::string_view rest = Trim(t.substr(5));
    std::string_view label = before(rest, " then");
    return label.empty() ? rest : label;
  }
  for (std::string_view sep : {"=>", "->"}) {
    std::string_view label = before(t, sep);
    if (!label.empty()) {
      *arm = true;
      return label;
    }
  }
  return {};
}

// A value a comparison names: a literal, or an upper-case constant
// (`Boolean.TYPE`, `Mode::Fast`, `SEC_E_OK`); never `true`/`false`, a
// choice of two is not a list of allowed values.
bool ComparedLiteral(std::string_view v) {
  // `"a" && x == "b"` starts and ends with a quote but is not one string.
  if (Quoted(v)) return v.substr(1, v.size() - 2).find(v.front()) == std::string_view::npos;
  if (Number(v)) return true;
  if (v == "true" || v == "false" || !ConstantName(v)) return false;
  if (v.find("::") != std::string_view::npos) return true;
  // `other.Count` is a member, `Kind.SLOW` a constant: a dotted name counts
  // only when its last part is all upper case.
  std::string_view tail =
      v.substr(v.find_last_of('.') == std::string_view::npos ? 0 : v.find_last_of('.') + 1);
  return std::none_of(tail.begin(), tail.end(),
                      [](char c) { return std::islower(static_cast<unsigned char>(c)); });
}

// The two arguments of `name(a, b)` spanning all of `call`, or false.
bool TwoArguments(std::string_view call, std::string_view name, std::string_view* a,
                  std::string_view* b) {
  if (!call.starts_with(name) || !call.ends_with(")")) return false;
  std::string_view rest = Trim(call.substr(name.size()));
  if (!rest.starts_with("(")) return false;
  std::vector<std::string> args = Items(rest.substr(1, rest.size() - 2));
  if (args.size() != 2 || rest.substr(1, rest.size() - 2).find('|') != std::string_view::npos) {
    return false;
  }
  // Items copies; keep views into `call` by locating each argument.
  size_t at_a = call.find(args[0], name.size());
  size_t at_b = call.rfind(args[1]);
  if (at_a == std::string_view::npos || at_b == std::string_view::npos) return false;
  *a = call.substr(at_a, args[0].size());
  *b = call.substr(at_b, args[1].size());
  return true;
}

// One equality test of `part` as operand and value: `a == "x"`, `"x" ===
// a`, `!strcmp(a, "x")`, `strcasecmp(a, "x") == 0`, `a.equals("x")`,
// `"x".equals(a)`, `typeof a === "string"` (operand `typeof a`).
bool Comparison(std::string_view part, std::string* operand, std::string* value) {
  while (part.starts_with("(") && part.ends_with(")")) part = Trim(part.substr(1, part.size() - 2));
  std::string_view a, b;
  bool found = false;
  std::string_view call = part;
  bool negated = call.starts_with("!");
  if (negated) call = Trim(call.substr(1));
  if (!negated && call.ends_with("== 0")) call = Trim(call.substr(0, call.size() - 4));
  for (std::string_view f : {"strcmp", "strcasecmp", "_stricmp", "stricmp"}) {
    if ((negated || call.size() < part.size()) && TwoArguments(call, f, &a, &b)) found = true;
    if (found) break;
  }
  if (!found && !negated) {
    for (std::string_view m : {".equalsIgnoreCase(", ".equals(", ".Equals("}) {
      size_t at = part.find(m);
      if (at == std::string_view::npos || !part.ends_with(")")) continue;
      a = Trim(part.substr(0, at));
      b = Trim(part.substr(at + m.size(), part.size() - at - m.size() - 1));
      found = true;
      break;
    }
  }
  if (!found && !negated) {
    size_t eq = part.find("===");
    size_t width = 3;
    if (eq == std::string_view::npos) {
      eq = part.find("==");
      width = 2;
    }
    if (eq == std::string_view::npos) return false;
    a = Trim(part.substr(0, eq));
    b = Trim(part.substr(eq + width));
  }
  if (ComparedLiteral(a)) std::swap(a, b);
  if (!ComparedLiteral(b) || a.empty() || ComparedLiteral(a)) return false;
  // The operand is one expression, not a clause of a larger test.
  // (`c->argv[j]` is one: `->` is no comparison.)
  for (std::string_view op : {"&&", "||", " and ", " or ", "!=", " < ", " > ", "<=", ">=", "?"}) {
    if (a.find(op) != std::string_view::npos) return false;
  }
  *operand = std::string(a);
  *value = std::string(b);
  return true;
}

// Calls visit(line, label) for each arm label between the selector and the
// raise, at the first arm's indentation, up to a fallback arm; stops early
// when visit returns false.
template <typename Visit>
void ForEachArm(const std::vector<std::string_view>& lines, int selector_line, int raise_line,
                Visit visit) {
  int level = -1;
  for (int n = selector_line + 1; n < raise_line; ++n) {
    std::string_view line = LineAt(lines, n);
    std::string_view t = Trim(line);
    if (t.empty() || t.starts_with("//") || t.starts_with("#") || t.starts_with("/*")) continue;
    if (level >= 0 && IndentWidth(line) != level) continue;
    bool arm = false, fallback = false;
    std::string_view label = Label(t, &arm, &fallback);
    if (fallback) break;
    if (!arm) continue;
    if (level < 0) level = IndentWidth(line);
    if (!visit(n, label)) return;
  }
}

}  // namespace

CaseValues ArmValues(const std::vector<std::string_view>& lines, int selector_line,
                     int raise_line) {
  CaseValues out;
  bool plain = true;
  ForEachArm(lines, selector_line, raise_line, [&](int n, std::string_view label) {
    for (std::string item : Items(label)) {
      // Rust's `E::V(..)` / `E::V { .. }` match a variant whatever it holds.
      for (const char* any : {"(..)", "(_)", " { .. }", "{ .. }"}) {
        if (item.ends_with(any)) item.resize(item.size() - std::string_view(any).size());
      }
      if (!(Quoted(item) || Number(item) || ConstantName(item))) {
        plain = false;
        return false;
      }
      out.values.push_back(item);
    }
    if (out.first_line == 0) out.first_line = n;
    out.last_line = n;
    return true;
  });
  if (!plain || out.values.size() < 2) return {};
  return out;
}

ArmSpan ArmsBefore(const std::vector<std::string_view>& lines, int selector_line, int raise_line) {
  ArmSpan out;
  ForEachArm(lines, selector_line, raise_line, [&](int n, std::string_view) {
    ++out.arms;
    if (out.first_line == 0) out.first_line = n;
    out.last_line = n;
    return true;
  });
  return out;
}

namespace {

bool Comment(std::string_view t) {
  return t.starts_with("//") || t.starts_with("#") || t.starts_with("/*") || t.starts_with("*");
}

// Whether `code` starts with a statement that leaves the function or loop.
bool Exits(std::string_view code) {
  for (std::string_view w : {"return", "throw", "raise", "continue", "panic", "panic!",
                             "unreachable!", "exit", "os.Exit", "die", "abort"}) {
    if (!code.starts_with(w)) continue;
    if (code.size() == w.size()) return true;
    char c = code[w.size()];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return true;
  }
  return false;
}

// The code after an arm's label on its own line (`case 'a': return 1;` ->
// `return 1;`, `X => { return }` -> `{ return }`), "" when none.
std::string_view InlineBody(std::string_view t) {
  for (std::string_view sep : {"=>", "->"}) {
    if (size_t at = t.find(sep); at != std::string_view::npos) {
      return Trim(t.substr(at + sep.size()));
    }
  }
  // `case A:` / `case Foo::Bar:`: the last `:` that is no `::`.
  for (size_t at = t.size(); at-- > 0;) {
    if (t[at] != ':') continue;
    if ((at > 0 && t[at - 1] == ':') || (at + 1 < t.size() && t[at + 1] == ':')) continue;
    return Trim(t.substr(at + 1));
  }
  return {};
}

// Whether `t` continues the statement on the line before (`throw new E(`
// / `"text");`): the statement keeps its first line.
bool Continues(std::string_view before, std::string_view t) {
  for (std::string_view end : {"(", ",", "+", "&&", "||", "=", ".", "?", ":"}) {
    if (before.ends_with(end)) return true;
  }
  for (std::string_view start : {".", ")", "+", "?", ":", "&&", "||"}) {
    if (t.starts_with(start)) return true;
  }
  return false;
}

bool ClosingBrace(std::string_view t) { return t == "}" || t == "};" || t == "}," || t == "})"; }

}  // namespace

bool EveryArmExits(const std::vector<std::string_view>& lines, int selector_line, int end_line,
                   const std::string& language) {
  int level = -1, arms = 0;
  bool ok = true;
  // The open arm: its label's inline code and its last body statement.
  std::string_view inline_code, last;
  int label_indent = 0;
  bool open = false, empty_falls = language != "go";
  auto close = [&]() {
    if (!open) return;
    std::string_view code = last.empty() ? inline_code : last;
    if (code.starts_with("{")) code = Trim(code.substr(1));
    if (code.empty()) {
      ok = ok && empty_falls;  // C's `case A: case B: return` shares one body
      return;
    }
    ok = ok && Exits(code);
  };
  for (int n = selector_line + 1; n < end_line && ok; ++n) {
    std::string_view line = LineAt(lines, n);
    std::string_view t = Trim(line);
    if (t.empty() || Comment(t)) continue;
    bool arm = false, fallback = false;
    if (level < 0 || IndentWidth(line) == level) Label(t, &arm, &fallback);
    if (fallback) {
      // A fallback arm that does nothing (`_ => {}`, `default: break;`)
      // leaves the switch as no match does: the arms before it decide.
      std::string_view body = InlineBody(t);
      if (body.ends_with(",")) body = Trim(body.substr(0, body.size() - 1));
      if (body != "{}" && body != "{ }" && body != "()" && body != "break;" && body != "break") {
        return false;
      }
      break;
    }
    if (arm) {
      close();
      if (level < 0) level = IndentWidth(line);
      ++arms;
      open = true;
      label_indent = IndentWidth(line);
      inline_code = InlineBody(t);
      last = {};
      continue;
    }
    if (!open) continue;
    // A brace closing the arm's own block (`X => {` ... `}`) ends it; one
    // deeper closes an inner `if`/loop, which may fall out of the arm.
    if (ClosingBrace(t)) {
      if (IndentWidth(line) == label_indent && inline_code.ends_with("{")) continue;
      last = t;
      continue;
    }
    if (!last.empty() && Continues(last, t)) continue;
    last = t;
  }
  close();
  return ok && arms > 0;
}

std::vector<std::string> ArmLabels(const std::vector<std::string_view>& lines, int selector_line,
                                   int end_line) {
  std::vector<std::string> out;
  ForEachArm(lines, selector_line, end_line, [&](int, std::string_view label) {
    for (std::string item : Items(label)) out.push_back(item);
    return true;
  });
  return out;
}

std::vector<std::string> ComparedValues(const std::vector<std::string>& exprs, std::string* operand,
                                        size_t min_values) {
  std::vector<std::string> values;
  std::string seen;
  for (const std::string& e : exprs) {
    std::string flat = e;
    for (const char* sep : {" || ", " or "}) {
      for (size_t at = flat.find(sep); at != std::string::npos; at = flat.find(sep)) {
        flat.replace(at, std::string_view(sep).size(), "\x01");
      }
    }
    size_t start = 0;
    while (start <= flat.size()) {
      size_t end = flat.find('\x01', start);
      std::string_view part = Trim(std::string_view(flat).substr(
          start, end == std::string::npos ? std::string::npos : end - start));
      std::string a, b;
      if (!Comparison(part, &a, &b)) return {};
      if (!seen.empty() && seen != a) return {};
      seen = a;
      values.push_back(b);
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  if (values.empty() || values.size() < min_values) return {};
  *operand = seen;
  return values;
}

std::string ValueList(const std::vector<std::string>& values) {
  std::vector<std::string> shown;
  for (size_t i = 0; i < values.size() && i < kMaxListed; ++i)
    shown.push_back("`" + values[i] + "`");
  std::string out = Join(shown, ", ");
  if (values.size() > kMaxListed) {
    out += " and " + std::to_string(values.size() - kMaxListed) + " more";
  }
  return out;
}

}  // namespace errdex
