// Names and calls by which JVM code reports errors, shared by the Java and
// Kotlin extractors: exception-class and error-code heuristics, HTTP status
// constants, loggers and their levels, precondition helpers (Guava,
// java.util.Objects, Spring's Assert, commons-lang's Validate).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace errdex {

// `IllegalArgumentException`, `java.io.IOException`, `AssertionError`: the
// last component ends in Exception, Error or Throwable.
bool LooksLikeExceptionClass(std::string_view name);

// `ErrorCode.USER_NOT_FOUND`, `"E1001"`, `"ERR_BAD_INPUT"`: an argument that
// reads as an error code rather than a value. Takes the text as written.
bool LooksLikeErrorCode(std::string_view text);

// `HttpStatus.NOT_FOUND` (Spring), `HttpStatusCode.NotFound` (Ktor),
// `Response.Status.NOT_FOUND` (JAX-RS), `HttpServletResponse.SC_NOT_FOUND`,
// or a literal 400-599.
std::optional<int> HttpStatusOf(std::string_view text);

// `log`, `LOG`, `logger`, `this.logger`, `getLogger()`, `kLogger`, `Reporter`.
bool IsLoggerName(std::string_view receiver);

// The severity a logging method reports at ("error", "critical", "warning"),
// or nullopt for levels that are not errors (info, debug, ...).
std::optional<std::string> LogSeverity(std::string_view method);

// LogSeverity, or "info" for `info`: a logger's info line, a record only
// when its text states a failure (StatesFailure).
std::optional<std::string> LoggedSeverity(std::string_view method);

// `Level.Error`, `Notification.Level.Warning`, `Severity.ERROR`,
// `DiagnosticSeverity.Warning`: an argument naming the severity of a
// diagnostic object (detekt's `Notification(msg, Level.Error)`), as the
// severity it reports at; nullopt for other text and non-error levels.
std::optional<std::string> SeverityConstant(std::string_view text);

// An argument name that by convention holds a Throwable (`e`, `ex`, `cause`,
// `ioException`): SLF4J prints a trailing one as a stack trace.
bool LooksLikeThrowableName(std::string_view arg);

// How a precondition helper renders its message argument.
enum class CheckFormat {
  kPlain,   // as given (Objects, Spring Assert; Guava with no arguments)
  kGuava,   // Strings.lenientFormat when arguments follow
  kPrintf,  // String.format (commons-lang Validate)
};

struct CheckCall {
  std::string exception;  // what it throws
  size_t message_index;   // which argument is the message
  CheckFormat format;
};

// `receiver` is the call's object as written (empty for a static import).
std::optional<CheckCall> CheckCallFor(std::string_view receiver, std::string_view method);

// True when a call of this method name may be an error site (a precondition,
// a log call, `sendError`, `body`): a cheap filter run on every call before
// anything is allocated.
bool MayReportErrors(std::string_view method);

// Linking (src/resolve/link.h): calls of these names are the JDK's, the
// Kotlin standard library's or a test framework's (`append`, `put`,
// `assertEquals`, `println`, `let`, ...) or accessors, builders and writers
// (`getX`, `setX`, `withX`, `writeX`, ...) and never pass a message on to a
// repository's helper. A text-only filter run before any template is built.
bool NeverLinks(std::string_view method);

// `String`, `java.lang.String`, `CharSequence`, `String?`: a parameter type
// that can carry a message.
bool IsStringType(std::string_view type_text);

// An identifier that may hold a message: `msg`, `errorMessage`, `reason`,
// `NOT_FOUND_TEXT` (a constant with such a word). Linking resolves only these locals when
// reading a call's arguments; others stay holes.
bool MessageLikeName(std::string_view name);

// Whether a parameter of this declared type can be given a string: String,
// CharSequence, Object/Any, a type variable (`T`), `var`; not `int`,
// `Throwable`, `Method`, ...
bool MayHoldText(std::string_view type_text);

// `java.io.IOException` -> "IOException"; `Foo<T>` -> "Foo" (Java, Kotlin, C#).
std::string ClassName(std::string_view type_text);

}  // namespace errdex
