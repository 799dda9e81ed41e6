// Damaged data (see damaged_data.h). "Truncated" and "premature end" count
// only next to a word for stored data (file, stream, pack, index, archive),
// so that "truncated quoted character" in a parser is left alone; a lock or
// permission failure reported under an "invalid pack file" heading is not
// damage.
#include "analyze/damaged_data.h"

#include <regex>

#include "util/text.h"

namespace errdex {

std::string DamagedDataAdvice(std::string_view message) {
  std::string m = ToLower(message);
  static const std::regex kDamaged(
      R"(\bcorrupt|\bdamaged\b|\binvalid data in (the )?(index|pack|file|object|stream)|\b(invalid|bad|malformed) [\w-]+( [\w-]+)? file\b|)"
      R"(\b(checksum|signature) (mismatch|did not match)|\b(bad|invalid|wrong) magic\b|)"
      R"(((truncated|premature end of) ([\w-]+ ){0,2}(file|stream|pack|index|archive|data|object)))");
  std::smatch match;
  if (!std::regex_search(m, match, kDamaged)) return {};
  // "invalid filemode for file": the file is not what is invalid.
  std::string said = match[0].str();
  bool file_word = said.ends_with(" file");
  for (const char* p : {" for ", " of ", " in ", " to "}) {
    if (file_word && said.find(p) != std::string::npos) return {};
  }
  for (const char* other :
       {"lock", "permission", "not found", "no such", "response", "request", "download",
        "signature did not match", "will lead to", "would lead to"}) {
    if (m.find(other) != std::string::npos) return {};
  }
  return "The data it read is damaged or not in the format this version expects (the message "
         "says which): restore it from a good copy, or have the program that wrote it write it "
         "again";
}

}  // namespace errdex
