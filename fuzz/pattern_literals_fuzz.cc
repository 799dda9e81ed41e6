// Fuzz target: the matcher's reading of stored patterns (literal anchors),
// and a Matcher built from a record with an arbitrary pattern queried with
// arbitrary text. Stored patterns are untrusted once datasets are imported.
#include <cstdint>
#include <string>
#include <vector>

#include "errdex/matcher.h"
#include "match/pattern_literals.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  size_t cut = input.find('\n');
  std::string pattern = input.substr(0, cut);
  std::string query = cut == std::string::npos ? pattern : input.substr(cut + 1);
  errdex::match::PatternLiterals lits = errdex::match::AnalyzePattern(pattern);
  (void)lits.Anchor();
  errdex::Record r;
  r.id = "0000000000000000";
  r.repo = "fuzz/fuzz";
  r.error_message = pattern;
  r.message_pattern = pattern;
  std::vector<errdex::Record> records = {r};
  errdex::Matcher matcher(std::move(records));
  errdex::Query q;
  q.message = query;
  (void)matcher.Find(q);
  return 0;
}
