// String literals and message formats shared by the Java and Kotlin
// extractors: Java escapes and text blocks, Kotlin's trimIndent/trimMargin,
// and the placeholder syntaxes JVM libraries fill at run time (SLF4J/Log4j
// `{}`, Guava's `%s`, java.text.MessageFormat `{0}`). String.format and
// Kotlin's `.format()` use printf_format.h (PrintfDialect::kJava).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex {

// Decodes the body of a Java string literal or text block: \b \t \n \f \r \s
// \" \' \\, octal escapes, \uXXXX (surrogate pairs joined) and, in text
// blocks, `\` at the end of a line (the line break is dropped).
std::string DecodeJavaEscapes(std::string_view body);

// The value of a text block from its source text (`"""` ... `"""`):
// incidental indentation and trailing spaces stripped as JLS 3.10.6 says,
// then escapes decoded.
std::string JavaTextBlockValue(std::string_view literal);

// Kotlin's String.trimIndent() and trimMargin(marker) applied to a template.
// Holes count as non-blank text on their line. A template whose literals
// contain U+0001 is returned unchanged (the byte marks holes internally).
Template TrimIndent(const Template& t);
Template TrimMargin(const Template& t, std::string_view marker);

// SLF4J / Log4j 2: each `{}` takes the next argument; `\{}` prints `{}`;
// placeholders past the last argument stay as written. `args` excludes a
// trailing throwable (SLF4J prints it as a stack trace, not in the message).
Template ApplySlf4j(const Template& fmt, const std::vector<std::string>& args);

// Guava's Strings.lenientFormat (Preconditions): only `%s`; arguments left
// over are appended as ` [a, b]`.
Template ApplyGuavaFormat(const Template& fmt, const std::vector<std::string>& args);

// java.text.MessageFormat: `{0}`, `{1,number,#}`; `'` quotes, `''` is one quote.
Template ApplyMessageFormat(const Template& fmt, const std::vector<std::string>& args);

}  // namespace errdex
