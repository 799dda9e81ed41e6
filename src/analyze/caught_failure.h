// Caught failure: an error raised or logged inside a `catch`/`except`/
// `rescue` block means that something in the matching `try` block failed.
// "The code guarded by catch fails" says nothing; the calls of the try block
// (`castString(value)`, `serializer.read(cls, ...)`) are what failed, and the
// caught class says how (thirteenth grading: mongoose's CastError, vite's
// dependency scan, retrofit's RuntimeException, composer's schema check).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/extractor.h"

namespace errdex {

struct CaughtFailure {
  int try_first = 0;  // first and last line of the try block's body
  int try_last = 0;
  int catch_line = 0;
  std::vector<std::string> classes;  // the caught classes, as written; empty for a bare catch
  std::vector<std::string> calls;    // the try block's calls, `name(...)` when long
  int more_calls = 0;                // calls left out of `calls`
};

// The try block whose handler holds s.line, from the innermost catch clause
// among s.conditions; nullopt when there is none, the block cannot be found
// in `lines`, or it makes no call.
std::optional<CaughtFailure> CaughtFailureOf(const ErrorSite& s,
                                             const std::vector<std::string_view>& lines);

// "This reports a `JsonValidationException` from the `try` block at lines
// 743–751, which calls `a`, `b` (caught at line 752)."
std::string CaughtFailureSentence(const CaughtFailure& f);

}  // namespace errdex
