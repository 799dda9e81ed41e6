// Python string literals and formatting: decodes literal nodes (escapes,
// raw strings, f-string interpolations) into Templates and applies `%` and
// `str.format` formatting to them. Internal to the Python extractor.
#pragma once

#include <tree_sitter/api.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex {

// The template of a `string` or `concatenated_string` node.
Template StringNodeTemplate(TSNode node, std::string_view src);
// Decodes backslash escapes as Python does for a non-raw literal.
std::string DecodePythonEscapes(std::string_view body);
// `fmt % args`: each printf-style spec in literal pieces becomes a hole
// named by the matching argument expression (`%(key)s` by `named[key]`).
Template ApplyPercentFormat(const Template& fmt, const std::vector<std::string>& positional,
                            const std::map<std::string, std::string>& named);
// `fmt.format(*positional, **named)`: replacement fields become holes.
Template ApplyBraceFormat(const Template& fmt, const std::vector<std::string>& positional,
                          const std::map<std::string, std::string>& named);

}  // namespace errdex
