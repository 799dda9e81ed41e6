// Small text helpers (see text.h).
#include "util/text.h"

#include <algorithm>
#include <cctype>

namespace errdex {

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      out.push_back(text.substr(start));
      break;
    }
    std::string_view line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    start = nl + 1;
  }
  return out;
}

int IndentWidth(std::string_view line) {
  int n = 0;
  while (n < static_cast<int>(line.size()) && (line[n] == ' ' || line[n] == '\t')) ++n;
  return n;
}

bool StartsWithWord(std::string_view text, std::string_view word) {
  return text.starts_with(word) && (text.size() == word.size() ||
                                    !(std::isalnum(static_cast<unsigned char>(text[word.size()])) ||
                                      text[word.size()] == '_'));
}

std::string_view Parenthesized(std::string_view s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return s.substr(open + 1, i - open - 1);
  }
  return {};
}

bool ContainsIdentifier(std::string_view text, std::string_view word, std::string_view extra) {
  auto ident = [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           extra.find(c) != std::string_view::npos;
  };
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    if ((at == 0 || !ident(text[at - 1])) && (end >= text.size() || !ident(text[end]))) {
      return true;
    }
  }
  return false;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string ReplaceVariable(std::string expr, std::string_view name, std::string_view value) {
  // An empty name would be found at every position, forever (a declarator
  // tree-sitter recovered as MISSING has no text).
  if (name.empty()) return expr;
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = expr.find(name); at != std::string::npos; at = expr.find(name, at)) {
    size_t end = at + name.size();
    bool left = at == 0 || !(ident(expr[at - 1]) || expr[at - 1] == '.' ||
                             (name[0] != '$' && expr[at - 1] == '$') ||
                             (at >= 2 && expr.compare(at - 2, 2, "->") == 0));
    bool right = end >= expr.size() || !ident(expr[end]);
    if (!left || !right) {
      at = end;
      continue;
    }
    expr.replace(at, name.size(), value);
    at += value.size();
  }
  return expr;
}

std::vector<std::string_view> SplitTopLevel(std::string_view e, std::string_view a,
                                            std::string_view b) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    char c = e[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth != 0) continue;
    std::string_view rest = e.substr(i);
    size_t len = rest.starts_with(a) ? a.size() : rest.starts_with(b) ? b.size() : 0;
    if (len == 0) continue;
    out.push_back(Trim(e.substr(start, i - start)));
    start = i + len;
    i += len - 1;
  }
  out.push_back(Trim(e.substr(start)));
  return out;
}
std::string CollapseSpace(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : Trim(s)) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = true;
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

std::string ToLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Dedent(std::string_view s) {
  std::vector<std::string_view> lines = SplitLines(s);
  size_t indent = std::string::npos;
  for (size_t i = 1; i < lines.size(); ++i) {  // PEP 257: the first line is not indented
    std::string_view l = lines[i];
    size_t first = l.find_first_not_of(" \t");
    if (first != std::string_view::npos) indent = std::min(indent, first);
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    if (i > 0 && indent != std::string::npos) l = l.size() > indent ? l.substr(indent) : Trim(l);
    if (i) out += '\n';
    out += i == 0 ? Trim(l) : l;
  }
  return std::string(Trim(out));
}

std::string_view Utf8Prefix(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  size_t n = max_bytes;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

std::string OneLine(std::string_view s, size_t max_bytes) {
  std::string out;
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c != '\r') {
      out += c;
    }
  }
  return std::string(Utf8Prefix(out, max_bytes));
}

std::string ClassShortName(std::string_view cls) {
  size_t sep = cls.find_last_of(".:\\");
  return std::string(sep == std::string_view::npos ? cls : cls.substr(sep + 1));
}

std::string LastDotComponent(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return std::string(dot == std::string_view::npos ? dotted : dotted.substr(dot + 1));
}

std::string TerminalSafe(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9f) {
      auto c1 = static_cast<unsigned char>(s[++i]);
      out += "\\u00";
      out += kHex[c1 >> 4];
      out += kHex[c1 & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace errdex
