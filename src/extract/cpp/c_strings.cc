// C and C++ literals and formats. See c_strings.h.
#include "extract/cpp/c_strings.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "extract/common/brace_fields.h"
#include "extract/common/escapes.h"
#include "extract/common/ts_util.h"

namespace errdex::cpp {
namespace {

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool IsLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::string_view LastName(std::string_view name) {
  size_t cut = name.find_last_of(":.>");
  return cut == std::string_view::npos ? name : name.substr(cut + 1);
}

std::string StripTemplateArgs(std::string_view s) {
  std::string out;
  int depth = 0;
  for (char c : s) {
    if (c == '<') {
      ++depth;
    } else if (c == '>' && depth > 0) {
      --depth;
    } else if (depth == 0 && !std::isspace(static_cast<unsigned char>(c))) {
      out += c;
    }
  }
  return out;
}

std::vector<std::string> Words(std::string_view name) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c == '_' || !std::isalnum(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      continue;
    }
    if (IsUpper(c) && i > 0 && IsLower(name[i - 1]) && !cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
    cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// Decodes the body of a C/C++ string or character literal: simple escapes,
// octal, `\x` (bytes, as the compiler stores them in a narrow string) and
// universal character names.
std::string DecodeCEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    uint32_t v = 0;
    size_t j = i + 1;
    if (AppendSimpleEscape(e, &out)) continue;
    switch (e) {
      case 'e':
        out += '\x1b';
        break;  // GNU extension
      case '\n':
        break;  // line continuation inside a literal
      case 'x':
        if (ParseHex(body, &j, 2, &v)) {
          out += static_cast<char>(v);
          i = j - 1;
        }
        break;
      case 'u':
      case 'U':
        if (ParseHex(body, &j, e == 'u' ? 4 : 8, &v)) {
          AppendUtf8(v, &out);
          i = j - 1;
        }
        break;
      default:
        if (e >= '0' && e <= '7') {
          v = static_cast<uint32_t>(e - '0');
          size_t n = 1;
          while (n < 3 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7') {
            v = v * 8 + static_cast<uint32_t>(body[++i] - '0');
            ++n;
          }
          out += static_cast<char>(v & 0xFF);
        } else {
          out += e;  // \\ \' \" \?
        }
    }
  }
  return out;
}

// The text of a (narrow, wide, u8...) string literal: prefix and quotes cut.
std::optional<std::string> StringLiteralText(TSNode n, std::string_view src) {
  std::string_view text = ts::Text(n, src);
  if (ts::Is(n, "raw_string_literal")) {
    // R"delim(body)delim"
    size_t open = text.find('(');
    size_t close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
      return std::nullopt;
    }
    return std::string(text.substr(open + 1, close - open - 1));
  }
  size_t q = text.find_first_of("\"'");
  if (q == std::string_view::npos || text.size() < q + 2) return std::nullopt;
  char quote = text[q];
  if (text.back() != quote) return std::nullopt;
  return DecodeCEscapes(text.substr(q + 1, text.size() - q - 2));
}

// `PRIu64` and friends from <inttypes.h>: the length modifier and conversion
// they expand to, so that `"%" PRIu64` reads as one verb.
std::optional<std::string> InttypesMacro(std::string_view name) {
  if (!name.starts_with("PRI") && !name.starts_with("SCN")) return std::nullopt;
  if (name.size() < 5) return std::nullopt;
  char conv = name[3];
  if (std::string_view("diouxX").find(conv) == std::string_view::npos) return std::nullopt;
  return std::string("ll") + conv;
}

// Applies `{}` / `{0}` / `{name}` / `{:spec}` replacement fields (fmt,
// std::format, spdlog) to the literal pieces of `fmt`; `{{` and `}}` fold.
Template ApplyBraceFormat(const Template& fmt, const std::vector<std::string>& args) {
  size_t next = 0;
  return ApplyBraceFields(fmt, /*nested=*/false, [&](std::string_view field, size_t) {
    std::string_view id = field.substr(0, std::min(field.find(':'), field.size()));
    BraceHole hole;
    if (id.empty()) {
      hole.expr = next < args.size() ? args[next] : "";
      ++next;
    } else if (std::all_of(id.begin(), id.end(),
                           [](char d) { return std::isdigit(static_cast<unsigned char>(d)); })) {
      size_t k = static_cast<size_t>(std::stoul(std::string(id.substr(0, 6))));
      hole.expr = k < args.size() ? args[k] : "";
    } else {
      hole.expr = std::string(id);
    }
    return std::optional<BraceHole>(std::move(hole));
  });
}

}  // namespace errdex::cpp
