// C# extractor: finds the error sites of one .cs file and reconstructs each
// message template from the syntax tree: regular, verbatim (`@".."`) and raw
// (`"""..."""`) strings, interpolated strings (`$"..{x,10:N2}.."`, holes
// named by their expression), `+` concatenation, string.Format and
// Newtonsoft's `.FormatWith(..)` composite formats, `nameof(x)`, and
// messages held in locals or constants.
//
// Sites: `new X(..)` of an exception class (thrown, also in throw
// expressions such as `x ?? throw new ..`, or returned by a helper),
// `throw Factory.Create(.., "msg")`, `: base("..")` in an exception's
// constructor, ArgumentNullException.ThrowIfNull and friends (with the
// runtime's default texts), error and warning logs
// (Microsoft.Extensions.Logging `LogError("{Name}", v)`, Serilog
// `Log.Error`) and ASP.NET HTTP results (`NotFound("..")`,
// `StatusCode(500, "..")`, `Problem(detail: .., statusCode: 409)`,
// `Results.BadRequest(..)`).
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
#include "extract/common/failure_words.h"
#include "extract/common/local_assignments.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/csharp/csharp_sinks.h"
#include "extract/csharp/csharp_strings.h"
#include "extract/jvm/jvm_idioms.h"
#include "resolve/call_facts.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_c_sharp();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
// Expressions expanded per template: constants built from constants would
// otherwise take exponential time.
constexpr int kMaxSteps = 20000;
// Nodes looked at per search for the assignments of a local.
constexpr int kMaxScanNodes = 200000;
// Returns of a `Message` getter that each give a site.
constexpr size_t kMaxGetterReturns = 8;

bool IsTypeDecl(std::string_view t) {
  return t == "class_declaration" || t == "struct_declaration" || t == "record_declaration" ||
         t == "interface_declaration" || t == "enum_declaration";
}

bool IsFunctionNode(TSNode n) {
  std::string_view t = Type(n);
  return t == "method_declaration" || t == "constructor_declaration" ||
         t == "local_function_statement" || t == "lambda_expression" ||
         t == "anonymous_method_expression" || t == "accessor_declaration" ||
         t == "operator_declaration" || t == "conversion_operator_declaration" ||
         t == "destructor_declaration" || t == "property_declaration" || t == "indexer_declaration";
}

std::string CSharpScopeName(TSNode n, std::string_view src, bool* is_function) {
  std::string_view t = Type(n);
  if (IsTypeDecl(t)) return std::string(ts::Text(Field(n, "name"), src));
  if (t == "method_declaration" || t == "constructor_declaration" ||
      t == "local_function_statement" || t == "property_declaration") {
    *is_function = true;
    return std::string(ts::Text(Field(n, "name"), src));
  }
  if (IsFunctionNode(n)) *is_function = true;
  return "";
}

const BraceSyntax& CSharpSyntax() {
  static const BraceSyntax kSyntax{CSharpScopeName,
                                   {"block", "compilation_unit", "switch_section"},
                                   {"return_statement", "throw_statement", "break_statement",
                                    "continue_statement", "yield_statement", "goto_statement"},
                                   "catch_clause"};
  return kSyntax;
}

bool IsStatementList(std::string_view t) {
  return t == "block" || t == "compilation_unit" || t == "switch_section" ||
         t == "declaration_list" || t == "global_statement";
}

// Statements that hold no other statements: where a record points.
bool IsSimpleStatement(std::string_view t) {
  return t == "throw_statement" || t == "return_statement" || t == "expression_statement" ||
         t == "local_declaration_statement" || t == "yield_statement" || t == "field_declaration" ||
         t == "constructor_initializer";
}

// What the runtime prints for an exception built without a message.
const char* DefaultMessage(std::string_view cls) {
  if (cls == "ArgumentNullException") return "Value cannot be null.";
  if (cls == "ArgumentOutOfRangeException") {
    return "Specified argument was out of the range of valid values.";
  }
  if (cls == "ArgumentException") return "Value does not fall within the expected range.";
  if (cls == "InvalidOperationException") {
    return "Operation is not valid due to the current state of the object.";
  }
  if (cls == "NotSupportedException") return "Specified method is not supported.";
  if (cls == "NotImplementedException") return "The method or operation is not implemented.";
  if (cls == "FormatException") return "One of the identified items was in an invalid format.";
  if (cls == "ObjectDisposedException") return "Cannot access a disposed object.";
  return nullptr;
}

// ASP.NET Core results that carry an error body, and their status.
std::optional<int> ResultStatus(std::string_view method) {
  if (method == "BadRequest") return 400;
  if (method == "Unauthorized") return 401;
  if (method == "NotFound") return 404;
  if (method == "Conflict") return 409;
  if (method == "UnprocessableEntity") return 422;
  return std::nullopt;
}

// `500`, `StatusCodes.Status409Conflict`, `HttpStatusCode.NotFound`,
// `(int)HttpStatusCode.BadRequest`.
std::optional<int> CSharpHttpStatus(std::string_view text) {
  std::string last = LastDotComponent(text);
  if (last.starts_with("Status") && last.size() >= 9) {
    std::string digits = last.substr(6, 3);
    if (std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      int v = std::stoi(digits);
      if (v >= 400 && v <= 599) return v;
    }
  }
  if (text.find("HttpStatusCode.") != std::string_view::npos) {
    static const std::map<std::string, int, std::less<>> kCodes = {{"BadRequest", 400},
                                                                   {"Unauthorized", 401},
                                                                   {"Forbidden", 403},
                                                                   {"NotFound", 404},
                                                                   {"MethodNotAllowed", 405},
                                                                   {"Conflict", 409},
                                                                   {"Gone", 410},
                                                                   {"PreconditionFailed", 412},
                                                                   {"UnprocessableEntity", 422},
                                                                   {"UnprocessableContent", 422},
                                                                   {"TooManyRequests", 429},
                                                                   {"InternalServerError", 500},
                                                                   {"NotImplemented", 501},
                                                                   {"BadGateway", 502},
                                                                   {"ServiceUnavailable", 503},
                                                                   {"GatewayTimeout", 504}};
    auto it = kCodes.find(last);
    if (it != kCodes.end()) return it->second;
  }
  return HttpStatusOf(text);
}

// Microsoft.Extensions.Logging, Serilog and NLog methods that report errors.
std::optional<std::string> CSharpLogSeverity(std::string_view method) {
  if (method == "LogError" || method == "Error") return "error";
  if (method == "LogCritical" || method == "Fatal" || method == "Critical") return "critical";
  if (method == "LogWarning" || method == "Warning" || method == "Warn") return "warning";
  return std::nullopt;
}

// `LogLevel.Error`, `LogEventLevel.Fatal`.
std::optional<std::string> LevelSeverity(std::string_view text) {
  std::string last = LastDotComponent(text);
  if (last == "Error") return "error";
  if (last == "Critical" || last == "Fatal") return "critical";
  if (last == "Warning") return "warning";
  return std::nullopt;
}

// `LogLevel.Information`, `LogInformation`, Serilog's `Information`: a level
// whose messages are records only when they state a failure (StatesFailure).
bool IsInformationLevel(std::string_view text) {
  std::string last = LastDotComponent(text);
  return last == "Information" || last == "LogInformation";
}

