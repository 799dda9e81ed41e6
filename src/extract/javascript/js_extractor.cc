// JavaScript/TypeScript extractor: finds the error sites of one .js/.mjs/
// .cjs/.jsx/.ts/.tsx file and reconstructs each message template from the
// syntax tree: string literals, template literals (`${x}` holes), `+`
// concatenation, util.format verbs and messages held in variables.
//
// Sites: `throw new X(...)`, `throw X(...)`, `throw "text"`, error objects
// built and then thrown or passed on (`const err = new Error(msg); err.code =
// 'E'; throw err`, `Promise.reject(new Error(..))`, `cb(new Error(..))`),
// error factories (`createError(404, 'msg')`, `Boom.notFound('msg')`) and HTTP
// responses (`res.status(404).json({error: 'msg'})`). Error codes come from
// `code:` properties, `err.code = ...` assignments, CONSTANT_CASE code
// arguments (`new AxiosError(msg, AxiosError.ERR_BAD_REQUEST)`) and Node's
// `new ERR_X(...)` classes.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
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
#include "extract/common/message_tables.h"
#include "extract/common/printf_format.h"
#include "extract/common/terminal_styles.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/javascript/append_paths.h"
#include "extract/javascript/message_idioms.h"
#include "resolve/call_facts.h"
#include "resolve/link.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_javascript();
extern "C" const TSLanguage* tree_sitter_typescript();
extern "C" const TSLanguage* tree_sitter_tsx();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
using ts::kMaxAncestors;
constexpr size_t kMaxAssignmentsPerName = 256;
// Values of a local assigned in branches that each may be the message
// (BranchChosenValues); more is a table, not a message's cases.
constexpr size_t kMaxBranchValues = 16;

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }

// `ERR_BAD_REQUEST`, `ECONNRESET`, `E_TIMEOUT`: an identifier that reads as an
// error code rather than a value.
bool LooksLikeCode(std::string_view s) {
  if (s.size() < 3 || !IsUpper(s[0])) return false;
  bool underscore = false;
  for (char c : s) {
    if (c == '_') {
      underscore = true;
    } else if (!IsUpper(c) && !std::isdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return underscore || s[0] == 'E';
}

// Constructor names that build an error object even when not thrown here.
bool LooksLikeErrorClass(std::string_view name) {
  std::string last = LastDotComponent(name);
  if (last.empty() || !IsUpper(last[0])) return false;
  // A warning object built and handed on (webpack's
  // `compilation.warnings.push(new AssetsOverSizeLimitWarning(..))`) is
  // shown to the user as errors are.
  return last.ends_with("Error") || last.ends_with("Exception") || last.ends_with("Err") ||
         last.ends_with("Warning") || last.starts_with("ERR_") || last == "Boom";
}

std::optional<int> StatusForClass(std::string_view cls) {
  static const std::map<std::string_view, int> kTable = {{"BadRequestError", 400},
                                                         {"BadRequestException", 400},
                                                         {"UnauthorizedError", 401},
                                                         {"UnauthorizedException", 401},
                                                         {"ForbiddenError", 403},
                                                         {"ForbiddenException", 403},
                                                         {"NotFoundError", 404},
                                                         {"NotFoundException", 404},
                                                         {"MethodNotAllowedError", 405},
                                                         {"ConflictError", 409},
                                                         {"ConflictException", 409},
                                                         {"GoneError", 410},
                                                         {"PayloadTooLargeError", 413},
                                                         {"UnprocessableEntityError", 422},
                                                         {"UnprocessableEntityException", 422},
                                                         {"TooManyRequestsError", 429},
                                                         {"InternalServerError", 500},
                                                         {"InternalServerErrorException", 500},
                                                         {"NotImplementedError", 501},
                                                         {"NotImplementedException", 501},
                                                         {"BadGatewayError", 502},
                                                         {"ServiceUnavailableError", 503},
                                                         {"ServiceUnavailableException", 503},
                                                         {"GatewayTimeoutError", 504}};
  auto it = kTable.find(cls);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

// hapi's Boom helpers.
std::optional<int> StatusForBoom(std::string_view method) {
  static const std::map<std::string_view, int> kTable = {
      {"badRequest", 400},         {"unauthorized", 401},   {"paymentRequired", 402},
      {"forbidden", 403},          {"notFound", 404},       {"methodNotAllowed", 405},
      {"notAcceptable", 406},      {"conflict", 409},       {"resourceGone", 410},
      {"preconditionFailed", 412}, {"entityTooLarge", 413}, {"badData", 422},
      {"tooManyRequests", 429},    {"internal", 500},       {"badImplementation", 500},
      {"notImplemented", 501},     {"badGateway", 502},     {"serverUnavailable", 503},
      {"gatewayTimeout", 504}};
  auto it = kTable.find(method);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

std::string ReasonPhrase(std::optional<int> status) {
  static const std::map<int, std::string> kPhrases = {{400, "Bad Request"},
                                                      {401, "Unauthorized"},
                                                      {402, "Payment Required"},
                                                      {403, "Forbidden"},
                                                      {404, "Not Found"},
                                                      {405, "Method Not Allowed"},
                                                      {406, "Not Acceptable"},
                                                      {408, "Request Timeout"},
                                                      {409, "Conflict"},
                                                      {410, "Gone"},
                                                      {411, "Length Required"},
                                                      {412, "Precondition Failed"},
                                                      {413, "Payload Too Large"},
                                                      {414, "URI Too Long"},
                                                      {415, "Unsupported Media Type"},
                                                      {416, "Range Not Satisfiable"},
                                                      {417, "Expectation Failed"},
                                                      {418, "I'm a Teapot"},
                                                      {421, "Misdirected Request"},
                                                      {422, "Unprocessable Entity"},
                                                      {423, "Locked"},
                                                      {424, "Failed Dependency"},
                                                      {425, "Too Early"},
                                                      {426, "Upgrade Required"},
                                                      {428, "Precondition Required"},
                                                      {429, "Too Many Requests"},
                                                      {431, "Request Header Fields Too Large"},
                                                      {451, "Unavailable For Legal Reasons"},
                                                      {500, "Internal Server Error"},
                                                      {501, "Not Implemented"},
                                                      {502, "Bad Gateway"},
                                                      {503, "Service Unavailable"},
                                                      {504, "Gateway Timeout"}};
  if (!status) return "HTTP error";
  auto it = kPhrases.find(*status);
  return it == kPhrases.end() ? "HTTP " + std::to_string(*status) : it->second;
}

std::optional<int> HttpStatusLiteral(TSNode n, std::string_view src) {
  if (!Is(n, "number")) return std::nullopt;
  std::string_view t = ts::Text(n, src);
  if (t.size() != 3 || !std::all_of(t.begin(), t.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      })) {
    return std::nullopt;
  }
  int v = std::stoi(std::string(t));
  if (v < 100 || v > 599) return std::nullopt;
  return v;
}

// Decodes a JavaScript string literal body (escapes, line continuations).
std::string DecodeJsEscapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    uint32_t cp = 0;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case '0':
        out += '\0';
        break;
      case '\r':
        if (i + 1 < body.size() && body[i + 1] == '\n') ++i;
        break;
      case '\n':
        break;  // line continuation
      case 'x': {
        size_t j = i + 1;
        if (ParseHex(body, &j, 2, &cp) && j == i + 3) {
          AppendUtf8(cp, &out);
          i = j - 1;
        } else {
          out += e;
        }
        break;
      }
      case 'u': {
        size_t j = i + 1;
        bool ok;
        if (j < body.size() && body[j] == '{') {
          ++j;
          ok = ParseHex(body, &j, 6, &cp) && j < body.size() && body[j] == '}';
          if (ok) ++j;
        } else {
          ok = ParseHex(body, &j, 4, &cp) && j == i + 5;
        }
        if (!ok) {
          out += e;
          break;
        }
        // A surrogate pair written as two escapes.
        if (cp >= 0xD800 && cp <= 0xDBFF && j + 5 < body.size() && body[j] == '\\' &&
            body[j + 1] == 'u') {
          size_t k = j + 2;
          uint32_t lo = 0;
          if (ParseHex(body, &k, 4, &lo) && k == j + 6 && lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            j = k;
          }
        }
        AppendUtf8(cp, &out);
        i = j - 1;
        break;
      }
      default:
        out += e;
    }
  }
  return out;
}

// The scope name of a node for function names in records.
// `parent` names an anonymous function: `const f = () => ..`, `{ f: function () {} }`.
std::string JsScopeNameIn(TSNode n, TSNode parent, std::string_view src, bool* is_function) {
  std::string_view type = Type(n);
  if (type == "class_declaration" || type == "class" || type == "abstract_class_declaration") {
    return std::string(ts::Text(Field(n, "name"), src));
  }
  if (type == "function_declaration" || type == "generator_function_declaration" ||
      type == "method_definition") {
    *is_function = true;
    return std::string(ts::Text(Field(n, "name"), src));
  }
  if (type == "arrow_function" || type == "function_expression" || type == "function" ||
      type == "generator_function") {
    *is_function = true;
    if (Is(parent, "variable_declarator")) return std::string(ts::Text(Field(parent, "name"), src));
    if (Is(parent, "pair")) return std::string(ts::Text(Field(parent, "key"), src));
    if (Is(parent, "assignment_expression")) {
      return LastDotComponent(ts::Text(Field(parent, "left"), src));
    }
    return std::string(ts::Text(Field(n, "name"), src));
  }
  return "";
}

std::string JsScopeName(TSNode n, std::string_view src, bool* is_function) {
  return JsScopeNameIn(n, ts_node_parent(n), src, is_function);
}

const BraceSyntax& JsSyntax() {
  static const BraceSyntax kSyntax{
      JsScopeName,
      {"statement_block", "program", "switch_case", "switch_default"},
      {"return_statement", "throw_statement", "continue_statement", "break_statement"},
      "catch_clause",
      nullptr,
      JsScopeNameIn};
  return kSyntax;
}

bool IsFunctionNode(TSNode n) {
  std::string_view t = Type(n);
  return t == "function_declaration" || t == "generator_function_declaration" ||
         t == "method_definition" || t == "arrow_function" || t == "function_expression" ||
         t == "function" || t == "generator_function";
}

// The innermost function holding `n`, else the root.
TSNode EnclosingScope(TSNode n) {
  return ts::EnclosingScope(n, [](TSNode a) { return IsFunctionNode(a); });
}

// Symbol ids of the node types the walk compares every node against
// (comparing ids, not type strings); they differ between the grammars.
struct JsIds {
  TSSymbol throw_statement, new_expression, call_expression, variable_declarator,
      assignment_expression, augmented_assignment_expression, member_expression, string, regex,
      class_declaration, class_expression, abstract_class, return_statement, switch_statement,
      switch_case, switch_default;
  TSFieldId function, constructor, object, property, arguments, left;
  std::vector<TSSymbol> functions;  // the types IsFunctionNode accepts

  bool IsFunction(TSSymbol s) const {
    return std::find(functions.begin(), functions.end(), s) != functions.end();
  }
};

JsIds MakeIds(const TSLanguage* lang) {
  auto sym = [&](std::string_view n) { return ts::Symbol(lang, n); };
  auto field = [&](std::string_view n) {
    return ts_language_field_id_for_name(lang, n.data(), static_cast<uint32_t>(n.size()));
  };
  JsIds ids{sym("throw_statement"),
            sym("new_expression"),
            sym("call_expression"),
            sym("variable_declarator"),
            sym("assignment_expression"),
            sym("augmented_assignment_expression"),
            sym("member_expression"),
            sym("string"),
            sym("regex"),
            sym("class_declaration"),
            sym("class"),
            sym("abstract_class_declaration"),
            sym("return_statement"),
            sym("switch_statement"),
            sym("switch_case"),
            sym("switch_default"),
            field("function"),
            field("constructor"),
            field("object"),
            field("property"),
            field("arguments"),
            field("left"),
            {}};
  for (std::string_view t :
       {"function_declaration", "generator_function_declaration", "method_definition",
        "arrow_function", "function_expression", "function", "generator_function"}) {
    TSSymbol s = sym(t);
    if (s != 0) ids.functions.push_back(s);  // 0: not in this grammar
  }
  return ids;
}

const JsIds& IdsFor(const TSLanguage* lang) {
  static const JsIds kJs = MakeIds(tree_sitter_javascript());
  static const JsIds kTs = MakeIds(tree_sitter_typescript());
  static const JsIds kTsx = MakeIds(tree_sitter_tsx());
  if (lang == tree_sitter_typescript()) return kTs;
  if (lang == tree_sitter_tsx()) return kTsx;
  return kJs;
}

using Ancestors = std::vector<TSNode>;

// Per-file extraction state.
class JsFile {
 public:
  JsFile(const SourceFile& file, std::string language, const TSLanguage* grammar,
         std::vector<ErrorSite>* out, FileFacts* facts = nullptr)
      : file_(file),
        src_(file.content),
        language_(std::move(language)),
        ids_(IdsFor(grammar)),
        out_(out),
        facts_(facts) {}

  // One iterative pre-order walk (nesting depth is untrusted) gathers the
  // candidate sites and the assignment index; the sites are handled after
  // it, in source order. The walk carries each node's ancestors:
  // ts_node_parent searches down from the root on every call in the 0.20
  // runtime.
  void Run(TSNode root) {
    root_ = root;
    catalog_ = js::IsMessageCatalogPath(file_.path);
    template_module_ = js::IsMessageTemplateModulePath(file_.path);
    CollectLazyRequires(root);
    if (facts_) CollectSharedConstants(root);
    if (facts_) CollectImports(root);
    ts::WalkWithAncestors(root, [this](TSNode n, const Ancestors& anc) { return Visit(n, anc); });
    for (const Pending& p : pending_) {
      if (p.symbol == ids_.throw_statement) {
        HandleThrow(p.node, p.ancestors);
      } else if (p.symbol == ids_.new_expression) {
        HandleNew(p.node, p.ancestors);
      } else {
        HandleCall(p.node, p.ancestors);
      }
    }
    for (const Pending& p : code_cases_) HandleCodeCase(p);
    for (const Pending& p : check_returns_) HandleCheckReturn(p);
    if (facts_) CollectLinks();
    if (facts_) CollectTextFunctions();
  }

 private:
  // A candidate site and its ancestors (root first).
  struct Pending {
    TSNode node;
    TSSymbol symbol;
    Ancestors ancestors;
  };

  // Returns whether to descend: string and regex literals hold no sites.
  bool Visit(TSNode n, const Ancestors& anc) {
    TSSymbol sym = ts_node_symbol(n);
    if (sym == ids_.string || sym == ids_.regex) return ts_node_has_error(n);
    if (facts_ && ids_.IsFunction(sym) && Is(n, "arrow_function") &&
        !Is(Field(n, "body"), "statement_block")) {
      text_returns_.push_back(Pending{n, sym, anc});
    }
    if (sym == ids_.throw_statement) {
      pending_.push_back(Pending{n, sym, anc});
    } else if (sym == ids_.return_statement) {
      if (template_module_) HandleTemplateText(ts::FirstNamed(n), n, anc);
      if (!ts_node_is_null(CodeCase(anc))) code_cases_.push_back(Pending{n, sym, anc});
      if (InCheckFunction(anc)) check_returns_.push_back(Pending{n, sym, anc});
      if (facts_ && ts_node_named_child_count(n) > 0) text_returns_.push_back(Pending{n, sym, anc});
    } else if (sym == ids_.new_expression) {
      // Only `new X(...)` with an uppercase name can be a site (HandleNew).
      std::string ctor_name = CtorName(ts_node_child_by_field_id(n, ids_.constructor));
      std::string_view name = ctor_name;
      std::string_view last = name.substr(name.rfind('.') + 1);  // npos + 1 == 0
      if (!last.empty() && IsUpper(last[0])) pending_.push_back(Pending{n, sym, anc});
    } else if (sym == ids_.call_expression) {
      if ((IsThisReport(n) && InObjectMethod(anc)) || IsLoggerReport(n) || IsConsoleReport(n) ||
          IsConsoleLog(n) || IsCallbackName(n)) {
        pending_.push_back(Pending{n, sym, anc});
      }
      if (IsSiteCall(n) || IsAssertionCall(n)) {
        pending_.push_back(Pending{n, sym, anc});
      } else if (facts_ && IsLinkCandidate(n)) {
        link_pending_.push_back(Pending{n, sym, anc});
      } else if (facts_) {
        // console.error(msg) followed by process.exit() in the same
        // function: the printed message is the error the user sees.
        std::string_view fn = ts::Text(ts_node_child_by_field_id(n, ids_.function), src_);
        if (fn == "console.error") {
          console_errors_.push_back(Pending{n, sym, anc});
        } else if (fn == "process.exit") {
          size_t k = anc.size();
          while (k > 0 && !ids_.IsFunction(ts_node_symbol(anc[k - 1]))) --k;
          if (k > 0) {
            uint32_t& last = exits_[anc[k - 1].id];
            last = std::max(last, ts_node_start_byte(n));
          }
        }
      }
    } else if (template_module_ && Is(n, "pair")) {
      TSNode value = Field(n, "value");
      if (Is(value, "template_string")) HandleTemplateText(value, n, anc);
    } else if (Is(n, "enum_declaration")) {
      HandleMessageEnum(n, anc);
    } else if (sym == ids_.variable_declarator || sym == ids_.assignment_expression ||
               sym == ids_.augmented_assignment_expression) {
      IndexAssignment(n, anc);
      if (facts_ && sym == ids_.variable_declarator && !InFunction(anc)) NoteMessageTable(n);
      if (sym == ids_.assignment_expression && catalog_) HandleCatalogEntry(n, anc);
      if (sym == ids_.assignment_expression &&
          js::IsMessageVariable(ts::Text(ts_node_child_by_field_id(n, ids_.left), src_)) &&
          !ts_node_is_null(CodeCase(anc))) {
        code_cases_.push_back(Pending{n, sym, anc});
      }
      if (facts_ && sym == ids_.assignment_expression &&
          ts::Text(ts_node_child_by_field_id(n, ids_.left), src_) == "this.message") {
        message_assigns_.push_back(Pending{n, sym, anc});
      }
      if (sym == ids_.assignment_expression) HandleErrorRewrite(n, anc);
    } else if (facts_ && (ids_.IsFunction(sym) || sym == ids_.class_declaration ||
                          sym == ids_.class_expression || sym == ids_.abstract_class)) {
      bool is_function = false;
      std::string name = JsScopeNameIn(n, anc.empty() ? TSNode{} : anc.back(), src_, &is_function);
      if (!name.empty() && name != "constructor") facts_->link_names.push_back(name);
    }
    return true;
  }

