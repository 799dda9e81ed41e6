// Unpassed state (unpassed_state.h).
#include "analyze/unpassed_state.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `f(a, &name)`: the call writes `name`; `a & name` is a bitwise and.
bool AddressTaken(std::string_view expr, std::string_view name) {
  for (size_t at = expr.find(name); at != std::string_view::npos; at = expr.find(name, at + 1)) {
    if (at == 0 || expr[at - 1] != '&') continue;
    size_t end = at + name.size();
    if (end < expr.size() && IdentChar(expr[end])) continue;
    size_t k = at - 1;
    while (k > 0 && expr[k - 1] == ' ') --k;
    if (k == 0 || expr[k - 1] == '(' || expr[k - 1] == ',') return true;
  }
  return false;
}

bool Constant(std::string_view name) {
  bool upper = false;
  for (char c : name) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
    upper |= std::isupper(static_cast<unsigned char>(c)) != 0;
  }
  return upper;
}

// Whether the function moves `name` before the check: `name++`, `name +=
// 4`, a loop over it, or a second assignment. A cursor or an index, not a
// bound computed once (Polly's `resolutionOfCircuit`, which the caller's
// argument is rightly compared with).
bool MovedBefore(std::string_view name, const std::vector<std::string_view>& lines,
                 int function_line, int check_line) {
  std::string n(name);
  int assigned = 0;
  for (int i = function_line + 1; i < check_line && i <= static_cast<int>(lines.size()); ++i) {
    std::string_view l = lines[i - 1];
    if (!ContainsIdentifier(l, name)) continue;
    const std::vector<std::string> steps = {n + "++",
                                            "++" + n,
                                            n + "--",
                                            "--" + n,
                                            n + " +=",
                                            n + " -=",
                                            "for " + n + " in ",
                                            "for (" + n + " =",
                                            "for (int " + n};
    for (const std::string& step : steps) {
      if (l.find(step) != std::string_view::npos) return true;
    }
    for (size_t at = l.find(n + " = "); at != std::string_view::npos;
         at = l.find(n + " = ", at + 1)) {
      if (at == 0 || !IdentChar(l[at - 1])) ++assigned;
    }
  }
  return assigned >= 2;
}

// Whether `name` is assigned the result of a call given one of `params`
// before the check: `size_t written = std::fwrite(ptr, 1, count, stream)`
// (fmt's fwrite_all). It is what the call did with the caller's values --
// an outcome no caller chooses -- not a bound computed once from constants
// (`var limit = Tick(1)`).
bool CallOutcome(std::string_view name, const std::vector<std::string>& params,
                 const std::vector<std::string_view>& lines, int function_line, int check_line) {
  std::string n(name);
  for (int i = function_line + 1; i < check_line && i <= static_cast<int>(lines.size()); ++i) {
    std::string_view l = lines[i - 1];
    size_t at = l.find(n + " = ");
    while (at != std::string_view::npos && at > 0 && IdentChar(l[at - 1])) {
      at = l.find(n + " = ", at + 1);
    }
    if (at == std::string_view::npos) continue;
    std::string_view rhs = Trim(l.substr(at + n.size() + 3));
    if (rhs.starts_with("await ")) rhs.remove_prefix(6);
    size_t k = 0;
    while (k < rhs.size() && (IdentChar(rhs[k]) || rhs[k] == '.' || rhs[k] == ':' ||
                              rhs[k] == '>' || rhs[k] == '-')) {
      ++k;
    }
    if (k == 0 || k >= rhs.size() || rhs[k] != '(') continue;
    std::string_view args = rhs.substr(k);
    for (const std::string& p : params) {
      if (!p.empty() && ContainsIdentifier(args, p)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> ComputedLocals(const std::vector<std::string>& own, std::string_view expr,
                                        const std::vector<std::string_view>& lines,
                                        int function_line, int check_line,
                                        const std::vector<std::string>& params) {
  std::vector<std::string> out;
  if (function_line < 1) return out;
  for (const std::string& x : own) {
    std::string_view name = x;
    while (!name.empty() && (name[0] == '$' || name[0] == '@')) name.remove_prefix(1);
    if (name.empty() || Constant(name) || AddressTaken(expr, name)) continue;
    if (MovedBefore(name, lines, function_line, check_line) ||
        CallOutcome(name, params, lines, function_line, check_line)) {
      out.push_back(x);
    }
  }
  return out;
}

std::vector<std::string> UnpassedState(const std::vector<std::string>& own, std::string_view expr,
                                       const std::vector<std::string_view>& lines,
                                       int function_line, int check_line, bool callable) {
  std::vector<std::string> out;
  if (!callable || function_line < 1) return out;
  for (const std::string& x : own) {
    std::string_view name = x;
    while (!name.empty() && (name[0] == '$' || name[0] == '@')) name.remove_prefix(1);
    if (name.empty() || AddressTaken(expr, name)) continue;
    bool seen = false;
    for (int i = function_line; i < check_line && i <= static_cast<int>(lines.size()); ++i) {
      seen |= ContainsIdentifier(lines[i - 1], name);
    }
    if (!seen) out.push_back(x);
  }
  return out;
}

}  // namespace errdex
