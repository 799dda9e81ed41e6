// Enclosing construct (see enclosing_construct.h): read outward by
// indentation, as site_shape.cc reads arms; the first block opener that is
// an initializer or a type declaration names the construct.
#include "analyze/enclosing_construct.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

// The name after a type keyword (`class Foo<T>(..) {` -> `Foo`), or "".
std::string TypeName(std::string_view t) {
  for (std::string_view kw : {"class ", "object ", "interface ", "enum ", "record ", "struct "}) {
    size_t at = t.find(kw);
    if (at == std::string_view::npos) continue;
    if (at > 0 && t[at - 1] != ' ') continue;
    // Modifiers only before the keyword (`public final class`, `data class`).
    std::string_view lead = t.substr(0, at);
    if (lead.find('(') != std::string_view::npos || lead.find('=') != std::string_view::npos) {
      continue;
    }
    std::string_view rest = Trim(t.substr(at + kw.size()));
    if (rest.starts_with("class ")) rest = Trim(rest.substr(6));  // `enum class`
    size_t end = 0;
    while (end < rest.size() &&
           (std::isalnum(static_cast<unsigned char>(rest[end])) || rest[end] == '_')) {
      ++end;
    }
    if (end > 0) return std::string(rest.substr(0, end));
  }
  return {};
}

}  // namespace

std::string EnclosingConstruct(const std::vector<std::string_view>& lines, int line) {
  if (line < 1 || line > static_cast<int>(lines.size())) return {};
  int cur = IndentWidth(lines[line - 1]);
  if (cur == 0) return {};
  std::string block;  // "the `init` block", "the static initializer"
  // Outward by indentation. At the left margin only the header of the
  // line found there may continue above it (`class A\nprivate
  // constructor(`): a few lines, none closing a declaration.
  int margin = 0;
  for (int n = line - 1; n >= 1; --n) {
    std::string_view l = lines[n - 1];
    std::string_view t = Trim(l);
    if (cur == 0) {
      if (t.empty() || t.ends_with("}") || t.ends_with(";") || ++margin > 4) return {};
    } else if (t.empty() || IndentWidth(l) >= cur) {
      continue;
    }
    cur = IndentWidth(l);
    if (t.starts_with("//") || t.starts_with("*") || t.starts_with("/*")) continue;
    if (block.empty() && (t == "init {" || t == "init{")) {
      block = "the `init` block";
      continue;
    }
    if (block.empty() && (t == "static {" || t == "static{")) {
      block = "the static initializer";
      continue;
    }
    if (block.empty() && t.starts_with("companion object")) {
      block = "the companion object";
      continue;
    }
    std::string name = TypeName(t);
    if (name.empty()) continue;
    return (block.empty() ? "the body" : block) + " of class `" + name + "`";
  }
  return {};
}

std::string EnclosingAnonymousFunction(const std::vector<std::string_view>& lines, int line) {
  auto indent = [](std::string_view l) {
    size_t n = 0;
    while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
    return n;
  };
  if (line < 1 || line > static_cast<int>(lines.size())) return "";
  size_t cur = indent(lines[line - 1]);
  for (int n = line - 1; n >= 1 && n >= line - 300 && cur > 0; --n) {
    std::string_view l = lines[n - 1];
    std::string_view t = Trim(l);
    if (t.empty() || indent(l) >= cur) continue;
    cur = indent(l);
    // An opener of the block holding the raise: an arrow or a function
    // expression makes it a function body.
    if (t.ends_with("{") && (t.find("=>") != std::string_view::npos || t.starts_with("function") ||
                             t.find("function (") != std::string_view::npos ||
                             t.find("function(") != std::string_view::npos)) {
      return "the anonymous function at line " + std::to_string(n);
    }
  }
  return "";
}

}  // namespace errdex
