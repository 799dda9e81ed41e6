// Call facts (see call_facts.h). One pre-order walk: a function definition
// is recorded with the class that encloses it; a call is recorded against
// the innermost named function among its ancestors. Only what the syntax
// says is kept: a callee reached through an expression the walk cannot name
// (`f()()`, `a[i].g()`) gets the receiver "?", which the index never
// resolves by receiver.
#include "resolve/call_facts.h"

#include <cctype>
#include <map>

#include "extract/common/ts_util.h"

namespace errdex {
namespace {

using ts::Field;
using ts::Is;

struct Walker {
  std::string_view src;
  std::string family;
  std::string language;
  FileFacts* facts = nullptr;
  // Qualified names of the definitions seen so far, by node id (a
  // definition may start where the file does, as the root node does).
  std::map<const void*, std::string> def_names;
  // Go: a method's receiver name (`p` in `func (p *Parser) f()`): calls
  // through it are calls on the method's own type.
  std::map<const void*, std::string> go_receivers;
  // Rust: whether a module or function is test code, by node id.
  std::map<const void*, bool> rust_tests;

  std::string Text(TSNode n) const {
    return ts_node_is_null(n) ? std::string() : std::string(ts::Text(n, src));
  }

  // `Foo<T>` / `*Foo` / `&'a mut Foo` -> `Foo`; `a::b::Foo` -> `Foo`.
  static std::string BareType(std::string t) {
    if (size_t lt = t.find('<'); lt != std::string::npos) t.resize(lt);
    size_t start = t.find_last_of(":. *&");
    if (start != std::string::npos) t = t.substr(start + 1);
    while (!t.empty() && !(std::isalnum(static_cast<unsigned char>(t.back())) || t.back() == '_')) {
      t.pop_back();
    }
    return t;
  }

  TSNode ChildOfType(TSNode n, std::string_view type) const {
    for (TSNode c : ts::NamedChildren(n)) {
      if (Is(c, type)) return c;
    }
    return TSNode{};
  }

  // The name a class-like node declares, or "" when `n` is not one.
  std::string ClassName(TSNode n) const {
    std::string_view t = ts::Type(n);
    if (family == "rust") {
      if (t == "impl_item") return BareType(Text(Field(n, "type")));
      if (t == "trait_item") return Text(Field(n, "name"));
      return "";
    }
    if (family == "go") return "";
    if (language == "kotlin") {
      if (t == "class_declaration" || t == "object_declaration") {
        return Text(ChildOfType(n, "type_identifier"));
      }
      return "";
    }
    if (family == "ruby") {
      if (t != "class" && t != "module") return "";
      return BareType(Text(Field(n, "name")));
    }
    if (family == "c") {
      if ((t == "class_specifier" || t == "struct_specifier") &&
          !ts_node_is_null(Field(n, "body"))) {
        return BareType(Text(Field(n, "name")));
      }
      return "";
    }
    static const char* const kClassTypes[] = {
        "class_declaration",     "abstract_class_declaration", "class",
        "interface_declaration", "enum_declaration",           "record_declaration",
        "struct_declaration",    "trait_declaration",          "record_struct_declaration"};
    for (const char* c : kClassTypes) {
      if (t == c) return BareType(Text(Field(n, "name")));
    }
    return "";
  }

  // C/C++: the declarator's innermost name (`Foo::bar` kept qualified).
  std::string DeclaratorName(TSNode d) const {
    for (int i = 0; i < 16 && !ts_node_is_null(d); ++i) {
      std::string_view t = ts::Type(d);
      if (t == "identifier" || t == "field_identifier" || t == "qualified_identifier" ||
          t == "destructor_name" || t == "operator_name") {
        return Text(d);
      }
      TSNode inner = Field(d, "declarator");
      if (ts_node_is_null(inner)) inner = ts::FirstNamed(d);
      d = inner;
    }
    return "";
  }

