// C varargs report wrappers and message out-parameters: the syntax facts the
// C/C++ extractor needs to follow a format through `...` and `va_list`
// (`void fail(ctx *c, const char *fmt, ...) { va_start(ap, fmt);
// vsnprintf(buf, n, fmt, ap); report(c, buf); }`), and to read
// `*err = "text"` into a caller's `char **err` as the message it reports.
#pragma once

#include <tree_sitter/api.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex::cpp {

// The format a function takes and formats with its own arguments: the
// `const char *fmt` before `...` that `va_start(ap, fmt)` starts, or the
// text parameter just before a `va_list` parameter (`vreport(pre, fmt, ap)`).
struct VarargsFormat {
  std::string format;      // "fmt"
  int format_index = -1;   // its position among the parameters
  std::string va_list;     // "ap": what the body formats `format` with
  int varargs_index = -1;  // the `...` or the va_list parameter
  bool ellipsis = false;   // `...` (the va_list is a local), not a va_list parameter
};

// The varargs format of a function definition; nullopt when it has none.
std::optional<VarargsFormat> FindVarargsFormat(TSNode fn, std::string_view src);

// The parameter names of a function definition as link facts name them:
// `...` for a variadic parameter (a forwarded va_list is named so too).
std::vector<std::string> LinkParamNames(TSNode fn, std::string_view src);

// Whether a function's own name says it reports an error (`git_error_set`,
// `apply_err`, `die`, `fatal`, `warnf`), and at what severity. Unlike
// ReportFor (a call's name), `set` is allowed: a printf-style function
// named so sets the error its callers return.
std::optional<std::string> ReporterNameSeverity(std::string_view name);

// Whether the call formats rather than reports (`vsnprintf`, `vasprintf`,
// `jv_string_vfmt`, `git_str_vprintf`, `g_strdup_vprintf`).
bool IsFormatterName(std::string_view name);

// Whether a parameter named so holds the message a function hands back
// through `char **err`: `err`, `errmsg`, `error_msg`, `reason`. A plain
// `msg` / `message` counts when the text reads as an error (the caller's
// check).
enum class OutParamName { kNone, kError, kMessage };
OutParamName ClassifyOutParam(std::string_view name);

// The declared type of parameter `name` of `fn` points to text through a
// pointer (`char **err`, `const char **msg`, `sds *error_msg`,
// `std::string *err`): what `*name = ...` hands back to the caller.
bool IsTextOutParam(TSNode fn, std::string_view name, std::string_view src);

// The declared type of parameter `name` of `fn` is text the caller gives
// (`const char *key`, `sds name`, `std::string_view s`), not a pointer to
// where text is handed back.
bool IsTextInParam(TSNode fn, std::string_view name, std::string_view src);

}  // namespace errdex::cpp
