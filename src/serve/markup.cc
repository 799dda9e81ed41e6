// Light markup of explanations as HTML: the prose errdex (and `analyze
// --llm`) writes uses `code spans`, "- " or "1. " list lines and blank lines
// between paragraphs, and nothing else. Every other byte is text: it is
// escaped, so markup in a repository's messages or comments stays text.
#include <string>
#include <string_view>
#include <vector>

#include "serve/serve_internal.h"
#include "util/text.h"

namespace errdex::serve {
namespace {

// "- x", "* x" -> 'u' (and *rest = "x"); "12. x" -> 'o'; else 0.
char ListItem(std::string_view line, std::string_view* rest) {
  size_t i = line.find_first_not_of(' ');
  if (i == std::string_view::npos) return 0;
  line.remove_prefix(i);
  if (line.size() > 2 && (line[0] == '-' || line[0] == '*') && line[1] == ' ') {
    *rest = line.substr(2);
    return 'u';
  }
  size_t d = 0;
  while (d < line.size() && d < 3 && line[d] >= '0' && line[d] <= '9') ++d;
  if (d > 0 && line.substr(d, 2) == ". ") {
    *rest = line.substr(d + 2);
    return 'o';
  }
  return 0;
}

}  // namespace

std::string InlineMarkupToHtml(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t open = text.find('`', i);
    size_t close = open == std::string_view::npos ? open : text.find('`', open + 1);
    if (close == std::string_view::npos) {
      out += HtmlEscape(text.substr(i));
      break;
    }
    out += HtmlEscape(text.substr(i, open - i));
    if (close == open + 1) {  // `` is two backticks, not an empty span
      out += "``";
    } else {
      out += "<code>" + HtmlEscape(text.substr(open + 1, close - open - 1)) + "</code>";
    }
    i = close + 1;
  }
  return out;
}

std::string ProseToHtml(std::string_view text) {
  std::string out;
  std::string para;  // the paragraph being gathered, as markup
  char list = 0;     // the list being written: 'u', 'o' or none
  auto end_para = [&] {
    if (!para.empty()) out += "<p>" + para + "</p>";
    para.clear();
  };
  auto end_list = [&] {
    if (list) out += list == 'u' ? "</ul>" : "</ol>";
    list = 0;
  };
  for (std::string_view line : SplitLines(text)) {
    std::string_view rest;
    char kind = ListItem(line, &rest);
    if (kind) {
      end_para();
      if (kind != list) {
        end_list();
        out += kind == 'u' ? "<ul>" : "<ol>";
        list = kind;
      }
      out += "<li>" + InlineMarkupToHtml(rest) + "</li>";
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
      end_para();
      end_list();
      continue;
    }
    end_list();
    if (!para.empty()) para += ' ';
    para += InlineMarkupToHtml(line);
  }
  end_para();
  end_list();
  return out;
}

}  // namespace errdex::serve
