// Visibility (see visibility.h). Only what the header and the names say is
// used; where they say nothing the answer is kUnknown, never a guess.
#include "analyze/visibility.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <vector>

#include "analyze/doc_hidden.h"
#include "analyze/guard_text.h"
#include "util/text.h"

namespace errdex {
namespace {

// "Gem::Specification.ruby_code" -> {"Gem", "Specification", "ruby_code"}.
std::vector<std::string> Components(std::string_view name) {
  std::vector<std::string> out(1);
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '.' || (name[i] == ':' && i + 1 < name.size() && name[i + 1] == ':')) {
      if (name[i] == ':') ++i;
      out.emplace_back();
    } else {
      out.back() += name[i];
    }
  }
  return out;
}

bool HasWord(std::string_view header, std::string_view word) {
  size_t at = header.find(word);
  while (at != std::string_view::npos) {
    bool start = at == 0 || !std::isalnum(static_cast<unsigned char>(header[at - 1]));
    size_t end = at + word.size();
    bool stop = end >= header.size() || header[end] == ' ' || header[end] == '(';
    if (start && stop) return true;
    at = header.find(word, at + 1);
  }
  return false;
}

// A leading underscore (not a dunder such as `__init__`) or `#` marks a
// name private in Python, JavaScript and TypeScript by convention.
bool UnderscoreName(const std::string& c) {
  if (c.starts_with("#")) return true;
  if (!c.starts_with("_")) return false;
  return !(c.size() > 4 && c.starts_with("__") && c.ends_with("__"));
}

bool AnyUnderscoreComponent(const std::string& function) {
  for (const std::string& c : Components(function)) {
    if (UnderscoreName(c)) return true;
  }
  return false;
}

// Python modules under a `_private` package or file are internal.
bool UnderscorePath(std::string_view path) {
  size_t start = 0;
  while (start < path.size()) {
    size_t slash = path.find('/', start);
    std::string_view part = path.substr(start, slash - start);
    if (part.starts_with("_") && !part.starts_with("__init__")) return true;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return false;
}

Visibility Python(const ErrorSite& s) {
  if (AnyUnderscoreComponent(s.function) || UnderscorePath(s.file_path)) {
    return Visibility::kPrivate;
  }
  return Visibility::kPublic;
}

Visibility Go(const ErrorSite& s) {
  if (s.file_path.find("internal/") != std::string::npos) return Visibility::kPrivate;
  for (const std::string& c : Components(s.function)) {
    if (c.empty() || !std::isupper(static_cast<unsigned char>(c[0]))) return Visibility::kPrivate;
  }
  return Visibility::kPublic;
}

Visibility Rust(std::string_view header) {
  if (header.starts_with("pub(") || header.starts_with("pub (")) return Visibility::kPrivate;
  if (header.starts_with("pub ")) return Visibility::kPublic;
  // `fn fmt` in `impl Display` and other trait methods are called through
  // the trait, never by name; an inherent `fn` without `pub` is private.
  return Visibility::kPrivate;
}

Visibility Java(std::string_view header) {
  if (HasWord(header, "private") || HasWord(header, "protected")) return Visibility::kPrivate;
  if (HasWord(header, "public")) return Visibility::kPublic;
  return Visibility::kPrivate;  // package-private by default
}

Visibility CSharp(std::string_view header) {
  if (HasWord(header, "public") && !HasWord(header, "protected")) return Visibility::kPublic;
  return Visibility::kPrivate;  // private, internal, protected or the private default
}

Visibility Kotlin(std::string_view header) {
  for (std::string_view w : {"private", "internal", "protected"}) {
    if (HasWord(header, w)) return Visibility::kPrivate;
  }
  return Visibility::kPublic;
}

Visibility Php(std::string_view header) {
  if (HasWord(header, "private") || HasWord(header, "protected")) return Visibility::kPrivate;
  return Visibility::kPublic;
}

Visibility Script(const ErrorSite& s, std::string_view header) {
  if (AnyUnderscoreComponent(s.function)) return Visibility::kPrivate;
  if (HasWord(header, "private") || HasWord(header, "protected")) return Visibility::kPrivate;
  if (header.starts_with("export ")) return Visibility::kPublic;
  return Visibility::kUnknown;
}

Visibility Native(const ErrorSite& s, std::string_view header) {
  if (HasWord(header, "static") && s.function.find("::") == std::string::npos) {
    return Visibility::kPrivate;  // file-local linkage
  }
  if (AnyUnderscoreComponent(s.function)) return Visibility::kPrivate;
  for (std::string_view w : {"detail", "internal", "impl"}) {
    if (s.function.find(std::string(w) + "::") != std::string::npos) return Visibility::kPrivate;
  }
  return Visibility::kUnknown;
}

// Names that are not functions a caller can name: `module.exports = ...`,
// anonymous functions, Rust's `fmt` in a Display impl.
bool Nameless(const ErrorSite& s) {
  std::string last = LastDotComponent(s.function);
  return last == "exports" || last.find("anonymous") != std::string::npos ||
         last.find('<') != std::string::npos || (s.language == "rust" && last == "fmt");
}

}  // namespace

