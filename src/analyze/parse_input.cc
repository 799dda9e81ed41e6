// Parse input (see parse_input.h). Only the name of the error class or of
// the call on the raise line counts; a message that merely says "parse" is
// as often about a value the program built itself.
#include "analyze/parse_input.h"

#include <regex>

#include "util/text.h"

namespace errdex {

std::string ParseInputAdvice(std::string_view error_class, std::string_view line,
                             std::string_view function, std::string_view message) {
  static const std::regex kReader(
      R"((parse|parser|parsing|syntax|scan|scanner|lex|lexer|decoding|decode|malformedjson|)"
      R"(jsonreader|protocol)_?\w*?(error|exception)|yaml_parser_set_\w*error)");
  std::string names = ToLower(error_class) + " " + ToLower(line.substr(0, 120));
  if (!std::regex_search(names, kReader)) return {};
  std::string fn = ToLower(function) + " " + names;
  for (const char* w : {"emitter", "writ", "encod", "serializ"}) {
    if (fn.find(w) != std::string::npos) return {};
  }
  // A reader's own state, or a request the user built ("Request header not
  // permitted"), is not data it read.
  std::string m = ToLower(message);
  for (const char* w : {"state", "not permitted", "not allowed"}) {
    if (m.find(w) != std::string::npos) return {};
  }
  return "The data being read (a document, a stream or a peer's reply) is not in the form the "
         "reader expects, and the message says what it found: correct that data, or, when a "
         "server or another program produced it, find out why it sent that";
}

}  // namespace errdex
