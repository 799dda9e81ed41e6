// Case values: the values a `switch`/`match`/`when`/`case` handles before
// its fallback arm raises, read from the arm labels between the selector
// and the raise. "Use one of ..." is then grounded in the code the user's
// value is matched against; only literal labels and constant names count
// (a pattern with bindings or guards says nothing a user can pass).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct CaseValues {
  std::vector<std::string> values;  // as written: "\"fast\"", "Mode::Slow", "3"
  int first_line = 0;               // the first and last labelled arm
  int last_line = 0;
};

// The labels of the arms at the first arm's level between `selector_line`
// (the switch head) and `raise_line`; empty when fewer than two are
// literals or constants, or when any arm label is something else.
CaseValues ArmValues(const std::vector<std::string_view>& lines, int selector_line, int raise_line);

// How many arms (of any label) sit at the first arm's level between the
// switch head and the raise, and their first and last lines; values stays
// empty. Zero arms when none is found.
struct ArmSpan {
  int arms = 0;
  int first_line = 0;
  int last_line = 0;
};
ArmSpan ArmsBefore(const std::vector<std::string_view>& lines, int selector_line, int raise_line);

// Whether every arm between the switch head `selector_line` and `end_line`
// (its closing line) leaves the function or loop — its last statement, or
// the code after its label, is a `return`, `throw`, `raise`, `panic`,
// `continue` or `exit` — so that a statement after the switch is reached
// only when no arm matched. False when an arm falls out of the switch
// (`break`, a value of a `match` expression, a nested block's end), when
// there is a fallback arm, or when no arm is found. Go's empty `case X:`
// leaves the switch; C's falls into the next arm.
bool EveryArmExits(const std::vector<std::string_view>& lines, int selector_line, int end_line,
                   const std::string& language);

// The labels of the arms between the switch head and `end_line`, each
// item as written (`float64`, `*Foo`, `"x"`); empty when there are none.
std::vector<std::string> ArmLabels(const std::vector<std::string_view>& lines, int selector_line,
                                   int end_line);

// The values of `a == "x" || a == "y"` style tests in `exprs` (an if-chain
// that falls through to the raise), when every one compares the same
// operand with a literal or an upper-case constant (`==`, `===`,
// `!strcmp(a, "x")`, `strcasecmp(a, "x") == 0`, `a.equals("x")`, `typeof a
// === "t"`); *operand gets it. Empty otherwise, or below `min_values`.
std::vector<std::string> ComparedValues(const std::vector<std::string>& exprs, std::string* operand,
                                        size_t min_values = 2);

// "`a`, `b`, `c` and 4 more".
std::string ValueList(const std::vector<std::string>& values);

}  // namespace errdex
