// C# wrapper sinks (see csharp_sinks.h).
#include "extract/csharp/csharp_sinks.h"

#include <algorithm>
#include <set>

#include "extract/common/site_sink.h"
#include "extract/common/ts_util.h"
#include "resolve/call_expr.h"
#include "resolve/link.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;

// The method or local function holding the node, else null. A lambda's
// parameters are not its enclosing method's; constructors are sites of
// their own (`new X(..)`), not wrappers.
TSNode FunctionOf(const std::vector<TSNode>& anc) {
  for (size_t i = anc.size(); i-- > 0;) {
    std::string_view t = ts::Type(anc[i]);
    if (t == "lambda_expression" || t == "anonymous_method_expression" ||
        t == "constructor_declaration" || t == "class_declaration") {
      return TSNode{};
    }
    if (t == "method_declaration" || t == "local_function_statement") return anc[i];
  }
  return TSNode{};
}

// The constructor whose `: base(..)` / `: this(..)` initializer holds the
// node, else null: an exception class composing its message from the
// constructor's parameters is a sink its constructions link to.
TSNode ConstructorOf(const std::vector<TSNode>& anc) {
  for (size_t i = anc.size(); i-- > 0;) {
    std::string_view t = ts::Type(anc[i]);
    if (t == "constructor_declaration") return anc[i];
    if (t == "lambda_expression" || t == "anonymous_method_expression" ||
        t == "method_declaration" || t == "local_function_statement" || t == "class_declaration") {
      return TSNode{};
    }
  }
  return TSNode{};
}

// Calls of the platform that never reach a repository's sink.
bool PlatformMethod(std::string_view name) {
  static const std::set<std::string_view> kNames = {
      "nameof",     "Format",     "FormatWith",   "Concat",      "Equals",      "Add",
      "Append",     "AppendLine", "AppendFormat", "Write",       "WriteLine",   "Contains",
      "StartsWith", "EndsWith",   "Replace",      "Split",       "Join",        "ToString",
      "Substring",  "IndexOf",    "Trim",         "Compare",     "Parse",       "TryParse",
      "GetType",    "Insert",     "Remove",       "TryGetValue", "ContainsKey", "Push"};
  return kNames.count(name) > 0;
}

// A declared type that can hold a message.
bool TextType(std::string_view type) {
  while (!type.empty() && type.back() == '?') type.remove_suffix(1);
  return type == "string" || type == "String" || type == "object" || type == "Object" ||
         type == "FormattableString" || type.empty();
}

TSNode SkipParens(const std::vector<TSNode>& anc, size_t* i) {
  while (*i > 0 && Is(anc[*i - 1], "parenthesized_expression")) --*i;
  return *i > 0 ? anc[*i - 1] : TSNode{};
}

// Where the value of anc[*i] (`n`) goes: its parent, through parentheses
// and the branches that pass a value on unchanged (`x switch { .. => n }`,
// `c ? n : m`, `a ?? n`), so a call in a returned switch arm is returned.
TSNode ValueParent(const std::vector<TSNode>& anc, size_t* i, TSNode n) {
  TSNode parent = SkipParens(anc, i);
  while (*i > 0) {
    std::string_view t = ts::Type(parent);
    bool passes = t == "switch_expression_arm" || t == "switch_expression";
    if (t == "conditional_expression") {
      passes = !ts_node_eq(ts_node_child_by_field_name(parent, "condition", 9), n);
    } else if (t == "binary_expression") {
      TSNode op = ts_node_child_by_field_name(parent, "operator", 8);
      passes = !ts_node_is_null(op) && std::string_view(ts_node_type(op)) == "??" &&
               ts_node_eq(ts_node_child_by_field_name(parent, "right", 5), n);
    }
    if (!passes) break;
    n = parent;
    --*i;
    parent = SkipParens(anc, i);
  }
  return parent;
}

