// Collection fill: for a raise under "the list is not empty" (`if
// (errors.length > 0) throw new Error(errors.join("\n"))`), the lines that
// put entries into the list. "`errors.length` is greater than 0" says
// nothing a user can act on; "entries are added at line 394
// (`errors.unshift(lines.join(...))`)" leads to the real checks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct FillLine {
  std::string text;  // the statement, trimmed and cut short
  int line = 0;      // 1-based
};

// The local collection `expr` tests for having entries when `polarity`
// holds (`errors.length > 0`, `len(errs) > 0`, `!problems.isEmpty()`,
// `count($errors) > 0`), or "".
std::string NonEmptyCollection(const std::string& expr, bool polarity);

// The statements between `from` and `to` (1-based, exclusive of `to`) that
// fill `name`: `name.push(..)`, `.append(`, `.add(`, `<<`, `$name[] =`, or
// its initialisation from other values (`const errors = missing.map(...)`);
// at most `max`.
std::vector<FillLine> FillLines(const std::vector<std::string_view>& lines, int from, int to,
                                const std::string& name, size_t max = 3);

}  // namespace errdex