  // The short name a definition node declares and, for Go methods and C++
  // out-of-line members, the class its header names; "" when `n` is not one.
  std::string DefName(TSNode n, std::string* cls) {
    std::string_view t = ts::Type(n);
    if (family == "javascript") {
      if (t == "function_declaration" || t == "generator_function_declaration" ||
          t == "method_definition") {
        return Text(Field(n, "name"));
      }
      if (t == "variable_declarator") {
        TSNode v = Field(n, "value");
        if (!ts_node_is_null(v) &&
            (Is(v, "arrow_function") || Is(v, "function_expression") || Is(v, "function"))) {
          return Text(Field(n, "name"));
        }
      }
      return "";
    }
    if (family == "go") {
      if (t == "function_declaration") return Text(Field(n, "name"));
      if (t != "method_declaration") return "";
      TSNode recv = ts::FirstNamed(Field(n, "receiver"));
      *cls = BareType(Text(Field(recv, "type")));
      if (std::string r = Text(Field(recv, "name")); !r.empty()) {
        go_receivers[n.id] = r;
      }
      return Text(Field(n, "name"));
    }
    if (family == "rust") return t == "function_item" ? Text(Field(n, "name")) : "";
    if (language == "kotlin") {
      if (t == "function_declaration") return Text(ChildOfType(n, "simple_identifier"));
      return "";
    }
    if (family == "jvm" || family == "csharp") {
      if (t == "method_declaration" || t == "constructor_declaration" ||
          t == "local_function_statement") {
        return Text(Field(n, "name"));
      }
      return "";
    }
    if (family == "ruby") {
      return t == "method" || t == "singleton_method" ? Text(Field(n, "name")) : "";
    }
    if (family == "php") {
      return t == "function_definition" || t == "method_declaration" ? Text(Field(n, "name")) : "";
    }
    if (family == "c" && t == "function_definition") {
      std::string name = DeclaratorName(Field(n, "declarator"));
      size_t sep = name.rfind("::");
      if (sep == std::string::npos) return name;
      *cls = BareType(name.substr(0, sep));
      return name.substr(sep + 2);
    }
    return "";
  }

  std::string Separator() const { return family == "c" || family == "php" ? "::" : "."; }

  // The header as written: from the definition's start to its body.
  std::string Header(TSNode n) const {
    TSNode body = Field(n, "body");
    for (std::string_view t : {"function_body", "class_body", "enum_class_body"}) {
      if (ts_node_is_null(body)) body = ChildOfType(n, t);
    }
    uint32_t end = ts_node_is_null(body) ? ts_node_end_byte(n) : ts_node_start_byte(body);
    uint32_t start = ts_node_start_byte(n);
    std::string h(src.substr(start, std::min<uint32_t>(end - start, 400)));
    std::string out;
    for (char c : h) {
      if (c == '\n' || c == '\t' || c == '\r') c = ' ';
      if (c == ' ' && !out.empty() && out.back() == ' ') continue;
      out += c;
    }
    return out;
  }

  void AddDefinition(TSNode n, const std::string& short_name, std::string cls,
                     const std::vector<TSNode>& ancestors) {
    std::string outer;  // the enclosing class, or the enclosing function for nested ones
    std::string class_header;
    for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
      auto d = def_names.find(it->id);
      if (d != def_names.end()) {
        outer = d->second;
        break;
      }
      std::string c = ClassName(*it);
      if (!c.empty()) {
        if (cls.empty()) cls = c;
        class_header = Header(*it);
        break;
      }
    }
    FunctionFact f;
    f.short_name = short_name;
    f.cls = cls;
    f.name =
        (outer.empty() ? (cls.empty() ? "" : cls + Separator()) : outer + Separator()) + short_name;
    f.header = Header(n);
    f.class_header = std::move(class_header);
    f.line = ts::Line(n);
    f.end_line = ts::EndLine(n);
    def_names[n.id] = f.name;
    facts->functions.push_back(std::move(f));
  }

