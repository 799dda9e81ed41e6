// C and C++ extractor: finds the error sites of one C or C++ file and
// reconstructs each message template from the syntax tree: string literals
// (escapes, prefixes, raw strings, adjacent-literal concatenation, string
// macros and PRIu64-style pieces), `+` and `<<` concatenation, printf verbs,
// `{}` formats (fmt, std::format, spdlog), absl::StrCat/StrFormat, messages
// built in locals (`std::string msg = ...; msg += ...`, ostringstreams,
// snprintf into a buffer) and small helper functions of the same file, inlined
// with their arguments (nlohmann/json's `type_error::create(302, ...)`).
//
// Sites: `throw X(...)` and THROW-style macros, leveldb `Status::X(...)`,
// absl `XxxError(...)`, reports to stderr (`fprintf(stderr, ...)`, `fputs`,
// `perror`, `err`/`warn` and friends), printf-style reporters named like
// `die`, `fatal`, `*_error`, `*_warn` and level-taking loggers
// (`serverLog(LL_WARNING, ...)`, `syslog(LOG_ERR, ...)`), glog/absl
// `LOG(ERROR) << ...` and `CHECK(cond) << ...`, spdlog, `std::cerr << ...`,
// and jq's `jv_invalid_with_msg(...)`.
//
// One implementation serves both languages: `.c` is parsed with the C
// grammar, everything else (including `.h`, which is C++ as often as C and
// which the C++ grammar parses either way) with the C++ grammar.
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
#include "extract/cpp/c_strings.h"
#include "extract/cpp/cpp_reports.h"
#include "extract/common/printf_format.h"
#include "extract/common/ts_util.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_c();
extern "C" const TSLanguage* tree_sitter_cpp();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
constexpr int kMaxInlineDepth = 3;
using ts::kMaxAncestors;
constexpr size_t kMaxAssignmentsPerName = 256;
constexpr size_t kMaxInlineStatements = 8;
constexpr size_t kMaxExprSteps = 50000;  // template-building steps per file

using cpp::AnyWord;
using cpp::ApplyBraceFormat;
using cpp::CheckOperator;
using cpp::DecodeCEscapes;
using cpp::InttypesMacro;
using cpp::IsCheckMacro;
using cpp::IsQuietLevel;
using cpp::LastName;
using cpp::LevelSeverity;
using cpp::ReadsAsError;
using cpp::Report;
using cpp::ReportFor;
using cpp::ReportInfo;
using cpp::StringLiteralText;
using cpp::StripTemplateArgs;
using cpp::Words;

// ---------------------------------------------------------------------------

bool IsFunctionNode(TSNode n) {
  std::string_view t = Type(n);
  return t == "function_definition" || t == "lambda_expression";
}

// The name a function_definition declares: `Foo::Bar`, `Bar`, `~Foo`.
std::string DeclaredName(TSNode fn, std::string_view src) {
  TSNode d = Field(fn, "declarator");
  for (int i = 0; i < 16 && !ts_node_is_null(d); ++i) {
    if (Is(d, "function_declarator")) {
      return StripTemplateArgs(ts::Text(Field(d, "declarator"), src));
    }
    d = Field(d, "declarator");
  }
  return "";
}

std::string CppScopeName(TSNode n, std::string_view src, bool* is_function) {
  std::string_view type = Type(n);
  if (type == "function_definition") {
    *is_function = true;
    return DeclaredName(n, src);
  }
  if (type == "lambda_expression") *is_function = true;
  if (type == "class_specifier" || type == "struct_specifier" || type == "union_specifier") {
    return StripTemplateArgs(ts::Text(Field(n, "name"), src));  // formatter<T, Char> -> formatter
  }
  return "";
}

const BraceSyntax& CppSyntax() {
  static const BraceSyntax kSyntax{
      CppScopeName,
      {"compound_statement", "translation_unit", "declaration_list", "case_statement"},
      {"return_statement", "throw_statement", "continue_statement", "break_statement",
       "goto_statement"},
      "catch_clause"};
  return kSyntax;
}

TSNode EnclosingFunction(TSNode n) {
  return ts::EnclosingScope(n, [](TSNode a) { return IsFunctionNode(a); });
}

// `(a && b)` -> `a && b`, but `(a) && (b)` stays.
std::string StripOuterParens(std::string s) {
  while (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
    int depth = 0;
    bool outer = true;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '(') ++depth;
      if (s[i] == ')') --depth;
      if (depth == 0 && i + 1 < s.size()) {
        outer = false;
        break;
      }
    }
    if (!outer) break;
    s = std::string(Trim(std::string_view(s).substr(1, s.size() - 2)));
  }
  return s;
}

// A template with trailing newlines and spaces cut from its last literal:
// a reported line's terminator is not part of what users paste.
Template TrimTrailing(const Template& t) {
  const std::vector<Piece>& pieces = t.pieces();
  if (pieces.empty() || pieces.back().is_hole) return t;
  Template out;
  for (size_t i = 0; i + 1 < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    if (p.is_hole) {
      out.AddHole(p.text, p.expr, p.type);
    } else {
      out.AddLiteral(p.text);
    }
  }
  std::string last = pieces.back().text;
  while (!last.empty() && std::isspace(static_cast<unsigned char>(last.back()))) last.pop_back();
  out.AddLiteral(last);
  return out;
}

// A function parameter bound to the template of the argument a caller passed,
// while a small helper is inlined.
struct Env {
  std::map<std::string, Template> params;
  int depth = 0;
};

// How an indexed statement changes a variable's text.
enum class AssignOp {
  kSet,     // `std::string m = v`, `m = v`, `std::ostringstream oss;` (value may be null)
  kAppend,  // `m += v`, `m.append(v)`, `strcat(m, v)`
  kStream,  // `oss << a << b` (value: the chain)
  kPrintf,  // `snprintf(buf, n, fmt, ...)`, `sprintf(buf, fmt, ...)`
  kStrCat,  // `absl::StrAppend(&m, a, b)`
};

struct Assignment {
  TSNode stmt;
  TSNode value;
  AssignOp op;
  TSNode scope;  // the innermost function holding it, else the root
  TSNode block;  // the innermost block or branch holding it
};

// The node types the walk acts on. Looked up by symbol id (one table per
// grammar, built from the symbol names) rather than by comparing type
// strings at every node: the walk visits every node of the file.
enum class NodeKind : uint8_t {
  kOther,
  kThrow,
  kCall,
  kBinary,
  kDeclaration,
  kAssignment,
  kPreprocDef,
  kFunctionDef,
  kOpaque,  // nothing below it matters: the walk does not descend
};

std::vector<NodeKind> NodeKinds(const TSLanguage* lang) {
  static const std::map<std::string_view, NodeKind> kNames = {
      {"throw_statement", NodeKind::kThrow},
      {"call_expression", NodeKind::kCall},
      {"binary_expression", NodeKind::kBinary},
      {"declaration", NodeKind::kDeclaration},
      {"assignment_expression", NodeKind::kAssignment},
      {"preproc_def", NodeKind::kPreprocDef},
      {"function_definition", NodeKind::kFunctionDef},
      // Literals are read whole by the template builder; parameter and
      // template lists hold no sites. Every visited token costs a cursor step.
      {"string_literal", NodeKind::kOpaque},
      {"concatenated_string", NodeKind::kOpaque},
      {"raw_string_literal", NodeKind::kOpaque},
      {"char_literal", NodeKind::kOpaque},
      {"parameter_list", NodeKind::kOpaque},
      {"template_parameter_list", NodeKind::kOpaque},
      {"template_argument_list", NodeKind::kOpaque},
      {"type_descriptor", NodeKind::kOpaque},
      {"preproc_arg", NodeKind::kOpaque},
      {"comment", NodeKind::kOpaque}};
  std::vector<NodeKind> out(ts_language_symbol_count(lang), NodeKind::kOther);
  for (uint32_t i = 0; i < out.size(); ++i) {
    TSSymbol sym = static_cast<TSSymbol>(i);
    if (ts_language_symbol_type(lang, sym) != TSSymbolTypeRegular) continue;
    auto it = kNames.find(ts_language_symbol_name(lang, sym));
    if (it != kNames.end()) out[i] = it->second;
  }
  return out;
}

