// Message idioms decided by names (see message_idioms.h).
#include "extract/javascript/message_idioms.h"

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

}  // namespace errdex::js
