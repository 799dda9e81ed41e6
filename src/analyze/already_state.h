// Already state: a message that says the object is already in a state a
// second call cannot start from ("Already Executed", "Enumeration already
// finished.", "Transaction has already been committed."). Raised by a check
// on the object's own state in a method users call, it means the call came
// after that state was reached: the call not to make then is the advice.
#pragma once

#include <string>

namespace errdex {

// The state the message says is reached ("executed", "committed"), from
// "already [been] <state>" with a state of a fixed list of lifecycle words;
// "" otherwise ("already exists" is about data, not the object; "an already
// started item" and "can only ..." name a state the call needs; "already
// called" is said of a function, not the object).
std::string AlreadyState(const std::string& message);

}  // namespace errdex
