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
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "errdex/extractor.h"
#include "extract/common/brace_context.h"
#include "extract/common/conditional_messages.h"
#include "extract/common/failure_words.h"
#include "extract/common/local_assignments.h"
#include "extract/common/printf_format.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/jvm/jvm_idioms.h"
#include "extract/jvm/jvm_strings.h"
#include "resolve/call_facts.h"
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
      explicit_constructor_invocation, method_invocation, throw_statement, method_declaration,
      class_declaration, record_declaration, enum_declaration;
  TSFieldId name, object, arguments, body;
  TSSymbol method_decl, constructor_decl, compact_constructor_decl, lambda, static_init;
  TSSymbol identifier, return_statement, expression_statement, string_literal, binary_expression,
      ternary_expression;
};

const JavaIds& Ids() {
  static const JavaIds kIds = [] {
    const TSLanguage* lang = tree_sitter_java();
    auto sym = [&](std::string_view n) { return ts::Symbol(lang, n); };
    return JavaIds{sym("variable_declarator"),
                   sym("assignment_expression"),
                   sym("object_creation_expression"),
                   sym("explicit_constructor_invocation"),
                   sym("method_invocation"),
                   sym("throw_statement"),
                   sym("method_declaration"),
                   sym("class_declaration"),
                   sym("record_declaration"),
                   sym("enum_declaration"),
                   ts_language_field_id_for_name(lang, "name", 4),
                   ts_language_field_id_for_name(lang, "object", 6),
                   ts_language_field_id_for_name(lang, "arguments", 9),
                   ts_language_field_id_for_name(lang, "body", 4),
                   sym("method_declaration"),
                   sym("constructor_declaration"),
                   sym("compact_constructor_declaration"),
                   sym("lambda_expression"),
                   sym("static_initializer"),
                   sym("identifier"),
                   sym("return_statement"),
                   sym("expression_statement"),
                   sym("string_literal"),
                   sym("binary_expression"),
                   sym("ternary_expression")};
  }();
  return kIds;
}

