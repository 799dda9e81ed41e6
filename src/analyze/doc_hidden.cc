// Doc-hidden functions (see doc_hidden.h). Only the block right above the
// header counts: a tag further up belongs to another declaration.
#include "analyze/doc_hidden.h"

#include <cctype>
#include <string>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kMaxBlock = 60;
constexpr int kMaxGap = 2;  // blank lines allowed between the doc and the header

bool CommentLine(std::string_view t) {
  for (std::string_view lead : {"///", "//", "/**", "/*", "*", "#"}) {
    if (t.starts_with(lead)) return !t.starts_with("#[") && !t.starts_with("#!");
  }
  return false;
}

// A doc tag is a whole word after `@` (`@internal`, not `@internalValue`).
bool HasTag(std::string_view t, std::string_view tag) {
  for (size_t at = t.find(tag); at != std::string_view::npos; at = t.find(tag, at + 1)) {
    size_t end = at + tag.size();
    if (end < t.size() && (std::isalnum(static_cast<unsigned char>(t[end])) || t[end] == '_')) {
      continue;
    }
    return true;
  }
  return false;
}

bool SaysInternal(std::string_view t) {
  if (t.find(":nodoc:") != std::string_view::npos) return true;
  for (std::string_view tag : {"@private", "@internal", "@hidden", "@ignore"}) {
    if (HasTag(t, tag)) return true;
  }
  // JSDoc/YARD's `@api private` (`@api public` says the opposite).
  size_t api = t.find("@api");
  return api != std::string_view::npos && Trim(t.substr(api + 4)).starts_with("private");
}

}  // namespace

bool DocMarksInternal(const std::vector<std::string_view>& lines, int function_line) {
  int size = static_cast<int>(lines.size());
  if (function_line < 1 || function_line > size) return false;
  if (lines[function_line - 1].find(":nodoc:") != std::string_view::npos) return true;
  bool in_block = false;
  int gap = 0;
  for (int n = function_line - 1; n >= 1 && n >= function_line - kMaxBlock; --n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty() && !in_block && ++gap <= kMaxGap) continue;
    // Annotations and attributes between the doc and the header.
    if (!in_block && (t.starts_with("@") || t.starts_with("#["))) continue;
    if (!CommentLine(t)) break;
    in_block = true;
    if (SaysInternal(t)) return true;
  }
  return false;
}

}  // namespace errdex
