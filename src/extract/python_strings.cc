// Python string literals and formatting (see python_strings.h).
#include "extract/python_strings.h"

#include <cctype>

#include "extract/ts_util.h"
#include "util/text.h"

namespace errdex {
namespace {

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Parses up to `max` digits of `base` at body[*i]; advances *i.
bool ParseDigits(std::string_view body, size_t* i, int base, size_t max, uint32_t* value) {
  size_t n = 0;
  *value = 0;
  while (n < max && *i < body.size()) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(body[*i])));
    int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
            : (c >= 'a' && c <= 'f')                     ? c - 'a' + 10
                                                          : 99;
    if (d >= base) break;
    *value = *value * base + d;
    ++*i;
    ++n;
  }
  return n > 0 && (base == 8 || n == max);
}

struct StringPrefix {
  bool raw = false;
  bool format = false;
};

StringPrefix PrefixOf(TSNode string_node, std::string_view src) {
  StringPrefix p;
  TSNode start = ts_node_child(string_node, 0);
  for (char c : ts::Text(start, src)) {
    if (c == 'r' || c == 'R') p.raw = true;
    if (c == 'f' || c == 'F') p.format = true;
  }
  return p;
}

void AppendStringContent(TSNode content, std::string_view src, StringPrefix prefix,
                         std::string* out) {
  std::string_view text = ts::Text(content, src);
  if (prefix.raw) {
    // Only the doubled braces of an rf-string are special.
    if (!prefix.format) {
      *out += text;
      return;
    }
  }
  uint32_t base = ts_node_start_byte(content);
  uint32_t cursor = base;
  uint32_t count = ts_node_named_child_count(content);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode esc = ts_node_named_child(content, i);
    uint32_t b = ts_node_start_byte(esc);
    if (b > cursor) *out += src.substr(cursor, b - cursor);
    std::string_view et = ts::Text(esc, src);
    if (ts::Is(esc, "escape_interpolation")) {
      // `{{` is a brace only in an f-string; elsewhere str.format decodes it.
      *out += prefix.format ? et.substr(0, 1) : et;
    } else if (prefix.raw) {
      *out += et;
    } else {
      *out += DecodePythonEscapes(et);
    }
    cursor = ts_node_end_byte(esc);
  }
  uint32_t end = ts_node_end_byte(content);
  if (end > cursor) *out += src.substr(cursor, end - cursor);
}

void AppendString(TSNode s, std::string_view src, Template* out) {
  StringPrefix prefix = PrefixOf(s, src);
  uint32_t count = ts_node_named_child_count(s);
  std::string literal;
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_named_child(s, i);
    if (ts::Is(c, "string_content")) {
      AppendStringContent(c, src, prefix, &literal);
    } else if (ts::Is(c, "interpolation")) {
      out->AddLiteral(literal);
      literal.clear();
      std::string expr = CollapseSpace(ts::Text(ts::Field(c, "expression"), src));
      TSNode spec = ts::Field(c, "format_specifier");
      std::string_view spec_text = ts::Text(spec, src);
      bool integer = spec_text == "d" || spec_text == ":d";
      out->AddHole(CollapseSpace(ts::Text(c, src)), expr,
                   integer ? HoleType::kInteger : HoleType::kAny);
    }
  }
  out->AddLiteral(literal);
}

bool IsPercentConversion(char c) {
  return std::string_view("diouxXeEfFgGcrsa").find(c) != std::string_view::npos;
}

}  // namespace

std::string DecodePythonEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    uint32_t v = 0;
    switch (e) {
      case '\n': break;  // line continuation
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x': case 'u': case 'U': {
        size_t j = i + 1;
        size_t len = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        if (ParseDigits(body, &j, 16, len, &v)) {
          AppendUtf8(v, &out);
          i = j - 1;
        } else {
          out += '\\';
          out += e;
        }
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          size_t j = i;
          ParseDigits(body, &j, 8, 3, &v);
          AppendUtf8(v, &out);
          i = j - 1;
        } else {
          // Unknown escapes (and \N{...}, whose names we cannot resolve) stay.
          out += '\\';
          out += e;
        }
    }
  }
  return out;
}

Template StringNodeTemplate(TSNode node, std::string_view src) {
  Template out;
  if (ts::Is(node, "string")) {
    AppendString(node, src, &out);
  } else if (ts::Is(node, "concatenated_string")) {
    uint32_t count = ts_node_named_child_count(node);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_named_child(node, i);
      if (ts::Is(c, "string")) AppendString(c, src, &out);
    }
  }
  return out;
}

