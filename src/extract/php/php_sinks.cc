// PHP wrapper sinks (see php_sinks.h).
#include "extract/php/php_sinks.h"

#include <algorithm>
#include <set>

#include "extract/common/site_sink.h"
#include "extract/common/ts_util.h"
#include "resolve/link.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;

bool IsNamedFunction(TSNode n) {
  return Is(n, "function_definition") || Is(n, "method_declaration");
}

TSNode FunctionOf(const std::vector<TSNode>& anc) {
  for (size_t i = anc.size(); i-- > 0;) {
    std::string_view t = ts::Type(anc[i]);
    if (t == "anonymous_function" || t == "arrow_function") return TSNode{};  // a closure's own
    if (IsNamedFunction(anc[i])) return anc[i];
  }
  return TSNode{};
}

// PHP's own functions never reach a repository's sink: not link calls.
bool PlatformFunction(std::string_view name) {
  static const std::set<std::string_view> kNames = {
      "sprintf",      "printf",          "implode",          "explode",
      "str_replace",  "in_array",        "array_merge",      "count",
      "trim",         "strlen",          "substr",           "strpos",
      "preg_match",   "preg_replace",    "define",           "defined",
      "is_array",     "isset",           "json_encode",      "var_export",
      "str_contains", "str_starts_with", "array_key_exists", "dirname",
      "basename",     "file_exists",     "is_file"};
  return kNames.count(name) > 0;
}

}  // namespace

std::string PhpSinks::Text(TSNode n) const { return std::string(ts::Text(n, src_)); }

std::vector<std::string> PhpSinks::Params(TSNode fn) const {
  std::vector<std::string> out;
  for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
    if (Is(p, "simple_parameter") || Is(p, "variadic_parameter") ||
        Is(p, "property_promotion_parameter")) {
      out.push_back(Text(Field(p, "name")));
    }
  }
  return out;
}

void PhpSinks::OnNode(TSNode n, const std::vector<TSNode>& anc) {
  std::string_view t = ts::Type(n);
  if (IsNamedFunction(n) || Is(n, "class_declaration")) {
    std::string name = Text(Field(n, "name"));
    if (!name.empty()) facts_->link_names.push_back(name);
  } else if (t == "function_call_expression" || t == "member_call_expression" ||
             t == "scoped_call_expression" || t == "nullsafe_member_call_expression") {
    calls_.push_back({n, anc});
  }
}

void PhpSinks::OnSite(const ErrorSite& site, const std::vector<TSNode>& anc) {
  TSNode fn = FunctionOf(anc);
  if (ts_node_is_null(fn)) return;
  std::vector<std::string> params = Params(fn);
  if (!NamesAParameter(site.message, params)) return;
  std::string name = Text(Field(fn, "name"));
  // Constructors are sites of their own (`new X(..)`), not wrappers.
  if (name == "__construct") return;
  SinkFact s = SinkFromSite(site, std::move(name), "php", std::move(params), ts::Line(fn));
  s.method = Is(fn, "method_declaration");
  facts_->sinks.push_back(std::move(s));
}

void PhpSinks::Finish() {
  for (const Pending& p : calls_) NoteLinkCall(p);
  calls_.clear();
}

// A call passing text or a parameter of its function: a link call, with the
// site context when some argument has text of its own.
void PhpSinks::NoteLinkCall(const Pending& p) {
  TSNode call = p.call;
  LinkCall c;
  if (Is(call, "function_call_expression")) {
    std::string fn = Text(Field(call, "function"));
    c.callee = fn.substr(fn.rfind('\\') == std::string::npos ? 0 : fn.rfind('\\') + 1);
    if (PlatformFunction(c.callee)) return;
  } else {
    c.callee = Text(Field(call, "name"));
    c.receiver = Text(Field(call, Is(call, "scoped_call_expression") ? "scope" : "object"));
  }
  TSNode fn = FunctionOf(p.anc);
  if (!ts_node_is_null(fn)) {
    c.caller_params = Params(fn);
    c.caller_name = Text(Field(fn, "name"));
    c.caller = c.caller_name;
    c.caller_method = Is(fn, "method_declaration");
    c.caller_line = ts::Line(fn);
  }
  TSNode arguments = Field(call, "arguments");
  bool text = false, param = false;
  std::vector<TSNode> anc = p.anc;
  anc.push_back(call);
  for (TSNode a : NamedChildren(arguments)) {
    if (!Is(a, "argument")) continue;
    if (!ts_node_is_null(Field(a, "name"))) return;  // named arguments: not positional
    std::vector<TSNode> kids = NamedChildren(a);
    if (kids.empty()) continue;
    Template t = hooks_.expr(kids.back(), anc);
    text |= t.HasLiteralText();
    param |= NamesAParameter(t, c.caller_params);
    c.args.push_back(std::move(t));
  }
  if (!text && !param) return;
  c.line = ts::Line(call);
  if (text) c.site = hooks_.site(call, p.anc);
  facts_->link_calls.push_back(std::move(c));
}

}  // namespace errdex
