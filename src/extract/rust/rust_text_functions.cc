// Rust text functions (see rust_text_functions.h).
#include "extract/rust/rust_text_functions.h"

#include <string>
#include <vector>

#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"

namespace errdex {
namespace {

bool IsFunction(TSNode n) {
  std::string_view t = ts::Type(n);
  return t == "function_item" || t == "closure_expression";
}

bool TextType(std::string_view t) {
  return t == "String" || t == "&str" || t == "&'static str" || t == "Cow<'static, str>" ||
         t == "Cow<str>";
}

// The values an expression in tail position may give: each arm of a
// `match`, each branch of an `if`, the tail of a block.
void TailValues(TSNode n, std::string_view src, int depth, std::vector<TSNode>* out) {
  if (ts_node_is_null(n) || depth > 8 || out->size() >= kMaxTextReturns) return;
  std::string_view t = ts::Type(n);
  if (t == "block") {
    uint32_t count = ts_node_named_child_count(n);
    TSNode last = count ? ts_node_named_child(n, count - 1) : TSNode{};
    // `match`/`if` at the end parse as a statement without `;`.
    if (ts::Is(last, "expression_statement") && !ts::Text(last, src).ends_with(";")) {
      last = ts::FirstNamed(last);
    }
    // A tail is an expression, not a statement (`x;`, `let`).
    if (!ts_node_is_null(last) && !ts::Is(last, "expression_statement") &&
        !ts::Is(last, "let_declaration") && !ts::Is(last, "empty_statement") &&
        ts::Type(last).find("item") == std::string_view::npos) {
      TailValues(last, src, depth + 1, out);
    }
    return;
  }
  if (t == "match_expression") {
    for (TSNode arm : ts::NamedChildren(ts::Field(n, "body"))) {
      if (ts::Is(arm, "match_arm")) TailValues(ts::Field(arm, "value"), src, depth + 1, out);
    }
    return;
  }
  if (t == "if_expression") {
    TailValues(ts::Field(n, "consequence"), src, depth + 1, out);
    TSNode alt = ts::Field(n, "alternative");  // else_clause
    if (!ts_node_is_null(alt)) TailValues(ts::FirstNamed(alt), src, depth + 1, out);
    return;
  }
  if (t == "return_expression") return;  // collected with the other returns
  out->push_back(n);
}

}  // namespace

void CollectRustTextFunctions(TSNode root, std::string_view src,
                              const std::function<std::optional<Template>(TSNode)>& text,
                              FileFacts* facts) {
  TextFunctionCollector collector;
  std::vector<std::pair<TSNode, std::string>> fns;  // (function, impl type)
  ts::WalkWithAncestors(root, [&](TSNode n, const std::vector<TSNode>& anc) {
    if (ts::Is(n, "function_item")) {
      std::string type;
      for (size_t k = anc.size(); k-- > 0;) {
        if (ts::Is(anc[k], "impl_item")) {
          type = std::string(ts::Text(ts::Field(anc[k], "type"), src));
          break;
        }
      }
      fns.emplace_back(n, type);
      return false;  // nested functions are rare; closures are skipped anyway
    }
    return true;
  });
  for (const auto& [fn, impl] : fns) {
    if (!TextType(ts::Text(ts::Field(fn, "return_type"), src))) continue;
    TextFunction tf;
    tf.name = std::string(ts::Text(ts::Field(fn, "name"), src));
    tf.language = "rust";
    tf.line = ts::Line(fn);
    tf.qualified = impl.empty() ? tf.name : impl + "::" + tf.name;
    for (TSNode p : ts::NamedChildren(ts::Field(fn, "parameters"))) {
      if (ts::Is(p, "self_parameter")) tf.method = true;
      if (ts::Is(p, "parameter")) tf.params.emplace_back(ts::Text(ts::Field(p, "pattern"), src));
    }
    collector.Open(fn.id, std::move(tf));
    std::vector<TSNode> values;
    TSNode body = ts::Field(fn, "body");
    TailValues(body, src, 0, &values);
    ForEachOwnReturn(body, "return_expression", IsFunction,
                     [&](TSNode ret) { TailValues(ts::FirstNamed(ret), src, 0, &values); });
    for (TSNode v : values) {
      std::optional<Template> t = text(v);
      if (t) collector.AddReturn(fn.id, *t, ts::Line(v));
    }
  }
  collector.Emit(facts);
}

}  // namespace errdex
