// Kotlin extractor: finds the error sites of one .kt/.kts file and
// reconstructs each message template from the syntax tree: string templates
// (`$v` and `${a.b}` holes), raw strings with `.trimIndent()` /
// `.trimMargin()`, `+` concatenation, `.format()` / String.format verbs and
// messages held in vals and vars.
//
// Sites: `throw X(...)` and exception objects built elsewhere (returned by a
// helper, stored, passed on), exception classes that pass a message to their
// supertype (`class E(x: Int) : Exception("bad $x")`), the standard library's
// `error()`, `require`/`check`/`requireNotNull`/`checkNotNull`/`assert`
// (with or without a lazy message) and `TODO()`, Java precondition helpers
// called from Kotlin, error and warning logs (SLF4J `{}`, kotlin-logging
// lambdas, android.util.Log) and Ktor `call.respond(HttpStatusCode.X, ..)`.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "extract/common/brace_context.h"
#include "extract/common/branch_choices.h"
#include "extract/common/conditional_messages.h"
#include "extract/common/escapes.h"
#include "extract/common/failure_words.h"
#include "extract/common/local_assignments.h"
#include "extract/common/printf_format.h"
#include "extract/common/terminal_styles.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/jvm/jvm_idioms.h"
#include "extract/jvm/jvm_strings.h"
#include "resolve/call_facts.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_kotlin();

namespace errdex {
namespace {

using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
using ts::kMaxAncestors;
// Expressions expanded per template: constants built from constants
// (`A = B + B; B = C + C; ...`) would otherwise take exponential time.
constexpr int kMaxSteps = 20000;

// The first named child of type `type`, or null.
TSNode ChildOfType(TSNode n, std::string_view type) {
  for (TSNode c : NamedChildren(n)) {
    if (Is(c, type)) return c;
  }
  return TSNode{};
}

// Decodes the body of a (non-raw) Kotlin string: \t \b \n \r \' \" \\ \$ \uXXXX.
std::string DecodeKotlinEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    switch (e) {
      case 't':
        out += '\t';
        break;
      case 'b':
        out += '\b';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 'u': {
        size_t j = i + 1;
        uint32_t cp = 0;
        if (ParseHex(body, &j, 4, &cp) && j == i + 5) {
          AppendUtf8(cp, &out);
          i = j - 1;
        } else {
          out += e;
        }
        break;
      }
      default:
        out += e;  // \' \" \\ \$
    }
  }
  return out;
}

bool IsFunctionNode(TSNode n) {
  std::string_view t = Type(n);
  return t == "function_declaration" || t == "lambda_literal" || t == "anonymous_function" ||
         t == "secondary_constructor" || t == "anonymous_initializer" || t == "getter" ||
         t == "setter";
}

// The trailing lambda of a scope function (`apply { }`, `x.let { }`,
// `run { }`, `use { }`, ...): it runs at once, inside the function that
// calls it, with that function's arguments in scope. It is no function
// boundary: a `require` in `fun Builder.option(x: Int) = apply { .. }`
// belongs to `option`, whose header then gives the parameters (twenty-third
// grading, coil's videoFrameOption got generic advice: no header was read).
bool ScopeFunctionLambda(TSNode lambda, std::string_view src) {
  TSNode annotated = ts_node_parent(lambda);
  if (ts_node_is_null(annotated) || !Is(annotated, "annotated_lambda")) return false;
  TSNode suffix = ts_node_parent(annotated);
  if (ts_node_is_null(suffix) || !Is(suffix, "call_suffix")) return false;
  TSNode call = ts_node_parent(suffix);
  if (ts_node_is_null(call) || !Is(call, "call_expression")) return false;
  TSNode callee = ts_node_named_child(call, 0);
  if (Is(callee, "navigation_expression")) {
    TSNode nav = ts_node_named_child(callee, ts_node_named_child_count(callee) - 1);
    callee = Is(nav, "navigation_suffix") ? ChildOfType(nav, "simple_identifier") : TSNode{};
  }
  if (ts_node_is_null(callee) || !Is(callee, "simple_identifier")) return false;
  std::string_view name = ts::Text(callee, src);
  for (std::string_view f :
       {"apply", "also", "let", "run", "with", "use", "takeIf", "takeUnless"}) {
    if (name == f) return true;
  }
  return false;
}

std::string KotlinScopeName(TSNode n, std::string_view src, bool* is_function) {
  std::string_view t = Type(n);
  if (t == "lambda_literal" && ScopeFunctionLambda(n, src)) return "";
  if (t == "class_declaration" || t == "object_declaration") {
    return std::string(ts::Text(ChildOfType(n, "type_identifier"), src));
  }
  if (t == "function_declaration") {
    *is_function = true;
    return std::string(ts::Text(ChildOfType(n, "simple_identifier"), src));
  }
  if (t == "secondary_constructor") {
    *is_function = true;
    return "constructor";
  }
  if (IsFunctionNode(n)) *is_function = true;
  return "";
}

// if_expression: the condition, then one or two control_structure_bodies.
bool KotlinIfParts(TSNode n, TSNode* cond, TSNode* then, TSNode* other) {
  if (!Is(n, "if_expression")) return false;
  std::vector<TSNode> kids = NamedChildren(n);
  if (kids.size() < 2) return false;
  *cond = kids[0];
  *then = Is(kids[1], "control_structure_body") ? kids[1] : TSNode{};
  *other = kids.size() > 2 && Is(kids[2], "control_structure_body") ? kids[2] : TSNode{};
  return true;
}

const BraceSyntax& KotlinSyntax() {
  static const BraceSyntax kSyntax{KotlinScopeName,
                                   {"statements", "source_file", "control_structure_body"},
                                   {"jump_expression"},
                                   "catch_block",
                                   KotlinIfParts};
  return kSyntax;
}

// A call split into what is called and what it is given. `f(x) { .. }` is
// two nested call_expressions in the grammar; Parts joins them.
struct Call {
  TSNode callee{};
  std::string receiver;                // text before the last `.` ("" when unqualified)
  std::string name;                    // the called name
  std::vector<TSNode> args;            // argument expressions
  std::vector<std::string> arg_names;  // "" for positional arguments
  TSNode lambda{};                     // trailing lambda_literal
};

// Per-file extraction state.
class KotlinFile {
 public:
  KotlinFile(const SourceFile& file, std::vector<ErrorSite>* out, FileFacts* facts = nullptr)
      : file_(file), src_(file.content), out_(out), facts_(facts) {}

  void Run(TSNode root) {
    root_ = root;
    assignments_.emplace(root, IsFunctionNode,
                         [this](TSNode n, std::string_view* name, TSNode* value, bool* append) {
                           return ReadAssignment(n, name, value, append);
                         });
    ts::ForEachNodeWithAncestors(root, [this](TSNode n, const std::vector<TSNode>& ancestors) {
      walk_.Set(n, &ancestors);
      Visit(n);
    });
    walk_.Clear();
    NoteHelperThrows();
    if (facts_) text_fns_.Emit(facts_);
  }

 private:
  void Visit(TSNode n) {
    std::string_view type = Type(n);
    if (type == "property_declaration" || type == "assignment") {
      assignments_->OnVisit(n, *walk_.ancestors());
    }
    if (type == "assignment") HandleErrorAccumulation(n);
    if (type == "call_expression") {
      HandleCall(n);
      if (facts_) CollectLinkCall(n);
    } else if (facts_ && (type == "function_declaration" || type == "class_declaration" ||
                          type == "object_declaration")) {
      std::string_view id = type == "function_declaration"
                                ? ts::Text(ChildOfType(n, "simple_identifier"), src_)
                                : ts::Text(ChildOfType(n, "type_identifier"), src_);
      if (!id.empty() && (type != "function_declaration" || DefinesBody(n))) {
        facts_->link_names.emplace_back(id);
      }
    } else if (type == "constructor_invocation") {
      HandleSupertype(n);
      HandleDeprecated(n);
    } else if (type == "constructor_delegation_call") {
      HandleDelegation(n);
    } else if (type == "jump_expression") {
      CollectHelperThrow(n);
      if (facts_) AddTextReturn(n);
    }
    if (facts_ && type == "function_declaration") OpenTextFunction(n);
    if (type == "property_declaration") HandleMessageProperty(n);
    if (facts_ && type == "property_declaration") AddConstText(n);
    if (type == "function_declaration") HandleRenderingFunction(n);
  }

  // --- calls -------------------------------------------------------------------

  std::optional<Call> Parts(TSNode call) {
    std::vector<TSNode> kids = NamedChildren(call);
    if (kids.size() != 2 || !Is(kids[1], "call_suffix")) return std::nullopt;
    Call c;
    TSNode callee = kids[0];
    auto read_suffix = [&](TSNode suffix) {
      for (TSNode s : NamedChildren(suffix)) {
        if (Is(s, "value_arguments")) {
          for (TSNode a : NamedChildren(s)) {
            std::vector<TSNode> parts = NamedChildren(a);
            if (parts.empty()) continue;
            bool named = parts.size() > 1 && Is(parts[0], "simple_identifier") &&
                         ts::Text(a, src_).find('=') != std::string_view::npos;
            c.args.push_back(parts.back());
            c.arg_names.push_back(named ? std::string(ts::Text(parts[0], src_)) : "");
          }
        } else if (Is(s, "annotated_lambda")) {
          c.lambda = ChildOfType(s, "lambda_literal");
        }
      }
    };
    // `require(x) { msg }`: the inner call carries the arguments.
    if (Is(callee, "call_expression")) {
      std::vector<TSNode> inner = NamedChildren(callee);
      if (inner.size() != 2 || !Is(inner[1], "call_suffix")) return std::nullopt;
      read_suffix(inner[1]);
      callee = inner[0];
    }
    read_suffix(kids[1]);
    c.callee = callee;
    std::string text = CollapseSpace(ts::Text(callee, src_));
    size_t dot = text.rfind('.');
    if (Is(callee, "navigation_expression") && dot != std::string::npos) {
      c.receiver = text.substr(0, dot);
      if (!c.receiver.empty() && c.receiver.back() == '?') c.receiver.pop_back();
      c.name = text.substr(dot + 1);
    } else if (Is(callee, "simple_identifier")) {
      c.name = text;
    } else {
      return std::nullopt;
    }
    return c;
  }

