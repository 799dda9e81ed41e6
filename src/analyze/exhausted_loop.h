// Exhausted loop: a raise right after a loop that returns on a match
// (`for (T t : T.values()) { if (t.value == v) return t; }` then `throw`)
// is reached exactly when no pass of the loop met that check. errdex said
// it "found no `if` ... that leads" there; the check inside the loop is
// the guard, and what the loop goes through is what the caller's value is
// compared with.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct LoopSearch {
  int loop_line = 0;    // the `for`/`while` head
  int check_line = 0;   // the `if` whose block returns
  std::string check;    // its condition, as written
  std::string items;    // what a for-each goes through ("" for a counted loop)
  std::string element;  // the for-each's variable ("" when not read)
  // When `items` is an enum's constants declared in the same file
  // (`LoggerType.values()`, Kotlin's `.entries`): the constants.
  std::vector<std::string> constants;
};

// The loop the raise at `at` (1-based) directly follows, when its body
// returns under an `if` and never `break`s out; nullopt otherwise.
std::optional<LoopSearch> ExhaustedLoop(const std::vector<std::string_view>& lines, int at,
                                        const std::string& language);

// "no element of `items` passes `check`, on which the loop at line N
// returns" (the trigger's state).
std::string LoopSearchText(const LoopSearch& l);

}  // namespace errdex
