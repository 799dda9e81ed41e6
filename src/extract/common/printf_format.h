// printf-style format strings shared by the extractors of languages whose
// messages are built with printf verbs: Go's fmt (`%v %+v %q %w %[2]d %*d`),
// Node's util.format (`%s %d %j %o`), C's printf (`%-8s %lld %zu %.*s`) and
// Java's String.format, PHP's sprintf, nginx's ngx_sprintf. Each verb in the literal pieces of
// a template becomes a hole named by its argument expression.
#pragma once

#include <string>
#include <vector>

#include "errdex/template.h"

namespace errdex {

enum class PrintfDialect {
  kGo,        // fmt.Sprintf / Errorf: flags, width, precision, `*`, `[n]` indexes
  kNodeUtil,  // util.format: bare %s %d %i %f %j %o %O %c; extra args appended
  kC,         // printf: flags, width, precision, `*`, length modifiers, %m
  kJava,      // java.util.Formatter: `%2$s`, `%<s`, flags `-#+ 0,(`, `%tY`, `%n`
  kPhp,       // sprintf: `%1$s`, flags `-+ 0` and `'c` (pad with c), %b %u %e %F %h %H
  kNginx,     // ngx_sprintf: `%V %ui %uz %O %T %02xd %*s %N`, no length modifiers
};

// Applies `args` (argument expressions, in order) to the printf verbs of
// `fmt`. `%%` becomes a literal `%`. Every hole is HoleType::kAny: Go prints
// `%!d(string=x)` for a mismatched verb and util.format prints `NaN`, so no
// verb's output is narrower than "any text" with certainty.
Template ApplyPrintf(const Template& fmt, const std::vector<std::string>& args,
                     PrintfDialect dialect);

}  // namespace errdex
