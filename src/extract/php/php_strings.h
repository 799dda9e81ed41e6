// PHP string literals -> templates: single-quoted strings, double-quoted
// strings with `$x` / `{$x->y}` interpolation, heredocs and nowdocs (with
// PHP 7.3's closing-marker indentation removed). Separate from the extractor
// so that the rules of PHP's lexer live in one small place.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <string>
#include <string_view>

#include "errdex/template.h"

namespace errdex {

// The value of a single-quoted literal's text between its quotes: only `\\`
// and `\'` are escapes.
std::string DecodePhpSingleQuoted(std::string_view body);

// The characters one escape_sequence node of a double-quoted string or
// heredoc stands for (`\n`, `\x41`, `\101`, `\u{1F600}`, `\$`); an unknown
// escape stays as written, backslash included, as PHP prints it.
std::string DecodePhpEscape(std::string_view escape);

// Builds the template of a `string`, `encapsed_string`, `heredoc` or
// `nowdoc` node. `hole` is called for each interpolated expression with the
// node and the text the source writes for it (`$x`, `{$y->name}`) and adds
// the hole to the template. False when `n` is not a string literal.
using PhpHoleFn = std::function<void(TSNode expr, std::string written, Template* out)>;
bool PhpStringTemplate(TSNode n, std::string_view src, const PhpHoleFn& hole, Template* out);

}  // namespace errdex
