// Escape-sequence helpers shared by the string decoders of the C-family
// extractors (Python, JavaScript, Go, Rust, C, C#, Ruby): code point -> UTF-8, hex digits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace errdex {

inline void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;  // what a terminal shows
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Appends the character of a one-letter escape shared by C, Go, C#, Ruby
// and others (\a \b \f \n \r \t \v); false for any other letter.
inline bool AppendSimpleEscape(char e, std::string* out) {
  static constexpr std::string_view kLetters = "abfnrtv";
  static constexpr std::string_view kChars = "\a\b\f\n\r\t\v";
  size_t k = kLetters.find(e);
  if (k == std::string_view::npos) return false;
  *out += kChars[k];
  return true;
}

// Parses up to `max` hex digits of `s` from `*i`; returns false if none.
inline bool ParseHex(std::string_view s, size_t* i, size_t max, uint32_t* value) {
  uint32_t v = 0;
  size_t n = 0;
  while (*i < s.size() && n < max) {
    char c = s[*i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) break;
    v = v * 16 + static_cast<uint32_t>(d);
    ++*i;
    ++n;
  }
  *value = v;
  return n > 0;
}

}  // namespace errdex
