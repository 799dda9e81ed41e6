// Internal counters: a parameter that counts what the library has already
// done (`$retryCount` "the amount of retries already done on this URL",
// `currentAttempt`) is passed by the library's own retry loop, never
// chosen by a user. A check on it is no input to reject: composer's
// "reject inputs for which `$retryCount !== 0` before calling
// promptAuthIfNeeded" was a wrong fix (seventeenth grading, f7a1c94857fb80fd);
// the cause is what made the library retry.
#pragma once

#include <string_view>

namespace errdex {

// Whether the parameter `name` (with its doc comment's sentence `doc`, ""
// when none) counts what was already done: it counts (retries, attempts, a
// count or number) and its name or doc says so far (`current`, `done`,
// "already"). A name alone is not enough: `retryCount`/`attempts` are as
// often how many to make, which the user sets; never a limit (`maxRetries`).
bool IsInternalCounter(std::string_view name, std::string_view doc);

}  // namespace errdex
