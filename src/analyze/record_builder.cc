// Record builder (see record_builder.h). Every sentence written here is
// assembled from a fact with a line number; nothing is invented.
#include "analyze/record_builder.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <unordered_map>

#include "analyze/advice_shapes.h"
#include "analyze/already_state.h"
#include "analyze/argument_advice.h"
#include "analyze/argv_consumer.h"
#include "analyze/build_advice.h"
#include "analyze/callback_delivery.h"
#include "analyze/case_values.h"
#include "analyze/catch_class.h"
#include "analyze/caught_failure.h"
#include "analyze/cfg_feature.h"
#include "analyze/collection_fill.h"
#include "analyze/command_usage.h"
#include "analyze/config_key_advice.h"
#include "analyze/config_read.h"
#include "analyze/conflicting_settings.h"
#include "analyze/constant_values.h"
#include "analyze/damaged_data.h"
#include "analyze/deprecation.h"
#include "analyze/docstring_raises.h"
#include "analyze/documented_cause.h"
#include "analyze/enclosing_construct.h"
#include "analyze/error_map_advice.h"
#include "analyze/exception_constructor.h"
#include "analyze/exclusive_rule.h"
#include "analyze/exit_after.h"
#include "analyze/failed_call.h"
#include "analyze/feature_flag.h"
#include "analyze/fixed_arguments.h"
#include "analyze/function_symbol.h"
#include "analyze/go_sentinel.h"
#include "analyze/guard_text.h"
#include "analyze/handled_literal.h"
#include "analyze/held_message.h"
#include "analyze/input_failure.h"
#include "analyze/internal_check.h"
#include "analyze/internal_counter.h"
#include "analyze/io_advice.h"
#include "analyze/jump_target.h"
#include "analyze/limit_advice.h"
#include "analyze/matched_key.h"
#include "analyze/message_pointer.h"
#include "analyze/message_provenance.h"
#include "analyze/message_rule.h"
#include "analyze/next_line_advice.h"
#include "analyze/note_prose.h"
#include "analyze/null_argument.h"
#include "analyze/opened_before.h"
#include "analyze/option_binding.h"
#include "analyze/origin_advice.h"
#include "analyze/os_call_causes.h"
#include "analyze/os_error_advice.h"
#include "analyze/param_doc.h"
#include "analyze/parse_input.h"
#include "analyze/parsed_input.h"
#include "analyze/platform_block.h"
#include "analyze/position_advice.h"
#include "analyze/predicate_check.h"
#include "analyze/report_call.h"
#include "analyze/site_shape.h"
#include "analyze/state_setter.h"
#include "analyze/trait_reach.h"
#include "analyze/try_calls.h"
#include "analyze/unpassed_state.h"
#include "analyze/user_control.h"
#include "analyze/value_origin.h"
#include "analyze/visibility.h"
#include "extract/common/assertion_call.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr int kWindow = 18;  // lines of context on each side of the raise

std::string Kebab(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (std::isupper(static_cast<unsigned char>(c)) && i > 0 &&
        std::islower(static_cast<unsigned char>(s[i - 1]))) {
      out += '-';
    }
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

bool Contains(std::string_view hay, std::string_view needle) {
  return hay.find(needle) != std::string_view::npos;
}

std::string ErrorType(const ErrorSite& site) {
  const std::string& c = site.error_class;
  if (site.kind == SiteKind::kHttp || site.http_status) return "http";
  if (site.kind == SiteKind::kWarning) {
    return Contains(c, "Deprecat") || c == "FutureWarning" ? "deprecation" : "warning";
  }
  if (c == "NotImplementedError" || c == "UnsupportedOperationException") return "not-implemented";
  if (c == "ImportError" || c == "ModuleNotFoundError") return "dependency";
  if (c == "KeyError" || c == "IndexError" || c == "LookupError" || Contains(c, "NotFound") ||
      c == "NoSuchElementException" || c == "IndexOutOfBoundsException") {
    return "not-found";
  }
  if (c == "PermissionError" || Contains(c, "Permission") || Contains(c, "Auth")) {
    return "permission";
  }
  if (c == "TimeoutError" || Contains(c, "Timeout")) return "timeout";
  if (Contains(c, "Connection") || Contains(c, "Network")) return "network";
  if (c == "OSError" || c == "IOError" || c == "FileNotFoundError" || c == "FileExistsError" ||
      c == "IsADirectoryError" || c == "IOException" || c == "UncheckedIOException" ||
      c == "FileNotFoundException" || c == "EOFException") {
    return "io";
  }
  if (c == "ValueError" || c == "TypeError" || c == "AssertionError" || Contains(c, "Valid") ||
      c == "IllegalArgumentException" || c == "NullPointerException" ||
      c == "NumberFormatException") {
    return "validation";
  }
  if (Contains(c, "Config")) return "configuration";
  std::string msg = ToLower(site.message.Display());
  for (const char* w : {"must ", "invalid", "expected", "required", "not supported", "only support",
                        "unsupported", "not allowed", "not verified", "cannot be", "should be"}) {
    if (Contains(msg, w)) return "validation";
  }
  return "runtime";
}

std::string HandlingStrategy(const std::string& type) {
  if (type == "validation" || type == "configuration") return "validation";
  if (type == "network" || type == "timeout") return "retry";
  if (type == "dependency") return "install-dependency";
  if (type == "warning" || type == "deprecation") return "update-usage";
  if (type == "not-found") return "check-existence";
  return "propagate";
}

// Command-line flags named in the message (`--weight-cache-mode`).
std::vector<std::string> FlagsIn(const std::string& message) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 2 < message.size(); ++i) {
    if (message[i] != '-' || message[i + 1] != '-') continue;
    if (i > 0 && !std::isspace(static_cast<unsigned char>(message[i - 1])) &&
        message[i - 1] != '(' && message[i - 1] != '`' && message[i - 1] != '\'' &&
        message[i - 1] != '"') {
      continue;
    }
    size_t j = i + 2;
    while (j < message.size() && (std::isalnum(static_cast<unsigned char>(message[j])) ||
                                  message[j] == '-' || message[j] == '_')) {
      ++j;
    }
    if (j > i + 3) {
      std::string flag = message.substr(i, j - i);
      // A rule of dashes ("-------- summary") is not a flag.
      while (flag.size() > 2 && flag.back() == '-') flag.pop_back();
      if (flag.size() > 2 && std::find(out.begin(), out.end(), flag) == out.end()) {
        out.push_back(flag);
      }
    }
    i = j;
  }
  return out;
}

std::string Quote(const std::string& s) { return "\u201c" + s + "\u201d"; }

std::string Lines(int a, int b) {
  return a == b ? "line " + std::to_string(a)
                : "lines " + std::to_string(a) + "\u2013" + std::to_string(b);
}

std::string ConditionText(const PathCondition& c) {
  return "`" + c.expr + "` is " + (c.polarity ? "true" : "false");
}

// What holds a raise outside any function (enclosing_construct.h), for the
// record being built; set by BuildRecord.
thread_local const std::string* g_construct = nullptr;

// Java, Kotlin (outside scripts), Rust, C, C++ and C# run no statements at
// file level: a raise outside any function the extractor recognised sits in
// a declaration it could not read (Kotlin's `class Request @JvmOverloads
// constructor(..)`), not in code that runs when the file is loaded.
bool NoFileLevelCode(const ErrorSite& s) {
  const std::string& l = s.language;
  // C#'s top-level statements exist only in a program's entry file, before
  // any type; a raise errdex found outside a method is in a type whose
  // member it did not recognise, not code run "when the file is imported".
  // A JavaScript raise in an anonymous function at file level
  // (EnclosingAnonymousFunction) runs when that function is called.
  if ((l == "javascript" || l == "typescript") && g_construct && !g_construct->empty()) {
    return true;
  }
  return (l == "kotlin" && !s.file_path.ends_with(".kts")) || l == "java" || l == "rust" ||
         l == "c" || l == "cpp" || l == "csharp";
}

std::string Where(const ErrorSite& s) {
  if (s.function.empty() && NoFileLevelCode(s)) {
    if (g_construct && !g_construct->empty()) return *g_construct + " (" + s.file_path + ")";
    return "code outside any function errdex recognised in " + s.file_path;
  }
  return s.function.empty() ? "module-level code of " + s.file_path
                            : "`" + s.function + "` (" + s.file_path + ")";
}

std::string WhatRaises(const ErrorSite& s) {
  switch (s.kind) {
    case SiteKind::kAssert:
      return "An assertion fails";
    case SiteKind::kWarning:
      return s.error_class.empty() ? "A warning is issued" : "`" + s.error_class + "` is issued";
    case SiteKind::kLog:
      // A C "log" site is often an error set for the caller to fetch
      // (libgit2's git_error_set stores it, logs nothing): "reported" is
      // true of both (thirteenth grading).
      if (s.severity == "warning") {
        return s.language == "c" || s.language == "cpp" ? "A warning is reported"
                                                        : "A warning is logged";
      }
      // An information-level log that states a failure (StatesFailure):
      // the program goes on.
      if (s.severity == "info") return "A failure is logged at information level";
      return s.language == "c" || s.language == "cpp" ? "An error is reported"
                                                      : "An error is logged";
    case SiteKind::kHttp:
      return "An HTTP " + (s.http_status ? std::to_string(*s.http_status) + " " : "") +
             "error is returned";
    case SiteKind::kRaise:
      // C has no exceptions: a reporter call reports (nginx's ngx_ssl_error).
      if (s.language == "c" && s.error_class.empty()) return "An error is reported";
      // ninja's `*err = "..."; return false;`: the caller gets the text.
      if (s.error_class.empty() && s.message_origin_note.starts_with("handed back to the caller")) {
        return "An error is handed back to the caller";
      }
      // jackson's `String errorMsg = checkUnsupportedType(..)`: the text
      // only (held_message.h).
      if (!HeldLocal(s).empty()) return "The error's text is computed (not raised)";
      break;
  }
  return s.error_class.empty() ? "An error is raised" : "`" + s.error_class + "` is raised";
}

// "`idx` is greater than `limit` (line 12)", or the raw condition when its
// shape is not one guard_text reads.
std::string StateText(const PathCondition& c) {
  std::string d = DescribeCondition(c.expr, c.polarity);
  return (d.empty() ? ConditionText(c) : d) + " (line " + std::to_string(c.line) + ")";
}

bool IsCatchClause(const PathCondition& c) {
  return c.expr.starts_with("except") || c.expr.starts_with("catch") ||
         c.expr.starts_with("rescue");
}

// The text is passed to a helper that reports it only under checks of its
// own (resolve stage: ErrorSite::reporter_conditions). The site's own
// conditions then only lead to the call: "when `new_commit` is set" around
// `add_pending_oid(..)` is how checkout gets there, not why it dies
// (eighteenth grading, aade5776e7d6eeca).
std::string CalledHelper(const ErrorSite& s);

// Whether the helper's name says it reports (`addReplyError`, `log_warn`,
// `die_config`): it reports whatever it is handed, and its own checks only
// pick who sees which text (redis's afterErrorReply logs only for
// replicas), so the caller's check stays the cause.
bool NamedReporter(const std::string& called) {
  std::string name = called;
  std::erase_if(name, [](char c) { return c == '`' || c == '(' || c == ')'; });
  if (!ReportCallAction(name).head.empty()) return true;
  std::string lower = ToLower(name);
  for (const char* word :
       {"error", "warn", "die", "fatal", "fail", "abort", "panic", "report", "raise", "throw"}) {
    if (lower.find(word) != std::string::npos) return true;
  }
  return false;
}

bool ReporterDecides(const ErrorSite& s) {
  // An enclosing check, not only early exits passed (pgx's `err != nil`
  // before a `switch` whose default reports: that says nothing of when).
  return !s.reporter_function.empty() && s.message_origin_note.starts_with("passed to `") &&
         !NamedReporter(CalledHelper(s)) &&
         std::any_of(s.reporter_conditions.begin(), s.reporter_conditions.end(),
                     [](const PathCondition& c) { return c.polarity && !IsCatchClause(c); });
}

// "`add_pending_oid()`": the call the resolve stage's "passed to `f()`"
// note names.
std::string CalledHelper(const ErrorSite& s) {
  const std::string lead = "passed to `";
  size_t end = s.message_origin_note.find('`', lead.size());
  if (!s.message_origin_note.starts_with(lead) || end == std::string::npos) return "";
  return s.message_origin_note.substr(lead.size() - 1, end - lead.size() + 2);
}

// "`get_reference()` (revision.c) reports it when `object` is not set
// (revision.c:360)": the (innermost two) enclosing checks at the helper's
// report.
std::string ReporterText(const ErrorSite& s, const std::string& called) {
  std::vector<const PathCondition*> use;
  for (const PathCondition& c : s.reporter_conditions) {
    if (c.polarity && !IsCatchClause(c)) use.push_back(&c);
  }
  if (use.size() > 2) use.erase(use.begin(), use.end() - 2);
  std::vector<std::string> states;
  for (const PathCondition* c : use) {
    // A comment inside the condition (git's load_idx) is no part of it.
    PathCondition bare = *c;
    for (size_t open = bare.expr.find("/*"); open != std::string::npos;
         open = bare.expr.find("/*")) {
      size_t close = bare.expr.find("*/", open + 2);
      if (close == std::string::npos) break;
      bare.expr = std::string(Trim(bare.expr.substr(0, open))) + " " +
                  std::string(Trim(bare.expr.substr(close + 2)));
      bare.expr = std::string(Trim(bare.expr));
    }
    c = &bare;
    std::string d = DescribeCondition(c->expr, c->polarity);
    std::string at = s.reporter_file == s.file_path
                         ? "line " + std::to_string(c->line)
                         : s.reporter_file + ":" + std::to_string(c->line);
    states.push_back((d.empty() ? ConditionText(*c) : d) + " (" + at + ")");
  }
  std::string name = LastDotComponent(s.reporter_function);
  std::string who = "`" + name + "()`";
  if (who != called) who += s.reporter_file == s.file_path ? "" : " (" + s.reporter_file + ")";
  return who + " reports it only when " + Join(states, " and ");
}

// Ruby's `h.merge!(other) do |key, ..| raise .. end`: the block runs only
// for a key both hashes have, so that, not the checks leading to the call,
// is when it raises (bundler's normalize_options, eighteenth grading
// ae1f6b1e5139ab98). The call's text ("`opts.merge!(git_opts)`") and line,
// or {"", 0}.
std::pair<std::string, int> ConflictBlock(const ErrorSite& s,
                                          const std::vector<std::string_view>& lines) {
  if (s.language != "ruby") return {"", 0};
  static const RE2 kMerge(R"((\S+\.(?:merge!?|update)\(.*\))\s*(?:do\s*\||\{\s*\|))");
  for (int n = s.line - 1; n >= 1 && n >= s.line - 3 && n > s.function_line; --n) {
    if (n > static_cast<int>(lines.size())) continue;
    std::string call;
    if (RE2::PartialMatch(lines[n - 1], kMerge, &call)) return {"`" + call + "`", n};
  }
  return {"", 0};
}

std::string Who(const ErrorSite& s) {
  if (s.function.empty() && NoFileLevelCode(s)) {
    if (g_construct && !g_construct->empty()) {
      std::string w = *g_construct;
      w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
      return w;
    }
    return "Code outside any function errdex recognised in " + s.file_path;
  }
  return s.function.empty() ? "The module-level code of " + s.file_path : "`" + s.function + "`";
}

// What the builder reads about a site beyond its conditions, once: who may
// call the function, whether the deciding check reads only its parameters,
// and what the lines around the raise say (site_shape.h, internal_check.h).
struct SiteView {
  std::string header;     // HeaderText at the function line; "" when unknown
  bool callable = false;  // a user may call s.function (visibility.h)
  bool params_known = false;
  std::vector<std::string> params;
  const PathCondition* decisive = nullptr;
  std::vector<std::string> reads;        // variables the deciding check reads
  bool on_params = false;                // ... all of them parameters
  bool user_args = false;                // callable, and the check reads at least one argument
  std::optional<ShapeState> shape;       // the raise line's idiom, without a check
  std::optional<ShapeState> err_source;  // `err != nil`: the call that set `err`
  // err_source is the call a Rust `.context(..)` wraps: the deciding check
  // is then only a precondition, said on the way.
  bool wrapped_failure = false;
  std::string internal;  // InternalCheckEvidence
  TraitImpl trait_impl;  // a Rust method users reach through a public trait (trait_reach.h)
  // The exception class whose own constructor sets the text: creating one
  // raises nothing (exception_constructor.h).
  std::string constructed_class;
  // "`repo_config_get_int()` reads the setting `k` at line 60 and reports
  // this when ...": a configuration getter on the raise line that reports
  // the text (config_read.h); "" otherwise.
  std::string config_getter;
  ArgvConsumer argv_consumer;   // the parser whose leftover count the check reads (argv_consumer.h)
  int caught_at = 0;            // CaughtLocally
  bool handler_throws = false;  // HandlerThrows at caught_at
  std::optional<ShapeState> handler_return;  // HandlerReturn, when it does not throw
  // The one local the deciding check reads, where its value came from: the
  // cause to name instead of the check that only restates it.
  std::optional<ValueOrigin> origin;
  CaseValues cases;  // a `case` fallback: the values its arms handle
  // The doc comment's words for the arguments the deciding check reads.
  std::vector<std::pair<std::string, ParamDoc>> param_docs;
  // How a caller names an instance method the function name does not show
  // as one: `model.save` for `Model.prototype.save`, `file.read` for a C++
  // member `file::read`; "" otherwise.
  std::string receiver_form;
  // The members and constants the deciding check reads that the user sets
  // (an option, a public setter, an environment variable): user_control.h.
  std::vector<UserControl> controls;
  // A Rust raise compiled only with or without a Cargo feature (cfg_feature.h).
  std::optional<CfgFeature> cfg;
  // A C/C++ raise compiled only on some platforms (platform_block.h).
  std::optional<PlatformBlock> platform;
  // An environment variable the deciding check reads itself
  // (`os.environ.get("X")`, `process.env.X`); "" otherwise.
  std::string env_read;
  int controls_line = 0;       // the check that reads them
  std::string controls_check;  // "raises this when ...", said of that check
  // The deciding check rejects a value not in a constant list of the file
  // (constant_values.h).
  std::optional<ConstantValues> allowed;
  std::optional<JumpTarget> jump;  // the `goto` label the raise follows
  std::string null_checked;        // the raise line is a null check of it (null_argument.h)
  // The raise sits in a catch block: the try block's calls failed
  // (caught_failure.h); `decisive` is then outside it when it comes before.
  std::optional<CaughtFailure> caught;
  bool decisive_outside_catch = false;
  // The deciding check's variables worth "is not an argument of" (unpassed_state.h).
  std::vector<std::string> not_arguments;
  // A C/C++ site: what its reporting call does with the text (report_call.h).
  ReportAction report;
  // A Go sentinel error: the functions that return it, and when (go_sentinel.h).
  std::string sentinel_returns;
  // The raise is in a Ruby hash merge's conflict block (ConflictBlock).
  std::pair<std::string, int> conflict_block{"", 0};
  // `callback(new Error(message))`: the call the error object is handed to
  // instead of being thrown (ErrorPassedTo).
  std::string passed_to;
  // A logged message the process exits right after (exit_after.h).
  ExitCall exit_after;
  // A Go package-level error variable the site initialises (go_sentinel.h).
  std::string package_value;
  // An opaque message's variable: the line that sets it and its text
  // (OpaqueMessageSource).
  std::pair<int, std::string> opaque_set{0, ""};
  // The first line of a guard comment that speaks of a later check of the
  // same run of checks, not of this one (MisplacedGuardComment); 0 if none.
  int misplaced_note = 0;
};

// Lower-case words of four letters or more in `text`, a trailing `s`
// dropped (`packfiles` is `packfile`); identifiers split at `_`, `->`, `.`.
std::set<std::string> ContentWords(std::string_view text) {
  std::set<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (cur.size() >= 4) {
      if (cur.back() == 's') cur.pop_back();
      out.insert(cur);
    }
    cur.clear();
  };
  for (char c : text) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      flush();
    }
  }
  flush();
  return out;
}

size_t Shared(const std::set<std::string>& a, const std::set<std::string>& b) {
  size_t n = 0;
  for (const std::string& w : a) n += b.count(w);
  return n;
}

// git's use_pack: one comment above a run of `if (..) die(..);` checks
// explains the second ("don't allow an offset too close to the end"), yet
// sits above the first. A guard comment is this check's only when no later
// check of the run (an `if` at the guard's indentation within the next lines,
// with its raise) shares more of its words, and at least two more, than this
// check and its message do. Returns the note's first line when it is not.
int MisplacedGuardComment(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  for (const SourceNote& n : s.notes) {
    if (n.origin != "guard-comment") continue;
    int guard = n.last_line + 1;
    if (guard < 1 || guard > static_cast<int>(lines.size()) || s.end_line < guard) continue;
    std::string_view g = lines[guard - 1];
    size_t indent = g.find_first_not_of(" \t");
    if (indent == std::string_view::npos || g.substr(indent).rfind("if", 0) != 0) continue;
    std::set<std::string> note = ContentWords(n.text);
    std::string own(g);
    for (int i = guard + 1; i <= s.end_line && i <= static_cast<int>(lines.size()); ++i) {
      own += " " + std::string(lines[i - 1]);
    }
    size_t mine = Shared(note, ContentWords(own));
    int end = std::min(static_cast<int>(lines.size()), s.end_line + 12);
    for (int i = s.end_line + 1; i <= end; ++i) {
      std::string_view l = lines[i - 1];
      size_t at = l.find_first_not_of(" \t");
      if (at == std::string_view::npos) continue;
      if (at < indent) break;  // the block ends
      if (at != indent || l.substr(at).rfind("if", 0) != 0) continue;
      std::string later(l);
      if (i < static_cast<int>(lines.size())) later += " " + std::string(lines[i]);
      if (Shared(note, ContentWords(later)) >= mine + 2) return n.first_line;
    }
  }
  return 0;
}

