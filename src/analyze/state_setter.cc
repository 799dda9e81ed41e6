// State setters (see state_setter.h). The file is read as lines: the member
// test is parsed from the condition text, assignments are found by their
// receiver and name, and each assignment's method is the nearest header
// above it at a smaller indentation, as value_origin.cc reads locals.
#include "analyze/state_setter.h"

#include <algorithm>
#include <cctype>

#include "analyze/value_origin.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxSetters = 3;

// Adds `method` (the assignment at `line`) unless it is listed; true when
// the list is full.
bool AddSetter(std::vector<StateSetter>* setters, const std::string& method, int line) {
  if (std::none_of(setters->begin(), setters->end(),
                   [&](const StateSetter& s) { return s.method == method; })) {
    setters->push_back({method, line});
  }
  return setters->size() == kMaxSetters;
}

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The receivers of an object's own member, per language.
std::vector<std::string_view> Receivers(const std::string& language) {
  if (language == "python") return {"self."};
  if (language == "ruby") return {"@"};
  if (language == "php") return {"$this->"};
  if (language == "javascript" || language == "typescript") return {"this."};
  // JVM and .NET code names its fields bare; only the `_x` convention
  // (`_used`, `_injectableValues`) tells a field from a local.
  if (language == "java" || language == "csharp" || language == "kotlin") return {"this.", "_"};
  return {};
}

// `this.conn` -> "conn" when `t` is exactly a receiver and a name.
std::string MemberName(std::string_view t, std::string_view recv) {
  if (!t.starts_with(recv)) return {};
  // The bare `_x` form: the underscore is part of the name.
  std::string_view name = recv == "_" ? t : t.substr(recv.size());
  if (recv == "_" && name.size() < 2) return {};
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) || name[0] == '@') {
    return {};
  }
  for (char c : name) {
    if (!IdentChar(c)) return {};
  }
  return std::string(name);
}

// Parses the test: *unset is true for `!m`, `not m`, `m == null`,
// `m is None`, `m.nil?`; false for a plain `m` and `m != null`. Returns
// the operand `m`.
std::string_view NullTested(std::string_view e, bool* unset) {
  e = Trim(e);
  while (e.starts_with("(") && e.ends_with(")")) e = Trim(e.substr(1, e.size() - 2));
  bool neg = false;
  if (e.starts_with("!") && !e.starts_with("!=")) {
    neg = true;
    e = Trim(e.substr(1));
  } else if (e.starts_with("not ")) {
    neg = true;
    e = Trim(e.substr(4));
  }
  bool null_test = false;
  if (!neg) {
    for (std::string_view tail : {" === null", " == null", " is None", " == None", " === undefined",
                                  " == nil", ".nil?", " === NULL", " == NULL"}) {
      if (e.ends_with(tail)) {
        null_test = true;
        e = Trim(e.substr(0, e.size() - tail.size()));
        break;
      }
    }
    for (std::string_view tail :
         {" !== null", " != null", " is not None", " != None", " !== undefined", " != nil"}) {
      if (!null_test && e.ends_with(tail)) {
        e = Trim(e.substr(0, e.size() - tail.size()));
        break;
      }
    }
  }
  *unset = neg || null_test;
  return e;
}

// The member a null test reads (see NullTested), by the language's
// receivers; "" for anything else.
std::string TestedMember(std::string_view e, const std::string& language, std::string* member,
                         bool* unset) {
  e = NullTested(e, unset);
  for (std::string_view recv : Receivers(language)) {
    // Ruby's `@@x` is a class variable, shared by every object.
    if (recv == "@" && e.starts_with("@@")) return {};
    std::string name = MemberName(e, recv);
    if (name.empty()) continue;
    *member = std::string(e);
    return name;
  }
  return {};
}

bool Falsy(std::string_view v) {
  for (std::string_view f : {"false", "False", "FALSE", "null", "NULL", "None", "nil", "undefined",
                             "0", "''", "\"\"", "[]", "{}", "array()", "nullptr"}) {
    if (v == f) return true;
  }
  return false;
}

bool True(std::string_view v) { return v == "true" || v == "True" || v == "TRUE"; }

