// Colour on terminals: --color=auto|always|never, NO_COLOR and TERM=dumb,
// decided once per stream before a subcommand runs. Text is painted with
// SGR escapes only when its stream gets colour, so pipes and files (and the
// tests reading them) see plain text.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

enum class ColorMode { kAuto, kAlways, kNever };

// "auto", "always", "never" (as ls, git and rg spell them); false otherwise.
bool ParseColorMode(std::string_view word, ColorMode* mode);

// Decides colour for stdout and stderr: always and never are obeyed; auto
// colours a stream that is a terminal, unless NO_COLOR is set (no-color.org)
// or TERM is dumb.
void SetColorMode(ColorMode mode);

// SGR styles used across the subcommands.
enum class Style { kBold, kLocation, kDim, kError, kWarning, kHeading };

// `text` wrapped in the style's escapes when stdout (Paint) or stderr
// (PaintErr) gets colour; `text` unchanged otherwise.
std::string Paint(Style style, std::string_view text);
std::string PaintErr(Style style, std::string_view text);

}  // namespace errdex
