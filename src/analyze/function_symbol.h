// Function symbols in checks: a C function passed by name (`atexit(tsd_fini)`)
// is read like a variable by VariablesRead, but it is no state anyone sets,
// so saying "`tsd_fini` is not an argument of `tsd_init`" is noise.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

// Whether the C/C++ file `lines` defines or declares a function `name` at
// file level: an unindented line that is not a preprocessor directive or a
// comment, with `name` followed by `(` after a type (`static void
// tsd_fini(void) {`, `int tsd_fini(void);`).
bool DeclaresFunction(const std::vector<std::string_view>& lines, std::string_view name);

// `reads` without the names `lines` declares as functions, for C and C++.
void DropFunctionSymbols(const std::vector<std::string_view>& lines, std::string_view language,
                         std::vector<std::string>* reads);

}  // namespace errdex
