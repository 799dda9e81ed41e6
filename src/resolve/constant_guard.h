// Constant guards: a helper that raises only when its argument fails a
// check, called with a number that passes it, never raises from that call.
// Laravel's `everyTwoSeconds()` calls `repeatEvery(2)`, which throws "The
// seconds [2] are not evenly divisible by 60" only when `60 % $seconds !== 0`:
// 60 % 2 is 0, so that call can never report it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/template.h"

namespace errdex {

// Whether some condition on the raise's path, with each parameter that a
// call passes as an integer literal replaced by it, evaluates to the
// opposite of what the raise needs. Conditions that read anything else are
// unknown and never rule the raise out. `args[i]` may be null (not passed).
bool ConstantArgumentsPassGuard(const std::vector<PathCondition>& conditions,
                                const std::vector<std::string>& params,
                                const std::vector<const Template*>& args);

// The integer value of `expr` (digits, parentheses, + - * / %, comparisons,
// `==`/`===`/`!=`/`!==`, `&&`, `||`, `!`), or false when it holds anything
// else or divides by zero. Exposed for tests.
bool EvaluateInteger(std::string_view expr, long long* value);

}  // namespace errdex
