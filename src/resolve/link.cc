// Link (see link.h).
#include "resolve/link.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

#include "extract/common/failure_words.h"
#include "extract/common/printf_format.h"
#include "resolve/call_expr.h"
#include "resolve/constant_guard.h"
#include "resolve/link_constants.h"
#include "resolve/link_receiver.h"
#include "resolve/message_tables.h"
#include "util/text.h"

namespace errdex {
namespace {

// `errorMessages[code]` is keyed by `code`.
bool KeyedBy(std::string_view expr, const std::string& param) {
  return !param.empty() && expr.size() > param.size() + 2 && expr.ends_with("]") &&
         expr.substr(expr.size() - param.size() - 2) == "[" + param + "]";
}

// Languages that call each other's functions: JavaScript/TypeScript, the
// JVM (Java and Kotlin), C/C++; every other language is a family of its own.
enum Families { kPython, kJs, kJvm, kC, kGo, kCSharp, kPhp, kRuby, kRust, kOther };

bool EndsWithAny(std::string_view path, std::initializer_list<std::string_view> exts) {
  for (std::string_view e : exts) {
    if (path.ends_with(e)) return true;
  }
  return false;
}

int Family(std::string_view path) {
  if (EndsWithAny(path, {".py", ".pyw"})) return kPython;
  if (EndsWithAny(path, {".java", ".kt", ".kts"})) return kJvm;
  if (IsCFamilyPath(path)) return kC;
  if (IsJsPath(path)) return kJs;
  if (path.ends_with(".go")) return kGo;
  if (path.ends_with(".cs")) return kCSharp;
  if (path.ends_with(".php")) return kPhp;
  if (EndsWithAny(path, {".rb", ".rake", "Rakefile"})) return kRuby;
  if (path.ends_with(".rs")) return kRust;
  return kOther;
}

// Whether `path` is the module an import names: "src/warning" is
// src/warning.ts (any extension) or src/warning/index.js.
bool IsModule(std::string_view path, std::string_view module) {
  if (!path.starts_with(module)) return false;
  std::string_view rest = path.substr(module.size());
  if (rest.starts_with("/index.")) rest.remove_prefix(6);
  return rest.starts_with('.') && rest.find('/') == std::string_view::npos;
}

// Go: the directory is the package. An unqualified call names a function
// of its own package.
std::string_view Dir(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Receivers whose methods are the platform's, never the repository's sinks.
bool DeniedReceiver(std::string_view receiver) {
  static const std::set<std::string_view> kDenied = {
      "console", "process",  "Math",   "JSON",   "Object",  "Array", "Promise", "Reflect",
      "window",  "document", "Number", "String", "logging", "os",    "sys",     "util"};
  if (kDenied.count(receiver)) return true;
  return Lower(receiver).find("log") != std::string::npos;
}

// A callee named for reporting a text (`addReplyErrorLength`,
// `ctx_report_error`): words error, err, reply, report, die, fail, warn.
bool ReportingName(const std::string& name) {
  std::string lower = Lower(name);
  for (const char* w : {"error", "err", "reply", "report", "die", "fail", "warn"}) {
    if (lower.find(w) != std::string::npos) return true;
  }
  return false;
}

struct Sink {
  SinkFact f;
  size_t file = 0;  // where the function is defined
  int depth = 0;
  std::string raise_file;
  int raise_line = 0;
  std::vector<std::string> via;  // wrappers between the call and the raise, outermost first
  // When the function reports at all: the raise's own checks (depth 0), or
  // the checks around the call that hands the text on (a wrapper that
  // reports only when something failed). ErrorSite::reporter_conditions.
  std::vector<PathCondition> reports_when;
  std::string reports_in;                   // the function those checks are in
  std::string reports_in_file;              // and its file
  std::vector<std::string> reports_params;  // that function's parameters
};

using Key = std::pair<int, std::string>;  // family, name

// Definitions of one class name that are all linked (see Reaches).
constexpr size_t kMaxClassDefinitions = 3;
// Lines between a throw statement and the `new X(..)` it spans to.
constexpr int kMaxCallSpan = 3;

class Linker {
 public:
  Linker(const std::vector<FileFacts>& files, const std::vector<std::vector<ErrorSite>*>& sites)
      : files_(files), sites_(sites), names_(files.size()), tables_(files) {}

  LinkStats Run() {
    std::set<Key> constructors;
    for (size_t i = 0; i < files_.size(); ++i) {
      int fam = Family(files_[i].path);
      // Declaration files (.d.ts) describe definitions made elsewhere.
      bool declarations = files_[i].path.ends_with(".d.ts");
      const std::vector<std::string>& local = files_[i].local_names;
      for (const std::string& n : files_[i].link_names) {
        bool file_only = std::find(local.begin(), local.end(), n) != local.end();
        if (names_[i].insert(n).second && !declarations && !file_only) {
          defs_[{fam, n}].push_back(i);
        }
      }
      for (const SinkFact& s : files_[i].sinks) {
        if (s.constructor) constructors.insert({fam, s.name});
      }
      for (size_t c = 0; c < files_[i].link_calls.size(); ++c) {
        calls_[{fam, files_[i].link_calls[c].callee}].push_back({i, c});
      }
      if (sites_.size() > i && sites_[i]) {
        for (const ErrorSite& s : *sites_[i]) seen_.insert(SiteKey(i, s.line, s.message));
      }
    }
    for (size_t i = 0; i < files_.size(); ++i) {
      int fam = Family(files_[i].path);
      for (const SinkFact& s : files_[i].sinks) {
        if (!s.via_class.empty() && constructors.count({fam, s.via_class})) continue;
        Sink k;
        k.f = s;
        k.file = i;
        k.raise_file = files_[i].path;
        k.raise_line = s.line;
        k.reports_when = s.conditions;
        k.reports_in = s.function;
        k.reports_in_file = files_[i].path;
        k.reports_params = s.params;
        if (Add(std::move(k))) ++stats_.sinks;
      }
    }
    // Breadth first: every sink meets every call of its name once.
    for (size_t k = 0; k < sinks_.size(); ++k) {
      Key key{Family(files_[sinks_[k].file].path), sinks_[k].f.name};
      auto it = calls_.find(key);
      if (it == calls_.end()) continue;
      for (const auto& [file, call] : it->second) Apply(k, file, files_[file].link_calls[call]);
    }
    Commit();
    return stats_;
  }

 private:
  static std::string SiteKey(size_t file, int line, const Template& t) {
    return std::to_string(file) + ":" + std::to_string(line) + ":" + t.Display();
  }

  bool Add(Sink s) {
    // The parameter count tells JVM overloads apart.
    // The definition's line tells C++ overloads of one arity apart (ninja's
    // `Error(const char*, va_list)` and `Error(const char*, ...)`).
    std::string fn_key = std::to_string(s.file) + "|" + s.f.function + "|" + s.f.name + "|" +
                         std::to_string(s.f.params.size()) + "|" + std::to_string(s.f.def_line);
    std::string text = fn_key + "|" + s.f.error_class + "|" + s.f.message.Display();
    // The severity too: git's `if (fatal) die(msg) else error(msg)` are two
    // sinks, and a call passing `fatal` as 0 reaches only the second. The
    // cap counts distinct texts, so the pair takes one place of it.
    std::string key = text + "|" + s.f.severity;
    bool new_text = !sink_texts_.count(text);
    if (sink_keys_.count(key) || (new_text && per_function_[fn_key] >= kMaxSinksPerFunction)) {
      return false;
    }
    sink_keys_.insert(key);
    if (new_text) {
      sink_texts_.insert(text);
      ++per_function_[fn_key];
    }
    by_name_[{Family(files_[s.file].path), s.f.name}].push_back(sinks_.size());
    sinks_.push_back(std::move(s));
    return true;
  }

  static bool SameMessage(const SinkFact& a, const SinkFact& b) {
    return a.error_class == b.error_class && a.message.Display() == b.message.Display() &&
           a.params == b.params;
  }

  // Whether `call` in `file` calls the function of sink `s` (by name: the
  // file's own definition first, then the repository's only one; several
  // definitions only when each has this very message).
  bool Reaches(const Sink& s, size_t file, const LinkCall& call) const {
    if (CppStaticFactory(s, call)) return true;
    // C++ `::Error(msg, ap)` (ninja's StatusPrinter::Error forwarding to
    // util.cc): the free function of that name, not the calling method.
    if (call.receiver == "::") {
      return !s.f.constructor && s.f.function.find("::") == std::string::npos;
    }
    if (CppMethodCall(s, file, call)) return CppMethodReaches(s, call);
    if (s.f.constructor != call.construct && !KotlinFactory(s, call)) return false;
    int family = Family(files_[file].path);
    bool python = family == kPython;
    // JVM: a helper that returns the exception is followed only where it is
    // thrown or returned on.
    if (s.f.returns && !call.thrown && !call.returned) return false;
    if (family == kJvm || family == kCSharp) {
      // Methods are called through `this` implicitly and static helpers
      // through their class: no receiver is required. Overloads differ in
      // arity; a call may leave out parameters with defaults (Kotlin, C#).
      if (!call.receiver.empty() && DeniedReceiver(call.receiver)) return false;
      size_t n = call.args.size() + call.keywords.size();
      size_t required =
          s.f.required_params >= 0 ? static_cast<size_t>(s.f.required_params) : s.f.params.size();
      if (s.f.varargs_from >= 0) {
        if (n < static_cast<size_t>(s.f.varargs_from)) return false;
      } else if (s.f.language == "kotlin" ? n > s.f.params.size()
                                          : n > s.f.params.size() || n < required) {
        return false;
      }
      // An overload taking exactly that many is the one called.
      if (s.f.varargs_from < 0 && n != s.f.params.size() && HasOverloadOfArity(s, family, n)) {
        return false;
      }
      for (size_t i = 0; i < call.args.size() && i < s.f.no_text.size(); ++i) {
        if (s.f.no_text[i] && call.args[i].HasLiteralText()) return false;
      }
      // Java picks a fixed-arity overload before a varargs one.
      if (s.f.varargs_from >= 0 && n != s.f.params.size()) {
        auto same = by_name_.find({family, s.f.name});
        for (size_t k : same == by_name_.end() ? std::vector<size_t>{} : same->second) {
          const Sink& o = sinks_[k];
          // ... when it takes that many by fixed arity: not varargs, or the
          // call passes its own varargs on (`methodError(m, null, msg, args)`).
          if (o.file == s.file && o.f.function == s.f.function && o.f.params.size() == n &&
              (o.f.varargs_from < 0 ||
               (!call.args.empty() && VarargsParam(call, call.args.back()) >= 0))) {
            return false;
          }
        }
      }
    } else if (s.f.method) {
      if (call.receiver.empty() || DeniedReceiver(call.receiver)) return false;
      // In the method's own file, a call through another object
      // (`$this->app['config']->get(..)` beside BroadcastManager::get) is
      // that object's method, not this one -- where the language names the
      // object itself with a keyword (Go and Rust name receivers freely).
      bool keyword_self = family == kPhp || family == kPython || family == kJs;
      if (keyword_self && s.file == file && !IsSelfReceiver(call.receiver) &&
          call.receiver != "parent" && call.receiver != "super") {
        return false;
      }
    } else if (!s.f.constructor) {
      if (python && (call.receiver == "self" || call.receiver == "cls")) return false;
      if (!call.receiver.empty()) {
        // `mod.fail()` reaches a free function through a module; `fs.relative()`
        // on a parameter, or any `x.f()` in f's own file, is some object's method.
        if (DeniedReceiver(call.receiver) || s.file == file ||
            std::find(call.caller_params.begin(), call.caller_params.end(), call.receiver) !=
                call.caller_params.end()) {
          return false;
        }
      }
    }
    if (names_[file].count(call.callee)) return s.file == file;
    auto defs = defs_.find({Family(files_[file].path), call.callee});
    if (defs == defs_.end()) return false;
    if (family == kGo && call.receiver.empty() && !s.f.method) {
      // Another package's function is called through its name.
      if (Dir(files_[s.file].path) != Dir(files_[file].path)) return false;
      for (size_t d : defs->second) {
        if (d != s.file && Dir(files_[d].path) == Dir(files_[file].path)) return false;
      }
      return true;
    }
    if (defs->second.size() == 1) return defs->second[0] == s.file;
    // A class defined in a few files (a browser and a Node variant): each
    // definition gives its own composed site, and the paste picks by text.
    if (call.construct && defs->second.size() <= kMaxClassDefinitions) {
      return std::find(defs->second.begin(), defs->second.end(), s.file) != defs->second.end();
    }
    // `import { warn } from './warning'`: the definition in that module.
    if (!call.module.empty()) {
      for (size_t d : defs->second) {
        if (IsModule(files_[d].path, call.module)) return s.file == d;
      }
    }
    // `usage.fail()`: the definition in usage.ts (link_receiver.h).
    if (!call.receiver.empty()) {
      std::vector<std::string_view> paths;
      for (size_t d : defs->second) paths.push_back(files_[d].path);
      if (std::optional<size_t> d = FileNamedByReceiver(call.receiver, paths)) {
        return s.file == defs->second[*d];
      }
    }
    // Ambiguous name: every definition must raise this message.
    const std::vector<size_t>& same = by_name_.at({Family(files_[file].path), call.callee});
    for (size_t d : defs->second) {
      bool found = false;
      for (size_t k : same) found |= sinks_[k].file == d && SameMessage(sinks_[k].f, s.f);
      if (!found) return false;
    }
    // ... and the call is linked once, through the first definition.
    return s.file == defs->second[0];
  }

  // C++ `status->Error(fmt, ...)` / `printer.Error(..)`: a method call whose
  // receiver's class is not known here (ninja calls StatusPrinter::Error
  // through its Status interface).
  bool CppMethodCall(const Sink& s, size_t file, const LinkCall& call) const {
    return s.f.language == "cpp" && Family(files_[file].path) == kC && !call.construct &&
           !call.receiver.empty() && !DeniedReceiver(call.receiver);
  }

  // ... reaches an out-of-class method definition `Cls::name` when every
  // such definition of that name has a sink saying the same thing (the
  // interface's implementations agree), through the first of them; never
  // a free function.
  bool CppMethodReaches(const Sink& s, const LinkCall& call) const {
    auto is_method = [](const Sink& k) {
      return k.f.language == "cpp" && !k.f.constructor &&
             k.f.function.find("::") != std::string::npos;
    };
    if (!is_method(s)) return false;
    auto same = by_name_.find({kC, call.callee});
    if (same == by_name_.end()) return false;
    std::map<std::pair<size_t, std::string>, bool> agrees;  // each definition: has this message
    for (size_t k : same->second) {
      const Sink& o = sinks_[k];
      if (is_method(o)) agrees[{o.file, o.f.function}] |= SameMessage(o.f, s.f);
    }
    for (const auto& [def, ok] : agrees) {
      if (!ok) return false;
    }
    return agrees.begin()->first == std::make_pair(s.file, s.f.function);
  }

  // Kotlin calls a function named like a class (`fun X(offset: Int,
  // message: String) = X(..)`, kotlinx.serialization's JsonDecodingException)
  // as it constructs the class: a construction of exactly its arity,
  // thrown or returned, reaches such a returning factory.
  static bool KotlinFactory(const Sink& s, const LinkCall& call) {
    return call.construct && !s.f.constructor && s.f.returns && s.f.language == "kotlin" &&
           !s.f.name.empty() && std::isupper(static_cast<unsigned char>(s.f.name[0])) &&
           (call.thrown || call.returned) &&
           call.args.size() + call.keywords.size() == s.f.params.size();
  }

  // C++ `throw RequiredError::Subcommand(n)` reads as a construction; it
  // reaches the static factory of that name in that class (CLI11), of its
  // arity, wherever the class is defined.
  static bool CppStaticFactory(const Sink& s, const LinkCall& call) {
    return call.construct && !s.f.constructor && s.f.returns && s.f.language == "cpp" &&
           (call.thrown || call.returned) && !call.receiver.empty() &&
           s.f.function == call.receiver + "::" + call.callee &&
           call.args.size() == s.f.params.size();
  }

  void Apply(size_t k, size_t file, const LinkCall& call) {
    // An internal check's text is no caller's message (fifteenth grading:
    // git_die_config's BUG() shown as `git gc`'s error).
    if (sinks_[k].f.internal_check || !Reaches(sinks_[k], file, call)) return;
    const Sink s = sinks_[k];  // copy: Add() may grow sinks_
    std::vector<const Template*> args(s.f.params.size(), nullptr);
    for (size_t i = 0; i < s.f.params.size(); ++i) {
      if (i < call.args.size()) {
        args[i] = &call.args[i];
        continue;
      }
      for (const auto& [name, t] : call.keywords) {
        if (!s.f.params[i].empty() && name == s.f.params[i]) args[i] = &t;
      }
    }
    // Not passed: the parameter's default text, if the sink has one, with
    // the parameters it names taken from the call too (`'Cannot populate
    // path `' + path + '`'`).
    std::vector<Template> defaults(s.f.param_defaults.empty() ? 0 : s.f.params.size());
    for (size_t i = 0; i < defaults.size(); ++i) {
      for (const auto& [name, t] : s.f.param_defaults) {
        if (args[i] || s.f.params[i].empty() || name != s.f.params[i]) continue;
        bool substituted = false, text = false;
        defaults[i] = SubstituteParams(t, s.f.params, args, &substituted, &text);
        args[i] = &defaults[i];
      }
    }
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i] && FixedForGuard(s.f, *args[i]) &&
          std::find(s.f.guarded.begin(), s.f.guarded.end(), s.f.params[i]) != s.f.guarded.end()) {
        return;  // a value the sink checks, not a message it reports
      }
    }
    // `repeatEvery(2)` where the raise needs `60 % $seconds !== 0` (a
    // wrapper's conditions are the ones it forwards: ConditionsForCaller).
    if (ConstantArgumentsPassGuard(s.f.conditions, s.f.params, args, call.caller_params)) {
      if (s.depth == 0) {
        passing_[{s.file, s.raise_line}].insert(files_[file].path + ":" +
                                                std::to_string(call.line));
      }
      return;
    }
    // JVM `String.format(message, args)`: the call's format, filled with
    // the arguments it passes from the varargs position on.
    Template formatted;
    int fp = s.f.format_param, va = s.f.varargs_from;
    bool pass_through_args = false;
    if (fp >= 0 && va >= 0 && static_cast<size_t>(fp) < args.size() && args[fp]) {
      std::vector<std::string> names;
      for (size_t i = va; i < call.args.size(); ++i) {
        // A value (one hole) is named by its expression, as at a site.
        const std::vector<Piece>& ps = call.args[i].pieces();
        bool value = ps.size() == 1 && ps[0].is_hole && !ps[0].expr.empty();
        names.push_back(value ? ps[0].expr : call.args[i].Display());
      }
      pass_through_args = names.size() == 1 && VarargsParam(call, call.args[va]) >= 0;
      if (!pass_through_args) {
        formatted = ApplyPrintf(
            *args[fp], names,
            s.f.format_dialect == "nginx" ? PrintfDialect::kNginx : DialectOf(s.f.language));
        args[fp] = &formatted;
      }
    }
    bool substituted = false, text = false;
    Template composed =
        SubstituteParams(s.f.message, s.f.params, args, &substituted, &text,
                         [&](std::string_view table, std::string_view key) -> const Template* {
                           std::optional<TableHit> h = tables_.Find(table, key, s.file);
                           return h ? h->text : nullptr;
                         });
    // `throw new X(..)` whose class writes the message itself: the text is
    // the class's, whatever the arguments are.
    bool class_text = s.f.constructor && call.construct && call.replaces_site && call.site &&
                      composed.HasLiteralText();
    if (class_text && !substituted && !text) {
      AddSite(s, file, call, composed);
      return;
    }
    // A returned exception is raised where the call is thrown, whatever the
    // call passes: its own text is the helper's.
    bool thrown_helper = s.f.returns && call.thrown && composed.HasLiteralText();
    // ... unless the call's own text went nowhere (another overload's call).
    for (const Template& a : call.args) thrown_helper &= text || !a.HasLiteralText();
    // C++ `D(m) : Base(m, "text")`: D's constructor composes Base's message
    // whatever D's own parameters are.
    bool base_text = call.base_init && composed.HasLiteralText();
    if (!substituted && s.f.constructor && call.construct) MessageFromLaterArgument(s, file, call);
    if (substituted && !text && s.f.constructor && call.construct) {
      MessageFromRenderedArgument(s, file, call);
    }
    if (!substituted && !thrown_helper && !base_text) return;
    // The call tells the user why when an argument brings text of its own:
    // `${path}.or` forwarding the caller's path one level down does not
    // (the caller's callers do); `error: unknown option '${flag}'` does.
    bool telling = false;
    for (size_t i = 0; i < args.size(); ++i) {
      if (!args[i] || !args[i]->HasLiteralText()) continue;
      bool used = false;
      for (const Piece& p : s.f.message.pieces()) {
        used |= p.is_hole && (p.expr == s.f.params[i] || KeyedBy(p.expr, s.f.params[i]));
      }
      if (!used) continue;
      bool forwards = false, space = false;
      for (const Piece& p : args[i]->pieces()) {
        if (p.is_hole) {
          forwards |= std::find(call.caller_params.begin(), call.caller_params.end(), p.expr) !=
                      call.caller_params.end();
        } else {
          space |= p.text.find(' ') != std::string::npos;
        }
      }
      // C/C++: a sink that adds no text of its own (`git_error_set_str(cls,
      // str)`-like helpers handed config keys) tells only with a sentence.
      bool bare = (s.f.language == "c" || s.f.language == "cpp") && !s.f.message.HasLiteralText();
      telling |= (!forwards || space) && (!bare || space);
    }
    if ((((text && telling) || thrown_helper) && call.site) || (class_text && !text)) {
      AddSite(s, file, call, composed);
    }
    // C++ `static X Make(..) { return X(..); }`: returns what X composes.
    bool returned_construction =
        s.f.constructor && call.construct && call.returned && s.f.language == "cpp";
    bool returned_helper = (s.f.returns || returned_construction) && call.returned;
    if (call.caller_name.empty() ||
        (call.caller_params.empty() && !returned_helper && !base_text) ||
        s.depth + 1 > kMaxLinkDepth) {
      return;
    }
    bool names_param = false;
    for (const Piece& p : composed.pieces()) {
      if (!p.is_hole || p.expr.empty()) continue;
      for (const std::string& cp : call.caller_params) {
        names_param |= p.expr == cp || KeyedBy(p.expr, cp);
      }
    }
    bool returned_on = (s.f.returns || returned_construction) && call.returned && !call.thrown;
    // A helper without parameters returning another's exception is one too.
    if (!names_param && !base_text &&
        !(returned_on && (call.caller_params.empty() || returned_construction) &&
          composed.HasLiteralText())) {
      return;
    }
    Sink d;
    d.f.function = call.caller;
    d.f.name = call.caller_name;
    d.f.language = s.f.language;
    d.f.method = call.caller_method;
    d.f.constructor = call.caller_constructor;
    d.f.params = call.caller_params;
    d.f.param_defaults = call.caller_param_defaults;
    d.f.message = std::move(composed);
    d.f.error_class = call.caller_constructor ? call.caller_name : s.f.error_class;
    d.f.kind = s.f.kind;
    d.f.severity = s.f.severity;
    d.f.error_code = s.f.error_code;
    d.f.http_status = s.f.http_status;
    d.f.line = call.line;
    d.f.def_line = call.caller_line;
    d.file = file;
    d.depth = s.depth + 1;
    d.raise_file = s.raise_file;
    d.raise_line = s.raise_line;
    bool checked_call = call.site && !call.site->conditions.empty();
    d.reports_when = checked_call ? call.site->conditions : s.reports_when;
    d.reports_in = checked_call ? call.caller : s.reports_in;
    d.reports_in_file = checked_call ? files_[file].path : s.reports_in_file;
    d.reports_params = checked_call ? call.caller_params : s.reports_params;
    d.f.returns = returned_on;
    d.f.varargs_from = call.caller_varargs;
    d.f.no_text = call.caller_no_text;
    d.f.guarded = GuardedCallerParams(s.f, args, call);
    d.f.conditions = ConditionsForCaller(s.f.conditions, s.f.params, args, call.caller_params);
    if (d.f.varargs_from >= 0) d.f.format_param = call.caller_format_param;
    if (pass_through_args) {
      // `return methodError(method, message + "..", args)`: the caller's
      // own format parameter and varargs.
      d.f.format_param = -1;
      for (const Piece& p : call.args[fp].pieces()) {
        if (!p.is_hole) continue;
        for (size_t i = 0; i < call.caller_params.size(); ++i) {
          if (call.caller_params[i] == p.expr) d.f.format_param = static_cast<int>(i);
        }
        break;
      }
      if (d.f.varargs_from < 0) d.f.format_param = -1;
    }
    d.via = s.via;
    d.via.insert(d.via.begin(), s.f.name + "()");
    if (Add(std::move(d))) ++stats_.derived_sinks;
  }

