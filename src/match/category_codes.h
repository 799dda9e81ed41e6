// Category codes: error codes that name a kind of failure, not one failure.
//
// Some libraries attach a category to every error they raise
// (`new FlywayException(msg, e, CoreErrorCode.ERROR)`, Rust's
// `io::ErrorKind::Other`). Stored as the record's code, such a word is found
// in almost any pasted log ("ERROR", "FAILED", "Other"), so treating it as
// an exact code match sent unrelated pastes to one record at score 1.0. Like
// a number, a category word supports a record whose message matches; it
// never finds one on its own.
#pragma once

#include <string_view>

namespace errdex::match {

// True when `code` is one of the generic severity or category words that
// logs and prose use on their own (compared without regard to case).
bool IsCategoryCode(std::string_view code);

}  // namespace errdex::match
