// Assertion predicates: a raise written as `require(port != -1) { .. }`,
// `assert!(arg.is_positional(), "..")` or `checkArgument(x > 0, "..")`
// happens when its own predicate is false. That predicate is the innermost
// condition, inside whatever `if` encloses the statement (okhttp reported
// "a port is present" for a bad port; clap left out `!is_positional()`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// The predicate of the assertion call that starts at line `line` (1-based),
// or "" when the statement there is no such call.
std::string AssertionPredicate(const std::vector<std::string_view>& lines, int line);

// Adds the predicate at `site->line` as a condition that is false, unless a
// condition on that line is already known.
void AddAssertionPredicate(const std::vector<std::string_view>& lines, ErrorSite* site);

}  // namespace errdex
