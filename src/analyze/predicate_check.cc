// Predicate check (see predicate_check.h). Only methods of the same object
// count: a bare `is_x()` in Python, JavaScript, Go or Rust is a free function
// whose arguments errdex does not see, so it is left alone.
#include "analyze/predicate_check.h"

#include <regex>

namespace errdex {
namespace {

// Languages where a bare call inside a method calls the object's method.
bool ImplicitReceiver(const std::string& language) {
  return language == "cpp" || language == "java" || language == "kotlin" || language == "csharp" ||
         language == "ruby";
}

bool DeclaredHidden(const std::string& name, const std::vector<std::string_view>& lines) {
  std::string open = name + "(";
  for (std::string_view l : lines) {
    if (l.find(open) == std::string_view::npos) continue;
    if (l.find("private") != std::string_view::npos ||
        l.find("protected") != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<PredicateCheck> PredicateGuard(const PathCondition& c, const std::string& language,
                                             const std::vector<std::string_view>& lines) {
  static const std::regex kQuery(
      R"(^\s*(!|not\s+)?\s*(?:(self|this|\$this|@)(?:\.|->|::)?)?((?:is|has|can|Is|Has|Can)(?:_[a-z]\w*|[A-Z]\w*))\(\s*\)\s*$)");
  std::smatch m;
  if (!std::regex_match(c.expr, m, kQuery)) return std::nullopt;
  bool bare = !m[2].matched;
  if (bare && !ImplicitReceiver(language)) return std::nullopt;
  std::string name = m[3].str();
  if (DeclaredHidden(name, lines)) return std::nullopt;
  // The expression's value on the path is `polarity`; a negation flips it.
  bool negated = m[1].matched;
  return PredicateCheck{name + "()", negated ? !c.polarity : c.polarity};
}

}  // namespace errdex
