// Export macros in class heads (see export_macros.h).
#include "extract/cpp/export_macros.h"

#include <cctype>

namespace errdex::cpp {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// FOO_API, LIB_EXPORT, DLLEXPORT: upper case, digits and underscores.
bool MacroLike(std::string_view w) {
  if (w.size() < 3) return false;
  for (char c : w) {
    if (!std::isupper(static_cast<unsigned char>(c)) &&
        !std::isdigit(static_cast<unsigned char>(c)) && c != '_') {
      return false;
    }
  }
  return true;
}

size_t SkipSpace(std::string_view s, size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i;
}

// Function specifier macros a header-only library puts before a
// definition's return type (`SPDLOG_INLINE void file_helper::open(...)`,
// `[[noreturn]] SPDLOG_API void throw_spdlog_ex(...)`): tree-sitter reads the
// macro as the type and the definition breaks.
bool SpecifierMacro(std::string_view w) {
  if (!MacroLike(w)) return false;
  for (std::string_view suffix : {"_INLINE", "_API", "_EXPORT", "_EXTERN", "_DECL", "_FUNC"}) {
    if (w.ends_with(suffix) && w.size() > suffix.size()) return true;
  }
  return false;
}

// Blanks a specifier macro at the start of each line (after indentation and
// an attribute) when an identifier follows it on the line.
bool BlankSpecifierMacros(std::string_view src, std::string* out, bool changed) {
  for (size_t line = 0; line < src.size();) {
    size_t next = src.find('\n', line);
    if (next == std::string_view::npos) next = src.size();
    size_t m = SkipSpace(src, line);
    if (src.substr(m).starts_with("[[")) {
      size_t close = src.find("]]", m);
      if (close != std::string_view::npos && close < next) m = SkipSpace(src, close + 2);
    }
    size_t e = m;
    while (e < next && IdentChar(src[e])) ++e;
    size_t type = SkipSpace(src, e);
    if (e > m && type > e && type < next && IdentChar(src[type]) &&
        SpecifierMacro(src.substr(m, e - m))) {
      if (!changed) *out = std::string(src);
      changed = true;
      for (size_t i = m; i < e; ++i) (*out)[i] = ' ';
    }
    line = next + 1;
  }
  return changed;
}

}  // namespace

bool BlankExportMacros(std::string_view src, std::string* out) {
  bool changed = BlankSpecifierMacros(src, out, false);
  for (std::string_view kw : {"class", "struct"}) {
    for (size_t at = src.find(kw); at != std::string_view::npos; at = src.find(kw, at + 1)) {
      if (at > 0 && IdentChar(src[at - 1])) continue;
      size_t m = at + kw.size();
      if (m >= src.size() || (src[m] != ' ' && src[m] != '\t')) continue;
      m = SkipSpace(src, m);
      size_t e = m;
      while (e < src.size() && IdentChar(src[e])) ++e;
      size_t name = SkipSpace(src, e);
      // The macro is followed by the class's own name on the same line.
      if (e == m || name == e || name >= src.size() || !IdentChar(src[name]) ||
          !MacroLike(src.substr(m, e - m))) {
        continue;
      }
      // ... and a class head follows (`: bases` or `{`), not a declaration
      // of a variable of a macro-named type (`struct STAT st;`).
      size_t after = name;
      while (after < src.size() && (IdentChar(src[after]) || src[after] == '<' ||
                                    src[after] == '>' || src[after] == ',')) {
        ++after;
      }
      while (after < src.size() && std::isspace(static_cast<unsigned char>(src[after]))) ++after;
      if (after < src.size() && src.substr(after).starts_with("final")) after += 5;
      while (after < src.size() && std::isspace(static_cast<unsigned char>(src[after]))) ++after;
      if (after >= src.size() || (src[after] != ':' && src[after] != '{')) continue;
      if (!changed) *out = std::string(src);
      changed = true;
      for (size_t i = m; i < e; ++i) (*out)[i] = ' ';
    }
  }
  return changed;
}

namespace {

// The `)` closing the `(` at `open`, past nested parentheses and string and
// character literals; npos when the file ends first.
size_t ClosingParen(std::string_view s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c; ++i) {
        if (s[i] == '\\') ++i;
      }
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

void Blank(std::string* out, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i) (*out)[i] = ' ';
}

size_t LineStart(std::string_view s, size_t i) {
  size_t nl = i == 0 ? std::string_view::npos : s.rfind('\n', i - 1);
  return nl == std::string_view::npos ? 0 : nl + 1;
}

// Blanks an `EXTERN` (empty where the variable is defined) that starts the
// line at `line`.
bool BlankExtern(std::string_view src, size_t line, std::string* out) {
  size_t k = SkipSpace(src, line);
  if (!src.substr(k).starts_with("EXTERN") || k + 6 >= src.size() ||
      (src[k + 6] != ' ' && src[k + 6] != '\t')) {
    return false;
  }
  Blank(out, k, k + 6);
  return true;
}

}  // namespace

bool BlankInitializerMacros(std::string_view src, std::string* out) {
  bool changed = false;
  for (size_t at = src.find("(="); at != std::string_view::npos; at = src.find("(=", at + 1)) {
    if (at + 2 < src.size() && src[at + 2] == '=') continue;  // `(==`
    size_t m = at;
    while (m > 0 && IdentChar(src[m - 1])) --m;
    if (m == at || !MacroLike(src.substr(m, at - m))) continue;
    // The macro follows a declarator on its line: `e_x[]`, `Rows`.
    size_t before = m;
    while (before > 0 && (src[before - 1] == ' ' || src[before - 1] == '\t')) --before;
    if (before == 0 ||
        (src[before - 1] != ']' && !IdentChar(src[before - 1]) && src[before - 1] != '\n')) {
      continue;
    }
    size_t close = ClosingParen(src, at);
    if (close == std::string_view::npos) continue;
    if (!changed) *out = std::string(src);
    changed = true;
    Blank(out, m, at + 1);
    (*out)[close] = ' ';
    // `EXTERN` starting the declaration: on this line or, when the macro
    // starts its own line, the line above.
    size_t line = LineStart(src, m);
    if (!BlankExtern(src, line, out) && SkipSpace(src, line) == m && line > 0) {
      BlankExtern(src, LineStart(src, line - 1), out);
    }
  }
  return changed;
}

}  // namespace errdex::cpp
