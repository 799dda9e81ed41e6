// Assertion predicates (see assertion_predicate.h).
#include "analyze/assertion_predicate.h"

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

// Calls whose first argument must hold, else they raise: Kotlin, Rust,
// Swift, Guava, Node's `assert`.
constexpr std::string_view kAsserts[] = {"require(",
                                         "check(",
                                         "assert!(",
                                         "debug_assert!(",
                                         "ensure!(",
                                         "precondition(",
                                         "checkArgument(",
                                         "checkState(",
                                         "Preconditions.checkArgument(",
                                         "Preconditions.checkState(",
                                         "assert("};

constexpr int kMaxLines = 12;

}  // namespace

std::string AssertionPredicate(const std::vector<std::string_view>& lines, int line) {
  if (line < 1 || line > static_cast<int>(lines.size())) return "";
  std::string_view first = Trim(lines[line - 1]);
  size_t open = std::string_view::npos;
  for (std::string_view a : kAsserts) {
    if (first.starts_with(a)) {
      open = a.size() - 1;
      break;
    }
  }
  if (open == std::string_view::npos) return "";
  std::string text;
  for (int n = line; n <= static_cast<int>(lines.size()) && n < line + kMaxLines; ++n) {
    text += std::string(Trim(lines[n - 1])) + " ";
  }
  text = text.substr(open);  // `text` starts with `first`
  // From the `(` to the first top-level `,` or the closing `)`.
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) return CollapseSpace(text.substr(1, i - 1));
    } else if (c == ',' && depth == 1) {
      return CollapseSpace(text.substr(1, i - 1));
    }
  }
  return "";
}

void AddAssertionPredicate(const std::vector<std::string_view>& lines, ErrorSite* site) {
  for (const PathCondition& c : site->conditions) {
    if (c.line == site->line) return;
  }
  std::string pred = AssertionPredicate(lines, site->line);
  // `assert(false, ..)`, `check(x)` with a lambda: nothing to read.
  if (pred.empty() || pred == "false" || pred.find('{') != std::string::npos) return;
  site->conditions.push_back({pred, false, site->line});
}

}  // namespace errdex
