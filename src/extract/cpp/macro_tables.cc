#include "extract/cpp/macro_tables.h"

#include <cctype>
#include <map>
#include <optional>
#include <utility>

#include "extract/cpp/c_strings.h"

namespace errdex::cpp {
namespace {

// A row's arguments are read up to this far; a longer call is no table row.
constexpr size_t kMaxRowBytes = 64 * 1024;
// A macro is a table when it starts this many lines of one file.
constexpr int kMinRows = 3;

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view TrimSpace(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool IsIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!IdentChar(c)) return false;
  }
  return true;
}

// Skips a "..." or '...' literal starting at `i`; returns the index after it.
size_t SkipQuoted(std::string_view s, size_t i) {
  char q = s[i++];
  while (i < s.size() && s[i] != q && s[i] != '\n') i += s[i] == '\\' ? 2 : 1;
  return std::min(i + 1, s.size());
}

// The top-level arguments of a call whose `(` is at `open`, or nullopt when
// it does not close within kMaxRowBytes.
std::optional<std::vector<std::string_view>> SplitCallArgs(std::string_view s, size_t open) {
  std::vector<std::string_view> args;
  int depth = 0;
  size_t start = open + 1;
  size_t end = std::min(s.size(), open + kMaxRowBytes);
  for (size_t i = open; i < end;) {
    char c = s[i];
    if (c == '"' || c == '\'') {
      i = SkipQuoted(s, i);
      continue;
    }
    if (c == '/' && i + 1 < end && s[i + 1] == '/') {
      while (i < end && s[i] != '\n') ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        args.push_back(s.substr(start, i - start));
        return args;
      }
    }
    if (c == ',' && depth == 1) {
      args.push_back(s.substr(start, i - start));
      start = i + 1;
    }
    ++i;
  }
  return std::nullopt;
}

// Adjacent narrow/u8 string literals, decoded; nullopt for anything else.
std::optional<std::string> LiteralText(std::string_view arg) {
  arg = TrimSpace(arg);
  std::string out;
  bool any = false;
  while (!arg.empty()) {
    if (arg.starts_with("u8")) arg.remove_prefix(2);
    if (arg.empty() || arg[0] != '"') return std::nullopt;
    size_t end = SkipQuoted(arg, 0);
    if (end < 2 || arg[end - 1] != '"') return std::nullopt;
    out += DecodeCEscapes(arg.substr(1, end - 2));
    any = true;
    arg = TrimSpace(arg.substr(end));
  }
  if (!any) return std::nullopt;
  return out;
}

// A row at `pos` (the first non-blank byte of a line), or nullopt.
std::optional<MacroRow> RowAt(std::string_view src, size_t pos, int line) {
  size_t i = pos;
  while (i < src.size() && IdentChar(src[i])) ++i;
  std::string_view macro = src.substr(pos, i - pos);
  if (macro.empty() || !std::isupper(static_cast<unsigned char>(macro[0]))) return std::nullopt;
  for (char c : macro) {
    if (std::islower(static_cast<unsigned char>(c))) return std::nullopt;
  }
  while (i < src.size() && (src[i] == ' ' || src[i] == '\t')) ++i;
  if (i >= src.size() || src[i] != '(') return std::nullopt;
  std::optional<std::vector<std::string_view>> args = SplitCallArgs(src, i);
  if (!args || args->size() < 2 || !IsIdentifier(TrimSpace((*args)[0]))) return std::nullopt;
  for (size_t k = args->size(); k-- > 1;) {
    std::optional<std::string> text = LiteralText((*args)[k]);
    if (!text) continue;
    if (text->empty()) return std::nullopt;  // no message to show
    Template t;
    t.AddLiteral(*text);
    return MacroRow{std::string(macro), std::string(TrimSpace((*args)[0])), ApplyBraceFormat(t, {}),
                    line};
  }
  return std::nullopt;
}

}  // namespace

