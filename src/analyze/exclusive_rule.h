// Exclusive rule: a message that says two options or values exclude each
// other ("--file and --global can not be combined", "Option --functions-rdb
// and --rdb are mutually exclusive", "--prefer-source can not be used
// together with --prefer-install") rewritten as the instruction to give
// only one of them, in the message's own words.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// "Give only one of `--file` and `--global` (the message's rule)", or "".
std::string ExclusiveRule(std::string_view message);

}  // namespace errdex
