// Internal check (see internal_check.h). Only words and macros that say it
// outright count: a panic in a private helper is not enough on its own.
#include "analyze/internal_check.h"

#include "util/text.h"

namespace errdex {
namespace {

// Phrases maintainers use for states they believe cannot be reached.
constexpr std::string_view kPhrases[] = {
    "should never happen", "should not happen", "shouldn't happen",    "cannot happen",
    "can't happen",        "internal error",    "this is a bug",       "please report",
    "report this bug",     "invariant violat",  "entered unreachable", "reached unreachable",
    "unreachable code"};

std::string Found(std::string_view text) {
  std::string lower = ToLower(text);
  // A bare "unreachable" message; "host unreachable" is a network error.
  if (lower == "unreachable" || lower == "unreachable!") return "unreachable";
  for (std::string_view p : kPhrases) {
    if (lower.find(p) != std::string::npos) return std::string(p);
  }
  return {};
}

std::string Quote(std::string_view s) { return "\u201c" + std::string(s) + "\u201d"; }

}  // namespace

std::string InternalCheckEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.kind == SiteKind::kHttp) return {};  // a server's "internal error" is the user's news
  std::string at = " at line " + std::to_string(s.line);
  std::string_view line =
      s.line >= 1 && s.line <= static_cast<int>(lines.size()) ? lines[s.line - 1] : "";
  for (std::string_view macro : {"debug_assert", "unreachable!", "unreachable()", "DCHECK",
                                 "assert_debug", "__builtin_unreachable"}) {
    if (line.find(macro) != std::string_view::npos) return "`" + std::string(macro) + "`" + at;
  }
  if (s.kind == SiteKind::kAssert) {
    if (s.language == "java" || s.language == "kotlin") {
      return "a JVM `assert`" + at + ", which runs only with assertions enabled (`-ea`)";
    }
    if (s.language == "c" || s.language == "cpp") return "an `assert`" + at;
  }
  if (std::string p = Found(s.message.Display()); !p.empty()) {
    return "the message says " + Quote(p) + at;
  }
  for (const SourceNote& n : s.notes) {
    if (n.origin == "class-docstring" || n.origin == "docstring") continue;
    if (std::string p = Found(n.text); !p.empty()) {
      return "the comment at line " + std::to_string(n.first_line) + " says " + Quote(p);
    }
  }
  return {};
}

}  // namespace errdex
