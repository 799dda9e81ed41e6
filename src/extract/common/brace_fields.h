// `{...}` replacement fields in the literal pieces of a template: the syntax
// shared by Python's str.format, C++'s fmt/std::format and C#'s composite
// formatting. Each language decides what a field prints; the scan (`{{` and
// `}}` fold, an unterminated `{` is text) is the same.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "errdex/template.h"

namespace errdex {

struct BraceHole {
  std::string expr;  // the expression that fills the field
  HoleType type = HoleType::kAny;
};

// Rewrites the fields of `fmt`'s literal pieces. `hole_for(inner, ordinal)`
// gets a field's text between its braces and its position among the
// fields, and returns its hole, or nullopt to keep the field as written.
// With `nested`, a field may hold one level of braces (Python's
// `{x:{width}}`); otherwise it ends at the first `}`.
template <typename HoleFor>
Template ApplyBraceFields(const Template& fmt, bool nested, HoleFor&& hole_for) {
  Template out;
  size_t ordinal = 0;
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    std::string lit;
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
        lit += c;
        ++i;
        continue;
      }
      size_t end = std::string_view::npos;
      if (c == '{' && nested) {
        size_t depth = 0;
        for (size_t j = i; j < text.size() && end == std::string_view::npos; ++j) {
          if (text[j] == '{') ++depth;
          if (text[j] == '}' && --depth == 0) end = j;
        }
      } else if (c == '{') {
        end = text.find('}', i + 1);
      }
      if (end == std::string_view::npos) {
        lit += c;
        continue;
      }
      std::string_view field = text.substr(i, end + 1 - i);
      std::optional<BraceHole> hole = hole_for(field.substr(1, field.size() - 2), ordinal++);
      if (!hole) {
        lit += field;
      } else {
        out.AddLiteral(lit);
        lit.clear();
        out.AddHole(std::string(field), std::move(hole->expr), hole->type);
      }
      i = end;
    }
    out.AddLiteral(lit);
  }
  return out;
}

}  // namespace errdex
