// Export macros in class heads: `class YAML_CPP_API Exception : public
// std::runtime_error`. tree-sitter-cpp does not expand macros and reads the
// macro as the class name, which breaks the class (its constructors, bases
// and methods). The macro is blanked with spaces before parsing, so byte
// offsets and lines stay those of the file.
#pragma once

#include <string>
#include <string_view>

namespace errdex::cpp {

// Function specifier macros before a definition's return type
// (`SPDLOG_INLINE void f()`, `[[noreturn]] FOO_API void g()`) break the
// definition the same way and are blanked too.
//
// `src` with every upper-case macro between `class`/`struct` and the class
// name, and every specifier macro (FOO_INLINE, _API, _EXPORT, _EXTERN,
// _DECL, _FUNC) that starts a line before a type, replaced by spaces, in
// `*out`; false (and `*out` untouched) when the file has none.
bool BlankExportMacros(std::string_view src, std::string* out);

// Initializer macros of global declarations (vim's `EXTERN char e_x[]
// INIT(= N_("E117: Unknown function: %s"));`: where DO_INIT is defined,
// EXTERN is empty and INIT(x) is x). tree-sitter reads such a line as a
// function declaration or an error, losing the message constant. In `*out`
// (copied from `src` on the first change): every upper-case macro call
// whose argument starts with `=` loses its name, parentheses and the line's
// leading `EXTERN`, so `char e_x[] = N_("...");` is parsed. False (and
// `*out` untouched) when the file has none.
bool BlankInitializerMacros(std::string_view src, std::string* out);

}  // namespace errdex::cpp
