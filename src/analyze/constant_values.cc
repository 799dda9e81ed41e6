// Constant values (see constant_values.h): the membership test read from
// the condition's text, the definition found by its declaring keyword in
// the same file, its elements split at the top-level commas.
#include "analyze/constant_values.h"

#include <re2/re2.h>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxValues = 24;
constexpr int kMaxDefinitionLines = 40;

// `in_array($x, self::NAME, true)` or `NAME.includes(x)` and the like:
// the operand, the constant as written and its bare name.
bool Membership(std::string_view expr, std::string* operand, std::string* constant,
                std::string* name) {
  static const RE2 kPhp(
      R"re(in_array\(\s*(\$\w+(?:->\w+)*)\s*,\s*((?:self|static)::([A-Z][A-Z0-9_]+))\s*(?:,\s*true\s*)?\))re");
  static const RE2 kMethod(
      R"re((([A-Z][A-Z0-9_]+))\.(?:includes|has|contains|include\?)\(\s*([A-Za-z_$@][\w$]*(?:\.\w+)*)\s*\))re");
  if (RE2::FullMatch(expr, kPhp, operand, constant, name)) return true;
  return RE2::FullMatch(expr, kMethod, constant, name, operand);
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
      "\\s*=\\s*(?:\\[|%w\\[|%w\\())");
  int found = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!RE2::PartialMatch(lines[i], kDecl)) continue;
    if (found) return 0;
    found = static_cast<int>(i) + 1;
    std::string_view t = lines[i];
    size_t eq = t.find('=', t.find(name));
    size_t b = t.find_first_of("[(", eq);
    // `new Set([`, `array (`: the list is the innermost opener.
    if (t.substr(b).starts_with("(") && t.find('[', b) != std::string_view::npos) {
      b = t.find('[', b);
    }
    *open = b;
  }
  return found;
}

// The elements between the bracket at `open` of line `line` and its match,
// as written; false unless each is a string or number literal.
bool Elements(const std::vector<std::string_view>& lines, int line, size_t open,
              std::vector<std::string>* out) {
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
  }
  return false;
}

}  // namespace

std::optional<ConstantValues> ConstantMembership(std::string_view expr,
                                                 const std::vector<std::string_view>& lines) {
  ConstantValues out;
  std::string name;
  if (!Membership(Trim(expr), &out.operand, &out.constant, &name)) return std::nullopt;
  size_t open = 0;
  out.line = Definition(lines, name, &open);
  if (out.line == 0 || open == std::string_view::npos || Grown(lines, name)) return std::nullopt;
  if (!Elements(lines, out.line, open, &out.values)) return std::nullopt;
  return out;
}

}  // namespace errdex
