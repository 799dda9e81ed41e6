// Guard text (see guard_text.h). Conditions are read with a small scanner
// over the source text rather than a parser per language: the shapes that
// carry meaning (comparisons, null and emptiness tests, type tests,
// predicates) look alike in all twelve languages, and anything else is left
// to the raw expression.
#include "analyze/guard_text.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

#include "util/text.h"

namespace errdex {
namespace {

bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

std::string Code(std::string_view s) { return "`" + std::string(s) + "`"; }

// Calls `f(i)` for every index of `s` outside parentheses, brackets,
// braces and string literals; stops when `f` returns true.
template <typename F>
void ScanTopLevel(std::string_view s, F f) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (quote) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '"' || c == '\'' || c == '`') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (depth == 0 && f(i)) {
      return;
    }
  }
}

std::string_view StripParens(std::string_view s) {
  s = Trim(s);
  while (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
    // Only when the first parenthesis closes at the end: `(a) && (b)` stays.
    int depth = 0;
    size_t close = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '(') ++depth;
      if (s[i] == ')' && --depth == 0) {
        close = i;
        break;
      }
    }
    if (close != s.size() - 1) break;
    s = Trim(s.substr(1, s.size() - 2));
  }
  return s;
}

// Position of the top-level binary operator `op` (a word operator needs
// spaces around it), or npos.
size_t FindTopLevel(std::string_view s, std::string_view op) {
  size_t found = std::string_view::npos;
  bool word = IsIdentStart(op.front());
  ScanTopLevel(s, [&](size_t i) {
    if (s.substr(i, op.size()) != op) return false;
    if (word &&
        (i == 0 || s[i - 1] != ' ' || i + op.size() >= s.size() || s[i + op.size()] != ' ')) {
      return false;
    }
    if (!word) {
      // `>` in `->`, `=>`, `>>`, `>=`; `<` in `<<`, `<=`; `=` in `==`.
      char before = i ? s[i - 1] : ' ';
      char after = i + op.size() < s.size() ? s[i + op.size()] : ' ';
      if (std::string_view("-=<>!").find(before) != std::string_view::npos) return false;
      if (op.size() == 1 && (after == '=' || after == op[0])) return false;
      if (op == "==" && after == '=') return false;
    }
    found = i;
    return true;
  });
  return found;
}

// See ConditionLanguage.
thread_local bool t_null_macro = true;
// Ruby's `when Array` is `Array === o`: a type test, not an equality.
thread_local bool t_ruby = false;
// C and C++ (or unknown): type keywords in casts are no variables.
thread_local bool t_c_types = true;

// `Array`, `Gem::Source`: a class or module named by a Ruby constant path.
bool RubyClassName(std::string_view s) {
  if (s.empty() || !std::isupper(static_cast<unsigned char>(s.front()))) return false;
  bool lower = false;
  for (char c : s) {
    if (std::islower(static_cast<unsigned char>(c))) lower = true;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != ':') return false;
  }
  return lower;
}

bool IsNullWord(std::string_view s) {
  static const std::set<std::string_view> kNull = {"None", "nil", "null", "nullptr", "undefined"};
  return kNull.count(s) > 0 || (s == "NULL" && t_null_macro);
}

// `false === $x`, `nil == x`: the literal reads better last.
bool Literal(std::string_view s) {
  if (s.empty()) return false;
  if (IsNullWord(s) || s == "true" || s == "false" || s == "True" || s == "False") return true;
  if (s.front() == '"' || s.front() == '\'') return true;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-';
  });
}

// `len(x)`, `x.length`, `x.size()`, `count($x)` -> x.
std::string_view SizeOf(std::string_view s) {
  for (std::string_view f : {"len(", "count(", "strlen(", "sizeof("}) {
    if (s.starts_with(f) && s.ends_with(")")) return s.substr(f.size(), s.size() - f.size() - 1);
  }
  for (std::string_view m :
       {".length", ".size()", ".len()", ".length()", ".Count", ".Length", ".size", ".count"}) {
    if (s.size() > m.size() && s.ends_with(m)) return s.substr(0, s.size() - m.size());
  }
  return {};
}

