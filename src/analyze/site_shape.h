// Site shape: what the lines around a raise say about when it happens where
// the extractor recorded no path condition, or recorded one whose variable
// is set elsewhere: Kotlin's `x ?: throw`, `require(...)`, Rust's
// `.ok_or(...)`/`.context(...)`, Go's `err` from the call above, the
// `else`/`default` arm of a `case`/`switch`/`match`, the code right after
// a `switch`/`match` whose every arm returns, and a `try` that
// catches the error a few lines later. Each answer cites the line it read;
// a shape not recognised gives nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyze/exhausted_loop.h"
#include "errdex/error_site.h"

namespace errdex {

// A state in the user's terms ("`client.sslSocketFactory` is null") and the
// line that shows it.
struct ShapeState {
  std::string text;
  int line = 0;
  std::string selector;  // a `case` fallback's tested expression, else ""
  // A Go type switch every case of which returns: the types it handles.
  std::vector<std::string> accepted_types;
  // A raise in a labelled `case A:` arm: the labels that lead to it (the
  // guard), selector left empty (no "one of the cases" advice).
  std::vector<std::string> arm_labels;
  // A raise right after a loop that returns on a match: that loop.
  std::optional<LoopSearch> loop;
};

// Rust: the call whose error a `.context(..)`, `.with_context(..)` or
// `.map_err(..)` on the raise line wraps ("`std::env::current_dir()` fails
// (returns an error)"), however the code got there: a `match` arm before it
// is a precondition, not the cause.
std::optional<ShapeState> RustWrappedFailure(const std::vector<std::string_view>& lines, int line);

// The state the raise line's own idiom tests: `?: throw`, `requireNotNull`,
// `require`/`check`, Rust Option/Result adapters, a `case` fallback, a
// labelled `case` arm, the end of a loop that returns on a match.
std::optional<ShapeState> RaiseShape(const ErrorSite& s,
                                     const std::vector<std::string_view>& lines);

// For a Go-style `err != nil` check at `check_line`: the call whose error it
// is ("`os.Open(path)` fails"), read from the assignment to `var` at or above.
std::optional<ShapeState> ErrorSource(const std::vector<std::string_view>& lines,
                                      std::string_view var, int check_line);

// The line of a catch/except/rescue clause of the same function that
// catches `error_class` thrown at the site (the raise is inside its `try`),
// or 0.
int CaughtLocally(const ErrorSite& s, const std::vector<std::string_view>& lines);

// Whether the handler starting at `catch_line` throws or raises anything
// (a rethrow, or a new error that may carry this one's text).
// Comments in the handler do not count.
bool HandlerThrows(const std::vector<std::string_view>& lines, int catch_line);

// What a handler that does not throw does instead: its first `return`
// ("returning `os.getcwd()`", at its line); nullopt when it has none.
std::optional<ShapeState> HandlerReturn(const std::vector<std::string_view>& lines, int catch_line);

}  // namespace errdex
