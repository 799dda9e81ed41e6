// LooseQuotes (see the header).
#include "match/loose_quotes.h"

namespace errdex::match {
namespace {

// Every mark the class accepts; ASCII first, then U+2018/2019/201C/201D.
constexpr std::string_view kAnyQuote = R"([\x22\x27\x60\x{2018}\x{2019}\x{201C}\x{201D}])";

bool IsAsciiQuote(char c) { return c == '\'' || c == '"' || c == '`'; }

// Length of a UTF-8 typographic quote at p[i] (E2 80 98/99/9C/9D), else 0.
size_t TypographicQuoteAt(std::string_view p, size_t i) {
  if (i + 2 >= p.size()) return 0;
  if (static_cast<unsigned char>(p[i]) != 0xE2 || static_cast<unsigned char>(p[i + 1]) != 0x80) {
    return 0;
  }
  auto third = static_cast<unsigned char>(p[i + 2]);
  return third == 0x98 || third == 0x99 || third == 0x9C || third == 0x9D ? 3 : 0;
}

// The end of the character class that starts at p[i] == '[' (one past ']').
size_t ClassEnd(std::string_view p, size_t i) {
  size_t k = i + 1;
  if (k < p.size() && p[k] == '^') ++k;
  if (k < p.size() && p[k] == ']') ++k;  // a leading ']' is a member
  while (k < p.size() && p[k] != ']') {
    k += p[k] == '\\' && k + 1 < p.size() ? 2 : 1;
  }
  return k < p.size() ? k + 1 : p.size();
}

}  // namespace

std::string LooseQuotes(std::string_view p) {
  std::string out;
  out.reserve(p.size() + 16);
  size_t i = 0;
  while (i < p.size()) {
    char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      char next = p[i + 1];
      if (IsAsciiQuote(next)) {
        out += kAnyQuote;
      } else if (next == 'Q') {  // \Q...\E is copied as it is
        size_t end = p.find("\\E", i + 2);
        end = end == std::string_view::npos ? p.size() : end + 2;
        out.append(p.substr(i, end - i));
        i = end;
        continue;
      } else {
        out.append(p.substr(i, 2));
      }
      i += 2;
    } else if (c == '[') {
      size_t end = ClassEnd(p, i);
      out.append(p.substr(i, end - i));
      i = end;
    } else if (IsAsciiQuote(c)) {
      out += kAnyQuote;
      ++i;
    } else if (size_t len = TypographicQuoteAt(p, i); len > 0) {
      out += kAnyQuote;
      i += len;
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return out;
}

}  // namespace errdex::match