  // --- message enums ---------------------------------------------------------

  // `export const enum Errors { FileNotFound = 'File not found: {{inputPath}}' }`
  // (ts-jest's messages.ts): a TypeScript enum named for messages holds each
  // text once, where the member is declared; the code that interpolates and
  // logs it (`interpolate(Errors.FileNotFound, {..})`) says nothing of its
  // words. Each member with sentence text is a record at its own line, its
  // `{{name}}` places holes.
  void HandleMessageEnum(TSNode decl, const Ancestors& anc) {
    std::string name = ToLower(ts::Text(Field(decl, "name"), src_));
    bool messages = false;
    for (std::string_view w : {"message", "error", "warning", "deprecation", "msg"}) {
      messages |= name.find(w) != std::string::npos;
    }
    if (!messages) return;
    bool warn =
        name.find("warn") != std::string::npos || name.find("deprecat") != std::string::npos;
    for (TSNode member : NamedChildren(Field(decl, "body"))) {
      if (!Is(member, "enum_assignment")) continue;
      TSNode value = Field(member, "value");
      if (!Is(value, "string") && !Is(value, "template_string")) continue;
      std::string note;
      Template text = DoubleBraceHoles(ExprTemplate(value, ts_node_start_byte(value), 0, &note));
      if (!HasSpace(text) || text.LiteralWords() < 2) continue;  // a key, not a sentence
      ErrorSite site = NewSite(member, warn ? SiteKind::kWarning : SiteKind::kLog);
      site.severity = warn ? "warning" : "error";
      site.message = std::move(text);
      site.message_origin_note = "the text of `" +
                                 std::string(ts::Text(Field(decl, "name"), src_)) + "." +
                                 std::string(ts::Text(Field(member, "name"), src_)) +
                                 "`, reported where the member is used";
      size_t depth = anc.size();
      Finish(member, std::move(site), anc, depth, "", /*sink=*/false);
    }
  }

  // "File not found: {{inputPath}}" -> "File not found: " + hole inputPath.
  static Template DoubleBraceHoles(const Template& t) {
    Template out;
    for (const Piece& p : t.pieces()) {
      if (p.is_hole) {
        out.AddHole(p.text, p.expr);
        continue;
      }
      std::string_view rest = p.text;
      for (size_t open; (open = rest.find("{{")) != std::string_view::npos;) {
        size_t close = rest.find("}}", open + 2);
        if (close == std::string_view::npos) break;
        std::string_view hole = Trim(rest.substr(open + 2, close - open - 2));
        if (hole.empty() || hole.find(' ') != std::string_view::npos) break;
        if (open > 0) out.AddLiteral(rest.substr(0, open));
        out.AddHole(std::string(rest.substr(open, close + 2 - open)), std::string(hole));
        rest.remove_prefix(close + 2);
      }
      if (!rest.empty()) out.AddLiteral(rest);
    }
    return out;
  }

  // --- message tables (src/resolve/message_tables.h) ------------------------

  // Module level: a function's object literal is its own data.
  bool InFunction(const Ancestors& anc) const {
    for (TSNode a : anc) {
      if (ids_.IsFunction(ts_node_symbol(a))) return true;
    }
    return false;
  }

  // `const messages = {notFound: 'No such file', ..}` (also `as const`,
  // `satisfies ..`, `Object.freeze({..})`) with text in most entries.
  void NoteMessageTable(TSNode n) {
    TSNode value = Field(n, "value");
    for (int k = 0; k < 3 && !ts_node_is_null(value) && !Is(value, "object"); ++k) {
      if (Is(value, "satisfies_expression") || Is(value, "as_expression") ||
          Is(value, "parenthesized_expression")) {
        value = ts::FirstNamed(value);
      } else if (Is(value, "call_expression") &&
                 ts::Text(ts_node_child_by_field_id(value, ids_.function), src_) ==
                     "Object.freeze") {
        value = ts::FirstNamed(ts_node_child_by_field_id(value, ids_.arguments));
      } else {
        return;
      }
    }
    if (!Is(value, "object")) return;
    MessageTable t;
    t.name = std::string(ts::Text(Field(n, "name"), src_));
    t.line = ts::Line(n);
    int items = 0;
    for (TSNode pair : NamedChildren(value)) {
      ++items;
      if (!Is(pair, "pair")) continue;
      TSNode key = Field(pair, "key");
      TSNode v = Field(pair, "value");
      std::string k;
      if (Is(key, "property_identifier")) {
        k = std::string(ts::Text(key, src_));
      } else if (Is(key, "string")) {
        k = StringTemplate(key).Display();
      } else {
        continue;
      }
      if (!Is(v, "string") && !Is(v, "template_string") && !Is(v, "binary_expression")) continue;
      std::string note;
      Template text = ExprTemplate(v, ts_node_start_byte(v), 0, &note);
      if (!IsMessageTableText(text)) continue;
      t.entries.push_back({std::move(k), std::move(text), ts::Line(pair)});
    }
    if (IsMessageTable(t, static_cast<size_t>(items))) {
      facts_->message_tables.push_back(std::move(t));
    }
  }

  // --- text functions (src/resolve/link_text_functions.h) -------------------

  // Returns with text (`return \`bad ${x}\``, each branch of `c ? 'a' :
  // 'b'`) are candidate messages for raises that call their function; an
  // arrow function's expression body is its return.
  void CollectTextFunctions() {
    TextFunctionCollector collector;
    auto add = [&](const Ancestors& anc, TSNode value, int line) {
      const FuncInfo& fi = Enclosing(anc);
      if (!fi.valid || fi.ctor || fi.name.empty()) return;
      if (!collector.IsOpen(fi.node.id)) {
        TextFunction tf;
        tf.name = fi.name;
        tf.qualified = fi.qual;
        tf.params = fi.params;
        tf.method = fi.method;
        tf.language = language_;
        tf.line = fi.line;
        collector.Open(fi.node.id, std::move(tf));
      }
      std::vector<Template> values = MessageAlternatives(value, ts_node_start_byte(value));
      if (values.empty()) {
        std::string note;
        values.push_back(ExprTemplate(value, ts_node_start_byte(value), 0, &note));
      }
      for (const Template& t : values) collector.AddReturn(fi.node.id, t, line);
    };
    for (const Pending& p : text_returns_) {
      if (p.symbol == ids_.return_statement) {
        add(p.ancestors, ts::FirstNamed(p.node), ts::Line(p.node));
        continue;
      }
      Ancestors with_fn = p.ancestors;
      with_fn.push_back(p.node);
      TSNode body = Field(p.node, "body");
      add(with_fn, body, ts::Line(body));
    }
    collector.Emit(facts_);
  }

  // --- linking facts (src/resolve/link.h) -------------------------------------

