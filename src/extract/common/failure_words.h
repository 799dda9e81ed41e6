// Whether a message logged below the warning level states a failure.
//
// Information-level logs are mostly progress ("Flash written and
// verified"), but some tell the user that something did not work, and
// users paste those: grpc-dotnet's `[LoggerMessage(Level =
// LogLevel.Information, Message = "Request protocol of '{Protocol}' is not
// supported.")]`, stlink's `ILOG("Target voltage (%d mV) too low for
// 32-bit flash, using 8-bit flash writes\n")`. Such a log is a record (of
// severity "info") when its own words say so; the words are stricter than
// those that make text on stderr an error, since "not" or "must" alone
// appear in ordinary progress lines.
#pragma once

#include "errdex/template.h"

namespace errdex {

// True when the literal text of `t` names a failure ("cannot", "failed",
// "is not supported", "too low", "denied", ...).
bool StatesFailure(const Template& t);

}  // namespace errdex