// Where line `n` assigns `recv + name`: the value assigned, or nullopt.
std::optional<std::string_view> AssignedValue(std::string_view line, std::string_view recv,
                                              const std::string& name) {
  std::string target = std::string(recv) + name;
  for (size_t at = line.find(target); at != std::string_view::npos;
       at = line.find(target, at + 1)) {
    if (at > 0 && (IdentChar(line[at - 1]) || line[at - 1] == '.' || line[at - 1] == '@' ||
                   line[at - 1] == '$' || line[at - 1] == '>')) {
      continue;
    }
    size_t k = at + target.size();
    if (k < line.size() && IdentChar(line[k])) continue;
    while (k < line.size() && line[k] == ' ') ++k;
    if (k >= line.size() || line[k] != '=') continue;
    if (k + 1 < line.size() && (line[k + 1] == '=' || line[k + 1] == '>')) continue;
    std::string_view v = Trim(line.substr(k + 1));
    while (v.ends_with(";") || v.ends_with(",")) v = Trim(v.substr(0, v.size() - 1));
    return v;
  }
  return std::nullopt;
}

bool Keyword(std::string_view w) {
  for (std::string_view k :
       {"if",    "for",  "while",   "switch", "catch", "return", "new",      "else",   "throw",
        "using", "lock", "foreach", "elseif", "do",    "try",    "when",     "unless", "until",
        "case",  "with", "await",   "typeof", "super", "this",   "function", "fn",     "sizeof"}) {
    if (w == k) return true;
  }
  return false;
}

bool Modifier(std::string_view w) {
  for (std::string_view k :
       {"public",       "protected", "private", "internal", "static",   "final",
        "synchronized", "override",  "open",    "virtual",  "abstract", "async",
        "suspend",      "fun",       "def",     "function", "readonly", "sealed",
        "inline",       "operator",  "unsafe",  "extern",   "new"}) {
    if (w == k) return true;
  }
  return false;
}

struct Header {
  std::string name;
  bool is_private = false;
  bool is_constructor = false;
};

// `function (` / `function(` (JavaScript, PHP): a function without a name;
// `function name(` is a declaration.
bool AnonymousFunction(std::string_view t) {
  for (size_t at = t.find("function"); at != std::string_view::npos;
       at = t.find("function", at + 1)) {
    if (at > 0 && IdentChar(t[at - 1])) continue;
    size_t k = at + 8;
    if (k < t.size() && IdentChar(t[k])) continue;
    while (k < t.size() && (t[k] == ' ' || t[k] == '&' || t[k] == '*')) ++k;
    if (k >= t.size() || !IdentChar(t[k])) return true;
  }
  return false;
}

