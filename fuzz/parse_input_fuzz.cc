// Fuzz target: input understanding (tracebacks, logs, free text) on
// arbitrary bytes. Cost limit: the parser itself caps input at 10 MB.
#include <cstdint>
#include <string>

#include "errdex/input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  for (const errdex::ErrorText& e : errdex::ParseInput(text)) {
    if (e.input_line < 0) __builtin_trap();
  }
  return 0;
}
