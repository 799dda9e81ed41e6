// Fitting text to the terminal (see layout.h).
#include "cli/layout.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace errdex {
namespace {

bool IsContinuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += !IsContinuation(c);
  return n;
}

// Byte length of the first `n` code points of `s` (all of it if shorter).
size_t PrefixBytes(std::string_view s, size_t n) {
  size_t i = 0;
  for (size_t seen = 0; i < s.size(); ++i) {
    if (!IsContinuation(s[i]) && seen++ == n) break;
  }
  return i;
}

}  // namespace

size_t DisplayWidth(std::string_view text) { return CodePoints(text); }

size_t ColumnsLeft(size_t columns, size_t used, size_t min) {
  if (columns == 0) return SIZE_MAX;
  return columns > used + min ? columns - used : min;
}

size_t TerminalColumns() {
  if (isatty(STDOUT_FILENO) == 0) return 0;
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    char* end = nullptr;
    long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n > 0 && n < 100000) return static_cast<size_t>(n);
  }
  struct winsize ws = {};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 80;
}

std::string Shorten(std::string_view text, size_t max) {
  if (CodePoints(text) <= max) return std::string(text);
  if (max == 0) return "";
  std::string_view head = text.substr(0, PrefixBytes(text, max - 1));
  // Stop at the last space when one is there and the word it would drop is
  // not most of the budget: "a very long…", not "a very lo…".
  size_t space = head.find_last_of(' ');
  bool inside_word = head.size() < text.size() && text[head.size()] != ' ';
  if (inside_word && space != std::string_view::npos && space >= head.size() / 2) {
    head = head.substr(0, space);
  }
  while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
  return std::string(head) + "…";
}

std::string WrapText(std::string_view text, size_t width, std::string_view indent,
                     std::optional<std::string_view> first_indent) {
  std::string out;
  size_t indent_width = CodePoints(first_indent.value_or(indent));
  out += first_indent.value_or(indent);
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    std::string_view line =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (start > 0) {
      out += indent;
      indent_width = CodePoints(indent);
    }
    if (width == 0 || indent_width + CodePoints(line) <= width) {
      out += line;  // fits: as written, runs of spaces included
      out += '\n';
      if (end == std::string_view::npos) break;
      start = end + 1;
      continue;
    }
    size_t used = indent_width;
    bool first = true;
    size_t i = 0;
    while (i < line.size()) {
      size_t word_end = line.find(' ', i);
      if (word_end == std::string_view::npos) word_end = line.size();
      std::string_view word = line.substr(i, word_end - i);
      i = word_end + 1;
      if (word.empty()) continue;  // runs of spaces collapse at breaks
      size_t w = CodePoints(word);
      if (!first && used + 1 + w > width) {
        out += '\n';
        out += indent;
        used = CodePoints(indent);
        first = true;
      }
      if (!first) {
        out += ' ';
        ++used;
      }
      out += word;
      used += w;
      first = false;
    }
    out += '\n';
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace errdex
