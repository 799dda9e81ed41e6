// Advice shapes (see advice_shapes.h): three fixed rewrites, tried in order.
#include "analyze/advice_shapes.h"

#include <re2/re2.h>

#include <cctype>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

// A hole standing for the whole list ("Expected one of %s", "must be one
// of: {implode(', ', $allowed)}"): the values are only in the message.
bool WholeHole(std::string_view list) {
  list = Trim(list);
  if (list.starts_with("%") && list.find(' ') == std::string_view::npos) return true;
  return (list.starts_with("{") || list.starts_with("${")) && list.ends_with("}");
}

// "must be one of: ignore, report, fail", "Expected one of %s", "accepts
// one of "dist", "source" or "auto", got X".
std::string OneOf(const std::string& sentence) {
  static const RE2 kList(
      R"((?i)(?:^|\b)(?:must be|should be|expected|expects|accepts|allowed values are|valid values are)\s+one of:?\s+(.+?)\s*(?:(?:,|;)?\s*(?:but\s+)?got\b.*)?$)");
  std::string list;
  if (!RE2::PartialMatch(sentence, kList, &list) || list.empty()) return {};
  if (WholeHole(list)) return "Use one of the values the message lists";
  return "Use one of: " + list;
}

// "The --all option can be used to show all packages".
std::string CanBeUsed(const std::string& sentence) {
  static const RE2 kUsed(R"(^(.{1,60}?) (?:can|may) be used to (.+)$)");
  std::string what, to;
  if (!RE2::FullMatch(sentence, kUsed, &what, &to)) return {};
  // A clause, not a name: "This can be used to ..." names nothing.
  std::string lw = ToLower(what);
  for (const char* vague : {"this", "it", "that", "which", "they"}) {
    if (lw == vague) return {};
  }
  if (lw.find(' ') != std::string::npos && !lw.starts_with("the ") && !lw.ends_with(" option") &&
      !lw.ends_with(" flag")) {
    return {};
  }
  if (std::isupper(static_cast<unsigned char>(what[0])) && lw.starts_with("the ")) {
    what[0] = 't';
  }
  return "Use " + what + " to " + to;
}

// "... is deprecated since Composer 2.9 use addAuthenticationOptions
// instead": the last "use" before "instead", when the sentence does not
// open with it (AdviceSentences reads that already).
std::string UseInstead(const std::string& sentence) {
  std::string lower = ToLower(sentence);
  size_t instead = lower.rfind(" instead");
  if (instead == std::string::npos) return {};
  size_t use = lower.rfind(" use ", instead);
  if (use == std::string::npos || use + 5 >= instead) return {};
  std::string what = sentence.substr(use + 5, instead - use - 5);
  // A short name, not a clause: "... use it instead" names nothing.
  int words = 1;
  for (char c : what) words += c == ' ';
  std::string lw = ToLower(what);
  if (words > 4 || lw == "it" || lw == "this" || lw == "that") return {};
  // "... instead of an index value of -1" stays whole.
  return "Use " + what + sentence.substr(instead);
}

}  // namespace

std::string ShapedAdvice(const std::string& sentence) {
  for (auto shape : {OneOf, CanBeUsed, UseInstead}) {
    if (std::string s = shape(sentence); !s.empty()) return s;
  }
  return {};
}

}  // namespace errdex