std::vector<MacroRow> FindMacroRows(std::string_view src) {
  std::vector<MacroRow> rows;
  std::map<std::string, int> count;
  int line = 1;
  for (size_t pos = 0; pos < src.size();) {
    size_t eol = src.find('\n', pos);
    if (eol == std::string_view::npos) eol = src.size();
    size_t first = pos;
    while (first < eol && (src[first] == ' ' || src[first] == '\t')) ++first;
    if (first < eol && std::isupper(static_cast<unsigned char>(src[first]))) {
      if (std::optional<MacroRow> row = RowAt(src, first, line)) {
        ++count[row->macro];
        rows.push_back(std::move(*row));
      }
    }
    ++line;
    pos = eol + 1;
  }
  std::erase_if(rows, [&](const MacroRow& r) { return count[r.macro] < kMinRows; });
  return rows;
}

std::vector<MacroNaming> FindMacroNamings(std::string_view src) {
  std::vector<MacroNaming> out;
  for (size_t pos = src.find("#"); pos != std::string_view::npos; pos = src.find('#', pos + 1)) {
    size_t i = pos + 1;
    while (i < src.size() && (src[i] == ' ' || src[i] == '\t')) ++i;
    if (src.substr(i, 6) != "define") continue;
    i += 6;
    while (i < src.size() && (src[i] == ' ' || src[i] == '\t')) ++i;
    size_t name_start = i;
    while (i < src.size() && IdentChar(src[i])) ++i;
    std::string_view macro = src.substr(name_start, i - name_start);
    if (macro.empty() || i >= src.size() || src[i] != '(') continue;
    size_t close = src.find(')', i);
    size_t comma = src.find_first_of(",)", i);
    if (close == std::string_view::npos) break;
    std::string_view param = TrimSpace(src.substr(i + 1, comma - i - 1));
    if (!IsIdentifier(param)) continue;
    // The body: the rest of the logical line (backslash-newlines join it).
    size_t end = close;
    while (true) {
      end = src.find('\n', end);
      if (end == std::string_view::npos) {
        end = src.size();
        break;
      }
      size_t b = end;
      while (b > close && (src[b - 1] == ' ' || src[b - 1] == '\t' || src[b - 1] == '\r')) --b;
      if (b == close || src[b - 1] != '\\') break;
      ++end;
    }
    std::string_view body = src.substr(close + 1, end - close - 1);
    for (size_t at = body.find(param); at != std::string_view::npos;
         at = body.find(param, at + 1)) {
      size_t after = at + param.size();
      if ((at > 0 && IdentChar(body[at - 1])) || (after < body.size() && IdentChar(body[after]))) {
        continue;
      }
      // `pre ## NAME ## post`
      size_t l = at;
      while (l > 0 && body[l - 1] == ' ') --l;
      std::string prefix;
      if (l >= 2 && body.substr(l - 2, 2) == "##") {
        size_t e = l - 2;
        while (e > 0 && body[e - 1] == ' ') --e;
        size_t b = e;
        while (b > 0 && IdentChar(body[b - 1])) --b;
        prefix = std::string(body.substr(b, e - b));
      }
      size_t r = after;
      while (r < body.size() && body[r] == ' ') ++r;
      std::string suffix;
      if (body.substr(r, 2) == "##") {
        r += 2;
        while (r < body.size() && body[r] == ' ') ++r;
        size_t e = r;
        while (e < body.size() && IdentChar(body[e])) ++e;
        suffix = std::string(body.substr(r, e - r));
      }
      if (prefix.empty() && suffix.empty()) continue;
      MacroNaming n{std::string(macro), std::move(prefix), std::move(suffix)};
      bool seen = false;
      for (const MacroNaming& o : out) {
        seen |= o.macro == n.macro && o.prefix == n.prefix && o.suffix == n.suffix;
      }
      if (!seen) out.push_back(std::move(n));
    }
    pos = end;
    if (pos >= src.size()) break;
  }
  return out;
}

}  // namespace errdex::cpp
