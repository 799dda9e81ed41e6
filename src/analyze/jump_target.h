// Jump targets: a raise that follows a `goto` label (`out:`, `fail:`) is
// reached by every `goto` to that label as well as by falling through, so
// the checks the code passed before the label are not on its way (curl's
// `if(result || !peer) { ... goto out; }` ... `out: if(result) failf(..)`:
// the failure branch reaches the report, the path that skipped it does not).
// Only languages with `goto` (C, C++, C#, Go, PHP), and only when the
// function does jump to the label.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// The label the raise follows and the lines that jump to it.
struct JumpTarget {
  std::string label;  // "out"
  int line = 0;       // where `out:` stands
  std::vector<int> gotos;
  // No statement between the label and the raise branches (`if`, `case`,
  // a loop, a block's end): every jump there reaches the raise.
  bool straight = false;
};

// The nearest label above the raise (within its function) that a `goto` in
// the function names; nullopt otherwise.
std::optional<JumpTarget> FindJumpTarget(const ErrorSite& s,
                                         const std::vector<std::string_view>& lines);

// Drops the conditions above the label `FindJumpTarget` finds: a jump
// skips them. The conditions after it (the deciding `if(result)`) stay.
void DropConditionsBeforeJumpTarget(const std::vector<std::string_view>& lines, ErrorSite* s);

// "`goto out` at line 956 jumps to the label `out:` (line 961)".
std::string JumpTargetText(const JumpTarget& t);

// The condition of the `if` each jump sits under (`if (x == NGX_ERROR) {
// goto invalid; }`, `if (a && b\n && c)\n{`), read in words, with its
// line: "`x` is `NGX_ERROR` (line 4356)". Empty unless every jump has one:
// "jumps to the label" alone named no condition (blind grading,
// 069af95eaa4b9b93).
std::vector<std::string> JumpConditions(const JumpTarget& t,
                                        const std::vector<std::string_view>& lines);

}  // namespace errdex
