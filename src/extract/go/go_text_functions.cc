// Go text functions (see go_text_functions.h).
#include "extract/go/go_text_functions.h"

#include <string>

#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "util/text.h"

namespace errdex {
namespace {

bool IsFunction(TSNode n) {
  std::string_view t = ts::Type(n);
  return t == "function_declaration" || t == "method_declaration" || t == "func_literal";
}

// `(e *T)` -> `T`.
std::string Receiver(TSNode method, std::string_view src) {
  std::string_view r = ts::Text(ts::Field(method, "receiver"), src);
  size_t end = r.find_last_not_of(") \t");
  if (end == std::string_view::npos) return {};
  size_t begin = r.find_last_of(" *(", end);
  return std::string(r.substr(begin == std::string_view::npos ? 0 : begin + 1, end - begin));
}

}  // namespace

void CollectGoTextFunctions(TSNode root, std::string_view src,
                            const std::function<Template(TSNode, uint32_t)>& expr,
                            FileFacts* facts) {
  TextFunctionCollector collector;
  for (TSNode fn : ts::NamedChildren(root)) {
    if (!ts::Is(fn, "function_declaration") && !ts::Is(fn, "method_declaration")) continue;
    if (ts::Text(ts::Field(fn, "result"), src) != "string") continue;
    TextFunction tf;
    tf.name = std::string(ts::Text(ts::Field(fn, "name"), src));
    tf.language = "go";
    tf.line = ts::Line(fn);
    tf.method = ts::Is(fn, "method_declaration");
    tf.qualified = tf.method ? Receiver(fn, src) + "." + tf.name : tf.name;
    for (TSNode p : ts::NamedChildren(ts::Field(fn, "parameters"))) {
      if (!ts::Is(p, "parameter_declaration")) continue;
      // `a, b string`: several names share one type.
      for (TSNode c : ts::NamedChildren(p)) {
        if (ts::Is(c, "identifier")) tf.params.emplace_back(ts::Text(c, src));
      }
    }
    collector.Open(fn.id, std::move(tf));
    ForEachOwnReturn(ts::Field(fn, "body"), "return_statement", IsFunction, [&](TSNode ret) {
      TSNode value = ts::FirstNamed(ret);
      if (ts::Is(value, "expression_list")) value = ts::FirstNamed(value);
      if (ts_node_is_null(value)) return;
      collector.AddReturn(fn.id, expr(value, ts_node_start_byte(ret)), ts::Line(ret));
    });
  }
  collector.Emit(facts);
}

}  // namespace errdex
