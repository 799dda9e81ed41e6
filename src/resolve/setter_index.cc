// Setter index: one line scan per file (see setter_index.h). The patterns
// are textual and language-general; each entry needs evidence that the user
// sets the value: an option `case`, or a public function that stores its
// own argument.
#include "resolve/setter_index.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kHeaderReach = 15;  // lines above an assignment to find its function
constexpr int kCaseReach = 10;    // lines below a `case` label its assignments may be
constexpr int kClassReach = 400;  // lines above a function to find its class

bool Word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool AllCaps(std::string_view s) {
  int letters = 0;
  for (char c : s) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
    if (std::isupper(static_cast<unsigned char>(c))) ++letters;
    if (!Word(c)) return false;
  }
  return letters >= 2 && s.size() >= 3;
}

std::vector<std::string_view> SplitWords(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t b = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > b) out.push_back(s.substr(b, i - b));
  }
  return out;
}

bool Identifier(std::string_view s) {
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) &&
         std::all_of(s.begin(), s.end(), Word);
}

// The identifier ending just before `end` (spaces skipped), or "".
std::string_view WordBefore(std::string_view t, size_t end) {
  while (end > 0 && t[end - 1] == ' ') --end;
  size_t b = end;
  while (b > 0 && Word(t[b - 1])) --b;
  return t.substr(b, end - b);
}

// Positions of plain `=` (not `==`, `<=`, `=>`, `+=`, ...).
std::vector<size_t> PlainAssigns(std::string_view t) {
  std::vector<size_t> out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '=') continue;
    char prev = i ? t[i - 1] : ' ', next = i + 1 < t.size() ? t[i + 1] : ' ';
    if (std::string_view("=!<>+-*/%&|^:?.").find(prev) != std::string_view::npos) continue;
    if (next == '=' || next == '>' || next == '~') continue;
    out.push_back(i);
  }
  return out;
}

// `data->set.maxredirs = x;`, `this.maxX = maxX`, `@max = max`,
// `_maxDepth = value`: the field and the assigned text. A bare name counts
// only when it is spelled as a field (`_x`, `m_x`).
bool MemberAssign(std::string_view t, size_t eq, std::string* field, std::string* rhs) {
  size_t end = eq;
  while (end > 0 && t[end - 1] == ' ') --end;
  size_t b = end;
  bool member = false;
  while (b > 0) {
    char c = t[b - 1];
    if (Word(c)) {
      --b;
    } else if (c == '.' && b > 1 && Word(t[b - 2])) {
      member = true;
      --b;
    } else if (c == '>' && b > 1 && t[b - 2] == '-') {
      member = true;
      b -= 2;
    } else if (c == '@' || c == '$') {
      member = member || c == '@';
      --b;
      break;
    } else {
      break;
    }
  }
  std::string_view lhs = t.substr(b, end - b);
  std::string_view last = WordBefore(lhs, lhs.size());
  if (!Identifier(last)) return false;
  bool field_name = last.starts_with("_") || last.starts_with("m_");
  if (!member && !field_name) return false;
  if (lhs.starts_with("$") && !lhs.starts_with("$this->")) return false;
  std::string_view r = Trim(t.substr(eq + 1));
  size_t stop = r.find_first_of(";}");
  if (stop != std::string_view::npos) r = Trim(r.substr(0, stop));
  *field = std::string(last);
  *rhs = std::string(r);
  return true;
}

bool ControlWord(std::string_view t) {
  for (const char* w :
       {"if",   "for",    "foreach", "while", "switch", "catch", "return", "else",
        "elif", "unless", "until",   "case",  "when",   "new",   "throw",  "raise",
        "do",   "using",  "lock",    "with",  "match",  "await", "yield",  "assert"}) {
    if (StartsWithWord(t, w)) return true;
  }
  return false;
}

struct Header {
  std::string name;
  std::string params;   // from the opening parenthesis on
  bool hidden = false;  // private, protected, internal
};

