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
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "errdex/extractor.h"
#include "extract/common/assertion_call.h"
#include "extract/common/brace_context.h"
#include "extract/common/failure_words.h"
#include "extract/common/printf_format.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/cpp/c_locals.h"
#include "extract/cpp/c_strings.h"
#include "extract/cpp/c_varargs.h"
#include "extract/cpp/checked_params.h"
#include "extract/cpp/cpp_reports.h"
#include "extract/cpp/export_macros.h"
#include "extract/cpp/function_name_holes.h"
#include "extract/cpp/macro_tables.h"
#include "resolve/call_facts.h"
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
// An assert() condition longer than this is code, not something a user
// pastes or reads as a message.
constexpr size_t kMaxAssertText = 200;
constexpr int kMaxInlineDepth = 3;
using ts::kMaxAncestors;
constexpr size_t kMaxAssignmentsPerName = 256;
constexpr size_t kMaxInlineStatements = 8;
constexpr size_t kMaxExprSteps = 50000;  // template-building steps per file
constexpr size_t kMaxArgVariants = 4;    // link calls per call (helpers with several returns)

using cpp::AnyWord;
using cpp::ApplyBraceFormat;
using cpp::CheckOperator;
using cpp::DecodeCEscapes;
using cpp::InttypesMacro;
using cpp::IsCheckMacro;
using cpp::IsInfoLevel;
using cpp::IsQuietLevel;
using cpp::LabelSeverity;
using cpp::LastName;
using cpp::LevelSeverity;
using cpp::ReadsAsError;
using cpp::Report;
using cpp::ReportFor;
using cpp::ReportInfo;
using cpp::StringLiteralText;
using cpp::StripTemplateArgs;
using cpp::VarargsFormat;
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
Template TrimTrailing(const Template& t) { return t.Trimmed(/*leading=*/false, /*trailing=*/true); }

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
  kReturn,
  kCall,
  kBinary,
  kDeclaration,
  kAssignment,
  kPreprocDef,
  kFunctionDef,
  kLambda,
  kOpaque,  // nothing below it matters: the walk does not descend
};

