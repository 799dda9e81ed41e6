// Note prose (see note_prose.h).
#include "analyze/note_prose.h"

#include <cctype>
#include <set>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMinWord = 5;
constexpr size_t kMaxSentence = 320;

std::set<std::string> Words(std::string_view s) {
  std::set<std::string> out;
  std::string w;
  for (size_t i = 0; i <= s.size(); ++i) {
    char c = i < s.size() ? s[i] : ' ';
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
      continue;
    }
    // Words every error says ("failed", "error") tie nothing to this one.
    static const std::set<std::string> kCommon = {
        "error", "errors", "failed",  "failure", "invalid", "cannot",
        "could", "should", "would",   "which",   "there",   "their",
        "value", "values", "loading", "returns", "return",  "returned"};
    if ((w.size() >= kMinWord && !kCommon.count(w)) ||
        (w.size() >= 3 && std::isdigit(static_cast<unsigned char>(w[0])))) {
      out.insert(w);
    }
    w.clear();
  }
  return out;
}

// Sentences end at ". ", "! " or "? " before an upper-case letter or a digit.
std::vector<std::string_view> Sentences(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i + 2 < text.size(); ++i) {
    char c = text[i];
    // "(ie. Errno", "Michael T. Nygard": a short word before the dot is an
    // abbreviation or an initial, not a sentence's end.
    size_t word = i;
    while (word > start && std::isalpha(static_cast<unsigned char>(text[word - 1]))) --word;
    bool abbreviation = c == '.' && i > word && i - word <= 2;
    if ((c == '.' || c == '!' || c == '?') && text[i + 1] == ' ' && !abbreviation) {
      size_t next = i + 1;
      while (next < text.size() && text[next] == ' ') ++next;
      if (next < text.size() && (std::isupper(static_cast<unsigned char>(text[next])))) {
        out.push_back(Trim(text.substr(start, i + 1 - start)));
        start = next;
      }
    }
  }
  if (start < text.size()) out.push_back(Trim(text.substr(start)));
  return out;
}

}  // namespace

std::string RelevantSentences(std::string_view comment, std::string_view message) {
  std::vector<std::string_view> all = Sentences(comment);
  if (all.size() <= 1) return std::string(Trim(comment));
  std::set<std::string> said = Words(message);
  auto shares = [&](std::string_view sentence) {
    for (const std::string& w : Words(sentence)) {
      if (said.count(w)) return true;
    }
    return false;
  };
  // A comment that opens on this error's words is about it: all of it.
  if (shares(all[0])) return std::string(Trim(comment));
  std::string out(all[0]);
  for (size_t i = 1; i < all.size(); ++i) {
    // A run-on "sentence" (a list of out-parameters) is not one.
    if (shares(all[i]) && all[i].size() <= kMaxSentence) out += " " + std::string(all[i]);
  }
  return out;
}

}  // namespace errdex