// A function definition on line `t` (`def f(`, `func (r *T) F(`,
// `public Builder maxX(int n) {`, `setMax(v) {`, `fun maxX(n: Int) =`).
bool HeaderOf(std::string_view t, Header* h) {
  t = Trim(t);
  if (t.empty() || ControlWord(t)) return false;
  size_t open = t.find('(');
  if (open == std::string_view::npos) return false;
  std::string_view name;
  if (t.starts_with("def ")) {
    std::string_view rest = Trim(t.substr(4));
    if (rest.starts_with("self.")) rest.remove_prefix(5);
    size_t e = rest.find_first_of("( ");
    name = rest.substr(0, e);
    open = t.find('(');
  } else if (t.starts_with("func (")) {
    size_t close = t.find(')');
    if (close == std::string_view::npos) return false;
    open = t.find('(', close);
    if (open == std::string_view::npos) return false;
    name = WordBefore(t, open);
  } else {
    name = WordBefore(t, open);
    std::string_view before = Trim(t.substr(0, open - name.size()));
    bool keyword = before.find("function") != std::string_view::npos ||
                   before.find("fun") != std::string_view::npos ||
                   before.find("func") != std::string_view::npos;
    // A call statement (`foo(x);`) has nothing before its name and ends in `;`.
    bool typed = !before.empty() && (Word(before.back()) || before.back() == '>' ||
                                     before.back() == ']' || before.back() == '?');
    bool opens = t.ends_with("{") || t.ends_with(")") || t.find(") =") != std::string_view::npos;
    if (!keyword && !(opens && (typed || before.empty()))) return false;
    if (t.ends_with(";")) return false;
  }
  if (!Identifier(name.ends_with("=") ? name.substr(0, name.size() - 1) : name)) return false;
  if (name == "function" || name == "func" || name == "fun") return false;
  h->name = std::string(name);
  h->params = std::string(t.substr(open));
  h->hidden = t.find("private ") != std::string_view::npos ||
              t.find("protected ") != std::string_view::npos ||
              t.find("internal ") != std::string_view::npos || t.starts_with("static ");
  return true;
}

size_t Indent(std::string_view l) {
  size_t n = 0;
  while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
  return n;
}

// The class a function at line `from` belongs to: the nearest `class X`
// above it, less indented than the function, with only modifiers before the
// keyword (so not a word in a comment, nor a class closed above).
std::string ClassAbove(const std::vector<std::string_view>& lines, size_t from) {
  static const std::set<std::string_view> kModifiers = {
      "public", "private", "protected", "internal", "final",   "abstract", "static",   "open",
      "data",   "sealed",  "export",    "default",  "partial", "inner",    "readonly", "pub"};
  size_t indent = Indent(lines[from]);
  for (size_t i = from; i-- > 0 && from - i < kClassReach;) {
    std::string_view l = lines[i];
    if (Indent(l) >= indent || Trim(l).empty()) continue;
    std::string_view t = Trim(l);
    for (const char* kw : {"class ", "struct ", "object ", "module "}) {
      size_t at = t.find(kw);
      if (at == std::string_view::npos || (at > 0 && t[at - 1] != ' ')) continue;
      bool modifiers = true;
      for (std::string_view w : SplitWords(t.substr(0, at))) modifiers &= kModifiers.count(w) > 0;
      if (!modifiers) continue;
      std::string_view rest = t.substr(at + std::string_view(kw).size());
      size_t e = 0;
      while (e < rest.size() && (Word(rest[e]) || rest[e] == ':')) ++e;
      while (e > 0 && rest[e - 1] == ':') --e;  // Python's `class Queue:`
      if (e > 0) return std::string(rest.substr(0, e));
    }
  }
  return "";
}

bool Exported(const std::string& name, std::string_view path) {
  if (name.starts_with("_") && name != "__init__") return false;
  if (path.ends_with(".go"))
    return !name.empty() && std::isupper(static_cast<unsigned char>(name[0]));
  return true;
}

// `x = value` in a C# setter: the property is declared above, without `(`.
std::string PropertyAbove(const std::vector<std::string_view>& lines, size_t from) {
  for (size_t i = from + 1; i-- > 0 && from - i < 6;) {
    std::string_view t = Trim(lines[i]);
    if (t.find('(') != std::string_view::npos || !t.starts_with("public ")) continue;
    size_t end = t.find_first_of("{=");
    std::string_view name = WordBefore(t, end == std::string_view::npos ? t.size() : end);
    if (Identifier(name)) return std::string(name);
  }
  return "";
}

