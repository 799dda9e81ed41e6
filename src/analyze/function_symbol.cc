// Function symbols in checks (function_symbol.h).
#include "analyze/function_symbol.h"

#include <algorithm>
#include <cctype>

namespace errdex {
namespace {

bool Ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

bool DeclaresFunction(const std::vector<std::string_view>& lines, std::string_view name) {
  if (name.empty()) return false;
  for (std::string_view l : lines) {
    if (l.empty() || !Ident(l.front()) || l.starts_with("return")) continue;
    for (size_t at = l.find(name); at != std::string_view::npos; at = l.find(name, at + 1)) {
      // After a type: a space or `*` before, never the line's first word.
      if (at == 0 || (l[at - 1] != ' ' && l[at - 1] != '*')) continue;
      size_t end = at + name.size();
      if (end < l.size() && Ident(l[end])) continue;
      while (end < l.size() && l[end] == ' ') ++end;
      if (end < l.size() && l[end] == '(' && l.substr(0, at).find('=') == std::string_view::npos) {
        return true;
      }
    }
  }
  return false;
}

void DropFunctionSymbols(const std::vector<std::string_view>& lines, std::string_view language,
                         std::vector<std::string>* reads) {
  if (language != "c" && language != "cpp") return;
  std::erase_if(*reads, [&](const std::string& x) { return DeclaresFunction(lines, x); });
}

}  // namespace errdex
