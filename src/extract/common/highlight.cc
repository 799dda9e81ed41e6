// Syntax classes of a source window from a tree-sitter parse. Node types are
// read generically across the grammars errdex links (their naming is
// regular: `comment`/`line_comment`, `string`/`string_literal`,
// `integer`/`int_literal`, keywords as anonymous word tokens), with the
// name of a definition or call found through the grammars' field names.
#include "extract/common/highlight.h"

#include <algorithm>
#include <array>
#include <string>

#include "extract/common/ts_util.h"

extern "C" const TSLanguage* tree_sitter_python();
extern "C" const TSLanguage* tree_sitter_javascript();
extern "C" const TSLanguage* tree_sitter_typescript();
extern "C" const TSLanguage* tree_sitter_tsx();
extern "C" const TSLanguage* tree_sitter_go();
extern "C" const TSLanguage* tree_sitter_rust();
extern "C" const TSLanguage* tree_sitter_java();
extern "C" const TSLanguage* tree_sitter_kotlin();
extern "C" const TSLanguage* tree_sitter_c();
extern "C" const TSLanguage* tree_sitter_cpp();
extern "C" const TSLanguage* tree_sitter_c_sharp();
extern "C" const TSLanguage* tree_sitter_ruby();
extern "C" const TSLanguage* tree_sitter_php();

namespace errdex {
namespace {

// A window is a few dozen lines; anything much larger is not one.
constexpr size_t kMaxBytes = 256 * 1024;
constexpr uint64_t kParseTimeoutUs = 200'000;

const TSLanguage* GrammarFor(std::string_view language, std::string_view path) {
  auto ends = [&](std::string_view e) { return path.ends_with(e); };
  if (language == "python") return tree_sitter_python();
  if (language == "javascript" || language == "typescript") {
    if (ends(".tsx")) return tree_sitter_tsx();
    if (ends(".ts") || ends(".mts") || ends(".cts") || language == "typescript") {
      return tree_sitter_typescript();
    }
    return tree_sitter_javascript();
  }
  if (language == "go") return tree_sitter_go();
  if (language == "rust") return tree_sitter_rust();
  if (language == "java") return tree_sitter_java();
  if (language == "kotlin") return tree_sitter_kotlin();
  if (language == "c") return tree_sitter_c();
  if (language == "cpp") return tree_sitter_cpp();
  if (language == "csharp") return tree_sitter_c_sharp();
  if (language == "ruby") return tree_sitter_ruby();
  if (language == "php") return tree_sitter_php();
  return nullptr;
}

bool In(std::string_view type, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), type) != set.end();
}

bool Has(std::string_view type, std::string_view part) {
  return type.find(part) != std::string_view::npos;
}

bool IsComment(std::string_view type) { return Has(type, "comment"); }

bool IsString(std::string_view type) {
  return type.ends_with("string") || type.ends_with("string_literal") ||
         type.ends_with("string_expression") ||
         In(type, {"char_literal", "character_literal", "rune_literal", "heredoc", "nowdoc",
                   "heredoc_body", "text_block", "regex", "simple_symbol", "delimited_symbol",
                   "system_lib_string", "character"});
}

// Code inside a string (`f"{x}"`, `${x}`, `#{x}`): classed as code again.
bool IsInterpolation(std::string_view type) {
  return In(type, {"interpolation", "template_substitution", "interpolated_expression",
                   "interpolated_identifier"});
}

bool IsNumber(std::string_view type) {
  if (In(type, {"integer", "float", "number", "number_literal", "rational", "complex"})) {
    return true;
  }
  if (!type.ends_with("_literal")) return false;
  for (std::string_view part : {"integer", "int_literal", "float", "real", "hex", "octal", "bin",
                                "decimal", "imaginary", "long", "unsigned"}) {
    if (Has(type, part)) return true;
  }
  return false;
}

