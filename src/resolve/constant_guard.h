// Constant guards: a helper that raises only when its argument fails a
// check, called with a constant that passes it, never raises from that call.
// Laravel's `everyTwoSeconds()` calls `repeatEvery(2)`, which throws "The
// seconds [2] are not evenly divisible by 60" only when `60 % $seconds !== 0`:
// 60 % 2 is 0, so that call can never report it. Git's `fmt_ident(..,
// WANT_BLANK_IDENT, NULL, 0)` dies only when `strict` (`flag & IDENT_STRICT`)
// holds: `0 & IDENT_STRICT` is 0 whatever the bit is (seventeenth grading,
// 8344083ad0b4fc7b). Pytest's `addini` raises only when `default is NOTSET`:
// a call that passes `default=DEFAULT_LOG_FORMAT` never does (8075257749d138b1).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/template.h"

namespace errdex {

// Whether some condition on the raise's path, with each parameter that a
// call passes as a constant (an integer, `NULL`/`true`/`false`, a string, an
// UPPER_CASE name) replaced by it, evaluates to the opposite of what the
// raise needs. Conditions that read anything else are unknown and never
// rule the raise out, except where the known part decides (`0 & X`, `0 &&
// f(x)`). A Python sentinel test `p is NOTSET` is false for a call that
// gives `p` any value other than the sentinel or one of `caller_params` (the
// caller's own parameters, which may carry it on). `args[i]` may be null
// (not passed).
bool ConstantArgumentsPassGuard(const std::vector<PathCondition>& conditions,
                                const std::vector<std::string>& params,
                                const std::vector<const Template*>& args,
                                const std::vector<std::string>& caller_params = {});

// The conditions of a helper as its caller's own: each parameter the call
// passes a caller's parameter or a constant for is replaced by it; only the
// conditions that then read nothing but the caller's parameters and
// constants are kept (a wrapper `add_option_ini(option, dest, default=None)`
// forwarding `default` to `addini`, whose raise needs `default is NOTSET`).
std::vector<PathCondition> ConditionsForCaller(const std::vector<PathCondition>& conditions,
                                               const std::vector<std::string>& params,
                                               const std::vector<const Template*>& args,
                                               const std::vector<std::string>& caller_params);

// The integer value of `expr` (digits, `NULL`, `true`/`false`, parentheses,
// + - * / %, & |, comparisons, `==`/`===`/`!=`/`!==`, `&&`, `||`, `!`, and
// Python's `and`/`or`/`not`), or false when it is not known: it reads a
// variable or a call the known part does not decide, or divides by zero.
// Exposed for tests.
bool EvaluateInteger(std::string_view expr, long long* value);

// Python `a is b` / `a is not b` between two constants (None, True, False, a
// number, a string, an UPPER_CASE name such as a sentinel `NOTSET`): two
// different constants are different objects. False when not decided.
bool EvaluateIdentity(std::string_view expr, long long* value);

}  // namespace errdex
