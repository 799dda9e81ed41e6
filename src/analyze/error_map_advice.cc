// Error-map advice (see error_map_advice.h). The extractors mark the entries
// in message_origin_note; this only turns the note into advice.
#include "analyze/error_map_advice.h"

#include <algorithm>

namespace errdex {
namespace {

constexpr std::string_view kCodeNote = "the text the error map gives code `";
constexpr std::string_view kDefaultNote = "the error map's default text";

// Whether the note marks an error-map entry; `code` is the code it names,
// or "" for the map's default arm.
bool NotedCode(const std::string& note, std::string* code) {
  size_t at = note.find(kCodeNote);
  if (at != std::string::npos) {
    size_t from = at + kCodeNote.size();
    size_t end = note.find('`', from);
    if (end == std::string::npos || end == from) return false;
    *code = note.substr(from, end - from);
    return true;
  }
  code->clear();
  return note.find(kDefaultNote) != std::string::npos;
}

}  // namespace

std::string ErrorMapAdvice(const ErrorSite& s) {
  std::string code;
  if (!NotedCode(s.message_origin_note, &code)) return {};
  std::string map = "the error map in `" + s.function + "` (" + s.file_path + ", line " +
                    std::to_string(s.line) + ")";
  if (code.empty()) {
    return "This is the default text of " + map +
           ", shown for a reported issue whose code the map does not list: the issue's own "
           "code says which check the input failed; correct that input";
  }
  bool holes = std::any_of(s.message.pieces().begin(), s.message.pieces().end(),
                           [](const Piece& p) { return p.is_hole; });
  return "This is the text " + map + " gives issue code `" + code +
         "`: it is shown for input that failed the check reporting `" + code +
         "`, not for a fault in the map; correct that input" +
         (holes ? " (the values in the message say what was expected)" : "");
}

std::string ErrorMapMeaning(const ErrorSite& s) {
  std::string code;
  if (!NotedCode(s.message_origin_note, &code) || s.function.empty()) return {};
  std::string map = "the error map in `" + s.function + "` (" + s.file_path + ")";
  std::string at = " (line " + std::to_string(s.line) + ")";
  if (code.empty()) {
    return "This is the default text " + map + " returns" + at +
           " for an issue whose code its cases do not list; it becomes that issue's message.";
  }
  return "This is the text " + map + " returns for an issue with code `" + code + "`" + at +
         "; it becomes that issue's message.";
}

}  // namespace errdex
