// What a C or C++ call reports, from the text of the function it calls:
// stderr writers, err(3)/warn(3), printf-style reporters named like `die`,
// `fatal`, `*_error`, `*_warn`, level-taking loggers, spdlog, leveldb and
// absl statuses, THROW macros, and glog's CHECK family.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex::cpp {

enum class Report {
  kNone,
  kFprintf,        // fprintf(stderr, fmt, ...), vfprintf(stderr, fmt, ap)
  kBracePrint,     // std::println(stderr, fmt, ...), fmt::print(stderr, fmt, ...)
  kFputs,          // fputs(msg, stderr)
  kFwrite,         // fwrite(msg, size, n, stderr), write(STDERR_FILENO, msg, len)
  kPerror,         // perror(msg): "msg: strerror"
  kErr,            // err(code, fmt, ...): "prog: msg: strerror", exits
  kErrx,           // errx(code, fmt, ...): "prog: msg", exits
  kWarn,           // warn(fmt, ...): "prog: msg: strerror"
  kWarnx,          // warnx(fmt, ...)
  kNamed,          // die(fmt, ...), foo_log_error(...), addReplyError(c, msg)
  kLevelLog,       // serverLog(LL_WARNING, fmt, ...), syslog(LOG_ERR, fmt, ...)
  kBraceLog,       // spdlog::error(fmt, ...), logger->error(...)
  kStatus,         // leveldb Status::Corruption(msg, msg2)
  kAbslStatus,     // absl::InvalidArgumentError(msg)
  kJqError,        // jq: jv_invalid_with_msg(jv_string_fmt(...))
  kPyErr,          // CPython extensions: PyErr_SetString(PyExc_ValueError, msg), PyErr_Format
  kThrowMacro,     // JSON_THROW(expr), BOOST_THROW_EXCEPTION(expr)
  kAssertMessage,  // JSON_ASSERT_MESSAGE(cond, msg), BOOST_ASSERT_MSG(cond, msg), X_FAIL_MSG(msg)
};

struct ReportInfo {
  Report kind = Report::kNone;
  std::string severity = "error";
};

bool AnyWord(const std::vector<std::string>& words, std::initializer_list<std::string_view> set);
// Severity named by a log-level constant: LL_WARNING, LOG_ERR, ANDROID_LOG_FATAL.
std::optional<std::string> LevelSeverity(std::string_view level);
// LL_NOTICE, LOG_INFO, NGX_LOG_DEBUG: a level below warnings.
// LOG_INFO, NGX_LOG_NOTICE: a quiet level whose messages users still read
// (not debug or trace); a failure logged there is a record (StatesFailure).
bool IsInfoLevel(std::string_view level);
bool IsQuietLevel(std::string_view level);
// Text written to stderr is an error report when it says so; tools also
// print progress, banners and statistics there ("Date: %s", "... crc=%x").
bool ReadsAsError(const Template& t);

// A repository's own write of a buffer to a descriptor, by its name
// (jemalloc's `malloc_write_fd`, git's `write_in_full`): a report only when
// the standard error's descriptor comes first; otherwise it is a call like
// any other (jemalloc's `malloc_write(s)` is a wrapper of its own).
bool OwnWriteName(std::string_view name);

// "WARNING: '%s' is used inconsistently" / "ERROR: ..." / "FATAL ...": the
// severity a message's own upper-case label gives it, for a level that is a
// variable (OpenVPN's `msg(msglevel, "WARNING: ..")`).
std::optional<std::string> LabelSeverity(const Template& t);
// The report a plain (non-stream) call makes, from its function text.
ReportInfo ReportFor(std::string_view fn);
// glog: CHECK_EQ -> "==", ...; nullopt for other names.
std::optional<std::string_view> CheckOperator(std::string_view name);
// CHECK, DCHECK, QCHECK, PCHECK, CHECK_NOTNULL and the CHECK_op family.
bool IsCheckMacro(std::string_view name);

}  // namespace errdex::cpp
