// Java/Kotlin string literals and JVM message formats. See jvm_strings.h.
#include "extract/jvm/jvm_strings.h"

#include <cstdint>

#include "extract/common/escapes.h"

namespace errdex {
namespace {

constexpr char kHoleMark = '\x01';

bool IsBlank(std::string_view s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\f' && c != '\r') return false;
  }
  return true;
}

size_t IndentWidth(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\f')) ++i;
  return i;
}

std::vector<std::string_view> Lines(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, nl - start));
    start = nl + 1;
  }
}

// A template as one string with kHoleMark standing for each hole, so that
// line-based transformations can run on it; Rebuild maps the marks back.
bool Flatten(const Template& t, std::string* flat) {
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) {
      *flat += kHoleMark;
    } else if (p.text.find(kHoleMark) != std::string::npos) {
      return false;
    } else {
      *flat += p.text;
    }
  }
  return true;
}

Template Rebuild(const Template& original, std::string_view flat) {
  std::vector<const Piece*> holes;
  for (const Piece& p : original.pieces()) {
    if (p.is_hole) holes.push_back(&p);
  }
  Template out;
  size_t next = 0, lit = 0;
  for (size_t i = 0; i < flat.size(); ++i) {
    if (flat[i] != kHoleMark) continue;
    out.AddLiteral(flat.substr(lit, i - lit));
    if (next < holes.size()) {
      out.AddHole(holes[next]->text, holes[next]->expr, holes[next]->type);
      ++next;
    }
    lit = i + 1;
  }
  out.AddLiteral(flat.substr(lit));
  return out;
}

// Kotlin's reindent: blank first and last lines dropped, `cut` applied to
// the others (a line it cannot cut is kept as is).
template <typename Cut>
std::string Reindent(std::string_view flat, Cut cut) {
  std::vector<std::string_view> lines = Lines(flat);
  std::string out;
  bool first = true;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if ((i == 0 || i + 1 == lines.size()) && IsBlank(line)) continue;
    if (!first) out += '\n';
    first = false;
    out += cut(line);
  }
  return out;
}

}  // namespace

std::string DecodeJavaEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    switch (e) {
      case 'b':
        out += '\b';
        break;
      case 't':
        out += '\t';
        break;
      case 'n':
        out += '\n';
        break;
      case 'f':
        out += '\f';
        break;
      case 'r':
        out += '\r';
        break;
      case 's':
        out += ' ';
        break;
      case '\n':
        break;  // text block line continuation
      case '\r':
        if (i + 1 < body.size() && body[i + 1] == '\n') ++i;
        break;
      case 'u': {
        size_t j = i;
        while (j < body.size() && body[j] == 'u') ++j;  // \uuuu0041 is legal
        uint32_t cp = 0;
        size_t k = j;
        if (!ParseHex(body, &k, 4, &cp) || k != j + 4) {
          out += e;
          break;
        }
        // A surrogate pair written as two escapes.
        if (cp >= 0xD800 && cp <= 0xDBFF && k + 6 <= body.size() && body[k] == '\\' &&
            body[k + 1] == 'u') {
          size_t m = k + 2;
          uint32_t lo = 0;
          if (ParseHex(body, &m, 4, &lo) && m == k + 6 && lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            k = m;
          }
        }
        AppendUtf8(cp, &out);
        i = k - 1;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          // \0 to \377: up to three digits when the first is 0-3, else two.
          uint32_t v = static_cast<uint32_t>(e - '0');
          size_t max = e <= '3' ? 2 : 1;
          for (size_t n = 0;
               n < max && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++n) {
            v = v * 8 + static_cast<uint32_t>(body[++i] - '0');
          }
          AppendUtf8(v, &out);
        } else {
          out += e;  // \" \' \\ and anything javac would reject
        }
    }
  }
  return out;
}

std::string JavaTextBlockValue(std::string_view literal) {
  if (literal.size() < 6) return "";
  std::string_view inner = literal.substr(3, literal.size() - 6);
  size_t nl = inner.find('\n');  // the opening delimiter's line holds no content
  if (nl == std::string_view::npos) return DecodeJavaEscapes(inner);
  std::string content;
  for (char c : inner.substr(nl + 1)) {
    if (c != '\r') content += c;
  }
  std::vector<std::string_view> lines = Lines(content);
  // The closing delimiter's line counts for the indentation even when blank.
  size_t indent = std::string::npos;
  for (size_t i = 0; i < lines.size(); ++i) {
    bool last = i + 1 == lines.size();
    if (!last && IsBlank(lines[i])) continue;
    indent = std::min(indent, IndentWidth(lines[i]));
  }
  if (indent == std::string::npos) indent = 0;
  std::string stripped;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (i > 0) stripped += '\n';
    if (IsBlank(line)) continue;
    line.remove_prefix(std::min(indent, line.size()));
    size_t end = line.size();
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\f')) {
      --end;
    }
    stripped += line.substr(0, end);
  }
  return DecodeJavaEscapes(stripped);
}

