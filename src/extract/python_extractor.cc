// Python extractor: finds the error sites of one Python file in its
// tree-sitter syntax tree and reconstructs each message template exactly:
// implicit concatenation, f-strings (conversions and format specs kept),
// `%` with a tuple or dict, `.format()`, `+` with `str(x)`, and messages held
// in variables assigned earlier in the function or module.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "extract/python_strings.h"
#include "extract/ts_util.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_python();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::Type;

// Bounds that keep hostile files (deep nesting, huge concatenation chains)
// from exhausting the stack; past them a value becomes an opaque hole.
constexpr int kMaxExprDepth = 64;
constexpr int kMaxAncestors = 512;

std::vector<TSNode> NamedChildren(TSNode n) {
  std::vector<TSNode> out;
  uint32_t count = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_named_child(n, i);
    if (!Is(c, "comment")) out.push_back(c);
  }
  return out;
}

// The last dotted component: `errors.ConfigError` -> `ConfigError`.
std::string LastComponent(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return std::string(dot == std::string_view::npos ? dotted : dotted.substr(dot + 1));
}

bool LooksLikeClass(std::string_view name) {
  std::string last = LastComponent(name);
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0]));
}

struct CallArgs {
  std::vector<TSNode> positional;
  std::map<std::string, TSNode> keywords;
};

CallArgs SplitArgs(TSNode call, std::string_view src) {
  CallArgs out;
  TSNode args = Field(call, "arguments");
  if (!Is(args, "argument_list")) return out;
  for (TSNode a : NamedChildren(args)) {
    if (Is(a, "keyword_argument")) {
      out.keywords[std::string(ts::Text(Field(a, "name"), src))] = Field(a, "value");
    } else if (!Is(a, "list_splat") && !Is(a, "dictionary_splat")) {
      out.positional.push_back(a);
    }
  }
  return out;
}

std::optional<int> IntLiteral(TSNode n, std::string_view src) {
  std::string_view text = ts::Text(n, src);
  if (Is(n, "integer")) {
    int v = 0;
    for (char c : text) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      v = v * 10 + (c - '0');
      if (v > 999) return std::nullopt;
    }
    return v;
  }
  // status.HTTP_404_NOT_FOUND, HTTPStatus.NOT_FOUND is not decoded (no digits).
  size_t pos = text.find("HTTP_");
  if (pos != std::string_view::npos && pos + 8 <= text.size()) {
    std::string_view digits = text.substr(pos + 5, 3);
    if (std::all_of(digits.begin(), digits.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      return std::stoi(std::string(digits));
    }
  }
  return std::nullopt;
}

