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
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "errdex/extractor.h"
#include "extract/common/condition_cap.h"
#include "extract/common/failure_words.h"
#include "extract/common/message_tables.h"
#include "extract/common/text_functions.h"
#include "extract/common/ts_util.h"
#include "extract/python/python_strings.h"
#include "resolve/link.h"
#include "resolve/python_facts.h"
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
using ts::kMaxAncestors;
// Alternative renderings kept apart (one record each) before they merge.
constexpr size_t kMaxAlternatives = 8;

std::vector<TSNode> NamedChildren(TSNode n) { return ts::NamedChildren(n); }

// The last dotted component: `errors.ConfigError` -> `ConfigError`.
// The innermost function holding `n`, else the root.
TSNode EnclosingScope(TSNode n) {
  return ts::EnclosingScope(n, [](TSNode a) { return ts::Is(a, "function_definition"); });
}

bool LooksLikeClass(std::string_view name) {
  std::string last = LastDotComponent(name);
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
      {"BadRequest", 400},
      {"Unauthorized", 401},
      {"Forbidden", 403},
      {"PermissionDenied", 403},
      {"NotFound", 404},
      {"Http404", 404},
      {"MethodNotAllowed", 405},
      {"NotAcceptable", 406},
      {"Conflict", 409},
      {"Gone", 410},
      {"RequestEntityTooLarge", 413},
      {"UnsupportedMediaType", 415},
      {"UnprocessableEntity", 422},
      {"TooManyRequests", 429},
      {"InternalServerError", 500},
      {"NotImplemented", 501},
      {"BadGateway", 502},
      {"ServiceUnavailable", 503},
      {"GatewayTimeout", 504},
  };
  auto it = kTable.find(cls);
  if (it == kTable.end()) return std::nullopt;
  return it->second;
}

bool IsHttpExceptionClass(std::string_view cls) {
  return cls.ends_with("HTTPException") || cls == "HTTPError" || cls == "HttpError";
}

// Symbol ids of the node types the walk compares every node against
// (comparing ids, not type strings), and the types it descends into.
struct PyIds {
  TSSymbol raise_statement, assert_statement, call, function_definition, class_definition,
      decorated_definition, block, expression_statement, return_statement;
  std::vector<TSSymbol> containers;  // node types that can hold statements

  bool Descend(TSSymbol s) const {
    return s == expression_statement || s == return_statement ||
           std::find(containers.begin(), containers.end(), s) != containers.end();
  }
};

const PyIds& Ids() {
  static const PyIds kIds = [] {
    const TSLanguage* lang = tree_sitter_python();
    auto sym = [&](std::string_view n) { return ts::Symbol(lang, n); };
    PyIds ids{sym("raise_statement"),
              sym("assert_statement"),
              sym("call"),
              sym("function_definition"),
              sym("class_definition"),
              sym("decorated_definition"),
              sym("block"),
              sym("expression_statement"),
              sym("return_statement"),
              {}};
    // From the grammar's node-types.json: every type that can (through
    // other types) hold a statement.
    for (std::string_view t :
         {"module", "block", "if_statement", "elif_clause", "else_clause", "for_statement",
          "while_statement", "try_statement", "except_clause", "except_group_clause",
          "finally_clause", "with_statement", "function_definition", "class_definition",
          "decorated_definition", "match_statement", "case_clause"}) {
      ids.containers.push_back(sym(t));
    }
    return ids;
  }();
  return kIds;
}

// One way a message can render, and where its text came from.
struct Alt {
  Template tmpl;
  std::string note;
  // The assignment in one branch of several that gave a local this text
  // (`if given: message = f".."; else: message = ".."; raise X(message)`):
  // the line that says which case it is, where the site points. Null
  // otherwise.
  TSNode chosen_at{};
};
using Alts = std::vector<Alt>;

// Per-file extraction state.
class PythonFile {
 public:
  PythonFile(const SourceFile& file, std::vector<ErrorSite>* out, FileFacts* facts = nullptr)
      : file_(file),
        src_(file.content),
        lines_(SplitLines(file.content)),
        out_(out),
        facts_(facts) {}

  void Run(TSNode root) {
    root_ = root;
    CollectClassDocstrings(root);
    Collect(root);
    CollectHelpers();
    if (facts_) CollectTextFunctions();
    CollectFieldRenderings();
    for (const Pending& p : pending_) {
      cur_fn_ = p.function;
      if (p.symbol == Ids().raise_statement) {
        HandleRaise(p.node);
      } else if (p.symbol == Ids().assert_statement) {
        HandleAssert(p.node);
      } else {
        HandleCall(p.node, p.parent);
      }
    }
    for (const auto& [stmt, fn] : default_assigns_) {
      cur_fn_ = fn;
      HandleDefaultAssign(stmt);
    }
    for (const auto& [call, fn] : assigned_calls_) {
      cur_fn_ = fn;
      HandleMessageKeywords(call, LastDotComponent(ts::Text(Field(call, "function"), src_)));
    }
  }

 private:
  static bool InFunction(const std::vector<TSNode>& ancestors) {
    for (TSNode a : ancestors) {
      if (Is(a, "function_definition") || Is(a, "lambda")) return true;
    }
    return false;
  }

  // `MESSAGES = {"missing": "No such key"}`, a class's
  // `default_error_messages = {"invalid": _("Enter a valid value.")}`:
  // a message table (src/resolve/message_tables.h) when most entries are
  // text.
  void NoteMessageTable(TSNode assignment) {
    MessageTable t;
    t.name = std::string(ts::Text(Field(assignment, "left"), src_));
    t.line = ts::Line(assignment);
    int items = 0;
    for (TSNode pair : NamedChildren(Field(assignment, "right"))) {
      ++items;
      TSNode key = Field(pair, "key");
      TSNode value = Field(pair, "value");
      if (!Is(pair, "pair") || !Is(key, "string")) continue;
      std::string note;
      Template k = ExprTemplate(key, ts_node_start_byte(key), 0, &note);
      Template text = ExprTemplate(value, ts_node_start_byte(value), 0, &note);
      if (k.HoleCount() > 0 || !IsMessageTableText(text)) continue;
      t.entries.push_back({k.Display(), std::move(text), ts::Line(pair)});
    }
    if (IsMessageTable(t, static_cast<size_t>(items))) {
      facts_->message_tables.push_back(std::move(t));
    }
  }

  // A function that raises with the message one of its parameters carries:
  // `def fail(self, message): raise UsageError(message, self)`. Its calls
  // with a literal message are error sites of their own.
  struct Helper {
    std::string error_class;
    int index = -1;  // positional index at the call (after self/cls), -1: keyword only
    std::string param;
    bool method = false;
    int line = 0;
  };

  // A raise, assert or statement-level call found by the walk, in source
  // order; calls keep their parent (ts_node_parent is slow in big files).
  struct Pending {
    TSNode node;
    TSNode parent;
    TSSymbol symbol;
    int function = -1;  // index in functions_ of the innermost function (no class between)
  };

  // A function definition and the raises of its own body (not of nested
  // definitions), in source order: the candidates for helpers.
  std::set<std::string, std::less<>> properties_;  // `@property` methods of this file's classes

  struct Function {
    TSNode node;
    bool in_class_body = false;
    std::vector<TSNode> raises;
    std::string qual;  // "Class.method"
  };

  // One walk gathers the sites and the functions. It descends only into
  // nodes that can hold statements (and into expression/return statements,
  // whose direct children may be site calls): expressions cannot hold a
  // raise, an assert, a definition or a call whose parent is a statement.
  // Subtrees with syntax errors are walked in full.
  void Collect(TSNode root) {
    const PyIds& ids = Ids();
    std::map<const void*, size_t> function_index;
    ts::WalkWithAncestors(root, [&](TSNode n, const std::vector<TSNode>& ancestors) {
      TSSymbol sym = ts_node_symbol(n);
      if (sym == ids.raise_statement) {
        pending_.push_back(Pending{n, TSNode{}, sym, Innermost(ancestors, function_index)});
        AttachRaise(n, ancestors, function_index);
      } else if (sym == ids.assert_statement) {
        pending_.push_back(Pending{n, TSNode{}, sym, Innermost(ancestors, function_index)});
      } else if (sym == ids.expression_statement) {
        // `current_app = LocalProxy(.., unbound_message=_no_app_msg)`: the
        // walk does not enter expressions; HandleMessageKeywords reads it.
        TSNode e = ts::FirstNamed(n);
        if (Is(e, "assignment") && IsDefaultText(Field(e, "right"))) {
          default_assigns_.push_back({n, Innermost(ancestors, function_index)});
        }
        if (Is(e, "assignment") && Is(Field(e, "right"), "call")) {
          assigned_calls_.push_back({Field(e, "right"), Innermost(ancestors, function_index)});
          if (facts_ && ancestors.size() == 1) NoteInstance(e);
        }
        // At module or class level: a function's dict is its own data.
        if (Is(e, "assignment") && ancestors.size() == 1) NoteLogAliases(e);
        if (facts_ && Is(e, "assignment") && Is(Field(e, "right"), "dictionary") &&
            !InFunction(ancestors)) {
          NoteMessageTable(e);
        }
      } else if (sym == ids.call && !ancestors.empty()) {
        TSSymbol parent = ts_node_symbol(ancestors.back());
        if (parent == ids.expression_statement || parent == ids.return_statement) {
          pending_.push_back(
              Pending{n, ancestors.back(), sym, Innermost(ancestors, function_index)});
        }
      } else if (sym == ids.function_definition) {
        function_index[n.id] = functions_.size();
        Function f{n, InClassBody(ancestors), {}, {}};
        if (f.in_class_body && IsProperty(n)) properties_.emplace(ts::Text(Field(n, "name"), src_));
        std::string name(ts::Text(Field(n, "name"), src_));
        if (facts_) facts_->link_names.push_back(name);
        for (TSNode a : ancestors) {
          TSSymbol as = ts_node_symbol(a);
          if (as == ids.class_definition || as == ids.function_definition) {
            f.qual += std::string(ts::Text(Field(a, "name"), src_)) + ".";
          }
        }
        f.qual += name;
        functions_.push_back(std::move(f));
      } else if (sym == ids.class_definition && facts_) {
        facts_->link_names.emplace_back(ts::Text(Field(n, "name"), src_));
      }
      return ids.Descend(sym) || ts_node_has_error(n);
    });
  }

  // The innermost function of a node (index in functions_), unless a class
  // lies between them; -1 if none.
  static int Innermost(const std::vector<TSNode>& ancestors,
                       const std::map<const void*, size_t>& function_index) {
    for (size_t i = ancestors.size(); i-- > 0;) {
      TSSymbol sym = ts_node_symbol(ancestors[i]);
      if (sym == Ids().class_definition) return -1;
      if (sym != Ids().function_definition) continue;
      auto it = function_index.find(ancestors[i].id);
      return it == function_index.end() ? -1 : static_cast<int>(it->second);
    }
    return -1;
  }

  // Adds `raise_stmt` to the raises of its innermost function, unless a
  // class lies between them.
  void AttachRaise(TSNode raise_stmt, const std::vector<TSNode>& ancestors,
                   const std::map<const void*, size_t>& function_index) {
    for (size_t i = ancestors.size(); i-- > 0;) {
      TSSymbol sym = ts_node_symbol(ancestors[i]);
      if (sym == Ids().class_definition) return;
      if (sym != Ids().function_definition) continue;
      auto it = function_index.find(ancestors[i].id);
      if (it == function_index.end()) return;
      Function& fn = functions_[it->second];
      if (Contains(Field(fn.node, "body"), raise_stmt)) fn.raises.push_back(raise_stmt);
      return;
    }
  }

