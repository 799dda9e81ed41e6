// The source window of an error page, syntax-highlighted on the server:
// every token of the window's grammar class (keyword, string, comment,
// number, function name) becomes a <span> around its escaped text, the
// raising line and the lines of its path conditions are marked. A window no
// grammar parses is shown as plain escaped text.
#include <cstdio>
#include <set>

#include "extract/common/highlight.h"
#include "serve/serve_internal.h"
#include "util/text.h"

namespace errdex::serve {
namespace {

// A minified file's line can be megabytes; pages stay under 50 KB.
constexpr size_t kSourceLineBytes = 300;

const char* SpanClass(SyntaxClass c) {
  switch (c) {
    case SyntaxClass::kKeyword:
      return "k";
    case SyntaxClass::kString:
      return "s";
    case SyntaxClass::kComment:
      return "c";
    case SyntaxClass::kNumber:
      return "n";
    case SyntaxClass::kFunction:
      return "f";
    case SyntaxClass::kPlain:
      break;
  }
  return nullptr;
}

// `line` (at byte `at` of the window) as markup: runs of one class in one
// span each, every byte escaped.
std::string LineHtml(std::string_view line, size_t at, const std::vector<SyntaxClass>& classes) {
  if (classes.empty()) return HtmlEscape(line);
  std::string out;
  size_t i = 0;
  while (i < line.size()) {
    SyntaxClass c = at + i < classes.size() ? classes[at + i] : SyntaxClass::kPlain;
    size_t j = i + 1;
    while (j < line.size() && at + j < classes.size() && classes[at + j] == c) ++j;
    const char* cls = SpanClass(c);
    if (cls) out += std::string("<span class=\"") + cls + "\">";
    out += HtmlEscape(line.substr(i, j - i));
    if (cls) out += "</span>";
    i = j;
  }
  return out;
}

}  // namespace

std::string SourceWindowHtml(const Record& r) {
  std::vector<SyntaxClass> classes = SyntaxClasses(r.language, r.file_path, r.source_code);
  std::set<int> guards;
  if (r.conditions.is_array()) {
    for (const auto& c : r.conditions) {
      if (c.is_object() && c.value("line", 0) != r.line_number) guards.insert(c.value("line", 0));
    }
  }
  std::string out = "<pre class=\"src\"><code>";
  bool marked_guard = false;
  std::vector<std::string_view> lines = SplitLines(r.source_code);
  for (size_t i = 0; i < lines.size(); ++i) {
    int n = r.source_code_start + static_cast<int>(i);
    size_t at = static_cast<size_t>(lines[i].data() - r.source_code.data());
    const char* mark = n == r.line_number ? "hl" : guards.count(n) ? "gd" : nullptr;
    marked_guard |= guards.count(n) && n != r.line_number;
    char num[16];
    std::snprintf(num, sizeof num, "%5d  ", n);
    if (mark) out += std::string("<span class=\"") + mark + "\">";
    std::string_view shown = Utf8Prefix(lines[i], kSourceLineBytes);
    out += num + LineHtml(shown, at, classes);
    if (shown.size() < lines[i].size()) out += "\xE2\x80\xA6";
    out += mark ? "</span>\n" : "\n";
  }
  out += "</code></pre>\n";
  if (marked_guard) {
    out +=
        "<p class=\"meta\">Marked: <span class=\"hl\">the line that raises</span>, "
        "<span class=\"gd\">the conditions on the way to it</span>.</p>\n";
  }
  return out;
}

}  // namespace errdex::serve
