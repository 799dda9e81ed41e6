// Fuzz target: an error page's source window, highlighted from a parse of
// arbitrary bytes with each grammar. Input: "LANGUAGE\nSOURCE" (the first
// line names the record's language; an unknown name is plain text). Checks
// that no byte of the source reaches the page as markup: once errdex's own
// tags are taken out, no '<', '>' or '"' is left.
#include <cstdint>
#include <string>
#include <string_view>

#include "serve/serve_internal.h"

namespace {

void Erase(std::string* html, std::string_view tag) {
  for (size_t at; (at = html->find(tag)) != std::string::npos;) html->erase(at, tag.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  size_t nl = in.find('\n');
  errdex::Record r;
  r.language = std::string(in.substr(0, nl));
  r.file_path = r.language == "javascript" ? "a.tsx" : "a";
  r.source_code = nl == std::string_view::npos ? "" : std::string(in.substr(nl + 1));
  r.source_code_start = 1;
  r.line_number = 2;
  r.conditions = nlohmann::json::array({{{"expr", "x"}, {"polarity", true}, {"line", 1}}});
  std::string html = errdex::serve::SourceWindowHtml(r);
  for (std::string_view tag :
       {"<pre class=\"src\"><code>", "</code></pre>", "<span class=\"k\">", "<span class=\"s\">",
        "<span class=\"c\">", "<span class=\"n\">", "<span class=\"f\">", "<span class=\"hl\">",
        "<span class=\"gd\">", "</span>", "<p class=\"meta\">", "</p>"}) {
    Erase(&html, tag);
  }
  if (html.find_first_of("<>\"") != std::string::npos) __builtin_trap();
  return 0;
}
