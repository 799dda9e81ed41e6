// Conflicting settings (see conflicting_settings.h). Terms are split at the
// top level only; a term with a call, arithmetic or a comparison of two
// fields is no setting the caller picked, and the whole rule is dropped.
#include "analyze/conflicting_settings.h"

#include <re2/re2.h>

#include <algorithm>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxTerms = 3;

std::string Code(std::string_view s) { return "`" + std::string(s) + "`"; }

std::string_view Unparen(std::string_view s) {
  s = Trim(s);
  while (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
    int depth = 0;
    bool whole = true;
    for (size_t i = 0; i < s.size(); ++i) {
      depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < s.size()) whole = false;
    }
    if (!whole) break;
    s = Trim(s.substr(1, s.size() - 2));
  }
  return s;
}

// The top-level terms of a conjunction (`&&` or ` and `).
std::vector<std::string> Terms(const std::string& expr) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < expr.size(); ++i) {
    char c = expr[i];
    depth += (c == '(' || c == '[') ? 1 : (c == ')' || c == ']') ? -1 : 0;
    if (depth != 0) continue;
    size_t len = expr.compare(i, 2, "&&") == 0 ? 2 : expr.compare(i, 5, " and ") == 0 ? 5 : 0;
    if (len == 0) continue;
    out.push_back(std::string(Unparen(std::string_view(expr).substr(start, i - start))));
    start = i + len;
    i += len - 1;
  }
  out.push_back(std::string(Unparen(std::string_view(expr).substr(start))));
  return out;
}

// One term in the caller's terms: what to do so that it no longer holds.
std::string Alternative(std::string_view term, const std::vector<std::string>& params) {
  static const RE2 kField(R"((\w+)(?:\.|->)\w+)");
  static const RE2 kConstant(R"([A-Za-z_][\w:.]*|-?\d+(?:\.\d+)?|"[^"]*"|'[^']*')");
  // A field of an options argument (`db_options`, `opts`, `config`,
  // `cfg`): a struct the caller filled in. Other arguments' fields
  // (`ref1->fetch_head_status`) are the library's own state.
  auto is_param_field = [&](std::string_view f) {
    std::string base;
    if (!RE2::FullMatch(f, kField, &base) ||
        std::find(params.begin(), params.end(), base) == params.end()) {
      return false;
    }
    std::string lower = ToLower(base);
    for (const char* w : {"opt", "conf", "cfg", "setting"}) {
      if (lower.find(w) != std::string::npos) return true;
    }
    return false;
  };
  bool negated = false;
  if (term.starts_with("!") && !term.starts_with("!=")) {
    negated = true;
    term = Unparen(term.substr(1));
  } else if (term.starts_with("not ")) {
    negated = true;
    term = Unparen(term.substr(4));
  }
  for (std::string_view op : {"==", "!="}) {
    size_t at = term.find(op);
    if (at == std::string_view::npos) continue;
    if (negated) return "";
    std::string_view lhs = Trim(term.substr(0, at)), rhs = Trim(term.substr(at + 2));
    if (!is_param_field(lhs) || !RE2::FullMatch(rhs, kConstant) || is_param_field(rhs)) return "";
    if (rhs == "nullptr" || rhs == "NULL" || rhs == "nil" || rhs == "None" || rhs == "null") {
      return "";  // a missing object, not a setting
    }
    return op == "==" ? "use a " + Code(lhs) + " other than " + Code(rhs)
                      : "set " + Code(lhs) + " to " + Code(rhs);
  }
  std::string plain(term);
  for (size_t at; (at = plain.find("->")) != std::string::npos;) plain.replace(at, 2, ".");
  if (plain.find_first_of("<>=+*/%&|?( ") != std::string::npos) return "";
  if (!is_param_field(term)) return "";
  return "set " + Code(term) + " to " + (negated ? "true" : "false");
}

}  // namespace

std::string ConflictingSettings(const std::string& expr, const std::vector<std::string>& params) {
  std::string flat;
  for (char c : expr) {
    if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    if (c == ' ' && !flat.empty() && flat.back() == ' ') continue;
    flat += c;
  }
  std::vector<std::string> terms = Terms(std::string(Unparen(flat)));
  if (terms.size() < 2 || terms.size() > kMaxTerms) return "";
  std::vector<std::string> alternatives, fields;
  for (const std::string& t : terms) {
    std::string a = Alternative(t, params);
    if (a.empty()) return "";
    // Two tests of one field (`x != A && x != B`) are a list of allowed
    // values, not settings that clash.
    size_t open = a.find('`');
    std::string field = a.substr(open, a.find('`', open + 1) - open + 1);
    if (std::find(fields.begin(), fields.end(), field) != fields.end()) return "";
    fields.push_back(field);
    alternatives.push_back(std::move(a));
  }
  std::string out = alternatives[0];
  for (size_t i = 1; i < alternatives.size(); ++i) {
    out += (i + 1 == alternatives.size() ? ", or " : ", ") + alternatives[i];
  }
  return out;
}

}  // namespace errdex
