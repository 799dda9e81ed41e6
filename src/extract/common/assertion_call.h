// Assertion calls: a statement that opens with a call to a function or macro
// named as an assertion or a panic (`serverAssert(`, `GIT_ASSERT(`,
// `g_assert_not_reached(`, git's `BUG(`). Its text guards the code's own
// invariants; the extractors (which must not hand such text on to callers
// as their message) and the analysis (which says the record is an internal
// check) both read it.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The called name when `line` (a source line, leading space allowed) opens
// with such a call, else "". Plain `assert(` and `panic(` are left to the
// site's kind; `DEBUG(...)` and `debug_log(...)` are not `BUG(`.
std::string AssertionCallName(std::string_view line);

}  // namespace errdex
