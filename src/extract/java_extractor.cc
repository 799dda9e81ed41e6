// Java extractor: finds the error sites of one .java file and reconstructs
// each message template from the syntax tree: string literals and text
// blocks, `+` concatenation (`String.valueOf(x)`, `x.toString()` name their
// hole `x`), String.format / `.formatted()` verbs, MessageFormat `{0}` and
// messages held in locals or constants.
//
// Sites: `new X(...)` of an exception class (thrown, returned by a helper
// such as `static IllegalArgumentException invalid(..)`, stored or passed
// on), `super("..")` in an exception's constructor, precondition helpers
// (Objects.requireNonNull, Guava Preconditions, Spring Assert, commons-lang
// Validate), error and warning logs (SLF4J/Log4j `{}`, java.util.logging,
// android.util.Log) and HTTP errors (ResponseStatusException,
// `response.sendError`, `ResponseEntity.status(..).body(..)`).
#include <tree_sitter/api.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "extract/brace_context.h"
#include "extract/conditional_messages.h"
#include "extract/jvm_idioms.h"
#include "extract/jvm_strings.h"
#include "extract/local_assignments.h"
#include "extract/printf_format.h"
#include "extract/ts_util.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_java();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
using ts::kMaxAncestors;
// Expressions expanded per template: constants built from constants
// (`A = B + B; B = C + C; ...`) would otherwise take exponential time.
constexpr int kMaxSteps = 20000;

bool IsTypeDecl(std::string_view t) {
  return t == "class_declaration" || t == "interface_declaration" || t == "enum_declaration" ||
         t == "record_declaration" || t == "annotation_type_declaration";
}

bool IsFunctionNode(TSNode n) {
  std::string_view t = Type(n);
  return t == "method_declaration" || t == "constructor_declaration" ||
         t == "compact_constructor_declaration" || t == "lambda_expression" ||
         t == "static_initializer";
}

std::string JavaScopeName(TSNode n, std::string_view src, bool* is_function) {
  std::string_view t = Type(n);
  if (IsTypeDecl(t)) return std::string(ts::Text(Field(n, "name"), src));
  if (t == "method_declaration" || t == "constructor_declaration" ||
      t == "compact_constructor_declaration") {
    *is_function = true;
    return std::string(ts::Text(Field(n, "name"), src));
  }
  if (t == "lambda_expression" || t == "static_initializer") *is_function = true;
  return "";
}

const BraceSyntax& JavaSyntax() {
  static const BraceSyntax kSyntax{
      JavaScopeName,
      {"block", "program", "constructor_body", "switch_block_statement_group", "switch_rule"},
      {"return_statement", "throw_statement", "break_statement", "continue_statement",
       "yield_statement"},
      "catch_clause"};
  return kSyntax;
}

bool IsStatementList(std::string_view t) {
  return t == "block" || t == "program" || t == "constructor_body" ||
         t == "switch_block_statement_group" || t == "switch_rule" || t == "class_body" ||
         t == "enum_body_declarations" || t == "interface_body";
}

// Statements that hold no other statements: where a record points.
bool IsSimpleStatement(std::string_view t) {
  return t == "throw_statement" || t == "return_statement" || t == "expression_statement" ||
         t == "local_variable_declaration" || t == "yield_statement" ||
         t == "explicit_constructor_invocation" || t == "field_declaration";
}

// Symbol ids of the node types the walk dispatches on.
struct JavaIds {
  TSSymbol variable_declarator, assignment_expression, object_creation_expression,
      explicit_constructor_invocation, method_invocation, throw_statement, method_declaration;
};

const JavaIds& Ids() {
  static const JavaIds kIds = [] {
    const TSLanguage* lang = tree_sitter_java();
    auto sym = [&](std::string_view n) { return ts::Symbol(lang, n); };
    return JavaIds{sym("variable_declarator"),        sym("assignment_expression"),
                   sym("object_creation_expression"), sym("explicit_constructor_invocation"),
                   sym("method_invocation"),          sym("throw_statement"),
                   sym("method_declaration")};
  }();
  return kIds;
}

