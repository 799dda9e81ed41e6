// Python string literals and formatting: decodes literal nodes (escapes,
// raw strings, f-string interpolations) into Templates and applies `%` and
// `str.format` formatting to them. Internal to the Python extractor.
#pragma once

#include <tree_sitter/api.h>

#include <map>
#include <optional>
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

// textwrap.dedent() of a template. A hole counts as text that does not
// start with a blank (a value that does, or one of several lines, could
// move the margin at run time; messages' values seldom do).
std::optional<Template> DedentTemplate(const Template& t);
// str.strip()/lstrip()/rstrip() with no argument; nullopt when a stripped
// end is a hole (its value decides what is stripped).
std::optional<Template> StripTemplate(const Template& t, bool left, bool right);
// One template whose pattern matches every rendering of each alternative:
// their common leading and trailing tokens (words, whitespace runs, whole
// `{...}` fields and `%` specs, holes) kept, the differing middle one hole
// whose text is the first alternative's middle as written.
Template MergeTemplates(const std::vector<Template>& alternatives, const std::string& expr);

// Rich console markup (`"[green]{cmd}[/] did not run successfully."`, as
// pip writes its diagnostics) as the terminal shows it: the style tags
// removed and `\[` unescaped. Only in a message that closes a tag (`[/]`,
// `[/bold]`), so a literal `[x]` in plain text is kept.
Template StripRichMarkup(const Template& t);

}  // namespace errdex
