// PHP extractor: finds the error sites of one .php file and rebuilds each
// message template from the syntax tree: single- and double-quoted strings
// with `$x` / `{$x->y}` interpolation, heredocs and nowdocs, `.`
// concatenation, sprintf/vsprintf verbs (`%1$s`, `%'*10d`), messages held in
// locals (`$msg = ..; $msg .= ..`) and constants (`self::MSG`, `define`),
// magic constants (`__CLASS__`, `__METHOD__`) and `PHP_EOL`.
//
// Sites: `new X(...)` of an exception class (thrown, including `?? throw`
// and match arms, or returned by a named constructor such as
// `public static function forName(): self { return new self(...); }`),
// `parent::__construct("..")` and `protected $message = ".."` in exception
// classes, Symfony HTTP exceptions and controller helpers
// (`createNotFoundException`), Laravel `abort`/`abort_if`/`abort_unless` and
// `ValidationException::withMessages`, `trigger_error`, `assert`,
// `die`/`exit`, PSR-3 loggers (`$this->logger->error('.. {id}')`, `Log::`),
// console output (`$io->error`, `writeln('<error>..</error>')`),
// `error_log` and writes to STDERR.
//
// Context is PHP's own: if/elseif/else (also the colon syntax), ternaries,
// `?? throw`, `or die`, switch cases, match arms, catch clauses and early
// exits earlier in the block; `//`, `#` and docblock comments.
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
#include "extract/common/message_tables.h"
#include "extract/common/printf_format.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/jvm/jvm_idioms.h"
#include "extract/php/php_sinks.h"
#include "extract/php/php_strings.h"
#include "resolve/call_facts.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_php();

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
constexpr size_t kMaxAssignmentsPerName = 256;
constexpr size_t kMaxBlockScan = 256;

// Symbol ids of the node types the walk dispatches on: comparing ids is
// much cheaper than comparing type strings on every node.
struct PhpIds {
  TSSymbol object_creation, throw_expression, function_call, member_call, nullsafe_member_call,
      scoped_call, exit_statement, assignment, augmented_assignment, const_declaration,
      property_declaration, namespace_definition, string, encapsed_string, heredoc, nowdoc, comment,
      text, formal_parameters, attribute_list, namespace_use_declaration, return_statement;
  bool Skip(TSSymbol s) const {
    return s == string || s == encapsed_string || s == heredoc || s == nowdoc || s == comment ||
           s == text || s == formal_parameters || s == attribute_list ||
           s == namespace_use_declaration;
  }
};

const PhpIds& Ids() {
  static const PhpIds kIds = [] {
    const TSLanguage* lang = tree_sitter_php();
    auto sym = [&](std::string_view n) { return ts::Symbol(lang, n); };
    return PhpIds{sym("object_creation_expression"),
                  sym("throw_expression"),
                  sym("function_call_expression"),
                  sym("member_call_expression"),
                  sym("nullsafe_member_call_expression"),
                  sym("scoped_call_expression"),
                  sym("exit_statement"),
                  sym("assignment_expression"),
                  sym("augmented_assignment_expression"),
                  sym("const_declaration"),
                  sym("property_declaration"),
                  sym("namespace_definition"),
                  sym("string"),
                  sym("encapsed_string"),
                  sym("heredoc"),
                  sym("nowdoc"),
                  sym("comment"),
                  sym("text"),
                  sym("formal_parameters"),
                  sym("attribute_list"),
                  sym("namespace_use_declaration"),
                  sym("return_statement")};
  }();
  return kIds;
}

bool IsFunctionType(std::string_view t) {
  return t == "function_definition" || t == "method_declaration" || t == "anonymous_function" ||
         t == "arrow_function";
}

bool IsClassType(std::string_view t) {
  return t == "class_declaration" || t == "interface_declaration" || t == "trait_declaration" ||
         t == "enum_declaration";
}

bool IsStatementList(std::string_view t) {
  return t == "compound_statement" || t == "colon_block" || t == "program" ||
         t == "case_statement" || t == "default_statement" || t == "declaration_list" ||
         t == "namespace_definition";
}

bool IsStatement(std::string_view t) {
  return t == "expression_statement" || t == "return_statement" || t == "echo_statement" ||
         t == "exit_statement" || t == "const_declaration" || t == "property_declaration" ||
         t == "unset_statement" || t == "global_declaration" || t == "static_variable_declaration";
}

// `\Foo\BarException` -> "BarException".
std::string ShortClass(std::string_view name) {
  name = Trim(name);
  size_t slash = name.rfind('\\');
  return std::string(slash == std::string_view::npos ? name : name.substr(slash + 1));
}

// A function name as called: `\trigger_error` -> "trigger_error".
std::string_view CalledName(std::string_view text) {
  while (text.starts_with("\\")) text.remove_prefix(1);
  return text;
}

// Symfony's HttpException family: the status each class sends and which
// constructor argument is the message (UnauthorizedHttpException takes the
// challenge first, the 405/429/503 ones a header value).
struct HttpClass {
  int status;
  size_t message_index;
};

std::optional<HttpClass> HttpClassOf(std::string_view cls) {
  static const std::map<std::string_view, HttpClass> kTable = {
      {"BadRequestHttpException", {400, 0}},
      {"UnauthorizedHttpException", {401, 1}},
      {"AccessDeniedHttpException", {403, 0}},
      {"NotFoundHttpException", {404, 0}},
      {"MethodNotAllowedHttpException", {405, 1}},
      {"NotAcceptableHttpException", {406, 0}},
      {"ConflictHttpException", {409, 0}},
      {"GoneHttpException", {410, 0}},
      {"LengthRequiredHttpException", {411, 0}},
      {"PreconditionFailedHttpException", {412, 0}},
      {"UnsupportedMediaTypeHttpException", {415, 0}},
      {"UnprocessableEntityHttpException", {422, 0}},
      {"LockedHttpException", {423, 0}},
      {"PreconditionRequiredHttpException", {428, 0}},
      {"TooManyRequestsHttpException", {429, 1}},
      {"ServiceUnavailableHttpException", {503, 1}},
      {"AuthenticationException", {401, 0}},  // Laravel
      {"AuthorizationException", {403, 0}},
      {"ModelNotFoundException", {404, 0}},
      {"ValidationException", {422, 0}}};
  auto it = kTable.find(cls);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

// 404, `Response::HTTP_NOT_FOUND` (Symfony, also Laravel's responses).
std::optional<int> PhpHttpStatus(std::string_view text) {
  text = Trim(text);
  size_t sep = text.rfind("::");
  if (sep == std::string_view::npos) return HttpStatusOf(text);
  std::string_view name = text.substr(sep + 2);
  if (!name.starts_with("HTTP_")) return std::nullopt;
  return HttpStatusOf("HttpStatus." + std::string(name.substr(5)));
}

// A PSR-3 level as written (`'error'`, `LogLevel::ERROR`, `error`), lower case.
std::string PsrLevelName(std::string_view level) {
  std::string l = ToLower(level);
  size_t sep = l.rfind("::");
  if (sep != std::string::npos) l = l.substr(sep + 2);
  if (l.size() >= 2 && (l.front() == '\'' || l.front() == '"')) l = l.substr(1, l.size() - 2);
  return l;
}

// PSR-3 levels that report errors.
std::optional<std::string> PsrSeverity(std::string_view level) {
  std::string l = PsrLevelName(level);
  if (l == "emergency" || l == "alert" || l == "critical") return "critical";
  if (l == "error") return "error";
  if (l == "warning") return "warning";
  return std::nullopt;
}

// PSR-3's info and notice levels (`'info'`, `LogLevel::NOTICE`).
bool PsrInfoLevel(std::string_view level) {
  std::string l = PsrLevelName(level);
  return l == "info" || l == "notice";
}

// `$this->logger`, `$logger`, `self::$log`, `Log::channel('x')`, `logger()`.
bool IsPhpLogger(std::string_view receiver) {
  std::string r(Trim(receiver));
  if (r.starts_with("\\")) r.erase(0, 1);
  if (r == "Log" || r.starts_with("Log::") || r == "logger()") return true;
  std::string norm;
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i] == '$') continue;
    if (r.compare(i, 3, "?->") == 0) {
      norm += '.';
      i += 2;
    } else if (r.compare(i, 2, "->") == 0 || r.compare(i, 2, "::") == 0) {
      norm += '.';
      ++i;
    } else {
      norm += r[i];
    }
  }
  return IsLoggerName(norm);
}

// Symfony console: `$io`, `$this->io`, `$style`, `$output`.
bool IsConsole(std::string_view receiver) {
  std::string r = ToLower(receiver);
  size_t arrow = r.rfind("->");
  if (arrow != std::string::npos) r = r.substr(arrow + 2);
  if (r.starts_with("$")) r.erase(0, 1);
  return r == "io" || r.ends_with("style") || r == "output" || r == "console";
}

// The reason phrases Symfony answers with when a helper is given no text.
std::string DefaultHelperMessage(std::string_view helper) {
  return helper == "createNotFoundException" ? "Not Found" : "Access Denied.";
}

// One argument of a call: named (`message: '..'`) or positional.
struct Arg {
  TSNode value;
  std::string_view name;
};

// A candidate node met by the walk, with its ancestors (root first).
struct Candidate {
  TSNode node;
  std::vector<TSNode> anc;
};

// Where a template is built: assignments and constants are looked up from
// here. `pos`: only assignments before this byte count.
struct Where {
  uint32_t pos = UINT32_MAX;
  const void* fn = nullptr;  // id of the innermost function, else the root
  std::string cls;           // enclosing class ("" outside any)
  std::string fn_name;       // enclosing function or method
  BranchPath path;           // the branches that lead here inside the function
};

// The if/elseif/else chains and switches around the last node of `anc`
// (root first) at byte `pos`, inside the innermost function: which branch
// holds it.
BranchPath PhpBranchPath(const std::vector<TSNode>& anc, uint32_t pos) {
  size_t from = 0;
  for (size_t i = anc.size(); i-- > 0;) {
    if (IsFunctionType(Type(anc[i]))) {
      from = i + 1;
      break;
    }
  }
  BranchPath path;
  for (size_t i = from; i < anc.size(); ++i) {
    TSNode parent = anc[i];
    TSNode child = i + 1 < anc.size() ? anc[i + 1] : TSNode{};
    bool is_if = Is(parent, "if_statement");
    if (!is_if && !Is(parent, "switch_block")) continue;
    if (is_if && ts_node_eq(Field(parent, "condition"), child)) continue;
    BranchStep step{parent.id, 0, false};
    int index = 0;
    for (TSNode k : NamedChildren(parent)) {
      std::string_view t = Type(k);
      bool branch = is_if ? (ts_node_eq(k, Field(parent, "body")) || t == "else_if_clause" ||
                             t == "else_clause")
                          : (t == "case_statement" || t == "default_statement");
      if (!branch) continue;
      if (t == "else_clause" || t == "default_statement") step.exhaustive = true;
      bool holds = ts_node_is_null(child)
                       ? ts_node_start_byte(k) <= pos && pos < ts_node_end_byte(k)
                       : ts_node_eq(k, child);
      if (holds) step.branch = index;
      ++index;
    }
    path.push_back(step);
  }
  return path;
}

