// Constant values (see constant_values.h): the membership test read from
// the condition's text, the definition found by its declaring keyword in
// the same file, its elements split at the top-level commas.
#include "analyze/constant_values.h"

#include <re2/re2.h>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxValues = 24;
// A map of accepted names (mysql2's 70 connection options) is read whole;
// the text shows the first kMaxValues of them.
constexpr size_t kMaxKeys = 120;
constexpr int kMaxDefinitionLines = 40;

// A test for a key of a map the file defines: JavaScript
// `NAME.hasOwnProperty(x)`, `Object.prototype.hasOwnProperty.call(NAME, x)`,
// `Object.hasOwn(NAME, x)`, `x in NAME`, `NAME[x]`; PHP
// `array_key_exists($x, self::NAME)`, `isset(self::NAME[$x])`.
bool KeyMembership(std::string_view expr, std::string* operand, std::string* constant,
                   std::string* name) {
  static const RE2 kOwnCall(
      R"re((?:Object\.prototype\.hasOwnProperty\.call|Object\.hasOwn)\(\s*(([A-Za-z_$][\w$]*))\s*,\s*([A-Za-z_$][\w$]*(?:\.\w+)*)\s*\))re");
  static const RE2 kOwn(
      R"re((([A-Za-z_$][\w$]*))\.hasOwnProperty\(\s*([A-Za-z_$][\w$]*(?:\.\w+)*)\s*\))re");
  static const RE2 kIndex(R"re((([A-Za-z_$][\w$]*))\[\s*([A-Za-z_$][\w$]*(?:\.\w+)*)\s*\])re");
  static const RE2 kIn(R"re(\(?([A-Za-z_$][\w$]*(?:\.\w+)*)\s+in\s+(([A-Za-z_$][\w$]*))\)?)re");
  static const RE2 kPhpKey(
      R"re(array_key_exists\(\s*(\$\w+(?:->\w+)*)\s*,\s*((?:self|static)::([A-Z][A-Z0-9_]+))\s*\))re");
  static const RE2 kPhpIsset(
      R"re(isset\(\s*((?:self|static)::([A-Z][A-Z0-9_]+))\[\s*(\$\w+(?:->\w+)*)\s*\]\s*\))re");
  return RE2::FullMatch(expr, kOwnCall, constant, name, operand) ||
         RE2::FullMatch(expr, kOwn, constant, name, operand) ||
         RE2::FullMatch(expr, kIndex, constant, name, operand) ||
         RE2::FullMatch(expr, kIn, operand, constant, name) ||
         RE2::FullMatch(expr, kPhpKey, operand, constant, name) ||
         RE2::FullMatch(expr, kPhpIsset, constant, name, operand);
}

// `in_array($x, self::NAME, true)` or `NAME.includes(x)` and the like:
// the operand, the constant as written and its bare name.
bool Membership(std::string_view expr, std::string* operand, std::string* constant,
                std::string* name, bool* keys) {
  static const RE2 kPhp(
      R"re(in_array\(\s*(\$\w+(?:->\w+)*)\s*,\s*((?:self|static)::([A-Z][A-Z0-9_]+))\s*(?:,\s*true\s*)?\))re");
  static const RE2 kMethod(
      R"re((([A-Z][A-Z0-9_]+))\.(?:includes|has|contains|include\?|key\?|has_key\?|containsKey)\(\s*([A-Za-z_$@][\w$]*(?:\.\w+)*)\s*\))re");
  if (RE2::FullMatch(expr, kPhp, operand, constant, name)) return true;
  static const RE2 kKeyMethod(R"re(.*\.(?:key\?|has_key\?|containsKey)\(.*)re");
  if (RE2::FullMatch(expr, kMethod, constant, name, operand)) {
    *keys = RE2::FullMatch(expr, kKeyMethod);
    return true;
  }
  *keys = true;
  return KeyMembership(expr, operand, constant, name);
}

