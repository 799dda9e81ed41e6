// Fuzz target: the C# extractor (and the .resx reader) on arbitrary bytes, alone and through
// the linking stages. The check is extract_fuzz_check.h's; inputs are capped
// at 64 KiB.
#include <cstddef>
#include <cstdint>

#include "extract_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  for (const char* path : {"Fuzz.cs", "Strings.resx"})
    errdex::fuzzing::CheckExtraction(path, data, size);
  return 0;
}
