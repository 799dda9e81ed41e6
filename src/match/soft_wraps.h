// Soft wraps: other readings of a pasted message whose line breaks were put
// there by a terminal or a console box, not by the program.
//
// Terminals cut long lines wherever the width ends ("syntax error - une" /
// "xpected end of input"), and console frameworks (Symfony's error block)
// wrap at a fixed width and pad every line with spaces. The program printed
// one line; the paste has several, so a pattern with the literal text
// "unexpected" matches nothing. The matcher tries these readings besides the
// paste as given and keeps the one whose best hit scores highest.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex::match {

// Readings of `text` with its line breaks undone, most literal first:
//   1. every break between a letter or digit and a lowercase letter joined
//      with nothing (a word cut in two), the other breaks with one space;
//   2. every break, with the blanks around it, as one space (a wrap at a
//      word boundary).
// A break is a '\n' (with an optional '\r') and the spaces and tabs around
// it. Empty when `text` has no line break; a reading equal to an earlier
// one is left out.
std::vector<std::string> SoftWrapReadings(std::string_view text);

}  // namespace errdex::match