// The line declaring `name` as a constant list, and where its opening
// bracket is; 0 when none or several.
int Definition(const std::vector<std::string_view>& lines, const std::string& name, size_t* open) {
  const std::string n = RE2::QuoteMeta(name);
  // PHP class constants, JavaScript `const`, Java `static final` with an
  // immutable factory, Kotlin `val` with one, Ruby constants.
  const RE2 kDecl(
      "^\\s*(?:(?:(?:public|private|protected|final)\\s+)*const\\s+" + n +
      "\\s*=\\s*(?:\\[|array\\s*\\()|(?:export\\s+)?const\\s+" + n +
      "\\s*=\\s*(?:new\\s+Set\\s*\\(\\s*)?\\[|.*\\bstatic\\s+final\\s+[\\w<>\\[\\], ?]+\\s+" + n +
      "\\s*=\\s*(?:Set|List|ImmutableSet|ImmutableList)\\.of\\s*\\(|(?:(?:private|"
      "internal|public)\\s+)?val\\s+" +
      n + "(?:\\s*:\\s*[\\w<>, ?]+)?\\s*=\\s*(?:setOf|listOf)\\s*\\(|" + n +
      "\\s*=\\s*(?:\\[|%w\\[|%w\\()|^(?:export\\s+)?(?:const|let|var)\\s+" + n +
      "(?:\\s*:\\s*[\\w<>, ?{}\\[\\]]+)?\\s*=\\s*\\{" +
      // A Ruby constant hash (`NAME = {`); a lower-case name is a local.
      (std::isupper(static_cast<unsigned char>(name[0])) ? "|" + n + "\\s*=\\s*\\{" : "") + ")");
  int found = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!RE2::PartialMatch(lines[i], kDecl)) continue;
    if (found) return 0;
    found = static_cast<int>(i) + 1;
    std::string_view t = lines[i];
    size_t eq = t.find('=', t.find(name));
    size_t b = t.find_first_of("[(", eq);
    // `new Set([`, `array (`: the list is the innermost opener.
    if (b != std::string_view::npos && t.substr(b).starts_with("(") &&
        t.find('[', b) != std::string_view::npos) {
      b = t.find('[', b);
    }
    // A map: `const NAME = {`, `NAME = {`.
    if (size_t brace = t.find('{', eq); brace != std::string_view::npos && brace < b) b = brace;
    *open = b;
  }
  return found;
}

// The key of a map entry (`authPlugins: 1`, `'a' => x`, `"k": v`, Ruby
// `sym: v` and `:sym => v`): the text before its top-level `:` or `=>`,
// when it is a quoted string, a name or a symbol; else "".
std::string EntryKey(std::string_view e) {
  e = Trim(e);
  int depth = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    char c = e[i];
    if (c == '"' || c == '\'') {
      size_t close = e.find(c, i + 1);
      if (close == std::string_view::npos) return "";
      i = close;
      continue;
    }
    depth += (c == '[' || c == '(' || c == '{') ? 1 : (c == ']' || c == ')' || c == '}') ? -1 : 0;
    if (depth != 0 || i == 0) continue;
    bool arrow = e.substr(i).starts_with("=>");
    bool colon = c == ':' && !e.substr(i).starts_with("::") && e[i - 1] != ':';
    if (!arrow && !colon) continue;
    std::string key(Trim(e.substr(0, i)));
    bool quoted = key.size() >= 2 && (key[0] == '"' || key[0] == '\'') && key.back() == key[0];
    if (quoted || RE2::FullMatch(key, R"(:?[A-Za-z_$][\w$]*[?!]?)")) return key;
    return "";
  }
  return "";
}

