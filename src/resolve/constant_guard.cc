// Constant guards (see constant_guard.h).
#include "resolve/constant_guard.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "util/text.h"

namespace errdex {
namespace {

bool IsIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A value that may be unknown: a variable, a call, a string.
struct Val {
  bool known = false;
  long long n = 0;
};
Val Known(long long n) { return {true, n}; }

// Recursive descent with C's precedence; an unknown operand makes the result
// unknown unless the known one decides (`0 && x`, `1 || x`, `0 & x`, `0 * x`).
class Evaluator {
 public:
  explicit Evaluator(std::string_view s) : s_(s) {}

  std::optional<Val> Run() {
    Val v;
    if (!Or(&v)) return std::nullopt;
    Skip();
    if (i_ != s_.size()) return std::nullopt;
    return v;
  }

 private:
  void Skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t')) ++i_;
  }
  bool Peek(std::string_view op) {
    Skip();
    return s_.substr(i_, op.size()) == op;
  }
  bool Eat(std::string_view op) {
    if (!Peek(op)) return false;
    i_ += op.size();
    return true;
  }
  // `&` but not `&&`, `|` but not `||`.
  bool EatSingle(char op) {
    Skip();
    if (i_ >= s_.size() || s_[i_] != op || (i_ + 1 < s_.size() && s_[i_ + 1] == op)) return false;
    ++i_;
    return true;
  }
  bool Or(Val* v) {
    if (!And(v)) return false;
    while (Eat("||")) {
      Val r;
      if (!And(&r)) return false;
      if ((v->known && v->n) || (r.known && r.n)) {
        *v = Known(1);
      } else {
        *v = v->known && r.known ? Known(0) : Val{};
      }
    }
    return true;
  }
  bool And(Val* v) {
    if (!BitOr(v)) return false;
    while (Eat("&&")) {
      Val r;
      if (!BitOr(&r)) return false;
      if ((v->known && !v->n) || (r.known && !r.n)) {
        *v = Known(0);
      } else {
        *v = v->known && r.known ? Known(1) : Val{};
      }
    }
    return true;
  }
  bool BitOr(Val* v) {
    if (!BitAnd(v)) return false;
    while (EatSingle('|')) {
      Val r;
      if (!BitAnd(&r)) return false;
      *v = v->known && r.known ? Known(v->n | r.n) : Val{};
    }
    return true;
  }
  bool BitAnd(Val* v) {
    if (!Compare(v)) return false;
    while (EatSingle('&')) {
      Val r;
      if (!Compare(&r)) return false;
      if ((v->known && v->n == 0) || (r.known && r.n == 0)) {
        *v = Known(0);
      } else {
        *v = v->known && r.known ? Known(v->n & r.n) : Val{};
      }
    }
    return true;
  }
  bool Compare(Val* v) {
    if (!Sum(v)) return false;
    // Longest operators first: `!==` before `!=`, `<=` before `<`.
    for (std::string_view op : {"===", "!==", "==", "!=", "<=", ">=", "<", ">"}) {
      if (!Eat(op)) continue;
      Val r;
      if (!Sum(&r)) return false;
      if (!v->known || !r.known) {
        *v = Val{};
        return true;
      }
      bool b = op == "===" || op == "=="   ? v->n == r.n
               : op == "!==" || op == "!=" ? v->n != r.n
               : op == "<="                ? v->n <= r.n
               : op == ">="                ? v->n >= r.n
               : op == "<"                 ? v->n < r.n
                                           : v->n > r.n;
      *v = Known(b ? 1 : 0);
      return true;
    }
    return true;
  }
  bool Sum(Val* v) {
    if (!Product(v)) return false;
    for (;;) {
      Skip();
      if (i_ >= s_.size() || (s_[i_] != '+' && s_[i_] != '-') || Peek("->")) return true;
      char op = s_[i_++];
      Val r;
      if (!Product(&r)) return false;
      *v = v->known && r.known ? Known(op == '+' ? v->n + r.n : v->n - r.n) : Val{};
    }
  }
  bool Product(Val* v) {
    if (!Unary(v)) return false;
    for (;;) {
      Skip();
      if (i_ >= s_.size() || (s_[i_] != '*' && s_[i_] != '/' && s_[i_] != '%')) return true;
      char op = s_[i_++];
      Val r;
      if (!Unary(&r)) return false;
      if (op != '*' && r.known && r.n == 0) return false;
      if (op == '*' && ((v->known && v->n == 0) || (r.known && r.n == 0))) {
        *v = Known(0);
      } else if (!v->known || !r.known) {
        *v = Val{};
      } else {
        *v = Known(op == '*' ? v->n * r.n : op == '/' ? v->n / r.n : v->n % r.n);
      }
    }
  }
  bool Unary(Val* v) {
    Skip();
    if (i_ < s_.size() && s_[i_] == '!' && s_.substr(i_, 2) != "!=") {
      ++i_;
      if (!Unary(v)) return false;
      if (v->known) *v = Known(v->n ? 0 : 1);
      return true;
    }
    if (i_ < s_.size() && s_[i_] == '-') {
      ++i_;
      if (!Unary(v)) return false;
      if (v->known) v->n = -v->n;
      return true;
    }
    if (Eat("(")) return Or(v) && Eat(")");
    if (i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'')) return String(v);
    if (i_ < s_.size() && IsIdentStart(s_[i_])) return Name(v);
    return Number(v);
  }
  bool Number(Val* v) {
    size_t start = i_;
    long long n = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_])) && i_ - start < 12) {
      n = n * 10 + (s_[i_++] - '0');
    }
    if (i_ == start) return false;
    // `2.5`, `0x10`, `2L`: not plain integers.
    if (i_ < s_.size() && (IsIdentChar(s_[i_]) || s_[i_] == '.')) return false;
    *v = Known(n);
    return true;
  }
  bool String(Val* v) {
    char q = s_[i_++];
    while (i_ < s_.size() && s_[i_] != q) i_ += s_[i_] == '\\' ? 2 : 1;
    if (i_ >= s_.size()) return false;
    ++i_;
    *v = Val{};
    return true;
  }
  // A variable, a member (`a->b.c`), a call or an index: unknown, but for
  // the constants `NULL`, `true` and `false`.
  bool Name(Val* v) {
    size_t start = i_;
    while (i_ < s_.size() && (IsIdentChar(s_[i_]) || s_[i_] == '$')) ++i_;
    std::string_view name = s_.substr(start, i_ - start);
    bool plain = true;
    for (;;) {
      if (Eat(".") || Eat("->") || Eat("::")) {
        Skip();
        size_t m = i_;
        while (i_ < s_.size() && IsIdentChar(s_[i_])) ++i_;
        if (i_ == m) return false;
      } else if (Peek("(") || Peek("[")) {
        if (!Balanced()) return false;
      } else {
        break;
      }
      plain = false;
    }
    *v = Val{};
    if (plain && (name == "NULL" || name == "false" || name == "False")) *v = Known(0);
    if (plain && (name == "true" || name == "True")) *v = Known(1);
    return true;
  }
  bool Balanced() {
    int depth = 0;
    for (; i_ < s_.size(); ++i_) {
      char c = s_[i_];
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      if (depth == 0) {
        ++i_;
        return true;
      }
    }
    return false;
  }

  std::string_view s_;
  size_t i_ = 0;
};

