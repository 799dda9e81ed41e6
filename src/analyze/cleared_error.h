// Cleared errors: a C call whose failure the caller tolerates and whose
// error text it then discards never shows that text. libgit2's
// get_ssh_cmdline reads `core.sshcommand`, accepts GIT_ENOTFOUND, and calls
// git_error_clear() on the next line: "config value 'core.sshcommand' was
// not found" is set by the lookup and thrown away, so it is no error a user
// meets.
#pragma once

#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// Whether `site` (a message set inside a call, `message_origin_note` set) is
// a call statement that tolerates a named result (`error != GIT_ENOTFOUND`)
// and is followed, at its own indentation, by an `*error_clear();` call.
bool ErrorClearedAfterCall(const ErrorSite& site, const std::vector<std::string_view>& lines);

}  // namespace errdex