// Keywords are anonymous word tokens in every grammar (`def`, `raise`,
// `#include`); constants and built-in types are named nodes in some.
bool IsKeywordToken(std::string_view type) {
  if (!type.empty() && type[0] == '#') type.remove_prefix(1);
  if (type.size() < 2 || !(std::isalpha(static_cast<unsigned char>(type[0])) || type[0] == '_')) {
    return false;
  }
  return std::all_of(type.begin(), type.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool IsNamedKeyword(std::string_view type) {
  return In(type, {"true", "false", "none", "null", "nil", "null_literal", "boolean_literal",
                   "boolean", "self", "this", "super", "primitive_type", "predefined_type",
                   "integral_type", "floating_point_type", "boolean_type", "void_type"});
}

bool IsNameToken(TSNode n) {
  if (ts_node_child_count(n) != 0 || !ts_node_is_named(n)) return false;
  std::string_view type = ts_node_type(n);
  return type.ends_with("identifier") || type == "name" || type == "constant";
}

// Definitions, and the field that holds their name.
const char* DefinitionNameField(std::string_view type) {
  if (type == "function_declarator") return "declarator";  // C, C++
  if (In(type, {"function_definition", "function_declaration", "function_expression",
                "generator_function_declaration", "method_definition", "method_signature",
                "function_signature", "abstract_method_signature", "method_declaration",
                "constructor_declaration", "function_item", "function_signature_item",
                "local_function_statement", "method", "singleton_method"})) {
    return "name";
  }
  return nullptr;
}

// Calls, and the field that holds what they call.
const char* CalleeField(std::string_view type, bool* first_child) {
  *first_child = false;
  if (In(type, {"call", "call_expression", "invocation_expression", "function_call_expression"})) {
    *first_child = true;  // Kotlin's call_expression names no field
    return "function";
  }
  if (In(type, {"method_invocation", "member_call_expression", "scoped_call_expression",
                "nullsafe_member_call_expression"})) {
    return "name";
  }
  if (type == "macro_invocation") return "macro";
  return nullptr;
}

// The name token of a callee or declarator: `f` of `f`, `obj.f`, `a::f`,
// `pkg.F`, `obj?.f`; a null node when there is none.
TSNode NameToken(TSNode n) {
  for (int step = 0; step < 6 && !ts_node_is_null(n); ++step) {
    if (IsNameToken(n)) return n;
    if (ts_node_child_count(n) == 0) return TSNode{};
    TSNode next{};
    for (const char* field : {"attribute", "property", "field", "name"}) {
      next = ts::Field(n, field);
      if (!ts_node_is_null(next)) break;
    }
    if (ts_node_is_null(next)) {
      uint32_t count = ts_node_named_child_count(n);
      if (count == 0) return TSNode{};
      next = ts_node_named_child(n, count - 1);
    }
    n = next;
  }
  return TSNode{};
}

class Painter {
 public:
  explicit Painter(std::vector<SyntaxClass>* classes) : classes_(*classes) {}

  void Paint(TSNode n, SyntaxClass c) {
    size_t b = ts_node_start_byte(n), e = std::min<size_t>(ts_node_end_byte(n), classes_.size());
    for (size_t i = b; i < e; ++i) classes_[i] = c;
  }

  void Visit(TSNode n) {
    std::string_view type = ts_node_type(n);
    bool named = ts_node_is_named(n);
    if (!named) {
      if (ts_node_child_count(n) == 0 && IsKeywordToken(type)) Paint(n, SyntaxClass::kKeyword);
      return;
    }
    if (IsComment(type)) return Paint(n, SyntaxClass::kComment);
    if (IsString(type)) return Paint(n, SyntaxClass::kString);
    if (IsInterpolation(type)) return Paint(n, SyntaxClass::kPlain);
    if (IsNumber(type)) return Paint(n, SyntaxClass::kNumber);
    if (IsNamedKeyword(type)) return Paint(n, SyntaxClass::kKeyword);
    TSNode name{};
    if (const char* field = DefinitionNameField(type)) {
      name = NameToken(ts::Field(n, field));
      if (ts_node_is_null(name) && type == "function_declaration") {  // Kotlin: no fields
        for (TSNode c : ts::NamedChildren(n)) {
          if (IsNameToken(c)) {
            name = c;
            break;
          }
        }
      }
    } else {
      bool first_child = false;
      if (const char* callee_field = CalleeField(type, &first_child)) {
        // Python's call has `function`, Ruby's `method`.
        TSNode callee = ts::Field(n, callee_field);
        if (ts_node_is_null(callee) && type == "call") callee = ts::Field(n, "method");
        if (ts_node_is_null(callee) && first_child) callee = ts::FirstNamed(n);
        name = NameToken(callee);
      }
    }
    if (!ts_node_is_null(name)) Paint(name, SyntaxClass::kFunction);
  }

 private:
  std::vector<SyntaxClass>& classes_;
};

// The indentation every non-blank line of `source` shares, in bytes.
size_t CommonIndent(std::string_view source) {
  size_t common = std::string_view::npos;
  size_t at = 0;
  while (at < source.size()) {
    size_t nl = source.find('\n', at);
    std::string_view line = source.substr(at, nl == std::string_view::npos ? nl : nl - at);
    size_t indent = line.find_first_not_of(" \t");
    if (indent != std::string_view::npos && line.substr(indent) != "\r") {
      common = std::min(common, indent);
    }
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return common == std::string_view::npos ? 0 : common;
}

}  // namespace

std::vector<SyntaxClass> SyntaxClasses(std::string_view language, std::string_view path,
                                       std::string_view source) {
  const TSLanguage* grammar = GrammarFor(language, path);
  if (grammar == nullptr || source.empty() || source.size() > kMaxBytes) return {};
  // What the parser reads: a window cut from the middle of a file, made
  // parseable where that is cheap. Python's lines lose the indentation they
  // all share (a window inside a method would start with an unexpected
  // indent); PHP's code needs its `<?php` opening tag. `segments` map the
  // parsed text back to the window: (offset in text, offset in source, bytes).
  std::string text;
  struct Segment {
    size_t text_at, source_at, bytes;
  };
  std::vector<Segment> segments;
  if (language == "php" && source.find("<?php") == std::string_view::npos) text = "<?php\n";
  size_t strip = language == "python" ? CommonIndent(source) : 0;
  for (size_t at = 0; at < source.size();) {
    size_t nl = source.find('\n', at);
    size_t end = nl == std::string_view::npos ? source.size() : nl + 1;
    size_t skip = std::min(strip, end - at);
    if (source.substr(at, skip).find_first_not_of(" \t") != std::string_view::npos) skip = 0;
    segments.push_back({text.size(), at + skip, end - at - skip});
    text.append(source.substr(at + skip, end - at - skip));
    at = end;
  }
  ts::TreePtr tree = ts::Parse(grammar, text, kParseTimeoutUs);
  if (!tree) return {};
  std::vector<SyntaxClass> parsed(text.size(), SyntaxClass::kPlain);
  Painter painter(&parsed);
  ts::ForEachNode(ts_tree_root_node(tree.get()), [&](TSNode n) { painter.Visit(n); });
  std::vector<SyntaxClass> out(source.size(), SyntaxClass::kPlain);
  for (const Segment& s : segments) {
    std::copy_n(parsed.begin() + static_cast<std::ptrdiff_t>(s.text_at), s.bytes,
                out.begin() + static_cast<std::ptrdiff_t>(s.source_at));
  }
  return out;
}

}  // namespace errdex
