// Parameter docs (see param_doc.h). The doc block is read as lines with
// their comment leaders removed; each doc-tag style names the parameter in
// its own place, and the text runs on over continuation lines until a
// blank line, a tag or another parameter.
#include "analyze/param_doc.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kMaxBlock = 60;
constexpr size_t kMaxText = 300;

std::string_view LineAt(const std::vector<std::string_view>& lines, int n) {
  return n >= 1 && n <= static_cast<int>(lines.size()) ? lines[n - 1] : std::string_view();
}

bool CommentLine(std::string_view t) {
  for (std::string_view lead : {"///", "//", "/**", "/*", "*", "#"}) {
    if (t.starts_with(lead)) return !t.starts_with("#[") && !t.starts_with("#!");
  }
  return false;
}

std::string_view StripLeader(std::string_view t) {
  for (std::string_view lead : {"///", "//!", "//", "/**", "/*", "*/", "*", "#"}) {
    if (t.starts_with(lead)) {
      t.remove_prefix(lead.size());
      break;
    }
  }
  if (t.ends_with("*/")) t.remove_suffix(2);
  return Trim(t);
}

// Lines of the doc block: the comment above the header (annotations and
// attributes in between skipped), else a Python docstring below it.
std::vector<std::pair<int, std::string>> Block(const std::vector<std::string_view>& lines,
                                               int function_line) {
  std::vector<std::pair<int, std::string>> out;
  for (int n = function_line - 1; n >= 1 && n >= function_line - kMaxBlock; --n) {
    std::string_view t = Trim(LineAt(lines, n));
    if (t.starts_with("@") || t.starts_with("#[") || (t.starts_with("[") && t.ends_with("]"))) {
      if (out.empty()) continue;  // annotations between the doc and the header
    }
    if (!CommentLine(t)) break;
    out.insert(out.begin(), {n, std::string(StripLeader(t))});
  }
  if (!out.empty()) return out;
  int open = 0;
  for (int n = function_line + 1; n <= function_line + 4; ++n) {
    std::string_view t = Trim(LineAt(lines, n));
    if (t.starts_with("\"\"\"") || t.starts_with("'''") || t.starts_with("r\"\"\"")) {
      open = n;
      break;
    }
  }
  if (!open) return out;
  for (int n = open; n <= open + kMaxBlock && n <= static_cast<int>(lines.size()); ++n) {
    std::string_view t = Trim(LineAt(lines, n));
    std::string_view body = t;
    for (std::string_view q : {"r\"\"\"", "\"\"\"", "'''"}) {
      if (n == open && body.starts_with(q)) body.remove_prefix(q.size());
    }
    bool close =
        body.find("\"\"\"") != std::string_view::npos || body.find("'''") != std::string_view::npos;
    out.push_back(
        {n, std::string(Trim(body.substr(0, std::min(body.find("\"\"\""), body.find("'''")))))});
    if (close) break;
  }
  return out;
}

std::string_view NextToken(std::string_view* rest) {
  *rest = Trim(*rest);
  size_t end = 0;
  int depth = 0;
  while (end < rest->size()) {
    char c = (*rest)[end];
    if (c == '{' || c == '[' || c == '(' || c == '<') ++depth;
    if (c == '}' || c == ']' || c == ')' || c == '>') --depth;
    if (c == ' ' && depth <= 0) break;
    ++end;
  }
  std::string_view tok = rest->substr(0, end);
  rest->remove_prefix(end);
  return tok;
}

bool NamesParam(std::string_view tok, const std::string& param) {
  while (!tok.empty() && (tok.front() == '$' || tok.front() == '[' || tok.front() == '&')) {
    tok.remove_prefix(1);
  }
  while (!tok.empty() && (tok.back() == ']' || tok.back() == ':' || tok.back() == ',')) {
    tok.remove_suffix(1);
  }
  if (size_t eq = tok.find('='); eq != std::string_view::npos) tok = tok.substr(0, eq);
  return tok == param;
}