// The elements between the bracket at `open` of line `line` and its match,
// as written; false unless each is a string or number literal. A map (`{`,
// or `=>` entries) gives its keys instead, whatever the values are.
bool Elements(const std::vector<std::string_view>& lines, int line, size_t open,
              std::vector<std::string>* out, bool* was_map) {
  bool words = open >= 2 && lines[line - 1].substr(open - 2, 2) == "%w";
  std::vector<std::string> raw;
  std::string current;
  int depth = 0;
  bool closed = false;
  for (int l = line;
       !closed && l <= static_cast<int>(lines.size()) && l < line + kMaxDefinitionLines; ++l) {
    std::string_view t = lines[l - 1];
    for (size_t i = l == line ? open : 0; i < t.size(); ++i) {
      char c = t[i];
      if (c == '"' || c == '\'') {
        size_t close = t.find(c, i + 1);
        if (close == std::string_view::npos) return false;
        current += t.substr(i, close - i + 1);
        i = close;
        continue;
      }
      if (depth == 1 && (t.substr(i).starts_with("//") || c == '#')) break;  // a comment
      if (c == '[' || c == '(' || c == '{') {
        if (++depth == 1) continue;
      } else if (c == ']' || c == ')' || c == '}') {
        if (--depth == 0) {
          raw.push_back(current);
          closed = true;
          break;
        }
      } else if (depth == 1 && c == ',' && !words) {
        raw.push_back(current);
        current.clear();
        continue;
      }
      current += c;
    }
    current += ' ';
  }
  if (!closed) return false;
  bool map = lines[line - 1][open] == '{' ||
             std::any_of(raw.begin(), raw.end(),
                         [](const std::string& e) { return e.find("=>") != std::string::npos; });
  *was_map = map;
  if (map) {
    for (const std::string& e : raw) {
      if (Trim(e).empty()) continue;  // a trailing comma
      std::string key = EntryKey(e);
      if (key.empty() || key.find("${") != std::string::npos) return false;
      out->push_back(key);
    }
    return !out->empty() && out->size() <= kMaxKeys;
  }
  for (const std::string& e : raw) {
    if (words) {
      std::string word;
      for (char c : e + " ") {
        if (c != ' ' && c != '\t') {
          word += c;
        } else if (!word.empty()) {
          out->push_back(word);
          word.clear();
        }
      }
      continue;
    }
    std::string v(Trim(e));
    if (v.empty()) continue;  // a trailing comma
    bool quoted = v.size() >= 2 && (v[0] == '"' || v[0] == '\'') && v.back() == v[0];
    if (!quoted && !RE2::FullMatch(v, R"(-?\d+(\.\d+)?)")) return false;
    if (v.find("${") != std::string::npos || v.find("#{") != std::string::npos) return false;
    out->push_back(v);
  }
  return !out->empty() && out->size() <= kMaxValues;
}

// Whether the file adds to the list after defining it (`KINDS.add(x)`,
// `KINDS.push(x)`, `KINDS << x`): then it holds more than its literals.
bool Grown(const std::vector<std::string_view>& lines, const std::string& name) {
  for (std::string_view t : lines) {
    for (const std::string& op : {name + ".add(", name + ".push(", name + " <<", name + "[] ="}) {
      if (t.find(op) != std::string_view::npos) return true;
    }
    // `NAME[key] = value` adds a key to a map.
    static const RE2 kStore(R"re(\[[^\]]+\]\s*=[^=>])re");
    for (size_t at = t.find(name + "["); at != std::string_view::npos;
         at = t.find(name + "[", at + 1)) {
      if (RE2::PartialMatch(t.substr(at + name.size()), kStore)) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<ConstantValues> ConstantMembership(std::string_view expr,
                                                 const std::vector<std::string_view>& lines) {
  ConstantValues out;
  std::string name;
  bool keys = false, map = false;
  if (!Membership(Trim(expr), &out.operand, &out.constant, &name, &keys)) return std::nullopt;
  size_t open = 0;
  out.line = Definition(lines, name, &open);
  if (out.line == 0 || open == std::string_view::npos || Grown(lines, name)) return std::nullopt;
  // A key test on a list (`x in LIST` tests its indices) says nothing.
  if (!Elements(lines, out.line, open, &out.values, &map) || (keys && !map)) return std::nullopt;
  if (size_t all = out.values.size(); all > kMaxValues) {
    out.values.resize(kMaxValues);
    out.values.push_back("\u2026 (" + std::to_string(all) + " in all)");
  }
  return out;
}

std::string MissingEntryTest(std::string_view expr) {
  static const RE2 kTest(
      R"re(([A-Za-z_$][\w$]*\[\s*[A-Za-z_$][\w$]*(?:\.\w+)*\s*\])\s*(?:!==?\s*(?:1|true)|===?\s*(?:undefined|null)))re");
  std::string entry;
  if (!RE2::FullMatch(Trim(expr), kTest, &entry)) return "";
  return entry;
}

}  // namespace errdex