// Per-file extraction state.
class CppFile {
 public:
  CppFile(const SourceFile& file, bool is_c, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), lines_(SplitLines(file.content)), is_c_(is_c), out_(out) {}

  // One walk: each node is indexed (assignments, macros, functions) and then
  // visited, so a site sees everything before it in the file. Helpers
  // defined after their use are not inlined.
  //
  // The walk keeps the ancestors of the current node on a stack: every
  // parent lookup the sites need is on that path, and ts_node_parent
  // descends from the root on each call (slow at the top of a large file).
  void Run(TSNode root, const std::vector<NodeKind>& kinds) {
    root_ = root;
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    bool descend = true;
    while (true) {
      TSNode n = ts_tree_cursor_current_node(&cursor);
      if (descend) {
        current_ = n;
        TSSymbol sym = ts_node_symbol(n);
        NodeKind k = sym < kinds.size() ? kinds[sym] : NodeKind::kOther;
        // Only the outermost `<<` of a chain matters, to both passes: it
        // comes first in pre-order and marks the rest of its left spine.
        if (k == NodeKind::kBinary && (!IsShift(n) || !MarkOuterShift(n))) k = NodeKind::kOther;
        if (k == NodeKind::kOpaque) {
          descend = false;
        } else if (k != NodeKind::kOther) {
          IndexNode(n, k);
          Visit(n, k);
        }
      }
      if (descend && ts_tree_cursor_goto_first_child(&cursor)) {
        stack_.push_back(n);
        continue;
      }
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        descend = true;
        continue;
      }
      if (!ts_tree_cursor_goto_parent(&cursor)) break;
      stack_.pop_back();
      descend = false;
    }
    ts_tree_cursor_delete(&cursor);
    DropSharedCodes();
  }

 private:
  void Visit(TSNode n, NodeKind k) {
    if (k == NodeKind::kThrow) {
      TSNode e = ts::FirstNamed(n);
      if (!ts_node_is_null(e)) HandleThrown(n, e);
    } else if (k == NodeKind::kCall) {
      HandleCall(n);
    } else if (k == NodeKind::kBinary) {
      HandleStream(n);
    }
  }

  // The parent of `n`, from the walk's stack when `n` is on the current path.
  TSNode ParentOf(TSNode n) {
    if (ts_node_eq(n, current_)) return stack_.empty() ? TSNode{} : stack_.back();
    for (size_t i = stack_.size(); i-- > 0;) {
      if (ts_node_eq(stack_[i], n)) return i > 0 ? stack_[i - 1] : TSNode{};
    }
    return ts_node_parent(n);
  }

  // The ancestors of `n` (root first) when `n` is on the current path.
  bool AncestorsOf(TSNode n, std::vector<TSNode>* out) {
    if (ts_node_eq(n, current_)) {
      *out = stack_;
      return true;
    }
    for (size_t i = stack_.size(); i-- > 0;) {
      if (ts_node_eq(stack_[i], n)) {
        out->assign(stack_.begin(), stack_.begin() + static_cast<std::ptrdiff_t>(i));
        return true;
      }
    }
    return false;
  }

  // The innermost function holding the current node, else the root.
  TSNode CurrentFunction() {
    for (size_t i = stack_.size(); i-- > 0;) {
      if (IsFunctionNode(stack_[i])) return stack_[i];
    }
    return root_;
  }

  // The innermost block (or branch statement) holding the current node.
  TSNode CurrentBlock() {
    for (size_t i = stack_.size(); i-- > 0;) {
      std::string_view t = Type(stack_[i]);
      if (t == "compound_statement" || t == "translation_unit" || t == "case_statement" ||
          t == "if_statement" || t == "for_statement" || t == "while_statement" ||
          t == "for_range_loop" || t == "do_statement" || t == "declaration_list") {
        return stack_[i];
      }
    }
    return root_;
  }

  // A `<<` binary expression. Its children are left, operator, right; child
  // 1 is cheaper than a lookup by field name.
  static bool IsShift(TSNode n) {
    return Is(n, "binary_expression") && ts_node_child_count(n) == 3 &&
           Is(ts_node_child(n, 1), "<<");
  }

  // True for the first `<<` of a chain seen; records its inner left spine.
  bool MarkOuterShift(TSNode n) {
    auto key = [](TSNode x) {
      return (static_cast<uint64_t>(ts_node_start_byte(x)) << 32) | ts_node_end_byte(x);
    };
    if (inner_shifts_.count(key(n))) return false;
    TSNode cur = ts_node_child(n, 0);
    for (int i = 0; i < kMaxExprDepth * 8 && IsShift(cur); ++i) {
      inner_shifts_.insert(key(cur));
      cur = ts_node_child(cur, 0);
    }
    return true;
  }

  // --- sites -----------------------------------------------------------------

  // `throw X(args)`, `throw new X(args)`, `throw X{args}`, `throw "text"`,
  // `throw Cls::create(id, msg, ...)`.
  void HandleThrown(TSNode stmt, TSNode e) {
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    uint32_t pos = ts_node_start_byte(stmt);
    std::string* note = &site.message_origin_note;
    std::string_view type = Type(e);
    if (type == "parenthesized_expression") e = ts::FirstNamed(e), type = Type(e);
    std::vector<TSNode> args;
    std::string cls;
    if (type == "call_expression") {
      TSNode fn = Field(e, "function");
      cls = StripTemplateArgs(ts::Text(fn, src_));
      args = Args(Field(e, "arguments"));
      if (Is(fn, "qualified_identifier") && IsFactoryName(LastName(cls))) {
        ThrownFactory(stmt, e, std::move(site));
        return;
      }
    } else if (type == "new_expression" || type == "compound_literal_expression") {
      cls = StripTemplateArgs(ts::Text(Field(e, "type"), src_));
      args = Args(Field(e, type == "new_expression" ? "arguments" : "value"));
    } else if (type == "string_literal" || type == "concatenated_string" ||
               type == "raw_string_literal" || type == "user_defined_literal") {
      cls = "const char*";
      args = {e};
    } else if (type == "identifier") {
      // `throw err;` of a caught or passed-in error is a rethrow, not a new
      // site; `MyError err("msg"); ...; throw err;` builds one here.
      std::optional<Assignment> built = LocalConstruction(e);
      if (!built) return;
      cls = StripTemplateArgs(ts::Text(Field(built->stmt, "type"), src_));
      args = Args(built->value);
      site.message_origin_note = "error object `" + std::string(ts::Text(e, src_)) +
                                 "` built at line " + std::to_string(ts::Line(built->stmt));
    } else {
      return;
    }
    site.error_class = cls;
    Template msg = MessageFromArgs(args, pos, note, nullptr);
    if (cls == "std::system_error" || cls == "system_error" || cls == "fmt::system_error" ||
        cls == "std::filesystem::filesystem_error") {
      // what() is "msg: strerror" (libstdc++ and libc++).
      if (msg.HasLiteralText()) {
        msg.AddLiteral(": ");
        msg.AddHole("{error_code.message()}", "error_code.message()");
      }
    }
    site.message = msg;
    if (!site.message.HasLiteralText()) SetOpaque(&site, cls);
    Finish(stmt, std::move(site));
  }

  // The argument list of `T name(args)` / `T name{args}` declaring `ident`
  // in the current function before it, when that is its last assignment.
  std::optional<Assignment> LocalConstruction(TSNode ident) {
    std::string name(ts::Text(ident, src_));
    std::vector<Assignment> assigns =
        AssignmentsTo(CurrentFunction(), name, ts_node_start_byte(ident));
    if (assigns.empty()) return std::nullopt;
    const Assignment& a = assigns.back();
    if (a.op != AssignOp::kSet || !Is(a.stmt, "declaration") || ts_node_is_null(a.value) ||
        !(Is(a.value, "argument_list") || Is(a.value, "initializer_list"))) {
      return std::nullopt;
    }
    return a;
  }

  static bool IsFactoryName(std::string_view name) {
    return name == "create" || name == "make" || name == "Create" || name == "Make";
  }

  // nlohmann/json style: `Cls::create(302, msg, ctx)`. The factory's body,
  // when this file has it, is inlined; else the prefix it adds is a hole.
  void ThrownFactory(TSNode stmt, TSNode call, ErrorSite site) {
    // `detail::type_error::create` nests: the class is all but the last name.
    std::string full = StripTemplateArgs(ts::Text(Field(call, "function"), src_));
    size_t sep = full.rfind("::");
    std::string scope = full.substr(0, sep);
    std::string method = full.substr(sep + 2);
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    uint32_t pos = ts_node_start_byte(stmt);
    site.error_class = scope;
    if (!args.empty() && Is(args[0], "number_literal")) {
      site.error_code = std::string(ts::Text(args[0], src_));
    }
    std::string* note = &site.message_origin_note;
    std::optional<Template> inlined = InlineCall(call, pos, 0, note, nullptr);
    if (inlined && inlined->HasLiteralText()) {
      site.message = *inlined;
      *note = "message built by `" + scope + "::" + method + "` in this file";
    } else {
      Template msg = MessageFromArgs(args, pos, note, nullptr);
      if (!msg.HasLiteralText()) {
        SetOpaque(&site, scope);
      } else {
        // The factory adds a prefix (nlohmann: "[json.exception.type_error.302] ").
        site.message.AddHole("{" + scope + "::" + method + " prefix}", "");
        site.message.Append(msg);
        *note = "`" + scope + "::" + method + "` adds a prefix defined in another file";
      }
    }
    size_t before = out_->size();
    bool coded = site.error_code.has_value();
    Finish(stmt, std::move(site));
    if (coded && out_->size() > before) coded_.push_back(before);
  }

  // nlohmann's ids name a kind of error, not one message: type_error 302 is
  // raised with "type must be boolean, ..." and "type must be string, ...".
  // Records are keyed by code when there is one, so an id shared by several
  // messages in a file is not used as the code (it stays in the message).
  void DropSharedCodes() {
    std::map<std::string, std::set<std::string>> messages;
    for (size_t i : coded_) {
      if (i < out_->size() && (*out_)[i].error_code) {
        messages[*(*out_)[i].error_code].insert((*out_)[i].message.Display());
      }
    }
    for (size_t i : coded_) {
      if (i >= out_->size() || !(*out_)[i].error_code) continue;
      ErrorSite& s = (*out_)[i];
      size_t n = messages[*s.error_code].size();
      if (n < 2) continue;
      std::string note = "error id " + *s.error_code + " is shared by " + std::to_string(n) +
                         " messages in this file";
      s.message_origin_note =
          s.message_origin_note.empty() ? note : s.message_origin_note + "; " + note;
      s.error_code.reset();
    }
  }

  // The message among constructor arguments: the first that has literal
  // text, else the only argument (opaque), else nothing.
  // Arguments after it that a `{}` or printf format in it consumes make it a
  // format (fmt's `system_error(errno, "cannot open {}", name)`).
  Template MessageFromArgs(const std::vector<TSNode>& args, uint32_t pos, std::string* note,
                           const Env* env) {
    for (size_t i = 0; i < args.size(); ++i) {
      Template t = ExprTemplate(args[i], pos, 0, note, env);
      if (!t.HasLiteralText()) continue;
      if (i + 1 < args.size()) {
        std::string text = t.Display();
        if (text.find("{}") != std::string::npos || text.find("{0") != std::string::npos) {
          return BraceTemplate(args, i, pos, note, env);
        }
        if (text.find('%') != std::string::npos) return PrintfTemplate(args, i, pos, note, env);
      }
      return t;
    }
    return Template();
  }

  void SetOpaque(ErrorSite* site, const std::string& name) {
    site->message = Template();
    site->message.AddHole("{" + (name.empty() ? std::string("message") : name) + "}", "");
    site->message_opaque = true;
  }

  void HandleCall(TSNode call) {
    std::string_view fn = ts::Text(ts_node_child(call, 0), src_);
    // A bare CHECK(cond) (no `<<`) is still a site; a streamed one is the
    // stream's.
    if (IsCheckMacro(fn)) {
      if (!IsShift(ParentOf(call))) HandleStreamHead(call, {}, call);
      return;
    }
    ReportInfo r = ReportFor(fn);
    if (r.kind == Report::kNone) return;
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    TSNode stmt = StatementOf(call);
    if (args.empty() || ts_node_is_null(stmt)) return;
    if (r.kind == Report::kThrowMacro) {
      if (args.size() == 1) HandleThrown(stmt, args[0]);
      return;
    }
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = r.severity;
    uint32_t pos = ts_node_start_byte(call);
    std::string* note = &site.message_origin_note;
    Template msg;
    switch (r.kind) {
      case Report::kFprintf:
        if (args.size() < 2 || !IsStderr(args[0])) return;
        msg = PrintfTemplate(args, 1, pos, note, nullptr);
        break;
      case Report::kFputs:
        if (args.size() != 2 || !IsStderr(args[1])) return;
        msg = ExprTemplate(args[0], pos, 0, note, nullptr);
        break;
      case Report::kPerror:
        msg = ExprTemplate(args[0], pos, 0, note, nullptr);
        msg.AddLiteral(": ");
        msg.AddHole("{strerror(errno)}", "strerror(errno)");
        break;
      case Report::kErr:
      case Report::kErrx:
        if (args.size() < 2) return;
        msg = PrintfTemplate(args, 1, pos, note, nullptr);
        break;
      case Report::kWarn:
      case Report::kWarnx:
        msg = PrintfTemplate(args, 0, pos, note, nullptr);
        break;
      case Report::kNamed:
      case Report::kLevelLog: {
        // The format is the first literal argument; a level constant before
        // it decides the severity (and whether a logger reports an error).
        size_t fmt = 0;
        while (fmt < args.size() && !IsStringish(args[fmt])) ++fmt;
        if (fmt >= args.size()) return;
        // ngx_log_error(NGX_LOG_INFO, ...) names an error but logs at info.
        std::optional<std::string> sev;
        bool quiet_level = false;
        for (size_t i = 0; i < fmt && !sev; ++i) {
          std::string_view a = ts::Text(args[i], src_);
          sev = LevelSeverity(a);
          quiet_level |= IsQuietLevel(a);
        }
        if (sev) {
          site.severity = *sev;
        } else if (r.kind == Report::kLevelLog || quiet_level) {
          return;
        }
        bool printf_like = fmt + 1 < args.size() || LastName(fn).ends_with("f") ||
                           LastName(fn).ends_with("Format");
        msg = printf_like ? PrintfTemplate(args, fmt, pos, note, nullptr)
                          : ExprTemplate(args[fmt], pos, 0, note, nullptr);
        // addReplyError(c, "..."): the error a server sends back to its client.
        if (AnyWord(Words(LastName(fn)), {"reply"})) site.kind = SiteKind::kRaise;
        break;
      }
      case Report::kBraceLog: {
        size_t fmt = fn.starts_with("SPDLOG_LOGGER_") ? 1 : 0;
        if (fmt >= args.size()) return;
        msg = BraceTemplate(args, fmt, pos, note, nullptr);
        break;
      }
      case Report::kStatus:
        site.kind = SiteKind::kRaise;
        site.error_class = StripTemplateArgs(fn);
        msg = StatusTemplate(LastName(fn), args, pos, note);
        break;
      case Report::kAbslStatus:
        site.kind = SiteKind::kRaise;
        site.error_class = StripTemplateArgs(fn);
        msg = ExprTemplate(args[0], pos, 0, note, nullptr);
        break;
      case Report::kJqError:
        site.kind = SiteKind::kRaise;
        msg = ExprTemplate(args[0], pos, 0, note, nullptr);
        break;
      case Report::kPyErr: {
        if (args.size() < 2) return;
        site.kind = SiteKind::kRaise;
        std::string_view cls = ts::Text(args[0], src_);
        if (cls.starts_with("PyExc_")) cls.remove_prefix(6);
        site.error_class = std::string(cls);
        msg = fn.ends_with("Format") ? PrintfTemplate(args, 1, pos, note, nullptr)
                                     : ExprTemplate(args[1], pos, 0, note, nullptr);
        break;
      }
      case Report::kNone:
      case Report::kThrowMacro:
        return;
    }
    if (r.kind == Report::kErr || r.kind == Report::kWarn) {
      msg.AddLiteral(": ");
      msg.AddHole("{strerror(errno)}", "strerror(errno)");
    }
    site.message = TrimTrailing(msg);
    if (!site.message.HasLiteralText()) return;  // fputs(buf, stderr) of an unknown buf
    if ((r.kind == Report::kFprintf || r.kind == Report::kFputs) && !ReadsAsError(site.message) &&
        !ExitsNext(stmt)) {
      return;
    }
    Finish(stmt, std::move(site));
  }

  // leveldb's Status::ToString: "<Code>: msg[: msg2]".
  Template StatusTemplate(std::string_view code, const std::vector<TSNode>& args, uint32_t pos,
                          std::string* note) {
    static const std::map<std::string_view, std::string_view> kPrefix = {
        {"NotFound", "NotFound: "},
        {"Corruption", "Corruption: "},
        {"NotSupported", "Not implemented: "},
        {"InvalidArgument", "Invalid argument: "},
        {"IOError", "IO error: "}};
    Template out;
    auto it = kPrefix.find(code);
    Template msg = ExprTemplate(args[0], pos, 0, note, nullptr);
    if (!msg.HasLiteralText()) return msg;
    if (it != kPrefix.end()) out.AddLiteral(it->second);
    out.Append(msg);
    if (args.size() > 1) {
      out.AddLiteral(": ");
      out.Append(ExprTemplate(args[1], pos, 0, note, nullptr));
    }
    return out;
  }

  bool IsStderr(TSNode n) {
    std::string_view t = ts::Text(n, src_);
    return t == "stderr" || t == "std::cerr" || t == "STDERR_FILENO" || t == "2";
  }

  // `LOG(ERROR) << a << b`, `CHECK(c) << a`, `std::cerr << a`: the head is
  // the leftmost operand of the chain.
  void HandleStream(TSNode chain) {
    std::vector<TSNode> ops = FlattenShift(chain);
    if (ops.empty()) return;
    TSNode head = ops[0];
    std::vector<TSNode> rest(ops.begin() + 1, ops.end());
    HandleStreamHead(head, rest, chain);
  }

  void HandleStreamHead(TSNode head, const std::vector<TSNode>& rest, TSNode chain) {
    TSNode stmt = StatementOf(chain);
    if (ts_node_is_null(stmt)) return;
    uint32_t pos = ts_node_start_byte(chain);
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    std::string* note = &site.message_origin_note;
    Template msg;
    std::string_view head_text = ts::Text(head, src_);
    if (Is(head, "call_expression")) {
      std::string fn = StripTemplateArgs(ts::Text(Field(head, "function"), src_));
      std::vector<TSNode> hargs = Args(Field(head, "arguments"));
      if (IsCheckMacro(fn)) {
        // glog: "Check failed: cond msg" / "Check failed: a == b (1 vs. 2) msg".
        if (hargs.empty()) return;
        site.kind = SiteKind::kAssert;
        site.severity = "critical";
        msg.AddLiteral("Check failed: ");
        if (std::optional<std::string_view> op = CheckOperator(fn); op && hargs.size() == 2) {
          std::string a = CollapseSpace(ts::Text(hargs[0], src_));
          std::string b = CollapseSpace(ts::Text(hargs[1], src_));
          msg.AddLiteral(a + " " + std::string(*op) + " " + b + " (");
          msg.AddHole("{" + a + "}", a);
          msg.AddLiteral(" vs. ");
          msg.AddHole("{" + b + "}", b);
          msg.AddLiteral(")");
        } else if (fn == "CHECK_NOTNULL") {
          msg.AddLiteral("'" + CollapseSpace(ts::Text(hargs[0], src_)) + "' Must be non NULL");
        } else {
          msg.AddLiteral(CollapseSpace(ts::Text(hargs[0], src_)));
        }
        if (!rest.empty()) msg.AddLiteral(" ");
      } else {
        std::string_view name = LastName(fn);
        bool log = name == "LOG" || name == "PLOG" || name == "DLOG" || name == "LOG_IF" ||
                   name == "PLOG_IF" || name == "LOG_EVERY_N" || name == "LOG_FIRST_N" ||
                   name == "LOG_EVERY_POW_2" || name == "LOG_EVERY_N_SEC" || name == "SYSLOG";
        if (!log || hargs.empty()) return;
        std::string_view level = ts::Text(hargs[0], src_);
        if (level == "ERROR") {
          site.severity = "error";
        } else if (level == "FATAL" || level == "DFATAL" || level == "QFATAL") {
          site.severity = "critical";
        } else if (level == "WARNING") {
          site.severity = "warning";
        } else {
          return;
        }
      }
    } else if (head_text == "std::cerr" || head_text == "cerr") {
      site.severity = "error";
    } else {
      return;
    }
    for (TSNode op : rest) AppendStreamOperand(op, pos, note, nullptr, &msg);
    if (Is(head, "call_expression") &&
        (LastName(ts::Text(Field(head, "function"), src_)).starts_with("PLOG"))) {
      // PLOG appends ": strerror [errno]".
      msg.AddLiteral(": ");
      msg.AddHole("{strerror(errno)}", "strerror(errno)");
    }
    site.message = TrimTrailing(msg);
    if (site.kind != SiteKind::kAssert) {
      // A stream of values only (`std::cerr << e.what()`) reports some other
      // error: no site of its own.
      bool literal = false;
      for (TSNode op : rest) literal |= IsStringish(op);
      if (!literal || !site.message.HasLiteralText()) return;
      if (head_text.ends_with("cerr")) {
        if (!ReadsAsError(site.message) && !ExitsNext(stmt)) return;
        if (StartsWithWarning(site.message)) site.severity = "warning";
      }
    }
    Finish(stmt, std::move(site));
  }

  // The statement after `stmt` ends the program or fails the function:
  // `exit(1)`, `abort()`, `return -1`, `return false`.
  bool ExitsNext(TSNode stmt) {
    TSNode next = ts_node_next_named_sibling(stmt);
    while (Is(next, "comment")) next = ts_node_next_named_sibling(next);
    if (ts_node_is_null(next)) return false;
    std::string_view t = ts::Text(next, src_);
    for (std::string_view p : {"exit(", "std::exit(", "_exit(", "abort(", "std::abort(",
                               "return -1", "return 1;", "return false", "return EXIT_FAILURE",
                               "return NULL", "return nullptr", "goto err", "goto fail"}) {
      if (t.starts_with(p)) return true;
    }
    return false;
  }

  static bool StartsWithWarning(const Template& t) {
    if (t.pieces().empty() || t.pieces()[0].is_hole) return false;
    return ToLower(Trim(t.pieces()[0].text)).starts_with("warning");
  }

  // Operands of a left-nested `a << b << c` chain, in order.
  std::vector<TSNode> FlattenShift(TSNode chain) {
    std::vector<TSNode> right;
    TSNode cur = chain;
    for (int i = 0; i < kMaxExprDepth * 8 && IsShift(cur); ++i) {
      right.push_back(Field(cur, "right"));
      cur = Field(cur, "left");
    }
    if (IsShift(cur)) return {};
    right.push_back(cur);
    std::reverse(right.begin(), right.end());
    return right;
  }

  void AppendStreamOperand(TSNode op, uint32_t pos, std::string* note, const Env* env,
                           Template* out) {
    std::string_view t = ts::Text(op, src_);
    std::string_view name = LastName(t);
    if (name == "endl" || name == "ends") return;  // a trailing newline
    if (name == "flush" || name == "hex" || name == "dec" || name == "oct" || name == "fixed" ||
        name == "scientific" || name == "boolalpha" || name == "noboolalpha" || name == "showpos" ||
        name == "left" || name == "right" || t.starts_with("std::setw(") ||
        t.starts_with("std::setprecision(") || t.starts_with("std::setfill(") ||
        t.starts_with("setw(")) {
      return;
    }
    out->Append(ExprTemplate(op, pos, 1, note, env));
  }

  // The statement a record points at.
  TSNode StatementOf(TSNode n) {
    TSNode cur = n;
    for (int i = 0; i < kMaxAncestors && !ts_node_is_null(cur); ++i) {
      std::string_view t = Type(cur);
      if (t == "expression_statement" || t == "throw_statement" || t == "return_statement" ||
          t == "declaration" || t == "field_declaration" || t == "init_declarator") {
        if (t == "init_declarator") {
          TSNode decl = ParentOf(cur);
          if (Is(decl, "declaration")) return decl;
        }
        return cur;
      }
      if (t == "compound_statement" || t == "translation_unit") return n;
      cur = ParentOf(cur);
    }
    return n;
  }

  // --- templates -------------------------------------------------------------

  // Arguments of an argument_list, with the C++ grammar's split of
  // `"a %" PRIu64 " b"` (an ERROR node holding the first literal, then a
  // concatenated_string) rejoined: the ERROR node stands for both.
  std::vector<TSNode> Args(TSNode list) {
    std::vector<TSNode> out;
    std::vector<TSNode> kids = NamedChildren(list);
    for (size_t i = 0; i < kids.size(); ++i) {
      TSNode k = kids[i];
      if (Is(k, "ERROR") && i + 1 < kids.size() && Is(kids[i + 1], "concatenated_string")) {
        TSNode lit = ts::FirstNamed(k);
        if (Is(lit, "string_literal")) {
          continuation_[ts_node_start_byte(k)] = kids[i + 1];
          out.push_back(k);
          ++i;
          continue;
        }
      }
      out.push_back(k);
    }
    return out;
  }

  bool IsStringish(TSNode n) {
    std::string_view t = Type(n);
    if (t == "string_literal" || t == "concatenated_string" || t == "raw_string_literal" ||
        t == "user_defined_literal") {
      return true;
    }
    if (t == "ERROR") return continuation_.count(ts_node_start_byte(n)) > 0;
    if (t == "call_expression") {
      // gettext: _("text"), N_("text"), gettext("text")
      std::string_view fn = ts::Text(Field(n, "function"), src_);
      std::vector<TSNode> a = NamedChildren(Field(n, "arguments"));
      return (fn == "_" || fn == "N_" || fn == "gettext" || fn == "tr") && a.size() == 1 &&
             IsStringish(a[0]);
    }
    if (t == "identifier") {
      return macros_.count(std::string(ts::Text(n, src_))) > 0;
    }
    return false;
  }

  // printf-style: args[fmt] is the format, the rest its arguments.
  Template PrintfTemplate(const std::vector<TSNode>& args, size_t fmt, uint32_t pos,
                          std::string* note, const Env* env) {
    if (fmt >= args.size()) return Template();
    Template f = ExprTemplate(args[fmt], pos, 0, note, env);
    if (!f.HasLiteralText()) return f;
    std::vector<std::string> rest;
    for (size_t i = fmt + 1; i < args.size(); ++i) rest.push_back(HoleExpr(args[i]));
    return ApplyPrintf(f, rest, PrintfDialect::kC);
  }

  Template BraceTemplate(const std::vector<TSNode>& args, size_t fmt, uint32_t pos,
                         std::string* note, const Env* env) {
    if (fmt >= args.size()) return Template();
    Template f = ExprTemplate(args[fmt], pos, 0, note, env);
    if (!f.HasLiteralText()) return f;
    std::vector<std::string> rest;
    for (size_t i = fmt + 1; i < args.size(); ++i) rest.push_back(HoleExpr(args[i]));
    return ApplyBraceFormat(f, rest);
  }

  std::string HoleExpr(TSNode n) { return CollapseSpace(ts::Text(n, src_)); }

  void AddExprHole(TSNode n, Template* out) {
    std::string e = HoleExpr(n);
    std::string name = e;
    for (std::string_view suffix :
         {".what()", ".c_str()", ".str()", ".ToString()", ".message()", ".data()"}) {
      if (name.ends_with(suffix)) {
        name.resize(name.size() - suffix.size());
        break;
      }
    }
    out->AddHole("{" + e + "}", name);
  }

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note, const Env* env) {
    Template out;
    // The step budget bounds files whose variables double at each step
    // (`b = a + a; c = b + b; ...`): depth alone allows 2^64 expansions.
    if (depth > kMaxExprDepth || ts_node_is_null(n) || ++expr_steps_ > kMaxExprSteps) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    if (type == "string_literal" || type == "raw_string_literal" || type == "char_literal") {
      if (std::optional<std::string> s = StringLiteralText(n, src_)) {
        out.AddLiteral(*s);
        return out;
      }
    }
    if (type == "user_defined_literal") {
      return ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note, env);
    }
    if (type == "concatenated_string") {
      for (TSNode c : NamedChildren(n)) AppendConcatPiece(c, pos, depth, note, env, &out);
      return out;
    }
    if (type == "ERROR") {
      auto it = continuation_.find(ts_node_start_byte(n));
      if (it != continuation_.end()) {
        out.Append(ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note, env));
        for (TSNode c : NamedChildren(it->second)) {
          AppendConcatPiece(c, pos, depth, note, env, &out);
        }
        return out;
      }
    }
    if (type == "number_literal" && depth > 0) {
      out.AddLiteral(ts::Text(n, src_));
      return out;
    }
    if (type == "parenthesized_expression") {
      return ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note, env);
    }
    if (type == "binary_expression") {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      if (op == "+" || op == "<<") {
        Template t = ExprTemplate(Field(n, "left"), pos, depth + 1, note, env);
        if (op == "<<") {
          AppendStreamOperand(Field(n, "right"), pos, note, env, &t);
        } else {
          t.Append(ExprTemplate(Field(n, "right"), pos, depth + 1, note, env));
        }
        if (t.HasLiteralText()) return t;
      }
    }
    if (type == "call_expression") {
      if (std::optional<Template> t = CallTemplate(n, pos, depth, note, env)) return *t;
    }
    if (type == "identifier") {
      std::string name(ts::Text(n, src_));
      if (env) {
        auto it = env->params.find(name);
        if (it != env->params.end()) return it->second;
      }
      if (std::optional<Template> t = VariableTemplate(n, pos, depth, note, env)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // One child of a concatenated_string: a literal, a string macro, or a
  // PRIu64-style conversion.
  void AppendConcatPiece(TSNode c, uint32_t pos, int depth, std::string* note, const Env* env,
                         Template* out) {
    // tree-sitter-cpp wraps a macro between literals in an ERROR node.
    if (Is(c, "ERROR") && ts_node_named_child_count(c) == 1 &&
        Is(ts::FirstNamed(c), "identifier")) {
      c = ts::FirstNamed(c);
    }
    if (!Is(c, "identifier")) {
      out->Append(ExprTemplate(c, pos, depth + 1, note, env));
      return;
    }
    std::string name(ts::Text(c, src_));
    if (std::optional<std::string> conv = InttypesMacro(name)) {
      out->AddLiteral(*conv);
      return;
    }
    auto it = macros_.find(name);
    if (it != macros_.end()) {
      out->AddLiteral(it->second);
      return;
    }
    if (EndsWithOpenPercent(*out)) {
      // `"%" FMT_OFF_T`: a project's own conversion macro. Integer-format
      // names print digits; anything else is any text.
      bool integer = name.find("FMT") != std::string::npos ||
                     name.find("FORMAT") != std::string::npos || name.ends_with("_T") ||
                     name.find("INT") != std::string::npos;
      out->AddLiteral(integer ? "lld" : "s");
      return;
    }
    out->AddHole("{" + name + "}", name);
  }

  // True when the last literal ends with an unpaired `%` (a conversion
  // whose letters come from a macro).
  static bool EndsWithOpenPercent(const Template& t) {
    if (t.pieces().empty() || t.pieces().back().is_hole) return false;
    std::string_view text = t.pieces().back().text;
    size_t n = 0;
    while (n < text.size() && text[text.size() - 1 - n] == '%') ++n;
    return n % 2 == 1;
  }

  // Calls that build strings: formatting and concatenation functions,
  // conversions and accessors, and helper functions of this file.
  std::optional<Template> CallTemplate(TSNode n, uint32_t pos, int depth, std::string* note,
                                       const Env* env) {
    std::string fn = StripTemplateArgs(ts::Text(Field(n, "function"), src_));
    std::string_view name = LastName(fn);
    std::vector<TSNode> args = Args(Field(n, "arguments"));
    TSNode fnode = Field(n, "function");
    // x.c_str(), x.str(), x.data(): the text of x.
    if (Is(fnode, "field_expression") && args.empty() &&
        (name == "c_str" || name == "str" || name == "data" || name == "string")) {
      Template t = ExprTemplate(Field(fnode, "argument"), pos, depth + 1, note, env);
      if (t.HasLiteralText()) return t;
      Template hole;
      AddExprHole(n, &hole);
      return hole;
    }
    if (args.empty()) return std::nullopt;
    // Identity wrappers: conversions and gettext.
    if (fn == "std::string" || fn == "string" || fn == "std::string_view" || fn == "string_t" ||
        fn == "std::wstring" || fn == "_" || fn == "N_" || fn == "gettext" || fn == "tr" ||
        fn == "QString" || fn == "jv_string" || fn == "absl::string_view" || fn == "FMT_STRING" ||
        fn == "FMT_COMPILE" || fn == "_T" || fn == "TEXT") {
      if (args.size() == 1) return ExprTemplate(args[0], pos, depth + 1, note, env);
    }
    if (fn == "std::to_string" || fn == "to_string" || fn == "std::to_wstring") {
      Template t = ExprTemplate(args[0], pos, depth + 1, note, env);
      if (!t.empty() && t.HoleCount() == 0) return t;  // a bound literal id
      Template hole;
      hole.AddHole("{" + HoleExpr(n) + "}", HoleExpr(args[0]));
      return hole;
    }
    if (fn == "fmt::format" || fn == "std::format" || fn == "format" || fn == "fmt::sformat" ||
        fn == "folly::sformat" || fn == "fmt::runtime" || fn == "std::runtime_format") {
      Template t = BraceTemplate(args, 0, pos, note, env);
      if (t.HasLiteralText()) return t;
    }
    if (fn == "absl::StrFormat" || fn == "StrFormat" || fn == "StringPrintf" ||
        fn == "base::StringPrintf" || fn == "fmt::sprintf" || fn == "jv_string_fmt" ||
        fn == "strprintf" || fn == "tfm::format" || fn == "folly::stringPrintf") {
      Template t = PrintfTemplate(args, 0, pos, note, env);
      if (t.HasLiteralText()) return t;
    }
    if (fn == "absl::StrCat" || fn == "StrCat" || name == "concat" || name == "string_concat" ||
        fn == "folly::to" || fn == "str_concat") {
      Template t;
      for (TSNode a : args) t.Append(ExprTemplate(a, pos, depth + 1, note, env));
      if (t.HasLiteralText()) return t;
    }
    if (std::optional<Template> t = InlineCall(n, pos, depth, note, env)) {
      if (t->HasLiteralText()) return t;
    }
    return std::nullopt;
  }

  // --- helper functions of this file, inlined --------------------------------

  // Inlines a call to a function defined in this file whose body is short and
  // returns a string built from its parameters (nlohmann's `name(ename, id)`
  // and `create(id, what_arg, ctx)`). Returns nullopt when it cannot.
  std::optional<Template> InlineCall(TSNode call, uint32_t pos, int depth, std::string* note,
                                     const Env* env) {
    int level = env ? env->depth + 1 : 1;
    if (level > kMaxInlineDepth || depth > kMaxExprDepth) return std::nullopt;
    TSNode fnode = Field(call, "function");
    std::string cls;
    std::string name;
    if (Is(fnode, "qualified_identifier")) {
      cls = std::string(LastName(StripTemplateArgs(ts::Text(Field(fnode, "scope"), src_))));
      name = std::string(LastName(StripTemplateArgs(ts::Text(fnode, src_))));
    } else if (Is(fnode, "identifier")) {
      name = std::string(ts::Text(fnode, src_));
    } else {
      return std::nullopt;
    }
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    TSNode def = FindFunction(cls, name, args.size());
    if (ts_node_is_null(def)) return std::nullopt;
    Env inner;
    inner.depth = level;
    std::vector<std::string> params = ParamNames(def);
    for (size_t i = 0; i < params.size() && i < args.size(); ++i) {
      Template t = ExprTemplate(args[i], pos, depth + 1, note, env);
      if (Is(args[i], "number_literal")) {
        t = Template();
        t.AddLiteral(ts::Text(args[i], src_));
      }
      inner.params[params[i]] = t;
    }
    TSNode body = Field(def, "body");
    std::vector<TSNode> stmts = NamedChildren(body);
    if (stmts.empty() || stmts.size() > kMaxInlineStatements) return std::nullopt;
    TSNode ret = stmts.back();
    if (!Is(ret, "return_statement")) return std::nullopt;
    TSNode value = ts::FirstNamed(ret);
    if (ts_node_is_null(value)) return std::nullopt;
    uint32_t rpos = ts_node_start_byte(ret);
    std::string ignored;
    if (Is(value, "initializer_list") || Is(value, "call_expression")) {
      // `return {id_, w.c_str()};` / `return T(id_, w)`: the string element.
      std::vector<TSNode> elems =
          Is(value, "initializer_list") ? NamedChildren(value) : std::vector<TSNode>{};
      // The element with the most literal text: `id_` is bound to "302" too.
      std::optional<Template> best;
      size_t best_len = 0;
      for (TSNode e : elems) {
        Template t = ExprTemplate(e, rpos, depth + 1, &ignored, &inner);
        size_t len = 0;
        for (const Piece& p : t.pieces()) len += p.is_hole ? 0 : p.text.size();
        if (t.HasLiteralText() && len > best_len) best = t, best_len = len;
      }
      if (!elems.empty()) return best;
    }
    Template t = ExprTemplate(value, rpos, depth + 1, &ignored, &inner);
    if (!t.HasLiteralText()) return std::nullopt;
    return t;
  }

  std::vector<std::string> ParamNames(TSNode def) {
    std::vector<std::string> out;
    TSNode d = Field(def, "declarator");
    for (int i = 0; i < 16 && !ts_node_is_null(d) && !Is(d, "function_declarator"); ++i) {
      d = Field(d, "declarator");
    }
    for (TSNode p : NamedChildren(Field(d, "parameters"))) {
      TSNode decl = Field(p, "declarator");
      for (int i = 0; i < 8 && !ts_node_is_null(decl) && !Is(decl, "identifier"); ++i) {
        TSNode next = Field(decl, "declarator");
        if (ts_node_is_null(next)) next = ts::FirstNamed(decl);  // reference_declarator
        decl = next;
      }
      out.push_back(Is(decl, "identifier") ? std::string(ts::Text(decl, src_)) : "");
    }
    return out;
  }

  // The one definition of `name` (in class `cls` when given) taking `nargs`
  // arguments; null when there is none or the choice is ambiguous in a way
  // that matters (different parameter counts are told apart).
  TSNode FindFunction(const std::string& cls, const std::string& name, size_t nargs) {
    auto it = functions_.find(name);
    if (it == functions_.end()) return TSNode{};
    for (const auto& [def_cls, def] : it->second) {
      if (!cls.empty() && def_cls != cls) continue;
      if (cls.empty() && !def_cls.empty()) continue;
      if (ParamNames(def).size() == nargs) return def;
    }
    return TSNode{};
  }

  // --- variables ---------------------------------------------------------------

  // A message held in a variable: the last plain assignment before `pos` in
  // the function, the appends after it; else a file-level constant.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth, std::string* note,
                                           const Env* env) {
    std::string name(ts::Text(ident, src_));
    // Identifiers of the site's own statement are below the current node;
    // those of an inlined helper's body are elsewhere.
    bool here = ts_node_start_byte(ident) >= ts_node_start_byte(current_) &&
                ts_node_end_byte(ident) <= ts_node_end_byte(current_);
    TSNode scope = here ? CurrentFunction() : EnclosingFunction(ident);
    std::vector<Assignment> assigns = AssignmentsTo(scope, name, pos);
    if (assigns.empty() && !Is(scope, "translation_unit")) {
      assigns = AssignmentsTo(root_, name, UINT32_MAX);
      if (assigns.empty()) {
        auto m = macros_.find(name);
        if (m == macros_.end()) return std::nullopt;
        Template t;
        t.AddLiteral(m->second);
        return t;
      }
    }
    int last_set = -1;
    for (int i = 0; i < static_cast<int>(assigns.size()); ++i) {
      if (assigns[i].op == AssignOp::kSet || assigns[i].op == AssignOp::kPrintf) last_set = i;
    }
    if (last_set < 0) return std::nullopt;
    // `if (a) msg = "x"; else msg = "y"; throw E(msg);`: the last assignment
    // sits in a branch the use is not in, so which text arrives is unknown.
    if (!ReachesUse(assigns[last_set], ident)) return std::nullopt;
    Template out;
    for (size_t i = static_cast<size_t>(last_set); i < assigns.size(); ++i) {
      if (i > static_cast<size_t>(last_set) && !ReachesUse(assigns[i], ident)) {
        // An append in a branch may or may not have happened.
        out.AddHole("{" + name + "}", name);
        continue;
      }
      out.Append(AssignedTemplate(assigns[i], depth, note, env));
    }
    if (!out.HasLiteralText()) return std::nullopt;
    if (note->empty()) {
      *note = "message assigned to `" + name + "` at line " +
              std::to_string(ts::Line(assigns[last_set].stmt));
    }
    return out;
  }

  Template AssignedTemplate(const Assignment& a, int depth, std::string* note, const Env* env) {
    uint32_t pos = ts_node_start_byte(a.stmt);
    Template out;
    if (ts_node_is_null(a.value)) return out;
    switch (a.op) {
      case AssignOp::kSet:
      case AssignOp::kAppend:
        if (Is(a.value, "argument_list") || Is(a.value, "initializer_list")) {
          std::vector<TSNode> kids = Args(a.value);
          if (kids.size() == 1) return ExprTemplate(kids[0], pos, depth + 1, note, env);
          AddExprHole(a.value, &out);
          return out;
        }
        return ExprTemplate(a.value, pos, depth + 1, note, env);
      case AssignOp::kStream: {
        std::vector<TSNode> ops = FlattenShift(a.value);
        for (size_t i = 1; i < ops.size(); ++i) AppendStreamOperand(ops[i], pos, note, env, &out);
        return out;
      }
      case AssignOp::kPrintf: {
        std::vector<TSNode> args = Args(Field(a.value, "arguments"));
        std::string_view fn = LastName(ts::Text(Field(a.value, "function"), src_));
        size_t fmt = fn.starts_with("sn") || fn.starts_with("vsn") ? 2 : 1;
        if (fn == "strcpy" || fn == "strncpy" || fn == "strlcpy") {
          return args.size() > 1 ? ExprTemplate(args[1], pos, depth + 1, note, env) : out;
        }
        return PrintfTemplate(args, fmt, pos, note, env);
      }
      case AssignOp::kStrCat: {
        std::vector<TSNode> args = Args(Field(a.value, "arguments"));
        for (size_t i = 1; i < args.size(); ++i) {
          out.Append(ExprTemplate(args[i], pos, depth + 1, note, env));
        }
        return out;
      }
    }
    return out;
  }

  // True when the block holding the assignment also holds `use`: straight
  // line code from the assignment reaches the use without a branch between.
  static bool ReachesUse(const Assignment& a, TSNode use) {
    if (ts_node_is_null(a.block) || Is(a.block, "translation_unit")) return true;
    return ts_node_start_byte(use) >= ts_node_start_byte(a.block) &&
           ts_node_end_byte(use) <= ts_node_end_byte(a.block);
  }

  std::vector<Assignment> AssignmentsTo(TSNode scope, const std::string& name, uint32_t pos) {
    std::vector<Assignment> out;
    auto it = assignments_.find(name);
    if (it == assignments_.end() || overflowed_.count(name)) return out;
    for (const Assignment& a : it->second) {
      if (ts_node_start_byte(a.stmt) >= pos) break;
      if (ts_node_start_byte(a.stmt) < ts_node_start_byte(scope) ||
          ts_node_end_byte(a.stmt) > ts_node_end_byte(scope)) {
        continue;
      }
      if (ts_node_eq(a.scope, scope)) out.push_back(a);
    }
    return out;
  }

  // One walk per file: assignments, string macros and function definitions.
  void IndexNode(TSNode n, NodeKind k) {
    if (k == NodeKind::kDeclaration) {
      for (TSNode d : NamedChildren(n)) {
        if (Is(d, "init_declarator")) {
          AddAssignment(DeclaredVar(Field(d, "declarator")), n, Field(d, "value"), AssignOp::kSet);
        } else if (Is(d, "identifier") || Is(d, "array_declarator")) {
          AddAssignment(DeclaredVar(d), n, TSNode{}, AssignOp::kSet);
        }
      }
    } else if (k == NodeKind::kAssignment) {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      TSNode left = Field(n, "left");
      if (Is(left, "identifier") && (op == "=" || op == "+=")) {
        AddAssignment(ts::Text(left, src_), n, Field(n, "right"),
                      op == "=" ? AssignOp::kSet : AssignOp::kAppend);
      }
    } else if (k == NodeKind::kBinary) {
      std::vector<TSNode> ops = FlattenShift(n);
      if (!ops.empty() && Is(ops[0], "identifier")) {
        AddAssignment(ts::Text(ops[0], src_), n, n, AssignOp::kStream);
      }
    } else if (k == NodeKind::kCall) {
      IndexCall(n);
    } else if (k == NodeKind::kPreprocDef) {
      std::string_view value = Trim(ts::Text(Field(n, "value"), src_));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"' &&
          value.substr(1, value.size() - 2).find('"') == std::string_view::npos) {
        macros_[std::string(ts::Text(Field(n, "name"), src_))] =
            DecodeCEscapes(value.substr(1, value.size() - 2));
      }
    } else if (k == NodeKind::kFunctionDef) {
      std::string full = DeclaredName(n, src_);
      std::string name(LastName(full));
      std::string cls;
      size_t sep = full.rfind("::");
      if (sep != std::string::npos) {
        cls = std::string(LastName(full.substr(0, sep)));
      } else {
        TSNode p = ParentOf(n);
        if (Is(p, "template_declaration")) p = ParentOf(p);
        if (Is(p, "field_declaration_list")) {
          TSNode spec = ParentOf(p);
          cls = std::string(ts::Text(Field(spec, "name"), src_));
        }
      }
      if (!name.empty()) functions_[name].push_back({cls, n});
    }
  }

  void IndexCall(TSNode n) {
    TSNode fnode = ts_node_child(n, 0);
    std::string_view fn = ts::Text(fnode, src_);
    std::string_view name = LastName(fn);
    // Most calls are none of these: decide from the name before the arguments.
    if (!name.starts_with("s") && !name.starts_with("v") && name != "append" &&
        name != "StrAppend") {
      return;
    }
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    if (args.empty()) return;
    auto target = [&](TSNode a) -> std::string_view {
      if (Is(a, "pointer_expression")) a = Field(a, "argument");
      return Is(a, "identifier") ? ts::Text(a, src_) : std::string_view();
    };
    if (name == "snprintf" || name == "sprintf" || name == "vsnprintf" || name == "vsprintf" ||
        name == "strcpy" || name == "strncpy" || name == "strlcpy") {
      AddAssignment(target(args[0]), StatementOf(n), n, AssignOp::kPrintf);
    } else if (name == "strcat" || name == "strncat" || name == "strlcat") {
      if (args.size() >= 2)
        AddAssignment(target(args[0]), StatementOf(n), args[1], AssignOp::kAppend);
    } else if (fn == "absl::StrAppend" || fn == "StrAppend") {
      AddAssignment(target(args[0]), StatementOf(n), n, AssignOp::kStrCat);
    } else if (Is(fnode, "field_expression") && name == "append" && args.size() == 1) {
      AddAssignment(target(Field(fnode, "argument")), StatementOf(n), args[0], AssignOp::kAppend);
    }
  }

  std::string_view DeclaredVar(TSNode d) {
    for (int i = 0; i < 8 && !ts_node_is_null(d); ++i) {
      if (Is(d, "identifier")) return ts::Text(d, src_);
      if (!Is(d, "array_declarator") && !Is(d, "pointer_declarator") &&
          !Is(d, "reference_declarator")) {
        return {};
      }
      TSNode next = Field(d, "declarator");
      d = ts_node_is_null(next) ? ts::FirstNamed(d) : next;
    }
    return {};
  }

  void AddAssignment(std::string_view name, TSNode stmt, TSNode value, AssignOp op) {
    if (name.empty() || ts_node_is_null(stmt)) return;
    auto& list = assignments_[std::string(name)];
    // Past the cap the name is given up on (an opaque hole) rather than
    // resolved to a stale assignment.
    if (list.size() < kMaxAssignmentsPerName) {
      // Source order: the walk is pre-order. Indexing happens while the walk
      // stands on the statement, so its function and block are on the stack.
      list.push_back({stmt, value, op, CurrentFunction(), CurrentBlock()});
    } else {
      overflowed_.insert(std::string(name));
    }
  }

  // --- context -----------------------------------------------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = is_c_ ? "c" : "cpp";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(stmt);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  void Finish(TSNode stmt, ErrorSite site) {
    if (site.message.empty()) return;
    // One statement reports once: `fprintf(stderr, ...)` inside a macro
    // argument or a THROW macro around a throw is the same site.
    if (!reported_.insert(ts_node_start_byte(stmt) * 2 + (site.kind == SiteKind::kAssert)).second) {
      return;
    }
    std::vector<TSNode> ancestors;
    bool on_path = AncestorsOf(stmt, &ancestors);
    AddBraceContext(stmt, src_, lines_, CppSyntax(), &site, on_path ? &ancestors : nullptr);
    for (PathCondition& c : site.conditions) c.expr = StripOuterParens(c.expr);
    std::string fn;
    for (char c : site.function) {
      if (c == '.') {
        fn += "::";
      } else {
        fn += c;
      }
    }
    site.function = fn;
    out_->push_back(std::move(site));
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  bool is_c_;
  std::vector<ErrorSite>* out_;
  TSNode root_{};
  std::set<uint32_t> reported_;
  std::set<uint64_t> inner_shifts_;
  size_t expr_steps_ = 0;
  TSNode current_{};  // the node the walk stands on
  std::vector<TSNode>
      stack_;  // its ancestors, root first  // (start, end) of `<<` nodes inside a chain
  std::vector<size_t> coded_;                // indices into *out_ of sites with a factory id
  std::map<uint32_t, TSNode> continuation_;  // ERROR node start -> concatenated_string
  std::set<std::string> overflowed_;
  std::map<std::string, std::vector<Assignment>> assignments_;
  std::map<std::string, std::string> macros_;  // #define NAME "text"
  std::map<std::string, std::vector<std::pair<std::string, TSNode>>> functions_;
};