// `callback(new Error(message))`, `reject(new TypeError(..))`,
// `next(new HttpError(..))` on the raise line, with no `throw`: the call the
// error object is passed to ("callback"); "" otherwise.
std::string ErrorPassedTo(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.kind != SiteKind::kRaise || s.error_class.empty() || s.line < 1 ||
      s.line > static_cast<int>(lines.size())) {
    return {};
  }
  std::string l(lines[s.line - 1]);
  if (l.find("throw") != std::string::npos || l.find("raise") != std::string::npos) return {};
  static const std::regex kPassed(
      R"(^\s*(?:return\s+)?([A-Za-z_$][\w$.]*)\(\s*new\s+([\w$.]+)\s*\()");
  std::smatch m;
  if (!std::regex_search(l, m, kPassed)) return {};
  std::string cls = m[2].str();
  if (cls != s.error_class && !cls.ends_with("." + s.error_class)) return {};
  return m[1].str();
}

// An opaque message (`new Error(message)`, the template one hole): the line
// above the raise in the same function that sets that variable, and its
// text; {0, ""} when there is none.
std::pair<int, std::string> OpaqueMessageSource(const ErrorSite& s,
                                                const std::vector<std::string_view>& lines) {
  const auto& ps = s.message.pieces();
  if (!s.message_opaque || ps.size() != 1 || !ps[0].is_hole) return {0, ""};
  const std::string& var = ps[0].expr;
  static const std::regex kIdent(R"(^[A-Za-z_$][\w$]*$)");
  if (!std::regex_match(var, kIdent)) return {0, ""};
  std::regex set("(^|[^\\w$.])" + var + "\\s*(=[^=]|\\+=)");
  for (int i = s.line - 1; i >= std::max(1, s.function_line) && i <= static_cast<int>(lines.size());
       --i) {
    std::string_view l = lines[i - 1];
    if (l.find(var) == std::string_view::npos) continue;
    if (std::regex_search(l.begin(), l.end(), set)) return {i, std::string(Trim(l))};
  }
  return {0, ""};
}

// "; `timeout` is documented as “seconds, at least 0” (line 3)".
std::string DocumentedAs(const SiteView& v) {
  std::string out;
  for (const auto& [name, doc] : v.param_docs) {
    out += "; `" + name + "` is documented as \u201c" + doc.text + "\u201d (line " +
           std::to_string(doc.line) + ")";
  }
  return out;
}

// `err != nil`, `err` (tested for truth): the error variable it reads.
std::string ErrorVariable(const PathCondition& c) {
  std::string e = c.expr;
  if (c.polarity && e.ends_with(" != nil")) e = e.substr(0, e.size() - 7);
  std::string lower = ToLower(e);
  bool ident = !e.empty() && std::all_of(e.begin(), e.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
  });
  return ident && lower.ends_with("err") ? e : std::string();
}

// A C/C++ function without `static` that a public header declares.
// A C/C++ repository that installs headers (`include/`) gives users what
// they declare; a function defined elsewhere and not declared there is the
// library's own (leveldb's `DBImpl::FinishCompactionOutputFile`, declared
// `private:` in db/db_impl.h): no advice or sample calls it (twenty-third
// grading).
bool InternalToInstalledHeaders(const ErrorSite& s, const RepoContext& ctx) {
  if ((s.language != "c" && s.language != "cpp") || ctx.setters == nullptr ||
      !ctx.setters->HasPublicHeaders() || s.function.empty() ||
      s.file_path.starts_with("include/") || s.file_path.find("/include/") != std::string::npos) {
    return false;
  }
  size_t sep = s.function.find_last_of(".:");
  return !ctx.setters->PubliclyDeclared(sep == std::string::npos ? s.function
                                                                 : s.function.substr(sep + 1));
}

bool DeclaredPublic(const ErrorSite& s, const std::string& header, const RepoContext& ctx) {
  if ((s.language != "c" && s.language != "cpp") || ctx.setters == nullptr) return false;
  if (FunctionVisibility(s, header) == Visibility::kPrivate) return false;
  size_t sep = s.function.find_last_of(".:");
  return ctx.setters->PubliclyDeclared(sep == std::string::npos ? s.function
                                                                : s.function.substr(sep + 1));
}

// A variable name for an instance of class `x`: "model" for `Model`, and a
// leading acronym lowered whole, "tlsConfigBuilder" for `TLSConfigBuilder`,
// "dbImpl" for `DBImpl` ("tLSConfigBuilder" read as a typo).
std::string LowerFirst(std::string x) {
  auto upper = [&](size_t i) { return std::isupper(static_cast<unsigned char>(x[i])) != 0; };
  size_t n = 0;
  while (n < x.size() && upper(n)) ++n;
  size_t lower = n <= 1 || n == x.size() ? n : n - 1;
  if (lower == 0 && !x.empty()) lower = 1;
  for (size_t i = 0; i < lower; ++i) {
    x[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(x[i])));
  }
  return x;
}

// A Kotlin extension function is called on its receiver:
// `fun ImageRequest.Builder.videoFrameOption(option: Int)` ->
// "builder.videoFrameOption"; "" for any other header.
std::string KotlinExtensionCall(const std::string& header, const std::string& name) {
  size_t fun = header.find("fun ");
  if (fun == std::string::npos) return {};
  size_t at = header.find("." + name + "(", fun);
  if (at == std::string::npos) return {};
  std::string receiver = std::string(Trim(std::string_view(header).substr(fun + 4, at - fun - 4)));
  if (receiver.starts_with("<")) {  // `fun <T> List<T>.f(`
    size_t close = receiver.find("> ");
    if (close == std::string::npos) return {};
    receiver = std::string(Trim(std::string_view(receiver).substr(close + 1)));
  }
  receiver = receiver.substr(0, receiver.find('<'));
  if (!receiver.empty() && receiver.back() == '?') receiver.pop_back();
  std::string type = LastDotComponent(receiver);
  if (type.empty() || !std::isupper(static_cast<unsigned char>(type[0]))) return {};
  for (char c : type) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return {};
  }
  return LowerFirst(type) + "." + name;
}

// SiteView::receiver_form. A C++ `Q::f` whose `Q` the file does not show to
// be a class or a namespace is not shown as a call at all (*callable false):
// `Q::f(...)` would be wrong for a member, `q.f(...)` for a free function.
std::string ReceiverForm(const ErrorSite& s, const std::string& header,
                         const std::vector<std::string_view>& lines, bool* callable) {
  if (s.language == "javascript" || s.language == "typescript") {
    std::string owner = PrototypeOwner(header);
    if (!owner.empty()) return LowerFirst(owner) + "." + LastDotComponent(s.function);
    return {};
  }
  if (s.language == "kotlin") return KotlinExtensionCall(header, LastDotComponent(s.function));
  if (s.language != "cpp" || s.function.find("::") == std::string::npos) return {};
  size_t last = s.function.rfind("::");
  std::string name = s.function.substr(last + 2);
  switch (CppScopeOf(s, lines)) {
    case CppScope::kNamespace:
      return {};
    case CppScope::kUnknown:
      *callable = false;
      return {};
    case CppScope::kClass:
      break;
  }
  std::string scope = s.function.substr(0, last);
  if (size_t outer = scope.rfind("::"); outer != std::string::npos) scope = scope.substr(outer + 2);
  // A constructor is named by its class, a static member by its scope.
  if (name == scope || name.starts_with("~") || ContainsIdentifier(header, "static")) return {};
  return LowerFirst(scope) + "." + name;
}

