// .NET resource files (see resx_reader.h), and the extractor that reads them
// for the resolve stage: no sites of their own, only text constants.
#include "extract/csharp/resx_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "errdex/extractor.h"
#include "extract/common/escapes.h"

namespace errdex {
namespace {

// Entries read from one file at most: a resource file larger than this is
// generated data, not a message catalogue.
constexpr size_t kMaxEntries = 20000;

std::string_view FileName(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The value of attribute `name` in the start tag `tag`, raw; "" if absent.
std::string_view Attribute(std::string_view tag, std::string_view name) {
  for (size_t at = tag.find(name); at != std::string_view::npos; at = tag.find(name, at + 1)) {
    bool word = at > 0 && std::isspace(static_cast<unsigned char>(tag[at - 1]));
    size_t eq = at + name.size();
    while (eq < tag.size() && std::isspace(static_cast<unsigned char>(tag[eq]))) ++eq;
    if (!word || eq >= tag.size() || tag[eq] != '=') continue;
    size_t q = eq + 1;
    while (q < tag.size() && std::isspace(static_cast<unsigned char>(tag[q]))) ++q;
    if (q >= tag.size() || (tag[q] != '"' && tag[q] != '\'')) return {};
    size_t end = tag.find(tag[q], q + 1);
    if (end == std::string_view::npos) return {};
    return tag.substr(q + 1, end - q - 1);
  }
  return {};
}

// XML character data: the five named entities, numeric references and
// CDATA sections; an unknown entity stays as written.
std::string DecodeXmlText(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.substr(i).starts_with("<![CDATA[")) {
      size_t end = s.find("]]>", i + 9);
      if (end == std::string_view::npos) end = s.size();
      out.append(s.substr(i + 9, end - i - 9));
      i = end == s.size() ? end : end + 2;
      continue;
    }
    size_t semi = s[i] == '&' ? s.find(';', i) : std::string_view::npos;
    if (semi == std::string_view::npos || semi - i > 10) {
      out.push_back(s[i]);
      continue;
    }
    std::string_view ent = s.substr(i + 1, semi - i - 1);
    if (ent == "lt") {
      out.push_back('<');
    } else if (ent == "gt") {
      out.push_back('>');
    } else if (ent == "amp") {
      out.push_back('&');
    } else if (ent == "quot") {
      out.push_back('"');
    } else if (ent == "apos") {
      out.push_back('\'');
    } else if (ent.size() > 1 && ent[0] == '#') {
      bool hex = ent[1] == 'x' || ent[1] == 'X';
      std::string digits(ent.substr(hex ? 2 : 1));
      char* end = nullptr;
      unsigned long cp = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
      if (digits.empty() || *end != '\0') {
        out.append(s.substr(i, semi - i + 1));
      } else {
        // NUL ends a C string where the text goes; other invalid code
        // points become U+FFFD (AppendUtf8).
        if (cp != 0) AppendUtf8(static_cast<uint32_t>(std::min(cp, 0x110000UL)), &out);
      }
    } else {
      out.append(s.substr(i, semi - i + 1));
    }
    i = semi;
  }
  return out;
}

int LineAt(std::string_view text, size_t pos) {
  int line = 1;
  for (size_t i = 0; i < pos && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// The extractor registered for .resx files: facts only.
class ResxExtractor : public Extractor {
 public:
  std::string_view language() const override { return "csharp"; }
  bool Handles(std::string_view path) const override { return IsNeutralResx(path); }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>*, FileFacts* facts,
             bool* had_syntax_errors) const override {
    if (had_syntax_errors) *had_syntax_errors = false;
    if (facts) facts->text_constants = ReadResxStrings(file.path, file.content);
    return Status::OK();
  }
};

}  // namespace

bool IsNeutralResx(std::string_view path) {
  if (!path.ends_with(".resx")) return false;
  std::string_view name = FileName(path);
  name.remove_suffix(5);
  size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return !name.empty();
  // A culture: two or three letters, then optional "-Region" / "-Script".
  std::string_view culture = name.substr(dot + 1);
  size_t lang = 0;
  while (lang < culture.size() && std::isalpha(static_cast<unsigned char>(culture[lang]))) ++lang;
  bool is_culture = (lang == 2 || lang == 3) && (lang == culture.size() || culture[lang] == '-');
  return !is_culture;
}

std::vector<TextConstant> ReadResxStrings(std::string_view path, std::string_view xml) {
  std::vector<TextConstant> out;
  std::string_view base = FileName(path);
  if (base.ends_with(".resx")) base.remove_suffix(5);
  size_t pos = 0;
  while (out.size() < kMaxEntries) {
    size_t open = xml.find("<data", pos);
    if (open == std::string_view::npos) break;
    size_t tag_end = xml.find('>', open);
    if (tag_end == std::string_view::npos) break;
    pos = tag_end + 1;
    std::string_view tag = xml.substr(open, tag_end - open);
    if (tag.size() > 5 && !std::isspace(static_cast<unsigned char>(tag[5]))) continue;
    if (tag.ends_with("/")) continue;  // <data name="x" /> holds nothing
    size_t close = xml.find("</data>", pos);
    if (close == std::string_view::npos) break;
    std::string_view body = xml.substr(pos, close - pos);
    pos = close + 7;
    std::string_view name = Attribute(tag, "name");
    if (name.empty() || !Attribute(tag, "type").empty() || !Attribute(tag, "mimetype").empty()) {
      continue;
    }
    size_t v = body.find("<value>");
    size_t v_end = body.find("</value>");
    if (v == std::string_view::npos || v_end == std::string_view::npos || v_end < v) continue;
    std::string text = DecodeXmlText(body.substr(v + 7, v_end - v - 7));
    if (text.empty()) continue;
    TextConstant c;
    c.name = std::string(base) + "." + DecodeXmlText(name);
    c.text.AddLiteral(text);
    c.line = LineAt(xml, (body.data() - xml.data()) + v);
    out.push_back(std::move(c));
  }
  return out;
}

const Extractor* ResxExtractorInstance() {
  static const ResxExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
