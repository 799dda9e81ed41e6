// Python facts (see python_facts.h). One recursive walk over the tree; the
// scope (enclosing class and function) travels down with it so that every
// call and membership test knows the function it belongs to.
#include "resolve/python_facts.h"

#include <cctype>

#include "extract/common/ts_util.h"
#include "extract/python/python_strings.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;

// Deeper nesting than this is hostile input; its facts are dropped rather
// than risking the stack.
constexpr int kMaxDepth = 400;

std::string LastComponent(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return std::string(dot == std::string_view::npos ? dotted : dotted.substr(dot + 1));
}

bool IsConstantName(std::string_view name) {
  bool letter = false;
  for (char c : name) {
    if (std::islower(static_cast<unsigned char>(c))) return false;
    if (std::isupper(static_cast<unsigned char>(c))) letter = true;
  }
  return letter;
}

// The value of a plain string literal; nullopt when it interpolates.
std::optional<std::string> StringValue(TSNode n, std::string_view src) {
  if (!Is(n, "string") && !Is(n, "concatenated_string")) return std::nullopt;
  Template t = StringNodeTemplate(n, src);
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) return std::nullopt;
  }
  return t.Display();
}

std::string Repr(const std::string& s) { return "'" + s + "'"; }

// The literal elements of a tuple/list/set, or of frozenset(...)/set(...)/
// tuple(...) around one; empty when any element is not a literal.
std::vector<std::string> LiteralElements(TSNode n, std::string_view src) {
  if (Is(n, "call")) {
    std::string fn(ts::Text(Field(n, "function"), src));
    if (fn != "frozenset" && fn != "set" && fn != "tuple" && fn != "list") return {};
    std::vector<TSNode> args = ts::NamedChildren(Field(n, "arguments"));
    if (args.size() != 1) return {};
    n = args[0];
  }
  if (!Is(n, "tuple") && !Is(n, "list") && !Is(n, "set")) return {};
  std::vector<std::string> out;
  for (TSNode e : ts::NamedChildren(n)) {
    if (std::optional<std::string> s = StringValue(e, src)) {
      out.push_back(Repr(*s));
    } else if (Is(e, "integer") || Is(e, "float") || Is(e, "true") || Is(e, "false") ||
               Is(e, "none")) {
      out.emplace_back(ts::Text(e, src));
    } else {
      return {};
    }
  }
  return out;
}

std::string FlagToDest(std::string_view flag) {
  while (!flag.empty() && flag.front() == '-') flag.remove_prefix(1);
  std::string out(flag);
  for (char& c : out) {
    if (c == '-') c = '_';
  }
  return out;
}

struct Scope {
  std::string qual;        // "ServerArgs" or "ServerArgs.__post_init__"
  std::string function;    // enclosing function, qualified; empty outside one
  bool dataclass = false;  // directly in the body of a @dataclass
  bool module = true;      // at module level
  // Directly in a class body: the class and its header (`class
  // SimpleWheelCache(Cache):`), for the methods that override a base's.
  std::string cls;
  std::string class_header;
};

class Collector {
 public:
  Collector(std::string_view src, FileFacts* facts) : src_(src), facts_(facts) {}

  void Visit(TSNode n, const Scope& scope, int depth, std::string_view decorators = {}) {
    if (depth > kMaxDepth) return;
    if (Is(n, "decorated_definition")) {
      std::string decos;
      for (TSNode c : ts::NamedChildren(n)) {
        if (Is(c, "decorator")) {
          decos += std::string(ts::Text(c, src_)) + "\n";
          Visit(c, scope, depth + 1);
        }
      }
      Visit(Field(n, "definition"), scope, depth + 1, decos);
      return;
    }
    if (Is(n, "class_definition")) return Class(n, scope, depth, decorators);
    if (Is(n, "function_definition")) return Function(n, scope, depth, decorators);
    if (Is(n, "call")) Call(n, scope);
    if (Is(n, "subscript")) Subscript(n);
    if (Is(n, "comparison_operator") && !scope.function.empty()) Membership(n, scope);
    if (Is(n, "expression_statement")) Statement(n, scope);
    if (Is(n, "import_from_statement") && scope.module) Import(n);
    Scope inner = scope;
    inner.module = scope.module && Is(n, "module");
    inner.dataclass = false;  // only statements directly in the class body are fields
    for (TSNode c : ts::NamedChildren(n)) Visit(c, inner, depth + 1);
  }

 private:
  std::string Qualify(const Scope& scope, std::string_view name) {
    return scope.qual.empty() ? std::string(name) : scope.qual + "." + std::string(name);
  }