// Per-file extraction state.
class PhpFile {
 public:
  PhpFile(const SourceFile& file, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), out_(out) {}

  // Also collect the file's link facts (php_sinks.h).
  void CollectFacts(FileFacts* facts) {
    PhpSinks::Hooks hooks{[this](TSNode n, const std::vector<TSNode>& anc) {
                            std::string ignored;
                            return ExprTemplate(n, WhereOf(anc, ts_node_start_byte(n)), 0,
                                                &ignored);
                          },
                          [this](TSNode call, const std::vector<TSNode>& anc) {
                            if (lines_.empty()) lines_ = SplitLines(src_);
                            ErrorSite site = NewSite(StatementOf(call, anc), SiteKind::kRaise);
                            AddContext(call, anc, &site);
                            return site;
                          }};
    sinks_.emplace(src_, facts, std::move(hooks));
    facts_ = facts;
  }

  // One walk indexes assignments and constants and collects the candidate
  // nodes; default messages are read before any `new`, so that `throw new
  // X()` above X's class finds its message.
  void Run(TSNode root) {
    root_ = root;
    const PhpIds& ids = Ids();
    std::vector<Candidate> defaults, calls, parts_returns;
    ts::WalkWithAncestors(root, [&](TSNode n, const std::vector<TSNode>& anc) {
      TSSymbol s = ts_node_symbol(n);
      if (ids.Skip(s)) return false;
      if (sinks_) sinks_->OnNode(n, anc);
      if (s == ids.object_creation) {
        if (MayBeException(n, anc)) calls.push_back({n, anc});
      } else if (s == ids.function_call) {
        std::string_view name = CalledName(ts::Text(Field(n, "function"), src_));
        if (name == "define") IndexDefine(n);
        if (IsCandidateFunction(name)) calls.push_back({n, anc});
      } else if (s == ids.member_call || s == ids.nullsafe_member_call || s == ids.scoped_call) {
        if (IsCandidateMethod(ts::Text(Field(n, "name"), src_))) calls.push_back({n, anc});
      } else if (s == ids.exit_statement) {
        calls.push_back({n, anc});
      } else if (s == ids.throw_expression) {
        CollectHelperThrow(n);
      } else if (s == ids.assignment || s == ids.augmented_assignment) {
        IndexAssignment(n, anc);
        if (s == ids.assignment && facts_) NoteMessageTable(n);
        if (s == ids.assignment && ts::Text(Field(n, "left"), src_) == "$this->message") {
          calls.push_back({n, anc});
        }
      } else if (s == ids.const_declaration) {
        IndexConsts(n, anc);
      } else if (s == ids.property_declaration) {
        defaults.push_back({n, anc});
      } else if (s == ids.namespace_definition && namespace_.empty()) {
        namespace_ = std::string(ts::Text(Field(n, "name"), src_));
      } else if (s == ids.return_statement) {
        if (facts_) returns_.push_back({n, anc});
        parts_returns.push_back({n, anc});
      }
      return true;
    });
    CollectTextFunctions();
    EmitMessageTables();
    for (const Candidate& c : defaults) HandleDefaultMessage(c);
    for (const Candidate& c : calls) HandleCandidate(c);
    for (const Candidate& c : parts_returns) HandleMessageParts(c);
    NoteHelperThrows();
    if (sinks_) sinks_->Finish();
  }

 private:
  // --- text functions (src/resolve/link_text_functions.h) -------------------

  // A named function's or method's returns with text (`return sprintf('The
  // %s is invalid', $name);`) are candidate messages for raises that call
  // it (`throw new E($this->invalidMessage($x))`). Closures have no name to
  // call them by.
  void CollectTextFunctions() {
    if (!facts_) return;
    TextFunctionCollector collector;
    for (const Candidate& r : returns_) {
      TSNode fn = EnclosingFunction(r.anc);
      if (!Is(fn, "function_definition") && !Is(fn, "method_declaration")) continue;
      TSNode value = ts::FirstNamed(r.node);
      if (ts_node_is_null(value)) continue;
      Where where = WhereOf(r.anc, ts_node_start_byte(r.node));
      if (!collector.IsOpen(fn.id)) collector.Open(fn.id, TextFunctionOf(fn, where));
      std::string note;
      follow_call_locals_ = true;
      Template returned = ExprTemplate(value, where, 0, &note);
      follow_call_locals_ = false;
      collector.AddReturn(fn.id, returned, ts::Line(r.node), ReturnGuard(r.node));
    }
    collector.Emit(facts_);
  }

  // The condition of the `if` (without `else`) whose body `ret` ends:
  // `if ('smtp_connect_failed' === $key) { return ..; }`.
  std::string ReturnGuard(TSNode ret) const {
    TSNode body = ts_node_parent(ret);
    if (!Is(body, "compound_statement")) return "";
    std::vector<TSNode> stmts = NamedChildren(body);
    if (stmts.empty() || !ts_node_eq(stmts.back(), ret)) return "";
    TSNode stmt = ts_node_parent(body);
    if (!Is(stmt, "if_statement") || !ts_node_eq(Field(stmt, "body"), body)) return "";
    for (TSNode k : NamedChildren(stmt)) {
      if (Is(k, "else_clause") || Is(k, "else_if_clause")) return "";
    }
    return std::string(ts::Text(Field(stmt, "condition"), src_));
  }

  // --- message tables (src/resolve/message_tables.h) ------------------------

  // `$PHPMAILER_LANG = ['authenticate' => 'SMTP Error: ..', ..];` with text
  // in most entries is a table; `self::$language = $PHPMAILER_LANG;` names
  // it again.
  void NoteMessageTable(TSNode n) {
    TSNode left = Field(n, "left");
    TSNode right = Field(n, "right");
    std::string name(ts::Text(left, src_));
    if (Is(right, "variable_name")) {
      table_aliases_.emplace_back(name, std::string(ts::Text(right, src_)));
      return;
    }
    if (!Is(right, "array_creation_expression")) return;
    MessageTable t;
    t.name = name;
    t.line = ts::Line(n);
    int items = 0;
    Where where;
    for (TSNode el : NamedChildren(right)) {
      std::vector<TSNode> kv = NamedChildren(el);
      ++items;
      if (kv.size() != 2 || !Is(kv[0], "string")) continue;
      std::string note;
      Template key = ExprTemplate(kv[0], where, 0, &note);
      Template text = ExprTemplate(kv[1], where, 0, &note);
      if (key.HoleCount() > 0 || !IsMessageTableText(text)) continue;
      t.entries.push_back({key.Display(), std::move(text), ts::Line(el)});
    }
    if (IsMessageTable(t, static_cast<size_t>(items))) {
      tables_.push_back(std::move(t));
    }
  }

  void EmitMessageTables() {
    if (!facts_) return;
    for (MessageTable& t : tables_) {
      for (const auto& [alias, of] : table_aliases_) {
        if (of == t.name) t.aliases.push_back(alias);
      }
      facts_->message_tables.push_back(std::move(t));
    }
    tables_.clear();
  }

  // An opaque message whose argument calls a function (`new E($this->
  // missing($name))`): the resolve stage reads the text that function
  // returns (link_text_functions.h).
  // An opaque message whose argument calls a function: the resolve stage
  // reads the text it returns. `pending`: `site` was not recorded and is
  // added only then.
  void HoldCallArgs(const ErrorSite& site, const std::vector<Arg>& args, bool pending = false) {
    if (!facts_) return;
    HeldMessage h;
    for (const Arg& a : args) {
      std::string_view t = Type(a.value);
      if (t != "function_call_expression" && t != "member_call_expression" &&
          t != "scoped_call_expression" && t != "nullsafe_member_call_expression") {
        continue;
      }
      Template held;
      AddExprHole(a.value, &held);
      h.args.push_back(std::move(held));
    }
    if (h.args.empty()) return;
    h.line = site.line;
    h.error_class = site.error_class;
    if (pending) h.site = site;
    facts_->held_messages.push_back(std::move(h));
  }

  static bool IsCall(TSNode v) {
    std::string_view t = ts_node_type(v);
    return t == "function_call_expression" || t == "member_call_expression" ||
           t == "scoped_call_expression" || t == "nullsafe_member_call_expression";
  }

  // `self::STOP_CRITICAL` (= 2): a code, never a message.
  bool IsNumberConstant(TSNode v, const Where& where) {
    if (!Is(v, "class_constant_access_expression") && !Is(v, "name")) return false;
    std::string note;
    std::string text = ExprTemplate(v, where, 0, &note).Display();
    return !text.empty() && text.find_first_not_of("-0123456789") == std::string::npos;
  }

  // BuiltFromCall, or a local set once from such a value (`$message =
  // $this->getSmtpErrorMessage('connect_host'); throw new Exception($message);`).
  bool MessageFromCall(TSNode v, const Where& where) {
    if (Is(v, "variable_name")) {
      std::vector<const Assignment*> found = AssignmentsFor(std::string(ts::Text(v, src_)), where);
      return found.size() == 1 && BuiltFromCall(found[0]->value);
    }
    return BuiltFromCall(v);
  }

  // A call, or a `.` concatenation that starts with one.
  static bool BuiltFromCall(TSNode v) {
    while (Is(v, "binary_expression")) v = ts_node_named_child(v, 0);
    return IsCall(v);
  }

