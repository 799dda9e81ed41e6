// Fuzz target: records read back from stored or imported JSON. Parsing
// never throws and a parsed record always serializes.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "errdex/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return 0;
  errdex::Record r = errdex::RecordFromJson(j);
  std::string text = errdex::RecordToJsonText(r);
  if (text.empty()) __builtin_trap();
  return 0;
}
