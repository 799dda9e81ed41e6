// Optional tails: a message pattern whose last value, after a colon, may be
// missing from a paste.
//
// Libraries add a detail after a colon in later versions (yaml-cpp appended
// the file name to "bad file"), and users cut pastes at the colon, so
// "bad file: ([\s\S]*?)" should also find "bad file". A match without the
// tail is less certain than one with it, so the matcher ranks it as a
// partial match (see Matcher::Impl::Verify).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace errdex::match {

// `pattern` with a trailing ":" (or "\:"), optional spaces and one or more
// any-text holes wrapped in a non-capturing optional group; unchanged when it
// has no such tail or the colon is its first character. Trailing spaces are
// dropped. Hole numbering is kept.
std::string OptionalColonTail(std::string_view pattern);

// The literal bytes (the colon and spaces) inside the optional tail that
// OptionalColonTail made, or 0 when `pattern` ends with no such tail.
size_t OptionalTailLiteral(std::string_view pattern);

}  // namespace errdex::match