  static std::string Receiver(std::string r) {
    if (r == "this" || r == "self" || r == "$this" || r == "Self" || r == "static") return "self";
    if (r == "super" || r == "parent") return "super";
    for (char c : r) {
      bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' ||
                c == '$' || c == '>' || c == '-' || c == '\\';
      if (!ok) return "?";
    }
    return r.size() > 80 ? "?" : r;
  }

  // The arguments a call passes, when its syntax lists them in an
  // `arguments` field (C#, Java, JavaScript, C/C++, Go, Rust, PHP, Ruby);
  // -1 for a spread or splat (`...xs`, `*args`), whose count is unknown,
  // and for calls read otherwise (Kotlin's suffixes, a Ruby call without
  // parentheses).
  int ArgumentCount(TSNode n) const {
    TSNode list = Field(n, "arguments");
    if (ts_node_is_null(list)) return -1;
    int count = 0;
    for (uint32_t i = 0; i < ts_node_named_child_count(list); ++i) {
      TSNode a = ts_node_named_child(list, i);
      std::string_view t = ts::Type(a);
      if (t == "comment" || t == "line_comment" || t == "block_comment") continue;
      if (t.find("spread") != std::string_view::npos || t.find("splat") != std::string_view::npos ||
          t == "variadic_argument" || t == "block_argument") {
        return -1;
      }
      ++count;
    }
    return count;
  }

  // Callee and receiver of a call node; false when `n` is not a call.
  bool ReadCall(TSNode n, std::string* callee, std::string* receiver) const {
    std::string_view t = ts::Type(n);
    if (t == "new_expression" || t == "object_creation_expression") {
      TSNode type = Field(n, "constructor");
      if (ts_node_is_null(type)) type = Field(n, "type");
      if (ts_node_is_null(type)) type = ChildOfType(n, "name");
      if (ts_node_is_null(type)) type = ChildOfType(n, "qualified_name");
      *callee = BareType(Text(type));
      *receiver = "new";
      return !callee->empty();
    }
    if (family == "jvm" && t == "method_invocation") {
      *callee = Text(Field(n, "name"));
      TSNode obj = Field(n, "object");
      *receiver = ts_node_is_null(obj) ? "" : Receiver(Text(obj));
      return true;
    }
    if (family == "ruby" && t == "call") {
      *callee = Text(Field(n, "method"));
      TSNode recv = Field(n, "receiver");
      *receiver = ts_node_is_null(recv) ? "" : Receiver(Text(recv));
      if (*callee == "new" && !receiver->empty() && std::isupper((*receiver)[0])) {
        *callee = BareType(*receiver);
        *receiver = "new";
      }
      return !callee->empty();
    }
    if (family == "php") {
      if (t == "function_call_expression") {
        *callee = BareType(Text(Field(n, "function")));
        size_t slash = callee->rfind('\\');
        if (slash != std::string::npos) *callee = callee->substr(slash + 1);
        *receiver = "";
        return true;
      }
      if (t == "member_call_expression" || t == "nullsafe_member_call_expression" ||
          t == "scoped_call_expression") {
        *callee = Text(Field(n, "name"));
        TSNode obj = Field(n, t == "scoped_call_expression" ? "scope" : "object");
        *receiver = Receiver(Text(obj));
        return true;
      }
      return false;
    }
    if (language == "kotlin" && t == "call_expression") {
      TSNode fn = ts::FirstNamed(n);
      if (Is(fn, "simple_identifier")) {
        *callee = Text(fn);
        *receiver = std::isupper(static_cast<unsigned char>((*callee)[0])) ? "new" : "";
        return true;
      }
      if (!Is(fn, "navigation_expression")) return false;
      uint32_t count = ts_node_named_child_count(fn);
      TSNode suffix = ts_node_named_child(fn, count - 1);
      *callee = Text(ChildOfType(suffix, "simple_identifier"));
      *receiver = Receiver(Text(ts_node_named_child(fn, 0)));
      return !callee->empty();
    }
    if (t != "call_expression" && t != "invocation_expression") return false;
    TSNode fn = Field(n, "function");
    for (int i = 0; i < 4 && !ts_node_is_null(fn); ++i) {
      std::string_view ft = ts::Type(fn);
      if (ft == "generic_function" || ft == "template_function" || ft == "generic_name") {
        TSNode inner = Field(fn, "function");
        if (ts_node_is_null(inner)) inner = Field(fn, "name");
        if (ts_node_is_null(inner)) inner = ts::FirstNamed(fn);
        fn = inner;
        continue;
      }
      break;
    }
    if (ts_node_is_null(fn)) return false;
    std::string_view ft = ts::Type(fn);
    if (ft == "identifier") {
      *callee = Text(fn);
      *receiver = "";
      return true;
    }
    static const char* const kMember[][3] = {
        {"member_expression", "property", "object"},         // JavaScript
        {"selector_expression", "field", "operand"},         // Go
        {"field_expression", "field", "value"},              // Rust
        {"field_expression", "field", "argument"},           // C/C++
        {"member_access_expression", "name", "expression"},  // C#
        {"scoped_identifier", "name", "path"},               // Rust a::b()
        {"qualified_identifier", "name", "scope"},           // C++ A::b()
    };
    for (const auto& m : kMember) {
      if (ft != m[0]) continue;
      TSNode name = Field(fn, m[1]);
      TSNode obj = Field(fn, m[2]);
      if (ts_node_is_null(name)) continue;
      if (Is(name, "generic_name")) name = ts::FirstNamed(name);
      *callee = Text(name);
      *receiver = ts_node_is_null(obj) ? "" : Receiver(Text(obj));
      if (ft == "qualified_identifier" && callee->find("::") != std::string::npos) {
        *callee = callee->substr(callee->rfind("::") + 2);
      }
      return !callee->empty();
    }
    return false;
  }

