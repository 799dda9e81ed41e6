// Message idioms decided by names (see message_idioms.h).
#include "extract/javascript/message_idioms.h"

#include <cctype>

#include "util/text.h"

namespace errdex::js {

std::optional<size_t> I18nFormatArgsFrom(std::string_view callee) {
  std::string_view last = callee.substr(callee.rfind('.') + 1);  // npos + 1 == 0
  // gettext's and y18n's names; `t`/`$t` are i18next's and vue-i18n's.
  if (last == "__" || last == "_" || last == "t" || last == "$t" || last == "gettext" ||
      last == "translate") {
    return 1;
  }
  if (last == "__n" || last == "_n" || last == "ngettext") return 3;
  return std::nullopt;
}

bool IsErrorCodeExpr(std::string_view discriminant) {
  std::string_view d = Trim(discriminant);
  while (!d.empty() && d.front() == '(') d = Trim(d.substr(1));
  while (!d.empty() && d.back() == ')') d = Trim(d.substr(0, d.size() - 1));
  std::string last = ToLower(LastDotComponent(d));
  return last == "code" || last.ends_with("errorcode") || last == "errno";
}

bool IsMessageVariable(std::string_view name) {
  std::string last = ToLower(LastDotComponent(name));
  return last == "msg" || last == "errmsg" || last.ends_with("message");
}

bool IsMessageCatalogPath(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::string_view stem = file.substr(0, file.find('.'));
  std::string lower;
  for (char c : stem) {
    if (c != '-' && c != '_')
      lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  if (lower == "errormessages") return true;
  if (lower != "messages" || slash == std::string_view::npos) return false;
  std::string_view dir = path.substr(0, slash);
  std::string_view last =
      dir.substr(dir.rfind('/') == std::string_view::npos ? 0 : dir.rfind('/') + 1);
  return last == "error" || last == "errors";
}

bool IsMessageTemplateModulePath(std::string_view path) {
  size_t slash = path.rfind('/');
  if (slash == std::string_view::npos || IsMessageCatalogPath(path)) return false;
  std::string_view dir = path.substr(0, slash);
  std::string_view last =
      dir.substr(dir.rfind('/') == std::string_view::npos ? 0 : dir.rfind('/') + 1);
  std::string_view file = path.substr(slash + 1);
  std::string_view stem = file.substr(0, file.find('.'));
  return last == "messages" && stem != "index" && stem != "shared";
}

std::vector<std::pair<size_t, size_t>> CatalogPlaceholders(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t at = text.find('{'); at != std::string_view::npos; at = text.find('{', at + 1)) {
    size_t end = at + 1;
    while (end < text.size() &&
           (std::isupper(static_cast<unsigned char>(text[end])) ||
            std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '_')) {
      ++end;
    }
    if (end > at + 1 && end < text.size() && text[end] == '}') out.push_back({at, end + 1});
  }
  return out;
}

}  // namespace errdex::js