// An assertion helper (`devAssert(cond, msg)`) whose condition reads an
// argument of a function users call checks their input, not the library's
// own state: graphql-js's `new GraphQLScalarType({ specifiedByURL })` is
// validated this way, and calling it an internal check told users to report
// their own mistake upstream (blind grading 81897092fa436508).
bool AssertsArguments(const ErrorSite& s, const SiteView& v,
                      const std::vector<std::string_view>& lines) {
  if (!v.callable || !v.params_known || s.line < 1 || s.line > static_cast<int>(lines.size())) {
    return false;
  }
  std::string_view t = Trim(lines[s.line - 1]);
  std::string call = AssertionCallName(t);
  if (call.empty() || ToLower(call).find("assert") == std::string::npos ||
      !v.internal.starts_with("`" + call + "`")) {
    return false;
  }
  // The first argument, up to a top-level comma; the call may run over
  // several lines (graphql-js puts the condition on its own lines).
  std::string text(t.substr(call.size() + 1));
  for (int n = s.line + 1; n <= static_cast<int>(lines.size()) && n <= s.line + 6; ++n) {
    text += " " + std::string(Trim(lines[n - 1]));
  }
  std::string_view arg = text;
  int depth = 0;
  for (size_t i = 0; i < arg.size(); ++i) {
    char c = arg[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if ((c == ',' && depth == 0) || depth < 0) {
      arg = arg.substr(0, i);
      break;
    }
  }
  for (const std::string& p : v.params) {
    if (p != "arguments" && ContainsIdentifier(arg, p)) return true;
  }
  return false;
}

// Whether every variable the deciding check reads counts the library's own
// retries or attempts (internal_counter.h).
bool CountersOnly(const ErrorSite& s, const std::vector<std::string_view>& lines,
                  const std::vector<std::string>& reads) {
  return !reads.empty() && std::all_of(reads.begin(), reads.end(), [&](const std::string& x) {
    std::string doc = s.function_line > 0 ? DocOfParameter(lines, s.function_line, x).text : "";
    return IsInternalCounter(x, doc);
  });
}

std::vector<std::string> OwnState(const SiteView& v);
std::string RenderingOwner(const ErrorSite& s);
std::string ReportingCallee(const ErrorSite& s);
std::string RaiseText(const ErrorSite& s, const std::vector<std::string_view>& lines);

// The site's text is reported by a configuration getter it calls with a
// setting's key (config_read.h).
bool ConfigGetterReports(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::string callee = ReportingCallee(s);
  return !callee.empty() && ReadsConfig(callee) && !ConfigKeyArgument(RaiseText(s, lines)).empty();
}

SiteView ViewOf(const ErrorSite& s, const std::vector<std::string_view>& lines,
                const RepoContext& ctx = RepoContext{}) {
  SiteView v;
  v.header = s.function_line && !s.function.empty() ? HeaderText(lines, s.function_line) : "";
  // Module-level code is reached by importing or running the file.
  v.callable = (s.function.empty() && !NoFileLevelCode(s)) || UserCallable(s, v.header) ||
               DeclaredPublic(s, v.header, ctx);
  v.params_known = v.header.find('(') != std::string::npos;
  // Without a header nothing says how the function is called (static or on
  // an instance, which arguments): no sample calls it.
  bool header_known = v.params_known || (s.language == "ruby" && v.header.starts_with("def "));
  if (!s.function.empty() && !header_known) v.callable = false;
  if (!s.function.empty() && HiddenByDeclaration(s, lines)) v.callable = false;
  if (InternalToInstalledHeaders(s, ctx)) v.callable = false;
  if (!RenderingOwner(s).empty()) v.callable = false;  // printed, not called
  v.receiver_form = ReceiverForm(s, v.header, lines, &v.callable);
  v.params = ParameterNames(v.header, s.language);
  if (s.language == "javascript" || s.language == "typescript") v.params.push_back("arguments");
  v.conflict_block = ConflictBlock(s, lines);
  v.decisive = ReporterDecides(s) || v.conflict_block.second ? nullptr : DecisiveCondition(s);
  // A raise in a `default` arm, or right after a switch every arm of which
  // returns, happens when no arm matched: a check above the switch passed
  // on the way (pgjdbc's length check, pgx's `src == nil` early return) and
  // is not what decides it (twenty-first grading).
  if (v.decisive) {
    // A configuration getter on the raise line reports the text itself:
    // a check above it (an early `return`) was passed on the way, not the
    // cause (twenty-third grading, git's `if (r->settings.initialized)
    // return;` before `repo_config_get_string_tmp(..)`).
    if (v.decisive->line < s.line && ConfigGetterReports(s, lines)) v.decisive = nullptr;
  }
  if (ConfigGetterReports(s, lines)) {
    std::string callee = ReportingCallee(s);
    v.config_getter = callee + " reads the setting `" + ConfigKeyArgument(RaiseText(s, lines)) +
                      "` at line " + std::to_string(s.line) + " and reports this when " +
                      ConfigGetterFailure(callee, s.message.Display());
  }
  if (v.decisive) {
    std::optional<ShapeState> arm = RaiseShape(s, lines);
    // Likewise a labelled `case` arm holding the raise: a check above its
    // label was passed on the way to the switch.
    bool labelled = arm && !arm->arm_labels.empty() && v.decisive->line < arm->line;
    if (arm && ((!arm->selector.empty() && v.decisive->line < s.line) || labelled)) {
      v.decisive = nullptr;
      v.shape = arm;
    }
  }
  if (v.decisive) {
    v.reads = VariablesRead(v.decisive->expr);
    DropFunctionSymbols(lines, s.language, &v.reads);
    v.on_params = v.params_known && !v.reads.empty() &&
                  std::all_of(v.reads.begin(), v.reads.end(), [&](const std::string& x) {
                    return std::find(v.params.begin(), v.params.end(), x) != v.params.end();
                  });
    v.user_args = v.callable && v.params_known &&
                  std::any_of(v.reads.begin(), v.reads.end(), [&](const std::string& x) {
                    return std::find(v.params.begin(), v.params.end(), x) != v.params.end();
                  });
    // A retry counter the library passes itself is no input to reject.
    if (v.on_params && CountersOnly(s, lines, v.reads)) v.on_params = v.user_args = false;
    // A check that also reads the function's own working values (a cursor,
    // an index) is not one a caller meets by choosing arguments.
    if (v.user_args && !ComputedLocals(OwnState(v), v.decisive->expr, lines, s.function_line,
                                       v.decisive->line, v.params)
                            .empty()) {
      v.on_params = v.user_args = false;
    }
    // Only a list of what is accepted: a raise when the value is in the
    // list (a deny list) is not said to want one of its values.
    std::string_view test = v.decisive->expr;
    bool negated = test.starts_with("!");
    if (negated) test.remove_prefix(1);
    if (negated == v.decisive->polarity) {
      v.allowed = ConstantMembership(test, lines);
    } else if (std::string entry = MissingEntryTest(test); !entry.empty() && !negated) {
      v.allowed = ConstantMembership(entry, lines);
    }
    v.argv_consumer =
        ArgvConsumerBefore(lines, s.function_line, v.decisive->line, v.decisive->expr);
    std::string var = ErrorVariable(*v.decisive);
    if (!var.empty()) v.err_source = ErrorSource(lines, var, v.decisive->line);
    if (!v.err_source && s.language == "rust") {
      v.err_source = RustWrappedFailure(lines, s.line);
      v.wrapped_failure = v.err_source.has_value();
    }
  } else if (!v.shape) {
    v.shape = RaiseShape(s, lines);
  }
  v.jump = FindJumpTarget(s, lines);
  if (s.language == "rust") v.cfg = CfgFeatureAt(lines, s.function_line, s.line);
  if (s.language == "c" || s.language == "cpp") v.platform = PlatformBlockAt(lines, s.line);
  if (s.line >= 1 && s.line <= static_cast<int>(lines.size())) {
    v.null_checked = NullCheckedName(lines[s.line - 1]);
  }
  v.internal = InternalCheckEvidence(s, lines);
  if (AssertsArguments(s, v, lines)) v.internal.clear();
  // A panic no user call reaches with a value its arms miss.
  // (A Rust trait impl's method is reached through the trait: the user's
  // value, not the library's state, misses the arms.)
  // An internal check is no condition a caller meets by choosing arguments:
  // "call `f` with arguments for which ..." would contradict it.
  if (!v.internal.empty()) v.on_params = v.user_args = false;
  v.trait_impl = PublicTraitImpl(s, lines);
  v.constructed_class = ConstructedClass(s, lines);
  if (v.internal.empty() && !v.callable && v.trait_impl.trait.empty()) {
    v.internal = UnhandledArmEvidence(s, lines);
  }
  bool c_family = s.language == "c" || s.language == "cpp";
  if (c_family &&
      (s.kind == SiteKind::kLog || (s.kind == SiteKind::kRaise && s.error_class.empty())) &&
      s.line >= 1 && s.line <= static_cast<int>(lines.size())) {
    v.report = ReportCallAction(ReportCallName(lines[s.line - 1]));
    // A warning-level sink (`serverLog(LL_WARNING, ..)`, git's `rp_warning`)
    // reports a warning, not an error (twentieth grading).
    if (s.severity == "warning" && v.report.head.starts_with("An error ")) {
      v.report.head = "A warning " + v.report.head.substr(9);
    }
  }
  if (s.kind == SiteKind::kLog || s.kind == SiteKind::kWarning) v.exit_after = ExitAfter(s, lines);
  v.sentinel_returns = GoSentinelReturns(s, lines);
  v.package_value = GoPackageValue(s, lines);
  v.passed_to = ErrorPassedTo(s, lines);
  v.opaque_set = OpaqueMessageSource(s, lines);
  v.misplaced_note = MisplacedGuardComment(s, lines);
  v.caught = CaughtFailureOf(s, lines);
  if (v.caught && v.decisive) {
    for (const PathCondition& c : s.conditions) {
      if (&c == v.decisive) v.decisive_outside_catch = true;
      if (c.line == v.caught->catch_line && IsCatchClause(c)) break;
    }
  }
  v.caught_at = CaughtLocally(s, lines);
  v.handler_throws = v.caught_at && HandlerThrows(lines, v.caught_at);
  if (v.caught_at && !v.handler_throws) v.handler_return = HandlerReturn(lines, v.caught_at);
  return v;
}

std::string OriginCondition(const ValueOrigin& o) {
  std::string d = DescribeCondition(o.text, true);
  return d.empty() ? "`" + o.text + "` holds" : d;
}

// The deciding check's state; an `err` check names the call that failed,
// a check on a local names where the local got its value.
std::string DecisiveState(const SiteView& v) {
  if (v.err_source && v.wrapped_failure) {
    return v.err_source->text + " (line " + std::to_string(v.err_source->line) + ")";
  }
  if (v.err_source) {
    return v.err_source->text + " (line " + std::to_string(v.err_source->line) +
           ", checked at line " + std::to_string(v.decisive->line) + ")";
  }
  if (!v.origin) return StateText(*v.decisive);
  const ValueOrigin& o = *v.origin;
  std::string at = std::to_string(o.line);
  switch (o.kind) {
    case ValueOrigin::kFlag:
      return OriginCondition(o) + " (line " + at + ", which sets `" + o.var + "`; tested at line " +
             std::to_string(v.decisive->line) + ")";
    case ValueOrigin::kEnvironment:
      return StateText(*v.decisive) + ", `" + o.var + "` being the environment variable `" +
             o.text + "` (read at line " + at + ")";
    case ValueOrigin::kLookup: {
      std::string map, key;
      KeyLookup(o.text, false, &map, &key);
      return StateText(*v.decisive) + ", `" + o.var + "` being the entry for `" + key + "` in `" +
             map + "` (line " + at + ")";
    }
    case ValueOrigin::kCall:
      break;
  }
  return StateText(*v.decisive) + ", `" + o.var + "` being what `" + o.text + "` returned (line " +
         at + ")";
}

// Whether `expr` reads `name` only as a whole value, never through a member
// (`cfg.enable_x` may be a configured option the resolve stage names).
bool ReadWhole(std::string_view expr, const std::string& name) {
  for (size_t at = expr.find(name); at != std::string_view::npos; at = expr.find(name, at + 1)) {
    size_t end = at + name.size();
    if (end < expr.size() && (expr[end] == '.' || expr[end] == '-' || expr[end] == '[')) {
      return false;
    }
  }
  return true;
}

// `x` as the code spells it: Ruby's `@x`, PHP's `$x`.
std::string Spelled(const std::string& expr, const std::string& x) {
  for (const char* sigil : {"@@", "@", "$"}) {
    if (expr.find(sigil + x) != std::string::npos) return sigil + x;
  }
  return x;
}

// Variables the deciding check reads that the function does not take:
// its own state (locals, fields), which no caller sets directly.
std::vector<std::string> OwnState(const SiteView& v) {
  std::vector<std::string> out;
  if (!v.params_known) return out;
  for (const std::string& x : v.reads) {
    if (x == "self" || x == "this" || x == "err" || !ReadWhole(v.decisive->expr, x)) continue;
    if (std::find(v.params.begin(), v.params.end(), x) != v.params.end()) continue;
    out.push_back(Spelled(v.decisive->expr, x));
  }
  return out;
}

// Where the deciding check's one local got its value (value_origin.h);
// only for a check on the function's own state, which the user cannot set.
void AddOrigin(const ErrorSite& s, const std::vector<std::string_view>& lines, SiteView* v) {
  if (!v->decisive || v->err_source || v->user_args || v->reads.size() != 1) return;
  std::vector<std::string> own = OwnState(*v);
  if (own.size() != 1) return;
  v->origin = OriginOf(lines, own[0], s.function_line, v->decisive->line);
}

// The doc comment's sentence for each argument the deciding check (or a
// `case` fallback's selector) reads, when the user calls the function.
void AddParamDocs(const ErrorSite& s, const std::vector<std::string_view>& lines, SiteView* v) {
  if (!v->callable || !v->params_known || s.function_line <= 0) return;
  std::vector<std::string> names = v->decisive ? v->reads : std::vector<std::string>{};
  if (v->shape && !v->shape->selector.empty()) names.push_back(v->shape->selector);
  for (const std::string& x : names) {
    if (std::find(v->params.begin(), v->params.end(), x) == v->params.end()) continue;
    ParamDoc doc = DocOfParameter(lines, s.function_line, x);
    if (!doc.text.empty()) v->param_docs.push_back({x, doc});
  }
}

// Early exits that test the same value as the deciding check, ending in it
// (`if isinstance(o, date): return ...` four times, then the raise): the
// error is what is left when none of them matched, not the last test alone.
// At least three, all failed; empty otherwise.
// The settings the deciding check reads (not for a check that restates a
// failed call: the call's failure is the cause), from the repository's
// setter index or, without one, the site's own file.
void AddControls(const ErrorSite& s, const std::vector<std::string_view>& lines,
                 const RepoContext& ctx, SiteView* v) {
  if (!v->decisive || v->err_source || v->internal.size() || IsCatchClause(*v->decisive)) return;
  SetterIndex local;
  if (ctx.setters == nullptr) local.AddLines(s.file_path, lines);
  const SetterIndex& index = ctx.setters ? *ctx.setters : local;
  // `if (reachedmax)`: the flag was set by the check that compares the field.
  if (v->origin && v->origin->kind == ValueOrigin::kFlag) {
    v->controls = UserControls(v->origin->text, s.file_path, index, s.function);
    v->controls_line = v->origin->line;
    v->controls_check = "sets the flag `" + v->origin->var + "` this error tests when `" +
                        v->origin->text + "` holds";
    return;
  }
  v->controls = UserControls(v->decisive->expr, s.file_path, index, s.function);
  v->controls_line = v->decisive->line;
  std::string d = DescribeCondition(v->decisive->expr, v->decisive->polarity);
  v->controls_check = "raises this when " + (d.empty() ? ConditionText(*v->decisive) : d);
  // `if not os.environ.get("X")`: the check reads the environment itself.
  if (v->controls.empty() && !v->origin) v->env_read = EnvironmentRead(v->decisive->expr);
}

std::vector<const PathCondition*> FallThrough(const ErrorSite& s, const SiteView& v) {
  const PathCondition* d = v.decisive;
  if (!d || d->polarity || v.reads.empty()) return {};
  std::vector<const PathCondition*> run;
  for (auto it = s.conditions.rbegin(); it != s.conditions.rend(); ++it) {
    if (it->polarity || IsCatchClause(*it)) break;
    std::vector<std::string> reads = VariablesRead(it->expr);
    bool shares = std::any_of(reads.begin(), reads.end(), [&](const std::string& x) {
      return std::find(v.reads.begin(), v.reads.end(), x) != v.reads.end();
    });
    if (!shares) break;
    run.insert(run.begin(), &*it);
  }
  if (run.size() < 3) return {};
  return run;
}

// A Rust `impl Display for T { fn fmt }`: the text is produced when a `T`
// value is displayed, not where anything goes wrong. "T", or "".
std::string DisplayOwner(const ErrorSite& s) {
  if (s.language != "rust") return {};
  std::string method = LastDotComponent(s.function);
  if (method != "fmt" && method != "description") return {};
  size_t dot = s.function.rfind('.');
  if (dot == std::string::npos) return {};
  return LastDotComponent(s.function.substr(0, dot));
}

// A class's own rendering method writing the text itself (docker-py's
// `APIError.__str__`: "{status} Client Error for {url}: {reason}" when the
// response's status is a client error): the text is produced when an
// instance is printed, so nobody calls the method to get the error. The
// class, or "" (the Rust `Display` impl has DisplayOwner).
std::string RenderingOwner(const ErrorSite& s) {
  std::string method = LastDotComponent(s.function);
  bool renders =
      s.language == "python" ? method == "__str__"
      : s.language == "kotlin" || s.language == "java"
          ? method == "formatMessage" || method == "getMessage" || method == "getLocalizedMessage"
          : false;
  if (!renders) return {};
  size_t dot = s.function.rfind('.');
  if (dot == std::string::npos) return {};
  std::string owner = LastDotComponent(s.function.substr(0, dot));
  return owner == s.error_class ? owner : std::string();
}

// "an" before a vowel's letter, else "a".
std::string Article(std::string_view word) {
  return !word.empty() && std::string_view("AEIOUaeiou").find(word[0]) != std::string_view::npos
             ? "an"
             : "a";
}

// `description()` returns the text (the deprecated `Error` method, or an
// inherent one that `Display` uses, as in globset); `fmt` displays it.
bool IsDescription(const ErrorSite& s) { return LastDotComponent(s.function) == "description"; }

// `match *self { X => "text" }` in a Display or description impl: the arm
// only picks the variant's text, so "when `*self` is X" explains nothing.
bool IsSelfArm(const PathCondition& c) {
  return c.expr.starts_with("*self ") || c.expr.starts_with("self ");
}

// "a `ColorError::InvalidFormat` value", "a `ColorError` value".
std::string DisplayedValue(const ErrorSite& s, const std::string& owner) {
  std::string v = s.error_class.starts_with(owner + "::") ? s.error_class : owner;
  return "a `" + v + "` value";
}

// A thiserror `#[error("...")]` (or snafu `#[snafu(display(..))]`) attribute
// on an enum variant: the text is that variant's Display, not code that runs
// ("raised in code outside any function" said of rustup's
// `CliError::NoExeName`). The variant and the attribute, or "".
std::string DisplayAttributeVariant(const ErrorSite& s, std::string* attribute) {
  if (s.language != "rust" || !s.function.empty()) return {};
  for (std::string_view a : {"#[error]", "#[snafu(display)]"}) {
    std::string note =
        std::string(a == "#[error]" ? "thiserror " : "snafu ") + std::string(a) + " Display of `";
    if (!s.message_origin_note.starts_with(note)) continue;
    std::string rest = s.message_origin_note.substr(note.size());
    size_t end = rest.find('`');
    if (end == std::string::npos) return {};
    *attribute = a;
    return rest.substr(0, end);
  }
  return {};
}

// What the error means comes first (an internal check says so; then the
// maintainers' own words, else the deciding check read in the user's terms);
// where it is raised comes last.
void Documentation(const ErrorSite& s, const SiteView& v, Record* r) {
  std::vector<std::string> meaning;
  nlohmann::json lines = nlohmann::json::array();
  if (!v.internal.empty()) {
    meaning.push_back(
        "This looks like an internal consistency check of the code, not an error "
        "its users are meant to cause: " +
        v.internal + ".");
    lines.push_back(s.line);
  }
  // The function's own `@throws` sentence for this class first: it says
  // what the error means in the maintainer's words.
  std::vector<SourceNote> notes;
  for (const SourceNote& n : s.notes) {
    if (n.first_line != v.misplaced_note || n.origin != "guard-comment") notes.push_back(n);
  }
  std::stable_partition(notes.begin(), notes.end(), [](const SourceNote& n) {
    return n.origin == "throws-doc" || n.origin == "panics-doc" || n.origin == "errors-doc";
  });
  for (const SourceNote& n : notes) {
    std::string where = Lines(n.first_line, n.last_line);
    if (n.origin == "throws-doc") {
      meaning.push_back("`" + LastDotComponent(s.function) + "` documents (" + where +
                        ") that it throws `" + s.error_class + "` " + Quote(n.text) +
                        (n.text.ends_with(".") ? "" : "."));
    } else if (n.origin == "panics-doc") {
      meaning.push_back("`" + LastDotComponent(s.function) + "` documents (" + where +
                        ") when it panics: " + Quote(n.text));
    } else if (n.origin == "errors-doc") {
      meaning.push_back("`" + LastDotComponent(s.function) + "` documents (" + where +
                        ") the errors it returns: " + Quote(n.text));
    } else if (std::string raises = n.origin == "docstring" && !s.error_class.empty()
                                        ? DocstringRaises(n.text, s.error_class)
                                        : "";
               !raises.empty()) {
      // The docstring's sentence for this class, not the whole docstring.
      meaning.push_back("`" + LastDotComponent(s.function) + "` documents (" + where +
                        ") that it raises `" + s.error_class + "`: " + Quote(raises));
    } else if (n.origin == "docstring") {
      meaning.push_back("The function's docstring (" + where + "): " + Quote(n.text));
    } else if (n.origin == "class-docstring") {
      meaning.push_back("`" + s.error_class + "` is documented (" + where +
                        ") as: " + Quote(n.text));
    } else if (n.origin == "function-comment") {
      meaning.push_back("The code's comment (" + where +
                        "): " + Quote(RelevantSentences(n.text, s.message.Display())));
    } else {
      meaning.push_back("The code's comment (" + where + "): " + Quote(n.text));
    }
    lines.push_back(n.first_line);
  }
  const PathCondition* d = v.decisive;
  if (d && IsSelfArm(*d) && !DisplayOwner(s).empty()) d = nullptr;
  if (!v.sentinel_returns.empty()) {
    meaning.push_back("`" + s.error_class + "` is a sentinel error value: " + v.sentinel_returns);
  }
  // In a catch block the try block's failure is the cause; a check before
  // the try only leads there (mongoose's `cast`: thirteenth grading).
  if (v.caught && v.internal.empty()) {
    meaning.push_back(CaughtFailureSentence(*v.caught));
    lines.push_back(v.caught->try_first);
    if (v.decisive_outside_catch) d = nullptr;
  }
  // A function's comment is about the whole function: the check that
  // raises this error still says what this error means.
  bool general = std::all_of(notes.begin(), notes.end(),
                             [](const SourceNote& n) { return n.origin == "function-comment"; });
  bool open = v.internal.empty() && general;
  if (open && v.conflict_block.second) {
    meaning.push_back(Who(s) + " raises it from the block of " + v.conflict_block.first +
                      " (line " + std::to_string(v.conflict_block.second) +
                      "), which Ruby runs only for a key both hashes have.");
    lines.push_back(v.conflict_block.second);
  } else if (open && ReporterDecides(s)) {
    std::string called = CalledHelper(s);
    meaning.push_back(
        ReporterText(s, called) + "; " + Who(s) + " calls " +
        (called == "`" + LastDotComponent(s.reporter_function) + "()`" ? "it" : called) +
        " at line " + std::to_string(s.line) + ".");
  } else if (open && d && v.user_args) {
    meaning.push_back(Who(s) + " rejects arguments for which " + StateText(*d) + ".");
    lines.push_back(d->line);
  } else if (std::vector<const PathCondition*> run = FallThrough(s, v);
             open && d == v.decisive && !run.empty()) {
    // Equality tests of one value name the values it was not.
    std::vector<std::string> exprs;
    for (const PathCondition* c : run) exprs.push_back(c->expr);
    std::string operand;
    std::vector<std::string> values = ComparedValues(exprs, &operand);
    meaning.push_back(Who(s) + " reports it when " +
                      (values.empty() ? "none of its checks at " +
                                            Lines(run.front()->line, run.back()->line) + " matched"
                                      : "`" + operand + "` is none of " + ValueList(values) + " (" +
                                            Lines(run.front()->line, run.back()->line) + ")") +
                      ".");
    lines.push_back(run.front()->line);
  } else if (open && d) {
    meaning.push_back(Who(s) + " reports it when " + DecisiveState(v) + ".");
    lines.push_back(d->line);
  } else if (open && !d && !v.null_checked.empty()) {
    // `ValidationUtils.ArgumentNotNull(value, nameof(value))`: the line
    // itself is the check.
    meaning.push_back(Who(s) + " reports it when `" + v.null_checked + "` is null (line " +
                      std::to_string(s.line) + " checks it).");
  } else if (open && v.shape && (v.shape->arm_labels.empty() || ErrorMapMeaning(s).empty())) {
    // A `switch` fallback's text names the values its arms handle (an error
    // map's arm is said with its code below).
    meaning.push_back(Who(s) + " reports it when " + v.shape->text + " (line " +
                      std::to_string(v.shape->line) + ").");
    lines.push_back(v.shape->line);
  } else if (open && !v.config_getter.empty()) {
    meaning.push_back(v.config_getter + ".");
    lines.push_back(s.line);
  }
  std::string doc = Join(meaning, " ");
  if (!doc.empty()) doc += " ";
  if (std::string owner = DisplayOwner(s); !owner.empty() && IsDescription(s)) {
    doc += "This is the text `" + owner + "::description()` returns for " +
           DisplayedValue(s, owner) + " (" + s.file_path + " line " + std::to_string(s.line) + ").";
  } else if (!owner.empty()) {
    doc += "This is the text `" + owner + "` displays for " + DisplayedValue(s, owner) +
           " (its `Display` impl, " + s.file_path + " line " + std::to_string(s.line) +
           "): users see it when such an error is printed.";
  } else if (std::string shown = RenderingOwner(s); !shown.empty()) {
    doc += "This is the text " + Article(shown) + " `" + shown +
           "` shows when it is printed (its `" + LastDotComponent(s.function) + "`, " +
           s.file_path + " line " + std::to_string(s.line) +
           "): users see it when one is raised and reported.";
  } else if (std::string attr, variant = DisplayAttributeVariant(s, &attr); !variant.empty()) {
    doc += "This is the text a `" + variant + "` value displays (its `" + attr + "` attribute, " +
           s.file_path + " line " + std::to_string(s.line) +
           "): users see it when such an error is printed.";
  } else if (IsGoSentinel(s) && s.function.empty()) {
    // Declared, not raised: `var ErrX = errors.New(..)`.
    doc += "`" + s.error_class + "` is defined in " + s.file_path + " at line " +
           std::to_string(s.line) + ".";
  } else if (const std::string& var = v.package_value; !var.empty()) {
    // A package-level error value built from a type (`&jsError{..}`).
    doc += "`" + var + "` is a package-level error value" +
           (s.error_class.empty() ? "" : " (a `" + s.error_class + "`)") + ", defined in " +
           s.file_path + " at line " + std::to_string(s.line) + ".";
  } else if (std::string entry = ErrorMapMeaning(s); !entry.empty()) {
    doc += entry;
  } else {
    bool named = !v.report.head.empty();
    // Handed to a callback, not thrown: the caller's callback gets it.
    std::string head = !v.passed_to.empty()
                           ? "`" + s.error_class + "` is passed to `" + v.passed_to + "`"
                           : WhatRaises(s);
    doc += (named ? v.report.head : head) + " in " + Where(s) + " at line " +
           std::to_string(s.line) + (named ? v.report.tail : "");
    // Logged, then the process ends: fatal, whatever the log level says.
    if (v.exit_after.line) {
      doc += ", and the process exits right after (`" + v.exit_after.code + "`, line " +
             std::to_string(v.exit_after.line) + "): this is fatal";
      lines.push_back(v.exit_after.line);
    }
    doc += ".";
  }
  lines.push_back(s.line);
  // A message errdex could not reconstruct: say where its text comes from
  // rather than let the bare hole stand for it (twentieth grading).
  if (s.message_opaque && s.message.pieces().size() == 1) {
    const std::string& var = s.message.pieces()[0].expr;
    if (v.opaque_set.first > 0) {
      doc += " The message is the text `" + var + "` holds, not a fixed text: it is set at line " +
             std::to_string(v.opaque_set.first) + " (`" + v.opaque_set.second + "`).";
      lines.push_back(v.opaque_set.first);
    } else if (!var.empty()) {
      doc += " The message is the text of `" + var + "`, which errdex could not reconstruct.";
    }
  }
  if (v.caught_at) {
    doc += " The same function catches it at line " + std::to_string(v.caught_at);
    if (v.handler_throws) {
      doc += "; whether callers see this text depends on that handler, which throws again.";
    } else if (v.handler_return) {
      doc += " and handles it by " + v.handler_return->text + " (line " +
             std::to_string(v.handler_return->line) + "): callers never see this message.";
      lines.push_back(v.handler_return->line);
    } else {
      doc += " and its handler throws nothing, so this text does not reach callers from here.";
    }
    lines.push_back(v.caught_at);
  }
  if (std::string attr; !s.message_origin_note.empty() &&
                        DisplayAttributeVariant(s, &attr).empty() && ErrorMapMeaning(s).empty()) {
    doc += " (" + s.message_origin_note + ".)";
  }
  r->documentation = doc;
  r->provenance["documentation"] = lines;
}

// How a user names the call: a constructor by its class (`Config(...)`,
// `new Config(...)`, `Config.new(...)`), anything else as Who does.
// A constructor's call as users write it (`Config(...)`, `new Config(...)`,
// `Config.new(...)`); "" when s.function is not a constructor.
std::string ConstructorCall(const ErrorSite& s) {
  size_t dot = s.function.rfind('.');
  if (dot == std::string::npos) return {};
  std::string last = s.function.substr(dot + 1);
  std::string cls = LastDotComponent(s.function.substr(0, dot));
  if (size_t scope = cls.rfind("::"); scope != std::string::npos) cls = cls.substr(scope + 2);
  bool ctor = last == "__init__" || last == "constructor" || last == "__construct" ||
              last == "initialize" || last == cls;
  if (!ctor || cls.empty()) return {};
  if (s.language == "python" || s.language == "kotlin") return cls + "(...)";
  if (s.language == "ruby") return cls + ".new(...)";
  return "new " + cls + "(...)";
}

std::string CallWho(const ErrorSite& s, const SiteView& v) {
  if (!v.receiver_form.empty()) return "`" + v.receiver_form + "(...)`";
  std::string ctor = ConstructorCall(s);
  return ctor.empty() ? Who(s) : "`" + ctor + "`";
}

// A raise after a loop that returns on a match, in a function the user
// calls with the value the loop's check compares: the value to pass ("a
// `value` that matches one of the `LoggerType` constants"), else the
// check it must pass; "" when the check reads no parameter.
std::string LoopSolution(const ErrorSite& s, const SiteView& v, const LoopSearch& l) {
  if (!v.callable || !v.internal.empty()) return {};
  std::vector<std::string> read;
  for (const std::string& p : v.params) {
    if (p != l.element && ContainsIdentifier(l.check, p)) read.push_back("`" + p + "`");
  }
  if (read.size() != 1) return {};
  std::string at = " (the loop at line " + std::to_string(l.loop_line) +
                   " returns the first for which `" + l.check + "`, line " +
                   std::to_string(l.check_line) + "; any other value reaches line " +
                   std::to_string(s.line) + ")";
  std::string head = "Call " + CallWho(s, v) + " with a " + read[0];
  size_t dot = l.items.rfind('.');
  bool enum_items = l.items.ends_with(".values()") || l.items.ends_with(".entries");
  if (enum_items && dot != std::string::npos) {
    std::string e = l.items.substr(0, dot);
    std::string list = l.constants.empty() ? "" : ": " + ValueList(l.constants);
    return head + " that matches one of the `" + e + "` constants" + list + at;
  }
  if (!l.items.empty()) {
    return head + " for which an element of `" + l.items + "` passes `" + l.check + "` (line " +
           std::to_string(l.check_line) + "): the loop at line " + std::to_string(l.loop_line) +
           " then returns; any other value reaches line " + std::to_string(s.line);
  }
  return head + " for which `" + l.check + "` holds on some pass of the loop at line " +
         std::to_string(l.loop_line) + " (checked at line " + std::to_string(l.check_line) +
         "); any other value reaches line " + std::to_string(s.line);
}

// The deciding check's sentence: the arguments of a function the user calls,
// else the function's own state, named as such.
// A check on the program's own command line (`ARGV.length < 1`,
// `len(sys.argv) != 2`): the user's input is how they run it.
bool ReadsCommandLine(const PathCondition& c) {
  for (const char* argv : {"ARGV", "sys.argv", "os.Args", "process.argv", "$argv", "argc"}) {
    size_t at = c.expr.find(argv);
    if (at != std::string::npos &&
        (at == 0 || !(std::isalnum(static_cast<unsigned char>(c.expr[at - 1])) ||
                      c.expr[at - 1] == '_' || c.expr[at - 1] == '.'))) {
      return true;
    }
  }
  return false;
}

std::string DecisiveTrigger(const ErrorSite& s, const SiteView& v) {
  if (const ArgvConsumer& c = v.argv_consumer; !c.call.empty()) {
    return "Happens when " + StateText(*v.decisive) + " after `" + c.call + "` (line " +
           std::to_string(c.line) +
           ") has taken the command-line arguments it recognises: `argc` then counts the ones it "
           "left.";
  }
  if (ReadsCommandLine(*v.decisive)) {
    return "Happens when the program is run with command-line arguments for which " +
           StateText(*v.decisive) + ".";
  }
  std::string out = v.user_args && !v.wrapped_failure
                        ? "Happens when you call " + CallWho(s, v) + " with arguments for which " +
                              StateText(*v.decisive)
                        : "Happens in " + Where(s) + " when " + DecisiveState(v);
  const std::vector<std::string>& own = v.not_arguments;
  if (!own.empty() && !v.err_source && !s.function.empty()) {
    out += "; `" + Join(own, "`, `") + "` " +
           (own.size() > 1 ? "are not arguments" : "is not an argument") + " of " + Who(s);
  }
  return out + ".";
}

// " `maxredirs` is set by the option `CURLOPT_MAXREDIRS` (lib/setopt.c:9
// sets `maxredirs`)." for each member the deciding check reads that the
// user sets.
std::string ControlsText(const SiteView& v) {
  std::string out;
  for (const UserControl& c : v.controls) {
    bool env = c.way.starts_with("the environment variable");
    out += " `" + c.field + "` " + (env ? "is read from " : "is set by ") + c.way + ".";
  }
  if (!v.env_read.empty()) {
    out += " The check reads the environment variable `" + v.env_read + "`.";
  }
  return out;
}

// " `self::CHANNELS` (line 30) holds 'stable', 'preview'.": the values the
// deciding check accepts.
std::string AllowedText(const SiteView& v) {
  if (!v.allowed) return {};
  return " `" + v.allowed->constant + "` (line " + std::to_string(v.allowed->line) + ") holds " +
         Join(v.allowed->values, ", ") + ".";
}

// " `config_key` is set by `--config` (line 47)." for the
// C/C++ command options (option_binding.h) the deciding check reads,
// directly or through the call whose result or failure it tests.
std::string OptionsText(const ErrorSite& s, const SiteView& v,
                        const std::vector<std::string_view>& src, nlohmann::json* lines) {
  if (s.language != "c" && s.language != "cpp") return {};
  std::string probe = v.decisive->expr;
  if (v.origin) probe += " " + v.origin->text;
  if (v.err_source) probe += " " + v.err_source->text;
  // The last assignment above the check to a variable it reads (`err =
  // repo_config_get_string_multi(.., config_key, ..)`): what it was given.
  for (const std::string& x : v.reads) {
    for (int n = v.decisive->line - 1; n > s.function_line && n >= 1; --n) {
      std::string_view t = Trim(src[n - 1]);
      if (t.starts_with(x + " = ")) {
        probe += " " + std::string(t);
        break;
      }
    }
  }
  std::vector<int> cited;
  std::vector<OptionBinding> bindings =
      VisibleBindings(OptionBindings(src), src, s.function_line, s.line);
  std::string out = BoundOptionsText(bindings, probe, &cited);
  for (int l : cited) lines->push_back(l);
  return out;
}

// "`git_config_get_string()`" when the site hands its text to a call that
// reports it further down (the resolve stage's "passed to `f()` (...) and on
// through ..." note); "" otherwise.
std::string ReportingCallee(const ErrorSite& s) {
  const std::string lead = "passed to `";
  // Only through a chain (`git_config_get_string()` and on through
  // `get_entry()`, ...): a text handed straight to a reporter that always
  // raises (`git_error_set()`) is decided by whoever reaches this line.
  if (!s.message_origin_note.starts_with(lead) ||
      s.message_origin_note.find(" and on through ") == std::string::npos) {
    return "";
  }
  size_t end = s.message_origin_note.find('`', lead.size());
  if (end == std::string::npos) return "";
  return s.message_origin_note.substr(lead.size() - 1, end - lead.size() + 2);
}

// " `errors` gets its entries at line 394 (`errors.unshift(...)`)." for a
// check that the local list is not empty (collection_fill.h).
std::string FillText(const ErrorSite& s, const PathCondition& d,
                     const std::vector<std::string_view>& src, nlohmann::json* lines) {
  std::string name = NonEmptyCollection(d.expr, d.polarity);
  if (name.empty() || s.function_line <= 0) return "";
  std::vector<FillLine> fill = FillLines(src, s.function_line, d.line, name);
  if (fill.empty()) return "";
  std::vector<std::string> parts;
  for (const FillLine& f : fill) {
    parts.push_back("line " + std::to_string(f.line) + " (`" + f.text + "`)");
    lines->push_back(f.line);
  }
  return " `" + name + "` gets its entries at " + Join(parts, ", ") + ".";
}

// "a call in the `try` block (lines 215–220) fails (`f(...)` at line 216)
// and `catch (e)` (line 221) catches it": what the innermost handler
// around the raise catches (try_calls.h); the clause alone when its block's
// calls are unknown.
std::string CaughtFailure(const ErrorSite& s, const std::vector<std::string_view>& src,
                          const std::vector<std::string>& caught, nlohmann::json* lines) {
  std::string all = Join(caught, ", ");
  const PathCondition* inner = nullptr;
  for (const PathCondition& c : s.conditions) {
    if (IsCatchClause(c)) inner = &c;
  }
  TryBlock b = inner ? TryBlockOf(src, inner->line) : TryBlock{};
  if (b.first == 0 || b.calls.empty()) return "the code guarded by " + all + " fails";
  std::vector<std::string> calls;
  for (const TryCall& c : b.calls) {
    calls.push_back("`" + c.callee + "(...)` (line " + std::to_string(c.line) + ")");
    lines->push_back(c.line);
  }
  std::string out = "a call in the `try` block at " + Lines(b.first, b.last) + " fails (" +
                    (calls.size() == 1 ? "" : "one of ") + Join(calls, ", ") + ") and " +
                    caught.back() + " catches it";
  // An earlier clause of the same `try` that rethrows what it catches takes
  // those exceptions first (retrofit's `catch (RuntimeException |
  // IOException e) { throw e; }`).
  for (int n = b.last + 1; n < inner->line && n <= static_cast<int>(src.size()); ++n) {
    std::string_view t = Trim(src[n - 1]);
    if (t.starts_with("}")) t = Trim(t.substr(1));
    size_t close = t.rfind(')');
    if (!t.starts_with("catch (") || close == std::string_view::npos) continue;
    std::string_view clause = t.substr(0, close + 1);
    std::string_view inside = Trim(clause.substr(7, clause.size() - 8));
    std::string_view var = inside.substr(inside.find_last_of(' ') + 1);
    if (n >= static_cast<int>(src.size()) || Trim(src[n]) != "throw " + std::string(var) + ";") {
      continue;
    }
    out += " (what `" + std::string(clause) + "` at line " + std::to_string(n) +
           " catches is rethrown unchanged)";
    lines->push_back(n);
  }
  return out;
}

std::string RaiseText(const ErrorSite& s, const std::vector<std::string_view>& lines);

// The deciding check first, in the user's terms; the checks passed on the
// way after it; a catch clause as "after X was caught".
void Triggers(const ErrorSite& s, const SiteView& v, const std::vector<std::string_view>& src,
              Record* r) {
  nlohmann::json lines = nlohmann::json::array();
  const PathCondition* d = v.decisive;
  std::vector<std::string> earlier, caught, none_matched;
  std::vector<const PathCondition*> run = FallThrough(s, v);
  // The name a dispatch matched (matched_key.h): said once, in the user's
  // terms; the names it passed over are left out.
  std::optional<MatchedKey> matched = d ? MatchedKeyOf(s, d) : std::nullopt;
  for (const PathCondition& c : s.conditions) {
    if (matched && (&c == matched->condition || UnmatchedKeyTest(c, matched->operand))) continue;
    if (std::find(run.begin(), run.end(), &c) != run.end()) {
      none_matched.push_back(StateText(c));
      lines.push_back(c.line);
      continue;
    }
    if (&c == d && !v.wrapped_failure) continue;
    if (IsCatchClause(c)) {
      caught.push_back("`" + c.expr + "` (line " + std::to_string(c.line) + ")");
    } else {
      earlier.push_back(StateText(c));
    }
    lines.push_back(c.line);
  }
  std::string out;
  if (std::string owner = DisplayOwner(s); !owner.empty()) {
    // The match on `self` only picks the variant's text: the cause is
    // wherever the code creates that value.
    r->trigger_scenarios =
        IsDescription(s)
            ? "The text `description()` returns for " + DisplayedValue(s, owner) + " (" +
                  s.file_path + ":" + std::to_string(s.line) +
                  "); the error itself comes from the code that creates that value."
            : "Shown when " + DisplayedValue(s, owner) +
                  " is displayed (`{}`, `to_string()`): this is the `Display` text of `" + owner +
                  "` (" + s.file_path + ":" + std::to_string(s.line) +
                  "); the error itself comes from the code that creates that value.";
    r->provenance["triggerScenarios"] = nlohmann::json::array({s.line});
    return;
  }
  if (std::string shown = RenderingOwner(s); !shown.empty()) {
    // The check in `__str__` picks which text an instance shows; the error
    // comes from the code that raises the class.
    std::string when = d ? " and " + StateText(*d) : std::string();
    std::string a = Article(shown);
    r->trigger_scenarios =
        "Shown when " + a + " `" + shown + "` is printed" + when + ": this is the text its `" +
        LastDotComponent(s.function) + "` writes (" + s.file_path + ":" + std::to_string(s.line) +
        "); the error itself comes from the code that raises " + a + " `" + shown + "`.";
    std::vector<int> cited = {s.line};
    if (d) cited.push_back(d->line);
    r->provenance["triggerScenarios"] = nlohmann::json(cited);
    return;
  }
  if (!v.internal.empty() && v.internal == HandledLiteralEvidence(s, src)) {
    // "What the function's callers pass decides it" would send the reader
    // to callers of a call that never raises.
    out = "This call does not raise it: " + v.internal + ".";
    lines.push_back(s.line);
  } else if (v.conflict_block.second) {
    out = "Happens when " + v.conflict_block.first + " (line " +
          std::to_string(v.conflict_block.second) + " of " + Where(s) +
          ") meets a key both hashes have: only then does Ruby run the block that raises at line " +
          std::to_string(s.line) + ".";
    if (!earlier.empty()) out += " The call is made when " + Join(earlier, ", ") + ".";
    earlier.clear();
    lines.push_back(v.conflict_block.second);
  } else if (ReporterDecides(s)) {
    std::string called = CalledHelper(s);
    out = "Happens when the call to " + called + " at line " + std::to_string(s.line) + " of " +
          Where(s) + " reports it: " + ReporterText(s, called) + ".";
    if (!earlier.empty()) out += " The call is made when " + Join(earlier, ", ") + ".";
    earlier.clear();
    lines.push_back(s.line);
  } else if (!none_matched.empty()) {
    out = "Happens in " + Where(s) + " when none of its checks before line " +
          std::to_string(s.line) + " matched: " + Join(none_matched, ", ") + "." + ControlsText(v);
  } else if (d) {
    out = DecisiveTrigger(s, v) + ControlsText(v) + AllowedText(v) + FillText(s, *d, src, &lines) +
          OptionsText(s, v, src, &lines);
    if (v.allowed) lines.push_back(v.allowed->line);
    lines.insert(lines.begin(), d->line);
    if (v.err_source) lines.push_back(v.err_source->line);
    if (v.origin) lines.push_back(v.origin->line);
  } else if (!caught.empty()) {
    out = "Happens in " + Where(s) + " when " + CaughtFailure(s, src, caught, &lines) + ".";
    caught.clear();
  } else if (v.shape) {
    out = "Happens in " + Where(s) + " when " + v.shape->text + " (line " +
          std::to_string(v.shape->line) + ").";
    lines.push_back(v.shape->line);
  } else if (!v.package_value.empty() && s.conditions.empty()) {
    // Created once when the package loads; returned or handed on elsewhere.
    out = "`" + v.package_value + "` is created when the package loads (line " +
          std::to_string(s.line) + "); users get it where a function of the package returns it " +
          "or hands it to a callback" +
          (v.sentinel_returns.empty() ? " (errdex found none in " + s.file_path + ")."
                                      : ": " + v.sentinel_returns);
    lines.push_back(s.line);
  } else if (s.kind == SiteKind::kWarning && !s.function.empty()) {
    out = "Issued whenever " + Who(s) + " runs: errdex found no condition before line " +
          std::to_string(s.line) + ".";
    lines.push_back(s.line);
  } else if (!s.handed_to.empty()) {
    out = "Shown by `" + s.handed_to + "()`, which is handed the text at line " +
          std::to_string(s.line) + "; when it reports it is decided by `" + s.handed_to +
          "()`, outside " + s.file_path + ".";
    lines.push_back(s.line);
  } else if (v.jump && v.jump->straight) {
    // The jumps are the way in; what decides them is the `if` above each
    // `goto`.
    std::vector<std::string> conds = JumpConditions(*v.jump, src);
    out = "Happens in " + Where(s) + " when " + JumpTargetText(*v.jump) +
          (conds.empty() ? "."
                         : (conds.size() == 1 ? ", which happens when " : ", one of them when ") +
                               Join(conds, "; ") + ".");
    lines.push_back(v.jump->line);
    for (int g : v.jump->gotos) lines.push_back(g);
  } else if (std::vector<int> cited; !(out = ConstructorTrigger(s, src, &cited)).empty()) {
    // An exception's constructor: whoever creates one decides.
    for (int l : cited) lines.push_back(l);
  } else if (int use = HeldUseLine(s, src); use) {
    // Nothing is raised where the text is computed: name where it goes.
    std::string_view code = Trim(src[use - 1]);
    out = "The text is computed in " + Where(s) + " at line " + std::to_string(s.line) +
          " and kept in `" + HeldLocal(s) + "`; line " + std::to_string(use) + " hands it on" +
          (code.size() <= 100 ? " (`" + std::string(code) + "`)" : "") +
          ", and the error is reported where that value is used.";
    lines.push_back(s.line);
    lines.push_back(use);
  } else if (std::string checker = s.line >= 1 && s.line <= static_cast<int>(src.size())
                                       ? NullCheckCall(src[s.line - 1])
                                       : "";
             !v.null_checked.empty() && !checker.empty()) {
    // `Objects.requireNonNull(file, "file")`, `Assert.notNull(x, ..)` on the
    // raise line is the check itself: the value it names being null is the
    // trigger, not "callers decide" (twenty-fourth grading).
    bool param = std::find(v.params.begin(), v.params.end(), v.null_checked) != v.params.end();
    std::string rejects = "`" + checker + "` rejects it at line " + std::to_string(s.line) + ".";
    out = param && v.callable
              ? "Happens when you call " + CallWho(s, v) + " with a null `" + v.null_checked +
                    "`: " + rejects
              : "Happens in " + Where(s) + " when `" + v.null_checked + "` is null: " + rejects;
    lines.push_back(s.line);
  } else if (std::string callee = ReportingCallee(s); !callee.empty()) {
    // The text is handed to a call that reports it: that call's checks
    // decide when, not what this function's callers pass. "Its own checks
    // decide when" named no condition (blind grading): say only where.
    out = "errdex found no `if`, `match` or early return in " + Where(s) + " that leads to line " +
          std::to_string(s.line) + "; the call to " + callee + " at line " +
          std::to_string(s.line) + " reports it.";
    if (std::string key = ConfigKeyArgument(RaiseText(s, src));
        !key.empty() && ReadsConfig(callee)) {
      out = "The call to " + callee + " at line " + std::to_string(s.line) +
            " reports it: it reads the setting `" + key + "` and reports this when " +
            ConfigGetterFailure(callee, s.message.Display()) + ".";
    }
    lines.push_back(s.line);
  } else if (v.cfg) {
    // The build decides, not what callers pass.
    out = "Happens in " + Where(s) + " in a build with the Cargo feature `" + v.cfg->feature +
          "` " + (v.cfg->enabled ? "on" : "off") +
          "; errdex found no `if`, `match` or early return before line " + std::to_string(s.line) +
          "." + CfgFeatureText(*v.cfg, s.line);
    lines.push_back(v.cfg->line);
    lines.push_back(s.line);
  } else {
    out = "errdex found no `if`, `match` or early return in " + Where(s) + " that leads to line " +
          std::to_string(s.line) + "; what the function's callers pass decides it.";
    lines.push_back(s.line);
  }
  if (v.cfg && out.find(CfgFeatureText(*v.cfg, s.line)) == std::string::npos) {
    out += CfgFeatureText(*v.cfg, s.line);
    lines.push_back(v.cfg->line);
  }
  if (v.platform) {
    out += PlatformBlockText(*v.platform, s.line);
    lines.push_back(v.platform->line);
  }
  if (v.jump && out.find(JumpTargetText(*v.jump)) == std::string::npos) {
    out += " " + JumpTargetText(*v.jump) + " above it.";
    lines.push_back(v.jump->line);
  }
  if (matched && !out.empty()) {
    out += " This is the check for " + KeyInUserTerms(s, *matched) + " (matched at line " +
           std::to_string(matched->line) + ").";
    lines.push_back(matched->line);
  }
  if (std::string reach = TraitReachText(v.trait_impl, src); !reach.empty() && !out.empty()) {
    out += reach;
    lines.push_back(v.trait_impl.line);
  }
  if (!earlier.empty()) out += " On the way: " + Join(earlier, ", ") + ".";
  if (!caught.empty()) out += " Inside " + Join(caught, ", ") + ".";
  std::vector<std::string> flags = FlagsIn(s.message.Display());
  if (!flags.empty()) {
    out += " The message names the option" + std::string(flags.size() > 1 ? "s " : " ") + "`" +
           Join(flags, "`, `") + "`.";
  }
  r->trigger_scenarios = out;
  r->provenance["triggerScenarios"] = lines;
}

// The checked local is what a call returned (value_origin.h): what the
// user typed, answered or passed into that call is what to change
// (origin_advice.h); a value read from the library's own function is its
// state, said as generic advice. "" to fall back to "Find out why".
bool UnderCheck(const std::vector<std::string_view>& lines, int check, int raise);

// The raise's own lines (a log call's arguments may run over a few).
std::string RaiseText(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::string out;
  int last = std::min(std::max(s.end_line, s.line), s.line + 4);
  for (int n = s.line; n >= 1 && n <= last && n <= static_cast<int>(lines.size()); ++n) {
    out += std::string(lines[n - 1]) + "\n";
  }
  return out;
}

// Whether a call's name says it reads or parses data (`parsePort`,
// `rdbLoadLen`, `ngx_parse_addr_port`, `ngx_ptocidr`, `decode_header`).
bool ReadsInput(const std::string& call) {
  std::string name = call.substr(0, call.find('('));
  size_t sep = name.find_last_of(".>:");
  name = ToLower(sep == std::string::npos ? name : name.substr(sep + 1));
  for (const char* w :
       {"parse", "load", "read", "decode", "unpack", "unmarshal", "deserial", "ptocidr", "scan"}) {
    if (name.find(w) != std::string::npos) return true;
  }
  return false;
}

// `value`, `buf`: a lower-case identifier alone, not a member, a constant
// or the object itself.
bool IsPlainLocalName(std::string_view a) {
  a = Trim(a);
  if (a.empty() || a == "self" || a == "this" || !std::islower(static_cast<unsigned char>(a[0]))) {
    return false;
  }
  return std::all_of(a.begin(), a.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::string OriginSolution(const ErrorSite& s, const SiteView& v,
                           const std::vector<std::string_view>& lines, const SetterIndex* setters) {
  const ValueOrigin& o = *v.origin;
  std::string call = "`" + o.text + "` (line " + std::to_string(o.line) + ")";
  std::string when = "the check at line " + std::to_string(v.decisive->line) +
                     " raises this when " + StateText(*v.decisive);
  if (std::string input = CommandInputOf(o.text); !input.empty()) {
    return "Check what the command was given as `" + input + "`: `" + o.var + "` is what " + call +
           " returned for it, and " + when;
  }
  // The check must hold the raise (not an early exit further up), and an
  // allocation sized from `argc` is no argument the user gives.
  bool under = UnderCheck(lines, v.decisive->line, s.line);
  bool alloc = o.text.find("alloc(") != std::string::npos ||
               o.text.find("dup(") != std::string::npos || o.var == "argv" || o.var == "args";
  if (under && !alloc && ReadsCommandArguments(lines, s.function_line, o.line, o.text)) {
    return "Check what the command was given: `" + o.var + "` is what " + call +
           " returned for its arguments, and " + when;
  }
  if (std::string prompt = PromptOf(o.text); !prompt.empty()) {
    return "Answer the prompt \u201c" + prompt + "\u201d (line " + std::to_string(o.line) +
           ") differently: " + when + ", `" + o.var + "` being that answer";
  }
  // A helper around the environment (`$this->getComposerEnv('X')`).
  if (std::string env = EnvVariableOf(o.text); !env.empty()) {
    return "Check the environment variable `" + env + "` (read at line " + std::to_string(o.line) +
           "): " + when + ", `" + o.var + "` being what " + call + " returned";
  }
  // The arguments of the function the user calls flow into the call.
  if (under && v.callable && v.params_known) {
    std::vector<std::string> passed;
    for (const std::string& x : VariablesRead(o.text)) {
      if (std::find(v.params.begin(), v.params.end(), x) != v.params.end() &&
          std::find(passed.begin(), passed.end(), x) == passed.end()) {
        passed.push_back(x);
      }
    }
    if (!passed.empty()) {
      return "Check the `" + Join(passed, "`, `") + "` you pass to " + CallWho(s, v) + ": `" +
             o.var + "` is what " + call + " returned for " + (passed.size() == 1 ? "it" : "them") +
             ", and " + when;
    }
  }
  // A setting handed to the call (`curlx_gmtime(data->set.timevalue, ..)`).
  if (setters != nullptr) {
    for (const std::string& arg : CallArguments(o.text)) {
      std::vector<UserControl> c = UserControls(arg, s.file_path, *setters, s.function);
      if (c.empty()) continue;
      return "Change `" + c[0].field + "` with " + c[0].way + ": `" + o.var + "` is what " + call +
             " returned for it, and " + when;
    }
  }
  if (InternalCallee(o.text, s.language, lines, setters)) {
    // The internal call may read the function's own arguments (okhttp's
    // `parsePort(input, ..)` parses the URL the caller gave): then the
    // value is not only the library's state (thirteenth grading).
    std::vector<std::string> read;
    for (const std::string& x : VariablesRead(o.text)) {
      if (v.params_known && std::find(v.params.begin(), v.params.end(), x) != v.params.end() &&
          std::find(read.begin(), read.end(), x) == read.end()) {
        read.push_back(x);
      }
    }
    // A reader or parser (`parsePort(input, ..)`, `rdbLoadLen(rdb, ..)`):
    // the data the argument carries (the user's URL, the RDB file) is
    // what decides, not the library (thirteenth grading).
    // The argument itself (`parsePort(input, ..)`), not a part of it
    // (`ngx_parse_addr_port(r->pool, ..)` reads no data from `r`).
    std::vector<std::string> args = CallArguments(o.text);
    bool whole = std::all_of(read.begin(), read.end(), [&](const std::string& x) {
      return std::find(args.begin(), args.end(), x) != args.end();
    });
    if (!read.empty() && whole && ReadsInput(o.text)) {
      return "Check the input `" + Join(read, "`, `") + "` carries (an argument of " + Who(s) +
             "): `" + o.var + "` is what " + call + " read from it, and " + when;
    }
    if (!read.empty()) {
      return std::string(kGenericSolution) + when + ", `" + o.var +
             "` being what the library's own " + call + " returned for `" + Join(read, "`, `") +
             "` (an argument of " + Who(s) + ")";
    }
    // An argument that is a local of the function (`hash_algo_by_name(value)`,
    // `value` parsed from what a helper process wrote) may carry outside data:
    // it is not the library's state (twenty-seventh grading).
    for (const std::string& a : args) {
      if (!IsPlainLocalName(a) ||
          std::find(v.params.begin(), v.params.end(), a) != v.params.end()) {
        continue;
      }
      return std::string(kGenericSolution) + when + ", `" + o.var + "` being what " + call +
             " returned for `" + a + "`";
    }
    return std::string(kGenericSolution) + when + ", `" + o.var +
           "` being what the library's own " + call +
           " returned; that is the library's state, not a value you pass";
  }
  return {};
}

// The one solution the deciding check gives: which arguments to pass, when
// it reads only the arguments of a function the user calls; the failing
// call, for an `err` check. A check on the function's own state is not
// restated: the user cannot set a callee's locals or private fields.
// A check that the call the function makes failed (failed_call.h): that
// call is what to look into, "" when the check is no such one.
std::string FailedCallSolution(const ErrorSite& s, const SiteView& v,
                               const std::vector<std::string_view>& lines) {
  const PathCondition* d = v.decisive;
  auto f = FailedCallOf(*d, s.message.Display());
  if (!f || !UnderCheck(lines, d->line, s.line)) return {};
  std::string at = std::to_string(d->line);
  // A call given only the code's own values is no user's to look into.
  if (std::vector<int> filled; FixedArguments(s, lines, f->call, d->line, v.params, &filled)) {
    return FixedCallAdvice(f->name, d->line, filled);
  }
  // A call on what the command was given: that argument is the cause.
  if (std::string input = CommandInputFailure(f->call, f->name, d->line); !input.empty()) {
    return input;
  }
  if (std::string parsed = ParsedInputAdvice(f->call, lines, d->line, s.function_line);
      !parsed.empty()) {
    return parsed;
  }
  std::string causes = OsCallCauses(f->name, PrintsErrno(RaiseText(s, lines)));
  return "Find out why `" + f->name + "()` failed (called at line " + at +
         "): this error reports that `" + f->call + "` returned " + f->returns +
         (causes.empty() ? "" : "; " + causes);
}

std::string CheckSolution(const ErrorSite& s, const SiteView& v,
                          const std::vector<std::string_view>& lines, const SetterIndex* setters) {
  const PathCondition* d = v.decisive;
  std::string at = std::to_string(d->line);
  // The environment is the user's to set, whoever calls the function.
  if (!v.env_read.empty()) {
    return "Check the environment variable `" + v.env_read + "`: the check at line " + at +
           " reads it and " + v.controls_check;
  }
  // The object's own query: the user can ask it before calling.
  if (v.callable) {
    if (auto q = PredicateGuard(*d, s.language, lines); q) {
      return "Check `" + q->query + "` on the object before calling " + CallWho(s, v) +
             ": it raises this when `" + q->query + "` is " + (q->raises_when ? "true" : "false") +
             " (checked at line " + at + ")";
    }
  }
  // A predicate the library exports: the user can ask it first.
  if (v.callable) {
    auto declared = [](const void* x, const std::string& name) {
      return x != nullptr && static_cast<const SetterIndex*>(x)->PubliclyDeclared(name);
    };
    // Only a question about what the user passes: `DoubleIsFinite(result)`
    // on a computed value is none they can ask first.
    auto asks_params = [&](const std::string& call) {
      for (const std::string& p : v.params) {
        if (ContainsIdentifier(call.substr(call.find('(')), p)) return true;
      }
      return false;
    };
    if (auto q = ExportedPredicateGuard(*d, s.language, lines, declared, setters);
        q && asks_params(q->call)) {
      return "Call `" + q->call + "` first (the library exports `" + q->name +
             "`): " + CallWho(s, v) + " reports this error when it returns " +
             (q->raises_when ? "true" : "false") + " (checked at line " + at + ")";
    }
  }
  if (v.user_args && v.allowed) {
    // `$channel` or `channel`, as the header names the parameter.
    std::string bare = v.allowed->operand;
    if (bare.starts_with("$")) bare.erase(0, 1);
    bool param = false;
    for (const std::string& p : v.params) param |= p == v.allowed->operand || p == bare;
    if (param) {
      return "Call " + CallWho(s, v) + " with a `" + v.allowed->operand +
             "` that is one of: " + Join(v.allowed->values, ", ") + " (`" + v.allowed->constant +
             "`, line " + std::to_string(v.allowed->line) + "; checked at line " + at + ")" +
             DocumentedAs(v);
    }
  }
  if (v.user_args) {
    bool assert = s.kind == SiteKind::kAssert && !d->polarity;
    // "Call `f` with a non-zero `step`": the argument in the user's terms.
    if (std::string pass = ArgumentToPass(d->expr, d->polarity, v.params, s.language);
        !pass.empty()) {
      return "Call " + CallWho(s, v) + " with " + pass + " (" + (assert ? "asserted" : "checked") +
             " at line " + at + ")" + DocumentedAs(v);
    }
    // "with arguments for which `unwrap(buf, len)` returns non-zero"
    // restates a failed call; the call that failed is what to look into.
    if (!assert) {
      if (std::string failed = FailedCallSolution(s, v, lines); !failed.empty()) return failed;
    }
    std::string pass = DescribeCondition(d->expr, assert ? true : !d->polarity);
    if (pass.empty()) {
      pass = "`" + d->expr + "` is " + (assert || !d->polarity ? "true" : "false");
    }
    return "Call " + CallWho(s, v) + " with arguments for which " + pass + " (" +
           (assert ? "asserted" : "checked") + " at line " + at + ")" + DocumentedAs(v);
  }
  // A function users do not call (Exposed's SQLite `explain`, reached
  // through the public `Query.explain`) that checks only what it is passed:
  // what to pass is still the fix, through the call that leads here.
  if (v.on_params && !v.callable && v.internal.empty() && s.kind != SiteKind::kAssert) {
    if (std::string pass = ArgumentToPass(d->expr, d->polarity, v.params, s.language);
        !pass.empty()) {
      return "Make the call that leads to " + Who(s) + " pass " + pass + ": " + Who(s) +
             " reports this from its arguments alone (checked at line " + at + ")";
    }
  }
  if (const ArgvConsumer& c = v.argv_consumer; !c.call.empty()) {
    std::string pass = DescribeCondition(d->expr, !d->polarity);
    if (!pass.empty()) {
      return "Check the arguments the command was given against what `" + c.call +
             "` accepts (line " + std::to_string(c.line) +
             "): remove or correct the ones it does not recognise, which it leaves over (the "
             "check at line " +
             at + " passes when, once it is done, " + pass + ")";
    }
  }
  if (ReadsCommandLine(*d)) {
    std::string pass = DescribeCondition(d->expr, !d->polarity);
    if (!pass.empty()) {
      return "Run it with command-line arguments for which " + pass + " (checked at line " + at +
             ")";
    }
  }
  if (v.err_source) {
    // A parse of a value read from a URL parameter, the environment, ...:
    // that input and the form it must have (parsed_input.h).
    std::string call = v.err_source->text.substr(0, v.err_source->text.find(" fails"));
    if (call.size() > 2 && call.front() == '`' && call.back() == '`') {
      std::string parsed = ParsedInputAdvice(std::string_view(call).substr(1, call.size() - 2),
                                             lines, v.err_source->line, s.function_line);
      if (!parsed.empty()) {
        return parsed.ends_with(")")
                   ? parsed.substr(0, parsed.size() - 1) + "; checked at line " + at + ")"
                   : parsed + " (checked at line " + at + ")";
      }
    }
    return "Find out why " + v.err_source->text.substr(0, v.err_source->text.find(" fails")) +
           " fails (called at line " + std::to_string(v.err_source->line) +
           "): this error reports its failure (checked at line " + at + ")";
  }
  if (v.origin && v.origin->kind == ValueOrigin::kEnvironment) {
    return "Check the environment variable `" + v.origin->text + "` (read at line " +
           std::to_string(v.origin->line) + "): its value decides the check at line " + at;
  }
  if (v.origin && v.origin->kind == ValueOrigin::kCall) {
    if (std::string o = OriginSolution(s, v, lines, setters); !o.empty()) return o;
    // A call without arguments has nothing to check on the caller's side.
    bool args = !v.origin->text.ends_with("()");
    return "Find out why `" + v.origin->text + "` (line " + std::to_string(v.origin->line) +
           ") returns a value for which " + StateText(*d) +
           (args ? ": check the arguments it is given" : "");
  }
  // A check that the call it makes failed (failed_call.h): that call is
  // what to look into.
  if (std::string failed = FailedCallSolution(s, v, lines); !failed.empty()) return failed;
  // A range check on a value read from the command's arguments (through an
  // out-parameter: `getLongLongFromObjectOrReply(c, c->argv[2], &slot, ..)`).
  if (RangeOfCommandArguments(lines, s.function_line, d->line, d->expr)) {
    int read = CommandArgumentLine(lines, s.function_line, d->line, d->expr);
    std::string pass = DescribeCondition(d->expr, !d->polarity);
    if (!pass.empty()) {
      return "Give the command arguments for which " + pass + " (checked at line " + at +
             "; the values are read from the command's arguments at line " + std::to_string(read) +
             ")";
    }
  }
  return {};
}

// The else arm after a chain of equality tests on one value (`if x == "a"
// ... elif x == "b" ... else raise`, `!strcmp(arg, "help")`): the trailing
// conditions the raise is on the false side of, each comparing the same
// operand with literals, at least two values in all. The arm is the case of
// a value none of them names; the last test alone is not the cause.
std::vector<std::string> ElseChain(const ErrorSite& s, std::vector<const PathCondition*>* run,
                                   std::string* operand) {
  std::vector<std::string> exprs, values;
  for (auto it = s.conditions.rbegin(); it != s.conditions.rend(); ++it) {
    // A raise in a handler is not the else arm of what precedes it.
    if (it->polarity || IsCatchClause(*it)) break;
    std::vector<std::string> more = exprs;
    more.insert(more.begin(), it->expr);
    std::string op;
    std::vector<std::string> got = ComparedValues(more, &op, 1);
    if (got.empty()) break;
    exprs = std::move(more);
    values = std::move(got);
    *operand = op;
    run->insert(run->begin(), &*it);
  }
  if (values.size() < 2) {
    run->clear();
    return {};
  }
  return values;
}

// `c->argv[j]->ptr`, `args[1]`, `ARGV[0]`, `sys.argv[2]`: a command's own
// argument, as the user typed it.
bool ReadsArguments(const std::string& operand) {
  for (const char* a : {"argv[", "ARGV[", "args[", "os.Args["}) {
    size_t at = operand.find(a);
    if (at != std::string::npos &&
        (at == 0 ||
         !(std::isalnum(static_cast<unsigned char>(operand[at - 1])) || operand[at - 1] == '_'))) {
      return true;
    }
  }
  return false;
}

// Whether the raise at `raise` is inside the block the check at `check`
// opens (its `if` or `else` arm), not after a block that returned early.
bool UnderCheck(const std::vector<std::string_view>& lines, int check, int raise) {
  if (check > 0 && raise == check) return true;  // `raise X if @closed`, `if (!x) throw ...`
  if (check <= 0 || raise < check || raise > static_cast<int>(lines.size())) return false;
  auto indent = [](std::string_view l) {
    size_t n = 0;
    while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
    return n;
  };
  size_t at = indent(lines[check - 1]);
  if (indent(lines[raise - 1]) <= at) return false;
  for (int n = check + 1; n < raise; ++n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty() || indent(lines[n - 1]) > at) continue;
    if (!(t.starts_with("} else") || t.starts_with("else") || t.starts_with("elif") ||
          t.starts_with("elsif") || t == "{")) {
      return false;
    }
  }
  return true;
}

// "Call `connect()` first": the methods of the class that set the member
// the deciding check tests (state_setter.h); for a check that raises while
// the member is set, what must not come before the call.
std::string StateSolution(const ErrorSite& s, const SiteView& v,
                          const std::vector<std::string_view>& lines) {
  const PathCondition* d = v.decisive;
  // Only a check the raise sits under: `if (this.dryRun) return;` before a
  // failing write is an early exit, and setting the flag skips the work, it
  // does not fix it. A failure report ("Could not open ...") is about the
  // failure, not the object's state.
  if (!d || !UnderCheck(lines, d->line, s.line) || v.err_source || !v.internal.empty() ||
      IsCatchClause(*d)) {
    return {};
  }
  std::string message = ToLower(s.message.Display());
  for (const char* failure : {"could not", "couldn't", "failed", "unable to", "cannot open",
                              "cannot read", "cannot write"}) {
    if (message.find(failure) != std::string::npos) return {};
  }
  std::optional<StateCheck> st = StateSetters(*d, s.language, lines, s.function_line);
  if (!st) return {};
  std::vector<std::string> calls;
  for (const StateSetter& m : st->setters) {
    std::string call = m.method == "__enter__" || m.method == "__aenter__"
                           ? "a `with` block (`" + m.method + "`, "
                           : "`" + m.method + (s.language == "ruby" ? "" : "()") + "` (";
    calls.push_back(call + "line " + std::to_string(m.line) + ")");
  }
  std::string list = calls.back();
  if (calls.size() > 1) {
    calls.pop_back();
    list = Join(calls, ", ") + " or " + list;
  }
  std::string when = DescribeCondition(d->expr, d->polarity);
  if (when.empty()) when = "`" + d->expr + "` is " + (d->polarity ? "true" : "false");
  std::string check = "the check at line " + std::to_string(d->line) + " raises this when " + when;
  std::string sets = st->setters.size() == 1 ? "it sets" : "each sets";
  if (!st->raises_when_set) {
    return (calls.size() == 1 && list.starts_with("a `with`") ? "Use " : "Call ") + list +
           " first: " + sets + " `" + st->member + "`, and " + check;
  }
  // The flag may be reset later (`run()` clears `running` when done): the
  // error is for a call while it is set, not for any call after.
  return "Do not call " + (v.callable ? CallWho(s, v) : std::string("it")) + " once " + list +
         (st->setters.size() == 1 ? " has" : " have") + " set `" + st->member +
         "` to true: " + check;
}

// "Register `$ns` first with `addNamespace()` (line 200)": the public
// methods that add keys to the member map the deciding check looks the key
// up in (state_setter.h).
// "Do not call `Call.execute` once its object is already executed": the
// message says the object reached a state, and the check that raises it in
// a method users call reads no argument (already_state.h). Not for a
// constructor (no object exists before it) nor a failed call's report.
std::string AlreadySolution(const ErrorSite& s, const SiteView& v,
                            const std::vector<std::string_view>& lines) {
  const PathCondition* d = v.decisive;
  if (!d || !v.callable || s.function.empty() || !ConstructorCall(s).empty() ||
      !v.internal.empty() || v.err_source || !v.params_known || v.reads.empty() ||
      IsCatchClause(*d) || !UnderCheck(lines, d->line, s.line)) {
    return {};
  }
  for (const std::string& x : v.reads) {
    if (std::find(v.params.begin(), v.params.end(), x) != v.params.end()) return {};
  }
  std::string state = AlreadyState(s.message.Display());
  if (state.empty()) return {};
  std::string when = DescribeCondition(d->expr, d->polarity);
  if (when.empty()) when = "`" + d->expr + "` is " + (d->polarity ? "true" : "false");
  return "Do not call " + CallWho(s, v) + " once its object is already " + state +
         " (the message's words): the check at line " + std::to_string(d->line) +
         " raises this when " + when + ", and it reads no argument of the call";
}

// "; `close()` removes keys (line 40), so a key used after that raises this
// too": the methods that take keys out of the map again; the raising
// method itself when it removes the key it looked up (unsubscribe twice).
std::string RemovedKeysText(const ErrorSite& s, const KeyCheck& k) {
  if (k.removers.empty()) return "";
  const StateSetter& first = k.removers.front();
  std::string paren = s.language == "ruby" ? "" : "()";
  if (first.method == LastDotComponent(s.function)) {
    return "; `" + first.method + paren + "` itself removes the key (line " +
           std::to_string(first.line) + "), so a second call with the same `" + k.key +
           "` raises this too";
  }
  std::vector<std::string> who;
  for (const StateSetter& m : k.removers) {
    who.push_back("`" + m.method + paren + "` (line " + std::to_string(m.line) + ")");
  }
  return "; " + Join(who, " and ") + (who.size() == 1 ? " removes" : " remove") +
         " keys, so a key used after that raises this too";
}

std::string KeySolution(const ErrorSite& s, const SiteView& v,
                        const std::vector<std::string_view>& lines) {
  const PathCondition* d = v.decisive;
  if (!d || !UnderCheck(lines, d->line, s.line) || v.err_source || !v.internal.empty() ||
      IsCatchClause(*d)) {
    return {};
  }
  std::optional<KeyCheck> k = KeySetters(*d, s.language, lines, s.function_line);
  if (!k) return {};
  std::vector<std::string> calls;
  for (const StateSetter& m : k->setters) {
    calls.push_back("`" + m.method + (s.language == "ruby" ? "" : "()") + "` (line " +
                    std::to_string(m.line) + ")");
  }
  std::string list = calls.back();
  if (calls.size() > 1) {
    calls.pop_back();
    list = Join(calls, ", ") + " or " + list;
  }
  std::string out = "Register `" + k->key + "` first with " + list + ": " +
                    (k->setters.size() == 1 ? "it adds" : "each adds") + " keys to `" + k->member +
                    "`, and the check at line " + std::to_string(d->line) + " raises this when `" +
                    k->key + "` is not one of them";
  if (!k->local.empty()) {
    out += " (`" + k->local + "` is its entry, looked up at line " +
           std::to_string(k->lookup_line) + ")";
  }
  return out + RemovedKeysText(s, *k);
}

// "Unknown property ..", "unsupported option ..": the message reports a
// name the code does not know.
bool ReportsUnknownName(const Template& message) {
  std::string text;
  for (const Piece& p : message.pieces()) {
    if (!p.is_hole) text += ToLower(p.text);
  }
  for (std::string_view w : {"unknown ", "unsupported ", "unrecognized ", "unrecognised ",
                             "invalid ", "not supported", "not a valid ", "not recognized"}) {
    if (text.find(w) != std::string::npos) return true;
  }
  return false;
}

// Case values that are all quoted strings (names a user writes), not enum
// constants or numbers of the library's own state.
bool AllStringLiterals(const std::vector<std::string>& values) {
  return !values.empty() && std::all_of(values.begin(), values.end(), [](const std::string& v) {
    // Two characters at least: `'h'` is a letter of a format, not a name.
    return v.size() >= 4 && (v.front() == '"' || v.front() == '\'' || v.front() == '`') &&
           v.back() == v.front();
  });
}

// "Call `f` with a `mode` that is one of: `"fast"`, `"slow"` (...)": the values the
// arms before a fallback raise handle, or an if-chain compares.
std::string ValuesSolution(const ErrorSite& s, const SiteView& v, nlohmann::json* lines) {
  if (!v.cases.values.empty()) {
    lines->push_back(v.cases.first_line);
    std::string sel = v.shape->selector;
    bool param = v.callable && std::find(v.params.begin(), v.params.end(), sel) != v.params.end();
    std::string list = ValueList(v.cases.values) + " (the cases at " +
                       Lines(v.cases.first_line, v.cases.last_line) +
                       "; any other value reaches line " + std::to_string(s.line) + ")";
    if (param) {
      return "Call " + CallWho(s, v) + " with a `" + sel + "` that is one of: " + list +
             DocumentedAs(v);
    }
    if (ReadsArguments(sel)) {
      return "Give one of: " + ValueList(v.cases.values) + " as `" + sel + "` (the cases at " +
             Lines(v.cases.first_line, v.cases.last_line) + "; any other value reaches line " +
             std::to_string(s.line) + ")";
    }
    // A switch on a local or the library's own state
    // (`ctx->parse_header_state`) is no value the user can choose: "this is
    // the fallback for ..." restated the code as advice (blind grading); the
    // trigger already names the arms. Unless the message itself reports a
    // name it does not know and the cases are names (webpack's "Parsing
    // import.meta.webpackContext options failed. Unknown property ${..}"
    // after a `switch` on the property's name, twenty-ninth grading): the
    // names handled are the ones to use.
    if (ReportsUnknownName(s.message) && AllStringLiterals(v.cases.values)) {
      return "Use one of the names handled for `" + sel + "`: " + list +
             "; the message reports one that is none of them";
    }
    return {};
  }
  // A key the code looks up in a map it defines (constant_values.h), when
  // no argument of the call is it (CheckSolution says that case): the names
  // the map holds are the ones to use.
  if (v.allowed && !v.user_args && v.decisive && ReportsUnknownName(s.message)) {
    lines->push_back(v.allowed->line);
    return "Use one of the names `" + v.allowed->constant + "` holds (line " +
           std::to_string(v.allowed->line) + "): " + Join(v.allowed->values, ", ") +
           "; the check at line " + std::to_string(v.decisive->line) + " raises this for `" +
           v.allowed->operand + "` being none of them";
  }
  std::vector<const PathCondition*> run;
  std::string operand;
  std::vector<std::string> values = ElseChain(s, &run, &operand);
  if (values.empty()) return {};
  lines->push_back(run.front()->line);
  std::string compared =
      "compared at " + (run.size() == 1 ? "line " + std::to_string(run[0]->line)
                                        : Lines(run.front()->line, run.back()->line));
  std::string reach = "; other values reach line " + std::to_string(s.line) + ")";
  std::vector<std::string> reads = VariablesRead(operand);
  bool param = v.callable && v.params_known && !reads.empty() &&
               std::all_of(reads.begin(), reads.end(), [&](const std::string& x) {
                 return std::find(v.params.begin(), v.params.end(), x) != v.params.end();
               });
  // A variable the command line sets (user_control.h): the flag, given one
  // of the values. Its one check at the end of the chain would say that
  // only the last value passes.
  for (const UserControl& c : v.controls) {
    if (param || c.field != operand || !c.way.starts_with("the command-line ")) continue;
    return "Give one of: " + ValueList(values) + " as " + c.way.substr(0, c.way.size() - 1) + "; " +
           compared + reach;
  }
  // Anything but a caller's argument or what the user typed is state the
  // code computed: no advice (see the `case` fallback above).
  if (!param && (!ReadsArguments(operand) || operand.starts_with("typeof "))) return {};
  if (operand.starts_with("typeof ")) {
    return "Call " + CallWho(s, v) + " with a `" + operand.substr(7) +
           "` whose type is one of: " + ValueList(values) + " (" + compared + reach;
  }
  if (param) {
    return "Call " + CallWho(s, v) + " with a `" + operand +
           "` that is one of: " + ValueList(values) + " (" + compared + reach + DocumentedAs(v);
  }
  // A command's own arguments (`c->argv[j]`, `args[1]`, `ARGV[0]`) are what
  // the user typed.
  return "Give one of: " + ValueList(values) + " as `" + operand + "` (" + compared + reach;
}

// The message's own advice, then the deciding check's solution. Checks
// further out are not turned into advice: avoiding them sends the user into
// a different error (an earlier `if` that returns, a branch not taken).
// The bound a limit check compares against, and how the user changes it
// (limit_advice.h); the check is the deciding one, or the condition that set
// the flag it tests.
// An optional member the path needs set (`self.max_lines is not None`)
// that nothing in the repository assigns: only code that sets it itself
// gets there, so the setter of the bound is no fix (click's TextWrapper,
// whose `max_lines` the standard library's class defines and click never
// sets: raising `width` through HelpFormatter changed nothing; nineteenth
// grading 59c3afc4679cce3d).
bool NeedsUnassignedMember(const ErrorSite& s, const SiteView& v, const SetterIndex& index) {
  static const RE2 kSet(R"((?:self|this|@)\.?(\w+) (?:is not None|!= ?null|!== ?null|!= ?nil))");
  static const RE2 kUnset(R"((?:self|this|@)\.?(\w+) (?:is None|== ?null|=== ?null|== ?nil))");
  for (const PathCondition& c : s.conditions) {
    if (&c == v.decisive || c.line > v.decisive->line) continue;
    std::string name;
    if (!RE2::FullMatch(c.expr, c.polarity ? kSet : kUnset, &name)) continue;
    if (index.Find(name, s.file_path).empty()) return true;
  }
  return false;
}

std::optional<LimitAdvice> Limit(const ErrorSite& s, const SiteView& v,
                                 const std::vector<std::string_view>& src, const RepoContext& ctx) {
  if (!v.decisive || !SaysLimit(s.message.Display())) return std::nullopt;
  // The message says the data read is damaged: the value compared came from
  // that data, so there is no value to keep below the bound and no limit to
  // raise (the damaged-data advice says what to do).
  if (v.internal.empty() && !DamagedDataAdvice(s.message.Display()).empty()) return std::nullopt;
  SetterIndex local;
  // The lines need not be views of one buffer (callers may pass any lines).
  if (ctx.setters == nullptr) local.AddLines(s.file_path, src);
  const SetterIndex& index = ctx.setters ? *ctx.setters : local;
  if (NeedsUnassignedMember(s, v, index)) return std::nullopt;
  if (v.origin && v.origin->kind == ValueOrigin::kFlag) {
    return AdviseLimit(v.origin->text, true, v.origin->line, s.file_path, index);
  }
  return AdviseLimit(v.decisive->expr, v.decisive->polarity, v.decisive->line, s.file_path, index);
}

// "Disable `F`: ...": the innermost check around the raise that needs a
// feature switch in one position (feature_flag.h); "" when none does.
std::string FeatureSolution(const ErrorSite& s, const SiteView& v,
                            const std::vector<std::string_view>& src, nlohmann::json* lines) {
  for (auto it = s.conditions.rbegin(); it != s.conditions.rend(); ++it) {
    if (&*it != v.decisive && !UnderCheck(src, it->line, s.line)) continue;
    if (std::optional<FeatureFlag> f = FeatureFlagOf(*it)) {
      lines->push_back(it->line);
      return FeatureFlagAdvice(*f, it->line);
    }
  }
  return {};
}

// "Call `f` with a non-null `x`": the raise line is a null check of a
// parameter of a function the user calls (null_argument.h).
std::string NullArgument(const ErrorSite& s, const SiteView& v,
                         const std::vector<std::string_view>& src) {
  if (!v.callable || s.line < 1 || s.line > static_cast<int>(src.size())) return {};
  std::string name = NullCheckedName(src[s.line - 1]);
  if (name.empty() || std::find(v.params.begin(), v.params.end(), name) == v.params.end()) {
    return {};
  }
  return "Call " + CallWho(s, v) + " with a non-null `" + name + "` (checked at line " +
         std::to_string(s.line) + ")";
}

// The data a reader could not read (parse_input.h), unless the check is
// internal, on the caller's arguments, or the position advice already sent
// the user to the input.
std::string ParseAdvice(const ErrorSite& s, const SiteView& v,
                        const std::vector<std::string_view>& src, const Record& r) {
  if (!v.internal.empty() || (!r.solutions.empty() && r.solutions.back().starts_with("Look at"))) {
    return {};
  }
  // A check on the arguments decides it (`pos < 0` in `parse(date, pos)`):
  // the argument is what to change, not the data.
  if (v.decisive && v.user_args) return {};
  std::string_view line =
      s.line >= 1 && s.line <= static_cast<int>(src.size()) ? src[s.line - 1] : "";
  return ParseInputAdvice(s.error_class, line, s.function, s.message.Display());
}

// Whether a solution already says `rule` ("Specify a gem name. (the
// message's own advice)" and "Specify a gem name (the message's rule)").
bool SaidAlready(const Record& r, const std::string& rule) {
  auto bare = [](std::string t) {
    t = t.substr(0, t.rfind(" (the message's"));
    while (!t.empty() && (t.back() == '.' || t.back() == '!')) t.pop_back();
    return ToLower(t);
  };
  std::string want = bare(rule);
  return std::any_of(r.solutions.begin(), r.solutions.end(),
                     [&](const std::string& s) { return bare(s) == want; });
}

// "Find out why `loader.parseVersion()` fails (called at line 107): the
// `InvalidVersionException` it throws is caught at line 111 and reported
// here", or with the calls of a longer `try` block listed ("Find out which
// of `a()` (line 8) or `b()` (line 9) fails: the `X` caught at line 10
// comes from one of them ..."): which of them throws is decided across
// files (callee_reasons.h). "" when the
// handler is not the deciding check or its block makes no call.
std::string CaughtCallSolution(const SiteView& v, const std::vector<std::string_view>& lines) {
  // A check inside the handler decides more than the catch does.
  if (!v.caught || (v.decisive && !IsCatchClause(*v.decisive) && !v.decisive_outside_catch)) {
    return {};
  }
  TryBlock block = TryBlockOf(lines, v.caught->catch_line, 3);
  // PHP's `unset(..)`, `foreach (..)`: language constructs, no calls.
  std::erase_if(block.calls, [](const TryCall& c) {
    static const std::set<std::string> kConstructs = {
        "unset", "isset", "empty",  "foreach", "list",   "array",  "echo",  "print", "for",
        "while", "if",    "switch", "return",  "sizeof", "typeof", "await", "catch"};
    return kConstructs.count(c.callee) > 0;
  });
  if (block.first == 0 || block.calls.empty()) return {};
  std::string classes = v.caught->classes.empty() ? std::string("error")
                                                  : "`" + Join(v.caught->classes, "` or `") + "`";
  if (block.calls.size() == 1) {
    const TryCall& call = block.calls[0];
    return "Find out why `" + call.callee + "()` fails (called at line " +
           std::to_string(call.line) + "): the " + classes + " it throws is caught at line " +
           std::to_string(v.caught->catch_line) + " and reported here";
  }
  std::vector<std::string> listed;
  for (const TryCall& call : block.calls) {
    listed.push_back("`" + call.callee + "()` (line " + std::to_string(call.line) + ")");
  }
  std::string last = listed.back();
  listed.pop_back();
  return "Find out which of " + Join(listed, ", ") + " or " + last + " fails: the " + classes +
         " caught at line " + std::to_string(v.caught->catch_line) +
         " comes from one of them and is reported here";
}

void Solutions(const ErrorSite& s, const SiteView& v, const std::vector<std::string_view>& src,
               const RepoContext& ctx, Record* r) {
  nlohmann::json lines = nlohmann::json::array();
  // Handled where it is raised: advice on avoiding it would send the user
  // after an error they never see.
  if (v.caught_at && v.handler_return) {
    r->solutions.push_back(
        "Nothing to fix on your side: " + Who(s) + " handles this error itself (caught at line " +
        std::to_string(v.caught_at) + ", " + v.handler_return->text + " at line " +
        std::to_string(v.handler_return->line) + "), so callers never see the message");
    r->provenance["solutions"] = nlohmann::json::array({v.caught_at, v.handler_return->line});
    return;
  }
  for (const std::string& advice : AdviceSentences(s.message.Display())) {
    r->solutions.push_back(advice + " (the message's own advice)");
    lines.push_back(s.line);
  }
  // Where the message points to a page or a document (message_pointer.h).
  for (const std::string& pointer : PointerSentences(s.message.Display())) {
    if (SaidAlready(*r, pointer)) continue;
    r->solutions.push_back(pointer + " (the message's own advice)");
    lines.push_back(s.line);
  }
  // A message that says the state is a bug: reporting it is the advice
  // (an internal check below says so itself).
  if (std::string bug = v.internal.empty() ? BugReportAdvice(s.message.Display(), v.callable) : "";
      !bug.empty()) {
    r->solutions.push_back(bug);
    lines.push_back(s.line);
  }
  // A log or warning line's next line that tells the user what to do.
  if (s.kind == SiteKind::kLog || s.kind == SiteKind::kWarning) {
    for (const NextLineAdvice& a : AdviceAfter(src, s.line, AdviceSentences)) {
      r->solutions.push_back("\u201c" + a.text + "\u201d (the code writes this next, line " +
                             std::to_string(a.line) + ")");
      lines.push_back(a.line);
    }
  }
  // A setting the reporting call reads (config_read.h): its configured value
  // is what is wrong.
  if (std::string callee = ReportingCallee(s);
      !callee.empty() && v.internal.empty() &&
      MissingConfigAdvice(s.message.Display(), s.message_origin_note).empty()) {
    if (std::string key = ConfigKeyArgument(RaiseText(s, src));
        !key.empty() && ReadsConfig(callee)) {
      // A string getter fails only on a key without a value: give it one.
      std::string lead =
          ConfigGetterFailure(callee, s.message.Display()).starts_with("the setting is present")
              ? "Give the setting `" + key + "` a value, or remove it: "
              : "Check the value configured for `" + key + "`: ";
      r->solutions.push_back(lead + callee + " reads it at line " + std::to_string(s.line) +
                             " and reports this when " +
                             ConfigGetterFailure(callee, s.message.Display()));
      lines.push_back(s.line);
    }
  }
  // A configuration key the message says is missing (config_key_advice.h).
  if (std::string key = MissingConfigAdvice(s.message.Display(), s.message_origin_note);
      !key.empty()) {
    r->solutions.push_back(key);
    lines.push_back(s.line);
  }
  // The configuration key a config reader matched before the deciding check.
  bool config_key_set = false;
  if (v.decisive && v.internal.empty()) {
    bool config = false;
    std::optional<MatchedKey> key = MatchedKeyOf(s, v.decisive);
    std::string who = key ? KeyInUserTerms(s, *key, &config) : "";
    std::string pass = config ? DescribeCondition(v.decisive->expr, !v.decisive->polarity) : "";
    if (!pass.empty()) {
      r->solutions.push_back("Set " + who + " to a value for which " + pass + " (checked at line " +
                             std::to_string(v.decisive->line) + "; the key is matched at line " +
                             std::to_string(key->line) + ")");
      lines.push_back(v.decisive->line);
      config_key_set = true;
    }
  }
  // An internal check is said first: advice derived from its condition is
  // about the library's own state, which the user does not set.
  if (!v.internal.empty()) {
    r->solutions.push_back("If you hit this internal check (" + v.internal +
                           "): it guards the library's own state, not a condition its users "
                           "are meant to meet, so hitting it likely means a bug in the library "
                           "or a corrupted state. Report it upstream with the library's version "
                           "and a minimal input that leads here; a newer version may have "
                           "fixed it");
    lines.push_back(s.line);
  }
  std::string failed_call;
  if (v.err_source) failed_call = v.err_source->text.substr(0, v.err_source->text.find(" fails"));
  std::optional<OpenedFile> opened = OpenedBefore(s, src);
  // The OS reason the message carries: what each errno class of the failed
  // call means (os_error_advice.h), instead of a checklist from its words.
  std::string carrier = OsReasonCarrier(s, RaiseText(s, src));
  OsFailure os = carrier.empty() ? OsFailure{} : FindOsFailure(s, src);
  if (carrier.empty()) os.local_socket = LocalSocketIn(s, src);
  std::vector<std::string> os_advice = OsErrorSolutions(carrier, os);
  for (const std::string& a : os_advice) {
    r->solutions.push_back(a);
    lines.push_back(os.line);
  }
  if (!os_advice.empty()) {
    // Said per errno class above.
  } else if (std::string io = IoAdvice(s.message.Display(), s.error_class, failed_call,
                                       opened.has_value(), os.local_socket);
             !io.empty()) {
    r->solutions.push_back(io);
    lines.push_back(v.err_source ? v.err_source->line : s.line);
  } else if (opened && !IoAdvice(s.message.Display(), s.error_class, failed_call).empty()) {
    // The read advice withheld because the file was open: its content is
    // what failed.
    r->solutions.push_back(OpenedFileAdvice(*opened));
    lines.push_back(opened->open_line);
    lines.push_back(opened->used_line);
    if (opened->failed_line) lines.push_back(opened->failed_line);
  }
  if (std::string pos = v.internal.empty() ? PositionAdvice(s.message.Display(), s.function) : "";
      !pos.empty()) {
    r->solutions.push_back(pos);
    lines.push_back(s.line);
  }
  if (std::string parse = ParseAdvice(s, v, src, *r); !parse.empty()) {
    r->solutions.push_back(parse);
    lines.push_back(s.line);
  }
  if (std::string null = NullArgument(s, v, src); !null.empty()) {
    r->solutions.push_back(null);
    lines.push_back(s.line);
  }
  if (std::string damaged = v.internal.empty() ? DamagedDataAdvice(s.message.Display()) : "";
      !damaged.empty()) {
    r->solutions.push_back(damaged);
    lines.push_back(s.line);
  }
  if (std::string map = ErrorMapAdvice(s); !map.empty()) {
    r->solutions.push_back(map);
    lines.push_back(s.line);
  }
  if (BuildAdvice build = AdviseBuild(s.message.Display(), src); !build.text.empty()) {
    r->solutions.push_back(build.text);
    lines.push_back(build.line > 0 ? build.line : s.line);
  }
  if (auto limit = Limit(s, v, src, ctx); limit) {
    r->solutions.push_back(limit->text);
    lines.push_back(v.origin && v.origin->kind == ValueOrigin::kFlag ? v.origin->line
                                                                     : v.decisive->line);
    // The bound's definition or setter: a line of this file, else "file:line".
    if (limit->source.starts_with(s.file_path + ":")) {
      lines.push_back(std::stoi(limit->source.substr(s.file_path.size() + 1)));
    } else if (!limit->source.empty()) {
      lines.push_back(limit->source);
    }
  }
  nlohmann::json values_lines = nlohmann::json::array();
  std::string values = ValuesSolution(s, v, &values_lines);
  // A setting the check reads, unless the limit advice or the values of an
  // if-chain on it already name it.
  for (const UserControl& c : v.controls) {
    if (!r->solutions.empty() &&
        r->solutions.back().find("`" + c.field + "`") != std::string::npos) {
      continue;
    }
    if (values.find("`" + c.field + "`") != std::string::npos) continue;
    r->solutions.push_back("Change `" + c.field + "` with " + c.way + ": the check at line " +
                           std::to_string(v.controls_line) + " " + v.controls_check);
    lines.push_back(v.controls_line);
    if (c.source.starts_with(s.file_path + ":")) {
      lines.push_back(std::stoi(c.source.substr(s.file_path.size() + 1)));
    } else {
      lines.push_back(c.source);
    }
  }
  if (std::string flag = FeatureSolution(s, v, src, &lines); !flag.empty()) {
    r->solutions.push_back(flag);
  }
  // Code compiled only without a feature: the feature is the user's switch.
  if (v.cfg && !v.cfg->enabled && v.internal.empty()) {
    r->solutions.push_back(
        "Enable the Cargo feature `" + v.cfg->feature + "` (in `features` of " +
        "this crate's dependency entry in your Cargo.toml) or do not call " +
        (s.function.empty() ? std::string("this code") : "`" + s.function + "`") +
        " in a build without it: line " + std::to_string(s.line) + " is compiled only when `" +
        v.cfg->feature + "` is off (`" + v.cfg->attribute + "` at line " +
        std::to_string(v.cfg->line) + ")");
    lines.push_back(v.cfg->line);
  }
  if (std::string only = ExclusiveRule(s.message.Display()); !only.empty()) {
    r->solutions.push_back(only);
    lines.push_back(s.line);
  } else if (std::string change = v.decisive && v.decisive->polarity && v.params_known
                                      ? ConflictingSettings(v.decisive->expr, v.params)
                                      : "";
             !change.empty()) {
    // Settings of the function's own arguments that the check refuses
    // together; whoever calls it (the user, or the API they call) passes them.
    r->solutions.push_back("Change one of the settings " +
                           (v.callable ? CallWho(s, v) + " refuses" : std::string("refused")) +
                           " together (the check at line " + std::to_string(v.decisive->line) +
                           "): " + change);
    lines.push_back(v.decisive->line);
  }
  // After a failed call (`err != nil` on what it returned, a caught
  // exception) the message reports that failure.
  bool reports_failure = v.err_source.has_value() || v.caught.has_value() ||
                         (v.decisive && FailedCallOf(*v.decisive, s.message.Display()));
  for (const std::string& rule : MessageRules(s.message.Display(), reports_failure)) {
    if (SaidAlready(*r, rule)) continue;
    r->solutions.push_back(rule);
    lines.push_back(s.line);
  }
  if (std::string state = StateSolution(s, v, src); !state.empty()) {
    r->solutions.push_back(state);
    lines.push_back(v.decisive->line);
  } else if (std::string key = KeySolution(s, v, src); !key.empty()) {
    r->solutions.push_back(key);
    lines.push_back(v.decisive->line);
  } else if (std::string again = AlreadySolution(s, v, src); !again.empty()) {
    r->solutions.push_back(again);
    lines.push_back(v.decisive->line);
  }
  if (v.decisive) {
    std::string fix = CheckSolution(s, v, src, ctx.setters);
    // "Call `f` with arguments for which `x == 'b'` is false" says less
    // than the values the chain handles.
    // Generic advice (an internal call's result) only when nothing specific
    // is said.
    bool generic = fix.starts_with(kGenericSolution) && (!r->solutions.empty() || !values.empty());
    // "Find out why `open()` failed" says less than the errno classes; with
    // none known, the reason the message carries is where to find out.
    generic = generic || (!os_advice.empty() && fix.starts_with("Find out why `"));
    if (!carrier.empty() && os_advice.empty() && fix.starts_with("Find out why `")) {
      fix += ": " + carrier + " says why";
    }
    // The value checked comes from the configuration key said above, not
    // from what a caller passes.
    bool caller_passes = fix.starts_with("Make the call that leads to ");
    if (!fix.empty() && !generic && !(config_key_set && caller_passes) &&
        !(!values.empty() && fix.find(" with arguments for which ") != std::string::npos)) {
      r->solutions.push_back(fix);
      lines.push_back(v.decisive->line);
    }
  }
  if (!values.empty()) {
    r->solutions.push_back(values);
    for (const auto& l : values_lines) lines.push_back(l);
  } else if (v.shape && !v.shape->selector.empty() && v.callable &&
             std::find(v.params.begin(), v.params.end(), v.shape->selector) != v.params.end()) {
    if (!v.shape->accepted_types.empty()) {
      r->solutions.push_back("Call " + CallWho(s, v) + " with a `" + v.shape->selector +
                             "` of a type the cases after line " + std::to_string(v.shape->line) +
                             " handle: " + ValueList(v.shape->accepted_types) +
                             " (any other type reaches line " + std::to_string(s.line) + ")");
    } else {
      r->solutions.push_back("Call " + CallWho(s, v) + " with a `" + v.shape->selector +
                             "` that one of the cases after line " + std::to_string(v.shape->line) +
                             " handles (the rest reach line " + std::to_string(s.line) + ")");
    }
    lines.push_back(v.shape->line);
  } else if (std::string arm =
                 v.shape ? TraitArmSolution(s, v.trait_impl, v.shape->selector, v.shape->line, src)
                         : "";
             !arm.empty()) {
    r->solutions.push_back(arm);
    lines.push_back(v.shape->line);
  } else if (std::string loop = v.shape && v.shape->loop ? LoopSolution(s, v, *v.shape->loop) : "";
             !loop.empty()) {
    r->solutions.push_back(loop);
    lines.push_back(v.shape->loop->check_line);
  }
  // The usage of the command whose handler raises it, when the check reads
  // what the user typed (or the message names a flag of it).
  bool typed = NamesFlag(s.message.Display()) ||
               (v.decisive &&
                ReadsCommandArguments(src, s.function_line, v.decisive->line, v.decisive->expr));
  std::vector<CommandUsage> commands =
      typed ? CommandUsagesOf(src, s.file_path, s.function, s.function_line, ctx.setters)
            : std::vector<CommandUsage>{};
  if (std::string usage =
          CommandUsageAdvice(commands, s.message.Display(), v.decisive ? v.decisive->expr : "",
                             v.decisive ? v.decisive->line : 0);
      !usage.empty()) {
    r->solutions.push_back(usage);
    for (const CommandUsage& c : commands) lines.push_back(c.line);
  }
  // The cause the function's `@throws` sentence or the class's docstring
  // states, when nothing more specific is known (documented_cause.h).
  for (const SourceNote& n : s.notes) {
    if (!r->solutions.empty()) break;
    bool throws = n.origin == "throws-doc";
    if (!throws && n.origin != "class-docstring") continue;
    if (std::string cause = DocumentedCause(n.text); !cause.empty()) {
      std::string whose = "`" + (throws ? LastDotComponent(s.function) : s.error_class) + "`'s";
      r->solutions.push_back(AvoidCause(whose, Lines(n.first_line, n.last_line), cause));
      lines.push_back(n.first_line);
    }
  }
  // A handler of the one call its `try` block makes: that call's failure is
  // what the message reports (the callee's own errors are added across
  // files, callee_reasons.h).
  if (r->solutions.empty()) {
    if (std::string caught = CaughtCallSolution(v, src); !caught.empty()) {
      r->solutions.push_back(caught);
      lines.push_back(v.caught->catch_line);
    }
  }
  if (r->solutions.empty()) {
    // Values only where a hole prints one: an OS reason (`strerror(errno)`)
    // is no value the user gave.
    bool printed = std::any_of(s.message.pieces().begin(), s.message.pieces().end(),
                               [](const Piece& p) { return p.is_hole && !IsOsReasonHole(p.expr); });
    std::string failed = os.name.empty() ? "" : " `" + os.name + "()`";
    r->solutions.push_back(
        std::string(kGenericSolution) +
        (!carrier.empty() ? "read " + carrier + ": it says why the call" + failed +
                                " failed, and so what to fix; " + Where(s) + " reports it"
         : !RenderingOwner(s).empty()
             ? "find where the `" + s.error_class +
                   "` was raised (the stack trace's frames above it) and read the values "
                   "the message prints there; `" +
                   s.error_class + "." + LastDotComponent(s.function) + "` only writes them"
         : printed ? "compare the values printed in the message with what " + Where(s) + " accepts"
                   : "read " + Where(s) + " for what leads to this error") +
        " (line " + std::to_string(s.line) + ")");
    lines.push_back(s.line);
  }
  r->provenance["solutions"] = lines;
}

// Snippet syntax per language family, so that a Go or JavaScript record shows
// Go or JavaScript code. Python is the default.
struct Snippets {
  std::string comment;                        // line comment leader
  std::string (*negate)(const std::string&);  // `not (x)`, `!(x)`
  std::string (*guard)(const std::string& cond, const std::string& body);
  std::string (*handle)(const ErrorSite& s, const std::string& call, const std::string& where);
};

std::string PyNot(const std::string& e) { return "not (" + e + ")"; }
std::string CNot(const std::string& e) { return "!(" + e + ")"; }
std::string PyIf(const std::string& c, const std::string& b) { return "if " + c + ":\n    " + b; }
std::string JsIf(const std::string& c, const std::string& b) {
  return "if (" + c + ") {\n  " + b + "\n}";
}
std::string GoIf(const std::string& c, const std::string& b) {
  return "if " + c + " {\n\t" + b + "\n}";
}
std::string PyHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.kind == SiteKind::kWarning) {
    return "import warnings\nwith warnings.catch_warnings():\n    "
           "warnings.simplefilter(\"error\", " +
           s.error_class + ")\n    " + call;
  }
  return "try:\n    " + call + "\nexcept " + s.error_class + " as exc:\n    ...  # " + where;
}
std::string JsHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  std::string test =
      s.error_code ? "err.code === '" + *s.error_code + "'" : "err instanceof " + s.error_class;
  return "try {\n  " + call + ";\n} catch (err) {\n  if (" + test + ") {\n    // " + where +
         "\n  }\n  throw err;\n}";
}
// `call` is `err := f(...)` or `_, err := f(...)` (see GoErrCall).
std::string GoHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  const std::string& c = s.error_class;
  std::string pre, test = "err != nil";
  if (c.size() > 3 && c.starts_with("Err") && std::isupper(static_cast<unsigned char>(c[3]))) {
    test = "errors.Is(err, " + c + ")";  // a sentinel
  } else if (!c.empty() && c != "panic" && c.find('.') == std::string::npos) {
    pre = "var target *" + c + "\n";
    test = "errors.As(err, &target)";
  }
  std::string body = " {\n\t// " + where + "\n}";
  if (call.starts_with("err := ")) return pre + "if " + call + "; " + test + body;
  return pre + call + "\nif " + test + body;
}