  // InClassBody for a function whose ancestors are known.
  static bool InClassBody(const std::vector<TSNode>& ancestors) {
    size_t i = ancestors.size();
    if (i == 0) return false;
    if (ts_node_symbol(ancestors[i - 1]) == Ids().decorated_definition) --i;
    return i >= 2 && ts_node_symbol(ancestors[i - 1]) == Ids().block &&
           ts_node_symbol(ancestors[i - 2]) == Ids().class_definition;
  }

  // --- text functions (src/resolve/link_text_functions.h) -------------------

  // Every function's returns with text (`return f"bad {x}"`, each branch of
  // `a if c else b`) are candidate messages for raises that call it.
  void CollectTextFunctions() {
    TextFunctionCollector collector;
    for (size_t i = 0; i < functions_.size(); ++i) {
      const Function& f = functions_[i];
      TSNode body = Field(f.node, "body");
      if (ts::Text(body, src_).find("return") == std::string_view::npos) continue;
      TextFunction tf;
      tf.name = std::string(ts::Text(Field(f.node, "name"), src_));
      tf.qualified = f.qual;
      tf.language = "python";
      tf.line = ts::Line(f.node);
      std::vector<std::pair<std::string, int>> params = Parameters(f.node);
      tf.method = f.in_class_body && !params.empty() &&
                  (params[0].first == "self" || params[0].first == "cls");
      for (size_t k = tf.method ? 1 : 0; k < params.size(); ++k) {
        if (params[k].second >= 0) tf.params.push_back(params[k].first);
      }
      collector.Open(f.node.id, std::move(tf));
      cur_fn_ = static_cast<int>(i);
      ForEachOwnReturn(
          body, "return_statement",
          [](TSNode n) { return Is(n, "function_definition") || Is(n, "lambda"); },
          [&](TSNode ret) {
            TSNode value = ts::FirstNamed(ret);
            if (ts_node_is_null(value)) return;
            for (const Alt& a : ExprAlts(value, ts_node_start_byte(ret), 0)) {
              collector.AddReturn(f.node.id, a.tmpl, ts::Line(ret));
            }
          });
      cur_fn_ = -1;
    }
    collector.Emit(facts_);
  }

  // --- field renderings (src/resolve/link_field_renderings.h) ---------------

  // `def __str__(self): return f"Requested {self.ireq} has inconsistent
  // {self.field}"` with `self.field = field` in `__init__`: each return that
  // reads fields the constructor fills is a rendering of the class, so
  // `raise MetadataInconsistent(req, "name", ..)` shows "name" in it.
  // A text of `__str__` that reads no such field but is written there
  // (docker-py's `APIError.__str__`: `message = f'{self.response.status_code}
  // Client Error for {self.response.url}: ..'` in one branch, "Server Error"
  // in another) is where the user's text is written: each text it may
  // return is a site of the class at the line that writes it
  // (OwnRenderingSites).
  void CollectFieldRenderings() {
    for (const Function& f : functions_) {
      if (!f.in_class_body || ts::Text(Field(f.node, "name"), src_) != "__str__") continue;
      size_t dot = f.qual.rfind('.');
      if (dot == std::string::npos) continue;
      std::string cls = f.qual.substr(0, dot);
      const Function* init = InitOf(cls);
      if (!init) {  // inherited from a base class of this file
        TSNode def = ts_node_parent(f.node);
        if (Is(def, "decorated_definition")) def = ts_node_parent(def);
        def = ts_node_parent(def);
        std::vector<TSNode> bases = NamedChildren(Field(def, "superclasses"));
        if (Is(def, "class_definition") && !bases.empty() && Is(bases[0], "identifier")) {
          init = InitOf(std::string(ts::Text(bases[0], src_)));
        }
      }
      FieldRendering shape;
      shape.type = std::string(LastDotComponent(cls));
      shape.method = "__str__";
      shape.receiver = "self";
      bool fields = init && InitFields(init->node, &shape);
      cur_fn_ = static_cast<int>(&f - functions_.data());
      Alts own;
      TSNode own_return{};
      ForEachOwnReturn(
          Field(f.node, "body"), "return_statement",
          [](TSNode n) { return Is(n, "function_definition") || Is(n, "lambda"); },
          [&](TSNode ret) {
            TSNode value = ts::FirstNamed(ret);
            if (ts_node_is_null(value)) return;
            for (Alt& a : ExprAlts(value, ts_node_start_byte(ret), 0)) {
              if (fields && ReadsFilledField(a.tmpl, shape)) {
                if (!facts_) continue;
                FieldRendering r = shape;
                r.text = a.tmpl;
                r.line = ts::Line(ret);
                facts_->field_renderings.push_back(std::move(r));
              } else if (HasWords(a.tmpl)) {
                if (ts_node_is_null(own_return)) own_return = ret;
                own.push_back(std::move(a));
              }
            }
          });
      if (!own.empty() && ExceptionLikeClass(shape.type, 0)) {
        OwnRenderingSites(own_return, shape.type, own);
      }
      cur_fn_ = -1;
    }
  }

  // Text with a literal word pair (`"x Client Error for y"`), not a
  // bracket or separator around holes.
  static bool HasWords(const Template& t) {
    for (const Piece& p : t.pieces()) {
      if (p.is_hole) continue;
      for (size_t i = 1; i + 1 < p.text.size(); ++i) {
        if (p.text[i] == ' ' && std::isalpha(static_cast<unsigned char>(p.text[i - 1])) &&
            std::isalpha(static_cast<unsigned char>(p.text[i + 1]))) {
          return true;
        }
      }
    }
    return false;
  }

  // The texts a class's `__str__` writes itself, as sites of the class:
  // at the assignment that chose each text, else at the return.
  void OwnRenderingSites(TSNode ret, const std::string& cls, const Alts& alts) {
    ErrorSite site = NewSite(ret, SiteKind::kRaise);
    site.error_class = cls;
    for (const Alt& a : alts) {
      ErrorSite one = site;
      one.message = a.tmpl;
      one.message_origin_note =
          "the text `" + cls + ".__str__` returns at line " + std::to_string(site.line);
      TSNode at = ret;
      if (!ts_node_is_null(a.chosen_at)) {  // the branch's assignment
        one.line = ts::Line(a.chosen_at);
        one.end_line = ts::EndLine(a.chosen_at);
        at = ts_node_parent(a.chosen_at);
        if (ts_node_is_null(at)) at = a.chosen_at;
      }
      Finish(at, std::move(one));
    }
  }

  const Function* InitOf(const std::string& cls) const {
    for (const Function& g : functions_) {
      if (g.qual == cls + ".__init__") return &g;
    }
    return nullptr;
  }

  // The constructor's parameters and the fields `self.F = param` stores
  // them in; false when it stores none.
  bool InitFields(TSNode init, FieldRendering* r) {
    std::vector<std::pair<std::string, int>> params = Parameters(init);
    for (size_t k = 1; k < params.size(); ++k) {  // self dropped
      r->params.push_back(params[k].first);
      r->fields.emplace_back();
    }
    bool any = false;
    for (TSNode st : NamedChildren(Field(init, "body"))) {
      TSNode a = Is(st, "expression_statement") ? ts::FirstNamed(st) : TSNode{};
      if (!Is(a, "assignment")) continue;
      TSNode left = Field(a, "left"), right = Field(a, "right");
      if (!Is(left, "attribute") || ts::Text(Field(left, "object"), src_) != "self" ||
          !Is(right, "identifier")) {
        continue;
      }
      auto at = std::find(r->params.begin(), r->params.end(), ts::Text(right, src_));
      if (at == r->params.end()) continue;
      r->fields[at - r->params.begin()] = std::string(ts::Text(Field(left, "attribute"), src_));
      any = true;
    }
    return any;
  }

  // A template with a hole reading `self.F` for a field the constructor fills.
  static bool ReadsFilledField(const Template& t, const FieldRendering& r) {
    for (const Piece& p : t.pieces()) {
      if (!p.is_hole || !p.expr.starts_with("self.")) continue;
      std::string_view f = std::string_view(p.expr).substr(5);
      if (std::find(r.fields.begin(), r.fields.end(), f) != r.fields.end()) return true;
    }
    return false;
  }

  // --- helpers that raise ----------------------------------------------------

  // Parameter names in order; keyword-only ones (after `*`) get index -1.
  std::vector<std::pair<std::string, int>> Parameters(TSNode fn) {
    std::vector<std::pair<std::string, int>> out;
    int index = 0;
    for (TSNode p : NamedChildren(Field(fn, "parameters"))) {
      std::string_view type = Type(p);
      std::string name;
      if (type == "identifier") {
        name = std::string(ts::Text(p, src_));
      } else if (type == "typed_parameter") {
        TSNode first = ts::FirstNamed(p);
        if (Is(first, "identifier")) name = std::string(ts::Text(first, src_));
      } else if (type == "default_parameter" || type == "typed_default_parameter") {
        name = std::string(ts::Text(Field(p, "name"), src_));
      } else if (type == "positional_separator") {
        continue;
      } else {
        // `*args`, `*`, `**kwargs`: what follows is keyword-only.
        index = -1000000;
        continue;
      }
      out.emplace_back(name, index < 0 ? -1 : index);
      ++index;
    }
    return out;
  }

  static bool InClassBody(TSNode fn) {
    TSNode parent = ts_node_parent(fn);
    if (Is(parent, "decorated_definition")) parent = ts_node_parent(parent);
    return Is(parent, "block") && Is(ts_node_parent(parent), "class_definition");
  }

  void CollectHelpers() {
    for (const Function& f : functions_) {
      if (!f.raises.empty()) CollectHelper(f);
    }
  }

  void CollectHelper(const Function& f) {
    TSNode fn = f.node;
    std::string name(ts::Text(Field(fn, "name"), src_));
    if (name.empty() || name.starts_with("__") || helpers_.count(name)) return;
    std::vector<std::pair<std::string, int>> params = Parameters(fn);
    bool method = f.in_class_body && !params.empty() &&
                  (params[0].first == "self" || params[0].first == "cls");
    for (TSNode n : f.raises) {
      TSNode exc = ts::FirstNamed(n);
      if (!Is(exc, "call")) continue;
      std::string_view cls = ts::Text(Field(exc, "function"), src_);
      if (!LooksLikeClass(cls)) continue;
      CallArgs args = SplitArgs(exc, src_);
      TSNode msg = args.positional.empty() ? TSNode{} : args.positional[0];
      for (const char* key : {"message", "msg"}) {
        if (auto it = args.keywords.find(key); ts_node_is_null(msg) && it != args.keywords.end())
          msg = it->second;
      }
      if (!Is(msg, "identifier")) continue;
      std::string_view msg_name = ts::Text(msg, src_);
      for (const auto& [param, index] : params) {
        if (param != msg_name || (method && index == 0)) continue;
        // The parameter must still hold the caller's text at the raise.
        if (!AssignmentsTo(fn, param, ts_node_start_byte(n)).empty()) return;
        Helper h;
        h.error_class = LastDotComponent(cls);
        h.index = index < 0 ? -1 : index - (method ? 1 : 0);
        h.param = param;
        h.method = method;
        h.line = ts::Line(n);
        helpers_[name] = h;
        return;
      }
    }
  }

  // --- sites -------------------------------------------------------------

