// Soft wraps: see soft_wraps.h.
#include "match/soft_wraps.h"

namespace errdex::match {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool IsLower(char c) { return c >= 'a' && c <= 'z'; }
bool IsAlnum(char c) { return IsLower(c) || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// `text` with each line break and its surrounding blanks replaced: by
// nothing when `join_words` and the break cuts a word, else by one space.
std::string Unwrap(std::string_view text, bool join_words) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '\n') {
      out.push_back(text[i++]);
      continue;
    }
    while (!out.empty() && IsBlank(out.back())) out.pop_back();
    size_t next = i + 1;
    while (next < text.size() && (IsBlank(text[next]) || text[next] == '\n')) ++next;
    bool cut_word = join_words && !out.empty() && IsAlnum(out.back()) && next < text.size() &&
                    IsLower(text[next]);
    if (!cut_word && !out.empty() && next < text.size()) out.push_back(' ');
    i = next;
  }
  return out;
}

}  // namespace

std::vector<std::string> SoftWrapReadings(std::string_view text) {
  if (text.find('\n') == std::string_view::npos) return {};
  std::vector<std::string> readings;
  for (bool join_words : {true, false}) {
    std::string reading = Unwrap(text, join_words);
    if (reading == text) continue;
    bool seen = false;
    for (const std::string& r : readings) seen = seen || r == reading;
    if (!seen) readings.push_back(std::move(reading));
  }
  return readings;
}

}  // namespace errdex::match
