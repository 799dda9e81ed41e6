// Internal counters: a parameter that counts what the library has already
// done (`$retryCount` "the amount of retries already done on this URL",
// `attempt`, `tries`) is passed by the library's own retry loop, never
// chosen by a user. A check on it is no input to reject: composer's
// "reject inputs for which `$retryCount !== 0` before calling
// promptAuthIfNeeded" was a wrong fix (seventeenth grading, f7a1c94857fb80fd);
// the cause is what made the library retry.
#pragma once

#include <string_view>

namespace errdex {

// Whether the parameter `name` (with its doc comment's sentence `doc`, ""
// when none) counts retries or attempts already made: its words include
// retry/retries/attempt(s)/tries/recursion, or its doc says "already" done
// or "so far"; never a limit (`maxRetries`, `retryLimit`).
bool IsInternalCounter(std::string_view name, std::string_view doc);

}  // namespace errdex