  static bool CFamily(const SinkFact& f) { return f.language == "c" || f.language == "cpp"; }

  // Whether `arg` decides a guarded parameter's check by itself: any text
  // (`hook('preAction')`); in C/C++ only text without holes, since a key
  // built from the caller's value (`xstrfmt("remote.%s.url", name)`) is
  // checked with what the caller's callers pass (GuardedCallerParams).
  static bool FixedForGuard(const SinkFact& f, const Template& arg) {
    if (!CFamily(f)) return arg.HasLiteralText();
    const std::vector<Piece>& ps = arg.pieces();
    return !ps.empty() &&
           std::none_of(ps.begin(), ps.end(), [](const Piece& p) { return p.is_hole; });
  }

  // C/C++: the caller's parameters that reach a guarded parameter of the
  // sink (forwarded, or a hole of the text passed for it): the check
  // reads them too.
  static std::vector<std::string> GuardedCallerParams(const SinkFact& f,
                                                      const std::vector<const Template*>& args,
                                                      const LinkCall& call) {
    std::vector<std::string> out;
    if (!CFamily(f)) return out;
    for (size_t i = 0; i < args.size() && i < f.params.size(); ++i) {
      if (!args[i] ||
          std::find(f.guarded.begin(), f.guarded.end(), f.params[i]) == f.guarded.end()) {
        continue;
      }
      for (const Piece& p : args[i]->pieces()) {
        bool param = p.is_hole && std::find(call.caller_params.begin(), call.caller_params.end(),
                                            p.expr) != call.caller_params.end();
        if (param && std::find(out.begin(), out.end(), p.expr) == out.end()) out.push_back(p.expr);
      }
    }
    return out;
  }