std::string Letters(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

// A configuration table row or registration call (redis's
// `createBoolConfig("cluster-enabled", NULL, .., server.cluster_enabled,
// ..)`): a call whose name says config/option/setting, given a key literal
// and the member the key sets, the key ending with the member's name
// ("cluster-enabled" / `cluster_enabled`, "maxmemory" / `maxmemory`).
// The key and the member, or false.
bool ConfigKeyRow(std::string_view t, std::string* key, std::string* field) {
  size_t q = t.find('"');
  if (q == std::string_view::npos || q == 0) return false;
  std::string head = ToLower(t.substr(0, q));
  if (head.find("config") == std::string::npos && head.find("option") == std::string::npos &&
      head.find("setting") == std::string::npos) {
    return false;
  }
  if (head.find('(') == std::string::npos && head.find('{') == std::string::npos) return false;
  size_t close = t.find('"', q + 1);
  if (close == std::string_view::npos) return false;
  std::string_view k = t.substr(q + 1, close - q - 1);
  if (k.size() < 4 || !std::all_of(k.begin(), k.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
      })) {
    return false;
  }
  std::string want = Letters(k);
  // The members after the key, not called: `server.x`, `&server.x`, `s->x`.
  std::string_view rest = t.substr(close + 1);
  for (size_t i = 0; i < rest.size(); ++i) {
    bool dot = rest[i] == '.' && i > 0 && Word(rest[i - 1]);
    bool arrow = rest[i] == '>' && i > 0 && rest[i - 1] == '-';
    if (!dot && !arrow) continue;
    size_t e = i + 1;
    while (e < rest.size() && Word(rest[e])) ++e;
    std::string_view name = rest.substr(i + 1, e - i - 1);
    size_t n = e;
    while (n < rest.size() && rest[n] == ' ') ++n;
    if (name.size() < 4 || (n < rest.size() && (rest[n] == '(' || rest[n] == '.'))) continue;
    std::string have = Letters(name);
    if (!have.empty() && want.ends_with(have)) {
      *key = std::string(k);
      *field = std::string(name);
      return true;
    }
  }
  return false;
}

// `virtual Status Put(...) = 0;`, `Foo() = default;`: a member declaration
// whose `=` is no initializer (the public interface of a C++ library).
bool PureOrDefaulted(std::string_view t) {
  return t.ends_with(") = 0;") || t.ends_with(" const = 0;") || t.ends_with("= default;") ||
         t.ends_with("= delete;");
}

}  // namespace

SetterIndex SetterIndex::Build(const std::vector<SourceFile>& files) {
  SetterIndex index;
  for (const SourceFile& f : files) index.Add(f.path, f.content);
  return index;
}

void SetterIndex::AddDeclarations(const std::vector<std::string_view>& lines) {
  for (std::string_view raw : lines) {
    std::string_view t = Trim(raw);
    if (t.empty() || t[0] == '#' || t[0] == '*' || t.starts_with("//") || t.starts_with("/*") ||
        t.starts_with("typedef") || t.starts_with("return") ||
        (t.find('=') != std::string_view::npos && !PureOrDefaulted(t)) ||
        t.find("(*") != std::string_view::npos) {
      continue;
    }
    size_t open = t.find('(');
    if (open == std::string_view::npos) continue;
    std::string_view name = WordBefore(t, open);
    std::string_view before = Trim(t.substr(0, open - name.size()));
    // `GIT_EXTERN(int) git_push_new(...)`: an export macro wraps the type.
    if (before.empty() && t.find(')', open) != std::string_view::npos &&
        t.find('(', t.find(')', open)) != std::string_view::npos) {
      open = t.find('(', t.find(')', open));
      name = WordBefore(t, open);
      before = Trim(t.substr(0, open - name.size()));
    }
    // A declaration has a return type before its name.
    if (!Identifier(name) || before.empty() || ControlWord(t)) continue;
    public_decls_.insert(std::string(name));
  }
}

void SetterIndex::AddDefinitions(const std::vector<std::string_view>& lines) {
  for (std::string_view raw : lines) {
    if (raw.empty() || !(std::isalpha(static_cast<unsigned char>(raw[0])) || raw[0] == '_')) {
      continue;
    }
    std::string_view t = Trim(raw);
    if (t.ends_with(";") || ControlWord(t) || t.starts_with("typedef") || t.starts_with("struct") ||
        t.find('=') != std::string_view::npos) {
      continue;
    }
    size_t open = t.find('(');
    if (open == std::string_view::npos) continue;
    std::string_view name = WordBefore(t, open);
    // `GIT_INLINE(int) git_x(...)`: an attribute macro wraps the type.
    size_t close = t.find(')', open);
    if (close != std::string_view::npos && t.find('(', close) != std::string_view::npos &&
        Trim(t.substr(0, open - name.size())).empty()) {
      open = t.find('(', close);
      name = WordBefore(t, open);
    }
    if (Identifier(name)) defined_.insert(std::string(name));
  }
}

void SetterIndex::Add(std::string_view path, std::string_view content) {
  AddLines(path, SplitLines(content));
}