// Python's `and`, `or` and `not` as C's operators (outside quotes).
std::string COperators(std::string_view expr) {
  std::string out;
  for (size_t i = 0; i < expr.size();) {
    char c = expr[i];
    if (c == '"' || c == '\'') {
      size_t end = expr.find(c, i + 1);
      end = end == std::string_view::npos ? expr.size() : end + 1;
      out.append(expr.substr(i, end - i));
      i = end;
      continue;
    }
    bool word_start = (i == 0 || !IsIdentChar(expr[i - 1])) && IsIdentStart(c);
    if (!word_start) {
      out += c;
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < expr.size() && IsIdentChar(expr[end])) ++end;
    std::string_view w = expr.substr(i, end - i);
    out += w == "and" ? "&&" : w == "or" ? "||" : w == "not" ? "!" : std::string(w);
    i = end;
  }
  return out;
}

bool IsSentinelName(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && s[i] == '_') ++i;
  if (i >= s.size() || !std::isupper(static_cast<unsigned char>(s[i]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) ||
           std::isdigit(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool IsInteger(std::string_view s) {
  return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c));
  });
}

// A constant a Python `is` compares: a literal or an UPPER_CASE name.
bool IsConstantAtom(std::string_view s) {
  if (s == "None" || s == "True" || s == "False" || IsInteger(s) || IsSentinelName(s)) return true;
  return s.size() >= 2 && (s[0] == '"' || s[0] == '\'') && s.back() == s[0] &&
         s.substr(1, s.size() - 2).find(s[0]) == std::string_view::npos;
}