  static PrintfDialect DialectOf(std::string_view language) {
    if (language == "go") return PrintfDialect::kGo;
    if (language == "php") return PrintfDialect::kPhp;
    if (language == "c" || language == "cpp") return PrintfDialect::kC;
    return PrintfDialect::kJava;
  }

  // The index of the caller's varargs parameter when `arg` is exactly that
  // parameter (varargs passed on), else -1.
  static int VarargsParam(const LinkCall& call, const Template& arg) {
    int v = call.caller_varargs;
    if (v < 0 || static_cast<size_t>(v) >= call.caller_params.size() || arg.pieces().size() != 1 ||
        !arg.pieces()[0].is_hole) {
      return -1;
    }
    return arg.pieces()[0].expr == call.caller_params[v] ? v : -1;
  }

  // `if (!filename) die(A); else die(B)`: whether a parameter was given
  // picks which text is reported, not whether one is (git's
  // git_die_config_linenr, ninja's Win32Fatal `hint`). Such checks are left
  // out of ErrorSite::reporter_conditions.
  static bool PicksVariant(const PathCondition& c, const std::vector<std::string>& params) {
    std::string e;
    for (char ch : c.expr) {
      if (ch != ' ' && ch != '(' && ch != ')') e += ch;
    }
    if (e.starts_with("!")) e = e.substr(1);
    for (const char* tail : {"==NULL", "!=NULL", "==nil", "!=nil", "===null", "!==null", "==null",
                             "!=null", "isNone", "isnotNone", ".nil?"}) {
      if (e.ends_with(tail)) {
        e.resize(e.size() - std::string_view(tail).size());
        break;
      }
    }
    while (!e.empty() && (e[0] == '$' || e[0] == '@')) e = e.substr(1);
    return !e.empty() && std::find(params.begin(), params.end(), e) != params.end();
  }

