// Constant guards (see constant_guard.h).
#include "resolve/constant_guard.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

// Recursive descent over integers; any other token makes the result unknown.
class Evaluator {
 public:
  explicit Evaluator(std::string_view s) : s_(s) {}

  bool Run(long long* out) {
    long long v = 0;
    if (!Or(&v)) return false;
    Skip();
    if (i_ != s_.size()) return false;
    *out = v;
    return true;
  }

 private:
  void Skip() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
  }
  bool Eat(std::string_view op) {
    Skip();
    if (s_.substr(i_, op.size()) != op) return false;
    i_ += op.size();
    return true;
  }
  bool Or(long long* v) {
    if (!And(v)) return false;
    while (Eat("||")) {
      long long r = 0;
      if (!And(&r)) return false;
      *v = (*v || r) ? 1 : 0;
    }
    return true;
  }
  bool And(long long* v) {
    if (!Compare(v)) return false;
    while (Eat("&&")) {
      long long r = 0;
      if (!Compare(&r)) return false;
      *v = (*v && r) ? 1 : 0;
    }
    return true;
  }
  bool Compare(long long* v) {
    if (!Sum(v)) return false;
    // Longest operators first: `!==` before `!=`, `<=` before `<`.
    for (std::string_view op : {"===", "!==", "==", "!=", "<=", ">=", "<", ">"}) {
      if (!Eat(op)) continue;
      long long r = 0;
      if (!Sum(&r)) return false;
      bool b = op == "===" || op == "=="   ? *v == r
               : op == "!==" || op == "!=" ? *v != r
               : op == "<="                ? *v <= r
               : op == ">="                ? *v >= r
               : op == "<"                 ? *v < r
                                           : *v > r;
      *v = b ? 1 : 0;
      return true;
    }
    return true;
  }
  bool Sum(long long* v) {
    if (!Product(v)) return false;
    for (;;) {
      Skip();
      if (i_ >= s_.size() || (s_[i_] != '+' && s_[i_] != '-')) return true;
      char op = s_[i_++];
      long long r = 0;
      if (!Product(&r)) return false;
      *v = op == '+' ? *v + r : *v - r;
    }
  }
  bool Product(long long* v) {
    if (!Unary(v)) return false;
    for (;;) {
      Skip();
      if (i_ >= s_.size() || (s_[i_] != '*' && s_[i_] != '/' && s_[i_] != '%')) return true;
      char op = s_[i_++];
      long long r = 0;
      if (!Unary(&r)) return false;
      if (op != '*' && r == 0) return false;
      *v = op == '*' ? *v * r : op == '/' ? *v / r : *v % r;
    }
  }
  bool Unary(long long* v) {
    Skip();
    if (i_ < s_.size() && s_[i_] == '!' && s_.substr(i_, 2) != "!=") {
      ++i_;
      if (!Unary(v)) return false;
      *v = *v ? 0 : 1;
      return true;
    }
    if (i_ < s_.size() && s_[i_] == '-') {
      ++i_;
      if (!Unary(v)) return false;
      *v = -*v;
      return true;
    }
    if (Eat("(")) {
      if (!Or(v) || !Eat(")")) return false;
      return true;
    }
    size_t start = i_;
    long long n = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_])) && i_ - start < 12) {
      n = n * 10 + (s_[i_++] - '0');
    }
    if (i_ == start) return false;
    // `2.5`, `0x10`, `2L`: not plain integers.
    if (i_ < s_.size() &&
        (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' || s_[i_] == '_')) {
      return false;
    }
    *v = n;
    return true;
  }

  std::string_view s_;
  size_t i_ = 0;
};

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `expr` with each whole-word `name` (`$seconds`, `seconds`) replaced.
std::string Replace(std::string expr, const std::string& name, const std::string& value) {
  for (size_t at = expr.find(name); at != std::string::npos; at = expr.find(name, at)) {
    bool left = at == 0 || !(IsIdentChar(expr[at - 1]) || expr[at - 1] == '.' ||
                             (name[0] != '$' && expr[at - 1] == '$'));
    size_t end = at + name.size();
    bool right = end >= expr.size() || !IsIdentChar(expr[end]);
    if (!left || !right) {
      at = end;
      continue;
    }
    expr.replace(at, name.size(), value);
    at += value.size();
  }
  return expr;
}

// The integer literal a call passes, or "".
std::string IntegerLiteral(const Template* t) {
  if (t == nullptr || t->pieces().size() != 1) return "";
  const Piece& p = t->pieces()[0];
  std::string text(Trim(p.is_hole ? p.expr : p.text));
  if (text.empty() || text.size() > 9) return "";
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return "";
  }
  return text;
}

}  // namespace

bool EvaluateInteger(std::string_view expr, long long* value) { return Evaluator(expr).Run(value); }

bool ConstantArgumentsPassGuard(const std::vector<PathCondition>& conditions,
                                const std::vector<std::string>& params,
                                const std::vector<const Template*>& args) {
  for (const PathCondition& c : conditions) {
    std::string expr = c.expr;
    bool changed = false;
    for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
      std::string literal = IntegerLiteral(args[i]);
      if (literal.empty() || params[i].empty()) continue;
      std::string replaced = Replace(expr, params[i], literal);
      // PHP parameters are named without their `$` in some facts.
      if (replaced == expr && params[i][0] != '$')
        replaced = Replace(expr, "$" + params[i], literal);
      changed |= replaced != expr;
      expr = replaced;
    }
    long long v = 0;
    if (changed && EvaluateInteger(expr, &v) && (v != 0) != c.polarity) return true;
  }
  return false;
}

}  // namespace errdex
