// Own assert macros: a C or C++ repository that defines `assert` itself.
// The extractor writes an `assert(cond)` as the C library prints it
// ("Assertion `cond' failed.", glibc's words). jemalloc defines its own
// `assert(e)`, which prints "<jemalloc>: %s:%d: Failed assertion: \"%s\"\n"
// with __FILE__, __LINE__ and #e: there, glibc's sentence is false. This
// stage finds such a definition (a `#define assert(` whose body prints a
// string literal; git's CHECK_ASSERTION_SIDE_EFFECTS variant prints
// nothing and is left alone) and rewrites every C-library assert site of
// the repository: the macro's own format with the condition filled in when
// its arguments are only __FILE__, __LINE__, __func__ and the stringified
// condition, else the condition alone (which every shape prints).
#pragma once

#include <vector>

#include "errdex/error_site.h"
#include "errdex/source.h"

namespace errdex {

// `sites[i]` are the sites of `files[i]` (may be null). Returns how many
// sites were rewritten.
int ApplyOwnAssertMacros(const std::vector<SourceFile>& files,
                         const std::vector<std::vector<ErrorSite>*>& sites);

}  // namespace errdex
