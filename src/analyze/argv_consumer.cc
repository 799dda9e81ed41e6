// Finds the parser call whose result `argc` holds at a check (argv_consumer.h).
#include "analyze/argv_consumer.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

bool ReadsWord(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    bool left = at == 0 || !ident(text[at - 1]);
    bool right = at + word.size() >= text.size() || !ident(text[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

}  // namespace

ArgvConsumer ArgvConsumerBefore(const std::vector<std::string_view>& lines, int function_line,
                                int check_line, std::string_view expr) {
  if (!ReadsWord(expr, "argc") || function_line < 1) return {};
  for (int n = check_line - 1; n > function_line && n <= static_cast<int>(lines.size()); --n) {
    std::string_view t = Trim(lines[n - 1]);
    if (!t.starts_with("argc = ")) continue;
    std::string_view rhs = Trim(t.substr(7));
    size_t open = rhs.find('(');
    if (open == std::string_view::npos || open == 0) return {};
    std::string_view name = Trim(rhs.substr(0, open));
    for (char c : name) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return {};
    }
    if (!ReadsWord(rhs.substr(open), "argv")) return {};
    return {std::string(name), n};
  }
  return {};
}

}  // namespace errdex