// C++: catch the thrown type; leveldb/absl statuses and C calls are
// checked through their return value.
std::string CppHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  const std::string& c = s.error_class;
  if (s.language == "c") {
    return "if (" + call + " != 0) {\n  /* " + where + " */\n}";
  }
  if (c.starts_with("Status::") || c.starts_with("absl::")) {
    return "auto status = " + call + ";\nif (!status.ok()) {\n  // " + where + "\n}";
  }
  return "try {\n  " + call + ";\n} catch (const " + c + "& e) {\n  // " + where + ": e.what()\n}";
}

std::string JavaHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.error_class.empty()) return "";
  return "try {\n  " + call + ";\n} catch (" + s.error_class + " e) {\n  // " + where + "\n}";
}
std::string KotlinHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.error_class.empty()) return "";
  return "try {\n  " + call + "\n} catch (e: " + s.error_class + ") {\n  // " + where + "\n}";
}
std::string CSharpHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.error_class.empty()) return "";
  return "try\n{\n    " + call + ";\n}\ncatch (" + s.error_class + " e)\n{\n    // " + where +
         "\n}";
}

// Ruby: rescue the class; a warning is not an exception to rescue.
std::string RubyIf(const std::string& c, const std::string& b) {
  return "if " + c + "\n  " + b + "\nend";
}
std::string RubyHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.error_class.empty()) return "";
  return "begin\n  " + call + "\nrescue " + s.error_class + " => e\n  # " + where +
         ": e.message\nend";
}

