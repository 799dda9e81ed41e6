// Checked parameters (see checked_params.h). A scan of the condition text:
// every `name(` it calls must be a string or character function.
#include "extract/cpp/checked_params.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

#include "resolve/link.h"

namespace errdex::cpp {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Functions whose result depends only on the text they are given.
bool TextFunction(std::string_view name) {
  static const std::set<std::string_view> kText = {
      "strlen",  "strchr",  "strrchr",   "strcmp",     "strncmp", "strcasecmp",  "strncasecmp",
      "strstr",  "strspn",  "strcspn",   "memchr",     "memcmp",  "starts_with", "ends_with",
      "isalpha", "isalnum", "isdigit",   "isspace",    "isupper", "islower",     "isxdigit",
      "isascii", "sizeof",  "iskeychar", "istitlechar"};
  return kText.count(name) > 0;
}

// Whether every call in `expr` is a text function.
bool CallsOnlyTextFunctions(std::string_view expr) {
  for (size_t i = 0; i < expr.size(); ++i) {
    if (expr[i] != '(' || i == 0 || !IdentChar(expr[i - 1])) continue;
    size_t b = i;
    while (b > 0 && IdentChar(expr[b - 1])) --b;
    if (!TextFunction(expr.substr(b, i - b))) return false;
  }
  return true;
}

// `!p`, `p == NULL`, `p`: whether text was given at all, not what it says.
bool NullTest(std::string_view expr, const std::string& p) {
  std::string e(expr);
  while (e.size() >= 2 && e.front() == '(' && e.back() == ')') e = e.substr(1, e.size() - 2);
  return e == p || e == "!" + p || e == p + " == NULL" || e == p + " != NULL" ||
         e == "NULL == " + p || e == p + " == nullptr" || e == p + " != nullptr";
}

}  // namespace

std::vector<std::string> TextCheckedParams(const std::vector<PathCondition>& conditions,
                                           const std::vector<std::string>& params) {
  // A raise that also depends on a call (`stat(path, ..) < 0`) is decided by
  // more than the text.
  for (const PathCondition& c : conditions) {
    if (!CallsOnlyTextFunctions(c.expr)) return {};
  }
  std::vector<std::string> out;
  for (const std::string& p : params) {
    bool checked = std::any_of(conditions.begin(), conditions.end(), [&](const PathCondition& c) {
      return ReadsName(c.expr, p) && !NullTest(c.expr, p);
    });
    if (checked) out.push_back(p);
  }
  return out;
}

}  // namespace errdex::cpp
