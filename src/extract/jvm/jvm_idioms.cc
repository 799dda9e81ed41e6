// JVM error idioms shared by the Java and Kotlin extractors. See
// jvm_idioms.h.
#include "extract/jvm/jvm_idioms.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "util/text.h"

namespace errdex {
namespace {

std::string_view LastComponent(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// USER_NOT_FOUND, E1001, ERR42: capitals, digits and underscores.
bool IsConstantCase(std::string_view s) {
  if (s.size() < 2 || !IsUpper(s[0])) return false;
  for (char c : s) {
    if (!IsUpper(c) && !IsDigit(c) && c != '_') return false;
  }
  return true;
}

}  // namespace

bool LooksLikeExceptionClass(std::string_view name) {
  std::string_view last = LastComponent(name);
  if (last.empty() || !IsUpper(last[0])) return false;
  return last.ends_with("Exception") || last.ends_with("Error") || last.ends_with("Throwable");
}

bool LooksLikeErrorCode(std::string_view text) {
  text = Trim(text);
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
    std::string_view s = text.substr(1, text.size() - 2);
    // "E1001", "ERR_BAD_INPUT", "AUTH-401": a letter, then a digit or separator.
    if (s.size() < 3 || !IsUpper(s[0])) return false;
    bool digit_or_sep = false;
    for (char c : s) {
      if (c == '_' || c == '-' || IsDigit(c)) {
        digit_or_sep = true;
      } else if (!IsUpper(c)) {
        return false;
      }
    }
    return digit_or_sep;
  }
  size_t dot = text.rfind('.');
  if (dot == std::string_view::npos) return false;  // a bare constant may be any value
  std::string_view owner = LastComponent(text.substr(0, dot));
  std::string_view last = text.substr(dot + 1);
  if (!IsConstantCase(last) || owner.find("Status") != std::string_view::npos) return false;
  // ErrorCode.NOT_FOUND, Errors.E42, Codes.BAD_INPUT.
  return owner.find("Code") != std::string_view::npos ||
         owner.find("Error") != std::string_view::npos ||
         owner.find("Reason") != std::string_view::npos;
}

std::optional<int> HttpStatusOf(std::string_view text) {
  text = Trim(text);
  if (text.size() == 3 && IsDigit(text[0]) && IsDigit(text[1]) && IsDigit(text[2])) {
    int v = (text[0] - '0') * 100 + (text[1] - '0') * 10 + (text[2] - '0');
    if (v >= 400 && v <= 599) return v;
    return std::nullopt;
  }
  std::string_view last = LastComponent(text);
  bool servlet = last.starts_with("SC_");
  if (!servlet && text.find("Status") == std::string_view::npos) return std::nullopt;
  if (servlet) last.remove_prefix(3);
  std::string key;
  for (char c : last) {
    if (c != '_') key += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  static const std::map<std::string_view, int> kTable = {{"BADREQUEST", 400},
                                                         {"UNAUTHORIZED", 401},
                                                         {"PAYMENTREQUIRED", 402},
                                                         {"FORBIDDEN", 403},
                                                         {"NOTFOUND", 404},
                                                         {"METHODNOTALLOWED", 405},
                                                         {"NOTACCEPTABLE", 406},
                                                         {"REQUESTTIMEOUT", 408},
                                                         {"CONFLICT", 409},
                                                         {"GONE", 410},
                                                         {"LENGTHREQUIRED", 411},
                                                         {"PRECONDITIONFAILED", 412},
                                                         {"PAYLOADTOOLARGE", 413},
                                                         {"REQUESTENTITYTOOLARGE", 413},
                                                         {"URITOOLONG", 414},
                                                         {"UNSUPPORTEDMEDIATYPE", 415},
                                                         {"UNPROCESSABLEENTITY", 422},
                                                         {"TOOMANYREQUESTS", 429},
                                                         {"INTERNALSERVERERROR", 500},
                                                         {"NOTIMPLEMENTED", 501},
                                                         {"BADGATEWAY", 502},
                                                         {"SERVICEUNAVAILABLE", 503},
                                                         {"GATEWAYTIMEOUT", 504}};
  auto it = kTable.find(key);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

bool IsLoggerName(std::string_view receiver) {
  std::string r = ToLower(LastComponent(receiver));
  if (r.ends_with("()")) r.resize(r.size() - 2);  // getLogger(), logger()
  if (r.starts_with("get")) r.erase(0, 3);
  // A reporter (slf4j's own `Reporter.warn(..)`, which prints "SLF4J(W): "
  // before the text) is a logger by another name: with a severity-named
  // method it reports to the user.
  return r == "log" || r == "_log" || r == "mlog" || r == "slog" || r.ends_with("logger") ||
         r.ends_with("_log") || r.ends_with("reporter");
}

std::optional<std::string> LogSeverity(std::string_view method) {
  if (method == "error" || method == "severe") return "error";
  if (method == "fatal") return "critical";
  if (method == "warn" || method == "warning") return "warning";
  return std::nullopt;
}

std::optional<std::string> LoggedSeverity(std::string_view method) {
  if (method == "info") return "info";
  return LogSeverity(method);
}

std::optional<std::string> SeverityConstant(std::string_view text) {
  text = Trim(text);
  size_t dot = text.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  std::string owner = ToLower(LastComponent(text.substr(0, dot)));
  // `Level`, `LogLevel`, `Severity`, `DiagnosticSeverity`, not any enum
  // whose constant happens to be called ERROR (a state, a result kind).
  if (!owner.ends_with("level") && !owner.ends_with("severity")) return std::nullopt;
  std::string level = ToLower(text.substr(dot + 1));
  if (level == "err") level = "error";
  return LogSeverity(level);
}

bool LooksLikeThrowableName(std::string_view arg) {
  arg = Trim(arg);
  if (arg == "e" || arg == "ex" || arg == "exc" || arg == "t" || arg == "th" || arg == "err" ||
      arg == "error" || arg == "cause" || arg == "throwable" || arg == "exception" || arg == "e1" ||
      arg == "e2" || arg == "ioe" || arg == "it") {
    return true;
  }
  std::string_view last = LastComponent(arg);
  return last.ends_with("Exception") || last.ends_with("Error") || last.ends_with("Throwable") ||
         last == "getCause()";
}

bool MayReportErrors(std::string_view method) {
  static const std::set<std::string_view> kNames = {"requireNonNull",
                                                    "checkArgument",
                                                    "checkState",
                                                    "checkNotNull",
                                                    "notNull",
                                                    "isTrue",
                                                    "state",
                                                    "isNull",
                                                    "hasText",
                                                    "hasLength",
                                                    "notEmpty",
                                                    "noNullElements",
                                                    "doesNotContain",
                                                    "validState",
                                                    "notBlank",
                                                    "validIndex",
                                                    "matchesPattern",
                                                    "isInstanceOf",
                                                    "isAssignableFrom",
                                                    "inclusiveBetween",
                                                    "exclusiveBetween",
                                                    "error",
                                                    "fatal",
                                                    "warn",
                                                    "info",
                                                    "warning",
                                                    "severe",
                                                    "log",
                                                    "e",
                                                    "w",
                                                    "wtf",
                                                    "sendError",
                                                    "body"};
  return kNames.count(method) > 0;
}

std::optional<CheckCall> CheckCallFor(std::string_view receiver, std::string_view method) {
  std::string_view owner = LastComponent(receiver);
  const char* iae = "IllegalArgumentException";
  const char* ise = "IllegalStateException";
  const char* npe = "NullPointerException";
  if (owner == "Objects" && method == "requireNonNull") {
    return CheckCall{npe, 1, CheckFormat::kPlain};
  }
  if (owner == "Preconditions" || owner.empty()) {
    if (method == "checkArgument") return CheckCall{iae, 1, CheckFormat::kGuava};
    if (method == "checkState") return CheckCall{ise, 1, CheckFormat::kGuava};
    if (method == "checkNotNull") return CheckCall{npe, 1, CheckFormat::kGuava};
    if (owner.empty() && method == "requireNonNull") return CheckCall{npe, 1, CheckFormat::kPlain};
    return std::nullopt;
  }
  if (owner == "Assert") {  // Spring
    if (method == "state") return CheckCall{ise, 1, CheckFormat::kPlain};
    if (method == "isTrue" || method == "notNull" || method == "isNull" || method == "hasText" ||
        method == "hasLength" || method == "notEmpty" || method == "noNullElements") {
      return CheckCall{iae, 1, CheckFormat::kPlain};
    }
    if (method == "doesNotContain") return CheckCall{iae, 2, CheckFormat::kPlain};
    return std::nullopt;
  }
  if (owner == "Validate") {  // commons-lang
    if (method == "validState") return CheckCall{ise, 1, CheckFormat::kPrintf};
    if (method == "notNull") return CheckCall{npe, 1, CheckFormat::kPrintf};
    if (method == "isTrue" || method == "notEmpty" || method == "notBlank" ||
        method == "noNullElements") {
      return CheckCall{iae, 1, CheckFormat::kPrintf};
    }
    if (method == "validIndex")
      return CheckCall{"IndexOutOfBoundsException", 2, CheckFormat::kPrintf};
    if (method == "matchesPattern" || method == "isInstanceOf" || method == "isAssignableFrom") {
      return CheckCall{iae, 2, CheckFormat::kPrintf};
    }
    if (method == "inclusiveBetween" || method == "exclusiveBetween") {
      return CheckCall{iae, 3, CheckFormat::kPrintf};
    }
  }
  return std::nullopt;
}

bool NeverLinks(std::string_view method) {
  static const std::set<std::string_view> kNames = {"append",
                                                    "put",
                                                    "putAll",
                                                    "add",
                                                    "addAll",
                                                    "get",
                                                    "getOrDefault",
                                                    "set",
                                                    "remove",
                                                    "contains",
                                                    "containsKey",
                                                    "equals",
                                                    "equalsIgnoreCase",
                                                    "startsWith",
                                                    "endsWith",
                                                    "indexOf",
                                                    "lastIndexOf",
                                                    "substring",
                                                    "replace",
                                                    "replaceAll",
                                                    "split",
                                                    "matches",
                                                    "compareTo",
                                                    "println",
                                                    "print",
                                                    "printf",
                                                    "format",
                                                    "formatted",
                                                    "valueOf",
                                                    "toString",
                                                    "hashCode",
                                                    "getProperty",
                                                    "setProperty",
                                                    "getString",
                                                    "getBoolean",
                                                    "getInt",
                                                    "assertEquals",
                                                    "assertThat",
                                                    "assertTrue",
                                                    "assertFalse",
                                                    "assertNull",
                                                    "assertNotNull",
                                                    "assertSame",
                                                    "assertThrows",
                                                    "isEqualTo",
                                                    "hasMessage",
                                                    "expect",
                                                    "verify",
                                                    "when",
                                                    "thenReturn",
                                                    "forName",
                                                    "getMethod",
                                                    "getField",
                                                    "getResource",
                                                    "getResourceAsStream",
                                                    "getenv",
                                                    "write",
                                                    "writeString",
                                                    "name",
                                                    "value",
                                                    "join",
                                                    "of",
                                                    "asList",
                                                    "listOf",
                                                    "mapOf",
                                                    "setOf",
                                                    "mutableListOf",
                                                    "mutableMapOf",
                                                    "arrayOf",
                                                    "to",
                                                    "let",
                                                    "also",
                                                    "apply",
                                                    "run",
                                                    "with",
                                                    "map",
                                                    "filter",
                                                    "forEach",
                                                    "collect",
                                                    "stream",
                                                    "trim",
                                                    "lowercase",
                                                    "uppercase",
                                                    "toLowerCase",
                                                    "toUpperCase",
                                                    "charAt",
                                                    "length",
                                                    "size",
                                                    "debug",
                                                    "info",
                                                    "trace",
                                                    "error",
                                                    "warn",
                                                    "log",
                                                    "require",
                                                    "check",
                                                    "requireNonNull",
                                                    "checkArgument",
                                                    "checkState",
                                                    "checkNotNull",
                                                    "requireNotNull",
                                                    "checkNotNull",
                                                    "TODO",
                                                    "assert",
                                                    "lazy",
                                                    "synchronized"};
  if (kNames.count(method)) return true;
  // Accessors, builders and writers: `getProperty("x")`, `setName("x")`,
  // `withFeature(..)`, `writeStringField("a", b)`.
  for (std::string_view prefix : {"get", "set", "is", "has", "with", "put", "add", "to", "as",
                                  "write", "read", "append", "print", "on"}) {
    if (method.size() > prefix.size() && method.starts_with(prefix) &&
        std::isupper(static_cast<unsigned char>(method[prefix.size()]))) {
      return true;
    }
  }
  return false;
}

bool IsStringType(std::string_view type_text) {
  std::string_view t = Trim(type_text);
  if (t.ends_with("?")) t.remove_suffix(1);
  std::string_view last = t.substr(t.rfind('.') + 1);  // npos + 1 == 0
  return last == "String" || last == "CharSequence";
}

bool MessageLikeName(std::string_view name) {
  // Constants (`NOT_FOUND_MESSAGE`) count by their words too: resolving
  // every ALL_CAPS argument would index each file's fields. Runs for every
  // identifier argument: no allocation.
  char buf[64];
  if (name.size() > sizeof(buf)) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    buf[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
  }
  std::string_view lower(buf, name.size());
  for (std::string_view w : {"msg", "message", "text", "err", "reason", "desc", "detail", "problem",
                             "fmt", "format", "template", "what", "hint"}) {
    if (lower.find(w) != std::string_view::npos) return true;
  }
  return false;
}

bool MayHoldText(std::string_view type_text) {
  std::string_view t = Trim(type_text);
  if (t.ends_with("?")) t.remove_suffix(1);
  size_t lt = t.find('<');
  if (lt != std::string_view::npos) t = t.substr(0, lt);
  std::string_view last = t.substr(t.rfind('.') + 1);  // npos + 1 == 0
  if (last.empty() || last == "var" || last == "Object" || last == "Any" ||
      last == "Serializable" || last == "Comparable" || IsStringType(last)) {
    return true;
  }
  // A type variable: `T`, `E1`.
  return last.size() <= 2 && std::isupper(static_cast<unsigned char>(last[0]));
}

std::string ClassName(std::string_view type_text) {
  size_t lt = type_text.find('<');
  if (lt != std::string_view::npos) type_text = type_text.substr(0, lt);
  return LastDotComponent(Trim(type_text));
}

}  // namespace errdex
