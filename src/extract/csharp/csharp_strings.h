// C# string literals and the message formats .NET fills at run time:
// escape sequences, verbatim and raw string bodies, composite formatting
// (string.Format's `{0,10:X}`) and logging message templates
// (Microsoft.Extensions.Logging and Serilog `{Name}`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex {

// Decodes the body of a regular C# string or character literal: \' \",
// backslash, \0 \a \b \e \f \n \r \t \v, \xH..HHHH, \uXXXX and \UXXXXXXXX.
std::string DecodeCSharpEscapes(std::string_view body);

// The body of a verbatim string (`@"..."` without its delimiters): `""` is
// one quote, nothing else is an escape.
std::string DecodeVerbatim(std::string_view body);

// The value of a raw string literal from its source text (`"""..."""`, any
// number of quotes). A multi-line one loses its first and last lines and
// the closing delimiter's indentation from every line.
std::string CSharpRawStringValue(std::string_view literal);

// Removes `indent` columns of leading whitespace after each line break of a
// multi-line raw (interpolated) string's literal pieces, and the opening and
// closing line breaks.
Template DedentRawTemplate(const Template& t, size_t indent);

// string.Format: `{0}`, `{1,-8}`, `{2:X4}` take the argument with that
// index; `{{` and `}}` print one brace. An index past the arguments stays
// as written.
Template ApplyCompositeFormat(const Template& fmt, const std::vector<std::string>& args);

// Message templates (`LogError("No user {UserId} in {@Org}", id, org)`):
// placeholders take the arguments in order whatever their names; `{{` and
// `}}` print one brace; placeholders past the last argument stay as written.
Template ApplyMessageTemplate(const Template& fmt, const std::vector<std::string>& args);

// [LoggerMessage] source-generated logging: placeholders bind by name, case
// insensitively, to the method's parameters (`{UserId}` <- `userId`); a
// placeholder without a parameter is named by itself.
Template ApplyNamedMessageTemplate(const Template& fmt, const std::vector<std::string>& params);

// `content` with the conditional-compilation directives (#if, #elif, #else,
// #endif) blanked and every branch after the first of each #if blanked too,
// as if each condition held. Byte offsets and line numbers are unchanged.
// tree-sitter parses directives that split a declaration (an `#if` around a
// method signature) as errors; the first-branch view usually parses cleanly.
std::string FirstBranchView(std::string_view content);

// The prose of an XML doc comment (`/// <summary>Parses <paramref
// name="s"/>.</summary>`): tags dropped, `<see cref="T:A.B"/>` and
// `<paramref name="x"/>` replaced by the name they point at, runs of
// spaces collapsed. Text without tags is returned as is.
std::string StripXmlDoc(std::string_view text);

}  // namespace errdex
