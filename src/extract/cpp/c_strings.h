// C and C++ source text: string and character literals as the compiler
// stores them, `PRIu64`-style pieces of formats, `{}` replacement fields
// (fmt, std::format, spdlog) and the small name helpers the C/C++ extractor
// and its reporter table share.
#pragma once

#include <tree_sitter/api.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex::cpp {

// `a::b::c`, `p->c`, `o.c` -> `c`.
std::string_view LastName(std::string_view name);
// `std::vector<int>::x` -> `std::vector::x`: template arguments and spaces dropped.
std::string StripTemplateArgs(std::string_view s);
// Identifier words, split at `_` and lower->upper case changes, lowercased:
// `addReplyErrorFormat` -> add reply error format.
std::vector<std::string> Words(std::string_view name);
// Decodes the body of a C/C++ string or character literal.
std::string DecodeCEscapes(std::string_view body);
// The text of a (narrow, wide, u8, raw) string or character literal.
std::optional<std::string> StringLiteralText(TSNode n, std::string_view src);
// `PRIu64` -> "llu": what the <inttypes.h> macro adds after a `%`.
std::optional<std::string> InttypesMacro(std::string_view name);
// Applies `{}` / `{0}` / `{name}` / `{:spec}` fields of `fmt` to `args`
// (argument expressions); `{{` and `}}` fold.
Template ApplyBraceFormat(const Template& fmt, const std::vector<std::string>& args);

}  // namespace errdex::cpp
