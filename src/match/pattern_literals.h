// Pattern literals: what text a messagePattern requires, read from the regex
// itself. Records may come from stored JSON (ErrLookup seeds, older errdex
// runs), so the matcher cannot rely on Template::Anchors() and re-derives the
// literal runs from the pattern.
//
// The reading is conservative: anything it does not fully understand ends
// the current literal run, so a reported run is always text that every match
// of the pattern contains byte for byte.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace errdex::match {

struct PatternLiterals {
  // Literal runs at the top level of the pattern, in order. Without
  // alternation or case folding, each is a substring of every match.
  std::vector<std::string> runs;
  // Bytes of literal text a match must contain (the sum of the runs; with a
  // top-level '|', the smallest such sum over the alternatives).
  size_t literal_chars = 0;
  // Non-space literal bytes, counted the same way as literal_chars.
  size_t visible_chars = 0;
  // True if some literal byte is an ASCII letter or digit, or non-ASCII.
  bool has_word_char = false;
  bool case_insensitive = false;  // an inline (?i) applies at the top level
  bool has_alternation = false;   // a '|' at the top level

  // The longest run, usable as a case-sensitive prefilter anchor; "" when
  // there is none or the runs are not required (alternation, case folding).
  std::string Anchor() const;
};

PatternLiterals AnalyzePattern(std::string_view pattern);

// The any-text hole errdex writes for a message's variable part.
inline constexpr std::string_view kAnyHole = "([\\s\\S]*?)";

// True if p[i] is preceded by an odd run of '\' (so p[i] is escaped).
bool EscapedAt(std::string_view p, size_t i);

}  // namespace errdex::match
