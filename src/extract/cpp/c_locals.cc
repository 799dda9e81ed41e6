// Locals set once (see c_locals.h).
#include "extract/cpp/c_locals.h"

#include <cctype>
#include <map>
#include <string>

#include "extract/common/ts_util.h"

namespace errdex::cpp {
namespace {

using ts::Field;
using ts::Is;

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A value longer than this is not worth spelling into a condition.
constexpr size_t kMaxValue = 160;

struct Local {
  int declarations = 0;
  int writes = 0;
  std::string value;
};

std::string OneLine(std::string_view s) {
  std::string out;
  for (char c : s) {
    bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

// The locals of `body`: how often each is declared and written.
std::map<std::string, Local> LocalsOf(TSNode body, std::string_view src, bool* labelled) {
  std::map<std::string, Local> out;
  auto written = [&](TSNode target) {
    if (Is(target, "identifier")) ++out[std::string(ts::Text(target, src))].writes;
  };
  ts::ForEachNode(body, [&](TSNode n) {
    std::string_view type = ts::Type(n);
    if (type == "labeled_statement") *labelled = true;
    if (type == "init_declarator") {
      TSNode name = Field(n, "declarator");
      if (!Is(name, "identifier")) return;
      Local& l = out[std::string(ts::Text(name, src))];
      ++l.declarations;
      l.value = OneLine(ts::Text(Field(n, "value"), src));
    } else if (type == "declaration") {
      for (TSNode d : ts::NamedChildren(n)) {
        // `int a, b = 2;`: a bare identifier child is a declarator (a type
        // is a `primitive_type` or `type_identifier`).
        if (Is(d, "identifier")) ++out[std::string(ts::Text(d, src))].declarations;
      }
    } else if (type == "assignment_expression") {
      written(Field(n, "left"));
    } else if (type == "update_expression") {
      written(Field(n, "argument"));
    } else if (type == "pointer_expression" && ts::Text(n, src).starts_with("&")) {
      written(Field(n, "argument"));
    }
  });
  return out;
}

// `expr` with the variable `name` (not a member `x.name`, `p->name`) replaced.
std::string ReplaceVariable(std::string expr, const std::string& name, const std::string& value) {
  // A declarator the parser recovered as a MISSING identifier has no text:
  // an empty name would be found at every position, forever.
  if (name.empty()) return expr;
  for (size_t at = expr.find(name); at != std::string::npos; at = expr.find(name, at)) {
    bool left = at == 0 || !(IdentChar(expr[at - 1]) || expr[at - 1] == '.' ||
                             (at >= 2 && expr.compare(at - 2, 2, "->") == 0));
    size_t end = at + name.size();
    bool right = end >= expr.size() || !IdentChar(expr[end]);
    if (!left || !right) {
      at = end;
      continue;
    }
    expr.replace(at, name.size(), value);
    at += value.size();
  }
  return expr;
}

}  // namespace

std::vector<PathCondition> ConditionsWithLocalValues(TSNode fn, std::string_view src,
                                                     const std::vector<PathCondition>& conditions) {
  bool labelled = false;
  std::map<std::string, Local> locals = LocalsOf(Field(fn, "body"), src, &labelled);
  if (labelled) return {};
  std::vector<PathCondition> out = conditions;
  for (const auto& [name, l] : locals) {
    if (name.empty() || l.declarations != 1 || l.writes != 0 || l.value.empty() ||
        l.value.size() > kMaxValue) {
      continue;
    }
    for (PathCondition& c : out) c.expr = ReplaceVariable(c.expr, name, "(" + l.value + ")");
  }
  return out;
}

}  // namespace errdex::cpp