// PHP: catch the class; a warning from trigger_error is caught by turning
// it into an ErrorException for the call.
std::string PhpHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.kind == SiteKind::kWarning && s.error_class.empty()) {
    return "set_error_handler(static function (int $no, string $msg): bool {\n"
           "    throw new \\ErrorException($msg, 0, $no);\n});\ntry {\n    " +
           call + ";\n} catch (\\ErrorException $e) {\n    // " + where +
           "\n} finally {\n    restore_error_handler();\n}";
  }
  if (s.error_class.empty()) return "";
  return "try {\n    " + call + ";\n} catch (" + s.error_class + " $e) {\n    // " + where +
         ": $e->getMessage()\n}";
}

// Rust: a returned error is matched; a panic is not an error value to
// handle, so it gets no handling snippet (its guard says how to avoid it).
std::string RustHandle(const ErrorSite& s, const std::string& call, const std::string& where) {
  if (s.error_class.empty() || s.error_class == "panic") return "";
  return "match " + call + " {\n    Ok(value) => value,\n    Err(e) => {\n        // " + where +
         ": {e}\n    }\n}";
}

const Snippets& SnippetsFor(const std::string& language) {
  static const Snippets kPython{"#", PyNot, PyIf, PyHandle};
  static const Snippets kJs{"//", CNot, JsIf, JsHandle};
  static const Snippets kGo{"//", CNot, GoIf, GoHandle};
  static const Snippets kRust{"//", CNot, GoIf, RustHandle};
  static const Snippets kCpp{"//", CNot, JsIf, CppHandle};
  static const Snippets kJava{"//", CNot, JsIf, JavaHandle};
  static const Snippets kKotlin{"//", CNot, JsIf, KotlinHandle};
  static const Snippets kRuby{"#", CNot, RubyIf, RubyHandle};
  static const Snippets kCSharp{"//", CNot, JsIf, CSharpHandle};
  static const Snippets kPhp{"//", CNot, JsIf, PhpHandle};
  if (language == "javascript" || language == "typescript") return kJs;
  if (language == "go") return kGo;
  if (language == "rust") return kRust;
  if (language == "c" || language == "cpp") return kCpp;
  if (language == "java") return kJava;
  if (language == "kotlin") return kKotlin;
  if (language == "ruby") return kRuby;
  if (language == "csharp") return kCSharp;
  if (language == "php") return kPhp;
  return kPython;
}

