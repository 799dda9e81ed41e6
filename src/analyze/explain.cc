// Explain (see explain.h). Sentences are assembled from resolved facts; a
// field the facts say nothing about keeps what BuildRecord wrote.
#include "analyze/explain.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "analyze/catch_class.h"
#include "analyze/cfg_feature.h"
#include "analyze/cli_command.h"
#include "analyze/deprecation.h"
#include "analyze/fallback_route.h"
#include "analyze/internal_check.h"
#include "analyze/record_builder.h"
#include "analyze/site_shape.h"
#include "analyze/visibility.h"
#include "util/text.h"

namespace errdex {
namespace {

std::string Code(const std::string& s) { return "`" + s + "`"; }
std::string At(const std::string& file, int line) { return file + ":" + std::to_string(line); }

bool Given(const OptionCondition& o) { return !o.cli.empty(); }

// "with `--a`" x2 -> "with both `--a` and `--b`".
std::string LaunchPhrase(const std::vector<OptionCondition>& options) {
  std::vector<std::string> states;
  for (const OptionCondition& o : options) states.push_back(o.state);
  if (states.size() == 2 && states[0].starts_with("with `") && states[1].starts_with("with `")) {
    return "Launching with both " + states[0].substr(5) + " and " + states[1].substr(5);
  }
  std::string last = states.back();
  states.pop_back();
  return "Launching " + (states.empty() ? last : Join(states, ", ") + " and " + last);
}

// "Raised when `quant_method` is not one of: 'fp8', '' (...)."
std::string AllowlistTriggers(const ErrorSite& s, const SiteFacts& f, Record* r) {
  std::string out;
  for (const Allowlist& a : f.allowlists) {
    out += "Raised when " + Code(a.operand) + " is not one of: " + Join(a.values, ", ") + " (" +
           Code(a.constant) + ", " + At(a.file, a.line) + "). ";
    // An imported constant's line is in its own module.
    if (a.file == s.file_path) {
      r->provenance["triggerScenarios"].push_back(a.line);
    } else {
      r->provenance["triggerScenarios"].push_back(At(a.file, a.line));
    }
    r->provenance["triggerScenarios"].push_back(a.check_line);
  }
  return out;
}

// "It can be reached by calling the public `pkg.load` (pkg/api.py:12)." when every
// chain that reaches the public API starts at the same function.
std::string PythonPublicEntry(const SiteFacts& f, Record* r) {
  const Hop* entry = nullptr;
  for (const CallChain& chain : f.chains) {
    if (!chain.public_api) continue;
    const Hop& h = chain.hops.front();
    if (entry && (entry->function != h.function || entry->file != h.file)) return {};
    entry = &h;
  }
  if (!entry || entry->function.empty() || f.ambiguous.count(ShortName(entry->function))) return {};
  r->provenance["triggerScenarios"].push_back(At(entry->file, entry->def_line));
  return " It can be reached by calling the public " + Code(entry->function) + " (" +
         At(entry->file, entry->def_line) + ").";
}

// The call index's entry points (resolve/call_index.h): "It is reached from
// the public `Parser.parse` (src/parser.ts:120) and from `Cli.run` (...)."
// "the public" only where the caller's header says so; a chain that found
// no such caller names its outermost function. The hops themselves are in
// commonSituations.
// "Whether a call gets to line 1737 depends on the `oid` it passes (checked
// at line 1731)" when the deciding check reads only parameters: a caller
// found by name may pass what leads to another branch; "" otherwise.
std::string ArgumentDependence(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  ParameterCheck p = DecisiveParameters(s, lines);
  if (p.params.empty()) return {};
  return "Whether a call gets to line " + std::to_string(s.line) + " depends on the " +
         Code(Join(p.params, "`, `")) + " it passes (checked at line " + std::to_string(p.line) +
         ")";
}

std::string IndexedEntries(const SiteFacts& f, const CallChain* named, const std::string& depends,
                           Record* r) {
  std::vector<std::string> names;
  for (const CallChain& chain : f.chains) {
    const Hop& h = chain.hops.front();
    if (h.function.empty() || &chain == named) continue;
    std::string where = At(h.file, h.def_line);
    names.push_back((chain.public_api ? "the public " : "") + Code(h.function) + " (" + where +
                    ")");
    r->provenance["triggerScenarios"].push_back(where);
  }
  if (names.empty()) return {};
  if (!depends.empty()) {
    return std::string(named ? " It is also called on the way from "
                             : " It is called on the way from ") +
           Join(names, ", from ") + ". " + depends + ".";
  }
  return std::string(named ? " It is also reached from " : " It is reached from ") +
         Join(names, ", from ") + ".";
}

// `named`: the chain the trigger already leads with (ThroughPublicCaller).
std::string PublicEntry(const ErrorSite& s, const SiteFacts& f, const CallChain* named,
                        const std::string& depends, Record* r) {
  if (s.language == "python") return named ? "" : PythonPublicEntry(f, r);
  return IndexedEntries(f, named, depends, r);
}

// A Display impl's text is shown where the value is built: name those places.
void Constructions(const SiteFacts& f, Record* r) {
  const std::string kVague = "the error itself comes from the code that creates that value.";
  std::string& t = r->trigger_scenarios;
  if (f.constructions.empty() || !t.ends_with(kVague)) return;
  std::vector<std::string> places;
  for (const Hop& h : f.constructions) {
    // `Clone` copies a value that was made elsewhere: it is no cause.
    if (h.function == "clone" || h.function.ends_with(".clone")) continue;
    std::string place = Code(h.function) + " (" + At(h.file, h.call_line) + ")";
    // One function that builds it twice is named once.
    if (!places.empty() && places.back().starts_with(Code(h.function) + " (")) {
      places.back().insert(places.back().size() - 1, ", " + std::to_string(h.call_line));
    } else {
      places.push_back(place);
    }
    r->provenance["triggerScenarios"].push_back(At(h.file, h.call_line));
  }
  if (places.empty()) return;
  t = t.substr(0, t.size() - kVague.size()) + "the value is created in " + Join(places, ", ") + ".";
}

// The calls the link stage found passing the raise's check (resolve.h
// guarded_calls): "The calls at blame.c:219, blame.c:222 pass arguments for
// which a check on the way is false: they never get here." With no other
// route, the user's own call to a public function is the one left.
std::string GuardedCalls(const ErrorSite& s, const SiteFacts& f, Record* r) {
  if (f.guarded_calls.empty()) return {};
  for (const std::string& where : f.guarded_calls)
    r->provenance["triggerScenarios"].push_back(where);
  std::string out = std::string(" The call") + (f.guarded_calls.size() > 1 ? "s" : "") + " at " +
                    Join(f.guarded_calls, ", ") + " pass" +
                    (f.guarded_calls.size() > 1 ? "" : "es") +
                    " arguments for which a check on the way is false: " +
                    (f.guarded_calls.size() > 1 ? "they never get" : "it never gets") + " here.";
  if (!f.chains.empty() || s.function.empty()) return out;
  bool public_python = s.language == "python" && !ShortName(s.function).starts_with("_");
  return out + (public_python ? " Nothing else in the repository reaches it: it happens when your "
                                "own call to " +
                                    Code(s.function) + " passes what the check needs."
                              : " Nothing else in the repository was found to reach it.");
}

void Triggers(const ErrorSite& s, const SiteFacts& f, const CallChain* named,
              const std::string& depends, Record* r) {
  Constructions(f, r);
  r->trigger_scenarios = AllowlistTriggers(s, f, r) + r->trigger_scenarios +
                         PublicEntry(s, f, named, depends, r) + GuardedCalls(s, f, r);
  if (f.options.empty()) return;
  std::vector<std::string> defs;
  std::set<std::string> seen;
  for (const OptionCondition& o : f.options) {
    if (!seen.insert(o.option->name).second) continue;
    defs.push_back(Code(o.option->name) + " is defined at " + DefinedAt(*o.option));
    r->provenance["triggerScenarios"].push_back(DefinedAt(*o.option));
  }
  std::vector<std::string> others;
  for (const PathCondition& c : f.conditions) {
    bool read = std::any_of(f.options.begin(), f.options.end(),
                            [&](const OptionCondition& o) { return o.condition.line == c.line; });
    if (!read) {
      others.push_back(Code(c.expr) + " is " + (c.polarity ? "true" : "false") + " (line " +
                       std::to_string(c.line) + ")");
    }
  }
  std::string lead = LaunchPhrase(f.options);
  if (!others.empty()) lead += ", while " + Join(others, " and ");
  r->trigger_scenarios = lead + " (" + Join(defs, "; ") + "). " + r->trigger_scenarios;
}

// The value the message's advice gives a flag: "(--weight-cache-mode off)".
std::string AdvisedValue(const std::string& advice, const std::string& flag) {
  size_t at = advice.find(flag);
  if (at == std::string::npos) return {};
  size_t v = at + flag.size();
  if (v >= advice.size() || advice[v] != ' ') return {};
  size_t e = ++v;
  while (e < advice.size() && (std::isalnum(static_cast<unsigned char>(advice[e])) ||
                               advice[e] == '_' || advice[e] == '-' || advice[e] == '.')) {
    ++e;
  }
  std::string value = advice.substr(v, e - v);
  if (value.empty() || value.starts_with("-")) return {};
  // A flag followed by an ordinary word ("--x is ...") is not a value.
  static const std::set<std::string> kWords = {"is",  "and", "or", "for", "to", "with", "are",
                                               "was", "not", "in", "the", "a",  "when"};
  return kWords.count(ToLower(value)) ? std::string() : value;
}

bool ConsumedLine(const std::string& solution, const std::set<int>& lines) {
  for (int line : lines) {
    std::string n = std::to_string(line) + ")";
    if (solution.ends_with("checked at line " + n) || solution.ends_with("asserted at line " + n)) {
      return true;
    }
  }
  return false;
}

std::string ChoicesNote(const OptionDef& o) {
  return o.choices.empty() ? "" : "; choices: " + Join(o.choices, ", ");
}

struct FlagAdvice {
  const OptionDef* option;
  std::string value;
};

std::vector<FlagAdvice> MessageFlagAdvice(const SiteFacts& f,
                                          const std::vector<std::string>& advice) {
  std::vector<FlagAdvice> out;
  for (const OptionDef* o : f.message_options) {
    for (const std::string& a : advice) {
      std::string value = AdvisedValue(a, o->name);
      if (!value.empty()) {
        out.push_back({o, value});
        break;
      }
    }
  }
  return out;
}

// "not supported", `UnsupportedOperationException`: the method says it
// cannot do this at all. `NotImplementedError` and "not implemented" also
// count when `implemented` is true (a subclass may supply it).
bool SaysUnsupported(const ErrorSite& s, bool implemented) {
  std::string m = " " + ToLower(s.message.Display());
  // Said by a method that always raises (the callers check that): "This
  // grant cannot complete a device authorization request" is the base
  // class refusing what a subclass does (oauth2-server's AbstractGrant).
  std::vector<const char*> words = {"not supported",   "unsupported",  "does not support",
                                    "doesn't support", "no support",   " cannot ",
                                    " can't ",         "not available"};
  std::vector<const char*> classes = {"Unsupported", "NotSupported", "BadMethodCall"};
  if (implemented) {
    words.insert(words.end(), {"not implemented", "not yet implemented"});
    classes.push_back("NotImplemented");
  }
  for (const char* w : words) {
    if (m.find(w) != std::string::npos) return true;
  }
  for (const char* c : classes) {
    if (s.error_class.find(c) != std::string::npos) return true;
  }
  return false;
}

// Whether a statement may skip what follows it: a return, a branch, a
// loop, a handler, a conditional expression.
bool MayBranch(std::string_view t) {
  for (std::string_view w :
       {"return",   "if",   "switch", "case",  "for",    "foreach", "while", "match",
        "when",     "try",  "catch",  "else",  "unless", "until",   "yield", "break",
        "continue", "goto", "throw",  "raise", "panic",  "rescue",  "except"}) {
    for (size_t at = t.find(w); at != std::string_view::npos; at = t.find(w, at + 1)) {
      auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
      bool left = at == 0 || !word(t[at - 1]);
      bool right = at + w.size() >= t.size() || !word(t[at + w.size()]);
      if (left && right) return true;
    }
  }
  return t.find('?') != std::string_view::npos;
}

// Whether the raise at `s.line` runs every time its function does: no path
// condition, no `case` arm or closure around it (no line between the
// header and the raise is indented less than the raise, a continued
// header aside), and not a one-line idiom (`?: throw`, `require`).
bool RaisedEveryTime(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (!s.conditions.empty() || s.function_line <= 0 || s.line < s.function_line ||
      s.line > static_cast<int>(lines.size()) || RaiseShape(s, lines)) {
    return false;
  }
  int raise = IndentWidth(lines[s.line - 1]);
  int header = IndentWidth(lines[s.function_line - 1]);
  int body = s.function_line + 1;
  // Annotations (`@Override`) and a signature over several lines come
  // before the line that opens the body.
  if (Trim(lines[s.function_line - 1]).starts_with("@")) {
    for (int n = s.function_line; n < s.line; ++n) {
      if (Trim(lines[n - 1]).ends_with("{")) {
        body = n + 1;
        break;
      }
    }
  }
  for (int n = body; n < s.line; ++n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty() || t == "{" || t.starts_with("//") || t.starts_with("#") || t.starts_with("*") ||
        t.starts_with("/*")) {
      continue;
    }
    // A docstring is no statement ("Return a directory to store cached
    // items in for link." is not a `for` loop: pip's Cache).
    if (t.starts_with("\"\"\"") || t.starts_with("'''")) {
      std::string_view quote = t.substr(0, 3);
      bool closed = t.size() >= 6 && t.substr(3).find(quote) != std::string_view::npos;
      while (!closed && n + 1 < s.line) {
        ++n;
        closed = lines[n - 1].find(quote) != std::string_view::npos;
      }
      continue;
    }
    int at = IndentWidth(lines[n - 1]);
    if (at < raise && at > header) return false;
    if (at <= header && !t.starts_with(")")) return false;
    // A statement before the raise that may leave or branch (`switch`
    // arms that return, an early `return`) makes the raise conditional.
    if (at == raise && MayBranch(t)) return false;
  }
  return true;
}

// The thing a "not supported" message says selects the behaviour ("This
// database engine does not support ..." -> "database engine"), or "".
std::string SelectorNoun(const std::string& message) {
  std::string m = ToLower(message);
  for (const char* noun : {"database engine", "database driver", "database", "driver", "platform",
                           "dialect", "backend", "engine", "adapter", "connection"}) {
    size_t at = m.find(noun);
    if (at == std::string::npos) continue;
    size_t end = at + std::string_view(noun).size();
    bool start = at == 0 || !std::isalnum(static_cast<unsigned char>(m[at - 1]));
    bool stop = end >= m.size() || !std::isalnum(static_cast<unsigned char>(m[end]));
    if (start && stop) return noun;
  }
  return {};
}

// A method that raises "not supported" every time it runs: the subclasses
// in the repository that replace it (resolve's SiteFacts::overrides), or,
// when none does and users call it, not to call it.
std::string UnsupportedSolution(const ErrorSite& s, const SiteFacts& f,
                                const std::vector<std::string_view>& lines) {
  if (!RaisedEveryTime(s, lines)) return {};
  size_t sep = s.function.find_last_of(".:");
  std::string method = sep == std::string::npos ? s.function : s.function.substr(sep + 1);
  // An exception class's constructor gives the message (`super "unknown or
  // unsupported macOS version"`); it refuses nothing, and other classes'
  // constructors are no alternative to it (thirty-fifth grading, Homebrew's
  // MacOSVersion::Error).
  if (method == "initialize" || method == "__init__" || method == "constructor" ||
      method == "__construct" || method == "init" ||
      (sep != std::string::npos && sep > 0 &&
       LastDotComponent(s.function.substr(0, s.function.find_last_not_of(".:", sep) + 1)) ==
           method)) {
    return {};
  }
  std::string every = "; " + Code(s.function) + " itself raises this every time it runs (line " +
                      std::to_string(s.line) + ")";
  if (!f.overrides.empty() && SaysUnsupported(s, true)) {
    // Overrides in `internal/` or test directories are the library's own
    // (kotlinx's `StreamingJsonEncoder`): no class a user can pick.
    std::vector<std::string> names;
    for (const Hop& h : f.overrides) {
      if (InInternalDirectory(h.file)) continue;
      names.push_back(Code(h.cls) + " (" + At(h.file, h.def_line) + ")");
    }
    if (!names.empty()) {
      // Which class the user gets is usually chosen for them (by the
      // database driver, the platform, a factory): advice to "use an object
      // of class X" invited swapping objects (twenty-first grading,
      // Laravel's grammars). Name what selects it when the message does.
      std::string chooser = SelectorNoun(s.message.Display());
      std::string lead =
          chooser.empty()
              ? "It works only where the object in use is one of the classes that implement " +
                    Code(method) +
                    " (usually chosen by the driver, platform or configuration, "
                    "not constructed by you): "
              : "Use a " + chooser + " whose implementation provides " + Code(method) + ": ";
      return lead + Join(names, ", ") + (names.size() == 1 ? " overrides" : " override") + " it" +
             every;
    }
    if (sep == std::string::npos || !OpenForSubclasses(s, lines)) return {};
    return "Override " + Code(method) + " in your subclass of " + Code(s.function.substr(0, sep)) +
           every;
  }
  // Only where the call index reads classes (not Python's graph, not C, Go
  // or Rust) does "no subclass overrides it" rest on a search.
  bool classes = sep != std::string::npos && s.language != "python" && s.language != "c" &&
                 s.language != "go" && s.language != "rust";
  if (classes && f.overrides.empty() && SaysUnsupported(s, false) && SiteCallable(s, lines)) {
    return "Do not call " + Code(method) +
           " on this object: no subclass in the repository "
           "overrides it" +
           every;
  }
  return {};
}

void Solutions(const ErrorSite& s, const SiteFacts& f, const std::vector<std::string_view>& lines,
               Record* r) {
  std::vector<std::string> advice, rest;
  const std::string kOwn = " (the message's own advice)";
  for (const std::string& sol : r->solutions) {
    (sol.ends_with(kOwn) ? advice : rest).push_back(sol);
  }
  std::vector<std::string> added;
  std::set<int> consumed;
  nlohmann::json& prov = r->provenance["solutions"];
  std::vector<std::string> advice_text;
  for (const std::string& a : advice) advice_text.push_back(a.substr(0, a.size() - kOwn.size()));
  for (const FlagAdvice& fa : MessageFlagAdvice(f, advice_text)) {
    added.push_back("Launch with `" + fa.option->name + " " + fa.value + "` (" +
                    Code(fa.option->name) + " is defined at " + DefinedAt(*fa.option) +
                    ChoicesNote(*fa.option) + ")");
    prov.push_back(DefinedAt(*fa.option));
  }
  // Innermost guard first: it is the check that fired last on the way in.
  for (auto it = f.options.rbegin(); it != f.options.rend(); ++it) {
    added.push_back(it->falsify + " (checked at " + At(s.file_path, it->condition.line) +
                    "; defined at " + DefinedAt(*it->option) + ")");
    consumed.insert(it->condition.line);
    prov.push_back(DefinedAt(*it->option));
  }
  for (const Allowlist& a : f.allowlists) {
    added.push_back("Use one of: " + Join(a.values, ", ") + " for " + Code(a.operand) + " (" +
                    Code(a.constant) + ", " + At(a.file, a.line) + ", checked at line " +
                    std::to_string(a.check_line) + ")");
    consumed.insert(a.condition_line);
    if (a.file == s.file_path) {
      prov.push_back(a.line);
    } else {
      prov.push_back(At(a.file, a.line));
    }
    prov.push_back(a.check_line);
  }
  if (std::string o = UnsupportedSolution(s, f, lines); !o.empty()) {
    added.push_back(o);
    for (const Hop& h : f.overrides) {
      if (o.find(Code(h.cls)) != std::string::npos) prov.push_back(At(h.file, h.def_line));
    }
  }
  if (added.empty()) return;
  std::vector<std::string> out = advice;
  out.insert(out.end(), added.begin(), added.end());
  for (const std::string& sol : rest) {
    if (!ConsumedLine(sol, consumed) && !sol.starts_with(kGenericSolution)) {
      out.push_back(sol);
    }
  }
  r->solutions = std::move(out);
}

// A before/after command line, for errors that flags switch on.
void ExampleFix(const ErrorSite& s, const SiteFacts& f, Record* r) {
  std::vector<std::string> before;
  const OptionCondition* drop = nullptr;
  for (const OptionCondition& o : f.options) {
    if (!Given(o)) continue;
    before.push_back(o.cli);
    drop = &o;
  }
  std::string where = "# " + At(s.file_path, s.line);
  if (drop) {
    std::vector<std::string> after;
    for (const std::string& c : before) {
      if (c != drop->cli) after.push_back(c);
    }
    r->example_fix = "# before: raises at " + At(s.file_path, s.line) + "\n... " +
                     Join(before, " ") + "\n# after: " + drop->falsify + "\n..." +
                     (after.empty() ? "" : " " + Join(after, " "));
    r->provenance["exampleFix"].push_back(drop->condition.line);
    return;
  }
  std::vector<std::string> advice;
  for (const std::string& a : AdviceSentences(s.message.Display())) advice.push_back(a);
  std::vector<FlagAdvice> fa = MessageFlagAdvice(f, advice);
  if (fa.empty()) return;
  const OptionDef& o = *fa[0].option;
  std::string old = "VALUE";
  for (const std::string& c : o.choices) {
    std::string bare = c.size() >= 2 && c.front() == '\'' ? c.substr(1, c.size() - 2) : c;
    if (bare != fa[0].value) {
      old = bare;
      break;
    }
  }
  r->example_fix = "# before: raises at " + At(s.file_path, s.line) + "\n... " + o.name + " " +
                   old + "\n# after: the message's own advice\n... " + o.name + " " + fa[0].value;
  r->provenance["exampleFix"] = nlohmann::json::array({s.line, DefinedAt(o)});
}

// CamelCase -> words, with the abbreviations configuration classes use
// spelled out: ServerArgs -> "server arguments".
std::string ClassWords(const std::string& cls) {
  std::vector<std::string> words;
  std::string cur;
  for (char c : cls) {
    if (std::isupper(static_cast<unsigned char>(c)) && !cur.empty()) {
      words.push_back(cur);
      cur.clear();
    }
    if (std::isalnum(static_cast<unsigned char>(c))) {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) words.push_back(cur);
  for (std::string& w : words) {
    if (w == "args") w = "arguments";
    if (w == "config" || w == "cfg") w = "configuration";
    if (w == "opts") w = "options";
  }
  return Join(words, " ");
}

bool IsConfigClass(const std::string& cls) {
  for (const char* end : {"Args", "Arguments", "Config", "Configuration", "Settings", "Options"}) {
    if (cls.ends_with(end)) return true;
  }
  return false;
}

// A Rust procedural macro (`fn args(input: TokenStream) -> TokenStream`):
// users write `#[derive(..)]` or an attribute and the compiler runs it;
// "when you call `args(...)`" was wrong for clap_derive (nineteenth
// grading c627b459f53ec54e).
bool ProcMacro(const Hop& h) {
  static const RE2 kSig(
      R"(\bfn \w+\s*\(\s*\w+\s*:\s*(?:proc_macro::)?TokenStream\s*)"
      R"((?:,\s*\w+\s*:\s*(?:proc_macro::)?TokenStream\s*)?,?\)\s*->\s*(?:proc_macro::)?TokenStream)");
  return RE2::PartialMatch(h.header, kSig);
}

std::string ProcMacroGloss(const Hop& h, const std::string& at = "") {
  return "when the compiler expands the procedural macro " + Code(ShortName(h.function)) +
         (at.empty() ? "" : " (" + at + ")") +
         " for a `#[derive(..)]` or attribute that names it in the crate being compiled";
}

std::string EntryGloss(const Hop& h) {
  if (h.function.empty()) return "when " + h.file + " is imported or run";
  if (ProcMacro(h)) return ProcMacroGloss(h);
  if (!h.route.empty()) return "while handling a request routed by `" + h.route + "`";
  std::string s = ShortName(h.function);
  std::string cls =
      h.function.size() > s.size() ? h.function.substr(0, h.function.size() - s.size() - 1) : "";
  cls = ShortName(cls);
  if ((s == "__post_init__" || s == "__init__") && !cls.empty()) {
    if (IsConfigClass(cls)) return "at start-up while validating " + ClassWords(cls);
    return "while a `" + cls + "` is being constructed";
  }
  if (s == "main") return "when the program starts from the command line";
  return "";
}

std::string HopName(const Hop& h) {
  return h.function.empty() ? "module code of " + h.file : Code(h.function);
}

// Whether the Python `def` at `def_line` sits in another function's body:
// the nearest less-indented line above it is a `def`.
bool NestedInFunction(const std::vector<std::string_view>& lines, int def_line) {
  if (def_line < 1 || def_line > static_cast<int>(lines.size())) return false;
  int indent = IndentWidth(lines[def_line - 1]);
  for (int n = def_line - 1; n >= 1; --n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty() || t.starts_with("#") || t.starts_with("@") ||
        IndentWidth(lines[n - 1]) >= indent) {
      continue;
    }
    return t.starts_with("def ") || t.starts_with("async def ");
  }
  return false;
}

// The command-line command a Go entry function builds (cli_command.h),
// when its file is the one read here.
std::optional<CliCommand> EntryCommand(const ErrorSite& s, const Hop& entry,
                                       const std::vector<std::string_view>& lines) {
  if (s.language != "go" || entry.file != s.file_path) return std::nullopt;
  return CobraCommandOf(lines, entry.def_line);
}

// "the `clusters` command (“Deletes one or more clusters”, file:41)".
std::string CommandName(const CliCommand& c, const std::string& file) {
  std::string name = c.use.substr(0, c.use.find(' '));
  return "the " + Code(name) + " command (" +
         (c.short_help.empty() ? "" : "\u201c" + c.short_help + "\u201d, ") + "`Use: \"" + c.use +
         "\"` at " + At(file, c.line) + ")";
}

void CommonSituations(const ErrorSite& s, const SiteFacts& f, const std::string& depends,
                      const std::vector<std::string_view>& lines, Record* r) {
  nlohmann::json& prov = r->provenance["commonSituations"];
  if (f.chains.empty()) {
    // No caller in the repository: the options the check reads are the
    // concrete situation; for Python, whose call graph is built
    // (resolve/python_facts.cc), that nothing calls a public function is a
    // fact too. Elsewhere "when code calls F" would say nothing.
    if (!f.options.empty()) {
      r->common_situations = LaunchPhrase(f.options) + ".";
      for (const OptionCondition& o : f.options) prov.push_back(o.condition.line);
      return;
    }
    if (s.language != "python" || s.function.empty() || s.function_line == 0) return;
    if (ShortName(s.function).starts_with("_") || f.untied_calls) return;
    // A function defined inside another is returned or applied by it (a
    // decorator's `decorate`): calls to it are not by its name (alembic's
    // `dispatch_for(..).decorate`, thirty-fifth grading).
    if (NestedInFunction(lines, s.function_line)) return;
    // Calls that pass the check are calls all the same (GuardedCalls says so).
    std::string callers = f.guarded_calls.empty()
                              ? "nothing in the repository calls it"
                              : "no call in the repository passes what raises it";
    r->common_situations = "When code calls the public function " + Code(s.function) +
                           " (defined at " + At(s.file_path, s.function_line) + "); " + callers +
                           ", so it is reached through the public API.";
    return;
  }
  std::vector<std::string> parts;
  for (const CallChain& chain : f.chains) {
    const Hop& entry = chain.hops.front();
    std::string text = "during " + HopName(entry) + " (" +
                       At(entry.file, entry.def_line ? entry.def_line : entry.call_line) + ")";
    std::optional<CliCommand> command = EntryCommand(s, entry, lines);
    std::string gloss = ProcMacro(entry) ? ProcMacroGloss(entry)
                        : command        ? "when the user runs " + CommandName(*command, entry.file)
                        : chain.public_api ? "when code calls the public function " + HopName(entry)
                        : chain.reaches_entry ? EntryGloss(entry)
                                              : "";
    if (!gloss.empty()) text += ", i.e. " + gloss;
    std::vector<std::string> steps;
    for (size_t i = 0; i + 1 < chain.hops.size(); ++i) {
      const Hop& h = chain.hops[i];
      steps.push_back(HopName(h) + " calls " + HopName(chain.hops[i + 1]) + " at " +
                      At(h.file, h.call_line));
      prov.push_back(At(h.file, h.call_line));
    }
    text += ": " + Join(steps, ", ");
    if (s.language == "python" && !chain.reaches_entry) {
      text += " (no entry point within " + std::to_string(CallGraph::kMaxDepth) + " calls)";
    } else if (chain.depth_limited) {
      text += " (no public function within " + std::to_string(CallIndex::kMaxDepth) + " calls)";
    }
    parts.push_back(text);
  }
  std::string out = Join(parts, "; ");
  out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  out += ".";
  if (!f.ambiguous.empty()) {
    std::vector<std::string> names;
    for (const auto& [name, n] : f.ambiguous) {
      names.push_back(Code(name) + " (" + std::to_string(n) + " definitions)");
    }
    out += " Callers are matched by name and these names are ambiguous: " + Join(names, ", ") + ".";
  }
  if (!depends.empty()) out += " " + depends + ".";
  r->common_situations = out;
}

void Extensions(const SiteFacts& f, Record* r) {
  for (const CallChain& chain : f.chains) {
    nlohmann::json hops = nlohmann::json::array();
    for (const Hop& h : chain.hops) {
      hops.push_back({{"function", h.function},
                      {"file", h.file},
                      {"line", h.def_line},
                      {"callLine", h.call_line}});
    }
    r->callers.push_back({{"hops", hops}, {"reachesEntry", chain.reaches_entry}});
  }
  auto add_option = [&](const OptionDef& o, int line) {
    for (const nlohmann::json& e : r->options) {
      if (e["name"] == o.name) return;
    }
    r->options.push_back({{"name", o.name},
                          {"kind", o.kind},
                          {"dest", o.dest},
                          {"definedAt", DefinedAt(o)},
                          {"conditionLine", line}});
  };
  for (const OptionCondition& o : f.options) add_option(*o.option, o.condition.line);
  for (const OptionDef* o : f.message_options) add_option(*o, 0);
}

// The nearest caller a user can call, on a chain the call graph resolved:
// Python's public API, elsewhere the entry the index stopped at (not `main`,
// which users run rather than call); nullptr when there is none.
const CallChain* PublicCaller(const ErrorSite& s, const SiteFacts& f,
                              const std::vector<std::string_view>& lines) {
  for (const CallChain& chain : f.chains) {
    const Hop& h = chain.hops.front();
    if (h.function.empty() || chain.hops.size() < 2) continue;
    std::string name = ShortName(h.function);
    bool entry = s.language == "python" ? chain.public_api || name == "__init__"
                                        : chain.reaches_entry && name != "main";
    if (!entry || f.ambiguous.count(name)) continue;
    // The entry's own visibility, read the way the raising function's is.
    ErrorSite e = s;
    e.function = h.function;
    e.file_path = h.file;
    e.function_line = h.def_line;
    if (!UserCallable(e, h.header)) continue;
    // In the raise's own file the declarations around it are known too.
    if (h.file == s.file_path && HiddenByDeclaration(e, lines)) continue;
    return &chain;
  }
  return nullptr;
}

// Whether the call at `call_line` of the function defined at `def_line` may
// sit in a `try` (or Ruby `begin`/`rescue`) of that function: a line
// enclosing it by indentation opens one, the call's own line holds one, or
// a `rescue` less indented follows it. The caller may then handle the error
// itself, so a user calling it may never see the message.
bool MayBeCaught(const std::vector<std::string_view>& lines, int def_line, int call_line) {
  int n_lines = static_cast<int>(lines.size());
  if (call_line < 1 || call_line > n_lines || def_line < 1) return true;
  std::string_view call = lines[call_line - 1];
  if (call.find("try") != std::string_view::npos) return true;
  int indent = IndentWidth(call);
  for (int n = call_line - 1; n >= def_line; --n) {
    std::string_view line = lines[n - 1];
    std::string_view t = Trim(line);
    if (t.empty() || IndentWidth(line) >= indent) continue;
    indent = IndentWidth(line);
    if (StartsWithWord(t, "try") || StartsWithWord(t, "begin") || t.starts_with("} try")) {
      return true;
    }
  }
  int def_indent = IndentWidth(lines[def_line - 1]);
  for (int n = call_line + 1; n <= n_lines; ++n) {
    std::string_view line = lines[n - 1];
    std::string_view t = Trim(line);
    if (t.empty()) continue;
    if (IndentWidth(line) <= def_indent && !StartsWithWord(t, "rescue")) break;
    if (StartsWithWord(t, "rescue") && IndentWidth(line) < IndentWidth(call)) return true;
  }
  return false;
}

// The raising function's own sentence ("Happens in `f` .. when ..") once a
// lead names the way in: "There it is raised in `f` .. when ..".
void AfterTheWayIn(std::string* t) {
  const std::string kIn = "Happens in ";
  if (t->starts_with(kIn)) *t = "There it is raised in " + t->substr(kIn.size());
}

// A raising function users cannot call is reached through a public caller:
// the trigger and the handling code name that call ("Happens when you call
// `new Option(...)` (lib/option.js:11), which reaches `splitOptionFlags` at
// lib/option.js:20"), never the private function.
const CallChain* ThroughPublicCaller(const ErrorSite& s, const SiteFacts& f,
                                     const std::vector<std::string_view>& lines,
                                     const std::string& depends, Record* r) {
  // Caught where it is raised: no caller sees it.
  if (CaughtLocally(s, lines)) return nullptr;
  const CallChain* chain = PublicCaller(s, f, lines);
  if (!chain) return nullptr;
  // A caller that may catch it makes "happens when you call" unsafe; one
  // in a file not read here leaves the catch sample unsafe where errors are
  // exceptions (Go, Rust and C return them: the sample checks the result).
  bool all_read = true;
  for (size_t i = 0; i + 1 < chain->hops.size(); ++i) {
    const Hop& h = chain->hops[i];
    if (h.file != s.file_path) {
      all_read = false;
    } else if (MayBeCaught(lines, h.def_line, h.call_line)) {
      return nullptr;
    }
  }
  bool returned = s.language == "go" || s.language == "rust" || s.language == "c";
  const Hop& entry = chain->hops.front();
  if (ProcMacro(entry)) {
    // Compile time: no call to write, no error to handle.
    const Hop& last = chain->hops[chain->hops.size() - 2];
    std::string& t = r->trigger_scenarios;
    AfterTheWayIn(&t);
    t = "Happens " + ProcMacroGloss(entry, At(entry.file, entry.def_line)) + "; it " +
        (chain->hops.size() > 2 ? "calls " + HopName(chain->hops[1]) + ", which " : "") +
        "reaches " + Code(s.function) + " at " + At(last.file, last.call_line) + "." +
        (t.empty() ? "" : " " + t);
    r->provenance["triggerScenarios"].push_back(At(entry.file, entry.def_line));
    return chain;
  }
  if (std::optional<CliCommand> command = EntryCommand(s, entry, lines)) {
    // A command users run, not a function they call: no call to write.
    const Hop& last = chain->hops[chain->hops.size() - 2];
    std::string& t = r->trigger_scenarios;
    AfterTheWayIn(&t);
    t = "Happens when you run " + CommandName(*command, entry.file) + ": " + HopName(entry) +
        " builds it, and its run function " +
        (chain->hops.size() > 2 ? "through " + HopName(chain->hops[1]) + " " : "") + "reaches " +
        Code(s.function) + " at " + At(last.file, last.call_line) + "." +
        (t.empty() ? "" : " " + t);
    r->provenance["triggerScenarios"].push_back(At(entry.file, command->line));
    // The command's flags the path tests (`flags.All` is `--all`).
    std::set<std::string> said;
    for (const PathCondition& c : s.conditions) {
      static const RE2 kField(R"re(([A-Za-z_]\w*\.[A-Z]\w*))re");
      re2::StringPiece in(c.expr);
      std::string field;
      while (RE2::FindAndConsume(&in, kField, &field)) {
        std::optional<CliFlag> flag = CobraFlagOf(lines, field);
        if (!flag || !said.insert(field).second) continue;
        t += " `" + field + "` is the command's `" + flag->name + "` flag (line " +
             std::to_string(flag->line) + ").";
        r->provenance["triggerScenarios"].push_back(flag->line);
      }
    }
    return chain;
  }
  ErrorSite caught = s;  // the sample catches the class as users spell it
  caught.error_class = CatchClass(s, lines);
  EntryCall call = CallOfEntry(caught, entry);
  if (call.call.empty()) return nullptr;
  const Hop& last_caller = chain->hops[chain->hops.size() - 2];
  std::string reach = At(last_caller.file, last_caller.call_line);
  // The check in the entry's own arguments, when it passes them straight in.
  std::string state = chain->hops.size() == 2 ? CallerArgumentState(s, lines, entry) : "";
  // Unless the caller passes its own arguments straight in, what it passes
  // may lead elsewhere: the call is a way there, not a cause.
  bool may = state.empty() && !depends.empty();
  std::string lead = (may ? "It can happen when you call " : "Happens when you call ") +
                     Code(call.call) + " (" + At(entry.file, entry.def_line) + ")" +
                     (state.empty() ? "" : " with arguments for which " + state) + ", which " +
                     (chain->hops.size() > 2 ? "through " + HopName(chain->hops[1]) + " " : "") +
                     "reaches " + Code(s.function) + " at " + reach + "." +
                     (may ? " " + depends + "." : "");
  std::string& t = r->trigger_scenarios;
  const std::string kIn = "Happens in ";
  if (t.starts_with(kIn) && !state.empty()) {
    // The lead states the same check in the caller's arguments: keep only
    // what follows the private function's own sentence ("On the way: ...").
    size_t end = t.find(". ");
    t = end == std::string::npos ? "" : t.substr(end + 2);
  } else if (t.starts_with(kIn)) {
    t = "There it is raised in " + t.substr(kIn.size());
  } else if (t.starts_with("Happens when the call to ") || t.starts_with("Happens when `")) {
    // A helper's checks or a merge's conflict block decide (record_builder's
    // ReporterText, ConflictBlock).
    t = "There it happens when " + t.substr(std::string_view("Happens when ").size());
  }
  t = lead + (t.empty() ? "" : " " + t);
  r->provenance["triggerScenarios"].push_back(At(entry.file, entry.def_line));
  r->provenance["triggerScenarios"].push_back(reach);
  if (call.handling && (all_read || returned)) {
    r->try_catch_pattern = call.handling;
    r->provenance["tryCatchPattern"] = nlohmann::json::array({At(entry.file, entry.def_line)});
  }
  return chain;
}

// The chains a user's program takes: not those that start in the
// repository's fuzzers, benchmarks or release scripts, unless the raise is
// there too.
SiteFacts UserChains(const ErrorSite& site, const SiteFacts& facts) {
  SiteFacts out = facts;
  if (InDevelopmentTooling(site.file_path)) return out;
  std::erase_if(out.chains, [](const CallChain& c) {
    return !c.hops.empty() && InDevelopmentTooling(c.hops.front().file);
  });
  return out;
}

// An internal check lists no way in: callers found by name need not reach
// the broken invariant (parse-options' OPT_ALIAS BUG() "reached from
// cmd_add", which declares no alias), and a route reads as a way for the
// user to cause it (fifteenth grading).
bool DropInternalCheckRoutes(const ErrorSite& site, const std::vector<std::string_view>& lines,
                             SiteFacts* facts) {
  if (facts->chains.empty() || InternalCheckEvidence(site, lines).empty()) return false;
  facts->chains.clear();
  return true;
}

// Whether the site's line throws itself (`throw`, `raise`, `panic!`), not
// a call into a helper that decides (`ArgumentNotNull(x)`, `_check(this)`)
// or an exception's constructor.
bool RaisesOnItsLine(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  if (s.kind != SiteKind::kRaise || s.line < 1 || s.line > static_cast<int>(lines.size())) {
    return false;
  }
  std::string_view t = Trim(lines[s.line - 1]);
  for (std::string_view w :
       {"throw", "raise", "panic!", "panic(", "unreachable!", "unimplemented!", "todo!"}) {
    // `throw`/`raise` as words (not `throwError(...)`); macro forms as written.
    bool word = std::isalpha(static_cast<unsigned char>(w.back()));
    if (word ? StartsWithWord(t, w) : t.starts_with(w)) return true;
  }
  return false;
}

// "what the function's callers pass decides it" is wrong for a raise that
// runs every time its function does: which calls reach it decides it. For a
// method that subclasses replace (overridden in the repository, or of an
// abstract or open class) that is a call on an object whose class keeps it;
// "whenever something calls it" was circular there (blind grading).
void EveryTimeTrigger(const ErrorSite& s, const SiteFacts& f,
                      const std::vector<std::string_view>& lines, Record* r) {
  const std::string kCallers = "; what the function's callers pass decides it.";
  std::string& t = r->trigger_scenarios;
  size_t at = t.find(kCallers);
  if (at == std::string::npos || s.function.empty() || !RaisesOnItsLine(s, lines) ||
      !RaisedEveryTime(s, lines)) {
    return;
  }
  size_t sep = s.function.find_last_of(".:");
  std::string when = "whenever something calls it";
  if (sep != std::string::npos && (!f.overrides.empty() || OpenForSubclasses(s, lines))) {
    when = "when " + Code(s.function.substr(sep + 1)) +
           " is called on an object whose class does not override it";
  }
  t.replace(
      at, kCallers.size(),
      ": " + Code(s.function) + " raises this every time it runs, so it happens " + when + ".");
}

// The condition of the `if` a caller's call at `call_line` sits under: the
// call's own line (`if (c) f()`), or the nearest less indented line above
// within three (`if (this._closed) {` / `if (a && b)` above the call);
// "" when there is none.
std::string CallGuard(const std::vector<std::string_view>& lines, int call_line, int* at) {
  *at = call_line;
  if (call_line < 1 || call_line > static_cast<int>(lines.size())) return {};
  auto condition = [](std::string_view t) -> std::string {
    if (t.starts_with("} else if")) t = Trim(t.substr(6));
    if (!StartsWithWord(t, "if")) return {};
    t = Trim(t.substr(2));
    if (t.starts_with("(")) {
      int depth = 0;
      for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '(') ++depth;
        if (t[i] == ')' && --depth == 0) return std::string(Trim(t.substr(1, i - 1)));
      }
      return {};
    }
    size_t end = t.find_first_of("{:");
    return std::string(Trim(t.substr(0, end)));
  };
  std::string_view own = lines[call_line - 1];
  if (std::string c = condition(Trim(own)); !c.empty()) return c;
  int indent = IndentWidth(own);
  for (int n = call_line - 1, seen = 0; n >= 1 && seen < 3; --n) {
    std::string_view l = lines[n - 1];
    if (Trim(l).empty()) continue;
    ++seen;
    if (IndentWidth(l) >= indent) return {};
    *at = n;
    return condition(Trim(l));
  }
  return {};
}