Template ApplyPercentFormat(const Template& fmt, const std::vector<std::string>& positional,
                            const std::map<std::string, std::string>& named) {
  Template out;
  size_t next = 0;
  auto take = [&]() { return next < positional.size() ? positional[next++] : std::string(); };
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view t = p.text;
    std::string literal;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] != '%') {
        literal += t[i];
        continue;
      }
      size_t j = i + 1;
      std::string key;
      if (j < t.size() && t[j] == '(') {
        size_t close = t.find(')', j);
        if (close == std::string_view::npos) break;
        key = std::string(t.substr(j + 1, close - j - 1));
        j = close + 1;
      }
      bool plain = true;
      while (j < t.size() && std::string_view("#0- +").find(t[j]) != std::string_view::npos) {
        ++j;
        plain = false;
      }
      while (j < t.size() && (std::isdigit(static_cast<unsigned char>(t[j])) || t[j] == '*' ||
                              t[j] == '.')) {
        if (t[j] == '*') take();  // a `*` width or precision consumes an argument
        ++j;
        plain = false;
      }
      while (j < t.size() && (t[j] == 'h' || t[j] == 'l' || t[j] == 'L')) ++j;
      if (j < t.size() && t[j] == '%' && j == i + 1) {
        literal += '%';
        i = j;
        continue;
      }
      if (j >= t.size() || !IsPercentConversion(t[j])) {
        literal += '%';  // not a conversion: Python would raise; keep the text
        continue;
      }
      out.AddLiteral(literal);
      literal.clear();
      std::string expr;
      if (!key.empty()) {
        auto it = named.find(key);
        expr = it == named.end() ? key : it->second;
      } else {
        expr = take();
      }
      bool integer = plain && (t[j] == 'd' || t[j] == 'i' || t[j] == 'u');
      out.AddHole(std::string(t.substr(i, j - i + 1)), expr,
                  integer ? HoleType::kInteger : HoleType::kAny);
      i = j;
    }
    out.AddLiteral(literal);
  }
  return out;
}

namespace {

// Resolves a replacement field name (`0`, `name`, `0.attr`, `name[k]`, ``)
// to the expression it prints.
std::string FieldExpr(std::string_view field, size_t* auto_index,
                      const std::vector<std::string>& positional,
                      const std::map<std::string, std::string>& named) {
  size_t end = field.find_first_of(".[");
  std::string_view base = field.substr(0, end);
  std::string_view rest = end == std::string_view::npos ? "" : field.substr(end);
  std::string expr;
  if (base.empty()) {
    size_t idx = (*auto_index)++;
    expr = idx < positional.size() ? positional[idx] : "";
  } else if (std::isdigit(static_cast<unsigned char>(base[0]))) {
    size_t idx = std::stoul(std::string(base.substr(0, 6)));
    expr = idx < positional.size() ? positional[idx] : std::string(base);
  } else {
    auto it = named.find(std::string(base));
    expr = it == named.end() ? std::string(base) : it->second;
  }
  return expr + std::string(rest);
}

}  // namespace

Template ApplyBraceFormat(const Template& fmt, const std::vector<std::string>& positional,
                          const std::map<std::string, std::string>& named) {
  Template out;
  size_t auto_index = 0;
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view t = p.text;
    std::string literal;
    for (size_t i = 0; i < t.size(); ++i) {
      char c = t[i];
      if ((c == '{' || c == '}') && i + 1 < t.size() && t[i + 1] == c) {
        literal += c;
        ++i;
        continue;
      }
      if (c != '{') {
        literal += c;
        continue;
      }
      // Find the matching close brace (format specs may nest one level).
      size_t depth = 0, j = i;
      for (; j < t.size(); ++j) {
        if (t[j] == '{') ++depth;
        if (t[j] == '}' && --depth == 0) break;
      }
      if (j >= t.size()) {
        literal += t.substr(i);
        break;
      }
      std::string_view inner = t.substr(i + 1, j - i - 1);
      size_t name_end = inner.find_first_of("!:");
      std::string_view field = inner.substr(0, name_end);
      std::string_view spec =
          inner.find(':') == std::string_view::npos ? "" : inner.substr(inner.find(':') + 1);
      out.AddLiteral(literal);
      literal.clear();
      out.AddHole(std::string(t.substr(i, j - i + 1)),
                  FieldExpr(field, &auto_index, positional, named),
                  spec == "d" ? HoleType::kInteger : HoleType::kAny);
      i = j;
    }
    out.AddLiteral(literal);
  }
  return out;
}

}  // namespace errdex
