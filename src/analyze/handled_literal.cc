// Handled literal: see handled_literal.h.
#include "analyze/handled_literal.h"

#include <cctype>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

// The number after "path:" in `where`, or 0.
int LineIn(const std::string& where, const std::string& path) {
  std::string prefix = path + ":";
  if (!where.starts_with(prefix)) return 0;
  return std::atoi(where.c_str() + prefix.size());
}

// The helper the link stage says the text was passed to, and the line that
// defines it: "passed to `dropObjects()` (path:108), which raises ...".
bool Helper(const ErrorSite& s, std::string* name, int* def_line) {
  const std::string kPassed = "passed to `";
  const std::string& note = s.message_origin_note;
  if (!note.starts_with(kPassed)) return false;
  size_t end = note.find("()` (", kPassed.size());
  if (end == std::string::npos) return false;
  *name = note.substr(kPassed.size(), end - kPassed.size());
  size_t cut = name->find_last_of(".:");
  if (cut != std::string::npos) *name = name->substr(cut + 1);
  *def_line = LineIn(note.substr(end + 5), s.file_path);
  return !name->empty() && *def_line > 0;
}

// The top-level, comma-separated parts of `list` ("a, f(b, c)" -> "a",
// "f(b, c)"), trimmed.
std::vector<std::string_view> Parts(std::string_view list) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t from = 0;
  char quote = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    if (c == '(' || c == '[' || c == '<' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '>' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(Trim(list.substr(from, i - from)));
      from = i + 1;
    }
  }
  return out;
}

// The last identifier of `part` ("final String type" -> "type").
std::string LastWord(std::string_view part) {
  size_t e = part.size();
  while (e > 0 && !(std::isalnum(static_cast<unsigned char>(part[e - 1])) || part[e - 1] == '_')) {
    --e;
  }
  size_t b = e;
  while (b > 0 && (std::isalnum(static_cast<unsigned char>(part[b - 1])) || part[b - 1] == '_')) {
    --b;
  }
  return std::string(part.substr(b, e - b));
}

// The string literals passed to `name(...)` on `call`, each with the name
// of the parameter of `def` (the helper's header line) that receives it.
std::vector<std::pair<std::string, std::string>> LiteralArguments(std::string_view call,
                                                                  std::string_view def,
                                                                  const std::string& name) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t at = call.find(name + "(");
  size_t def_at = def.find(name + "(");
  if (at == std::string_view::npos || def_at == std::string_view::npos) return out;
  std::vector<std::string_view> args = Parts(Parenthesized(call, at + name.size()));
  std::vector<std::string_view> params = Parts(Parenthesized(def, def_at + name.size()));
  if (args.size() != params.size()) return out;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a.size() < 2 || (a[0] != '"' && a[0] != '\'') || a.back() != a[0]) continue;
    std::string_view lit = a.substr(1, a.size() - 2);
    if (lit.find(a[0]) != std::string_view::npos) continue;
    std::string param = LastWord(params[i]);
    if (!param.empty()) out.emplace_back(std::string(lit), param);
  }
  return out;
}

// Whether `code` tests a value for equality with the literal `lit`
// (`"TR".equals(t)`, `t == "TR"`, `case "TR":`), not for inequality.
bool ComparesWith(std::string_view code, const std::string& lit) {
  for (char q : {'"', '\''}) {
    std::string quoted = q + lit + q;
    for (const std::string& form :
         {quoted + ".equals(", quoted + ".equalsIgnoreCase(", ".equals(" + quoted + ")",
          "== " + quoted, quoted + " ==", "case " + quoted}) {
      size_t at = code.find(form);
      if (at == std::string_view::npos) continue;
      // `!"TR".equals(t)`, `t !== "TR"`: the literal goes the other way.
      if (at > 0 && code[at - 1] == '!') continue;
      if (form.starts_with("== ") && at > 0 && code[at - 1] == '=' && at > 1 &&
          code[at - 2] == '!') {
        continue;
      }
      return true;
    }
  }
  return false;
}

// The line of the `else` (`} else {`, `else:`) right above the raise at
// `raise`, or 0.
int ElseAbove(const std::vector<std::string_view>& lines, int raise) {
  for (int l = raise - 1; l >= 1; --l) {
    std::string_view t = Trim(lines[l - 1]);
    if (t.empty() || t.starts_with("//") || t.starts_with("#")) continue;
    bool is_else = t == "} else {" || t == "else {" || t == "else:" || t == "else" || t == "} else";
    return is_else ? l : 0;
  }
  return 0;
}

// Whether `branch` (a line with the literal's comparison) opens a branch of
// the same if-chain as the `else` at `else_line`: it starts an `if`/`else
// if`/`elif` at the else's indentation, and every line between at that
// indentation or less continues the chain.
bool SameChain(const std::vector<std::string_view>& lines, int branch, int else_line) {
  int indent = IndentWidth(lines[else_line - 1]);
  std::string_view head = Trim(lines[branch - 1]);
  if (IndentWidth(lines[branch - 1]) != indent) return false;
  if (!StartsWithWord(head, "if") && !head.starts_with("} else if") &&
      !StartsWithWord(head, "elif") && !head.starts_with("else if")) {
    return false;
  }
  for (int l = branch + 1; l < else_line; ++l) {
    std::string_view t = Trim(lines[l - 1]);
    if (t.empty() || IndentWidth(lines[l - 1]) > indent) continue;
    if (!t.starts_with("}") && !StartsWithWord(t, "elif") && !StartsWithWord(t, "else")) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string HandledLiteralEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  int n = static_cast<int>(lines.size());
  int raise = LineIn(s.message_from, s.file_path);
  std::string helper;
  int def_line = 0;
  if (raise < 1 || raise > n || raise == s.line || s.line < 1 || s.line > n ||
      !Helper(s, &helper, &def_line) || def_line >= raise) {
    return {};
  }
  int else_line = ElseAbove(lines, raise);
  if (else_line <= def_line) return {};
  std::string message = s.message.Display();
  for (const auto& [lit, param] :
       LiteralArguments(lines[s.line - 1], lines[def_line - 1], helper)) {
    if (lit.empty() || message.find(lit) == std::string::npos) continue;
    for (int l = def_line; l < else_line; ++l) {
      if (!ComparesWith(lines[l - 1], lit) || !ContainsIdentifier(lines[l - 1], param) ||
          !SameChain(lines, l, else_line)) {
        continue;
      }
      std::string code = "`\"" + lit + "\"`";
      std::string who = s.function.empty() ? "The code" : "`" + s.function + "`";
      return who + " passes " + code + " to `" + helper + "` at line " + std::to_string(s.line) +
             ", and `" + helper + "` handles " + code + " at line " + std::to_string(l) +
             ", before the `else` that raises at line " + std::to_string(raise) +
             ", so this call never produces this text";
    }
  }
  return {};
}

}  // namespace errdex
