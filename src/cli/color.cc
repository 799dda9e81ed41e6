// Colour on terminals (see color.h).
#include "cli/color.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace errdex {
namespace {

bool stdout_color = false;
bool stderr_color = false;

bool StreamGetsColor(ColorMode mode, int fd) {
  if (mode != ColorMode::kAuto) return mode == ColorMode::kAlways;
  // NO_COLOR: "when present and not an empty string", whatever its value.
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd) != 0;
}

const char* Sgr(Style style) {
  switch (style) {
    case Style::kBold:
      return "\033[1m";
    case Style::kLocation:
      return "\033[36m";  // cyan, as rg and grep show paths
    case Style::kDim:
      return "\033[2m";
    case Style::kError:
      return "\033[1;31m";
    case Style::kWarning:
      return "\033[1;33m";
    case Style::kHeading:
      return "\033[1;4m";
  }
  return "";
}

std::string Wrap(bool on, Style style, std::string_view text) {
  if (!on || text.empty()) return std::string(text);
  return Sgr(style) + std::string(text) + "\033[0m";
}

}  // namespace

bool ParseColorMode(std::string_view word, ColorMode* mode) {
  if (word == "auto")
    *mode = ColorMode::kAuto;
  else if (word == "always")
    *mode = ColorMode::kAlways;
  else if (word == "never")
    *mode = ColorMode::kNever;
  else
    return false;
  return true;
}

void SetColorMode(ColorMode mode) {
  stdout_color = StreamGetsColor(mode, STDOUT_FILENO);
  stderr_color = StreamGetsColor(mode, STDERR_FILENO);
}

std::string Paint(Style style, std::string_view text) { return Wrap(stdout_color, style, text); }
std::string PaintErr(Style style, std::string_view text) { return Wrap(stderr_color, style, text); }

}  // namespace errdex
