// Message rule: a sentence of the message that states a requirement ("Step
// cannot be zero.", "option ,inline may only be used on a struct or map
// field", "name is required", "expected a string, got {type}") rewritten
// as an instruction by a fixed, deterministic rewrite that keeps the
// message's own words and holes. Statements of fact ("file not found") are
// left alone: only the modal forms below count as a rule.
#pragma once

#include <string>
#include <vector>

namespace errdex {

// The instructions, in the message's order, each ending in
// "(the message's rule)". `reports_failure`: the site reports that a call
// it made failed, so a subject-less "Cannot V ..." is that failure, not a
// prohibition.
std::vector<std::string> MessageRules(const std::string& message, bool reports_failure = false);

}  // namespace errdex