  void Class(TSNode n, const Scope& scope, int depth, std::string_view decorators) {
    Scope inner;
    inner.qual = Qualify(scope, ts::Text(Field(n, "name"), src_));
    inner.function = scope.function;
    inner.module = false;
    inner.dataclass = decorators.find("dataclass") != std::string_view::npos;
    inner.cls = std::string(ts::Text(Field(n, "name"), src_));
    TSNode body = Field(n, "body");
    uint32_t start = ts_node_start_byte(n);
    uint32_t end = ts_node_is_null(body) ? ts_node_end_byte(n) : ts_node_start_byte(body);
    inner.class_header = std::string(src_.substr(start, std::min<uint32_t>(end - start, 400)));
    for (TSNode c : ts::NamedChildren(body)) Visit(c, inner, depth + 1);
  }

  void Function(TSNode n, const Scope& scope, int depth, std::string_view decorators) {
    FunctionFact f;
    f.short_name = std::string(ts::Text(Field(n, "name"), src_));
    f.name = Qualify(scope, f.short_name);
    f.line = ts::Line(n);
    if (scope.function.empty()) {
      f.cls = scope.cls;
      f.class_header = scope.class_header;
    }
    for (TSNode p : ts::NamedChildren(Field(n, "parameters"))) {
      TSNode id = Is(p, "identifier") ? p : Field(p, "name");
      if (Is(p, "typed_parameter") || Is(p, "list_splat_pattern") ||
          Is(p, "dictionary_splat_pattern")) {
        id = ts::FirstNamed(p);
      }
      if (Is(id, "identifier")) f.params.emplace_back(ts::Text(id, src_));
    }
    // Request handlers: @app.get("/x"), @router.post(...), @bp.route(...).
    for (const char* verb : {".get(", ".post(", ".put(", ".delete(", ".patch(", ".route(",
                             ".websocket(", ".api_route("}) {
      size_t at = decorators.find(verb);
      if (at != std::string_view::npos) {
        size_t end = decorators.find('\n', at);
        size_t begin = decorators.rfind('@', at);
        f.route = std::string(decorators.substr(begin, end - begin));
        break;
      }
    }
    facts_->functions.push_back(f);
    Scope inner;
    inner.qual = f.name;
    inner.function = f.name;
    inner.module = false;
    Visit(Field(n, "body"), inner, depth + 1);
  }

  void Call(TSNode n, const Scope& scope) {
    TSNode fn = Field(n, "function");
    if (!Is(fn, "identifier") && !Is(fn, "attribute")) return;
    std::string_view text = ts::Text(fn, src_);
    std::string callee = LastComponent(text);
    std::string receiver;
    if (Is(fn, "attribute")) {
      receiver = std::string(ts::Text(Field(fn, "object"), src_));
    }
    facts_->calls.push_back({scope.function, callee, receiver, ts::Line(n)});
    if (callee == "add_argument") return Argparse(n);
    if (text == "click.option" || text == "option") return Click(n);
    if (text == "os.getenv" || text == "getenv" || text == "os.environ.get" ||
        text == "environ.get" || text == "os.environ.setdefault") {
      std::vector<TSNode> args = ts::NamedChildren(Field(n, "arguments"));
      if (!args.empty()) Env(args[0]);
    }
  }

  void Argparse(TSNode call) {
    OptionDef o;
    o.kind = "flag";
    for (TSNode a : ts::NamedChildren(Field(call, "arguments"))) {
      if (std::optional<std::string> s = StringValue(a, src_)) {
        if (s->starts_with("--") && o.name.empty()) o.name = *s;
        continue;
      }
      if (!Is(a, "keyword_argument")) continue;
      std::string_view key = ts::Text(Field(a, "name"), src_);
      TSNode value = Field(a, "value");
      if (key == "dest") {
        if (auto s = StringValue(value, src_)) o.dest = *s;
      } else if (key == "action") {
        if (auto s = StringValue(value, src_)) o.action = *s;
      } else if (key == "choices") {
        o.choices = LiteralElements(value, src_);
      }
    }
    if (o.name.empty()) return;
    if (o.dest.empty()) o.dest = FlagToDest(o.name);
    o.file = facts_->path;
    o.line = ts::Line(call);
    facts_->options.push_back(std::move(o));
  }