// Per-file extraction state.
class JavaFile {
 public:
  JavaFile(const SourceFile& file, std::vector<ErrorSite>* out, FileFacts* facts = nullptr)
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
      if (facts_) CollectLinkCall(n);
    } else if (s == ids.throw_statement) {
      CollectHelperThrow(n);
    } else if (s == ids.method_declaration) {
      HandleGetMessage(n);
      if (facts_ && DefinesBody(n))
        facts_->link_names.emplace_back(ts::Text(ts_node_child_by_field_id(n, ids.name), src_));
    } else if (s == ids.class_declaration || s == ids.record_declaration ||
               s == ids.enum_declaration) {
      if (facts_) {
        facts_->link_names.emplace_back(ts::Text(ts_node_child_by_field_id(n, ids.name), src_));
      }
      if (s == ids.enum_declaration) HandleMessageEnum(n);
    }
    if (facts_) VisitForTextFunctions(n, s);
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

  // Whether the method around `n` is declared to return an exception type
  // (mockito's `MockitoAssertionError wantedButNotInvoked(..)` returns a
  // `new WantedButNotInvoked(..)`, a class not named like one).
  bool ReturnsErrorType(TSNode n) {
    TSNode fn = ScopeOf(n);
    if (!Is(fn, "method_declaration")) return false;
    return LooksLikeExceptionClass(ClassName(ts::Text(Field(fn, "type"), src_)));
  }

  // `new X(...)`: thrown, returned from a helper, stored or passed on.
  void HandleNew(TSNode n) {
    std::string cls = ClassName(ts::Text(Field(n, "type"), src_));
    // Most `new`s build ordinary objects: filter before any ancestor walk.
    const std::vector<TSNode>* anc = walk_.ancestors();
    TSNode parent = anc && !anc->empty() ? anc->back() : TSNode{};
    bool returned_error = Is(parent, "return_statement") && ReturnsErrorType(n);
    if (cls.empty() || (!LooksLikeExceptionClass(cls) && !Is(parent, "throw_statement") &&
                        !Is(parent, "parenthesized_expression") && !returned_error)) {
      if (!cls.empty()) HandleDiagnostic(n, cls);
      return;
    }
    TSNode stmt = StatementOf(n);
    if (ts_node_is_null(stmt)) return;
    bool thrown = Is(stmt, "throw_statement") && ts_node_eq(Unwrap(ts::FirstNamed(stmt)), n);
    if (!LooksLikeExceptionClass(cls) && !thrown && !returned_error) return;
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    // Once per combination of the branches its message local was assigned
    // in (`if (..) msg = "a"; else msg = "b"; throw new X(msg);`).
    for (BuiltNew& b : BuildEachNew(stmt, cls, args)) FinishNew(n, stmt, cls, args, thrown, &b);
  }

  // `new Notification("Property '" + p + "' is deprecated.", Level.WARNING)`:
  // an object that carries a message at an error or warning level (a
  // linter's notification, a compiler's diagnostic) is reported to the user
  // as that text, wherever it goes next.
  void HandleDiagnostic(TSNode n, const std::string& cls) {
    std::string_view text = ts::Text(Field(n, "arguments"), src_);
    if (text.find("evel.") == std::string_view::npos &&
        text.find("everity.") == std::string_view::npos) {
      return;  // most `new`s: no level among the arguments
    }
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    std::optional<std::string> severity;
    TSNode msg{};
    for (TSNode a : args) {
      if (!severity) severity = SeverityConstant(ts::Text(a, src_));
      if (ts_node_is_null(msg) && HasText(a)) msg = a;
    }
    TSNode stmt = StatementOf(n);
    if (!severity || ts_node_is_null(msg) || ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = *severity;
    site.message = ExprTemplate(msg, ts_node_start_byte(n), 0, &site.message_origin_note);
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "reported as a `" + cls + "` at level " + *severity;
    }
    Finish(stmt, std::move(site));
  }

  // `enum Message { UNMAPPED_TARGET("Unmapped target %s.", Kind.WARNING), .. }`:
  // an enum whose constants carry the texts a tool reports (mapstruct's
  // Message, an ErrorCode table) holds each message once, where the
  // constant is declared; the places that pass the constant on say nothing
  // of its words. Each constant with text is a record at its own line.
  // Only enums named or built as messages: `Color("Light red")` is not one.
  void HandleMessageEnum(TSNode decl) {
    if (!IsMessageEnum(decl)) return;
    std::string name(ts::Text(Field(decl, "name"), src_));
    for (TSNode c : NamedChildren(Field(decl, "body"))) {
      if (!Is(c, "enum_constant")) continue;
      std::vector<TSNode> args = NamedChildren(Field(c, "arguments"));
      TSNode msg{};
      std::string severity = "error";
      for (TSNode a : args) {
        std::string_view text = ts::Text(a, src_);
        std::string level = ToLower(text.substr(text.rfind('.') + 1));
        if (level == "note" || level == "info" || level == "debug" || level == "trace" ||
            level == "other") {
          severity.clear();  // a progress note, not an error
        } else if (level.find("warn") != std::string::npos && !severity.empty()) {
          severity = "warning";
        }
        if (ts_node_is_null(msg) && HasText(a)) msg = a;
      }
      if (severity.empty() || ts_node_is_null(msg)) continue;
      ErrorSite site = NewSite(c, SiteKind::kLog);
      site.severity = severity;
      Template t = ExprTemplate(msg, ts_node_start_byte(c), 0, &site.message_origin_note);
      if (!HasWords(t) || t.Display().find(' ') == std::string::npos) continue;
      site.message = FormatHoles(t);
      std::string constant(ts::Text(Field(c, "name"), src_));
      site.message_origin_note =
          "the text of `" + name + "." + constant + "`, reported where the constant is passed on";
      out_->push_back(Context(c, std::move(site)));
    }
  }

  // An enum whose name says it holds messages or errors, or whose
  // constructor takes the text as a parameter named so.
  bool IsMessageEnum(TSNode decl) {
    std::string name = ToLower(ts::Text(Field(decl, "name"), src_));
    for (std::string_view w : {"message", "msg", "error", "problem", "diagnostic", "warning"}) {
      if (name.find(w) != std::string::npos) return true;
    }
    for (TSNode part : NamedChildren(Field(decl, "body"))) {
      if (!Is(part, "enum_body_declarations")) continue;
      for (TSNode m : NamedChildren(part)) {
        if (!Is(m, "constructor_declaration")) continue;
        for (TSNode p : NamedChildren(Field(m, "parameters"))) {
          std::string pname = ToLower(ts::Text(Field(p, "name"), src_));
          if (ts::Text(Field(p, "type"), src_) == "String" &&
              (pname.find("message") != std::string::npos ||
               pname.find("msg") != std::string::npos || pname == "template" ||
               pname == "format")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // The text of a message constant is a format its reporter fills:
  // `%s` verbs (String.format) or `{0}` places (MessageFormat).
  static Template FormatHoles(const Template& t) {
    std::string shown = t.Display();
    if (shown.find('%') != std::string::npos) return ApplyPrintf(t, {}, PrintfDialect::kJava);
    if (shown.find("{0") != std::string::npos) return ApplyMessageFormat(t, {});
    return t;
  }

  struct BuiltNew {
    ErrorSite site;
    std::vector<Template> alts;  // messages chosen by a conditional argument
  };

  // The site of `new cls(args)` in each combination of branches its
  // message depends on (branch_choices.h), distinct messages only, noted
  // "message i of n" when there are several.
  std::vector<BuiltNew> BuildEachNew(TSNode stmt, const std::string& cls,
                                     const std::vector<TSNode>& args) {
    auto build = [&] {
      BuiltNew one{NewSite(stmt, SiteKind::kRaise), {}};
      one.site.error_class = cls;
      one.alts = FillFromArgs(args, &one.site);
      return one;
    };
    return DistinctChosenMessages(choices_.Enumerate(build),
                                  [](BuiltNew& b) -> ErrorSite& { return b.site; });
  }

  void FinishNew(TSNode n, TSNode stmt, const std::string& cls, const std::vector<TSNode>& args,
                 bool thrown, BuiltNew* b) {
    ErrorSite& site = b->site;
    std::vector<Template>& alts = b->alts;
    if (site.message_opaque && thrown) HoldCallArgs(site, args, false);
    bool returned = Is(stmt, "return_statement") && ts_node_eq(Unwrap(ts::FirstNamed(stmt)), n);
    // `throw new X(message)` / `return new X(message)` in a helper whose
    // String parameter is the message: a sink, not a site.
    if (site.message_opaque) OpaqueSink(stmt, site, args, returned && !thrown);
    // An exception built without a message and not thrown here (`return new
    // X(e)`, `list.add(new X())`) is not worth a record of its own.
    if (site.message_opaque && !thrown) return;
    returns_ = returned;
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
    size_t before = out_->size();
    FinishEach(stmt, std::move(site), alts);
    returns_ = false;
    if (facts_ && out_->size() > before) AddConstructionLink(n, cls, args, (*out_)[before]);
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
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    std::vector<Template> alts = FillFromArgs(args, &site);
    if (site.message_opaque) {
      // super(message): the caller's text; a repository superclass may
      // compose it.
      if (facts_ && ts::Text(n, src_).starts_with("super") && !parent.empty()) {
        LinkCall call;
        call.callee = parent;
        call.construct = true;
        if (MakeLinkCall(n, args, &call)) facts_->link_calls.push_back(std::move(call));
      }
      return;
    }
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message set by the constructor of `" + name + "`";
    }
    FinishEach(n, std::move(site), alts);
  }

  // Whether the file imports a class named like a known check library's
  // (`Validate`, `Assert`, `Preconditions`) from another package:
  // thymeleaf's own `org.thymeleaf.util.Validate.notNull` throws
  // IllegalArgumentException, not commons-lang's NullPointerException; its
  // calls are the repository's sink's (the link stage), not the library's.
  bool OwnClassOfThatName(std::string_view receiver) {
    static const std::pair<std::string_view, std::string_view> kLibraries[] = {
        {"Validate", "org.apache.commons.lang"},
        {"Assert", "org.springframework."},
        {"Preconditions", "com.google.common."}};
    for (const auto& [owner, package] : kLibraries) {
      if (receiver != owner) continue;
      std::string tail = "." + std::string(owner) + ";";
      for (size_t at = src_.find("import "); at != std::string_view::npos;
           at = src_.find("import ", at + 7)) {
        std::string_view line = src_.substr(at, src_.find('\n', at) - at);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        if (line.ends_with(tail) && line.find(package) == std::string_view::npos) return true;
      }
    }
    return false;
  }

  void HandleCall(TSNode call) {
    // The most common node of all: filter on the name before allocating.
    if (!MayReportErrors(ts::Text(ts_node_child_by_field_id(call, Ids().name), src_))) return;
    std::string method(ts::Text(Field(call, "name"), src_));
    std::string object(ts::Text(Field(call, "object"), src_));
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    if (auto check = CheckCallFor(object, method); check && !OwnClassOfThatName(object)) {
      HandleCheck(call, *check, args);
    } else if (IsLoggerName(object) && (LoggedSeverity(method) || method == "log")) {
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
    if (!site.message.HasLiteralText()) {
      // checkArgument(ok, message) in a wrapper: the wrapper's callers' text.
      AddSink(stmt, site, site.message, false);
      return;
    }
    Finish(stmt, std::move(site));
  }

  // SLF4J/Log4j `log.error("... {}", v, e)`; java.util.logging
  // `logger.severe(..)`, `logger.log(Level.SEVERE, "... {0}", v)`.
  void HandleLog(TSNode call, const std::string& method, std::vector<TSNode> args) {
    std::optional<std::string> severity = LoggedSeverity(method);
    bool jul = method == "log";
    if (jul) {
      if (args.size() < 2) return;
      std::string level = LastDotComponent(ts::Text(args[0], src_));
      severity = LoggedSeverity(ToLower(level));
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
    if (site.severity == "info" && !StatesFailure(site.message)) return;
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
      site->message_opaque = true;
      if (args.size() == 1 && !site->error_code && CaughtName(args[0])) {
        // `new RuntimeException(e)` in `catch (Exception e)`: the message is
        // the cause's toString(), its class name and message.
        std::string name(ts::Text(args[0], src_));
        site->message.AddHole("{" + name + "}", name);
        site->message_origin_note =
            "the caught `" + name + "`'s text (its toString(): class name and message)";
        return {};
      }
      site->message.AddLiteral(site->error_code ? *site->error_code : site->error_class);
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

  // Whether `n` names the parameter of a catch clause around it.
  bool CaughtName(TSNode n) {
    if (!Is(n, "identifier")) return false;
    std::string_view name = ts::Text(n, src_);
    for (TSNode up = ts_node_parent(n); !ts_node_is_null(up); up = ts_node_parent(up)) {
      if (Is(up, "method_declaration") || Is(up, "lambda_expression")) return false;
      if (!Is(up, "catch_clause")) continue;
      for (TSNode c : NamedChildren(up)) {
        if (Is(c, "catch_formal_parameter") && ts::Text(Field(c, "name"), src_) == name) {
          return true;
        }
      }
    }
    return false;
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
    HandleThrownFactory(stmt, arg);
  }

  // `throw InvalidDefinitionException.from(parser, msg, type)`: a static
  // factory of an exception class, thrown here.
  void HandleThrownFactory(TSNode stmt, TSNode call) {
    std::string cls = ClassName(ts::Text(Field(call, "object"), src_));
    if (cls.empty() || !LooksLikeExceptionClass(cls) ||
        !std::isupper(static_cast<unsigned char>(cls[0])))
      return;
    // `wrapWithPath(e, ..)`, `wrap(e)`: another exception's message.
    if (ts::Text(Field(call, "name"), src_).starts_with("wrap")) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = cls;
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    std::vector<Template> alts = FillFromArgs(args, &site);
    // A number (`from(p, ix)`) is not a message.
    bool words = false;
    for (const Piece& p : site.message.pieces()) {
      words |= !p.is_hole && std::any_of(p.text.begin(), p.text.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c));
      });
    }
    if (!words && alts.empty()) site.message_opaque = true;
    if (site.message_opaque) {
      OpaqueSink(stmt, site, args, false);
      return;
    }
    FinishEach(stmt, std::move(site), alts);
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
      TSNode left = Field(n, "left"), right = Field(n, "right");
      Template t = ExprTemplate(left, pos, depth + 1, note);
      Template r = ExprTemplate(right, pos, depth + 1, note);
      // `a + b` with no text is arithmetic or an opaque value: one hole;
      // so is `lineNumber + 1` (digits are numbers to add, not text).
      bool arithmetic = !HasWords(t) && !HasWords(r);
      t.Append(r);
      if (t.HasLiteralText() && !arithmetic) return t;
    }
    if (type == "method_invocation") {
      if (auto t = CallTemplate(n, pos, depth, note)) return *t;
      if (auto t = BuilderTemplate(n, depth)) return *t;
      if (auto t = TextHelperTemplate(n, depth)) return *t;
      NoteCallArgTexts(n, pos, depth, note);
    }
    if (type == "identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // A call left as a hole whose argument is a local holding text
  // (facts.h CallArgTexts): its arguments' templates, for the text-function
  // stage. Only locals: literals are in the hole's own expression.
  void NoteCallArgTexts(TSNode call, uint32_t pos, int depth, std::string* note) {
    if (!facts_ || cheap_vars_) return;
    TSNode args_node = Field(call, "arguments");
    std::vector<TSNode> args = NamedChildren(args_node);
    bool local_text = false;
    std::vector<Template> templates;
    for (TSNode a : args) {
      templates.push_back(ExprTemplate(a, pos, depth + 1, note));
      local_text |= Is(a, "identifier") && templates.back().HasLiteralText();
    }
    if (!local_text) return;
    facts_->call_arg_texts.push_back({CurrentFunc().qual, HoleExpr(call), std::move(templates)});
  }

  // Literal text other than digits.
  static bool HasWords(const Template& t) {
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole && p.text.find_first_not_of("0123456789") != std::string::npos) return true;
    }
    return false;
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
    // `format("%s executing %s %s", ..)` under `import static
    // java.lang.String.format;` (feign) is String.format.
    bool static_format =
        method == "format" && ts_node_is_null(object) &&
        src_.find("import static java.lang.String.format;") != std::string_view::npos;
    if (static_format) owner = "String";
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
    } else if ((method == "tr" || method == "translate" || method == "gettext") && !args.empty()) {
      // Translation helpers (pgjdbc's `GT.tr("Connection to {0} refused.",
      // host)`): the source text is what users of the default locale see,
      // filled as MessageFormat fills it.
      fmt = args[first_arg++];
    } else if (method == "join") {
      return JoinTemplate(owner, args, pos, depth, note);
    } else {
      return std::nullopt;
    }
    Template t = ExprTemplate(fmt, pos, depth + 1, note);
    if (!t.HasLiteralText()) return std::nullopt;
    std::vector<std::string> rest = ArgExprs(args, first_arg, args.size());
    if (owner == "MessageFormat" || method == "tr" || method == "translate" ||
        method == "gettext") {
      return ApplyMessageFormat(t, rest);
    }
    if (method == "lenientFormat") return ApplyGuavaFormat(t, rest);
    return ApplyPrintf(t, rest, PrintfDialect::kJava);
  }

  // `String.join("\n", "a", b)`: the values with the literal separator;
  // `join("Wanted but not invoked:", wanted, "")` (mockito's statically
  // imported StringUtil.join, whose values are lines): the values on lines
  // of their own. Nullopt for other joins (`StringUtils.join(list, ", ")`).
  std::optional<Template> JoinTemplate(std::string_view owner, const std::vector<TSNode>& args,
                                       uint32_t pos, int depth, std::string* note) {
    std::string sep;
    size_t first = 0;
    if (owner == "String" && args.size() >= 3 && Is(args[0], "string_literal")) {
      Template t = ExprTemplate(args[0], pos, depth + 1, note);
      if (t.HoleCount() > 0) return std::nullopt;
      sep = t.Display();
      first = 1;
    } else if ((owner.empty() || owner.ends_with("StringUtil")) && args.size() >= 2 &&
               !Is(args[0], "character_literal")) {
      // The first line has text of its own (a literal, a concatenation, a
      // local holding text), more than a separator.
      Template t = ExprTemplate(args[0], pos, depth + 1, note);
      if (!t.HasLiteralText() || !HasWords(t) || t.Display().size() < 4) return std::nullopt;
      sep = "\n";
    } else {
      return std::nullopt;
    }
    Template out;
    for (size_t i = first; i < args.size(); ++i) {
      if (i > first) out.AddLiteral(sep);
      out.Append(ExprTemplate(args[i], pos, depth + 1, note));
    }
    if (!out.HasLiteralText()) return std::nullopt;
    return out;
  }

  // `message + locationString()`: a method of the same class without
  // parameters that returns a String built from literal text (gson's
  // ` at line 3 column 7 path $.a`) is read as the text it returns.
  std::optional<Template> TextHelperTemplate(TSNode call, int depth) {
    std::string_view object = ts::Text(Field(call, "object"), src_);
    if (!object.empty() && object != "this") return std::nullopt;
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    TSNode method{};
    TSNode value = TextHelperReturn(call, args.size(), &method);
    if (ts_node_is_null(value)) return std::nullopt;
    // The helper's own locals and fields, read at its return.
    std::string note;
    Template t = ExprTemplate(value, ts_node_start_byte(value), depth + 1, &note);
    if (!t.HasLiteralText()) return std::nullopt;
    if (args.empty()) return t;
    return WithArguments(t, method, args, depth);
  }

  // `sb.toString()` of a local `StringBuilder sb = new StringBuilder("\nHowever,
  // there ").append(n).append(" with this mock:\n")` (mockito's Reporter):
  // the text it was created with, then what the statements of its block
  // append before the call, in order (`sb.append(x).append("y");`); a loop
  // or branch that appends is one hole.
  std::optional<Template> BuilderTemplate(TSNode call, int depth) {
    TSNode local = Field(call, "object");
    if (ts::Text(Field(call, "name"), src_) != "toString" || !Is(local, "identifier") ||
        !NamedChildren(Field(call, "arguments")).empty()) {
      return std::nullopt;
    }
    std::string name(ts::Text(local, src_));
    uint32_t pos = ts_node_start_byte(call);
    std::vector<Assignment> assigns = assignments_->To(ScopeOf(call), name, pos, walk_);
    if (assigns.size() != 1 || assigns[0].append || !Is(assigns[0].node, "variable_declarator")) {
      return std::nullopt;
    }
    Template t;
    if (!BuilderChain(assigns[0].value, "", depth, &t)) return std::nullopt;
    TSNode decl = ts_node_parent(assigns[0].node);
    TSNode block = ts_node_parent(decl);
    if (!Is(decl, "local_variable_declaration") || !IsStatementList(Type(block))) {
      return std::nullopt;
    }
    bool after = false, hole_last = false;
    for (TSNode stmt : NamedChildren(block)) {
      if (ts_node_eq(stmt, decl)) {
        after = true;
        continue;
      }
      if (!after) continue;
      if (ts_node_end_byte(stmt) > pos) break;  // the statement that reads it
      if (ts::Text(stmt, src_).find(name) == std::string_view::npos) continue;
      Template piece;
      if (Is(stmt, "expression_statement") &&
          BuilderChain(ts::FirstNamed(stmt), name, depth, &piece)) {
        t.Append(piece);
        hole_last = false;
      } else if (GuardedSeparator(stmt, name, depth, &piece)) {
        t.Append(piece);
      } else if (!hole_last) {
        t.AddHole("{" + name + "}", name);
        hole_last = true;
      }
    }
    if (!t.HasLiteralText()) return std::nullopt;
    return t;
  }

  // `if (buffer.length() > 0) buffer.append('\n');` (KryoException): a
  // separator appended only after text is there, read as the separator (a
  // message has text before it). Only for an append of a literal without
  // letters or digits, in an `if` without `else`.
  bool GuardedSeparator(TSNode stmt, std::string_view local, int depth, Template* t) {
    if (!Is(stmt, "if_statement") || !ts_node_is_null(Field(stmt, "alternative"))) return false;
    TSNode body = Field(stmt, "consequence");
    if (Is(body, "block")) {
      std::vector<TSNode> kids = NamedChildren(body);
      if (kids.size() != 1) return false;
      body = kids[0];
    }
    Template piece;
    if (!Is(body, "expression_statement") ||
        !BuilderChain(ts::FirstNamed(body), local, depth, &piece) || piece.HoleCount() > 0) {
      return false;
    }
    std::string text = piece.Display();
    bool separator = !text.empty() && std::none_of(text.begin(), text.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c));
    });
    if (separator) t->Append(piece);
    return separator;
  }

  // `new StringBuilder(x).append(y)..` (`local` empty) or `local.append(y)..`:
  // appends to *t the text of each part in order. False for anything else.
  bool BuilderChain(TSNode n, std::string_view local, int depth, Template* t) {
    std::vector<TSNode> appends;
    while (Is(n, "method_invocation") && ts::Text(Field(n, "name"), src_) == "append") {
      appends.push_back(n);
      n = Field(n, "object");
    }
    if (local.empty()) {
      if (!Is(n, "object_creation_expression")) return false;
      std::string_view type = ts::Text(Field(n, "type"), src_);
      if (type != "StringBuilder" && type != "StringBuffer") return false;
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      if (args.size() > 1) return false;
      if (!args.empty() && !Is(args[0], "decimal_integer_literal")) {  // else a capacity
        std::string note;
        t->Append(ExprTemplate(args[0], ts_node_start_byte(args[0]), depth + 1, &note));
      }
    } else if (!Is(n, "identifier") || ts::Text(n, src_) != local || appends.empty()) {
      return false;
    }
    for (size_t i = appends.size(); i-- > 0;) {
      std::vector<TSNode> args = NamedChildren(Field(appends[i], "arguments"));
      if (args.size() != 1) return false;
      std::string note;
      t->Append(ExprTemplate(args[0], ts_node_start_byte(args[0]), depth + 1, &note));
    }
    return true;
  }

  // `t`, a helper's return, with its parameters read as the call's
  // arguments (mockito's `createWantedButNotInvokedMessage(wanted)` joins
  // "Wanted but not invoked:" with `wanted.toString()`): a hole that is a
  // parameter becomes the argument's template, one that reads a parameter
  // is renamed to read the argument.
  Template WithArguments(const Template& t, TSNode method, const std::vector<TSNode>& args,
                         int depth) {
    std::vector<std::string> params;
    for (TSNode p : NamedChildren(Field(method, "parameters"))) {
      if (Is(p, "formal_parameter")) params.emplace_back(ts::Text(Field(p, "name"), src_));
    }
    Template out;
    for (const Piece& piece : t.pieces()) {
      if (!piece.is_hole) {
        out.AddLiteral(piece.text);
        continue;
      }
      auto it = std::find(params.begin(), params.end(), piece.expr);
      if (it != params.end() && static_cast<size_t>(it - params.begin()) < args.size()) {
        std::string note;
        TSNode arg = args[static_cast<size_t>(it - params.begin())];
        out.Append(ExprTemplate(arg, ts_node_start_byte(arg), depth + 1, &note));
        continue;
      }
      std::string expr = piece.expr;
      for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
        expr = ReplaceVariable(expr, params[i], CollapseSpace(ts::Text(args[i], src_)));
      }
      out.AddHole(piece.text, expr, piece.type);
    }
    return out;
  }

  // The value `return`ed by the String method `call` names in its own
  // class with `arity` parameters: its only return statement, else null.
  // `*method` is that method.
  TSNode TextHelperReturn(TSNode call, size_t arity, TSNode* method) {
    std::string name(ts::Text(Field(call, "name"), src_));
    TSNode cls = walk_.ScopeOf(call, [](TSNode a) { return IsTypeDecl(Type(a)); });
    if (!IsTypeDecl(Type(cls))) return TSNode{};
    auto key = std::make_tuple(static_cast<const void*>(cls.id), name, arity);
    auto it = text_helpers_.find(key);
    if (it != text_helpers_.end()) {
      *method = it->second.first;
      return it->second.second;
    }
    TSNode found{}, found_method{};
    int candidates = 0;
    for (TSNode m : NamedChildren(Field(cls, "body"))) {
      if (!Is(m, "method_declaration") || ts::Text(Field(m, "name"), src_) != name ||
          NamedChildren(Field(m, "parameters")).size() != arity ||
          !IsStringType(ts::Text(Field(m, "type"), src_))) {
        continue;
      }
      ++candidates;
      std::vector<TSNode> body = NamedChildren(Field(m, "body"));
      if (!body.empty() && Is(body.back(), "return_statement") && CountReturns(m) == 1) {
        found = ts::FirstNamed(body.back());
        found_method = m;
      }
    }
    if (candidates != 1) found = found_method = TSNode{};  // overloads: which one is unknown
    text_helpers_[key] = {found_method, found};
    *method = found_method;
    return found;
  }

  // The return statements of a method, not counting nested lambdas and
  // classes (bounded: a helper is short).
  int CountReturns(TSNode method) {
    int count = 0;
    std::vector<TSNode> stack = {Field(method, "body")};
    for (int budget = 2000; !stack.empty() && budget > 0; --budget) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_is_null(n) || Is(n, "lambda_expression") || Is(n, "class_body")) continue;
      count += Is(n, "return_statement");
      std::vector<TSNode> kids = NamedChildren(n);
      stack.insert(stack.end(), kids.begin(), kids.end());
    }
    return count;
  }

  // A message held in a local or a field: the last assignment before `pos`
  // in the method, `+=` appends after it, else a field of the file.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    // Reading any call's arguments: only message-like locals are followed.
    if (cheap_vars_ && !MessageLikeName(name)) return std::nullopt;
    TSNode scope = ScopeOf(ident);
    // Fields and constants may be declared below their use.
    if (Is(scope, "program")) pos = UINT32_MAX;
    std::vector<Assignment> assigns = assignments_->To(scope, name, pos, walk_);
    // `=`s in branches: the one the current choice takes (HandleNew).
    if (!Is(scope, "program")) {
      ChooseReachingAssignments(
          &assigns, [&](TSNode a) { return BranchPathOf(a); }, BranchPathOf(ident), &choices_);
    }
    // In a returned message, a local set in several branches (`typeName =
    // "Joda date/time"` in one, `"Java 8 optional"` in another) is any of
    // them: the last one is not what every caller sees.
    if (text_return_ && PlainAssignments(assigns) > 1) return std::nullopt;
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

  // The if/else statements and switch cases around `n` inside its method
  // (local_assignments.h).
  BranchPath BranchPathOf(TSNode n) {
    return IfSwitchBranchPath(n, walk_.AncestorsOf(n), IsFunctionNode, src_, "switch_block",
                              {"switch_block_statement_group", "switch_rule"});
  }

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

  // --- text functions (src/resolve/link_text_functions.h) -------------------

  void VisitForTextFunctions(TSNode n, TSSymbol s) {
    const JavaIds& ids = Ids();
    if (s == ids.method_declaration) {
      OpenTextFunction(n);
    } else if (s == ids.return_statement) {
      AddTextReturn(n);
    } else if (s == ids.variable_declarator) {
      HoldErrorLocal(n);
    }
  }

  // `String f(..)`: its returns are candidate messages for raises that
  // call it.
  void OpenTextFunction(TSNode fn) {
    if (ts::Text(Field(fn, "type"), src_) != "String") return;
    const FuncInfo& fi = FuncOf(fn);
    TextFunction tf;
    tf.name = fi.name;
    tf.qualified = fi.qual;
    tf.params = fi.params;
    tf.language = "java";
    tf.line = fi.line;
    std::string_view mods = ts::Text(ChildOfType(fn, "modifiers"), src_);
    tf.method = mods.find("static") == std::string_view::npos;
    text_fns_.Open(fn.id, std::move(tf));
  }

  // `return "..";` / `return String.format(..);` / `return str;` (each
  // plain assignment of the local is a candidate: `str = String.format("%s
  // (or disable ..)", str, ..)` under an `if` adds to the first).
  void AddTextReturn(TSNode ret) {
    TSNode fn = ScopeOf(ret);
    TSNode value = Unwrap(ts::FirstNamed(ret));
    if (!text_fns_.IsOpen(fn.id) || ts_node_is_null(value)) return;
    text_return_ = true;
    std::vector<Template> values;
    if (Is(value, "identifier")) {
      std::string name(ts::Text(value, src_));
      for (const Assignment& a : assignments_->To(fn, name, ts_node_start_byte(ret), walk_)) {
        if (a.append) continue;
        std::string note;
        values.push_back(ExprTemplate(a.value, ts_node_start_byte(a.node), 0, &note));
      }
    }
    if (values.empty()) {
      values = AlternativeTemplates(value);
      std::string note;
      if (values.empty()) values.push_back(ExprTemplate(value, ts_node_start_byte(ret), 0, &note));
    }
    text_return_ = false;
    for (const Template& t : values) text_fns_.AddReturn(fn.id, t, ts::Line(ret));
  }

  static int PlainAssignments(const std::vector<Assignment>& assigns) {
    int n = 0;
    for (const Assignment& a : assigns) n += !a.append;
    return n;
  }

  // An opaque message whose argument calls a method: the resolve stage
  // reads the text that method returns. `pending`: `site` was not
  // recorded and is added only then.
  void HoldCallArgs(const ErrorSite& site, const std::vector<TSNode>& args, bool pending) {
    HeldMessage h;
    for (TSNode a : args) {
      if (!Is(Unwrap(a), "method_invocation")) continue;
      Template t;
      AddExprHole(Unwrap(a), &t);
      h.args.push_back(std::move(t));
    }
    if (!facts_ || h.args.empty()) return;
    h.line = site.line;
    h.error_class = site.error_class;
    if (pending) h.site = site;
    facts_->held_messages.push_back(std::move(h));
  }

  // `String errorMsg = BeanUtil.checkUnsupportedType(type);`: an error
  // message a text method returns, handed on from here (jackson keeps it in
  // a serializer that reports it later). A site at the assignment when the
  // method's text is known.
  void HoldErrorLocal(TSNode decl) {
    TSNode value = Unwrap(Field(decl, "value"));
    if (!Is(value, "method_invocation")) return;
    std::string name = ToLower(ts::Text(Field(decl, "name"), src_));
    if (name.find("err") == std::string::npos) return;
    TSNode stmt = StatementOf(decl);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = Context(stmt, NewSite(stmt, SiteKind::kRaise));
    site.message_origin_note = "held in `" + std::string(ts::Text(Field(decl, "name"), src_)) + "`";
    HoldCallArgs(site, {value}, true);
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
    if (facts_ && !site.message_opaque && site.kind != SiteKind::kLog) {
      AddSink(stmt, site, site.message, returns_);
    }
    out_->push_back(Context(stmt, std::move(site)));
  }

  ErrorSite Context(TSNode stmt, ErrorSite site) {
    // Split on the first site only: most files have none.
    if (lines_.empty()) lines_ = SplitLines(src_);
    AddBraceContext(stmt, src_, lines_, JavaSyntax(), &site);
    return site;
  }

  // --- linking facts (src/resolve/link.h) ------------------------------------

  // The method or constructor a node sits in, as calls name it.
  struct FuncInfo {
    bool valid = false;
    TSNode node{};
    std::string qual, name;  // "Utils.methodError", "methodError"; the class for a constructor
    bool ctor = false;
    std::vector<std::string> params;
    std::vector<bool> string_param;
    std::vector<bool> no_text;  // declared types that cannot hold text
    int varargs = -1;
    bool returns_exception = false;  // declared to return an exception type
    int line = 0;
  };

  const FuncInfo& Func(TSNode at) { return FuncOf(ScopeOf(at)); }

  // The function the visited node sits in, by symbol ids (run per call).
  const FuncInfo& CurrentFunc() {
    static const FuncInfo kNone;
    const JavaIds& ids = Ids();
    const std::vector<TSNode>* anc = walk_.ancestors();
    for (size_t k = anc ? anc->size() : 0; k > 0; --k) {
      TSSymbol sym = ts_node_symbol((*anc)[k - 1]);
      if (sym == ids.method_decl || sym == ids.constructor_decl ||
          sym == ids.compact_constructor_decl) {
        return FuncOf((*anc)[k - 1]);
      }
      if (sym == ids.lambda || sym == ids.static_init) return kNone;
    }
    return kNone;
  }

  const FuncInfo& FuncOf(TSNode fn) {
    static const FuncInfo kNone;
    std::string_view t = Type(fn);
    if (t != "method_declaration" && t != "constructor_declaration" &&
        t != "compact_constructor_declaration") {
      return kNone;
    }
    auto it = funcs_.find(fn.id);
    if (it != funcs_.end()) return it->second;
    FuncInfo& fi = funcs_[fn.id];
    fi.valid = true;
    fi.node = fn;
    fi.line = ts::Line(fn);
    std::string cls;
    for (TSNode a : walk_.AncestorsOf(fn)) {
      if (IsTypeDecl(Type(a))) {
        cls = std::string(ts::Text(Field(a, "name"), src_));
        break;
      }
    }
    if (t == "method_declaration") {
      fi.returns_exception = LooksLikeExceptionClass(ClassName(ts::Text(Field(fn, "type"), src_)));
      fi.name = std::string(ts::Text(Field(fn, "name"), src_));
      fi.qual = cls.empty() ? fi.name : cls + "." + fi.name;
    } else {
      fi.ctor = true;
      fi.name = fi.qual = cls;
    }
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
      if (Is(p, "formal_parameter")) {
        std::string_view type = ts::Text(Field(p, "type"), src_);
        fi.params.emplace_back(ts::Text(Field(p, "name"), src_));
        fi.string_param.push_back(IsStringType(type));
        fi.no_text.push_back(!MayHoldText(type));
      } else if (Is(p, "spread_parameter")) {
        TSNode decl = ChildOfType(p, "variable_declarator");
        fi.varargs = static_cast<int>(fi.params.size());
        fi.params.emplace_back(ts::Text(Field(decl, "name"), src_));
        fi.string_param.push_back(false);
        fi.no_text.push_back(false);
      }
    }
    return fi;
  }

  static TSNode ChildOfType(TSNode n, std::string_view type) {
    for (TSNode c : NamedChildren(n)) {
      if (Is(c, type)) return c;
    }
    return TSNode{};
  }

  // A method with a body that is not only a call of its own name (an
  // overload passing on, `return report(type(cls), msg);`): abstract and
  // delegating overloads do not shadow the repository's definitions.
  bool DefinesBody(TSNode method) {
    const JavaIds& ids = Ids();
    TSNode body = ts_node_child_by_field_id(method, ids.body);
    if (ts_node_is_null(body)) return false;
    if (ts_node_named_child_count(body) != 1) return true;
    TSNode stmt = ts::FirstNamed(body);
    if (!Is(stmt, "return_statement") && !Is(stmt, "expression_statement")) return true;
    TSNode call = Unwrap(ts::FirstNamed(stmt));
    return !Is(call, "method_invocation") ||
           ts::Text(ts_node_child_by_field_id(call, ids.name), src_) !=
               ts::Text(ts_node_child_by_field_id(method, ids.name), src_);
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

  // A raise in a method whose message names the method's parameters (or,
  // for a helper returning the exception, any message with text).
  void AddSink(TSNode at, const ErrorSite& site, const Template& message, bool returns) {
    if (!facts_) return;
    const FuncInfo& fi = Func(at);
    if (!fi.valid || fi.name.empty()) return;
    bool names = NamesParam(message, fi);
    if (!names && !(returns && !fi.ctor && message.HasLiteralText())) return;
    SinkFact s;
    s.function = fi.qual;
    s.name = fi.name;
    s.language = "java";
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
    // `message = String.format(message, args)` before the raise.
    for (const Piece& p : message.pieces()) {
      int i = p.is_hole ? ParamIndex(fi, p.expr) : -1;
      if (i >= 0 && FormatsParam(fi, i, ts_node_start_byte(at))) {
        s.format_param = i;
        break;
      }
    }
    facts_->sinks.push_back(std::move(s));
  }

  // Whether the parameter `name` is assigned before `pos` (`msg =
  // String.format("Cannot construct %s: %s", type, msg)`): its value there
  // is what a call passes on.
  bool Reassigned(const FuncInfo& fi, std::string_view name, uint32_t pos) {
    return fi.valid && !assignments_->To(fi.node, std::string(name), pos, walk_).empty();
  }

  // Whether parameter `i` is run through a format with the varargs before
  // `pos`: `msg = String.format(msg, args)`, jackson's `msg = _format(msg,
  // msgArgs)` (any method whose name ends in "format").
  bool FormatsParam(const FuncInfo& fi, int i, uint32_t pos) {
    if (fi.varargs < 0 || i == fi.varargs) return false;
    for (const Assignment& as : assignments_->To(fi.node, fi.params[i], pos, walk_)) {
      TSNode v = Unwrap(as.value);
      if (!Is(v, "method_invocation")) continue;
      std::string name = ToLower(ts::Text(Field(v, "name"), src_));
      std::vector<TSNode> a = NamedChildren(Field(v, "arguments"));
      if (name.ends_with("format") && a.size() == 2 && ts::Text(a[0], src_) == fi.params[i] &&
          ts::Text(a[1], src_) == fi.params[fi.varargs]) {
        return true;
      }
    }
    return false;
  }

  // An exception built from a String parameter alone (`new X(message)`,
  // `X.from(p, msg, type)`): the parameter is the message.
  void OpaqueSink(TSNode stmt, const ErrorSite& site, const std::vector<TSNode>& args,
                  bool returns) {
    if (!facts_) return;
    const FuncInfo& fi = Func(stmt);
    if (!fi.valid) return;
    for (TSNode a : args) {
      a = Unwrap(a);
      if (!Is(a, "identifier")) continue;
      int i = ParamIndex(fi, ts::Text(a, src_));
      if (i < 0 || !fi.string_param[i]) continue;
      Template t;
      t.AddHole("{" + fi.params[i] + "}", fi.params[i]);
      AddSink(stmt, site, t, returns);
      return;
    }
  }

  // Arguments as templates, the caller's function; false when no argument
  // has text or names a parameter of the caller.
  // `cheap`: a call of any method (the most common node): an argument
  // without a string literal is one hole unless it is a message-like local.
  bool MakeLinkCall(TSNode call, const std::vector<TSNode>& args, LinkCall* out, bool cheap = false,
                    const FuncInfo* known = nullptr) {
    const FuncInfo& fi = known ? *known : Func(call);
    bool text = false, param = false;
    for (TSNode a : args) {
      Template t;
      std::string_view at = ts::Text(a, src_);
      if (Is(a, "lambda_expression") || Is(a, "method_reference")) {
        // no text
      } else if (cheap && at.find('"') == std::string_view::npos &&
                 !(Is(a, "identifier") && MessageLikeName(at) &&
                   (ParamIndex(fi, at) < 0 || Reassigned(fi, at, ts_node_start_byte(call))))) {
        AddExprHole(a, &t);
        if (Is(a, "method_invocation")) {
          std::string note;
          NoteCallArgTexts(a, ts_node_start_byte(call), 0, &note);
        }
      } else {
        std::string note;
        cheap_vars_ = cheap;
        t = ExprTemplate(a, ts_node_start_byte(call), 0, &note);
        cheap_vars_ = false;
      }
      text |= t.HasLiteralText();
      param |= fi.valid && NamesParam(t, fi);
      out->args.push_back(std::move(t));
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
      // A wrapper that formats its message before passing it on.
      for (size_t i = 0; out->caller_format_param < 0 && i < fi.params.size(); ++i) {
        if (fi.string_param[i] && FormatsParam(fi, static_cast<int>(i), ts_node_start_byte(call))) {
          out->caller_format_param = static_cast<int>(i);
        }
      }
    }
    return true;
  }

  // `helper(..)`, `Utils.helper(..)`, `ctx.reportBadDefinition(..)`: a call
  // that may pass a message to a sink, or throw what a helper returns.
  void CollectLinkCall(TSNode call) {
    const JavaIds& ids = Ids();
    const std::vector<TSNode>* anc = walk_.ancestors();
    TSNode parent = anc && !anc->empty() ? anc->back() : TSNode{};
    TSSymbol ps = ts_node_is_null(parent) ? 0 : ts_node_symbol(parent);
    bool thrown = ps == ids.throw_statement, returned = ps == ids.return_statement;
    // `return ctxt.reportBadDefinition(type, "..")`: jackson's report
    // methods are generic (`<T> T`) so that callers can return them; the
    // call raises, whatever the caller returns.
    bool return_statement = returned;
    TSNode args_node = ts_node_child_by_field_id(call, ids.arguments);
    uint32_t n = ts_node_named_child_count(args_node);
    if (n == 0 && !thrown && !returned) return;
    // Before anything is allocated: some argument must have a string
    // literal, be a message-like local or a parameter of the caller.
    // Text reaches a site only from a call that is a statement of its own
    // (or thrown, returned); elsewhere only a parameter passed on matters.
    bool statement = thrown || returned || ps == ids.expression_statement;
    bool any = thrown, ident = false;
    for (uint32_t i = 0; !any && i < n; ++i) {
      TSNode a = ts_node_named_child(args_node, i);
      TSSymbol as = ts_node_symbol(a);
      bool id = as == ids.identifier;
      ident |= id;
      // A literal inside another call (`f(g("x"))`) is that call's, unless
      // it formats.
      bool quote = as == ids.string_literal || as == ids.binary_expression ||
                   as == ids.ternary_expression ||
                   (as == ids.method_invocation &&
                    ts::Text(ts_node_child_by_field_id(a, ids.name), src_).starts_with("format"));
      quote = quote && ts::Text(a, src_).find('"') != std::string_view::npos;
      any = (statement && quote) || (id && MessageLikeName(ts::Text(a, src_))) ||
            (quote && as == ids.binary_expression);
    }
    if (!any && !ident && !returned) return;
    std::string_view name = ts::Text(ts_node_child_by_field_id(call, ids.name), src_);
    if (name.empty() || NeverLinks(name)) return;
    std::string_view receiver = ts::Text(ts_node_child_by_field_id(call, ids.object), src_);
    if (receiver.starts_with("System.") || receiver == "super") return;
    const FuncInfo& fi = CurrentFunc();
    // `return helper(..)` matters in a helper returning an exception.
    if (returned && !(fi.valid && fi.returns_exception)) returned = false;
    any |= returned;
    for (uint32_t i = 0; !any && i < n; ++i) {
      TSNode a = ts_node_named_child(args_node, i);
      any = ts_node_symbol(a) == ids.identifier && StringParam(fi, ts::Text(a, src_));
    }
    if (!any) return;
    LinkCall out;
    out.callee = std::string(name);
    out.receiver = std::string(receiver);
    out.thrown = thrown;
    out.returned = returned;
    if (!MakeLinkCall(call, NamedChildren(args_node), &out, /*cheap=*/true, &fi)) return;
    bool text = false;
    for (const Template& t : out.args) text |= t.HasLiteralText();
    // A raising helper is called as a statement of its own (or thrown,
    // returned): only those calls get a site's context.
    if ((text && (return_statement || Is(parent, "expression_statement"))) || thrown) {
      TSNode stmt = thrown ? parent : StatementOf(call);
      if (!ts_node_is_null(stmt)) out.site = Context(stmt, NewSite(stmt, SiteKind::kRaise));
    }
    if (!out.caller_name.empty() || out.site) facts_->link_calls.push_back(std::move(out));
  }

  // `new X(..)` that made a site: X's own constructor may compose the message.
  // A thrown `new X(fields, name)` read as no message at all is linked too:
  // the class's text replaces the opaque site.
  void AddConstructionLink(TSNode n, const std::string& cls, const std::vector<TSNode>& args,
                           const ErrorSite& made) {
    LinkCall call;
    call.callee = cls;
    call.construct = true;
    call.thrown = made.message_opaque;
    if (!MakeLinkCall(n, args, &call)) return;
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
  bool returns_ = false;      // the site being finished is a helper's `return new X(..)`
  bool cheap_vars_ = false;   // reading a link call's arguments
  bool text_return_ = false;  // reading a text function's return
  TextFunctionCollector text_fns_;
  TSNode root_{};
  WalkPosition walk_;
  std::vector<std::pair<size_t, std::string>> helper_sites_;  // (index into *out_, method)
  std::map<std::string, std::vector<int>> thrown_helpers_;
  // (class, method name, arity) -> (its String method, the value it
  // returns), or nulls.
  std::map<std::tuple<const void*, std::string, size_t>, std::pair<TSNode, TSNode>> text_helpers_;
  int steps_ = 0;
  std::vector<const void*> resolving_;  // assignments being expanded (cycle guard)
  std::optional<AssignmentIndex> assignments_;
  BranchChoices choices_;  // the branches the `new X(..)` being built takes (HandleNew)
};

class JavaExtractor : public Extractor {
 public:
  std::string_view language() const override { return "java"; }
  bool Handles(std::string_view path) const override { return path.ends_with(".java"); }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    return ts::ParseAndVisit(tree_sitter_java(), file, had_syntax_errors, [&](TSNode root) {
      JavaFile(file, sites, facts).Run(root);
      if (facts) CollectCallFacts(root, file.content, "java", facts);
    });
  }
};

}  // namespace

const Extractor* JavaExtractorInstance() {
  static const JavaExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
