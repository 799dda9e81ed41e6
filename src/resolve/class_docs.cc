// Class docs (see class_docs.h).
#include "resolve/class_docs.h"

#include <algorithm>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxDocLines = 40;
constexpr size_t kMaxDocChars = 400;

bool IsIdent(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The class a declaration line names, or "": `public final class X extends`,
// `class X(Exception):`, `pub struct X {`, `pub enum X`, `type X struct`.
std::string DeclaredName(std::string_view line) {
  line = Trim(line);
  for (std::string_view kw : {"class ", "struct ", "enum ", "type "}) {
    size_t at = 0;
    while ((at = line.find(kw, at)) != std::string_view::npos) {
      if (at > 0 && IsIdent(line[at - 1])) {
        at += kw.size();
        continue;
      }
      // Only modifiers may come before the keyword, Rust's `pub(crate)`
      // among them (serde_json's `pub(crate) enum ErrorCode`).
      std::string before(line.substr(0, at));
      if (size_t pub = before.find("pub("); pub != std::string::npos) {
        size_t close = before.find(')', pub);
        if (close != std::string::npos) before.erase(pub, close + 1 - pub);
      }
      if (before.find_first_of("=(\"'{;") != std::string::npos) break;
      size_t b = at + kw.size();
      while (b < line.size() && line[b] == ' ') ++b;
      size_t e = b;
      while (e < line.size() && IsIdent(line[e])) ++e;
      if (e == b) break;
      std::string name(line.substr(b, e - b));
      if (kw == "type ") {  // Go: only `type X struct`
        std::string_view rest = Trim(line.substr(e));
        if (!rest.starts_with("struct")) return "";
      }
      return name;
    }
  }
  return "";
}

bool IsCommentLine(std::string_view t) {
  return t.starts_with("//") || t.starts_with("/*") || t.starts_with("*") || t.starts_with("#") ||
         t.starts_with("*/");
}

// Attribute/annotation lines between a doc comment and its declaration; C#
// wraps attributes in conditional compilation (Newtonsoft's `#if
// HAVE_BINARY_EXCEPTION_SERIALIZATION` / `[Serializable]` / `#endif`).
bool IsAttributeLine(std::string_view t) {
  return t.starts_with("@") || t.starts_with("#[") || t.starts_with("[") ||
         t.starts_with("#[derive") || t.starts_with("#if ") || t == "#endif" || t == "#else" ||
         t.starts_with("#elif ");
}

std::string StripTags(std::string s) {
  // {@link X} / {@code X} -> X; <see cref="X"/> -> X; other <tags> dropped.
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s.compare(i, 2, "{@") == 0) {
      size_t sp = s.find(' ', i);
      size_t close = s.find('}', i);
      if (sp != std::string::npos && close != std::string::npos && sp < close) {
        out.append(s, sp + 1, close - sp - 1);
        i = close + 1;
        continue;
      }
    }
    if (s[i] == '<') {
      size_t close = s.find('>', i);
      if (close != std::string::npos && close - i < 80) {
        std::string tag = s.substr(i, close - i + 1);
        size_t cref = tag.find("cref=\"");
        if (cref != std::string::npos) {
          size_t end = tag.find('"', cref + 6);
          if (end != std::string::npos) out += tag.substr(cref + 6, end - cref - 6);
        }
        i = close + 1;
        continue;
      }
    }
    out.push_back(s[i++]);
  }
  return out;
}

// The variant a line of a Rust enum's body declares (`Foo,`, `Foo {`,
// `Foo(String),`, `Foo = 3,`), or "".
std::string VariantName(std::string_view t) {
  size_t e = 0;
  while (e < t.size() && IsIdent(t[e])) ++e;
  if (e == 0 || !(t[0] >= 'A' && t[0] <= 'Z')) return "";
  std::string_view rest = Trim(t.substr(e));
  if (!rest.empty() && rest[0] != ',' && rest[0] != '{' && rest[0] != '(' && rest[0] != '=') {
    return "";
  }
  return std::string(t.substr(0, e));
}

// Tracks which Rust enum body a line scan is in, so that variant lines can
// be told from other code. Braces in strings are rare in enum bodies.
class EnumTracker {
 public:
  // The enum whose body holds `t` at the variants' depth, or "".
  std::string Owner() const { return depth_ == 1 ? name_ : ""; }
  void Feed(std::string_view t) {
    if (depth_ == 0) {
      std::string n = DeclaredName(t);
      if (!n.empty() && t.find("enum ") != std::string_view::npos) name_ = n;
      if (name_.empty()) return;  // braces outside enums are not counted
    }
    for (char c : t) {
      if (c == '{') ++depth_;
      if (c == '}' && depth_ > 0 && --depth_ == 0) name_.clear();
    }
  }

