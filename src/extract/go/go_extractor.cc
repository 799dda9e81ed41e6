// Go extractor: finds the error sites of one .go file and reconstructs each
// message template from the syntax tree: interpreted and raw string
// literals, `+` concatenation, fmt verbs (`%w %v %q %s %d %T`, flags, `[n]`
// indexes) and messages held in variables or constants.
//
// Sites: `errors.New`, `fmt.Errorf` (and pkg/errors' Errorf/Wrap/Wrapf),
// sentinels `var ErrX = errors.New(...)` (recorded at the declaration, with
// the lines that return them noted), `Error() string` methods of custom error
// types, `panic(...)`, `log.Fatal*`/`log.Panic*`, `http.Error(w, msg, code)`
// and gRPC `status.Error(f)`.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "extract/common/brace_context.h"
#include "extract/common/conditional_messages.h"
#include "extract/common/escapes.h"
#include "extract/common/failure_words.h"
#include "extract/common/local_assignments.h"
#include "extract/common/printf_format.h"
#include "extract/common/ts_util.h"
#include "extract/go/go_field_renderings.h"
#include "extract/go/go_sinks.h"
#include "extract/go/go_text_functions.h"
#include "resolve/call_facts.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_go();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
using ts::kMaxAncestors;
constexpr size_t kMaxAssignmentsPerName = 256;

// Decodes the body of an interpreted string literal. `\x` and octal escapes
// are bytes, not code points, exactly as Go stores them.
std::string DecodeGoEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    uint32_t v = 0;
    size_t j = i + 1;
    if (AppendSimpleEscape(e, &out)) continue;
    switch (e) {
      case 'x':
        if (ParseHex(body, &j, 2, &v)) {
          out += static_cast<char>(v);
          i = j - 1;
        }
        break;
      case 'u':
      case 'U':
        if (ParseHex(body, &j, e == 'u' ? 4 : 8, &v)) {
          AppendUtf8(v, &out);
          i = j - 1;
        }
        break;
      default:
        if (e >= '0' && e <= '7' && i + 2 < body.size()) {
          v = static_cast<uint32_t>((e - '0') * 64 + (body[i + 1] - '0') * 8 + (body[i + 2] - '0'));
          out += static_cast<char>(v);
          i += 2;
        } else {
          out += e;  // \\ \' \"
        }
    }
  }
  return out;
}