std::vector<NodeKind> NodeKinds(const TSLanguage* lang) {
  static const std::map<std::string_view, NodeKind> kNames = {
      {"throw_statement", NodeKind::kThrow},
      {"return_statement", NodeKind::kReturn},
      {"call_expression", NodeKind::kCall},
      {"binary_expression", NodeKind::kBinary},
      {"declaration", NodeKind::kDeclaration},
      {"assignment_expression", NodeKind::kAssignment},
      {"preproc_def", NodeKind::kPreprocDef},
      {"function_definition", NodeKind::kFunctionDef},
      {"lambda_expression", NodeKind::kLambda},
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

// nginx and the modules built against it format with ngx_sprintf (`%V`,
// `%ui`), never printf: every such file includes ngx_config.h first.
bool UsesNginxFormat(std::string_view content) {
  return content.find("#include <ngx_config.h>") != std::string_view::npos;
}

// Per-file extraction state.
class CppFile {
 public:
  CppFile(const SourceFile& file, bool is_c, std::vector<ErrorSite>* out,
          FileFacts* facts = nullptr)
      : file_(file),
        src_(file.content),
        lines_(SplitLines(file.content)),
        is_c_(is_c),
        nginx_(is_c && UsesNginxFormat(file.content)),
        out_(out),
        facts_(facts) {}

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
    for (const auto& [stmt, call, cls] : factory_calls_) {
      self_class_ = cls;
      ThrownFactory(stmt, call, NewSite(stmt, SiteKind::kRaise));
    }
    self_class_.clear();
    // Collected by the walk, handled after it (one walk per file: a second
    // one cost CLI11's headers 6 points of extraction speed).
    if (!is_c_ && (src_.find("return std::string()") != std::string_view::npos ||
                   src_.find("return std::string{}") != std::string_view::npos)) {
      for (TSNode lambda : lambdas_) HandleErrorTextLambda(lambda);
    }
    DropSharedCodes();
    if (facts_) FinishFacts();
  }

  // A validator lambda: `[](std::string &filename) -> std::string { if
  // (..) return "File does not exist: " + filename; return std::string(); }`
  // (CLI11's validators): it returns an error text, or nothing when the
  // value is valid. Each returned text that reads as an error is what the
  // user sees, after the option's name.
  void HandleErrorTextLambda(TSNode lambda) {
    TSNode body = Field(lambda, "body");
    std::vector<TSNode> rets;
    bool empty_return = false;
    ForEachOwnReturn(body, "return_statement", IsFunctionNode, [&](TSNode r) {
      TSNode v = ts::FirstNamed(r);
      std::string_view text = ts::Text(v, src_);
      if (text == "std::string()" || text == "std::string{}" || text == "{}" || text == "\"\"") {
        empty_return = true;
      } else if (!ts_node_is_null(v)) {
        rets.push_back(r);
      }
    });
    if (!empty_return) return;
    std::vector<std::pair<TSNode, Template>> texts;
    bool error = false;
    for (TSNode r : rets) {
      std::string note;
      Template t = ExprTemplate(ts::FirstNamed(r), ts_node_start_byte(r), 0, &note, nullptr);
      std::string lit;
      for (const Piece& p : t.pieces()) lit += p.is_hole ? "" : p.text;
      if (std::count(lit.begin(), lit.end(), ' ') < 2) continue;  // a word, not a sentence
      error |= ReadsAsError(t);
      texts.push_back({r, std::move(t)});
    }
    if (!error) return;  // a lambda returning text for other ends
    for (auto& [r, t] : texts) {
      ErrorSite site = NewSite(r, SiteKind::kRaise);
      site.message = TrimTrailing(t);
      site.message_origin_note =
          "returned as the error of a validator (an empty text means the value is valid)";
      Finish(r, std::move(site));
    }
  }

 private:
  void Visit(TSNode n, NodeKind k) {
    if (k == NodeKind::kLambda) {
      lambdas_.push_back(n);
    } else if (k == NodeKind::kThrow) {
      TSNode e = ts::FirstNamed(n);
      if (!ts_node_is_null(e)) HandleThrown(n, e);
    } else if (k == NodeKind::kReturn) {
      if (!is_c_) HandleReturnedException(n);
    } else if (k == NodeKind::kCall) {
      HandleCall(n);
      if (is_c_) HandleProtocolErrorReply(n);
      if (!is_c_) NoteFactoryCall(n);
      if (facts_) NoteLinkCall(n);
      if (facts_) NoteNamedVarargsReporter(n);
    } else if (k == NodeKind::kBinary) {
      HandleStream(n);
    } else if (k == NodeKind::kAssignment) {
      HandleOutParamMessage(n);
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
    if (facts_) NoteThrown(stmt, cls, args, site.line);
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

  // nlohmann's `sax->parse_error(pos, token, parse_error::create(101, pos,
  // exception_message(...), nullptr))`: an exception class's factory called
  // outside a throw makes the error where it is called. Built after the walk,
  // so that helpers the class defines further down are inlined.
  void NoteFactoryCall(TSNode call) {
    TSNode fn = Field(call, "function");
    if (!Is(fn, "qualified_identifier")) return;
    std::string full = StripTemplateArgs(ts::Text(fn, src_));
    size_t sep = full.rfind("::");
    if (sep == std::string::npos || !IsFactoryName(full.substr(sep + 2))) return;
    std::string cls = ToLower(LastName(full.substr(0, sep)));
    // A class named like an error, or a factory called with an id first and
    // handed to an error reporter (nlohmann's `sax->parse_error(..,
    // out_of_range::create(406, concat("number overflow ...")))`: its
    // classes are named after the std ones, not "...error").
    if (!cls.ends_with("error") && !cls.ends_with("exception") && !ReportedNumberedFactory(call)) {
      return;
    }
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt) || Is(stmt, "throw_statement")) return;
    factory_calls_.push_back({stmt, call, CurrentClass()});
  }

  // `Cls::create(<number>, ...)` passed straight to a call whose name says it
  // reports an error (`parse_error`, `report_error`, `fail`).
  bool ReportedNumberedFactory(TSNode call) {
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    if (args.size() < 2 || !Is(args[0], "number_literal")) return false;
    TSNode list = ts_node_parent(call);
    if (ts_node_is_null(list) || !Is(list, "argument_list")) return false;
    TSNode outer = ts_node_parent(list);
    if (ts_node_is_null(outer) || !Is(outer, "call_expression")) return false;
    std::string name = ToLower(LastName(ts::Text(Field(outer, "function"), src_)));
    return name.find("error") != std::string::npos || name.find("fail") != std::string::npos;
  }

  // duckdb's `CatalogException CatalogException::MissingEntry(...) {
  // ... return CatalogException(info, StringUtil::Format(...)); }`: a
  // function returning the exception it builds, for callers to throw. The
  // text is made here, so the return is the site.
  void HandleReturnedException(TSNode ret) {
    TSNode e = ts::FirstNamed(ret);
    if (!Is(e, "call_expression")) return;
    std::string cls = StripTemplateArgs(ts::Text(Field(e, "function"), src_));
    std::string_view name = LastName(cls);
    if (name.empty() || !std::isupper(static_cast<unsigned char>(name[0])) ||
        !(name.ends_with("Exception") || name.ends_with("Error"))) {
      return;
    }
    TSNode fn = CurrentFunction();
    if (!Is(fn, "function_definition")) return;
    if (LastName(StripTemplateArgs(ts::Text(Field(fn, "type"), src_))) != name) return;
    HandleThrown(ret, e);
  }

  // gettext's `_`/`N_`, Qt's `tr`, Windows' `_T`/`TEXT`: calls that mark
  // text for translation and print it.
  static bool IsTranslationMarker(std::string_view fn) {
    return fn == "_" || fn == "N_" || fn == "gettext" || fn == "tr" || fn == "_T" || fn == "TEXT";
  }

  // A macro's value marked for translation, `_("text")`, is its literal
  // (aria2's message.h: `#define MSG_RESOURCE_NOT_FOUND _("Resource not
  // found")`); anything else as is. The value is raw text, not a tree.
  static std::string_view UnwrapGettext(std::string_view value) {
    size_t open = value.find('(');
    if (open == std::string_view::npos || !value.ends_with(")") ||
        !IsTranslationMarker(Trim(value.substr(0, open)))) {
      return value;
    }
    std::string_view inner = Trim(value.substr(open + 1, value.size() - open - 2));
    return inner.size() >= 2 && inner.front() == '"' && inner.back() == '"' ? inner : value;
  }

  static bool NamedLikeFormatter(std::string_view name) {
    std::string n = ToLower(name);
    return n.ends_with("format") || n.ends_with("printf") || n == "fmt" || n == "formatstring";
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

  // A RESP error reply written out whole (redis and its forks):
  // `sdsnew("-WRONGTYPE Operation against a key holding the wrong kind of
  // value\r\n")` builds a shared reply once and many commands send it. Its
  // clients show the text after the '-': "WRONGTYPE Operation against ...".
  void HandleProtocolErrorReply(TSNode call) {
    for (TSNode a : NamedChildren(Field(call, "arguments"))) {
      if (!Is(a, "string_literal") && !Is(a, "concatenated_string")) continue;
      std::string note;
      Template t = ExprTemplate(a, ts_node_start_byte(a), 0, &note, nullptr);
      if (t.pieces().size() != 1 || t.pieces()[0].is_hole) continue;
      std::string text = t.pieces()[0].text;
      if (!IsRespErrorReply(text)) continue;
      TSNode stmt = StatementOf(call);
      if (ts_node_is_null(stmt)) return;
      ErrorSite site = NewSite(stmt, SiteKind::kRaise);
      site.message.AddLiteral(text.substr(1, text.size() - 3));
      site.message_origin_note = "a protocol error reply (RESP `-` line) the server sends as is";
      Finish(stmt, std::move(site));
      return;
    }
  }

  // `rprintf(FERROR, fmt, ...)`, `log_msg(LOG_ERROR, ...)`: a call of any
  // name whose first argument is an upper-case error or warning level
  // reports at that level (the kLevelLog case reads the format after it).
  // Mosquitto's `log__printf(NULL, MOSQ_LOG_ERR, fmt, ...)` and
  // `log__printf(mosq, MOSQ_LOG_WARNING, ..)` pass the client first: an
  // upper-case level second counts after a bare context argument.
  bool LevelFirst(TSNode call) {
    TSNode args = Field(call, "arguments");
    TSNode first = ts_node_named_child(args, 0);
    if (!Is(first, "identifier")) {
      if (!Is(first, "null") && !Is(first, "field_expression")) return false;
    } else if (IsUpperLevel(ts::Text(first, src_))) {
      return true;
    } else {
      std::string_view level = ts::Text(first, src_);
      // `msg(msglevel, "WARNING: ..")`: a level in a variable, whose severity
      // the message's label gives (LabelSeverity, in the kLevelLog case).
      if (level.ends_with("level") || level.ends_with("lvl")) return true;
    }
    // Formatting into a buffer (`snprintf(buf, MAX_ERROR, ..)`) reports nothing.
    std::string_view fn = LastName(ts::Text(Field(call, "function"), src_));
    if (fn.starts_with("s") && fn.find("printf") != std::string_view::npos) return false;
    TSNode second = ts_node_named_child(args, 1);
    return ts_node_named_child_count(args) >= 3 && Is(second, "identifier") &&
           IsUpperLevel(ts::Text(second, src_));
  }

  static bool IsUpperLevel(std::string_view level) {
    for (char c : level) {
      if (std::islower(static_cast<unsigned char>(c))) return false;
    }
    return level.size() > 2 && LevelSeverity(level).has_value();
  }

  // "-CODE text\r\n": a '-', an upper-case code of two or more letters, a
  // space, text, CRLF.
  static bool IsRespErrorReply(std::string_view t) {
    if (t.size() < 8 || t[0] != '-' || !t.ends_with("\r\n")) return false;
    size_t i = 1;
    while (i < t.size() && (std::isupper(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
    return i >= 3 && i < t.size() && t[i] == ' ' && t.find('\n') == t.size() - 1;
  }

  // The text of args[fmt] when it is a one-word literal (a domain or
  // component name, no spaces or format directives) and a string argument
  // follows it; "" otherwise.
  std::string DomainTag(const std::vector<TSNode>& args, size_t fmt, uint32_t pos) {
    if (fmt + 1 >= args.size() || !Is(args[fmt], "string_literal") || !IsStringish(args[fmt + 1])) {
      return {};
    }
    std::string ignored;
    Template t = ExprTemplate(args[fmt], pos, 0, &ignored, nullptr);
    if (t.pieces().size() != 1 || t.pieces()[0].is_hole) return {};
    const std::string& w = t.pieces()[0].text;
    if (w.size() < 2 || !std::isalpha(static_cast<unsigned char>(w[0]))) return {};
    for (char c : w) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') {
        return {};
      }
    }
    return w;
  }

  void HandleCall(TSNode call) {
    std::string_view fn = ts::Text(ts_node_child(call, 0), src_);
    // A bare CHECK(cond) (no `<<`) is still a site; a streamed one is the
    // stream's.
    if (IsCheckMacro(fn)) {
      if (!IsShift(ParentOf(call))) HandleStreamHead(call, {}, call);
      return;
    }
    if (fn == "assert" || AssertMacroWithText(fn, call)) {
      HandleCAssert(call);
      return;
    }
    if (HandleErrorStringArm(fn, call)) return;
    ReportInfo r = ReportFor(fn);
    if (r.kind == Report::kNone && LevelFirst(call)) r.kind = Report::kLevelLog;
    if (r.kind == Report::kNone) return;
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    TSNode stmt = StatementOf(call);
    if (args.empty() || ts_node_is_null(stmt)) return;
    if (r.kind == Report::kThrowMacro) {
      if (args.size() == 1) HandleThrown(stmt, args[0]);
      return;
    }
    if (r.kind == Report::kAssertMessage) {
      HandleAssertMessage(stmt, call, args);
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
      case Report::kBracePrint:
        if (args.size() < 2 || !IsStderr(args[0])) return;
        msg = BracePrintTemplate(args, pos, note);
        break;
      case Report::kFputs:
        if (args.size() != 2 || !IsStderr(args[1])) return;
        msg = ExprTemplate(args[0], pos, 0, note, nullptr);
        break;
      case Report::kFwrite:  // glog's WriteToStderr: fwrite(message, len, 1, stderr)
        if (args.size() == 4 && IsStderr(args[3])) {
          msg = ExprTemplate(args[0], pos, 0, note, nullptr);
        } else if (args.size() == 3 && IsStderr(args[0]) && ts::Text(args[0], src_) != "stderr") {
          msg = ExprTemplate(args[1], pos, 0, note, nullptr);
        } else {
          return;
        }
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
        if (fmt >= args.size() && facts_ && r.kind == Report::kNamed &&
            VarargsOf(CurrentFunction())) {
          // `report(ctx, m)` of the text a varargs wrapper formatted.
          for (size_t i = args.size(); i-- > 0 && fmt >= args.size();) {
            std::string ignored;
            if (NamesVarargsFormat(ExprTemplate(args[i], pos, 0, &ignored, nullptr))) fmt = i;
          }
        }
        if (fmt >= args.size()) {
          // An info log of a parameter or constant: its text is not known
          // here to state a failure.
          if (site.severity == "info") return;
          if (facts_) NoteParamReport(args, LastName(fn), r.kind, site);
          if (facts_) HoldConstantReport(stmt, args, site);
          return;
        }
        // ngx_log_error(NGX_LOG_INFO, ...) names an error but logs at info.
        std::optional<std::string> sev;
        bool quiet_level = false, info_level = false;
        for (size_t i = 0; i < fmt && !sev; ++i) {
          std::string_view a = ts::Text(args[i], src_);
          sev = LevelSeverity(a);
          quiet_level |= IsQuietLevel(a);
          info_level |= IsInfoLevel(a);
        }
        // libvips's `vips_error("VipsForeignSave", _("\"%s\" is not a known
        // buffer format"), name)`: a one-word literal before the format is
        // the domain the report starts with ("VipsForeignSave: ...").
        std::string domain = DomainTag(args, fmt, pos);
        if (!domain.empty()) ++fmt;
        bool printf_like = fmt + 1 < args.size() || LastName(fn).ends_with("f") ||
                           LastName(fn).ends_with("Format");
        // doxygen's `warn_doc_error(file, line, "explicit link request to
        // '{}' could not be resolved", name)` formats with {fmt}.
        std::string_view written = ts::Text(args[fmt], src_);
        bool braces = written.find('%') == std::string_view::npos &&
                      (written.find("{}") != std::string_view::npos ||
                       written.find("{:") != std::string_view::npos);
        msg = braces        ? BraceTemplate(args, fmt, pos, note, nullptr)
              : printf_like ? PrintfTemplate(args, fmt, pos, note, nullptr)
                            : ExprTemplate(args[fmt], pos, 0, note, nullptr);
        if (!domain.empty()) {
          Template tagged;
          tagged.AddLiteral(domain + ": ");
          tagged.Append(msg);
          msg = std::move(tagged);
        }
        if (!sev && !quiet_level && r.kind == Report::kLevelLog) sev = LabelSeverity(msg);
        if (sev) {
          site.severity = *sev;
        } else if (info_level && StatesFailure(msg)) {
          site.severity = "info";  // `LOG(LOG_INFO, "... failed")`: the user reads it
        } else if (r.kind == Report::kLevelLog || quiet_level) {
          return;
        }
        if (site.severity == "info" && !StatesFailure(msg)) return;  // ILOG's progress lines
        if (nginx_ && fmt > 0) AddNginxErrno(fn, args[fmt - 1], &msg);
        // addReplyError(c, "..."): the error a server sends back to its client.
        if (AnyWord(Words(LastName(fn)), {"reply"})) site.kind = SiteKind::kRaise;
        if (LastName(fn).starts_with("g_set_error")) site.kind = SiteKind::kRaise;
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
      case Report::kAssertMessage:
        return;
    }
    if (r.kind == Report::kErr || r.kind == Report::kWarn) {
      msg.AddLiteral(": ");
      msg.AddHole("{strerror(errno)}", "strerror(errno)");
    }
    if (ContinuedByNext(stmt, fn, msg)) msg.AddHole("{...}", "...");
    site.message = TrimTrailing(msg);
    if (!site.message.HasLiteralText() && facts_ && NamesVarargsFormat(site.message)) {
      // `vfprintf(stderr, fmt, ap)`: no text of its own, the callers' is.
      if (std::optional<Template> prefix = StderrLiteralWrite(PrevStatement(stmt))) {
        prefix->Append(site.message);
        site.message = std::move(*prefix);
      }
      // bsdunzip's error(): `vfprintf(stderr, fmt, ap); va_end(ap);
      // fprintf(stderr, ": %s\n", strerror(errno));` ends every caller's
      // line with the OS reason.
      if (std::optional<Template> suffix = StderrSuffixWrite(NextStatement(stmt))) {
        site.message.Append(*suffix);
        site.message = TrimTrailing(site.message);
      }
      NoteSink(site);
      return;
    }
    // The prefix a wrapper prints before its callers' format is theirs.
    if (facts_ && StderrLiteralWrite(stmt) && WritesFormatToStderr(NextStatement(stmt))) return;
    if (!site.message.HasLiteralText()) {  // fputs(buf, stderr) of an unknown buf
      // glog's `WriteToStderr(message, len)`: `fwrite(message, len, 1,
      // stderr)` of a parameter makes the helper a sink.
      if (facts_ && (r.kind == Report::kFputs || r.kind == Report::kFwrite)) NoteSink(site);
      HoldCallMessage(stmt, std::move(site));  // fprintf(stderr, "%s\n", my_strerror(code))
      return;
    }
    if (std::optional<std::string> sev = DecorationSeverity(site.message)) {
      site.severity = *sev;  // failureString("shell returned:\n{}", ret)
    } else if ((r.kind == Report::kFprintf || r.kind == Report::kBracePrint ||
                r.kind == Report::kFputs || r.kind == Report::kFwrite) &&
               !ReadsAsError(site.message) && !ExitsNext(stmt)) {
      return;
    }
    Finish(stmt, std::move(site));
  }

  // libfuse's `fuse_log(FUSE_LOG_ERR, "fuse: unknown option(s): `");`,
  // then `for (..) fuse_log(FUSE_LOG_ERR, "%s ", argv[i]);` and
  // `fuse_log(FUSE_LOG_ERR, "%s'\n", ..)`: a format with literal text that
  // ends without a newline, followed by another call of the same function
  // (or a loop of them), prints one line in pieces. The text goes on where
  // the record's literal ends, so its template ends with a hole.
  bool ContinuedByNext(TSNode stmt, std::string_view fn, const Template& msg) {
    if (msg.pieces().empty() || msg.pieces().back().is_hole || !msg.HasLiteralText()) {
      return false;
    }
    std::string_view last = msg.pieces().back().text;
    if (last.empty() || last.back() == '\n') return false;
    TSNode next = NextStatement(stmt);
    if (Is(next, "for_statement") || Is(next, "while_statement")) {
      next = Field(next, "body");
      if (Is(next, "compound_statement")) next = ts_node_named_child(next, 0);
    }
    if (!Is(next, "expression_statement")) return false;
    TSNode call = ts_node_named_child(next, 0);
    if (!Is(call, "call_expression") || ts::Text(ts_node_child(call, 0), src_) != fn) return false;
    // The next piece carries on the line with values and punctuation
    // ("%s ", "%s'\n"); one with words is a message of its own (syslog,
    // Android's ALOGE and nginx's loggers end each call's line themselves).
    for (TSNode arg : Args(Field(call, "arguments"))) {
      if (!Is(arg, "string_literal")) continue;
      int letters = 0;
      for (char c : ts::Text(arg, src_)) {
        letters = std::isalpha(static_cast<unsigned char>(c)) ? letters + 1 : 0;
        if (letters >= 3) return false;
      }
      return true;
    }
    return false;
  }

  // ninja's `Error(msg, ap)`: `fprintf(stderr, "ninja: error: ");
  // vfprintf(stderr, msg, ap);` prints the prefix with a statement of its
  // own, so the wrapper's callers see "ninja: error: <their format>". The
  // text a statement writes to stderr when it is only literal text.
  std::optional<Template> StderrLiteralWrite(TSNode stmt) {
    std::optional<Template> t = StderrWrite(stmt);
    if (!t || t->HoleCount() != 0 || !t->HasLiteralText()) return std::nullopt;
    return t;
  }

  // The text a statement `fprintf(stderr, fmt, ..)` / `fputs(s, stderr)`
  // writes; nullopt for any other statement.
  std::optional<Template> StderrWrite(TSNode stmt) {
    if (!Is(stmt, "expression_statement")) return std::nullopt;
    TSNode call = ts_node_named_child(stmt, 0);
    if (!Is(call, "call_expression")) return std::nullopt;
    ReportInfo r = ReportFor(ts::Text(ts_node_child(call, 0), src_));
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    std::string ignored;
    uint32_t pos = ts_node_start_byte(call);
    if (r.kind == Report::kFprintf && args.size() >= 2 && IsStderr(args[0])) {
      return PrintfTemplate(args, 1, pos, &ignored, nullptr);
    }
    if (r.kind == Report::kFputs && args.size() == 2 && IsStderr(args[1])) {
      return ExprTemplate(args[0], pos, 0, &ignored, nullptr);
    }
    return std::nullopt;
  }

  // What the statement after a wrapper's `vfprintf(stderr, fmt, ap)` (past
  // `va_end(ap);`) adds to the line: `fprintf(stderr, ": %s\n",
  // strerror(errno))` or `fputs(": failed\n", stderr)`, text of its own
  // that does not start a new line.
  std::optional<Template> StderrSuffixWrite(TSNode stmt) {
    // Past `va_end(ap);`.
    if (Is(stmt, "expression_statement") && Is(ts_node_named_child(stmt, 0), "call_expression") &&
        ts::Text(ts_node_child(ts_node_named_child(stmt, 0), 0), src_) == "va_end") {
      stmt = NextStatement(stmt);
    }
    std::optional<Template> t = StderrWrite(stmt);
    if (!t || !t->HasLiteralText() || t->pieces().front().is_hole ||
        t->pieces().front().text.starts_with("\n")) {
      return std::nullopt;
    }
    return t;
  }

  // `vfprintf(stderr, fmt, ap)` of the current varargs function's format.
  bool WritesFormatToStderr(TSNode stmt) {
    if (!Is(stmt, "expression_statement")) return false;
    TSNode call = ts_node_named_child(stmt, 0);
    if (!Is(call, "call_expression")) return false;
    const VarargsFormat* v = VarargsOf(CurrentFunction());
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    return v && ReportFor(ts::Text(ts_node_child(call, 0), src_)).kind == Report::kFprintf &&
           args.size() == 3 && IsStderr(args[0]) && ts::Text(args[1], src_) == v->format;
  }

  static TSNode PrevStatement(TSNode stmt) {
    TSNode prev = ts_node_prev_named_sibling(stmt);
    while (Is(prev, "comment")) prev = ts_node_prev_named_sibling(prev);
    return prev;
  }

  static TSNode NextStatement(TSNode stmt) {
    TSNode next = ts_node_next_named_sibling(stmt);
    while (Is(next, "comment")) next = ts_node_next_named_sibling(next);
    return next;
  }

  // `*err = "text"` / `*error_msg = sdsnew("...")` into the function's own
  // `char **err` / `sds *error_msg` parameter: the message it hands back for
  // its caller to report (redis's checks and config setters, whose callers
  // log or reply `err`). The record is the assignment, the line that says
  // why; a parameter named only `msg`/`message` counts when the text reads
  // as an error.
  void HandleOutParamMessage(TSNode assign) {
    TSNode left = Field(assign, "left");
    if (ts::Text(Field(assign, "operator"), src_) != "=") return;
    if (Is(left, "field_expression")) {
      HandleMessageField(assign, left);
      return;
    }
    if (!Is(left, "pointer_expression")) return;
    TSNode target = Field(left, "argument");
    if (!Is(target, "identifier") || ts::Text(ts_node_child(left, 0), src_) != "*") return;
    std::string_view name = ts::Text(target, src_);
    cpp::OutParamName kind = cpp::ClassifyOutParam(name);
    TSNode fn = CurrentFunction();
    if (kind == cpp::OutParamName::kNone || !cpp::IsTextOutParam(fn, name, src_)) return;
    TSNode stmt = StatementOf(assign);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    uint32_t pos = ts_node_start_byte(assign);
    site.message = TrimTrailing(
        ExprTemplate(Field(assign, "right"), pos, 0, &site.message_origin_note, nullptr));
    if (!site.message.HasLiteralText()) return;
    if (kind == cpp::OutParamName::kMessage && !ReadsAsError(site.message)) return;
    if (site.message_origin_note.empty()) {
      site.message_origin_note =
          "handed back to the caller through `*" + std::string(name) + "`, which reports it";
    }
    Finish(stmt, std::move(site));
  }

  // `strm->msg = (char *)"incorrect header check";`: a message stored in
  // an error field of a struct the caller holds (zlib's z_stream, a
  // parser's state), which the caller reports after the call returns an
  // error code. The record is the assignment. A field named only
  // `msg`/`message` counts when the text reads as an error.
  void HandleMessageField(TSNode assign, TSNode left) {
    std::string_view field = ts::Text(Field(left, "field"), src_);
    cpp::OutParamName kind = cpp::ClassifyOutParam(field);
    if (kind == cpp::OutParamName::kNone) return;
    TSNode stmt = StatementOf(assign);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    uint32_t pos = ts_node_start_byte(assign);
    TSNode right = Field(assign, "right");
    // Only text written here: a literal, possibly cast (`(char *)"..."`).
    while (Is(right, "cast_expression") || Is(right, "parenthesized_expression")) {
      right = Is(right, "cast_expression") ? Field(right, "value") : ts::FirstNamed(right);
    }
    if (!IsStringish(right)) return;
    site.message = TrimTrailing(ExprTemplate(right, pos, 0, &site.message_origin_note, nullptr));
    if (!site.message.HasLiteralText() || !ReadsAsError(site.message)) return;
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "stored in `" + std::string(ts::Text(left, src_)) +
                                 "`, which the caller reads when the call fails";
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

  // JSON_ASSERT_MESSAGE(cond, "text " << value): the last argument is the
  // message (a stream of operands inside the macro's own `oss << message`),
  // shown when the condition, if any, fails.
  // `assert(cond)`: when cond is false the C library prints the condition
  // as the preprocessor spelled it and aborts. glibc prints "prog: file:line:
  // function: Assertion `cond' failed.", macOS and the BSDs "Assertion
  // failed: (cond), function f, file x.c, line n.", MSVC "Assertion failed:
  // cond, file x.c, line n"; the record holds glibc's sentence, and the
  // input reader brings the other shapes to it (match/input.cc).
  // A strerror-style function that writes each code's text into a buffer
  // (iperf's `iperf_strerror`: `case IEACCESSDENIED: snprintf(errstr, len,
  // "the server is busy running a test. try again later"); break;`): each
  // arm's text is a record at its line, where the code's meaning is named.
  // (Functions that `return "text"` per arm are read by the linker as text
  // functions, at their callers.)
  bool HandleErrorStringArm(std::string_view fn, TSNode call) {
    size_t fmt = fn == "snprintf"                       ? 2
                 : fn == "sprintf"                      ? 1
                 : fn == "strcpy"                       ? 1
                 : (fn == "strncpy" || fn == "strlcpy") ? 1
                                                        : std::string_view::npos;
    if (fmt == std::string_view::npos) return false;
    TSNode function = CurrentFunction();
    if (!Is(function, "function_definition")) return false;
    std::string name = ToLower(DeclaredName(function, src_));
    if (name.find("strerror") == std::string::npos && name.find("errstr") == std::string::npos &&
        name.find("error_string") == std::string::npos &&
        name.find("errorstring") == std::string::npos) {
      return false;
    }
    bool in_case = false;
    for (size_t i = stack_.size(); i-- > 0 && !in_case;) {
      if (IsFunctionNode(stack_[i])) break;
      in_case = Is(stack_[i], "case_statement");
    }
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    TSNode stmt = StatementOf(call);
    if (!in_case || args.size() <= fmt || ts_node_is_null(stmt) ||
        !Is(args[fmt], "string_literal")) {
      return false;
    }
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = "error";
    uint32_t pos = ts_node_start_byte(call);
    if (fn.ends_with("printf")) {
      site.message = PrintfTemplate(args, fmt, pos, &site.message_origin_note, nullptr);
    } else if (std::optional<std::string> text = StringLiteralText(args[fmt], src_)) {
      site.message.AddLiteral(*text);
    }
    if (!site.message.HasLiteralText()) return true;
    site.message_origin_note = "the text `" + DeclaredName(function, src_) +
                               "()` gives for this code; its callers print it";
    Finish(stmt, std::move(site));
    return true;
  }

  // A project's assert macro (Dear ImGui's `#define IM_ASSERT(_EXPR)
  // assert(_EXPR)`) given a condition that carries its own explanation:
  // `IM_ASSERT(cond && "Forgot to call Render()?")`. The macro prints the
  // condition as assert() does; a bare condition of such a macro is left
  // alone (thousands of internal checks with no words for a user).
  bool AssertMacroWithText(std::string_view fn, TSNode call) {
    if (fn.size() < 6 || !fn.ends_with("ASSERT")) return false;
    for (char c : fn) {
      if (!(std::isupper(static_cast<unsigned char>(c)) ||
            std::isdigit(static_cast<unsigned char>(c)) || c == '_')) {
        return false;
      }
    }
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    if (args.size() != 1 || !Is(args[0], "binary_expression") ||
        ts::Text(Field(args[0], "operator"), src_) != "&&") {
      return false;
    }
    return Is(Field(args[0], "right"), "string_literal") ||
           Is(Field(args[0], "left"), "string_literal");
  }

  void HandleCAssert(TSNode call) {
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    TSNode stmt = StatementOf(call);
    if (args.size() != 1 || ts_node_is_null(stmt)) return;
    // `#cond` joins the tokens with single spaces where the source had any.
    std::string cond = CollapseSpace(ts::Text(args[0], src_));
    if (cond.empty() || cond == "0" || cond == "false" || cond.size() > kMaxAssertText) return;
    ErrorSite site = NewSite(stmt, SiteKind::kAssert);
    site.severity = "critical";
    site.message.AddLiteral("Assertion `" + cond + "' failed.");
    site.message_origin_note =
        "assert() prints the condition and aborts the program (glibc's words; macOS and "
        "Windows print the same condition in their own sentence)";
    Finish(stmt, std::move(site));
  }

  void HandleAssertMessage(TSNode stmt, TSNode call, const std::vector<TSNode>& args) {
    // `a << b << c` is `(a << b) << c`: down the left side, rights in reverse.
    std::vector<TSNode> operands;
    TSNode n = args.back();
    while (Is(n, "binary_expression") && ts::Text(Field(n, "operator"), src_) == "<<") {
      operands.push_back(Field(n, "right"));
      n = Field(n, "left");
    }
    operands.push_back(n);
    std::reverse(operands.begin(), operands.end());
    if (operands.empty() || !IsStringish(operands.front())) return;
    ErrorSite site = NewSite(stmt, SiteKind::kAssert);
    site.severity = "critical";
    Template msg;
    uint32_t pos = ts_node_start_byte(call);
    for (TSNode op : operands)
      AppendStreamOperand(op, pos, &site.message_origin_note, nullptr, &msg);
    site.message = TrimTrailing(msg);
    if (!site.message.HasLiteralText()) return;
    Finish(stmt, std::move(site));
  }

  // A project's stream log macro named by its level (mamba's `LOG_ERROR <<
  // error_message`, `LOG_WARNING << ...`): the level LevelSeverity reads.
  static std::optional<std::string> LevelStreamMacro(std::string_view head) {
    if (!head.starts_with("LOG_") && !head.starts_with("LOGGER_")) return std::nullopt;
    return LevelSeverity(head);
  }

  // mold's `Fatal(ctx) << "could not open plugin file: " << dlerror()`
  // (and `Error(ctx)`, `Warn(ctx)`): an object named after its level that
  // prints what is streamed into it when it goes away ("mold: fatal: ..").
  static std::optional<std::string> ReporterObject(std::string_view name, size_t args) {
    if (args > 1) return std::nullopt;
    if (name == "Fatal") return "critical";
    if (name == "Error") return "error";
    if (name == "Warn" || name == "Warning") return "warning";
    return std::nullopt;
  }

  // `CHECK_OR_RETURN(c)`, `CHECK_LE_OR_RETURN(a, b)`: a check that returns
  // an error status whose text starts with the condition as the macro
  // stringifies it (`#condition`: "(a) <= (b)" for the two-argument
  // forms); nullopt for any other call.
  std::optional<std::string> StatusCheckCondition(std::string_view fn,
                                                  const std::vector<TSNode>& args) const {
    std::string_view name = LastName(fn);
    if (!name.starts_with("CHECK") || !name.ends_with("_OR_RETURN")) return std::nullopt;
    std::string_view check = name.substr(0, name.size() - std::string_view("_OR_RETURN").size());
    if (check == "CHECK" && args.size() == 1) return CollapseSpace(ts::Text(args[0], src_));
    std::optional<std::string_view> op = CheckOperator(check);
    if (!op || args.size() != 2) return std::nullopt;
    return "(" + CollapseSpace(ts::Text(args[0], src_)) + ") " + std::string(*op) + " (" +
           CollapseSpace(ts::Text(args[1], src_)) + ")";
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
      if (std::optional<std::string> cond = StatusCheckCondition(fn, hargs)) {
        // sentencepiece's `CHECK_LE_OR_RETURN(a, b) << "msg"`: an error
        // status "file(line) [(a) <= (b)] msg" handed back to the caller.
        site.kind = SiteKind::kRaise;
        site.severity = "error";
        msg.AddHole("{__FILE__}", "__FILE__");
        msg.AddLiteral("(");
        msg.AddHole("{__LINE__}", "__LINE__");
        msg.AddLiteral(") [" + *cond + "] ");
      } else if (IsCheckMacro(fn)) {
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
        if (std::optional<std::string> sev = ReporterObject(name, hargs.size())) {
          site.severity = *sev;
          for (TSNode op : rest) AppendStreamOperand(op, pos, note, nullptr, &msg);
          site.message = TrimTrailing(msg);
          bool literal = false;
          for (TSNode op : rest) literal |= IsStringish(op);
          if (literal && site.message.HasLiteralText()) Finish(stmt, std::move(site));
          return;
        }
        bool log = name == "LOG" || name == "PLOG" || name == "DLOG" || name == "LOG_IF" ||
                   name == "PLOG_IF" || name == "LOG_EVERY_N" || name == "LOG_FIRST_N" ||
                   name == "LOG_EVERY_POW_2" || name == "LOG_EVERY_N_SEC" || name == "SYSLOG" ||
                   name == "BOOST_LOG_TRIVIAL";
        if (!log || hargs.empty()) return;
        // glog's `ERROR`, `DFATAL`, Boost's `error`; nothing below warnings.
        std::optional<std::string> sev = LevelSeverity(ts::Text(hargs[0], src_));
        if (!sev) return;
        site.severity = *sev;
      }
    } else if (head_text == "std::cerr" || head_text == "cerr") {
      site.severity = "error";
    } else if (std::optional<std::string> sev = LevelStreamMacro(head_text)) {
      site.severity = *sev;
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
      // A log of the function's own text parameter (mamba's `LOG_ERROR <<
      // error_message`): no site, but a sink for the callers' texts.
      if (facts_ && !literal && rest.size() == 1 && !head_text.ends_with("cerr")) {
        NoteParamReport(rest, "", Report::kNamed, site);
      }
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
    // The last statement of an `if`/`else` branch: what follows the `if`
    // (tmux: `if (errno == ECONNREFUSED) fprintf(..); else fprintf(..);
    // return (1);`).
    for (int up = 0; up < 3 && ts_node_is_null(next); ++up) {
      TSNode block = ts_node_parent(stmt);
      if (!Is(block, "compound_statement")) return false;
      TSNode owner = ts_node_parent(block);
      if (Is(owner, "else_clause")) owner = ts_node_parent(owner);
      if (!Is(owner, "if_statement")) return false;
      stmt = owner;
      next = ts_node_next_named_sibling(stmt);
      while (Is(next, "comment")) next = ts_node_next_named_sibling(next);
    }
    if (ts_node_is_null(next)) return false;
    std::string_view t = ts::Text(next, src_);
    for (std::string_view p :
         {"exit(", "std::exit(", "_exit(", "abort(", "std::abort(", "return -1", "return 1;",
          "return (1)", "return (-1)", "return false", "return EXIT_FAILURE",
          "return (EXIT_FAILURE)", "return NULL", "return nullptr", "goto err", "goto fail"}) {
      if (t.starts_with(p)) return true;
    }
    return false;
  }

  static bool StartsWithWarning(const Template& t) {
    if (t.pieces().empty() || t.pieces()[0].is_hole) return false;
    return ToLower(Trim(t.pieces()[0].text)).starts_with("warning");
  }

  // Operands of a left-nested `a << b << c` chain, in order.
  // `sstream()`, `std::ostringstream()`, `std::stringstream{}`: a stream
  // made empty where the chain starts.
  bool IsNewStream(TSNode n) const {
    if (!Is(n, "call_expression") && !Is(n, "compound_literal_expression")) return false;
    TSNode args = Is(n, "call_expression") ? Field(n, "arguments") : Field(n, "value");
    if (ts_node_is_null(args) || ts_node_named_child_count(args) != 0) return false;
    TSNode fn = Is(n, "call_expression") ? Field(n, "function") : Field(n, "type");
    std::string_view name = LastName(ts::Text(fn, src_));
    return name == "sstream" || name == "stringstream" || name == "ostringstream";
  }

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

  // C++ `"Failed opening file " + name + " for writing"`: a `+` chain with
  // literal text in it (spdlog's throw_spdlog_ex(...) calls).
  bool ConcatenatesText(TSNode n) {
    if (is_c_ || !Is(n, "binary_expression")) return false;
    if (ts::Text(Field(n, "operator"), src_) != "+") return false;
    for (TSNode side : {Field(n, "left"), Field(n, "right")}) {
      if (IsStringish(side) || ConcatenatesText(side)) return true;
    }
    return false;
  }

  // nginx's loggers print the system error they are given after the
  // message: ngx_log_error(level, log, err, fmt, ..) writes "fmt (98:
  // Address already in use)" when err is not 0 (ngx_log_errno). Added when
  // the argument is an error number (NGX_E*, ngx_errno, ngx_socket_errno,
  // or the `err` they were stored in), so the system's words land in a
  // strerror hole rather than matching another library's message.
  void AddNginxErrno(std::string_view fn, TSNode err_arg, Template* msg) {
    if (!fn.starts_with("ngx_") || fn.find("log") == std::string_view::npos) return;
    std::string_view err = ts::Text(err_arg, src_);
    bool errno_like =
        err.starts_with("NGX_E") || err == "err" || err.find("errno") != std::string_view::npos;
    if (!errno_like || !msg->HasLiteralText()) return;
    msg->AddLiteral(" (");
    msg->AddHole("%d", std::string(err), HoleType::kInteger);
    msg->AddLiteral(": ");
    msg->AddHole("%s", "strerror(" + std::string(err) + ")");
    msg->AddLiteral(")");
  }

  // printf-style: args[fmt] is the format, the rest its arguments.
  Template PrintfTemplate(const std::vector<TSNode>& args, size_t fmt, uint32_t pos,
                          std::string* note, const Env* env) {
    if (fmt >= args.size()) return Template();
    // `"%s", _("buffer is not in a known format")`: the one argument's
    // text is the message (libvips writes its translated texts so).
    if (fmt + 2 == args.size() && ts::Text(args[fmt], src_) == "\"%s\"" &&
        IsStringish(args[fmt + 1])) {
      Template only = ExprTemplate(args[fmt + 1], pos, 0, note, env);
      if (only.HasLiteralText()) return only;
    }
    Template f = ExprTemplate(args[fmt], pos, 0, note, env);
    if (!f.HasLiteralText()) return f;
    std::vector<std::string> rest;
    for (size_t i = fmt + 1; i < args.size(); ++i) {
      rest.push_back(PrintfArgName(Unmoved(args[i]), pos));
    }
    return ApplyPrintf(f, rest, nginx_ ? PrintfDialect::kNginx : PrintfDialect::kC);
  }

  // `std::println(stderr, "\n{}", failureString("Could not ..."))`: a
  // format of blanks around one field prints that value, so its text is the
  // message (as `"%s", msg` in PrintfTemplate).
  Template BracePrintTemplate(const std::vector<TSNode>& args, uint32_t pos, std::string* note) {
    if (args.size() == 3 && IsStringish(args[1])) {
      Template f = ExprTemplate(args[1], pos, 0, note, nullptr);
      std::string shown = f.Display();
      if (shown.find_first_not_of(" \t\n") == shown.find("{}") && f.HoleCount() == 0 &&
          shown.find_first_not_of(" \t\n", shown.find("{}") + 2) == std::string::npos) {
        Template only = ExprTemplate(args[2], pos, 0, note, nullptr);
        if (only.HasLiteralText()) return only;
      }
    }
    return BraceTemplate(args, 1, pos, note, nullptr);
  }

  // A printf argument's hole: its expression, or in a varargs wrapper the
  // format it holds once formatted (`"%s at line %d", buf, n` after
  // `vsnprintf(buf, n, fmt, ap)`), which the wrapper's callers fill.
  std::string PrintfArgName(TSNode a, uint32_t pos) {
    TSNode fn = CurrentFunction();
    if (VarargsOf(fn) && (Is(a, "identifier") || Is(a, "call_expression"))) {
      std::string ignored;
      Template t = ExprTemplate(a, pos, 1, &ignored, nullptr);
      if (IsVarargsFormat(t, fn)) return t.pieces()[0].expr;
    }
    return HoleExpr(a);
  }

  Template BraceTemplate(const std::vector<TSNode>& args, size_t fmt, uint32_t pos,
                         std::string* note, const Env* env) {
    if (fmt >= args.size()) return Template();
    Template f = ExprTemplate(args[fmt], pos, 0, note, env);
    if (!f.HasLiteralText()) return f;
    // A project's own logger named like spdlog's may format as printf
    // does (polybar's `m_log.err("Failed to reconfigure tray clients
    // (%s)", err.what())`): a format with `%` conversions and no `{`.
    if (args.size() > fmt + 1 && LooksLikePrintfFormat(f.Display())) {
      return PrintfTemplate(args, fmt, pos, note, env);
    }
    std::vector<std::string> rest;
    for (size_t i = fmt + 1; i < args.size(); ++i) rest.push_back(HoleExpr(Unmoved(args[i])));
    return ApplyBraceFormat(f, rest);
  }

  static bool LooksLikePrintfFormat(std::string_view f) {
    if (f.find('{') != std::string_view::npos) return false;
    for (size_t i = 0; i + 1 < f.size(); ++i) {
      if (f[i] != '%') continue;
      size_t j = i + 1;
      while (j < f.size() && std::strchr("-+ #0123456789.lhz", f[j]) != nullptr) ++j;
      if (j < f.size() && std::strchr("sdiufxXcpgeE", f[j]) != nullptr) return true;
      i = j;
    }
    return false;
  }

  // `x` of `std::move(x)` / `std::forward<T>(x)`: the value a hole prints
  // (mamba's `fmt::format("...: {}", std::move(error_message))` prints the
  // parameter, which makes its function a sink).
  TSNode Unmoved(TSNode a) const {
    if (!Is(a, "call_expression")) return a;
    std::string fn = StripTemplateArgs(ts::Text(Field(a, "function"), src_));
    if (fn != "std::move" && fn != "std::forward") return a;
    std::vector<TSNode> args = NamedChildren(Field(a, "arguments"));
    return args.size() == 1 ? args[0] : a;
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
      // `line + 1` is arithmetic: a number, not the text "1" after a hole.
      bool arithmetic = op == "+" && (Is(Field(n, "left"), "number_literal") ||
                                      Is(Field(n, "right"), "number_literal"));
      if ((op == "+" && !arithmetic) || op == "<<") {
        // polybar's `sstream() << "Label " << ..`: a new, empty stream.
        Template t = op == "<<" && IsNewStream(Field(n, "left"))
                         ? Template()
                         : ExprTemplate(Field(n, "left"), pos, depth + 1, note, env);
        bool constant = IsConstantHole(t);
        if (op == "<<") {
          AppendStreamOperand(Field(n, "right"), pos, note, env, &t);
        } else {
          Template right = ExprTemplate(Field(n, "right"), pos, depth + 1, note, env);
          constant = constant || IsConstantHole(right);
          t.Append(right);
        }
        // `std::string(ErrorMsg::INVALID_ESCAPE) + ch` (yaml-cpp): a named
        // constant that linking resolves to its text keeps its own hole.
        if (t.HasLiteralText() || (op == "+" && constant)) return t;
      }
    }
    if (type == "call_expression") {
      if (std::optional<Template> t = CallTemplate(n, pos, depth, note, env)) return *t;
    }
    if (type == "identifier") {
      std::string name(ts::Text(n, src_));
      // A forwarded va_list stands for the function's `...` (link facts).
      const VarargsFormat* v = env ? nullptr : VarargsOf(CurrentFunction());
      if (v && v->ellipsis && name == v->va_list) {
        out.AddHole("{" + name + "}", "...");
        return out;
      }
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
    // `jv_string_vfmt(fmt, ap)`, `g_strdup_vprintf(fmt, ap)`: the text the
    // caller's format makes with its arguments.
    if (!env && FormatsVarargs(args)) {
      Template t;
      const VarargsFormat* v = VarargsOf(CurrentFunction());
      t.AddHole("{" + v->format + "}", v->format);
      return t;
    }
    // Identity wrappers: conversions and gettext.
    if (IsTranslationMarker(fn) || fn == "std::string" || fn == "string" ||
        fn == "std::string_view" || fn == "string_t" || fn == "std::wstring" || fn == "QString" ||
        fn == "jv_string" || fn == "absl::string_view" || fn == "FMT_STRING" ||
        fn == "FMT_COMPILE" || fn == "sdsnew" || fn == "strdup" || fn == "xstrdup" ||
        fn == "g_strdup" || fn == "estrdup" || fn == "std::move") {
      if (args.size() == 1) return ExprTemplate(args[0], pos, depth + 1, note, env);
    }
    if (fn == "std::to_string" || fn == "to_string" || fn == "std::to_wstring") {
      Template t = ExprTemplate(args[0], pos, depth + 1, note, env);
      if (!t.empty() && t.HoleCount() == 0) return t;  // a bound literal id
      Template hole;
      hole.AddHole("{" + HoleExpr(n) + "}", HoleExpr(args[0]));
      return hole;
    }
    // `FMT(...)`: ccache's `#define FMT(format_, ...) fmt::format(format_, __VA_ARGS__)`.
    if (fn == "fmt::format" || fn == "std::format" || fn == "format" || fn == "fmt::sformat" ||
        fn == "folly::sformat" || fn == "fmt::runtime" || fn == "std::runtime_format" ||
        fn == "FMT") {
      Template t = BraceTemplate(args, 0, pos, note, env);
      if (t.HasLiteralText()) return t;
    }
    if (fn == "absl::StrFormat" || fn == "StrFormat" || fn == "StringPrintf" ||
        fn == "base::StringPrintf" || fn == "fmt::sprintf" || fn == "jv_string_fmt" ||
        fn == "strprintf" || fn == "tfm::format" || fn == "folly::stringPrintf" ||
        fn == "g_strdup_printf" || fn == "sqlite3_mprintf" || fn == "xstrfmt") {
      Template t = PrintfTemplate(args, 0, pos, note, env);
      if (t.HasLiteralText()) return t;
    }
    // A project's own formatter (duckdb's `StringUtil::Format(fmt, ...)`):
    // named like one and given a literal format first, read by its fields.
    if (!args.empty() && IsStringish(args[0]) && NamedLikeFormatter(name)) {
      std::string_view f = ts::Text(args[0], src_);
      Template t = f.find('%') != std::string_view::npos   ? PrintfTemplate(args, 0, pos, note, env)
                   : f.find('{') != std::string_view::npos ? BraceTemplate(args, 0, pos, note, env)
                                                           : Template();
      if (t.HasLiteralText()) return t;
    }
    // Redis: `sdscatprintf(sdsempty(), fmt, ...)` appends to a new string;
    // `*err = sdsnew(NULL); *err = sdscatprintf(*err, fmt, ...)` too.
    if ((fn == "sdscatprintf" || fn == "sdscatfmt") && args.size() >= 2 &&
        (IsNewSds(args[0]) || FreshSdsBefore(args[0], n))) {
      Template t = PrintfTemplate(args, 1, pos, note, env);
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
    if (std::optional<Template> t = DecoratedText(name, args, pos, note, env)) return t;
    // `jv_string_value(m)`, `git_str_cstr(&buf)` of the formatted text: an
    // accessor of the value it is given.
    if (!env && args.size() == 1 && VarargsOf(CurrentFunction())) {
      TSNode a = Is(args[0], "pointer_expression") ? Field(args[0], "argument") : args[0];
      if (Is(a, "identifier")) {
        std::string ignored;
        Template t = ExprTemplate(a, pos, depth + 1, &ignored, env);
        if (IsVarargsFormat(t, CurrentFunction())) return t;
      }
    }
    return std::nullopt;
  }

  // hyprpm's `failureString("Could not clone ... {}", ret)`, defined in a
  // header: a helper named for the kind of text it builds ("failure
  // string", "error message") and given that text first returns it
  // decorated (a mark, colours) — a hole for the decoration, then the text
  // with the arguments applied.
  std::optional<Template> DecoratedText(std::string_view name, const std::vector<TSNode>& args,
                                        uint32_t pos, std::string* note, const Env* env) {
    if (args.empty() || !IsStringish(args[0]) || !DecoratorSeverity(name)) return std::nullopt;
    std::string_view f = ts::Text(args[0], src_);
    Template text = f.find('%') != std::string_view::npos ? PrintfTemplate(args, 0, pos, note, env)
                    : f.find('{') != std::string_view::npos
                        ? BraceTemplate(args, 0, pos, note, env)
                        : ExprTemplate(args[0], pos, 0, note, env);
    if (!text.HasLiteralText()) return std::nullopt;
    Template t;
    t.AddHole("{" + std::string(name) + "}", std::string(name));
    t.Append(text);
    return t;
  }

  // The severity a decorating helper's name says (`failureString`: error,
  // `warningMessage`: warning); nullopt for a name that is no such helper.
  static std::optional<std::string> DecoratorSeverity(std::string_view name) {
    std::vector<std::string> words = Words(name);
    if (words.size() < 2 || !AnyWord({words.back()}, {"string", "str", "msg", "message", "text"})) {
      return std::nullopt;
    }
    if (AnyWord(words, {"fail", "failure", "error", "err", "fatal"})) return "error";
    if (AnyWord(words, {"warn", "warning"})) return "warning";
    return std::nullopt;
  }

  // The severity of the DecoratedText a message starts with, if any.
  static std::optional<std::string> DecorationSeverity(const Template& t) {
    if (t.pieces().empty() || !t.pieces()[0].is_hole) return std::nullopt;
    const Piece& first = t.pieces()[0];
    if (first.text != "{" + first.expr + "}") return std::nullopt;  // a `%s` or `{}` field
    return DecoratorSeverity(first.expr);
  }

  // --- helper functions of this file, inlined --------------------------------

  // Inlines a call to a function defined in this file whose body is short and
  // returns a string built from its parameters (nlohmann's `name(ename, id)`
  // and `create(id, what_arg, ctx)`). Returns nullopt when it cannot.
  // With `variants`, the values of early returns (`if (c) return msg;`)
  // are added to it as well.
  std::optional<Template> InlineCall(TSNode call, uint32_t pos, int depth, std::string* note,
                                     const Env* env, std::vector<Template>* variants = nullptr) {
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
    // Unqualified calls in the helper's body name its own class's methods.
    std::string outer_class = self_class_;
    for (const auto& [def_cls, d] : functions_[name]) {
      if (ts_node_eq(d, def) && !def_cls.empty()) self_class_ = def_cls;
    }
    struct Restore {
      std::string* slot;
      std::string value;
      ~Restore() { *slot = value; }
    } restore{&self_class_, outer_class};
    TSNode body = Field(def, "body");
    std::vector<TSNode> stmts = NamedChildren(body);
    if (stmts.empty() || stmts.size() > kMaxInlineStatements) return std::nullopt;
    for (size_t i = 0; variants && i + 1 < stmts.size(); ++i) {
      if (!Is(stmts[i], "if_statement")) continue;
      TSNode c = Field(stmts[i], "consequence");
      if (Is(c, "compound_statement") && ts_node_named_child_count(c) == 1) c = ts::FirstNamed(c);
      if (!Is(c, "return_statement") || ts_node_is_null(ts::FirstNamed(c))) continue;
      std::string ignored;
      variants->push_back(
          ExprTemplate(ts::FirstNamed(c), ts_node_start_byte(c), depth + 1, &ignored, &inner));
    }
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

  // The varargs format of `fn` (c_varargs.h), computed once per function.
  const VarargsFormat* VarargsOf(TSNode fn) {
    if (!Is(fn, "function_definition")) return nullptr;
    auto [it, inserted] = varargs_.try_emplace(ts_node_start_byte(fn));
    if (inserted) it->second = cpp::FindVarargsFormat(fn, src_);
    return it->second ? &*it->second : nullptr;
  }

  // A template that is the current function's own variadic format, as
  // formatted with its arguments (`vsnprintf(buf, n, fmt, ap)` then `buf`).
  bool IsVarargsFormat(const Template& t, TSNode fn) {
    const VarargsFormat* v = VarargsOf(fn);
    return v && t.pieces().size() == 1 && t.pieces()[0].is_hole && t.pieces()[0].expr == v->format;
  }

  // Some hole of `t` is the current function's variadic format.
  bool NamesVarargsFormat(const Template& t) {
    const VarargsFormat* v = VarargsOf(CurrentFunction());
    if (!v) return false;
    for (const Piece& p : t.pieces()) {
      if (p.is_hole && p.expr == v->format) return true;
    }
    return false;
  }

  // `vsnprintf(buf, n, fmt, ap)`, `jv_string_vfmt(fmt, ap)`: a call given
  // the current function's format and the va_list it started.
  bool FormatsVarargs(const std::vector<TSNode>& args) {
    const VarargsFormat* v = VarargsOf(CurrentFunction());
    if (!v) return false;
    bool format = false, list = false;
    for (TSNode a : args) {
      if (!Is(a, "identifier")) continue;
      std::string_view t = ts::Text(a, src_);
      format |= t == v->format;
      list |= t == v->va_list;
    }
    return format && list;
  }

  std::vector<std::string> ParamNames(TSNode def) {
    std::vector<std::string> out;
    TSNode d = Field(def, "declarator");
    for (int i = 0; i < 16 && !ts_node_is_null(d) && !Is(d, "function_declarator"); ++i) {
      d = Field(d, "declarator");
    }
    if (!Is(d, "function_declarator")) return out;
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
    // An unqualified call in a member function may name its own class's
    // method (`build_what(mark, msg)` in a constructor).
    if (cls.empty() && !self_class_.empty()) return FindFunction(self_class_, name, nargs);
    // `ErrorMsg::f(key)`: a namespace's function (the walk records no
    // namespaces, only classes).
    if (!cls.empty() && it->second.size() == 1 && it->second[0].first.empty() &&
        ParamNames(it->second[0].second).size() == nargs) {
      return it->second[0].second;
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
    // fluent-bit's `int line = 0;` counted up by `line++` in the read loop:
    // its first value is not what a report inside the loop prints.
    if (!Is(scope, "translation_unit") && Counted(scope, name)) return std::nullopt;
    // `if (a) msg = "x"; else msg = "y"; throw E(msg);`: the last assignment
    // sits in a branch the use is not in, so which text arrives is unknown.
    if (!ReachesUse(assigns[last_set], ident)) return std::nullopt;
    Template out;
    for (size_t i = static_cast<size_t>(last_set); i < assigns.size(); ++i) {
      if (i > static_cast<size_t>(last_set) && !ReachesUse(assigns[i], ident)) {
        // An append in a branch may or may not have happened, unless an
        // inlined helper's arguments decide the branch.
        std::optional<bool> taken = env ? BranchTaken(assigns[i].block, *env) : std::nullopt;
        if (taken && !*taken) continue;
        if (!taken) {
          // if/else appending each: one hole for both.
          bool same =
              !out.empty() && out.pieces().back().is_hole && out.pieces().back().expr == name;
          if (!same) out.AddHole("{" + name + "}", name);
          continue;
        }
      }
      out.Append(AssignedTemplate(assigns[i], depth, note, env));
    }
    if (!out.HasLiteralText()) {
      // `vsnprintf(buf, n, fmt, ap)` / `m = jv_string_vfmt(fmt, ap)`: the
      // caller's format, which its call sites fill.
      if (!env && IsVarargsFormat(out, scope)) return out;
      return std::nullopt;
    }
    if (note->empty()) {
      *note = "message assigned to `" + name + "` at line " +
              std::to_string(ts::Line(assigns[last_set].stmt));
    }
    return out;
  }

  // Whether `scope` increments or decrements `name` (`line++`, `--n`).
  bool Counted(TSNode scope, std::string_view name) {
    bool found = false;
    ts::ForEachNode(scope, [&](TSNode n) {
      if (!found && Is(n, "update_expression") && ts::Text(Field(n, "argument"), src_) == name) {
        found = true;
      }
    });
    return found;
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

  // Whether the branch `block` (an if's consequence or else) runs, when
  // the condition tests the inlined helper's arguments:
  // `!context.empty()` with context bound to "object", `expected !=
  // token_type::uninitialized` with expected bound to token_type::end_object.
  std::optional<bool> BranchTaken(TSNode block, const Env& env) {
    if (ts_node_is_null(block)) return std::nullopt;
    TSNode branch = block;
    TSNode parent = ts_node_parent(branch);
    bool negate = false;
    if (Is(parent, "else_clause")) {
      negate = true;
      branch = parent;
      parent = ts_node_parent(parent);
    }
    if (!Is(parent, "if_statement")) return std::nullopt;
    if (!negate && !ts_node_eq(Field(parent, "consequence"), branch)) return std::nullopt;
    std::optional<bool> v = EvalCondition(Field(parent, "condition"), env, 0);
    if (!v) return std::nullopt;
    return negate ? !*v : *v;
  }

  std::optional<bool> EvalCondition(TSNode c, const Env& env, int depth) {
    if (ts_node_is_null(c) || depth > 8) return std::nullopt;
    std::string_view t = Type(c);
    if (t == "condition_clause" || t == "parenthesized_expression") {
      return EvalCondition(ts::FirstNamed(c), env, depth + 1);
    }
    if (t == "unary_expression" && ts::Text(Field(c, "operator"), src_) == "!") {
      std::optional<bool> v = EvalCondition(Field(c, "argument"), env, depth + 1);
      if (v) return !*v;
      return std::nullopt;
    }
    auto bound = [&](TSNode n) -> const Template* {
      if (!Is(n, "identifier")) return nullptr;
      auto it = env.params.find(std::string(ts::Text(n, src_)));
      return it == env.params.end() ? nullptr : &it->second;
    };
    if (t == "call_expression") {
      // `p.empty()` of a parameter bound to literal text.
      TSNode fn = Field(c, "function");
      if (!Is(fn, "field_expression") || ts::Text(Field(fn, "field"), src_) != "empty") {
        return std::nullopt;
      }
      const Template* v = bound(Field(fn, "argument"));
      if (v && v->HoleCount() == 0 && v->HasLiteralText()) return false;
      return std::nullopt;
    }
    if (t == "binary_expression") {
      std::string_view op = ts::Text(Field(c, "operator"), src_);
      if (op != "==" && op != "!=") return std::nullopt;
      TSNode l = Field(c, "left"), r = Field(c, "right");
      const Template* v = bound(l);
      if (!v) std::swap(l, r), v = bound(l);
      // Both sides name enumerators: `token_type::a` against `token_type::b`.
      if (!v || v->pieces().size() != 1 || !v->pieces()[0].is_hole ||
          !Is(r, "qualified_identifier")) {
        return std::nullopt;
      }
      std::string a = v->pieces()[0].expr, b = CollapseSpace(ts::Text(r, src_));
      size_t sa = a.rfind("::"), sb = b.rfind("::");
      if (sa == std::string::npos || sb == std::string::npos ||
          a.substr(0, sa) != b.substr(0, sb)) {
        return std::nullopt;
      }
      return (a == b) == (op == "==");
    }
    return std::nullopt;
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
          if (facts_ && ts_node_eq(CurrentFunction(), root_)) {
            NoteConstant(DeclaredVar(Field(d, "declarator")), Field(d, "value"), n);
          }
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
      } else if (facts_ && op == "=" && Is(left, "field_expression")) {
        NoteSharedField(left, Field(n, "right"), n);
      }
    } else if (k == NodeKind::kBinary) {
      std::vector<TSNode> ops = FlattenShift(n);
      if (!ops.empty() && Is(ops[0], "identifier")) {
        AddAssignment(ts::Text(ops[0], src_), n, n, AssignOp::kStream);
      }
    } else if (k == NodeKind::kCall) {
      IndexCall(n);
    } else if (k == NodeKind::kPreprocDef) {
      std::string_view value = UnwrapGettext(Trim(ts::Text(Field(n, "value"), src_)));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"' &&
          value.substr(1, value.size() - 2).find('"') == std::string_view::npos) {
        std::string name(ts::Text(Field(n, "name"), src_));
        macros_[name] = DecodeCEscapes(value.substr(1, value.size() - 2));
        if (facts_) {
          Template t;
          t.AddLiteral(ReplyText(macros_[name]));
          facts_->text_constants.push_back({name, std::move(t), ts::Line(n)});
        }
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
      if (facts_ && !name.empty()) {
        facts_->link_names.push_back(name);
        if (cls.empty() && sep == std::string::npos && IsStatic(n)) {
          facts_->local_names.push_back(name);
        }
        if (!is_c_ && name == cls) constructors_.push_back({cls, n});
      }
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

  // --- facts for linking (src/resolve/link.h, link_constants.h) -------------

  // A Redis-protocol error reply ("-OOM command not allowed ...\r\n") is
  // shown by clients without its '-' marker and its line end.
  static std::string ReplyText(std::string text) {
    if (text.size() > 3 && text[0] == '-' && std::isupper(static_cast<unsigned char>(text[1])) &&
        text.ends_with("\r\n")) {
      return text.substr(1, text.size() - 3);
    }
    return text;
  }

  static Template Literal(const std::string& text) {
    Template t;
    t.AddLiteral(text);
    return t;
  }

  // `Foo::Bar` for `function` -> `Foo::Bar` (sites write nested names with dots).
  static std::string ColonName(std::string_view function) {
    std::string out;
    for (char c : function) out += c == '.' ? std::string("::") : std::string(1, c);
    return out;
  }

  // Namespaces and classes around the walk's position: `YAML::ErrorMsg::`.
  std::string ScopePrefix() {
    std::string out;
    for (TSNode a : stack_) {
      std::string_view t = Type(a);
      if (t == "namespace_definition" || t == "class_specifier" || t == "struct_specifier") {
        std::string_view n = ts::Text(Field(a, "name"), src_);
        if (!n.empty()) out += std::string(n) + "::";
      }
    }
    return out;
  }

  // The one string literal inside the calls around it:
  // `createObject(OBJ_STRING, sdsnew("text"))`, `std::string("text")`.
  // Flags and numbers beside it do not count; a second text gives up.
  std::optional<std::string> WrappedLiteral(TSNode n, int depth) {
    if (depth > 4 || ts_node_is_null(n)) return std::nullopt;
    std::string_view t = Type(n);
    if (t == "string_literal" || t == "concatenated_string" || t == "raw_string_literal") {
      std::string ignored;
      Template text = ExprTemplate(n, ts_node_start_byte(n), 1, &ignored, nullptr);
      if (text.HoleCount() > 0 || !text.HasLiteralText()) return std::nullopt;
      return text.Display();
    }
    if (t != "call_expression") return std::nullopt;
    std::optional<std::string> found;
    for (TSNode a : Args(Field(n, "arguments"))) {
      std::string_view at = Type(a);
      if (at == "identifier" || at == "number_literal" || at == "qualified_identifier") continue;
      std::optional<std::string> s = WrappedLiteral(a, depth + 1);
      if (!s || found) return std::nullopt;
      found = s;
    }
    return found;
  }

  // `const char* const X = "text";` / `const std::string X("text")` at file
  // or namespace scope: a constant other files may name.
  void NoteConstant(std::string_view name, TSNode value, TSNode decl) {
    if (name.empty() || ts_node_is_null(value)) return;
    std::optional<std::string> text = WrappedLiteral(value, 0);
    if (!text) return;
    facts_->text_constants.push_back(
        {ScopePrefix() + std::string(name), Literal(ReplyText(*text)), ts::Line(decl)});
  }

  // `shared.oomerr = createObject(OBJ_STRING, sdsnew("-OOM ..."))`: a field
  // of an object that is neither a parameter nor a local, set from one
  // literal (Redis's shared replies, tables filled at start-up).
  void NoteSharedField(TSNode left, TSNode right, TSNode stmt) {
    TSNode obj = Field(left, "argument");
    if (!Is(obj, "identifier") || ts::Text(Field(left, "operator"), src_) != ".") return;
    std::string base(ts::Text(obj, src_));
    TSNode fn = CurrentFunction();
    if (Is(fn, "function_definition")) {
      std::vector<std::string> params = ParamNames(fn);
      if (std::find(params.begin(), params.end(), base) != params.end()) return;
      if (!AssignmentsTo(fn, base, ts_node_start_byte(stmt)).empty()) return;
    }
    std::optional<std::string> text = WrappedLiteral(right, 0);
    if (!text) return;
    facts_->text_constants.push_back(
        {base + "." + std::string(ts::Text(Field(left, "field"), src_)), Literal(ReplyText(*text)),
         ts::Line(stmt)});
  }

  // Names that read like a message or error constant: `ErrorMsg::X`,
  // `shared.oomerr`, `E_PARSE_MSG`.
  // `sdsempty()`, `sdsnew(NULL)`, `sdsnew("")`: a new empty string.
  bool IsNewSds(TSNode a) const {
    if (!Is(a, "call_expression")) return false;
    std::string_view fn = ts::Text(Field(a, "function"), src_);
    std::string_view args = ts::Text(Field(a, "arguments"), src_);
    return (fn == "sdsempty" && args == "()") ||
           (fn == "sdsnew" && (args == "(NULL)" || args == "(\"\")"));
  }

  // `x` (or `*x`) in a call whose statement comes right after `x = sdsnew(NULL);`.
  bool FreshSdsBefore(TSNode a, TSNode call) {
    if (!Is(a, "identifier") && !Is(a, "pointer_expression")) return false;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return false;
    TSNode prev = ts_node_prev_named_sibling(stmt);
    if (ts_node_is_null(prev) || !Is(prev, "expression_statement")) return false;
    TSNode assign = ts::FirstNamed(prev);
    if (!Is(assign, "assignment_expression")) return false;
    return ts::Text(Field(assign, "left"), src_) == ts::Text(a, src_) &&
           IsNewSds(Field(assign, "right"));
  }

  // An upper-case constant's name (`ErrorMsg::INVALID_ESCAPE`; `kNotFound`
  // is not one): text a later stage may know.
  static bool IsConstantName(std::string_view e) {
    size_t colon = e.rfind(':');
    std::string_view last = e.substr(colon == std::string_view::npos ? 0 : colon + 1);
    if (last.size() < 3) return false;
    bool upper = false;
    for (char c : last) {
      if (c >= 'a' && c <= 'z') return false;
      if (!(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') && c != '_') return false;
      upper |= c >= 'A' && c <= 'Z';
    }
    return upper;
  }

  // A template that is one hole naming such a constant.
  static bool IsConstantHole(const Template& t) {
    return t.pieces().size() == 1 && t.pieces()[0].is_hole && IsConstantName(t.pieces()[0].expr);
  }

  static bool HasConstantHole(const Template& t) {
    for (const Piece& p : t.pieces()) {
      if (p.is_hole && IsConstantName(p.expr)) return true;
    }
    return false;
  }

  // `x` of `_(x)`, `N_(x)`, `gettext(x)`; else the node itself.
  TSNode UngettextNode(TSNode n) {
    if (!Is(n, "call_expression")) return n;
    std::string_view fn = ts::Text(Field(n, "function"), src_);
    std::vector<TSNode> a = NamedChildren(Field(n, "arguments"));
    if ((fn == "_" || fn == "N_" || fn == "gettext") && a.size() == 1) return a[0];
    return n;
  }

  bool ConstantLike(TSNode a) {
    std::string_view t = Type(a);
    if (t == "field_expression" && ts::Text(Field(a, "operator"), src_) != ".") return false;
    if (t != "qualified_identifier" && t != "field_expression" && t != "identifier") return false;
    std::string text = ToLower(ts::Text(a, src_));
    // A lower-case local or parameter; not vim's `e_no_match` constants.
    if (t == "identifier" && ToLower(ts::Text(a, src_)) == std::string(ts::Text(a, src_)) &&
        !text.starts_with("e_")) {
      return false;
    }
    for (std::string_view w : {"err", "msg", "message", "fail", "invalid"}) {
      if (text.find(w) != std::string::npos) return true;
    }
    // aria2's `EX_BAD_STATUS`, `EX_AUTH_FAILED`: a message macro's prefix.
    return t == "identifier" && (text.starts_with("ex_") || text.starts_with("e_"));
  }

  // The site a call would be: its statement with function, conditions, notes.
  ErrorSite SiteContext(TSNode stmt) {
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    std::vector<TSNode> ancestors;
    bool on_path = AncestorsOf(stmt, &ancestors);
    AddBraceContext(stmt, src_, lines_, CppSyntax(), &site, on_path ? &ancestors : nullptr);
    for (PathCondition& c : site.conditions) c.expr = StripOuterParens(c.expr);
    site.function = ColonName(site.function);
    return site;
  }

  // The class whose methods an unqualified call in the current function may
  // name: the class around it, or `Foo` of `Foo::bar`.
  std::string CurrentClass() {
    for (size_t i = stack_.size(); i-- > 0;) {
      std::string_view t = Type(stack_[i]);
      if (t == "class_specifier" || t == "struct_specifier") {
        return StripTemplateArgs(ts::Text(Field(stack_[i], "name"), src_));
      }
    }
    TSNode fn = CurrentFunction();
    if (!Is(fn, "function_definition")) return "";
    std::string full = DeclaredName(fn, src_);
    size_t sep = full.rfind("::");
    return sep == std::string::npos ? "" : std::string(LastName(full.substr(0, sep)));
  }

  // Whether the site's statement names `name` as a whole word.
  bool StatementNames(const ErrorSite& site, std::string_view name) const {
    int last = std::max(site.line, site.end_line);
    for (int n = site.line; n >= 1 && n <= last && n <= static_cast<int>(lines_.size()); ++n) {
      if (ContainsIdentifier(lines_[n - 1], name)) return true;
    }
    return false;
  }

  // Whether a line of `fn` hands `name` to a formatter (`vsnprintf(buf, n,
  // fmt, ap)`, `strbuf_vaddf(sb, fmt, ap)`).
  bool FormatsWith(TSNode fn, std::string_view name) const {
    int first = ts::Line(fn);
    int last = static_cast<int>(ts_node_end_point(fn).row) + 1;
    for (int n = first; n >= 1 && n <= last && n <= static_cast<int>(lines_.size()); ++n) {
      std::string_view t = lines_[n - 1];
      if (!ContainsIdentifier(t, name)) continue;
      for (size_t open = t.find('('); open != std::string_view::npos;
           open = t.find('(', open + 1)) {
        size_t b = open;
        while (b > 0 && (std::isalnum(static_cast<unsigned char>(t[b - 1])) || t[b - 1] == '_')) {
          --b;
        }
        if (b < open && cpp::IsFormatterName(t.substr(b, open - b))) return true;
      }
    }
    return false;
  }

  void AddSink(TSNode fn, std::vector<std::string> params, Template message, const ErrorSite& site,
               std::string via_class = "") {
    SinkFact s;
    s.via_class = std::move(via_class);
    std::string full = DeclaredName(fn, src_);
    s.function = full;
    s.name = std::string(LastName(full));
    s.language = is_c_ ? "c" : "cpp";
    s.params = std::move(params);
    s.message = std::move(message);
    s.error_class = site.error_class;
    s.kind = site.kind;
    s.severity = site.severity;
    s.error_code = site.error_code;
    s.line = site.line;
    s.def_line = ts::Line(fn);
    // `BUG("for key '%s' we must have a value", key)`: the key a caller
    // passes does not make the invariant the caller's error.
    if (site.line >= 1 && site.line <= static_cast<int>(lines_.size())) {
      s.internal_check = !AssertionCallName(lines_[site.line - 1]).empty();
    }
    // `if (c == '\n') error("invalid key (newline): %s", key)`: a call with
    // a fixed key is decided by the code's own text (checked_params.h).
    std::vector<std::string> text_params;
    for (const std::string& p : s.params) {
      if (cpp::IsTextInParam(fn, p, src_)) text_params.push_back(p);
    }
    s.guarded = cpp::TextCheckedParams(site.conditions, text_params);
    // A call whose constants fail one of them never raises (constant_guard.h).
    s.conditions = cpp::ConditionsWithLocalValues(fn, src_, site.conditions);
    // A varargs wrapper: callers' arguments after the format fill it.
    const VarargsFormat* v = VarargsOf(fn);
    bool formats = false, echoes = false;
    for (const Piece& p : s.message.pieces()) {
      formats |= v && p.is_hole && p.expr == v->format;
      echoes |= v && p.is_hole && p.expr == v->format && p.text.starts_with("%");
    }
    if (formats) {
      s.params = cpp::LinkParamNames(fn, src_);
      s.format_param = v->format_index;
      s.varargs_from = v->varargs_index;
      if (nginx_) s.format_dialect = "nginx";
    }
    // `die("unable to format message: %s", fmt)` prints the format itself,
    // when formatting with it failed: a caller's literal format never does
    // (git's strbuf_vaddf, fifteenth grading e293ba2f0c5afb11).
    // (Not `die("..: %s", buf)` of a buffer formatted from it, which the
    // hole names by the format too.)
    // And only a format the function formats with (`verify_opt_compatible(me,
    // base_opt, ...)` walks its varargs and prints `base_opt` as text).
    echoes = echoes && StatementNames(site, v->format) && FormatsWith(fn, v->format);
    if (echoes && std::find(s.guarded.begin(), s.guarded.end(), v->format) == s.guarded.end()) {
      s.guarded.push_back(v->format);
    }
    facts_->sinks.push_back(std::move(s));
  }

  // A site whose message names a parameter of its function makes that
  // function a sink: callers that pass text are sites of their own.
  void NoteSink(const ErrorSite& site) {
    TSNode fn = CurrentFunction();
    if (!Is(fn, "function_definition")) return;
    std::vector<std::string> params = ParamNames(fn);
    bool names = false;
    for (const Piece& p : site.message.pieces()) {
      names |= p.is_hole && std::find(params.begin(), params.end(), p.expr) != params.end();
    }
    if (names) AddSink(fn, std::move(params), site.message, site);
  }

  // `void git_error_vset(int cls, const char *fmt, va_list ap) {
  // git_str_vprintf(buf, fmt, ap); ... }`: a varargs function named as a
  // reporter that formats its format is a sink, although the error it sets
  // is read later (`git_error_last()`). One that hands the format to
  // another function (`git_error_set` -> `git_error_vset`) is a sink when
  // that one is, through the link.
  void NoteNamedVarargsReporter(TSNode call) {
    TSNode fn = CurrentFunction();
    const VarargsFormat* v = VarargsOf(fn);
    if (!v) return;
    if (!cpp::IsFormatterName(LastName(ts::Text(Field(call, "function"), src_)))) return;
    if (!FormatsVarargs(Args(Field(call, "arguments")))) return;
    std::optional<std::string> sev = cpp::ReporterNameSeverity(LastName(DeclaredName(fn, src_)));
    if (!sev || !named_reporters_.insert(ts_node_start_byte(fn)).second) return;
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, *sev == "warning" ? SiteKind::kLog : SiteKind::kRaise);
    site.severity = *sev;
    Template t;
    t.AddHole("{" + v->format + "}", v->format);
    AddSink(fn, ParamNames(fn), std::move(t), site);
  }

  // `addReplyErrorObject(c, reply)` / `serverLog(LL_WARNING, msg)` where the
  // message is the function's own parameter: no site, but a sink.
  void NoteParamReport(const std::vector<TSNode>& args, std::string_view fn_name, Report kind,
                       ErrorSite site) {
    if (args.empty()) return;
    TSNode fn = CurrentFunction();
    if (!Is(fn, "function_definition")) return;
    std::vector<std::string> params = ParamNames(fn);
    auto is_param = [&](TSNode a) {
      return Is(a, "identifier") &&
             std::find(params.begin(), params.end(), ts::Text(a, src_)) != params.end();
    };
    // The message is the last argument, or (vim's `semsg(_(ermsg), p)`) a
    // reporter's format, first, in a gettext call.
    TSNode arg = args.back();
    bool format_first = false;
    if (!is_param(arg) && kind == Report::kNamed) {
      arg = UngettextNode(args[0]);
      format_first = args.size() > 1;
    }
    if (!is_param(arg)) return;
    std::string p(ts::Text(arg, src_));
    std::optional<std::string> sev;
    bool quiet = false;
    for (size_t i = 0; i + 1 < args.size() && !sev; ++i) {
      sev = LevelSeverity(ts::Text(args[i], src_));
      quiet |= IsQuietLevel(ts::Text(args[i], src_));
    }
    if (sev) {
      site.severity = *sev;
    } else if (kind == Report::kLevelLog || quiet) {
      return;
    }
    if (AnyWord(Words(fn_name), {"reply"})) site.kind = SiteKind::kRaise;
    Template t;
    t.AddHole("{" + p + "}", p);
    size_t format_index = std::find(params.begin(), params.end(), p) - params.begin();
    AddSink(fn, std::move(params), std::move(t), site);
    // `semsg(_(ermsg), p)` with `ermsg` a format: the callers' text is
    // formatted with the values, taken to be the parameters after it
    // (vim's `emsg_funcname(e_x, name)`).
    if (format_first && format_index + 1 < ParamNames(fn).size()) {
      facts_->sinks.back().format_param = static_cast<int>(format_index);
      facts_->sinks.back().varargs_from = static_cast<int>(format_index + 1);
    }
  }

  static bool IsStdException(std::string_view cls) {
    std::string_view n = LastName(cls);
    return n == "runtime_error" || n == "logic_error" || n == "invalid_argument" ||
           n == "domain_error" || n == "length_error" || n == "out_of_range" ||
           n == "range_error" || n == "overflow_error" || n == "underflow_error" ||
           (n == "exception" && cls.starts_with("std::"));
  }

  // `throw X(args)`: a construction the linker may compose (X's constructor
  // in the repository), a message held in names defined elsewhere, or a
  // parameter the function throws (a sink).
  void NoteThrown(TSNode stmt, const std::string& cls, const std::vector<TSNode>& args, int line) {
    std::string ignored;
    std::vector<Template> held;
    bool text = false;
    std::string param;
    TSNode fn = CurrentFunction();
    std::vector<std::string> params =
        Is(fn, "function_definition") ? ParamNames(fn) : std::vector<std::string>{};
    for (TSNode a : args) {
      Template t = ExprTemplate(a, ts_node_start_byte(stmt), 0, &ignored, nullptr);
      text |= t.HasLiteralText();
      // A name defined elsewhere, or a call of a function returning text
      // (link_text_functions.h).
      if (t.HoleCount() > 0 && (ConstantLike(a) || Is(a, "call_expression") ||
                                (Is(a, "binary_expression") && HasConstantHole(t)))) {
        held.push_back(std::move(t));
      }
      if (Is(a, "identifier") && param.empty() &&
          std::find(params.begin(), params.end(), ts::Text(a, src_)) != params.end()) {
        param = std::string(ts::Text(a, src_));
      }
    }
    if (!text && !held.empty()) facts_->held_messages.push_back({line, cls, std::move(held)});
    if (!text && !param.empty() && (IsStdException(cls) || cls == "const char*")) {
      ErrorSite site = NewSite(stmt, SiteKind::kRaise);
      site.error_class = cls;
      Template t;
      t.AddHole("{" + param + "}", param);
      AddSink(fn, std::move(params), std::move(t), site);
    } else if (!text && !param.empty() && !cls.empty() && Is(args[0], "identifier") &&
               ts::Text(args[0], src_) == param) {
      // The repository's own class built with the parameter first (spdlog's
      // `throw_spdlog_ex(msg, errno)` throws `spdlog_ex(msg, last_errno)`):
      // the message, as exception classes take it, unless that class's own
      // constructor is a sink that says what it makes of it (via_class).
      ErrorSite site = NewSite(stmt, SiteKind::kRaise);
      site.error_class = cls;
      Template t;
      t.AddHole("{" + param + "}", param);
      AddSink(fn, std::move(params), std::move(t), site, std::string(LastName(cls)));
    }
    if (cls.empty() || IsStdException(cls) || cls == "const char*") return;
    PendingCall pc;
    pc.call = stmt;
    pc.args = args;
    pc.self_class = CurrentClass();
    FillCaller(&pc.fact);
    pc.fact.callee = std::string(LastName(cls));
    // `throw FileError::Missing(file)`: a class's static factory, or a class
    // in a namespace; the linker tries the factory through its class.
    if (size_t sep = cls.rfind("::"); sep != std::string::npos) {
      pc.fact.receiver = std::string(LastName(cls.substr(0, sep)));
    }
    pc.fact.construct = true;
    pc.fact.thrown = true;
    pc.fact.replaces_site = true;
    pc.fact.line = line;
    pc.fact.site = SiteContext(stmt);
    pc.fact.site->error_class = cls;
    pending_calls_.push_back(std::move(pc));
  }

  void FillCaller(LinkCall* fact) {
    TSNode fn = CurrentFunction();
    if (!Is(fn, "function_definition")) return;
    fact->caller = DeclaredName(fn, src_);
    fact->caller_name = std::string(LastName(fact->caller));
    fact->caller_line = ts::Line(fn);
    fact->caller_params = ParamNames(fn);
    if (const VarargsFormat* v = VarargsOf(fn)) {
      // `vreport("fatal: ", fmt, ap)`: the wrapper's format and its `...`.
      fact->caller_params = cpp::LinkParamNames(fn, src_);
      fact->caller_varargs = v->varargs_index;
      fact->caller_format_param = v->format_index;
    }
  }

  // Calls that never reach a repository's sink: the C library's string and
  // memory functions and formatted output to buffers.
  static bool PlatformCall(std::string_view name) {
    static const std::set<std::string_view> kNames = {
        "printf", "fprintf", "sprintf",       "snprintf", "puts",    "fputs",  "fopen",  "open",
        "getenv", "setenv",  "strtol",        "strtoul",  "strtod",  "atoi",   "sscanf", "fwrite",
        "write",  "assert",  "static_assert", "sizeof",   "defined", "memcmp", "strdup", "strndup"};
    if (kNames.count(name)) return true;
    return name.starts_with("str") && name.size() <= 8 && name.find('_') == std::string_view::npos;
  }

  // A call passing text, a constant that reads as a message, or one of the
  // caller's parameters: a link call (its arguments are built after the walk,
  // when every helper of the file is known).
  void NoteLinkCall(TSNode call) {
    TSNode fnode = Field(call, "function");
    std::string_view ft = Type(fnode);
    if (ft != "identifier" && ft != "qualified_identifier" && ft != "field_expression" &&
        ft != "template_function") {
      return;
    }
    std::string fn = StripTemplateArgs(ts::Text(fnode, src_));
    std::string_view name = LastName(fn);
    // Reporters named like `die` are sites already; one the repository
    // defines around its parameter composes more (`fatal: ` + the text).
    // Level-taking loggers, stderr writes and status constructors are the
    // platform's or the end of a chain: no link call (they are many).
    if (PlatformCall(name) || IsCheckMacro(fn)) return;
    Report report = ReportFor(fn).kind;
    std::vector<TSNode> args = Args(Field(call, "arguments"));
    if (report == Report::kFwrite && cpp::OwnWriteName(name) &&
        !(args.size() == 3 && IsStderr(args[0]))) {
      report = Report::kNone;
    }
    if (report != Report::kNone && report != Report::kNamed) return;
    if (args.empty()) return;
    bool text = false, param = false;
    for (TSNode a : args) {
      text |= IsStringish(a) || ConstantLike(a) || ConcatenatesText(a) ||
              !BranchLiterals(a, ts_node_start_byte(call)).empty() || FormatsText(a);
    }
    // glog's `const char w[] = "WARNING: ..."; WriteToStderr(w, strlen(w));`
    for (size_t i = 0; i < args.size() && !text && Is(args[i], "identifier"); ++i) {
      std::string ignored;
      std::optional<Template> t =
          VariableTemplate(args[i], ts_node_start_byte(call), 0, &ignored, nullptr);
      text = t && t->HoleCount() == 0 && t->HasLiteralText() &&
             t->Display().find(' ') != std::string::npos;
    }
    const std::vector<std::string>* textual = nullptr;
    if (!text) {
      // Only a parameter that can hold text passes a message on (`const
      // char *fmt`, `std::string msg`), not the `client *c` most calls pass.
      textual = &TextParams(CurrentFunction());
      for (TSNode a : args) {
        param |= Is(a, "identifier") &&
                 std::find(textual->begin(), textual->end(), ts::Text(a, src_)) != textual->end();
      }
      if (!param) return;
    }
    TSNode stmt = StatementOf(call);
    if (ts_node_is_null(stmt)) return;
    // `ngx_log_error(NGX_LOG_DEBUG, ..)` through a logging sink is not a
    // record; at an info level it is one only when the text states a
    // failure (the linker checks the composed text: severity "info").
    bool quiet = false, info = false;
    for (TSNode a : args) {
      quiet |= IsQuietLevel(ts::Text(a, src_));
      info |= IsInfoLevel(ts::Text(a, src_));
    }
    if (quiet && !info) return;
    PendingCall pc;
    pc.call = call;
    pc.args = std::move(args);
    pc.self_class = CurrentClass();
    FillCaller(&pc.fact);
    pc.fact.callee = std::string(name);
    // `::Error(msg, ap)` inside `StatusPrinter::Error`: the free function.
    if (fn.starts_with("::")) pc.fact.receiver = "::";
    if (Is(fnode, "field_expression")) {
      std::string_view obj = ts::Text(Field(fnode, "argument"), src_);
      pc.fact.receiver = obj == "this" ? "" : std::string(obj);
    }
    pc.fact.line = ts::Line(call);
    if (text) {
      // A reporter call made a site of this statement just now: its context.
      if (!out_->empty() && last_finished_ == ts_node_start_byte(stmt)) {
        pc.fact.site = out_->back();
        pc.fact.site->message = Template();
        pc.fact.site->message_origin_note.clear();
        pc.fact.site->error_class.clear();
      } else {
        pc.fact.site = SiteContext(stmt);
      }
      if (info) pc.fact.site->severity = "info";
    }
    if (!is_c_) {
      pending_calls_.push_back(std::move(pc));
      return;
    }
    // C has no classes whose later methods could be helpers: built now,
    // while the walk knows the function around the call.
    for (std::vector<Template>& combo : ArgCombinations(pc.args, ts_node_start_byte(call))) {
      LinkCall c = pc.fact;
      c.args = std::move(combo);
      facts_->link_calls.push_back(std::move(c));
    }
  }

  // A call that formats literal text (mamba's `throw_lock_error(
  // fmt::format("Could not open lockfile '{}'", path))`): text for a wrapper.
  bool FormatsText(TSNode a) {
    if (!Is(a, "call_expression")) return false;
    std::string ignored;
    return ExprTemplate(a, ts_node_start_byte(a), 0, &ignored, nullptr).HasLiteralText();
  }

  // The parameters of `fn` whose declared type can hold text.
  const std::vector<std::string>& TextParams(TSNode fn) {
    uint32_t key = ts_node_start_byte(fn);
    auto it = text_params_.find(key);
    if (it != text_params_.end()) return it->second;
    std::vector<std::string>& out = text_params_[key];
    if (!Is(fn, "function_definition")) return out;
    TSNode d = Field(fn, "declarator");
    for (int i = 0; i < 16 && !ts_node_is_null(d) && !Is(d, "function_declarator"); ++i) {
      d = Field(d, "declarator");
    }
    if (!Is(d, "function_declarator")) return out;
    std::vector<std::string> names = ParamNames(fn);
    std::vector<TSNode> decls = NamedChildren(Field(d, "parameters"));
    for (size_t i = 0; i < names.size() && i < decls.size(); ++i) {
      std::string type = ToLower(ts::Text(Field(decls[i], "type"), src_));
      if (type.find("char") != std::string::npos || type.find("str") != std::string::npos ||
          type.find("sds") != std::string::npos) {
        out.push_back(names[i]);
      }
    }
    return out;
  }

  // The templates an argument may take: one, or one per return of the
  // in-file helper it calls (`INVALID_NODE_WITH_KEY(key)` returns a
  // constant when the key is empty and a sentence naming it otherwise).
  std::vector<Template> ArgVariants(TSNode a, uint32_t pos) {
    std::string note;
    if (Is(a, "call_expression")) {
      std::vector<Template> variants;
      std::optional<Template> main = InlineCall(a, pos, 0, &note, nullptr, &variants);
      if (main) {
        variants.push_back(*main);
        return variants;
      }
    }
    std::vector<Template> split = BranchVariants(a, pos, 0);
    if (split.size() > 1) return split;
    Template t = ExprTemplate(a, pos, 0, &note, nullptr);
    if (!t.HasLiteralText()) {
      std::vector<Template> chosen = BranchLiterals(a, pos);
      if (!chosen.empty()) return chosen;
    }
    return {t};
  }

  // `(name.empty() ? std::string{} : name + ": ") + (args.size() > 1 ?
  // "The following arguments were not expected: " : "The following argument
  // ...") + join(args)` (CLI11's ExtrasError): each combination of the
  // branches of `?:` inside a concatenation is one variant, at most
  // kMaxArgVariants; one variant when there is no `?:`.
  std::vector<Template> BranchVariants(TSNode a, uint32_t pos, int depth) {
    std::string note;
    if (depth > 4) return {ExprTemplate(a, pos, 0, &note, nullptr)};
    if (Is(a, "parenthesized_expression")) return BranchVariants(ts::FirstNamed(a), pos, depth + 1);
    if (Is(a, "conditional_expression")) {
      std::vector<Template> out = BranchVariants(Field(a, "consequence"), pos, depth + 1);
      for (Template& t : BranchVariants(Field(a, "alternative"), pos, depth + 1)) {
        if (out.size() < kMaxArgVariants) out.push_back(std::move(t));
      }
      return out;
    }
    if ((Is(a, "compound_literal_expression") || Is(a, "call_expression")) &&
        NamedChildren(Is(a, "call_expression") ? Field(a, "arguments") : Field(a, "value"))
            .empty()) {
      std::string_view type = ts::Text(ts::FirstNamed(a), src_);
      if (type == "std::string" || type == "string") return {Template()};  // `std::string{}`
    }
    if (Is(a, "binary_expression") && ts::Text(Field(a, "operator"), src_) == "+") {
      std::vector<Template> left = BranchVariants(Field(a, "left"), pos, depth + 1);
      std::vector<Template> right = BranchVariants(Field(a, "right"), pos, depth + 1);
      if (left.size() > 1 || right.size() > 1) {
        std::vector<Template> out;
        for (const Template& l : left) {
          for (const Template& r : right) {
            if (out.size() >= kMaxArgVariants) break;
            out.push_back(l);
            out.back().Append(r);
          }
        }
        return out;
      }
    }
    return {ExprTemplate(a, pos, 0, &note, nullptr)};
  }

  // `if (csv) msg = "cannot be csv-formatted, only array"; else msg =
  // "cannot be tsv-formatted, ..."; return type_error(input, msg);` (jq):
  // a local given a literal in each branch before the call, none of them
  // reaching it alone. Each literal is one variant of the argument; empty
  // unless 2 to 4 plain assignments, all literals, in the call's function.
  std::vector<Template> BranchLiterals(TSNode a, uint32_t pos) {
    if (!Is(a, "identifier")) return {};
    std::vector<Assignment> assigns =
        AssignmentsTo(CurrentFunction(), std::string(ts::Text(a, src_)), pos);
    std::vector<Template> out;
    for (const Assignment& as : assigns) {
      if (as.op != AssignOp::kSet || ReachesUse(as, a) || !IsStringish(as.value)) return {};
      std::string note;
      out.push_back(ExprTemplate(as.value, pos, 0, &note, nullptr));
      if (!out.back().HasLiteralText()) return {};
    }
    if (out.size() < 2 || out.size() > 4) return {};
    return out;
  }

  // Every combination of the arguments' variants, at most kMaxArgVariants.
  std::vector<std::vector<Template>> ArgCombinations(const std::vector<TSNode>& args,
                                                     uint32_t pos) {
    std::vector<std::vector<Template>> out(1);
    for (TSNode a : args) {
      std::vector<Template> vs = ArgVariants(a, pos);
      std::vector<std::vector<Template>> next;
      for (const std::vector<Template>& prefix : out) {
        for (const Template& v : vs) {
          if (next.size() >= kMaxArgVariants) break;
          next.push_back(prefix);
          next.back().push_back(v);
        }
      }
      out = std::move(next);
    }
    return out;
  }

  // The base classes a class definition names (`: public Exception`).
  std::set<std::string> BaseClasses(TSNode def) {
    std::set<std::string> out;
    TSNode p = ts_node_parent(def);
    if (Is(p, "template_declaration")) p = ts_node_parent(p);
    if (!Is(p, "field_declaration_list")) return out;
    for (TSNode c : NamedChildren(ts_node_parent(p))) {
      if (!Is(c, "base_class_clause")) continue;
      for (TSNode b : NamedChildren(c)) {
        std::string_view t = Type(b);
        if (t == "type_identifier" || t == "qualified_identifier" || t == "template_type") {
          out.insert(std::string(LastName(StripTemplateArgs(ts::Text(b, src_)))));
        }
      }
    }
    return out;
  }

  // `X(const Mark& m, const std::string& msg) : std::runtime_error(f(m, msg))`
  // makes X a constructor sink; `D(m) : Base(m, ErrorMsg::TEXT)` a link call
  // from D's constructor to Base's.
  void NoteConstructor(const std::string& cls, TSNode def) {
    TSNode inits{};
    for (TSNode c : NamedChildren(def)) {
      if (Is(c, "field_initializer_list")) inits = c;
    }
    if (ts_node_is_null(inits)) return;
    std::vector<std::string> params = ParamNames(def);
    std::set<std::string> bases = BaseClasses(def);
    self_class_ = cls;
    for (TSNode fi : NamedChildren(inits)) {
      if (!Is(fi, "field_initializer")) continue;
      TSNode name = ts::FirstNamed(fi);
      std::string base = StripTemplateArgs(ts::Text(name, src_));
      std::string last(LastName(base));
      // Out of line the bases are not in sight: members are lower-case.
      bool delegates = last == cls;
      bool is_base = bases.empty()
                         ? !last.empty() && std::isupper(static_cast<unsigned char>(last[0]))
                         : bases.count(last) > 0;
      if (!is_base && !delegates && !IsStdException(base)) continue;
      TSNode list = ts_node_named_child(fi, 1);
      std::vector<TSNode> args = Args(list);
      if (args.empty()) continue;
      uint32_t pos = ts_node_start_byte(fi);
      // `RequiredError(std::string name) : RequiredError(name + " is
      // required", ExitCodes::RequiredError)` (CLI11): the text handed to the
      // class's own other constructor -- often one a macro declares, out of
      // sight -- is the message.
      TSNode text_arg = delegates ? FirstTextArg(args, pos) : TSNode{};
      if (IsStdException(base) || !ts_node_is_null(text_arg)) {
        if (!ts_node_is_null(text_arg)) args = {text_arg};
        ErrorSite site = NewSite(fi, SiteKind::kRaise);
        site.error_class = cls;
        AddClassSinks(cls, cls, params, args[0], pos, fi, def, /*returns=*/false);
        continue;
      }
      for (std::vector<Template>& combo : ArgCombinations(args, pos)) {
        LinkCall c;
        c.caller = cls + "::" + cls;
        c.caller_name = cls;
        c.caller_constructor = true;
        c.caller_line = ts::Line(def);
        c.caller_params = params;
        c.callee = last;
        c.construct = true;
        c.base_init = true;
        c.args = std::move(combo);
        c.line = ts::Line(fi);
        facts_->link_calls.push_back(std::move(c));
      }
    }
    self_class_.clear();
  }

  // `static FileError Missing(std::string name) { return FileError(name +
  // " was not readable (missing?)"); }` and `return {"Requires at least " +
  // ..., ExitCodes::RequiredError};` (CLI11): a class's static function
  // building and returning the class is a returning sink, thrown as
  // `throw FileError::Missing(file)`. A construction the file's own
  // constructors compose (one of that arity) is a link call; else its first
  // text is the message (the constructor is a macro's, out of sight).
  void NoteStaticFactories() {
    for (const auto& [name, defs] : functions_) {
      for (const auto& [cls, def] : defs) {
        if (cls.empty() || name == cls || !IsStatic(def)) continue;
        std::string ret(LastName(StripTemplateArgs(ts::Text(Field(def, "type"), src_))));
        if (ret != cls || !ErrorLike(cls, def)) continue;
        self_class_ = cls;
        // Copies and plain references: clang 14 cannot capture a structured binding.
        TSNode fn = def;
        const std::string& c = cls;
        const std::string& n = name;
        ForEachOwnReturn(Field(fn, "body"), "return_statement", IsFunctionNode,
                         [&](TSNode r) { NoteFactoryReturn(c, n, fn, r); });
        self_class_.clear();
      }
    }
  }

  void NoteFactoryReturn(const std::string& cls, const std::string& name, TSNode def, TSNode r) {
    TSNode v = ts::FirstNamed(r);
    std::vector<TSNode> args;
    if (Is(v, "call_expression") &&
        LastName(StripTemplateArgs(ts::Text(Field(v, "function"), src_))) == cls) {
      args = Args(Field(v, "arguments"));
    } else if (Is(v, "initializer_list")) {
      args = NamedChildren(v);
    } else if (Is(v, "compound_literal_expression")) {
      args = Args(Field(v, "value"));
    } else {
      return;
    }
    uint32_t pos = ts_node_start_byte(r);
    std::vector<std::string> params = ParamNames(def);
    if (HasConstructorOfArity(cls, args.size())) {
      for (std::vector<Template>& combo : ArgCombinations(args, pos)) {
        LinkCall c;
        c.caller = cls + "::" + name;
        c.caller_name = name;
        c.caller_line = ts::Line(def);
        c.caller_params = params;
        c.callee = cls;
        c.construct = true;
        c.returned = true;
        c.args = std::move(combo);
        c.line = ts::Line(r);
        facts_->link_calls.push_back(std::move(c));
      }
      return;
    }
    TSNode text = FirstTextArg(args, pos);
    if (ts_node_is_null(text)) return;
    AddClassSinks(cls, name, params, text, pos, r, def, /*returns=*/true);
  }

  // One sink of class `cls` per variant of `text`: a constructor's
  // (`name` == `cls`), or a static factory's that returns the exception.
  void AddClassSinks(const std::string& cls, const std::string& name,
                     const std::vector<std::string>& params, TSNode text, uint32_t pos, TSNode at,
                     TSNode def, bool returns) {
    for (Template& v : ArgVariants(text, pos)) {
      SinkFact sink;
      sink.function = cls + "::" + name;
      sink.name = name;
      sink.language = "cpp";
      sink.constructor = !returns;
      sink.returns = returns;
      sink.params = params;
      sink.message = std::move(v);
      sink.error_class = cls;
      sink.line = ts::Line(at);
      sink.def_line = ts::Line(def);
      facts_->sinks.push_back(std::move(sink));
    }
  }

  bool IsStatic(TSNode def) {
    for (TSNode c : NamedChildren(def)) {
      if (Is(c, "storage_class_specifier") && ts::Text(c, src_) == "static") return true;
    }
    return false;
  }

  // A class named like an error, or deriving from one.
  bool ErrorLike(const std::string& cls, TSNode member) {
    auto named = [](std::string_view n) {
      return n.ends_with("Error") || n.ends_with("Exception") || n.ends_with("error") ||
             n.ends_with("exception");
    };
    if (named(cls)) return true;
    for (const std::string& b : BaseClasses(member)) {
      if (named(b)) return true;
    }
    return false;
  }

  // Whether this file defines a constructor of `cls` taking `n` arguments.
  bool HasConstructorOfArity(const std::string& cls, size_t n) {
    for (const auto& [c, def] : constructors_) {
      if (c == cls && ParamNames(def).size() == n) return true;
    }
    return false;
  }

  // The first argument whose text (or a branch's) is literal, else null.
  TSNode FirstTextArg(const std::vector<TSNode>& args, uint32_t pos) {
    for (TSNode a : args) {
      for (const Template& v : ArgVariants(a, pos)) {
        if (v.HasLiteralText()) return a;
      }
    }
    return TSNode{};
  }

  // After the walk: constructors and the arguments of link calls, now that
  // every helper of the file is indexed.
  void FinishFacts() {
    for (const auto& [cls, def] : constructors_) NoteConstructor(cls, def);
    NoteStaticFactories();
    for (PendingCall& pc : pending_calls_) {
      self_class_ = pc.self_class;
      uint32_t pos = ts_node_start_byte(pc.call);
      std::vector<std::vector<Template>> combos = ArgCombinations(pc.args, pos);
      for (std::vector<Template>& combo : combos) {
        LinkCall c = pc.fact;
        for (Template& a : combo) a = FillFunctionName(a, c.caller);
        c.args = std::move(combo);
        facts_->link_calls.push_back(std::move(c));
      }
    }
    self_class_.clear();
    CollectTextFunctions();
  }

  // --- text functions (src/resolve/link_text_functions.h) --------------------

  // Functions returning `const char*` or a string class: each returned
  // text (every `case E: return "..."` of a strerror-like table) is a
  // candidate message for reports that call them.
  void CollectTextFunctions() {
    TextFunctionCollector collector;
    for (const auto& [name, defs] : functions_) {
      for (const auto& [cls, def] : defs) {
        if (!ReturnsText(def)) continue;
        TextFunction tf;
        tf.name = name;
        tf.qualified = cls.empty() ? name : cls + "::" + name;
        tf.params = ParamNames(def);
        tf.method = !cls.empty();
        tf.language = is_c_ ? "c" : "cpp";
        tf.line = ts::Line(def);
        collector.Open(def.id, std::move(tf));
        self_class_ = cls;
        // A copy: clang 14 cannot capture a structured binding.
        TSNode fn = def;
        ForEachOwnReturn(Field(fn, "body"), "return_statement", IsFunctionNode, [&](TSNode ret) {
          TSNode value = ts::FirstNamed(ret);
          if (ts_node_is_null(value)) return;
          if (MutatedLocal(value, Field(fn, "body"))) return;
          std::string note;
          Template t = ExprTemplate(value, ts_node_start_byte(ret), 0, &note, nullptr);
          collector.AddReturn(fn.id, t, ts::Line(ret));
        });
        self_class_.clear();
      }
    }
    collector.Emit(facts_);
  }

  // True if `value` names a local that `body` changes after setting it
  // (`std::string result = "FF"; result[0] = hex[b / 16]; return result;`):
  // its initial text is not what the function returns.
  bool MutatedLocal(TSNode value, TSNode body) {
    if (!Is(value, "identifier") || ts_node_is_null(body)) return false;
    std::string_view name = ts::Text(value, src_);
    std::string_view text = ts::Text(body, src_);
    for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
      bool word_start = at == 0 || !IsIdentChar(text[at - 1]);
      size_t end = at + name.size();
      if (!word_start || (end < text.size() && IsIdentChar(text[end]))) continue;
      while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
      std::string_view rest = text.substr(end);
      if (rest.starts_with("[") || rest.starts_with("+=") || rest.starts_with("<<") ||
          rest.starts_with(".") || rest.starts_with("->")) {
        return true;
      }
    }
    return false;
  }

  static bool IsIdentChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  bool ReturnsText(TSNode def) {
    std::string_view type = ts::Text(Field(def, "type"), src_);
    if (type == "char") return Is(Field(def, "declarator"), "pointer_declarator");
    return type == "std::string" || type == "string" || type == "std::string_view" ||
           type == "string_view" || type == "QString" || type == "sds";
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

  // A message that calls a function: a site only when the resolve stage
  // knows the text it returns (src/resolve/link_text_functions.h).
  void HoldCallMessage(TSNode stmt, ErrorSite site) {
    bool call = false;
    for (const Piece& p : site.message.pieces()) call |= p.is_hole && p.expr.ends_with(")");
    if (call) HoldMessage(stmt, std::move(site));
  }

  // `msg::println_error(msgErrorX, msg::path = p)`: a reporter given a
  // message named elsewhere (a constant, an X-macro row) and no format of
  // its own; a site once the resolve stage knows the name's text.
  void HoldConstantReport(TSNode stmt, const std::vector<TSNode>& args, ErrorSite site) {
    TSNode fn = CurrentFunction();
    std::vector<std::string> params =
        Is(fn, "function_definition") ? ParamNames(fn) : std::vector<std::string>{};
    for (size_t i = 0; i < args.size(); ++i) {
      TSNode a = UngettextNode(args[i]);  // vim's `emsg(_(e_no_match))`
      if (!ConstantLike(a) || Is(a, "field_expression")) continue;
      std::string name(ts::Text(a, src_));
      if (std::find(params.begin(), params.end(), name) != params.end()) continue;
      site.message = Template();
      // `semsg(_(e_x_str), arg)`: the constant is a format of the values
      // after it (link_constants.cc FormattedConstant fills them).
      std::string expr = name;
      if (i == 0 && args.size() > 1) {
        expr = "printf(" + name;
        // Plain names only: the expression is parsed again as a call.
        for (size_t j = 1; j < args.size(); ++j) {
          std::string value = HoleExpr(Unmoved(args[j]));
          bool plain = std::all_of(value.begin(), value.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
          });
          expr += ", " + (plain ? value : "value" + std::to_string(j));
        }
        expr += ")";
      }
      site.message.AddHole("{" + name + "}", expr);
      HoldMessage(stmt, std::move(site));
      return;
    }
  }

  void HoldMessage(TSNode stmt, ErrorSite site) {
    if (!facts_) return;
    std::vector<TSNode> ancestors;
    bool on_path = AncestorsOf(stmt, &ancestors);
    AddBraceContext(stmt, src_, lines_, CppSyntax(), &site, on_path ? &ancestors : nullptr);
    for (PathCondition& c : site.conditions) c.expr = StripOuterParens(c.expr);
    std::string fn;
    for (char c : site.function) fn += c == '.' ? std::string("::") : std::string(1, c);
    site.function = fn;
    site.message = FillFunctionName(site.message, site.function);
    HeldMessage h{site.line, site.error_class, {site.message}, std::nullopt};
    h.site = std::move(site);
    facts_->held_messages.push_back(std::move(h));
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
    site.message = FillFunctionName(site.message, site.function);
    last_finished_ = ts_node_start_byte(stmt);
    if (facts_) NoteSink(site);
    out_->push_back(std::move(site));
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  bool is_c_;
  bool nginx_;  // formats are ngx_sprintf's (UsesNginxFormat)
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
  // Linking facts (null when the caller wants sites only).
  FileFacts* facts_ = nullptr;
  std::string self_class_;  // the class whose methods unqualified calls may name
  std::vector<std::pair<std::string, TSNode>> constructors_;  // class, definition
  std::vector<TSNode> lambdas_;  // every lambda, for HandleErrorTextLambda
  struct PendingCall {
    TSNode call;  // call_expression, or the thrown expression
    std::vector<TSNode> args;
    std::string self_class;  // the caller's class
    LinkCall fact;           // everything but the arguments
  };
  std::vector<PendingCall> pending_calls_;
  std::map<uint32_t, std::vector<std::string>> text_params_;  // by function start
  std::map<uint32_t, std::optional<VarargsFormat>> varargs_;  // by function start
  std::set<uint32_t> named_reporters_;   // varargs functions made sinks by their name
  uint32_t last_finished_ = UINT32_MAX;  // the statement of the last site
  std::vector<std::tuple<TSNode, TSNode, std::string>> factory_calls_;  // stmt, call, class
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

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    static const std::vector<NodeKind> kC = NodeKinds(tree_sitter_c());
    static const std::vector<NodeKind> kCpp = NodeKinds(tree_sitter_cpp());
    // `class LIB_API Name`: parsed with the macro blanked.
    SourceFile blanked;
    const SourceFile* parsed = &file;
    if (!is_c_ && cpp::BlankExportMacros(file.content, &blanked.content)) {
      blanked.path = file.path;
      parsed = &blanked;
    }
    // `EXTERN char e_x[] INIT(= N_("..."));`: parsed as `char e_x[] = ...`.
    std::string initialized;
    if (file.content.find("(=") != std::string::npos &&
        cpp::BlankInitializerMacros(parsed->content, &initialized)) {
      blanked.content = std::move(initialized);
      blanked.path = file.path;
      parsed = &blanked;
    }
    return ts::ParseAndVisit(
        is_c_ ? tree_sitter_c() : tree_sitter_cpp(), *parsed, had_syntax_errors, [&](TSNode root) {
          CppFile(*parsed, is_c_, sites, facts).Run(root, is_c_ ? kC : kCpp);
          if (facts) {
            CollectCallFacts(root, parsed->content, is_c_ ? "c" : "cpp", facts);
            facts->macro_rows = cpp::FindMacroRows(file.content);
            if (file.content.find("##") != std::string::npos) {
              facts->macro_namings = cpp::FindMacroNamings(file.content);
            }
          }
        });
  }

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
