// An unwrap of a value asserted before (see asserted_before.h).
#include "analyze/asserted_before.h"

#include <cctype>

namespace errdex {
namespace {

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The variable a method chain ending at `end` starts from:
// `collection.as_mut().ok()` -> "collection"; "" when it is no plain chain.
std::string ChainRoot(std::string_view line, size_t end) {
  size_t i = end;
  int depth = 0;
  while (i > 0) {
    char c = line[i - 1];
    if (c == ')') {
      ++depth;
    } else if (c == '(') {
      if (depth == 0) break;
      --depth;
    } else if (depth == 0 && !Word(c) && c != '.') {
      break;
    }
    --i;
  }
  size_t e = i;
  while (e < end && Word(line[e])) ++e;
  return e > i && !std::isdigit(static_cast<unsigned char>(line[i]))
             ? std::string(line.substr(i, e - i))
             : "";
}

bool NamesWord(std::string_view text, std::string_view w) {
  for (size_t at = text.find(w); at != std::string_view::npos; at = text.find(w, at + 1)) {
    bool left = at == 0 || !Word(text[at - 1]);
    bool right = at + w.size() >= text.size() || !Word(text[at + w.size()]);
    if (left && right) return true;
  }
  return false;
}

// Whether `line` assigns `var` (`var = ..`, `*var = ..`), not compares it.
bool Assigns(std::string_view line, const std::string& var) {
  for (size_t at = line.find(var); at != std::string_view::npos; at = line.find(var, at + 1)) {
    size_t e = at + var.size();
    if ((at > 0 && Word(line[at - 1])) || (e < line.size() && Word(line[e]))) continue;
    while (e < line.size() && line[e] == ' ') ++e;
    if (e < line.size() && line[e] == '=' && (e + 1 >= line.size() || line[e + 1] != '=')) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string AssertedBefore(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.language != "rust" || s.line < 1 || s.line > static_cast<int>(lines.size())) return "";
  std::string_view line = lines[s.line - 1];
  size_t call = line.find(".expect(");
  if (call == std::string_view::npos) call = line.find(".unwrap()");
  if (call == std::string_view::npos) return "";
  std::string root = ChainRoot(line, call);
  if (root.empty()) return "";
  for (int n = s.line - 1; n >= 1 && n >= s.function_line; --n) {
    std::string_view t = lines[n - 1];
    if (n < s.line && Assigns(t, root)) return "";
    bool assert = t.find("assert!(") != std::string_view::npos;
    bool checks = t.find(root + ".is_ok()") != std::string_view::npos ||
                  t.find(root + ".is_some()") != std::string_view::npos;
    if (assert && checks && NamesWord(t, root)) {
      return "`assert!(" + root +
             (t.find(".is_ok()") != std::string_view::npos ? ".is_ok()" : ".is_some()") +
             ")` at line " + std::to_string(n) + " already checked `" + root + "`, which the `" +
             std::string(line.substr(call + 1, line.find('(', call) - call - 1)) + "` at line " +
             std::to_string(s.line) + " unwraps";
    }
  }
  return "";
}

}  // namespace errdex