// The method `t` (a trimmed line) declares, or nullopt when it declares
// none; a closure or a property accessor gives a header without a name.
std::optional<Header> MethodHeader(std::string_view t, const std::string& language) {
  if (language == "python" || language == "ruby") {
    std::string_view rest = t;
    if (rest.starts_with("async ")) rest = rest.substr(6);
    if (!rest.starts_with("def ")) {
      if (rest.starts_with("lambda") || rest.find(" do |") != std::string_view::npos ||
          rest.ends_with(" do")) {
        return Header{};
      }
      return std::nullopt;
    }
    rest = Trim(rest.substr(4));
    if (rest.starts_with("self.")) rest = rest.substr(5);
    size_t end = 0;
    while (end < rest.size() && (IdentChar(rest[end]) || rest[end] == '?' || rest[end] == '!')) {
      ++end;
    }
    Header h{std::string(rest.substr(0, end)), false};
    // Python's `_x` is private; of its dunders only `with` is a call users
    // write (`__enter__`), the rest are operators.
    h.is_private = h.name.starts_with("_") && h.name != "__enter__" && h.name != "__aenter__";
    return h;
  }
  // Brace languages: modifiers, then (a type and) a name before `(`.
  size_t open = t.find('(');
  std::string_view head = Trim(t.substr(0, open == std::string_view::npos ? t.size() : open));
  if (open != std::string_view::npos && head.find('=') != std::string_view::npos &&
      head.find("=>") == std::string_view::npos) {
    // `name = function (` / `X.prototype.name = function`: a named method.
    std::string_view rhs = Trim(head.substr(head.rfind('=') + 1));
    if (rhs == "function" || rhs == "async function") {
      std::string_view lhs = Trim(head.substr(0, head.find('=')));
      size_t dot = lhs.find_last_of('.');
      std::string name(dot == std::string_view::npos ? lhs : lhs.substr(dot + 1));
      return Header{name, name.starts_with("_")};
    }
  }
  // A closure, a lambda or an anonymous class opens a body that runs when
  // someone else decides: `() => {`, `function () {`, `x -> {`, `new T() {`.
  if (t.find("=>") != std::string_view::npos || AnonymousFunction(t) ||
      (language != "php" && t.find("->") != std::string_view::npos) ||
      t.find("new ") != std::string_view::npos) {
    return t.ends_with("{") ? std::optional<Header>(Header{}) : std::nullopt;
  }
  if (open == std::string_view::npos) return std::nullopt;
  // The parameter list closes at the line's last `)`: `on('x', f) {` is a
  // call with a block, not a header, when its `(` closes early.
  int depth = 0;
  size_t close = std::string_view::npos;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i] == '(') ++depth;
    if (t[i] == ')' && --depth == 0) {
      close = i;
      break;
    }
  }
  if (close == std::string_view::npos || close != t.rfind(')')) return std::nullopt;
  bool is_private = false;
  std::vector<std::string_view> words;
  for (size_t i = 0; i < head.size();) {
    while (i < head.size() && head[i] == ' ') ++i;
    size_t j = i;
    while (j < head.size() && head[j] != ' ') ++j;
    if (j > i) words.push_back(head.substr(i, j - i));
    i = j;
  }
  if (words.empty()) return Header{};  // `function (` or `(`: a closure
  for (std::string_view w : words) {
    if (w == "private" || w == "protected" || w == "internal") is_private = true;
    if (Keyword(w) && w != "function") return std::nullopt;
  }
  std::string_view name = words.back();
  if (name.starts_with("function")) return Header{};
  // `fun (`, `async (`: an anonymous function ("open" or "final" may well
  // be a method's name).
  if (name == "fun" || name == "async" || name == "def") return Header{};
  size_t dot = name.find_last_of(".:>");
  if (dot != std::string_view::npos) name = name.substr(dot + 1);
  if (name.empty() || !std::all_of(name.begin(), name.end(),
                                   [](char c) { return IdentChar(c) || c == '#' || c == '$'; })) {
    return std::nullopt;
  }
  // A call statement (`foo(x);`) is not a header: a header ends its line
  // with `{`, `:`, `=>` or nothing (its brace on the next line).
  std::string_view tail =
      Trim(t.substr(t.rfind(')') == std::string_view::npos ? open : t.rfind(')')));
  if (tail.ends_with(";")) return std::nullopt;
  if (words.size() >= 2 && (words[words.size() - 2] == "get" || words[words.size() - 2] == "set")) {
    return Header{};  // a property accessor
  }
  Header h{std::string(name), is_private};
  if (h.name.starts_with("#") || h.name.starts_with("_")) h.is_private = true;
  // A Java/C# constructor has no return type: only modifiers before it.
  if ((language == "java" || language == "csharp") &&
      std::all_of(words.begin(), words.end() - 1, Modifier)) {
    h.is_constructor = true;
  }
  return h;
}

// Ruby: a bare `private`/`protected` line above the method in its class.
bool RubyPrivateSection(const std::vector<std::string_view>& lines, int header) {
  int indent = IndentWidth(lines[header - 1]);
  for (int k = header - 1; k >= 1; --k) {
    std::string_view t = Trim(lines[k - 1]);
    if (t.empty()) continue;
    int ind = IndentWidth(lines[k - 1]);
    if (ind < indent) return false;
    if (ind == indent && (t == "private" || t == "protected")) return true;
  }
  return false;
}

bool Constructor(const std::string& name) {
  return name == "__init__" || name == "initialize" || name == "__construct" ||
         name == "constructor" || name == "init" || name == "__new__";
}

