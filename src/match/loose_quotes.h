// Loose quotes: a message pattern rewritten so that every quotation mark in
// its literal text matches any quotation mark.
//
// The same message reaches users with different quotes: a library changes
// `%s` to '%s' between versions (redis's "unknown command"), Python 2 and 3
// repr strings differently, and text copied from a web page or a terminal
// may carry typographic quotes. Which mark a message used is never what
// tells two records apart, so the matcher treats ' " ` and the Unicode
// single and double quotes alike.
#pragma once

#include <string>
#include <string_view>

namespace errdex::match {

// `pattern` (RE2 syntax) with each literal quotation mark outside character
// classes and \Q..\E replaced by a class of all of them. Marks inside
// classes are left alone (the class already says which it accepts).
std::string LooseQuotes(std::string_view pattern);

}  // namespace errdex::match