// Per-file extraction state.
class JavaFile {
 public:
  JavaFile(const SourceFile& file, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), out_(out) {}

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
  }

 private:
  // Runs for every node: compares symbol ids, not type strings.
  void Visit(TSNode n) {
    const JavaIds& ids = Ids();
    TSSymbol s = ts_node_symbol(n);
    if (s == ids.variable_declarator || s == ids.assignment_expression) {
      assignments_->OnVisit(n, *walk_.ancestors());
    }
    if (s == ids.object_creation_expression) {
      HandleNew(n);
    } else if (s == ids.explicit_constructor_invocation) {
      HandleSuper(n);
    } else if (s == ids.method_invocation) {
      HandleCall(n);
    } else if (s == ids.throw_statement) {
      CollectHelperThrow(n);
    } else if (s == ids.method_declaration) {
      HandleGetMessage(n);
    }
  }

  // --- sites ---------------------------------------------------------------

  static TSNode Unwrap(TSNode n) {
    for (int i = 0;
         i < kMaxExprDepth && (Is(n, "parenthesized_expression") || Is(n, "cast_expression"));
         ++i) {
      n = Is(n, "cast_expression") ? Field(n, "value") : ts::FirstNamed(n);
    }
    return n;
  }

  // `new X(...)`: thrown, returned from a helper, stored or passed on.
  void HandleNew(TSNode n) {
    std::string cls = ClassName(ts::Text(Field(n, "type"), src_));
    // Most `new`s build ordinary objects: filter before any ancestor walk.
    const std::vector<TSNode>* anc = walk_.ancestors();
    TSNode parent = anc && !anc->empty() ? anc->back() : TSNode{};
    if (cls.empty() || (!LooksLikeExceptionClass(cls) && !Is(parent, "throw_statement") &&
                        !Is(parent, "parenthesized_expression"))) {
      return;
    }
    TSNode stmt = StatementOf(n);
    if (ts_node_is_null(stmt)) return;
    bool thrown = Is(stmt, "throw_statement") && ts_node_eq(Unwrap(ts::FirstNamed(stmt)), n);
    if (!LooksLikeExceptionClass(cls) && !thrown) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = cls;
    std::vector<Template> alts = FillFromArgs(NamedChildren(Field(n, "arguments")), &site);
    // An exception built without a message and not thrown here (`return new
    // X(e)`, `list.add(new X())`) is not worth a record of its own.
    if (site.message_opaque && !thrown) return;
    if (Is(stmt, "return_statement")) {
      TSNode fn = ScopeOf(n);
      if (Is(fn, "method_declaration")) {
        std::string name(ts::Text(Field(fn, "name"), src_));
        site.message_origin_note =
            "built and returned by `" + name + "()`" +
            (site.message_origin_note.empty() ? "" : "; " + site.message_origin_note);
        helper_sites_.push_back({out_->size(), name});
      }
    }
    FinishEach(stmt, std::move(site), alts);
  }

  // `public String getMessage() { return "..." + x; }` in an exception
  // class: each return with text is how the exception prints.
  void HandleGetMessage(TSNode method) {
    std::string_view name = ts::Text(Field(method, "name"), src_);
    if (name != "getMessage" && name != "getLocalizedMessage") return;
    const std::vector<TSNode>& anc = *walk_.ancestors();
    if (!NamedChildren(Field(method, "parameters")).empty() || anc.size() < 2) return;
    TSNode cls = anc[anc.size() - 2];  // class_body's parent
    if (!Is(cls, "class_declaration")) return;
    std::string cls_name(ts::Text(Field(cls, "name"), src_));
    std::string parent = ClassName(ts::Text(ts::FirstNamed(Field(cls, "superclass")), src_));
    if (!LooksLikeExceptionClass(cls_name) && !LooksLikeExceptionClass(parent)) return;
    std::vector<TSNode> stack = {Field(method, "body")};
    for (int budget = 100000; !stack.empty() && budget > 0; --budget) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_is_null(n) || IsFunctionNode(n) || IsTypeDecl(Type(n)) ||
          Is(n, "object_creation_expression")) {
        continue;
      }
      if (Is(n, "return_statement")) {
        ErrorSite site = NewSite(n, SiteKind::kRaise);
        site.error_class = cls_name;
        TSNode value = ts::FirstNamed(n);
        site.message = ExprTemplate(value, ts_node_start_byte(n), 0, &site.message_origin_note);
        if (site.message_origin_note.empty()) {
          site.message_origin_note = "the " + std::string(name) + "() of `" + cls_name + "`";
        }
        if (site.message.HasLiteralText()) Finish(n, std::move(site));
        continue;
      }
      std::vector<TSNode> kids = NamedChildren(n);
      stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
  }

  // `super("bad " + n)` / `this(...)` in the constructor of an exception class.
  void HandleSuper(TSNode n) {
    TSNode cls = ts::EnclosingScope(n, [](TSNode a) { return IsTypeDecl(Type(a)); });
    if (!Is(cls, "class_declaration")) return;
    std::string name(ts::Text(Field(cls, "name"), src_));
    TSNode super_node = Field(cls, "superclass");
    std::string parent = ClassName(ts::Text(ts::FirstNamed(super_node), src_));
    if (!LooksLikeExceptionClass(name) && !LooksLikeExceptionClass(parent)) return;
    ErrorSite site = NewSite(n, SiteKind::kRaise);
    site.error_class = name;
    std::vector<Template> alts = FillFromArgs(NamedChildren(Field(n, "arguments")), &site);
    if (site.message_opaque) return;  // super(message): the caller's text
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message set by the constructor of `" + name + "`";
    }
    FinishEach(n, std::move(site), alts);
  }

  void HandleCall(TSNode call) {
    // The most common node of all: filter on the name before allocating.
    if (!MayReportErrors(ts::Text(Field(call, "name"), src_))) return;
    std::string method(ts::Text(Field(call, "name"), src_));
    std::string object(ts::Text(Field(call, "object"), src_));
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    if (auto check = CheckCallFor(object, method)) {
      HandleCheck(call, *check, args);
    } else if (IsLoggerName(object) && (LogSeverity(method) || method == "log")) {
      HandleLog(call, method, args);
    } else if (object == "Log" && (method == "e" || method == "w" || method == "wtf")) {
      HandleAndroidLog(call, method, args);
    } else if (method == "sendError" && args.size() >= 2) {
      HandleSendError(call, args);
    } else if (method == "body" && args.size() == 1) {
      HandleResponseEntity(call, args[0]);
    }
  }

  void HandleCheck(TSNode call, const CheckCall& check, const std::vector<TSNode>& args) {
    if (args.size() <= check.message_index) return;  // no message: a bare NPE/IAE
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = check.exception;
    TSNode msg = LambdaResult(args[check.message_index]);
    uint32_t pos = ts_node_start_byte(call);
    Template t = ExprTemplate(msg, pos, 0, &site.message_origin_note);
    std::vector<std::string> rest = ArgExprs(args, check.message_index + 1, args.size());
    if (check.format == CheckFormat::kGuava && !rest.empty()) {
      t = ApplyGuavaFormat(t, rest);
    } else if (check.format == CheckFormat::kPrintf) {
      t = ApplyPrintf(t, rest, PrintfDialect::kJava);
    }
    site.message = t;
    if (!site.message.HasLiteralText()) return;
    Finish(stmt, std::move(site));
  }

  // SLF4J/Log4j `log.error("... {}", v, e)`; java.util.logging
  // `logger.severe(..)`, `logger.log(Level.SEVERE, "... {0}", v)`.
  void HandleLog(TSNode call, const std::string& method, std::vector<TSNode> args) {
    std::optional<std::string> severity = LogSeverity(method);
    bool jul = method == "log";
    if (jul) {
      if (args.size() < 2) return;
      std::string level = LastDotComponent(ts::Text(args[0], src_));
      severity = LogSeverity(ToLower(level));
      if (!severity) return;
      args.erase(args.begin());
    }
    // A leading SLF4J Marker: the message is the first argument with text.
    size_t fmt = 0;
    while (fmt < args.size() && fmt < 2 && !HasText(args[fmt])) ++fmt;
    if (fmt >= args.size()) return;  // log.error(e): reports another error
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = *severity;
    uint32_t pos = ts_node_start_byte(call);
    site.message = ExprTemplate(args[fmt], pos, 0, &site.message_origin_note);
    size_t end = args.size();
    if (end > fmt + 1 && LooksLikeThrowableName(ts::Text(args[end - 1], src_))) --end;
    std::vector<std::string> rest = ArgExprs(args, fmt + 1, end);
    if (jul) {
      if (!rest.empty()) site.message = ApplyMessageFormat(site.message, rest);
    } else {
      site.message = ApplySlf4j(site.message, rest);
    }
    Finish(stmt, std::move(site));
  }

  // android.util.Log.e(TAG, "msg", throwable).
  void HandleAndroidLog(TSNode call, const std::string& method, const std::vector<TSNode>& args) {
    if (args.size() < 2 || !HasText(args[1])) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = method == "w" ? "warning" : method == "wtf" ? "critical" : "error";
    site.message = ExprTemplate(args[1], ts_node_start_byte(call), 0, &site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // `response.sendError(HttpServletResponse.SC_NOT_FOUND, "msg")`.
  void HandleSendError(TSNode call, const std::vector<TSNode>& args) {
    std::optional<int> status = HttpStatusOf(ts::Text(args[0], src_));
    if (!status || !HasText(args[1])) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    site.message = ExprTemplate(args[1], ts_node_start_byte(call), 0, &site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // `ResponseEntity.status(HttpStatus.CONFLICT).body("msg")`,
  // `ResponseEntity.badRequest().body("msg")`.
  void HandleResponseEntity(TSNode call, TSNode body) {
    TSNode builder = Field(call, "object");
    if (!Is(builder, "method_invocation") ||
        ts::Text(Field(builder, "object"), src_) != "ResponseEntity") {
      return;
    }
    std::string_view how = ts::Text(Field(builder, "name"), src_);
    std::optional<int> status;
    if (how == "status") {
      std::vector<TSNode> a = NamedChildren(Field(builder, "arguments"));
      if (!a.empty()) status = HttpStatusOf(ts::Text(a[0], src_));
    } else if (how == "badRequest") {
      status = 400;
    } else if (how == "unprocessableEntity") {
      status = 422;
    } else if (how == "internalServerError") {
      status = 500;
    }
    if (!status || !HasText(body)) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    site.message = ExprTemplate(body, ts_node_start_byte(call), 0, &site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // Message, HTTP status and error code from constructor arguments: the
  // message is the first argument with literal text; a status constant sets
  // the status; a code-like constant or string sets the code.
  // Returns the messages of a conditional message argument (`c ? "a" : "b"`,
  // `if (c) "a" else "b"`), one per branch, when no argument has text of
  // its own; the caller records one site per message.
  std::vector<Template> FillFromArgs(const std::vector<TSNode>& args, ErrorSite* site) {
    std::vector<TSNode> texts;
    for (TSNode a : args) {
      if (HasText(a)) texts.push_back(a);
    }
    // ("E42", "msg"): a code-like string before the message is the code.
    size_t skip = texts.size() > 1 && Is(texts[0], "string_literal") &&
                          LooksLikeErrorCode(ts::Text(texts[0], src_))
                      ? 1
                      : 0;
    TSNode msg = texts.size() > skip ? texts[skip] : TSNode{};
    bool http = site->error_class.find("Http") != std::string::npos ||
                site->error_class.find("Status") != std::string::npos;
    for (TSNode a : args) {
      if (!ts_node_is_null(msg) && ts_node_eq(a, msg)) continue;
      std::string_view text = ts::Text(a, src_);
      if (!site->http_status && !Is(a, "string_literal") &&
          (http || !Is(a, "decimal_integer_literal"))) {
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
    site->message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site->message_origin_note);
    site->message_opaque = !site->message.HasLiteralText();
    return {};
  }

  // The messages of a conditional message argument, each with text, else none.
  std::vector<Template> AlternativeTemplates(TSNode n) {
    return ConditionalMessages(
        n, [this](TSNode x) { return Branches(x); },
        [this](TSNode leaf) {
          std::string note;
          return ExprTemplate(leaf, ts_node_start_byte(leaf), 0, &note);
        });
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

  // A Supplier<String> message (`() -> "x " + y`) renders its result.
  TSNode LambdaResult(TSNode n) {
    if (!Is(n, "lambda_expression")) return n;
    TSNode body = Field(n, "body");
    if (!Is(body, "block")) return body;
    std::vector<TSNode> stmts = NamedChildren(body);
    if (stmts.size() == 1 && Is(stmts[0], "return_statement")) return ts::FirstNamed(stmts[0]);
    return n;
  }

  std::vector<std::string> ArgExprs(const std::vector<TSNode>& args, size_t begin, size_t end) {
    std::vector<std::string> out;
    for (size_t i = begin; i < end && i < args.size(); ++i) out.push_back(HoleExpr(args[i]));
    return out;
  }

  // --- helpers that return exceptions ----------------------------------------

  // `throw invalid(x)` / `throw Errors.badArg(x)`: remembered by method name
  // so that the record made inside the helper can say where it is thrown.
  void CollectHelperThrow(TSNode stmt) {
    TSNode arg = Unwrap(ts::FirstNamed(stmt));
    if (!Is(arg, "method_invocation")) return;
    thrown_helpers_[std::string(ts::Text(Field(arg, "name"), src_))].push_back(ts::Line(stmt));
  }

  void NoteHelperThrows() {
    for (const auto& [index, name] : helper_sites_) {
      auto it = thrown_helpers_.find(name);
      if (index >= out_->size() || it == thrown_helpers_.end()) continue;
      std::vector<std::string> lines;
      for (int l : it->second) lines.push_back(std::to_string(l));
      std::string& note = (*out_)[index].message_origin_note;
      note += "; thrown by `throw " + name + "(...)` at line" + (lines.size() > 1 ? "s " : " ") +
              Join(lines, ", ") + " of this file";
    }
  }

  // --- templates -----------------------------------------------------------

  Template StringTemplate(TSNode n) {
    Template out;
    std::string_view text = ts::Text(n, src_);
    if (text.starts_with("\"\"\"")) {
      out.AddLiteral(JavaTextBlockValue(text));
    } else if (text.size() >= 2) {
      out.AddLiteral(DecodeJavaEscapes(text.substr(1, text.size() - 2)));
    }
    return out;
  }

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth == 0) steps_ = 0;
    if (depth > kMaxExprDepth || ts_node_is_null(n) || ++steps_ > kMaxSteps) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    std::string_view text = ts::Text(n, src_);
    if (type == "string_literal" || type == "character_literal") return StringTemplate(n);
    if (type == "decimal_integer_literal" &&
        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      out.AddLiteral(text);
      return out;
    }
    if (type == "parenthesized_expression") {
      return ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note);
    }
    if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == "+") {
      Template t = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
      t.Append(ExprTemplate(Field(n, "right"), pos, depth + 1, note));
      // `a + b` with no text is arithmetic or an opaque value: one hole.
      if (t.HasLiteralText()) return t;
    }
    if (type == "method_invocation") {
      if (auto t = CallTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // String.format / "..".formatted / MessageFormat.format /
  // Strings.lenientFormat.
  std::optional<Template> CallTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    std::string_view method = ts::Text(Field(n, "name"), src_);
    TSNode object = Field(n, "object");
    std::string_view owner = ts::Text(object, src_);
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    TSNode fmt{};
    size_t first_arg = 0;
    if (method == "format" && (owner == "String" || owner == "MessageFormat") && !args.empty()) {
      // String.format(Locale.ROOT, "..", a): a leading Locale is skipped.
      first_arg =
          args.size() > 1 && !HasText(args[0], pos, depth + 1) && HasText(args[1], pos, depth + 1)
              ? 1
              : 0;
      fmt = args[first_arg++];
    } else if (method == "formatted" && !ts_node_is_null(object)) {
      fmt = object;
    } else if (method == "lenientFormat" && !args.empty()) {
      fmt = args[first_arg++];
    } else {
      return std::nullopt;
    }
    Template t = ExprTemplate(fmt, pos, depth + 1, note);
    if (!t.HasLiteralText()) return std::nullopt;
    std::vector<std::string> rest = ArgExprs(args, first_arg, args.size());
    if (owner == "MessageFormat") return ApplyMessageFormat(t, rest);
    if (method == "lenientFormat") return ApplyGuavaFormat(t, rest);
    return ApplyPrintf(t, rest, PrintfDialect::kJava);
  }

  // A message held in a local or a field: the last assignment before `pos`
  // in the method, `+=` appends after it, else a field of the file.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = ScopeOf(ident);
    // Fields and constants may be declared below their use.
    if (Is(scope, "program")) pos = UINT32_MAX;
    std::vector<Assignment> assigns = assignments_->To(scope, name, pos, walk_);
    if (assigns.empty() && !Is(scope, "program")) {
      assigns = assignments_->To(root_, name, UINT32_MAX, walk_);
    }
    return CombineAssignments(assigns, name, &resolving_, note, [&](TSNode value, uint32_t at) {
      return ExprTemplate(value, at, depth + 1, note);
    });
  }

  // `String m = ..` / `m = ..` / `m += ..`: what an assignment node assigns.
  bool ReadAssignment(TSNode n, std::string_view* name, TSNode* value, bool* append) {
    std::string_view type = Type(n);
    if (type == "variable_declarator") {
      *value = Field(n, "value");
      *name = ts::Text(Field(n, "name"), src_);
      *append = false;
      return !ts_node_is_null(*value);
    }
    if (type == "assignment_expression") {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      TSNode left = Field(n, "left");
      if ((op != "=" && op != "+=") || !Is(left, "identifier")) return false;
      *name = ts::Text(left, src_);
      *value = Field(n, "right");
      *append = op == "+=";
      return true;
    }
    return false;
  }

  // The statement a record points at. A lambda's expression body
  // (`orElseThrow(() -> new X(..))`) is its own statement: the line of the
  // exception, not of the call chain around it.
  TSNode StatementOf(TSNode n) {
    TSNode cur = n;
    for (TSNode parent : walk_.AncestorsOf(n)) {
      if (IsSimpleStatement(Type(cur))) return cur;  // also `if (c) throw ..;`
      if (IsStatementList(Type(parent))) return cur;
      if (Is(parent, "lambda_expression") && ts_node_eq(Field(parent, "body"), cur)) return cur;
      cur = parent;
    }
    return IsSimpleStatement(Type(cur)) ? cur : TSNode{};
  }

  // The innermost function holding `n`, else the root.
  TSNode ScopeOf(TSNode n) { return walk_.ScopeOf(n, IsFunctionNode); }

  // `c ? a : b`: the two branches.
  std::vector<TSNode> Branches(TSNode n) {
    n = Unwrap(n);
    if (!Is(n, "ternary_expression")) return {};
    return {Field(n, "consequence"), Field(n, "alternative")};
  }

  // The name a captured value goes by: `String.valueOf(x)`, `x.toString()`
  // and `Objects.toString(x)` print x.
  std::string HoleExpr(TSNode n) {
    n = Unwrap(n);
    if (Is(n, "method_invocation")) {
      std::string_view method = ts::Text(Field(n, "name"), src_);
      std::string_view owner = ts::Text(Field(n, "object"), src_);
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      if (method == "toString" && args.empty() && !owner.empty()) return CollapseSpace(owner);
      if ((owner == "String" && method == "valueOf") ||
          (owner == "Objects" && method == "toString")) {
        if (args.size() == 1) return CollapseSpace(ts::Text(args[0], src_));
      }
    }
    return CollapseSpace(ts::Text(n, src_));
  }

  void AddExprHole(TSNode n, Template* out) {
    out->AddHole("{" + CollapseSpace(ts::Text(n, src_)) + "}", HoleExpr(n));
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = "java";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(stmt);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  void Finish(TSNode stmt, ErrorSite site) {
    if (site.message.empty()) return;
    // Split on the first site only: most files have none.
    if (lines_.empty()) lines_ = SplitLines(src_);
    AddBraceContext(stmt, src_, lines_, JavaSyntax(), &site);
    out_->push_back(std::move(site));
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;  // of src_, split when first needed
  std::vector<ErrorSite>* out_;
  TSNode root_{};
  WalkPosition walk_;
  std::vector<std::pair<size_t, std::string>> helper_sites_;  // (index into *out_, method)
  std::map<std::string, std::vector<int>> thrown_helpers_;
  int steps_ = 0;
  std::vector<const void*> resolving_;  // assignments being expanded (cycle guard)
  std::optional<AssignmentIndex> assignments_;
};

class JavaExtractor : public Extractor {
 public:
  std::string_view language() const override { return "java"; }
  bool Handles(std::string_view path) const override { return path.ends_with(".java"); }
  Status Extract(const SourceFile& file, std::vector<ErrorSite>* sites,
                 bool* had_syntax_errors) const override {
    return ts::ParseAndVisit(tree_sitter_java(), file, had_syntax_errors,
                             [&](TSNode root) { JavaFile(file, sites).Run(root); });
  }
};

}  // namespace

const Extractor* JavaExtractorInstance() {
  static const JavaExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