// "what the function's callers pass decides it" of a function that takes
// no arguments (ioredis's `connectionCloseHandler()`, twenty-ninth grading)
// sent the reader after arguments that do not exist.
void NoArgumentsTrigger(const ErrorSite& s, const std::vector<std::string_view>& lines, Record* r) {
  const std::string kCallers = "; what the function's callers pass decides it.";
  std::string& t = r->trigger_scenarios;
  size_t at = t.find(kCallers);
  if (at == std::string::npos || s.function.empty() || s.function_line < 1 ||
      s.function_line > static_cast<int>(lines.size())) {
    return;
  }
  std::string_view header = lines[s.function_line - 1];
  size_t sep = s.function.find_last_of(".:");
  std::string name = sep == std::string::npos ? s.function : s.function.substr(sep + 1);
  bool none = false;
  for (std::string_view empty : {"()", "(self)", "(cls)", "(&self)", "(&mut self)"}) {
    none |= header.find(name + std::string(empty)) != std::string_view::npos;
  }
  if (!none) return;
  t.replace(at, kCallers.size(),
            "; " + Code(s.function) +
                " takes no arguments: whether something calls it decides it (and any state it "
                "reads), not what its callers pass.");
}

// A function with no check of its own that every caller errdex found calls
// only under a check of the caller's (vite's `throwClosedServerError()`,
// called under `if (this._closed ...)`): that check decides, and "what the
// function's callers pass decides it" sent the reader after arguments
// (twenty-first grading). "" unless every chain's last call, in the site's
// own file, has one.
std::string CallerGuards(const ErrorSite& s, const SiteFacts& f,
                         const std::vector<std::string_view>& lines) {
  std::vector<std::pair<std::string, std::vector<int>>> guards;
  if (f.chains.empty()) return {};
  for (const CallChain& c : f.chains) {
    if (c.hops.size() < 2) return {};
    const Hop& caller = c.hops[c.hops.size() - 2];
    if (caller.file != s.file_path) return {};
    int line = 0;
    std::string g = CallGuard(lines, caller.call_line, &line);
    if (g.empty() || g.size() > 120) return {};
    auto it =
        std::find_if(guards.begin(), guards.end(), [&](const auto& p) { return p.first == g; });
    if (it == guards.end()) {
      guards.push_back({g, {line}});
    } else if (std::find(it->second.begin(), it->second.end(), line) == it->second.end()) {
      it->second.push_back(line);
    }
  }
  std::vector<std::string> parts;
  for (const auto& [g, at] : guards) {
    std::vector<std::string> ls;
    for (int l : at) ls.push_back(std::to_string(l));
    parts.push_back(Code(g) + " (" + (ls.size() == 1 ? "line " : "lines ") + Join(ls, ", ") + ")");
  }
  return "the callers errdex found call it only under a check of their own: " + Join(parts, "; ");
}