  // The called name (`f` of `a.b.f(x) { .. }`), without building a Call.
  std::string_view CalleeName(TSNode call) {
    TSNode callee = ts::FirstNamed(call);
    if (Is(callee, "call_expression")) callee = ts::FirstNamed(callee);
    if (Is(callee, "navigation_expression")) {
      uint32_t n = ts_node_named_child_count(callee);
      TSNode suffix = n > 0 ? ts_node_named_child(callee, n - 1) : TSNode{};
      uint32_t m = ts_node_named_child_count(suffix);
      callee = m > 0 ? ts_node_named_child(suffix, m - 1) : TSNode{};
    }
    return Is(callee, "simple_identifier") ? ts::Text(callee, src_) : std::string_view();
  }

  // The outer call of `f(x) { .. }` handles it; the inner one is skipped.
  bool IsInnerOfTrailingLambda(TSNode call) {
    TSNode parent = Parent(call);
    return Is(parent, "call_expression") && ts_node_eq(ts::FirstNamed(parent), call);
  }

  void HandleCall(TSNode call) {
    // The most common node of all: filter on the name before allocating.
    std::string_view callee = CalleeName(call);
    bool ctor = !callee.empty() && std::isupper(static_cast<unsigned char>(callee[0]));
    if (!ctor && !MayReportErrors(callee) && callee != "require" && callee != "check" &&
        callee != "requireNotNull" && callee != "assert" && callee != "respond" &&
        callee != "respondText") {
      return;
    }
    if (IsInnerOfTrailingLambda(call)) return;
    std::optional<Call> c = Parts(call);
    if (!c) return;
    const std::string& name = c->name;
    if (c->receiver.empty()) {
      TSNode lazy = c->lambda;
      if (name == "error" && c->args.size() == 1 && ts_node_is_null(lazy)) {
        return Stdlib(call, "IllegalStateException", c->args[0], "");
      }
      if (name == "require") {
        return Stdlib(call, "IllegalArgumentException", lazy, "Failed requirement.");
      }
      if (name == "check") return Stdlib(call, "IllegalStateException", lazy, "Check failed.");
      if (name == "requireNotNull") {
        return Stdlib(call, "IllegalArgumentException", lazy, "Required value was null.");
      }
      if (name == "checkNotNull") {
        return Stdlib(call, "IllegalStateException", lazy, "Required value was null.");
      }
      if (name == "assert" && c->args.empty() && !ts_node_is_null(lazy)) {
        return AssertLambda(call, lazy);
      }
      if (name == "assert") return Stdlib(call, "AssertionError", lazy, "Assertion failed");
      if (name == "TODO") return HandleTodo(call, *c);
    } else if (auto check = CheckCallFor(c->receiver, name)) {
      return HandleCheck(call, *c, *check);
    }
    if (IsLoggerName(c->receiver) && LoggedSeverity(name)) return HandleLog(call, *c);
    if (c->receiver == "Log" && (name == "e" || name == "w" || name == "wtf")) {
      return HandleAndroidLog(call, *c);
    }
    if ((name == "respond" || name == "respondText") && !c->args.empty()) {
      return HandleRespond(call, *c);
    }
    if (!name.empty() && std::isupper(static_cast<unsigned char>(name[0]))) {
      HandleConstruction(call, *c);
    }
  }

