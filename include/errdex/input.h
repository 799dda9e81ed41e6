// Input understanding: turns what a user pastes (one message, a traceback, a
// log) into the error messages to match.
#pragma once

#include <string>
#include <vector>

namespace errdex {

struct ErrorText {
  std::string message;      // the message to match
  std::string error_class;  // "ValueError" when the input names it
  int input_line = 0;       // 1-based line of the input it came from
};

// Limits that keep hostile input bounded.
inline constexpr size_t kMaxInputBytes = 10 * 1024 * 1024;

// Extracts the errors in `text`. A Python traceback yields its final
// `Class: message` (the message may continue on following lines); plain text
// yields itself.
std::vector<ErrorText> ParseInput(const std::string& text);

}  // namespace errdex
