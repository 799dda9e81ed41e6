// Error-map advice: a raise that is an entry of an error map (a `switch` on
// an issue code whose arms return the text for that code, such as a
// translation of validation messages) is not a fault of the map. The text
// is shown for input that failed the check reporting that code, so the
// advice names the code and points the user at that input.
#pragma once

#include <string>

#include "errdex/error_site.h"

namespace errdex {

// "This is the text the error map in `f` (file) gives issue code `X`
// (line N): ...", or "" when the site is not an error-map entry (its
// message_origin_note says so, as the extractors write it).
std::string ErrorMapAdvice(const ErrorSite& s);

// The documentation's sentence for an error-map entry, in place of "An
// error is raised in ...": the map raises nothing, it returns the text that
// becomes an issue's message. "" when the site is no entry.
std::string ErrorMapMeaning(const ErrorSite& s);

}  // namespace errdex
