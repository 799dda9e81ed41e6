// Argument advice: the deciding check on one argument of a function the
// user calls, said as what to pass ("a non-zero `step`", "a non-empty
// `name`", "a `str` or `bytes` as `data`") instead of the negated guard.
// Only the shapes below; anything else gives "".
#pragma once

#include <string>
#include <vector>

namespace errdex {

// What to pass, for the check `expr` that raises when it evaluates to
// `raised_when`, when it reads one of `params`; "" when the shape is not one
// of: zero, null/None/nil, empty, negative, a type test.
std::string ArgumentToPass(const std::string& expr, bool raised_when,
                           const std::vector<std::string>& params, const std::string& language);

}  // namespace errdex
