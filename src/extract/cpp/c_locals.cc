// Locals set once (see c_locals.h).
#include "extract/cpp/c_locals.h"

#include <map>
#include <string>

#include "extract/common/ts_util.h"
#include "util/text.h"

namespace errdex::cpp {
namespace {

using ts::Field;
using ts::Is;

// A value longer than this is not worth spelling into a condition.
constexpr size_t kMaxValue = 160;

struct Local {
  int declarations = 0;
  int writes = 0;
  std::string value;
};

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
      l.value = CollapseSpace(ts::Text(Field(n, "value"), src));
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