 private:
  std::string name_;
  int depth_ = 0;
};

}  // namespace

std::string CleanDocComment(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& raw : lines) {
    std::string_view t = Trim(raw);
    for (std::string_view marker : {"/**", "/*!", "/*", "*/", "///", "//!", "//", "*", "#"}) {
      if (t.starts_with(marker)) {
        t.remove_prefix(marker.size());
        break;
      }
    }
    if (t.ends_with("*/")) t.remove_suffix(2);
    t = Trim(t);
    for (std::string_view q : {"\"\"\"", "'''"}) {
      if (t.starts_with(q)) t.remove_prefix(3);
      if (t.ends_with(q)) t.remove_suffix(3);
    }
    t = Trim(t);
    // Tag sections end the prose: @param, @throws, :param x:, Args:.
    if (t.starts_with("@") || t.starts_with(":param") || t.starts_with("Args:") ||
        t.starts_with("Attributes:") || t.starts_with("Example")) {
      break;
    }
    if (t.empty()) {
      if (!text.empty()) break;  // the first paragraph only
      continue;
    }
    if (!text.empty()) text.push_back(' ');
    text.append(t);
  }
  text = StripTags(text);
  // At most two sentences, and never a fragment cut mid-word.
  size_t end = 0;
  for (int sentences = 0; sentences < 2;) {
    size_t dot = text.find(". ", end);
    if (dot == std::string::npos) {
      end = text.size();
      break;
    }
    end = dot + 1;
    ++sentences;
  }
  text = text.substr(0, end);
  if (text.size() > kMaxDocChars) {
    size_t sp = text.rfind(' ', kMaxDocChars);
    text = text.substr(0, sp == std::string::npos ? kMaxDocChars : sp) + "…";
  }
  return std::string(Trim(text));
}

std::map<std::string, std::vector<ClassDoc>> FindClassDocs(const std::vector<SourceFile>& files,
                                                           const std::set<std::string>& wanted) {
  std::map<std::string, std::vector<ClassDoc>> out;
  if (wanted.empty()) return out;
  for (const SourceFile& f : files) {
    std::vector<std::string_view> lines = SplitLines(f.content);
    bool rust = f.path.ends_with(".rs");
    EnumTracker enums;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string_view t = Trim(lines[i]);
      if (t.empty() || IsCommentLine(t)) continue;
      std::string owner = rust ? enums.Owner() : "";
      if (rust) enums.Feed(t);
      std::string name = owner.empty() ? DeclaredName(t) : VariantName(t);
      if (name.empty() || !wanted.count(name)) continue;
      auto known = out.find(name);
      if (known != out.end() && !known->second.empty() && known->second.back().file == f.path &&
          known->second.back().owner == owner) {
        continue;  // one declaration per file
      }
      std::vector<std::string> doc;
      size_t first = 0, last = 0;
      bool python = f.path.ends_with(".py");
      if (python) {
        // The docstring is the first statement of the body.
        size_t j = i + 1;
        std::string_view d = j < lines.size() ? Trim(lines[j]) : "";
        if (d.starts_with("\"\"\"") || d.starts_with("'''")) {
          std::string_view q = d.substr(0, 3);
          first = last = j + 1;
          doc.emplace_back(d);
          bool closed = d.size() >= 6 && d.substr(3).find(q) != std::string_view::npos;
          while (!closed && j + 1 < lines.size() && doc.size() < kMaxDocLines) {
            ++j;
            doc.emplace_back(lines[j]);
            last = j + 1;
            closed = lines[j].find(q) != std::string_view::npos;
          }
        }
      } else {
        // The comment block right above, past attributes and annotations.
        size_t j = i;
        while (j > 0 && IsAttributeLine(Trim(lines[j - 1]))) --j;
        size_t end = j;
        while (j > 0 && end - j < kMaxDocLines && IsCommentLine(Trim(lines[j - 1]))) --j;
        for (size_t k = j; k < end; ++k) doc.emplace_back(lines[k]);
        first = j + 1;
        last = end;
      }
      if (doc.empty()) continue;
      std::string text = CleanDocComment(doc);
      // License headers and separators are not docs.
      // Prose has words: a rule of stars or dashes does not.
      if (text.size() < 12 || std::count(text.begin(), text.end(), ' ') < 2 ||
          text.find("Copyright") != std::string::npos ||
          text.find("License") != std::string::npos) {
        continue;
      }
      out[name].push_back(
          ClassDoc{text, f.path, static_cast<int>(first), static_cast<int>(last), owner});
    }
  }
  return out;
}

