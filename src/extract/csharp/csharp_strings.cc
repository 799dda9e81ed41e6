// C# string literals and .NET message formats. See csharp_strings.h.
#include "extract/csharp/csharp_strings.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>

#include "extract/common/brace_fields.h"
#include "extract/common/escapes.h"

namespace errdex {
namespace {

bool IsIndentChar(char c) { return c == ' ' || c == '\t'; }

// `@Customer,10:N2` -> "Customer"; empty when not a placeholder name.
std::string_view PlaceholderName(std::string_view inner) {
  if (!inner.empty() && (inner[0] == '@' || inner[0] == '$')) inner.remove_prefix(1);
  size_t end = inner.find_first_of(",:");
  std::string_view name = inner.substr(0, end);
  if (name.empty()) return {};
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.') return {};
  }
  return name;
}

// Shared by composite formatting and message templates: `hole_for` maps an
// item's inner text and its ordinal to the expression that fills it, or
// nullopt to keep the item as written.
template <typename HoleFor>
Template ApplyBraces(const Template& fmt, HoleFor hole_for) {
  return ApplyBraceFields(fmt, /*nested=*/false,
                          [&](std::string_view inner, size_t ordinal) -> std::optional<BraceHole> {
                            std::optional<std::string> expr = hole_for(inner, ordinal);
                            if (!expr) return std::nullopt;
                            return BraceHole{std::move(*expr)};
                          });
}

}  // namespace

std::string DecodeCSharpEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    uint32_t cp = 0;
    size_t k = i + 1;
    if (AppendSimpleEscape(e, &out)) continue;
    switch (e) {
      case '0':
        out += '\0';
        break;
      case 'e':
        out += '\x1b';
        break;
      case 'x':  // one to four hex digits
      case 'u':  // exactly four
      case 'U':  // exactly eight
        if (ParseHex(body, &k, e == 'U' ? 8 : 4, &cp) &&
            (e == 'x' || k - i - 1 == (e == 'U' ? 8u : 4u))) {
          AppendUtf8(cp, &out);
          i = k - 1;
        } else {
          out += e;
        }
        break;
      default:
        out += e;  // \' \" \\ and anything csc would reject
    }
  }
  return out;
}

std::string DecodeVerbatim(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    out += body[i];
    if (body[i] == '"' && i + 1 < body.size() && body[i + 1] == '"') ++i;
  }
  return out;
}

std::string CSharpRawStringValue(std::string_view literal) {
  size_t q = 0;
  while (q < literal.size() && literal[q] == '"') ++q;
  if (q < 3 || literal.size() < 2 * q) return "";
  std::string_view inner = literal.substr(q, literal.size() - 2 * q);
  if (inner.find('\n') == std::string_view::npos) return std::string(inner);
  size_t last_nl = inner.rfind('\n');
  size_t indent = inner.size() - last_nl - 1;
  Template t;
  t.AddLiteral(inner);
  std::string out;
  Template dedented = DedentRawTemplate(t, indent);
  for (const Piece& p : dedented.pieces()) out += p.text;
  return out;
}

Template DedentRawTemplate(const Template& t, size_t indent) {
  Template out;
  const auto& pieces = t.pieces();
  for (size_t n = 0; n < pieces.size(); ++n) {
    const Piece& p = pieces[n];
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    std::string_view text = p.text;
    if (n == 0) {  // the opening delimiter's line holds no content
      size_t nl = text.find('\n');
      text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    }
    if (n + 1 == pieces.size()) {  // nor does the closing delimiter's
      size_t nl = text.rfind('\n');
      if (nl != std::string_view::npos)
        text = text.substr(0, nl > 0 && text[nl - 1] == '\r' ? nl - 1 : nl);
    }
    std::string lit;
    bool line_start = n == 0;
    for (size_t i = 0; i < text.size(); ++i) {
      if (line_start) {
        size_t cut = 0;
        while (cut < indent && i < text.size() && IsIndentChar(text[i])) ++i, ++cut;
        line_start = false;
        if (i >= text.size()) break;
      }
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
      lit += text[i];
      if (text[i] == '\n') line_start = true;
    }
    out.AddLiteral(lit);
  }
  return out;
}