// The constant a call passes, as the condition would spell it, or "".
std::string ConstantArgument(const Template* t) {
  if (t == nullptr || t->pieces().size() != 1) return "";
  const Piece& p = t->pieces()[0];
  std::string text(Trim(p.is_hole ? p.expr : p.text));
  if (IsInteger(text)) return text;
  if (!p.is_hole) {
    if (text.size() > 60 || text.find_first_of("\"\\\n") != std::string::npos) return "";
    return "\"" + std::string(p.text) + "\"";
  }
  bool named = text == "NULL" || text == "None" || text == "true" || text == "false" ||
               text == "True" || text == "False" || IsSentinelName(text);
  return named ? text : "";
}

// The caller's parameter a call passes on unchanged, or "".
std::string ForwardedParameter(const Template* t, const std::vector<std::string>& caller_params) {
  if (t == nullptr || t->pieces().size() != 1 || !t->pieces()[0].is_hole) return "";
  std::string expr(Trim(t->pieces()[0].expr));
  bool found = std::find(caller_params.begin(), caller_params.end(), expr) != caller_params.end();
  return found ? expr : "";
}

// `expr` with each parameter replaced by what `value(args[i])` gives, all at
// once (a call `f(b, a)` swaps them). `*mentioned`: some parameter occurs;
// `*unresolved`: one that occurs has no value ("").
template <typename F>
std::string Substitute(std::string expr, const std::vector<std::string>& params,
                       const std::vector<const Template*>& args, F value, bool* mentioned,
                       bool* unresolved) {
  std::vector<std::string> values;
  for (size_t i = 0; i < params.size(); ++i) {
    std::string v = i < args.size() ? value(args[i]) : "";
    values.push_back(v);
    if (params[i].empty()) continue;
    std::string marker = "\x01" + std::to_string(i) + "\x02";
    std::string replaced = ReplaceVariable(expr, params[i], marker);
    // PHP parameters are named without their `$` in some facts.
    if (replaced == expr && params[i][0] != '$')
      replaced = ReplaceVariable(expr, "$" + params[i], marker);
    if (replaced == expr) continue;
    *mentioned = true;
    *unresolved |= v.empty();
    expr = replaced;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    std::string marker = "\x01" + std::to_string(i) + "\x02";
    std::string v = values[i].empty() ? params[i] : values[i];
    for (size_t at = expr.find(marker); at != std::string::npos;
         at = expr.find(marker, at + v.size())) {
      expr.replace(at, marker.size(), v);
    }
  }
  return expr;
}

