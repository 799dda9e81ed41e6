// Python string literals and formatting (see python_strings.h).
#include "extract/python/python_strings.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>

#include "extract/common/brace_fields.h"
#include "extract/common/escapes.h"
#include "extract/common/ts_util.h"
#include "util/text.h"

namespace errdex {
namespace {

// Parses up to `max` digits of `base` at body[*i]; advances *i.
bool ParseDigits(std::string_view body, size_t* i, int base, size_t max, uint32_t* value) {
  size_t n = 0;
  *value = 0;
  while (n < max && *i < body.size()) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(body[*i])));
    int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
            : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
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
  bool bytes = false;
};

StringPrefix PrefixOf(TSNode string_node, std::string_view src) {
  StringPrefix p;
  TSNode start = ts_node_child(string_node, 0);
  for (char c : ts::Text(start, src)) {
    if (c == 'r' || c == 'R') p.raw = true;
    if (c == 'f' || c == 'F') p.format = true;
    if (c == 'b' || c == 'B') p.bytes = true;
  }
  return p;
}

// `\N{NAME}`: the code point for a few names common in messages; 0 when the
// name is not in the table (the escape then becomes a hole: sound, if vague).
uint32_t NamedCodePoint(std::string_view name) {
  static const std::map<std::string, uint32_t> kNames = {
      {"BULLET", 0x2022},
      {"EM DASH", 0x2014},
      {"EN DASH", 0x2013},
      {"HORIZONTAL ELLIPSIS", 0x2026},
      {"NO-BREAK SPACE", 0x00A0},
      {"DEGREE SIGN", 0x00B0},
      {"MULTIPLICATION SIGN", 0x00D7},
      {"PLUS-MINUS SIGN", 0x00B1},
      {"MICRO SIGN", 0x00B5},
      {"RIGHTWARDS ARROW", 0x2192},
      {"LEFTWARDS ARROW", 0x2190},
      {"CHECK MARK", 0x2713},
      {"HEAVY CHECK MARK", 0x2714},
      {"BALLOT X", 0x2717},
      {"LEFT-POINTING DOUBLE ANGLE QUOTATION MARK", 0x00AB},
      {"RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK", 0x00BB},
      {"LEFT DOUBLE QUOTATION MARK", 0x201C},
      {"RIGHT DOUBLE QUOTATION MARK", 0x201D},
      {"LEFT SINGLE QUOTATION MARK", 0x2018},
      {"RIGHT SINGLE QUOTATION MARK", 0x2019},
      {"COPYRIGHT SIGN", 0x00A9},
      {"WARNING SIGN", 0x26A0},
      {"INFINITY", 0x221E},
      {"GREEK SMALL LETTER MU", 0x03BC},
  };
  std::string upper;
  for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  auto it = kNames.find(upper);
  return it == kNames.end() ? 0 : it->second;
}

void AppendStringContent(TSNode content, std::string_view src, StringPrefix prefix,
                         std::string* literal, Template* out) {
  std::string_view text = ts::Text(content, src);
  if (prefix.raw) {
    // Only the doubled braces of an rf-string are special.
    if (!prefix.format) {
      *literal += text;
      return;
    }
  }
  uint32_t base = ts_node_start_byte(content);
  uint32_t cursor = base;
  uint32_t count = ts_node_named_child_count(content);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode esc = ts_node_named_child(content, i);
    uint32_t b = ts_node_start_byte(esc);
    if (b > cursor) *literal += src.substr(cursor, b - cursor);
    std::string_view et = ts::Text(esc, src);
    if (ts::Is(esc, "escape_interpolation")) {
      // `{{` is a brace only in an f-string; elsewhere str.format decodes it.
      *literal += prefix.format ? et.substr(0, 1) : et;
    } else if (prefix.raw) {
      *literal += et;
    } else if (et.starts_with("\\N{") && et.ends_with("}") && !prefix.bytes) {
      uint32_t cp = NamedCodePoint(et.substr(3, et.size() - 4));
      if (cp != 0) {
        AppendUtf8(cp, literal);
      } else {
        // A name we cannot resolve prints one character we do not know.
        out->AddLiteral(*literal);
        literal->clear();
        out->AddHole(std::string(et), "");
      }
    } else {
      *literal += DecodePythonEscapes(et);
    }
    cursor = ts_node_end_byte(esc);
  }
  uint32_t end = ts_node_end_byte(content);
  if (end > cursor) *literal += src.substr(cursor, end - cursor);
}

