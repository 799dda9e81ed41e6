// X-macro message tables in C and C++ sources. vcpkg keeps every message
// as a row `DECLARE_MESSAGE(ErrorX, (msg::path), "comment", "text {path}")`
// in one header, and a function-like macro of that name, defined elsewhere,
// pastes the row's first argument into the name code uses (`msg##NAME` ->
// `msgErrorX`). Rows and namings are read from the text (a row file is a
// run of macro calls without semicolons, which the grammar cannot parse);
// the resolve stage joins them into text constants (link_constants.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/facts.h"

namespace errdex::cpp {

// Rows of every macro called at the start of at least three lines of
// `src` with an identifier first and a string literal among its
// arguments; the text is the last string-literal argument, with `{name}`
// fields as holes.
std::vector<MacroRow> FindMacroRows(std::string_view src);

// `#define M(NAME, ...) ... pre##NAME##post ...`: how M names its rows.
std::vector<MacroNaming> FindMacroNamings(std::string_view src);

}  // namespace errdex::cpp