  static std::vector<PathCondition> DecidingChecks(const std::vector<PathCondition>& checks,
                                                   const std::vector<std::string>& params) {
    std::vector<PathCondition> out;
    for (const PathCondition& c : checks) {
      if (!PicksVariant(c, params)) out.push_back(c);
    }
    return out;
  }

  // redis's `addReplyError(c, "Protocol error: ..")` sends the reply the
  // client sees (a site of its own), and `afterErrorReply` logs "==
  // CRITICAL == ... '%s' ..." around the same text only for master, replica
  // and AOF clients: a wrapper written under the helper's own checks, around
  // a text the calling statement already reports, is not what users of that
  // statement see (twentieth grading), so it makes no site there.
  // Whether another sink of the same function name in the same file takes
  // exactly `n` parameters (Quartz's Throw.ArgumentNullException(name) beside
  // (name, message)).
  bool HasOverloadOfArity(const Sink& s, int family, size_t n) const {
    auto same = by_name_.find({family, s.f.name});
    if (same == by_name_.end()) return false;
    for (size_t k : same->second) {
      const Sink& o = sinks_[k];
      if (o.file == s.file && o.f.params.size() == n && o.f.varargs_from < 0) return true;
    }
    return false;
  }

  bool NarrowerWrapper(const Sink& s, size_t file, const LinkCall& call,
                       const Template& composed) const {
    // Checks that only pick which wrapper a parameter gets (libgit2's
    // `oid != NULL`) are no narrower condition: every call gets one.
    if (call.construct || s.f.returns || !call.site ||
        DecidingChecks(s.reports_when, s.reports_params).empty()) {
      return false;
    }
    // The helper also hands the text on as it is to a call named for
    // reporting (`addReplyErrorLength(c, err, ..)`: the reply), outside any
    // check: that is what the call's users see. Without such a call every
    // call gets some wrapper (git's `maybe_flush_or_die`), and the wrapper
    // is the message.
    bool raw = false;
    std::string onward = s.via.empty() ? "" : s.via.front();  // the call to the wrapper
    for (const LinkCall& c : files_[s.file].link_calls) {
      if (c.caller_line != s.f.def_line || c.callee == onward || !ReportingName(c.callee) ||
          (s.raise_file == files_[s.file].path && c.line == s.raise_line)) {
        continue;
      }
      // A format of its own (`die_errno("write failure on '%s'", desc)`)
      // wraps the text too.
      bool literal = false, passes = false;
      for (const Template& a : c.args) {
        const auto& ps = a.pieces();
        literal |= a.HasLiteralText();
        passes |= ps.size() == 1 && ps[0].is_hole &&
                  std::find(c.caller_params.begin(), c.caller_params.end(), ps[0].expr) !=
                      c.caller_params.end();
      }
      raw |= passes && !literal;
    }
    if (!raw) return false;
    std::string text = composed.Display();
    for (const ErrorSite& own : *sites_[file]) {
      if (own.line != call.site->line || !own.message.HasLiteralText()) continue;
      std::string mine = own.message.Display();
      if (mine != text && text.find(mine) != std::string::npos) return true;
    }
    return false;
  }

