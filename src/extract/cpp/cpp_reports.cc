// Reporter table for C and C++ calls. See cpp_reports.h.
#include "extract/cpp/cpp_reports.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "extract/cpp/c_strings.h"
#include "util/text.h"

namespace errdex::cpp {
namespace {

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

struct CheckOp {
  std::string_view macro;
  std::string_view op;
};

}  // namespace

bool AnyWord(const std::vector<std::string>& words, std::initializer_list<std::string_view> set) {
  for (const std::string& w : words) {
    for (std::string_view s : set) {
      if (w == s) return true;
    }
  }
  return false;
}

// Severity named by a log-level constant: LL_WARNING, LOG_ERR, ANDROID_LOG_FATAL.
std::optional<std::string> LevelSeverity(std::string_view level) {
  std::vector<std::string> w = Words(level);
  if (w.empty()) return std::nullopt;
  const std::string& last = w.back();
  if (last == "fatal" || last == "crit" || last == "critical" || last == "emerg" ||
      last == "alert" || last == "panic") {
    return "critical";
  }
  // OpenVPN's `D_TLS_ERRORS`: the level at which errors of a kind show.
  if (last == "err" || last == "error" || last == "errors") return "error";
  if (last == "warning" || last == "warn" || last == "warnings") return "warning";
  // rsync's `FERROR`, `FWARNING`: a one- or two-letter tag glued to the level.
  if (w.size() == 1 && level.size() > 2 && IsUpper(level[0]) && IsUpper(level[1])) {
    for (size_t tag = 1; tag <= 2; ++tag) {
      std::string_view rest = std::string_view(last).substr(tag);
      if (rest == "error") return "error";
      if (rest == "warning") return "warning";
      if (rest == "fatal") return "critical";
    }
  }
  return std::nullopt;
}

std::optional<std::string> LabelSeverity(const Template& t) {
  if (t.pieces().empty() || t.pieces()[0].is_hole) return std::nullopt;
  std::string_view text = t.pieces()[0].text;
  size_t end = 0;
  while (end < text.size() && IsUpper(text[end])) ++end;
  if (end == text.size() || (text[end] != ':' && text[end] != ' ')) return std::nullopt;
  std::string_view label = text.substr(0, end);
  if (label == "ERROR") return "error";
  if (label == "WARNING" || label == "WARN") return "warning";
  if (label == "FATAL") return "critical";
  return std::nullopt;
}

// Text written to stderr is an error report when it says so; tools also
// print progress, banners and statistics there ("Date: %s", "... crc=%x").
bool ReadsAsError(const Template& t) {
  std::string text;
  for (const Piece& p : t.pieces()) {
    if (!p.is_hole) text += ToLower(p.text);
  }
  static constexpr std::string_view kWords[] = {
      "error",     "fail",       "cannot",      "can't",      "could not", "couldn't", "unable",
      "invalid",   "unknown",    "bad ",        "missing",    "not ",      "no such",  "must",
      "expect",    "illegal",    "unsupported", "abort",      "fatal",     "warning",  "usage",
      "denied",    "too many",   "too long",    "too large",  "out of",    "overflow", "corrupt",
      "wrong",     "refus",      "impossible",  "requires",   "exceed",    "mismatch", "unexpected",
      "panic",     "assert",     "timeout",     "timed out",  "oops",      "can not",  "don't",
      "truncated", "short read", "short write", "disallowed", "forbidden", "incorrect"};
  for (std::string_view w : kWords) {
    if (text.find(w) != std::string::npos) return true;
  }
  return false;
}

// LL_NOTICE, LOG_INFO, NGX_LOG_DEBUG: a level below warnings.
bool IsQuietLevel(std::string_view level) {
  if (level.empty() || !IsUpper(level[0])) return false;
  std::vector<std::string> w = Words(level);
  if (w.size() < 2) return false;
  const std::string& last = w.back();
  return last == "info" || last == "notice" || last == "debug" || last == "verbose" ||
         last == "trace";
}

bool IsInfoLevel(std::string_view level) {
  if (!IsQuietLevel(level)) return false;
  std::vector<std::string> w = Words(level);
  return w.back() == "info" || w.back() == "notice";
}

bool OwnWriteName(std::string_view name) {
  if (name == "fwrite" || name == "write") return false;
  return name.ends_with("write") || name.ends_with("write_fd") || name.ends_with("write_all") ||
         name.ends_with("write_in_full");
}

// The report a plain (non-stream) call makes, from its function text.
ReportInfo ReportFor(std::string_view fn) {
  ReportInfo r;
  std::string_view name = LastName(fn);
  auto set = [&](Report k, const char* sev = "error") {
    r.kind = k;
    r.severity = sev;
    return r;
  };
  if (name == "fprintf" || name == "dprintf" || name == "vfprintf" || name == "vdprintf") {
    return set(Report::kFprintf);
  }
  if (name == "fputs") return set(Report::kFputs);
  bool free = fn.size() == name.size() || fn == "::" + std::string(name);
  if (name == "fwrite" || name == "write") return set(Report::kFwrite);
  // A project's own write of a buffer to a descriptor (jemalloc's
  // malloc_write_fd(STDERR_FILENO, s, strlen(s)), git's write_in_full(2,
  // ..)): a site only with the standard error's descriptor first.
  if (free && OwnWriteName(name)) return set(Report::kFwrite);
  if (name == "perror") return set(Report::kPerror);
  // BSD's err(3) family are free functions; `m_log.err(..)` is a logger.
  if (free && (name == "err" || name == "verr")) return set(Report::kErr, "critical");
  if (free && (name == "errx" || name == "verrx")) return set(Report::kErrx, "critical");
  if (free && (name == "warn" || name == "vwarn")) return set(Report::kWarn, "warning");
  if (free && (name == "warnx" || name == "vwarnx")) return set(Report::kWarnx, "warning");
  // vim's `emsg(_(e_x))` and `semsg(_(e_x_str), arg)`: an "error message",
  // the E-numbered errors users see (`iemsg`, `siemsg`: internal ones).
  if (free && (name == "emsg" || name == "semsg" || name == "iemsg" || name == "siemsg")) {
    return set(Report::kNamed);
  }
  if (name == "jv_invalid_with_msg") return set(Report::kJqError);
  if (name == "PyErr_SetString" || name == "PyErr_Format") return set(Report::kPyErr);
  // GLib's `g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("Nothing
  // matches %s in remote %s"), id, remote)`: the GError handed back to the
  // caller, whose text the program prints (flatpak's "error: ...").
  if (name == "g_set_error" || name == "g_set_error_literal") return set(Report::kNamed);
  std::string_view scope = fn.substr(0, fn.size() - name.size());
  // C++23's `std::println(stderr, "...")` and {fmt}'s `fmt::print(stderr,
  // ...)`: fprintf with `{}` fields (a stderr stream first, else stdout).
  if ((scope == "std::" || scope == "fmt::") && (name == "print" || name == "println")) {
    return set(Report::kBracePrint);
  }
  if (scope.starts_with("spdlog::") || fn.find("log") != std::string_view::npos) {
    if (name == "error" || name == "err") return set(Report::kBraceLog);
    if (name == "critical") return set(Report::kBraceLog, "critical");
    if (name == "warn") return set(Report::kBraceLog, "warning");
  }
  if (name == "SPDLOG_ERROR" || name == "SPDLOG_LOGGER_ERROR") return set(Report::kBraceLog);
  if (name == "SPDLOG_CRITICAL" || name == "SPDLOG_LOGGER_CRITICAL") {
    return set(Report::kBraceLog, "critical");
  }
  if (scope.ends_with("Status::") && !name.empty() && IsUpper(name[0]) && name != "OK") {
    return set(Report::kStatus);
  }
  if (scope == "absl::" && name.ends_with("Error") && name.size() > 5) {
    return set(Report::kAbslStatus);
  }
  bool macro = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return IsUpper(c) || c == '_' || std::isdigit(static_cast<unsigned char>(c));
  });
  if (macro && name.find("THROW") != std::string_view::npos) return set(Report::kThrowMacro);
  // Level-letter log macros that take the format first (stlink's
  // `ELOG("Target voltage (%d mV) too low ...")`, Android's `ALOGE`, `LOGE`):
  // the letter is the level. PostgreSQL's lower-case `elog(ERROR, ...)`
  // names its level in an argument (kLevelLog below).
  if (name == "ELOG" || name == "LOGE" || name == "ALOGE" || name == "LOG_E") {
    return set(Report::kNamed);
  }
  if (name == "WLOG" || name == "LOGW" || name == "ALOGW" || name == "LOG_W") {
    return set(Report::kNamed, "warning");
  }
  // Only those that state a failure (the extractor asks StatesFailure).
  if (name == "ILOG" || name == "LOGI" || name == "ALOGI" || name == "LOG_I") {
    return set(Report::kNamed, "info");
  }
  // A project's assertion macro with a message (jsoncpp's
  // JSON_ASSERT_MESSAGE(cond, "in Json::Value::clear(): requires complex
  // value") throws Json::LogicError with it; BOOST_ASSERT_MSG aborts with
  // it): the message is the last argument, shown when the condition fails.
  if (macro && (name.ends_with("_MSG") || name.ends_with("_MESSAGE"))) {
    std::vector<std::string> words = Words(name);
    if (AnyWord(words, {"assert", "fail", "verify", "ensure", "require"})) {
      return set(Report::kAssertMessage, "critical");
    }
  }
  // Method calls on objects are reporters only for loggers (above).
  if (fn.find('.') != std::string_view::npos || fn.find("->") != std::string_view::npos) return r;
  // Most calls name none of the reporter words: reject them before
  // splitting the name into words.
  std::string lower = ToLower(name);
  bool candidate = false;
  for (std::string_view w :
       {"die", "fatal", "panic", "bug", "err", "fail", "warn", "log", "alert"}) {
    candidate |= lower.find(w) != std::string::npos;
  }
  if (!candidate) return r;
  std::vector<std::string> words = Words(name);
  if (words.empty() || AnyWord(words, {"str", "is", "has", "get", "set", "clear", "reset", "free",
                                       "init", "count", "code", "handler", "callback", "cb",
                                       "errno", "print", "printf", "string", "check"})) {
    // print_error(...) is a reporter; the deny list is about the others.
    if (!(words.size() == 2 && words[0] == "print" && words[1] == "error")) return r;
  }
  // duckdb's `StringUtil::CandidatesErrorMessage(names, name, "Did you
  // mean")`: named after the text it returns, a builder, not a reporter.
  const std::string& last = words.back();
  if ((last == "message" || last == "msg" || last == "text") &&
      !AnyWord(words, {"report", "show", "display", "emit", "send", "reply", "log", "write", "die",
                       "fatal", "panic", "warn", "warning"})) {
    return r;
  }
  if (AnyWord(words, {"die", "fatal", "panic", "bug"})) return set(Report::kNamed, "critical");
  // haproxy's `ha_alert("Proxy '%s': unable to find required use_backend:
  // '%s'.\n", ..)`: an alert is an error report ("[ALERT] ..." on stderr).
  if (AnyWord(words, {"error", "err", "errorf", "fail", "failf", "failure", "alert"})) {
    return set(Report::kNamed);
  }
  if (AnyWord(words, {"warn", "warning", "warnf", "warnx"})) return set(Report::kNamed, "warning");
  if (AnyWord(words, {"log", "syslog", "elog"})) return set(Report::kLevelLog);
  return r;
}

// glog / absl stream heads: LOG(ERROR), LOG_IF(FATAL, c), PLOG(ERROR),
// LOG_EVERY_N(ERROR, n), DLOG(...), CHECK(...), CHECK_EQ(a, b).
std::optional<std::string_view> CheckOperator(std::string_view name) {
  static const CheckOp kOps[] = {{"EQ", "=="}, {"NE", "!="}, {"LT", "<"},
                                 {"LE", "<="}, {"GT", ">"},  {"GE", ">="}};
  for (std::string_view prefix : {"CHECK_", "DCHECK_", "QCHECK_", "PCHECK_"}) {
    if (!name.starts_with(prefix)) continue;
    std::string_view rest = name.substr(prefix.size());
    for (const CheckOp& c : kOps) {
      if (rest == c.macro) return c.op;
    }
  }
  return std::nullopt;
}

bool IsCheckMacro(std::string_view name) {
  return name == "CHECK" || name == "DCHECK" || name == "QCHECK" || name == "PCHECK" ||
         name == "CHECK_NOTNULL" || CheckOperator(name).has_value();
}

}  // namespace errdex::cpp