namespace {

// "crates/index/src/lib.rs" -> "crates/index/src/"; "gin/tree.go" -> "gin/";
// "tree.go" -> "".
std::string ModuleRoot(const std::string& path) {
  for (std::string_view src : {"/src/"}) {
    if (size_t at = path.rfind(src); at != std::string::npos)
      return path.substr(0, at + src.size());
  }
  if (path.starts_with("src/")) return "src/";
  size_t slash = path.find('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// The path's directory names and its file's stem.
std::vector<std::string> PathWords(const std::string& path) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t slash = path.find('/');; slash = path.find('/', start)) {
    std::string part = path.substr(start, slash == std::string::npos ? slash : slash - start);
    if (slash == std::string::npos) part = part.substr(0, part.find('.'));
    if (!part.empty()) out.push_back(part);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return out;
}

bool Names(const std::vector<std::string>& words, std::string_view qualifier) {
  std::string q(qualifier);
  std::replace(q.begin(), q.end(), '-', '_');
  for (std::string w : words) {
    std::replace(w.begin(), w.end(), '-', '_');
    if (w == q) return true;
  }
  return false;
}

// `anyhow::Error` -> {"anyhow"}; `a.b.C` -> {"a", "b"}; `Error` -> {}.
std::vector<std::string> Qualifiers(const std::string& written) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < written.size(); ++i) {
    char c = written[i];
    bool sep =
        c == '.' || c == '\\' || (c == ':' && i + 1 < written.size() && written[i + 1] == ':');
    if (!sep) {
      cur += c;
      continue;
    }
    if (c == ':') ++i;
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  }
  return out;  // the last component (the class) is left out
}

bool IsIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

// The identifiers of a line ("import javax.ws.rs.NotFoundException;" ->
// import, javax, ws, rs, NotFoundException).
std::vector<std::string_view> Identifiers(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && !IsIdentChar(line[i])) ++i;
    size_t from = i;
    while (i < line.size() && IsIdentChar(line[i])) ++i;
    if (i > from) out.push_back(line.substr(from, i - from));
  }
  return out;
}

bool IsImportLine(std::string_view line) {
  return line.starts_with("import ") || line.starts_with("from ") || line.starts_with("use ") ||
         line.starts_with("pub use ") || line.starts_with("using ") ||
         line.starts_with("require") || line.find("require(") != std::string_view::npos ||
         line.starts_with("#include");
}

// Calls `f` with each import-like line of `source`, leading blanks removed.
template <typename F>
void ForEachImportLine(std::string_view source, F f) {
  size_t start = 0;
  while (start < source.size()) {
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(start, end - start);
    start = end + 1;
    size_t lead = line.find_first_not_of(" \t");
    if (lead == std::string_view::npos) continue;
    line = line.substr(lead);
    if (IsImportLine(line)) f(line);
  }
}

// Whether `import a.b.*` (or `a::b::*`) is the package of the declaring
// file, whose path words are `words` (its last two names, as far as the
// import has).
bool WildcardImportsFile(std::string_view l, const std::vector<std::string>& words) {
  while (!l.empty() && (l.back() == ';' || l.back() == ' ')) l.remove_suffix(1);
  if (!l.ends_with(".*") && !l.ends_with("::*")) return false;
  l.remove_suffix(l.ends_with("::*") ? 3 : 2);
  size_t space = l.rfind(' ');
  if (space != std::string_view::npos) l = l.substr(space + 1);
  std::vector<std::string> pkg;
  for (size_t at = 0; at <= l.size();) {
    size_t stop = std::min(l.find('.', at), l.find("::", at));
    if (stop == std::string_view::npos) stop = l.size();
    pkg.emplace_back(l.substr(at, stop - at));
    at = stop + (stop < l.size() && l[stop] == ':' ? 2 : 1);
  }
  // `words` ends with the file's stem; the directories come before it.
  if (words.size() < 2 || pkg.empty() || pkg.back() != words[words.size() - 2]) return false;
  return pkg.size() < 2 || words.size() < 3 || pkg[pkg.size() - 2] == words[words.size() - 3];
}

// Path words too common to say which package an import names: source
// roots and the first names of Java packages.
bool CommonPathWord(std::string_view w) {
  return w.size() < 3 || w == "src" || w == "lib" || w == "main" || w == "java" || w == "kotlin" ||
         w == "org" || w == "com" || w == "net";
}

enum class Import {
  kNone,       // no import names the class
  kThisFile,   // an import names the class and the declaring file's package
  kElsewhere,  // imports name the class, from other packages only
};