// The method line `n` is in: its header line and parse, or 0.
int EnclosingMethod(const std::vector<std::string_view>& lines, int n, const std::string& language,
                    Header* out) {
  // A one-line method: `open() { this.x = 1; }`.
  std::string_view own = Trim(lines[n - 1]);
  if (size_t brace = own.find('{'); brace != std::string_view::npos) {
    std::optional<Header> h = MethodHeader(Trim(own.substr(0, brace + 1)), language);
    if (h && h->name.empty()) return 0;  // a closure on the assignment's line
    if (h) {
      *out = *h;
      return n;
    }
  }
  int cur = IndentWidth(lines[n - 1]);
  for (int k = n - 1; k >= 1; --k) {
    std::string_view line = lines[k - 1];
    std::string_view t = Trim(line);
    // A brace on its own line opens the block of the header above it.
    if (t.empty() || t == "{" || t.starts_with("//") || t.starts_with("#") || t.starts_with("*") ||
        t.starts_with("/*") || t.starts_with("@")) {
      continue;
    }
    int ind = IndentWidth(line);
    if (ind >= cur) continue;
    cur = ind;
    if (t.starts_with("class ") || t.starts_with("module ") || t.find(" class ") != t.npos) {
      return 0;
    }
    std::optional<Header> h = MethodHeader(t, language);
    if (!h) continue;
    if (h->name.empty()) return 0;  // a closure: when it runs is not said
    *out = *h;
    if (language == "ruby" && RubyPrivateSection(lines, k)) out->is_private = true;
    return k;
  }
  return 0;
}

