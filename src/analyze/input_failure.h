// A failed call on the command's own argument: redis's
// `if (RedisModule_StringToLongLong(argv[1],&delay) != REDISMODULE_OK)
// return RedisModule_ReplyWithError(ctx,"ERR invalid count")` fails when
// the user typed something that is not an integer. "Find out why
// `RedisModule_StringToLongLong()` failed" sent the user into the library
// (seventeenth grading, 989dc7482b50fe72); the argument they typed is what
// to change.
#pragma once

#include <string>

namespace errdex {

// Advice on the command argument `call` (the failed call as written, e.g.
// "RedisModule_StringToLongLong(argv[1],&delay)", checked at `line`) reads:
// "Check what the command was given as its argument 1 (`argv[1]`): it must
// be an integer, and `...` (line 80) could not read it as one" for a call
// whose name says it parses a number, "...: `...` (line N) failed on it"
// otherwise; "" when no argument of the call is a command argument.
std::string CommandInputFailure(const std::string& call, const std::string& name, int line);

}  // namespace errdex
