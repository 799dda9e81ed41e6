// Next-line advice: a log or warning line is often followed, in the same
// block, by a second line the code writes to the user with the fix
// (composer: `writeError('<warning>No consumer secret given, aborting.</warning>')`
// then `writeError('You can also add it manually later by using "composer
// config --global --auth ..."')`). That text is the code's own advice for
// this error, quoted with its line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct NextLineAdvice {
  std::string text;  // the advice sentence, as the code writes it
  int line = 0;      // 1-based
};

// The advice written on the statements after `line` (a log or warning call
// that does not leave the block), up to the block's end or a
// `return`/`throw`, at most a few statements: only string literals handed
// to an output call (`writeError`, `warn`, `puts`, `fprintf`, git's
// `advise`, ...), read as advice sentences by `advice` (the message's
// own-advice reader). Markup tags (`<warning>`) are dropped; literals joined
// with `+`/`.` over a statement's lines are one text. When `line` is one arm
// of an if/else chain, the other arms are skipped and the scan goes on after
// the chain (git's `advise(...)` after `die_message` arms).
std::vector<NextLineAdvice> AdviceAfter(
    const std::vector<std::string_view>& lines, int line,
    std::vector<std::string> (*advice)(const std::string& text));

// The text a line writes to the user: the string literals of an output
// call (`warn "..."`, `writeError('...')`), markup tags dropped; "" for any
// other line, or a literal joined to code (its text would have holes).
std::string OutputLiteral(std::string_view line);

}  // namespace errdex