  void AddSite(const Sink& s, size_t file, const LinkCall& call, const Template& composed) {
    if (sites_.size() <= file || !sites_[file]) return;
    int line = call.site->line;  // the statement's first line
    std::string key = SiteKey(file, line, composed);
    if (seen_.count(key)) return;
    if (NarrowerWrapper(s, file, call, composed)) return;
    seen_.insert(key);
    ErrorSite site = *call.site;
    site.message = composed;
    // A stderr write's own line end (`"... written to STDERR\n"`) is not
    // part of the text users quote.
    if (CFamily(s.f) && s.f.kind == SiteKind::kLog)
      site.message = composed.Trimmed(/*leading=*/false, /*trailing=*/true);
    site.message_opaque = false;
    site.error_class = s.f.error_class;
    // A warning object built by the class stays a warning (webpack pushes
    // `new XWarning(..)` to its warnings); otherwise the sink says.
    // A call at an information level (`ngx_log_error(NGX_LOG_INFO, ..)`)
    // keeps it, and is a record only when its text states a failure.
    if (call.site->severity == "info") {
      if (!StatesFailure(composed)) return;
      site.kind = s.f.kind;
    } else if (call.site->kind != SiteKind::kWarning) {
      site.kind = s.f.kind;
      site.severity = s.f.severity;
    }
    if (!site.error_code) site.error_code = s.f.error_code;
    if (!site.http_status) site.http_status = s.f.http_status;
    std::string where = s.raise_file + ":" + std::to_string(s.raise_line);
    std::string note =
        call.construct ? "message composed by `" + s.f.name + "` (" + files_[s.file].path + ":" +
                             std::to_string(s.f.def_line) + ")"
        : s.f.returns ? "exception built by `" + s.f.name + "()` (" + files_[s.file].path + ":" +
                            std::to_string(s.f.def_line) + ")"
                      : "passed to `" + s.f.name + "()` (" + files_[s.file].path + ":" +
                            std::to_string(s.f.def_line) + ")";
    if (!s.via.empty()) {
      note += " and on through ";
      for (size_t i = 0; i < s.via.size(); ++i) note += (i ? ", `" : "`") + s.via[i] + "`";
    }
    // A logging or error-setting sink reports the text; only a raising one
    // raises it (libgit2's git_error_set stores it: thirteenth grading), and
    // C raises nothing (redis's anetSetError, nginx's ngx_ssl_error).
    bool raises = s.f.kind == SiteKind::kRaise && call.site->language != "c";
    note += (s.f.returns ? ", which returns "
             : raises    ? ", which raises "
                         : ", which reports ") +
            (s.f.error_class.empty() ? std::string("it") : s.f.error_class) + " at " + where;
    site.message_origin_note = note;
    site.message_from = where;
    // A reporting helper that reports only under its own checks (git's
    // get_reference dies only when the object is missing): those checks,
    // not the caller's, say when the text appears.
    if (!call.construct && !s.f.returns) {
      site.reporter_conditions = DecidingChecks(s.reports_when, s.reports_params);
      site.reporter_function = s.reports_in;
      site.reporter_file = s.reports_in_file;
    }
    if (call.replaces_site) replaced_[file].insert({line, call.site->error_class});
    ReplaceShorterReport(file, site);
    covered_[s.raise_file].insert({s.raise_line, s.f.error_class});
    added_.push_back({file, std::move(site)});
  }

