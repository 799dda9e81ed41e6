// Call expressions (see call_expr.h).
#include "resolve/call_expr.h"

#include <cctype>

#include "extract/common/escapes.h"
#include "util/text.h"

namespace errdex {
namespace {

bool IdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '@' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The index just past the string literal starting at `at` (quote `q`).
size_t SkipString(std::string_view s, size_t at) {
  char q = s[at];
  for (size_t i = at + 1; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == q) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// Splits `s` on top-level commas; false when brackets or quotes do not
// balance.
bool SplitArgs(std::string_view s, std::vector<std::string>* out) {
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"' || c == '\'' || c == '`') {
      size_t end = SkipString(s, i);
      if (end == std::string_view::npos) return false;
      i = end - 1;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return false;
    } else if (c == ',' && depth == 0) {
      out->emplace_back(Trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (depth != 0) return false;
  std::string_view last = Trim(s.substr(start));
  if (!last.empty() || !out->empty()) out->emplace_back(last);
  return true;
}

// `a.b`, `a->b`, `A::b`, `a?.b`: the receiver and the last name; false
// when `callee` is not a name path.
bool SplitCallee(std::string_view callee, std::string* receiver, std::string* name) {
  size_t end = callee.size();
  size_t begin = end;
  while (begin > 0 && IdentChar(callee[begin - 1])) --begin;
  if (begin == end) return false;
  *name = std::string(callee.substr(begin));
  std::string_view rest = callee.substr(0, begin);
  for (std::string_view sep : {"?.", "->", "::", ".", "\\"}) {
    if (rest.ends_with(sep)) {
      rest.remove_suffix(sep.size());
      break;
    }
  }
  if (rest.size() == begin && begin != 0) return false;  // `a+f(..)`
  for (char c : rest) {
    if (!IdentChar(c) && c != '.' && c != ':' && c != '-' && c != '>' && c != '?' && c != '\\') {
      return false;
    }
  }
  *receiver = std::string(rest);
  return !name->empty() && !std::isdigit(static_cast<unsigned char>((*name)[0]));
}

std::string DecodeSimpleEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\' || i + 1 == body.size()) {
      out += body[i];
      continue;
    }
    char c = body[++i];
    if (AppendSimpleEscape(c, &out)) continue;
    if (c == '\\' || c == '"' || c == '\'' || c == '$') {
      out += c;
    } else {
      out += '\\';
      out += c;
    }
  }
  return out;
}

}  // namespace

std::optional<CallExpr> ParseCallExpr(std::string_view expr) {
  expr = Trim(expr);
  if (expr.empty() || expr.back() != ')') return std::nullopt;
  // The first top-level `(` must close at the end.
  size_t open = std::string_view::npos;
  for (size_t i = 0; i < expr.size(); ++i) {
    char c = expr[i];
    if (c == '"' || c == '\'' || c == '`') return std::nullopt;
    if (c == '(') {
      open = i;
      break;
    }
  }
  if (open == std::string_view::npos || open == 0) return std::nullopt;
  CallExpr call;
  std::string_view callee = Trim(expr.substr(0, open));
  if (callee.starts_with("new ") || !SplitCallee(callee, &call.receiver, &call.name)) {
    return std::nullopt;
  }
  std::string_view inner = expr.substr(open + 1, expr.size() - open - 2);
  // `f(a)(b)` or `f(a) + g(b)`: the parenthesis closing at the end is not ours.
  int depth = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (c == '"' || c == '\'' || c == '`') {
      size_t end = SkipString(inner, i);
      if (end == std::string_view::npos) return std::nullopt;
      i = end - 1;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth < 0) {
      return std::nullopt;
    }
  }
  std::vector<std::string> raw;
  if (!SplitArgs(inner, &raw)) return std::nullopt;
  for (std::string& a : raw) {
    std::string keyword;
    // `name=value` (Python, Kotlin) or `name: value` (C#, Swift-like);
    // not `a == b` or `a ? b : c`.
    size_t k = 0;
    while (k < a.size() && IdentChar(a[k])) ++k;
    if (k > 0 && k + 1 < a.size() && a[k] == '=' && a[k + 1] != '=') {
      keyword = a.substr(0, k);
      a = std::string(Trim(std::string_view(a).substr(k + 1)));
    } else if (k > 0 && k + 1 < a.size() && a[k] == ':' && a[k + 1] == ' ') {
      keyword = a.substr(0, k);
      a = std::string(Trim(std::string_view(a).substr(k + 1)));
    }
    call.args.push_back(std::move(a));
    call.keywords.push_back(std::move(keyword));
  }
  return call;
}

std::optional<std::vector<std::string>> StringFormatArgs(std::string_view expr) {
  std::optional<CallExpr> call = ParseCallExpr(expr);
  if (!call || call->name != "Format" ||
      (call->receiver != "string" && call->receiver != "String")) {
    return std::nullopt;
  }
  return call->args;
}

Template ArgumentTemplate(std::string_view arg, const std::string& hole_text) {
  Template t;
  arg = Trim(arg);
  bool quoted = arg.size() >= 2 && (arg[0] == '"' || arg[0] == '\'') && arg.back() == arg[0] &&
                SkipString(arg, 0) == arg.size();
  // Interpolating quotes (Kotlin/PHP `$x`, Ruby `#{x}`) are not plain text.
  if (quoted && arg[0] == '"' &&
      (arg.find('$') != std::string_view::npos || arg.find("#{") != std::string_view::npos)) {
    quoted = false;
  }
  bool number = !arg.empty();
  for (char c : arg) number &= std::isdigit(static_cast<unsigned char>(c)) != 0;
  if (quoted) {
    t.AddLiteral(DecodeSimpleEscapes(arg.substr(1, arg.size() - 2)));
  } else if (number) {
    t.AddLiteral(arg);
  } else {
    t.AddHole(hole_text, std::string(arg));
  }
  return t;
}

bool IsSelfReceiver(std::string_view receiver) {
  return receiver == "self" || receiver == "this" || receiver == "$this" || receiver == "cls" ||
         receiver == "static" || receiver == "Self" || receiver == "@" || receiver == "base";
}

}  // namespace errdex