// Whether a class starts between the two header lines at an indentation
// below theirs (the methods then belong to different classes).
bool ClassBetween(const std::vector<std::string_view>& lines, int a, int b, int indent) {
  if (a > b) std::swap(a, b);
  for (int k = a + 1; k < b; ++k) {
    std::string_view t = Trim(lines[k - 1]);
    if (IndentWidth(lines[k - 1]) < indent &&
        (t.starts_with("class ") || t.find(" class ") != t.npos || t.starts_with("module ") ||
         t.starts_with("object "))) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<StateCheck> StateSetters(const PathCondition& c, const std::string& language,
                                       const std::vector<std::string_view>& lines,
                                       int function_line) {
  if (function_line <= 0 || function_line > static_cast<int>(lines.size())) return std::nullopt;
  StateCheck out;
  bool unset = false;
  std::string name = TestedMember(c.expr, language, &out.member, &unset);
  if (name.empty()) return std::nullopt;
  // `if (!m) raise` raises while unset; `if (m) return; raise` too.
  out.raises_when_set = unset != c.polarity;
  std::string recv = out.member.substr(0, out.member.size() - name.size());
  int header_indent = IndentWidth(lines[function_line - 1]);
  for (int n = 1; n <= static_cast<int>(lines.size()); ++n) {
    std::optional<std::string_view> v = AssignedValue(lines[n - 1], recv, name);
    if (!v) continue;
    if (out.raises_when_set ? !True(*v) : (Falsy(*v) || v->empty())) continue;
    Header h;
    int at = EnclosingMethod(lines, n, language, &h);
    if (at == 0 || at == function_line || h.is_private || h.is_constructor || Constructor(h.name)) {
      continue;
    }
    if (IndentWidth(lines[at - 1]) != header_indent ||
        ClassBetween(lines, at, function_line, header_indent)) {
      continue;
    }
    if (AddSetter(&out.setters, h.name, n)) break;
  }
  if (out.setters.empty()) return std::nullopt;
  return out;
}

namespace {

// `isset(M[K])`, `array_key_exists(K, M)`, `K in M`, `M.has(K)`,
// `M.containsKey(K)`, `M.key?(K)`: the map and the key; *present is the
// test's value when the key is in the map.
bool Membership(std::string e, std::string* map, std::string* key, bool* present) {
  *present = true;
  auto trim = [](std::string x) { return std::string(Trim(x)); };
  e = trim(e);
  while (e.starts_with("(") && e.ends_with(")")) e = trim(e.substr(1, e.size() - 2));
  if (e.starts_with("!") && !e.starts_with("!=")) {
    *present = false;
    e = trim(e.substr(1));
  } else if (e.starts_with("not ")) {
    *present = false;
    e = trim(e.substr(4));
  }
  while (e.starts_with("(") && e.ends_with(")")) e = trim(e.substr(1, e.size() - 2));
  if (e.starts_with("isset(") && e.ends_with("])")) {
    std::string in = e.substr(6, e.size() - 7);
    size_t open = in.find('[');
    if (open == std::string::npos) return false;
    *map = in.substr(0, open);
    *key = in.substr(open + 1, in.size() - open - 2);
    return true;
  }
  if (e.starts_with("array_key_exists(") && e.ends_with(")")) {
    std::string in = e.substr(17, e.size() - 18);
    size_t comma = in.rfind(',');
    if (comma == std::string::npos) return false;
    *key = trim(in.substr(0, comma));
    *map = trim(in.substr(comma + 1));
    return true;
  }
  for (const char* op : {" not in ", " in "}) {
    size_t at = e.find(op);
    if (at == std::string::npos) continue;
    if (std::string(op) == " not in ") *present = !*present;
    *key = trim(e.substr(0, at));
    *map = trim(e.substr(at + std::string(op).size()));
    return true;
  }
  for (const char* m : {".has(", ".containsKey(", ".key?(", ".has_key?(", ".include?(",
                        ".ContainsKey(", ".contains("}) {
    size_t at = e.find(m);
    if (at == std::string::npos || !e.ends_with(")")) continue;
    *map = e.substr(0, at);
    size_t from = at + std::string(m).size();
    *key = e.substr(from, e.size() - from - 1);
    return true;
  }
  return false;
}

// Whether `line` adds a key to `map`: `map[k] = v` (not `==`), `map[k] ||= v`,
// `map.put(`, `map.set(`, `map.store(`, `map.add(`, `map.setdefault(`.
bool AddsKey(std::string_view line, const std::string& map) {
  for (size_t at = line.find(map); at != std::string_view::npos; at = line.find(map, at + 1)) {
    if (at > 0 && (IdentChar(line[at - 1]) || line[at - 1] == '.' || line[at - 1] == '>')) {
      continue;
    }
    std::string_view rest = line.substr(at + map.size());
    for (std::string_view call :
         {".put(", ".set(", ".store(", ".setdefault(", ".putIfAbsent(", ".Add(", ".TryAdd("}) {
      if (rest.starts_with(call)) return true;
    }
    if (!rest.starts_with("[")) continue;
    int depth = 0;
    size_t k = 0;
    for (; k < rest.size(); ++k) {
      depth += rest[k] == '[' ? 1 : rest[k] == ']' ? -1 : 0;
      if (depth == 0) break;
    }
    // `map['select'] = ...` fills one fixed key; only a key the caller
    // gives (`map[$namespace] = ...`) registers new ones.
    std::string_view inside = Trim(rest.substr(1, k > 1 ? k - 1 : 0));
    bool constant = std::all_of(inside.begin(), inside.end(), [](char c) {
      return std::isupper(static_cast<unsigned char>(c)) ||
             std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == ':';
    });
    if (inside.empty() || inside[0] == '\'' || inside[0] == '"' || inside[0] == ':' ||
        std::isdigit(static_cast<unsigned char>(inside[0])) || constant) {
      continue;
    }
    std::string_view after = Trim(rest.substr(std::min(k + 1, rest.size())));
    if (after.starts_with("||=") ||
        (after.starts_with("=") && !after.starts_with("==") && !after.starts_with("=>"))) {
      return true;
    }
  }
  return false;
}

// A null test of a local that holds one entry of a map (value_origin.h
// KeyLookup): `var s = this._subs[id]; if (!s)`. Fills the map, the key,
// the local and its line; *present is the test's value when the key is in
// the map.
bool LocalLookup(const PathCondition& c, const std::vector<std::string_view>& lines,
                 int function_line, KeyCheck* out, bool* present) {
  bool unset = false;
  std::string local(NullTested(c.expr, &unset));
  if (local.empty() ||
      !std::all_of(local.begin(), local.end(), [](char x) { return IdentChar(x) || x == '$'; })) {
    return false;
  }
  std::optional<ValueOrigin> o = OriginOf(lines, local, function_line, c.line);
  if (!o || (o->kind != ValueOrigin::kLookup && o->kind != ValueOrigin::kCall) ||
      !KeyLookup(o->text, true, &out->member, &out->key)) {
    return false;
  }
  out->local = local;
  out->lookup_line = o->line;
  *present = !unset;
  return true;
}

// Whether `line` takes a key out of `map`: `delete map[k]`, `del map[k]`,
// `unset(map[k])`, `map.pop(`, `map.remove(`, `map.delete(`, `map.erase(`.
bool RemovesKey(std::string_view line, const std::string& map) {
  for (size_t at = line.find(map); at != std::string_view::npos; at = line.find(map, at + 1)) {
    if (at > 0 && (IdentChar(line[at - 1]) || line[at - 1] == '.' || line[at - 1] == '>')) {
      continue;
    }
    std::string_view before = Trim(line.substr(0, at));
    std::string_view rest = line.substr(at + map.size());
    if (rest.starts_with("[") &&
        (before.ends_with("delete") || before.ends_with("del") || before.ends_with("unset("))) {
      return true;
    }
    for (std::string_view call :
         {".pop(", ".remove(", ".Remove(", ".delete(", ".erase(", ".TryRemove(", ".removeValue("}) {
      if (rest.starts_with(call)) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<KeyCheck> KeySetters(const PathCondition& c, const std::string& language,
                                   const std::vector<std::string_view>& lines, int function_line) {
  if (function_line <= 0 || function_line > static_cast<int>(lines.size())) return std::nullopt;
  KeyCheck out;
  bool present = true;
  if (!Membership(c.expr, &out.member, &out.key, &present) &&
      !LocalLookup(c, lines, function_line, &out, &present)) {
    return std::nullopt;
  }
  // Raised while the key is present: registering it is no fix.
  if (present == c.polarity) return std::nullopt;
  bool own = false;
  for (std::string_view recv : Receivers(language)) {
    own = own || (recv != "_" && !MemberName(out.member, recv).empty());
  }
  if (!own || out.key.empty()) return std::nullopt;
  int header_indent = IndentWidth(lines[function_line - 1]);
  for (int n = 1; n <= static_cast<int>(lines.size()); ++n) {
    if (!AddsKey(lines[n - 1], out.member)) continue;
    Header h;
    int at = EnclosingMethod(lines, n, language, &h);
    if (at == 0 || at == function_line || h.is_private || h.is_constructor || Constructor(h.name)) {
      continue;
    }
    if (IndentWidth(lines[at - 1]) != header_indent ||
        ClassBetween(lines, at, function_line, header_indent)) {
      continue;
    }
    // A method that first raises unless the key is there (`addBinding`
    // under the same `array_key_exists`) only updates keys, it adds none.
    bool guarded = false;
    for (int k = at; k < n && !guarded; ++k) {
      std::string map, key;
      bool has = true;
      std::string_view t = Trim(lines[k - 1]);
      for (std::string_view lead : {"if ", "if(", "unless ", "elseif", "} elseif"}) {
        if (!t.starts_with(lead)) continue;
        std::string_view cond = Trim(t.substr(lead.size()));
        while (cond.ends_with("{") || cond.ends_with(":"))
          cond = Trim(cond.substr(0, cond.size() - 1));
        bool raises = false;
        for (int r = k + 1; r <= std::min(k + 2, n - 1); ++r) {
          std::string_view body = Trim(lines[r - 1]);
          raises = raises || body.starts_with("throw") || body.starts_with("raise");
        }
        guarded = raises && Membership(std::string(cond), &map, &key, &has) && map == out.member;
      }
    }
    if (guarded) continue;
    if (AddSetter(&out.setters, h.name, n)) break;
  }
  if (out.setters.empty()) return std::nullopt;
  for (int n = 1; n <= static_cast<int>(lines.size()); ++n) {
    if (!RemovesKey(lines[n - 1], out.member)) continue;
    Header h;
    int at = EnclosingMethod(lines, n, language, &h);
    if (at == 0 || h.is_private || h.is_constructor || Constructor(h.name) ||
        IndentWidth(lines[at - 1]) != header_indent) {
      continue;
    }
    bool known = std::any_of(out.removers.begin(), out.removers.end(),
                             [&](const StateSetter& r) { return r.method == h.name; });
    if (at == function_line) {
      if (!known) out.removers.insert(out.removers.begin(), {h.name, n});  // said first
    } else if (AddSetter(&out.removers, h.name, n) || out.removers.size() == 2) {
      break;
    }
  }
  if (out.removers.size() > 2) out.removers.resize(2);
  return out;
}

}  // namespace errdex