// How a caller names the function: `Class.method(...)` for a static or
// free function, `shard.open(...)` (a receiver named after the class) for an
// instance method, `import path` for module-level code.
std::string CallText(const ErrorSite& s, const std::string& header,
                     const std::string& receiver_form) {
  if (!receiver_form.empty()) return receiver_form + "(...)";
  if (std::string ctor = ConstructorCall(s); !ctor.empty() && s.language != "cpp") return ctor;
  if (s.function.empty()) {
    return s.language == "python" ? "import " + s.file_path
           : s.language == "php"  ? "require '" + s.file_path + "'"
                                  : "load " + s.file_path;
  }
  std::string sep = s.language == "php" ? "::" : ".";
  size_t dot = s.function.rfind(sep);
  // Without a readable header nothing says whether the method is static.
  bool known =
      header.find('(') != std::string::npos || (s.language == "ruby" && header.starts_with("def "));
  bool instance = s.language == "go" ? header.starts_with("func (")
                  : s.language == "python" || s.language == "rust"
                      ? header.find("self") != std::string::npos
                  : s.language == "ruby" ? !header.starts_with("def self.")
                                         : header.find("static ") == std::string::npos;
  if (dot == std::string::npos || !known || !instance || s.language == "c" || s.language == "cpp") {
    return s.function + "(...)";
  }
  std::string cls = LastDotComponent(s.function.substr(0, dot));
  if (size_t scope = cls.rfind("::"); scope != std::string::npos) cls = cls.substr(scope + 2);
  if (cls.empty()) return s.function + "(...)";
  cls[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(cls[0])));
  std::string receiver = s.language == "php" ? "$" + cls + "->" : cls + ".";
  return receiver + s.function.substr(dot + sep.size()) + "(...)";
}