void AppendString(TSNode s, std::string_view src, Template* out) {
  StringPrefix prefix = PrefixOf(s, src);
  uint32_t count = ts_node_named_child_count(s);
  std::string literal;
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_named_child(s, i);
    if (ts::Is(c, "string_content")) {
      AppendStringContent(c, src, prefix, &literal, out);
    } else if (ts::Is(c, "interpolation")) {
      TSNode expr_node = ts::Field(c, "expression");
      // `{x=}` / `{x = !r}` (self-documenting): the expression's text and
      // the `=`, with the whitespace around it, print before the value.
      uint32_t child_count = ts_node_child_count(c);
      for (uint32_t k = 0; k < child_count; ++k) {
        TSNode t = ts_node_child(c, k);
        if (!ts_node_is_named(t) && ts::Is(t, "=")) {
          uint32_t from = ts_node_start_byte(c) + 1;  // after `{`
          uint32_t to = ts_node_end_byte(t);
          // Whitespace after `=` is printed too.
          while (to < ts_node_end_byte(c) && (src[to] == ' ' || src[to] == '\t')) ++to;
          literal += src.substr(from, to - from);
          break;
        }
      }
      out->AddLiteral(literal);
      literal.clear();
      std::string expr = CollapseSpace(ts::Text(expr_node, src));
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
      case '\n':
        break;  // line continuation
      case '\\':
        out += '\\';
        break;
      case '\'':
        out += '\'';
        break;
      case '"':
        out += '"';
        break;
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x':
      case 'u':
      case 'U': {
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
      while (j < t.size() &&
             (std::isdigit(static_cast<unsigned char>(t[j])) || t[j] == '*' || t[j] == '.')) {
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
  size_t auto_index = 0;
  return ApplyBraceFields(fmt, /*nested=*/true, [&](std::string_view inner, size_t) {
    std::string_view field = inner.substr(0, inner.find_first_of("!:"));
    size_t colon = inner.find(':');
    std::string_view spec = colon == std::string_view::npos ? "" : inner.substr(colon + 1);
    return std::optional<BraceHole>(BraceHole{FieldExpr(field, &auto_index, positional, named),
                                              spec == "d" ? HoleType::kInteger : HoleType::kAny});
  });
}

std::optional<Template> DedentTemplate(const Template& t) {
  // Holes take part as text (jsonschema's `{_pretty(self.schema)}` on an
  // indented line): each is a marker byte while the margin is cut, then
  // put back in order.
  constexpr char kHole = '\x01';
  std::string text;
  std::vector<const Piece*> holes;
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) {
      holes.push_back(&p);
      text += kHole;
    } else {
      if (p.text.find(kHole) != std::string::npos) return std::nullopt;
      text += p.text;
    }
  }
  // Lines holding only blanks become empty (textwrap's first step).
  std::vector<std::string> lines;
  size_t start = 0;
  while (true) {
    size_t nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  std::optional<std::string> margin;
  for (std::string& line : lines) {
    size_t indent = line.find_first_not_of(" \t");
    if (indent == std::string::npos) {
      line.clear();
      continue;
    }
    std::string lead = line.substr(0, indent);
    if (!margin) {
      margin = lead;
    } else {
      size_t k = 0;
      while (k < margin->size() && k < lead.size() && (*margin)[k] == lead[k]) ++k;
      margin->resize(k);
    }
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += '\n';
    std::string_view line = lines[i];
    if (margin && line.starts_with(*margin)) line.remove_prefix(margin->size());
    out += line;
  }
  Template result;
  size_t hole = 0, from = 0;
  for (size_t at = out.find(kHole); at != std::string::npos; at = out.find(kHole, from)) {
    if (at > from) result.AddLiteral(out.substr(from, at - from));
    const Piece* p = holes[hole++];
    result.AddHole(p->text, p->expr, p->type);
    from = at + 1;
  }
  if (from < out.size()) result.AddLiteral(out.substr(from));
  return result;
}

std::optional<Template> StripTemplate(const Template& t, bool left, bool right) {
  const std::vector<Piece>& pieces = t.pieces();
  if (pieces.empty()) return t;
  if ((left && pieces.front().is_hole) || (right && pieces.back().is_hole)) return std::nullopt;
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  Template out;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    if (left && i == 0) {
      while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    }
    if (right && i + 1 == pieces.size()) {
      while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    }
    // A first piece stripped to nothing before a hole: an empty or blank
    // value would let strip() eat into the text beyond the hole. A last
    // one (the blank line and indentation before a triple quote's end,
    // jsonschema's `f"""...{value}\n    """.rstrip()`) is dropped: the
    // value's own trailing blanks go too, and the hole takes any text.
    if (text.empty() && pieces.size() > 1) {
      if (i == 0) return std::nullopt;
      continue;
    }
    out.AddLiteral(text);
  }
  return out;
}

namespace {

struct Unit {
  bool is_hole = false;
  std::string text;
  Piece hole;
  bool operator==(const Unit& o) const {
    if (is_hole != o.is_hole) return false;
    if (is_hole)
      return hole.text == o.hole.text && hole.expr == o.hole.expr && hole.type == o.hole.type;
    return text == o.text;
  }
};

// Splits literal text into tokens no formatting step can see inside:
// whitespace runs, `{{`/`}}`, whole `{...}` fields, whole `%` specs, words.
void Tokenize(std::string_view t, std::vector<Unit>* out) {
  auto push = [&](std::string_view s) {
    Unit u;
    u.text = std::string(s);
    out->push_back(std::move(u));
  };
  size_t i = 0;
  while (i < t.size()) {
    char c = t[i];
    size_t j = i + 1;
    if ((c == '{' || c == '}') && j < t.size() && t[j] == c) {
      j = i + 2;
    } else if (c == '{') {
      int depth = 1;
      while (j < t.size() && depth > 0) {
        if (t[j] == '{') ++depth;
        if (t[j] == '}') --depth;
        ++j;
      }
    } else if (c == '%') {
      if (j < t.size() && t[j] == '(') {
        size_t close = t.find(')', j);
        j = close == std::string_view::npos ? t.size() : close + 1;
      }
      while (j < t.size() &&
             std::string_view("#0- +*.0123456789hlL").find(t[j]) != std::string_view::npos)
        ++j;
      if (j < t.size()) ++j;  // the conversion (or the second `%`)
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      while (j < t.size() && std::isspace(static_cast<unsigned char>(t[j]))) ++j;
    } else {
      while (j < t.size() && !std::isspace(static_cast<unsigned char>(t[j])) && t[j] != '{' &&
             t[j] != '}' && t[j] != '%') {
        ++j;
      }
    }
    push(t.substr(i, j - i));
    i = j;
  }
}

std::vector<Unit> Units(const Template& t) {
  std::vector<Unit> out;
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) {
      Unit u;
      u.is_hole = true;
      u.hole = p;
      out.push_back(std::move(u));
    } else {
      Tokenize(p.text, &out);
    }
  }
  return out;
}