Visibility FunctionVisibility(const ErrorSite& s, std::string_view header) {
  if (s.function.empty() || Nameless(s)) return Visibility::kUnknown;
  // An `internal` package is the library's own by convention (enforced in Go).
  if (s.file_path.starts_with("internal/") || s.file_path.find("/internal/") != std::string::npos) {
    return Visibility::kPrivate;
  }
  const std::string& l = s.language;
  if (l == "python") return Python(s);
  if (l == "go") return Go(s);
  if (l == "ruby")
    return AnyUnderscoreComponent(s.function) ? Visibility::kPrivate : Visibility::kUnknown;
  if (l == "javascript" || l == "typescript") return Script(s, header);
  if (l == "c" || l == "cpp") return Native(s, header);
  // The rest need the header: without it nothing says what the modifiers are.
  if (header.find('(') == std::string_view::npos) return Visibility::kUnknown;
  if (l == "rust") return Rust(header);
  if (l == "java") return Java(header);
  if (l == "csharp") return CSharp(header);
  if (l == "kotlin") return Kotlin(header);
  if (l == "php") return Php(header);
  return Visibility::kUnknown;
}

namespace {

// Ruby's `private` / C++'s `private:` sections: the nearest access word
// above the function at its level or less, before the class that holds it.
bool InHiddenSection(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  bool cpp = s.language == "cpp";
  int at = std::min(static_cast<int>(lines.size()), s.function_line);
  if (at < 1) return false;
  int own = IndentWidth(lines[at - 1]);
  for (int n = at - 1; n >= 1; --n) {
    std::string_view line = lines[n - 1];
    std::string_view t = Trim(line);
    if (t.empty() || IndentWidth(line) > own) continue;
    if (t == (cpp ? "private:" : "private") || t == (cpp ? "protected:" : "protected")) {
      return true;
    }
    if (t == (cpp ? "public:" : "public")) return false;
    if (IndentWidth(line) < own &&
        (t.starts_with("class ") || t.starts_with("module ") || t.starts_with("struct "))) {
      return false;
    }
  }
  return false;
}

}  // namespace

