// Loose spaces: a message pattern rewritten so that a run of two or more
// spaces in its literal text matches one or more.
//
// A message's source may hold runs of spaces a user never sees: table
// entries and concatenated literals (`'SMTP Error:  Could not ..'`) come
// to users through HTML pages, issue trackers and log viewers that collapse
// whitespace, so the paste has one space where the code has two. A single
// space stays a single space (the paste and the code agree on those).
#pragma once

#include <string>
#include <string_view>

namespace errdex::match {

// `pattern` (RE2 syntax) with each run of two or more literal spaces
// outside character classes and \Q..\E replaced by ` +`. A run a quantifier
// follows (` ?` made optional by the matcher) is left as it is.
std::string LooseSpaces(std::string_view pattern);

}  // namespace errdex::match