void AddUnit(const Unit& u, Template* out) {
  if (u.is_hole) {
    out->AddHole(u.hole.text, u.hole.expr, u.hole.type);
  } else {
    out->AddLiteral(u.text);
  }
}

}  // namespace

Template MergeTemplates(const std::vector<Template>& alternatives, const std::string& expr) {
  if (alternatives.empty()) return Template();
  if (alternatives.size() == 1) return alternatives[0];
  std::vector<std::vector<Unit>> units;
  size_t shortest = SIZE_MAX;
  for (const Template& t : alternatives) {
    units.push_back(Units(t));
    shortest = std::min(shortest, units.back().size());
  }
  size_t prefix = 0;
  while (prefix < shortest) {
    bool same = true;
    for (size_t a = 1; a < units.size() && same; ++a) same = units[a][prefix] == units[0][prefix];
    if (!same) break;
    ++prefix;
  }
  size_t suffix = 0;
  while (suffix < shortest - prefix) {
    bool same = true;
    for (size_t a = 1; a < units.size() && same; ++a) {
      same = units[a][units[a].size() - 1 - suffix] == units[0][units[0].size() - 1 - suffix];
    }
    if (!same) break;
    ++suffix;
  }
  Template out;
  const std::vector<Unit>& first = units[0];
  for (size_t i = 0; i < prefix; ++i) AddUnit(first[i], &out);
  bool differ = false;
  for (const auto& u : units) differ |= u.size() != prefix + suffix;
  if (differ) {
    std::string middle;
    for (size_t i = prefix; i < first.size() - suffix; ++i) {
      middle += first[i].is_hole ? first[i].hole.text : first[i].text;
    }
    out.AddHole(middle, expr);
  }
  for (size_t i = first.size() - suffix; i < first.size(); ++i) AddUnit(first[i], &out);
  return out;
}

Template StripRichMarkup(const Template& t) {
  static const RE2* const closing = new RE2(R"(\[/[a-z ]*\])");
  bool closes = false;
  for (const Piece& p : t.pieces()) closes |= !p.is_hole && RE2::PartialMatch(p.text, *closing);
  if (!closes) return t;
  Template out;
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string text;
    std::string_view rest = p.text;
    while (!rest.empty()) {
      size_t at = rest.find('[');
      if (at == std::string_view::npos) {
        text += rest;
        break;
      }
      if (at > 0 && rest[at - 1] == '\\') {  // `\[`: a bracket, not a tag
        text += rest.substr(0, at - 1);
        text += '[';
        rest.remove_prefix(at + 1);
        continue;
      }
      text += rest.substr(0, at);
      rest.remove_prefix(at);
      re2::StringPiece in(rest.data(), rest.size());
      static const RE2* const one = new RE2(R"(\[/?[a-z#][a-z0-9 _#=.:,-]*\]|\[/\])");
      if (RE2::Consume(&in, *one)) {
        rest.remove_prefix(rest.size() - in.size());
      } else {
        text += '[';
        rest.remove_prefix(1);
      }
    }
    if (!text.empty()) out.AddLiteral(text);
  }
  return out;
}

}  // namespace errdex