// Go: the call as the caller writes it, from the function's results
// (`(T, error)` -> `_, err := f(...)`); "" when it returns no error.
std::string GoErrCall(const std::string& call, const std::string& tail) {
  if (tail.find("error") == std::string::npos) return {};
  if (!tail.starts_with("(")) return "err := " + call;
  int results = 1 + static_cast<int>(std::count(tail.begin(), tail.end(), ','));
  std::string lhs;
  for (int i = 1; i < results; ++i) lhs += "_, ";
  return lhs + "err := " + call;
}

// The handling code around `call`, a call to a function whose header is
// `header`, for the error `s` raises at `where`; nullopt when nothing fits.
std::optional<std::string> Handling(const ErrorSite& s, const std::string& header, std::string call,
                                    const std::string& where) {
  bool handled = s.kind == SiteKind::kWarning ||
                 (s.kind != SiteKind::kLog && (!s.error_class.empty() || s.language == "go"));
  if (s.language == "go") {
    call = GoErrCall(call, HeaderTail(header));
    handled = handled && s.error_class != "panic" && !call.empty();
  } else if (s.language == "rust") {
    handled = handled && HeaderTail(header).find("Result") != std::string::npos;
  } else if ((s.language == "javascript" || s.language == "typescript") &&
             header.find("async ") != std::string::npos) {
    call = "await " + call;
  }
  if (!handled) return std::nullopt;
  std::string code = SnippetsFor(s.language).handle(s, call, where);
  if (code.empty()) return std::nullopt;
  return code;
}

// Code a user can run: only calls to a function the user may call
// (visibility.h), and a caller-side check only when the deciding check reads
// nothing but its parameters (a check on the callee's locals would not
// compile at the call).
void CodeFields(const ErrorSite& s, const SiteView& v, Record* r) {
  const Snippets& lang = SnippetsFor(s.language);
  const std::string& cm = lang.comment;
  std::string where = s.file_path + ":" + std::to_string(s.line);
  for (const std::string& flag : FlagsIn(s.message.Display())) {
    r->prevention_tips.push_back("Check how `" + flag + "` is set before launching");
  }
  // Creating an exception raises nothing: no try/catch around the
  // constructor's call (twenty-third grading, poetry's `IncorrectEnvError`).
  if (!v.callable || v.caught_at || !v.constructed_class.empty()) return;
  // An internal check is not the caller's to validate or catch: a try/catch
  // around the call read as an error to expect (twenty-fifth grading).
  if (!v.internal.empty()) return;
  const std::string& header = v.header;
  std::string call = CallText(s, header, v.receiver_form);
  const PathCondition* d = v.decisive;
  if (d && v.on_params) {
    std::string guard = d->polarity ? d->expr : lang.negate(d->expr);
    r->validation_code =
        cm + " errdex: " + where + " raises when this holds\n" +
        lang.guard(guard, "...  " + cm + " adjust the inputs before calling " + call);
    r->example_fix = cm + " before: reaches " + where + "\n" + call + "\n" + cm +
                     " after: check first\n" + lang.guard(guard, "...  " + cm + " fix the inputs") +
                     "\n" + call;
    r->prevention_tips.insert(r->prevention_tips.begin(), "Reject inputs for which `" + guard +
                                                              "` holds before calling " + call);
  }
  // An error handed to the caller's callback is never thrown: the sample
  // is that callback's check, or none (twenty-fourth grading, webpack's
  // validateDependencies wrapped in a try/catch that could never fire).
  if (!v.passed_to.empty()) {
    r->try_catch_pattern = CallbackHandling(s.language, call, v.params, v.passed_to, where);
    return;
  }
  r->try_catch_pattern = Handling(s, header, call, where);
}

void Tags(const ErrorSite& s, const std::string& type, Record* r) {
  std::set<std::string> seen;
  auto add = [&](std::string t) {
    if (!t.empty() && seen.insert(t).second) r->tags.push_back(t);
  };
  add(s.language);
  add(type);
  if (!s.error_class.empty()) add(Kebab(s.error_class));
  for (const std::string& f : FlagsIn(s.message.Display())) add(f.substr(2));
  // The directories that name the area of the code (`weight_cache`).
  std::vector<std::string_view> parts;
  std::string_view p = s.file_path;
  size_t slash;
  while ((slash = p.find('/')) != std::string_view::npos) {
    parts.push_back(p.substr(0, slash));
    p.remove_prefix(slash + 1);
  }
  if (!parts.empty()) add(Kebab(parts.back()));
}

nlohmann::json ConditionsJson(const ErrorSite& s) {
  nlohmann::json out = nlohmann::json::array();
  for (const PathCondition& c : s.conditions) {
    out.push_back({{"expr", c.expr}, {"polarity", c.polarity}, {"line", c.line}});
  }
  return out;
}

nlohmann::json NotesJson(const ErrorSite& s) {
  nlohmann::json out = nlohmann::json::array();
  for (const SourceNote& n : s.notes) {
    out.push_back({{"text", n.text},
                   {"firstLine", n.first_line},
                   {"lastLine", n.last_line},
                   {"origin", n.origin}});
  }
  return out;
}

// A source line longer than this (minified or generated code, one huge
// literal) is cut in the window, at a UTF-8 boundary, with " …" after it:
// the window shows where the raise is, not the whole line.
constexpr size_t kMaxWindowLineBytes = 2000;

void SourceWindow(const ErrorSite& s, const std::vector<std::string_view>& lines, Record* r) {
  int n = static_cast<int>(lines.size());
  r->source_code_start = std::max(1, s.line - kWindow);
  r->source_code_end = std::max(r->source_code_start, std::min(n, s.line + kWindow));
  std::string code;
  for (int i = r->source_code_start; i <= r->source_code_end && i <= n; ++i) {
    if (i > r->source_code_start) code += '\n';
    std::string_view line = lines[i - 1];
    if (line.size() <= kMaxWindowLineBytes) {
      code += line;
      continue;
    }
    size_t cut = kMaxWindowLineBytes;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    code += line.substr(0, cut);
    code += " \u2026";
  }
  r->source_code = code;
}

// `not x` is false  ->  `x` is true, when `x` is one operand (no top-level
// `and`/`or`), so that triggers read positively.
PathCondition Simplify(PathCondition c) {
  while (c.expr.rfind("not ", 0) == 0) {
    std::string rest = c.expr.substr(4);
    if (rest.find(" and ") != std::string::npos || rest.find(" or ") != std::string::npos ||
        rest.find(" if ") != std::string::npos) {
      break;
    }
    c.expr = rest;
    c.polarity = !c.polarity;
  }
  return c;
}

}  // namespace

bool SiteCallable(const ErrorSite& site, const std::vector<std::string_view>& lines) {
  return ViewOf(site, lines).callable;
}

EntryCall CallOfEntry(const ErrorSite& site, const Hop& entry) {
  ErrorSite e = site;
  e.function = entry.function;
  e.file_path = entry.file;
  e.function_line = entry.def_line;
  EntryCall out;
  if (entry.function.empty() || entry.header.find('(') == std::string::npos) return out;
  std::string receiver;
  if (e.language == "javascript" || e.language == "typescript") {
    std::string owner = PrototypeOwner(entry.header);
    if (!owner.empty()) receiver = LowerFirst(owner) + "." + LastDotComponent(entry.function);
  } else if (e.language == "cpp" || e.language == "c") {
    // The call index knows the class of a member; a `Q::f` without one is
    // a namespace's function.
    size_t last = entry.function.rfind("::");
    std::string name = last == std::string::npos ? entry.function : entry.function.substr(last + 2);
    size_t scope = entry.cls.rfind("::");
    std::string cls = scope == std::string::npos ? entry.cls : entry.cls.substr(scope + 2);
    if (!cls.empty() && name == cls) return out;  // a constructor: `Q q(...)`, not a call
    if (!cls.empty() && !ContainsIdentifier(entry.header, "static"))
      receiver = LowerFirst(cls) + "." + name;
  }
  out.call = CallText(e, entry.header, receiver);
  out.handling =
      Handling(site, entry.header, out.call, site.file_path + ":" + std::to_string(site.line));
  return out;
}

