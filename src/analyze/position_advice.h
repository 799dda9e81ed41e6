// Position advice: a parser's error that prints where in its input it
// failed ("at line {line} column {column}", "at offset ${position}",
// "at path $.a[0]" of a JSON decoder). The fix is in the user's input at
// that place, which the message itself gives.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// "Look at the input at the place the message gives (line and column): ...",
// or "" when the message prints no position in its input or `function`
// (the raising function) writes output.
std::string PositionAdvice(std::string_view message, std::string_view function);

}  // namespace errdex