class CppExtractor : public Extractor {
 public:
  explicit CppExtractor(bool is_c) : is_c_(is_c) {}
  std::string_view language() const override { return is_c_ ? "c" : "cpp"; }
  bool Handles(std::string_view path) const override {
    if (is_c_) return path.ends_with(".c");
    for (std::string_view ext :
         {".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h", ".ipp", ".inl", ".tcc"}) {
      if (path.ends_with(ext)) return true;
    }
    return false;
  }
  Status Extract(const SourceFile& file, std::vector<ErrorSite>* sites,
                 bool* had_syntax_errors) const override {
    static const std::vector<NodeKind> kC = NodeKinds(tree_sitter_c());
    static const std::vector<NodeKind> kCpp = NodeKinds(tree_sitter_cpp());
    return ts::ParseAndVisit(
        is_c_ ? tree_sitter_c() : tree_sitter_cpp(), file, had_syntax_errors,
        [&](TSNode root) { CppFile(file, is_c_, sites).Run(root, is_c_ ? kC : kCpp); });
  }

 private:
  bool is_c_;
};

}  // namespace

const Extractor* CExtractorInstance() {
  static const CppExtractor kInstance(/*is_c=*/true);
  return &kInstance;
}

const Extractor* CppExtractorInstance() {
  static const CppExtractor kInstance(/*is_c=*/false);
  return &kInstance;
}

}  // namespace errdex