  static bool AnyLiteral(const Alts& alts) {
    for (const Alt& a : alts) {
      if (a.tmpl.HasLiteralText()) return true;
    }
    return false;
  }

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
    // `raise X(...).with_traceback(tb)` raises X(...).
    while (Is(exc, "call") && Is(Field(exc, "function"), "attribute") &&
           ts::Text(Field(Field(exc, "function"), "attribute"), src_) == "with_traceback" &&
           Is(Field(Field(exc, "function"), "object"), "call")) {
      exc = Field(Field(exc, "function"), "object");
    }
    RaiseValue(stmt, exc);
  }

  // The site of `stmt` raising the value `exc` (`X(..)`, `X`, or a local
  // holding one).
  void RaiseValue(TSNode stmt, TSNode exc) {
    // `error = InstallationSubprocessError(...); log(error); raise error`:
    // the exception built on every path to the raise is what it raises.
    if (Is(exc, "identifier")) {
      TSNode built = ConstructedValue(exc, ts_node_start_byte(stmt));
      if (!ts_node_is_null(built)) exc = built;
    }
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    if (Is(exc, "call")) {
      Alts alts;
      TSNode msg{};
      if (!FillFromExceptionCall(exc, &site, &alts, &msg)) return;
      size_t before = out_->size();
      FinishAlts(stmt, std::move(site), alts, msg);
      if (facts_ && out_->size() > before &&
          LooksLikeClass(ts::Text(Field(exc, "function"), src_))) {
        AddLinkCall(exc, stmt, true, &out_->back());
      }
      return;
    }
    if (Is(exc, "identifier") || Is(exc, "attribute")) {
      std::string_view name = ts::Text(exc, src_);
      if (!LooksLikeClass(name)) return;  // `raise err` re-raises a value
      site.error_class = LastDotComponent(name);
      site.http_status = StatusForClass(site.error_class);
      SetOpaque(&site, site.error_class, "raised without a message");
      Finish(stmt, std::move(site));
    }
  }

  // The `X(...)` call a local holds at `pos`: its one assignment in the
  // function, made on every path to `pos` and not after it; null otherwise
  // (`except E as err: raise err` re-raises what was caught).
  TSNode ConstructedValue(TSNode ident, uint32_t pos) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = EnclosingScope(ident);
    if (!Is(scope, "function_definition") || IsParameter(scope, name)) return TSNode{};
    std::vector<TSNode> assigns = AssignmentsTo(scope, name, UINT32_MAX);
    if (assigns.size() != 1 || ts_node_start_byte(assigns[0]) >= pos) return TSNode{};
    TSNode a = assigns[0];
    TSNode rhs = Field(a, "right");
    if (!Is(a, "assignment") || !Is(rhs, "call") || Reaches(a, ident) != Reach::kAlways) {
      return TSNode{};
    }
    if (!LooksLikeClass(ts::Text(Field(rhs, "function"), src_))) return TSNode{};
    return rhs;
  }

  // Fills class and status from `X(...)`, and the message alternatives
  // (left empty when the site's message is already set). False if this is
  // not an error site worth recording (a lowercase factory with no message).
  bool FillFromExceptionCall(TSNode call, ErrorSite* site, Alts* alts, TSNode* msg_out) {
    std::string_view fn = ts::Text(Field(call, "function"), src_);
    bool is_class =
        (LooksLikeClass(fn) || HoldsExceptionClass(fn)) && !Is(Field(call, "function"), "call");
    site->error_class = is_class && LooksLikeClass(fn) ? LastDotComponent(fn) : "";
    CallArgs args = SplitArgs(call, src_);
    if (is_class && IsHttpExceptionClass(site->error_class) && HasStatusArgument(args)) {
      return FillHttpException(args, site, alts, msg_out);
    }
    if (is_class) site->http_status = StatusForClass(site->error_class);
    if (args.positional.empty()) {
      TSNode list = SplatListItems(call, alts);
      if (!ts_node_is_null(list)) {
        *msg_out = list;
        return is_class || AnyLiteral(*alts);
      }
    }
    TSNode msg = ChooseMessageArg(args, alts);
    if (ts_node_is_null(msg)) {
      if (!is_class) return false;
      SetOpaque(site, site->error_class, "raised without a message");
      return true;
    }
    *msg_out = msg;
    return is_class || AnyLiteral(*alts);
  }

  // `raise UsageError(*errors)` where `errors` is a local list built by
  // `errors = [...]` and `errors.append(..)` (pytest's "not found: {arg}"):
  // every item is an argument the exception prints as a line of its own,
  // so each item's text is a message, and the line that adds it says which
  // case it is. Null (alts untouched) when the call splats no such list.
  TSNode SplatListItems(TSNode call, Alts* alts) {
    TSNode ident{};
    for (TSNode a : NamedChildren(Field(call, "arguments"))) {
      if (!Is(a, "list_splat")) return TSNode{};
      if (!ts_node_is_null(ident)) return TSNode{};
      ident = ts::FirstNamed(a);
    }
    if (!Is(ident, "identifier")) return TSNode{};
    std::string name(ts::Text(ident, src_));
    uint32_t pos = ts_node_start_byte(call);
    std::vector<TSNode> steps = ListStepsOf(EnclosingScope(ident), name, pos);
    Alts items;
    auto add = [&](TSNode item, TSNode at) {
      std::string unused;
      Alt alt{ExprTemplate(item, ts_node_start_byte(at), 1, &unused),
              "an item of `" + name + "`, printed as a line of its own", at};
      items.push_back(std::move(alt));
    };
    for (TSNode step : steps) {
      if (Reaches(step, ident) == Reach::kNever) continue;
      if (Is(step, "assignment")) {
        TSNode rhs = Field(step, "right");
        if (!Is(rhs, "list")) return TSNode{};
        for (TSNode item : NamedChildren(rhs)) add(item, step);
        continue;
      }
      CallArgs a = SplitArgs(step, src_);
      if (a.positional.size() != 1) return TSNode{};
      add(a.positional[0], step);
    }
    if (!AnyLiteral(items)) return TSNode{};
    *alts = std::move(items);
    return ident;
  }

  // FastAPI/Starlette's HTTPException(status_code, detail) as opposed to
  // werkzeug's HTTPException(description) or requests' HTTPError(msg).
  bool HasStatusArgument(const CallArgs& args) {
    if (args.keywords.count("status_code")) return true;
    if (args.positional.empty()) return false;
    TSNode first = args.positional[0];
    std::string_view text = ts::Text(first, src_);
    return IntLiteral(first, src_).has_value() ||
           (!Is(first, "string") &&
            (text.find("status") != std::string_view::npos || text.starts_with("HTTPStatus")));
  }

  // FastAPI/Starlette style: HTTPException(status_code=404, detail="...").
  bool FillHttpException(const CallArgs& args, ErrorSite* site, Alts* alts, TSNode* msg_out) {
    TSNode status{}, detail{};
    if (auto it = args.keywords.find("status_code"); it != args.keywords.end()) status = it->second;
    if (auto it = args.keywords.find("detail"); it != args.keywords.end()) detail = it->second;
    if (ts_node_is_null(status) && !args.positional.empty()) status = args.positional[0];
    if (ts_node_is_null(detail) && args.positional.size() > 1) detail = args.positional[1];
    if (!ts_node_is_null(status)) site->http_status = IntLiteral(status, src_);
    site->kind = SiteKind::kHttp;
    if (ts_node_is_null(detail)) {
      SetOpaque(site, ReasonPhrase(site->http_status),
                "no detail given: the reason phrase is shown");
      return true;
    }
    *alts = ExprAlts(detail, ts_node_start_byte(detail), 0);
    *msg_out = detail;
    return true;
  }

  // The argument that carries the message, and its alternatives in *alts.
  TSNode ChooseMessageArg(const CallArgs& args, Alts* alts) {
    // The first positional argument that carries text; exceptions such as
    // OSError(errno, "msg") put a code first.
    for (TSNode a : args.positional) {
      *alts = ExprAlts(a, ts_node_start_byte(a), 0);
      if (AnyLiteral(*alts)) return a;
    }
    TSNode msg = args.positional.empty() ? TSNode{} : args.positional[0];
    for (const char* key : {"message", "msg", "detail", "description", "reason", "text", "error"}) {
      auto it = args.keywords.find(key);
      if (it != args.keywords.end()) {
        msg = it->second;
        break;
      }
    }
    if (!ts_node_is_null(msg)) *alts = ExprAlts(msg, ts_node_start_byte(msg), 0);
    return msg;
  }

  // One site per alternative message that has text; when none has, one
  // opaque site whose template matches them all.
  void FinishAlts(TSNode stmt, ErrorSite site, const Alts& alts, TSNode msg,
                  bool drop_opaque = false) {
    if (alts.empty()) {
      Finish(stmt, std::move(site));
      return;
    }
    auto with_note = [&](const std::string& note) {
      if (site.message_origin_note.empty()) return note;
      if (note.empty()) return site.message_origin_note;
      return note + "; " + site.message_origin_note;
    };
    if (!AnyLiteral(alts)) {
      if (drop_opaque) return;
      site.message = Merge(alts, msg);
      site.message_opaque = true;
      site.message_origin_note = with_note(alts[0].note);
      Finish(stmt, std::move(site));
      return;
    }
    size_t with_text = 0;
    for (const Alt& a : alts) with_text += a.tmpl.HasLiteralText();
    for (const Alt& a : alts) {
      if (!a.tmpl.HasLiteralText()) continue;
      ErrorSite one = site;
      one.message = a.tmpl;
      one.message_opaque = false;
      one.message_origin_note = with_note(a.note);
      if (with_text > 1 && !ts_node_is_null(a.chosen_at)) {
        // One of several texts chosen by branches: the assignment tells
        // which case it is; the raise is among the record's other lines.
        TSNode at = ts_node_parent(a.chosen_at);  // the expression statement
        if (ts_node_is_null(at)) at = a.chosen_at;
        one.message_origin_note += "; raised at line " + std::to_string(site.line);
        one.line = ts::Line(a.chosen_at);
        one.end_line = ts::EndLine(a.chosen_at);
        Finish(at, std::move(one));
        continue;
      }
      Finish(stmt, std::move(one));
    }
  }

  void HandleAssert(TSNode stmt) {
    std::vector<TSNode> parts = NamedChildren(stmt);
    if (parts.size() < 2) return;  // an assert without a message is an internal invariant
    ErrorSite site = NewSite(stmt, SiteKind::kAssert);
    site.error_class = "AssertionError";
    PathCondition failed;
    failed.expr = CollapseSpace(ts::Text(parts[0], src_));
    failed.polarity = false;
    failed.line = ts::Line(parts[0]);
    site.conditions.push_back(failed);
    FinishAlts(stmt, std::move(site), ExprAlts(parts[1], ts_node_start_byte(parts[1]), 0),
               parts[1]);
  }

  // abort(404), warnings.warn(...), logger.error(...), calls of helpers that
  // raise, and the default message an exception class gives itself.
  // `stmt` is the call's parent.
  void HandleCall(TSNode call, TSNode stmt) {
    bool statement = ts_node_symbol(stmt) == Ids().expression_statement;
    TSNode fn = Field(call, "function");
    std::string_view fn_text = ts::Text(fn, src_);
    std::string name = LastDotComponent(fn_text);
    if (facts_ && IsLinkCandidate(fn, name)) AddLinkCall(call, stmt, false, nullptr);
    HandleMessageKeywords(call, name);
    if (!statement) {
      // `return self.fail(...)` still reports.
      if (Is(stmt, "return_statement") && helpers_.count(name)) HandleHelperCall(stmt, call);
      return;  // otherwise only calls used as statements
    }
    // Most statement calls are none of the kinds below: filter by name
    // before splitting the arguments.
    if (name == "set_exception") return HandleSetException(stmt, call);
    auto alias = Is(fn, "identifier") ? log_aliases_.find(name) : log_aliases_.end();
    if (name != "abort" && name != "warn" && name != "warning" && name != "error" &&
        name != "exception" && name != "critical" && name != "fatal" && name != "info" &&
        name != "__init__" && !helpers_.count(name) && alias == log_aliases_.end()) {
      return;
    }
    CallArgs args = SplitArgs(call, src_);
    if (alias != log_aliases_.end()) {
      HandleLog(stmt, alias->second, args);
    } else if (name == "abort" && !args.positional.empty()) {
      HandleAbort(stmt, args);
    } else if (fn_text == "warnings.warn" || fn_text == "warn") {
      HandleWarn(stmt, args);
    } else if (Is(fn, "attribute") &&
               (name == "error" || name == "exception" || name == "critical" || name == "fatal" ||
                name == "warning" || name == "warn" || name == "info") &&
               ToLower(ts::Text(Field(fn, "object"), src_)).find("log") != std::string::npos) {
      // Warnings too: users paste them ("[WARNING] No supported WebSocket
      // library detected. ..." from uvicorn's logger).
      HandleLog(stmt, name, args);
    } else if (helpers_.count(name)) {
      HandleHelperCall(stmt, call);
    } else if (name == "__init__" && Is(fn, "attribute")) {
      HandleExceptionInit(stmt, call, args);
    }
  }

  // asyncio's `future.set_exception(X(msg))`, and helpers of that name
  // taking the future first (aiohttp's `set_exception(self._payload,
  // ClientPayloadError(msg), cause)`): the awaiting code raises X, so the
  // call is where it is raised from. The exception is the first argument
  // that constructs one, or a local holding one.
  void HandleSetException(TSNode stmt, TSNode call) {
    for (TSNode a : NamedChildren(Field(call, "arguments"))) {
      TSNode exc = a;
      if (Is(a, "identifier")) exc = ConstructedValue(a, ts_node_start_byte(stmt));
      if (Is(exc, "call") && LooksLikeClass(ts::Text(Field(exc, "function"), src_))) {
        return RaiseValue(stmt, a);
      }
    }
  }

  // `LocalProxy(_cv_app, unbound_message=_no_app_msg)`, `DataRequired(
  // message="This field is required.")`: text handed to a callable that is
  // not this file's, under a keyword that names it as the error message.
  // The callee (another library, often) raises or shows it; the text and
  // the line that chose it are this repository's.
  void HandleMessageKeywords(TSNode call, const std::string& callee, int depth = 0) {
    TSNode args = Field(call, "arguments");
    // `validators=[DataRequired(message=..)]`: calls nested in arguments.
    if (depth < 3) {
      for (TSNode a : NamedChildren(args)) {
        TSNode v = Is(a, "keyword_argument") ? Field(a, "value") : a;
        std::vector<TSNode> inner =
            Is(v, "list") || Is(v, "tuple") ? NamedChildren(v) : std::vector<TSNode>{v};
        for (TSNode c : inner) {
          if (!Is(c, "call")) continue;
          HandleMessageKeywords(c, LastDotComponent(ts::Text(Field(c, "function"), src_)),
                                depth + 1);
        }
      }
    }
    std::string_view text = ts::Text(args, src_);
    if (text.find("message=") == std::string_view::npos &&
        text.find("msg=") == std::string_view::npos) {
      return;
    }
    if (helpers_.count(callee) || callee == "warn" || callee == "__init__") return;
    // This file's own function is followed by the link stage (sinks);
    // commit and log calls take messages that are no errors.
    if (DefinedHere(callee)) return;
    std::string lower = ToLower(callee);
    for (std::string_view not_error : {"commit", "log", "print", "echo", "info", "debug"}) {
      if (lower.find(not_error) != std::string::npos) return;
    }
    for (TSNode a : NamedChildren(args)) {
      if (!Is(a, "keyword_argument")) continue;
      std::string key(ts::Text(Field(a, "name"), src_));
      if (!IsErrorMessageKeyword(key)) continue;
      TSNode value = Field(a, "value");
      Alts alts = ExprAlts(value, ts_node_start_byte(value), 0);
      if (!AnyLiteral(alts)) continue;
      ErrorSite site = NewSite(a, SiteKind::kRaise);
      site.message_origin_note = "passed as `" + key + "=` to `" + callee + "()`, which reports it";
      site.handed_to = callee;
      FinishAlts(a, std::move(site), alts, value, /*drop_opaque=*/true);
    }
  }

  bool DefinedHere(const std::string& name) {
    if (defined_names_.empty()) {
      for (const Function& f : functions_) {
        defined_names_.emplace(ts::Text(Field(f.node, "name"), src_));
      }
      defined_names_.emplace("");  // computed
    }
    return defined_names_.count(name) > 0;
  }

  // `message`, `msg`, `unbound_message`, `error_msg`; not the text of a
  // prompt, help or success notice.
  static bool IsErrorMessageKeyword(std::string_view key) {
    std::string k = ToLower(key);
    if (!(k == "msg" || k.ends_with("message") || k.ends_with("_msg"))) return false;
    for (std::string_view benign : {"success", "help", "info", "prompt", "confirm", "welcome",
                                    "commit", "progress", "start", "done", "status", "log"}) {
      if (k.starts_with(benign)) return false;
    }
    return true;
  }

  void HandleHelperCall(TSNode stmt, TSNode call) {
    const Helper& h = helpers_.at(LastDotComponent(ts::Text(Field(call, "function"), src_)));
    if (Is(Field(call, "function"), "attribute") != h.method) return;
    CallArgs args = SplitArgs(call, src_);
    TSNode msg{};
    if (h.index >= 0 && h.index < static_cast<int>(args.positional.size())) {
      msg = args.positional[h.index];
    } else if (auto it = args.keywords.find(h.param); it != args.keywords.end()) {
      msg = it->second;
    }
    if (ts_node_is_null(msg)) return;
    Alts alts = ExprAlts(msg, ts_node_start_byte(msg), 0);
    if (!AnyLiteral(alts)) return;  // forwarding some other message
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = h.error_class;
    site.http_status = StatusForClass(h.error_class);
    std::string fn_name = LastDotComponent(ts::Text(Field(call, "function"), src_));
    site.message_origin_note = "passed to `" + fn_name + "()`, which raises " + h.error_class +
                               " at line " + std::to_string(h.line);
    FinishAlts(stmt, std::move(site), alts, msg, /*drop_opaque=*/true);
  }

  static bool ExceptionLikeName(std::string_view name) {
    std::string last = LastDotComponent(name);
    for (std::string_view end : {"Error", "Exception", "Warning", "Exit", "Abort", "Failure"}) {
      if (last.ends_with(end)) return true;
    }
    return false;
  }

  // `super().__init__("default text")` (or `Base.__init__(self, ...)`) in
  // an exception class's `__init__`: the message the class gives itself.
  // The class whose `__init__` `fn` is, when that class looks like an
  // exception (by its name or a base's); empty otherwise.
  std::string ExceptionInitClass(TSNode fn) {
    if (!Is(fn, "function_definition") || ts::Text(Field(fn, "name"), src_) != "__init__" ||
        !InClassBody(fn)) {
      return "";
    }
    TSNode cls = ts_node_parent(fn);
    if (Is(cls, "decorated_definition")) cls = ts_node_parent(cls);
    cls = ts_node_parent(cls);  // block -> class_definition
    std::string cls_name(ts::Text(Field(cls, "name"), src_));
    return ExceptionLikeClass(cls_name, 0) ? cls_name : "";
  }

  // By the class's name or an ancestor's among the classes of this file
  // (aiohttp's `InvalidHeader(BadHttpMessage)`, whose base derives from
  // `HttpProcessingError`).
  bool ExceptionLikeClass(const std::string& name, int depth) {
    constexpr int kMaxAncestry = 8;
    if (ExceptionLikeName(name)) return true;
    if (depth > kMaxAncestry) return false;
    if (!file_bases_) {
      file_bases_.emplace();
      ts::ForEachNode(root_, [&](TSNode n) {
        if (!Is(n, "class_definition")) return;
        std::vector<std::string>& bases =
            (*file_bases_)[std::string(ts::Text(Field(n, "name"), src_))];
        for (TSNode base : NamedChildren(Field(n, "superclasses"))) {
          bases.emplace_back(ts::Text(base, src_));
        }
      });
    }
    auto it = file_bases_->find(name);
    if (it == file_bases_->end()) return false;
    for (const std::string& base : it->second) {
      std::string last = LastDotComponent(base);
      if (last != name && ExceptionLikeClass(last, depth + 1)) return true;
    }
    return false;
  }

  // A string, or `x or "string"`: the right side of a default-text
  // assignment.
  bool IsDefaultText(TSNode rhs) const {
    if (Is(rhs, "boolean_operator") && ts::Text(Field(rhs, "operator"), src_) == "or") {
      rhs = Field(rhs, "right");
    }
    return Is(rhs, "string") || Is(rhs, "concatenated_string");
  }

  // `if message is None: message = "Server disconnected"` (or `message =
  // message or "..."`) in an exception class's `__init__`: the text the
  // class shows when it is raised without one (aiohttp's
  // ServerDisconnectedError). Only a parameter of `__init__` whose name
  // says it is the message counts: other locals are not what is shown.
  void HandleDefaultAssign(TSNode stmt) {
    TSNode assign = ts::FirstNamed(stmt);
    TSNode left = Field(assign, "left");
    TSNode fn = EnclosingScope(assign);
    std::string cls_name = ExceptionInitClass(fn);
    if (cls_name.empty() || !Is(left, "identifier")) return;
    std::string_view name = ts::Text(left, src_);
    if (!IsErrorMessageKeyword(name) && name != "text" && name != "reason" && name != "detail") {
      return;
    }
    bool param = false;
    for (const auto& [p, index] : Parameters(fn)) param |= p == name;
    if (!param) return;
    // Passed on to a base's `__init__`: HandleExceptionInit reads it there.
    if (ts::Text(Field(fn, "body"), src_).find("__init__(") != std::string_view::npos) return;
    TSNode msg = Field(assign, "right");
    if (Is(msg, "boolean_operator")) msg = Field(msg, "right");
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = cls_name;
    site.http_status = StatusForClass(cls_name);
    site.message_origin_note = "default message of `" + cls_name + "`, set in its __init__";
    int fn_index = cur_fn_;
    cur_fn_ = -1;  // the __init__ is no wrapper
    FinishAlts(stmt, std::move(site), ExprAlts(msg, ts_node_start_byte(msg), 0), msg,
               /*drop_opaque=*/true);
    cur_fn_ = fn_index;
  }

  void HandleExceptionInit(TSNode stmt, TSNode call, const CallArgs& args) {
    TSNode fn = EnclosingScope(call);
    std::string cls_name = ExceptionInitClass(fn);
    if (cls_name.empty()) return;
    TSNode object = Field(Field(call, "function"), "object");
    bool via_super = Is(object, "call") && ts::Text(Field(object, "function"), src_) == "super";
    std::vector<TSNode> positional = args.positional;
    if (!via_super) {
      if (positional.empty() || ts::Text(positional[0], src_) != "self") return;
      positional.erase(positional.begin());
    }
    TSNode msg{};
    for (TSNode a : positional) {
      if (AnyLiteral(ExprAlts(a, ts_node_start_byte(a), 0))) {
        msg = a;
        break;
      }
    }
    for (const char* key : {"message", "msg"}) {
      if (auto it = args.keywords.find(key); ts_node_is_null(msg) && it != args.keywords.end())
        msg = it->second;
    }
    if (ts_node_is_null(msg)) return;
    ErrorSite site = NewSite(stmt, SiteKind::kRaise);
    site.error_class = cls_name;
    site.http_status = StatusForClass(cls_name);
    site.message_origin_note = "default message of `" + cls_name + "`, set in its __init__";
    Alts alts = ExprAlts(msg, ts_node_start_byte(msg), 0);
    if (facts_) {
      // The class composes its message from the constructor's parameters:
      // `raise X("port")` elsewhere is linked to it.
      std::vector<std::string> params;
      if (cur_fn_ >= 0) params = CallParams(functions_[cur_fn_]);
      for (const Alt& a : alts) {
        if (!NamesParam(a.tmpl, params)) continue;
        SinkFact k;
        k.function = cls_name;
        k.name = cls_name;
        k.language = "python";
        k.constructor = true;
        k.params = params;
        k.message = StripRichMarkup(a.tmpl);
        k.error_class = cls_name;
        k.http_status = site.http_status;
        k.line = ts::Line(stmt);
        k.def_line = ts::Line(fn);
        facts_->sinks.push_back(std::move(k));
      }
    }
    int fn_index = cur_fn_;
    cur_fn_ = -1;  // the __init__ itself is no wrapper that calls name
    FinishAlts(stmt, std::move(site), alts, msg, /*drop_opaque=*/true);
    cur_fn_ = fn_index;
  }

  // --- linking facts (src/resolve/link.h) -------------------------------------

  // Parameter names as calls pass them (self/cls of a method dropped).
  std::vector<std::string> CallParams(const Function& f) {
    auto it = call_params_.find(f.node.id);
    if (it != call_params_.end()) return it->second;
    std::vector<std::pair<std::string, int>> params = Parameters(f.node);
    bool method = f.in_class_body && !params.empty() &&
                  (params[0].first == "self" || params[0].first == "cls");
    std::vector<std::string> out;
    for (size_t i = method ? 1 : 0; i < params.size(); ++i) out.push_back(params[i].first);
    call_params_[f.node.id] = out;
    return out;
  }

  // Whether `f` takes self/cls first (CallParams dropped it).
  bool IsMethodParams(const Function& f) {
    TSNode params = Field(f.node, "parameters");
    TSNode first = ts::FirstNamed(params);
    std::string_view t =
        ts::Text(Is(first, "typed_parameter") ? ts::FirstNamed(first) : first, src_);
    return t == "self" || t == "cls";
  }

  static bool NamesParam(const Template& t, const std::vector<std::string>& params) {
    for (const Piece& p : t.pieces()) {
      if (p.is_hole && !p.expr.empty() &&
          std::find(params.begin(), params.end(), p.expr) != params.end()) {
        return true;
      }
    }
    return false;
  }

  static bool MessageLikeName(std::string_view name) {
    std::string lower = ToLower(name);
    for (std::string_view w : {"msg", "message", "text", "reason", "err", "detail", "desc", "hint",
                               "problem", "note", "warning", "explanation"}) {
      if (lower.find(w) != std::string::npos) return true;
    }
    return false;
  }

  static bool IsLinkCandidate(TSNode fn, const std::string& name) {
    if (!Is(fn, "identifier") && !Is(fn, "attribute")) return false;
    static const std::set<std::string_view> kNotSinks = {
        "print",      "append",       "extend",     "update",  "write",    "add",     "info",
        "debug",      "warning",      "warn",       "log",     "join",     "format",  "get",
        "setdefault", "pop",          "remove",     "insert",  "sort",     "abort",   "__init__",
        "super",      "isinstance",   "len",        "str",     "repr",     "setattr", "getattr",
        "echo",       "secho",        "open",       "replace", "split",    "strip",   "startswith",
        "endswith",   "add_argument", "add_option", "option",  "argument", "_",       "gettext",
        "ngettext",   "dict",         "list",       "tuple",   "set",      "encode",  "decode"};
    return !kNotSinks.count(name);
  }

  // A call that passes text or a parameter on, for the linker. `site`, when
  // given, is the site the extractor recorded for this construction.
  void AddLinkCall(TSNode call, TSNode stmt, bool construct, const ErrorSite* site) {
    TSNode fn = Field(call, "function");
    CallArgs args = SplitArgs(call, src_);
    if (args.positional.empty() && args.keywords.empty()) return;
    LinkCall link;
    link.callee = LastDotComponent(ts::Text(fn, src_));
    if (Is(fn, "attribute")) link.receiver = std::string(ts::Text(Field(fn, "object"), src_));
    link.construct = construct;
    link.line = ts::Line(call);
    std::vector<std::string> params;
    if (cur_fn_ >= 0) {
      const Function& f = functions_[cur_fn_];
      params = CallParams(f);
      link.caller = f.qual;
      link.caller_name = std::string(ts::Text(Field(f.node, "name"), src_));
      link.caller_method = f.in_class_body && IsMethodParams(f);
      link.caller_params = params;
      link.caller_line = ts::Line(f.node);
    }
    bool text = false, param = false, called = false;
    auto read = [&](TSNode a) {
      std::string note;
      Template t;
      if (Is(a, "identifier") && !MessageLikeName(ts::Text(a, src_))) {
        // Resolving a local walks its function: only names that read as a
        // message are worth it (a parameter stays a hole either way).
        AddExprHole(a, &t);
      } else {
        t = ExprTemplate(a, ts_node_start_byte(call), 0, &note);
      }
      bool space = false;
      for (const Piece& p : t.pieces())
        space |= !p.is_hole && p.text.find(' ') != std::string::npos;
      if (Is(a, "identifier") && !space) {
        // A local holding a word is a value, maybe one of several; a local
        // holding a sentence is a message.
        t = Template();
        AddExprHole(a, &t);
      }
      text |= t.HasLiteralText();
      param |= NamesParam(t, params);
      // A call whose value is the argument (`self.fail(self.invalid_choice(v))`)
      // may be a text function (resolve/link_text_functions.h) that gives it
      // text before the link; if none does, the call adds no site.
      const std::vector<Piece>& ps = t.pieces();
      called |= ps.size() == 1 && ps[0].is_hole && Is(a, "call");
      return t;
    };
    for (TSNode a : args.positional) link.args.push_back(read(a));
    for (const auto& [k, v] : args.keywords) link.keywords.emplace_back(k, read(v));
    // A class built from values only (`X(command_description=cmd, exit_code=
    // proc.returncode)`) whose raise has no text of its own: its constructor
    // may compose one.
    bool opaque_construct = construct && site && site->message_opaque;
    if (construct && text) AddFieldConstruction(call, stmt, link, args, site);
    if (!text && !param && !opaque_construct && !called) return;
    if (text || opaque_construct || called) {
      if (site) {
        ErrorSite proto = *site;
        proto.message = Template();
        proto.message_origin_note.clear();
        proto.message_opaque = false;
        link.site = std::move(proto);
        link.replaces_site = true;
      } else {
        ErrorSite proto = NewSite(stmt, SiteKind::kRaise);
        AddContext(stmt, &proto);
        link.site = std::move(proto);
      }
    }
    facts_->link_calls.push_back(std::move(link));
  }

  // `raise X(req, "name", expected)`: the arguments a class's __str__ may
  // render through its fields (CollectFieldRenderings).
  void AddFieldConstruction(TSNode call, TSNode stmt, const LinkCall& link, const CallArgs& args,
                            const ErrorSite* site) {
    FieldConstruction c;
    c.type = std::string(ts::Text(Field(call, "function"), src_));
    for (size_t k = 0; k < link.args.size() && k < args.positional.size(); ++k) {
      c.names.emplace_back();
      c.values.push_back(link.args[k]);
      c.exprs.push_back(CollapseSpace(ts::Text(args.positional[k], src_)));
    }
    size_t k = 0;  // link.keywords follow args.keywords' order
    for (const auto& [name, node] : args.keywords) {
      if (k >= link.keywords.size()) break;
      c.names.push_back(name);
      c.values.push_back(link.keywords[k++].second);
      c.exprs.push_back(CollapseSpace(ts::Text(node, src_)));
    }
    c.line = ts::Line(call);
    c.replaces_site = site != nullptr;
    ErrorSite proto = site ? *site : NewSite(stmt, SiteKind::kRaise);
    if (!site) AddContext(stmt, &proto);
    proto.message = Template();
    proto.message_origin_note.clear();
    proto.message_opaque = false;
    c.site = std::move(proto);
    facts_->field_constructions.push_back(std::move(c));
  }

  // `fail: _Fail = _Fail()` at module level: calling `fail(..)` runs
  // `_Fail.__call__` (pytest's fail, skip, exit, xfail). Class -> names.
  void NoteInstance(TSNode assignment) {
    TSNode left = Field(assignment, "left"), call = Field(assignment, "right");
    TSNode callee = Field(call, "function");
    if (!Is(left, "identifier") || !Is(callee, "identifier")) return;
    instances_[std::string(ts::Text(callee, src_))].emplace_back(ts::Text(left, src_));
    facts_->link_names.emplace_back(ts::Text(left, src_));
  }

  // The names a sink in function f is called by: its own, or for a
  // class's `__call__` the module-level instances of the class.
  std::vector<std::string> SinkNames(const Function& f) const {
    std::string name(ts::Text(Field(f.node, "name"), src_));
    if (name == "__call__" && f.in_class_body && f.qual.ends_with(".__call__")) {
      auto it = instances_.find(f.qual.substr(0, f.qual.size() - 9));
      return it == instances_.end() ? std::vector<std::string>{} : it->second;
    }
    if (name.empty() || name.starts_with("__")) return {};
    return {name};
  }

  // A site whose message names parameters of its function makes the
  // function a sink (a wrapper whose callers say what went wrong).
  void AddSink(TSNode stmt, const ErrorSite& site) {
    if (cur_fn_ < 0) return;
    const Function& f = functions_[cur_fn_];
    std::vector<std::string> names = SinkNames(f);
    if (names.empty()) return;
    bool instance = names.size() != 1 || names[0] != ts::Text(Field(f.node, "name"), src_);
    std::vector<std::string> params = CallParams(f);
    if (!NamesParam(site.message, params)) return;
    for (const Piece& p : site.message.pieces()) {
      // The parameter must still hold the caller's text at the raise.
      if (p.is_hole && !AssignmentsTo(f.node, p.expr, ts_node_start_byte(stmt)).empty()) return;
    }
    SinkFact k;
    k.function = f.qual;
    k.language = "python";
    k.method = !instance && f.in_class_body && IsMethodParams(f);
    k.params = std::move(params);
    k.message = site.message;
    k.error_class = site.error_class;
    k.kind = site.kind;
    k.severity = site.severity;
    k.error_code = site.error_code;
    k.http_status = site.http_status;
    k.line = site.line;
    k.def_line = ts::Line(f.node);
    // A call whose constants fail one of them never raises (constant_guard.h).
    k.conditions = site.conditions;
    for (const std::string& p : k.params) {
      for (const PathCondition& c : site.conditions) {
        if (ReadsName(c.expr, p)) {
          k.guarded.push_back(p);
          break;
        }
      }
    }
    for (std::string& name : names) {
      k.name = std::move(name);
      facts_->sinks.push_back(k);
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
      Finish(stmt, std::move(site));
      return;
    }
    FinishAlts(stmt, std::move(site), ExprAlts(msg, ts_node_start_byte(msg), 0), msg);
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
        ts_node_is_null(category) ? "UserWarning" : LastDotComponent(ts::Text(category, src_));
    FinishAlts(stmt, std::move(site), ExprAlts(msg, ts_node_start_byte(msg), 0), msg);
  }

  // celery's `debug, info, warn, error, crit = (logger.debug, logger.info,
  // ...)` (or `error = logger.error`) at module level: the bare names log.
  void NoteLogAliases(TSNode assign) {
    TSNode left = Field(assign, "left"), right = Field(assign, "right");
    if (Is(right, "parenthesized_expression")) right = ts::FirstNamed(right);
    std::vector<TSNode> names =
        Is(left, "identifier") ? std::vector<TSNode>{left} : NamedChildren(left);
    std::vector<TSNode> values =
        Is(right, "attribute") ? std::vector<TSNode>{right} : NamedChildren(right);
    if (names.size() != values.size()) return;
    for (size_t i = 0; i < names.size(); ++i) {
      if (!Is(names[i], "identifier") || !Is(values[i], "attribute")) continue;
      std::string level(ts::Text(Field(values[i], "attribute"), src_));
      std::string object = ToLower(ts::Text(Field(values[i], "object"), src_));
      if (object.find("log") == std::string::npos) continue;
      if (level == "error" || level == "exception" || level == "critical" || level == "fatal") {
        log_aliases_[std::string(ts::Text(names[i], src_))] = level;
      }
    }
  }

  void HandleLog(TSNode stmt, const std::string& level, const CallArgs& args) {
    if (args.positional.empty()) return;
    ErrorSite site = NewSite(stmt, SiteKind::kLog);
    site.severity = (level == "critical" || level == "fatal") ? "critical"
                    : (level == "warning" || level == "warn") ? "warning"
                    : level == "info"                         ? "info"
                                                              : "error";
    TSNode msg = args.positional[0];
    Alts alts = ExprAlts(msg, ts_node_start_byte(msg), 0);
    // logging formats lazily with `%` only when arguments follow the message.
    if (args.positional.size() > 1) {
      std::vector<std::string> fargs;
      for (size_t i = 1; i < args.positional.size(); ++i) {
        fargs.push_back(HoleExpr(args.positional[i]));
      }
      for (Alt& a : alts) a.tmpl = ApplyPercentFormat(a.tmpl, fargs, {});
    }
    // A triple-quoted constant's last newline ends the logged line.
    for (Alt& a : alts) a.tmpl = a.tmpl.Trimmed(/*leading=*/false, /*trailing=*/true);
    // `logger.info("Could not connect to %s, retrying", host)`: an info line
    // is a record only when it states a failure.
    if (site.severity == "info") {
      std::erase_if(alts, [](const Alt& a) { return !StatesFailure(a.tmpl); });
      if (alts.empty()) return;
    }
    // logger.error(e) reports some other error: no site.
    FinishAlts(stmt, std::move(site), alts, msg, /*drop_opaque=*/true);
  }

  // --- templates -----------------------------------------------------------

  // The template of a string-valued expression; non-string parts become
  // holes named by their expression. `pos` bounds variable lookups (only
  // assignments before it count). Alternatives (`a if c else b`, ngettext,
  // a variable assigned in several branches) are merged into one template
  // that matches each of them.
  Template ExprTemplate(TSNode n, uint32_t pos, int depth, std::string* note) {
    Alts alts = ExprAlts(n, pos, depth);
    if (note->empty() && !alts.empty()) *note = alts[0].note;
    return Merge(alts, n);
  }

  Template Merge(const Alts& alts, TSNode n) {
    if (alts.size() == 1) return alts[0].tmpl;
    std::vector<Template> ts;
    for (const Alt& a : alts) ts.push_back(a.tmpl);
    return MergeTemplates(ts, HoleExpr(n));
  }

  Alts Single(Template t, std::string note = {}) {
    Alts out;
    out.push_back(Alt{std::move(t), std::move(note)});
    return out;
  }

  Alts HoleAlts(TSNode n) {
    Template t;
    AddExprHole(n, &t);
    return Single(std::move(t));
  }

  // a ∪ b, without repeats; past kMaxAlternatives they merge into one.
  Alts Union(Alts a, const Alts& b, TSNode n) {
    for (const Alt& x : b) {
      bool seen = false;
      for (const Alt& y : a)
        seen |= y.tmpl.Display() == x.tmpl.Display() && y.tmpl.Pattern() == x.tmpl.Pattern();
      if (!seen) a.push_back(x);
    }
    if (a.size() > kMaxAlternatives) {
      std::string note = a[0].note;
      return Single(Merge(a, n), note);
    }
    return a;
  }

  // Every way the expression can render; each alternative is a template.
  Alts ExprAlts(TSNode n, uint32_t pos, int depth) {
    if (depth > kMaxExprDepth) return HoleAlts(n);
    std::string_view type = Type(n);
    if (type == "string" || type == "concatenated_string") {
      return FStringLocals(StringNodeTemplate(n, src_), n, pos, depth);
    }
    if (type == "parenthesized_expression") {
      TSNode inner = ts::FirstNamed(n);
      if (!ts_node_is_null(inner)) return ExprAlts(inner, pos, depth + 1);
    }
    if (type == "conditional_expression") {
      // `a if cond else b`: either branch.
      std::vector<TSNode> parts = NamedChildren(n);
      if (parts.size() == 3) {
        return Union(ExprAlts(parts[0], pos, depth + 1), ExprAlts(parts[2], pos, depth + 1), n);
      }
    }
    if (type == "boolean_operator" && ts::Text(Field(n, "operator"), src_) == "or") {
      // `msg or "default"`: the left value when truthy, else the right.
      return Union(ExprAlts(Field(n, "left"), pos, depth + 1),
                   ExprAlts(Field(n, "right"), pos, depth + 1), n);
    }
    if (type == "binary_operator") {
      std::string_view op = ts::Text(Field(n, "operator"), src_);
      if (op == "+") return ConcatAlts(n, pos, depth);
      if (op == "%") return PercentAlts(n, pos, depth);
    }
    if (type == "call") {
      if (auto t = CallAlts(n, pos, depth)) return *t;
    }
    if (type == "subscript") {
      if (auto t = LiteralTableAlts(n, pos, depth)) return *t;
    }
    if (type == "identifier") {
      if (auto t = VariableAlts(n, pos, depth)) return *t;
    }
    return HoleAlts(n);
  }

  // `{State.OPENED: "Cannot open ...", State.CLOSED: "Cannot reopen ..."}[state]`
  // (httpx's Client.__enter__), or `["a", "b"][i]`: a literal table indexed
  // in place renders as any of its values.
  std::optional<Alts> LiteralTableAlts(TSNode n, uint32_t pos, int depth) {
    TSNode table = Field(n, "value");
    while (Is(table, "parenthesized_expression")) table = ts::FirstNamed(table);
    bool dict = Is(table, "dictionary");
    if (!dict && !Is(table, "list") && !Is(table, "tuple")) return std::nullopt;
    Alts out;
    for (TSNode item : NamedChildren(table)) {
      if (Is(item, "comment")) continue;
      TSNode value = dict ? Field(item, "value") : item;
      if (ts_node_is_null(value)) return std::nullopt;  // `**other`: not all values are here
      out = out.empty() ? ExprAlts(value, pos, depth + 1)
                        : Union(std::move(out), ExprAlts(value, pos, depth + 1), n);
    }
    if (out.empty()) return std::nullopt;
    return out;
  }

  // An f-string's `{name}` where `name` is a local assigned text in this
  // function (click's `missing = _("Missing option")` in each branch, then
  // `f"{missing}{param_hint}."`): the hole takes each text it can hold.
  // Only plain `{name}` interpolations, and only while the alternatives stay
  // few; otherwise the holes stay.
  Alts FStringLocals(Template t, TSNode str, uint32_t pos, int depth) {
    std::map<std::string, Alts> values;
    // Each name is looked up once: an f-string of 150,000 `{x}` lines asked
    // for `x` (a scope walk up through the string's siblings) each time.
    std::set<std::string> asked;
    ts::WalkWithAncestors(str, [&](TSNode n, const std::vector<TSNode>&) {
      if (!Is(n, "interpolation")) return true;
      std::vector<TSNode> kids = NamedChildren(n);
      if (kids.size() != 1 || !Is(kids[0], "identifier")) return false;
      std::string name(ts::Text(kids[0], src_));
      if (!asked.insert(name).second) return false;
      std::optional<Alts> v = VariableAlts(kids[0], pos, depth + 1);
      bool text = v && !v->empty() && std::all_of(v->begin(), v->end(), [](const Alt& a) {
                    return a.tmpl.HasLiteralText();
                  });
      if (text) values.emplace(name, std::move(*v));
      return false;
    });
    if (values.empty()) return Single(std::move(t));
    Alts out(1);
    for (const Piece& p : t.pieces()) {
      auto it = p.is_hole ? values.find(p.expr) : values.end();
      if (it == values.end()) {
        for (Alt& a : out) {
          if (p.is_hole) {
            a.tmpl.AddHole(p.text, p.expr, p.type);
          } else {
            a.tmpl.AddLiteral(p.text);
          }
        }
        continue;
      }
      if (out.size() * it->second.size() > kMaxAlternatives) return Single(std::move(t));
      Alts next;
      for (const Alt& a : out) {
        for (const Alt& v : it->second) {
          Alt c{a.tmpl, a.note.empty() ? v.note : a.note};
          c.tmpl.Append(v.tmpl);
          next.push_back(std::move(c));
        }
      }
      out = std::move(next);
    }
    return out;
  }

  Alts ConcatAlts(TSNode n, uint32_t pos, int depth) {
    Alts left = ExprAlts(Field(n, "left"), pos, depth + 1);
    Alts right = ExprAlts(Field(n, "right"), pos, depth + 1);
    if (left.size() * right.size() > kMaxAlternatives) {
      left = Single(Merge(left, Field(n, "left")), left[0].note);
      right = Single(Merge(right, Field(n, "right")), right[0].note);
    }
    Alts out;
    for (const Alt& l : left) {
      for (const Alt& r : right) {
        Alt a{l.tmpl, l.note.empty() ? r.note : l.note};
        a.tmpl.Append(r.tmpl);
        out.push_back(std::move(a));
      }
    }
    return out;
  }

  Alts PercentAlts(TSNode n, uint32_t pos, int depth) {
    Alts fmts = ExprAlts(Field(n, "left"), pos, depth + 1);
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
    Alts out;
    for (const Alt& f : fmts) {
      if (!f.tmpl.HasLiteralText()) {
        Template t;
        AddExprHole(n, &t);
        out.push_back(Alt{std::move(t), f.note});
      } else {
        out.push_back(Alt{ApplyPercentFormat(f.tmpl, positional, named), f.note});
      }
    }
    return out;
  }

  // Alternatives of `fn(...)` calls that return text we can reconstruct;
  // nullopt for any other call (it becomes a hole).
  std::optional<Alts> CallAlts(TSNode n, uint32_t pos, int depth) {
    TSNode fn = Field(n, "function");
    CallArgs args = SplitArgs(n, src_);
    std::string_view fn_text = ts::Text(fn, src_);
    std::string name = LastDotComponent(fn_text);
    // Translation wrappers return their argument's text.
    static const std::vector<std::string_view> kGettext = {
        "_", "gettext", "gettext_lazy", "lazy_gettext", "ugettext", "ugettext_lazy", "_l"};
    if (std::find(kGettext.begin(), kGettext.end(), fn_text) != kGettext.end() &&
        args.positional.size() == 1) {
      return ExprAlts(args.positional[0], pos, depth + 1);
    }
    if ((name == "pgettext" || name == "pgettext_lazy") && args.positional.size() == 2) {
      return ExprAlts(args.positional[1], pos, depth + 1);
    }
    // ngettext(singular, plural, n): either text, chosen by n.
    size_t plural_at = (name == "npgettext" || name == "npgettext_lazy") ? 1 : 0;
    if ((name == "ngettext" || name == "ungettext" || name == "ngettext_lazy" ||
         name == "ungettext_lazy" || name == "lazy_ngettext" || plural_at == 1) &&
        args.positional.size() >= plural_at + 2) {
      return Union(ExprAlts(args.positional[plural_at], pos, depth + 1),
                   ExprAlts(args.positional[plural_at + 1], pos, depth + 1), n);
    }
    if ((fn_text == "textwrap.dedent" || fn_text == "dedent") && args.positional.size() == 1) {
      Alts out;
      for (const Alt& a : ExprAlts(args.positional[0], pos, depth + 1)) {
        std::optional<Template> t = DedentTemplate(a.tmpl);
        if (!t) return std::nullopt;
        out.push_back(Alt{std::move(*t), a.note});
      }
      return out;
    }
    if (!Is(fn, "attribute")) return std::nullopt;
    std::string_view method = ts::Text(Field(fn, "attribute"), src_);
    TSNode object = Field(fn, "object");
    if (method == "format") {
      Alts fmts = ExprAlts(object, pos, depth + 1);
      std::vector<std::string> positional;
      for (TSNode a : args.positional) positional.push_back(HoleExpr(a));
      std::map<std::string, std::string> named;
      for (const auto& [k, v] : args.keywords) named[k] = HoleExpr(v);
      Alts out;
      for (const Alt& f : fmts) {
        if (!f.tmpl.HasLiteralText()) {
          Template t;
          AddExprHole(n, &t);
          out.push_back(Alt{std::move(t), f.note});
        } else {
          out.push_back(Alt{ApplyBraceFormat(f.tmpl, positional, named), f.note});
        }
      }
      bool any = false;
      for (const Alt& a : out) any |= a.tmpl.HasLiteralText();
      if (!any) return std::nullopt;
      return out;
    }
    if ((method == "strip" || method == "lstrip" || method == "rstrip") &&
        args.positional.empty() && args.keywords.empty()) {
      Alts out;
      for (const Alt& a : ExprAlts(object, pos, depth + 1)) {
        std::optional<Template> t = StripTemplate(a.tmpl, method != "rstrip", method != "lstrip");
        if (!t) return std::nullopt;
        out.push_back(Alt{std::move(*t), a.note});
      }
      return out;
    }
    if (method == "join" && (Is(object, "string") || Is(object, "concatenated_string")) &&
        args.positional.size() == 1 &&
        (Is(args.positional[0], "list") || Is(args.positional[0], "tuple"))) {
      // "sep".join([a, b, c]) with the items written out.
      Template sep = StringNodeTemplate(object, src_);
      Template out;
      bool first = true;
      for (TSNode item : NamedChildren(args.positional[0])) {
        if (Is(item, "list_splat")) return std::nullopt;
        if (!first) out.Append(sep);
        first = false;
        std::string unused;
        out.Append(ExprTemplate(item, pos, depth + 1, &unused));
      }
      return Single(std::move(out));
    }
    if (method == "join" && (Is(object, "string") || Is(object, "concatenated_string")) &&
        args.positional.size() == 1 && Is(args.positional[0], "identifier")) {
      return ListJoinAlts(StringNodeTemplate(object, src_), args.positional[0], pos, depth);
    }
    return std::nullopt;
  }

  // `"\n".join(parts)` of a local list built before `pos`: `parts = [...]`
  // starts it over, `parts.append(x)` adds an item. An append on every path
  // adds its text; appends in the branches of one `if` give one alternative
  // per branch (plus the list as it was, unless every branch appends); an
  // append in a loop may run any number of times, so it is a hole.
  std::optional<Alts> ListJoinAlts(const Template& sep, TSNode ident, uint32_t pos, int depth) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = EnclosingScope(ident);
    std::vector<TSNode> steps = ListStepsOf(scope, name, pos);
    if (steps.empty() || !Is(steps[0], "assignment")) return std::nullopt;
    Alts cur;
    std::map<uint32_t, Alts> before_if;  // each branching `if`: the list before it
    auto add = [&](Alts from, const Template& item, bool as_hole, const std::string& note) {
      for (Alt& x : from) {
        if (as_hole) {  // the separator too: the loop may not run at all
          x.tmpl.AddHole((x.tmpl.empty() ? "" : sep.Display()) + item.Display(), note);
          continue;
        }
        if (!x.tmpl.empty()) x.tmpl.Append(sep);
        x.tmpl.Append(item);
      }
      return from;
    };
    for (TSNode step : steps) {
      Reach reach = Reaches(step, ident);
      if (reach == Reach::kNever) continue;
      if (Is(step, "assignment")) {
        TSNode rhs = Field(step, "right");
        if (!Is(rhs, "list") || reach != Reach::kAlways) return std::nullopt;
        Template t;
        for (TSNode item : NamedChildren(rhs)) {
          if (!t.empty()) t.Append(sep);
          std::string unused;
          t.Append(ExprTemplate(item, ts_node_start_byte(step), depth + 1, &unused));
        }
        cur = Single(std::move(t));
        continue;
      }
      CallArgs a = SplitArgs(step, src_);
      if (a.positional.size() != 1) return std::nullopt;
      std::string unused;
      Template item = ExprTemplate(a.positional[0], ts_node_start_byte(step), depth + 1, &unused);
      std::string line = std::to_string(ts::Line(step));
      TSNode owner = BranchOwner(step);
      if (reach == Reach::kAlways) {
        cur = add(cur, item, false, "");
      } else if (!ts_node_is_null(owner) && Reaches(owner, ident) == Reach::kAlways) {
        uint32_t key = ts_node_start_byte(owner);
        auto [it, first] = before_if.emplace(key, cur);
        Alts with = add(it->second, item, false, "");
        bool keep_before = first && !ExhaustiveAppend(owner, name);
        cur = first ? (keep_before ? Union(it->second, with, ident) : with)
                    : Union(std::move(cur), with, ident);
      } else {
        cur = add(cur, item, true, "`" + name + ".append` at line " + line + " (may repeat)");
      }
    }
    bool any = false;
    for (Alt& x : cur) {
      any |= x.tmpl.HasLiteralText();
      if (x.note.empty()) x.note = "items of `" + name + "` joined";
    }
    if (!any) return std::nullopt;
    return cur;
  }

  // `name = [...]` assignments and `name.append(x)` calls (each a
  // statement of its own) in `scope` before `pos`.
  std::vector<TSNode> ListStepsOf(TSNode scope, const std::string& name, uint32_t pos) {
    std::vector<TSNode> out;
    std::vector<TSNode> stack = {scope};
    std::string append = name + ".append";
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_start_byte(n) >= pos) continue;
      std::string_view type = Type(n);
      if ((type == "function_definition" || type == "class_definition") && !ts_node_eq(n, scope)) {
        continue;
      }
      if (type == "assignment" && ts::Text(Field(n, "left"), src_) == name) out.push_back(n);
      if (type == "expression_statement") {
        std::vector<TSNode> kids = NamedChildren(n);
        if (kids.size() == 1 && Is(kids[0], "call") &&
            ts::Text(Field(kids[0], "function"), src_) == append) {
          out.push_back(kids[0]);  // the call, as an assignment is the statement's child
          continue;
        }
      }
      std::vector<TSNode> children = NamedChildren(n);
      stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    std::sort(out.begin(), out.end(),
              [](TSNode a, TSNode b) { return ts_node_start_byte(a) < ts_node_start_byte(b); });
    return out;
  }

  // Every branch of `if_stmt` (which has an else) appends to `name` at its
  // top level.
  bool ExhaustiveAppend(TSNode if_stmt, const std::string& name) {
    std::vector<TSNode> blocks = BranchBlocks(if_stmt);
    if (blocks.empty()) return false;
    std::string append = name + ".append(";
    for (TSNode b : blocks) {
      bool found = false;
      for (TSNode st : NamedChildren(b)) found |= ts::Text(st, src_).starts_with(append);
      if (!found) return false;
    }
    return true;
  }

  // A message held in a variable: the assignments before `pos` in the
  // enclosing function (or module) that can reach the use. One that runs
  // on every path to the use replaces what came before; one inside a branch
  // or loop adds an alternative. `+=` appends: as text when it runs on every
  // path, else as a hole (the text may be missing).
  std::optional<Alts> VariableAlts(TSNode ident, uint32_t pos, int depth) {
    std::string name(ts::Text(ident, src_));
    TSNode scope = EnclosingScope(ident);
    std::vector<TSNode> assigns = AssignmentsTo(scope, name, pos);
    // A closure's free variable: the enclosing functions' assignments made
    // before the nested function is defined.
    for (int i = 0;
         i < 4 && assigns.empty() && Is(scope, "function_definition") && !IsParameter(scope, name);
         ++i) {
      TSNode outer = EnclosingScope(scope);
      if (!Is(outer, "function_definition")) break;
      assigns = AssignmentsTo(outer, name, ts_node_start_byte(scope));
      scope = outer;
    }
    if (assigns.empty() && Is(scope, "function_definition") && !IsParameter(scope, name)) {
      // A module-level constant: any assignment at module level counts,
      // since the module has run by the time the function is called.
      assigns = AssignmentsTo(ts::Root(scope), name, UINT32_MAX);
    }
    if (assigns.empty()) return std::nullopt;
    Alts cur = HoleAlts(ident);  // the value before any assignment we see
    std::vector<uint32_t> exhaustive_ifs_seen;
    for (TSNode a : assigns) {
      TSNode rhs = Field(a, "right");
      if (ts_node_is_null(rhs)) continue;
      Reach reach = Reaches(a, ident);
      if (reach == Reach::kNever) continue;
      bool always = reach == Reach::kAlways;
      std::string line = std::to_string(ts::Line(a));
      if (Is(a, "assignment")) {
        Alts v = ExprAlts(rhs, ts_node_start_byte(a), depth + 1);
        for (Alt& x : v) {
          if (x.note.empty()) x.note = "message assigned to `" + name + "` at line " + line;
          if (!always && ts_node_is_null(x.chosen_at)) x.chosen_at = a;
        }
        // In an if/elif/else whose every branch assigns (or leaves), the
        // value from before the `if` cannot reach the use.
        TSNode owner = always ? TSNode{} : BranchOwner(a);
        bool first_of_exhaustive = false;
        if (!ts_node_is_null(owner) && !Contains(owner, ident) &&
            Reaches(owner, ident) == Reach::kAlways && ExhaustiveIf(owner, name)) {
          uint32_t key = ts_node_start_byte(owner);
          if (std::find(exhaustive_ifs_seen.begin(), exhaustive_ifs_seen.end(), key) ==
              exhaustive_ifs_seen.end()) {
            exhaustive_ifs_seen.push_back(key);
            first_of_exhaustive = true;
          }
        }
        cur = (always || first_of_exhaustive) ? v : Union(std::move(cur), v, ident);
      } else {
        std::string unused;
        Template app = ExprTemplate(rhs, ts_node_start_byte(a), depth + 1, &unused);
        for (Alt& x : cur) {
          if (always) {
            x.tmpl.Append(app);
          } else {
            x.tmpl.AddHole(app.Display(), "`" + name + " +=` at line " + line + " (may not run)");
          }
        }
      }
    }
    bool any = false;
    for (const Alt& x : cur) any |= x.tmpl.HasLiteralText();
    if (!any) return std::nullopt;
    return cur;
  }

  static bool Contains(TSNode outer, TSNode inner) {
    return ts_node_start_byte(outer) <= ts_node_start_byte(inner) &&
           ts_node_end_byte(inner) <= ts_node_end_byte(outer);
  }

  // The if_statement one of whose branch blocks holds `assign` directly.
  TSNode BranchOwner(TSNode assign) {
    TSNode stmt = ts_node_parent(assign);
    if (!Is(stmt, "expression_statement")) return TSNode{};
    TSNode block = ts_node_parent(stmt);
    if (!Is(block, "block")) return TSNode{};
    TSNode clause = ts_node_parent(block);
    if (Is(clause, "if_statement")) return clause;
    if (Is(clause, "elif_clause") || Is(clause, "else_clause")) {
      TSNode owner = ts_node_parent(clause);
      if (Is(owner, "if_statement")) return owner;
    }
    return TSNode{};
  }

  // The blocks of an if/elif/else, one per branch; empty without an else
  // (then some path runs none of them).
  std::vector<TSNode> BranchBlocks(TSNode if_stmt) {
    std::vector<TSNode> blocks = {Field(if_stmt, "consequence")};
    bool has_else = false;
    for (TSNode c : NamedChildren(if_stmt)) {
      if (Is(c, "elif_clause")) blocks.push_back(Field(c, "consequence"));
      if (Is(c, "else_clause")) {
        has_else = true;
        blocks.push_back(Field(c, "body"));
      }
    }
    if (!has_else) blocks.clear();
    return blocks;
  }

  // Every branch of `if_stmt` (which has an else) assigns `name` at its top
  // level or ends by leaving (raise/return/continue/break).
  bool ExhaustiveIf(TSNode if_stmt, const std::string& name) {
    std::vector<TSNode> blocks = BranchBlocks(if_stmt);
    if (blocks.empty()) return false;
    for (TSNode b : blocks) {
      std::vector<TSNode> body = NamedChildren(b);
      if (body.empty()) return false;
      bool ok = false;
      std::string_view last = Type(body.back());
      ok = last == "raise_statement" || last == "return_statement" ||
           last == "continue_statement" || last == "break_statement";
      for (TSNode st : body) {
        TSNode e = ts::FirstNamed(st);
        if (Is(st, "expression_statement") && Is(e, "assignment") &&
            ts::Text(Field(e, "left"), src_) == name) {
          ok = true;
        }
      }
      if (!ok) return false;
    }
    return true;
  }

  bool IsParameter(TSNode fn, const std::string& name) {
    for (const auto& p : Parameters(fn)) {
      if (p.first == name) return true;
    }
    return false;
  }

  // Whether `def` (an assignment before `use`) runs on every path that
  // reaches `use` (no branch, loop or try lies between it and their common
  // block), on some, or never (they sit in different branches of one `if`).
  enum class Reach { kAlways, kMaybe, kNever };
  Reach Reaches(TSNode def, TSNode use) {
    bool crossed = false;
    TSNode cur = ts_node_parent(def);
    for (int i = 0; i < kMaxAncestors && !ts_node_is_null(cur); ++i) {
      std::string_view type = Type(cur);
      if (Contains(cur, use)) {
        if (type == "if_statement" || type == "match_statement") return Reach::kNever;
        return crossed || type == "try_statement" || type == "for_statement" ||
                       type == "while_statement"
                   ? Reach::kMaybe
                   : Reach::kAlways;
      }
      if (type == "if_statement" || type == "elif_clause" || type == "else_clause" ||
          type == "for_statement" || type == "while_statement" || type == "try_statement" ||
          type == "except_clause" || type == "except_group_clause" || type == "finally_clause" ||
          type == "case_clause" || type == "match_statement") {
        crossed = true;
      }
      cur = ts_node_parent(cur);
    }
    return Reach::kMaybe;
  }

  // `name = ...` and `name += ...` inside `scope` (not in nested functions or
  // classes) that start before `pos`, in source order.
  // Cached per scope and name: every raise in a long function asks again,
  // and walking the body each time made big functions quadratic.
  std::vector<TSNode> AssignmentsTo(TSNode scope, const std::string& name, uint32_t pos) {
    auto key = std::make_tuple(ts_node_start_byte(scope), ts_node_end_byte(scope), name);
    auto it = assignments_.find(key);
    if (it == assignments_.end()) {
      it = assignments_.emplace(key, AllAssignmentsTo(scope, name)).first;
    }
    std::vector<TSNode> out;
    for (TSNode n : it->second) {
      if (ts_node_start_byte(n) < pos) out.push_back(n);
    }
    return out;
  }

  std::vector<TSNode> AllAssignmentsTo(TSNode scope, const std::string& name) {
    std::vector<TSNode> out;
    std::vector<TSNode> stack = {scope};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      std::string_view type = Type(n);
      if ((type == "function_definition" || type == "class_definition") && !ts_node_eq(n, scope)) {
        continue;
      }
      if (type == "assignment" || type == "augmented_assignment") {
        bool plus = type == "assignment" || ts::Text(Field(n, "operator"), src_) == "+=";
        if (plus && ts::Text(Field(n, "left"), src_) == name) out.push_back(n);
      }
      std::vector<TSNode> children = NamedChildren(n);
      stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    std::sort(out.begin(), out.end(),
              [](TSNode a, TSNode b) { return ts_node_start_byte(a) < ts_node_start_byte(b); });
    return out;
  }

  // The expression a hole prints, for naming captures: `str(x)` -> `x`.
  // `self._undefined_exception(msg)` (jinja's Undefined), `exc_class(msg)`:
  // a class held in a variable, named for what it is.
  static bool HoldsExceptionClass(std::string_view fn) {
    std::string last = ToLower(LastDotComponent(fn));
    return last.find("exception") != std::string::npos || last.ends_with("exc_class") ||
           last.ends_with("exc_type");
  }

  // `@property` / `@cached_property` on a method: `self.name` calls it.
  bool IsProperty(TSNode fn) {
    TSNode def = ts_node_parent(fn);
    if (!Is(def, "decorated_definition")) return false;
    for (TSNode d : NamedChildren(def)) {
      if (!Is(d, "decorator")) continue;
      std::string_view text = ts::Text(d, src_);
      if (text.ends_with("property")) return true;
    }
    return false;
  }

  std::string HoleExpr(TSNode n) {
    // jinja's `raise self._undefined_exception(self._undefined_message)`:
    // reading a property of this file's classes is a call of the method
    // (whose returns src/resolve/link_text_functions.h reads).
    if (Is(n, "attribute") && ts::Text(Field(n, "object"), src_) == "self" &&
        properties_.count(std::string(ts::Text(Field(n, "attribute"), src_)))) {
      return CollapseSpace(ts::Text(n, src_)) + "()";
    }
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
    static const std::map<int, std::string> kPhrases = {{400, "Bad Request"},
                                                        {401, "Unauthorized"},
                                                        {403, "Forbidden"},
                                                        {404, "Not Found"},
                                                        {405, "Method Not Allowed"},
                                                        {409, "Conflict"},
                                                        {410, "Gone"},
                                                        {413, "Payload Too Large"},
                                                        {415, "Unsupported Media Type"},
                                                        {422, "Unprocessable Entity"},
                                                        {429, "Too Many Requests"},
                                                        {500, "Internal Server Error"},
                                                        {501, "Not Implemented"},
                                                        {502, "Bad Gateway"},
                                                        {503, "Service Unavailable"},
                                                        {504, "Gateway Timeout"}};
    if (!status) return "HTTP error";
    auto it = kPhrases.find(*status);
    std::string phrase = it == kPhrases.end() ? "HTTP error" : it->second;
    return std::to_string(*status) + " " + phrase;
  }

  void Finish(TSNode stmt, ErrorSite site) {
    if (site.message.empty()) return;
    site.message = StripRichMarkup(site.message);
    AddContext(stmt, &site);
    if (facts_) AddSink(stmt, site);
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
    return Is(clause, "elif_clause") || Is(clause, "else_clause") ? ts_node_parent(clause) : clause;
  }

  // Only the nearest earlier branches: a chain of thousands of `elif`s
  // would give every site all of them (CapConditions keeps these anyway).
  void AddPriorBranchesFalse(TSNode if_stmt, TSNode upto, ErrorSite* site) {
    if (!Is(if_stmt, "if_statement")) return;
    // The clause list is kept per statement: listing it for every site of a
    // long chain was quadratic.
    auto [it, fresh] = clauses_.try_emplace(ts_node_start_byte(if_stmt));
    if (fresh) it->second = NamedChildren(if_stmt);
    const std::vector<TSNode>& clauses = it->second;
    auto end = std::lower_bound(clauses.begin(), clauses.end(), ts_node_start_byte(upto),
                                [](TSNode c, uint32_t at) { return ts_node_start_byte(c) < at; });
    std::vector<TSNode> prior;
    for (auto c = end; c != clauses.begin() && prior.size() < kMaxSiteConditions;) {
      --c;
      if (Is(*c, "elif_clause")) prior.push_back(Field(*c, "condition"));
    }
    if (prior.size() < kMaxSiteConditions) prior.push_back(Field(if_stmt, "condition"));
    for (auto c = prior.rbegin(); c != prior.rend(); ++c) AddCondition(site, *c, false);
  }

  // `if cond: return` (no else) before `stmt` in the same block means `cond`
  // was false on the way to the site.
  // The exits of a block are listed once per block, and a site takes the
  // nearest kMaxSiteConditions of them: a function of thousands of
  // `if ...: raise` statements was quadratic.
  void AddEarlyExits(TSNode block, TSNode stmt, ErrorSite* site) {
    auto [it, fresh] = exits_.try_emplace(ts_node_start_byte(block));
    if (fresh) it->second = EarlyExits(block);
    const std::vector<TSNode>& exits = it->second;
    auto end = std::lower_bound(exits.begin(), exits.end(), ts_node_start_byte(stmt),
                                [](TSNode c, uint32_t at) { return ts_node_start_byte(c) < at; });
    auto begin = end - std::min<ptrdiff_t>(end - exits.begin(), kMaxSiteConditions);
    for (auto c = begin; c != end; ++c) AddCondition(site, Field(*c, "condition"), false);
  }

  // The `if` statements of `block` without `else` whose body ends by leaving.
  std::vector<TSNode> EarlyExits(TSNode block) {
    std::vector<TSNode> out;
    for (TSNode s : NamedChildren(block)) {
      if (!Is(s, "if_statement") || !ts_node_is_null(Field(s, "alternative"))) continue;
      std::vector<TSNode> body = NamedChildren(Field(s, "consequence"));
      if (body.empty()) continue;
      std::string_view last = Type(body.back());
      if (last == "return_statement" || last == "raise_statement" || last == "continue_statement" ||
          last == "break_statement") {
        out.push_back(s);
      }
    }
    return out;
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
  FileFacts* facts_ = nullptr;
  TSNode root_{};
  // Every class of the file -> its bases as written (ExceptionLikeClass),
  // built when first needed.
  std::optional<std::map<std::string, std::vector<std::string>>> file_bases_;
  int cur_fn_ = -1;  // the function of the pending site being handled
  std::map<const void*, std::vector<std::string>> call_params_;
  std::map<std::string, SourceNote> class_docs_;
  std::map<std::string, Helper> helpers_;
  std::map<std::tuple<uint32_t, uint32_t, std::string>, std::vector<TSNode>> assignments_;
  std::map<uint32_t, std::vector<TSNode>> clauses_;  // if_statement start -> its clauses
  std::map<uint32_t, std::vector<TSNode>> exits_;    // block start -> its early exits
  std::vector<Pending> pending_;
  std::vector<std::pair<TSNode, int>> assigned_calls_;
  std::vector<std::pair<TSNode, int>> default_assigns_;
  std::map<std::string, std::string>
      log_aliases_;  // `error` -> "error" (logger.error)  // `message = "..."` statements
  std::set<std::string> defined_names_;  // DefinedHere  // `x = f(..)`, with the function index
  std::vector<Function> functions_;
  std::map<std::string, std::vector<std::string>> instances_;  // NoteInstance
};

class PythonExtractor : public Extractor {
 public:
  std::string_view language() const override { return "python"; }
  bool Handles(std::string_view path) const override {
    return path.ends_with(".py") || path.ends_with(".pyw");
  }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    ts::TreePtr tree = ts::Parse(tree_sitter_python(), file.content);
    if (!tree) return Status::InvalidArgument(file.path + ": parser gave up (timeout)");
    TSNode root = ts_tree_root_node(tree.get());
    if (had_syntax_errors) *had_syntax_errors = ts_node_has_error(root);
    PythonFile(file, sites, facts).Run(root);
    if (facts) CollectPythonFacts(root, file.content, file.path, facts);
    return Status::OK();
  }
};

}  // namespace

const Extractor* PythonExtractorInstance() {
  static const PythonExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
