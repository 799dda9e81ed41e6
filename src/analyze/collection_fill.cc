// Collection fill (see collection_fill.h).
#include "analyze/collection_fill.h"

#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxText = 70;

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where `name` occurs in `t` as a whole name (not `x.name`, `names`).
bool NameAt(std::string_view t, size_t at, const std::string& name) {
  if (at > 0 && (IdentChar(t[at - 1]) || t[at - 1] == '.')) return false;
  size_t end = at + name.size();
  return end >= t.size() || !IdentChar(t[end]);
}

bool EmptyValue(std::string_view v) {
  for (std::string_view e : {"[]", "{}", "()", "array()", "list()", "set()", "nil", "null", "None",
                             "new ArrayList<>()", "mutableListOf()", "Vec::new()"}) {
    if (v == e) return true;
  }
  return (v.starts_with("new ") && v.ends_with("()")) || v.starts_with("[]") ||
         v.starts_with("make(") || v.starts_with("vec![]") || v.starts_with("mutableListOf<") ||
         v.starts_with("new List<") || v.starts_with("new ArrayList");
}

}  // namespace

std::string NonEmptyCollection(const std::string& expr, bool polarity) {
  static const std::regex kSize(
      R"(^\s*([$\w]+)\s*\.\s*(length|size\(\)|size|Count|count\(\)|Length)\s*(>|!=|!==)\s*0\s*$)");
  static const std::regex kLen(R"(^\s*(len|count|sizeof)\(\s*([$\w]+)\s*\)\s*(>|!=|!==)\s*0\s*$)");
  static const std::regex kEmpty(
      R"(^\s*(!|not\s+)\s*([$\w]+)\s*\.\s*(empty\(\)|isEmpty\(\)|is_empty\(\))\s*$)");
  static const std::regex kAny(R"(^\s*([$\w]+)\s*\.\s*(isNotEmpty\(\)|any\?|present\?)\s*$)");
  static const std::regex kPhp(R"(^\s*!\s*empty\(\s*(\$\w+)\s*\)\s*$)");
  if (!polarity) return "";
  std::smatch m;
  if (std::regex_match(expr, m, kSize) || std::regex_match(expr, m, kAny) ||
      std::regex_match(expr, m, kPhp)) {
    return m[1];
  }
  if (std::regex_match(expr, m, kLen) || std::regex_match(expr, m, kEmpty)) return m[2];
  return "";
}

std::vector<FillLine> FillLines(const std::vector<std::string_view>& lines, int from, int to,
                                const std::string& name, size_t max) {
  std::vector<FillLine> out;
  if (name.empty()) return out;
  from = std::max(from, 1);
  to = std::min(to, static_cast<int>(lines.size()) + 1);
  for (int n = from; n < to && out.size() < max; ++n) {
    std::string_view t = Trim(lines[n - 1]);
    bool fills = false;
    for (size_t at = t.find(name); at != std::string_view::npos && !fills;
         at = t.find(name, at + 1)) {
      if (!NameAt(t, at, name)) continue;
      std::string_view rest = t.substr(at + name.size());
      for (std::string_view call :
           {".push(", ".unshift(", ".append(", ".add(", ".push_back(", ".emplace_back(", ".extend(",
            ".concat(", ".addAll(", " << ", "[] =", ".insert(", " += "}) {
        if (rest.starts_with(call)) fills = true;
      }
      // An initialisation from other values: `const errors = missing.map(...)`.
      std::string_view before = Trim(t.substr(0, at));
      bool declares = before.empty() || before.ends_with("const") || before.ends_with("let") ||
                      before.ends_with("var") || before.ends_with("val") ||
                      before.ends_with("auto") || before.ends_with(">");
      std::string_view after = Trim(rest);
      if (declares && after.starts_with("=") && !after.starts_with("==")) {
        std::string_view value = Trim(after.substr(1));
        while (value.ends_with(";")) value = Trim(value.substr(0, value.size() - 1));
        if (!value.empty() && !EmptyValue(value)) fills = true;
      }
    }
    if (!fills) continue;
    std::string text(t);
    if (text.size() > kMaxText) text = std::string(Utf8Prefix(text, kMaxText)) + "...";
    out.push_back({text, n});
  }
  return out;
}

}  // namespace errdex