std::optional<int> StatusFromName(std::string_view name) {
  static const std::map<std::string_view, int> kTable = {{"StatusBadRequest", 400},
                                                         {"StatusUnauthorized", 401},
                                                         {"StatusPaymentRequired", 402},
                                                         {"StatusForbidden", 403},
                                                         {"StatusNotFound", 404},
                                                         {"StatusMethodNotAllowed", 405},
                                                         {"StatusNotAcceptable", 406},
                                                         {"StatusRequestTimeout", 408},
                                                         {"StatusConflict", 409},
                                                         {"StatusGone", 410},
                                                         {"StatusLengthRequired", 411},
                                                         {"StatusPreconditionFailed", 412},
                                                         {"StatusRequestEntityTooLarge", 413},
                                                         {"StatusUnsupportedMediaType", 415},
                                                         {"StatusUnprocessableEntity", 422},
                                                         {"StatusTooManyRequests", 429},
                                                         {"StatusInternalServerError", 500},
                                                         {"StatusNotImplemented", 501},
                                                         {"StatusBadGateway", 502},
                                                         {"StatusServiceUnavailable", 503},
                                                         {"StatusGatewayTimeout", 504}};
  auto it = kTable.find(name);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

// `(e *ParseError)` -> "ParseError"; generics and pointers dropped.
std::string ReceiverType(TSNode method, std::string_view src) {
  TSNode recv = Field(method, "receiver");
  std::vector<TSNode> params = NamedChildren(recv);
  if (params.empty()) return "";
  std::string_view t = ts::Text(Field(params[0], "type"), src);
  while (!t.empty() && t.front() == '*') t.remove_prefix(1);
  size_t bracket = t.find('[');
  if (bracket != std::string_view::npos) t = t.substr(0, bracket);
  return std::string(Trim(t));
}

std::string GoScopeName(TSNode n, std::string_view src, bool* is_function) {
  std::string_view type = Type(n);
  if (type == "function_declaration") {
    *is_function = true;
    return std::string(ts::Text(Field(n, "name"), src));
  }
  if (type == "method_declaration") {
    *is_function = true;
    std::string recv = ReceiverType(n, src);
    std::string name(ts::Text(Field(n, "name"), src));
    return recv.empty() ? name : recv + "." + name;
  }
  if (type == "func_literal") *is_function = true;
  return "";
}

const BraceSyntax& GoSyntax() {
  static const BraceSyntax kSyntax{
      GoScopeName,
      {"block", "source_file", "expression_case", "default_case", "type_case",
       "communication_case"},
      {"return_statement", "continue_statement", "break_statement", "goto_statement"},
      ""};
  return kSyntax;
}

bool IsFunctionNode(TSNode n) {
  std::string_view t = Type(n);
  return t == "function_declaration" || t == "method_declaration" || t == "func_literal";
}

// The innermost function holding `n`, else the root.
TSNode EnclosingScope(TSNode n) {
  return ts::EnclosingScope(n, [](TSNode a) { return IsFunctionNode(a); });
}

// What a call reports, from its function text.
enum class Reporter {
  kNone,
  kNew,
  kErrorf,
  kWrap,
  kWrapf,
  kPanic,
  kFatal,
  kFatalf,
  kHttp,
  kGrpc,
  kGrpcf,
  kLog  // a leveled log at warning or error (LogCallSeverity)
};

Reporter ReporterFor(std::string_view fn) {
  if (fn == "errors.New" || fn == "xerrors.New") return Reporter::kNew;
  if (fn == "fmt.Errorf" || fn == "errors.Errorf" || fn == "xerrors.Errorf")
    return Reporter::kErrorf;
  if (fn == "errors.Wrap") return Reporter::kWrap;
  if (fn == "errors.Wrapf") return Reporter::kWrapf;
  if (fn == "panic") return Reporter::kPanic;
  if (fn == "http.Error") return Reporter::kHttp;
  if (fn == "status.Error") return Reporter::kGrpc;
  if (fn == "status.Errorf") return Reporter::kGrpcf;
  size_t dot = fn.rfind('.');
  if (dot == std::string_view::npos) return Reporter::kNone;
  std::string_view method = fn.substr(dot + 1);
  if (!NamesGoLogger(fn.substr(0, dot))) return Reporter::kNone;
  if (method == "Fatalf" || method == "Panicf") return Reporter::kFatalf;
  if (method == "Fatal" || method == "Fatalln" || method == "Panic" || method == "Panicln") {
    return Reporter::kFatal;
  }
  return Reporter::kNone;
}

// The standard logger's `Print*` and leveled loggers' `Info*`/`Notice*`.
bool IsInfoLogMethod(std::string_view method) {
  static const std::set<std::string_view> kInfo = {"Print",  "Printf", "Println", "Info",   "Infof",
                                                   "Infoln", "Infow",  "Notice",  "Noticef"};
  return kInfo.count(method) > 0;
}

// Per-file extraction state.
class GoFile {
 public:
  GoFile(const SourceFile& file, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), lines_(SplitLines(file.content)), out_(out) {}

  // Also collect the file's link facts: sinks (go_sinks.h), text functions
  // and the reports that call them (go_text_functions.h).
  void CollectFacts(FileFacts* facts) {
    text_facts_ = facts;
    GoSinks::Hooks hooks{[this](TSNode n, uint32_t pos) {
                           std::string ignored;
                           return ExprTemplate(n, pos, 0, &ignored);
                         },
                         [this](TSNode n) { return CallContext(n); }};
    sinks_.emplace(src_, facts, std::move(hooks));
  }

  void Run(TSNode root) {
    root_ = root;
    ts::ForEachNode(root, [this](TSNode n) { Visit(n); });
    NoteSentinelReturns();
    if (text_facts_) {
      CollectGoTextFunctions(
          root, src_,
          [this](TSNode n, uint32_t pos) {
            std::string note;
            return ExprTemplate(n, pos, 0, &note);
          },
          text_facts_);
      CollectGoFieldRenderings(root, src_, file_.path,
                               {[this](TSNode n, uint32_t pos) {
                                  std::string note;
                                  return ExprTemplate(n, pos, 0, &note);
                                },
                                [this](TSNode n) { return CallContext(n); }},
                               text_facts_);
    }
  }

 private:
  // Runs for every node: compares symbol ids, not type strings.
  void Visit(TSNode n) {
    static const TSSymbol kCall = Symbol("call_expression");
    static const TSSymbol kMethod = Symbol("method_declaration");
    static const TSSymbol kReturn = Symbol("return_statement");
    static const TSSymbol kAssign = Symbol("assignment_statement");
    static const TSSymbol kComposite = Symbol("composite_literal");
    TSSymbol s = ts_node_symbol(n);
    static const TSSymbol kFunction = Symbol("function_declaration");
    if (s == kCall) {
      HandleCall(n);
      if (sinks_) sinks_->OnCall(n);
    } else if (s == kMethod) {
      HandleErrorMethod(n);
      if (sinks_) sinks_->OnDeclaration(n);
    } else if (s == kFunction) {
      if (sinks_) sinks_->OnDeclaration(n);
    } else if (s == kReturn) {
      CollectReturnedNames(n);
    } else if (s == kAssign) {
      if (sinks_) sinks_->OnAssignment(n);
    } else if (s == kComposite) {
      if (sinks_) sinks_->OnCompositeLiteral(n);
    }
  }

  static TSSymbol Symbol(std::string_view name) { return ts::Symbol(tree_sitter_go(), name); }

  // --- sites ---------------------------------------------------------------

  void HandleCall(TSNode call) {
    Reporter r = ReporterFor(ts::Text(Field(call, "function"), src_));
    if (r == Reporter::kNone && IsStringErrorSentinel(call)) r = Reporter::kNew;
    if (r == Reporter::kNone && !LogCallSeverity(call).empty()) r = Reporter::kLog;
    if (r == Reporter::kNone || InsideReporter(call)) return;
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt) || args.empty()) return;
    // Once per combination of the branches a message local was assigned in.
    std::vector<ErrorSite> builds;
    for (std::optional<ErrorSite>& one :
         choices_.Enumerate([&] { return BuildCallSite(call, r, args, stmt); })) {
      if (one) builds.push_back(std::move(*one));
    }
    std::vector<ErrorSite> sites =
        DistinctChosenMessages(std::move(builds), [](ErrorSite& s) -> ErrorSite& { return s; });
    for (ErrorSite& site : sites) FinishCallSite(stmt, r, std::move(site));
  }

  // The site a reporter call makes, its message built in the branches the
  // current choice takes; nullopt when the call has too few arguments.
  std::optional<ErrorSite> BuildCallSite(TSNode call, Reporter r, const std::vector<TSNode>& args,
                                         TSNode stmt) {
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    uint32_t pos = ts_node_start_byte(call);
    std::string* note = &site.message_origin_note;
    switch (r) {
      case Reporter::kNew:
        site.message = ExprTemplate(args[0], pos, 0, note);
        break;
      case Reporter::kErrorf:
        site.message = PrintfTemplate(args, 0, pos, note);
        break;
      case Reporter::kGrpc:
      case Reporter::kGrpcf:
        if (args.size() < 2) return std::nullopt;
        site.error_class = "status." + LastDotComponent(ts::Text(args[0], src_));
        site.message = r == Reporter::kGrpc ? ExprTemplate(args[1], pos, 0, note)
                                            : PrintfTemplate(args, 1, pos, note);
        break;
      case Reporter::kWrap:
      case Reporter::kWrapf:
        if (args.size() < 2) return std::nullopt;
        // pkg/errors renders "msg: cause".
        site.message = r == Reporter::kWrap ? ExprTemplate(args[1], pos, 0, note)
                                            : PrintfTemplate(args, 1, pos, note);
        site.message.AddLiteral(": ");
        AddExprHole(args[0], &site.message);
        break;
      case Reporter::kPanic:
        site.error_class = "panic";
        site.severity = "critical";
        site.message = ExprTemplate(args[0], pos, 0, note);
        break;
      case Reporter::kFatal:
      case Reporter::kFatalf:
        site.kind = SiteKind::kLog;
        site.severity = "critical";
        site.message = r == Reporter::kFatalf ? PrintfTemplate(args, 0, pos, note)
                                              : SprintTemplate(args, EndsWithLn(call), pos, note);
        break;
      case Reporter::kLog: {
        site.kind = SiteKind::kLog;
        site.severity = LogCallSeverity(call);
        std::optional<Template> msg = LogMessage(call, args, pos, note);
        if (!msg) return std::nullopt;
        if (site.severity == "info" && !StatesFailure(*msg)) return std::nullopt;
        site.message = std::move(*msg);
        break;
      }
      case Reporter::kHttp:
        if (args.size() < 3) return std::nullopt;
        site.kind = SiteKind::kHttp;
        site.message = ExprTemplate(args[1], pos, 0, note);
        site.http_status = StatusOf(args[2]);
        break;
      case Reporter::kNone:
        return std::nullopt;
    }
    site.message_opaque = !site.message.HasLiteralText();
    return site;
  }

  void FinishCallSite(TSNode stmt, Reporter r, ErrorSite site) {
    if (site.message_opaque && r == Reporter::kLog) return;  // logger.Error(err)
    if (site.message_opaque && r != Reporter::kHttp) {       // panic(err), errors.New(msg)
      HoldCallMessage(stmt, std::move(site));                // errors.New(msgFor(c))
      return;
    }
    if (Is(stmt, "var_spec") || Is(stmt, "const_spec")) {
      site.error_class = std::string(ts::Text(Field(stmt, "name"), src_));
      sentinels_.push_back(out_->size());
      // `fmt.Errorf("%w: %+v", ErrUnsupportedDataType, dest)` elsewhere in
      // the repository prints the sentinel's text (link_constants.h).
      if (text_facts_ && site.message.HoleCount() == 0) {
        text_facts_->text_constants.push_back({site.error_class, site.message, site.line});
      }
    }
    Finish(stmt, std::move(site));
  }

  // `const Nil = RedisError("redis: nil")` at package level, where this
  // file declares `type RedisError string` with an `Error() string`
  // method: a sentinel like `errors.New("redis: nil")`.
  bool IsStringErrorSentinel(TSNode call) {
    TSNode fn = Field(call, "function");
    if (!Is(fn, "identifier")) return false;
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    if (args.size() != 1 || !Is(args[0], "interpreted_string_literal")) return false;
    TSNode stmt = StatementOf(call);
    if (!Is(stmt, "var_spec") && !Is(stmt, "const_spec")) return false;
    return StringErrorTypes().count(std::string(ts::Text(fn, src_))) > 0;
  }

  // The file's `type T string` types that have an `Error() string` method.
  const std::set<std::string>& StringErrorTypes() {
    if (string_error_types_) return *string_error_types_;
    std::set<std::string> strings, with_error;
    for (TSNode d : NamedChildren(root_)) {
      if (Is(d, "type_declaration")) {
        for (TSNode spec : NamedChildren(d)) {
          if (Is(spec, "type_spec") && ts::Text(Field(spec, "type"), src_) == "string") {
            strings.insert(std::string(ts::Text(Field(spec, "name"), src_)));
          }
        }
      } else if (Is(d, "method_declaration") && ts::Text(Field(d, "name"), src_) == "Error" &&
                 ts::Text(Field(d, "result"), src_) == "string") {
        with_error.insert(ReceiverType(d, src_));
      }
    }
    string_error_types_.emplace();
    for (const std::string& t : strings) {
      if (with_error.count(t)) string_error_types_->insert(t);
    }
    return *string_error_types_;
  }

  // `func (e *T) Error() string { return ... }`: each return is a rendering.
  void HandleErrorMethod(TSNode method) {
    if (ts::Text(Field(method, "name"), src_) != "Error") return;
    if (!NamedChildren(Field(method, "parameters")).empty()) return;
    if (ts::Text(Field(method, "result"), src_) != "string") return;
    std::string type = ReceiverType(method, src_);
    std::vector<TSNode> stack = {Field(method, "body")};
    int budget = 100000;
    while (!stack.empty() && budget-- > 0) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_is_null(n) || Is(n, "func_literal")) continue;
      if (Is(n, "return_statement")) {
        std::vector<TSNode> values = NamedChildren(ts::FirstNamed(n));
        if (values.size() == 1) {
          ErrorSite site = NewSite(n, SiteKind::kRaise);
          site.error_class = type;
          site.message =
              ExprTemplate(values[0], ts_node_start_byte(n), 0, &site.message_origin_note);
          if (site.message_origin_note.empty()) {
            site.message_origin_note = "the Error() method of `" + type + "`";
          }
          if (site.message.HasLiteralText()) Finish(n, std::move(site));
        }
        continue;
      }
      std::vector<TSNode> kids = NamedChildren(n);
      stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
  }

  // Names returned by `return ..., ErrX` (for sentinel notes).
  void CollectReturnedNames(TSNode ret) {
    std::vector<TSNode> stack = {ret};
    int budget = 256;
    while (!stack.empty() && budget-- > 0) {
      TSNode n = stack.back();
      stack.pop_back();
      if (Is(n, "identifier")) {
        returned_[std::string(ts::Text(n, src_))].push_back(ts::Line(ret));
        continue;
      }
      if (Is(n, "func_literal")) continue;
      std::vector<TSNode> kids = NamedChildren(n);
      stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
  }

  void NoteSentinelReturns() {
    for (size_t i : sentinels_) {
      if (i >= out_->size()) continue;
      ErrorSite& s = (*out_)[i];
      std::string note = "sentinel error `" + s.error_class + "`";
      auto it = returned_.find(s.error_class);
      if (it != returned_.end()) {
        std::vector<std::string> lines;
        for (int l : it->second) {
          std::string t = std::to_string(l);
          if (lines.empty() || lines.back() != t) lines.push_back(t);
        }
        note += ", returned at line" + std::string(lines.size() > 1 ? "s " : " ") +
                Join(lines, ", ") + " of this file";
      }
      s.message_origin_note =
          s.message_origin_note.empty() ? note : note + "; " + s.message_origin_note;
    }
  }

  // A reporter nested in another's arguments (panic(fmt.Errorf(..))) is
  // recorded once, by the outer call.
  bool InsideReporter(TSNode call) {
    TSNode parent = ts_node_parent(call);
    if (!Is(parent, "argument_list")) return false;
    TSNode outer = ts_node_parent(parent);
    return Is(outer, "call_expression") &&
           ReporterFor(ts::Text(Field(outer, "function"), src_)) != Reporter::kNone;
  }

  // `logger.Errorf("..", v)`, `klog.Warningf`, `log.WithError(err).Error(..)`,
  // zap's and slog's `logger.Error("msg", fields...)`, grpc-go's
  // `channelz.Warningf(logger, id, "..", v)`: a leveled log at warning or
  // error, on a logger or handed one. Fatal and panic levels of a logger are
  // ReporterFor's. "" for any other call.
  std::string LogCallSeverity(TSNode call) {
    TSNode f = Field(call, "function");
    if (!Is(f, "selector_expression")) return "";
    std::string_view method = ts::Text(Field(f, "field"), src_);
    std::string sev = GoLogSeverity(method);
    // `log.Printf("failed to read %s: %v", ..)`, `logger.Infof(..)`: a
    // record only when its text states a failure (BuildCallSite).
    if (sev.empty() && IsInfoLogMethod(method)) sev = "info";
    if (sev.empty() || sev == "critical") return "";
    if (NamesGoLogger(ts::Text(Field(f, "operand"), src_))) return sev;
    TSNode first = ts::FirstNamed(Field(call, "arguments"));
    return Is(first, "identifier") && NamesGoLogger(ts::Text(first, src_)) ? sev : "";
  }

  // A leveled log's text: its format filled (`Errorf`), its operands
  // printed (`Errorln`, `Error("failed: ", err)`), or, when structured
  // fields follow the message (zap, slog, logrus' `Error("msg")`), the
  // message alone. The format is the first of the first three arguments
  // that holds text (a logger or an id may come first).
  std::optional<Template> LogMessage(TSNode call, const std::vector<TSNode>& args, uint32_t pos,
                                     std::string* note) {
    size_t fmt = 0;
    std::string ignored;
    while (fmt < args.size() && fmt < 3 &&
           !ExprTemplate(args[fmt], pos, 0, &ignored).HasLiteralText()) {
      ++fmt;
    }
    if (fmt >= args.size() || fmt >= 3) return std::nullopt;
    std::string_view method = ts::Text(Field(Field(call, "function"), "field"), src_);
    if (method.ends_with("f")) return PrintfTemplate(args, fmt, pos, note);
    std::vector<TSNode> operands(args.begin() + fmt, args.end());
    Template head = ExprTemplate(args[fmt], pos, 0, note);
    std::string text = head.Display();
    bool sprint = method.ends_with("ln") || text.ends_with(" ") || text.ends_with(":");
    if (!sprint || operands.size() == 1) return head;
    return SprintTemplate(operands, method.ends_with("ln"), pos, note);
  }

  bool EndsWithLn(TSNode call) { return ts::Text(Field(call, "function"), src_).ends_with("ln"); }

  std::optional<int> StatusOf(TSNode n) {
    std::string_view t = ts::Text(n, src_);
    if (Is(n, "int_literal") && t.size() == 3) return std::stoi(std::string(t));
    return StatusFromName(LastDotComponent(t));
  }

  // The statement a record points at: a top-level var/const spec for
  // sentinels, else the statement in its block.
  TSNode StatementOf(TSNode n) {
    TSNode cur = n;
    for (int i = 0; i < kMaxAncestors; ++i) {
      TSNode parent = ts_node_parent(cur);
      if (ts_node_is_null(parent)) return TSNode{};
      std::string_view pt = Type(parent);
      if (pt == "var_spec" || pt == "const_spec") {
        TSNode decl = ts_node_parent(parent);
        if (Is(decl, "var_spec_list")) decl = ts_node_parent(decl);
        if (Is(ts_node_parent(decl), "source_file")) return parent;
      }
      if (std::find(GoSyntax().block_types.begin(), GoSyntax().block_types.end(), pt) !=
          GoSyntax().block_types.end()) {
        return cur;
      }
      cur = parent;
    }
    return TSNode{};
  }

  // --- templates -----------------------------------------------------------

  // fmt-style: args[fmt_index] is the format, the rest its arguments.
  Template PrintfTemplate(const std::vector<TSNode>& args, size_t fmt_index, uint32_t pos,
                          std::string* note) {
    if (fmt_index >= args.size()) return Template();
    Template fmt = ExprTemplate(args[fmt_index], pos, 0, note);
    std::vector<std::string> rest;
    // A constant's text printed by `%s`/`%v` (urfave/cli's
    // `fmt.Errorf("%s%s", providedButNotDefinedErrMsg, flagName)`).
    std::map<std::string, std::string> constants;
    for (size_t i = fmt_index + 1; i < args.size(); ++i) {
      rest.push_back(CollapseSpace(ts::Text(args[i], src_)));
      if (!Is(args[i], "identifier")) continue;
      std::string ignored;
      Template t = ExprTemplate(args[i], pos, 1, &ignored);
      if (t.HoleCount() == 0 && t.HasLiteralText()) constants[rest.back()] = t.Display();
    }
    if (!fmt.HasLiteralText() && constants.empty()) return fmt;
    Template applied = ApplyPrintf(fmt, rest, PrintfDialect::kGo);
    if (constants.empty()) return applied;
    Template out;
    for (const Piece& p : applied.pieces()) {
      auto c = p.is_hole && (p.text == "%s" || p.text == "%v") ? constants.find(p.expr)
                                                               : constants.end();
      if (c != constants.end()) {
        out.AddLiteral(c->second);
      } else if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
      } else {
        out.AddLiteral(p.text);
      }
    }
    return out.HasLiteralText() ? out : fmt;
  }

  // fmt.Sprint / log.Fatal print operands back to back (with a space only
  // between two non-strings, which a hole absorbs); Sprintln / Fatalln always
  // separate them with spaces.
  Template SprintTemplate(const std::vector<TSNode>& args, bool spaced, uint32_t pos,
                          std::string* note) {
    Template out;
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0 && spaced) out.AddLiteral(" ");
      out.Append(ExprTemplate(args[i], pos, 1, note));
    }
    return out;
  }

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth > kMaxExprDepth || ts_node_is_null(n)) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    std::string_view text = ts::Text(n, src_);
    if (type == "interpreted_string_literal" && text.size() >= 2) {
      out.AddLiteral(DecodeGoEscapes(text.substr(1, text.size() - 2)));
      return out;
    }
    if (type == "raw_string_literal" && text.size() >= 2) {
      std::string raw(text.substr(1, text.size() - 2));
      raw.erase(std::remove(raw.begin(), raw.end(), '\r'), raw.end());  // Go drops CRs
      out.AddLiteral(raw);
      return out;
    }
    if (type == "parenthesized_expression") {
      return ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note);
    }
    if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == "+") {
      Template t = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
      t.Append(ExprTemplate(Field(n, "right"), pos, depth + 1, note));
      if (t.HasLiteralText()) return t;
    }
    if (type == "call_expression") {
      std::string_view fn = ts::Text(Field(n, "function"), src_);
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      if ((fn == "fmt.Sprintf" || fn == "fmt.Errorf") && !args.empty()) {
        Template t = PrintfTemplate(args, 0, pos, note);
        if (t.HasLiteralText()) return t;
      } else if ((fn == "fmt.Sprint" || fn == "fmt.Sprintln") && !args.empty()) {
        Template t = SprintTemplate(args, fn == "fmt.Sprintln", pos, note);
        if (t.HasLiteralText()) return t;
      } else if ((fn == "errors.New" || fn == "strings.TrimSpace") && args.size() == 1) {
        // Trimming spaces changes no text a pattern anchors on (validator's
        // `panic(strings.TrimSpace(fmt.Sprintf(undefinedValidation, ..)))`).
        return ExprTemplate(args[0], pos, depth + 1, note);
      }
    }
    if (type == "identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // A message held in a variable or constant: the last assignment before
  // `pos` in the function, `+=` appends after it, else a package-level
  // const/var.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = EnclosingScope(ident);
    std::vector<std::pair<TSNode, TSNode>> assigns = AssignmentsTo(scope, name, pos);
    if (assigns.empty() && !Is(scope, "source_file")) {
      assigns = AssignmentsTo(root_, name, UINT32_MAX);
    }
    if (!Is(scope, "source_file")) ChooseBranch(ident, &assigns);
    int last_plain = -1;
    for (int i = 0; i < static_cast<int>(assigns.size()); ++i) {
      if (!IsAppend(assigns[i].first)) last_plain = i;
    }
    if (last_plain < 0) return std::nullopt;
    auto [node, value] = assigns[last_plain];
    Template out = ExprTemplate(value, ts_node_start_byte(node), depth + 1, note);
    if (!out.HasLiteralText()) return std::nullopt;
    for (size_t i = last_plain + 1; i < assigns.size(); ++i) {
      out.Append(
          ExprTemplate(assigns[i].second, ts_node_start_byte(assigns[i].first), depth + 1, note));
    }
    if (note->empty()) {
      *note = "message assigned to `" + name + "` at line " + std::to_string(ts::Line(node));
    }
    return out;
  }

  // When `=`s of the local sit in branches (`switch kind { case 1: msg =
  // ".."; default: msg = ".." }`), the assignments that reach `use` in the
  // branch the current choice takes (HandleCall enumerates them).
  void ChooseBranch(TSNode use, std::vector<std::pair<TSNode, TSNode>>* assigns) {
    std::vector<errdex::Assignment> as;
    for (const auto& [node, value] : *assigns) {
      as.push_back(errdex::Assignment{node, value, IsAppend(node), nullptr});
    }
    auto path_of = [&](TSNode n) {
      // Ancestors innermost first, by ts_node_parent: only for locals
      // assigned twice or more.
      std::vector<TSNode> anc;
      for (TSNode p = ts_node_parent(n); !ts_node_is_null(p) && anc.size() < ts::kMaxAncestors;
           p = ts_node_parent(p)) {
        anc.push_back(p);
        if (IsFunctionNode(p)) break;
      }
      return IfSwitchBranchPath(n, anc, IsFunctionNode, src_, "expression_switch_statement",
                                {"expression_case", "default_case"});
    };
    size_t before = as.size();
    ChooseReachingAssignments(&as, path_of, path_of(use), &choices_);
    if (as.size() == before) return;
    assigns->clear();
    for (const errdex::Assignment& a : as) assigns->push_back({a.node, a.value});
  }

  bool IsAppend(TSNode n) {
    return Is(n, "assignment_statement") && ts::Text(Field(n, "operator"), src_) == "+=";
  }

  // (statement, value) pairs that assign `name` in `scope` before `pos`, in
  // source order, from a per-file index (one walk per file, not per site).
  std::vector<std::pair<TSNode, TSNode>> AssignmentsTo(TSNode scope, const std::string& name,
                                                       uint32_t pos) {
    if (!indexed_) IndexAssignments(root_);
    std::vector<std::pair<TSNode, TSNode>> out;
    auto it = assignments_.find(name);
    if (it == assignments_.end() || overflowed_.count(name)) return out;
    for (const Assignment& a : it->second) {
      if (ts_node_start_byte(a.node) >= pos) break;
      if (a.scope == scope.id) out.push_back({a.node, a.value});
    }
    return out;
  }

  // Indexes every assignment of the file once, with the innermost function
  // holding it (one walk that carries the ancestors: ts_node_parent is slow).
  void IndexAssignments(TSNode root) {
    static const TSSymbol kShortVar = Symbol("short_var_declaration");
    static const TSSymbol kAssign = Symbol("assignment_statement");
    static const TSSymbol kVarSpec = Symbol("var_spec");
    static const TSSymbol kConstSpec = Symbol("const_spec");
    indexed_ = true;
    ts::WalkWithAncestors(root, [&](TSNode n, const std::vector<TSNode>& anc) {
      TSSymbol s = ts_node_symbol(n);
      if (s != kShortVar && s != kAssign && s != kVarSpec && s != kConstSpec) return true;
      index_scope_ = root.id;
      for (auto a = anc.rbegin(); a != anc.rend(); ++a) {
        if (IsFunctionNode(*a)) {
          index_scope_ = a->id;
          break;
        }
      }
      if (s == kShortVar || s == kAssign) {
        std::string_view op = ts::Text(Field(n, "operator"), src_);
        if (s == kShortVar || op == "=" || op == "+=") {
          MatchLists(n, Field(n, "left"), Field(n, "right"));
        }
      } else {
        std::vector<TSNode> names;
        for (TSNode c : NamedChildren(n)) {
          if (Is(c, "identifier")) names.push_back(c);
        }
        std::vector<TSNode> values = NamedChildren(Field(n, "value"));
        for (size_t i = 0; i < names.size() && i < values.size(); ++i) {
          AddAssignment(ts::Text(names[i], src_), n, values[i]);
        }
      }
      return true;
    });
  }

  void AddAssignment(std::string_view name, TSNode stmt, TSNode value) {
    auto& list = assignments_[std::string(name)];
    // Past the cap the name is given up on (an opaque hole) rather than
    // resolved to a stale assignment.
    if (list.size() < kMaxAssignmentsPerName) {
      list.push_back({stmt, value, index_scope_});  // source order
    } else {
      overflowed_.insert(std::string(name));
    }
  }

  void MatchLists(TSNode stmt, TSNode left, TSNode right) {
    std::vector<TSNode> l = NamedChildren(left), r = NamedChildren(right);
    if (l.size() != r.size()) return;  // a, b := f(): not a literal
    for (size_t i = 0; i < l.size(); ++i) AddAssignment(ts::Text(l[i], src_), stmt, r[i]);
  }

  // `{expr}` for a value concatenated into a message; `err.Error()` names err.
  void AddExprHole(TSNode n, Template* out) {
    std::string e = CollapseSpace(ts::Text(n, src_));
    std::string name = e;
    if (name.ends_with(".Error()")) name.resize(name.size() - 8);
    out->AddHole("{" + e + "}", name);
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = "go";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(stmt);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  // The site a link call would be: its statement's context, no message.
  std::optional<ErrorSite> CallContext(TSNode call) {
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return std::nullopt;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    AddBraceContext(stmt, src_, lines_, GoSyntax(), &site);
    return site;
  }

  void Finish(TSNode stmt, ErrorSite site) {
    if (site.message.empty()) return;
    AddBraceContext(stmt, src_, lines_, GoSyntax(), &site);
    out_->push_back(std::move(site));
  }

  // A message that calls a function: a site only when the resolve stage
  // knows the text it returns (src/resolve/link_text_functions.h).
  void HoldCallMessage(TSNode stmt, ErrorSite site) {
    bool call = false;
    for (const Piece& p : site.message.pieces()) call |= p.is_hole && p.expr.ends_with(")");
    if (!text_facts_ || !call) return;
    AddBraceContext(stmt, src_, lines_, GoSyntax(), &site);
    HeldMessage h{site.line, site.error_class, {site.message}, std::nullopt};
    h.site = std::move(site);
    text_facts_->held_messages.push_back(std::move(h));
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  std::vector<ErrorSite>* out_;
  std::vector<size_t> sentinels_;  // indices into *out_
  std::optional<std::set<std::string>> string_error_types_;
  std::map<std::string, std::vector<int>> returned_;
  bool indexed_ = false;
  std::set<std::string> overflowed_;
  struct Assignment {
    TSNode node;
    TSNode value;
    const void* scope;  // id of the innermost function holding it, else the root
  };
  TSNode root_{};
  std::map<std::string, std::vector<Assignment>> assignments_;
  BranchChoices choices_;  // the branches the reporter call being built takes (HandleCall)
  const void* index_scope_ = nullptr;  // the scope of the assignments being indexed
  std::optional<GoSinks> sinks_;
  FileFacts* text_facts_ = nullptr;
};

class GoExtractor : public Extractor {
 public:
  std::string_view language() const override { return "go"; }
  bool Handles(std::string_view path) const override { return path.ends_with(".go"); }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    return ts::ParseAndVisit(tree_sitter_go(), file, had_syntax_errors, [&](TSNode root) {
      GoFile go(file, sites);
      if (facts) go.CollectFacts(facts);
      go.Run(root);
      if (facts) CollectCallFacts(root, file.content, "go", facts);
    });
  }
};

}  // namespace

const Extractor* GoExtractorInstance() {
  static const GoExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
