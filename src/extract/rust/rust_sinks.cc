// RustSinks: see rust_sinks.h.
#include "extract/rust/rust_sinks.h"

#include <set>
#include <utility>

#include "extract/common/site_sink.h"
#include "extract/common/ts_util.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;

TSNode EnclosingFn(TSNode n) {
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (Is(p, "function_item")) return p;
    if (Is(p, "closure_expression")) return TSNode{};  // a closure's parameters are its own
  }
  return TSNode{};
}

// Calls of the standard library and of conversions: never a repository's
// sink, however they are named elsewhere.
bool PlatformCall(std::string_view callee) {
  static const std::set<std::string_view> kNames = {
      "new",    "from",   "into",      "to_string",   "to_owned",  "push_str",    "push",
      "insert", "get",    "contains",  "starts_with", "ends_with", "format",      "write_str",
      "join",   "eq",     "parse",     "as_str",      "clone",     "Some",        "Ok",
      "Err",    "expect", "unwrap_or", "map_err",     "context",   "with_context"};
  return kNames.count(callee) > 0;
}

}  // namespace

std::string RustSinks::Text(TSNode n) const { return std::string(ts::Text(n, src_)); }

std::vector<RustSinks::Param> RustSinks::Params(TSNode fn) const {
  std::vector<Param> out;
  for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
    if (!Is(p, "parameter")) continue;  // self_parameter: the receiver
    std::string name = Text(Field(p, "pattern"));
    if (name.starts_with("mut ")) name = name.substr(4);
    std::string type = Text(Field(p, "type"));
    bool text = type.find("str") != std::string::npos || type.find("String") != std::string::npos ||
                type.find("Display") != std::string::npos ||
                type.find("ToString") != std::string::npos;
    out.push_back({std::move(name), text});
  }
  return out;
}

std::vector<std::string> RustSinks::Names(const std::vector<Param>& params) {
  std::vector<std::string> out;
  for (const Param& p : params) out.push_back(p.name);
  return out;
}

void RustSinks::OnFunction(TSNode fn) {
  std::string name = Text(Field(fn, "name"));
  if (name.empty()) return;
  facts_->link_names.push_back(name);
  // `fn throw_str(s: &str) -> !`: it never returns, so whatever it does
  // with `s` (throw it in JavaScript, print it and exit) is how the
  // program stops with that text.
  if (Text(Field(fn, "return_type")) != "!") return;
  TSNode body = Field(fn, "body");
  if (ts_node_is_null(body)) return;
  std::vector<Param> params = Params(fn);
  for (size_t i = 0; i < params.size(); ++i) {
    if (!params[i].text || !PassesParam(body, params[i].name)) continue;
    SinkFact s;
    s.function = s.name = name;
    s.language = "rust";
    s.params = Names(params);
    s.message.AddHole("{" + params[i].name + "}", params[i].name);
    s.error_class = "panic";
    s.severity = "critical";
    s.line = ts::Line(body);
    s.def_line = ts::Line(fn);
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) s.method |= Is(p, "self_parameter");
    facts_->sinks.push_back(std::move(s));
    return;
  }
}

// Whether some call in `body` passes `name` (or a method of it, `s.as_ptr()`).
bool RustSinks::PassesParam(TSNode body, const std::string& name) const {
  bool found = false;
  ts::ForEachNode(body, [&](TSNode n) {
    if (found || !Is(n, "call_expression")) return;
    for (TSNode a : NamedChildren(Field(n, "arguments"))) {
      std::string t = Text(a);
      if (t == name || t.starts_with(name + ".") || t == "&" + name) found = true;
    }
  });
  return found;
}

void RustSinks::OnSite(const ErrorSite& site, TSNode at) {
  TSNode fn = EnclosingFn(at);
  if (ts_node_is_null(fn)) return;
  std::vector<Param> params = Params(fn);
  std::vector<std::string> names = Names(params);
  if (!NamesAParameter(site.message, names)) return;
  std::string name = Text(Field(fn, "name"));
  SinkFact s = SinkFromSite(site, name, "rust", std::move(names), ts::Line(fn));
  for (TSNode p : NamedChildren(Field(fn, "parameters"))) s.method |= Is(p, "self_parameter");
  facts_->sinks.push_back(std::move(s));
}

void RustSinks::OnCall(TSNode call) {
  TSNode fn = Field(call, "function");
  LinkCall c;
  if (Is(fn, "identifier")) {
    c.callee = Text(fn);
  } else if (Is(fn, "scoped_identifier")) {
    // `super::throw_str(..)`, `Self::fail(..)`, `Error::custom(..)`: an
    // associated or module function, reached by name.
    c.callee = Text(Field(fn, "name"));
  } else if (Is(fn, "field_expression")) {
    c.callee = Text(Field(fn, "field"));
    c.receiver = Text(Field(fn, "value"));
    if (c.receiver == "self") c.receiver = "this";
  } else {
    return;  // generic functions, closures
  }
  if (c.callee.empty() || PlatformCall(c.callee)) return;
  TSNode caller = EnclosingFn(call);
  if (!ts_node_is_null(caller)) {
    c.caller_params = Names(Params(caller));
    c.caller_name = Text(Field(caller, "name"));
    c.caller = c.caller_name;
    c.caller_line = ts::Line(caller);
    for (TSNode p : NamedChildren(Field(caller, "parameters"))) {
      c.caller_method |= Is(p, "self_parameter");
    }
  }
  bool text = false, param = false;
  for (TSNode a : NamedChildren(Field(call, "arguments"))) {
    Template t = hooks_.expr(a);
    text |= t.HasLiteralText();
    param |= NamesAParameter(t, c.caller_params);
    c.args.push_back(std::move(t));
  }
  if (!text && !param) return;
  c.line = ts::Line(call);
  if (text) c.site = hooks_.site(call);
  facts_->link_calls.push_back(std::move(c));
}

}  // namespace errdex
