// Internal check (see internal_check.h). Only words and macros that say it
// outright count: a panic in a private helper is not enough on its own.
#include "analyze/internal_check.h"

#include <cctype>
#include <cstring>
#include <set>

#include "analyze/asserted_before.h"
#include "analyze/handled_literal.h"
#include "extract/common/assertion_call.h"
#include "util/text.h"

namespace errdex {
namespace {

// Phrases maintainers use for states they believe cannot be reached.
constexpr std::string_view kPhrases[] = {
    "should never happen", "should not happen", "shouldn't happen",    "cannot happen",
    "can't happen",        "internal error",    "this is a bug",       "please report",
    "report this bug",     "invariant violat",  "entered unreachable", "reached unreachable",
    "unreachable code",    "assertion failed",  "reached deadcode",    "dead code reached"};

std::string Found(std::string_view text) {
  std::string lower = ToLower(text);
  // A bare "unreachable" message; "host unreachable" is a network error.
  if (lower == "unreachable" || lower == "unreachable!" || lower == "unreached") return lower;
  for (std::string_view p : kPhrases) {
    if (lower.find(p) != std::string::npos) return std::string(p);
  }
  return {};
}

std::string Quote(std::string_view s) { return "\u201c" + std::string(s) + "\u201d"; }

std::string_view LineOf(const std::vector<std::string_view>& lines, int n) {
  return n >= 1 && n <= static_cast<int>(lines.size()) ? Trim(lines[n - 1]) : "";
}

// The raise says "a programmer's mistake" by its form, not its words.
std::string PanicForm(std::string_view line) {
  for (std::string_view f : {"panic!(", "panic(", "AssertionError", "abort()"}) {
    size_t at = line.find(f);
    if (at == std::string_view::npos) continue;
    bool word = at == 0 || !(std::isalnum(static_cast<unsigned char>(line[at - 1])) ||
                             line[at - 1] == '_' || line[at - 1] == '.');
    if (word) return std::string(f.ends_with("(") ? f.substr(0, f.size() - 1) : f);
  }
  return "";
}

bool OpensSwitch(std::string_view t) {
  for (std::string_view kw : {"switch", "match ", "when", "select"}) {
    if (t.starts_with(kw) || t.find(" " + std::string(kw)) != std::string_view::npos) return true;
  }
  return false;
}

// The line opening the block that the `}` at `close` ends, or 0.
int BlockStart(const std::vector<std::string_view>& lines, int close) {
  int depth = 0;
  for (int n = close; n >= 1 && close - n < 200; --n) {
    std::string_view t = LineOf(lines, n);
    for (size_t i = t.size(); i-- > 0;) {
      if (t[i] == '}') ++depth;
      if (t[i] == '{' && --depth == 0) return n;
    }
  }
  return 0;
}

// Rust's `.expect("writing to String is infallible")`: the text states what
// the author takes for granted ("should", "infallible", "always", "valid").
// An `.expect("failed to read config")` reports a failure instead and is
// left alone.
std::string RustExpectation(const ErrorSite& s, std::string_view line) {
  if (s.language != "rust" || line.find(".expect(") == std::string_view::npos) return {};
  std::string m = ToLower(s.message.Display());
  for (std::string_view w : {"should", "infallible", "always", "never", "guaranteed", "is valid",
                             "are valid", "cannot fail", "can't fail", "must"}) {
    if (m.find(w) != std::string::npos) return "`.expect(...)` stating an assumption";
  }
  return {};
}

// An exhaustiveness guard: a function whose argument is typed as the empty
// type (Python's `NoReturn`/`Never`, TypeScript's `never`), which type
// checkers prove no call reaches (pytest's `assert_never`), or Python's
// unconditional `assert False`, which marks a branch the author takes for
// unreachable. Callers reach it only through a case their code forgot.
std::string ExhaustivenessGuard(const ErrorSite& s, const std::vector<std::string_view>& lines,
                                std::string_view line) {
  std::string_view header = LineOf(lines, s.function_line);
  static const char* const kEmpty[] = {": NoReturn", ": typing.NoReturn", ": Never",
                                       ": typing.Never", ": never"};
  size_t close = header.find(')');
  for (const char* t : kEmpty) {
    size_t at = header.find(t);
    std::string_view after = at == std::string_view::npos ? "" : header.substr(at + strlen(t));
    // The argument's type, not the return type (`-> NoReturn`, `): never`).
    if (at != std::string_view::npos && at < close &&
        (after.empty() || !std::isalnum(static_cast<unsigned char>(after[0])))) {
      std::string name = LastDotComponent(s.function);
      return "an exhaustiveness check: the argument of `" + name + "` is typed `" +
             std::string(Trim(std::string_view(t).substr(1))) +
             "`, so type checkers prove no call reaches line " + std::to_string(s.line);
    }
  }
  if (s.language == "python") {
    std::string_view t = Trim(line);
    if (t == "assert False" || t.starts_with("assert False,") || t == "assert 0" ||
        t.starts_with("assert 0,")) {
      return "`assert False` at line " + std::to_string(s.line) +
             ", which marks a branch the code takes for unreachable";
    }
  }
  return {};
}

// An exception class whose name says the error is the library's own
// (DuckDB's `InternalException`, Java's `InternalError`), thrown with the
// maintainers' literal text. Compiled languages only: a Python or PHP
// database driver's `InternalError` is the server's report. Not in a
// `catch` handler and not without text: log4j's `InternalException` wraps
// the checked exception it caught, which is a failure, not a bug.
std::string InternalClass(const ErrorSite& s, std::string_view line) {
  static const std::set<std::string_view> kLanguages = {"c", "cpp", "java", "kotlin", "csharp"};
  if (!kLanguages.count(s.language) || s.message_opaque) return {};
  std::string_view name = s.error_class;
  if (size_t sep = name.find_last_of(".:"); sep != std::string_view::npos) {
    if (name.substr(0, sep).find("absl") != std::string_view::npos) return {};  // a gRPC status
    name = name.substr(sep + 1);
  }
  if (!name.starts_with("Internal") || !(name.ends_with("Exception") || name.ends_with("Error"))) {
    return {};
  }
  size_t at = line.find(std::string(name) + "(");
  if (at == std::string_view::npos) return {};
  std::string_view args = Trim(line.substr(at + name.size() + 1));
  if (!args.starts_with("\"") && !args.starts_with("$\"") && !args.starts_with("@\"")) return {};
  for (const PathCondition& c : s.conditions) {
    for (std::string_view k : {"catch", "except", "rescue"}) {
      if (c.expr.starts_with(k)) return {};
    }
  }
  return "the class `" + std::string(name) + "`, whose name marks an error in the library itself";
}

}  // namespace

std::string UnhandledArmEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.kind != SiteKind::kRaise) return {};
  std::string_view line = LineOf(lines, s.line);
  std::string form = PanicForm(line);
  if (form.empty()) return {};
  std::string at = " at line " + std::to_string(s.line);
  if (line.starts_with("default:") || line.starts_with("_ =>") || line.starts_with("else ->")) {
    return "`" + form + "` in the default arm" + at;
  }
  int prev = s.line - 1;
  while (prev >= 1 && LineOf(lines, prev).empty()) --prev;
  std::string_view p = LineOf(lines, prev);
  if (p == "default:" || p == "_ => {" || p == "else -> {" || p == "default: {") {
    return "`" + form + "` in the default arm" + at;
  }
  if (p == "}" || p == "};") {
    int open = BlockStart(lines, prev);
    if (open > 0 && OpensSwitch(LineOf(lines, open))) {
      return "`" + form + "` after the `switch` at line " + std::to_string(open) +
             ", reached only when no arm returned";
    }
  }
  return {};
}

