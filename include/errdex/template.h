// Template: an error message as the source writes it, as a sequence of
// literal pieces and holes.
//
// From one Template come the display message (`errorMessage`), the regex that
// matches its run-time renderings (`messagePattern`), the literal anchors the
// matcher prefilters on, and a renderer used by property tests. Every
// extractor builds Templates; nothing else decides how a hole is written or
// what it can print.
#pragma once

#include <string>
#include <vector>

namespace errdex {

// What a hole can print at run time. Only kinds whose output is certain get a
// narrower pattern than "any text"; a wrong guess would make a pattern miss.
enum class HoleType {
  kAny,      // any text, including empty and multi-line values
  kInteger,  // %d / {:d}: an optionally signed run of digits
};

struct Piece {
  bool is_hole = false;
  // Literal: the decoded text the user sees. Hole: the hole as the source
  // writes it (`{quant_method!r}`, `%s`, `{}`, `{str(x)}`).
  std::string text;
  // Hole only: the expression whose value fills the hole (`quant_method`), used
  // to name captured values. May be empty when the source gives no expression.
  std::string expr;
  HoleType type = HoleType::kAny;
};

class Template {
 public:
  Template() = default;

  void AddLiteral(std::string_view text);
  void AddHole(std::string text, std::string expr, HoleType type = HoleType::kAny);
  void Append(const Template& other);
  // A copy without the whitespace (spaces, tabs, line breaks) that opens
  // its first literal (`leading`) and ends its last (`trailing`): the
  // layout around a printed block is not what users paste.
  Template Trimmed(bool leading, bool trailing) const;

  const std::vector<Piece>& pieces() const { return pieces_; }
  bool empty() const { return pieces_.empty(); }
  // True when at least one literal piece has a non-space character.
  bool HasLiteralText() const;
  // Words of letters in the literal pieces ("bad key '{k}'" has two).
  int LiteralWords() const;
  int HoleCount() const;

  // The message as written in source: literals joined, holes verbatim.
  std::string Display() const;
  // A regex (RE2 syntax, same meaning in ECMAScript) that matches every
  // rendering. No anchors; each hole is one capturing group, in order.
  std::string Pattern() const;
  // Literal runs longest first, for prefiltering (each is a substring of every
  // rendering).
  std::vector<std::string> Anchors() const;
  // Renders with the given values, one per hole (missing values render empty).
  std::string Render(const std::vector<std::string>& values) const;

 private:
  std::vector<Piece> pieces_;
};

// Escapes `text` so that it matches itself literally in RE2 and ECMAScript
// regexes (with or without the `u` flag).
std::string EscapeRegexLiteral(std::string_view text);
// The pattern for one hole of the given type.
std::string HolePattern(HoleType type);

}  // namespace errdex