  // error(msg), require(cond) { msg }, check(..), requireNotNull, checkNotNull,
  // assert: the lazy message's result, else the standard library's default.
  void Stdlib(TSNode call, const std::string& cls, TSNode msg, const std::string& fallback) {
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, cls == "AssertionError" ? SiteKind::kAssert : SiteKind::kRaise);
    site.error_class = cls;
    if (Is(msg, "lambda_literal")) msg = LambdaResult(msg);
    if (!ts_node_is_null(msg)) {
      // From the message itself: a lazy message may build it in locals first.
      site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    }
    if (!site.message.HasLiteralText()) {
      // error(message) / require(ok) { message } in a wrapper: the wrapper's
      // callers' text.
      if (!ts_node_is_null(msg)) AddSink(stmt, site, site.message, false);
      if (fallback.empty()) {  // error(e.message): another error's text
        // error(message()): the text a function returns, when it does.
        if (!ts_node_is_null(msg)) HoldCallArgs(Context(stmt, site), {msg}, true);
        return;
      }
      site.message = Template();
      site.message.AddLiteral(fallback);
      site.message_origin_note =
          "no message given: the standard library's default `" + fallback + "` is shown";
      if (!ts_node_is_null(msg)) {  // { message!! }: some other text
        site.message = Template();
        site.message.AddLiteral(cls);
        site.message_opaque = true;
        site.message_origin_note = "the message is not a literal";
        HoldCallArgs(site, {msg}, false);
      }
    }
    Finish(stmt, std::move(site));
  }

  // `assert { useCount == 0L }`: a project's own assert (kotlinx.coroutines'
  // internal one) whose only argument is the condition, not a message. It
  // fails when the lambda's result is false; its AssertionError has no
  // message of its own.
  void AssertLambda(TSNode call, TSNode lambda) {
    TSNode stmt = StatementOf(call);
    TSNode cond = LambdaResult(lambda);
    if (ts_node_is_null(stmt) || ts_node_is_null(cond)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kAssert);
    site.error_class = "AssertionError";
    site.message.AddLiteral("AssertionError");
    site.message_opaque = true;
    site.message_origin_note = "the assert's lambda is its condition; the error has no message";
    site.conditions.push_back({CollapseSpace(ts::Text(cond, src_)), false, ts::Line(cond)});
    Finish(stmt, std::move(site));
  }

  // TODO() / TODO("reason"): NotImplementedError with a fixed prefix.
  void HandleTodo(TSNode call, const Call& c) {
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = "NotImplementedError";
    if (c.args.empty()) {
      site.message.AddLiteral("An operation is not implemented.");
    } else {
      site.message.AddLiteral("An operation is not implemented: ");
      site.message.Append(
          ExprTemplate(c.args[0], ts_node_start_byte(call), 0, &site.message_origin_note));
    }
    Finish(stmt, std::move(site));
  }

  void HandleCheck(TSNode call, const Call& c, const CheckCall& check) {
    if (c.args.size() <= check.message_index) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = check.exception;
    Template t = ExprTemplate(c.args[check.message_index], ts_node_start_byte(call), 0,
                              &site.message_origin_note);
    std::vector<std::string> rest = ArgExprs(c.args, check.message_index + 1, c.args.size());
    if (check.format == CheckFormat::kGuava && !rest.empty()) {
      t = ApplyGuavaFormat(t, rest);
    } else if (check.format == CheckFormat::kPrintf) {
      t = ApplyPrintf(t, rest, PrintfDialect::kJava);
    }
    site.message = t;
    if (!site.message.HasLiteralText()) {
      AddSink(stmt, site, site.message, false);
      return;
    }
    Finish(stmt, std::move(site));
  }

  // Wire's `errors += "unable to resolve $name"`: a message added to a
  // list of errors (an ErrorCollector, a MutableList<String>) that is
  // reported together later (SchemaException lists them one per line).
  void HandleErrorAccumulation(TSNode n) {
    std::vector<TSNode> kids = NamedChildren(n);
    if (kids.size() != 2 || ts::Text(n, src_).find("+=") == std::string_view::npos) return;
    std::string target = CollapseSpace(ts::Text(kids[0], src_));
    std::string last = target.substr(target.rfind('.') + 1);  // npos + 1 == 0
    std::string lower = ToLower(last);
    if (!lower.ends_with("errors") && lower != "problems" && lower != "failures") return;
    if (!Is(kids[1], "string_literal") && !Is(kids[1], "line_string_literal") &&
        !Is(kids[1], "multi_line_string_literal")) {
      return;
    }
    TSNode stmt = StatementOf(n);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.message = ExprTemplate(kids[1], ts_node_start_byte(n), 0, &site.message_origin_note);
    if (!site.message.HasLiteralText()) return;
    site.message_origin_note = "added to `" + target + "`, the errors reported together";
    Finish(stmt, std::move(site));
  }

  // SLF4J `log.error("x {}", v, e)` and kotlin-logging `logger.error(e) { "x $v" }`.
  void HandleLog(TSNode call, const Call& c) {
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = *LoggedSeverity(c.name);
    uint32_t pos = ts_node_start_byte(call);
    if (!ts_node_is_null(c.lambda)) {
      TSNode result = LambdaResult(c.lambda);
      site.message = ExprTemplate(result, ts_node_start_byte(result), 0, &site.message_origin_note);
    } else {
      size_t fmt = 0;
      while (fmt < c.args.size() && fmt < 2 && !HasText(c.args[fmt])) ++fmt;
      if (fmt >= c.args.size()) return;
      site.message = ExprTemplate(c.args[fmt], pos, 0, &site.message_origin_note);
      size_t end = c.args.size();
      if (end > fmt + 1 && LooksLikeThrowableName(ts::Text(c.args[end - 1], src_))) --end;
      site.message = ApplySlf4j(site.message, ArgExprs(c.args, fmt + 1, end));
    }
    if (!site.message.HasLiteralText()) return;
    if (site.severity == "info" && !StatesFailure(site.message)) return;
    Finish(stmt, std::move(site));
  }

  void HandleAndroidLog(TSNode call, const Call& c) {
    if (c.args.size() < 2 || !HasText(c.args[1])) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = c.name == "w" ? "warning" : c.name == "wtf" ? "critical" : "error";
    site.message = ExprTemplate(c.args[1], ts_node_start_byte(call), 0, &site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // Ktor: call.respond(HttpStatusCode.NotFound, "msg"),
  // call.respondText("msg", status = HttpStatusCode.BadRequest).
  void HandleRespond(TSNode call, const Call& c) {
    std::optional<int> status;
    TSNode msg{};
    for (size_t i = 0; i < c.args.size(); ++i) {
      std::string_view text = ts::Text(c.args[i], src_);
      if (auto st = HttpStatusOf(text); st && text.find("Status") != std::string_view::npos) {
        status = st;
      } else if (ts_node_is_null(msg) && HasText(c.args[i]) &&
                 (c.arg_names[i].empty() || c.arg_names[i] == "text")) {
        msg = c.args[i];
      }
    }
    if (!status || ts_node_is_null(msg)) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    // From the message itself: a lazy message may build it in locals first.
    site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // `X(...)` of a capitalised name: an exception object when thrown here or
  // when its name says so.
  void HandleConstruction(TSNode call, const Call& c) {
    std::string cls = c.name;
    TSNode parent = Parent(call);
    bool thrown = Is(parent, "jump_expression") && ts::Text(parent, src_).starts_with("throw");
    if (!thrown && !LooksLikeExceptionClass(cls)) return HandleDiagnostic(call, c);
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site =
        NewSite(thrown && !Is(stmt, "jump_expression") ? parent : stmt, SiteKind::kRaise);
    site.error_class = cls;
    std::vector<Template> alts = FillFromArgs(c.args, &site);
    if (site.message_opaque) HoldCallArgs(site, c.args, false);
    TSNode fn = ScopeOf(call);
    bool returned = !thrown && Is(fn, "function_declaration") && IsReturned(call, fn);
    if (site.message_opaque) OpaqueSink(stmt, site, c.args, returned);
    if (site.message_opaque && !thrown) return;
    returns_ = returned;
    if (returned) {
      std::string name(ts::Text(ChildOfType(fn, "simple_identifier"), src_));
      site.message_origin_note =
          "built and returned by `" + name + "()`" +
          (site.message_origin_note.empty() ? "" : "; " + site.message_origin_note);
      helper_sites_.push_back({out_->size(), name});
    }
    size_t before = out_->size();
    FinishEach(stmt, std::move(site), alts);
    returns_ = false;
    if (facts_ && out_->size() > before) {
      AddConstructionLink(call, c, (*out_)[before], thrown, returned);
    }
  }

  // `Notification("Property '$p' is deprecated.", Level.Warning)`: an
  // object that carries a message at an error or warning level (a linter's
  // notification, a compiler's diagnostic) is reported to the user as that
  // text, wherever it goes next.
  void HandleDiagnostic(TSNode call, const Call& c) {
    std::optional<std::string> severity;
    for (TSNode a : c.args) {
      if (!severity) severity = SeverityConstant(ts::Text(a, src_));
    }
    if (!severity) return;
    TSNode msg{};
    for (size_t i = 0; i < c.args.size() && ts_node_is_null(msg); ++i) {
      bool named_text = c.arg_names[i].empty() || c.arg_names[i] == "message";
      if (named_text && HasText(c.args[i])) msg = c.args[i];
    }
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(msg) || ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = *severity;
    site.message = ExprTemplate(msg, ts_node_start_byte(call), 0, &site.message_origin_note);
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "reported as a `" + c.name + "` at level " + *severity;
    }
    Finish(stmt, std::move(site));
  }

  // `if (c) a else b`: the value of each branch.
  std::vector<TSNode> Branches(TSNode n) {
    if (Is(n, "parenthesized_expression")) n = ts::FirstNamed(n);
    // `val message = if (c) ".." else ".."; X(message)` (moshi's
    // missingProperty): the local's only value.
    if (Is(n, "simple_identifier")) {
      TSNode scope = ScopeOf(n);
      if (Is(scope, "source_file")) return {};
      std::vector<Assignment> assigns =
          assignments_->To(scope, std::string(ts::Text(n, src_)), ts_node_start_byte(n), walk_);
      if (assigns.size() != 1 || assigns[0].append || !Is(assigns[0].value, "if_expression")) {
        return {};
      }
      n = assigns[0].value;
    }
    TSNode cond{}, then{}, other{};
    if (!KotlinIfParts(n, &cond, &then, &other) || ts_node_is_null(then) ||
        ts_node_is_null(other)) {
      return {};
    }
    std::vector<TSNode> out;
    for (TSNode body : {then, other}) {
      TSNode value = ts::FirstNamed(body);
      if (Is(value, "statements")) {
        std::vector<TSNode> stmts = NamedChildren(value);
        value = stmts.empty() ? TSNode{} : stmts.back();
      }
      if (ts_node_is_null(value)) return {};
      out.push_back(value);
    }
    return out;
  }

  // `return X(..)` or an expression body `fun f() = X(..)`.
  bool IsReturned(TSNode call, TSNode fn) {
    TSNode parent = Parent(call);
    if (Is(parent, "jump_expression") && ts::Text(parent, src_).starts_with("return")) return true;
    return Is(parent, "function_body") && ts_node_eq(ts_node_parent(parent), fn);
  }

  // `class ParseException(line: Int) : RuntimeException("line $line")`.
  void HandleSupertype(TSNode inv) {
    std::vector<TSNode> up = walk_.AncestorsOf(inv);  // annotations are invocations too
    if (up.size() < 2 || !Is(up[0], "delegation_specifier") || !Is(up[1], "class_declaration")) {
      return;
    }
    TSNode cls = up[1];
    std::string name(ts::Text(ChildOfType(cls, "type_identifier"), src_));
    std::string parent = LastDotComponent(ts::Text(ChildOfType(inv, "user_type"), src_));
    if (!LooksLikeExceptionClass(name) && !LooksLikeExceptionClass(parent)) return;
    std::vector<TSNode> args;
    for (TSNode a : NamedChildren(ChildOfType(inv, "value_arguments"))) {
      std::vector<TSNode> parts = NamedChildren(a);
      if (!parts.empty()) args.push_back(parts.back());
    }
    ErrorSite site = NewSite(inv, SiteKind::kRaise);
    site.error_class = name;
    std::vector<Template> alts = FillFromArgs(args, &site);
    if (site.message_opaque) return;  // : Exception(message)
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message passed to the supertype by `" + name + "`";
    }
    ctor_class_ = cls;
    FinishEach(inv, std::move(site), alts);
    ctor_class_ = TSNode{};
  }

  // `@Deprecated("Use bar() instead", level = DeprecationLevel.ERROR)`: the
  // compiler prints the message where code uses the declaration ("'fun
  // foo(): Unit' is deprecated. Use bar() instead"), a warning (an error at
  // level ERROR); a HIDDEN declaration is not seen at all.
  void HandleDeprecated(TSNode inv) {
    std::vector<TSNode> up = walk_.AncestorsOf(inv);
    if (up.empty() || !Is(up[0], "annotation")) return;
    if (LastDotComponent(ts::Text(ChildOfType(inv, "user_type"), src_)) != "Deprecated") return;
    TSNode message{};
    std::string level;
    for (TSNode a : NamedChildren(ChildOfType(inv, "value_arguments"))) {
      std::vector<TSNode> parts = NamedChildren(a);
      if (parts.empty()) continue;
      bool named = parts.size() > 1 && Is(parts[0], "simple_identifier") &&
                   ts::Text(a, src_).find('=') != std::string_view::npos;
      std::string_view name = named ? ts::Text(parts[0], src_) : "";
      if ((!named && ts_node_is_null(message)) || name == "message") message = parts.back();
      if (name == "level") level = LastDotComponent(ts::Text(parts.back(), src_));
    }
    if (ts_node_is_null(message) || level == "HIDDEN") return;
    ErrorSite site = NewSite(inv, SiteKind::kWarning);
    site.severity = level == "ERROR" ? "error" : "warning";
    site.error_class = "deprecated";
    site.message = ExprTemplate(message, ts_node_start_byte(inv), 0, &site.message_origin_note);
    if (!site.message.HasLiteralText() && site.message.HoleCount() != 1) return;
    site.message_origin_note =
        "the @Deprecated message, printed by the compiler where code uses the declaration";
    Finish(inv, std::move(site));
  }

  // `constructor(fields: List<String>, name: String) : this(message =
  // "Field '${fields[0]}' is required for '$name'", ..)` in an exception
  // class: a secondary constructor that composes the text and hands it to
  // the primary one (or `super`). The record points at the message.
  void HandleDelegation(TSNode call) {
    std::vector<TSNode> up = walk_.AncestorsOf(call);
    if (up.size() < 3 || !Is(up[0], "secondary_constructor") || !Is(up[2], "class_declaration")) {
      return;
    }
    TSNode cls = up[2];
    std::string name(ts::Text(ChildOfType(cls, "type_identifier"), src_));
    TSNode spec = ChildOfType(cls, "delegation_specifier");
    std::string parent = LastDotComponent(ts::Text(ts::FirstNamed(ts::FirstNamed(spec)), src_));
    if (!LooksLikeExceptionClass(name) && !LooksLikeExceptionClass(parent)) return;
    std::vector<TSNode> args;
    TSNode message{};
    for (TSNode a : NamedChildren(ChildOfType(call, "value_arguments"))) {
      std::vector<TSNode> parts = NamedChildren(a);
      if (parts.empty()) continue;
      args.push_back(parts.back());
      if (ts_node_is_null(message) &&
          (HasText(parts.back()) || !AlternativeTemplates(parts.back()).empty())) {
        message = parts.back();
      }
    }
    if (ts_node_is_null(message)) return;
    ErrorSite site = NewSite(call, SiteKind::kRaise);
    site.line = ts::Line(message);
    site.error_class = name;
    std::vector<Template> alts = FillFromArgs(args, &site);
    if (site.message_opaque) return;
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message composed by a constructor of `" + name + "`";
    }
    ctor_class_ = up[0];
    FinishEach(call, std::move(site), alts);
    ctor_class_ = TSNode{};
  }

  // The class whose body holds the node being visited, when it is an
  // exception class by its name or its parent's; "" otherwise.
  std::string EnclosingExceptionClass() {
    const std::vector<TSNode>& anc = *walk_.ancestors();
    if (anc.size() < 2 || !Is(anc.back(), "class_body")) return {};
    TSNode cls = anc[anc.size() - 2];
    if (!Is(cls, "class_declaration")) return {};
    std::string name(ts::Text(ChildOfType(cls, "type_identifier"), src_));
    TSNode spec = ChildOfType(cls, "delegation_specifier");
    std::string parent = LastDotComponent(ts::Text(ts::FirstNamed(ts::FirstNamed(spec)), src_));
    return LooksLikeExceptionClass(name) || LooksLikeExceptionClass(parent) ? name : "";
  }

  // `override val message = ".."` or `override val message: String get() =
  // ".."` in an exception class: how the exception prints.
  // dokka's `internal const val DOKKA_V1_DEPRECATION_MESSAGE = "Dokka
  // Gradle plugin V1 mode is deprecated, .."`, named by `@Deprecated(..)`
  // in other files: a `const val` of one literal is a text constant the
  // link stage gives to holes naming it (resolve/link_constants.h).
  void AddConstText(TSNode prop) {
    TSNode mods = ChildOfType(prop, "modifiers");
    if (ts_node_is_null(mods) || ts::Text(mods, src_).find("const") == std::string_view::npos) {
      return;
    }
    std::string_view name;
    TSNode value;
    bool append = false;
    if (!ReadAssignment(prop, &name, &value, &append) || name.empty() ||
        !Is(value, "string_literal")) {
      return;
    }
    std::string note;
    Template t = ExprTemplate(value, ts_node_start_byte(value), 0, &note);
    if (!t.HasLiteralText() || t.HoleCount() > 0) return;
    facts_->text_constants.push_back({std::string(name), std::move(t), ts::Line(value)});
  }

  void HandleMessageProperty(TSNode prop) {
    TSNode var = ChildOfType(prop, "variable_declaration");
    if (!ts::Text(prop, src_).starts_with("override") ||
        ts::Text(ChildOfType(var, "simple_identifier"), src_) != "message") {
      return;
    }
    std::string name = EnclosingExceptionClass();
    if (name.empty()) return;
    TSNode at = prop, value{};
    std::vector<TSNode> kids = NamedChildren(prop);
    uint32_t b = ts_node_end_byte(var);
    if (!kids.empty() && !ts_node_eq(kids.back(), var) &&
        src_.substr(b, ts_node_start_byte(kids.back()) - b).find('=') != std::string_view::npos) {
      value = kids.back();
    } else if (TSNode getter = ts_node_next_named_sibling(prop); Is(getter, "getter")) {
      TSNode body = ChildOfType(getter, "function_body");
      std::vector<TSNode> stmts = NamedChildren(ChildOfType(body, "statements"));
      if (ts::Text(body, src_).starts_with("=")) {
        value = ts::FirstNamed(body);
      } else if (stmts.size() == 1 && ts::Text(stmts[0], src_).starts_with("return")) {
        value = ts::FirstNamed(stmts[0]);
      }
      at = getter;
    }
    if (ts_node_is_null(value)) return;
    ErrorSite site = NewSite(at, SiteKind::kRaise);
    site.error_class = name;
    site.message = ExprTemplate(value, ts_node_start_byte(value), 0, &site.message_origin_note);
    if (!site.message.HasLiteralText()) return;
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "the `message` of `" + name + "`";
    }
    Finish(at, std::move(site));
  }

  // `override fun formatMessage(localization, formatter)` (clikt's usage
  // errors) or `getMessage()` in an exception class: how the exception
  // prints. Each branch of a `when`/`if` it returns is a site of the class
  // at the branch: its text, or a call's (`localization.extraArgumentOne(
  // actual)`) once the resolve stage reads what that call returns.
  void HandleRenderingFunction(TSNode fn) {
    std::string_view fname = ts::Text(ChildOfType(fn, "simple_identifier"), src_);
    if (fname != "formatMessage" && fname != "getMessage" && fname != "getLocalizedMessage") return;
    if (ts::Text(ChildOfType(fn, "modifiers"), src_).find("override") == std::string_view::npos) {
      return;
    }
    std::string name = EnclosingExceptionClass();
    if (name.empty()) return;
    TSNode body = ChildOfType(fn, "function_body");
    TSNode value{};
    if (ts::Text(body, src_).starts_with("=")) {
      value = ts::FirstNamed(body);
    } else {
      std::vector<TSNode> stmts = NamedChildren(ChildOfType(body, "statements"));
      if (!stmts.empty() && ts::Text(stmts.back(), src_).starts_with("return")) {
        value = ts::FirstNamed(stmts.back());
      }
    }
    if (ts_node_is_null(value)) return;
    std::vector<TSNode> branches = RenderedBranches(value);
    if (branches.empty()) branches.push_back(value);
    for (TSNode b : branches) {
      ErrorSite site = NewSite(b, SiteKind::kRaise);
      site.error_class = name;
      site.message_origin_note = "how `" + name + "` prints (its `" + std::string(fname) + "`)";
      site.message = ExprTemplate(b, ts_node_start_byte(b), 0, &site.message_origin_note);
      if (site.message.HasLiteralText()) {
        Finish(b, std::move(site));
      } else if (Is(b, "call_expression")) {
        site.message_opaque = true;
        HoldCallArgs(Context(b, site), {b}, /*pending=*/true);
      }
    }
  }

  // The value of each arm of a `when` (or branch of an `if`), one level.
  std::vector<TSNode> RenderedBranches(TSNode n) {
    if (Is(n, "when_expression")) {
      std::vector<TSNode> out;
      for (TSNode entry : NamedChildren(n)) {
        if (!Is(entry, "when_entry")) continue;
        TSNode arm = ChildOfType(entry, "control_structure_body");
        TSNode v = ts::FirstNamed(arm);
        if (Is(v, "statements")) {
          std::vector<TSNode> stmts = NamedChildren(v);
          v = stmts.empty() ? TSNode{} : stmts.back();
        }
        if (!ts_node_is_null(v)) out.push_back(v);
      }
      return out;
    }
    return Branches(n);
  }

  // Returns the messages of a conditional message argument (`c ? "a" : "b"`,
  // `if (c) "a" else "b"`), one per branch, when no argument has text of
  // its own; the caller records one site per message.
  std::vector<Template> FillFromArgs(const std::vector<TSNode>& args, ErrorSite* site) {
    std::vector<TSNode> texts;
    for (TSNode a : args) {
      if (HasText(a)) texts.push_back(a);
    }
    size_t skip = texts.size() > 1 && Is(texts[0], "string_literal") &&
                          LooksLikeErrorCode(ts::Text(texts[0], src_))
                      ? 1
                      : 0;
    TSNode msg = texts.size() > skip ? texts[skip] : TSNode{};
    for (TSNode a : args) {
      if (!ts_node_is_null(msg) && ts_node_eq(a, msg)) continue;
      std::string_view text = ts::Text(a, src_);
      if (!site->http_status && text.find("Status") != std::string_view::npos) {
        if (auto st = HttpStatusOf(text)) {
          site->http_status = st;
          continue;
        }
      }
      if (!site->error_code && LooksLikeErrorCode(text)) {
        site->error_code = Is(a, "string_literal") ? std::string(text.substr(1, text.size() - 2))
                                                   : LastDotComponent(text);
      }
    }
    if (ts_node_is_null(msg)) {
      for (TSNode a : args) {
        std::vector<Template> alts = AlternativeTemplates(a);
        if (!alts.empty()) {
          site->message = alts[0];
          site->message_opaque = false;
          return alts;
        }
      }
      site->message = Template();
      site->message.AddLiteral(site->error_code ? *site->error_code : site->error_class);
      site->message_opaque = true;
      if (site->message_origin_note.empty()) {
        site->message_origin_note =
            args.empty() ? "constructed without a message" : "the message is not a literal";
      }
      return {};
    }
    // One message per combination of the `when` arms it reads (ChosenArm).
    std::vector<std::pair<Template, std::string>> all = choices_.Enumerate([&] {
      std::string note = site->message_origin_note;
      Template t = ExprTemplate(msg, ts_node_start_byte(msg), 0, &note);
      return std::make_pair(std::move(t), std::move(note));
    });
    site->message = all[0].first;
    site->message_origin_note = all[0].second;
    site->message_opaque = !site->message.HasLiteralText();
    std::vector<Template> alts;
    if (all.size() > 1) {
      for (auto& [t, note] : all) {
        if (t.HasLiteralText()) alts.push_back(std::move(t));  // `x ?: "y"` read as x alone
      }
    }
    return alts;
  }

  // The messages of a conditional message argument, each with text, else none.
  std::vector<Template> AlternativeTemplates(TSNode n) {
    auto expand = [this](TSNode leaf) {
      std::string note;
      return ExprTemplate(leaf, ts_node_start_byte(leaf), 0, &note);
    };
    std::vector<Template> out = ConditionalMessages(
        n, [this](TSNode x) { return Branches(x); }, expand);
    if (!out.empty()) return out;
    // `if (offset >= 0) "Unexpected token at offset $offset: $message" else
    // message`: a branch that passes a String parameter on carries the
    // caller's text (linked at the caller); the branches with text are
    // this function's messages.
    if (ts_node_is_null(n)) return {};
    std::vector<TSNode> branches = Branches(n);
    if (branches.size() < 2) return {};
    for (TSNode b : branches) {
      Template t = expand(b);
      if (t.HasLiteralText()) {
        out.push_back(std::move(t));
      } else if (!Is(b, "simple_identifier") || !StringParam(Func(b), ts::Text(b, src_))) {
        return {};
      }
    }
    return out.size() < branches.size() ? out : std::vector<Template>{};
  }

  // One site per message of a conditional message; else the site as is.
  void FinishEach(TSNode stmt, ErrorSite site, const std::vector<Template>& alts) {
    FinishEachMessage(std::move(site), alts, [&](ErrorSite one) { Finish(stmt, std::move(one)); });
  }

  // Inside a template, `pos` and `depth` continue the caller's: with the
  // node's own start, `s = String.format(.., s + "x")` would resolve `s` to
  // the assignment it sits in, without end.
  bool HasText(TSNode n) { return HasText(n, ts_node_start_byte(n), 0); }
  bool HasText(TSNode n, uint32_t pos, int depth) {
    std::string note;
    return ExprTemplate(n, pos, depth, &note).HasLiteralText();
  }

  // A lambda's value: its last statement.
  TSNode LambdaResult(TSNode lambda) {
    std::vector<TSNode> stmts = NamedChildren(ChildOfType(lambda, "statements"));
    return stmts.empty() ? TSNode{} : stmts.back();
  }

  std::vector<std::string> ArgExprs(const std::vector<TSNode>& args, size_t begin, size_t end) {
    std::vector<std::string> out;
    for (size_t i = begin; i < end && i < args.size(); ++i) out.push_back(HoleExpr(args[i]));
    return out;
  }

  // --- helpers that return exceptions ----------------------------------------

  void CollectHelperThrow(TSNode jump) {
    if (!ts::Text(jump, src_).starts_with("throw")) return;
    TSNode arg = ts::FirstNamed(jump);
    if (!Is(arg, "call_expression")) return;
    std::optional<Call> c = Parts(arg);
    if (!c || c->name.empty() || std::isupper(static_cast<unsigned char>(c->name[0]))) return;
    thrown_helpers_[c->name].push_back(ts::Line(jump));
  }

  void NoteHelperThrows() {
    for (const auto& [index, name] : helper_sites_) {
      auto it = thrown_helpers_.find(name);
      if (index >= out_->size() || it == thrown_helpers_.end()) continue;
      std::vector<std::string> lines;
      for (int l : it->second) lines.push_back(std::to_string(l));
      (*out_)[index].message_origin_note += "; thrown by `throw " + name + "(...)` at line" +
                                            (lines.size() > 1 ? "s " : " ") + Join(lines, ", ") +
                                            " of this file";
    }
  }

  // --- templates -----------------------------------------------------------

  // "..$v..${a.b}.." and raw """..""" strings, from the node's children:
  // string_content pieces, `$`/`${`/`}` tokens and the interpolations.
  Template StringTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    bool raw = ts::Text(n, src_).starts_with("\"\"\"");
    TSTreeCursor cursor = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      do {
        TSNode c = ts_tree_cursor_current_node(&cursor);
        std::string_view type = Type(c);
        if (type == "string_content") {
          std::string_view text = ts::Text(c, src_);
          out.AddLiteral(raw ? std::string(text) : DecodeKotlinEscapes(text));
        } else if (type == "interpolated_identifier") {
          std::string e(ts::Text(c, src_));
          if (auto t = InterpolatedText(c, pos, depth, note)) {
            out.Append(*t);
          } else {
            out.AddHole("$" + e, e);
          }
        } else if (type == "interpolated_expression") {
          TSNode inner = ts::FirstNamed(c);
          std::optional<Template> text;
          if (Is(inner, "simple_identifier")) text = InterpolatedText(inner, pos, depth, note);
          if (text) {
            out.Append(*text);
          } else if (Is(inner, "string_literal")) {
            out.Append(StringTemplate(inner, pos, depth + 1, note));
          } else {
            out.AddHole("${" + CollapseSpace(ts::Text(c, src_)) + "}", HoleExpr(inner));
          }
        }
      } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
    return out;
  }

  // `"$title$NL$problems"` where `val title = "Run failed with $n invalid
  // config $props.".red()` (detekt): a local or constant holding text is
  // that text inside the template too. A parameter, or a value errdex cannot
  // read, stays the hole it was.
  std::optional<Template> InterpolatedText(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    if (depth + 1 > kMaxExprDepth) return std::nullopt;
    std::optional<Template> t = VariableTemplate(ident, pos, depth + 1, note);
    if (!t || !t->HasLiteralText()) return std::nullopt;
    return t;
  }

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth == 0) steps_ = 0;
    if (depth > kMaxExprDepth || ts_node_is_null(n) || ++steps_ > kMaxSteps) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    if (type == "string_literal") return StringTemplate(n, pos, depth, note);
    if (type == "parenthesized_expression") {
      return ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note);
    }
    if (type == "additive_expression") {
      std::vector<TSNode> kids = NamedChildren(n);
      if (kids.size() == 2 && IsPlus(kids[0], kids[1])) {
        Template t = ExprTemplate(kids[0], pos, depth + 1, note);
        t.Append(ExprTemplate(kids[1], pos, depth + 1, note));
        if (t.HasLiteralText()) return t;
      }
    }
    if (type == "call_expression") {
      if (auto t = CallTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "simple_identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "elvis_expression") {
      // `when (size) { 0 -> ".."; 1 -> null; else -> ".." } ?: return ..`:
      // past the elvis the value is one of the texts (the null arm leaves).
      std::vector<TSNode> kids = NamedChildren(n);
      if (kids.size() == 2 && Is(kids[1], "jump_expression") &&
          (Is(kids[0], "when_expression") || Is(kids[0], "if_expression"))) {
        if (auto t = ChosenArm(kids[0], pos, depth, note)) return *t;
      }
      if (auto t = ElvisDefault(n, pos, depth, note)) return *t;
    }
    if (type == "when_expression") {
      if (auto t = ChosenArm(n, pos, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // A `when` (or `if`) whose arms give texts, read as one of them: the arm
  // the enumeration of the site's messages picks (choices_), by default the
  // last with text. Arms without text (`null`, a call) are left out.
  std::optional<Template> ChosenArm(TSNode n, uint32_t pos, int depth, std::string* note) {
    std::vector<Template> texts;
    std::vector<int> arms;
    for (TSNode arm : RenderedBranches(n)) {
      Template t = ExprTemplate(arm, pos, depth + 1, note);
      if (!t.HasLiteralText()) continue;
      arms.push_back(static_cast<int>(texts.size()));
      texts.push_back(std::move(t));
    }
    if (texts.empty()) return std::nullopt;
    int pick = choices_.Pick(n.id, arms);
    return texts[static_cast<size_t>(pick)];
  }

  // `a ?: "Timed out waiting for $time ms"` (kotlinx.coroutines' Timeout.kt)
  // where `a` has no text errdex can read: the literal default is the one
  // message known, and the note says when it is shown.
  // Only where it is the whole message or a local's whole value: inside
  // `"value: ${x ?: "none"}"` the value is the message.
  std::optional<Template> ElvisDefault(TSNode n, uint32_t pos, int depth, std::string* note) {
    TSNode up = ts_node_parent(n);
    while (Is(up, "parenthesized_expression")) up = ts_node_parent(up);
    static const std::set<std::string_view> kWhole = {
        "property_declaration", "assignment",    "value_argument",        "jump_expression",
        "statements",           "function_body", "control_structure_body"};
    if (!kWhole.count(Type(up))) return std::nullopt;
    std::vector<TSNode> kids = NamedChildren(n);
    if (kids.size() != 2 || HasText(kids[0], pos, depth + 1)) return std::nullopt;
    // `message ?: "default"` on a parameter: callers' text comes through it
    // (linked at the callers), so it stays a hole.
    if (Is(kids[0], "simple_identifier") &&
        ParamIndex(Func(kids[0]), ts::Text(kids[0], src_)) >= 0) {
      return std::nullopt;
    }
    std::string inner;
    Template t = ExprTemplate(kids[1], pos, depth + 1, &inner);
    if (!t.HasLiteralText()) return std::nullopt;
    // `val shown = event?.toString() ?: "no items"` (turbine): the left side
    // is shown whenever it is not null, so the message enumeration also
    // reads it as the value it is (a hole); the default stays the message.
    if (choices_.Pick(n.id, {0, 1}) == 0) return std::nullopt;
    if (note->empty()) {
      *note = "the default of `?:` at line " + std::to_string(ts::Line(kids[1])) + ", when `" +
              CollapseSpace(ts::Text(kids[0], src_)) + "` is null";
    }
    return t;
  }

  // `buildString { append("Certificate pinning failure!"); for (..) {
  // append(..) } }` (okhttp's CertificatePinner): the lambda's own appends
  // in order; a loop or branch that appends is one hole, named by its head
  // (it runs any number of times, or not at all).
  std::optional<Template> BuildStringTemplate(TSNode lambda, uint32_t pos, int depth,
                                              std::string* note) {
    TSNode stmts = ChildOfType(lambda, "statements");
    if (ts_node_is_null(stmts)) return std::nullopt;
    Template out;
    for (TSNode s : NamedChildren(stmts)) {
      std::optional<Call> c = Is(s, "call_expression") ? Parts(s) : std::nullopt;
      if (c && c->receiver.empty() && (c->name == "append" || c->name == "appendLine") &&
          c->args.size() <= 1) {
        if (!c->args.empty()) out.Append(ExprTemplate(c->args[0], pos, depth + 1, note));
        if (c->name == "appendLine") out.AddLiteral("\n");
        continue;
      }
      std::string_view text = ts::Text(s, src_);
      if (text.find("append") == std::string_view::npos) continue;  // a local, a check
      std::string head = CollapseSpace(text.substr(0, text.find('{')));
      out.AddHole("${" + head + "}", head);
    }
    if (!out.HasLiteralText()) return std::nullopt;
    return out;
  }

  bool IsPlus(TSNode left, TSNode right) {
    uint32_t b = ts_node_end_byte(left), e = ts_node_start_byte(right);
    return e > b && Trim(src_.substr(b, e - b)) == "+";
  }

  // "..".format(a), String.format("..", a), "..".trimIndent(),
  // "..".trimMargin("|"), x.toString().
  std::optional<Template> CallTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    std::optional<Call> c = Parts(n);
    if (c && c->name == "buildString" && c->receiver.empty() && !ts_node_is_null(c->lambda)) {
      return BuildStringTemplate(c->lambda, pos, depth, note);
    }
    if (!c || ts_node_is_null(c->callee) || !Is(c->callee, "navigation_expression")) {
      return std::nullopt;
    }
    TSNode object = ts::FirstNamed(c->callee);
    const std::string& name = c->name;
    if (name == "trimIndent" || name == "trimMargin") {
      Template t = ExprTemplate(object, pos, depth + 1, note);
      if (!t.HasLiteralText()) return std::nullopt;
      if (name == "trimIndent") return TrimIndent(t);
      std::string marker = "|";
      if (!c->args.empty()) marker = ExprTemplate(c->args[0], pos, depth + 1, note).Display();
      return TrimMargin(t, marker);
    }
    // `"Run failed with $n invalid config properties.".red()` (detekt):
    // a colour extension prints the same words.
    if (IsTerminalStyleName(name) && c->args.empty() && ts_node_is_null(c->lambda)) {
      Template t = ExprTemplate(object, pos, depth + 1, note);
      if (t.HasLiteralText()) return t;
      return std::nullopt;
    }
    if (name == "format") {
      TSNode fmt = object;
      size_t first = 0;
      if (c->receiver == "String" || c->receiver == "java.lang.String") {
        if (c->args.empty()) return std::nullopt;
        first = c->args.size() > 1 && !HasText(c->args[0], pos, depth + 1) &&
                        HasText(c->args[1], pos, depth + 1)
                    ? 1
                    : 0;
        fmt = c->args[first++];
      }
      Template t = ExprTemplate(fmt, pos, depth + 1, note);
      if (!t.HasLiteralText()) return std::nullopt;
      return ApplyPrintf(t, ArgExprs(c->args, first, c->args.size()), PrintfDialect::kJava);
    }
    return std::nullopt;
  }

  // A message held in a val/var: the last assignment before `pos` in the
  // function, `+=` appends after it, else a top-level or member property.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = ScopeOf(ident);
    // Fields and constants may be declared below their use.
    if (Is(scope, "source_file")) pos = UINT32_MAX;
    std::vector<Assignment> assigns = assignments_->To(scope, name, pos, walk_);
    if (assigns.empty() && !Is(scope, "source_file")) {
      assigns = assignments_->To(root_, name, UINT32_MAX, walk_);
    }
    return CombineAssignments(assigns, name, &resolving_, note, [&](TSNode value, uint32_t at) {
      return ExprTemplate(value, at, depth + 1, note);
    });
  }

  // `val m = ..` / `m = ..` / `m += ..`: what an assignment node assigns.
  bool ReadAssignment(TSNode n, std::string_view* name, TSNode* value, bool* append) {
    std::string_view type = Type(n);
    if (type == "property_declaration") {
      // val name[: T] = value: the value follows the `=` token.
      TSNode var = ChildOfType(n, "variable_declaration");
      std::vector<TSNode> kids = NamedChildren(n);
      if (ts_node_is_null(var) || kids.empty() || ts_node_eq(kids.back(), var)) return false;
      uint32_t b = ts_node_end_byte(var), e = ts_node_start_byte(kids.back());
      if (e <= b || src_.substr(b, e - b).find('=') == std::string_view::npos) return false;
      *name = ts::Text(ChildOfType(var, "simple_identifier"), src_);
      *value = kids.back();
      *append = false;
      return true;
    }
    if (type == "assignment") {
      std::vector<TSNode> kids = NamedChildren(n);
      if (kids.size() != 2) return false;
      uint32_t b = ts_node_end_byte(kids[0]), e = ts_node_start_byte(kids[1]);
      std::string_view op = e > b ? Trim(src_.substr(b, e - b)) : std::string_view();
      if (op != "=" && op != "+=") return false;
      *name = ts::Text(kids[0], src_);
      *value = kids[1];
      *append = op == "+=";
      return true;
    }
    return false;
  }

  // The statement a record points at: the node directly in a statement list,
  // a single-statement branch (`else -> throw ..`), an expression body, or
  // the right side of `?:`.
  TSNode StatementOf(TSNode n) {
    TSNode cur = n;
    for (TSNode parent : walk_.AncestorsOf(n)) {
      std::string_view pt = Type(parent);
      if (pt == "statements" || pt == "source_file" || pt == "control_structure_body" ||
          pt == "function_body" || pt == "class_body") {
        return cur;
      }
      // `a ?: b\n ?: error("..")`: the fallback raises, on its own line.
      if (pt == "elvis_expression" && cur.id != ts::FirstNamed(parent).id) return cur;
      cur = parent;
    }
    return TSNode{};
  }

  TSNode Parent(TSNode n) {
    const std::vector<TSNode>* anc = walk_.ancestors();
    if (anc && ts_node_eq(n, walk_.current())) return anc->empty() ? TSNode{} : anc->back();
    return ts_node_parent(n);
  }

  // The innermost function holding `n`, else the root.
  TSNode ScopeOf(TSNode n) { return walk_.ScopeOf(n, IsFunctionNode); }

  // `${x.toString()}` and `String.valueOf(x)` print x.
  std::string HoleExpr(TSNode n) {
    std::string e = CollapseSpace(ts::Text(n, src_));
    if (e.ends_with(".toString()")) return e.substr(0, e.size() - 11);
    return e;
  }

  void AddExprHole(TSNode n, Template* out) {
    std::string e = CollapseSpace(ts::Text(n, src_));
    out->AddHole("${" + e + "}", HoleExpr(n));
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = "kotlin";
    site.file_path = file_.path;
    site.kind = kind;
    // `@Suppress("X") require(..)`: the statement starts at its annotation,
    // the record at the call.
    TSNode first = stmt;
    for (int i = 0;
         i < 8 && Is(first, "prefix_expression") && Is(ts::FirstNamed(first), "annotation"); ++i) {
      std::vector<TSNode> kids = NamedChildren(first);
      first = kids.back();
    }
    site.line = ts::Line(first);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  void Finish(TSNode stmt, ErrorSite site) {
    if (site.message.empty()) return;
    if (facts_ && !site.message_opaque && site.kind != SiteKind::kLog) {
      AddSink(stmt, site, site.message, returns_);
    }
    out_->push_back(Context(stmt, std::move(site)));
  }

  ErrorSite Context(TSNode stmt, ErrorSite site) {
    // Split on the first site only: most files have none.
    if (lines_.empty()) lines_ = SplitLines(src_);
    AddBraceContext(stmt, src_, lines_, KotlinSyntax(), &site);
    return site;
  }

  // --- text functions (src/resolve/link_text_functions.h) -------------------

  // `fun f(..): String` (or an expression body with text): its returns
  // are candidate messages for raises that call it.
  void OpenTextFunction(TSNode fn) {
    TSNode params = ChildOfType(fn, "function_value_parameters");
    std::string_view type;
    bool after = false;
    for (TSNode c : NamedChildren(fn)) {
      if (ts_node_eq(c, params)) after = true;
      if (after && (Is(c, "user_type") || Is(c, "nullable_type"))) {
        type = ts::Text(c, src_);
        break;
      }
    }
    TSNode body = ChildOfType(fn, "function_body");
    bool expr_body = ts::Text(body, src_).starts_with("=");
    if (type.empty() ? !expr_body : !(type == "String" || type == "String?")) return;
    TextFunction tf;
    tf.name = std::string(ts::Text(ChildOfType(fn, "simple_identifier"), src_));
    tf.language = "kotlin";
    tf.line = ts::Line(fn);
    FuncInfo fi;
    ReadParams(params, &fi);
    tf.params = fi.params;
    std::string cls;
    for (TSNode a : walk_.AncestorsOf(fn)) {
      if (Is(a, "class_declaration") || Is(a, "object_declaration")) {
        cls = std::string(ts::Text(ChildOfType(a, "type_identifier"), src_));
        break;
      }
    }
    tf.method = !cls.empty();
    tf.qualified = cls.empty() ? tf.name : cls + "." + tf.name;
    text_fns_.Open(fn.id, std::move(tf));
    if (expr_body) {
      TSNode value = ts::FirstNamed(body);
      for (const Template& t : ReturnedTemplates(value)) {
        // Without a declared String type only text says it is one.
        if (type.empty() && !t.HasLiteralText()) continue;
        text_fns_.AddReturn(fn.id, t, ts::Line(value));
      }
    }
  }

  void AddTextReturn(TSNode jump) {
    std::string_view text = ts::Text(jump, src_);
    if (!text.starts_with("return") || text.starts_with("return@")) return;
    TSNode fn = ScopeOf(jump);
    TSNode value = ts::FirstNamed(jump);
    if (!text_fns_.IsOpen(fn.id) || ts_node_is_null(value)) return;
    for (const Template& t : ReturnedTemplates(value))
      text_fns_.AddReturn(fn.id, t, ts::Line(jump));
  }

  // One template per branch of `if`/`when`, else the value's own.
  std::vector<Template> ReturnedTemplates(TSNode value) {
    std::vector<Template> alts = AlternativeTemplates(value);
    if (!alts.empty()) return alts;
    std::string note;
    // `"no such option $name" + when (possibilities.size) { 0 -> ""; 1 ->
    // ". Did you mean ${possibilities[0]}?"; else -> .. }` (clikt): the
    // text once per arm.
    std::vector<TSNode> parts = NamedChildren(value);
    if (Is(value, "additive_expression") && parts.size() == 2) {
      TSNode right = parts[1];
      while (Is(right, "parenthesized_expression")) right = ts::FirstNamed(right);
      std::vector<TSNode> arms = RenderedBranches(right);
      if (arms.size() >= 2 && arms.size() <= kMaxReturnedArms) {
        Template head = ExprTemplate(parts[0], ts_node_start_byte(value), 0, &note);
        for (TSNode arm : arms) {
          Template t = head;
          t.Append(ExprTemplate(arm, ts_node_start_byte(arm), 0, &note));
          alts.push_back(std::move(t));
        }
        return alts;
      }
    }
    return {ExprTemplate(value, ts_node_start_byte(value), 0, &note)};
  }
  static constexpr size_t kMaxReturnedArms = 8;

  // An opaque message whose argument calls a function: the resolve stage
  // reads the text that function returns. `pending`: `site` was not
  // recorded and is added only then.
  void HoldCallArgs(const ErrorSite& site, const std::vector<TSNode>& args, bool pending) {
    if (!facts_) return;
    HeldMessage h;
    for (TSNode a : args) {
      if (!Is(a, "call_expression")) continue;
      Template t;
      AddExprHole(a, &t);
      h.args.push_back(std::move(t));
    }
    if (h.args.empty()) return;
    h.line = site.line;
    h.error_class = site.error_class;
    if (pending) h.site = site;
    facts_->held_messages.push_back(std::move(h));
  }

  // --- linking facts (src/resolve/link.h) ------------------------------------

  // The function (or, for a supertype call, the primary constructor) a node
  // sits in, as calls name it.
  struct FuncInfo {
    bool valid = false;
    TSNode node{};
    std::string qual, name;  // "Util.missingProperty", "missingProperty"; a constructor's class
    bool ctor = false;
    std::vector<std::string> params;
    std::vector<bool> string_param;
    std::vector<bool> no_text;  // declared types that cannot hold text
    int varargs = -1;
    bool returns_exception = false;  // declared (or, for `= ..`, maybe) an exception
    int line = 0;
  };

  // Parameters of a function_value_parameters / primary_constructor node.
  void ReadParams(TSNode list, FuncInfo* fi) {
    bool vararg = false;
    for (TSNode p : NamedChildren(list)) {
      if (Is(p, "parameter_modifiers")) {
        vararg = ts::Text(p, src_).find("vararg") != std::string_view::npos;
        continue;
      }
      if (!Is(p, "parameter") && !Is(p, "class_parameter")) continue;
      if (vararg || ts::Text(p, src_).starts_with("vararg")) {
        fi->varargs = static_cast<int>(fi->params.size());
      }
      vararg = false;
      fi->params.emplace_back(ts::Text(ChildOfType(p, "simple_identifier"), src_));
      TSNode type = ChildOfType(p, "user_type");
      if (ts_node_is_null(type)) type = ChildOfType(p, "nullable_type");
      fi->string_param.push_back(IsStringType(ts::Text(type, src_)));
      fi->no_text.push_back(!ts_node_is_null(type) && !MayHoldText(ts::Text(type, src_)));
    }
  }

  const FuncInfo& Func(TSNode at) {
    static const FuncInfo kNone;
    TSNode fn = ts_node_is_null(ctor_class_) ? ScopeOf(at) : ctor_class_;
    bool ctor = !ts_node_is_null(ctor_class_);
    if (!ctor && !Is(fn, "function_declaration")) return kNone;
    auto it = funcs_.find(fn.id);
    if (it != funcs_.end()) return it->second;
    FuncInfo& fi = funcs_[fn.id];
    fi.valid = true;
    fi.node = fn;
    fi.line = ts::Line(fn);
    if (ctor && Is(fn, "secondary_constructor")) {
      // `constructor(a: A) : this(..)`: called by the class's name.
      fi.ctor = true;
      for (TSNode a : walk_.AncestorsOf(fn)) {
        if (Is(a, "class_declaration")) {
          fi.name = fi.qual = std::string(ts::Text(ChildOfType(a, "type_identifier"), src_));
          break;
        }
      }
      ReadParams(ChildOfType(fn, "function_value_parameters"), &fi);
      return fi;
    }
    if (ctor) {
      fi.ctor = true;
      fi.name = fi.qual = std::string(ts::Text(ChildOfType(fn, "type_identifier"), src_));
      ReadParams(ChildOfType(fn, "primary_constructor"), &fi);
      return fi;
    }
    std::string cls;
    for (TSNode a : walk_.AncestorsOf(fn)) {
      if (Is(a, "class_declaration") || Is(a, "object_declaration")) {
        cls = std::string(ts::Text(ChildOfType(a, "type_identifier"), src_));
        break;
      }
    }
    fi.name = std::string(ts::Text(ChildOfType(fn, "simple_identifier"), src_));
    fi.qual = cls.empty() ? fi.name : cls + "." + fi.name;
    ReadParams(ChildOfType(fn, "function_value_parameters"), &fi);
    TSNode type = ChildOfType(fn, "user_type");
    if (ts_node_is_null(type)) type = ChildOfType(fn, "nullable_type");
    fi.returns_exception = ts_node_is_null(type)
                               ? ts::Text(ChildOfType(fn, "function_body"), src_).starts_with("=")
                               : LooksLikeExceptionClass(ClassName(ts::Text(type, src_)));
    return fi;
  }

  // A function with a body that is not only a call of its own name (an
  // overload passing on): those and abstract ones do not shadow the
  // repository's definitions.
  bool DefinesBody(TSNode fn) {
    TSNode body = ChildOfType(fn, "function_body");
    if (ts_node_is_null(body)) return false;
    std::string_view name = ts::Text(ChildOfType(fn, "simple_identifier"), src_);
    TSNode value = ts::FirstNamed(body);
    if (Is(value, "statements")) {
      if (ts_node_named_child_count(value) != 1) return true;
      value = ts::FirstNamed(value);
    }
    if (Is(value, "jump_expression")) value = ts::FirstNamed(value);
    return !Is(value, "call_expression") || CalleeName(value) != name;
  }

  static int ParamIndex(const FuncInfo& fi, std::string_view name) {
    for (size_t i = 0; i < fi.params.size(); ++i) {
      if (fi.params[i] == name) return static_cast<int>(i);
    }
    return -1;
  }

  // A String parameter: what a caller may forward a message through.
  static bool StringParam(const FuncInfo& fi, std::string_view name) {
    int i = ParamIndex(fi, name);
    return i >= 0 && fi.string_param[i];
  }

  static bool NamesParam(const Template& t, const FuncInfo& fi) {
    for (const Piece& p : t.pieces()) {
      if (p.is_hole && !p.expr.empty() && ParamIndex(fi, p.expr) >= 0) return true;
    }
    return false;
  }

  void AddSink(TSNode at, const ErrorSite& site, const Template& message, bool returns) {
    if (!facts_) return;
    const FuncInfo& fi = Func(at);
    if (!fi.valid || fi.name.empty()) return;
    bool names = NamesParam(message, fi);
    if (!names && !(returns && !fi.ctor && message.HasLiteralText())) return;
    SinkFact s;
    s.function = fi.qual;
    s.name = fi.name;
    s.language = "kotlin";
    s.method = !fi.ctor;
    s.constructor = fi.ctor;
    s.returns = returns && !fi.ctor;
    s.params = fi.params;
    s.message = message;
    s.error_class = fi.ctor ? fi.name : site.error_class;
    s.kind = site.kind;
    s.severity = site.severity;
    s.error_code = site.error_code;
    s.http_status = site.http_status;
    s.line = site.line;
    s.def_line = fi.line;
    s.varargs_from = fi.varargs;
    s.no_text = fi.no_text;
    facts_->sinks.push_back(std::move(s));
  }

  // An exception built from a String parameter alone: the parameter is the
  // message.
  void OpaqueSink(TSNode stmt, const ErrorSite& site, const std::vector<TSNode>& args,
                  bool returns) {
    if (!facts_) return;
    const FuncInfo& fi = Func(stmt);
    if (!fi.valid) return;
    for (TSNode a : args) {
      if (!Is(a, "simple_identifier")) continue;
      int i = ParamIndex(fi, ts::Text(a, src_));
      if (i < 0 || !fi.string_param[i]) continue;
      Template t;
      t.AddHole("$" + fi.params[i], fi.params[i]);
      AddSink(stmt, site, t, returns);
      return;
    }
  }

  // `cheap`: a call of any function (the most common node): an argument
  // without a string literal is one hole unless it is a message-like local.
  bool MakeLinkCall(TSNode call, const Call& c, LinkCall* out, bool cheap = false) {
    const FuncInfo& fi = Func(call);
    bool text = false, param = false;
    for (size_t i = 0; i < c.args.size(); ++i) {
      Template t;
      TSNode a = c.args[i];
      std::string_view at = ts::Text(a, src_);
      if (Is(a, "lambda_literal") || Is(a, "callable_reference")) {
        // no text
      } else if (cheap && at.find('"') == std::string_view::npos &&
                 !(Is(a, "simple_identifier") && ParamIndex(fi, at) < 0 && MessageLikeName(at))) {
        AddExprHole(a, &t);
      } else {
        std::string note;
        t = ExprTemplate(a, ts_node_start_byte(call), 0, &note);
      }
      text |= t.HasLiteralText();
      param |= fi.valid && NamesParam(t, fi);
      if (c.arg_names[i].empty()) {
        out->args.push_back(std::move(t));
      } else {
        out->keywords.emplace_back(c.arg_names[i], std::move(t));
      }
    }
    if (!text && !param && !out->thrown && !out->returned) return false;
    out->line = ts::Line(call);
    if (fi.valid) {
      out->caller = fi.qual;
      out->caller_name = fi.name;
      out->caller_method = !fi.ctor;
      out->caller_constructor = fi.ctor;
      out->caller_params = fi.params;
      out->caller_line = fi.line;
      out->caller_varargs = fi.varargs;
      out->caller_no_text = fi.no_text;
    }
    return true;
  }

  // `helper(..)`, `Util.helper(..)`: a call that may pass a message to a
  // sink, or throw what a helper returns.
  void CollectLinkCall(TSNode call) {
    std::string_view name = CalleeName(call);
    if (name.empty() || std::isupper(static_cast<unsigned char>(name[0])) || NeverLinks(name)) {
      return;
    }
    TSNode parent = Parent(call);
    if (Is(parent, "call_expression") && ts_node_eq(ts::FirstNamed(parent), call)) return;
    bool jump = Is(parent, "jump_expression");
    bool thrown = jump && ts::Text(parent, src_).starts_with("throw");
    bool returned = (jump && ts::Text(parent, src_).starts_with("return")) ||
                    (Is(parent, "function_body") && ts::Text(parent, src_).starts_with("="));
    // Before anything is allocated: some argument must have a string
    // literal, be a message-like local or a String parameter of the caller.
    std::vector<TSNode> idents;
    bool any = false;
    if (!thrown) {
      TSNode suffixes[2] = {ts_node_named_child(call, ts_node_named_child_count(call) - 1), {}};
      TSNode inner = ts::FirstNamed(call);
      if (Is(inner, "call_expression")) {
        suffixes[1] = ts_node_named_child(inner, ts_node_named_child_count(inner) - 1);
      }
      for (TSNode sfx : suffixes) {
        if (ts_node_is_null(sfx)) continue;
        for (uint32_t i = 0; !any && i < ts_node_named_child_count(sfx); ++i) {
          TSNode k = ts_node_named_child(sfx, i);
          if (!Is(k, "value_arguments")) continue;
          for (uint32_t j = 0; !any && j < ts_node_named_child_count(k); ++j) {
            TSNode arg = ts_node_named_child(k, j);
            TSNode a = ts_node_named_child(arg, ts_node_named_child_count(arg) - 1);
            std::string_view at = ts::Text(a, src_);
            bool id = Is(a, "simple_identifier");
            if (id) idents.push_back(a);
            any = at.find('"') != std::string_view::npos || (id && MessageLikeName(at));
          }
        }
      }
      if (!any && !returned && idents.empty()) return;
    }
    const FuncInfo& fi = Func(call);
    // `return report(..)` raises whatever the caller returns; as a returned
    // exception it matters only in a helper returning one.
    bool return_statement = returned;
    returned = returned && fi.valid && fi.returns_exception;
    for (size_t i = 0; !any && i < idents.size(); ++i) {
      any = StringParam(fi, ts::Text(idents[i], src_));
    }
    if (!any && !thrown && !returned) return;
    std::optional<Call> c = Parts(call);
    if (!c || (c->args.empty() && !thrown && !returned)) return;
    if (c->receiver.starts_with("System.") || c->receiver == "super") return;
    LinkCall out;
    out.callee = c->name;
    out.receiver = c->receiver;
    out.thrown = thrown;
    out.returned = returned;
    if (!MakeLinkCall(call, *c, &out, /*cheap=*/true)) return;
    bool text = false;
    for (const Template& t : out.args) text |= t.HasLiteralText();
    for (const auto& kw : out.keywords) text |= kw.second.HasLiteralText();
    // A raising helper is called as a statement of its own (or thrown,
    // returned): only those calls get a site's context.
    if ((text &&
         (return_statement || Is(parent, "statements") || Is(parent, "control_structure_body"))) ||
        thrown) {
      TSNode stmt = StatementOf(call);
      if (!ts_node_is_null(stmt)) out.site = Context(stmt, NewSite(stmt, SiteKind::kRaise));
    }
    if (!out.caller_name.empty() || out.site) facts_->link_calls.push_back(std::move(out));
  }

  // `X(..)` that made a site: X's own constructor may compose the message.
  // A thrown `X(fields, name)` read as no message at all is linked too: the
  // class's text replaces the opaque site. Thrown or returned (`fun
  // X(offset: Int, message: String) = X(..)`) as written, for the factory
  // functions Kotlin names like the class they build (link.cc Reaches).
  void AddConstructionLink(TSNode n, const Call& c, const ErrorSite& made, bool thrown,
                           bool returned) {
    LinkCall call;
    call.callee = c.name;
    call.construct = true;
    call.thrown = made.message_opaque || thrown;
    call.returned = returned;
    if (!MakeLinkCall(n, c, &call)) return;
    bool text = made.message_opaque;
    for (const Template& t : call.args) text |= t.HasLiteralText();
    if (text) {
      ErrorSite proto = made;
      proto.message = Template();
      proto.message_origin_note.clear();
      call.site = std::move(proto);
      call.replaces_site = true;
    }
    facts_->link_calls.push_back(std::move(call));
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;  // of src_, split when first needed
  std::vector<ErrorSite>* out_;
  FileFacts* facts_ = nullptr;
  std::map<const void*, FuncInfo> funcs_;
  bool returns_ = false;  // the site being finished is a helper's `return X(..)`
  TSNode ctor_class_{};   // the class whose supertype call is being finished
  TSNode root_{};
  WalkPosition walk_;
  std::vector<std::pair<size_t, std::string>> helper_sites_;  // (index into *out_, function)
  std::map<std::string, std::vector<int>> thrown_helpers_;
  int steps_ = 0;
  std::vector<const void*> resolving_;  // assignments being expanded (cycle guard)
  BranchChoices choices_;               // `when` arms, one message per combination
  std::optional<AssignmentIndex> assignments_;
  TextFunctionCollector text_fns_;
};

class KotlinExtractor : public Extractor {
 public:
  std::string_view language() const override { return "kotlin"; }
  bool Handles(std::string_view path) const override {
    return path.ends_with(".kt") || path.ends_with(".kts");
  }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    return ts::ParseAndVisit(tree_sitter_kotlin(), file, had_syntax_errors, [&](TSNode root) {
      KotlinFile(file, sites, facts).Run(root);
      if (facts) CollectCallFacts(root, file.content, "kotlin", facts);
    });
  }
};

}  // namespace

const Extractor* KotlinExtractorInstance() {
  static const KotlinExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