// The message's rule on a value the caller builds (CallerBuiltArguments)
// is not one the user can follow: it names what to look at instead.
void AimRulesAtCaller(const BuiltArguments& built, Record* r) {
  const std::string kRule = " (the message's rule)";
  auto names_param = [&](const std::string& s) {
    return s.ends_with(kRule) &&
           std::any_of(built.params.begin(), built.params.end(), [&](const std::string& p) {
             return ContainsIdentifier(ToLower(s), ToLower(p));
           });
  };
  auto at = std::find_if(r->solutions.begin(), r->solutions.end(), names_param);
  if (at == r->solutions.end()) return;
  *at = "Check what you pass to `" + built.caller + "`: " + built.text +
        ", so the message's requirement is on that value, not on one you give directly";
}

}  // namespace

void ApplySiteFacts(const ErrorSite& site, const SiteFacts& all_facts,
                    const std::vector<std::string_view>& lines, Record* r) {
  // A deprecation note is printed when code is compiled: callers at run
  // time say nothing about it (deprecation.h).
  if (IsDeprecationNote(site)) return;
  SiteFacts facts = UserChains(site, all_facts);
  bool dropped = DropInternalCheckRoutes(site, lines, &facts);
  // A raise compiled only with or without a Cargo feature: callers found by
  // name may be compiled only the other way (rustls' tests in a
  // `#[cfg(feature = "std")]` module for a no-std branch), which the call
  // index does not know; no route is named rather than a false one.
  if (!dropped && !facts.chains.empty() && site.language == "rust" &&
      CfgFeatureAt(lines, site.function_line, site.line)) {
    facts.chains.clear();
    dropped = true;
  }
  // Calls that pass a value a `match`/`switch` handles never reach its
  // fallback arm: they are no way in.
  std::string fallback = FilterFallbackChains(site, lines, &facts.chains);
  std::string depends = facts.chains.empty() ? "" : ArgumentDependence(site, lines);
  // The callers pass values they build: no argument of the user's decides.
  BuiltArguments built =
      depends.empty() ? BuiltArguments{} : CallerBuiltArguments(site, lines, facts.chains);
  if (!built.text.empty()) depends = built.text;
  EveryTimeTrigger(site, facts, lines, r);
  const CallChain* named = nullptr;
  if (!site.function.empty() && !SiteCallable(site, lines)) {
    named = ThroughPublicCaller(site, facts, lines, depends, r);
  }
  Triggers(site, facts, named, depends, r);
  if (std::string guards = CallerGuards(site, facts, lines); !guards.empty()) {
    const std::string kCallers = "; what the function's callers pass decides it.";
    std::string& t = r->trigger_scenarios;
    // Only for a function with no check of its own: there the callers'
    // checks are what decides.
    if (size_t at = t.find(kCallers); at != std::string::npos) {
      t.replace(at, kCallers.size(), "; " + guards + ".");
    }
  }
  NoArgumentsTrigger(site, lines, r);
  if (!fallback.empty()) r->trigger_scenarios += " " + fallback;
  CommonSituations(site, facts, depends, lines, r);
  // Routes dropped for an internal check are routes all the same: "nothing
  // in the repository calls it" would be false (pytest's `assert_never`,
  // called by `Config._getini_value`).
  if (dropped) r->common_situations.clear();
  Solutions(site, facts, lines, r);
  if (!built.text.empty()) AimRulesAtCaller(built, r);
  ExampleFix(site, facts, r);
  Extensions(facts, r);
}

}  // namespace errdex
