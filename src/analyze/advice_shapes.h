// Advice shapes: sentences of a message that tell the user what to do
// without opening with an instruction, rephrased minimally as one:
// "must be one of: ignore, report, fail" -> "Use one of: ignore, report,
// fail"; "The --all option can be used to show all packages" -> "Use the
// --all option to show all packages"; "addAuthenticationHeader is
// deprecated since Composer 2.9 use addAuthenticationOptions instead" ->
// "Use addAuthenticationOptions instead". The message's own words are kept;
// nothing is added that it does not say.
#pragma once

#include <string>

namespace errdex {

// The instruction in `sentence` (no final stop), or "".
std::string ShapedAdvice(const std::string& sentence);

}  // namespace errdex