  void Click(TSNode call) {
    OptionDef o;
    o.kind = "flag";
    for (TSNode a : ts::NamedChildren(Field(call, "arguments"))) {
      if (std::optional<std::string> s = StringValue(a, src_)) {
        if (s->starts_with("--")) {
          if (o.name.empty()) o.name = *s;
        } else if (!s->starts_with("-")) {
          o.dest = *s;
        }
        continue;
      }
      if (Is(a, "keyword_argument") && ts::Text(Field(a, "name"), src_) == "is_flag" &&
          ts::Text(Field(a, "value"), src_) == "True") {
        o.action = "store_true";
      } else if (Is(a, "keyword_argument") && ts::Text(Field(a, "name"), src_) == "type") {
        TSNode v = Field(a, "value");
        if (Is(v, "call")) o.choices = LiteralElements(ts::FirstNamed(Field(v, "arguments")), src_);
      }
    }
    if (o.name.empty()) return;
    if (o.dest.empty()) o.dest = FlagToDest(o.name);
    o.file = facts_->path;
    o.line = ts::Line(call);
    facts_->options.push_back(std::move(o));
  }

  void Env(TSNode key) {
    std::optional<std::string> name = StringValue(key, src_);
    if (!name || name->empty()) return;
    for (const OptionDef& o : facts_->options) {
      if (o.kind == "env" && o.name == *name) return;  // the first use defines it
    }
    OptionDef o;
    o.kind = "env";
    o.name = *name;
    o.file = facts_->path;
    o.line = ts::Line(key);
    facts_->options.push_back(std::move(o));
  }

  void Subscript(TSNode n) {
    std::string_view value = ts::Text(Field(n, "value"), src_);
    if (value != "os.environ" && value != "environ") return;
    Env(Field(n, "subscript"));
  }

  // `x not in CONST` / `x in CONST`: the operand and the constant.
  void Membership(TSNode n, const Scope& scope) {
    std::vector<TSNode> ops = ts::NamedChildren(n);
    if (ops.size() != 2 || !Is(ops[1], "identifier")) return;
    std::string_view between = src_.substr(ts_node_end_byte(ops[0]),
                                           ts_node_start_byte(ops[1]) - ts_node_end_byte(ops[0]));
    if (between.find("in") == std::string_view::npos) return;
    std::string constant(ts::Text(ops[1], src_));
    if (!IsConstantName(constant)) return;
    facts_->memberships.push_back(
        {scope.function, std::string(ts::Text(ops[0], src_)), constant, ts::Line(n)});
  }

  // `from .limits import SUPPORTED, OTHER as O`: each local name and where
  // it comes from.
  void Import(TSNode n) {
    TSNode module = Field(n, "module_name");
    if (ts_node_is_null(module)) return;
    std::string from(ts::Text(module, src_));
    for (TSNode c : ts::NamedChildren(n)) {
      if (ts_node_eq(c, module)) continue;
      TSNode name = c, local = c;
      if (Is(c, "aliased_import")) {
        name = Field(c, "name");
        local = Field(c, "alias");
      } else if (!Is(c, "dotted_name")) {
        continue;
      }
      if (ts_node_is_null(name) || ts_node_is_null(local)) continue;
      std::string sep = from.ends_with(".") ? "" : ".";
      facts_->imports.emplace_back(std::string(ts::Text(local, src_)),
                                   from + sep + std::string(ts::Text(name, src_)));
    }
  }

  // Module constants and dataclass fields.
  void Statement(TSNode n, const Scope& scope) {
    TSNode assign = ts::FirstNamed(n);
    if (!Is(assign, "assignment")) return;
    TSNode left = Field(assign, "left");
    if (!Is(left, "identifier")) return;
    std::string name(ts::Text(left, src_));
    if (scope.dataclass && !ts_node_is_null(Field(assign, "type")) && !name.starts_with("_") &&
        !IsConstantName(name)) {
      OptionDef o;
      o.kind = "field";
      o.name = scope.qual + "." + name;
      o.dest = name;
      o.file = facts_->path;
      o.line = ts::Line(n);
      facts_->options.push_back(std::move(o));
      return;
    }
    if (scope.module && IsConstantName(name)) {
      std::vector<std::string> values = LiteralElements(Field(assign, "right"), src_);
      if (!values.empty()) facts_->constants.push_back({name, std::move(values), ts::Line(n)});
    }
  }

  std::string_view src_;
  FileFacts* facts_;
};

}  // namespace

void CollectPythonFacts(TSNode root, std::string_view src, const std::string& path,
                        FileFacts* facts) {
  facts->path = path;
  Collector(src, facts).Visit(root, Scope{}, 0);
}

}  // namespace errdex
