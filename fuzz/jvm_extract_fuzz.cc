// Fuzz target: the Java and Kotlin extractors on arbitrary bytes (each input
// is read as both languages). The check is
// extract_fuzz_check.h's; inputs are capped at 64 KiB.
#include <cstddef>
#include <cstdint>

#include "extract_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  for (const char* path : {"Fuzz.java", "Fuzz.kt"})
    errdex::fuzzing::CheckExtraction(path, data, size);
  return 0;
}