std::string InternalCheckEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.kind == SiteKind::kHttp) return {};  // a server's "internal error" is the user's news
  std::string at = " at line " + std::to_string(s.line);
  std::string_view line =
      s.line >= 1 && s.line <= static_cast<int>(lines.size()) ? lines[s.line - 1] : "";
  for (std::string_view macro : {"debug_assert", "unreachable!", "unreachable()", "DCHECK",
                                 "assert_debug", "__builtin_unreachable"}) {
    if (line.find(macro) != std::string_view::npos) return "`" + std::string(macro) + "`" + at;
  }
  if (std::string call = AssertionCallName(line); !call.empty()) return "`" + call + "`" + at;
  if (std::string e = RustExpectation(s, line); !e.empty()) return e + at;
  if (std::string g = ExhaustivenessGuard(s, lines, line); !g.empty()) return g;
  if (std::string a = AssertedBefore(s, lines); !a.empty()) return a;
  if ((s.language == "java" || s.language == "kotlin") &&
      line.find("AssertionError(") != std::string_view::npos) {
    return "an `AssertionError`" + at +
           ", which the JVM convention keeps for states the code "
           "assumes impossible";
  }
  if (s.kind == SiteKind::kAssert) {
    if (s.language == "java" || s.language == "kotlin") {
      return "a JVM `assert`" + at + ", which runs only with assertions enabled (`-ea`)";
    }
    if (s.language == "c" || s.language == "cpp") return "an `assert`" + at;
  }
  if (std::string p = Found(s.message.Display()); !p.empty()) {
    return "the message says " + Quote(p) + at;
  }
  for (const SourceNote& n : s.notes) {
    if (n.origin == "class-docstring" || n.origin == "docstring") continue;
    if (std::string p = Found(n.text); !p.empty()) {
      return "the comment at line " + std::to_string(n.first_line) + " says " + Quote(p);
    }
  }
  if (std::string c = InternalClass(s, line); !c.empty()) return c + ", thrown" + at;
  // A call whose literal argument the helper handles before its raise: the
  // text errdex links to the call is the helper's defensive branch.
  return HandledLiteralEvidence(s, lines);
}

}  // namespace errdex