Template TrimIndent(const Template& t) {
  std::string flat;
  if (!Flatten(t, &flat)) return t;
  size_t indent = std::string::npos;
  for (std::string_view line : Lines(flat)) {
    if (!IsBlank(line)) indent = std::min(indent, IndentWidth(line));
  }
  if (indent == std::string::npos) indent = 0;
  return Rebuild(t, Reindent(flat, [indent](std::string_view line) {
                   return std::string(line.substr(std::min(indent, line.size())));
                 }));
}

Template TrimMargin(const Template& t, std::string_view marker) {
  std::string flat;
  if (!Flatten(t, &flat) || marker.empty()) return t;
  return Rebuild(t, Reindent(flat, [marker](std::string_view line) {
                   size_t first = IndentWidth(line);
                   if (line.substr(first).starts_with(marker)) {
                     return std::string(line.substr(first + marker.size()));
                   }
                   return std::string(line);
                 }));
}

Template ApplySlf4j(const Template& fmt, const std::vector<std::string>& args) {
  Template out;
  size_t next = 0;
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    size_t lit = 0;
    for (size_t i = 0; i + 1 < text.size() && next < args.size(); ++i) {
      if (text[i] != '{' || text[i + 1] != '}') continue;
      if (i > 0 && text[i - 1] == '\\' && !(i > 1 && text[i - 2] == '\\')) {
        out.AddLiteral(text.substr(lit, i - 1 - lit));  // `\{}` prints `{}`
        out.AddLiteral("{}");
      } else {
        // `\\{}`: one backslash, then a placeholder.
        size_t keep = i > 1 && text[i - 1] == '\\' ? i - 1 : i;
        out.AddLiteral(text.substr(lit, keep - lit));
        out.AddHole("{}", args[next++]);
      }
      lit = i + 2;
      ++i;
    }
    out.AddLiteral(text.substr(lit));
  }
  return out;
}

Template ApplyGuavaFormat(const Template& fmt, const std::vector<std::string>& args) {
  Template out;
  size_t next = 0;
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    size_t lit = 0;
    for (size_t i = 0; i + 1 < text.size() && next < args.size(); ++i) {
      if (text[i] != '%' || text[i + 1] != 's') continue;
      out.AddLiteral(text.substr(lit, i - lit));
      out.AddHole("%s", args[next++]);
      lit = i + 2;
      ++i;
    }
    out.AddLiteral(text.substr(lit));
  }
  if (next < args.size()) {
    out.AddLiteral(" [");
    for (size_t i = next; i < args.size(); ++i) {
      if (i > next) out.AddLiteral(", ");
      out.AddHole("{" + args[i] + "}", args[i]);
    }
    out.AddLiteral("]");
  }
  return out;
}

Template ApplyMessageFormat(const Template& fmt, const std::vector<std::string>& args) {
  Template out;
  bool quoted = false;
  for (const Piece& p : fmt.pieces()) {
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    std::string lit;
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if (c == '\'') {
        if (i + 1 < text.size() && text[i + 1] == '\'') {
          lit += '\'';
          ++i;
        } else {
          quoted = !quoted;
        }
        continue;
      }
      if (c != '{' || quoted) {
        lit += c;
        continue;
      }
      size_t close = text.find('}', i);
      size_t n = 0, j = i + 1;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9') n = n * 10 + (text[j++] - '0');
      bool ok = close != std::string_view::npos && j > i + 1 && j < text.size() &&
                (text[j] == '}' || text[j] == ',');
      if (!ok) {
        lit += c;
        continue;
      }
      out.AddLiteral(lit);
      lit.clear();
      std::string hole(text.substr(i, close + 1 - i));
      // An index with no argument prints itself.
      if (n < args.size()) {
        out.AddHole(hole, args[n]);
      } else {
        out.AddLiteral(hole);
      }
      i = close;
    }
    out.AddLiteral(lit);
  }
  return out;
}

}  // namespace errdex
