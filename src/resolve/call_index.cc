// Call index (see call_index.h). Depth-first upward walk with the path kept
// to avoid cycles, bounded by depth, by a step budget and by the number of
// chains kept; every link rule errs towards no link.
#include "resolve/call_index.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

#include "util/text.h"

namespace errdex {
namespace {

std::string Dir(const std::string& file) {
  size_t slash = file.rfind('/');
  return slash == std::string::npos ? "" : file.substr(0, slash);
}

std::string Base(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The last name in a receiver expression: `this.parser` -> `parser`,
// `$this->cache` -> `cache`, `a::b::C` -> `C`, `m_reader` -> `reader`.
std::string LastSegment(const std::string& receiver) {
  size_t at = receiver.find_last_of(".:>\\");
  std::string s = at == std::string::npos ? receiver : receiver.substr(at + 1);
  while (!s.empty() && (s[0] == '$' || s[0] == '_' || s[0] == '@')) s.erase(0, 1);
  if (s.starts_with("m_")) s.erase(0, 2);
  return s;
}

// Whether a header's modifiers (before its parameter list) say `private`.
bool PrivateHeader(const std::string& header) {
  std::string_view mods = std::string_view(header).substr(0, header.find('('));
  for (size_t at = mods.find("private"); at != std::string_view::npos;
       at = mods.find("private", at + 7)) {
    bool start =
        at == 0 || !(std::isalnum(static_cast<unsigned char>(mods[at - 1])) || mods[at - 1] == '_');
    size_t end = at + 7;
    bool stop = end == mods.size() ||
                !(std::isalnum(static_cast<unsigned char>(mods[end])) || mods[end] == '_');
    if (start && stop) return true;
  }
  return false;
}

bool SameWord(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// Rust: the module a file defines (`src/parser/mod.rs` -> `parser`).
std::string RustModule(const std::string& file) {
  std::string base = Base(file);
  std::string stem = base.substr(0, base.rfind('.'));
  if (stem == "mod" || stem == "lib" || stem == "main") return Base(Dir(file));
  return stem;
}

bool IsConstructor(const FunctionFact& f) {
  return !f.cls.empty() && (f.short_name == f.cls || f.short_name == "constructor" ||
                            f.short_name == "__construct" || f.short_name == "initialize");
}

// How many arguments a definition takes, read from its header:
// `ToGuid(GuidRepresentation g)` takes exactly 1; a default (`int n = 0`)
// lowers the least, a variadic parameter (`...`, C# `params`, Ruby `*args`,
// Kotlin `vararg`) lifts the most. False when the header shows no parameter
// list.
bool HeaderArity(const std::string& header, const std::string& name, int* least, int* most) {
  size_t open = header.find(name + "(");
  if (open == std::string::npos) return false;
  std::vector<std::string> params(1);
  int depth = 0;
  for (size_t i = open + name.size(); i < header.size(); ++i) {
    char c = header[i];
    if (c == '(' || c == '<' || c == '[' || c == '{') {
      if (depth++ == 0) continue;
    } else if (c == ')' || c == '>' || c == ']' || c == '}') {
      if (--depth == 0) {
        if (c != ')') return false;
        std::string only(Trim(params[0]));
        if (params.size() == 1 && (only.empty() || only == "void")) params.clear();
        *least = *most = static_cast<int>(params.size());
        for (const std::string& p : params) {
          std::string t(Trim(p));
          if (t.find('=') != std::string::npos && t.find("=>") == std::string::npos) --*least;
          // The receiver of a C# extension method (`this Foo x`) or of a Rust
          // method (`&self`, `mut self`, `self: Box<Self>`) is in the call's
          // list only in the static form (`Ext.M(x, a)`, `T::m(&x, a)`).
          bool receiver = t.starts_with("this ") || t == "self" || t.starts_with("self:") ||
                          t.ends_with(" self") || t.ends_with("&self");
          if (receiver) {
            --*least;
          } else if (t.starts_with("&")) {  // a Ruby block parameter: no argument
            --*least;
            --*most;
          } else if (t.find("...") != std::string::npos || t.starts_with("params ") ||
                     t.starts_with("vararg ") || t.starts_with("*")) {
            *most = 1 << 20;
          }
        }
        return true;
      }
    } else if (depth == 1 && c == ',') {
      params.emplace_back();
      continue;
    }
    if (depth >= 1) params.back() += c;
  }
  return false;
}

// Languages where a bare name inside a class body calls the class's method.
bool ImplicitSelf(const std::string& family) {
  return family == "jvm" || family == "csharp" || family == "c" || family == "ruby";
}

}  // namespace

bool CommonMethodName(const std::string& n) {
  static const std::set<std::string> kCommon = {
      "get",      "set",         "run",         "parse",       "add",         "remove",
      "init",     "start",       "stop",        "close",       "open",        "read",
      "write",    "load",        "save",        "update",      "create",      "build",
      "call",     "apply",       "execute",     "exec",        "handle",      "process",
      "render",   "format",      "validate",    "check",       "find",        "push",
      "pop",      "toString",    "equals",      "hashCode",    "String",      "Error",
      "new",      "default",     "from",        "into",        "clone",       "fmt",
      "len",      "size",        "next",        "reset",       "flush",       "send",
      "emit",     "on",          "off",         "map",         "filter",      "forEach",
      "then",     "resolve",     "reject",      "invoke",      "visit",       "accept",
      "match",    "test",        "print",       "log",         "debug",       "info",
      "warn",     "error",       "compare",     "contains",    "has",         "is",
      "put",      "insert",      "delete",      "clear",       "copy",        "merge",
      "join",     "split",       "trim",        "value",       "values",      "keys",
      "items",    "length",      "append",      "wrap",        "unwrap",      "done",
      "finish",   "end",         "begin",       "setup",       "configure",   "register",
      "use",      "listen",      "connect",     "dispose",     "Dispose",     "ToString",
      "Equals",   "GetHashCode", "__construct", "initialize",  "constructor", "__toString",
      "__get",    "__set",       "__call",      "Close",       "Read",        "Write",
      "Get",      "Set",         "Run",         "Parse",       "Add",         "Remove",
      "Load",     "Save",        "Open",        "Execute",     "Handle",      "Validate",
      "Create",   "Build",       "Update",      "Start",       "Stop",        "Reset",
      "Next",     "Len",         "main",        "handler",     "decode",      "encode",
      "Decode",   "Encode",      "serialize",   "deserialize", "convert",     "transform",
      "compile",  "eval",        "to_s",        "call",        "each",        "perform",
      "dispatch", "fetch",       "request",     "with",        "of",          "as",
      "try",      "unwrap_or",   "expect",      "describe"};
  return kCommon.count(n) > 0;
}

void CallIndex::Add(const FileFacts& facts) {
  if (facts.call_family.empty()) return;
  for (const FunctionFact& f : facts.functions) {
    size_t i = defs_.size();
    defs_.push_back({facts.path, facts.call_family, f});
    defs_by_file_[facts.path].push_back(i);
    defs_by_name_[f.short_name].push_back(i);
    if (IsConstructor(f)) ++constructors_[facts.call_family + " " + f.cls];
  }
  for (const CallFact& c : facts.calls) {
    std::string key = c.receiver == "new" ? "new " + c.callee : c.callee;
    uses_[key].push_back({facts.path, facts.call_family, c.caller, c.receiver, c.line, c.args});
  }
}

int CallIndex::FamilyDefinitions(const std::string& family, const std::string& short_name) const {
  auto it = defs_by_name_.find(short_name);
  if (it == defs_by_name_.end()) return 0;
  int n = 0;
  for (size_t i : it->second) n += defs_[i].family == family;
  return n;
}

int CallIndex::ClassDefinitions(const Def& callee) const {
  auto it = defs_by_name_.find(callee.fact.short_name);
  if (it == defs_by_name_.end()) return 0;
  int n = 0;
  for (size_t i : it->second) {
    n += defs_[i].family == callee.family && defs_[i].fact.cls == callee.fact.cls;
  }
  return n;
}

bool CallIndex::DefinedInFile(const std::string& file, const std::string& short_name) const {
  return DefinitionsInFile(file, short_name) > 0;
}

int CallIndex::DefinitionsInFile(const std::string& file, const std::string& short_name) const {
  auto it = defs_by_file_.find(file);
  if (it == defs_by_file_.end()) return 0;
  return static_cast<int>(std::count_if(it->second.begin(), it->second.end(), [&](size_t i) {
    return defs_[i].fact.short_name == short_name;
  }));
}

const CallIndex::Def* CallIndex::Enclosing(const std::string& file, int function_line,
                                           int line) const {
  auto it = defs_by_file_.find(file);
  if (it == defs_by_file_.end()) return nullptr;
  const Def* best = nullptr;
  for (size_t i : it->second) {
    const Def& d = defs_[i];
    if (d.fact.line > line || d.fact.end_line < line) continue;
    if (function_line > 0 && d.fact.line == function_line) return &d;
    if (!best || d.fact.line > best->fact.line) best = &d;
  }
  return best;
}

const CallIndex::Def* CallIndex::CallerDef(const Use& u) const {
  auto it = defs_by_file_.find(u.file);
  if (it == defs_by_file_.end()) return nullptr;
  const Def* best = nullptr;
  for (size_t i : it->second) {
    const Def& d = defs_[i];
    if (d.fact.name != u.caller || d.fact.line > u.line || d.fact.end_line < u.line) continue;
    if (!best || d.fact.line > best->fact.line) best = &d;
  }
  return best;
}

bool CallIndex::LinksFree(const Use& u, const Def& callee) const {
  const std::string& name = callee.fact.short_name;
  if (u.receiver == "self" || u.receiver == "super" || u.receiver == "?") return false;
  if (u.receiver.empty()) {
    // Overloads in one file (which the macros of a templated class can hide
    // from the class lookup): which one a bare call picks needs types.
    if (u.file == callee.file) return DefinitionsInFile(u.file, name) == 1;
    if (DefinedInFile(u.file, name)) return false;  // the caller's own file wins
    if (u.family == "go") return Dir(u.file) == Dir(callee.file);
    if (u.family == "c" && callee.fact.header.starts_with("static ")) return false;
    return FamilyDefinitions(u.family, name) == 1 && !CommonMethodName(name);
  }
  // A qualified call: Go's package, Rust's module, else a unique name.
  if (u.family == "go") return u.receiver == Base(Dir(callee.file));
  if (u.family == "rust" && LastSegment(u.receiver) == RustModule(callee.file)) return true;
  return FamilyDefinitions(u.family, name) == 1 && !CommonMethodName(name) && name.size() >= 5;
}

bool CallIndex::LinksMethod(const Use& u, const Def& callee) const {
  const std::string& cls = callee.fact.cls;
  const Def* caller = CallerDef(u);
  bool same_class =
      caller && (caller->fact.cls == cls || caller->fact.name.starts_with(cls + ".") ||
                 caller->fact.name.starts_with(cls + "::"));
  if (same_class && u.family == "go") same_class = Dir(u.file) == Dir(callee.file);
  if (u.receiver == "self") return same_class;
  // A bare name that the class overloads: which overload (or a `using
  // std::swap` free function) is called needs argument types, not known here.
  if (u.receiver.empty()) {
    return same_class && ImplicitSelf(u.family) && ClassDefinitions(callee) == 1;
  }
  if (u.receiver == "?" || u.receiver == "super") return false;
  // `Foo.f()`, `Foo::f()`, or an object named after its class (`parser.f()`).
  if (SameWord(LastSegment(u.receiver), cls)) return true;
  const std::string& name = callee.fact.short_name;
  return FamilyDefinitions(u.family, name) == 1 && !CommonMethodName(name) && name.size() >= 5;
}

bool CallIndex::Links(const Use& u, const Def& callee) const {
  if (u.family != callee.family) return false;
  // A private JVM or PHP method is called from its own class, in its own
  // file (gson's private `GsonTypes.getSupertype` is not Guava's
  // `TypeToken.getSupertype` called from another file).
  if (u.file != callee.file && (u.family == "jvm" || u.family == "php") &&
      PrivateHeader(callee.fact.header)) {
    return false;
  }
  if (u.receiver == "new") {
    if (!IsConstructor(callee.fact)) return false;
    if (u.file == callee.file) return true;
    // Two classes of one name (in different packages): which one `new`
    // builds is not known by name.
    auto it = constructors_.find(u.family + " " + callee.fact.cls);
    return it != constructors_.end() && it->second == 1;
  }
  if (!FitsArity(u, callee)) return false;
  return callee.fact.cls.empty() ? LinksFree(u, callee) : LinksMethod(u, callee);
}

bool CallIndex::FitsArity(const Use& u, const Def& callee) const {
  if (u.args < 0) return true;
  int overloads = callee.fact.cls.empty() ? DefinitionsInFile(callee.file, callee.fact.short_name)
                                          : ClassDefinitions(callee);
  if (overloads < 2) return true;
  int least = 0, most = 0;
  if (!HeaderArity(callee.fact.header, callee.fact.short_name, &least, &most)) return true;
  return u.args >= least && u.args <= most;
}

std::vector<Hop> CallIndex::Constructions(const std::string& family, const std::string& type,
                                          const std::string& variant) const {
  std::vector<Hop> out;
  auto it = uses_.find(variant);
  if (it == uses_.end()) return out;
  for (const Use& u : it->second) {
    if (u.family != family || out.size() >= kMaxChains) continue;
    const Def* caller = CallerDef(u);
    if (!caller) continue;
    bool named =
        LastSegment(u.receiver) == type || (u.receiver == "Self" && caller->fact.cls == type);
    if (!named) continue;
    Hop h = HopFor(*caller);
    h.call_line = u.line;
    out.push_back(h);
  }
  return out;
}

Hop CallIndex::HopFor(const Def& d) const {
  Hop h;
  h.function = d.fact.name;
  h.file = d.file;
  h.def_line = d.fact.line;
  h.header = d.fact.header;
  h.cls = d.fact.cls;
  return h;
}

std::vector<CallChain> CallIndex::ChainsTo(const std::string& file, int function_line,
                                           int line) const {
  const Def* start = Enclosing(file, function_line, line);
  if (!start) return {};
  std::vector<CallChain> entries, partial;
  std::vector<const Def*> defs{start};
  std::vector<Hop> path{HopFor(*start)};
  int budget = 3000;  // common names fan out: keep the walk linear in practice
  std::function<void(int)> walk = [&](int depth) {
    if (entries.size() >= 16 || partial.size() >= 64 || --budget < 0) return;
    const Def* top = defs.back();
    Access access = path.size() > 1 ? AccessOf(*top) : kHidden;
    bool stop = path.size() > 1 && (access != kHidden || top->fact.short_name == "main");
    bool extended = false;
    if (!stop && depth < kMaxDepth) {
      std::vector<std::string> keys{top->fact.short_name};
      if (IsConstructor(top->fact)) keys.push_back("new " + top->fact.cls);
      std::set<const Def*> seen;
      for (const std::string& key : keys) {
        auto it = uses_.find(key);
        if (it == uses_.end()) continue;
        for (const Use& u : it->second) {
          if (!Links(u, *top)) continue;
          const Def* caller = CallerDef(u);
          if (!caller || !seen.insert(caller).second) continue;
          if (std::find(defs.begin(), defs.end(), caller) != defs.end()) continue;
          Hop h = HopFor(*caller);
          h.call_line = u.line;
          defs.push_back(caller);
          path.push_back(h);
          walk(depth + 1);
          path.pop_back();
          defs.pop_back();
          extended = true;
        }
      }
    }
    if (extended || path.size() < 2) return;
    CallChain chain;
    chain.hops.assign(path.rbegin(), path.rend());
    chain.reaches_entry = stop;
    chain.public_api = access == kDeclared;
    chain.depth_limited = !stop && depth >= kMaxDepth;
    (stop ? entries : partial).push_back(std::move(chain));
  };
  walk(0);
  auto shorter = [](const CallChain& a, const CallChain& b) {
    return a.hops.size() < b.hops.size();
  };
  std::stable_sort(entries.begin(), entries.end(), shorter);
  std::stable_sort(partial.begin(), partial.end(), shorter);
  // One chain per entry point: the shortest way in.
  std::vector<CallChain> out;
  std::set<std::string> entry_seen;
  for (CallChain& c : entries) {
    if (out.size() >= kMaxChains) break;
    const Hop& e = c.hops.front();
    if (entry_seen.insert(e.file + ":" + e.function).second) out.push_back(std::move(c));
  }
  if (out.empty()) {
    for (CallChain& c : partial) {
      if (out.size() >= 2) break;
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace errdex
