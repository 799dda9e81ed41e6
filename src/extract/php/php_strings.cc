// PHP string literals -> templates. See php_strings.h.
#include "extract/php/php_strings.h"

#include <vector>

#include "extract/common/escapes.h"
#include "extract/common/ts_util.h"

namespace errdex {
namespace {

// A stretch of a literal as the lexer sees it: source text copied as is,
// an escape to decode, or an interpolated expression.
struct Segment {
  enum Kind { kRaw, kEscape, kHole } kind;
  std::string text;  // raw or escape text; for a hole, the text as written
  TSNode node{};
};

// Splits the bytes [begin, end) of a double-quoted string or heredoc body
// into segments. The text between child nodes is taken from the source: the
// grammar leaves line breaks next to interpolations outside any node.
std::vector<Segment> Segments(TSNode body, uint32_t begin, uint32_t end, std::string_view src) {
  std::vector<Segment> out;
  uint32_t pos = begin;
  auto raw = [&](uint32_t to) {
    if (to > pos) out.push_back({Segment::kRaw, std::string(src.substr(pos, to - pos))});
  };
  for (TSNode c : ts::NamedChildren(body)) {
    std::string_view type = ts::Type(c);
    uint32_t b = ts_node_start_byte(c), e = ts_node_end_byte(c);
    if (type == "string_content" || type == "string_value" || b < pos || e > end) continue;
    if (type == "escape_sequence") {
      raw(b);
      out.push_back({Segment::kEscape, std::string(src.substr(b, e - b))});
      pos = e;
      continue;
    }
    // `{$expr}`: the braces belong to the interpolation, not to the text.
    bool braced = b > pos && src[b - 1] == '{' && e < end && src[e] == '}';
    raw(braced ? b - 1 : b);
    std::string written(src.substr(b, e - b));
    out.push_back({Segment::kHole, braced ? "{" + written + "}" : written, c});
    pos = braced ? e + 1 : e;
  }
  raw(end);
  return out;
}

// Heredoc and nowdoc bodies start with the line break after the opener and
// lose the closing marker's indentation on every line (PHP >= 7.3).
void TrimHeredoc(std::vector<Segment>* segs, uint32_t indent) {
  if (!segs->empty() && (*segs)[0].kind == Segment::kRaw) {
    std::string& s = (*segs)[0].text;
    if (s.starts_with("\r\n")) {
      s.erase(0, 2);
    } else if (s.starts_with("\n")) {
      s.erase(0, 1);
    }
  }
  if (!segs->empty() && segs->back().kind == Segment::kRaw) {
    std::string& s = segs->back().text;
    if (s.ends_with("\n")) s.pop_back();
    if (s.ends_with("\r")) s.pop_back();
  }
  if (indent == 0) return;
  bool line_start = true;
  for (Segment& seg : *segs) {
    if (seg.kind != Segment::kRaw) {
      line_start = false;
      continue;
    }
    std::string kept;
    uint32_t removed = 0;
    for (char c : seg.text) {
      if (line_start && (c == ' ' || c == '\t') && removed < indent) {
        ++removed;
        continue;
      }
      line_start = c == '\n';
      if (line_start) removed = 0;
      kept += c;
    }
    seg.text = std::move(kept);
  }
}

void Emit(const std::vector<Segment>& segs, bool decode, const PhpHoleFn& hole, Template* out) {
  for (const Segment& s : segs) {
    if (s.kind == Segment::kRaw) {
      out->AddLiteral(s.text);
    } else if (s.kind == Segment::kEscape) {
      out->AddLiteral(decode ? DecodePhpEscape(s.text) : s.text);
    } else {
      hole(s.node, s.text, out);
    }
  }
}

bool IsOctal(char c) { return c >= '0' && c <= '7'; }

}  // namespace

std::string DecodePhpSingleQuoted(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size() && (body[i + 1] == '\\' || body[i + 1] == '\'')) {
      ++i;
    }
    out += body[i];
  }
  return out;
}

std::string DecodePhpEscape(std::string_view e) {
  if (e.size() < 2 || e[0] != '\\') return std::string(e);
  std::string out;
  char c = e[1];
  size_t j = 2;
  uint32_t v = 0;
  if (c == 'e') return "\x1b";
  if (c == 'a' || c == 'b') return std::string(e);  // not escapes in PHP
  if (AppendSimpleEscape(c, &out)) return out;
  if (c == '\\' || c == '$' || c == '"') return std::string(1, c);
  if (IsOctal(c)) {
    v = 0;
    for (j = 1; j < e.size() && j < 4 && IsOctal(e[j]); ++j) v = v * 8 + (e[j] - '0');
    out += static_cast<char>(v & 0xFF);
    out += e.substr(j);
    return out;
  }
  if (c == 'x' && ParseHex(e, &j, 2, &v)) {
    out += static_cast<char>(v);
    out += e.substr(j);
    return out;
  }
  if (c == 'u' && j < e.size() && e[j] == '{') {
    ++j;
    if (ParseHex(e, &j, 6, &v) && j < e.size() && e[j] == '}') {
      AppendUtf8(v, &out);
      return out;
    }
  }
  return std::string(e);
}

bool PhpStringTemplate(TSNode n, std::string_view src, const PhpHoleFn& hole, Template* out) {
  std::string_view type = ts::Type(n);
  std::string_view text = ts::Text(n, src);
  if (type == "string") {  // '...', possibly b'...'
    size_t open = text.find('\'');
    if (open == std::string_view::npos || text.size() < open + 2) return false;
    out->AddLiteral(DecodePhpSingleQuoted(text.substr(open + 1, text.size() - open - 2)));
    return true;
  }
  if (type == "encapsed_string") {
    size_t open = text.find('"');
    if (open == std::string_view::npos || text.size() < open + 2) {
      out->AddLiteral(text);  // a backtick command string: as written
      return true;
    }
    uint32_t b = ts_node_start_byte(n) + static_cast<uint32_t>(open) + 1;
    uint32_t e = ts_node_end_byte(n) - 1;
    Emit(Segments(n, b, e, src), true, hole, out);
    return true;
  }
  if (type == "heredoc" || type == "nowdoc") {
    TSNode body = ts::Field(n, "value");
    TSNode end = ts::Field(n, "end_tag");
    if (ts_node_is_null(body)) {
      out->AddLiteral("");
      return true;
    }
    uint32_t indent = ts_node_is_null(end) ? 0 : ts_node_start_point(end).column;
    bool now = type == "nowdoc";
    std::vector<Segment> segs;
    if (now) {
      segs.push_back({Segment::kRaw, std::string(ts::Text(body, src))});
    } else {
      segs = Segments(body, ts_node_start_byte(body), ts_node_end_byte(body), src);
    }
    TrimHeredoc(&segs, indent);
    Emit(segs, !now, hole, out);
    return true;
  }
  return false;
}

}  // namespace errdex
