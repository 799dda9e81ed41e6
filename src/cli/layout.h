// Fitting text to the terminal: the width stdout's lines may take, long text
// cut at a word boundary with an ellipsis, and prose wrapped at word
// boundaries under an indent.
//
// As gh does: on a terminal, lines are fitted to its width (COLUMNS, when
// set to a number, wins over the width the terminal reports, so that a user
// or a test can choose); into a pipe or a file nothing is wrapped or fitted,
// so that grep and scripts see whole messages. Text is measured in code
// points (one column each: wide characters are rare in error messages).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace errdex {

// Columns of stdout's terminal; 0 when stdout is not a terminal.
size_t TerminalColumns();

// Columns `text` takes: its code points.
size_t DisplayWidth(std::string_view text);

// The columns left for the last field of a line whose other fields take
// `used`: at least `min`; SIZE_MAX (no limit) when `columns` is 0.
size_t ColumnsLeft(size_t columns, size_t used, size_t min = 20);

// `text` if it has at most `max` code points; else its longest prefix of
// at most max - 1 code points that ends at a word boundary (a space), with
// trailing spaces removed, and "…". A word that is more than half the
// budget is cut inside instead (a URL or path has no space to stop at).
std::string Shorten(std::string_view text, size_t max);

// `text` broken into lines of at most `width` code points at spaces, each
// line starting with `indent` (counted in the width) and ending in '\n'.
// A word longer than a line gets a line of its own, unbroken (URLs and paths
// stay whole for copying). Existing line breaks are kept; a line that fits
// is kept as written, runs of spaces included. width 0: nothing is wrapped.
// `first`, when given, starts the first line instead of `indent` (a list
// item's "  1. " with the rest hanging under it).
std::string WrapText(std::string_view text, size_t width, std::string_view indent,
                     std::optional<std::string_view> first = std::nullopt);

}  // namespace errdex
