// Internal check: recognises raises that guard the library's own invariants
// rather than a user's input — debug assertions, `unreachable!`, messages
// and comments saying "should never happen" or "internal error". Such a
// record says so plainly instead of inventing advice for the user.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// Why the site looks like an internal check ("`debug_assert!` at line 12",
// "the message says “internal error”"), or "" when nothing says so.
std::string InternalCheckEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines);

// For a function the user cannot call: a panic-style raise (Go `panic`,
// Rust `panic!`, `AssertionError`) in a `switch`/`match` default arm or
// right after a `switch`/`match` whose arms return (go-yaml's `numLess`
// panics "not a number" after handling every numeric kind): the callers
// only pass values the arms handle. The evidence, or "".
std::string UnhandledArmEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