// `string.Format(culture, Resources.X, service)` as the whole message: a
// composite format of a resource string, which the .resx tables resolve
// (link_constants.h); it names a parameter when one is among its arguments
// (any argument when `params` is empty).
bool FormatsAParameter(const Template& message, const std::vector<std::string>& params = {}) {
  if (message.HoleCount() != 1 || message.HasLiteralText()) return false;
  for (const Piece& p : message.pieces()) {
    if (!p.is_hole) continue;
    std::optional<std::vector<std::string>> args = StringFormatArgs(p.expr);
    if (!args) return false;
    for (const std::string& a : *args) {
      if (params.empty() ? !a.empty() && a.find('.') == std::string::npos
                         : std::find(params.begin(), params.end(), a) != params.end()) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace

std::string CSharpSinks::Text(TSNode n) const { return std::string(ts::Text(n, src_)); }

std::vector<CSharpSinks::Param> CSharpSinks::Params(TSNode fn) const {
  std::vector<Param> out;
  for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
    if (!Is(p, "parameter")) continue;
    Param param;
    param.name = Text(Field(p, "name"));
    param.no_text = !TextType(ts::Text(Field(p, "type"), src_));
    // `Exception? cause = null`: the default is an expression child.
    for (TSNode c : NamedChildren(p)) {
      std::string_view t = ts::Type(c);
      param.optional |= !ts_node_eq(c, Field(p, "name")) && !ts_node_eq(c, Field(p, "type")) &&
                        t != "attribute_list" && t != "modifier";
    }
    out.push_back(std::move(param));
  }
  return out;
}

void CSharpSinks::OnNode(TSNode n, const std::vector<TSNode>& anc) {
  std::string_view t = ts::Type(n);
  if (t == "method_declaration" || t == "local_function_statement" || t == "class_declaration" ||
      t == "record_declaration" || t == "struct_declaration") {
    std::string name = Text(Field(n, "name"));
    if (!name.empty()) facts_->link_names.push_back(name);
  } else if (t == "invocation_expression" || t == "object_creation_expression") {
    calls_.push_back({n, anc});
  }
}

void CSharpSinks::OnSite(const ErrorSite& site, TSNode stmt, const std::vector<TSNode>& anc) {
  size_t i = anc.size();
  TSNode parent = SkipParens(anc, &i);
  // `throw JsonReaderException.Create(this, "..")`: the extractor read the
  // text from one argument; the composed message replaces it.
  if (Is(stmt, "throw_statement") || Is(parent, "throw_expression")) {
    thrown_sites_[site.line] = site.error_class;
  }
  if (!site.message_opaque || FormatsAParameter(site.message)) {
    AddSink(site, stmt, site.message, anc);
  }
}

void CSharpSinks::OnParamMessage(const ErrorSite& site, TSNode stmt, const Template& message,
                                 const std::vector<TSNode>& anc) {
  AddSink(site, stmt, message, anc);
}

void CSharpSinks::AddSink(const ErrorSite& site, TSNode stmt, const Template& message,
                          const std::vector<TSNode>& anc) {
  TSNode fn = FunctionOf(anc);
  bool constructor = false;
  if (ts_node_is_null(fn)) {
    fn = ConstructorOf(anc);
    constructor = !ts_node_is_null(fn);
    if (!constructor) return;
  }
  std::vector<Param> params = Params(fn);
  std::vector<std::string> names;
  for (const Param& p : params) names.push_back(p.name);
  if (!NamesAParameter(message, names) && !FormatsAParameter(message, names)) return;
  SinkFact s =
      SinkFromSite(site, Text(Field(fn, "name")), "csharp", std::move(names), ts::Line(fn));
  s.message = message;
  s.constructor = constructor;
  for (const Param& p : params) s.no_text.push_back(p.no_text);
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].optional) {
      s.required_params = static_cast<int>(i);
      break;
    }
  }
  // `return new X(..)` or `=> new X(..)`: the exception is thrown by the
  // caller (SinkFact::returns).
  size_t i = anc.size();
  TSNode parent = SkipParens(anc, &i);
  s.returns = site.kind == SiteKind::kRaise &&
              (Is(stmt, "return_statement") ||
               (Is(parent, "arrow_expression_clause") && !Is(stmt, "throw_expression")));
  facts_->sinks.push_back(std::move(s));
}

void CSharpSinks::Finish() {
  for (const Pending& p : calls_) NoteLinkCall(p);
  calls_.clear();
}

// A call passing text or a parameter of its method: a link call, with the
// site context when some argument has text of its own.
void CSharpSinks::NoteLinkCall(const Pending& p) {
  TSNode call = p.call;
  TSNode fn = Field(call, "function");
  LinkCall c;
  if (Is(call, "object_creation_expression")) {
    // `new ComponentNotRegisteredException(service)`: the class's name,
    // without its namespace or type arguments.
    std::string type = Text(Field(call, "type"));
    if (size_t lt = type.find('<'); lt != std::string::npos) type.resize(lt);
    if (size_t dot = type.rfind('.'); dot != std::string::npos) type = type.substr(dot + 1);
    if (type.empty()) return;
    c.callee = type;
    c.construct = true;
  } else if (Is(fn, "member_access_expression")) {
    c.callee = Text(Field(fn, "name"));
    c.receiver = Text(Field(fn, "expression"));
    if (c.receiver == "this") c.receiver.clear();
  } else if (Is(fn, "identifier")) {
    c.callee = Text(fn);
  } else {
    return;  // generic_name (`Create<T>(..)`), delegates
  }
  if (PlatformMethod(c.callee) || c.receiver == "string" || c.receiver == "String") return;
  TSNode caller = FunctionOf(p.anc);
  if (!ts_node_is_null(caller)) {
    for (const Param& param : Params(caller)) {
      c.caller_params.push_back(param.name);
      c.caller_no_text.push_back(param.no_text);
    }
    c.caller_name = Text(Field(caller, "name"));
    c.caller = c.caller_name;
    c.caller_line = ts::Line(caller);
  }
  bool text = false, param = false;
  for (TSNode a : NamedChildren(Field(call, "arguments"))) {
    if (!Is(a, "argument")) continue;
    // Named arguments and `out`/`ref` arguments are not positional text.
    if (!ts_node_is_null(Field(a, "name"))) return;
    std::vector<TSNode> kids = NamedChildren(a);
    if (kids.empty()) continue;
    Template t = hooks_.expr(kids.back(), call, p.anc);
    text |= t.HasLiteralText();
    for (const Piece& piece : t.pieces()) {
      param |= piece.is_hole && std::find(c.caller_params.begin(), c.caller_params.end(),
                                          piece.expr) != c.caller_params.end();
    }
    c.args.push_back(std::move(t));
  }
  size_t i = p.anc.size();
  TSNode parent = ValueParent(p.anc, &i, call);
  c.thrown = Is(parent, "throw_statement") || Is(parent, "throw_expression");
  c.returned = Is(parent, "return_statement") || Is(parent, "arrow_expression_clause");
  // `throw CreateX(c)` links even without text: the helper's text is the
  // message.
  if (!text && !param && !c.thrown) return;
  c.line = ts::Line(call);
  if (text || c.thrown) {
    c.site = hooks_.site(call, p.anc);
    auto recorded = thrown_sites_.find(c.site->line);
    if (c.thrown && recorded != thrown_sites_.end()) {
      c.replaces_site = true;
      c.site->error_class = recorded->second;
    }
  }
  facts_->link_calls.push_back(std::move(c));
}

}  // namespace errdex
