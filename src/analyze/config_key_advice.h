// Config key advice: a message that says a named configuration value is
// missing ("config value 'user.name' was not found", "Required
// configuration option 'client' is missing") is answered by setting that
// key; where the text comes through libgit2's git_config_* lookups, the
// key is a git configuration key and `git config` sets it. Many lookups
// are optional (the caller falls back on a default), so the advice applies
// only when the error reaches the user.
#pragma once

#include <string>

namespace errdex {

// The advice, or "" when the message names no missing configuration key.
// `origin_note` is the site's message_origin_note (where the text passes).
std::string MissingConfigAdvice(const std::string& message, const std::string& origin_note);

}  // namespace errdex
