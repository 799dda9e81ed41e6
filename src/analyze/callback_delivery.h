// Callback delivery: an error a JavaScript/TypeScript function hands to a
// callback it was given (`callback(new Error(message)); return false;`,
// webpack's MultiCompiler.validateDependencies) is never thrown, so a
// try/catch around the call can never catch it. The handling code users
// need is the callback's own error check.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace errdex {

// The handling sample for a raise whose error is passed to `passed_to`:
// when `passed_to` is one of `params` (the function's parameters, in order)
// in JavaScript or TypeScript, `call` ("multiCompiler.validateDependencies(...)")
// written with a callback in that position that checks `err`; otherwise
// nullopt (no sample: a try/catch would be false). `where` is file:line.
std::optional<std::string> CallbackHandling(const std::string& language, const std::string& call,
                                            const std::vector<std::string>& params,
                                            const std::string& passed_to, const std::string& where);

}  // namespace errdex