namespace {

// A `case` label that names an option or setting (`CURLOPT_X`, `X_CONFIG_Y`).
bool NamesAnOption(std::string_view label) {
  for (std::string_view w : {"OPT", "CONF", "CFG", "SETTING"}) {
    if (label.find(w) != std::string_view::npos) return true;
  }
  return false;
}

// A row of a C command-line option table that binds a global variable
// (popt's `{"fsync", 0, POPT_ARG_NONE, &do_fsync, 0, 0, 0 },`, getopt_long's
// `{"verbose", no_argument, &verbose, 1},`): "--fsync" and "do_fsync". The
// variable is a plain name, so a check on it anywhere in the program reads
// what the user gave (rsync checks `do_fsync` in util1.c, its table is in
// options.c: nineteenth grading 42cd5890e1570ca4).
bool OptionTableRow(std::string_view t, std::string* option, std::string* field) {
  if (!t.starts_with("{")) return false;
  static const RE2 kRow(
      R"re(\{\s*"([A-Za-z0-9][A-Za-z0-9-]*)"\s*,\s*(?:'[^']*'|\d+|0)\s*,\s*POPT_ARG_\w+\s*,\s*&\s*([A-Za-z_]\w*)\s*,)re");
  static const RE2 kGetopt(
      R"re(\{\s*"([A-Za-z0-9][A-Za-z0-9-]*)"\s*,\s*(?:no_argument|required_argument|optional_argument)\s*,\s*&\s*([A-Za-z_]\w*)\s*,)re");
  std::string name;
  if (!RE2::PartialMatch(t, kRow, &name, field) && !RE2::PartialMatch(t, kGetopt, &name, field)) {
    return false;
  }
  *option = "--" + name;
  return true;
}

// A C++ command-line flag definition: gflags' `DEFINE_bool(use_merge, false,
// "...")` (and the other typed DEFINE_ macros) or Abseil's
// `ABSL_FLAG(bool, use_merge, false, "...")`. Both define the global
// `FLAGS_use_merge` that code reads, bound to `--use_merge` wherever the
// check is (rocksdb's db_stress reads in db_stress_tool.cc the flags
// db_stress_gflags.cc defines). The flag, the variable and the macro,
// which the index keeps as the setter's `owner` (SetterWay says "defines").
bool FlagDefinition(std::string_view t, std::string* option, std::string* field,
                    std::string* macro) {
  if (!t.starts_with("DEFINE_") && !t.starts_with("ABSL_FLAG")) return false;
  static const RE2 kGflags(
      R"re((DEFINE_(?:bool|string|int32|int64|uint32|uint64|double))\s*\(\s*([A-Za-z_]\w*)\s*,)re");
  static const RE2 kAbsl(R"re((ABSL_FLAG)\s*\(\s*[^,()]+,\s*([A-Za-z_]\w*)\s*,)re");
  std::string name;
  if (!RE2::PartialMatch(t, kGflags, macro, &name) && !RE2::PartialMatch(t, kAbsl, macro, &name)) {
    return false;
  }
  *option = "--" + name;
  *field = "FLAGS_" + name;
  return true;
}

}  // namespace

