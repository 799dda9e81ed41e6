// Doc-hidden functions: a function its own doc comment marks as not part of
// the public surface (`@api private`, `@private`, `@internal`, `@hidden`,
// `@ignore`, Ruby's `:nodoc:`). The language may leave it callable (a
// JavaScript prototype method, a PHP `public function`), but its maintainers
// say users do not call it, so advice must not tell them to (mongoose's
// `SchemaBuffer.prototype.cast`, blind grading: "call `schemaBuffer.cast`
// with other arguments" is a library internal).
#pragma once

#include <string_view>
#include <vector>

namespace errdex {

// Whether the comment block above `function_line` (1-based; blank lines and
// annotations between it and the header skipped), or a `:nodoc:` on the
// header line itself, marks the function as internal.
bool DocMarksInternal(const std::vector<std::string_view>& lines, int function_line);

}  // namespace errdex
