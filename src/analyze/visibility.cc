// Visibility (see visibility.h). Only what the header and the names say is
// used; where they say nothing the answer is kUnknown, never a guess.
#include "analyze/visibility.h"

#include <algorithm>
#include <cctype>
#include <vector>

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

int Indent(std::string_view line) {
  int n = 0;
  while (n < static_cast<int>(line.size()) && (line[n] == ' ' || line[n] == '\t')) ++n;
  return n;
}

// Ruby's `private` / C++'s `private:` sections: the nearest access word
// above the function at its level or less, before the class that holds it.
bool InHiddenSection(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  bool cpp = s.language == "cpp";
  int at = std::min(static_cast<int>(lines.size()), s.function_line);
  if (at < 1) return false;
  int own = Indent(lines[at - 1]);
  for (int n = at - 1; n >= 1; --n) {
    std::string_view line = lines[n - 1];
    std::string_view t = Trim(line);
    if (t.empty() || Indent(line) > own) continue;
    if (t == (cpp ? "private:" : "private") || t == (cpp ? "protected:" : "protected")) {
      return true;
    }
    if (t == (cpp ? "public:" : "public")) return false;
    if (Indent(line) < own &&
        (t.starts_with("class ") || t.starts_with("module ") || t.starts_with("struct "))) {
      return false;
    }
  }
  return false;
}

}  // namespace

bool HiddenByDeclaration(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  const std::string& l = s.language;
  if (l == "ruby" || l == "cpp") return InHiddenSection(s, lines);
  if (l != "java" && l != "csharp" && l != "kotlin" && l != "typescript") return false;
  std::vector<std::string> parts = Components(s.function);
  if (parts.size() < 2) return false;
  const std::string& cls = parts[parts.size() - 2];
  int from = std::min(static_cast<int>(lines.size()), s.function_line ? s.function_line : s.line);
  for (int n = from; n >= 1; --n) {
    std::string_view line = Trim(lines[n - 1]);
    bool declares = false;
    for (std::string_view kw : {"class ", "interface ", "object ", "struct ", "enum "}) {
      size_t at = line.find(std::string(kw) + cls);
      size_t end = at + kw.size() + cls.size();
      if (at != std::string_view::npos && (at == 0 || line[at - 1] == ' ') &&
          (end >= line.size() ||
           !(std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))) {
        declares = true;
      }
    }
    if (!declares) continue;
    if (HasWord(line, "private") || HasWord(line, "internal") || HasWord(line, "protected")) {
      return true;
    }
    if (l == "typescript") return !line.starts_with("export ");
    if (l == "java" || l == "csharp") return !HasWord(line, "public");
    return false;
  }
  return false;
}

namespace {

// Directories that hold only development tooling wherever they are.
constexpr std::string_view kToolingAnywhere[] = {"tooling", "benchmarks", "benchmark",
                                                 "fuzzers", "fuzzing",    "xtask",
                                                 ".github", ".changeset", ".circleci"};
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