std::string Comparison(std::string_view lhs, std::string_view op, std::string_view rhs,
                       bool polarity) {
  static const std::array<std::array<std::string_view, 3>, 8> kOps = {{
      {"===", "is", "!=="},
      {"!==", "is not", "==="},
      {"==", "is", "!="},
      {"!=", "is not", "=="},
      {">=", "is at least", "<"},
      {"<=", "is at most", ">"},
      {">", "is greater than", "<="},
      {"<", "is less than", ">="},
  }};
  for (const auto& [o, words, inverse] : kOps) {
    if (o != op) continue;
    if (!polarity) return Comparison(lhs, inverse, rhs, true);
    if (Literal(lhs) && !Literal(rhs)) {
      static const std::array<std::pair<std::string_view, std::string_view>, 4> kMirror = {
          {{">=", "<="}, {"<=", ">="}, {">", "<"}, {"<", ">"}}};
      std::string_view mirrored = op;
      for (const auto& [a, b] : kMirror) {
        if (a == op) mirrored = b;
      }
      return Comparison(rhs, mirrored, lhs, true);
    }
    bool equal = words == "is";
    bool unequal = words == "is not";
    if (t_ruby && (op == "===" || op == "!==") && RubyClassName(lhs) && !Literal(rhs)) {
      return Code(rhs) + (equal ? " is a " : " is not a ") + Code(lhs);
    }
    std::string_view size = SizeOf(lhs);
    if (!size.empty() && rhs == "0" && (equal || words == "is less than" || unequal)) {
      return Code(size) + (unequal ? " is not empty" : " is empty");
    }
    if (IsNullWord(rhs) && (equal || unequal)) {
      return Code(lhs) + (equal ? " is missing (" + std::string(rhs) + ")"
                                : " is set (not " + std::string(rhs) + ")");
    }
    if (lhs.starts_with("typeof ") && (equal || unequal)) {
      return Code(lhs.substr(7)) + (equal ? " is a " : " is not a ") + std::string(rhs);
    }
    return Code(lhs) + " " + std::string(words) + " " + Code(rhs);
  }
  return {};
}

bool PredicateName(std::string_view name) {
  for (std::string_view p : {"is",    "has",   "can", "should", "exists", "contains", "match",
                             "valid", "check", "ok",  "start",  "end",    "equal",    "include",
                             "any",   "all",   "Is",  "Has",    "Can",    "Exists",   "Contains",
                             "Valid", "Start", "End", "Equal",  "Match",  "Any",      "All"}) {
    if (name.starts_with(p)) return true;
  }
  return name.ends_with("?") || name.ends_with("exists") || name.ends_with("Exists");
}

// `x.empty()`, `x.isEmpty()`, `empty($x)`, `x.is_empty()` -> x.
std::string_view EmptinessOf(std::string_view s) {
  for (std::string_view m :
       {".empty()", ".isEmpty()", ".is_empty()", ".empty?", ".IsEmpty()", ".blank?"}) {
    if (s.size() > m.size() && s.ends_with(m)) return s.substr(0, s.size() - m.size());
  }
  if (s.starts_with("empty(") && s.ends_with(")")) return s.substr(6, s.size() - 7);
  if (s.starts_with("string.IsNullOrEmpty(") && s.ends_with(")"))
    return s.substr(21, s.size() - 22);
  return {};
}

