// OS error advice: for a message that carries the operating system's reason
// for a failure (`strerror(errno)` in a hole, `%m`, git's `die_errno`, BSD
// `err()`, nginx's `ngx_log_error(.., ngx_errno, ..)`, libuv's
// `uv_strerror`), one solution per errno class the failed call can return
// that has a cause on the user's side (a missing path, permissions, a port in
// use, nothing listening), each led by the reason text that selects it: the
// printed reason, not errdex, decides which one applies. Classes the check on
// the way rules out (`errno != ENOENT`, a same-file helper testing them) are
// left out, and a connect on a Unix-domain socket gets no network advice.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// What carries the OS reason into the message, said for the user ("the
// operating system's reason the message prints (`strerror(errno)`)"), or ""
// when the message carries none. `raise_text`: the raising statement.
std::string OsReasonCarrier(const ErrorSite& s, std::string_view raise_text);

// Whether a hole's expression prints only the OS reason or code
// (`strerror(errno)`, `ngx_errno`, `uv_strerror(err)`): no value a user gave.
bool IsOsReasonHole(std::string_view expr);

// The failed call found for an OS error, with what is known around it.
struct OsFailure {
  std::string call;  // as written, "open(path, O_RDONLY)"
  std::string name;  // "open"
  int line = 0;      // where the call is (the check, or the helper's line)
  // The kind the call is (an index into the table of os_error_advice.cc);
  // -1 when the call is none errdex knows.
  int kind = -1;
  bool local_socket = false;       // AF_UNIX, a socket path: no network
  bool stream = false;             // it works on a socket or a pipe (by its words)
  bool file = false;               // ... on a file
  std::set<std::string> excluded;  // errno names the checks rule out
  std::set<std::string> only;      // errno names the checks require, if any
};

// Finds the failed call for the site: a call in its path conditions
// (innermost first) whose name or a word of it is a system call errdex knows
// (`open`, `anetPipe`, `unix_stream_connect`), the call that assigned a
// variable the deciding check reads (`fd = open(..); if (fd < 0)`), or one
// inside a same-file function a condition calls (`send_request(..) < 0` ->
// its `unix_stream_connect`), preferring one the message names ("unable to
// connect"). Also reads the errno names the checks exclude.
OsFailure FindOsFailure(const ErrorSite& s, const std::vector<std::string_view>& lines);

// The solutions: one per errno class of `f`'s kind that `f.excluded` leaves,
// "If the operating system's reason ... is “No such file or directory”
// (ENOENT): ...". Empty when `carrier` is empty or the call is unknown.
std::vector<std::string> OsErrorSolutions(const std::string& carrier, const OsFailure& f);

// Whether `text` (a function's or a helper's lines) connects or listens on a
// Unix-domain socket rather than a network address.
bool UsesLocalSocket(std::string_view text);

// UsesLocalSocket over the site's function up to the raise.
bool LocalSocketIn(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