void SetterIndex::AddLines(std::string_view path, const std::vector<std::string_view>& lines) {
  bool header = path.ends_with(".h") || path.ends_with(".hpp") || path.ends_with(".hh");
  if (header &&
      (path.starts_with("include/") || path.find("/include/") != std::string_view::npos)) {
    AddDeclarations(lines);
  }
  for (std::string_view ext : {".c", ".cc", ".cpp", ".cxx"}) {
    if (path.ends_with(ext)) AddDefinitions(lines);
  }
  bool c_family = header;
  for (std::string_view ext : {".c", ".cc", ".cpp", ".cxx"}) c_family |= path.ends_with(ext);
  std::string option;
  int option_line = -kCaseReach - 1;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = Trim(lines[i]);
    int line = static_cast<int>(i) + 1;
    if (t.starts_with("#define ")) {
      std::string_view rest = Trim(t.substr(8));
      size_t e = 0;
      while (e < rest.size() && Word(rest[e])) ++e;
      if (e > 0 && e < rest.size() && rest[e] == ' ') {
        by_field_[std::string(rest.substr(0, e))].push_back(
            {Setter::kConstant, std::string(Trim(rest.substr(e))), "", std::string(path), line});
      }
      continue;
    }
    if (t.starts_with("attr_accessor ") || t.starts_with("attr_writer ")) {
      for (size_t at = t.find(':'); at != std::string_view::npos; at = t.find(':', at + 1)) {
        size_t e = at + 1;
        while (e < t.size() && Word(t[e])) ++e;
        std::string name(t.substr(at + 1, e - at - 1));
        if (Identifier(name)) {
          by_field_[name].push_back(
              {Setter::kMethod, name + "=", ClassAbove(lines, i), std::string(path), line});
        }
      }
      continue;
    }
    if (std::string option_name, field; OptionTableRow(t, &option_name, &field)) {
      by_field_[field].push_back({Setter::kCommandLine, option_name, "", std::string(path), line});
      continue;
    }
    if (std::string option_name, field, macro;
        c_family && FlagDefinition(t, &option_name, &field, &macro)) {
      by_field_[field].push_back(
          {Setter::kCommandLine, option_name, macro, std::string(path), line});
      continue;
    }
    if (std::string key, field; ConfigKeyRow(t, &key, &field)) {
      by_field_[field].push_back({Setter::kConfigKey, key, "", std::string(path), line});
      continue;
    }
    if (t.starts_with("case ") && t.ends_with(":")) {
      std::string_view label = Trim(t.substr(5, t.size() - 6));
      // An option's name says so (curl's `CURLOPT_MAXREDIRS`, `..CONFIG_..`);
      // a case of a protocol's parameter ids (nginx's
      // `NGX_QUIC_TP_ACTIVE_CONNECTION_ID_LIMIT`, read from the peer's
      // handshake) is no setting of the user's (thirty-first grading).
      if (AllCaps(label) && NamesAnOption(label)) {
        option = std::string(label);
        option_line = line;
      }
      continue;
    }
    for (size_t eq : PlainAssigns(t)) {
      std::string_view before = t.substr(0, eq);
      if (before.find('(') != std::string_view::npos &&
          before.find(')') == std::string_view::npos) {
        break;  // inside a call or a parameter default
      }
      std::string field, rhs;
      if (MemberAssign(t, eq, &field, &rhs)) {
        if (!option.empty() && line - option_line <= kCaseReach) {
          by_field_[field].push_back({Setter::kOption, option, "", std::string(path), line});
          continue;
        }
        if (!Identifier(rhs)) continue;
        if (rhs == "value" && (t.find("set") != std::string_view::npos ||
                               (i > 0 && Trim(lines[i - 1]).starts_with("set")))) {
          std::string prop = PropertyAbove(lines, i);
          if (!prop.empty() && prop != field) {
            by_field_[field].push_back({Setter::kProperty, prop, "", std::string(path), line});
          }
          continue;
        }
        std::string params;
        for (size_t k = i + 1; k-- > 0 && i - k <= kHeaderReach;) {
          std::string_view l = k == i ? before : lines[k];
          Header h;
          params = std::string(Trim(l)) + " " + params;
          if (!HeaderOf(l, &h)) continue;
          if (h.hidden || !Exported(h.name, path)) break;
          size_t close = params.find(')');
          if (!ContainsIdentifier(params.substr(0, close), rhs)) break;
          bool ctor = h.name == "__init__" || h.name == "initialize" || h.name == "constructor";
          std::string cls = ClassAbove(lines, k);
          if (!cls.empty() && cls == h.name) ctor = true;
          by_field_[field].push_back({ctor ? Setter::kConstructor : Setter::kMethod,
                                      ctor ? rhs : h.name, cls, std::string(path), line});
          break;
        }
        continue;
      }
      // A constant: `LIMIT = 4096`, `const LIMIT: usize = 4096;`,
      // `static final int LIMIT = 4096;`.
      std::string_view lhs = before;
      size_t colon = lhs.rfind(':');
      if (colon != std::string_view::npos && (colon == 0 || lhs[colon - 1] != ':')) {
        lhs = lhs.substr(0, colon);
      }
      std::string_view name = WordBefore(lhs, lhs.size());
      if (!AllCaps(name)) break;
      std::string_view value = Trim(t.substr(eq + 1));
      if (value.ends_with(";") || value.ends_with(",")) value.remove_suffix(1);
      by_field_[std::string(name)].push_back(
          {Setter::kConstant, std::string(Trim(value)), "", std::string(path), line});
      break;
    }
    if (t.find("break;") != std::string_view::npos || StartsWithWord(t, "return")) option.clear();
  }
}

std::vector<Setter> SetterIndex::Find(const std::string& name, std::string_view file) const {
  auto it = by_field_.find(name);
  if (it == by_field_.end()) return {};
  std::vector<Setter> out = it->second;
  std::string_view dir = file.substr(0, file.rfind('/') + 1);
  auto rank = [&](const Setter& s) {
    if (s.file == file) return 0;
    return std::string_view(s.file).starts_with(dir) ? 1 : 2;
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const Setter& a, const Setter& b) { return rank(a) < rank(b); });
  return out;
}

}  // namespace errdex