  // A call the extractor recorded by its name alone (bsdunzip's
  // `error("futimes('%s')", path)`: a reporter) whose composed text adds the
  // wrapper's own ("…: {strerror(errno)}"): the composed site replaces the
  // shorter one at that line.
  void ReplaceShorterReport(size_t file, const ErrorSite& composed) {
    std::string text = composed.message.Display();
    for (const ErrorSite& own : *sites_[file]) {
      if (own.line != composed.line || own.error_class != composed.error_class ||
          !own.message.HasLiteralText()) {
        continue;
      }
      std::string mine = own.message.Display();
      if (mine != text && text.find(mine) != std::string::npos) {
        replaced_[file].insert({own.line, own.error_class});
      }
    }
  }

  // A sink's own site whose whole message is its parameter (flask's
  // `raise BaseExceptionGroup(message, self.errors)` in raise_any) says
  // nothing a user could match or read once its callers carry the text:
  // it is dropped when at least one call site was linked to it.
  void DropCoveredPlaceholders() {
    for (size_t i = 0; i < files_.size() && i < sites_.size(); ++i) {
      auto it = covered_.find(files_[i].path);
      if (it == covered_.end() || !sites_[i]) continue;
      const auto& lines = it->second;
      std::vector<ErrorSite>& v = *sites_[i];
      size_t before = v.size();
      v.erase(std::remove_if(v.begin(), v.end(),
                             [&](const ErrorSite& site) {
                               return !site.message.HasLiteralText() &&
                                      lines.count({site.line, site.error_class}) > 0;
                             }),
              v.end());
      stats_.sites_replaced += static_cast<int>(before - v.size());
    }
  }

