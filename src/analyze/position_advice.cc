// Position advice (see position_advice.h). A position counts only when a
// printed value follows the word ("line %d", "column {column}"): "line
// breaks are not allowed" names no place. A path counts only in a message
// about reading input (a token, parsing, what was expected), since "path"
// alone is as often a file path. A writer's or encoder's position is left
// alone.
#include "analyze/position_advice.h"

#include <algorithm>
#include <regex>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

// The position words that are followed by a printed value, in order.
std::vector<std::string> Positions(const std::string& lower, bool reading) {
  static const std::regex kPlace(
      R"(\b(line|column|col|offset|position|at path)\s*[:=]?\s*('?)(%|\{|\$|#\{|\[\$))");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(lower.begin(), lower.end(), kPlace);
       it != std::sregex_iterator(); ++it) {
    std::string word = (*it)[1].str();
    if (word == "col") word = "column";
    if (word == "at path") {
      if (!reading) continue;
      word = "path";
    }
    if (std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
  }
  return out;
}

}  // namespace

std::string PositionAdvice(std::string_view message, std::string_view function) {
  // A writer's path is where in its output it was: nothing to correct in
  // an input.
  std::string fn = ToLower(function);
  for (const char* w : {"writ", "encod", "serializ", "emit"}) {
    if (fn.find(w) != std::string::npos) return {};
  }
  std::string lower = ToLower(message);
  // "Truncating the AOF at offset N", "skipping line N": the code deals
  // with the bad part itself; there is nothing left to correct.
  for (const char* w : {"truncating", "skipping", "ignoring"}) {
    if (lower.find(w) != std::string::npos) return {};
  }
  bool reading = false;
  for (const char* w : {"json", "token", "pars", "expected", "unexpected", "unterminated", "syntax",
                        "malformed", "end of input", "eof"}) {
    reading = reading || lower.find(w) != std::string::npos;
  }
  std::vector<std::string> places = Positions(lower, reading);
  if (places.empty()) return {};
  std::string list = places.back();
  if (places.size() > 1) {
    places.pop_back();
    list = Join(places, ", ") + " and " + list;
  }
  return "Look at the input at the place the message gives (" + list +
         "): that is where the code found what the message reports; correct the input there";
}

}  // namespace errdex