// Whether every variable `expr` reads (not a member, not a called name) is
// one of `allowed`, an UPPER_CASE constant or a language constant.
bool ReadsOnly(std::string_view expr, const std::vector<std::string>& allowed) {
  static const std::vector<std::string_view> kWords = {"and",   "or",   "not",       "is",   "in",
                                                       "None",  "True", "False",     "NULL", "true",
                                                       "false", "null", "undefined", "nil"};
  for (size_t i = 0; i < expr.size();) {
    char c = expr[i];
    if (c == '"' || c == '\'') {
      size_t end = expr.find(c, i + 1);
      if (end == std::string_view::npos) return false;
      i = end + 1;
      continue;
    }
    if (!IsIdentStart(c) || (i > 0 && IsIdentChar(expr[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < expr.size() && (IsIdentChar(expr[end]) || expr[end] == '$')) ++end;
    std::string w(expr.substr(i, end - i));
    std::string_view before = Trim(expr.substr(0, i));
    size_t next = expr.find_first_not_of(' ', end);
    bool member = before.ends_with(".") || before.ends_with("->") || before.ends_with("::");
    bool called = next != std::string_view::npos && expr[next] == '(';
    bool ok = member || called || IsSentinelName(w) ||
              std::find(kWords.begin(), kWords.end(), w) != kWords.end() ||
              std::find(allowed.begin(), allowed.end(), w) != allowed.end();
    if (!ok) return false;
    i = end;
  }
  return true;
}

// `p is S` / `p is not S` with S a sentinel name (`default is NOTSET`): a
// call that gives `p` anything but S itself, or a caller's parameter that
// may carry it on, passes something other than the sentinel. Sets `*value`
// to the test's result.
bool GivenArgumentDecidesSentinel(std::string_view expr, const std::vector<std::string>& params,
                                  const std::vector<const Template*>& args,
                                  const std::vector<std::string>& caller_params, long long* value) {
  std::string_view e = Trim(expr);
  while (e.size() >= 2 && e.front() == '(' && e.back() == ')') e = Trim(e.substr(1, e.size() - 2));
  bool negated = e.find(" is not ") != std::string_view::npos;
  size_t at = negated ? e.find(" is not ") : e.find(" is ");
  if (at == std::string_view::npos) return false;
  std::string_view p = Trim(e.substr(0, at)), sentinel = Trim(e.substr(at + (negated ? 8 : 4)));
  if (!IsSentinelName(sentinel)) return false;
  for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
    if (params[i] != p || args[i] == nullptr || args[i]->pieces().empty()) continue;
    if (!ForwardedParameter(args[i], caller_params).empty()) return false;
    if (args[i]->Display().find(sentinel) != std::string::npos) return false;
    *value = negated ? 1 : 0;
    return true;
  }
  return false;
}

}  // namespace

bool EvaluateInteger(std::string_view expr, long long* value) {
  std::optional<Val> v = Evaluator(COperators(expr)).Run();
  if (!v || !v->known) return false;
  *value = v->n;
  return true;
}

bool EvaluateIdentity(std::string_view expr, long long* value) {
  std::string_view e = Trim(expr);
  while (e.size() >= 2 && e.front() == '(' && e.back() == ')') e = Trim(e.substr(1, e.size() - 2));
  bool negated = false;
  size_t at = e.find(" is not ");
  size_t len = 8;
  if (at != std::string_view::npos) {
    negated = true;
  } else {
    at = e.find(" is ");
    len = 4;
  }
  if (at == std::string_view::npos) return false;
  std::string_view a = Trim(e.substr(0, at)), b = Trim(e.substr(at + len));
  if (!IsConstantAtom(a) || !IsConstantAtom(b)) return false;
  *value = (a == b) != negated ? 1 : 0;
  return true;
}

bool ConstantArgumentsPassGuard(const std::vector<PathCondition>& conditions,
                                const std::vector<std::string>& params,
                                const std::vector<const Template*>& args,
                                const std::vector<std::string>& caller_params) {
  for (const PathCondition& c : conditions) {
    bool mentioned = false, unresolved = false;
    std::string expr = Substitute(c.expr, params, args, ConstantArgument, &mentioned, &unresolved);
    long long v = 0;
    bool known = GivenArgumentDecidesSentinel(c.expr, params, args, caller_params, &v) ||
                 (mentioned && (EvaluateIdentity(expr, &v) || EvaluateInteger(expr, &v)));
    if (known && (v != 0) != c.polarity) return true;
  }
  return false;
}

std::vector<PathCondition> ConditionsForCaller(const std::vector<PathCondition>& conditions,
                                               const std::vector<std::string>& params,
                                               const std::vector<const Template*>& args,
                                               const std::vector<std::string>& caller_params) {
  std::vector<PathCondition> out;
  auto value = [&](const Template* t) {
    std::string forwarded = ForwardedParameter(t, caller_params);
    return forwarded.empty() ? ConstantArgument(t) : forwarded;
  };
  for (const PathCondition& c : conditions) {
    bool mentioned = false, unresolved = false;
    std::string expr = Substitute(c.expr, params, args, value, &mentioned, &unresolved);
    if (mentioned && !unresolved && ReadsOnly(expr, caller_params)) {
      out.push_back({expr, c.polarity, c.line});
    }
  }
  return out;
}

}  // namespace errdex