  std::string EnclosingFunction(const std::vector<TSNode>& ancestors) const {
    for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
      auto d = def_names.find(it->id);
      if (d != def_names.end() && ts::Type(*it) != "program") return d->second;
    }
    return "";
  }

  std::string GoSelf(const std::string& receiver, const std::vector<TSNode>& ancestors) const {
    for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
      auto r = go_receivers.find(it->id);
      if (r != go_receivers.end()) return r->second == receiver ? "self" : receiver;
      if (def_names.count(it->id)) break;
    }
    return receiver;
  }

  // A Rust enum value built without a call: `Err(ConfigError::SearchUnavailable)`
  // or `Error::Glob { glob, err }`, recorded as a use of the variant on its
  // enum so that a `Display` arm's text can name where the value is made.
  // Patterns (`match` arms, `if let`) and paths in `use` are not values.
  bool RustVariantValue(TSNode n, const std::vector<TSNode>& ancestors, std::string* callee,
                        std::string* receiver) const {
    TSNode path = n;
    if (Is(n, "struct_expression")) {
      path = Field(n, "name");
      if (ts_node_is_null(path) || !Is(path, "scoped_type_identifier")) return false;
    } else if (!Is(n, "scoped_identifier") || ancestors.empty()) {
      return false;
    } else {
      TSNode parent = ancestors.back();
      std::string_view pt = ts::Type(parent);
      // `a::b()` is a call (ReadCall's); `a::b::c` is read at its outer node.
      // `kind == ErrorKind::NotFound` compares with a value, it makes none.
      if (pt == "call_expression" || pt == "scoped_identifier" || pt == "generic_function" ||
          pt == "scoped_type_identifier" || pt == "generic_type" || pt == "binary_expression") {
        return false;
      }
    }
    for (size_t i = ancestors.size(), k = 0; i-- > 0 && k < 6; ++k) {
      std::string_view t = ts::Type(ancestors[i]);
      if (t.ends_with("_pattern") || t == "let_condition" || t == "use_declaration" ||
          t == "macro_invocation" || t == "attribute_item") {
        return false;
      }
      if (t.ends_with("_expression") || t == "arguments" || t == "block") break;
    }
    TSNode name = Field(path, "name");
    TSNode scope = Field(path, "path");
    if (ts_node_is_null(name) || ts_node_is_null(scope)) return false;
    *callee = Text(name);
    *receiver = Receiver(Text(scope));
    // Variants are capitalised; `mem::swap` as a value is a function.
    return !callee->empty() && std::isupper(static_cast<unsigned char>((*callee)[0]));
  }

  // Rust unit tests live beside the code (`#[cfg(test)] mod tests`,
  // `#[test] fn ..`): their calls are not ways a user reaches an error
  // (tonic's two tests were named as the only callers of its TLS parser).
  bool IsRustTestItem(TSNode item) {
    std::string_view type = ts::Type(item);
    if (type != "mod_item" && type != "function_item") return false;
    auto [it, added] = rust_tests.try_emplace(item.id, false);
    if (!added) return it->second;
    for (TSNode prev = ts_node_prev_named_sibling(item); !ts_node_is_null(prev);
         prev = ts_node_prev_named_sibling(prev)) {
      std::string_view t = ts::Type(prev);
      if (t == "line_comment" || t == "block_comment") continue;
      if (t != "attribute_item") break;
      // `#[cfg(test)]`, or a test attribute: `#[test]`, `#[tokio::test(..)]`.
      std::string_view a = ts::Text(prev, src);
      std::string_view path = a.substr(0, a.find_first_of("(]"));
      if (a.find("cfg(test)") != std::string_view::npos || path.ends_with("test")) {
        it->second = true;
        break;
      }
    }
    return it->second;
  }

  bool InRustTest(TSNode n, const std::vector<TSNode>& ancestors) {
    if (IsRustTestItem(n)) return true;
    for (const TSNode& a : ancestors) {
      if (IsRustTestItem(a)) return true;
    }
    return false;
  }

  void Visit(TSNode n, const std::vector<TSNode>& ancestors) {
    if (family == "rust" && InRustTest(n, ancestors)) return;
    std::string cls;
    std::string name = DefName(n, &cls);
    if (!name.empty()) {
      AddDefinition(n, name, cls, ancestors);
      return;
    }
    std::string callee, receiver;
    if (family == "rust" && RustVariantValue(n, ancestors, &callee, &receiver)) {
      facts->calls.push_back({EnclosingFunction(ancestors), callee, receiver, ts::Line(n)});
      return;
    }
    if (!ReadCall(n, &callee, &receiver) || callee.empty()) return;
    if (family == "go" && !receiver.empty()) receiver = GoSelf(receiver, ancestors);
    facts->calls.push_back(
        {EnclosingFunction(ancestors), callee, receiver, ts::Line(n), ArgumentCount(n)});
  }
};

}  // namespace

std::string CallFamily(std::string_view language) {
  if (language == "javascript" || language == "typescript") return "javascript";
  if (language == "java" || language == "kotlin") return "jvm";
  if (language == "c" || language == "cpp") return "c";
  for (std::string_view l : {"go", "rust", "csharp", "ruby", "php"}) {
    if (language == l) return std::string(l);
  }
  return "";
}

void CollectCallFacts(TSNode root, std::string_view src, std::string_view language,
                      FileFacts* facts) {
  Walker w;
  w.src = src;
  w.family = CallFamily(language);
  w.language = std::string(language);
  w.facts = facts;
  if (w.family.empty()) return;
  facts->call_family = w.family;
  ts::ForEachNodeWithAncestors(
      root, [&](TSNode n, const std::vector<TSNode>& ancestors) { w.Visit(n, ancestors); });
}

}  // namespace errdex