Template ApplyCompositeFormat(const Template& fmt, const std::vector<std::string>& args) {
  return ApplyBraces(fmt, [&args](std::string_view inner, size_t) -> std::optional<std::string> {
    size_t j = 0;
    int n = 0;
    while (j < inner.size() && j < 6 && inner[j] >= '0' && inner[j] <= '9')
      n = n * 10 + (inner[j++] - '0');
    bool ok = j > 0 && (j == inner.size() || inner[j] == ',' || inner[j] == ':' || inner[j] == ' ');
    if (!ok || static_cast<size_t>(n) >= args.size()) return std::nullopt;
    return args[n];
  });
}

Template ApplyMessageTemplate(const Template& fmt, const std::vector<std::string>& args) {
  return ApplyBraces(fmt,
                     [&args](std::string_view inner, size_t ordinal) -> std::optional<std::string> {
                       if (PlaceholderName(inner).empty() || ordinal >= args.size()) {
                         return std::nullopt;
                       }
                       return args[ordinal];
                     });
}

Template ApplyNamedMessageTemplate(const Template& fmt, const std::vector<std::string>& params) {
  return ApplyBraces(fmt, [&params](std::string_view inner, size_t) -> std::optional<std::string> {
    std::string_view name = PlaceholderName(inner);
    if (name.empty()) return std::nullopt;
    for (const std::string& p : params) {
      if (p.size() == name.size() &&
          std::equal(p.begin(), p.end(), name.begin(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
          })) {
        return p;
      }
    }
    return std::string(name);
  });
}

std::string StripXmlDoc(std::string_view text) {
  if (text.find('<') == std::string_view::npos) return std::string(text);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    bool tag_start = text[i] == '<' && i + 1 < text.size() &&
                     (std::isalpha(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '/');
    size_t close = tag_start ? text.find('>', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += text[i];
      continue;
    }
    std::string_view tag = text.substr(i, close + 1 - i);
    // <see cref="T:A.B"/>, <paramref name="x"/>, <see langword="null"/>.
    for (std::string_view attr : {"cref=\"", "name=\"", "langword=\""}) {
      size_t a = tag.find(attr);
      if (a == std::string_view::npos || !tag.ends_with("/>")) continue;
      size_t start = a + attr.size(), end = tag.find('"', start);
      if (end == std::string_view::npos) break;
      std::string_view value = tag.substr(start, end - start);
      if (value.size() > 2 && value[1] == ':') value.remove_prefix(2);  // T:, M:, P:
      out += value;
      break;
    }
    // Block tags end a sentence: keep the words apart.
    if (!tag.ends_with("/>") && !out.empty() && out.back() != ' ') out += ' ';
    i = close;
  }
  // Collapse the spaces the dropped tags leave.
  std::string collapsed;
  for (char c : out) {
    if (c == ' ' && (collapsed.empty() || collapsed.back() == ' ' || collapsed.back() == '\n')) {
      continue;
    }
    collapsed += c;
  }
  while (!collapsed.empty() && (collapsed.back() == ' ' || collapsed.back() == '\n')) {
    collapsed.pop_back();
  }
  return collapsed;
}

std::string FirstBranchView(std::string_view content) {
  std::string out(content);
  // One entry per open #if: whether the branch being read is blanked.
  std::vector<bool> skipping;
  size_t start = 0;
  while (start < out.size()) {
    size_t nl = out.find('\n', start);
    size_t end = nl == std::string::npos ? out.size() : nl;
    std::string_view line(out.data() + start, end - start);
    size_t first = line.find_first_not_of(" \t");
    std::string_view word = first == std::string_view::npos ? "" : line.substr(first);
    bool directive = true;
    if (word.starts_with("#if")) {
      bool outer = !skipping.empty() && skipping.back();
      skipping.push_back(outer);
    } else if (word.starts_with("#elif") || word.starts_with("#else")) {
      if (!skipping.empty()) skipping.back() = true;
    } else if (word.starts_with("#endif")) {
      if (!skipping.empty()) skipping.pop_back();
    } else {
      directive = false;
    }
    if (directive || (!skipping.empty() && skipping.back())) {
      for (size_t i = start; i < end; ++i) {
        if (out[i] != '\r') out[i] = ' ';
      }
    }
    start = end + 1;
  }
  return out;
}

}  // namespace errdex