  // `throw new QueryFailedError(query, parameters, err)` where the class
  // writes `super(driverError.toString().replace(..))`: what users see is
  // the text of the third argument, not the first. The site the extractor
  // made from the first argument would show the SQL as the message; it
  // shows the argument the class renders instead (a value: opaque).
  void MessageFromLaterArgument(const Sink& s, size_t file, const LinkCall& call) {
    if (s.f.message.HasLiteralText() || sites_.size() <= file || !sites_[file]) return;
    int read = -1;
    for (const Piece& p : s.f.message.pieces()) {
      if (!p.is_hole) continue;
      for (size_t i = 0; i < s.f.params.size(); ++i) {
        if (!ReadsName(p.expr, s.f.params[i])) continue;
        if (read >= 0 && read != static_cast<int>(i)) return;
        read = static_cast<int>(i);
      }
    }
    if (read <= 0 || static_cast<size_t>(read) >= call.args.size()) return;
    auto single_hole = [](const Template& t) -> const Piece* {
      return t.pieces().size() == 1 && t.pieces()[0].is_hole ? &t.pieces()[0] : nullptr;
    };
    const Piece* later = single_hole(call.args[static_cast<size_t>(read)]);
    if (!later || call.args[0].empty()) return;
    std::string first = call.args[0].Display();
    for (ErrorSite& site : *sites_[file]) {
      if (site.message.Display() != first || site.error_class != s.f.name ||
          site.line > call.line || site.line + kMaxCallSpan < call.line) {
        continue;
      }
      Template t;
      t.AddHole(later->text, later->expr, later->type);
      site.message = std::move(t);
      site.message_opaque = true;
      site.message_origin_note = "`" + s.f.name + "` shows the text of its argument `" +
                                 s.f.params[static_cast<size_t>(read)] + "` (" +
                                 files_[s.file].path + ":" + std::to_string(s.f.line) + ")";
    }
  }

  // C++ `class E : public std::runtime_error { explicit E(Status& s) :
  // std::runtime_error(s.ToString()) {} }` thrown as `throw E(status_)`
  // (rocksdb's MultiScanException): the extractor saw a value and no text
  // and named the site after the class (`{MultiScanException}`); what users
  // see is the class's rendering of the argument, `status_.ToString()` --
  // still a value (opaque), but the one `what()` returns.
  void MessageFromRenderedArgument(const Sink& s, size_t file, const LinkCall& call) {
    const std::vector<Piece>& own = s.f.message.pieces();
    if (own.size() != 1 || !own[0].is_hole || own[0].expr.empty() || sites_.size() <= file ||
        !sites_[file]) {
      return;
    }
    size_t read = 0;
    while (read < s.f.params.size() && s.f.params[read] != own[0].expr) ++read;
    if (read >= call.args.size()) return;
    const std::vector<Piece>& arg = call.args[read].pieces();
    if (arg.size() != 1 || !arg[0].is_hole || arg[0].expr.empty()) return;
    // The hole's text is the rendering (`{s.ToString()}`); its expr, the
    // parameter it reads (`s`). A hole that prints the parameter itself
    // shows the argument, which the site already does.
    std::string_view text = own[0].text;
    if (text.size() < 3 || text.front() != '{' || text.back() != '}') return;
    std::string rendering(text.substr(1, text.size() - 2));
    if (rendering == own[0].expr) return;
    std::string shown = ReplaceVariable(rendering, own[0].expr, arg[0].expr);
    std::string placeholder = "{" + s.f.name + "}";
    for (ErrorSite& site : *sites_[file]) {
      if (!site.message_opaque || site.message.Display() != placeholder ||
          site.error_class != s.f.name || site.line > call.line ||
          site.line + kMaxCallSpan < call.line) {
        continue;
      }
      Template t;
      t.AddHole("{" + shown + "}", arg[0].expr, arg[0].type);
      site.message = std::move(t);
      site.message_origin_note = "`" + s.f.name + "` shows `" + rendering + "` of its argument `" +
                                 own[0].expr + "` (" + files_[s.file].path + ":" +
                                 std::to_string(s.f.line) + ")";
    }
  }

  void Commit() {
    DropCoveredPlaceholders();
    for (auto& [file, dropped] : replaced_) {
      std::vector<ErrorSite>& v = *sites_[file];
      size_t before = v.size();
      const auto& drop = dropped;  // clang 14 cannot capture a structured binding
      v.erase(std::remove_if(v.begin(), v.end(),
                             [&](const ErrorSite& s) {
                               return drop.count({s.line, s.error_class}) > 0;
                             }),
              v.end());
      stats_.sites_replaced += static_cast<int>(before - v.size());
    }
    for (auto& [file, site] : added_) {
      sites_[file]->push_back(std::move(site));
      ++stats_.sites_added;
    }
    for (const auto& [where, calls] : passing_) {
      if (sites_.size() <= where.first || !sites_[where.first]) continue;
      for (ErrorSite& site : *sites_[where.first]) {
        if (site.line == where.second) site.calls_passing_guard.assign(calls.begin(), calls.end());
      }
    }
  }