std::string Operand(std::string_view s, bool polarity) {
  if (std::string_view e = EmptinessOf(s); !e.empty()) {
    return Code(e) + (polarity ? " is empty" : " is not empty");
  }
  // Rust's Option/Result tests; `is_some`/`is_ok` are the negations.
  struct RustTest {
    std::string_view method, when_true, when_false;
  };
  for (const RustTest& t : {RustTest{".is_none()", " has no value", " has a value"},
                            RustTest{".is_some()", " has a value", " has no value"},
                            RustTest{".is_err()", " is an error", " succeeded"},
                            RustTest{".is_ok()", " succeeded", " is an error"}}) {
    if (s.size() > t.method.size() && s.ends_with(t.method)) {
      return Code(s.substr(0, s.size() - t.method.size())) +
             std::string(polarity ? t.when_true : t.when_false);
    }
  }
  if (s.starts_with("isinstance(") && s.ends_with(")")) {
    std::string_view args = s.substr(11, s.size() - 12);
    size_t comma = args.find(',');
    if (comma != std::string_view::npos) {
      return Code(Trim(args.substr(0, comma))) + (polarity ? " is a " : " is not a ") +
             Code(Trim(args.substr(comma + 1)));
    }
  }
  for (std::string_view m : {".is_a?", ".kind_of?", ".instance_of?"}) {
    size_t at = s.find(m);
    if (at == std::string_view::npos || at == 0) continue;
    std::string_view type = StripParens(Trim(s.substr(at + m.size())));
    if (type.empty()) break;
    return Code(s.substr(0, at)) + (polarity ? " is a " : " is not a ") + Code(type);
  }
  // A command's parsed flags (tmux `args_has(args, 's')`): the flag as typed.
  if (s.starts_with("args_has(") && s.ends_with("')") && s.size() >= 6 && s[s.size() - 4] == '\'' &&
      s.find(',') != std::string_view::npos) {
    return "the flag `-" + std::string(1, s[s.size() - 3]) + "` is " +
           (polarity ? "given" : "not given");
  }
  // The last call of a chain (`url.lower().startswith(x)`) is the test.
  size_t paren = std::string_view::npos;
  if (s.ends_with(")")) {
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
      if (s[i] == ')') ++depth;
      if (s[i] == '(' && --depth == 0) {
        paren = i;
        break;
      }
    }
  }
  if (paren != std::string_view::npos && paren > 0) {
    std::string_view callee = s.substr(0, paren);
    size_t dot = callee.find_last_of(".>:");
    std::string_view name = dot == std::string_view::npos ? callee : callee.substr(dot + 1);
    if (PredicateName(name)) return Code(s) + (polarity ? " returns true" : " returns false");
    // Any other call tested for truth: C's non-zero status, a found value.
    return Code(s) +
           (polarity ? " returns a non-zero (true) value" : " returns zero, false or nothing");
  }
  bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return IsIdent(c) || c == '.' || c == '$' || c == '>' || c == '-';
  });
  if (!plain) return {};
  std::string lower = ToLower(std::string(s));
  if (lower.ends_with("err") || lower.ends_with("error") || lower.ends_with("->err")) {
    return Code(s) + (polarity ? " is set (an error was reported)" : " is not set (no error)");
  }
  // A variable or field tested for truth: a flag, or a value that may be
  // missing or empty.
  return Code(s) + (polarity ? " is set" : " is not set (false, empty or missing)");
}

std::vector<std::string_view> SplitTopLevel(std::string_view s, std::string_view op) {
  std::vector<std::string_view> parts;
  size_t at;
  while ((at = FindTopLevel(s, op)) != std::string_view::npos) {
    parts.push_back(Trim(s.substr(0, at)));
    s = s.substr(at + op.size());
  }
  parts.push_back(Trim(s));
  return parts;
}

// `likely(x)`, `JSON_HEDLEY_UNLIKELY(x)`, `__builtin_expect(x, 0)` -> x:
// branch hints say nothing about the condition.
std::string_view StripHint(std::string_view s) {
  size_t paren = s.find('(');
  if (paren == std::string_view::npos || !s.ends_with(")")) return s;
  std::string_view name = s.substr(0, paren);
  std::string lower = ToLower(std::string(name));
  if (!lower.ends_with("likely") && name != "__builtin_expect") return s;
  std::string_view inner = s.substr(paren + 1, s.size() - paren - 2);
  if (name == "__builtin_expect") {
    size_t comma = FindTopLevel(inner, ",");
    if (comma != std::string_view::npos) inner = inner.substr(0, comma);
  }
  return Trim(inner);
}