namespace {

// The arguments of the call to `name` on `line` ("" when it is not there
// or its parentheses do not close on the line).
std::optional<std::vector<std::string>> CallArgs(std::string_view line, const std::string& name) {
  for (size_t at = line.find(name + "("); at != std::string_view::npos;
       at = line.find(name + "(", at + 1)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_')) {
      continue;
    }
    std::vector<std::string> args(1);
    int depth = 0;
    for (size_t i = at + name.size(); i < line.size(); ++i) {
      char c = line[i];
      if (c == '(' || c == '[' || c == '{') {
        if (depth++ == 0) continue;
      } else if (c == ')' || c == ']' || c == '}') {
        if (--depth == 0) {
          for (std::string& a : args) a = std::string(Trim(a));
          if (args.size() == 1 && args[0].empty()) args.clear();
          return args;
        }
      } else if (c == ',' && depth == 1) {
        args.emplace_back();
        continue;
      }
      args.back() += c;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

bool Identifier(const std::string& x) {
  return !x.empty() && !std::isdigit(static_cast<unsigned char>(x[0])) &&
         std::all_of(x.begin(), x.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
         });
}

// `expr` with each whole identifier in `names` replaced.
std::string Rename(const std::string& expr, const std::map<std::string, std::string>& names) {
  std::string out;
  for (size_t i = 0; i < expr.size();) {
    char c = expr[i];
    bool start = (std::isalpha(static_cast<unsigned char>(c)) || c == '_') &&
                 (i == 0 || !(std::isalnum(static_cast<unsigned char>(expr[i - 1])) ||
                              expr[i - 1] == '_' || expr[i - 1] == '.'));
    if (!start) {
      out += c;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < expr.size() &&
           (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_')) {
      ++j;
    }
    std::string word = expr.substr(i, j - i);
    auto it = names.find(word);
    out += it == names.end() ? word : it->second;
    i = j;
  }
  return out;
}

}  // namespace

std::string CallerArgumentState(const ErrorSite& site, const std::vector<std::string_view>& lines,
                                const Hop& caller) {
  if (caller.file != site.file_path || caller.call_line < 1 ||
      caller.call_line > static_cast<int>(lines.size())) {
    return {};
  }
  ErrorSite s = site;
  for (PathCondition& c : s.conditions) c = Simplify(c);
  DropConditionsBeforeJumpTarget(lines, &s);
  SiteView v = ViewOf(s, lines);
  if (!v.decisive || !v.on_params || IsCatchClause(*v.decisive)) return {};
  std::optional<std::vector<std::string>> args =
      CallArgs(lines[caller.call_line - 1], LastDotComponent(s.function));
  std::vector<std::string> outer = ParameterNames(caller.header, s.language);
  if (!args) return {};
  std::map<std::string, std::string> names;
  for (const std::string& x : v.reads) {
    auto p = std::find(v.params.begin(), v.params.end(), x);
    size_t i = static_cast<size_t>(p - v.params.begin());
    if (x == "arguments" || i >= args->size()) return {};
    const std::string& arg = (*args)[i];
    // Passed straight through: the caller's own parameter, unchanged.
    if (!Identifier(arg) || std::find(outer.begin(), outer.end(), arg) == outer.end()) return {};
    names[x] = arg;
  }
  PathCondition c = *v.decisive;
  c.expr = Rename(c.expr, names);
  std::string d = DescribeCondition(c.expr, c.polarity);
  return (d.empty() ? ConditionText(c) : d) + " (checked at line " + std::to_string(c.line) + ")";
}

ParameterCheck DecisiveParameters(const ErrorSite& site,
                                  const std::vector<std::string_view>& lines) {
  ErrorSite s = site;
  for (PathCondition& c : s.conditions) c = Simplify(c);
  DropConditionsBeforeJumpTarget(lines, &s);
  SiteView v = ViewOf(s, lines);
  if (!v.decisive || !v.on_params || IsCatchClause(*v.decisive)) return {};
  std::vector<std::string> params;
  for (const std::string& x : v.reads) {
    // A cancellation token or context handed on to a call is plumbing: it
    // does not decide the check (`await MatchAsync("new", cancellationToken)`).
    if (x == "arguments" || x == "cancellationToken" || x == "cancellation_token" || x == "ctx") {
      continue;
    }
    params.push_back(x);
  }
  if (params.empty()) return {};
  return {params, v.decisive->line};
}

namespace {

// The line, between `from` and `to` (exclusive), that declares `name` as a
// local: a typed or `var`/`let`/`val`/`const`/`auto` declaration, Go's
// `name :=`, or a Python assignment at the start of a statement; 0 if none.
int LocalDeclaration(const std::vector<std::string_view>& lines, const std::string& name, int from,
                     int to, const std::string& language) {
  const std::string n = RE2::QuoteMeta(name);
  const std::string typed = language == "python" || language == "ruby"
                                ? R"(^\s*)" + n + R"(\s*=[^=])"
                                : R"((?:^|[\s(])(?:[\w$<>\[\],?]+\s+)+)" + n + R"(\s*(?:=[^=]|:=))";
  const RE2 decl(typed);
  const RE2 go(R"((?:^|[\s,])\s*)" + n + R"(\s*:=)");
  for (int l = std::max(from, 1); l < to && l <= static_cast<int>(lines.size()); ++l) {
    std::string_view line = lines[l - 1];
    std::string_view code = Trim(line);
    if (code.starts_with("//") || code.starts_with("#") || code.starts_with("*")) continue;
    if (RE2::PartialMatch(line, decl) || RE2::PartialMatch(line, go)) return l;
  }
  return 0;
}

}  // namespace

BuiltArguments CallerBuiltArguments(const ErrorSite& site,
                                    const std::vector<std::string_view>& lines,
                                    const std::vector<CallChain>& chains) {
  ParameterCheck p = DecisiveParameters(site, lines);
  if (p.params.empty() || chains.empty()) return {};
  if (site.function_line < 1) return {};
  std::vector<std::string> all =
      ParameterNames(HeaderText(lines, site.function_line), site.language);
  std::string caller;
  std::vector<std::string> parts;
  for (const CallChain& chain : chains) {
    if (chain.hops.size() < 2) return {};
    const Hop& h = chain.hops[chain.hops.size() - 2];
    if (h.file != site.file_path || h.function.empty() || h.call_line < 1 ||
        h.call_line > static_cast<int>(lines.size()) || (!caller.empty() && caller != h.function)) {
      return {};
    }
    caller = h.function;
    std::optional<std::vector<std::string>> args =
        CallArgs(lines[h.call_line - 1], LastDotComponent(site.function));
    std::vector<std::string> outer = ParameterNames(h.header, site.language);
    if (!args || args->size() != all.size()) return {};
    parts.clear();
    for (const std::string& x : p.params) {
      auto at = std::find(all.begin(), all.end(), x);
      if (at == all.end()) return {};
      const std::string& arg = (*args)[static_cast<size_t>(at - all.begin())];
      if (!Identifier(arg) || std::find(outer.begin(), outer.end(), arg) != outer.end()) return {};
      int decl = LocalDeclaration(lines, arg, h.def_line + 1, h.call_line, site.language);
      if (decl == 0) return {};
      // `List parts = names;` only renames the caller's own argument.
      std::string_view rhs = lines[decl - 1];
      rhs = Trim(rhs.substr(rhs.find('=') + 1));
      if (rhs.ends_with(";")) rhs.remove_suffix(1);
      if (std::find(outer.begin(), outer.end(), std::string(rhs)) != outer.end()) return {};
      parts.push_back("`" + arg + "` (line " + std::to_string(decl) + ")");
    }
  }
  return {"`" + caller + "` builds the " + Join(parts, ", ") + " it passes itself", caller,
          p.params};
}

// Whether `sentence` opens with an advice verb and gives advice: not a note
// ("Please note that ..."), and not a description of the failed action
// ("Set JArray values with invalid key value: {0}", "Check failed: x").
bool AdviceSentence(const std::string& sentence, const std::vector<std::string>& verbs) {
  std::string lower = ToLower(sentence);
  const std::string* verb = nullptr;
  for (const std::string& v : verbs) {
    if (lower.rfind(v, 0) == 0 &&
        (lower.size() == v.size() || lower[v.size()] == ' ' || lower[v.size()] == ':')) {
      verb = &v;
      break;
    }
  }
  if (verb == nullptr) return false;
  if (lower.starts_with("please note") || lower.starts_with("please also note")) return false;
  if (*verb == "did you mean" || *verb == "perhaps you meant" || *verb == "maybe you meant" ||
      *verb == "make sure" || *verb == "ensure" || *verb == "please") {
    return true;
  }
  for (const char* w : {"invalid", "failed", "unable", "unexpected", "error"}) {
    if (ContainsIdentifier(lower, w)) return false;
  }
  return true;
}

// The advice in a clause after the statement: "Transaction is not started
// yet, start transaction before committing", "type %s not supported by
// default: add Module "%s" to enable handling", "no commit message specified
// (use "--allow-empty-message")", "localforage is not defined - please
// import localforage.js". The clause, capitalised, or "".
std::string AdviceClause(const std::string& sentence, const std::vector<std::string>& verbs) {
  // "start" only after a comma: "Bad range: start offset larger than end
  // offset" names a thing.
  static const std::vector<std::string> kComma = {
      "use ",      "pass ",   "provide ", "specify ", "check ",   "make sure ",
      "ensure ",   "try ",    "run ",     "install ", "upgrade ", "consider ",
      "please ",   "call ",   "start ",   "enable ",  "disable ", "remove ",
      "increase ", "reduce ", "set ",     "add ",     "drop ",    "configure "};
  // An em or en dash sets the advice off as a plain hyphen does ("... is
  // now derivable from the IDL — drop it from SUPPLEMENT").
  for (const char* sep : {", ", ": ", " (", " - ", " \u2014 ", " \u2013 ", "\u2014"}) {
    for (size_t at = sentence.find(sep); at != std::string::npos; at = sentence.find(sep, at + 1)) {
      std::string clause = sentence.substr(at + std::string_view(sep).size());
      // The parenthesis's own text: "(use X instead)".
      if (sep == std::string_view(" (")) {
        size_t close = clause.find(')');
        if (close == std::string::npos) continue;
        clause = clause.substr(0, close);
      }
      // "Invalid argument: Must call Finish() before NewIterator()".
      if (ToLower(clause).starts_with("must ") && !ToLower(clause).starts_with("must start")) {
        clause = clause.substr(5);
      }
      std::string lc = ToLower(clause);
      bool verb = std::any_of(kComma.begin(), kComma.end(), [&](const std::string& v) {
        return lc.starts_with(v) && (v != "start " || sep == std::string_view(", "));
      });
      if (!verb || !AdviceSentence(clause, verbs)) continue;
      clause[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(clause[0])));
      return clause;
    }
  }
  return {};
}

// "You may want to specify users ...", "To fix this error run: chmod ...":
// the advice after a lead that only introduces it, or the sentence itself.
std::string WithoutAdviceLead(const std::string& sentence) {
  std::string lower = ToLower(sentence);
  for (const char* lead :
       {"you may want to ", "you might want to ", "you should ", "you need to ", "you have to ",
        "you must ", "you can also ", "you may also ", "you can ", "to fix this error, ",
        "to fix this error ", "to fix this, ", "to fix this ", "to fix it, ", "to fix it ",
        // "It is recommended that you run `composer update`", "Alternatively
        // you can use --bump-after-update=dev ...", "Must call Finish()
        // before NewIterator()": the instruction after them.
        "it is recommended that you ", "it is recommended to ", "we recommend that you ",
        "we recommend you ", "alternatively, you can ", "alternatively you can ",
        "you will need to ", "you'll need to ", "you probably need to ", "must "}) {
    if (lower.starts_with(lead)) {
      // "Must start with 0x" is said of the input, not to the user.
      if (lead == std::string_view("must ") && lower.starts_with("must start")) break;
      std::string rest = sentence.substr(std::string_view(lead).size());
      if (rest.empty()) break;
      rest[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0])));
      return rest;
    }
  }
  return sentence;
}

// "If you are sure migrations are not running you can release the lock
// manually by running 'knex migrate:unlock'": advice under a condition,
// kept whole ("If ..., release ...") since the condition says when it
// applies. After a modal ("you can") any verb is advice; after a bare comma
// the clause must open with an advice verb. "" when `sentence` is not one.
std::string ConditionalAdvice(const std::string& sentence, const std::vector<std::string>& verbs) {
  std::string lower = ToLower(sentence);
  // "When ElementPath is not null you must use it instead" is as much a
  // condition as "If ...".
  if (!lower.starts_with("if ") && !lower.starts_with("when ")) return {};
  for (std::string_view modal :
       {" you can ", " you may ", " you should ", " you need to ", " you must ", ", ", " then "}) {
    // The condition has words of its own ("If you need to parse ..., please
    // use ..." is not "If, parse ...").
    size_t at = lower.find(modal, 3);
    if (at == std::string::npos) continue;
    std::string rest = sentence.substr(at + modal.size());
    if (rest.empty()) continue;
    bool bare = modal == ", " || modal == " then ";
    // "If end is specified then start must be specified also" states a
    // rule on `start`, a noun here: no instruction.
    std::string lrest = ToLower(rest);
    if (lrest.find(" must ") != std::string::npos || lrest.find(" should ") != std::string::npos) {
      continue;
    }
    if (bare ? !AdviceSentence(rest, verbs) : !AdviceSentence("use " + rest, verbs)) {
      continue;
    }
    std::string cond = sentence.substr(0, at);
    if (cond.ends_with(",")) cond.pop_back();
    rest[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(rest[0])));
    return cond + ", " + rest;
  }
  return {};
}

// A line ending in a colon introduces the next one ("run:\n\n\tchmod 0600
// path"): they are read as one sentence.
std::string JoinIntroducedLines(const std::string& message) {
  std::string out;
  for (size_t i = 0; i < message.size(); ++i) {
    out += message[i];
    if (message[i] != ':' || i + 1 >= message.size() || message[i + 1] != '\n') continue;
    size_t j = i + 1;
    while (j < message.size() && (message[j] == '\n' || message[j] == '\t' || message[j] == ' ')) {
      ++j;
    }
    if (j == message.size()) break;
    out += ' ';
    i = j - 1;
  }
  return out;
}

std::vector<std::string> AdviceSentences(const std::string& text) {
  static const std::vector<std::string> kVerbs = {"disable",
                                                  "enable",
                                                  "use",
                                                  "set",
                                                  "omit",
                                                  "remove",
                                                  "install",
                                                  "pass",
                                                  "provide",
                                                  "specify",
                                                  "check",
                                                  "make sure",
                                                  "ensure",
                                                  "try",
                                                  "run",
                                                  "add",
                                                  "upgrade",
                                                  "downgrade",
                                                  "consider",
                                                  "please",
                                                  "increase",
                                                  "decrease",
                                                  "reduce",
                                                  "drop",
                                                  "switch",
                                                  "call",
                                                  "update",
                                                  "change",
                                                  "rename",
                                                  "delete",
                                                  "restart",
                                                  "start",
                                                  "unset",
                                                  "export",
                                                  "choose",
                                                  "select",
                                                  "did you mean",
                                                  "perhaps you meant",
                                                  "maybe you meant",
                                                  "reset",
                                                  "configure",
                                                  "override"};
  const std::string message = JoinIntroducedLines(text);
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= message.size(); ++i) {
    bool end = i == message.size() ||
               ((message[i] == '.' || message[i] == '!' || message[i] == '?' || message[i] == ';' ||
                 message[i] == '\n') &&
                (i + 1 == message.size() || message[i + 1] == ' ' || message[i + 1] == '\n'));
    if (!end) continue;
    std::string sentence =
        WithoutAdviceLead(std::string(Trim(std::string_view(message).substr(start, i - start))));
    start = i + 1;
    std::string tail = i < message.size() && message[i] != ':' && message[i] != '\n'
                           ? std::string(1, message[i])
                           : ".";
    if (AdviceSentence(sentence, kVerbs)) {
      out.push_back(sentence + tail);
      continue;
    }
    if (std::string c = ConditionalAdvice(sentence, kVerbs); !c.empty()) {
      out.push_back(c + tail);
      continue;
    }
    if (std::string clause = AdviceClause(sentence, kVerbs); !clause.empty()) {
      out.push_back(clause + tail);
      continue;
    }
    if (std::string shaped = ShapedAdvice(sentence); !shaped.empty()) out.push_back(shaped + tail);
  }
  return out;
}

Record BuildRecord(const ErrorSite& site, const std::vector<std::string_view>& lines,
                   const RepoContext& ctx) {
  ConditionLanguage condition_language(site.language);
  // Only where classes hold such code: a C or Rust raise outside a
  // function the extractor read is in a function it missed.
  const bool script = site.language == "javascript" || site.language == "typescript";
  const std::string construct = !site.function.empty() ? ""
                                : site.language == "kotlin" || site.language == "java"
                                    ? EnclosingConstruct(lines, site.line)
                                : script ? EnclosingAnonymousFunction(lines, site.line)
                                         : "";
  struct ConstructScope {
    explicit ConstructScope(const std::string* c) : saved(g_construct) { g_construct = c; }
    ~ConstructScope() { g_construct = saved; }
    const std::string* saved;
  } construct_scope(&construct);
  ErrorSite s = site;
  for (PathCondition& c : s.conditions) c = Simplify(c);
  DropConditionsBeforeJumpTarget(lines, &s);
  Record r;
  r.repo = ctx.repo;
  r.error_message = s.message.Display();
  if (r.error_message.empty()) r.error_message = s.error_class.empty() ? "error" : s.error_class;
  r.error_code = s.error_code;
  r.id = RecordId(ctx.repo, s.error_code, r.error_message, s.file_path);
  r.message_pattern = s.message.Pattern();
  r.error_type = ErrorType(s);
  r.error_class = s.error_class;
  r.http_status = s.http_status;
  r.severity = s.severity;
  r.file_path = s.file_path;
  r.line_number = s.line;
  SourceWindow(s, lines, &r);
  r.github_url = GithubUrl(ctx.repo, ctx.sha, s.file_path, r.source_code_start, r.source_code_end);
  SiteView view = ViewOf(s, lines, ctx);
  AddOrigin(s, lines, &view);
  if (view.decisive) {
    view.not_arguments = UnpassedState(OwnState(view), view.decisive->expr, lines, s.function_line,
                                       view.decisive->line, view.callable);
  }
  if (view.shape && !view.shape->selector.empty()) {
    view.cases = ArmValues(lines, view.shape->line, s.line);
  }
  AddParamDocs(s, lines, &view);
  AddControls(s, lines, ctx, &view);
  Documentation(s, view, &r);
  Triggers(s, view, lines, &r);
  // Situations need evidence (callers, options: explain.cc); "when code
  // calls F" says nothing the trigger does not.
  if (!s.handed_to.empty()) {
    r.common_situations = "When `" + s.handed_to + "()` reports the text it is given at line " +
                          std::to_string(s.line) + ".";
    r.provenance["commonSituations"] = {s.line};
  } else if (!view.package_value.empty()) {
    // A sentinel is declared at module level, not raised there: it reaches
    // users where a function returns it or hands it to a callback
    // (twenty-second grading: "when jserrors.go is imported or run").
    if (!view.sentinel_returns.empty()) {
      r.common_situations = "When a function of the package returns it: " + view.sentinel_returns;
      r.provenance["commonSituations"] = {s.line};
    }
  } else if (s.function.empty() && !NoFileLevelCode(s)) {
    r.common_situations = "When " + s.file_path + " is imported or run (module-level code, line " +
                          std::to_string(s.line) + ").";
    r.provenance["commonSituations"] = {s.line};
  }
  Solutions(s, view, lines, ctx, &r);
  {
    // The sample catches the class as the user's code spells it.
    ErrorSite caught = s;
    caught.error_class = CatchClass(s, lines);
    CodeFields(caught, view, &r);
  }
  r.handling_strategy = HandlingStrategy(r.error_type);
  Tags(s, r.error_type, &r);
  r.background_tag = s.error_class.empty() ? r.error_type : Kebab(s.error_class);
  r.analyzed_sha = ctx.sha;
  r.analyzed_at = ctx.analyzed_at;
  r.language = s.language;
  r.kind = SiteKindName(s.kind);
  r.function = s.function;
  r.message_from = s.message_from;
  for (const Piece& p : s.message.pieces()) {
    if (p.is_hole) r.holes.push_back({p.text, p.expr});
  }
  r.message_opaque = s.message_opaque;
  r.conditions = ConditionsJson(s);
  r.notes = NotesJson(s);
  r.provenance["errorMessage"] = MessageProvenance(s);
  if (IsDeprecationNote(s)) DescribeDeprecation(s, &r);
  return r;
}

std::vector<Record> FinalizeRecords(std::vector<Record> records) {
  std::stable_sort(records.begin(), records.end(), [](const Record& a, const Record& b) {
    return std::tie(a.file_path, a.line_number) < std::tie(b.file_path, b.line_number);
  });
  std::vector<Record> out;
  std::unordered_map<std::string, size_t> by_id;
  for (Record& r : records) {
    auto it = by_id.find(r.id);
    if (it != by_id.end()) {
      Record& first = out[it->second];
      // A log line that repeats the message of a raise a line later describes
      // the same error; the raise (class, conditions) makes the better record.
      if (first.kind == "log" && r.kind != "log") {
        r.other_lines = std::move(first.other_lines);
        r.other_lines.push_back(first.line_number);
        first = std::move(r);
      } else {
        first.other_lines.push_back(r.line_number);
      }
      std::sort(first.other_lines.begin(), first.other_lines.end());
      continue;
    }
    by_id.emplace(r.id, out.size());
    out.push_back(std::move(r));
  }
  AssignUniqueSlugs(&out);
  return out;
}

const char* SiteKindName(SiteKind kind) {
  switch (kind) {
    case SiteKind::kRaise:
      return "raise";
    case SiteKind::kAssert:
      return "assert";
    case SiteKind::kHttp:
      return "http";
    case SiteKind::kWarning:
      return "warning";
    case SiteKind::kLog:
      return "log";
  }
  return "raise";
}

}  // namespace errdex
