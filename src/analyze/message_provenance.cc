// Message provenance (see message_provenance.h).
#include "analyze/message_provenance.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace errdex {
namespace {

// Appends "path:line" as a number when it is in `file`, once.
void AddPlace(std::string_view place, const std::string& file, nlohmann::json* out) {
  size_t colon = place.rfind(':');
  if (colon == std::string_view::npos || colon + 1 >= place.size()) return;
  std::string_view digits = place.substr(colon + 1);
  if (digits.find_first_not_of("0123456789") != std::string_view::npos) return;
  nlohmann::json v;
  if (place.substr(0, colon) == file) {
    v = std::stoi(std::string(digits));
  } else {
    v = std::string(place);
  }
  if (std::find(out->begin(), out->end(), v) == out->end()) out->push_back(std::move(v));
}

}  // namespace

nlohmann::json MessageProvenance(const ErrorSite& s) {
  nlohmann::json out = nlohmann::json::array();
  for (int i = s.line; i <= std::max(s.line, s.end_line); ++i) out.push_back(i);
  if (!s.message_from.empty()) AddPlace(s.message_from, s.file_path, &out);
  // "text returned by `f()` (path:line) via `g()` (path:line)": each
  // function's return.
  const std::string& note = s.message_origin_note;
  if (note.find("text returned by `") == std::string::npos) return out;
  static constexpr std::string_view kCall = "()` (";
  for (size_t at = note.find(kCall); at != std::string::npos; at = note.find(kCall, at + 1)) {
    size_t close = note.find(')', at + kCall.size());
    if (close == std::string::npos) break;
    AddPlace(std::string_view(note).substr(at + kCall.size(), close - at - kCall.size()),
             s.file_path, &out);
  }
  return out;
}

}  // namespace errdex
