// Names of terminal colour and style functions (chalk's `chalk.red`,
// Kotlin's `"..".red()` extensions, mordant, picocolors). Text passed
// through one prints the same words, only coloured, so a message built with
// one is the text around it: the paste never holds the escape codes.
#pragma once

#include <string_view>

namespace errdex {

inline bool IsTerminalStyleName(std::string_view name) {
  for (std::string_view style :
       {"red", "yellow", "green", "blue", "cyan", "magenta", "white", "gray", "grey", "dim", "bold",
        "italic", "underline", "redBright", "yellowBright", "bgRed", "bgYellow", "inverse"}) {
    if (name == style) return true;
  }
  return false;
}

}  // namespace errdex
