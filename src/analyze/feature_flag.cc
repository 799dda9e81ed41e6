// Feature flags (see feature_flag.h).
#include "analyze/feature_flag.h"

#include <cctype>
#include <string_view>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

// The top-level `&&` operands of `e`; nullopt when it has a top-level `||`
// or unbalanced parentheses.
std::optional<std::vector<std::string_view>> Conjuncts(std::string_view e) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    char c = e[i];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth < 0) return std::nullopt;
    if (depth == 0 && i + 1 < e.size() && e[i] == e[i + 1] && (c == '&' || c == '|')) {
      if (c == '|') return std::nullopt;
      out.push_back(Trim(e.substr(start, i - start)));
      start = i + 2;
      ++i;
    }
  }
  if (depth != 0) return std::nullopt;
  out.push_back(Trim(e.substr(start)));
  return out;
}

bool IsConstantName(std::string_view n) {
  bool upper = false;
  for (char c : n) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
    if (std::isupper(static_cast<unsigned char>(c))) upper = true;
  }
  return upper;
}

// `[!][recv.]isEnabled(Type.CONSTANT)`: the feature and whether it is
// negated; nullopt for anything else.
std::optional<std::pair<std::string, bool>> FeatureTest(std::string_view t) {
  bool negated = t.starts_with("!");
  if (negated) t = Trim(t.substr(1));
  size_t open = t.find('(');
  if (open == std::string_view::npos || !t.ends_with(")")) return std::nullopt;
  std::string_view callee = t.substr(0, open);
  size_t dot = callee.rfind('.');
  std::string_view name = dot == std::string_view::npos ? callee : callee.substr(dot + 1);
  if (name != "isEnabled" && name != "isFeatureEnabled") return std::nullopt;
  std::string_view arg = Trim(t.substr(open + 1, t.size() - open - 2));
  size_t last = arg.rfind('.');
  if (last == std::string_view::npos || !IsConstantName(arg.substr(last + 1))) return std::nullopt;
  for (char c : arg) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return std::nullopt;
  }
  return std::make_pair(std::string(arg), negated);
}

}  // namespace

std::optional<FeatureFlag> FeatureFlagOf(const PathCondition& c) {
  std::optional<std::vector<std::string_view>> parts = Conjuncts(c.expr);
  if (!parts) return std::nullopt;
  // On the false side only a lone test says which position raises.
  if (!c.polarity && parts->size() != 1) return std::nullopt;
  for (std::string_view p : *parts) {
    if (auto test = FeatureTest(p)) {
      return FeatureFlag{test->first, test->second != c.polarity};
    }
  }
  return std::nullopt;
}

std::string FeatureFlagAdvice(const FeatureFlag& f, int line) {
  return std::string(f.raise_when_enabled ? "Disable" : "Enable") + " `" + f.feature +
         "`: the check at line " + std::to_string(line) + " raises this only while it is " +
         (f.raise_when_enabled ? "enabled" : "disabled");
}

}  // namespace errdex
