// Exception constructor (see exception_constructor.h). Java/Kotlin/C#
// shapes, read line by line.
#include "analyze/exception_constructor.h"

#include <algorithm>
#include <regex>

#include "analyze/guard_text.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxExpr = 240;  // longer tests are named, not quoted
constexpr int kBodyLines = 8;

std::string Last(const std::string& qualified) {
  size_t sep = qualified.find_last_of(".:");
  return sep == std::string::npos ? qualified : qualified.substr(sep + 1);
}

// `final SQLException sqlException` -> `SQLException`.
std::string TypeOf(std::string param) {
  param = std::string(Trim(param));
  if (param.starts_with("final ")) param = param.substr(6);
  size_t space = param.find(' ');
  return space == std::string::npos ? "" : param.substr(0, space);
}

// Splits a parameter list at commas outside `<...>` and `(...)`.
std::vector<std::string> Params(std::string_view list) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (char c : list) {
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  return out;
}

}  // namespace

// Whether `name` is the constructor of class `cls` in the site's language:
// Java's and C#'s `Cls`, Python's `__init__`, PHP's `__construct`, Ruby's
// `initialize`, JavaScript's and TypeScript's `constructor`.
bool IsConstructorName(const std::string& language, const std::string& cls,
                       const std::string& name) {
  if (language == "java" || language == "csharp") return name == cls;
  if (language == "python") return name == "__init__";
  if (language == "php") return name == "__construct";
  if (language == "ruby") return name == "initialize";
  if (language == "javascript" || language == "typescript") return name == "constructor";
  return false;
}

std::string ConstructedClass(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  size_t dot = s.function.rfind('.');
  if (dot == std::string::npos) return {};
  std::string cls = Last(s.function.substr(0, dot));
  if (!IsConstructorName(s.language, cls, s.function.substr(dot + 1))) return {};
  if (!cls.ends_with("Exception") && !cls.ends_with("Error")) return {};
  // The text is the class's own (`super(...)`), not another error the
  // constructor throws on a bad argument (Autofac's null checks).
  if (Last(s.error_class) != cls || !s.conditions.empty()) return {};
  for (std::string_view line : lines) {
    if (line.find("class " + cls) != std::string_view::npos) return cls;
  }
  return {};
}

ClassTest OwnTest(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  std::vector<std::string> types;
  if (s.function_line >= 1) {
    std::string header = HeaderText(lines, s.function_line);
    size_t open = header.find('('), close = header.rfind(')');
    if (open != std::string::npos && close != std::string::npos && close > open) {
      for (const std::string& p : Params(header.substr(open + 1, close - open - 1))) {
        if (std::string t = TypeOf(p); !t.empty()) types.push_back(t);
      }
    }
  }
  static const std::regex kTest(
      R"(^\s*public\s+static\s+boolean\s+(is\w+)\s*\(\s*((?:final\s+)?(\w+)\s+\w+)\s*\)\s*\{?\s*$)");
  for (int n = 1; n <= static_cast<int>(lines.size()); ++n) {
    std::string line(lines[n - 1]);
    std::smatch m;
    if (!std::regex_match(line, m, kTest)) continue;
    if (std::find(types.begin(), types.end(), m[3].str()) == types.end()) continue;
    // `return ...;` over at most a few lines, the body's only statement.
    std::string expr;
    for (int k = n + 1; k <= n + kBodyLines && k <= static_cast<int>(lines.size()); ++k) {
      std::string_view t = Trim(lines[k - 1]);
      if (t == "{") continue;
      if (expr.empty() && !t.starts_with("return ")) break;
      if (expr.empty()) t = Trim(t.substr(7));
      expr += (expr.empty() || t.starts_with(".") ? "" : " ") + std::string(t);
      if (expr.ends_with(";")) {
        expr.pop_back();
        return {m[1].str(), m[2].str(), expr, n};
      }
    }
  }
  return {};
}

std::string ConstructorTrigger(const ErrorSite& s, const std::vector<std::string_view>& lines,
                               std::vector<int>* cited) {
  std::string cls = ConstructedClass(s, lines);
  if (cls.empty()) return {};
  std::string out = "This is the constructor of `" + cls + "` (line " +
                    std::to_string(s.function_line) +
                    "): the text is set whenever code creates one, so that code decides when "
                    "it appears.";
  cited->push_back(s.function_line);
  ClassTest t = OwnTest(s, lines);
  if (t.name.empty()) return out;
  out += " The class's own test `" + t.name + "(" + t.param + ")` (line " + std::to_string(t.line) +
         ") returns true for " +
         (t.expr.size() <= kMaxExpr ? "`" + t.expr + "`" : "the case it stands for") + ".";
  cited->push_back(t.line);
  return out;
}

}  // namespace errdex
