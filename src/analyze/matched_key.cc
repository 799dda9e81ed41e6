// Matched key (see matched_key.h). Equality tests against a string literal
// in the forms C, Java/Kotlin/C#, JS/TS, Python, Ruby, Go and PHP write.
#include "analyze/matched_key.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

// `strcmp(a, "k")`-style calls: zero means equal.
const RE2& CmpCall() {
  static const RE2 re(
      R"re(^!?\s*(?:strcmp|strcasecmp|strncmp|g_strcmp0)\(\s*([\w.\->\[\]]+)\s*,\s*"([^"]+)"\s*(?:,\s*\w+\s*)?\)$)re");
  return re;
}
// `a == "k"`, `a === 'k'`, `a != "k"`.
const RE2& EqOp() {
  static const RE2 re(R"re(^([\w.$\->\[\]]+)\s*(==|===|!=|!==)\s*["']([^"']+)["']$)re");
  return re;
}
// `a.equals("k")`, `"k".equals(a)`, `a.equalsIgnoreCase("k")`.
const RE2& EqualsCall() {
  static const RE2 re(R"re(^!?\s*([\w.$]+)\.equals(?:IgnoreCase)?\(\s*"([^"]+)"\s*\)$)re");
  return re;
}
const RE2& EqualsCallRev() {
  static const RE2 re(R"re(^!?\s*"([^"]+)"\.equals(?:IgnoreCase)?\(\s*([\w.$]+)\s*\)$)re");
  return re;
}

// Whether `c` is a test of an operand against a literal; *equal whether the
// path took the "equal" side.
bool KeyTest(const PathCondition& c, std::string* operand, std::string* key, bool* equal) {
  std::string e(Trim(c.expr));
  bool negated = e.starts_with("!");
  if (RE2::FullMatch(e, CmpCall(), operand, key)) {
    // strcmp(..) true means different; `!strcmp(..)` true means equal.
    *equal = negated ? c.polarity : !c.polarity;
    return true;
  }
  std::string op;
  if (RE2::FullMatch(e, EqOp(), operand, &op, key)) {
    bool eq = op == "==" || op == "===";
    *equal = eq ? c.polarity : !c.polarity;
    return true;
  }
  if (RE2::FullMatch(e, EqualsCall(), operand, key) ||
      RE2::FullMatch(e, EqualsCallRev(), key, operand)) {
    *equal = negated ? !c.polarity : c.polarity;
    return true;
  }
  return false;
}

}  // namespace

std::optional<MatchedKey> MatchedKeyOf(const ErrorSite& s, const PathCondition* decisive) {
  std::optional<MatchedKey> out;
  for (const PathCondition& c : s.conditions) {
    if (&c == decisive) break;
    std::string operand, key;
    bool equal = false;
    if (!KeyTest(c, &operand, &key, &equal) || !equal) continue;
    if (key.empty() || key.size() > 80) continue;
    // `buf[0] == '['` tests a character (a section header opens), not a
    // key: a key names something (fluent-bit, twenty-ninth grading).
    if (key.size() < 2 || std::none_of(key.begin(), key.end(), [](char ch) {
          return std::isalnum(static_cast<unsigned char>(ch)) != 0;
        })) {
      continue;
    }
    out = MatchedKey{operand, key, c.line, &c};
  }
  return out;
}

bool UnmatchedKeyTest(const PathCondition& c, const std::string& operand) {
  std::string o, key;
  bool equal = false;
  return KeyTest(c, &o, &key, &equal) && !equal && o == operand;
}

std::string KeyInUserTerms(const ErrorSite& s, const MatchedKey& k, bool* is_config) {
  std::string where = ToLower(s.function + " " + s.file_path);
  bool config = false;
  for (const char* w : {"config", "conf", "setting", "option", "pref", "properties"}) {
    if (where.find(w) != std::string::npos) config = true;
  }
  config = config && k.key.find(' ') == std::string::npos;
  if (is_config) *is_config = config;
  if (config) {
    return "the configuration key `" + k.key + "`";
  }
  return "`" + k.operand + "` being `\"" + k.key + "\"`";
}

}  // namespace errdex
