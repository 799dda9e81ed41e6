// Status::ToString.
#include "errdex/status.h"

namespace errdex {

std::string Status::ToString() const {
  const char* name = "OK";
  switch (code_) {
    case Code::kOk: return "OK";
    case Code::kNotFound: name = "not found"; break;
    case Code::kInvalidArgument: name = "invalid argument"; break;
    case Code::kIOError: name = "I/O error"; break;
    case Code::kCorruption: name = "corruption"; break;
    case Code::kInternal: name = "internal error"; break;
  }
  return std::string(name) + ": " + message_;
}

}  // namespace errdex
