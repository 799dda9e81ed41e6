// SinkFromSite: the sink a recorded error site makes of the function it is
// in, for extractors that find sinks from their own sites (PHP, Ruby, C#):
// when the site's message names a parameter, every call passing text for it
// is an error site of its own (src/resolve/link.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

// The site's message, class, kind, severity, code, status and line as a
// sink of the function `name` (defined at `def_line`) with `params`. A
// parameter the site's path conditions look up in a collection is guarded:
// a value checked against known ones (`raise .. "new key #{key}" unless
// KEYS.include?(key)`), not a message; a count or a comparison
// (`count($parameters) < $count`) is not, the text still reaches the user.
SinkFact SinkFromSite(const ErrorSite& site, std::string name, std::string_view language,
                      std::vector<std::string> params, int def_line);

// True if some hole of `message` names one of `params`.
bool NamesAParameter(const Template& message, const std::vector<std::string>& params);

}  // namespace errdex