  // Calls that may pass a message on: a named callee that is not the
  // platform's, with arguments. Decided by text only (this runs for every call).
  bool IsLinkCandidate(TSNode call) const {
    TSNode args = ts_node_child_by_field_id(call, ids_.arguments);
    if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return false;
    TSNode fn = ts_node_child_by_field_id(call, ids_.function);
    std::string_view text = ts::Text(fn, src_);
    if (text == "super") return true;
    std::string_view last = text.substr(text.rfind('.') + 1);  // npos + 1 == 0
    if (last.empty() || last.size() > 64) return false;
    for (char c : last) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$' && c != '#') {
        return false;
      }
    }
    // clang-format off
    static const std::set<std::string_view> kNotSinks = {
        "require", "import", "push", "join", "split", "replace", "includes", "indexOf",
        "lastIndexOf", "startsWith", "endsWith", "slice", "concat", "test", "match", "exec",
        "get", "set", "has", "add", "delete", "on", "once", "off", "emit", "then", "catch",
        "finally", "call", "apply", "bind", "log", "debug", "info", "trace", "map", "filter",
        "forEach", "reduce", "some", "every", "find", "findIndex", "assign", "keys", "values",
        "entries", "stringify", "parse", "resolve", "describe", "it", "test", "expect",
        "addEventListener", "removeEventListener", "querySelector", "write", "toString",
        "substring", "substr", "trim", "padStart", "padEnd", "repeat", "unshift", "splice",
        "sort", "setTimeout", "setInterval", "defineProperty", "hasOwnProperty", "tap",
        "tapAsync", "tapPromise", "intercept", "for", "callAsync", "promise", "getHooks",
        "createHash", "digest", "update", "from", "of", "isArray", "freeze", "localeCompare"};
    // clang-format on
    if (kNotSinks.count(last)) return false;
    if (ts_node_symbol(fn) == ids_.member_expression) {
      std::string_view obj = ts::Text(ts_node_child_by_field_id(fn, ids_.object), src_);
      if (obj == "console" || obj == "Math" || obj == "JSON" || obj == "Object" || obj == "Array" ||
          obj == "Promise" || obj == "Reflect" || obj == "path" || obj == "fs" ||
          obj == "process") {
        return false;
      }
    }
    return true;
  }

  // The function a node sits in, as calls name it.
  struct FuncInfo {
    bool valid = false;
    TSNode node{};
    std::string qual, name;  // "Command.error", "error"; the class for a constructor
    bool method = false, ctor = false;
    std::vector<std::string> params;
    std::string heritage;  // a constructor's superclass, last component
    int line = 0;
  };

  // A function that sets `this.message` under a class-like name is an
  // ES5 constructor (multer's `function MulterError (code, field) { ..
  // this.message = errorMessages[code] }`, made an Error by
  // `util.inherits`): `new MulterError(..)` shows the text it sets.
  const FuncInfo& AsConstructor(const FuncInfo& fi) {
    if (!fi.valid || fi.ctor || fi.method || fi.name.empty() ||
        !std::isupper(static_cast<unsigned char>(fi.name[0])) ||
        !(Is(fi.node, "function_declaration") || Is(fi.node, "function_expression") ||
          Is(fi.node, "function"))) {
      return fi;
    }
    FuncInfo& mut = func_info_[fi.node.id];
    mut.ctor = true;
    mut.qual = mut.name;
    return mut;
  }

  const FuncInfo& Enclosing(const Ancestors& anc) {
    static const FuncInfo kNone;
    size_t k = anc.size();
    while (k > 0 && !ids_.IsFunction(ts_node_symbol(anc[k - 1]))) --k;
    if (k == 0) return kNone;
    TSNode fn = anc[k - 1];
    auto it = func_info_.find(fn.id);
    if (it != func_info_.end()) return it->second;
    FuncInfo& fi = func_info_[fn.id];
    fi.valid = true;
    fi.node = fn;
    fi.line = ts::Line(fn);
    bool is_function = false;
    fi.name = JsScopeNameIn(fn, k >= 2 ? anc[k - 2] : TSNode{}, src_, &is_function);
    std::string cls;
    TSNode cls_node{};
    if (Is(fn, "method_definition") && k >= 3 && Is(anc[k - 2], "class_body")) {
      cls_node = anc[k - 3];
      cls = std::string(ts::Text(Field(cls_node, "name"), src_));
    }
    fi.method = Is(fn, "method_definition");
    if (fi.method && fi.name == "constructor" && !cls.empty()) {
      fi.ctor = true;
      fi.method = false;
      fi.name = cls;
      fi.qual = cls;
      for (TSNode c : NamedChildren(cls_node)) {
        if (!Is(c, "class_heritage")) continue;
        std::string_view h = ts::Text(c, src_);
        size_t at = h.find("extends");
        if (at == std::string_view::npos) break;
        size_t b = at + 7, e;
        while (b < h.size() && std::isspace(static_cast<unsigned char>(h[b]))) ++b;
        for (e = b; e < h.size(); ++e) {
          char ch = h[e];
          if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '$' &&
              ch != '.') {
            break;
          }
        }
        fi.heritage = LastDotComponent(h.substr(b, e - b));
      }
    } else {
      fi.qual = cls.empty() ? fi.name : cls + "." + fi.name;
    }
    TSNode params = Field(fn, "parameters");
    if (ts_node_is_null(params)) {
      TSNode one = Field(fn, "parameter");  // `x => ...`
      if (!ts_node_is_null(one)) fi.params.emplace_back(ts::Text(one, src_));
    }
    for (TSNode p : NamedChildren(params)) {
      std::string_view t = Type(p);
      TSNode id = p, value{};
      if (t == "required_parameter" || t == "optional_parameter") {
        id = Field(p, "pattern");
        value = Field(p, "value");
      }
      if (Is(id, "assignment_pattern")) {
        value = Field(id, "right");
        id = Field(id, "left");
      }
      if (t == "comment" || t == "accessibility_modifier" || t == "this") continue;
      fi.params.push_back(Is(id, "identifier") ? std::string(ts::Text(id, src_)) : "");
      if (!fi.params.back().empty()) AddLiteralDefault(fn, fi.params.back(), value);
    }
    return fi;
  }

  // `constructor(message = 'Topology is closed') { super(message); }`
  // (mongodb's MongoTopologyClosedError): a parameter's literal default is
  // the text callers that pass nothing get, as `msg || '...'` is
  // (DefaultTemplate).
  void AddLiteralDefault(TSNode fn, const std::string& name, TSNode value) {
    if (ts_node_is_null(value) || (!Is(value, "string") && !Is(value, "template_string"))) {
      return;
    }
    std::string note;
    Template t = ExprTemplate(value, ts_node_start_byte(value), 1, &note);
    if (t.HasLiteralText()) param_defaults_[fn.id].emplace_back(name, std::move(t));
  }

  // Whether a hole of `t` names a parameter of `fi`.
  static bool NamesParam(const Template& t, const FuncInfo& fi) {
    for (const Piece& p : t.pieces()) {
      if (p.is_hole && !p.expr.empty() &&
          std::find(fi.params.begin(), fi.params.end(), p.expr) != fi.params.end()) {
        return true;
      }
    }
    return false;
  }

  // A hole looking a table up by a parameter (`errorMessages[code]`): the
  // link stage takes the entry for the key each call passes.
  static bool KeyedByParam(const Template& t, const FuncInfo& fi) {
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole) continue;
      for (const std::string& param : fi.params) {
        if (p.expr.size() > param.size() + 2 && p.expr.ends_with("[" + param + "]")) return true;
      }
    }
    return false;
  }

  // A site whose message holes name parameters of its function makes that
  // function a sink.
  void AddSink(const ErrorSite& site, const Ancestors& anc, const std::string& via_class) {
    const FuncInfo& fi = Enclosing(anc);
    if (!fi.valid || fi.name.empty()) return;
    // A constructor composes its class's message even from its own locals
    // (`this.message = `No metadata for "${name}" was found.``): every
    // construction of the class shows that text.
    // So does a constructor passing what a function returns (resolved by
    // ResolveTextFunctions, or left a hole).
    if (!NamesParam(site.message, fi) &&
        !(fi.ctor &&
          (site.message.HasLiteralText() || IsCallHole(site.message) ||
           RendersLaterParam(site.message, fi.params) || KeyedByParam(site.message, fi)))) {
      return;
    }
    SinkFact s;
    s.function = fi.qual;
    s.name = fi.name;
    s.language = language_;
    s.method = fi.method;
    s.constructor = fi.ctor;
    s.params = fi.params;
    s.message = site.message;
    s.error_class = fi.ctor ? fi.name : site.error_class;
    s.kind = site.kind;
    s.severity = site.severity;
    s.error_code = site.error_code;
    s.http_status = site.http_status;
    s.line = site.line;
    s.def_line = fi.line;
    s.via_class = via_class;
    s.param_defaults = DefaultsOf(fi.node);
    for (const std::string& p : s.params) {
      for (const PathCondition& c : site.conditions) {
        if (ReadsName(c.expr, p) && !OnlyTypeTested(c.expr, p)) {
          s.guarded.push_back(p);
          break;
        }
      }
    }
    facts_->sinks.push_back(std::move(s));
  }

  std::vector<std::pair<std::string, Template>> DefaultsOf(TSNode fn) const {
    auto it = param_defaults_.find(fn.id);
    return it == param_defaults_.end() ? std::vector<std::pair<std::string, Template>>{}
                                       : it->second;
  }

  static bool HasSpace(const Template& t) {
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole && p.text.find(' ') != std::string::npos) return true;
    }
    return false;
  }

  static bool BuiltinError(std::string_view name) {
    return name == "Error" || name == "TypeError" || name == "RangeError" ||
           name == "SyntaxError" || name == "ReferenceError" || name == "EvalError" ||
           name == "URIError";
  }

  // A link call with its arguments as templates; false when no argument
  // has text or names a parameter of the caller.
  bool MakeLinkCall(TSNode call, TSNode args_node, const Ancestors& anc, LinkCall* out,
                    bool always = false) {
    const FuncInfo& fi = Enclosing(anc);
    scope_hint_ = fi.valid ? fi.node : TSNode{};
    bool text = false, param = false;
    for (TSNode a : NamedChildren(args_node)) {
      if (Is(a, "comment")) continue;
      TSNode u = Unwrap(a);
      std::string note;
      Template t = Is(u, "object") || Is(u, "spread_element") || IsFunctionNode(u)
                       ? Template()
                       : ExprTemplate(u, ts_node_start_byte(call), 0, &note);
      if (Is(u, "identifier") && !HasSpace(t)) {
        // A local holding a word (`encoding = DEFAULT_ENCODING`) is a value,
        // maybe one of several; a local holding a sentence is a message.
        t = Template();
        AddExprHole(u, &t);
      }
      text |= t.HasLiteralText();
      param |= fi.valid && NamesParam(t, fi);
      out->args.push_back(std::move(t));
    }
    scope_hint_ = TSNode{};
    if (!text && !param && !always) return false;
    out->line = ts::Line(call);
    if (fi.valid) {
      out->caller = fi.qual;
      out->caller_name = fi.name;
      out->caller_method = fi.method;
      out->caller_constructor = fi.ctor;
      out->caller_params = fi.params;
      out->caller_param_defaults = DefaultsOf(fi.node);
      out->caller_line = fi.line;
    }
    return true;
  }

  // `console.error(fmt, ...)` in a function that then calls process.exit():
  // a sink when the printed text names the function's parameters.
  void CollectExitSinks() {
    for (const Pending& p : console_errors_) {
      const FuncInfo& fi = Enclosing(p.ancestors);
      if (!fi.valid) continue;
      auto exit = exits_.find(fi.node.id);
      if (exit == exits_.end() || exit->second < ts_node_start_byte(p.node)) continue;
      std::vector<TSNode> args = NamedChildren(Field(p.node, "arguments"));
      if (args.empty()) continue;
      std::string note;
      scope_hint_ = fi.node;
      Template msg = ExprTemplate(Unwrap(args[0]), ts_node_start_byte(p.node), 0, &note);
      if (args.size() > 1) {
        std::vector<std::string> rest;
        for (size_t i = 1; i < args.size(); ++i) rest.push_back(HoleExpr(args[i]));
        msg = ApplyPrintf(msg, rest, PrintfDialect::kNodeUtil);
      }
      scope_hint_ = TSNode{};
      size_t depth = 0;
      TSNode stmt = StatementOf(p.node, p.ancestors, &depth);
      if (ts_node_is_null(stmt)) continue;
      ErrorSite site = NewSite(stmt, SiteKind::kLog);
      site.message = std::move(msg);
      site = Context(stmt, std::move(site), p.ancestors, depth);
      AddSink(site, p.ancestors, "");
    }
  }

  void CollectLinks() {
    CollectExitSinks();
    std::set<const void*> message_ctors;  // constructors that set this.message
    for (const Pending& p : message_assigns_) {
      const FuncInfo& fi = AsConstructor(Enclosing(p.ancestors));
      if (!fi.valid || !fi.ctor) continue;
      std::string note;
      TSNode rhs = Field(p.node, "right");
      scope_hint_ = fi.node;
      Template t = ExprTemplate(rhs, ts_node_start_byte(p.node), 0, &note);
      scope_hint_ = TSNode{};
      message_ctors.insert(fi.node.id);
      ErrorSite site = NewSite(p.node, SiteKind::kRaise);
      site.message = t;
      site.error_class = fi.name;
      AddSink(site, p.ancestors, "");
    }
    for (const Pending& p : link_pending_) {
      TSNode fn = Field(p.node, "function");
      LinkCall call;
      bool super_call = Is(fn, "super");
      if (super_call) {
        const FuncInfo& fi = Enclosing(p.ancestors);
        if (!fi.valid || !fi.ctor || fi.heritage.empty() || message_ctors.count(fi.node.id)) {
          continue;
        }
        std::vector<TSNode> super_args = NamedChildren(Field(p.node, "arguments"));
        if (BuiltinError(fi.heritage) || !super_args.empty()) {
          // super(message): the class's own text. Through a repository base
          // class too (`class MissingSchemaError extends MongooseError`),
          // when the text is written here: base classes pass it on.
          if (super_args.empty()) continue;
          ErrorSite site = NewSite(p.node, SiteKind::kRaise);
          std::string note;
          scope_hint_ = fi.node;
          site.message = ExprTemplate(CallAssignedTo(Unwrap(super_args[0]), p.node),
                                      ts_node_start_byte(p.node), 0, &note);
          scope_hint_ = TSNode{};
          site.error_class = fi.name;
          // `const msg = formatMessage(type, value); super(msg)` (mongoose's
          // CastError): a text function may give the text when resolved.
          // `msg = msg || 'Cannot populate ..'; super(msg)`: the default
          // is this class's own text (DefaultTemplate).
          std::vector<std::pair<std::string, Template>> defaults = DefaultsOf(fi.node);
          if (BuiltinError(fi.heritage) || site.message.HasLiteralText() ||
              IsCallHole(site.message) || !defaults.empty() ||
              RendersLaterParam(site.message, fi.params)) {
            AddSink(site, p.ancestors, "");
            if (!defaults.empty()) AddDefaultSite(p, site, defaults);
            continue;
          }
        }
        call.callee = fi.heritage;
        call.construct = true;
      } else {
        std::string_view text = ts::Text(fn, src_);
        call.callee = std::string(text.substr(text.rfind('.') + 1));
        if (Is(fn, "member_expression"))
          call.receiver = std::string(ts::Text(Field(fn, "object"), src_));
        if (auto imported = imports_.find(call.callee);
            Is(fn, "identifier") && imported != imports_.end()) {
          call.callee = imported->second.first;
          call.module = imported->second.second;
        }
      }
      if (!MakeLinkCall(p.node, Field(p.node, "arguments"), p.ancestors, &call)) continue;
      for (LinkCall& each : FirstArgumentAlternatives(p, std::move(call), super_call)) {
        bool text = false;
        for (const Template& t : each.args) text |= t.HasLiteralText();
        if (text && !super_call) {
          size_t depth = 0;
          TSNode stmt = StatementOf(p.node, p.ancestors, &depth);
          if (!ts_node_is_null(stmt)) {
            ErrorSite site = NewSite(stmt, SiteKind::kRaise);
            for (TSNode a : NamedChildren(Field(p.node, "arguments"))) {
              if (Is(Unwrap(a), "object")) ReadObjectCode(Unwrap(a), &site);
            }
            each.site = Context(stmt, std::move(site), p.ancestors, depth);
            each.replaces_site = thrown_calls_.count(p.node.id) > 0;
          }
        }
        facts_->link_calls.push_back(std::move(each));
      }
    }
  }

  // nodemailer's `const message = utf8 ? 'Internationalized mailbox name
  // not allowed' : 'Mail command failed'; return
  // callback(this._formatError(message, 'EENVELOPE', str))`: a first
  // argument that holds one of several messages makes one call per message.
  std::vector<LinkCall> FirstArgumentAlternatives(const Pending& p, LinkCall call,
                                                  bool super_call) {
    std::vector<LinkCall> out;
    std::vector<TSNode> args = NamedChildren(Field(p.node, "arguments"));
    TSNode first = args.empty() ? TSNode{} : Unwrap(args[0]);
    if (!super_call && !call.args.empty() &&
        (Is(first, "identifier") || Is(first, "ternary_expression"))) {
      const FuncInfo& fi = Enclosing(p.ancestors);
      scope_hint_ = fi.valid ? fi.node : TSNode{};
      std::vector<Template> alts = MessageAlternatives(first, ts_node_start_byte(p.node));
      scope_hint_ = TSNode{};
      if (alts.size() >= 2) {
        for (Template& t : alts) {
          LinkCall each = call;
          each.args[0] = std::move(t);
          out.push_back(std::move(each));
        }
        return out;
      }
    }
    out.push_back(std::move(call));
    return out;
  }

  // The text a class shows when constructed without a message (`new
  // StrictPopulateError(path)`): a site at its super() call, found even
  // where the constructions are not linked to the class (a renamed
  // require: `const StrictPopulate = require('../error/strictPopulate')`).
  void AddDefaultSite(const Pending& p, ErrorSite site,
                      const std::vector<std::pair<std::string, Template>>& defaults) {
    Template t;
    for (const Piece& piece : site.message.pieces()) {
      const Template* d = nullptr;
      for (const auto& [name, value] : defaults) {
        if (piece.is_hole && piece.expr == name) d = &value;
      }
      if (d) {
        t.Append(*d);
      } else if (piece.is_hole) {
        t.AddHole(piece.text, piece.expr, piece.type);
      } else {
        t.AddLiteral(piece.text);
      }
    }
    if (!t.HasLiteralText()) return;
    size_t depth = 0;
    TSNode stmt = StatementOf(p.node, p.ancestors, &depth);
    if (ts_node_is_null(stmt)) return;
    site.message = std::move(t);
    site.message_origin_note = "the default message of `" + site.error_class + "`";
    out_->push_back(Context(stmt, std::move(site), p.ancestors, depth));
  }

  // `msg` in `const msg = formatMessage(a, b); super(msg)`: the call, when
  // it is the local's one value; else `n` itself.
  TSNode CallAssignedTo(TSNode n, TSNode use) {
    if (!Is(n, "identifier")) return n;
    std::vector<TSNode> assigns =
        AssignmentsTo(EnclosingScope(n), std::string(ts::Text(n, src_)), ts_node_start_byte(use));
    if (assigns.size() != 1) return n;
    TSNode value = Unwrap(AssignedValue(assigns[0]));
    return Is(value, "call_expression") ? value : n;
  }

  // A message that is one hole filled by a call (`formatMessage(a, b)`).
  // `super(driverError.toString().replace(..))` in `constructor(query,
  // parameters, driverError)` (typeorm's QueryFailedError): the class shows
  // a rendering of a parameter after the first, so its constructions do
  // not show their first argument (resolve/link.cc).
  static bool RendersLaterParam(const Template& t, const std::vector<std::string>& params) {
    if (t.HasLiteralText() || params.empty()) return false;
    bool later = false;
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole) continue;
      if (ReadsName(p.expr, params[0])) return false;
      for (size_t i = 1; i < params.size(); ++i) later |= ReadsName(p.expr, params[i]);
    }
    return later;
  }

  static bool IsCallHole(const Template& t) {
    if (t.pieces().size() != 1 || !t.pieces()[0].is_hole) return false;
    const std::string& e = t.pieces()[0].expr;
    size_t open = e.find('(');
    return open != std::string::npos && open > 0 && e.back() == ')' &&
           e.find_first_of(" +?`'\"") > open;
  }

  // `new X(...)` that made a site: a construction the class's constructor
  // may compose the message of.
  void AddConstructionLink(TSNode n, const ErrorSite& site, const Ancestors& anc) {
    LinkCall call;
    call.callee = LastDotComponent(CtorName(Field(n, "constructor")));
    call.construct = true;
    // Always linked: a class whose constructor writes the whole message
    // makes the site's text even when no argument has any.
    MakeLinkCall(n, Field(n, "arguments"), anc, &call, /*always=*/true);
    ErrorSite proto = site;
    proto.message = Template();
    proto.message_origin_note.clear();
    proto.message_opaque = false;
    call.site = std::move(proto);
    call.replaces_site = true;
    facts_->link_calls.push_back(std::move(call));
  }

  // The calls HandleCall looks at: IsFactoryCall or a response method, by
  // field and symbol ids (this runs for every call).
  bool IsSiteCall(TSNode call) const {
    TSNode fn = ts_node_child_by_field_id(call, ids_.function);
    std::string_view text = ts::Text(fn, src_);
    std::string_view last = text.substr(text.rfind('.') + 1);  // npos + 1 == 0
    if (last == "createError" || last == "createHttpError" || last == "httpError") return true;
    if (ts_node_is_null(fn) || ts_node_symbol(fn) != ids_.member_expression) return false;
    std::string_view obj = ts::Text(ts_node_child_by_field_id(fn, ids_.object), src_);
    if ((obj == "Boom" || obj == "boom") && StatusForBoom(last)) return true;
    std::string_view prop = ts::Text(ts_node_child_by_field_id(fn, ids_.property), src_);
    return prop == "send" || prop == "json" || prop == "end" || prop == "sendStatus";
  }

  // `logger.error(msg)`, `config.logger.warn(colors.yellow(msg))`,
  // `utils.log.fail(msg)`: an error- or warning-level log through an object
  // named as a logger.
  bool IsLoggerReport(TSNode call) const {
    TSNode fn = ts_node_child_by_field_id(call, ids_.function);
    if (ts_node_is_null(fn) || ts_node_symbol(fn) != ids_.member_expression) return false;
    std::string_view prop = ts::Text(ts_node_child_by_field_id(fn, ids_.property), src_);
    if (prop != "error" && prop != "warn" && prop != "info" && prop != "fail") return false;
    std::string_view obj = ts::Text(ts_node_child_by_field_id(fn, ids_.object), src_);
    std::string_view last = obj.substr(obj.rfind('.') + 1);  // npos + 1 == 0
    return last == "logger" || last == "log" || last == "Logger" || last.ends_with("Logger");
  }

  bool IsConsoleLog(TSNode call) const {
    return ts::Text(ts_node_child_by_field_id(call, ids_.function), src_) == "console.log";
  }

  bool IsConsoleReport(TSNode call) const {
    std::string_view fn = ts::Text(ts_node_child_by_field_id(call, ids_.function), src_);
    return fn == "console.error" || fn == "console.warn";
  }

  // `this.error(..)` / `this.warn(..)`: a plugin context's report in a
  // plugin object (HandlePluginContextReport), and a link call too (a
  // class's own `error` method, commander's).
  bool IsThisReport(TSNode call) const {
    TSNode fn = ts_node_child_by_field_id(call, ids_.function);
    if (ts_node_is_null(fn) || ts_node_symbol(fn) != ids_.member_expression) return false;
    std::string_view obj = ts::Text(ts_node_child_by_field_id(fn, ids_.object), src_);
    std::string_view prop = ts::Text(ts_node_child_by_field_id(fn, ids_.property), src_);
    return obj == "this" && (prop == "error" || prop == "warn");
  }

  // Literal words a console.error/warn text needs to be a record.
  static constexpr int kConsoleSentenceWords = 5;

  // --- sites ---------------------------------------------------------------

  // The class `new` constructs, as written, or through a lazy getter
  // (webpack: `const getModuleParseError = memoize(() =>
  // require("./errors/ModuleParseError"))`, then `new (getModuleParseError())(..)`):
  // the module's file name, or the property taken from the require.
  std::string CtorName(TSNode ctor) {
    TSNode call = Unwrap(ctor);
    if (!Is(call, "call_expression") || ts_node_named_child_count(Field(call, "arguments")) != 0 ||
        !Is(Field(call, "function"), "identifier")) {
      return std::string(ts::Text(ctor, src_));
    }
    std::string getter(ts::Text(Field(call, "function"), src_));
    auto it = lazy_requires_.find(getter);
    if (it != lazy_requires_.end()) return it->second;
    return std::string(ts::Text(ctor, src_));
  }

  // `import { warn as _warn } from './warning'` at the top of the file:
  // `_warn` -> ("warn", "src/warning") for link calls (LinkCall::module).
  // Only relative sources: a package name is not a path of this repository.
  void CollectImports(TSNode root) {
    for (TSNode imp : NamedChildren(root)) {
      if (!Is(imp, "import_statement")) continue;
      std::string module = ImportedModule(StringTemplate(Field(imp, "source")).Display());
      if (module.empty()) continue;
      for (TSNode clause : NamedChildren(imp)) {
        if (!Is(clause, "import_clause")) continue;
        for (TSNode named : NamedChildren(clause)) {
          if (!Is(named, "named_imports")) continue;
          for (TSNode spec : NamedChildren(named)) {
            if (!Is(spec, "import_specifier")) continue;
            std::string name(ts::Text(Field(spec, "name"), src_));
            TSNode alias = Field(spec, "alias");
            std::string local = ts_node_is_null(alias) ? name : std::string(ts::Text(alias, src_));
            imports_[local] = {name, module};
          }
        }
      }
    }
  }

  // "./warning" imported by packages/a/src/x.ts: "packages/a/src/warning".
  std::string ImportedModule(std::string_view source) const {
    if (!source.starts_with("./") && !source.starts_with("../")) return "";
    std::vector<std::string> parts;
    std::string_view dir = file_.path;
    dir = dir.substr(0, dir.rfind('/') == std::string_view::npos ? 0 : dir.rfind('/'));
    for (std::string_view p : {dir, source}) {
      size_t at = 0;
      while (at <= p.size()) {
        size_t slash = std::min(p.find('/', at), p.size());
        std::string_view part = p.substr(at, slash - at);
        if (part == "..") {
          if (parts.empty()) return "";  // outside the repository
          parts.pop_back();
        } else if (!part.empty() && part != ".") {
          parts.emplace_back(part);
        }
        at = slash + 1;
      }
    }
    std::string out;
    for (const std::string& part : parts) out += (out.empty() ? "" : "/") + part;
    for (std::string_view ext : {".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"}) {
      if (out.ends_with(ext)) out.resize(out.size() - ext.size());
    }
    return out;
  }

  // `const getX = memoize(() => require("./x/ClassName"))` (or without the
  // wrapper, or `require(..).ClassName`) at the top of the file: getX -> the
  // class name.
  void CollectLazyRequires(TSNode root) {
    for (TSNode decl : NamedChildren(root)) {
      if (!Is(decl, "lexical_declaration") && !Is(decl, "variable_declaration")) continue;
      for (TSNode d : NamedChildren(decl)) {
        if (!Is(d, "variable_declarator")) continue;
        TSNode value = Field(d, "value");
        if (Is(value, "call_expression")) {
          std::vector<TSNode> args = NamedChildren(Field(value, "arguments"));
          if (args.size() != 1) continue;
          value = args[0];
        }
        if (!Is(value, "arrow_function")) continue;
        std::string cls = RequiredName(Unwrap(Field(value, "body")));
        if (!cls.empty()) lazy_requires_[std::string(ts::Text(Field(d, "name"), src_))] = cls;
      }
    }
  }

  // Text other modules read by name (ioredis: `export const
  // CONNECTION_CLOSED_ERROR_MSG = "Connection is closed."`, a class's
  // `static defaultMessage = "Failed to refresh slots cache."` read as
  // `ClusterAllFailedError.defaultMessage`), for the constants stage
  // (src/resolve/link_constants.h). Only names written as constants
  // (UPPER_CASE) are exported: a lower-case name at another site is more
  // often a local of the same name than this value. Static fields are
  // named with their class, which is as specific.
  void CollectSharedConstants(TSNode root) {
    for (TSNode top : NamedChildren(root)) {
      TSNode decl = top;
      bool exported = Is(top, "export_statement");
      if (exported) decl = Field(top, "declaration");
      if (ts_node_is_null(decl)) continue;
      if (exported && Is(decl, "lexical_declaration")) {
        for (TSNode d : NamedChildren(decl)) {
          if (!Is(d, "variable_declarator")) continue;
          std::string name(ts::Text(Field(d, "name"), src_));
          if (IsConstantName(name)) {
            AddSharedConstant(name, Field(d, "value"));
          } else if (!name.empty()) {
            // A lower-case name is read through its module, named after
            // the file (`errorMessages.authorEmailIsMissed` of
            // errorMessages.ts, `import * as errorMessages`).
            AddSharedConstant(ModuleStem() + "." + name, Field(d, "value"));
          }
        }
      } else if (Is(decl, "class_declaration") || Is(decl, "abstract_class_declaration")) {
        std::string cls(ts::Text(Field(decl, "name"), src_));
        if (cls.empty()) continue;
        for (TSNode member : NamedChildren(Field(decl, "body"))) {
          if (!Is(member, "public_field_definition") && !Is(member, "field_definition")) continue;
          if (!HasToken(member, "static")) continue;
          TSNode name = Field(member, "name");
          if (ts_node_is_null(name)) name = Field(member, "property");
          if (!Is(name, "property_identifier")) continue;
          AddSharedConstant(cls + "." + std::string(ts::Text(name, src_)), Field(member, "value"));
        }
      }
    }
  }

  // `MAX_SIZE`, `CONNECTION_CLOSED_ERROR_MSG`: upper case, digits and `_`,
  // with a letter.
  static bool IsConstantName(std::string_view s) {
    bool letter = false;
    for (char c : s) {
      if (IsUpper(c)) {
        letter = true;
      } else if (c != '_' && !std::isdigit(static_cast<unsigned char>(c))) {
        return false;
      }
    }
    return letter;
  }

  static bool HasToken(TSNode n, std::string_view type) {
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
      if (Type(ts_node_child(n, i)) == type) return true;
    }
    return false;
  }

  // `packages/app-builder-lib/src/errorMessages.ts` -> `errorMessages`.
  std::string ModuleStem() const {
    std::string_view p = file_.path;
    size_t slash = p.rfind('/');
    if (slash != std::string_view::npos) p.remove_prefix(slash + 1);
    return std::string(p.substr(0, p.find('.')));
  }

  // A string, or a template string with no substitutions.
  void AddSharedConstant(std::string name, TSNode value) {
    Template t;
    if (Is(value, "string")) {
      t = StringTemplate(value);
    } else if (Is(value, "template_string")) {
      for (TSNode c : NamedChildren(value)) {
        if (Is(c, "template_substitution")) return;
      }
      std::string note;
      t = TemplateStringTemplate(value, ts_node_start_byte(value), 0, &note);
    }
    if (!t.HasLiteralText() || t.HoleCount() > 0) return;
    facts_->text_constants.push_back({std::move(name), std::move(t), ts::Line(value)});
  }

  // `require("./errors/ModuleParseError")` -> "ModuleParseError";
  // `require("./errors").NotFound` -> "NotFound"; else "".
  std::string RequiredName(TSNode n) {
    if (Is(n, "member_expression")) {
      TSNode object = Unwrap(Field(n, "object"));
      if (!Is(object, "call_expression") ||
          ts::Text(Field(object, "function"), src_) != "require") {
        return "";
      }
      return std::string(ts::Text(Field(n, "property"), src_));
    }
    if (!Is(n, "call_expression") || ts::Text(Field(n, "function"), src_) != "require") return "";
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    if (args.size() != 1 || !Is(args[0], "string")) return "";
    std::string_view path = ts::Text(args[0], src_);
    path = path.substr(1, path.size() >= 2 ? path.size() - 2 : 0);
    path = path.substr(path.rfind('/') + 1);  // npos + 1 == 0
    path = path.substr(0, path.find('.'));
    if (path.empty() || !IsUpper(path[0])) return "";
    return std::string(path);
  }

  static TSNode Unwrap(TSNode n) {
    for (int i = 0; i < kMaxExprDepth; ++i) {
      std::string_view t = Type(n);
      if (t != "parenthesized_expression" && t != "await_expression" && t != "as_expression" &&
          t != "non_null_expression" && t != "satisfies_expression") {
        break;
      }
      n = ts::FirstNamed(n);
    }
    return n;
  }

  // `throw` of something other than `new X(...)` (HandleNew takes those).
  void HandleThrow(TSNode stmt, const Ancestors& anc) {
    TSNode arg = Unwrap(ts::FirstNamed(stmt));
    std::string_view type = Type(arg);
    if (type == "new_expression" || ts_node_is_null(arg)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    if (type == "call_expression") {
      TSNode fn = Field(arg, "function");
      if (IsFactoryCall(arg)) return;  // HandleCall records it
      std::string name(ts::Text(fn, src_));
      std::string last = LastDotComponent(name);
      if (!last.empty() && IsUpper(last[0]) && !Is(fn, "call_expression")) {
        site.error_class = last;  // `throw TypeError('x')` builds the error without `new`
      }
      FillFromArgs(Field(arg, "arguments"), &site);
      if (site.message_opaque && site.error_class.empty()) return;  // `throw wrap(err)`
    } else if (type == "string" || type == "template_string" || type == "binary_expression") {
      site.message = ExprTemplate(arg, ts_node_start_byte(stmt), 0, &site.message_origin_note);
      if (!site.message.HasLiteralText()) return;
    } else {
      return;  // `throw err` re-throws a value built elsewhere
    }
    // `throw wrap('a', b)`: the message is a guess from one argument; the
    // linker composes it when `wrap` is a sink, and only then.
    bool guessed = type == "call_expression" && site.error_class.empty();
    if (guessed && facts_) thrown_calls_.insert(arg.id);
    Finish(stmt, std::move(site), anc, anc.size(), "", !guessed);
  }

  // `new X(...)`: thrown directly, built into a variable, or passed on.
  void HandleNew(TSNode n, const Ancestors& anc) {
    std::string name = CtorName(Field(n, "constructor"));
    std::string last = LastDotComponent(name);
    // `new x()` of a lowercase name is only a site when it reads as an error
    // class; decided before looking for the statement.
    bool upper = !last.empty() && IsUpper(last[0]);
    if (!upper && !LooksLikeErrorClass(name)) return;
    size_t depth = 0;
    TSNode stmt = StatementOf(n, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    bool thrown = Is(stmt, "throw_statement") && ts_node_eq(Unwrap(ts::FirstNamed(stmt)), n);
    // Classes named as their error code (@fastify/error's FST_ERR_X, Node's
    // ERR_X) are errors wherever they are made: sent, logged, passed on.
    bool coded = IsUpperSnakeCode(last) &&
                 (last.starts_with("ERR_") || last.find("_ERR_") != std::string::npos);
    if (!(thrown && upper) && !coded && !LooksLikeErrorClass(name)) return;
    TSNode parent = anc.empty() ? TSNode{} : anc.back();
    if (!thrown && Is(parent, "class_heritage")) return;
    bool warning = !thrown && last.ends_with("Warning");
    ErrorSite site = NewSite(stmt, warning ? SiteKind::kWarning : SiteKind::kRaise);
    if (warning) site.severity = "warning";
    site.error_class = last;
    site.http_status = StatusForClass(last);
    if ((last.starts_with("ERR_") && LooksLikeCode(last)) || coded) site.error_code = last;
    std::vector<Template> alts;
    FillFromArgs(Field(n, "arguments"), &site, &alts);
    // `const err = new Error(msg); err.code = 'E'; throw err`, and
    // `err = new Error(msg)` into a variable declared earlier.
    if (Is(parent, "variable_declarator")) {
      std::string var(ts::Text(Field(parent, "name"), src_));
      AddPropertyAssignments(var, ScopeOf(n, anc), &site);
    } else if (Is(parent, "assignment_expression") && Is(Field(parent, "left"), "identifier")) {
      std::string var(ts::Text(Field(parent, "left"), src_));
      AddPropertyAssignments(var, ScopeOf(n, anc), &site);
    }
    size_t before = out_->size();
    // An opaque message of several arguments names no parameter for sure.
    bool sink = !site.message_opaque || NamedChildren(Field(n, "arguments")).size() == 1;
    FinishEachMessage(std::move(site), alts, [&](ErrorSite s) {
      MoveToChosenAssignment(&s);
      Finish(stmt, std::move(s), anc, depth, sink ? last : "", sink);
    });
    alt_lines_.clear();
    if (facts_ && out_->size() > before) AddConstructionLink(n, out_->back(), anc);
  }

  void HandleCall(TSNode call, const Ancestors& anc) {
    TSNode fn = Field(call, "function");
    if (IsAssertionCall(call)) {
      HandleAssertion(call, anc);
    } else if (IsFactoryCall(call)) {
      HandleFactory(call, anc);
    } else if (Is(fn, "member_expression")) {
      std::string_view prop = ts::Text(Field(fn, "property"), src_);
      if (prop == "send" || prop == "json" || prop == "end" || prop == "sendStatus") {
        HandleResponse(call, std::string(prop), anc);
      } else if ((prop == "error" || prop == "warn" || prop == "fail") && IsLoggerReport(call)) {
        // nodemon's `utils.log.fail(..)`, signale's and consola's `fail`:
        // a logger's failure level, printed as an error.
        HandleLoggerReport(call, prop == "warn", anc);
      } else if (prop == "info" && IsLoggerReport(call)) {
        HandleLoggerReport(call, false, anc, 2, /*info=*/true);
      } else if (IsConsoleReport(call)) {
        HandleLoggerReport(call, prop == "warn", anc, kConsoleSentenceWords);
      } else if (IsConsoleLog(call)) {
        // pm2's daemon `console.log('Script %s had too many unstable
        // restarts (%d). Stopped. %j', ..)`: stdout, read as an info-level
        // log, a record only when a sentence states a failure.
        HandleLoggerReport(call, false, anc, kConsoleSentenceWords, /*info=*/true);
      } else if (prop == "error" || prop == "warn") {
        HandlePluginContextReport(call, prop == "warn", anc);
      }
    } else if (Is(fn, "identifier")) {
      HandleCallbackText(call, ts::Text(fn, src_), anc);
    }
  }

  // `cb(..)`, `callback(..)`, `done(..)`, `next(..)`: a call of a name a
  // callback goes by (HandleCallbackText decides).
  bool IsCallbackName(TSNode call) const {
    TSNode fn = ts_node_child_by_field_id(call, ids_.function);
    if (ts_node_is_null(fn) || !Is(fn, "identifier")) return false;
    return CallbackName(ts::Text(fn, src_));
  }

  static bool CallbackName(std::string_view name) {
    return name == "cb" || name == "callback" || name == "done" || name == "next";
  }

  // Whether `name` is a parameter of a function around the call (the
  // innermost first; a closure reaches its outer function's callback).
  bool EnclosingParameter(std::string_view name, const Ancestors& anc) const {
    for (size_t k = anc.size(); k > 0; --k) {
      if (!ids_.IsFunction(ts_node_symbol(anc[k - 1]))) continue;
      TSNode params = Field(anc[k - 1], "parameters");
      if (ts_node_is_null(params)) params = Field(anc[k - 1], "parameter");
      if (ts_node_is_null(params)) continue;
      if (Is(params, "identifier")) {
        if (ts::Text(params, src_) == name) return true;
        continue;
      }
      for (TSNode p : NamedChildren(params)) {
        TSNode id = Is(p, "identifier") ? p : Field(p, "pattern");
        if (!ts_node_is_null(id) && Is(id, "identifier") && ts::Text(id, src_) == name) return true;
      }
    }
    return false;
  }

  // Node's callback convention: the first argument is the error. node-sass's
  // download() hands its callback the text itself (`cb(['Cannot download
  // "', url, '": ', ..].join(''))`), which its caller prints. Only a
  // parameter named as a callback, one argument, and text that states a
  // failure (`done('ok')` passes a result).
  void HandleCallbackText(TSNode call, std::string_view name, const Ancestors& anc) {
    if (!CallbackName(name)) return;
    std::vector<TSNode> list = NamedChildren(Field(call, "arguments"));
    if (list.size() != 1 || Is(list[0], "new_expression") || Is(list[0], "identifier") ||
        !EnclosingParameter(name, anc)) {
      return;
    }
    size_t depth = 0;
    TSNode stmt = StatementOf(call, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    std::string note;
    scope_hint_ = Enclosing(anc).node;
    Template message = ExprTemplate(list[0], ts_node_start_byte(list[0]), 0, &note);
    scope_hint_ = TSNode{};
    if (!message.HasLiteralText() || !StatesFailure(message)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.message = std::move(message);
    site.message_origin_note = "passed to the callback `" + std::string(name) +
                               "` as its error (Node's callback convention)";
    Finish(stmt, std::move(site), anc, depth, "", /*sink=*/false);
  }

  // `invariant(cond, message, ...args)` (invariant, tiny-invariant,
  // outvariant), Node's `assert(cond, message)` and `assert.ok(..)`: when
  // `cond` is false the call throws with the message (outvariant formats
  // `%s` with the arguments that follow).
  bool IsAssertionCall(TSNode call) const {
    std::string_view fn = ts::Text(ts_node_child_by_field_id(call, ids_.function), src_);
    if (fn != "invariant" && fn != "assert" && fn != "assert.ok" && fn != "invariant.as") {
      return false;
    }
    TSNode args = ts_node_child_by_field_id(call, ids_.arguments);
    return !ts_node_is_null(args) && ts_node_named_child_count(args) >= 2;
  }

  void HandleAssertion(TSNode call, const Ancestors& anc) {
    std::vector<TSNode> list = NamedChildren(Field(call, "arguments"));
    if (ts::Text(Field(call, "function"), src_) == "invariant.as") {
      if (list.empty()) return;
      list.erase(list.begin());  // the error class's factory
    }
    if (list.size() < 2) return;
    size_t depth = 0;
    TSNode stmt = StatementOf(call, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kAssert);
    site.error_class = ts::Text(Field(call, "function"), src_).starts_with("assert")
                           ? "AssertionError"
                           : "Invariant Violation";
    std::string note;
    scope_hint_ = Enclosing(anc).node;
    site.message = ExprTemplate(list[1], ts_node_start_byte(call), 0, &note);
    if (list.size() > 2) {
      std::vector<std::string> rest;
      for (size_t i = 2; i < list.size(); ++i) rest.push_back(HoleExpr(list[i]));
      site.message = ApplyPrintf(site.message, rest, PrintfDialect::kNodeUtil);
    }
    scope_hint_ = TSNode{};
    if (!site.message.HasLiteralText() && !IsCallHole(site.message)) return;
    site.message_opaque = !site.message.HasLiteralText();
    PathCondition failed;
    failed.expr = CollapseSpace(ts::Text(list[0], src_));
    failed.polarity = false;
    failed.line = ts::Line(list[0]);
    site.conditions.push_back(std::move(failed));
    Finish(stmt, std::move(site), anc, depth, "", /*sink=*/true);
  }

  // `this.error(`Failed to resolve import "${url}"`, pos)` in a hook of a
  // plugin object (Rollup and Vite plugins: `{ name, transform(code) { ..
  // } }`): the bundler's plugin context throws (or warns) with that text.
  // Only in methods of object literals -- a class's own `error` method is
  // the linker's to follow (commander's Command.error).
  void HandlePluginContextReport(TSNode call, bool warn, const Ancestors& anc) {
    if (!InObjectMethod(anc)) return;
    TSNode args = Field(call, "arguments");
    std::vector<TSNode> list = NamedChildren(args);
    if (list.empty()) return;
    size_t depth = 0;
    TSNode stmt = StatementOf(call, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, warn ? SiteKind::kWarning : SiteKind::kRaise);
    if (warn) site.severity = "warning";
    std::string note;
    site.message = ExprTemplate(list[0], ts_node_start_byte(list[0]), 0, &note);
    if (!site.message.HasLiteralText()) return;
    site.message_origin_note =
        std::string("reported through the bundler's plugin context (`this.") +
        (warn ? "warn" : "error") + "`), which prefixes the plugin's name";
    Finish(stmt, std::move(site), anc, depth, "", /*sink=*/false);
  }

  // `logger.error(colors.red(`error when starting dev server:\n${e}`))`:
  // the text logged at error (or warning) level is what the user sees.
  //
  // `console.error(...)`/`console.warn(...)` in library code is a message
  // the user sees on stderr (node-mysql2's "Ignoring invalid configuration
  // option passed to Connection: ..."), but also debugging output: only a
  // sentence of `min_words` literal words or more counts.
  //
  // `logger.info(..)` is a site only when its text states a failure
  // (StatesFailure: "could not connect, retrying"), and never a sink.
  void HandleLoggerReport(TSNode call, bool warn, const Ancestors& anc, int min_words = 2,
                          bool info = false) {
    std::vector<TSNode> list = NamedChildren(Field(call, "arguments"));
    if (list.empty()) return;
    size_t depth = 0;
    TSNode stmt = StatementOf(call, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, warn ? SiteKind::kWarning : SiteKind::kLog);
    site.severity = warn ? "warning" : info ? "info" : "error";
    std::string note;
    TSNode first = SpreadArrayHead(list[0], anc);
    site.message = ExprTemplate(first, ts_node_start_byte(first), 0, &note);
    // `console.log('Script %s had ..', path)`: util.format's verbs take the
    // arguments after a literal format.
    if (list.size() > 1 && ts_node_eq(first, list[0]) &&
        (Is(first, "string") || Is(first, "template_string")) &&
        site.message.Display().find('%') != std::string::npos) {
      std::vector<std::string> rest;
      for (size_t i = 1; i < list.size(); ++i) rest.push_back(HoleExpr(list[i]));
      site.message = ApplyPrintf(site.message, rest, PrintfDialect::kNodeUtil);
    }
    if (info && !StatesFailure(site.message)) return;
    // A helper that warns with its caller's text (Vue's `warn(msg, ...args)`
    // printing `[Vue warn]: ${msg}`): a sink, so each call passing text is
    // a record at the call, whatever the helper's own words. An error-level
    // print is one only when the function then exits (CollectExitSinks):
    // `console.error` alone is as often debugging output.
    const FuncInfo& fi = Enclosing(anc);
    bool sink = warn && facts_ && fi.valid && NamesParam(site.message, fi);
    if (sink) AddSink(Context(stmt, site, anc, depth), anc, "");
    if (!HasSpace(site.message)) return;  // a value or a word, not a sentence
    if (site.message.LiteralWords() < min_words) return;
    site.message_origin_note = note;
    Finish(stmt, std::move(site), anc, depth, "", /*sink=*/false);
  }

  // `console.warn(...warnArgs)` after `const warnArgs = [`[Vue warn]:
  // ${msg}`, ...args]` in the same function: the array's first element is
  // what is printed first. Any other argument is itself.
  TSNode SpreadArrayHead(TSNode arg, const Ancestors& anc) {
    if (!Is(arg, "spread_element")) return arg;
    TSNode name = ts::FirstNamed(arg);
    const FuncInfo& fi = Enclosing(anc);
    if (!Is(name, "identifier") || !fi.valid) return arg;
    std::string_view want = ts::Text(name, src_);
    TSNode head{};
    ts::ForEachNode(fi.node, [&](TSNode n) {
      if (!ts_node_is_null(head) || !Is(n, "variable_declarator")) return;
      TSNode value = Field(n, "value");
      if (ts::Text(Field(n, "name"), src_) != want || !Is(value, "array")) return;
      std::vector<TSNode> items = NamedChildren(value);
      if (!items.empty() && !Is(items[0], "spread_element")) head = items[0];
    });
    return ts_node_is_null(head) ? arg : head;
  }

  // Whether the nearest enclosing non-arrow function is a method of an
  // object literal (where `this` is the caller's context object).
  bool InObjectMethod(const Ancestors& anc) const {
    for (size_t k = anc.size(); k-- > 0;) {
      std::string_view t = ts::Type(anc[k]);
      if (t == "arrow_function") continue;
      if (t == "method_definition") return k > 0 && Is(anc[k - 1], "object");
      if (t == "function_declaration" || t == "function_expression" || t == "function" ||
          t == "class_body" || t == "generator_function_declaration") {
        return false;
      }
    }
    return false;
  }

  // createError(404, 'msg'), createHttpError(...), Boom.notFound('msg').
  bool IsFactoryCall(TSNode call) const {
    TSNode fn = Field(call, "function");
    std::string_view text = ts::Text(fn, src_);
    std::string_view last = text.substr(text.rfind('.') + 1);  // npos + 1 == 0
    if (last == "createError" || last == "createHttpError" || last == "httpError") return true;
    if (Is(fn, "member_expression")) {
      std::string_view obj = ts::Text(Field(fn, "object"), src_);
      if ((obj == "Boom" || obj == "boom") && StatusForBoom(last)) return true;
    }
    return false;
  }

  void HandleFactory(TSNode call, const Ancestors& anc) {
    if (HandleCodedErrorClass(call, anc)) return;
    // webpack's ImportMetaContextDependencyParserPlugin declares its own
    // `function createError(msg, loc)` (a WebpackError): not http-errors'.
    // The class it constructs is the error's; no HTTP status is involved.
    TSNode fn = Field(call, "function");
    TSNode own =
        Is(fn, "identifier") ? DeclaredFunction(std::string(ts::Text(fn, src_))) : TSNode{};
    size_t depth = 0;
    TSNode stmt = StatementOf(call, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, ts_node_is_null(own) ? SiteKind::kHttp : SiteKind::kRaise);
    std::string last = LastDotComponent(ts::Text(fn, src_));
    site.error_class = Is(fn, "member_expression") ? "Boom" : "HttpError";
    if (!ts_node_is_null(own)) {
      site.error_class = ConstructedClass(own);
      TSNode args = Field(call, "arguments");
      FillFromArgs(args, &site);
      if (site.message_opaque) return;
      Finish(stmt, std::move(site), anc, depth);
      return;
    }
    if (site.error_class == "Boom") site.http_status = StatusForBoom(last);
    TSNode args = Field(call, "arguments");
    for (TSNode a : NamedChildren(args)) {
      if (auto st = HttpStatusLiteral(a, src_)) site.http_status = st;
    }
    FillFromArgs(args, &site);
    if (site.message_opaque) {
      site.message = Template();
      site.message.AddLiteral(ReasonPhrase(site.http_status));
      site.message_origin_note = "no message given: the status text is shown";
    }
    Finish(stmt, std::move(site), anc, depth);
  }

  // The class a factory function's body constructs first (`new
  // WebpackError(msg)`), else "Error".
  std::string ConstructedClass(TSNode fn) {
    std::string out;
    ts::ForEachNode(Field(fn, "body"), [&](TSNode n) {
      if (out.empty() && Is(n, "new_expression")) {
        out = std::string(ts::Text(Field(n, "constructor"), src_));
      }
    });
    return out.empty() ? "Error" : out;
  }

  // @fastify/error's `FST_ERR_X: createError('FST_ERR_X', 'Reply was
  // already sent, did you forget to "return reply" in "%s" (%s)?', 500)`:
  // a code first, then a util.format message, a status and a base class.
  // It makes a class: the definition is a site with its code, and `new
  // FST_ERR_X(url, method)` anywhere is a site with the message filled
  // (a constructor sink named after the property or variable).
  bool HandleCodedErrorClass(TSNode call, const Ancestors& anc) {
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    if (args.size() < 2 || !Is(args[0], "string") || !HasText(Unwrap(args[1]))) return false;
    std::string code = StringTemplate(args[0]).Display();
    if (!IsUpperSnakeCode(code)) return false;
    // The definition's own line: the property or declarator, not the
    // statement around a whole table of them.
    TSNode holder = anc.empty() ? TSNode{} : anc.back();
    std::string name;
    if (Is(holder, "pair")) {
      name = KeyName(holder);
    } else if (Is(holder, "variable_declarator")) {
      name = std::string(ts::Text(Field(holder, "name"), src_));
    } else {
      holder = call;
    }
    ErrorSite site = NewSite(holder, SiteKind::kRaise);
    site.error_code = code;
    site.error_class =
        src_.find("@fastify/error") != std::string_view::npos ? "FastifyError" : "Error";
    if (args.size() >= 4 && Is(Unwrap(args[3]), "identifier")) {
      site.error_class = std::string(ts::Text(Unwrap(args[3]), src_));
    }
    if (args.size() >= 3) site.http_status = HttpStatusLiteral(args[2], src_);
    TSNode text = Unwrap(args[1]);
    Template fmt = ExprTemplate(text, ts_node_start_byte(text), 0, &site.message_origin_note);
    std::vector<std::string> params;
    for (int i = 0; i < PrintfVerbs(fmt); ++i) params.push_back("arg" + std::to_string(i));
    site.message = ApplyPrintf(fmt, params, PrintfDialect::kNodeUtil);
    site.message_origin_note = "the message `createError('" + code + "', ...)` gives the class";
    if (facts_ && !name.empty()) {
      SinkFact s;
      s.function = name;
      s.name = name;
      s.language = language_;
      s.constructor = true;
      s.params = params;
      s.message = site.message;
      s.error_class = site.error_class;
      s.error_code = site.error_code;
      s.http_status = site.http_status;
      s.line = ts::Line(holder);
      s.def_line = s.line;
      facts_->sinks.push_back(std::move(s));
      facts_->link_names.push_back(name);  // the class it defines
    }
    size_t depth = 0;
    Finish(holder, std::move(site), anc, depth);
    return true;
  }

  // FST_ERR_CTP_INVALID_MEDIA_TYPE, ERR_INVALID_ARG: an error code's shape.
  static bool IsUpperSnakeCode(std::string_view s) {
    if (s.size() < 3 || !IsUpper(s[0]) || s.find('_') == std::string_view::npos) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
      return IsUpper(c) || c == '_' || std::isdigit(static_cast<unsigned char>(c));
    });
  }

  // util.format verbs (%s %d %i %f %j %o %O %c) in a template's literals.
  static int PrintfVerbs(const Template& t) {
    int n = 0;
    for (const Piece& p : t.pieces()) {
      if (p.is_hole) continue;
      for (size_t i = 0; i + 1 < p.text.size(); ++i) {
        if (p.text[i] != '%') continue;
        if (std::string_view("sdifjoOc").find(p.text[i + 1]) != std::string_view::npos) ++n;
        ++i;  // `%%` too
      }
    }
    return n;
  }

  // res.status(404).json({error: 'msg'}), res.status(500).send('msg'),
  // res.sendStatus(403).
  void HandleResponse(TSNode call, const std::string& method, const Ancestors& anc) {
    TSNode fn = Field(call, "function");
    std::optional<int> status;
    TSNode args = Field(call, "arguments");
    if (method == "sendStatus") {
      std::vector<TSNode> a = NamedChildren(args);
      if (!a.empty()) status = HttpStatusLiteral(a[0], src_);
    } else {
      TSNode obj = Field(fn, "object");
      if (!Is(obj, "call_expression")) return;
      TSNode ofn = Field(obj, "function");
      if (!Is(ofn, "member_expression") || ts::Text(Field(ofn, "property"), src_) != "status") {
        return;
      }
      std::vector<TSNode> a = NamedChildren(Field(obj, "arguments"));
      if (!a.empty()) status = HttpStatusLiteral(a[0], src_);
    }
    if (!status || *status < 400) return;
    size_t depth = 0;
    TSNode stmt = StatementOf(call, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kHttp);
    site.http_status = status;
    std::vector<TSNode> a = NamedChildren(args);
    TSNode msg = method == "sendStatus" || a.empty() ? TSNode{} : Unwrap(a[0]);
    if (Is(msg, "object")) {
      ReadObjectCode(msg, &site);
      msg = MessageProperty(msg);
    }
    if (!ts_node_is_null(msg)) {
      site.message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site.message_origin_note);
    }
    if (!site.message.HasLiteralText()) {
      site.message = Template();
      site.message.AddLiteral(ReasonPhrase(status));
      site.message_opaque = true;
      site.message_origin_note = "the response body is not a literal: the status text is shown";
    }
    Finish(stmt, std::move(site), anc, depth);
  }

  // Message, code and status from constructor/factory arguments. A message
  // that may be one of several (MessageAlternatives) goes to `*alts` when
  // given, the first of them to the site.
  void FillFromArgs(TSNode args, ErrorSite* site, std::vector<Template>* alts = nullptr) {
    std::vector<TSNode> list = NamedChildren(args);
    TSNode msg{};
    for (TSNode a : list) {
      TSNode u = Unwrap(a);
      if (Is(u, "object")) {
        ReadObjectCode(u, site);
        if (ts_node_is_null(msg)) {
          TSNode m = MessageProperty(u);
          if (!ts_node_is_null(m) && HasText(m)) msg = m;
        }
        continue;
      }
      if (ts_node_is_null(msg) && HasText(u)) {
        msg = u;
        continue;
      }
      // new AxiosError(msg, AxiosError.ERR_BAD_REQUEST), new MyError(msg, 'E_CONFIG')
      if (!ts_node_is_null(msg)) ReadCodeArgument(u, site);
    }
    if (ts_node_is_null(msg) && !list.empty() && !Is(Unwrap(list[0]), "object")) msg = list[0];
    if (ts_node_is_null(msg)) {
      SetOpaque(site,
                site->error_code ? *site->error_code
                                 : (site->error_class.empty() ? "Error" : site->error_class),
                "constructed without a message");
      return;
    }
    site->message = ExprTemplate(msg, ts_node_start_byte(msg), 0, &site->message_origin_note);
    site->message_opaque = !site->message.HasLiteralText();
    if (!alts) return;
    if (!site->message_opaque) {
      // A local extended in branches (append_paths.h): one message per path.
      if (Is(Unwrap(msg), "identifier")) *alts = MessageAlternatives(msg, ts_node_start_byte(msg));
      if (!alts->empty()) site->message = alts->front();
      return;
    }
    *alts = MessageAlternatives(msg, ts_node_start_byte(msg));
    if (alts->empty()) return;
    for (size_t i = 1; i < list.size() && ts_node_eq(msg, list[0]); ++i) {
      ReadCodeArgument(Unwrap(list[i]), site);
    }
    site->message = alts->front();
    site->message_opaque = false;
    site->message_origin_note.clear();
    if (alts->size() == 1) {
      alts->clear();
      site->message_origin_note =
          "the one value of `" + CollapseSpace(ts::Text(msg, src_)) + "` that has text";
    }
  }

  // A code given after the message: `AxiosError.ERR_BAD_REQUEST`, 'E_CONFIG'.
  void ReadCodeArgument(TSNode u, ErrorSite* site) {
    if (site->error_code) return;
    if (Is(u, "string")) {
      std::string s = StringTemplate(u).Display();
      if (LooksLikeCode(s)) site->error_code = s;
    } else if (Is(u, "identifier") || Is(u, "member_expression")) {
      std::string s = LastDotComponent(ts::Text(u, src_));
      if (LooksLikeCode(s)) site->error_code = s;
    }
  }

  bool HasText(TSNode n) {
    std::string note;
    return ExprTemplate(n, ts_node_start_byte(n), 0, &note).HasLiteralText();
  }

  std::string KeyName(TSNode pair) {
    TSNode key = Field(pair, "key");
    if (Is(key, "string")) return StringTemplate(key).Display();
    return std::string(ts::Text(key, src_));
  }

  TSNode MessageProperty(TSNode object) {
    for (const char* want : {"message", "error", "msg", "detail", "reason", "description"}) {
      for (TSNode p : NamedChildren(object)) {
        if (Is(p, "pair") && KeyName(p) == want) return Field(p, "value");
      }
    }
    return TSNode{};
  }

  // `{code: 'ERR_X', status: 404}` inside a constructor or response.
  void ReadObjectCode(TSNode object, ErrorSite* site) {
    for (TSNode p : NamedChildren(object)) {
      if (!Is(p, "pair")) continue;
      std::string key = KeyName(p);
      ApplyProperty(key, Unwrap(Field(p, "value")), site);
    }
  }

  void ApplyProperty(const std::string& key, TSNode value, ErrorSite* site) {
    if (key == "code" || key == "errorCode") {
      if (Is(value, "string")) {
        std::string s = StringTemplate(value).Display();
        if (!s.empty()) site->error_code = s;
      } else if (Is(value, "identifier") || Is(value, "member_expression")) {
        std::string s = LastDotComponent(ts::Text(value, src_));
        if (LooksLikeCode(s)) site->error_code = s;
      }
    } else if (key == "status" || key == "statusCode") {
      if (auto st = HttpStatusLiteral(value, src_)) site->http_status = st;
    }
  }

  // An error handed in and given new text (jest's
  // `enhanceUnexpectedTokenMessage(e)`: `e.stack = \`Jest encountered an
  // unexpected token ...\`; return e;`, thrown by its caller): the text is
  // what the user sees, set here. Only a parameter named like an error,
  // and a function that returns or throws it.
  void HandleErrorRewrite(TSNode n, const Ancestors& anc) {
    TSNode left = Field(n, "left");
    if (!Is(left, "member_expression")) return;
    std::string_view prop = ts::Text(Field(left, "property"), src_);
    TSNode obj = Field(left, "object");
    if ((prop != "message" && prop != "stack") || !Is(obj, "identifier")) return;
    std::string var(ts::Text(obj, src_));
    if (var != "e" && var != "err" && var != "error" && var != "ex" && !var.ends_with("Error")) {
      return;
    }
    TSNode fn{};
    for (size_t k = anc.size(); k-- > 0;) {
      if (ids_.IsFunction(ts_node_symbol(anc[k]))) {
        fn = anc[k];
        break;
      }
    }
    if (ts_node_is_null(fn)) return;
    std::string_view params = ts::Text(Field(fn, "parameters"), src_);
    std::string_view body = ts::Text(Field(fn, "body"), src_);
    if (!ContainsIdentifier(params, var, "$") || !(ContainsIdentifier(body, "return " + var, "$") ||
                                                   ContainsIdentifier(body, "throw " + var, "$"))) {
      return;
    }
    TSNode value = Untrimmed(Unwrap(Field(n, "right")));
    std::string note;
    Template t = ExprTemplate(value, ts_node_start_byte(n), 0, &note);
    if (!t.HasLiteralText() || !HasSpace(t)) return;
    size_t depth = anc.size();
    TSNode stmt = StatementOf(n, anc, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.message = t.Trimmed(/*leading=*/true, /*trailing=*/true);
    site.message_origin_note = "the `" + std::string(prop) + "` this function gives the error `" +
                               var + "` it returns" + (note.empty() ? "" : "; " + note);
    Finish(stmt, std::move(site), anc, depth, "", /*sink=*/false);
  }

  // The text `..`.trim() / .trimStart() / .trimEnd() trims; else `value`.
  TSNode Untrimmed(TSNode value) {
    if (!Is(value, "call_expression")) return value;
    TSNode fn = Field(value, "function");
    std::string_view prop = ts::Text(Field(fn, "property"), src_);
    if (!Is(fn, "member_expression") ||
        (prop != "trim" && prop != "trimStart" && prop != "trimEnd")) {
      return value;
    }
    return Unwrap(Field(fn, "object"));
  }

  // `err.message += ': ' + response` (nodemailer's _formatError): the text
  // the user sees ends with it.
  void AppendToMessage(TSNode n, const std::string& var, ErrorSite* site) {
    TSNode left = Field(n, "left");
    if (!Is(left, "member_expression") || ts::Text(Field(left, "object"), src_) != var ||
        ts::Text(Field(left, "property"), src_) != "message" ||
        ts::Text(Field(n, "operator"), src_) != "+=") {
      return;
    }
    std::string note;
    site->message.Append(ExprTemplate(Unwrap(Field(n, "right")), ts_node_start_byte(n), 0, &note));
  }

  // `err.code = 'E'` / `err.status = 404` anywhere in the scope that built `err`.
  void AddPropertyAssignments(const std::string& var, TSNode scope, ErrorSite* site) {
    std::vector<TSNode> stack = {scope};
    int budget = 100000;
    while (!stack.empty() && budget-- > 0) {
      TSNode n = stack.back();
      stack.pop_back();
      if (IsFunctionNode(n) && !ts_node_eq(n, scope)) continue;
      if (Is(n, "assignment_expression")) {
        TSNode left = Field(n, "left");
        if (Is(left, "member_expression") && ts::Text(Field(left, "object"), src_) == var) {
          ApplyProperty(std::string(ts::Text(Field(left, "property"), src_)),
                        Unwrap(Field(n, "right")), site);
        }
      } else if (Is(n, "augmented_assignment_expression")) {
        AppendToMessage(n, var, site);
      }
      std::vector<TSNode> kids = NamedChildren(n);
      stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
  }

  // --- check functions ---------------------------------------------------------

  // capacitor's `async function checkPackage(): Promise<string | null>`:
  // a check function returns its problem as text, or null when there is
  // none, and a caller gathers the texts and throws them (`check([() =>
  // checkPackage(), ..])`). A function named check*/validate*/verify* that
  // returns null (or undefined) somewhere: the other texts it returns are
  // its errors. True when a return with these ancestors is directly in one.
  bool InCheckFunction(const Ancestors& anc) {
    for (size_t k = anc.size(); k >= 2; --k) {
      if (!ids_.IsFunction(ts_node_symbol(anc[k - 1]))) continue;
      auto [it, added] = check_functions_.try_emplace(anc[k - 1].id, false);
      if (added) it->second = IsCheckFunction(anc[k - 1], anc[k - 2]);
      return it->second;
    }
    return false;
  }

  bool IsCheckFunction(TSNode fn, TSNode parent) {
    bool is_function = false;
    std::string name = JsScopeNameIn(fn, parent, src_, &is_function);
    bool named = false;
    for (std::string_view verb : {"check", "validate", "verify"}) {
      named |= name.starts_with(verb) && (name.size() == verb.size() ||
                                          IsUpper(name[verb.size()]) || name[verb.size()] == '_');
    }
    if (!named) return false;
    // Its own `return null` / `return undefined`, not a nested function's.
    std::vector<TSNode> stack = {Field(fn, "body")};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_is_null(n) || (ids_.IsFunction(ts_node_symbol(n)) && !ts_node_eq(n, fn))) {
        continue;
      }
      if (Is(n, "return_statement")) {
        TSNode value = Unwrap(ts::FirstNamed(n));
        if (Is(value, "null") || Is(value, "undefined")) return true;
      }
      for (TSNode kid : NamedChildren(n)) stack.push_back(kid);
    }
    return false;
  }

  // A text a check function returns: a record at its return, raised by the
  // caller that throws the texts it gathers.
  void HandleCheckReturn(const Pending& p) {
    TSNode value = Unwrap(ts::FirstNamed(p.node));
    if (!Is(value, "string") && !Is(value, "template_string") && !Is(value, "binary_expression")) {
      return;
    }
    ErrorSite site = NewSite(p.node, SiteKind::kRaise);
    site.message = ExprTemplate(value, ts_node_start_byte(p.node), 0, &site.message_origin_note);
    if (!HasSpace(site.message) || !site.message.HasLiteralText()) return;
    site.message_origin_note = "the text the check function returns as its error";
    Finish(p.node, std::move(site), p.ancestors, p.ancestors.size(), "", /*sink=*/false);
  }

  // --- error maps (message_idioms.h) -----------------------------------------

  // The `case` of a switch on an error code that holds a node with these
  // ancestors (the nearest case, within the node's function); else null.
  TSNode CodeCase(const Ancestors& anc) {
    for (size_t k = anc.size(); k >= 3; --k) {
      TSSymbol s = ts_node_symbol(anc[k - 1]);
      if (ids_.IsFunction(s)) return TSNode{};
      if (s != ids_.switch_case && s != ids_.switch_default) continue;
      TSNode sw = anc[k - 3];  // switch_statement > switch_body > switch_case
      if (ts_node_symbol(sw) != ids_.switch_statement) return TSNode{};
      auto [it, added] = code_switches_.try_emplace(sw.id, false);
      if (added) it->second = js::IsErrorCodeExpr(ts::Text(Field(sw, "value"), src_));
      return it->second ? anc[k - 1] : TSNode{};
    }
    return TSNode{};
  }

  // `case "invalid_type": return `Expected ${e}, received ${r}`` (or
  // `message = ...`): the text the error map gives that code.
  void HandleCodeCase(const Pending& p) {
    bool ret = p.symbol == ids_.return_statement;
    TSNode value = Unwrap(ret ? ts::FirstNamed(p.node) : Field(p.node, "right"));
    if (ts_node_is_null(value) || Is(value, "object")) return;
    size_t depth = p.ancestors.size();
    TSNode stmt = ret ? p.node : StatementOf(p.node, p.ancestors, &depth);
    if (ts_node_is_null(stmt)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    TSNode label = Field(CodeCase(p.ancestors), "value");
    std::string code = Is(label, "string") ? StringTemplate(label).Display()
                                           : LastDotComponent(ts::Text(label, src_));
    // A code that reads as one (`ENOENT`, `ERR_X`) is printed and searched
    // for; a word (`custom`, `invalid_type`) would match any paste using it.
    if (LooksLikeCode(code)) site.error_code = code;
    std::vector<Template> alts = MessageAlternatives(value, ts_node_start_byte(stmt));
    if (alts.size() == 1) {
      site.message = alts[0];
      alts.clear();
    } else if (alts.empty()) {
      site.message = ExprTemplate(value, ts_node_start_byte(stmt), 0, &site.message_origin_note);
      if (!HasSpace(site.message)) return;  // a name or a key, not a message
    }
    std::string note = code.empty() ? "the error map's default text"
                                    : "the text the error map gives code `" + code + "`";
    site.message_origin_note =
        site.message_origin_note.empty() ? note : site.message_origin_note + "; " + note;
    FinishEachMessage(std::move(site), alts, [&](ErrorSite s) {
      Finish(stmt, std::move(s), p.ancestors, depth, "", /*sink=*/false);
    });
  }

  // The messages an expression may hold: each branch of `c ? 'a' : 'b'`,
  // or, for a local whose last value has no text, each value assigned to
  // it before `pos` (`let m = t ? 'timeout of ' + t + 'ms exceeded' :
  // 'timeout exceeded'; if (custom) m = config.message;`). Values without
  // text (a message the user configured) and single words are left out.
  std::vector<Template> MessageAlternatives(TSNode n, uint32_t pos) {
    n = Unwrap(n);
    std::vector<TSNode> todo;
    if (Is(n, "ternary_expression")) {
      todo.push_back(n);
    } else if (Is(n, "identifier")) {
      std::string note;
      std::vector<Template> paths;
      if (std::optional<Template> last = VariableTemplate(n, pos, 0, &note, &paths)) {
        // Its last value is the message, perhaps extended in branches: one
        // message per path then.
        std::vector<Template> out;
        for (Template& t : paths) {
          if (HasSpace(t)) out.push_back(std::move(t));
        }
        if (out.size() > 1) return out;
        return BranchChosenValues(n, pos, *last);
      }
      std::string name(ts::Text(n, src_));
      std::vector<TSNode> assigns = AssignmentsTo(EnclosingScope(n), name, pos);
      for (TSNode a : assigns) {
        if (Is(a, "augmented_assignment_expression")) return {};
      }
      for (auto a = assigns.rbegin(); a != assigns.rend(); ++a) todo.push_back(AssignedValue(*a));
    }
    bool pushes = false;
    if (std::vector<TSNode> pushed = PushedBeforeJoin(n, pos); !pushed.empty()) {
      todo.assign(pushed.rbegin(), pushed.rend());
      pushes = true;
    }
    std::vector<Template> out;
    std::set<std::string> seen;
    for (int budget = 32; !todo.empty() && out.size() < 8 && budget > 0; --budget) {
      TSNode v = Unwrap(todo.back());
      todo.pop_back();
      if (Is(v, "ternary_expression")) {
        todo.push_back(Field(v, "alternative"));
        todo.push_back(Field(v, "consequence"));
        continue;
      }
      std::string note;
      Template t = ExprTemplate(v, ts_node_start_byte(v), 1, &note);
      // A module's constant (`errorMessages.authorEmailIsMissed`) is text
      // the link stage reads (link_constants.h).
      bool constant = pushes && Is(v, "member_expression") && t.pieces().size() == 1 &&
                      t.HoleCount() == 1 && IsModuleBinding(ts::Text(Field(v, "object"), src_));
      if ((HasSpace(t) || constant) && seen.insert(t.Display()).second) out.push_back(std::move(t));
    }
    return out;
  }

  // Whether `name` is bound to a module (`import * as name from ..`,
  // `const name = require(..)`), whose fields are the module's exports.
  bool IsModuleBinding(std::string_view name) const {
    if (name.empty()) return false;
    std::string n(name);
    return src_.find("* as " + n + " from") != std::string_view::npos ||
           src_.find(n + " = require(") != std::string_view::npos;
  }

  // `errors.push("Please specify project homepage ..."); ...; throw new
  // Error(errors.join("\n\n"))` (electron-builder's FpmTarget): the values
  // pushed to the local array before `pos`, each of which may be the whole
  // message (one problem found). Empty unless `n` is `<local>.join(..)`.
  std::vector<TSNode> PushedBeforeJoin(TSNode n, uint32_t pos) {
    if (!Is(n, "call_expression")) return {};
    TSNode fn = Field(n, "function");
    if (!Is(fn, "member_expression") || ts::Text(Field(fn, "property"), src_) != "join") return {};
    TSNode array = Field(fn, "object");
    if (!Is(array, "identifier")) return {};
    std::string_view name = ts::Text(array, src_);
    std::vector<TSNode> out;
    std::vector<TSNode> stack = {EnclosingScope(n)};
    for (int budget = 20000; !stack.empty() && budget > 0 && out.size() < 8; --budget) {
      TSNode c = stack.back();
      stack.pop_back();
      if (ts_node_is_null(c) || ts_node_start_byte(c) >= pos) continue;
      if (Is(c, "call_expression")) {
        TSNode f = Field(c, "function");
        std::vector<TSNode> args = NamedChildren(Field(c, "arguments"));
        if (Is(f, "member_expression") && ts::Text(Field(f, "object"), src_) == name &&
            ts::Text(Field(f, "property"), src_) == "push" && args.size() == 1) {
          out.push_back(args[0]);
        }
      }
      std::vector<TSNode> kids = NamedChildren(c);
      for (auto k = kids.rbegin(); k != kids.rend(); ++k) {
        if (!IsFunctionNode(*k)) stack.push_back(*k);
      }
    }
    return out;
  }

  // `let m = `..plugin "${p}" in configuration.`; if (found) { if (r) m =
  // `..was removed..`; else m = `..Could not find..`; } throw new
  // TypeError(m)` (eslint's throwRuleNotFoundError): when later values of
  // a local are assigned in branches, each value with text may be the
  // message; `last` is the last one as read with its appends. Each
  // alternative's assignment line goes to alt_lines_ (by text), where its
  // site points: that line says which case it is. Empty unless two or
  // more values, one of them in a branch.
  std::vector<Template> BranchChosenValues(TSNode ident, uint32_t pos, const Template& last) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = EnclosingScope(ident);
    std::vector<TSNode> plain;
    for (TSNode a : AssignmentsTo(scope, name, pos)) {
      if (!Is(a, "augmented_assignment_expression")) plain.push_back(a);
    }
    // Playwright's `_createTimeoutError` sets its message in eleven places
    // (a `switch` over nine kinds of step, then an override).
    if (plain.size() < 2 || plain.size() > kMaxBranchValues) return {};
    bool branched = false;
    for (TSNode a : plain) branched |= InBranchBelow(a, scope);
    if (!branched) return {};
    std::vector<Template> out;
    std::set<std::string> seen;
    for (size_t i = 0; i < plain.size(); ++i) {
      std::string note;
      Template t = i + 1 == plain.size() ? last
                                         : ExprTemplate(AssignedValue(plain[i]),
                                                        ts_node_start_byte(plain[i]), 1, &note);
      if (!HasSpace(t) || !seen.insert(t.Display()).second) continue;
      alt_lines_[t.Display()] = ts::Line(plain[i]);
      out.push_back(std::move(t));
    }
    return out.size() > 1 ? out : std::vector<Template>{};
  }

  // Whether `n` sits in a branch (an `if`'s consequence or alternative, a
  // `switch` case) between itself and `scope`.
  bool InBranchBelow(TSNode n, TSNode scope) const {
    for (TSNode cur = ts_node_parent(n); !ts_node_is_null(cur) && !ts_node_eq(cur, scope);
         cur = ts_node_parent(cur)) {
      std::string_view t = ts::Type(cur);
      if (t == "if_statement" || t == "else_clause" || t == "switch_case" ||
          t == "switch_default") {
        return true;
      }
    }
    return false;
  }

  // The finish step of a site whose alternatives BranchChosenValues chose:
  // the site points at the assignment of its text.
  void MoveToChosenAssignment(ErrorSite* s) const {
    auto it = alt_lines_.find(s->message.Display());
    if (it == alt_lines_.end() || it->second <= 0) return;
    s->message_origin_note += "; raised at line " + std::to_string(s->line);
    s->line = it->second;
    s->end_line = it->second;
  }

  // --- templates -----------------------------------------------------------

  Template StringTemplate(TSNode n) {
    Template out;
    std::string_view text = ts::Text(n, src_);
    if (text.size() < 2) return out;
    out.AddLiteral(DecodeJsEscapes(text.substr(1, text.size() - 2)));
    return out;
  }

  Template TemplateStringTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    uint32_t start = ts_node_start_byte(n) + 1, end = ts_node_end_byte(n);
    if (end <= start) return out;
    --end;  // closing backtick
    uint32_t cur = start;
    for (TSNode c : NamedChildren(n)) {
      if (!Is(c, "template_substitution")) continue;
      uint32_t b = ts_node_start_byte(c);
      if (b > cur) out.AddLiteral(DecodeJsEscapes(src_.substr(cur, b - cur)));
      TSNode expr = ts::FirstNamed(c);
      std::string e = CollapseSpace(ts::Text(expr, src_));
      // A nested literal (`${'x'}`) prints itself, and so does a local
      // holding text (node-gyp's `${info}`, a banner joined from lines) or
      // a terminal colour of text (jest's `${chalk.bold.red('Jest
      // encountered an unexpected token')}`); anything else is a hole.
      std::optional<Template> local;
      if (Is(expr, "identifier")) local = VariableTemplate(expr, pos, depth + 1, note);
      if (Is(expr, "call_expression") && IsColorCall(ts::Text(Field(expr, "function"), src_))) {
        Template colored = ExprTemplate(expr, pos, depth + 1, note);
        if (colored.HasLiteralText()) local = std::move(colored);
      }
      if (Is(expr, "string") || Is(expr, "template_string")) {
        out.Append(ExprTemplate(expr, pos, depth + 1, note));
      } else if (local) {
        out.Append(*local);
      } else {
        out.AddHole("${" + e + "}", e);
      }
      cur = ts_node_end_byte(c);
    }
    if (end > cur) out.AddLiteral(DecodeJsEscapes(src_.substr(cur, end - cur)));
    return out;
  }

  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Template out;
    if (depth > kMaxExprDepth || ts_node_is_null(n)) {
      AddExprHole(n, &out);
      return out;
    }
    std::string_view type = Type(n);
    if (type == "string") return StringTemplate(n);
    if (type == "template_string") return TemplateStringTemplate(n, pos, depth, note);
    if (type == "parenthesized_expression" || type == "as_expression" ||
        type == "non_null_expression") {
      return ExprTemplate(ts::FirstNamed(n), pos, depth + 1, note);
    }
    if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == "+") {
      Template t = ExprTemplate(Field(n, "left"), pos, depth + 1, note);
      t.Append(ExprTemplate(Field(n, "right"), pos, depth + 1, note));
      // `a + b` with no text is arithmetic or an opaque value: one hole.
      if (t.HasLiteralText()) return t;
    }
    if (type == "binary_expression") {
      if (auto t = DefaultTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "call_expression") {
      if (auto t = CallTemplate(n, pos, depth, note)) return *t;
    }
    if (type == "identifier") {
      if (auto t = VariableTemplate(n, pos, depth, note)) return *t;
    }
    // Node's line end (`eol = require('os').EOL`): "\n" where users run
    // it (Windows prints "\r\n", which a paste shows as a line break too).
    if (type == "member_expression" && ts::Text(Field(n, "property"), src_) == "EOL") {
      std::string_view object = ts::Text(Field(n, "object"), src_);
      if (object == "os" || object == "require('os')" || object == "require(\"os\")" ||
          object == "require('node:os')" || object == "require(\"node:os\")") {
        out.AddLiteral("\n");
        return out;
      }
    }
    AddExprHole(n, &out);
    return out;
  }

  // `msg || 'yargs error'`, `msg ?? `...`` where `msg` is a parameter of
  // the enclosing function: the parameter (callers pass their text), with
  // the literal as its default for callers that pass none (mongoose's
  // StrictPopulateError(path) gets 'Cannot populate path ...'). The
  // default reaches the function's sink (SinkFact::param_defaults).
  std::optional<Template> DefaultTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    std::string_view op = ts::Text(Field(n, "operator"), src_);
    if (op != "||" && op != "??") return std::nullopt;
    TSNode left = Field(n, "left");
    TSNode fn = EnclosingScope(n);
    std::string name(ts::Text(left, src_));
    auto info = func_info_.find(fn.id);
    if (!Is(left, "identifier") || info == func_info_.end() ||
        std::find(info->second.params.begin(), info->second.params.end(), name) ==
            info->second.params.end()) {
      return ValueDefault(n, pos, depth, note);
    }
    Template right = ExprTemplate(Field(n, "right"), pos, depth + 1, note);
    if (!right.HasLiteralText()) return std::nullopt;
    param_defaults_[fn.id].emplace_back(name, std::move(right));
    Template out;
    AddExprHole(left, &out);
    return out;
  }

  // `err.message || 'Request failed'`, `opts.msg ?? `...``, a local
  // holding no text: the value's text is unknown, the literal default is
  // the one message known, and the note says when it is shown.
  // Only where it is the whole message or a local's whole value: inside
  // `"Unknown option: " + (name || "<empty>")` the value is the message.
  std::optional<Template> ValueDefault(TSNode n, uint32_t pos, int depth, std::string* note) {
    TSNode up = ts_node_parent(n);
    while (Is(up, "parenthesized_expression")) up = ts_node_parent(up);
    static const std::set<std::string_view> kWhole = {
        "variable_declarator", "assignment_expression", "arguments", "return_statement"};
    TSNode left = Field(n, "left");
    // A bare name may be a parameter of a function errdex does not index
    // (`reporterName = reporterName || 'spec'` in mocha's prototype
    // methods): its callers pass the value.
    if (!kWhole.count(Type(up)) || Is(left, "identifier")) return std::nullopt;
    std::string ignored;
    if (ExprTemplate(left, pos, depth + 1, &ignored).HasLiteralText()) return std::nullopt;
    std::string inner;
    Template right = ExprTemplate(Field(n, "right"), pos, depth + 1, &inner);
    if (!right.HasLiteralText()) return std::nullopt;
    if (note->empty()) {
      *note = "the default of `" + std::string(ts::Text(Field(n, "operator"), src_)) +
              "` at line " + std::to_string(ts::Line(Field(n, "right"))) + ", when `" +
              CollapseSpace(ts::Text(left, src_)) + "` is empty";
    }
    return right;
  }

  // util.format('%s: %d', a, b) and format(...); String(x) names x.
  std::optional<Template> CallTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    std::string_view fn = ts::Text(Field(n, "function"), src_);
    // A tagged template (colorize`...`, chalk.red`...`) prints its text.
    if (Is(Field(n, "arguments"), "template_string")) {
      return TemplateStringTemplate(Field(n, "arguments"), pos, depth + 1, note);
    }
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    if (std::optional<size_t> from = js::I18nFormatArgsFrom(fn)) {
      return I18nTemplate(fn, args, *from, pos, depth, note);
    }
    // Terminal colours print their one argument (`colors.red(msg)`,
    // `chalk.bold.red(msg)`, `pc.yellow(msg)`).
    if (args.size() == 1 && IsColorCall(fn)) return ExprTemplate(args[0], pos, depth + 1, note);
    if (auto t = ArrayJoinTemplate(n, args, pos, depth, note)) return *t;
    if (auto t = InlinedTextFunction(n, args, depth, note)) return *t;
    if ((fn == "util.format" || fn == "format") && !args.empty()) {
      Template fmt = ExprTemplate(args[0], pos, depth + 1, note);
      // `format(message, ...positionals)` (msw's formatMessage): the
      // caller's message, its verbs filled by the caller's arguments.
      bool passed_on = Is(args[0], "identifier") &&
                       std::all_of(args.begin() + 1, args.end(),
                                   [](TSNode a) { return Is(a, "spread_element"); });
      if (passed_on && !fmt.HasLiteralText()) return fmt;
      if (!fmt.HasLiteralText()) return std::nullopt;
      std::vector<std::string> rest;
      for (size_t i = 1; i < args.size(); ++i) rest.push_back(HoleExpr(args[i]));
      return ApplyPrintf(fmt, rest, PrintfDialect::kNodeUtil);
    }
    return std::nullopt;
  }

  // `formatMessage(message, ...positionals)` of a function this file
  // declares with one `return` of text (msw's devUtils: `return
  // `${LIBRARY_PREFIX} ${interpolatedMessage}``): that text, its parameters
  // filled with the call's arguments. A helper that logs it then reports
  // its own caller's text (a sink).
  std::optional<Template> InlinedTextFunction(TSNode call, const std::vector<TSNode>& args,
                                              int depth, std::string* note) {
    TSNode callee = Field(call, "function");
    if (!Is(callee, "identifier") || depth > kMaxInlineDepth) return std::nullopt;
    TSNode fn = DeclaredFunction(std::string(ts::Text(callee, src_)));
    if (ts_node_is_null(fn) || (ts_node_start_byte(fn) <= ts_node_start_byte(call) &&
                                ts_node_end_byte(fn) >= ts_node_end_byte(call))) {
      return std::nullopt;  // none, or the call is inside it (recursion)
    }
    TSNode ret = OnlyReturn(Field(fn, "body"));
    // Text written at the return; a local built up over branches
    // (`let ret = ..; if (model) ret += ..; return ret`) is the link
    // stage's to read as alternatives (link_text_functions.h).
    TSNode value = ts_node_is_null(ret) ? TSNode{} : ts::FirstNamed(ret);
    if (!Is(value, "template_string") && !Is(value, "string") && !Is(value, "binary_expression")) {
      return std::nullopt;
    }
    std::vector<std::string> params = PlainParams(fn);
    TSNode saved = scope_hint_;
    scope_hint_ = fn;
    std::string ignored;
    Template body = ExprTemplate(value, ts_node_start_byte(ret), depth + 1, &ignored);
    scope_hint_ = saved;
    if (!body.HasLiteralText()) return std::nullopt;
    Template out;
    for (const Piece& p : body.pieces()) {
      auto at = p.is_hole ? std::find(params.begin(), params.end(), p.expr) : params.end();
      size_t k = static_cast<size_t>(at - params.begin());
      if (at != params.end()) {
        // A parameter the call leaves out: its text is not known here.
        if (k >= args.size() || Is(args[k], "spread_element")) return std::nullopt;
        out.Append(ExprTemplate(args[k], ts_node_start_byte(call), depth + 1, note));
      } else if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
      } else {
        out.AddLiteral(p.text);
      }
    }
    return out;
  }
  static constexpr int kMaxInlineDepth = 8;

  // The file's one function declaration named `name`, else null.
  TSNode DeclaredFunction(const std::string& name) {
    if (!declared_) {
      declared_.emplace();
      ts::ForEachNode(root_, [&](TSNode n) {
        if (!Is(n, "function_declaration")) return;
        std::string id(ts::Text(Field(n, "name"), src_));
        auto [it, fresh] = declared_->emplace(id, n);
        if (!fresh) it->second = TSNode{};  // several: none
      });
    }
    auto it = declared_->find(name);
    return it == declared_->end() ? TSNode{} : it->second;
  }

  // The one `return <value>` of a function body (not counting nested
  // functions), else null.
  TSNode OnlyReturn(TSNode body) {
    std::vector<TSNode> found;
    ts::ForEachNode(body, [&](TSNode n) {
      if (Is(n, "return_statement") && ts_node_named_child_count(n) > 0) found.push_back(n);
    });
    if (found.size() != 1) return TSNode{};
    for (TSNode up = ts_node_parent(found[0]); !ts_node_eq(up, body); up = ts_node_parent(up)) {
      if (ts_node_is_null(up) || IsFunctionNode(up)) return TSNode{};
    }
    return found[0];
  }

  // Parameter names written as plain identifiers (typed or not), in order;
  // "" for any other pattern.
  std::vector<std::string> PlainParams(TSNode fn) {
    std::vector<std::string> out;
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
      TSNode id =
          Is(p, "required_parameter") || Is(p, "optional_parameter") ? Field(p, "pattern") : p;
      out.emplace_back(Is(id, "identifier") ? ts::Text(id, src_) : std::string_view());
    }
    return out;
  }

  // `['You need to install Python.', `- Use --python="${example}"`].join('\n')`
  // (node-gyp's find-python banner): the elements' text with the separator
  // between them. Only an array literal written out at the call, with a
  // literal separator (or none: ","); an array built elsewhere is a value.
  std::optional<Template> ArrayJoinTemplate(TSNode n, const std::vector<TSNode>& args, uint32_t pos,
                                            int depth, std::string* note) {
    TSNode fn = Field(n, "function");
    if (!Is(fn, "member_expression") || ts::Text(Field(fn, "property"), src_) != "join") {
      return std::nullopt;
    }
    TSNode array = Field(fn, "object");
    if (!Is(array, "array") || args.size() > 1) return std::nullopt;
    std::string sep = ",";
    if (args.size() == 1) {
      if (!Is(args[0], "string")) return std::nullopt;
      Template t = StringTemplate(args[0]);
      if (t.HoleCount() > 0) return std::nullopt;
      sep = t.Display();
    }
    Template out;
    bool first = true;
    for (TSNode e : NamedChildren(array)) {
      if (Is(e, "comment")) continue;
      if (!first) out.AddLiteral(sep);
      first = false;
      if (Is(e, "spread_element")) {
        AddExprHole(e, &out);
      } else {
        out.Append(ExprTemplate(e, pos, depth + 1, note));
      }
    }
    if (!out.HasLiteralText()) return std::nullopt;
    return out;
  }

  static bool IsColorCall(std::string_view fn) {
    size_t dot = fn.find('.');
    if (dot == std::string_view::npos) return false;
    std::string_view lib = fn.substr(0, dot);
    if (lib != "colors" && lib != "chalk" && lib != "pc" && lib != "kleur" && lib != "picocolors" &&
        lib != "c" && lib != "ansi") {
      return false;
    }
    return IsTerminalStyleName(fn.substr(fn.rfind('.') + 1));
  }

  // An i18n wrapper's English text (`__n('got %s, need %s', plural, n, a,
  // b)`), its verbs filled from the arguments at `from` onward. A key
  // (`t('errors.notFound')`) is not the text the user sees: one word only
  // gives nothing.
  std::optional<Template> I18nTemplate(std::string_view fn, const std::vector<TSNode>& args,
                                       size_t from, uint32_t pos, int depth, std::string* note) {
    if (args.empty() || (!Is(args[0], "string") && !Is(args[0], "template_string"))) {
      return std::nullopt;
    }
    Template text = ExprTemplate(args[0], pos, depth + 1, note);
    if (!HasSpace(text)) return std::nullopt;
    std::vector<std::string> rest;
    for (size_t i = from; i < args.size() && !Is(args[i], "object"); ++i) {
      rest.push_back(HoleExpr(args[i]));
    }
    if (note->empty()) *note = "text translated by `" + std::string(fn) + "()`";
    return ApplyPrintf(text, rest, PrintfDialect::kNodeUtil);
  }

  // A message held in a `const`/`let`/`var`: the last declaration or
  // assignment before `pos` in the enclosing function, plus `+=` appends.
  // One hole naming a parameter of the function `scope`.
  bool IsParamHole(const Template& t, TSNode scope) {
    if (t.pieces().size() != 1 || !t.pieces()[0].is_hole || !IsFunctionNode(scope)) return false;
    std::vector<std::string> ps = PlainParams(scope);
    return std::find(ps.begin(), ps.end(), t.pieces()[0].expr) != ps.end();
  }

  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth, std::string* note,
                                           std::vector<Template>* paths = nullptr) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = ts_node_is_null(scope_hint_) ? EnclosingScope(ident) : scope_hint_;
    std::vector<TSNode> assigns = AssignmentsTo(scope, name, pos);
    if (assigns.empty() && !Is(scope, "program")) {
      assigns = AssignmentsTo(root_, name, UINT32_MAX);  // module constants
    }
    int last_plain = -1;
    for (int i = 0; i < static_cast<int>(assigns.size()); ++i) {
      if (!Is(assigns[i], "augmented_assignment_expression")) last_plain = i;
    }
    if (last_plain < 0) return std::nullopt;
    TSNode rhs = AssignedValue(assigns[last_plain]);
    if (ts_node_is_null(rhs)) return std::nullopt;
    Template out = ExprTemplate(rhs, ts_node_start_byte(assigns[last_plain]), depth + 1, note);
    // `const interpolatedMessage = format(message, ...positionals)`: the
    // parameter it holds, which callers fill.
    if (!out.HasLiteralText() && assigns.size() == 1 && IsParamHole(out, scope)) return out;
    // `eol = require('os').EOL`: a line end is text too.
    if (out.HoleCount() == 0 && out.Display() == "\n") return out;
    if (!out.HasLiteralText()) return std::nullopt;
    // Appends in branches are one hole each here; MessageAlternatives
    // gives a site per path where the message is raised.
    js::AppendPaths more = FollowAppendsTo(assigns, last_plain, name, pos, depth, note);
    if (paths) {
      for (const Template& p : more.paths) {
        Template t = out;
        t.Append(p);
        paths->push_back(std::move(t));
      }
    }
    out.Append(more.collapsed);
    if (note->empty()) {
      *note = "message assigned to `" + name + "` at line " +
              std::to_string(ts::Line(assigns[last_plain]));
    }
    return out;
  }

  // The `+=`s after `assigns[last_plain]`, read as paths (append_paths.h).
  js::AppendPaths FollowAppendsTo(const std::vector<TSNode>& assigns, int last_plain,
                                  const std::string& name, uint32_t pos, int depth,
                                  std::string* note) {
    std::vector<TSNode> appends(assigns.begin() + last_plain + 1, assigns.end());
    std::function<Template(TSNode)> expand = [&](TSNode a) {
      return ExprTemplate(AssignedValue(a), ts_node_start_byte(a), depth + 1, note);
    };
    return js::FollowAppends(assigns[last_plain], appends, pos, name, expand);
  }

  static TSNode AssignedValue(TSNode n) {
    return Is(n, "variable_declarator") ? Field(n, "value") : Field(n, "right");
  }

  // Assignments to `name` directly in `scope` (not in nested functions) that
  // start before `pos`, in source order. Served from a per-file index so that
  // a file with thousands of sites is not walked once per site.
  std::vector<TSNode> AssignmentsTo(TSNode scope, const std::string& name, uint32_t pos) {
    std::vector<TSNode> out;
    auto it = assignments_.find(name);
    if (it == assignments_.end() || overflowed_.count(name)) return out;
    for (const Assignment& a : it->second) {
      TSNode n = a.node;
      if (ts_node_start_byte(n) >= pos) break;
      if (ts_node_start_byte(n) < ts_node_start_byte(scope) ||
          ts_node_end_byte(n) > ts_node_end_byte(scope)) {
        continue;
      }
      if (ts_node_eq(a.scope, scope) || IsCallbackAppend(n, a.scope, scope)) out.push_back(n);
    }
    return out;
  }

  // `msg += ..` inside a callback passed to a call directly in `scope`
  // (yargs: `invalidKeys.forEach(key => { msg += ... })`): an append that
  // runs any number of times before the use, read as a loop.
  bool IsCallbackAppend(TSNode n, TSNode fn_scope, TSNode scope) const {
    if (!Is(n, "augmented_assignment_expression") || ts_node_eq(fn_scope, scope)) return false;
    TSNode args = ts_node_parent(fn_scope);
    if (ts_node_is_null(args) || !Is(args, "arguments")) return false;
    return ts_node_eq(EnclosingScope(args), scope);
  }

  // Adds `n` to the assignment index if it assigns a name (source order:
  // the walk is pre-order).
  void IndexAssignment(TSNode n, const Ancestors& anc) {
    std::string_view type = Type(n);
    std::string_view key;
    if (type == "variable_declarator") {
      if (!ts_node_is_null(Field(n, "value"))) key = ts::Text(Field(n, "name"), src_);
    } else if (type == "assignment_expression" || (type == "augmented_assignment_expression" &&
                                                   ts::Text(Field(n, "operator"), src_) == "+=")) {
      key = ts::Text(Field(n, "left"), src_);
    }
    if (key.empty()) return;
    std::vector<Assignment>& list = assignments_[std::string(key)];
    // Past the cap the name is given up on (an opaque hole) rather than
    // resolved to a stale assignment.
    if (list.size() < kMaxAssignmentsPerName) {
      list.push_back(Assignment{n, ScopeOf(n, anc)});
    } else {
      overflowed_.insert(std::string(key));
    }
  }

  // EnclosingScope(n) for a node whose ancestors are known (root first),
  // with the same bound on the steps taken.
  TSNode ScopeOf(TSNode n, const Ancestors& anc) const {
    TSNode cur = n;
    size_t k = anc.size();
    for (int i = 0; i < kMaxAncestors; ++i) {
      if (k == 0) return cur;
      TSNode parent = anc[--k];
      if (ids_.IsFunction(ts_node_symbol(parent))) return parent;
      cur = parent;
    }
    return cur;
  }

  // The statement that holds `n` (whose ancestors are `anc`, root first):
  // the line a record points at. `*depth` receives how many of `anc` are
  // the statement's own ancestors.
  TSNode StatementOf(TSNode n, const Ancestors& anc, size_t* depth) {
    TSNode cur = n;
    size_t k = anc.size();
    for (int i = 0; i < kMaxAncestors; ++i) {
      if (k == 0) return TSNode{};
      TSNode parent = anc[--k];
      std::string_view pt = Type(parent);
      if (pt == "statement_block" || pt == "program" || pt == "switch_case" ||
          pt == "switch_default" || pt == "class_body" || IsFunctionNode(parent)) {
        *depth = k + 1;
        return cur;  // an arrow function's expression body is its own statement
      }
      *depth = k;
      if (k == 0) return parent;
      if (pt.ends_with("_statement") || pt == "lexical_declaration" ||
          pt == "variable_declaration") {
        return parent;
      }
      cur = parent;
    }
    return TSNode{};
  }

  std::string HoleExpr(TSNode n) {
    if (Is(n, "call_expression") && ts::Text(Field(n, "function"), src_) == "String") {
      std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
      if (args.size() == 1) return CollapseSpace(ts::Text(args[0], src_));
    }
    return CollapseSpace(ts::Text(n, src_));
  }

  void AddExprHole(TSNode n, Template* out) {
    out->AddHole("${" + CollapseSpace(ts::Text(n, src_)) + "}", HoleExpr(n));
  }

  // `msg.Number.min = 'Path `{PATH}` ({VALUE}) is less than ..'` in a
  // message catalog (message_idioms.h): a default error text, its
  // placeholders holes. The line users look for is the text's own.
  // In a message template module (eslint's messages/file-not-found.js:
  // `module.exports = function (it) { return `No files matching the
  // pattern "${pattern}" were found...`.trimStart(); }`, or a table of
  // such texts): a returned text, or an object's text value, with a
  // sentence in it is a message the program prints by the module's name.
  void HandleTemplateText(TSNode value, TSNode stmt, const Ancestors& anc) {
    value = Untrimmed(Unwrap(value));
    if (!Is(value, "template_string") && !Is(value, "string")) return;
    std::string note;
    Template t = ExprTemplate(value, ts_node_start_byte(value), 0, &note);
    std::string text;
    for (const Piece& piece : t.pieces()) {
      if (!piece.is_hole) text += piece.text;
    }
    if (std::count(text.begin(), text.end(), ' ') < 3) return;  // a key or a name
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.message = t.Trimmed(/*leading=*/true, /*trailing=*/true);
    site.message_origin_note = "the text of message template `" + TemplateModuleName() +
                               "`, printed when an error names this template";
    Finish(stmt, std::move(site), anc, anc.size(), "", /*sink=*/false);
  }

  std::string TemplateModuleName() const {
    std::string_view path = file_.path;
    std::string_view file = path.substr(path.rfind('/') + 1);
    return std::string(file.substr(0, file.find('.')));
  }

  void HandleCatalogEntry(TSNode assign, const Ancestors& anc) {
    TSNode right = Field(assign, "right");
    TSNode left = Field(assign, "left");
    if (!Is(right, "string") || !Is(left, "member_expression")) return;
    std::string_view raw = ts::Text(right, src_);
    if (raw.size() < 2) return;
    std::string text = DecodeJsEscapes(raw.substr(1, raw.size() - 2));
    if (text.find(' ') == std::string::npos) return;  // a key or a name, not a sentence
    Template t;
    size_t at = 0;
    for (auto [b, e] : js::CatalogPlaceholders(text)) {
      if (b > at) t.AddLiteral(text.substr(at, b - at));
      std::string name = text.substr(b, e - b);
      t.AddHole(name, name.substr(1, name.size() - 2));
      at = e;
    }
    if (at < text.size()) t.AddLiteral(text.substr(at));
    ErrorSite site = NewSite(assign, SiteKind::kRaise);
    site.message = std::move(t);
    site.message_origin_note = "the default text `" + CollapseSpace(ts::Text(left, src_)) +
                               "` of this message catalog; its {PLACEHOLDERS} are filled in when "
                               "the error is reported";
    Finish(assign, std::move(site), anc, anc.size(), "", /*sink=*/false);
  }

  // --- context ---------------------------------------------------------------

  ErrorSite NewSite(TSNode stmt, SiteKind kind) {
    ErrorSite site;
    site.language = language_;
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(stmt);
    site.end_line = ts::EndLine(stmt);
    return site;
  }

  static void SetOpaque(ErrorSite* site, const std::string& text, const std::string& why) {
    site->message = Template();
    site->message.AddLiteral(text);
    site->message_opaque = true;
    site->message_origin_note = why;
  }

  // `anc[0, depth)` are the ancestors of `stmt`, root first.
  void Finish(TSNode stmt, ErrorSite site, const Ancestors& anc, size_t depth,
              const std::string& via_class = "", bool sink = true) {
    if (site.message.empty()) return;
    out_->push_back(Context(stmt, std::move(site), anc, depth));
    if (facts_ && sink) AddSink(out_->back(), anc, via_class);
  }

  ErrorSite Context(TSNode stmt, ErrorSite site, const Ancestors& anc, size_t depth) {
    // Split only once a file has a site: most files have none.
    if (!lines_split_) {
      lines_ = SplitLines(src_);
      lines_split_ = true;
    }
    Ancestors up(anc.begin(), anc.begin() + std::min(depth, anc.size()));
    AddBraceContext(stmt, src_, lines_, JsSyntax(), &site, &up);
    return site;
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  bool lines_split_ = false;
  std::string language_;
  const JsIds& ids_;
  std::vector<ErrorSite>* out_;
  FileFacts* facts_ = nullptr;
  bool catalog_ = false;                  // js::IsMessageCatalogPath
  bool template_module_ = false;          // js::IsMessageTemplateModulePath
  std::map<std::string, int> alt_lines_;  // BranchChosenValues: text -> its assignment's line
  std::map<std::string, std::string> lazy_requires_;  // CollectLazyRequires
  // CollectImports: local name -> (exported name, module path).
  std::map<std::string, std::pair<std::string, std::string>> imports_;
  std::vector<Pending> pending_;
  std::vector<Pending> link_pending_;
  std::vector<Pending> message_assigns_;
  std::vector<Pending> console_errors_;
  std::vector<Pending> code_cases_;              // returns and message assignments in error maps
  std::vector<Pending> check_returns_;           // returns in check functions
  std::map<const void*, bool> check_functions_;  // function -> IsCheckFunction
  std::optional<std::map<std::string, TSNode>> declared_;  // DeclaredFunction
  std::vector<Pending> text_returns_;          // returns, and arrow functions' expression bodies
  std::map<const void*, bool> code_switches_;  // switch -> whether it is on an error code
  std::map<const void*, uint32_t> exits_;      // function -> its last process.exit() call
  std::set<const void*> thrown_calls_;         // `throw f(...)` calls HandleThrow recorded
  std::map<const void*, FuncInfo> func_info_;
  // Per function node: parameters' default texts (DefaultTemplate).
  std::map<const void*, std::vector<std::pair<std::string, Template>>> param_defaults_;
  TSNode scope_hint_{};  // the caller's function while its arguments are read
  TSNode root_{};
  std::set<std::string> overflowed_;
  // An indexed assignment and its enclosing function (else the root).
  struct Assignment {
    TSNode node;
    TSNode scope;
  };
  std::map<std::string, std::vector<Assignment>> assignments_;
};