  const std::vector<FileFacts>& files_;
  const std::vector<std::vector<ErrorSite>*>& sites_;
  std::vector<std::unordered_set<std::string>> names_;
  MessageTableIndex tables_;  // entries a sink's keyed lookup takes (SubstituteKeyed)
  std::map<Key, std::vector<size_t>> defs_;
  std::map<Key, std::vector<std::pair<size_t, size_t>>> calls_;
  std::map<Key, std::vector<size_t>> by_name_;
  std::vector<Sink> sinks_;
  std::unordered_set<std::string> sink_keys_;
  std::unordered_set<std::string> sink_texts_;  // sink_keys_ without the severity
  std::map<std::string, size_t> per_function_;
  // A sink's raise (file, line) -> the calls that pass its guard.
  std::map<std::pair<size_t, int>, std::set<std::string>> passing_;
  std::unordered_set<std::string> seen_;
  std::map<size_t, std::set<std::pair<int, std::string>>> replaced_;
  std::vector<std::pair<size_t, ErrorSite>> added_;
  // Raising statements of sinks some call site now carries: (path) ->
  // {(line, class)}.
  std::map<std::string, std::set<std::pair<int, std::string>>> covered_;
  LinkStats stats_;
};

}  // namespace

namespace {

bool IsPlainName(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  });
}

// A hole `T[param]` given the call's argument for `param`: the entry's text
// for a literal key, the lookup by the argument's variable for a bare
// variable; false otherwise.
bool SubstituteKeyed(const Piece& p, const std::vector<std::string>& params,
                     const std::vector<const Template*>& args, const KeyedText& keyed,
                     Template* out, bool* text) {
  if (!keyed || !p.expr.ends_with("]")) return false;
  std::optional<TableLookup> l = ParseTableLookup(p.expr);
  if (!l || l->literal) return false;
  for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
    if (params[i].empty() || params[i] != l->key || !args[i]) continue;
    const std::vector<Piece>& a = args[i]->pieces();
    if (a.size() == 1 && !a[0].is_hole) {
      const Template* entry = keyed(l->table, a[0].text);
      if (!entry) return false;
      out->Append(*entry);
      *text = true;
      return true;
    }
    if (a.size() == 1 && a[0].is_hole && IsPlainName(a[0].expr)) {
      std::string expr = p.expr.substr(0, p.expr.size() - l->key.size() - 1) + a[0].expr + "]";
      std::string shown = p.text;
      if (size_t at = shown.rfind("[" + l->key + "]"); at != std::string::npos) {
        shown.replace(at + 1, l->key.size(), a[0].expr);
      }
      out->AddHole(shown, expr, p.type);
      return true;
    }
    return false;
  }
  return false;
}

}  // namespace

Template SubstituteParams(const Template& t, const std::vector<std::string>& params,
                          const std::vector<const Template*>& args, bool* substituted, bool* text,
                          const KeyedText& keyed) {
  Template out;
  for (const Piece& p : t.pieces()) {
    if (!p.is_hole) {
      out.AddLiteral(p.text);
      continue;
    }
    const Template* arg = nullptr;
    for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
      if (!params[i].empty() && params[i] == p.expr) arg = args[i];
    }
    if (!arg && SubstituteKeyed(p, params, args, keyed, &out, text)) {
      *substituted = true;
      continue;
    }
    // `{x:>10}` pads: the argument's text is not what prints.
    bool spec = p.text.starts_with("{") && p.text.find(':') != std::string::npos;
    if (!arg || spec) {
      out.AddHole(p.text, p.expr, p.type);
      continue;
    }
    *substituted = true;
    *text |= arg->HasLiteralText();
    bool repr = p.text.find("!r") != std::string::npos || p.text == "%r";
    if (repr) out.AddLiteral("'");
    out.Append(*arg);
    if (repr) out.AddLiteral("'");
  }
  return out;
}

bool ReadsName(std::string_view expr, std::string_view name) {
  if (name.empty()) return false;
  auto ident = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  for (size_t at = expr.find(name); at != std::string_view::npos; at = expr.find(name, at + 1)) {
    bool start = at == 0 || (!ident(expr[at - 1]) && expr[at - 1] != '.');
    bool end = at + name.size() >= expr.size() || !ident(expr[at + name.size()]);
    if (start && end) return true;
  }
  return false;
}

bool TestsMembership(std::string_view expr, std::string_view name) {
  if (!ReadsName(expr, name)) return false;
  static constexpr std::string_view kLookups[] = {
      "include?(", "member?(", "key?(", "in_array(", "array_key_exists(",
      "isset(",    "->has(",   ".has(", "Contains(", " in "};
  for (std::string_view l : kLookups) {
    if (expr.find(l) != std::string_view::npos) return true;
  }
  return false;
}

bool OnlyTypeTested(std::string_view expr, std::string_view name) {
  if (!ReadsName(expr, name)) return false;
  std::string rest(expr);
  auto erase_all = [&](const std::string& pattern, const std::string& keep) {
    for (size_t at = rest.find(pattern); at != std::string::npos; at = rest.find(pattern, at)) {
      rest.replace(at, pattern.size(), keep);
      at += keep.size();
    }
  };
  const std::string n(name);
  erase_all("typeof " + n, "typeof _");
  erase_all(n + " instanceof ", "_ instanceof ");
  for (std::string_view call : {".call(", "isArray(", "isBuffer(", "isError(", "isString("}) {
    erase_all(std::string(call) + n + ")", std::string(call) + "_)");
  }
  return !ReadsName(rest, name);
}

LinkStats LinkMessages(const std::vector<FileFacts>& files,
                       const std::vector<std::vector<ErrorSite>*>& sites) {
  return Linker(files, sites).Run();
}

}  // namespace errdex