// `JsonException`, `Newtonsoft.Json.JsonException`: every component
// capitalised, so that `ex.InnerException` (a value) is not taken for a type.
bool IsTypeName(std::string_view text) {
  if (text.empty()) return false;
  bool start = true;
  for (char c : text) {
    if (start && !(c >= 'A' && c <= 'Z')) return false;
    start = c == '.';
    if (!start && !(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

// A call argument: its value and its name (`detail:`), if named.
struct Arg {
  TSNode value;
  std::string_view name;
};

constexpr int kMaxAppendChain = 32;  // links of one `sb.Append(..).Append(..)` chain

// Per-file extraction state.
class CSharpFile {
 public:
  CSharpFile(const SourceFile& file, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), out_(out) {}

  // Also collect the file's link facts (csharp_sinks.h).
  void CollectFacts(FileFacts* facts) {
    CSharpSinks::Hooks hooks{[this](TSNode n, TSNode call, const std::vector<TSNode>& anc) {
                               walk_.Set(call, &anc);
                               std::string ignored;
                               return ExprTemplate(n, ts_node_start_byte(n), 0, &ignored);
                             },
                             [this](TSNode call, const std::vector<TSNode>& anc) {
                               walk_.Set(call, &anc);
                               TSNode stmt = StatementOf(call);
                               if (ts_node_is_null(stmt)) stmt = call;
                               ErrorSite site = NewSite(stmt, SiteKind::kRaise);
                               AddContext(stmt, &site);
                               return site;
                             }};
    sinks_.emplace(src_, facts, std::move(hooks));
    facts_ = facts;
  }

  void Run(TSNode root) {
    root_ = root;
    ts::ForEachNodeWithAncestors(root, [this](TSNode n, const std::vector<TSNode>& ancestors) {
      walk_.Set(n, &ancestors);
      if (sinks_) sinks_->OnNode(n, ancestors);
      Visit(n);
    });
    if (sinks_) sinks_->Finish();
    if (facts_) text_fns_.Emit(facts_);
    walk_.Clear();
  }

 private:
  void Visit(TSNode n) {
    std::string_view type = Type(n);
    if (type == "object_creation_expression" || type == "implicit_object_creation_expression") {
      HandleNew(n);
    } else if (type == "constructor_initializer") {
      HandleBase(n);
    } else if (type == "invocation_expression") {
      HandleCall(n);
    } else if (type == "throw_statement" || type == "throw_expression") {
      HandleThrowCall(n);
    } else if (type == "attribute") {
      HandleLoggerMessage(n);
      HandleObsolete(n);
    } else if (type == "property_declaration") {
      HandleMessageOverride(n);
    } else if (facts_ && (type == "return_statement" || type == "arrow_expression_clause")) {
      AddTextReturn(n);
    }
  }

  // --- text functions (src/resolve/link_text_functions.h) -------------------

  // `string Describe(..)`'s returns (`return $"..";`, `=> string.Format(..)`)
  // are candidate messages for raises that call it: `throw new
  // JsonException(Describe(x))`.
  void AddTextReturn(TSNode n) {
    TSNode fn = Is(n, "arrow_expression_clause") ? Parent() : ScopeOf(n);
    if (!Is(fn, "method_declaration") && !Is(fn, "local_function_statement")) return;
    std::string_view returns = ts::Text(Field(fn, "returns"), src_);
    if (returns.empty()) returns = ts::Text(Field(fn, "type"), src_);
    if (returns != "string" && returns != "string?" && returns != "String") return;
    TSNode value = Unwrap(ts::FirstNamed(n));
    if (ts_node_is_null(value)) return;
    if (!text_fns_.IsOpen(fn.id)) {
      TextFunction tf;
      tf.name = std::string(ts::Text(Field(fn, "name"), src_));
      TSNode type = ts::EnclosingScope(fn, [](TSNode a) { return IsTypeDecl(Type(a)); });
      std::string cls(ts::Text(Field(type, "name"), src_));
      tf.qualified = cls.empty() ? tf.name : cls + "." + tf.name;
      tf.language = "csharp";
      tf.line = ts::Line(fn);
      std::string_view mods;
      for (TSNode c : NamedChildren(fn)) {
        if (Is(c, "modifier") && ts::Text(c, src_) == "static") mods = "static";
      }
      tf.method = Is(fn, "method_declaration") && mods.empty();
      for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
        if (Is(p, "parameter")) tf.params.emplace_back(ts::Text(Field(p, "name"), src_));
      }
      text_fns_.Open(fn.id, std::move(tf));
    }
    std::string note;
    text_fns_.AddReturn(fn.id, ExprTemplate(value, ts_node_start_byte(value), 0, &note),
                        ts::Line(n));
  }

  // An opaque message whose argument calls a method (`new E(Describe(x))`):
  // the resolve stage reads the text that method returns.
  void HoldCallArgs(const ErrorSite& site, const std::vector<Arg>& args) {
    if (!facts_) return;
    HeldMessage h;
    for (const Arg& a : args) {
      TSNode v = Unwrap(a.value);
      if (!Is(v, "invocation_expression")) continue;
      Template t;
      AddExprHole(v, &t);
      h.args.push_back(std::move(t));
    }
    if (h.args.empty()) return;
    h.line = site.line;
    h.error_class = site.error_class;
    facts_->held_messages.push_back(std::move(h));
  }

  TSNode Parent() const {
    const std::vector<TSNode>* anc = walk_.ancestors();
    return anc && !anc->empty() ? anc->back() : TSNode{};
  }

  static TSNode Unwrap(TSNode n) {
    for (int i = 0;
         i < kMaxExprDepth && (Is(n, "parenthesized_expression") || Is(n, "cast_expression"));
         ++i) {
      n = Is(n, "cast_expression") ? Field(n, "value") : ts::FirstNamed(n);
    }
    return n;
  }

  std::vector<Arg> Args(TSNode argument_list) {
    std::vector<Arg> out;
    for (TSNode a : NamedChildren(argument_list)) {
      if (!Is(a, "argument")) continue;
      std::vector<TSNode> kids = NamedChildren(a);
      if (kids.empty()) continue;
      TSNode name = Field(a, "name");
      out.push_back({kids.back(), ts::Text(name, src_)});
    }
    return out;
  }

  // The argument named `name`, else the one at `index` when it is not named.
  static TSNode ArgAt(const std::vector<Arg>& args, std::string_view name, size_t index) {
    for (const Arg& a : args) {
      if (a.name == name) return a.value;
    }
    if (index < args.size() && args[index].name.empty()) return args[index].value;
    return TSNode{};
  }

  // --- sites ---------------------------------------------------------------

  // `new X(...)`: thrown (also `?? throw new X(..)`), returned, or stored.
  // Built once per combination of the branches its message was chosen in
  // (a local assigned in each branch of an if/else or a switch, or a
  // StringBuilder appended to differently in each; branch_choices.h).
  void HandleNew(TSNode n) {
    std::vector<std::pair<TSNode, ErrorSite>> all;
    for (auto& run : choices_.Enumerate([&] {
           std::vector<std::pair<TSNode, ErrorSite>> got;
           collect_ = &got;
           BuildNew(n);
           collect_ = nullptr;
           return got;
         })) {
      for (auto& one : run) all.push_back(std::move(one));
    }
    for (auto& [stmt, site] :
         DistinctChosenMessages(std::move(all), [](auto& b) -> ErrorSite& { return b.second; })) {
      Finish(stmt, std::move(site));
    }
  }

  void BuildNew(TSNode n) {
    std::string cls = ClassName(ts::Text(Field(n, "type"), src_));
    if (Is(n, "implicit_object_creation_expression")) cls = TargetType(n);
    TSNode parent = Parent();
    bool thrown = Is(parent, "throw_statement") || Is(parent, "throw_expression");
    if (!cls.empty() && !LooksLikeExceptionClass(cls) && !thrown) return BuildStatusValue(n, cls);
    if (cls.empty()) return;
    TSNode stmt = StatementOf(n);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = cls;
    TSNode arguments = Field(n, "arguments");
    for (TSNode k : NamedChildren(n)) {
      if (ts_node_is_null(arguments) && Is(k, "argument_list")) arguments = k;  // new(..)
    }
    std::vector<Arg> args = Args(arguments);
    if (cls == "ArgumentNullException" || cls == "ArgumentOutOfRangeException" ||
        cls == "ObjectDisposedException") {
      ParamFirstMessage(cls, args, &site);
    } else if (cls == "ArgumentException" && !args.empty()) {
      // (message, paramName): a literal paramName is not the message.
      TSNode msg = ArgAt(args, "message", 0);
      site.message = ExprTemplate(msg, ts_node_start_byte(n), 0, &site.message_origin_note);
      site.message_opaque = !site.message.HasLiteralText();
      TSNode param = ArgAt(args, "paramName", 1);
      if (!ts_node_is_null(param) && !site.message_opaque) {
        site.message_origin_note =
            "the runtime appends \" (Parameter '" + ParamName(param).Display() + "')\"";
      }
    } else {
      FillFromArgs(args, &site);
    }
    std::vector<Template> alts = ConditionalArgMessages(cls, args);
    if (!alts.empty()) {
      site.message = alts[0];
      site.message_opaque = false;
    }
    // Facts about the method, not the message: noted on the first build only.
    bool first_build = !choices_.choosing();
    if (first_build && site.message_opaque && !args.empty()) NoteParamMessage(stmt, site, args);
    if (first_build && site.message_opaque && thrown) HoldCallArgs(site, args);
    // An exception built without a message and not thrown here is not
    // worth a record of its own.
    if (site.message_opaque && !thrown) return;
    if (Is(stmt, "return_statement")) {
      TSNode fn = ScopeOf(n);
      if (Is(fn, "method_declaration")) {
        site.message_origin_note =
            "built and returned by `" + std::string(ts::Text(Field(fn, "name"), src_)) + "()`" +
            (site.message_origin_note.empty() ? "" : "; " + site.message_origin_note);
      }
    }
    if (!alts.empty()) {
      FinishEachMessage(std::move(site), alts,
                        [&](ErrorSite one) { Finish(stmt, std::move(one)); });
      return;
    }
    Finish(stmt, std::move(site));
  }

  // `new Status(StatusCode.Internal, $"Bad gRPC response. ..")` (gRPC's
  // status, which the client raises as an RpcException) and `new
  // Diagnostic(msg, DiagnosticSeverity.Error)`: a value carrying a message
  // with a failing status code or an error level is how the user sees it.
  void BuildStatusValue(TSNode n, const std::string& cls) {
    TSNode arguments = Field(n, "arguments");
    std::string_view text = ts::Text(arguments, src_);
    if (text.find("StatusCode.") == std::string_view::npos &&
        text.find("Level.") == std::string_view::npos &&
        text.find("Severity.") == std::string_view::npos) {
      return;  // most `new`s: neither a status nor a level among the arguments
    }
    std::optional<std::string> severity;
    TSNode msg{};
    for (const Arg& a : Args(arguments)) {
      if (!severity) severity = FailureOf(ts::Text(a.value, src_));
      if (ts_node_is_null(msg) && HasText(a.value)) msg = a.value;
    }
    TSNode stmt = StatementOf(n);
    if (!severity || ts_node_is_null(msg) || ts_node_is_null(stmt)) return;
    bool status = *severity == "status";
    ErrorSite site = NewSite(stmt, status ? SiteKind::kRaise : SiteKind::kLog);
    if (status) {
      site.error_class = cls;
    } else {
      site.severity = *severity;
    }
    site.message = ExprTemplate(msg, ts_node_start_byte(n), 0, &site.message_origin_note);
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "carried by a `" + cls + "` with " +
                                 std::string(status ? "a failing status code" : "an error level");
    }
    Finish(stmt, std::move(site));
  }

  // "status" for a failing gRPC `StatusCode.X`, the severity of an error or
  // warning `LogLevel.X`/`DiagnosticSeverity.X`, else nullopt.
  static std::optional<std::string> FailureOf(std::string_view arg) {
    size_t dot = arg.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    std::string owner = LastDotComponent(arg.substr(0, dot));
    if (owner == "StatusCode") {
      return arg.substr(dot + 1) == "OK" ? std::nullopt : std::optional<std::string>("status");
    }
    if (!owner.ends_with("Level") && !owner.ends_with("Severity")) return std::nullopt;
    return LevelSeverity(arg);
  }

  // `new ArgumentException(string.IsNullOrEmpty(splitOn) ? "When using .." :
  // $"Multi-map error: splitOn column '{splitOn}' ..", nameof(splitOn))`
  // (Dapper): the message argument is a conditional, and each branch is a
  // message of its own. Empty when no message argument is one.
  std::vector<Template> ConditionalArgMessages(const std::string& cls,
                                               const std::vector<Arg>& args) {
    std::vector<TSNode> candidates;
    if (cls == "ArgumentException") {
      candidates.push_back(ArgAt(args, "message", 0));
    } else {
      for (const Arg& a : args) candidates.push_back(a.value);
    }
    auto branches = [](TSNode x) -> std::vector<TSNode> {
      x = Unwrap(x);
      if (!Is(x, "conditional_expression")) return {};
      return {Field(x, "consequence"), Field(x, "alternative")};
    };
    for (TSNode c : candidates) {
      if (ts_node_is_null(c) || branches(c).empty()) continue;
      std::vector<Template> alts = ConditionalMessages(c, branches, [this](TSNode leaf) {
        std::string note;
        return ExprTemplate(leaf, ts_node_start_byte(leaf), 0, &note);
      });
      if (!alts.empty()) return alts;
    }
    return {};
  }

  // `throw new X(message)` / `return new X(message, path)` where message is
  // a parameter: no record here, but the method is a sink (csharp_sinks.h).
  void NoteParamMessage(TSNode stmt, const ErrorSite& site, const std::vector<Arg>& args) {
    if (!sinks_) return;
    TSNode msg = ArgAt(args, "message", 0);
    if (ts_node_is_null(msg)) return;
    std::string note;
    Template t = ExprTemplate(msg, ts_node_start_byte(msg), 0, &note);
    if (t.pieces().size() != 1 || !t.pieces()[0].is_hole) return;
    ErrorSite ctx = site;
    ctx.message = t;
    AddContext(stmt, &ctx);
    sinks_->OnParamMessage(ctx, stmt, t, RootFirstAncestors(stmt));
  }

  std::vector<TSNode> RootFirstAncestors(TSNode n) {
    std::vector<TSNode> anc = walk_.AncestorsOf(n);
    std::reverse(anc.begin(), anc.end());
    return anc;
  }

  // The type a target-typed `new(..)` builds: the declared type of the
  // local or field it initializes (`AutoMapperMappingException e =
  // new("..")`), else "".
  std::string TargetType(TSNode n) {
    TSNode parent = Parent();
    if (!Is(parent, "variable_declarator")) return "";
    std::vector<TSNode> anc = walk_.AncestorsOf(n);
    for (TSNode a : anc) {
      if (Is(a, "variable_declaration")) return ClassName(ts::Text(Field(a, "type"), src_));
    }
    return "";
  }

  // ArgumentNullException(paramName[, message]),
  // ArgumentOutOfRangeException(paramName[, actualValue], message) and
  // ObjectDisposedException(objectName[, message]): the first argument
  // names the parameter or object; without a message the runtime prints
  // its default text and the name.
  void ParamFirstMessage(const std::string& cls, const std::vector<Arg>& args, ErrorSite* site) {
    TSNode msg = ArgAt(args, "message", args.size() == 3 ? 2 : 1);
    bool disposed = cls == "ObjectDisposedException";
    TSNode param = ArgAt(args, disposed ? "objectName" : "paramName", 0);
    // (message, innerException): the two-argument overload without a name.
    if (args.size() == 2 && args[1].name.empty() && LooksLikeThrowableName(ts::Text(msg, src_))) {
      msg = param;
      param = TSNode{};
    }
    if (!ts_node_is_null(msg)) {
      site->message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site->message_origin_note);
      site->message_opaque = !site->message.HasLiteralText();
      return;
    }
    site->message = Template();
    site->message.AddLiteral(DefaultMessage(cls));
    if (!ts_node_is_null(param)) {
      site->message.AddLiteral(disposed ? "\nObject name: '" : " (Parameter '");
      site->message.Append(ParamName(param));
      site->message.AddLiteral(disposed ? "'." : "')");
    }
    site->message_origin_note = "the runtime's default message for `" + cls + "`";
  }

  // `nameof(x)` and `"x"` print x; anything else is a hole.
  Template ParamName(TSNode n) {
    std::string note;
    return ExprTemplate(n, ts_node_start_byte(n), 0, &note);
  }

  // The name of the class declaring `n` when it is an exception class (by
  // its own name or its base's), else "".
  std::string EnclosingExceptionClass(TSNode n) {
    TSNode cls = ts::EnclosingScope(n, [](TSNode a) { return IsTypeDecl(Type(a)); });
    if (!Is(cls, "class_declaration")) return "";
    std::string name(ts::Text(Field(cls, "name"), src_));
    std::string parent;
    for (TSNode c : NamedChildren(cls)) {
      if (Is(c, "base_list")) parent = ClassName(ts::Text(ts::FirstNamed(c), src_));
    }
    return LooksLikeExceptionClass(name) || LooksLikeExceptionClass(parent) ? name : "";
  }

  // `: base("bad " + x)` / `: this(..)` in the constructor of an exception.
  void HandleBase(TSNode n) {
    std::string name = EnclosingExceptionClass(n);
    if (name.empty()) return;
    ErrorSite site = NewSite(n, SiteKind::kRaise);
    site.error_class = name;
    TSNode list{};
    for (TSNode c : NamedChildren(n)) {
      if (Is(c, "argument_list")) list = c;
    }
    std::vector<Arg> args = Args(list);
    FillFromArgs(args, &site);
    TSNode helper_return{};
    if (site.message_opaque && !args.empty()) {
      if (std::optional<Template> t = HelperReturn(args[0].value, &helper_return)) {
        // The record is where the helper writes the text; the constructor
        // stays the sink its `new` expressions link to.
        ErrorSite at = NewSite(helper_return, SiteKind::kRaise);
        at.error_class = name;
        at.message = std::move(*t);
        at.message_origin_note = "built by `" + CollapseSpace(ts::Text(args[0].value, src_)) +
                                 "` for the constructor of `" + name + "`";
        Finish(helper_return, std::move(at), n);
        return;
      }
    }
    if (site.message_opaque) return;  // base(message): the caller's text
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message set by the constructor of `" + name + "`";
    }
    Finish(n, std::move(site));
  }

  // `: base(FormatMessage(service))`: a helper method of this file builds
  // the text (Autofac's exceptions format a .resx string there). Its one
  // return stands for the call, the helper's parameters renamed to the
  // call's arguments. Text, or a composite format of a resource the .resx
  // tables resolve later (link_constants.h); nullopt for anything else.
  std::optional<Template> HelperReturn(TSNode call, TSNode* ret) {
    TSNode method = CalledMethodOfThisFile(call);
    if (ts_node_is_null(method)) return std::nullopt;
    std::vector<TSNode> values;
    ForEachOwnReturn(Field(method, "body"), "return_statement", IsFunctionNode, [&](TSNode r) {
      values.push_back(ts::FirstNamed(r));
      *ret = r;
    });
    if (values.size() != 1 || ts_node_is_null(values[0])) return std::nullopt;
    std::string note;
    Template body = ExprTemplate(values[0], ts_node_start_byte(values[0]), 1, &note);
    bool resource = body.HoleCount() == 1 && !body.HasLiteralText() &&
                    Is(Unwrap(values[0]), "invocation_expression") &&
                    IsStringFormat(Unwrap(values[0]));
    if (!body.HasLiteralText() && !resource) return std::nullopt;
    std::vector<Arg> args = Args(Field(Unwrap(call), "arguments"));
    std::vector<std::pair<std::string, std::string>> renames;
    size_t i = 0;
    for (TSNode p : NamedChildren(Field(method, "parameters"))) {
      if (!Is(p, "parameter")) continue;
      if (i >= args.size() || !args[i].name.empty()) return std::nullopt;
      renames.emplace_back(std::string(ts::Text(Field(p, "name"), src_)),
                           CollapseSpace(ts::Text(args[i].value, src_)));
      ++i;
    }
    Template out;
    for (const Piece& piece : body.pieces()) {
      if (!piece.is_hole) {
        out.AddLiteral(piece.text);
        continue;
      }
      std::string expr = piece.expr;
      for (const auto& [from, to] : renames) expr = ReplaceVariable(expr, from, to);
      out.AddHole(piece.text, expr, piece.type);
    }
    return out;
  }

  // `string.Format(..)`: a composite format whose format may be a resource.
  bool IsStringFormat(TSNode call) {
    TSNode fn = Field(call, "function");
    if (!Is(fn, "member_access_expression")) return false;
    std::string_view owner = ts::Text(Field(fn, "expression"), src_);
    return ts::Text(Field(fn, "name"), src_) == "Format" &&
           (owner == "string" || owner == "String");
  }

  // `public override string Message { get { .. } }` (or `=> ..`) of an
  // exception class: users see what the getter returns, whatever the
  // constructor was given (AutoMapper's configuration exception lists the
  // unmapped members there). Each return with text is a site of the class.
  void HandleMessageOverride(TSNode prop) {
    if (ts::Text(Field(prop, "name"), src_) != "Message") return;
    std::string name = EnclosingExceptionClass(prop);
    if (name.empty()) return;
    for (TSNode value : MessageValues(prop)) {
      TSNode at = value;
      std::string note;
      std::optional<Template> t = StringBuilderText(value, &at);
      if (!t) t = ExprTemplate(value, ts_node_start_byte(value), 0, &note);
      if (!t->HasLiteralText()) continue;
      TSNode stmt = StatementOf(at);
      if (ts_node_is_null(stmt)) continue;
      ErrorSite site = NewSite(stmt, SiteKind::kRaise);
      site.error_class = name;
      site.message = std::move(*t);
      site.message_origin_note = "text of `" + name + ".Message`";
      Finish(stmt, std::move(site));
    }
  }

  // What the Message property yields: its getter's returns, or its
  // initializer (`{ get; } = GetErrors(errors);`); a call to a method of
  // this file stands for that method's returns (AutoMapper builds the text
  // of DuplicateTypeMapConfigurationException in a static GetErrors).
  std::vector<TSNode> MessageValues(TSNode prop) {
    std::vector<TSNode> values = GetterValues(prop);
    TSNode init = Field(prop, "value");
    if (!ts_node_is_null(init) && !Is(init, "arrow_expression_clause")) values.push_back(init);
    std::vector<TSNode> out;
    for (TSNode v : values) {
      TSNode method = CalledMethodOfThisFile(v);
      if (ts_node_is_null(method)) {
        out.push_back(v);
        continue;
      }
      ForEachOwnReturn(Field(method, "body"), "return_statement", IsFunctionNode, [&](TSNode r) {
        if (out.size() < kMaxGetterReturns) out.push_back(ts::FirstNamed(r));
      });
    }
    return out;
  }

  // The method declaration `f(..)` calls, when `f` is a plain name defined
  // once in this file with a block body; else a null node.
  TSNode CalledMethodOfThisFile(TSNode value) {
    value = Unwrap(value);
    if (!Is(value, "invocation_expression")) return TSNode{};
    TSNode fn = Field(value, "function");
    if (!Is(fn, "identifier")) return TSNode{};
    std::string_view name = ts::Text(fn, src_);
    TSNode found{};
    int count = 0;
    ForEachMember(root_, [&](TSNode n) {
      if (Is(n, "method_declaration") && ts::Text(Field(n, "name"), src_) == name) {
        found = n;
        ++count;
      }
    });
    if (count != 1 || ts_node_is_null(Field(found, "body")) || !Is(Field(found, "body"), "block")) {
      return TSNode{};
    }
    return found;
  }

  // The expressions a property's getter returns (its own returns, not
  // those of lambdas inside it), at most a few.
  std::vector<TSNode> GetterValues(TSNode prop) {
    std::vector<TSNode> out;
    auto add_body = [&](TSNode body) {
      if (Is(body, "arrow_expression_clause")) {
        out.push_back(ts::FirstNamed(body));
        return;
      }
      ForEachOwnReturn(body, "return_statement", IsFunctionNode, [&](TSNode r) {
        if (out.size() < kMaxGetterReturns) out.push_back(ts::FirstNamed(r));
      });
    };
    for (TSNode c : NamedChildren(prop)) {
      if (Is(c, "arrow_expression_clause")) add_body(c);
      if (!Is(c, "accessor_list")) continue;
      for (TSNode acc : NamedChildren(c)) {
        if (!Is(acc, "accessor_declaration") || !ts::Text(acc, src_).starts_with("get")) continue;
        TSNode body = Field(acc, "body");
        if (ts_node_is_null(body)) {
          for (TSNode k : NamedChildren(acc)) {
            if (Is(k, "block") || Is(k, "arrow_expression_clause")) body = k;
          }
        }
        if (!ts_node_is_null(body)) add_body(body);
      }
    }
    return out;
  }

  // `return message.ToString()` of a local `StringBuilder message =
  // new("header ..")`: the text it was created with, then one hole for
  // what is appended; `*at` becomes the creation, where the text is.
  std::optional<Template> StringBuilderText(TSNode value, TSNode* at) {
    value = Unwrap(value);
    if (!Is(value, "invocation_expression")) return std::nullopt;
    TSNode fn = Field(value, "function");
    if (!Is(fn, "member_access_expression") || ts::Text(Field(fn, "name"), src_) != "ToString") {
      return std::nullopt;
    }
    TSNode local = Field(fn, "expression");
    if (!Is(local, "identifier")) return std::nullopt;
    std::string name(ts::Text(local, src_));
    std::vector<Assignment> assigns =
        AssignmentsIn(ScopeOf(value), name, ts_node_start_byte(value));
    if (assigns.empty() || assigns.back().append) return std::nullopt;
    const Assignment& a = assigns.back();
    TSNode created = Unwrap(a.value);
    std::string_view type = Type(created);
    bool builder = type == "object_creation_expression" &&
                   ts::Text(Field(created, "type"), src_).ends_with("StringBuilder");
    if (type == "implicit_object_creation_expression") {
      TSNode decl = ts_node_parent(a.node);  // variable_declaration: `StringBuilder x = new(..)`
      builder = Is(decl, "variable_declaration") &&
                ts::Text(Field(decl, "type"), src_).ends_with("StringBuilder");
    }
    if (!builder) return std::nullopt;
    TSNode list{};
    for (TSNode c : NamedChildren(created)) {
      if (Is(c, "argument_list")) list = c;
    }
    std::vector<Arg> args = Args(list);
    std::string note;
    Template t;
    if (!args.empty() && !Is(args[0].value, "integer_literal")) {  // else a capacity
      t = ExprTemplate(args[0].value, ts_node_start_byte(args[0].value), 0, &note);
    }
    TSNode first_append{};
    if (AppendedText(a.node, value, name, &t, &first_append)) {
      if (!t.HasLiteralText()) return std::nullopt;
      *at = args.empty() ? first_append : a.node;  // where the first text is
      return t;
    }
    if (!t.HasLiteralText()) return std::nullopt;
    t.AddHole("{" + name + "}", name);
    *at = a.node;
    return t;
  }

  // The text the statements after the builder's declaration `decl` and
  // before `end` append to `name`, in order, added to *t: each
  // `name.Append(x)` / `AppendLine(x)` statement its argument (and a line
  // break), a loop or branch that appends one hole. False when the
  // declaration is not a statement of a block or nothing is appended
  // there; *first is the first appending statement.
  bool AppendedText(TSNode decl, TSNode end, const std::string& name, Template* t, TSNode* first) {
    TSNode stmt = StatementOf(decl);
    if (ts_node_is_null(stmt)) return false;
    TSNode block = ts_node_parent(stmt);
    if (ts_node_is_null(block) || !Is(block, "block")) return false;
    bool after = false, appended = false, hole_last = false;
    uint32_t stop = ts_node_start_byte(end);
    for (TSNode c : NamedChildren(block)) {
      if (ts_node_eq(c, stmt)) {
        after = true;
        continue;
      }
      if (!after || ts_node_end_byte(c) > stop) continue;  // the return itself adds nothing
      std::string_view text = ts::Text(c, src_);
      if (text.find(name) == std::string_view::npos) continue;
      if (std::optional<Template> piece = AppendStatement(c, name)) {
        t->Append(*piece);
        hole_last = false;
      } else if (std::optional<Template> chosen = ChosenBranchAppends(c, name)) {
        t->Append(*chosen);
        hole_last = false;
      } else if (!hole_last) {
        t->AddHole("{" + name + "}", name);
        hole_last = true;
      }
      if (!appended) *first = c;
      appended = true;
    }
    return appended;
  }

  // While HandleNew enumerates: for `if (..) { appends } else {
  // appends }` (each branch a block of plain appends to `name`), the
  // appends of the branch this combination takes. Nullopt otherwise (the
  // statement is one hole, as before).
  std::optional<Template> ChosenBranchAppends(TSNode stmt, const std::string& name) {
    if (!choices_.enumerating() || !Is(stmt, "if_statement")) return std::nullopt;
    TSNode then = Field(stmt, "consequence");
    TSNode other = Field(stmt, "alternative");
    if (Is(other, "else_clause")) other = ts::FirstNamed(other);
    if (!Is(then, "block") || !Is(other, "block")) return std::nullopt;
    std::vector<std::optional<Template>> texts = {BlockAppends(then, name),
                                                  BlockAppends(other, name)};
    if (!texts[0] || !texts[1]) return std::nullopt;
    const void* chain =
        reinterpret_cast<const void*>(static_cast<uintptr_t>(ts_node_start_byte(stmt)) + 1);
    int b = choices_.Pick(chain, {0, 1});
    return texts[b == 0 ? 0 : 1];
  }

  // The text a block's statements append to `name`: plain appends in
  // order, any other statement that mentions `name` one hole.
  std::optional<Template> BlockAppends(TSNode block, const std::string& name) {
    Template t;
    bool hole_last = false;
    for (TSNode c : NamedChildren(block)) {
      if (ts::Text(c, src_).find(name) == std::string_view::npos) continue;
      if (std::optional<Template> piece = AppendStatement(c, name)) {
        t.Append(*piece);
        hole_last = false;
      } else if (!hole_last) {
        t.AddHole("{" + name + "}", name);
        hole_last = true;
      }
    }
    return t;
  }

  // `name.Append(x);` / `name.AppendLine(x);` / `name.AppendLine();`: the
  // text it appends, else nullopt.
  std::optional<Template> AppendStatement(TSNode stmt, const std::string& name) {
    if (!Is(stmt, "expression_statement")) return std::nullopt;
    return AppendChain(Unwrap(ts::FirstNamed(stmt)), name, 0);
  }

  // `name.Append(a).Append(b).AppendLine(c)`: what the chain appends, in
  // order; nullopt unless every link appends one value (or a line break).
  std::optional<Template> AppendChain(TSNode call, const std::string& name, int depth) {
    if (!Is(call, "invocation_expression") || depth > kMaxAppendChain) return std::nullopt;
    TSNode fn = Field(call, "function");
    if (!Is(fn, "member_access_expression")) return std::nullopt;
    std::string_view method = ts::Text(Field(fn, "name"), src_);
    if (method != "Append" && method != "AppendLine") return std::nullopt;
    TSNode receiver = Unwrap(Field(fn, "expression"));
    Template piece;
    if (!Is(receiver, "identifier") || ts::Text(receiver, src_) != name) {
      std::optional<Template> before = AppendChain(receiver, name, depth + 1);
      if (!before) return std::nullopt;
      piece = std::move(*before);
    }
    std::vector<Arg> args = Args(Field(call, "arguments"));
    if (args.size() > 1) return std::nullopt;
    if (!args.empty()) {
      std::string note;
      piece.Append(ExprTemplate(args[0].value, ts_node_start_byte(args[0].value), 0, &note));
    }
    if (method == "AppendLine") piece.AddLiteral("\n");
    return piece;
  }

  // `throw JsonReaderException.Create(reader, "msg")` (also returned by a
  // helper), `throw Error.NotFound("msg")`: a factory that builds the
  // exception. `throw_node` is the throw around the call, if any.
  void HandleFactory(TSNode call, TSNode throw_node) {
    TSNode fn = Field(call, "function");
    bool member = Is(fn, "member_access_expression");
    std::string owner = member ? ClassName(ts::Text(Field(fn, "expression"), src_)) : "";
    std::string method = ClassName(ts::Text(member ? Field(fn, "name") : fn, src_));
    bool exception_owner = member && IsTypeName(ts::Text(Field(fn, "expression"), src_)) &&
                           LooksLikeExceptionClass(owner);
    // Calls on an exception class are handled where they are (thrown or
    // not); other calls only when thrown.
    if (exception_owner == !ts_node_is_null(throw_node)) return;
    std::vector<Arg> args = Args(Field(call, "arguments"));
    if (args.empty()) return;
    TSNode stmt = StatementOf(ts_node_is_null(throw_node) ? call : throw_node);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = exception_owner ? owner : HelperClass(method);
    FillFromArgs(args, &site);
    if (site.message_opaque) return;
    site.message_origin_note =
        "built by `" + (owner.empty() ? "" : owner + ".") + method + "()`" +
        (site.message_origin_note.empty() ? "" : "; " + site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // Visits the members of every type in the file (and the types
  // themselves), without entering method bodies: the lookups that need
  // them (helper methods, fields) would otherwise walk the whole tree.
  template <typename Visit>
  static void ForEachMember(TSNode root, Visit&& visit) {
    ts::WalkWithAncestors(root, [&](TSNode n, const std::vector<TSNode>&) {
      visit(n);
      std::string_view t = Type(n);
      return t == "compilation_unit" || t == "namespace_declaration" ||
             t == "file_scoped_namespace_declaration" || t == "declaration_list" ||
             t == "class_declaration" || t == "struct_declaration" || t == "record_declaration" ||
             t == "record_struct_declaration" || t == "interface_declaration";
    });
  }

  // What `throw Helper(..)` throws: the return type of a method of that
  // name in this file (`JsonReaderException ThrowReaderError(..)`), else a
  // class the name spells (`CreateArgumentOutOfRangeException`), else "".
  std::string HelperClass(const std::string& method) {
    if (!methods_indexed_) {
      methods_indexed_ = true;
      ForEachMember(root_, [this](TSNode n) {
        if (!Is(n, "method_declaration")) return;
        std::string ret = ClassName(ts::Text(Field(n, "returns"), src_));
        if (LooksLikeExceptionClass(ret)) {
          helper_returns_[std::string(ts::Text(Field(n, "name"), src_))] = ret;
        }
      });
    }
    auto it = helper_returns_.find(method);
    if (it != helper_returns_.end()) return it->second;
    for (std::string_view prefix : {"Create", "New", "Throw", "Build", "Make", "Get"}) {
      if (method.starts_with(prefix) && method.size() > prefix.size() &&
          LooksLikeExceptionClass(method.substr(prefix.size()))) {
        return method.substr(prefix.size());
      }
    }
    return "";
  }

  void HandleThrowCall(TSNode n) {
    TSNode call = Unwrap(ts::FirstNamed(n));
    if (Is(call, "invocation_expression")) HandleFactory(call, n);
  }

  void HandleCall(TSNode call) {
    TSNode fn = Field(call, "function");
    std::string_view method, object;
    if (Is(fn, "member_access_expression")) {
      method = ts::Text(Field(fn, "name"), src_);
      object = ts::Text(Field(fn, "expression"), src_);
    } else if (Is(fn, "identifier")) {
      method = ts::Text(fn, src_);
    } else {
      return;
    }
    if (method.starts_with("ThrowIf")) {
      HandleThrowIf(call, object, method);
    } else if (IsTypeName(object) && LooksLikeExceptionClass(ClassName(object))) {
      HandleFactory(call, TSNode{});
    } else if (CSharpLogSeverity(method) || method == "Log" || method == "Write" ||
               IsInformationLevel(method)) {
      HandleLog(call, object, method);
    } else if (object.empty() || object == "this" || object == "Results" ||
               object == "TypedResults") {
      HandleResult(call, method);
    }
  }

  // ArgumentNullException.ThrowIfNull(x) and the other guard helpers of
  // .NET 6+; messages are the runtime's.
  void HandleThrowIf(TSNode call, std::string_view object, std::string_view method) {
    std::vector<Arg> args = Args(Field(call, "arguments"));
    if (args.empty()) return;
    std::string cls, text;
    if (object == "ArgumentNullException" && method == "ThrowIfNull") {
      cls = "ArgumentNullException";
      text = "Value cannot be null.";
    } else if (object == "ArgumentException" && method == "ThrowIfNullOrEmpty") {
      cls = "ArgumentException";
      text = "The value cannot be an empty string.";
    } else if (object == "ArgumentException" && method == "ThrowIfNullOrWhiteSpace") {
      cls = "ArgumentException";
      text = "The value cannot be an empty string or composed entirely of whitespace.";
    } else {
      return;
    }
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = cls;
    site.message.AddLiteral(text + " (Parameter '");
    TSNode param = ArgAt(args, "paramName", 1);
    if (ts_node_is_null(param)) {
      // [CallerArgumentExpression]: the argument's source text.
      site.message.AddLiteral(CollapseSpace(ts::Text(args[0].value, src_)));
    } else {
      site.message.Append(ParamName(param));
    }
    site.message.AddLiteral("')");
    site.message_origin_note =
        "the runtime's message for `" + std::string(object) + "." + std::string(method) + "`";
    Finish(stmt, std::move(site));
  }

  // `_logger.LogError(ex, "No user {UserId}", id)`, Serilog
  // `Log.Error("..")`, `_logger.Log(LogLevel.Error, "..")`.
  void HandleLog(TSNode call, std::string_view object, std::string_view method) {
    std::vector<Arg> args = Args(Field(call, "arguments"));
    std::optional<std::string> severity = CSharpLogSeverity(method);
    bool mel = method.starts_with("Log");
    if (!severity && IsInformationLevel(method)) {
      severity = "info";
    } else if (!severity) {  // Log(level, ..) / Write(level, ..)
      if (args.empty()) return;
      std::string_view level = ts::Text(args[0].value, src_);
      severity =
          IsInformationLevel(level) ? std::optional<std::string>("info") : LevelSeverity(level);
      if (!severity) return;
      args.erase(args.begin());
    }
    if (severity == "info" && method != "LogInformation" && !IsLoggerName(object) &&
        !ToLower(object).ends_with("log") && !ToLower(object).ends_with("logger")) {
      return;
    } else if (!mel && !IsLoggerName(object) && !ToLower(object).ends_with("log")) {
      return;  // `validation.Error(..)` is not a logger
    }
    // Leading EventId / exception arguments: the template is the first with text.
    size_t fmt = 0;
    while (fmt < args.size() && fmt < 3 && !HasText(args[fmt].value)) ++fmt;
    if (fmt >= args.size() || fmt >= 3) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = *severity;
    TSNode msg = args[fmt].value;
    site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    std::vector<std::string> rest;
    for (size_t i = fmt + 1; i < args.size(); ++i) rest.push_back(HoleExpr(args[i].value));
    site.message = ApplyMessageTemplate(site.message, rest);
    if (site.severity == "info" && !StatesFailure(site.message)) return;
    Finish(stmt, std::move(site));
  }

  // `[LoggerMessage(Level = LogLevel.Error, Message = "No user {UserId}")]`
  // on a partial method: the source generator logs the message, its
  // placeholders bound by name to the method's parameters.
  void HandleLoggerMessage(TSNode attr) {
    std::string_view name = ts::Text(Field(attr, "name"), src_);
    if (name != "LoggerMessage" && name != "LoggerMessageAttribute") return;
    const std::vector<TSNode>& anc = *walk_.ancestors();
    if (anc.size() < 2) return;
    TSNode method = anc[anc.size() - 2];  // attribute_list's parent
    if (!Is(method, "method_declaration")) return;
    TSNode level{}, msg{}, list{};
    for (TSNode c : NamedChildren(attr)) {
      if (Is(c, "attribute_argument_list")) list = c;
    }
    for (TSNode a : NamedChildren(list)) {
      TSNode v = ts::FirstNamed(a);
      if (Is(v, "assignment_expression")) {
        std::string_view key = ts::Text(Field(v, "left"), src_);
        if (key == "Level") level = Field(v, "right");
        if (key == "Message") msg = Field(v, "right");
      } else if (ts::Text(v, src_).starts_with("LogLevel.")) {
        level = v;
      } else if (ts_node_is_null(msg) && !Is(v, "integer_literal") && HasText(v)) {
        msg = v;
      }
    }
    std::optional<std::string> severity = LevelSeverity(ts::Text(level, src_));
    if (!severity && IsInformationLevel(ts::Text(level, src_))) severity = "info";
    if (!severity || ts_node_is_null(msg)) return;
    ErrorSite site = NewSite(attr, SiteKind::kLog);
    site.severity = *severity;
    site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    std::vector<std::string> params;
    for (TSNode p : NamedChildren(Field(method, "parameters"))) {
      params.emplace_back(ts::Text(Field(p, "name"), src_));
    }
    site.message = ApplyNamedMessageTemplate(site.message, params);
    if (site.severity == "info" && !StatesFailure(site.message)) return;
    site.message_origin_note =
        "logged by the generated `" + std::string(ts::Text(Field(method, "name"), src_)) + "()`";
    Finish(attr, std::move(site));
  }

  // `[Obsolete("Use OpenAsync instead")]`: the compiler prints the message
  // where code uses the member (CS0618 "'Cache.Open()' is obsolete: 'Use
  // OpenAsync instead'"), an error (CS0619) when the second argument is
  // `true`.
  void HandleObsolete(TSNode attr) {
    std::string_view name = ts::Text(Field(attr, "name"), src_);
    if (name.starts_with("System.")) name.remove_prefix(7);
    if (name != "Obsolete" && name != "ObsoleteAttribute") return;
    TSNode list{};
    for (TSNode c : NamedChildren(attr)) {
      if (Is(c, "attribute_argument_list")) list = c;
    }
    std::vector<TSNode> args = NamedChildren(list);
    if (args.empty()) return;
    TSNode msg = ts::FirstNamed(args[0]);
    if (ts_node_is_null(msg) || Is(msg, "assignment_expression") || !HasText(msg)) return;
    ErrorSite site = NewSite(attr, SiteKind::kWarning);
    bool error = args.size() > 1 && ts::Text(ts::FirstNamed(args[1]), src_) == "true";
    site.severity = error ? "error" : "warning";
    site.error_class = "deprecated";
    site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    site.message_origin_note =
        "the [Obsolete] message, printed by the compiler where code uses the member";
    Finish(attr, std::move(site));
  }

  // ASP.NET Core: `return NotFound("msg")`, `StatusCode(500, "msg")`,
  // `Problem(detail: "..", statusCode: 409)`, `Results.BadRequest(..)`.
  void HandleResult(TSNode call, std::string_view method) {
    // The most common call shape of all: filter on the name first.
    if (!ResultStatus(method) && method != "StatusCode" && method != "Problem") return;
    std::vector<Arg> args = Args(Field(call, "arguments"));
    std::optional<int> status;
    TSNode msg{};
    if (auto st = ResultStatus(method)) {
      status = st;
      msg = ArgAt(args, "error", 0);
      if (ts_node_is_null(msg)) msg = ArgAt(args, "value", 0);
    } else if (method == "StatusCode" && args.size() >= 2) {
      status = CSharpHttpStatus(ts::Text(ArgAt(args, "statusCode", 0), src_));
      msg = ArgAt(args, "value", 1);
    } else if (method == "Problem") {
      TSNode code = ArgAt(args, "statusCode", 2);
      status = ts_node_is_null(code) ? 500 : CSharpHttpStatus(ts::Text(code, src_)).value_or(0);
      msg = ArgAt(args, "detail", 0);
      if (ts_node_is_null(msg) || !HasText(msg)) msg = ArgAt(args, "title", 3);
    } else {
      return;
    }
    if (!status || *status < 400 || ts_node_is_null(msg) || !HasText(msg)) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    Finish(stmt, std::move(site));
  }

  // The message is the first argument with literal text; a status constant
  // sets the HTTP status. Without one the message is opaque.
  void FillFromArgs(const std::vector<Arg>& args, ErrorSite* site) {
    TSNode msg{};
    for (const Arg& a : args) {
      // `nameof(x)` names a parameter; it is not the message.
      if (a.name == "message" || (ts_node_is_null(msg) && !IsNameof(a.value) && HasText(a.value))) {
        msg = a.value;
      }
    }
    bool http = site->error_class.find("Http") != std::string::npos;
    for (const Arg& a : args) {
      if (http && !site->http_status && !ts_node_eq(a.value, msg)) {
        site->http_status = CSharpHttpStatus(ts::Text(a.value, src_));
      }
    }
    if (ts_node_is_null(msg)) {
      const char* def = DefaultMessage(site->error_class);
      site->message = Template();
      site->message.AddLiteral(def && args.empty() ? def : site->error_class);
      site->message_opaque = !(def && args.empty());
      if (site->message_origin_note.empty()) {
        site->message_origin_note = def && args.empty() ? "the runtime's default message"
                                    : args.empty()      ? "constructed without a message"
                                                        : "the message is not a literal";
      }
      return;
    }
    site->message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site->message_origin_note);
    site->message_opaque = !site->message.HasLiteralText();
  }

  bool IsNameof(TSNode n) {
    return Is(n, "invocation_expression") && ts::Text(Field(n, "function"), src_) == "nameof";
  }

  // --- templates -----------------------------------------------------------

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth == 0) steps_ = 0;
    if (depth > kMaxExprDepth || ts_node_is_null(n) || ++steps_ > kMaxSteps) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    std::string_view text = ts::Text(n, src_);
    if (type == "string_literal" || type == "character_literal") {
      // "abc"u8: the suffix is not part of the text.
      size_t close = text.rfind(text[0]);
      if (text.size() >= 2 && close > 0)
        out.AddLiteral(DecodeCSharpEscapes(text.substr(1, close - 1)));
      return out;
    }
    if (type == "verbatim_string_literal" && text.size() >= 3) {
      out.AddLiteral(DecodeVerbatim(text.substr(2, text.size() - 3)));
      return out;
    }
    if (type == "raw_string_literal") {
      out.AddLiteral(CSharpRawStringValue(text));
      return out;
    }
    if (type == "interpolated_string_expression") return InterpolatedTemplate(n, depth, note);
    if (type == "integer_literal" &&
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
      out = Template();
    }
    if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == "??") {
      if (auto t = CoalesceDefault(n, pos, depth, note)) return *t;
    }
    if (type == "invocation_expression") {
      // `sb.ToString()` of a local StringBuilder (StackExchange.Redis's
      // ExceptionFactory builds every message so).
      TSNode at = n;
      if (depth < 2) {
        if (std::optional<Template> t = StringBuilderText(n, &at)) return *t;
      }
      if (auto t = CallTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "member_access_expression" && text == "Environment.NewLine") {
      out.AddLiteral("\n");  // "\r\n" on Windows; pastes mostly arrive with "\n"
      return out;
    }
    if (type == "identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // `inner.Message ?? "Request failed"` as the whole message or a local's
  // whole value: the value's text is unknown, the literal default is the
  // one message known. A bare name may be a parameter whose callers pass
  // the text: it stays a hole.
  std::optional<Template> CoalesceDefault(TSNode n, uint32_t pos, int depth, std::string* note) {
    TSNode up = ts_node_parent(n);
    while (Is(up, "parenthesized_expression")) up = ts_node_parent(up);
    static const std::set<std::string_view> kWhole = {"argument",
                                                      "equals_value_clause",
                                                      "variable_declarator",
                                                      "assignment_expression",
                                                      "return_statement",
                                                      "arrow_expression_clause"};
    TSNode left = Field(n, "left");
    if (!kWhole.count(Type(up)) || Is(left, "identifier")) return std::nullopt;
    std::string ignored;
    if (ExprTemplate(left, pos, depth + 1, &ignored).HasLiteralText()) return std::nullopt;
    std::string inner;
    Template right = ExprTemplate(Field(n, "right"), pos, depth + 1, &inner);
    if (!right.HasLiteralText()) return std::nullopt;
    std::string why = "the default of `??` at line " + std::to_string(ts::Line(Field(n, "right"))) +
                      ", when `" + CollapseSpace(ts::Text(left, src_)) + "` is null";
    *note = note->empty() ? why : *note + "; " + why;
    return right;
  }

  // `$"..{x}.."`, `$@".."`, `$"""..{x}.."""`, `$$"""..{{x}}.."""`. A hole
  // naming a local that holds text (CsvHelper's `{messagePostfix}`, set from
  // `$"You can ignore missing fields by setting {nameof(X)} to null."` a few
  // lines up) takes that text: the user sees it.
  Template InterpolatedTemplate(TSNode n, int depth, std::string* note) {
    Template out;
    std::string_view start, quote, text = ts::Text(n, src_);
    std::vector<TSNode> kids = NamedChildren(n);
    for (TSNode k : kids) {
      if (Is(k, "interpolation_start")) start = ts::Text(k, src_);
      if (Is(k, "interpolation_quote")) quote = ts::Text(k, src_);
    }
    bool verbatim = start.find('@') != std::string_view::npos;
    bool raw = quote.size() >= 3;
    bool doubled_braces = !raw;  // `{{` is one brace; raw strings use `$$` instead
    for (TSNode k : kids) {
      std::string_view t = Type(k);
      std::string_view body = ts::Text(k, src_);
      if (t == "string_content") {
        std::string lit;
        for (size_t i = 0; i < body.size(); ++i) {
          char c = body[i];
          bool pair = i + 1 < body.size() && body[i + 1] == c;
          if (pair && ((doubled_braces && (c == '{' || c == '}')) || (verbatim && c == '"'))) {
            ++i;
          }
          lit += c;
        }
        out.AddLiteral(lit);
      } else if (t == "escape_sequence") {
        if (body == "{{" || body == "}}") {
          out.AddLiteral(body.substr(1));
        } else if (body == "\"\"") {
          out.AddLiteral("\"");
        } else {
          out.AddLiteral(DecodeCSharpEscapes(body));
        }
      } else if (t == "interpolation") {
        TSNode expr = ts::FirstNamed(k);
        for (TSNode e : NamedChildren(k)) {
          if (!Is(e, "interpolation_brace")) {
            expr = e;
            break;
          }
        }
        // `{nameof(x)}` prints x; any other hole keeps its format and alignment.
        std::vector<TSNode> args = NamedChildren(Field(expr, "arguments"));
        if (Is(expr, "invocation_expression") && NamedChildren(k).size() <= 3 &&
            ts::Text(Field(expr, "function"), src_) == "nameof" && args.size() == 1) {
          out.AddLiteral(LastDotComponent(ts::Text(args[0], src_)));
        } else if (std::optional<Template> held = HeldText(expr, k, depth, note)) {
          out.Append(*held);
        } else {
          out.AddHole(CollapseSpace(body), HoleExpr(expr));
        }
      }
    }
    size_t last_nl = text.rfind('\n');
    if (raw && last_nl != std::string_view::npos) {
      // The closing delimiter's indentation is cut from every line.
      std::string_view tail = text.substr(last_nl + 1);
      size_t indent = tail.find_first_not_of(" \t");
      if (indent != std::string_view::npos && tail[indent] == '"') {
        return DedentRawTemplate(out, indent);
      }
    }
    return out;
  }

  // string.Format(.., "{0}", a), "{0}".FormatWith(culture, a), nameof(x),
  // x.ToString() / string.Concat.
  std::optional<Template> CallTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    TSNode fn = Field(n, "function");
    std::vector<Arg> args = Args(Field(n, "arguments"));
    if (Is(fn, "identifier") && ts::Text(fn, src_) == "nameof" && args.size() == 1) {
      Template t;
      t.AddLiteral(LastDotComponent(ts::Text(args[0].value, src_)));
      return t;
    }
    if (!Is(fn, "member_access_expression")) return std::nullopt;
    std::string_view method = ts::Text(Field(fn, "name"), src_);
    TSNode object = Field(fn, "expression");
    std::string_view owner = ts::Text(object, src_);
    TSNode fmt{};
    size_t first = 0;
    if (IsStringFormat(n) && !args.empty()) {
      // string.Format(CultureInfo.InvariantCulture, "..", a): skip the provider.
      first = args.size() > 1 && !HasText(args[0].value, pos, depth + 1) ? 1 : 0;
      fmt = args[first++].value;
    } else if (method == "FormatWith") {
      fmt = object;
      // Newtonsoft's FormatWith(IFormatProvider, args..).
      first = args.empty() ? 0 : 1;
    } else if (method == "Concat" && (owner == "string" || owner == "String")) {
      Template t;
      for (const Arg& a : args) t.Append(ExprTemplate(a.value, pos, depth + 1, note));
      if (t.HasLiteralText()) return t;
      return std::nullopt;
    } else {
      return std::nullopt;
    }
    Template t = ExprTemplate(fmt, pos, depth + 1, note);
    if (!t.HasLiteralText()) return std::nullopt;
    std::vector<std::string> rest;
    for (size_t i = first; i < args.size(); ++i) rest.push_back(HoleExpr(args[i].value));
    return ApplyCompositeFormat(t, rest);
  }

  // The text a plain `{name}` hole prints when `name` is a local assigned
  // text once, before the hole; nullopt for anything else (a field, a parameter,
  // an opaque value, a hole with a format or alignment).
  std::optional<Template> HeldText(TSNode expr, TSNode hole, int depth, std::string* note) {
    if (!Is(expr, "identifier") || NamedChildren(hole).size() > 3) return std::nullopt;
    TSNode scope = ScopeOf(expr);
    if (Is(scope, "compilation_unit")) return std::nullopt;
    std::string name(ts::Text(expr, src_));
    // Only a local set once in the whole function: one assigned again on
    // some path (Dapper's `name = "(Unnamed Column)"` when the column has
    // none) prints what that path left.
    std::vector<Assignment> assigns = AssignmentsIn(scope, name, ts_node_end_byte(scope));
    if (assigns.size() != 1 || assigns[0].append ||
        ts_node_start_byte(assigns[0].node) >= ts_node_start_byte(hole)) {
      return std::nullopt;
    }
    std::optional<Template> t = CombineAssignments(
        assigns, name, &resolving_, note,
        [&](TSNode value, uint32_t at) { return ExprTemplate(value, at, depth + 1, note); });
    if (!t || !t->HasLiteralText()) return std::nullopt;
    return t;
  }

  // A message held in a local or a field: the last assignment before `pos`
  // in the function, `+=` appends after it, else a field or constant.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = ScopeOf(ident);
    std::vector<Assignment> assigns;
    if (!Is(scope, "compilation_unit")) assigns = AssignmentsIn(scope, name, pos);
    if (assigns.empty()) {
      assigns = FieldAssignments(name);
    } else {
      // `=`s in branches: the one the current choice takes (HandleNew).
      ChooseReachingAssignments(
          &assigns, [&](TSNode a) { return BranchPathOf(a); }, BranchPathOf(ident), &choices_);
    }
    return CombineAssignments(assigns, name, &resolving_, note, [&](TSNode value, uint32_t at) {
      return ExprTemplate(value, at, depth + 1, note);
    });
  }

  // The if/else statements and switch sections around `n` inside its
  // function (local_assignments.h).
  BranchPath BranchPathOf(TSNode n) {
    return IfSwitchBranchPath(n, walk_.AncestorsOf(n), IsFunctionNode, src_, "switch_body",
                              {"switch_section"});
  }

  // `name = v` / `var name = v` / `name += v` under `top` and before `pos`,
  // outside nested functions, in source order.
  std::vector<Assignment> AssignmentsIn(TSNode top, const std::string& name, uint32_t pos) {
    std::vector<Assignment> out;
    TSTreeCursor c = ts_tree_cursor_new(top);
    bool descend = true;
    for (int budget = kMaxScanNodes; budget > 0; --budget) {
      TSNode n = ts_tree_cursor_current_node(&c);
      if (descend && ts_node_start_byte(n) >= pos) break;
      if (descend) AddIfAssigns(n, name, &out);
      bool enter = descend && (ts_node_eq(n, top) || !IsFunctionNode(n));
      if (enter && ts_tree_cursor_goto_first_child(&c)) continue;
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        descend = true;
        continue;
      }
      if (!ts_tree_cursor_goto_parent(&c)) break;
      descend = false;
    }
    ts_tree_cursor_delete(&c);
    return out;
  }

  void AddIfAssigns(TSNode n, std::string_view name, std::vector<Assignment>* out) {
    std::string_view type = Type(n);
    if (type == "variable_declarator") {
      if (ts::Text(Field(n, "name"), src_) != name) return;
      std::vector<TSNode> kids = NamedChildren(n);
      if (kids.size() >= 2 && !Is(kids.back(), "bracketed_argument_list")) {
        out->push_back({n, kids.back(), false});
      }
    } else if (type == "assignment_expression") {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      TSNode left = Field(n, "left");
      if ((op == "=" || op == "+=") && Is(left, "identifier") && ts::Text(left, src_) == name) {
        out->push_back({n, Field(n, "right"), op == "+="});
      }
    }
  }

  // Fields and constants of the file, indexed on first need: they may be
  // declared below their use.
  std::vector<Assignment> FieldAssignments(const std::string& name) {
    if (!fields_indexed_) {
      fields_indexed_ = true;
      ForEachMember(root_, [this](TSNode n) {
        if (!Is(n, "field_declaration")) return;
        for (TSNode d : NamedChildren(n)) {
          if (!Is(d, "variable_declaration")) continue;
          for (TSNode v : NamedChildren(d)) {
            if (!Is(v, "variable_declarator")) continue;
            std::vector<TSNode> kids = NamedChildren(v);
            if (kids.size() < 2) continue;
            fields_[std::string(ts::Text(Field(v, "name"), src_))].push_back(
                {v, kids.back(), false});
          }
        }
      });
    }
    auto it = fields_.find(name);
    // A name declared twice (two classes) is ambiguous: left as a hole.
    if (it == fields_.end() || it->second.size() != 1) return {};
    return it->second;
  }

  // The statement a record points at. An expression body (`=> throw ..`),
  // a lambda's body and a switch arm are statements of their own.
  TSNode StatementOf(TSNode n) {
    TSNode cur = n;
    for (TSNode parent : walk_.AncestorsOf(n)) {
      if (IsSimpleStatement(Type(cur))) return cur;
      if (IsStatementList(Type(parent))) return cur;
      if (Is(parent, "arrow_expression_clause") || Is(parent, "switch_expression_arm")) return cur;
      if (Is(parent, "lambda_expression") && ts_node_eq(Field(parent, "body"), cur)) return cur;
      cur = parent;
    }
    return IsSimpleStatement(Type(cur)) ? cur : TSNode{};
  }

  // The innermost function holding `n`, else the root.
  TSNode ScopeOf(TSNode n) { return walk_.ScopeOf(n, IsFunctionNode); }

  // The name a captured value goes by: `x.ToString(..)` prints x.
  std::string HoleExpr(TSNode n) {
    n = Unwrap(n);
    if (Is(n, "invocation_expression")) {
      TSNode fn = Field(n, "function");
      if (Is(fn, "member_access_expression") && ts::Text(Field(fn, "name"), src_) == "ToString") {
        return CollapseSpace(ts::Text(Field(fn, "expression"), src_));
      }
    }
    return CollapseSpace(ts::Text(n, src_));
  }

  void AddExprHole(TSNode n, Template* out) {
    out->AddHole("{" + CollapseSpace(ts::Text(n, src_)) + "}", HoleExpr(n));
  }

  bool HasText(TSNode n) { return HasText(n, ts_node_start_byte(n), 0); }
  bool HasText(TSNode n, uint32_t pos, int depth) {
    std::string note;
    return ExprTemplate(n, pos, depth, &note).HasLiteralText();
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = "csharp";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(stmt);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  // `sink_at`: the node whose function makes the site a sink, when it is
  // not the statement's own (a constructor whose text a helper writes).
  void Finish(TSNode stmt, ErrorSite site, TSNode sink_at = TSNode{}) {
    if (site.message.empty()) return;
    if (collect_ && ts_node_is_null(sink_at)) {
      collect_->emplace_back(stmt, std::move(site));
      return;
    }
    AddContext(stmt, &site);
    if (ts_node_is_null(sink_at)) sink_at = stmt;
    if (sinks_) sinks_->OnSite(site, sink_at, RootFirstAncestors(sink_at));
    out_->push_back(std::move(site));
  }

  void AddContext(TSNode stmt, ErrorSite* site) {
    if (lines_.empty()) lines_ = SplitLines(src_);
    AddBraceContext(stmt, src_, lines_, CSharpSyntax(), site);
    for (SourceNote& note : site->notes) note.text = StripXmlDoc(note.text);
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;  // of src_, split when first needed
  std::vector<ErrorSite>* out_;
  TSNode root_{};
  WalkPosition walk_;
  int steps_ = 0;
  std::vector<const void*> resolving_;  // assignments being expanded (cycle guard)
  std::map<std::string, std::vector<Assignment>> fields_;
  bool fields_indexed_ = false;
  std::map<std::string, std::string> helper_returns_;  // method -> exception class it returns
  BranchChoices choices_;  // the branches the `new X(..)` being built takes (HandleNew)
  // While HandleNew builds: the sites of this combination, finished after.
  std::vector<std::pair<TSNode, ErrorSite>>* collect_ = nullptr;
  bool methods_indexed_ = false;
  std::optional<CSharpSinks> sinks_;
  FileFacts* facts_ = nullptr;
  TextFunctionCollector text_fns_;
};

class CSharpExtractor : public Extractor {
 public:
  // Extracts from the first-branch view of `file` when it parses cleanly;
  // false (nothing added) when it does not.
  static bool ExtractFirstBranches(const SourceFile& file, std::vector<ErrorSite>* sites,
                                   FileFacts* facts, bool* had_syntax_errors) {
    SourceFile view = file;
    view.content = FirstBranchView(file.content);
    ts::TreePtr tree = ts::Parse(tree_sitter_c_sharp(), view.content);
    if (!tree || ts_node_has_error(ts_tree_root_node(tree.get()))) return false;
    if (had_syntax_errors) *had_syntax_errors = false;
    Visit(view, sites, facts, ts_tree_root_node(tree.get()));
    return true;
  }

  std::string_view language() const override { return "csharp"; }
  bool Handles(std::string_view path) const override { return path.ends_with(".cs"); }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    return ExtractInto(file, sites, facts, had_syntax_errors);
  }

 private:
  static void Visit(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
                    TSNode root) {
    CSharpFile cs(file, sites);
    if (facts) cs.CollectFacts(facts);
    cs.Run(root);
    if (facts) CollectCallFacts(root, file.content, "csharp", facts);
  }

  static Status ExtractInto(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
                            bool* had_syntax_errors) {
    // `#if A sig1 #else sig2 #endif` around a declaration breaks the parse
    // of both branches: a file with alternative branches is read as if
    // every #if held, when that view parses cleanly (one parse, not two:
    // the other branches mostly repeat the first for another framework).
    bool alternatives = file.content.find("#el") != std::string::npos;
    if (alternatives && ExtractFirstBranches(file, sites, facts, had_syntax_errors)) {
      return Status::OK();
    }
    ts::TreePtr tree = ts::Parse(tree_sitter_c_sharp(), file.content);
    if (!tree) return Status::InvalidArgument(file.path + ": parser gave up (timeout)");
    TSNode root = ts_tree_root_node(tree.get());
    bool errors = ts_node_has_error(root);
    // An #if around part of a statement (`#if X else if (..) {..} #endif`)
    // breaks it too: the view is the second chance.
    if (errors && !alternatives && file.content.find("#if") != std::string::npos &&
        ExtractFirstBranches(file, sites, facts, had_syntax_errors)) {
      return Status::OK();
    }
    if (had_syntax_errors) *had_syntax_errors = errors;
    Visit(file, sites, facts, root);
    return Status::OK();
  }
};

}  // namespace

const Extractor* CSharpExtractorInstance() {
  static const CSharpExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