class JsExtractor : public Extractor {
 public:
  std::string_view language() const override { return "javascript"; }
  bool Handles(std::string_view path) const override {
    if (path.ends_with(".d.ts") || path.ends_with(".d.mts") || path.ends_with(".d.cts")) {
      return false;  // declarations only: nothing raises
    }
    for (std::string_view ext : {".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"}) {
      if (path.ends_with(ext)) return true;
    }
    return false;
  }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    std::string_view p = file.path;
    bool tsx = p.ends_with(".tsx");
    bool typescript = tsx || p.ends_with(".ts") || p.ends_with(".mts") || p.ends_with(".cts");
    const TSLanguage* lang = tsx          ? tree_sitter_tsx()
                             : typescript ? tree_sitter_typescript()
                                          : tree_sitter_javascript();
    ts::TreePtr tree = ts::Parse(lang, file.content);
    if (!tree) return Status::InvalidArgument(file.path + ": parser gave up (timeout)");
    TSNode root = ts_tree_root_node(tree.get());
    if (had_syntax_errors) *had_syntax_errors = ts_node_has_error(root);
    JsFile(file, typescript ? "typescript" : "javascript", lang, sites, facts).Run(root);
    if (facts)
      CollectCallFacts(root, file.content, typescript ? "typescript" : "javascript", facts);
    return Status::OK();
  }
};

}  // namespace

const Extractor* JsExtractorInstance() {
  static const JsExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