// Whether `Some(..)`/`Ok(..)`/`Err(..)` of `pat` holds only a binding
// (`Some(v)`, `Ok(_)`, `Some(ref mut x)`): any value then matches it. A
// nested pattern (`Some(Kind::Invalid { .. })`) matches some values only,
// so its negation is not "has no value" (twenty-second grading).
bool BindsAnyValue(std::string_view pat) {
  size_t open = pat.find('(');
  if (open == std::string_view::npos || !pat.ends_with(")")) return false;
  std::string_view inner = Trim(pat.substr(open + 1, pat.size() - open - 2));
  for (std::string_view w : {"ref ", "mut "}) {
    if (inner.starts_with(w)) inner = Trim(inner.substr(w.size()));
  }
  if (inner.empty() || std::isupper(static_cast<unsigned char>(inner[0]))) return false;
  return std::all_of(inner.begin(), inner.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// "`x` is `Some(Kind::A)`" / "`x` is not ...", for a pattern that
// matches some values only.
std::string IsPattern(std::string_view value, std::string_view pat, bool polarity) {
  if (pat.size() > 80) return {};
  return Code(value) + (polarity ? " matches " : " does not match ") + Code(pat);
}

// Rust's `let Some(v) = expr` / `let Ok(v) = expr` / `let Err(e) = expr`.
std::string LetPattern(std::string_view s, bool polarity) {
  if (!s.starts_with("let ")) return {};
  size_t eq = FindTopLevel(s, "=");
  if (eq == std::string_view::npos) return {};
  std::string_view pat = Trim(s.substr(4, eq - 4)), value = Trim(s.substr(eq + 1));
  bool any = BindsAnyValue(pat);
  if ((pat.starts_with("Some(") || pat.starts_with("Ok(") || pat.starts_with("Err(")) && !any) {
    return IsPattern(value, pat, polarity);
  }
  if (pat.starts_with("Some(")) return Code(value) + (polarity ? " has a value" : " has no value");
  if (pat.starts_with("Ok(")) return Code(value) + (polarity ? " succeeded" : " is an error");
  if (pat.starts_with("Err(")) return Code(value) + (polarity ? " is an error" : " succeeded");
  return {};
}

// Rust's `x matches None` / `matches!(x, Err(_))` as the extractor writes it:
// `x matches PATTERN`.
std::string MatchesPattern(std::string_view s, bool polarity) {
  size_t at = FindTopLevel(s, "matches");
  if (at == std::string_view::npos) return {};
  std::string_view value = Trim(s.substr(0, at)), pat = Trim(s.substr(at + 7));
  if (value.empty() || pat.empty()) return {};
  if (pat == "None") return Code(value) + (polarity ? " has no value (None)" : " has a value");
  bool wrapped = pat.starts_with("Some(") || pat.starts_with("Err(") || pat.starts_with("Ok(");
  if (wrapped && !BindsAnyValue(pat)) return IsPattern(value, pat, polarity);
  if (pat.starts_with("Some(")) return Code(value) + (polarity ? " has a value" : " has no value");
  if (pat.starts_with("Err(")) return Code(value) + (polarity ? " is an error" : " succeeded");
  if (pat.starts_with("Ok(")) return Code(value) + (polarity ? " succeeded" : " is an error");
  std::string_view variant = Trim(pat.substr(0, std::min(pat.find('('), pat.find('{'))));
  // A tuple or slice pattern has no variant name: quote it whole.
  if (variant.empty()) return IsPattern(value, pat, polarity);
  return Code(value) + (polarity ? " is " : " is not ") + Code(variant);
}

std::string Describe(std::string_view expr, bool polarity, int depth) {
  expr = StripParens(expr);
  if (expr.empty() || depth > 8) return {};
  if (std::string_view inner = StripHint(expr); inner != expr) {
    return Describe(inner, polarity, depth + 1);
  }
  if (std::string let = LetPattern(expr, polarity); !let.empty()) return let;
  // A constant (`assert False`): no state decides it. "`False` is not set"
  // read as if a flag named False existed (nineteenth grading).
  for (auto [word, truth] : {std::pair{"False", false},
                             {"false", false},
                             {"0", false},
                             {"True", true},
                             {"true", true},
                             {"1", true}}) {
    if (expr != word) continue;
    if (truth != polarity) return {};
    return "it is reached (the condition is the constant `" + std::string(expr) + "`)";
  }
  // A conjunction that holds (or a disjunction that fails) is each part.
  for (auto [op, conj] : {std::pair{"&&", true}, {" and ", true}, {"||", false}, {" or ", false}}) {
    std::string_view o = op;
    if (o.front() == ' ') o = o.substr(1, o.size() - 2);
    if (FindTopLevel(expr, o) == std::string_view::npos) continue;
    // `a && b` failing is `a` failing or `b` failing (De Morgan).
    std::vector<std::string> out;
    for (std::string_view part : SplitTopLevel(expr, o)) {
      std::string d = Describe(part, polarity, depth + 1);
      if (d.empty()) return {};
      out.push_back(d);
    }
    return Join(out, conj == polarity ? " and " : " or ");
  }
  if (expr.starts_with("!") && !expr.starts_with("!=")) {
    return Describe(expr.substr(1), !polarity, depth + 1);
  }
  if (expr.starts_with("not ")) return Describe(expr.substr(4), !polarity, depth + 1);
  if (std::string m = MatchesPattern(expr, polarity); !m.empty()) return m;
  for (std::string_view op : {"is not", "not in"}) {
    size_t at = FindTopLevel(expr, op);
    if (at == std::string_view::npos) continue;
    std::string_view lhs = Trim(expr.substr(0, at)), rhs = Trim(expr.substr(at + op.size()));
    if (op == "is not") return Comparison(lhs, "!=", rhs, polarity);
    return Code(lhs) + (polarity ? " is not one of " : " is one of ") + Code(rhs);
  }
  // Kotlin's type test `this !is Class<*>`: its `<*>` is no comparison.
  if (size_t at = FindTopLevel(expr, "!is"); at != std::string_view::npos && at > 0 &&
                                             expr[at - 1] == ' ' && at + 3 < expr.size() &&
                                             expr[at + 3] == ' ') {
    std::string_view lhs = Trim(expr.substr(0, at)), rhs = Trim(expr.substr(at + 3));
    if (!lhs.empty() && !rhs.empty()) {
      return Code(lhs) + (polarity ? " is not a " : " is a ") + Code(rhs);
    }
  }
  for (std::string_view op : {"===", "!==", "==", "!=", ">=", "<=", ">", "<"}) {
    size_t at = FindTopLevel(expr, op);
    if (at == std::string_view::npos) continue;
    std::string_view lhs = Trim(expr.substr(0, at)), rhs = Trim(expr.substr(at + op.size()));
    // An operand missing (a generic's bracket read as `>`): say nothing.
    if (lhs.empty() || rhs.empty()) return {};
    return Comparison(lhs, op, rhs, polarity);
  }
  for (std::string_view op : {"is", "in", "instanceof"}) {
    size_t at = FindTopLevel(expr, op);
    if (at == std::string_view::npos) continue;
    std::string_view lhs = Trim(expr.substr(0, at)), rhs = Trim(expr.substr(at + op.size()));
    if (op == "is") return Comparison(lhs, "==", rhs, polarity);
    if (op == "in") return Code(lhs) + (polarity ? " is one of " : " is not one of ") + Code(rhs);
    return Code(lhs) + (polarity ? " is a " : " is not a ") + Code(rhs);
  }
  return Operand(expr, polarity);
}

bool Keyword(std::string_view w) {
  static const std::set<std::string_view> kWords = {
      "and",        "or",    "not",    "is",   "in",      "true",    "false",     "True",
      "False",      "None",  "nil",    "null", "NULL",    "nullptr", "undefined", "typeof",
      "instanceof", "new",   "let",    "Some", "None",    "Ok",      "Err",       "if",
      "else",       "const", "sizeof", "is_a", "defined", "matches", "ref",       "mut",
      "await",      "yield", "async",  "void", "delete",  "unless",  "then"};
  // C types in casts (`(char *)entry.value`) and C++ cast operators name no
  // value; only in C and C++, where they are reserved (`short` and `bool`
  // are parameter names elsewhere).
  static const std::set<std::string_view> kCTypes = {"char",         "short",
                                                     "int",          "long",
                                                     "unsigned",     "signed",
                                                     "float",        "double",
                                                     "struct",       "union",
                                                     "enum",         "size_t",
                                                     "ssize_t",      "uint8_t",
                                                     "int64_t",      "uint64_t",
                                                     "int32_t",      "uint32_t",
                                                     "bool",         "static_cast",
                                                     "dynamic_cast", "reinterpret_cast",
                                                     "const_cast"};
  return kWords.count(w) > 0 || (t_c_types && kCTypes.count(w) > 0);
}

// [open, close] of the parameter list: the first parenthesis group, or the
// second for a Go method (`func (r *T) Name(...)`).
bool ParamSpan(std::string_view h, size_t* open, size_t* close) {
  size_t from = 0;
  if (h.starts_with("func (")) {
    size_t end = h.find(')');
    if (end == std::string_view::npos) return false;
    from = end + 1;
  }
  // Rust visibility before `fn`: `pub(crate) fn assert_is_file(path: &Path)`.
  if (size_t fn = h.find("fn "); h.starts_with("pub(") && fn != std::string_view::npos) {
    from = fn;
  }
  *open = h.find('(', from);
  if (*open == std::string_view::npos) return false;
  int depth = 0;
  for (size_t i = *open; i < h.size(); ++i) {
    if (h[i] == '(') ++depth;
    if (h[i] == ')' && --depth == 0) {
      *close = i;
      return true;
    }
  }
  return false;
}

std::string ParamName(std::string_view chunk, const std::string& language) {
  chunk = Trim(chunk);
  size_t eq = FindTopLevel(chunk, "=");
  if (eq != std::string_view::npos) chunk = Trim(chunk.substr(0, eq));
  if (size_t dollar = chunk.find('$'); dollar != std::string_view::npos) {
    size_t e = dollar + 1;
    while (e < chunk.size() && IsIdent(chunk[e])) ++e;
    return std::string(chunk.substr(dollar + 1, e - dollar - 1));
  }
  size_t colon = chunk.find(':');
  while (colon != std::string_view::npos && colon + 1 < chunk.size() && chunk[colon + 1] == ':') {
    colon = chunk.find(':', colon + 2);
  }
  bool typed_after = colon != std::string_view::npos;
  if (typed_after) chunk = chunk.substr(0, colon);
  std::vector<std::string_view> words;
  for (size_t i = 0; i < chunk.size();) {
    if (!IsIdentStart(chunk[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < chunk.size() && IsIdent(chunk[j])) ++j;
    words.push_back(chunk.substr(i, j - i));
    i = j;
  }
  if (words.empty()) return {};
  // Go writes `name type`; the others put the name last before a `:` type
  // or after a C-style type.
  if (language == "go" && !typed_after) return std::string(words.front());
  // `int values[]`, `String... args`: the name is the last word either way.
  return std::string(words.back());
}

// JavaScript's destructured parameter `{address, family = 4, opts: o}`
// (or `[a, b]`, with a `: Type` after it): the locals it binds, which are
// the caller's values (axios's `resolveFamily({address, family})`).
void DestructuredNames(std::string_view chunk, std::vector<std::string>* out) {
  chunk = Trim(chunk);
  if (chunk.empty() || (chunk[0] != '{' && chunk[0] != '[')) return;
  char close = chunk[0] == '{' ? '}' : ']';
  int depth = 0;
  size_t end = std::string_view::npos;
  for (size_t i = 0; i < chunk.size(); ++i) {
    if (chunk[i] == '{' || chunk[i] == '[' || chunk[i] == '(') ++depth;
    if ((chunk[i] == '}' || chunk[i] == ']' || chunk[i] == ')') && --depth == 0) {
      end = i;
      break;
    }
  }
  if (end == std::string_view::npos || chunk[end] != close) return;
  for (std::string_view part : SplitTopLevel(chunk.substr(1, end - 1), ",")) {
    part = Trim(part);
    if (part.starts_with("...")) part = Trim(part.substr(3));
    if (size_t eq = FindTopLevel(part, "="); eq != std::string_view::npos) {
      part = Trim(part.substr(0, eq));
    }
    if (size_t colon = FindTopLevel(part, ":"); colon != std::string_view::npos && close == '}') {
      part = Trim(part.substr(colon + 1));
    }
    if (!part.empty() && (part[0] == '{' || part[0] == '[')) {
      DestructuredNames(part, out);
      continue;
    }
    bool ident = !part.empty() && IsIdentStart(part[0]) &&
                 std::all_of(part.begin(), part.end(), [](char c) { return IsIdent(c); });
    if (ident) out->emplace_back(part);
  }
}

}  // namespace

// `header` without the attributes, annotations and decorators in front of
// the signature (`[CLSCompliant(false)]`, `#[inline]`, `@Throws(X::class)`,
// `@app.route("/")`): their parentheses are not the parameter list.
std::string WithoutLeadingAttributes(std::string header) {
  for (int guard = 0; guard < 16; ++guard) {
    size_t at = 0;
    if (header.starts_with("#[")) {
      at = 1;
    } else if (!header.starts_with("[") && !header.starts_with("@")) {
      break;
    }
    size_t end = at;
    if (header[at] == '[') {
      int depth = 0;
      for (; end < header.size(); ++end) {
        depth += header[end] == '[' ? 1 : header[end] == ']' ? -1 : 0;
        if (depth == 0) break;
      }
    } else {
      ++end;  // '@'
      while (end < header.size() &&
             (std::isalnum(static_cast<unsigned char>(header[end])) || header[end] == '_' ||
              header[end] == '.' || header[end] == ':')) {
        ++end;
      }
      if (end < header.size() && header[end] == '(') {
        int depth = 0;
        for (; end < header.size(); ++end) {
          depth += header[end] == '(' ? 1 : header[end] == ')' ? -1 : 0;
          if (depth == 0) break;
        }
      } else {
        --end;
      }
    }
    if (end >= header.size()) break;  // unbalanced: leave it as written
    header = std::string(Trim(std::string_view(header).substr(end + 1)));
  }
  return header;
}

std::string HeaderText(const std::vector<std::string_view>& lines, int first) {
  std::string out;
  for (int i = first; i >= 1 && i <= static_cast<int>(lines.size()) && i < first + 8; ++i) {
    if (!out.empty()) out += ' ';
    out += Trim(lines[i - 1]);
    out = WithoutLeadingAttributes(std::move(out));
    if (out.find('{') != std::string::npos || out.ends_with(":")) break;
    // An expression body (C#'s and Java's `=>`/`->` one-liners) or a
    // declaration without a body ends the header: the lines below are other
    // members, whose `public` is not this one's (twenty-second grading:
    // AutoMapper's private `ThrowInvalidMap() => throw ...` read as public).
    if (out.find(") =>") != std::string::npos || out.ends_with(";")) break;
  }
  return out;
}

ConditionLanguage::ConditionLanguage(std::string_view language)
    : saved_(t_null_macro), saved_ruby_(t_ruby), saved_c_types_(t_c_types) {
  t_c_types = language.empty() || language == "c" || language == "cpp";
  t_null_macro = language.empty() || language == "c" || language == "cpp" || language == "php";
  t_ruby = language == "ruby";
}

ConditionLanguage::~ConditionLanguage() {
  t_null_macro = saved_;
  t_ruby = saved_ruby_;
  t_c_types = saved_c_types_;
}

std::string DescribeCondition(std::string_view expr, bool polarity) {
  return Describe(expr, polarity, 0);
}

// `(error = git_repository_config_snapshot(&cfg, repo)) < 0` not taken: an
// earlier call succeeded and its failure was handed back. That says nothing
// of this error, and "make it fail" is no advice.
bool PassedCallCheck(const PathCondition& c) {
  static const RE2* const re =
      new RE2(R"(\(?\s*(?:\w+\s*=\s*)?[\w.:>-]+\(.*\)\s*\)?\s*(?:<\s*0|!=\s*0|==\s*-1))");
  return !c.polarity && RE2::FullMatch(c.expr, *re);
}

const PathCondition* DecisiveCondition(const ErrorSite& s) {
  for (auto it = s.conditions.rbegin(); it != s.conditions.rend(); ++it) {
    const std::string& e = it->expr;
    if (e.starts_with("except") || e.starts_with("catch") || e.starts_with("rescue")) continue;
    if (PassedCallCheck(*it)) continue;
    return &*it;
  }
  return nullptr;
}

std::vector<std::string> ParameterNames(std::string_view h, const std::string& language) {
  size_t open, close;
  if (!ParamSpan(h, &open, &close)) return {};
  std::vector<std::string> out;
  std::string_view params = h.substr(open + 1, close - open - 1);
  for (std::string_view chunk : SplitTopLevel(params, ",")) {
    if (language == "javascript" || language == "typescript") {
      std::string_view t = Trim(chunk);
      if (!t.empty() && (t[0] == '{' || t[0] == '[')) {
        DestructuredNames(t, &out);
        continue;
      }
    }
    std::string name = ParamName(chunk, language);
    if (!name.empty() && name != "self" && name != "cls" && name != "this") out.push_back(name);
  }
  return out;
}

std::string HeaderTail(std::string_view h) {
  size_t open, close;
  if (!ParamSpan(h, &open, &close)) return {};
  std::string_view tail = h.substr(close + 1);
  tail = tail.substr(0, tail.find('{'));
  return std::string(Trim(tail));
}

std::vector<std::string> VariablesRead(std::string_view expr) {
  std::vector<std::string> out;
  std::set<std::string_view> seen;
  char quote = 0;
  for (size_t i = 0; i < expr.size();) {
    char c = expr[i];
    if (quote) {
      if (c == '\\') ++i;
      if (c == quote) quote = 0;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'' || c == '`') {
      quote = c;
      ++i;
      continue;
    }
    if (!IsIdentStart(c) || (i > 0 && IsIdent(expr[i - 1]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < expr.size() && IsIdent(expr[j])) ++j;
    std::string_view w = expr.substr(i, j - i);
    bool member = (i >= 1 && expr[i - 1] == '.') || (i >= 2 && expr.substr(i - 2, 2) == "->") ||
                  (i >= 2 && expr.substr(i - 2, 2) == "::");
    size_t k = j;
    while (k < expr.size() && expr[k] == ' ') ++k;
    // `f(`, a Rust macro `m!(`; `x != y` is a comparison, not a macro.
    bool call =
        k < expr.size() &&
        (expr[k] == '(' || (expr[k] == '!' && (k + 1 == expr.size() || expr[k + 1] != '=')));
    // In Ruby a capitalised name is a constant (`Hash === value` reads `value`).
    bool constant =
        std::none_of(w.begin(), w.end(),
                     [](char ch) { return std::islower(static_cast<unsigned char>(ch)); }) ||
        (t_ruby && std::isupper(static_cast<unsigned char>(w.front())));
    bool scoped = j + 1 < expr.size() && expr.substr(j, 2) == "::";
    // A Ruby symbol (`respond_to?(:call)`) names a method, it reads nothing;
    // `x[1:n]` and `a::b` are not symbols.
    bool symbol = i >= 1 && expr[i - 1] == ':' &&
                  (i == 1 || !(IsIdent(expr[i - 2]) || expr[i - 2] == ':' || expr[i - 2] == ']' ||
                               expr[i - 2] == ')'));
    if (symbol) member = true;
    // Kotlin/Swift/TypeScript casts and type tests name types: `x as
    // List<Interceptor?>`, `y is Foo`.
    std::string_view before = Trim(expr.substr(0, i));
    bool type_name = before.ends_with(" as") || before.ends_with(" is") ||
                     before.ends_with("!is") || before.ends_with(" as?") ||
                     (i >= 1 && expr[i - 1] == '<' && std::isupper(static_cast<unsigned char>(c)));
    // `typeof(FlagsAttribute)`, `nameof(x)`, `sizeof(T)`: a type or a name, not a value read.
    // PHP/Java/JavaScript `$io instanceof IOInterface`: a class.
    type_name |= before.ends_with(" instanceof") || before.ends_with("typeof(") ||
                 before.ends_with("nameof(") || before.ends_with("sizeof(") ||
                 before.ends_with("alignof(");
    if (type_name || w == "as") member = true;
    if (!member && !call && !constant && !scoped && !Keyword(w) && seen.insert(w).second) {
      out.emplace_back(w);
    }
    i = j;
  }
  return out;
}

}  // namespace errdex
