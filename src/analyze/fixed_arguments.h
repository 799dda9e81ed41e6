// Fixed arguments: whether a failed call was only given values the code
// fixes itself: literals, constants, an output buffer, or a buffer the
// function formats from a literal format. Such a call (libgit2's
// `git_utf8_to_16(wide, MAX_LEN, text)` of "application/x-git-%s-result")
// does not fail for anything a user passes, so "find out why it failed"
// points at an internal (fifteenth grading).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// Whether every argument of `call` (made at `call_line` in the function of
// `s`, whose parameters are `params`) is fixed by the code; `filled_at`
// gets the lines of the formatting calls that fill its buffers. A known OS
// call (`open`, `malloc`: the environment makes it fail) is never fixed.
bool FixedArguments(const ErrorSite& s, const std::vector<std::string_view>& lines,
                    std::string_view call, int call_line, const std::vector<std::string>& params,
                    std::vector<int>* filled_at);

// "If you see this, report it upstream: `f()` (line 9) is only given values
// the code fixes itself (...), so nothing a user passes makes it fail".
std::string FixedCallAdvice(std::string_view name, int call_line,
                            const std::vector<int>& filled_at);

}  // namespace errdex
