// Limit advice: when a check compares a value against an upper bound and
// the message says a limit was passed ("exceeds limit of 4194304 bytes",
// "Maximum (%d) redirects followed", "too many"), says where the bound comes
// from and how the user changes it: the environment variable a constant is
// read from, the constant itself, the option, setter, property or
// constructor argument that assigns the field (setter_index.h), or the
// configuration key the check reads.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "resolve/setter_index.h"

namespace errdex {

struct LimitAdvice {
  std::string text;
  std::string source;  // "file:line" of the bound's definition or setter
};

// Whether the message reports an upper bound being passed.
bool SaysLimit(std::string_view message);

// The bound of `cond` (a check that holds when the error is raised if
// `raised_when` is true, fails otherwise) at `line` of `file`, resolved
// through `index`. nullopt when `cond` compares nothing against a bound, or
// nothing says where the bound comes from.
std::optional<LimitAdvice> AdviseLimit(const std::string& cond, bool raised_when, int line,
                                       const std::string& file, const SetterIndex& index);

}  // namespace errdex