  TextFunction TextFunctionOf(TSNode fn, const Where& where) const {
    TextFunction tf;
    tf.name = where.fn_name;
    tf.qualified = where.cls.empty() ? tf.name : where.cls + "::" + tf.name;
    tf.language = "php";
    tf.line = ts::Line(fn);
    bool is_static = false;
    for (TSNode c : NamedChildren(fn)) is_static = is_static || Is(c, "static_modifier");
    tf.method = Is(fn, "method_declaration") && !is_static;
    // Holes name variables as written (`$name`), so parameters keep their `$`.
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
      TSNode name = Field(p, "name");
      if (!ts_node_is_null(name)) tf.params.emplace_back(ts::Text(name, src_));
    }
    return tf;
  }

  std::vector<MessageTable> tables_;
  bool follow_call_locals_ = false;                                 // see VariableTemplate
  std::vector<std::pair<std::string, std::string>> table_aliases_;  // alias = table

  struct Assignment {
    TSNode node;
    TSNode value;
    bool append;  // .=
    const void* fn;
    BranchPath path;  // the branches that hold it inside its function
  };

  struct Const {
    TSNode node;
    TSNode value;
    std::string cls;
  };

  static bool IsCandidateFunction(std::string_view name) {
    return name == "trigger_error" || name == "user_error" || name == "die" || name == "exit" ||
           name == "abort" || name == "abort_if" || name == "abort_unless" || name == "assert" ||
           name == "error_log" || name == "fwrite" || name == "fputs" || name == "fprintf" ||
           name == "throw_if" || name == "throw_unless" || name == "response" || name == "wp_die";
  }

  static bool IsCandidateMethod(std::string_view name) {
    return name == "error" || name == "critical" || name == "alert" || name == "emergency" ||
           name == "warning" || name == "log" || name == "info" || name == "notice" ||
           name == "writeError" || name == "writeln" || name == "write" || name == "caution" ||
           name == "createNotFoundException" || name == "createAccessDeniedException" ||
           name == "__construct" || name == "withMessages" || name == "json" ||
           name == "denyAccessUnlessGranted";
  }

  // A cheap filter on every `new`: an exception-looking class, anything
  // thrown, or `new self`/`new static` (checked against the class later).
  bool MayBeException(TSNode n, const std::vector<TSNode>& anc) {
    std::string cls = ShortClass(ts::Text(ts::FirstNamed(n), src_));
    if (cls.empty() || Is(ts::FirstNamed(n), "anonymous_class")) return false;
    if (Is(ts::FirstNamed(n), "variable_name")) return true;  // new $className(..)
    bool thrown = !anc.empty() && Is(anc.back(), "throw_expression");
    return thrown || cls == "self" || cls == "static" || LooksLikeExceptionClass(cls) ||
           cls == "JsonResponse" || cls == "Response" || cls == "WP_Error";
  }

  void HandleCandidate(const Candidate& c) {
    std::string_view type = Type(c.node);
    if (type == "object_creation_expression") return HandleNew(c);
    if (type == "exit_statement") return HandleExit(c, ts::FirstNamed(c.node));
    if (type == "assignment_expression") return HandleMessageAssignment(c);
    std::vector<Arg> args = Args(Field(c.node, "arguments"));
    if (type == "function_call_expression") {
      return HandleFunction(c, CalledName(ts::Text(Field(c.node, "function"), src_)), args);
    }
    std::string_view method = ts::Text(Field(c.node, "name"), src_);
    TSNode recv = Field(c.node, type == "scoped_call_expression" ? "scope" : "object");
    std::string_view recv_text = ts::Text(recv, src_);
    if (method == "__construct") {
      if (recv_text == "parent") HandleParentConstruct(c, args);
    } else if (recv_text == "WP_CLI" || recv_text == "\\WP_CLI") {
      // WP-CLI prints "Error: msg" and exits, or "Warning: msg".
      if (!args.empty() && (method == "error" || method == "warning")) {
        MessageSite(c, args[0].value, method == "error" ? SiteKind::kRaise : SiteKind::kWarning,
                    method == "error" ? "critical" : "warning", "");
      }
    } else if (method == "withMessages") {
      if (ShortClass(recv_text) == "ValidationException") HandleWithMessages(c, args);
    } else if (method == "createNotFoundException" || method == "createAccessDeniedException") {
      if (recv_text == "$this") HandleControllerHelper(c, method, args);
    } else if (method == "denyAccessUnlessGranted") {
      if (recv_text == "$this" && args.size() >= 3) {
        HandleControllerHelper(c, "createAccessDeniedException", {args[2]});
      }
    } else if (method == "json") {
      // Laravel: response()->json(['message' => '..'], 422).
      if (Is(recv, "function_call_expression") && recv_text.starts_with("response(") &&
          args.size() >= 2) {
        HandleResponse(c, args[0].value, args[1].value);
      }
    } else if (IsPhpLogger(recv_text)) {
      HandleLog(c, method, args);
    } else if (IsConsole(recv_text)) {
      HandleConsole(c, method, args);
    }
  }

  // `new X(..)` holds its arguments node without a field name.
  static TSNode ArgumentsOf(TSNode n) {
    TSNode field = Field(n, "arguments");
    if (!ts_node_is_null(field)) return field;
    for (TSNode k : NamedChildren(n)) {
      if (Is(k, "arguments")) return k;
    }
    return TSNode{};
  }

  std::vector<Arg> Args(TSNode arguments) {
    std::vector<Arg> out;
    for (TSNode a : NamedChildren(arguments)) {
      if (!Is(a, "argument")) continue;
      TSNode name = Field(a, "name");
      std::vector<TSNode> kids = NamedChildren(a);
      if (kids.empty()) continue;
      out.push_back({kids.back(), ts::Text(name, src_)});
    }
    return out;
  }

  // --- exceptions ------------------------------------------------------------

  void HandleNew(const Candidate& c) {
    TSNode n = c.node;
    std::string written(ts::Text(ts::FirstNamed(n), src_));
    std::string cls = ShortClass(written);
    if (cls == "JsonResponse" || cls == "Response") {
      std::vector<Arg> args = Args(ArgumentsOf(n));
      if (args.size() >= 2) HandleResponse(c, args[0].value, args[1].value);
      return;
    }
    if (cls == "WP_Error") return HandleWpError(c, Args(ArgumentsOf(n)));
    // One construction per combination of the branches its class and
    // message were chosen in (branch_choices.h).
    std::vector<std::optional<Built>> built = choices_.Enumerate([&] { return BuildNew(c, cls); });
    std::vector<Built> sites;
    for (std::optional<Built>& b : built) {
      if (!b) continue;
      bool seen = false;
      for (const Built& o : sites) {
        seen = seen || (o.site.error_class == b->site.error_class &&
                        o.site.message.Display() == b->site.message.Display() &&
                        o.alts.size() == b->alts.size());
      }
      if (!seen) sites.push_back(std::move(*b));
    }
    TSNode fn = EnclosingFunction(c.anc);
    for (size_t i = 0; i < sites.size(); ++i) {
      ErrorSite& site = sites[i].site;
      if (sites.size() > 1) {
        std::string note = "message " + std::to_string(i + 1) + " of " +
                           std::to_string(sites.size()) + ", chosen by the branches above";
        site.message_origin_note =
            site.message_origin_note.empty() ? note : site.message_origin_note + "; " + note;
      }
      if (Is(sites[i].stmt, "return_statement") && Is(fn, "method_declaration")) {
        std::string name = sites[i].cls + "::" + std::string(ts::Text(Field(fn, "name"), src_));
        site.message_origin_note =
            "built and returned by `" + name + "()`" +
            (site.message_origin_note.empty() ? "" : "; " + site.message_origin_note);
        helper_sites_.push_back({out_->size(), std::string(ts::Text(Field(fn, "name"), src_))});
      }
      FinishEach(c, std::move(site), sites[i].alts);
    }
  }

  // A construction as one combination of branches reads it.
  struct Built {
    ErrorSite site;
    std::vector<Template> alts;  // one per branch of a ternary message
    TSNode stmt;
    std::string cls;  // the enclosing class
  };

  std::optional<Built> BuildNew(const Candidate& c, std::string cls) {
    TSNode n = c.node;
    Where where = WhereOf(c.anc, ts_node_start_byte(n));
    bool own = cls == "self" || cls == "static";
    if (own) {
      TSNode klass = EnclosingClass(c.anc);
      if (ts_node_is_null(klass) || !IsExceptionClass(klass)) return std::nullopt;
      cls = std::string(ts::Text(Field(klass, "name"), src_));
    }
    bool thrown = !c.anc.empty() && Is(c.anc.back(), "throw_expression");
    if (Is(ts::FirstNamed(n), "variable_name")) {
      cls = ClassHeldBy(ts::FirstNamed(n), where);
      if (cls.empty()) return std::nullopt;
      // `$className = __CLASS__` in an exception class: its own class.
      TSNode klass = EnclosingClass(c.anc);
      own = cls == where.cls && !ts_node_is_null(klass) && IsExceptionClass(klass);
    }
    if (!thrown && !LooksLikeExceptionClass(cls) && !own) return std::nullopt;
    Built b;
    b.stmt = StatementOf(n, c.anc);
    b.cls = where.cls;
    ErrorSite& site = b.site;
    site = NewSite(b.stmt, SiteKind::kRaise);
    site.error_class = cls;
    std::vector<Arg> args = Args(ArgumentsOf(n));
    b.alts = FillFromArgs(args, where, &site);
    if (site.message_opaque) {
      auto it = defaults_.find(cls);
      if (args.empty() && it != defaults_.end()) {
        site.message = it->second.first;
        site.message_opaque = false;
        site.message_origin_note =
            "the default message of `" + cls + "` (line " + std::to_string(it->second.second) + ")";
      } else if (!thrown) {
        // `return new X($e)` is not worth a record of its own; `return new
        // self(self::foundMessage($entity))` (doctrine's factories) is one
        // once the resolve stage knows the text the call returns.
        HoldCallArgs(site, args, /*pending=*/true);
        return std::nullopt;
      } else {
        HoldCallArgs(site, args);
      }
    }
    return b;
  }

  // The class a `$className` local names where it is used: `X::class`,
  // `self::class`, `__CLASS__` or a string literal; "" otherwise.
  std::string ClassHeldBy(TSNode var, const Where& where) {
    std::vector<const Assignment*> found = AssignmentsFor(std::string(ts::Text(var, src_)), where);
    if (found.size() != 1) return "";
    TSNode v = found[0]->value;
    std::string_view text = ts::Text(v, src_);
    if (text == "__CLASS__" || text == "self::class" || text == "static::class") return where.cls;
    if (Is(v, "class_constant_access_expression") && text.ends_with("::class")) {
      return ShortClass(text.substr(0, text.size() - 7));
    }
    if (Is(v, "string") && text.size() > 2) return ShortClass(text.substr(1, text.size() - 2));
    return "";
  }

  // Fills the message, HTTP status and error code from constructor
  // arguments. The message is `message:` when named, the argument Symfony's
  // HTTP exceptions take it at, else the first argument with literal text.
  // Returns one template per branch when the message is a conditional.
  std::vector<Template> FillFromArgs(const std::vector<Arg>& args, const Where& where,
                                     ErrorSite* site) {
    std::optional<HttpClass> http = HttpClassOf(site->error_class);
    if (http) site->http_status = http->status;
    std::optional<size_t> msg;
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].name == "message") msg = i;
    }
    bool generic_http = site->error_class == "HttpException" && !args.empty();
    if (generic_http) {
      site->http_status = PhpHttpStatus(ts::Text(args[0].value, src_));
      if (!msg && args.size() > 1 && args[1].name.empty()) msg = 1;
    }
    if (!msg && http) {
      if (args.size() > http->message_index) msg = http->message_index;
    } else if (!msg && !generic_http) {
      for (size_t i = 0; i < args.size() && !msg; ++i) {
        // `parent::__construct('', 0, $previous)`: the 0 is the code.
        if (args[i].name.empty() && !Is(args[i].value, "integer") &&
            HasText(args[i].value, where) && !IsNumberConstant(args[i].value, where)) {
          msg = i;
        }
        // `new Exception(self::lang('x') . $path, self::STOP_CRITICAL)`: a
        // call (or text joined to one) first is the message, which the
        // resolve stage may read; the constant after it is the code.
        if (!msg && i == 0 && args[0].name.empty() && MessageFromCall(args[0].value, where)) {
          msg = 0;
        }
      }
    }
    for (size_t i = 0; i < args.size(); ++i) {
      if ((msg && i == *msg) || (generic_http && i == 0)) continue;
      bool code_slot = args[i].name == "code" || (args[i].name.empty() && msg && i == *msg + 1);
      if (code_slot && !site->error_code) site->error_code = CodeOf(args[i].value);
    }
    if (!msg) {
      for (const Arg& a : args) {
        if (!a.name.empty() && a.name != "message") continue;
        std::vector<Template> alts = AlternativeTemplates(a.value, where);
        if (!alts.empty()) {
          site->message = alts[0];
          return alts;
        }
      }
      site->message = Template();
      site->message.AddLiteral(site->error_class);
      site->message_opaque = true;
      site->message_origin_note =
          args.empty() ? "constructed without a message" : "the message is not a literal";
      return {};
    }
    std::vector<Template> alts = AlternativeTemplates(args[*msg].value, where);
    if (!alts.empty()) {
      site->message = alts[0];
      return alts;
    }
    if (MessageFromCall(args[*msg].value, where)) {
      follow_call_locals_ = true;
      Template t = ConcatTemplate(args[*msg].value, where, &site->message_origin_note);
      follow_call_locals_ = false;
      if (!t.HasLiteralText()) {
        // Opaque as any message errdex cannot read; the resolve stage
        // gives it the text the call returns, when it can.
        HoldMessage(*site, std::move(t));
        site->message = Template();
        site->message.AddLiteral(site->error_class);
        site->message_opaque = true;
        site->message_origin_note = "the message is not a literal";
        return {};
      }
      site->message = std::move(t);
      return {};
    }
    site->message = ExprTemplate(args[*msg].value, where, 0, &site->message_origin_note);
    site->message_opaque = !site->message.HasLiteralText();
    return {};
  }

  void HoldMessage(const ErrorSite& site, Template t) {
    if (!facts_) return;
    HeldMessage h;
    h.line = site.line;
    h.error_class = site.error_class;
    h.args.push_back(std::move(t));
    facts_->held_messages.push_back(std::move(h));
  }

  // `self::lang('execute') . $this->Sendmail`, one hole per operand (as
  // ExprTemplate gives one for the whole when no operand has text), so
  // that the resolve stage can give the call its text.
  Template ConcatTemplate(TSNode n, const Where& where, std::string* note) {
    if (!Is(n, "binary_expression") || ts::Text(Field(n, "operator"), src_) != ".") {
      return ExprTemplate(n, where, 0, note);
    }
    Template t = ConcatTemplate(Field(n, "left"), where, note);
    t.Append(ConcatTemplate(Field(n, "right"), where, note));
    return t;
  }

  // `self::ERR_NOT_FOUND`, `ErrorCode::INVALID`, `'E_PARSE'`: a code users
  // can look for; plain integers (PHP's default 0) are not.
  std::optional<std::string> CodeOf(TSNode v) {
    std::string_view text = ts::Text(v, src_);
    if (Is(v, "class_constant_access_expression")) {
      std::string last(text.substr(text.rfind("::") + 2));
      if (last != "class" && LooksLikeErrorCode(last)) return last;
    } else if (Is(v, "string") && text.size() >= 2) {
      std::string quoted = "\"" + std::string(text.substr(1, text.size() - 2)) + "\"";
      if (LooksLikeErrorCode(quoted)) return std::string(text.substr(1, text.size() - 2));
    }
    return std::nullopt;
  }

  // `protected $message = 'Default';` in an exception class: how `throw
  // new X()` prints.
  void HandleDefaultMessage(const Candidate& c) {
    TSNode klass = EnclosingClass(c.anc);
    if (ts_node_is_null(klass) || !IsExceptionClass(klass)) return;
    for (TSNode el : NamedChildren(c.node)) {
      if (!Is(el, "property_element") || ts::Text(Field(el, "name"), src_) != "$message") continue;
      TSNode value = Field(el, "default_value");
      if (ts_node_is_null(value)) continue;
      std::string cls(ts::Text(Field(klass, "name"), src_));
      ErrorSite site = NewSite(c.node, SiteKind::kRaise);
      site.error_class = cls;
      site.message = ExprTemplate(value, WhereOf(c.anc, UINT32_MAX), 0, &site.message_origin_note);
      if (!site.message.HasLiteralText()) continue;
      defaults_[cls] = {site.message, ts::Line(c.node)};
      site.message_origin_note = "the default message of `" + cls + "`";
      site.http_status = HttpStatusFor(cls);
      Finish(c, std::move(site));
    }
  }

  std::optional<int> HttpStatusFor(const std::string& cls) {
    std::optional<HttpClass> http = HttpClassOf(cls);
    return http ? std::optional<int>(http->status) : std::nullopt;
  }

  // `parent::__construct(sprintf(..), $code, $previous)` in an exception
  // class's constructor.
  void HandleParentConstruct(const Candidate& c, const std::vector<Arg>& args) {
    TSNode klass = EnclosingClass(c.anc);
    if (ts_node_is_null(klass) || !IsExceptionClass(klass)) return;
    // One message per combination of the branches it was chosen in
    // (branch_choices.h): doctrine/dbal's DriverException says "while
    // executing a query" or "in the driver" by whether there is a query.
    std::vector<int> seen;
    choices_.Enumerate([&] {
      chosen_line_ = 0;
      BuildParentConstruct(c, args, klass, &seen);
      return true;
    });
  }

  void BuildParentConstruct(const Candidate& c, const std::vector<Arg>& args, TSNode klass,
                            std::vector<int>* seen) {
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = std::string(ts::Text(Field(klass, "name"), src_));
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    std::vector<Template> alts = FillFromArgs(args, where, &site);
    if (site.message_opaque && !args.empty()) {
      // __construct($message = 'Unauthenticated.') { parent::__construct($message); }:
      // the default is what `throw new X()` prints.
      std::optional<std::pair<Template, int>> def = ParameterDefault(c.anc, args[0].value, where);
      if (!def) return;  // the caller's text
      site.message = def->first;
      site.message_opaque = false;
      site.message_origin_note = "the default of `" + std::string(ts::Text(args[0].value, src_)) +
                                 "` in `" + site.error_class + "::__construct` (line " +
                                 std::to_string(def->second) + ")";
      defaults_.emplace(site.error_class, *def);
    }
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message set by the constructor of `" + site.error_class + "`";
    }
    if (chosen_line_ > 0) {
      // Chosen by branches: the assignment says which case it is.
      if (std::find(seen->begin(), seen->end(), chosen_line_) != seen->end()) return;
      seen->push_back(chosen_line_);
      site.message_origin_note +=
          "; passed to the parent constructor at line " + std::to_string(site.line);
      site.line = chosen_line_;
      site.end_line = chosen_line_;
    }
    FinishEach(c, std::move(site), alts);
  }

  // The default value, with text, of the enclosing function's parameter
  // named by `var`, and its line.
  std::optional<std::pair<Template, int>> ParameterDefault(const std::vector<TSNode>& anc,
                                                           TSNode var, const Where& where) {
    TSNode fn = EnclosingFunction(anc);
    if (!Is(var, "variable_name") || ts_node_is_null(fn)) return std::nullopt;
    std::string_view name = ts::Text(var, src_);
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
      if (ts::Text(Field(p, "name"), src_) != name) continue;
      TSNode def = Field(p, "default_value");
      if (ts_node_is_null(def)) return std::nullopt;
      std::string note;
      Template t = ExprTemplate(def, where, 0, &note);
      if (!t.HasLiteralText()) return std::nullopt;
      return std::make_pair(t, ts::Line(p));
    }
    return std::nullopt;
  }

  // Composer's problem reasons: a method named for the text it gives
  // (`getMissingPackageReason`, `...Message`) returns the message as a
  // tuple of parts, `["- Root composer.json requires $name, it ", "could not
  // be found in any version, ..."]`, that its callers implode. Each such
  // return is a message where it is chosen, its parts joined.
  void HandleMessageParts(const Candidate& c) {
    TSNode value = ts::FirstNamed(c.node);
    if (ts_node_is_null(value) || !Is(value, "array_creation_expression")) return;
    TSNode fn{};
    for (size_t i = c.anc.size(); i-- > 0;) {
      std::string_view t = Type(c.anc[i]);
      if (t == "anonymous_function" || t == "arrow_function") return;
      if (t == "method_declaration" || t == "function_definition") {
        fn = c.anc[i];
        break;
      }
    }
    if (ts_node_is_null(fn)) return;
    std::string name = ToLower(ts::Text(Field(fn, "name"), src_));
    if (!name.ends_with("reason") && !name.ends_with("message")) return;
    std::vector<TSNode> items = NamedChildren(value);
    if (items.size() < 2 || items.size() > 3) return;
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    Template joined;
    int spaces = 0;
    for (TSNode el : items) {
      std::vector<TSNode> kv = NamedChildren(el);
      if (kv.size() != 1) return;  // a keyed entry is data, not a part
      std::string note;
      Template part = ExprTemplate(kv[0], where, 0, &note);
      for (const Piece& p : part.pieces()) {
        if (!p.is_hole) spaces += static_cast<int>(std::count(p.text.begin(), p.text.end(), ' '));
      }
      joined.Append(part);
    }
    if (!joined.HasLiteralText() || spaces < 4) return;
    ErrorSite site = NewSite(c.node, SiteKind::kRaise);
    site.message = std::move(joined);
    site.message_origin_note = "the parts `" + std::string(ts::Text(Field(fn, "name"), src_)) +
                               "()` returns here, shown joined";
    Finish(c, std::move(site));
  }

  // Laravel: `throw ValidationException::withMessages(['email' => [__('..')]])`:
  // one record per message.
  void HandleWithMessages(const Candidate& c, const std::vector<Arg>& args) {
    if (args.empty() || !Is(args[0].value, "array_creation_expression")) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    std::vector<TSNode> values;
    for (TSNode el : NamedChildren(args[0].value)) {
      std::vector<TSNode> kv = NamedChildren(el);
      if (kv.empty()) continue;
      TSNode v = kv.back();
      if (Is(v, "array_creation_expression")) {
        for (TSNode inner : NamedChildren(v)) {
          std::vector<TSNode> ikv = NamedChildren(inner);
          if (!ikv.empty()) values.push_back(ikv.back());
        }
      } else {
        values.push_back(v);
      }
    }
    for (TSNode v : values) {
      ErrorSite site = NewSite(stmt, SiteKind::kRaise);
      site.error_class = "ValidationException";
      site.http_status = 422;
      site.message = ExprTemplate(v, where, 0, &site.message_origin_note);
      if (site.message.HasLiteralText()) Finish(c, std::move(site));
    }
  }

  // Symfony's AbstractController: `throw $this->createNotFoundException('..')`.
  void HandleControllerHelper(const Candidate& c, std::string_view helper,
                              const std::vector<Arg>& args) {
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    bool not_found = helper == "createNotFoundException";
    site.error_class = not_found ? "NotFoundHttpException" : "AccessDeniedException";
    site.http_status = not_found ? 404 : 403;
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    if (args.empty()) {
      site.message.AddLiteral(DefaultHelperMessage(helper));
      site.message_origin_note = "the default message of `" + std::string(helper) + "()`";
    } else {
      site.message = ExprTemplate(args[0].value, where, 0, &site.message_origin_note);
    }
    if (site.message.HasLiteralText()) Finish(c, std::move(site));
  }

  // An error response: `new JsonResponse(['error' => '..'], 404)`, `new
  // Response('..', Response::HTTP_FORBIDDEN)`, Laravel's `response('..',
  // 403)` and `response()->json([..], 422)`. The message is the body's
  // string, or its `message`/`error`/`detail`/`title` entry.
  void HandleResponse(const Candidate& c, TSNode body, TSNode status_arg) {
    std::optional<int> status = PhpHttpStatus(ts::Text(status_arg, src_));
    if (!status) return;
    if (Is(body, "array_creation_expression")) {
      TSNode found{};
      for (TSNode el : NamedChildren(body)) {
        std::vector<TSNode> kv = NamedChildren(el);
        if (kv.size() != 2 || !Is(kv[0], "string")) continue;
        std::string_view key = ts::Text(kv[0], src_);
        key = key.substr(1, key.size() - 2);
        if (key == "message" || key == "error" || key == "detail" || key == "title") {
          found = kv[1];
          break;
        }
      }
      body = found;
    }
    if (ts_node_is_null(body)) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    site.message = ExprTemplate(body, WhereOf(c.anc, ts_node_start_byte(c.node)), 0,
                                &site.message_origin_note);
    if (site.message.HasLiteralText()) Finish(c, std::move(site));
  }

  // WordPress: `new WP_Error('rest_forbidden', __('Sorry, ..'), ['status' =>
  // 403])`: code, message and the REST status.
  void HandleWpError(const Candidate& c, const std::vector<Arg>& args) {
    if (args.size() < 2) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = "WP_Error";
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    std::string note;
    Template code = ExprTemplate(args[0].value, where, 0, &note);
    if (code.HoleCount() == 0 && code.HasLiteralText()) site.error_code = code.Display();
    site.message = ExprTemplate(args[1].value, where, 0, &site.message_origin_note);
    if (args.size() > 2 && Is(args[2].value, "array_creation_expression")) {
      for (TSNode el : NamedChildren(args[2].value)) {
        std::vector<TSNode> kv = NamedChildren(el);
        if (kv.size() == 2 && ts::Text(kv[0], src_) == "'status'") {
          site.http_status = PhpHttpStatus(ts::Text(kv[1], src_));
        }
      }
    }
    if (site.http_status) site.kind = SiteKind::kHttp;
    if (site.message.HasLiteralText()) Finish(c, std::move(site));
  }

  // --- functions -------------------------------------------------------------

  void HandleFunction(const Candidate& c, std::string_view name, const std::vector<Arg>& args) {
    if (name == "die" || name == "exit") {
      if (!args.empty()) HandleExit(c, args[0].value);
    } else if (name == "wp_die") {  // WordPress: the message page, then exit
      if (!args.empty()) MessageSite(c, args[0].value, SiteKind::kRaise, "critical", "");
    } else if (name == "trigger_error" || name == "user_error") {
      HandleTriggerError(c, args);
    } else if (name == "abort" || name == "abort_if" || name == "abort_unless") {
      HandleAbort(c, name, args);
    } else if (name == "throw_if" || name == "throw_unless") {
      HandleThrowIf(c, name, args);
    } else if (name == "response") {
      if (args.size() >= 2) HandleResponse(c, args[0].value, args[1].value);
    } else if (name == "assert") {
      if (args.size() >= 2) {
        MessageSite(c, args[1].value, SiteKind::kAssert, "error", "AssertionError");
      }
    } else if (name == "error_log") {
      if (!args.empty()) MessageSite(c, args[0].value, SiteKind::kLog, "error", "");
    } else if (args.size() >= 2 && IsStderr(args[0].value)) {  // fwrite/fputs/fprintf
      if (name == "fprintf") {
        MessageSite(c, args[1].value, SiteKind::kLog, "error", "", Rest(args, 2));
      } else {
        MessageSite(c, args[1].value, SiteKind::kLog, "error", "");
      }
    }
  }

  bool IsStderr(TSNode v) {
    std::string_view t = ts::Text(v, src_);
    return t == "STDERR" || t == "\\STDERR";
  }

  std::vector<TSNode> Rest(const std::vector<Arg>& args, size_t from) {
    std::vector<TSNode> out;
    for (size_t i = from; i < args.size(); ++i) out.push_back(args[i].value);
    return out;
  }

  // `die('msg')` / `exit("msg")` print the message and stop; `exit(1)` is a
  // status, not a message.
  void HandleExit(const Candidate& c, TSNode value) {
    if (ts_node_is_null(value) || Is(value, "integer")) return;
    MessageSite(c, value, SiteKind::kRaise, "critical", "");
  }

  // trigger_error(msg, E_USER_WARNING): PHP prints "PHP Warning:  msg in ..".
  void HandleTriggerError(const Candidate& c, const std::vector<Arg>& args) {
    if (args.empty()) return;
    std::string level = args.size() > 1 ? std::string(ts::Text(args[1].value, src_)) : "";
    level = LastDotComponent(level);  // \E_USER_ERROR
    if (level.starts_with("\\")) level.erase(0, 1);
    if (level == "E_USER_ERROR") {
      MessageSite(c, args[0].value, SiteKind::kRaise, "error", "");
    } else {
      MessageSite(c, args[0].value, SiteKind::kWarning, "warning", "");
    }
  }

  // Laravel: abort(404, 'msg'), abort_if($cond, 403, 'msg'),
  // abort_unless($cond, 403, 'msg').
  void HandleAbort(const Candidate& c, std::string_view name, const std::vector<Arg>& args) {
    size_t first = name == "abort" ? 0 : 1;
    if (args.size() < first + 2) return;  // no message: Laravel's error page
    std::optional<int> status = PhpHttpStatus(ts::Text(args[first].value, src_));
    if (!status) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.error_class = "HttpException";
    site.http_status = status;
    site.message = ExprTemplate(args[first + 1].value, WhereOf(c.anc, ts_node_start_byte(c.node)),
                                0, &site.message_origin_note);
    if (!site.message.HasLiteralText()) return;
    if (first == 1) {
      site.conditions.push_back(
          {ConditionText(args[0].value, src_), name == "abort_if", ts::Line(args[0].value)});
    }
    Finish(c, std::move(site));
  }

  // Laravel: throw_if($cond, SomeException::class, 'msg'). The form with
  // `new X('msg')` is a site of its own (HandleNew), guarded the same way.
  void HandleThrowIf(const Candidate& c, std::string_view name, const std::vector<Arg>& args) {
    if (args.size() < 3 || !Is(args[1].value, "class_constant_access_expression")) return;
    std::string_view cls = ts::Text(args[1].value, src_);
    if (!cls.ends_with("::class")) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = ShortClass(cls.substr(0, cls.size() - 7));
    site.http_status = HttpStatusFor(site.error_class);
    site.message = ExprTemplate(args[2].value, WhereOf(c.anc, ts_node_start_byte(c.node)), 0,
                                &site.message_origin_note);
    if (!site.message.HasLiteralText()) return;
    site.conditions.push_back(
        {ConditionText(args[0].value, src_), name == "throw_if", ts::Line(args[0].value)});
    Finish(c, std::move(site));
  }

  // `$this->message = "No results for [{$model}]";` in a method of an
  // exception class (Laravel's ModelNotFoundException::setModel).
  void HandleMessageAssignment(const Candidate& c) {
    TSNode klass = EnclosingClass(c.anc);
    if (ts_node_is_null(klass) || !IsExceptionClass(klass)) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = std::string(ts::Text(Field(klass, "name"), src_));
    TSNode right = Field(c.node, "right");
    site.message = ExprTemplate(right, WhereOf(c.anc, ts_node_start_byte(c.node)), 0,
                                &site.message_origin_note);
    // `$this->message = $this->formatMessage($sql, $bindings, $previous);`
    // (Laravel's QueryException): the text the method returns, which the
    // text-function stage substitutes (link_text_functions.h).
    bool own_method =
        Is(right, "member_call_expression") && ts::Text(Field(right, "object"), src_) == "$this";
    if (!site.message.HasLiteralText() && !own_method) return;
    if (site.message_origin_note.empty()) {
      site.message_origin_note = "message set on `" + site.error_class + "` by `$this->message`";
    }
    site.http_status = HttpStatusFor(site.error_class);
    Finish(c, std::move(site));
  }

  // --- logs and console ------------------------------------------------------

  // PSR-3: `->error('Payment {id} failed', ['id' => $id])`; `{id}` is
  // replaced only when a processor interpolates, so it becomes a hole that
  // also matches itself.
  void HandleLog(const Candidate& c, std::string_view method, const std::vector<Arg>& args) {
    std::optional<std::string> severity;
    size_t msg = 0;
    std::string_view level = method;
    if (method == "log") {
      if (args.size() < 2) return;
      level = ts::Text(args[0].value, src_);
      msg = 1;
    }
    severity = PsrSeverity(level);
    // `->info('Could not reach {host}, retrying')`: a site only when it
    // states a failure (below).
    if (!severity && PsrInfoLevel(level)) severity = "info";
    if (!severity || args.size() <= msg) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = *severity;
    Template t = ExprTemplate(args[msg].value, WhereOf(c.anc, ts_node_start_byte(c.node)), 0,
                              &site.message_origin_note);
    site.message = PsrPlaceholders(t);
    if (site.severity == "info" && !StatesFailure(site.message)) return;
    if (site.message.HasLiteralText()) Finish(c, std::move(site));
  }

  static Template PsrPlaceholders(const Template& t) {
    Template out;
    for (const Piece& p : t.pieces()) {
      if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
        continue;
      }
      const std::string& s = p.text;
      size_t lit = 0;
      for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '{') continue;
        size_t j = i + 1;
        while (j < s.size() &&
               (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' || s[j] == '.')) {
          ++j;
        }
        if (j == i + 1 || j >= s.size() || s[j] != '}') continue;
        out.AddLiteral(s.substr(lit, i - lit));
        out.AddHole(s.substr(i, j + 1 - i), s.substr(i + 1, j - i - 1));
        lit = j + 1;
        i = j;
      }
      out.AddLiteral(s.substr(lit));
    }
    return out;
  }

  // SymfonyStyle `$io->error('..')` prints " [ERROR] ..";
  // `$output->writeln('<error>..</error>')` prints the text without tags.
  void HandleConsole(const Candidate& c, std::string_view method, const std::vector<Arg>& args) {
    if (args.empty()) return;
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    std::string note;
    Template t = ExprTemplate(args[0].value, where, 0, &note);
    std::string severity;
    if (method == "error" || method == "caution") {
      severity = "error";
    } else if (method == "warning") {
      severity = "warning";
    } else if (method == "writeln" || method == "write" || method == "writeError") {
      const std::vector<Piece>& ps = t.pieces();
      std::string_view head = ps.empty() || ps[0].is_hole ? "" : Trim(ps[0].text);
      if (head.starts_with("<error>")) severity = "error";
      if (head.starts_with("<warning>")) severity = "warning";
      t = WithoutStyleTags(t);
    }
    if (severity.empty() || !t.HasLiteralText()) return;
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = severity;
    site.message = t;
    site.message_origin_note = note;
    Finish(c, std::move(site));
  }

  // Removes console style tags (`<error>`, `</>`, `<fg=red;options=bold>`)
  // from the literal text.
  static Template WithoutStyleTags(const Template& t) {
    Template out;
    for (const Piece& p : t.pieces()) {
      if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
        continue;
      }
      std::string s;
      for (size_t i = 0; i < p.text.size(); ++i) {
        size_t close = p.text[i] == '<' ? p.text.find('>', i) : std::string::npos;
        if (close != std::string::npos && IsStyleTag(p.text.substr(i + 1, close - i - 1))) {
          i = close;
          continue;
        }
        s += p.text[i];
      }
      out.AddLiteral(s);
    }
    return out;
  }

  static bool IsStyleTag(std::string_view tag) {
    if (tag.starts_with("/")) tag.remove_prefix(1);
    return tag.empty() || tag == "error" || tag == "warning" || tag == "info" || tag == "comment" ||
           tag == "question" || tag.starts_with("fg=") || tag.starts_with("bg=") ||
           tag.starts_with("options=") || tag == "highlight";
  }

  // A site whose message is one argument: die, trigger_error, assert,
  // error_log, STDERR writes. `format_args`: fprintf's arguments.
  void MessageSite(const Candidate& c, TSNode value, SiteKind kind, const std::string& severity,
                   const std::string& cls, const std::vector<TSNode>& format_args = {}) {
    TSNode stmt = StatementOf(c.node, c.anc);
    ErrorSite site = NewSite(stmt, kind);
    site.severity = severity;
    site.error_class = cls;
    Where where = WhereOf(c.anc, ts_node_start_byte(c.node));
    site.message = ExprTemplate(value, where, 0, &site.message_origin_note);
    if (!format_args.empty()) {
      std::vector<std::string> exprs;
      for (TSNode a : format_args) exprs.push_back(CollapseSpace(ts::Text(a, src_)));
      site.message = ApplyPrintf(site.message, exprs, PrintfDialect::kPhp);
    }
    if (!site.message.HasLiteralText()) return;
    if (kind == SiteKind::kAssert) {
      std::vector<Arg> args = Args(Field(c.node, "arguments"));
      if (!args.empty()) {
        site.conditions.push_back(
            {ConditionText(args[0].value, src_), false, ts::Line(args[0].value)});
      }
    }
    Finish(c, std::move(site));
  }

  // --- named constructors ----------------------------------------------------

  // `throw InvalidConfig::forKey($k)` / `throw self::invalid($x)`: remembered
  // by method name so the record made in the factory says where it is thrown.
  void CollectHelperThrow(TSNode n) {
    TSNode arg = ts::FirstNamed(n);
    if (!Is(arg, "scoped_call_expression") && !Is(arg, "member_call_expression")) return;
    thrown_helpers_[std::string(ts::Text(Field(arg, "name"), src_))].push_back(ts::Line(n));
  }

  void NoteHelperThrows() {
    for (const auto& [index, name] : helper_sites_) {
      auto it = thrown_helpers_.find(name);
      if (index >= out_->size() || it == thrown_helpers_.end()) continue;
      std::vector<std::string> lines;
      for (int l : it->second) lines.push_back(std::to_string(l));
      std::string& note = (*out_)[index].message_origin_note;
      note += "; thrown by `throw ..." + name + "(...)` at line" + (lines.size() > 1 ? "s " : " ") +
              Join(lines, ", ") + " of this file";
    }
  }

  // --- templates -------------------------------------------------------------

  bool HasText(TSNode n, const Where& where) {
    std::string note;
    return ExprTemplate(n, where, 0, &note).HasLiteralText();
  }

  Template ExprTemplate(TSNode n, const Where& where, int depth, std::string* note) {
    Template out;
    if (depth == 0) steps_ = 0;
    if (depth > kMaxExprDepth || ts_node_is_null(n) || ++steps_ > kMaxSteps) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    std::string_view text = ts::Text(n, src_);
    auto hole = [&](TSNode expr, std::string written, Template* t) {
      t->AddHole(std::move(written), CollapseSpace(ts::Text(expr, src_)));
    };
    if (PhpStringTemplate(n, src_, hole, &out)) return out;
    if (type == "integer" || type == "float") {
      out.AddLiteral(text);
      return out;
    }
    if (type == "parenthesized_expression") {
      return ExprTemplate(ts::FirstNamed(n), where, depth + 1, note);
    }
    if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == ".") {
      Template t = ExprTemplate(Field(n, "left"), where, depth + 1, note);
      t.Append(ExprTemplate(Field(n, "right"), where, depth + 1, note));
      // `PHP_EOL . PHP_EOL` is known text too, though only line breaks.
      if (t.HasLiteralText() || (t.HoleCount() == 0 && !t.pieces().empty())) return t;
    }
    if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == "??") {
      if (auto t = CoalesceDefault(n, where, depth, note)) return *t;
    }
    if (type == "function_call_expression") {
      if (auto t = CallTemplate(n, where, depth, note)) return *t;
    }
    if (type == "name" || type == "qualified_name") {
      if (auto t = NameTemplate(text, where, depth, note)) return *t;
    }
    if (type == "class_constant_access_expression") {
      if (auto t = ConstantTemplate(n, where, depth, note)) return *t;
    }
    if (type == "variable_name") {
      if (auto t = VariableTemplate(n, where, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  // `$options['message'] ?? 'Request failed'` as the whole message or a
  // local's whole value: the value's text is unknown, the literal default
  // is the one message known. A bare variable may be a parameter whose
  // callers pass the text: it stays a hole.
  std::optional<Template> CoalesceDefault(TSNode n, const Where& where, int depth,
                                          std::string* note) {
    TSNode up = ts_node_parent(n);
    while (Is(up, "parenthesized_expression")) up = ts_node_parent(up);
    static const std::set<std::string_view> kWhole = {"argument", "assignment_expression",
                                                      "return_statement"};
    TSNode left = Field(n, "left");
    if (!kWhole.count(Type(up)) || Is(left, "variable_name")) return std::nullopt;
    std::string ignored;
    if (ExprTemplate(left, where, depth + 1, &ignored).HasLiteralText()) return std::nullopt;
    std::string inner;
    Template right = ExprTemplate(Field(n, "right"), where, depth + 1, &inner);
    if (!right.HasLiteralText()) return std::nullopt;
    std::string why = "the default of `??` at line " + std::to_string(ts::Line(Field(n, "right"))) +
                      ", when `" + CollapseSpace(ts::Text(left, src_)) + "` is null";
    *note = note->empty() ? why : *note + "; " + why;
    return right;
  }

  // sprintf / vsprintf; Laravel's `__('The :name is taken.', [...])` and
  // `trans(..)`, whose key is the English text with `:name` placeholders.
  std::optional<Template> CallTemplate(TSNode n, const Where& where, int depth, std::string* note) {
    std::string_view name = CalledName(ts::Text(Field(n, "function"), src_));
    std::vector<Arg> args = Args(Field(n, "arguments"));
    if (args.empty()) return std::nullopt;
    if (name == "sprintf" || name == "vsprintf") {
      Template fmt = ExprTemplate(args[0].value, where, depth + 1, note);
      if (!fmt.HasLiteralText()) return std::nullopt;
      std::vector<std::string> rest;
      if (name == "sprintf") {
        for (size_t i = 1; i < args.size(); ++i) rest.push_back(HoleExpr(args[i].value));
      } else if (args.size() > 1 && Is(args[1].value, "array_creation_expression")) {
        for (TSNode el : NamedChildren(args[1].value)) {
          std::vector<TSNode> kv = NamedChildren(el);
          if (!kv.empty()) rest.push_back(HoleExpr(kv.back()));
        }
      }
      Template t = ApplyPrintf(fmt, rest, PrintfDialect::kPhp);
      return name == "sprintf" ? WithLocalText(t, args, where, depth) : t;
    }
    if (name == "trim" || name == "rtrim" || name == "ltrim") {
      // Trimming spaces changes no text a pattern anchors on.
      Template t = ExprTemplate(args[0].value, where, depth + 1, note);
      if (t.HasLiteralText()) return t;
      return std::nullopt;
    }
    if ((name == "__" || name == "trans" || name == "esc_html__" || name == "_x") &&
        (Is(args[0].value, "string") || Is(args[0].value, "encapsed_string"))) {
      Template key = ExprTemplate(args[0].value, where, depth + 1, note);
      std::string k = key.Display();
      if (k.find(' ') == std::string::npos) return std::nullopt;  // 'auth.failed': a key
      bool replacements = args.size() > 1 && Is(args[1].value, "array_creation_expression");
      return replacements ? LaravelPlaceholders(k) : key;
    }
    return std::nullopt;
  }

  // `sprintf('%s: ..', $label)` where `$label` holds text (one value per
  // branch it was assigned in): the text replaces the `%s` hole.
  Template WithLocalText(const Template& t, const std::vector<Arg>& args, const Where& where,
                         int depth) {
    std::map<std::string, Template> values;
    for (size_t i = 1; i < args.size(); ++i) {
      if (!Is(args[i].value, "variable_name")) continue;
      std::string inner;
      std::optional<Template> v = VariableTemplate(args[i].value, where, depth + 1, &inner);
      if (v && v->HasLiteralText()) values.emplace(HoleExpr(args[i].value), *v);
    }
    if (values.empty()) return t;
    Template out;
    for (const Piece& p : t.pieces()) {
      auto it = p.is_hole ? values.find(p.expr) : values.end();
      bool plain = p.text.size() >= 2 && p.text.front() == '%' && p.text.back() == 's' &&
                   p.text.find_first_not_of("%$0123456789s") == std::string::npos;
      if (it != values.end() && plain) {
        out.Append(it->second);
      } else if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
      } else {
        out.AddLiteral(p.text);
      }
    }
    return out;
  }

  // `:attribute` placeholders of a Laravel translation line.
  static Template LaravelPlaceholders(const std::string& s) {
    Template out;
    size_t lit = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] != ':' || i + 1 >= s.size() || !std::isalpha(static_cast<unsigned char>(s[i + 1]))) {
        continue;
      }
      size_t j = i + 1;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.AddLiteral(s.substr(lit, i - lit));
      out.AddHole(s.substr(i, j - i), s.substr(i + 1, j - i - 1));
      lit = j;
      i = j - 1;
    }
    out.AddLiteral(s.substr(lit));
    return out;
  }

  // Magic constants, PHP_EOL and constants defined in this file.
  std::optional<Template> NameTemplate(std::string_view name, const Where& where, int depth,
                                       std::string* note) {
    Template out;
    std::string ns_prefix = namespace_.empty() ? "" : namespace_ + "\\";
    if (name == "PHP_EOL" || name == "\\PHP_EOL") {
      out.AddLiteral("\n");
    } else if (name == "__CLASS__" && !where.cls.empty()) {
      out.AddLiteral(ns_prefix + where.cls);
    } else if (name == "__FUNCTION__" && !where.fn_name.empty()) {
      out.AddLiteral(where.fn_name);
    } else if (name == "__METHOD__" && !where.fn_name.empty()) {
      out.AddLiteral(where.cls.empty() ? ns_prefix + where.fn_name
                                       : ns_prefix + where.cls + "::" + where.fn_name);
    } else if (name == "__NAMESPACE__") {
      out.AddLiteral(namespace_);
    } else {
      return ResolveConstant("::" + std::string(CalledName(name)), depth, note);
    }
    return out;
  }

  // `self::MSG`, `static::MSG`, `Errors::MSG` (a class of this file);
  // `self::class` is the class's full name; `static::class` is not known.
  std::optional<Template> ConstantTemplate(TSNode n, const Where& where, int depth,
                                           std::string* note) {
    std::vector<TSNode> kids = NamedChildren(n);
    if (kids.size() != 2) return std::nullopt;
    std::string_view scope = ts::Text(kids[0], src_);
    std::string_view name = ts::Text(kids[1], src_);
    std::string cls = scope == "self" || scope == "static" ? where.cls : ShortClass(scope);
    if (name == "class") {
      if (scope != "self" || where.cls.empty()) return std::nullopt;
      Template out;
      out.AddLiteral(namespace_.empty() ? where.cls : namespace_ + "\\" + where.cls);
      return out;
    }
    if (cls.empty() || scope == "parent") return std::nullopt;
    return ResolveConstant(cls + "::" + std::string(name), depth, note);
  }

  std::optional<Template> ResolveConstant(const std::string& key, int depth, std::string* note) {
    auto it = consts_.find(key);
    if (it == consts_.end() || it->second.size() != 1) return std::nullopt;  // unknown, ambiguous
    const Const& k = it->second[0];
    if (resolving_.count(k.node.id)) return std::nullopt;  // A = B . ..; B = A . ..
    resolving_.insert(k.node.id);
    Where where;
    where.cls = k.cls;
    std::string inner;
    Template out = ExprTemplate(k.value, where, depth + 1, &inner);
    resolving_.erase(k.node.id);
    if (!out.HasLiteralText()) return std::nullopt;
    if (note->empty()) {
      *note = "message from the constant `" + (key.starts_with("::") ? key.substr(2) : key) +
              "` at line " + std::to_string(ts::Line(k.node));
    }
    return out;
  }

  // The assignments that give a local its value at `where`: the last `=`
  // before it in the same function, then the `.=`s after that; empty when
  // there is none (or too many to trust). When the `=`s sit in the branches
  // of an if/elseif/else chain or a switch, the branch the current choice
  // takes (branch_choices.h).
  std::vector<const Assignment*> AssignmentsFor(const std::string& name, const Where& where) {
    std::vector<const Assignment*> found, before;
    auto it = assignments_.find(name);
    if (it == assignments_.end() || it->second.size() >= kMaxAssignmentsPerName) return found;
    for (const Assignment& a : it->second) {
      if (ts_node_start_byte(a.node) >= where.pos) break;
      if (a.fn != where.fn) continue;
      before.push_back(&a);
      if (!a.append) found.clear();
      found.push_back(&a);
    }
    if (!found.empty() && found[0]->append) found.clear();
    // `=`s in branches choose, and so does a `.=` in a branch the plain
    // assignment is not in (laravel-permission's `$message = __('User does
    // not have the right permissions.'); if (..) { $message .= ' '.__(..); }`
    // shows either text).
    bool branched = false;
    for (const Assignment* a : before) {
      branched = branched || (!a->path.empty() && (!a->append || found.empty() ||
                                                   a->path.size() > found[0]->path.size()));
    }
    if (!branched) return found;
    std::vector<const BranchPath*> paths;
    std::vector<bool> appends;
    for (const Assignment* a : before) {
      paths.push_back(&a->path);
      appends.push_back(a->append);
    }
    std::optional<std::vector<ReachingValue>> values = ReachingValues(paths, appends, where.path);
    if (!values || values->empty()) return found;
    found.clear();
    for (size_t i : ChooseValue(*values, &choices_).assigns) found.push_back(before[i]);
    if (values->size() > 1 && !found.empty()) chosen_line_ = ts::Line(found[0]->node);
    return found;
  }

  // A message held in a local.
  std::optional<Template> VariableTemplate(TSNode var, const Where& where, int depth,
                                           std::string* note) {
    std::string name(ts::Text(var, src_));
    std::vector<const Assignment*> found = AssignmentsFor(name, where);
    if (found.empty() || resolving_.count(found[0]->node.id)) return std::nullopt;
    const Assignment& a = *found[0];
    resolving_.insert(a.node.id);
    Where at = where;
    bool outermost = note->empty();
    Template out;
    // `$message = self::lang($key); $message .= ' ' . $detail;`: a call
    // the resolve stage may read starts the text.
    // Only for a whole message or return (depth 0, follow_call_locals_):
    // elsewhere a local keeps its own name as the hole's, which links to
    // the parameters it was derived from.
    bool call = depth == 0 && follow_call_locals_ && IsCall(a.value);
    for (const Assignment* f : found) {
      at.pos = ts_node_start_byte(f->node);
      at.path = f->path;
      out.Append(ExprTemplate(f->value, at, depth + 1, note));
      if (!out.HasLiteralText() && !(call && f == found[0])) break;
    }
    resolving_.erase(a.node.id);
    if (!out.HasLiteralText() && !call) return std::nullopt;
    if (outermost) {
      *note = "message assigned to `" + name + "` at line " + std::to_string(ts::Line(a.node));
    }
    return out;
  }

  // The messages of a ternary (also one held in a local), each with text,
  // else none.
  std::vector<Template> AlternativeTemplates(TSNode n, const Where& where) {
    auto branches = [&](TSNode cur) -> std::vector<TSNode> {
      while (Is(cur, "parenthesized_expression")) cur = ts::FirstNamed(cur);
      if (Is(cur, "variable_name")) {  // $msg = $c ? 'a' : 'b'; throw new X($msg)
        std::vector<const Assignment*> found =
            AssignmentsFor(std::string(ts::Text(cur, src_)), where);
        if (found.size() == 1 && Is(found[0]->value, "conditional_expression")) {
          cur = found[0]->value;
        }
      }
      TSNode body = Field(cur, "body");
      if (!Is(cur, "conditional_expression") || ts_node_is_null(body)) return {};
      return {body, Field(cur, "alternative")};
    };
    return ConditionalMessages(n, branches, [&](TSNode leaf) {
      std::string note;
      return ExprTemplate(leaf, where, 0, &note);
    });
  }

  std::string HoleExpr(TSNode n) { return CollapseSpace(ts::Text(n, src_)); }

  // A value that could not be resolved, written as PHP would interpolate it.
  void AddExprHole(TSNode n, Template* out) {
    std::string e = HoleExpr(n);
    out->AddHole("{" + e + "}", e);
  }

  // --- indexes ---------------------------------------------------------------

  void IndexAssignment(TSNode n, const std::vector<TSNode>& anc) {
    TSNode left = Field(n, "left");
    if (!Is(left, "variable_name")) return;
    bool append = Is(n, "augmented_assignment_expression");
    if (append && ts::Text(Field(n, "operator"), src_) != ".=") return;
    auto& list = assignments_[std::string(ts::Text(left, src_))];
    if (list.size() < kMaxAssignmentsPerName) {
      TSNode fn = EnclosingFunction(anc);
      list.push_back({n, Field(n, "right"), append, ts_node_is_null(fn) ? root_.id : fn.id,
                      PhpBranchPath(anc, ts_node_start_byte(n))});
    } else {
      list.resize(kMaxAssignmentsPerName);  // marks the name as given up on
    }
  }

  void IndexConsts(TSNode n, const std::vector<TSNode>& anc) {
    TSNode klass = EnclosingClass(anc);
    std::string cls =
        ts_node_is_null(klass) ? "" : std::string(ts::Text(Field(klass, "name"), src_));
    for (TSNode el : NamedChildren(n)) {
      if (!Is(el, "const_element")) continue;
      std::vector<TSNode> kids = NamedChildren(el);
      if (kids.size() < 2) continue;
      consts_[cls + "::" + std::string(ts::Text(kids[0], src_))].push_back({el, kids.back(), cls});
    }
  }

  // define('NAME', 'value').
  void IndexDefine(TSNode call) {
    std::vector<Arg> args = Args(Field(call, "arguments"));
    if (args.size() < 2 || !Is(args[0].value, "string")) return;
    Template name;
    if (!PhpStringTemplate(args[0].value, src_, nullptr, &name)) return;
    consts_["::" + name.Display()].push_back({call, args[1].value, ""});
  }

  // --- structure -------------------------------------------------------------

  static TSNode EnclosingClass(const std::vector<TSNode>& anc) {
    for (size_t i = anc.size(); i-- > 0;) {
      if (IsClassType(Type(anc[i]))) return anc[i];
    }
    return TSNode{};
  }

  static TSNode EnclosingFunction(const std::vector<TSNode>& anc) {
    for (size_t i = anc.size(); i-- > 0;) {
      if (IsFunctionType(Type(anc[i]))) return anc[i];
    }
    return TSNode{};
  }

  // An exception class by its name, its parent's or an interface it
  // implements (`implements ExceptionInterface`).
  bool IsExceptionClass(TSNode klass) {
    if (!Is(klass, "class_declaration")) return false;
    if (LooksLikeExceptionClass(ts::Text(Field(klass, "name"), src_))) return true;
    for (TSNode k : NamedChildren(klass)) {
      if (!Is(k, "base_clause") && !Is(k, "class_interface_clause")) continue;
      for (TSNode t : NamedChildren(k)) {
        std::string name = ShortClass(ts::Text(t, src_));
        if (LooksLikeExceptionClass(name) || name.find("Exception") != std::string::npos) {
          return true;
        }
      }
    }
    return false;
  }

  Where WhereOf(const std::vector<TSNode>& anc, uint32_t pos) {
    Where w;
    w.pos = pos;
    TSNode fn = EnclosingFunction(anc);
    w.fn = ts_node_is_null(fn) ? root_.id : fn.id;
    if (!ts_node_is_null(fn)) w.fn_name = std::string(ts::Text(Field(fn, "name"), src_));
    if (Is(fn, "anonymous_function") || Is(fn, "arrow_function")) w.fn_name = "{closure}";
    TSNode klass = EnclosingClass(anc);
    if (!ts_node_is_null(klass)) w.cls = std::string(ts::Text(Field(klass, "name"), src_));
    w.path = PhpBranchPath(anc, pos);
    return w;
  }

  // The node a record points at: the `throw` itself (which may sit in a
  // match arm, an arrow function or after `??`), else the statement holding
  // `n`.
  static TSNode StatementOf(TSNode n, const std::vector<TSNode>& anc) {
    TSNode cur = n;
    size_t i = anc.size();
    while (true) {
      std::string_view t = Type(cur);
      if (t == "throw_expression" || IsStatement(t) || i == 0) break;
      std::string_view pt = Type(anc[i - 1]);
      if (IsStatementList(pt) || IsFunctionType(pt)) break;
      cur = anc[--i];
    }
    return cur;
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode at, SiteKind kind) {
    ErrorSite site;
    site.language = "php";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(at);
    site.end_line = ts::EndLine(at);
    return site;
  }

  void FinishEach(const Candidate& c, ErrorSite site, const std::vector<Template>& alts) {
    FinishEachMessage(std::move(site), alts, [&](ErrorSite one) { Finish(c, std::move(one)); });
  }

  void Finish(const Candidate& c, ErrorSite site) {
    if (site.message.empty()) return;
    if (lines_.empty()) lines_ = SplitLines(src_);  // on the first site only
    AddContext(c.node, c.anc, &site);
    if (sinks_) sinks_->OnSite(site, c.anc);
    out_->push_back(std::move(site));
  }

  // Walks up from the site's node (inside its statement: `or die()` and
  // `?? throw` guard it there): guards up to the enclosing function, then
  // the names of the scopes.
  void AddContext(TSNode node, const std::vector<TSNode>& anc, ErrorSite* site) {
    AddNote(CommentAbove(site->line), "comment-above", site);
    std::vector<std::string> scopes;
    bool in_function = false, guard_noted = false;
    TSNode cur = node;
    for (size_t i = anc.size(); i-- > 0;) {
      TSNode parent = anc[i];
      std::string_view pt = Type(parent);
      if (!in_function) {
        size_t before = site->conditions.size();
        AddGuards(parent, cur, i > 0 ? anc[i - 1] : TSNode{}, i > 1 ? anc[i - 2] : TSNode{}, site);
        if (site->conditions.size() > before && !guard_noted && Is(parent, "if_statement")) {
          guard_noted = true;
          AddNote(CommentAbove(ts::Line(parent)), "guard-comment", site);
        }
      }
      std::string name;
      if (IsClassType(pt)) {
        name = std::string(ts::Text(Field(parent, "name"), src_));
      } else if (pt == "function_definition" || pt == "method_declaration") {
        name = std::string(ts::Text(Field(parent, "name"), src_));
      } else if (pt == "anonymous_function" || pt == "arrow_function") {
        name = "{closure}";
      } else if (pt == "anonymous_class") {
        name = "class@anonymous";
      }
      if (!name.empty()) {
        scopes.push_back(name);
        if (IsFunctionType(pt) && !in_function) {
          in_function = true;
          site->function_line = ts::Line(parent);
          // The function's `@throws X when ...` for this class first.
          AddNote(ThrowsDocAbove(lines_, ts::Line(parent), site->error_class), "throws-doc", site);
          AddNote(CommentAbove(ts::Line(parent)), "function-comment", site);
        }
      }
      cur = parent;
    }
    std::reverse(scopes.begin(), scopes.end());
    site->function = Join(scopes, "::");
    std::stable_sort(
        site->conditions.begin(), site->conditions.end(),
        [](const PathCondition& a, const PathCondition& b) { return a.line < b.line; });
  }

  // The conditions under which `parent` runs its child `cur`. `grandparent`
  // and `grandparent2` are the nodes one and two levels above `parent`.
  void AddGuards(TSNode parent, TSNode cur, TSNode grandparent, TSNode grandparent2,
                 ErrorSite* site) {
    std::string_view pt = Type(parent);
    if (pt == "case_statement" && Is(grandparent2, "switch_statement")) {
      std::string subject = ConditionText(Field(grandparent2, "condition"), src_);
      std::string value = CollapseSpace(ts::Text(Field(parent, "value"), src_));
      site->conditions.push_back({subject + " == " + value, true, ts::Line(parent)});
    }
    if (IsStatementList(pt)) {
      AddEarlyExits(parent, cur, site);
    } else if (pt == "if_statement") {
      if (ts_node_eq(Field(parent, "body"), cur)) {
        AddCondition(Field(parent, "condition"), true, site);
      } else if (Is(cur, "else_if_clause") || Is(cur, "else_clause")) {
        // Reached only when the `if` and every earlier `elseif` failed.
        AddCondition(Field(parent, "condition"), false, site);
        for (TSNode alt : NamedChildren(parent)) {
          if (ts_node_start_byte(alt) >= ts_node_start_byte(cur)) break;
          if (Is(alt, "else_if_clause")) AddCondition(Field(alt, "condition"), false, site);
        }
      }
    } else if (pt == "else_if_clause") {
      if (ts_node_eq(Field(parent, "body"), cur)) {
        AddCondition(Field(parent, "condition"), true, site);
      }
    } else if (pt == "conditional_expression") {
      TSNode body = Field(parent, "body");
      if (!ts_node_is_null(body) && ts_node_eq(body, cur)) {
        AddCondition(Field(parent, "condition"), true, site);
      } else if (ts_node_eq(Field(parent, "alternative"), cur)) {
        AddCondition(Field(parent, "condition"), false, site);
      }
    } else if (pt == "binary_expression" && ts_node_eq(Field(parent, "right"), cur)) {
      AddShortCircuit(parent, site);
    } else if (pt == "match_conditional_expression" && Is(grandparent2, "match_expression")) {
      std::string subject = ConditionText(Field(grandparent2, "condition"), src_);
      std::vector<std::string> alts;
      for (TSNode v : NamedChildren(Field(parent, "conditional_expressions"))) {
        alts.push_back(subject + " === " + CollapseSpace(ts::Text(v, src_)));
      }
      if (!alts.empty()) site->conditions.push_back({Join(alts, " || "), true, ts::Line(parent)});
    } else if (pt == "arguments") {
      AddThrowIfGuard(parent, cur, grandparent, site);
    } else if (pt == "catch_clause") {
      TSNode body = Field(parent, "body");
      uint32_t begin = ts_node_start_byte(parent);
      uint32_t end = ts_node_is_null(body) ? begin : ts_node_start_byte(body);
      site->conditions.push_back(
          {CollapseSpace(Trim(src_.substr(begin, end - begin))), true, ts::Line(parent)});
    }
  }

  // `throw_if($cond, new X(..))`: the exception is thrown when $cond holds.
  void AddThrowIfGuard(TSNode arguments, TSNode arg, TSNode call, ErrorSite* site) {
    if (!Is(call, "function_call_expression")) return;
    std::vector<TSNode> args = NamedChildren(arguments);
    if (args.size() < 2 || ts_node_eq(args[0], arg)) return;
    std::string_view name = CalledName(ts::Text(Field(call, "function"), src_));
    if (name != "throw_if" && name != "throw_unless") return;
    std::vector<TSNode> first = NamedChildren(args[0]);
    if (first.empty()) return;
    AddCondition(first.back(), name == "throw_if", site);
  }

  // `$f = fopen(..) or die(..)`, `$x ?? throw ..`, `$ok || throw ..`.
  void AddShortCircuit(TSNode bin, ErrorSite* site) {
    std::string_view op = ts::Text(Field(bin, "operator"), src_);
    TSNode left = Field(bin, "left");
    if (op == "or" || op == "||") {
      AddCondition(left, false, site);
    } else if (op == "and" || op == "&&") {
      AddCondition(left, true, site);
    } else if (op == "??") {
      site->conditions.push_back(
          {CollapseSpace(ts::Text(left, src_)) + " === null", true, ts::Line(left)});
    }
  }

  // `if (!$x) { return; }` before the statement in the same block: the site
  // is reached only when it did not fire.
  void AddEarlyExits(TSNode block, TSNode stmt, ErrorSite* site) {
    if (ts_node_named_child_count(block) > kMaxBlockScan) return;
    for (TSNode s : NamedChildren(block)) {
      if (ts_node_start_byte(s) >= ts_node_start_byte(stmt)) break;
      if (!Is(s, "if_statement") || !ts_node_is_null(Field(s, "alternative"))) continue;
      TSNode body = Field(s, "body");
      if (Is(body, "compound_statement") || Is(body, "colon_block")) {
        std::vector<TSNode> kids = NamedChildren(body);
        body = kids.empty() ? TSNode{} : kids.back();
      }
      if (IsExit(body)) AddCondition(Field(s, "condition"), false, site);
    }
  }

  bool IsExit(TSNode s) {
    std::string_view t = Type(s);
    if (t == "return_statement" || t == "break_statement" || t == "continue_statement" ||
        t == "exit_statement") {
      return true;
    }
    if (t != "expression_statement") return false;
    TSNode e = ts::FirstNamed(s);
    if (Is(e, "throw_expression")) return true;
    if (!Is(e, "function_call_expression")) return false;
    std::string_view name = CalledName(ts::Text(Field(e, "function"), src_));
    return name == "die" || name == "exit" || name == "abort";
  }

  void AddCondition(TSNode cond, bool polarity, ErrorSite* site) {
    if (ts_node_is_null(cond)) return;
    std::string expr = ConditionText(cond, src_);
    if (!expr.empty()) site->conditions.push_back({expr, polarity, ts::Line(cond)});
  }

  static void AddNote(SourceNote note, const char* origin, ErrorSite* site) {
    if (note.text.empty()) return;
    for (const SourceNote& n : site->notes) {
      if (n.first_line == note.first_line) return;
    }
    note.origin = origin;
    site->notes.push_back(std::move(note));
  }

  // `//` and `/* */` comments and docblocks, else a block of `#` lines
  // (`#[Attribute]` lines are attributes, not comments).
  SourceNote CommentAbove(int line) {
    SourceNote note = SlashCommentAbove(lines_, line);
    if (!note.text.empty()) return note;
    std::vector<std::string> texts;
    int i = line - 1;
    while (i >= 1 && i <= static_cast<int>(lines_.size())) {
      std::string_view t = Trim(lines_[i - 1]);
      if (!t.starts_with("#") || t.starts_with("#[")) break;
      texts.push_back(std::string(Trim(t.substr(1))));
      --i;
    }
    if (texts.empty()) return note;
    std::reverse(texts.begin(), texts.end());
    note.text = Join(texts, " ");
    note.first_line = i + 1;
    note.last_line = line - 1;
    return note;
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;  // of src_, split when first needed
  std::vector<ErrorSite>* out_;
  TSNode root_{};
  std::string namespace_;
  std::optional<PhpSinks> sinks_;
  FileFacts* facts_ = nullptr;
  std::vector<Candidate> returns_;  // every `return` (only when collecting facts)
  std::map<std::string, std::vector<Assignment>> assignments_;
  BranchChoices choices_;  // the branches the site being built takes
  int chosen_line_ = 0;    // the assignment a branch choice picked for the site being built
  std::map<std::string, std::vector<Const>> consts_;          // "Class::NAME", "::NAME"
  std::map<std::string, std::pair<Template, int>> defaults_;  // class -> default message, line
  std::vector<std::pair<size_t, std::string>> helper_sites_;  // (index into *out_, method)
  std::map<std::string, std::vector<int>> thrown_helpers_;
  std::set<const void*> resolving_;  // assignments and constants being expanded
  int steps_ = 0;
};

class PhpExtractor : public Extractor {
 public:
  std::string_view language() const override { return "php"; }
  bool Handles(std::string_view path) const override {
    return path.ends_with(".php") && !path.ends_with(".blade.php");
  }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    return ts::ParseAndVisit(tree_sitter_php(), file, had_syntax_errors, [&](TSNode root) {
      PhpFile php(file, sites);
      if (facts) php.CollectFacts(facts);
      php.Run(root);
      if (facts) CollectCallFacts(root, file.content, "php", facts);
    });
  }
};

}  // namespace

const Extractor* PhpExtractorInstance() {
  static const PhpExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
