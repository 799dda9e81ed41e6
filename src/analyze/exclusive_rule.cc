// Exclusive rule (see exclusive_rule.h). The two sides must be short (a
// name, not a clause), so that a sentence that only mentions "combined"
// is left alone.
#include "analyze/exclusive_rule.h"

#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

// A side as written, without the words that only say what it is
// ("Options", "the", "installer options ... options") and its quotes.
std::string Side(const std::string& text) {
  static const std::set<std::string> kKinds = {"options", "option", "arguments", "argument",
                                               "flags",   "flag",   "the",       "installer"};
  std::vector<std::string> words;
  std::istringstream in{std::string(Trim(text))};
  for (std::string w; in >> w;) words.push_back(w);
  auto kind = [&](const std::string& w) { return kKinds.count(ToLower(w)) > 0; };
  while (!words.empty() && kind(words.front())) words.erase(words.begin());
  while (!words.empty() && kind(words.back())) words.pop_back();
  if (words.empty() || words.size() > 3) return {};
  std::string s = Join(words, " ");
  while (!s.empty() && (s.front() == '"' || s.front() == '\'' || s.front() == '`')) s.erase(0, 1);
  while (!s.empty() && (s.back() == '"' || s.back() == '\'' || s.back() == '`')) s.pop_back();
  // A bare hole ("Arguments %s and %s") names nothing the user can read.
  if (s.starts_with("%") || (s.starts_with("{") && s.ends_with("}"))) return {};
  return s;
}

}  // namespace

std::string ExclusiveRule(std::string_view message) {
  // Side: no sentence end inside; the first sentence only.
  static const std::string kSide = R"(([^.;:!?]{1,60}?))";
  static const std::regex kForms[] = {
      std::regex("^" + kSide + R"( and )" + kSide + R"( (are|is) mutually exclusive)",
                 std::regex::icase),
      std::regex("^" + kSide + R"( (is|are) mutually exclusive with )" + kSide + R"((\.|$|,| ))",
                 std::regex::icase),
      std::regex("^" + kSide + R"( and )" + kSide +
                     R"( (can ?not|can't|may not|must not) be (combined|used together))",
                 std::regex::icase),
      std::regex("^" + kSide +
                     R"( (can ?not|can't|may not|must not) be (combined|used together) with )" +
                     kSide + R"((\.|$|,| ))",
                 std::regex::icase),
  };
  std::string m(Trim(message.substr(0, message.find('\n'))));
  for (size_t i = 0; i < std::size(kForms); ++i) {
    std::smatch match;
    if (!std::regex_search(m, match, kForms[i])) continue;
    std::string a = Side(match[1].str());
    std::string b = Side(i % 2 == 0 ? match[2].str() : match[i == 1 ? 3 : 4].str());
    if (a.empty() || b.empty()) continue;
    return "Give only one of `" + a + "` and `" + b + "` (the message's rule)";
  }
  return {};
}

}  // namespace errdex