// The text after the parameter's name when `line` documents it, else
// nullopt-like "" with *hit false.
std::string Start(std::string_view line, const std::string& param, bool* hit) {
  *hit = false;
  std::string_view rest = line;
  if (rest.starts_with("@param")) {
    rest.remove_prefix(6);
    // `{type} name`, `type $name` (PHP), `name [Type]` (YARD), `name`.
    for (int i = 0; i < 3; ++i) {
      std::string_view tok = NextToken(&rest);
      if (tok.empty()) return "";
      if (NamesParam(tok, param)) {
        *hit = true;
        rest = Trim(rest);
        if (rest.starts_with("[")) NextToken(&rest);  // YARD type after the name
        rest = Trim(rest);
        if (rest.starts_with("- ")) rest.remove_prefix(2);
        return std::string(Trim(rest));
      }
      if (!(tok.starts_with("{") || tok.find('$') == std::string_view::npos)) return "";
    }
    return "";
  }
  std::string xml = "<param name=\"" + param + "\">";
  if (rest.starts_with(xml)) {
    *hit = true;
    rest.remove_prefix(xml.size());
    if (size_t end = rest.find("</param>"); end != std::string_view::npos)
      rest = rest.substr(0, end);
    return std::string(Trim(rest));
  }
  if (rest.starts_with(":param ")) {
    rest.remove_prefix(7);
    size_t colon = rest.find(':');
    if (colon == std::string_view::npos) return "";
    std::string_view names = rest.substr(0, colon);
    size_t sp = names.rfind(' ');
    if (names.substr(sp == std::string_view::npos ? 0 : sp + 1) != param) return "";
    *hit = true;
    return std::string(Trim(rest.substr(colon + 1)));
  }
  std::string rust = "`" + param + "`";
  if (rest.starts_with("- " + rust) || rest.starts_with("* " + rust)) {
    *hit = true;
    rest.remove_prefix(2 + rust.size());
    rest = Trim(rest);
    if (rest.starts_with("-") || rest.starts_with(":")) rest.remove_prefix(1);
    return std::string(Trim(rest));
  }
  // Google style inside a docstring: `name (type): text` / `name: text`.
  if (rest.starts_with(param)) {
    std::string_view after = rest.substr(param.size());
    if (after.starts_with(" (")) {
      size_t close = after.find("):");
      if (close == std::string_view::npos) return "";
      after.remove_prefix(close + 1);
    }
    if (after.starts_with(":")) {
      *hit = true;
      return std::string(Trim(after.substr(1)));
    }
  }
  return "";
}

bool EndsEntry(std::string_view t) {
  return t.empty() || t.starts_with("@") || t.starts_with(":") || t.starts_with("<") ||
         t.starts_with("- `") || t.starts_with("* `") || t.ends_with(":");
}

std::string StripMarkup(std::string s) {
  for (const char* tag : {"{@code ", "{@link ", "{@linkplain ", "<code>", "</code>", "<c>", "</c>",
                          "<b>", "</b>", "<i>", "</i>"}) {
    for (size_t at = s.find(tag); at != std::string::npos; at = s.find(tag)) {
      s.erase(at, std::string_view(tag).size());
      if (std::string_view(tag).starts_with("{@")) {
        size_t close = s.find('}', at);
        if (close != std::string::npos) s.erase(close, 1);
      }
    }
  }
  return CollapseSpace(s);
}

}  // namespace

ParamDoc DocOfParameter(const std::vector<std::string_view>& lines, int function_line,
                        const std::string& param) {
  if (param.empty() || function_line <= 0) return {};
  std::vector<std::pair<int, std::string>> block = Block(lines, function_line);
  for (size_t i = 0; i < block.size(); ++i) {
    bool hit = false;
    std::string text = Start(block[i].second, param, &hit);
    if (!hit) continue;
    for (size_t k = i + 1; k < block.size() && text.size() < kMaxText; ++k) {
      if (EndsEntry(block[k].second)) break;
      text += " " + block[k].second;
    }
    text = StripMarkup(text);
    if (text.size() > kMaxText) text = std::string(Utf8Prefix(text, kMaxText)) + "...";
    if (text.empty()) return {};
    return {text, block[i].first};
  }
  return {};
}

}  // namespace errdex
