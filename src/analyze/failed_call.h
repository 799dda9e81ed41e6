// Failed call: a check on what a call returned that means the call failed
// (`lseek(fd, off, SEEK_SET) == -1`, `ngx_open_file(..) == NGX_INVALID_FILE`,
// `SSL_set_quic_method(..)` returning 0 under a "failed" message,
// `git_repository_open(..) < 0`). The error reports that failure, so the
// call is what to look into: "Find out why `lseek()` failed".
#pragma once

#include <optional>
#include <string>

#include "errdex/error_site.h"

namespace errdex {

struct FailedCall {
  std::string call;     // as written: "lseek(file->fd, offset, SEEK_SET)"
  std::string name;     // "lseek"
  std::string returns;  // "`-1`", "a value less than `0`", "zero, false or nothing"
};

// The call `c` tests and how it failed, when `c` holds at the raise only if
// the call returned a failure value (-1, NULL, an `*_ERROR`/`*_ERR`
// constant, a negative number, anything but an `*_OK` constant or 0, or ,
// under a message that reports a failure, zero or false); nullopt else.
std::optional<FailedCall> FailedCallOf(const PathCondition& c, const std::string& message);

}  // namespace errdex
