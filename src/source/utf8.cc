// UTF-8 repair: every later stage (parsers, JSON, SQLite, HTML) may assume
// its text is valid UTF-8 because the source stage repairs it here, once.
//
// Each maximal ill-formed subpart becomes one U+FFFD, as the Unicode
// standard (ch. 3, "U+FFFD Substitution of Maximal Subparts") and the WHATWG
// decoder do. ASCII bytes, including '\n', are never swallowed, so line
// numbers survive the repair. A BOM is valid UTF-8 and is kept.
#include <string>
#include <string_view>
#include <utility>

#include "errdex/source.h"

namespace errdex {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the well-formed sequence starting at text[i], or 0 if the
// sequence there is ill-formed; *bad_len is then the length of its maximal
// ill-formed subpart (at least 1).
size_t ValidSequenceLength(std::string_view text, size_t i, size_t* bad_len) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b = byte(i);
  *bad_len = 1;
  if (b < 0x80) return 1;
  size_t need;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b >= 0xC2 && b <= 0xDF) {
    need = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    need = 3;
    if (b == 0xE0) lo = 0xA0;  // overlong
    if (b == 0xED) hi = 0x9F;  // surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    need = 4;
    if (b == 0xF0) lo = 0x90;  // overlong
    if (b == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;  // continuation byte, C0/C1 overlong lead, or F5..FF
  }
  for (size_t k = 1; k < need; ++k) {
    if (i + k >= text.size()) return 0;  // truncated
    unsigned char c = byte(i + k);
    unsigned char min = k == 1 ? lo : 0x80, max = k == 1 ? hi : 0xBF;
    if (c < min || c > max) return 0;
    *bad_len = k + 1;
  }
  return need;
}

}  // namespace

bool RepairUtf8(std::string* text) {
  std::string_view in(*text);
  std::string out;
  bool changed = false;
  size_t copied = 0;  // in[0, copied) is already in `out` (once changed)
  size_t i = 0;
  while (i < in.size()) {
    size_t bad_len;
    size_t len = ValidSequenceLength(in, i, &bad_len);
    if (len > 0) {
      i += len;
      continue;
    }
    if (!changed) {
      out.reserve(in.size() + 16);
      changed = true;
    }
    out.append(in.substr(copied, i - copied));
    out.append(kReplacement);
    i += bad_len;
    copied = i;
  }
  if (!changed) return false;
  out.append(in.substr(copied));
  *text = std::move(out);
  return true;
}

}  // namespace errdex
