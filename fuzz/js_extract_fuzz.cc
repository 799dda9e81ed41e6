// Fuzz target: the JavaScript/TypeScript extractor on arbitrary bytes, alone and through
// the linking stages. The check is extract_fuzz_check.h's; inputs are capped
// at 64 KiB.
#include <cstddef>
#include <cstdint>

#include "extract_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  for (const char* path : {"fuzz.js", "fuzz.ts"})
    errdex::fuzzing::CheckExtraction(path, data, size);
  return 0;
}