// What `source`'s import lines say of `cls` as declared in the file whose
// path words are `words`. `file` is the declaring file's name ("os.h"), for
// C and C++ includes. `import javax.ws.rs.NotFoundException` in a Kafka
// Connect file is not connect's own `errors/NotFoundException.java`: only
// whole package names count, and the class's own name is not one.
Import ImportOf(std::string_view source, const std::string& cls,
                const std::vector<std::string>& words, const std::string& file) {
  Import out = Import::kNone;
  ForEachImportLine(source, [&](std::string_view line) {
    if (out == Import::kThisFile) return;
    if (line.starts_with("#include")) {
      // The header that declares it.
      if (line.find(file) != std::string_view::npos) out = Import::kThisFile;
      return;
    }
    std::vector<std::string_view> ids = Identifiers(line);
    if (std::find(ids.begin(), ids.end(), cls) == ids.end()) {
      if (WildcardImportsFile(line, words)) out = Import::kThisFile;
      return;
    }
    for (const std::string& w : words) {
      if (w != cls && !CommonPathWord(w) && std::find(ids.begin(), ids.end(), w) != ids.end()) {
        out = Import::kThisFile;
        return;
      }
    }
    // A path relative to the importing module (`use super::Error`, `use
    // crate::Error` of a re-export, `from . import X`, `require('./x')`)
    // names no other package: the module decides.
    bool relative = ids.size() > 1 && (ids[1] == "crate" || ids[1] == "super" || ids[1] == "self" ||
                                       (ids.size() > 2 && ids[2] == "crate"));
    relative = relative || line.starts_with("from .") ||
               line.find("'.") != std::string_view::npos ||
               line.find("\".") != std::string_view::npos;
    if (!relative) out = Import::kElsewhere;
  });
  return out;
}

// Whether an import line of `source` names the module `stem` (pytest's
// `from _pytest.outcomes import fail` names outcomes.py): between two
// declarations as near, the one whose module the file imports from.
bool ImportsModule(std::string_view source, std::string_view stem) {
  if (CommonPathWord(stem)) return false;
  bool found = false;
  ForEachImportLine(source, [&](std::string_view line) {
    std::vector<std::string_view> ids = Identifiers(line);
    found = found || std::find(ids.begin(), ids.end(), stem) != ids.end();
  });
  return found;
}

}  // namespace

const ClassDoc* NearestClassDoc(const std::vector<ClassDoc>& docs, const std::string& path,
                                const std::string& written, std::string_view source) {
  std::vector<std::string> qualifiers = Qualifiers(written);
  // `crate::`, `self::`, `super::`, `this.`: the record's own module.
  while (!qualifiers.empty() && (qualifiers.front() == "crate" || qualifiers.front() == "self" ||
                                 qualifiers.front() == "super" || qualifiers.front() == "this")) {
    qualifiers.erase(qualifiers.begin());
  }
  std::string cls = written.substr(
      written.find_last_of(".:\\") == std::string::npos ? 0 : written.find_last_of(".:\\") + 1);
  const ClassDoc* best = nullptr;
  size_t best_shared = 0;
  bool best_imported = false;
  for (const ClassDoc& d : docs) {
    // A variant's doc belongs to `Enum::Variant` only; a bare `Variant` or
    // another enum's variant of the same name is not it.
    if (!d.owner.empty() && (qualifiers.empty() || qualifiers.back() != d.owner)) continue;
    std::vector<std::string> words = PathWords(d.file);
    bool same_module = ModuleRoot(d.file) == ModuleRoot(path);
    std::string file =
        d.file.substr(d.file.rfind('/') == std::string::npos ? 0 : d.file.rfind('/') + 1);
    // A module's own class, unless the file imports that name from
    // another package.
    Import import = ImportOf(source, d.owner.empty() ? cls : d.owner, words, file);
    bool ours = !d.owner.empty() || qualifiers.empty()
                    ? (same_module && import != Import::kElsewhere) || import == Import::kThisFile
                    : Names(words, qualifiers.back()) ||
                          (same_module && Names(PathWords(path), qualifiers.back()));
    if (!ours) continue;
    // Shared directory prefix, in whole path segments.
    size_t shared = 0;
    for (size_t i = 0; i < d.file.size() && i < path.size() && d.file[i] == path[i]; ++i) {
      if (d.file[i] == '/') shared = i + 1;
    }
    if (d.file == path) shared = path.size() + 1;
    bool imported = !words.empty() && ImportsModule(source, words.back());
    if (best == nullptr || shared > best_shared ||
        (shared == best_shared && imported && !best_imported)) {
      best = &d;
      best_shared = shared;
      best_imported = imported;
    }
  }
  return best;
}

}  // namespace errdex