namespace {

bool IdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// The identifiers of `text` (`a, b as c, d: e` -> a, b, c, d, e).
void AddIdentifiers(std::string_view text, std::set<std::string>* out) {
  for (size_t i = 0; i < text.size();) {
    if (!IdentChar(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && IdentChar(text[j])) ++j;
    out->insert(std::string(text.substr(i, j - i)));
    i = j;
  }
}

// The text between the brace at `open` and its match (or the end).
std::string_view Braced(std::string_view text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return text.substr(open + 1);
}

// The identifier at `at` after blanks ("" when none).
std::string IdentAt(std::string_view text, size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  size_t end = at;
  while (end < text.size() && IdentChar(text[end])) ++end;
  return std::string(text.substr(at, end - at));
}

// Names a JavaScript/TypeScript module exports, as its own text says:
// `export function f` / `export class C` / `export const x`, `export { a,
// b as c }`, `export default f`, `module.exports = f` / `= { a, b: c }`,
// `exports.a = b`. Any name mentioned counts (over-inclusive on purpose:
// a name left out makes a public function look private).
std::set<std::string> ModuleExports(const std::vector<std::string_view>& lines) {
  std::string text;
  for (std::string_view line : lines) {
    text += line;
    text += '\n';
  }
  std::set<std::string> out;
  for (size_t at = text.find("export"); at != std::string::npos; at = text.find("export", at + 1)) {
    if (at > 0 && IdentChar(text[at - 1]) && text[at - 1] != '$') continue;
    if (at > 0 && text[at - 1] == '.' && !(at >= 7 && text.substr(at - 7, 7) == "module.")) {
      continue;
    }
    size_t after = at + 6;
    if (text.compare(after, 1, "s") == 0) ++after;  // exports
    size_t k = after;
    while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
    if (k < text.size() && text[k] == '{') {
      AddIdentifiers(Braced(text, k), &out);
      continue;
    }
    if (k < text.size() && (text[k] == '.' || text[k] == '=')) {
      // `exports.a = b`, `module.exports = f`, `module.exports = { ... }`.
      size_t eol = text.find('\n', k);
      std::string_view rest = std::string_view(text).substr(k, eol - k);
      if (size_t brace = rest.find('{'); brace != std::string_view::npos) {
        AddIdentifiers(Braced(text, k + brace), &out);
      }
      AddIdentifiers(rest, &out);
      continue;
    }
    // `export [default] [async] function|class|const|... NAME`
    std::string word = IdentAt(text, after);
    size_t pos = after;
    for (int i = 0; i < 5 && !word.empty(); ++i) {
      pos = text.find(word, pos) + word.size();
      if (word != "default" && word != "async" && word != "function" && word != "class" &&
          word != "const" && word != "let" && word != "var" && word != "abstract" &&
          word != "declare" && word != "interface" && word != "type" && word != "enum" &&
          word != "namespace") {
        out.insert(word);
        break;
      }
      if (pos < text.size() && text[pos] == '*') ++pos;  // function*
      word = IdentAt(text, pos);
    }
  }
  return out;
}

// `Model.prototype.save = function ...` -> "Model"; "" otherwise.
std::string PrototypeOwnerOf(std::string_view header) {
  size_t at = header.find(".prototype.");
  if (at == std::string_view::npos || header.find('=') < at) return {};
  std::string_view owner = header.substr(0, at);
  if (size_t dot = owner.rfind('.'); dot != std::string_view::npos) owner = owner.substr(dot + 1);
  for (char c : owner) {
    if (!IdentChar(c)) return {};
  }
  return std::string(owner);
}

// Whether a JavaScript/TypeScript function is out of its module's users'
// reach: a free function (or the class of a method) that the module does
// not export.
bool NotExported(const ErrorSite& s, const std::vector<std::string_view>& lines,
                 std::string_view header) {
  if (header.starts_with("export ") || header.find("exports") != std::string_view::npos) {
    return false;
  }
  std::vector<std::string> parts = Components(s.function);
  std::string owner = PrototypeOwnerOf(header);
  // `X.y = function` assigns to an object: it is as reachable as `X`.
  if (owner.empty() && parts.size() == 1) {
    size_t eq = header.find('=');
    size_t dot = header.find('.');
    if (dot != std::string_view::npos && eq != std::string_view::npos && dot < eq) {
      owner = IdentAt(header, 0);
    }
  }
  const std::string& name = !owner.empty()      ? owner
                            : parts.size() >= 2 ? parts[parts.size() - 2]
                                                : parts[0];
  if (name.empty()) return false;
  return !ModuleExports(lines).count(name);
}

// Ruby's `private :name`, `private(:a, :name)`, `private def name`,
// `private_class_method :name` anywhere in the file.
bool RubyMadePrivate(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::string name = LastDotComponent(s.function);
  if (size_t scope = name.rfind("::"); scope != std::string::npos) name = name.substr(scope + 2);
  if (name.empty()) return false;
  for (std::string_view line : lines) {
    std::string_view t = Trim(line);
    for (std::string_view kw : {"private_class_method", "private", "protected"}) {
      if (!t.starts_with(kw) || t.size() == kw.size() || IdentChar(t[kw.size()])) continue;
      std::string_view rest = t.substr(kw.size());
      for (size_t at = rest.find(name); at != std::string_view::npos;
           at = rest.find(name, at + 1)) {
        size_t end = at + name.size();
        bool before = at > 0 && (rest[at - 1] == ':' || rest[at - 1] == ' ');
        bool after = end >= rest.size() || !IdentChar(rest[end]);
        if (before && after) return true;
      }
      break;
    }
  }
  return false;
}

}  // namespace

std::string PrototypeOwner(std::string_view header) { return PrototypeOwnerOf(header); }

CppScope CppScopeOf(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  size_t last = s.function.rfind("::");
  if (last == std::string::npos) return CppScope::kUnknown;
  std::string scope = s.function.substr(0, last);
  if (size_t outer = scope.rfind("::"); outer != std::string::npos) scope = scope.substr(outer + 2);
  std::string name = s.function.substr(last + 2);
  if (scope.empty()) return CppScope::kUnknown;
  if (name == scope || name == "~" + scope) return CppScope::kClass;
  auto declares = [&](std::string_view line, std::string_view kw) {
    std::string want = std::string(kw) + " " + scope;
    for (size_t at = line.find(want); at != std::string_view::npos; at = line.find(want, at + 1)) {
      size_t end = at + want.size();
      if ((at == 0 || !IdentChar(line[at - 1])) && (end >= line.size() || !IdentChar(line[end]))) {
        return true;
      }
    }
    return false;
  };
  for (std::string_view line : lines) {
    if (declares(line, "class") || declares(line, "struct")) return CppScope::kClass;
    if (declares(line, "namespace")) return CppScope::kNamespace;
  }
  return CppScope::kUnknown;
}

bool HiddenByDeclaration(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  const std::string& l = s.language;
  // The maintainers' own word, whatever the language leaves callable.
  if (!s.function.empty() && DocMarksInternal(lines, s.function_line)) return true;
  if (l == "ruby") return InHiddenSection(s, lines) || RubyMadePrivate(s, lines);
  if ((l == "javascript" || l == "typescript") && !s.function.empty() && s.function_line > 0) {
    std::string header = HeaderText(lines, s.function_line);
    if (NotExported(s, lines, header)) return true;
  }
  if (l == "cpp") return InHiddenSection(s, lines);
  if (l != "java" && l != "csharp" && l != "kotlin" && l != "typescript") return false;
  std::string_view line = ClassDeclaration(s, lines);
  if (line.empty()) return false;
  if (HasWord(line, "private") || HasWord(line, "internal") || HasWord(line, "protected")) {
    return true;
  }
  if (l == "typescript") return !line.starts_with("export ");
  if (l == "java" || l == "csharp") return !HasWord(line, "public");
  return false;
}

std::string_view ClassDeclaration(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::vector<std::string> parts = Components(s.function);
  if (parts.size() < 2) return {};
  const std::string& cls = parts[parts.size() - 2];
  int from = std::min(static_cast<int>(lines.size()), s.function_line ? s.function_line : s.line);
  // Called several times per record, each a scan back over the file: the
  // words are built once and lines without the name are passed over
  // (40% of a jackson-databind re-index went here).
  std::array<std::string, 5> wanted;
  size_t k = 0;
  for (std::string_view kw : {"class ", "interface ", "object ", "struct ", "enum "}) {
    wanted[k++] = std::string(kw) + cls;
  }
  for (int n = from; n >= 1; --n) {
    if (lines[n - 1].find(cls) == std::string_view::npos) continue;
    std::string_view line = Trim(lines[n - 1]);
    for (const std::string& want : wanted) {
      size_t at = line.find(want);
      size_t end = at + want.size();
      if (at != std::string_view::npos && (at == 0 || line[at - 1] == ' ') &&
          (end >= line.size() ||
           !(std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))) {
        return line;
      }
    }
  }
  return {};
}

bool OpenForSubclasses(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::string_view line = ClassDeclaration(s, lines);
  if (line.empty() || HiddenByDeclaration(s, lines)) return false;
  return HasWord(line, "abstract") || HasWord(line, "interface") ||
         (s.language == "kotlin" && HasWord(line, "open"));
}

bool InInternalDirectory(std::string_view path) {
  for (std::string_view dir : {"internal", "test", "tests", "__tests__", "testing", "testdata"}) {
    std::string part = std::string(dir) + "/";
    if (path.starts_with(part) || path.find("/" + part) != std::string_view::npos) return true;
  }
  return false;
}

namespace {

// Directories that hold only development tooling wherever they are.
constexpr std::string_view kToolingAnywhere[] = {
    "tooling", "benchmarks", "benchmark", "fuzzers", "fuzzing", "xtask", ".github", ".changeset",
    ".circleci",
    // Test support (tonic's `tonic-xds/src/testutil/grpc.rs` answered a
    // RocksDB lock error): what a test harness reports, not the library.
    "testutil", "testutils", "test_utils", "test-utils", "testsupport", "test-support"};
// Directories that do at the top of a repository; deeper, the same names are
// often real modules (`src/tools/`, `lib/setup/`).
constexpr std::string_view kToolingTop[] = {"scripts", "script", "tools", "tool", "setup",
                                            "bench",   "fuzz",   "ci",    "hack", "website"};

}  // namespace

bool InDevelopmentTooling(std::string_view path) {
  size_t start = 0;
  for (size_t slash = path.find('/'); slash != std::string_view::npos;
       start = slash + 1, slash = path.find('/', start)) {
    std::string dir = ToLower(std::string(path.substr(start, slash - start)));
    for (std::string_view d : kToolingAnywhere) {
      if (dir == d) return true;
    }
    if (start != 0) continue;
    for (std::string_view d : kToolingTop) {
      if (dir == d) return true;
    }
  }
  return false;
}

bool UserCallable(const ErrorSite& s, std::string_view header) {
  if (s.function.empty() || Nameless(s)) return false;
  Visibility v = FunctionVisibility(s, header);
  if (v != Visibility::kUnknown) return v == Visibility::kPublic;
  const std::string& l = s.language;
  return l == "javascript" || l == "typescript" || l == "ruby" ||
         (l == "cpp" && s.function.find("::") != std::string::npos);
}

namespace {

std::string LanguageOf(const std::string& file, const std::string& family) {
  auto ends = [&](std::string_view e) { return file.ends_with(e); };
  if (family == "jvm") return ends(".kt") || ends(".kts") ? "kotlin" : "java";
  if (family == "c") return ends(".c") || ends(".h") ? "c" : "cpp";
  if (family == "javascript") {
    return ends(".ts") || ends(".tsx") || ends(".mts") || ends(".cts") ? "typescript"
                                                                       : "javascript";
  }
  return family;
}

// A public member of a class its own modifiers hide is not callable: Java's
// and C#'s classes without `public`, Kotlin's `private`/`internal` ones; a
// TypeScript class not exported where it is declared may be exported later.
CallIndex::Access ClassAccess(const std::string& language, std::string_view class_header) {
  if (class_header.empty()) return CallIndex::kDeclared;
  bool hidden = HasWord(class_header, "private") || HasWord(class_header, "internal") ||
                HasWord(class_header, "protected");
  if ((language == "java" || language == "csharp") && !HasWord(class_header, "public")) {
    hidden = true;
  }
  if (hidden) return CallIndex::kHidden;
  if (language == "typescript" && !class_header.starts_with("export ")) {
    return CallIndex::kConventional;
  }
  return CallIndex::kDeclared;
}

}  // namespace

CallIndex::Access CallerAccess(const FunctionFact& f, const std::string& file,
                               const std::string& family) {
  ErrorSite s;
  s.language = LanguageOf(file, family);
  s.file_path = file;
  s.function = f.name;
  s.function_line = f.line;
  if (s.language == "c" && f.header.starts_with("static ")) return CallIndex::kHidden;
  switch (FunctionVisibility(s, f.header)) {
    case Visibility::kPublic:
      return ClassAccess(s.language, f.class_header);
    case Visibility::kPrivate:
      return CallIndex::kHidden;
    case Visibility::kUnknown:
      break;
  }
  // Methods the language leaves callable; free functions stay undecided.
  if (f.cls.empty() || !UserCallable(s, f.header)) return CallIndex::kHidden;
  return CallIndex::kConventional;
}

}  // namespace errdex
