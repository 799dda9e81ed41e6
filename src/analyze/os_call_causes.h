// OS call causes: for an error that reports a failed C library or system
// call (`rename()`, `fopen()`, `mmap()`, `malloc()`, `atexit()` ...), the
// usual reasons on the user's side that such a call fails (a missing
// directory, permissions, a full disk, a memory limit), said as the common
// causes of that call failing, never as the cause of this one: the error
// text the message prints (errno's `strerror`) is what tells them apart.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// "common causes of `rename()` failing are ..." for a known call name
// (`rename`, `fopen`, ...), or "" for any other. `prints_errno`: the
// message carries the OS error text, so the sentence says to read it.
std::string OsCallCauses(std::string_view call, bool prints_errno);

// Whether the raise line (or the message) prints the OS error text:
// `strerror(errno)`, `%m`, `errno`, `GetLastError()`.
bool PrintsErrno(std::string_view raise_line);

}  // namespace errdex