// Exception classes of web frameworks that imply an HTTP status.
std::optional<int> StatusForClass(std::string_view cls) {
  static const std::map<std::string_view, int> kTable = {
      {"BadRequest", 400},          {"Unauthorized", 401},       {"Forbidden", 403},
      {"PermissionDenied", 403},    {"NotFound", 404},           {"Http404", 404},
      {"MethodNotAllowed", 405},    {"NotAcceptable", 406},      {"Conflict", 409},
      {"Gone", 410},                {"RequestEntityTooLarge", 413},
      {"UnsupportedMediaType", 415}, {"UnprocessableEntity", 422},
      {"TooManyRequests", 429},     {"InternalServerError", 500}, {"NotImplemented", 501},
      {"BadGateway", 502},          {"ServiceUnavailable", 503}, {"GatewayTimeout", 504},
  };
  auto it = kTable.find(cls);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

bool IsHttpExceptionClass(std::string_view cls) {
  return cls.ends_with("HTTPException") || cls == "HTTPError" || cls == "HttpError";
}

// Per-file extraction state.
class PythonFile {
 public:
  PythonFile(const SourceFile& file, std::vector<ErrorSite>* out)
      : file_(file), src_(file.content), lines_(SplitLines(file.content)), out_(out) {}

  void Run(TSNode root) {
    CollectClassDocstrings(root);
    Walk(root);
  }

 private:
  // Iterative pre-order walk (no recursion: nesting depth is untrusted).
  void Walk(TSNode root) {
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    bool descend = true;
    while (true) {
      TSNode n = ts_tree_cursor_current_node(&cursor);
      if (descend) Visit(n);
      if (descend && ts_tree_cursor_goto_first_child(&cursor)) continue;
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        descend = true;
        continue;
      }
      if (!ts_tree_cursor_goto_parent(&cursor)) break;
      descend = false;
    }
    ts_tree_cursor_delete(&cursor);
  }

  void Visit(TSNode n) {
    std::string_view type = Type(n);
    if (type == "raise_statement") {
      HandleRaise(n);
    } else if (type == "assert_statement") {
      HandleAssert(n);
    } else if (type == "call") {
      HandleCall(n);
    }
  }

  // --- sites -------------------------------------------------------------

  void HandleRaise(TSNode stmt) {
    TSNode cause = Field(stmt, "cause");
    TSNode exc{};
    for (TSNode c : NamedChildren(stmt)) {
      if (!ts_node_eq(c, cause)) {
        exc = c;
        break;
      }
    }
    if (ts_node_is_null(exc)) return;  // bare `raise` re-raises
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    if (Is(exc, "call")) {
      if (!FillFromExceptionCall(exc, &site)) return;
    } else if (Is(exc, "identifier") || Is(exc, "attribute")) {
      std::string_view name = ts::Text(exc, src_);
      if (!LooksLikeClass(name)) return;  // `raise err` re-raises a value
      site.error_class = LastComponent(name);
      site.http_status = StatusForClass(site.error_class);
      SetOpaque(&site, site.error_class, "raised without a message");
    } else {
      return;
    }
    Finish(stmt, std::move(site));
  }

  // Fills class, status and message from `X(...)`. False if this is not an
  // error site worth recording (e.g. a lowercase factory with no message).
  bool FillFromExceptionCall(TSNode call, ErrorSite* site) {
    std::string_view fn = ts::Text(Field(call, "function"), src_);
    bool is_class = LooksLikeClass(fn) && !Is(Field(call, "function"), "call");
    site->error_class = is_class ? LastComponent(fn) : "";
    CallArgs args = SplitArgs(call, src_);
    if (is_class && IsHttpExceptionClass(site->error_class)) return FillHttpException(args, site);
    if (is_class) site->http_status = StatusForClass(site->error_class);
    TSNode msg = ChooseMessageArg(args);
    if (ts_node_is_null(msg)) {
      if (!is_class) return false;
      SetOpaque(site, site->error_class, "raised without a message");
      return true;
    }
    site->message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site->message_origin_note);
    if (!site->message.HasLiteralText()) {
      if (!is_class) return false;
      site->message_opaque = true;
    }
    return true;
  }

  // FastAPI/Starlette style: HTTPException(status_code=404, detail="...").
  bool FillHttpException(const CallArgs& args, ErrorSite* site) {
    TSNode status{}, detail{};
    if (auto it = args.keywords.find("status_code"); it != args.keywords.end()) status = it->second;
    if (auto it = args.keywords.find("detail"); it != args.keywords.end()) detail = it->second;
    if (ts_node_is_null(status) && !args.positional.empty()) status = args.positional[0];
    if (ts_node_is_null(detail) && args.positional.size() > 1) detail = args.positional[1];
    if (!ts_node_is_null(status)) site->http_status = IntLiteral(status, src_);
    site->kind = SiteKind::kHttp;
    if (ts_node_is_null(detail)) {
      SetOpaque(site, ReasonPhrase(site->http_status), "no detail given: the reason phrase is shown");
      return true;
    }
    site->message = ExprTemplate(detail, ts_node_start_byte(detail), 0, &site->message_origin_note);
    site->message_opaque = !site->message.HasLiteralText();
    return true;
  }

  TSNode ChooseMessageArg(const CallArgs& args) {
    // The first positional argument that carries text; exceptions such as
    // OSError(errno, "msg") put a code first.
    for (TSNode a : args.positional) {
      std::string note;
      if (ExprTemplate(a, ts_node_start_byte(a), 0, &note).HasLiteralText()) return a;
    }
    for (const char* key : {"message", "msg", "detail", "description", "reason", "text", "error"}) {
      auto it = args.keywords.find(key);
      if (it != args.keywords.end()) return it->second;
    }
    return args.positional.empty() ? TSNode{} : args.positional[0];
  }

  void HandleAssert(TSNode stmt) {
    std::vector<TSNode> parts = NamedChildren(stmt);
    if (parts.size() < 2) return;  // an assert without a message is an internal invariant
    ErrorSite site = NewSite(stmt, SiteKind::kAssert);
    site.error_class = "AssertionError";
    site.message = ExprTemplate(parts[1], ts_node_start_byte(parts[1]), 0,
                                &site.message_origin_note);
    site.message_opaque = !site.message.HasLiteralText();
    PathCondition failed;
    failed.expr = CollapseSpace(ts::Text(parts[0], src_));
    failed.polarity = false;
    failed.line = ts::Line(parts[0]);
    site.conditions.push_back(failed);
    Finish(stmt, std::move(site));
  }

  // abort(404), warnings.warn(...), logger.error(...): calls that report.
  void HandleCall(TSNode call) {
    TSNode stmt = ts_node_parent(call);
    if (!Is(stmt, "expression_statement")) return;  // only calls used as statements
    TSNode fn = Field(call, "function");
    std::string_view fn_text = ts::Text(fn, src_);
    std::string name = LastComponent(fn_text);
    CallArgs args = SplitArgs(call, src_);
    if (name == "abort" && !args.positional.empty()) {
      HandleAbort(stmt, args);
    } else if (fn_text == "warnings.warn" || fn_text == "warn") {
      HandleWarn(stmt, args);
    } else if (Is(fn, "attribute") &&
               (name == "error" || name == "exception" || name == "critical" || name == "fatal")) {
      std::string object = ToLower(ts::Text(Field(fn, "object"), src_));
      if (object.find("log") != std::string::npos) HandleLog(stmt, name, args);
    }
  }

  void HandleAbort(TSNode stmt, const CallArgs& args) {
    std::optional<int> status = IntLiteral(args.positional[0], src_);
    if (!status) return;
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    site.error_class = "HTTPException";
    TSNode msg{};
    if (auto it = args.keywords.find("description"); it != args.keywords.end()) msg = it->second;
    if (ts_node_is_null(msg) && args.positional.size() > 1) msg = args.positional[1];
    if (ts_node_is_null(msg)) {
      SetOpaque(&site, ReasonPhrase(status), "abort() without a description");
    } else {
      site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
      site.message_opaque = !site.message.HasLiteralText();
    }
    Finish(stmt, std::move(site));
  }

  void HandleWarn(TSNode stmt, const CallArgs& args) {
    TSNode msg = args.positional.empty() ? TSNode{} : args.positional[0];
    if (auto it = args.keywords.find("message"); ts_node_is_null(msg) && it != args.keywords.end())
      msg = it->second;
    if (ts_node_is_null(msg)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kWarning);
    site.severity = "warning";
    TSNode category = args.positional.size() > 1 ? args.positional[1] : TSNode{};
    if (auto it = args.keywords.find("category"); it != args.keywords.end()) category = it->second;
    site.error_class =
        ts_node_is_null(category) ? "UserWarning" : LastComponent(ts::Text(category, src_));
    site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    site.message_opaque = !site.message.HasLiteralText();
    Finish(stmt, std::move(site));
  }

  void HandleLog(TSNode stmt, const std::string& level, const CallArgs& args) {
    if (args.positional.empty()) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = (level == "critical" || level == "fatal") ? "critical" : "error";
    TSNode msg = args.positional[0];
    Template tmpl = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    // logging formats lazily with `%` only when arguments follow the message.
    if (args.positional.size() > 1) {
      std::vector<std::string> fargs;
      for (size_t i = 1; i < args.positional.size(); ++i) {
        fargs.push_back(HoleExpr(args.positional[i]));
      }
      tmpl = ApplyPercentFormat(tmpl, fargs, {});
    }
    site.message = std::move(tmpl);
    site.message_opaque = !site.message.HasLiteralText();
    if (site.message_opaque) return;  // logger.error(e) reports some other error
    Finish(stmt, std::move(site));
  }

  // --- templates -----------------------------------------------------------

  // The template of a string-valued expression; non-string parts become
  // holes named by their expression. `pos` bounds variable lookups (only
  // assignments before it count).
  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth > kMaxExprDepth) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    if (type == "string" || type == "concatenated_string") return StringNodeTemplate(n, src_);
    if (type == "parenthesized_expression") {
      TSNode inner = ts::FirstNamed(n);
      if (!ts_node_is_null(inner)) return ExprTemplate(inner, pos, depth + 1, note);
    }
    if (type == "binary_operator") {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      if (op == "+") return ConcatTemplate(n, pos, depth, note);
      if (op == "%") return PercentTemplate(n, pos, depth, note);
    }
    if (type == "call") {
      if (auto t = CallTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    AddExprHole(n, &out);
    return out;
  }

  Template ConcatTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
    out.Append(ExprTemplate(Field(n, "right"), pos, depth + 1, note));
    return out;
  }

  Template PercentTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template fmt = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
    if (!fmt.HasLiteralText()) {
      Template out;
      AddExprHole(n, &out);
      return out;
    }
    TSNode right = Field(n, "right");
    if (Is(right, "parenthesized_expression")) {
      TSNode inner = ts::FirstNamed(right);
      if (Is(inner, "tuple") || Is(inner, "dictionary")) right = inner;
    }
    std::vector<std::string> positional;
    std::map<std::string, std::string> named;
    if (Is(right, "tuple")) {
      for (TSNode e : NamedChildren(right)) positional.push_back(HoleExpr(e));
    } else if (Is(right, "dictionary")) {
      for (TSNode pair : NamedChildren(right)) {
        if (!Is(pair, "pair")) continue;
        Template key = StringNodeTemplate(Field(pair, "key"), src_);
        named[key.Display()] = HoleExpr(Field(pair, "value"));
      }
    } else {
      positional.push_back(HoleExpr(right));
    }
    return ApplyPercentFormat(fmt, positional, named);
  }

  std::optional<Template> CallTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    TSNode fn = Field(n, "function");
    CallArgs args = SplitArgs(n, src_);
    std::string_view fn_text = ts::Text(fn, src_);
    // Translation wrappers return their argument's text.
    if ((fn_text == "_" || fn_text == "gettext" || fn_text == "gettext_lazy" ||
         fn_text == "lazy_gettext" || fn_text == "ugettext") &&
        args.positional.size() == 1) {
      return ExprTemplate(args.positional[0], pos, depth + 1, note);
    }
    if (Is(fn, "attribute") && ts::Text(Field(fn, "attribute"), src_) == "format") {
      Template fmt = ExprTemplate(Field(fn, "object"), pos, depth + 1, note);
      if (!fmt.HasLiteralText()) return std::nullopt;
      std::vector<std::string> positional;
      for (TSNode a : args.positional) positional.push_back(HoleExpr(a));
      std::map<std::string, std::string> named;
      for (const auto& [k, v] : args.keywords) named[k] = HoleExpr(v);
      return ApplyBraceFormat(fmt, positional, named);
    }
    return std::nullopt;
  }

  // A message held in a variable: the last assignment before `pos` in the
  // enclosing function (or module), plus `+=` appends after it.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = EnclosingScope(ident);
    std::vector<TSNode> assigns = AssignmentsTo(scope, name, pos);
    if (assigns.empty() && Is(scope, "function_definition")) {
      // A module-level constant: any assignment at module level counts,
      // since the module has run by the time the function is called.
      assigns = AssignmentsTo(Root(scope), name, UINT32_MAX);
    }
    int last_plain = -1;
    for (int i = 0; i < static_cast<int>(assigns.size()); ++i) {
      if (Is(assigns[i], "assignment")) last_plain = i;
    }
    if (last_plain < 0) return std::nullopt;
    TSNode rhs = Field(assigns[last_plain], "right");
    if (ts_node_is_null(rhs)) return std::nullopt;
    Template out = ExprTemplate(rhs, ts_node_start_byte(assigns[last_plain]), depth + 1, note);
    if (!out.HasLiteralText()) return std::nullopt;
    for (size_t i = last_plain + 1; i < assigns.size(); ++i) {
      TSNode r = Field(assigns[i], "right");
      out.Append(ExprTemplate(r, ts_node_start_byte(assigns[i]), depth + 1, note));
    }
    if (note->empty()) {
      *note = "message assigned to `" + name + "` at line " +
              std::to_string(ts::Line(assigns[last_plain]));
    }
    return out;
  }

  // `name = ...` and `name += ...` inside `scope` (not in nested functions or
  // classes) that start before `pos`, in source order.
  std::vector<TSNode> AssignmentsTo(TSNode scope, const std::string& name, uint32_t pos) {
    std::vector<TSNode> out;
    std::vector<TSNode> stack = {scope};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_start_byte(n) >= pos) continue;
      std::string_view type = Type(n);
      if ((type == "function_definition" || type == "class_definition") &&
          !ts_node_eq(n, scope)) {
        continue;
      }
      if (type == "assignment" || type == "augmented_assignment") {
        bool plus = type == "assignment" || ts::Text(Field(n, "operator"), src_) == "+=";
        if (plus && ts::Text(Field(n, "left"), src_) == name) out.push_back(n);
      }
      uint32_t count = ts_node_named_child_count(n);
      for (uint32_t i = count; i-- > 0;) stack.push_back(ts_node_named_child(n, i));
    }
    std::sort(out.begin(), out.end(), [](TSNode a, TSNode b) {
      return ts_node_start_byte(a) < ts_node_start_byte(b);
    });
    return out;
  }

  TSNode Root(TSNode n) {
    for (int i = 0; i < kMaxAncestors; ++i) {
      TSNode parent = ts_node_parent(n);
      if (ts_node_is_null(parent)) break;
      n = parent;
    }
    return n;
  }

  TSNode EnclosingScope(TSNode n) {
    TSNode cur = n;
    for (int i = 0; i < kMaxAncestors; ++i) {
      TSNode parent = ts_node_parent(cur);
      if (ts_node_is_null(parent)) return cur;
      if (Is(parent, "function_definition")) return parent;
      cur = parent;
    }
    return cur;
  }

  // The expression a hole prints, for naming captures: `str(x)` -> `x`.
  std::string HoleExpr(TSNode n) {
    if (Is(n, "call")) {
      std::string_view fn = ts::Text(Field(n, "function"), src_);
      CallArgs args = SplitArgs(n, src_);
      if (fn == "str" && args.positional.size() == 1 && args.keywords.empty()) {
        return CollapseSpace(ts::Text(args.positional[0], src_));
      }
    }
    return CollapseSpace(ts::Text(n, src_));
  }

  void AddExprHole(TSNode n, Template* out) {
    std::string text = CollapseSpace(ts::Text(n, src_));
    out->AddHole("{" + text + "}", HoleExpr(n));
  }

  // --- context: function, conditions, comments -----------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = "python";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(stmt);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  void SetOpaque(ErrorSite* site, const std::string& text, const std::string& why) {
    site->message = Template();
    site->message.AddLiteral(text);
    site->message_opaque = true;
    site->message_origin_note = why;
  }

  static std::string ReasonPhrase(std::optional<int> status) {
    static const std::map<int, std::string> kPhrases = {
        {400, "Bad Request"},       {401, "Unauthorized"},
        {403, "Forbidden"},         {404, "Not Found"},
        {405, "Method Not Allowed"}, {409, "Conflict"},
        {410, "Gone"},              {413, "Payload Too Large"},
        {415, "Unsupported Media Type"}, {422, "Unprocessable Entity"},
        {429, "Too Many Requests"}, {500, "Internal Server Error"},
        {501, "Not Implemented"},   {502, "Bad Gateway"},
        {503, "Service Unavailable"}, {504, "Gateway Timeout"}};
    if (!status) return "HTTP error";
    auto it = kPhrases.find(*status);
    std::string phrase = it == kPhrases.end() ? "HTTP error" : it->second;
    return std::to_string(*status) + " " + phrase;
  }

  void Finish(TSNode stmt, ErrorSite site) {
    if (site.message.empty()) return;
    AddContext(stmt, &site);
    out_->push_back(std::move(site));
  }

  void AddContext(TSNode stmt, ErrorSite* site) {
    AddNote(site, CommentAbove(site->line), "comment-above");
    std::vector<std::string> scopes;
    bool in_function = false;
    bool guard_noted = false;
    TSNode cur = stmt;
    for (int i = 0; i < kMaxAncestors; ++i) {
      TSNode parent = ts_node_parent(cur);
      if (ts_node_is_null(parent)) break;
      std::string_view type = Type(parent);
      if (type == "block" && !in_function) {
        AddEarlyExits(parent, cur, site);
      } else if (!in_function && AddGuard(parent, cur, site) && !guard_noted) {
        guard_noted = true;
        AddNote(site, CommentAbove(ts::Line(GuardStatement(parent))), "guard-comment");
      }
      if (type == "function_definition" || type == "class_definition") {
        scopes.push_back(std::string(ts::Text(Field(parent, "name"), src_)));
        if (type == "function_definition" && !in_function) {
          in_function = true;
          site->function_line = ts::Line(parent);
          AddFunctionNotes(parent, site);
        }
      }
      cur = parent;
    }
    std::reverse(scopes.begin(), scopes.end());
    site->function = Join(scopes, ".");
    std::sort(site->conditions.begin(), site->conditions.end(),
              [](const PathCondition& a, const PathCondition& b) { return a.line < b.line; });
    if (auto it = class_docs_.find(site->error_class); it != class_docs_.end()) {
      site->notes.push_back(it->second);
    }
  }

  // The if/elif/else/while/except that `child` (a block) is the body of.
  // Returns true when a guard condition was added.
  bool AddGuard(TSNode parent, TSNode child, ErrorSite* site) {
    std::string_view type = Type(parent);
    if (!Is(child, "block")) return false;
    if (type == "if_statement" && ts_node_eq(Field(parent, "consequence"), child)) {
      AddCondition(site, Field(parent, "condition"), true);
      return true;
    }
    if (type == "elif_clause") {
      AddPriorBranchesFalse(ts_node_parent(parent), parent, site);
      AddCondition(site, Field(parent, "condition"), true);
      return true;
    }
    if (type == "else_clause" && Is(ts_node_parent(parent), "if_statement")) {
      AddPriorBranchesFalse(ts_node_parent(parent), parent, site);
      return true;
    }
    if (type == "while_statement") {
      AddCondition(site, Field(parent, "condition"), true);
      return true;
    }
    if (type == "except_clause") {
      PathCondition c;
      std::string_view header = ts::Text(parent, src_);
      header = header.substr(0, header.find(':'));
      c.expr = CollapseSpace(header);
      c.line = ts::Line(parent);
      site->conditions.push_back(c);
      return true;
    }
    return false;
  }

  TSNode GuardStatement(TSNode clause) {
    return Is(clause, "elif_clause") || Is(clause, "else_clause") ? ts_node_parent(clause)
                                                                    : clause;
  }

  void AddPriorBranchesFalse(TSNode if_stmt, TSNode upto, ErrorSite* site) {
    if (!Is(if_stmt, "if_statement")) return;
    AddCondition(site, Field(if_stmt, "condition"), false);
    for (TSNode c : NamedChildren(if_stmt)) {
      if (ts_node_eq(c, upto)) break;
      if (Is(c, "elif_clause")) AddCondition(site, Field(c, "condition"), false);
    }
  }

  // `if cond: return` (no else) before `stmt` in the same block means `cond`
  // was false on the way to the site.
  void AddEarlyExits(TSNode block, TSNode stmt, ErrorSite* site) {
    for (TSNode s : NamedChildren(block)) {
      if (ts_node_start_byte(s) >= ts_node_start_byte(stmt)) break;
      if (!Is(s, "if_statement") || !ts_node_is_null(Field(s, "alternative"))) continue;
      std::vector<TSNode> body = NamedChildren(Field(s, "consequence"));
      if (body.empty()) continue;
      std::string_view last = Type(body.back());
      if (last == "return_statement" || last == "raise_statement" ||
          last == "continue_statement" || last == "break_statement") {
        AddCondition(site, Field(s, "condition"), false);
      }
    }
  }

  void AddCondition(ErrorSite* site, TSNode cond, bool polarity) {
    if (ts_node_is_null(cond)) return;
    PathCondition c;
    c.expr = CollapseSpace(ts::Text(cond, src_));
    c.polarity = polarity;
    c.line = ts::Line(cond);
    site->conditions.push_back(c);
  }

  void AddFunctionNotes(TSNode fn, ErrorSite* site) {
    TSNode body = Field(fn, "body");
    TSNode first = ts::FirstNamed(body);
    if (Is(first, "expression_statement")) {
      TSNode s = ts::FirstNamed(first);
      if (Is(s, "string")) {
        SourceNote note;
        note.text = Dedent(StringNodeTemplate(s, src_).Display());
        note.first_line = ts::Line(s);
        note.last_line = ts::EndLine(s);
        note.origin = "docstring";
        if (!note.text.empty()) site->notes.push_back(note);
      }
    }
    // Comments that open the body (tree-sitter keeps them outside the block).
    AddNote(site, CommentAbove(ts::Line(body)), "function-comment");
  }

  void AddNote(ErrorSite* site, SourceNote note, const char* origin) {
    if (note.text.empty()) return;
    for (const SourceNote& n : site->notes) {
      if (n.first_line == note.first_line) return;
    }
    note.origin = origin;
    site->notes.push_back(std::move(note));
  }

  // The block of `#` comment lines directly above `line` (1-based).
  SourceNote CommentAbove(int line) {
    SourceNote note;
    int i = line - 1;  // 1-based line above
    std::vector<std::string> texts;
    while (i >= 1 && i <= static_cast<int>(lines_.size())) {
      std::string_view t = Trim(lines_[i - 1]);
      if (t.empty() || t[0] != '#') break;
      t.remove_prefix(1);
      texts.push_back(std::string(Trim(t)));
      --i;
    }
    if (texts.empty()) return note;
    std::reverse(texts.begin(), texts.end());
    note.text = Join(texts, " ");
    note.first_line = i + 1;
    note.last_line = line - 1;
    return note;
  }

  void CollectClassDocstrings(TSNode root) {
    for (TSNode c : NamedChildren(root)) {
      TSNode cls = Is(c, "decorated_definition") ? Field(c, "definition") : c;
      if (!Is(cls, "class_definition")) continue;
      TSNode first = ts::FirstNamed(Field(cls, "body"));
      if (!Is(first, "expression_statement")) continue;
      TSNode s = ts::FirstNamed(first);
      if (!Is(s, "string")) continue;
      SourceNote note;
      note.text = Dedent(StringNodeTemplate(s, src_).Display());
      note.first_line = ts::Line(s);
      note.last_line = ts::EndLine(s);
      note.origin = "class-docstring";
      if (!note.text.empty()) {
        class_docs_[std::string(ts::Text(Field(cls, "name"), src_))] = note;
      }
    }
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  std::vector<ErrorSite>* out_;
  std::map<std::string, SourceNote> class_docs_;
};

class PythonExtractor : public Extractor {
 public:
  std::string_view language() const override { return "python"; }
  bool Handles(std::string_view path) const override {
    return path.ends_with(".py") || path.ends_with(".pyw");
  }
  Status Extract(const SourceFile& file, std::vector<ErrorSite>* sites,
                 bool* had_syntax_errors) const override {
    ts::TreePtr tree = ts::Parse(tree_sitter_python(), file.content);
    if (!tree) return Status::InvalidArgument(file.path + ": parser gave up (timeout)");
    TSNode root = ts_tree_root_node(tree.get());
    if (had_syntax_errors) *had_syntax_errors = ts_node_has_error(root);
    PythonFile(file, sites).Run(root);
    return Status::OK();
  }
};

}  // namespace

const Extractor* PythonExtractorInstance() {
  static const PythonExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
