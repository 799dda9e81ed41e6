// Ruby wrapper sinks (see ruby_sinks.h).
#include "extract/ruby/ruby_sinks.h"

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

bool IsNamedFunction(TSNode n) { return Is(n, "method") || Is(n, "singleton_method"); }

TSNode FunctionOf(const std::vector<TSNode>& anc) {
  for (size_t i = anc.size(); i-- > 0;) {
    std::string_view t = ts::Type(anc[i]);
    if (t == "lambda" || t == "class" || t == "module") return TSNode{};
    if (IsNamedFunction(anc[i])) return anc[i];
  }
  return TSNode{};
}

// Kernel and core methods never reach a repository's sink: not link calls.
bool PlatformMethod(std::string_view name) {
  static const std::set<std::string_view> kNames = {
      "raise",         "fail",        "puts",
      "print",         "require",     "require_relative",
      "include",       "extend",      "attr_reader",
      "attr_accessor", "attr_writer", "format",
      "sprintf",       "gsub",        "sub",
      "split",         "join",        "start_with?",
      "end_with?",     "include?",    "match",
      "match?",        "to_s",        "send",
      "define_method", "private",     "protected",
      "public",        "autoload",    "desc",
      "warn",          "abort"};
  return kNames.count(name) > 0;
}

}  // namespace

std::string RubySinks::Text(TSNode n) const { return std::string(ts::Text(n, src_)); }

// Positional parameters (`a`, `b = 1`, `*rest`); keywords are passed by name.
std::vector<std::string> RubySinks::Params(TSNode fn) const {
  std::vector<std::string> out;
  for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
    if (Is(p, "identifier")) {
      out.push_back(Text(p));
    } else if (Is(p, "optional_parameter") || Is(p, "splat_parameter")) {
      out.push_back(Text(Field(p, "name")));
    }
  }
  return out;
}

void RubySinks::OnNode(TSNode n, const std::vector<TSNode>& anc) {
  std::string_view t = ts::Type(n);
  if (IsNamedFunction(n)) {
    std::string name = Text(Field(n, "name"));
    if (!name.empty()) facts_->link_names.push_back(name);
  } else if (t == "call" && !ts_node_is_null(Field(n, "arguments"))) {
    calls_.push_back({n, anc});
  }
}

void RubySinks::OnSite(const ErrorSite& site, const std::vector<TSNode>& anc) {
  TSNode fn = FunctionOf(anc);
  if (ts_node_is_null(fn)) return;
  std::vector<std::string> params = Params(fn);
  if (!NamesAParameter(site.message, params)) return;
  std::string name = Text(Field(fn, "name"));
  if (name == "initialize") return;  // X.new(..) is a site of its own
  // Methods are called on self without a receiver: linked as functions.
  facts_->sinks.push_back(
      SinkFromSite(site, std::move(name), "ruby", std::move(params), ts::Line(fn)));
}

void RubySinks::Finish() {
  for (const Pending& p : calls_) NoteLinkCall(p);
  calls_.clear();
}

// A call passing text or a parameter of its function: a link call, with the
// site context when some argument has text of its own.
void RubySinks::NoteLinkCall(const Pending& p) {
  TSNode call = p.call;
  LinkCall c;
  c.callee = Text(Field(call, "method"));
  if (PlatformMethod(c.callee)) return;
  TSNode recv = Field(call, "receiver");
  if (!ts_node_is_null(recv)) c.receiver = Text(recv);
  if (c.receiver == "self") c.receiver.clear();
  TSNode fn = FunctionOf(p.anc);
  if (!ts_node_is_null(fn)) {
    c.caller_params = Params(fn);
    c.caller_name = Text(Field(fn, "name"));
    c.caller = c.caller_name;

    c.caller_line = ts::Line(fn);
  }
  TSNode arguments = Field(call, "arguments");
  bool text = false, param = false;
  std::vector<TSNode> anc = p.anc;
  anc.push_back(call);
  for (TSNode a : NamedChildren(arguments)) {
    if (Is(a, "pair") || Is(a, "block_argument") || Is(a, "hash_splat_argument")) continue;
    if (Is(a, "splat_argument")) break;  // positions after it are unknown
    Template t = hooks_.expr(a, anc);
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
