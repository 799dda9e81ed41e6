// Rust extractor: finds the error sites of one .rs file and reconstructs each
// message template from the syntax tree: string, raw and byte string
// literals (escapes and `\`-newline continuations resolved), `concat!`, and
// std::fmt format strings (`{}`, `{0}`, `{name}`, `{:?}`, `{:>8}`, `{:.*}`,
// `{{`/`}}`, inline captured identifiers) with each hole named by its
// argument expression.
//
// Sites: `panic!`/`unreachable!`/`todo!`/`unimplemented!`, `assert*!` with a
// message, `.expect("...")`; anyhow/eyre `bail!`/`anyhow!`/`ensure!` and
// `.context(..)`/`.with_context(|| ..)`; thiserror `#[error("...")]` on
// variants and structs; `impl Display for XError` (`write!`, `f.write_str`,
// string match arms); error constructors (`io::Error::new(ErrorKind::X, ..)`,
// `MyError::new(..)`, `Error::custom(..)`, `Error::Parse(format!(..))`);
// string errors (`Err("..".into())`, `Err(format!(..))`, `.ok_or(..)`,
// `.map_err(|e| format!(..))`); and `eprintln!` / `error!` / `warn!` logs.
// `#[cfg(test)]` items and `#[test]` functions are skipped.
//
// tree-sitter-rust leaves macro arguments as token trees, so the arguments
// of `panic!(..)` and friends are split at top-level commas here and read
// token by token.
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
#include "extract/common/escapes.h"
#include "extract/common/failure_words.h"
#include "extract/common/ts_util.h"
#include "extract/rust/error_arms.h"
#include "extract/rust/rust_sinks.h"
#include "extract/rust/rust_text_functions.h"
#include "resolve/call_facts.h"
#include "util/text.h"

extern "C" const TSLanguage* tree_sitter_rust();

namespace errdex {
namespace {

using ts::Field;
using ts::Is;
using ts::NamedChildren;
using ts::Type;

constexpr int kMaxExprDepth = 64;
using ts::kMaxAncestors;
constexpr size_t kMaxAssignmentsPerName = 256;

bool IsUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool IsIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// "std::io::Error" -> "Error".
std::string_view LastSegment(std::string_view path) {
  size_t sep = path.rfind("::");
  return sep == std::string_view::npos ? path : path.substr(sep + 2);
}

// "Foo<T>" -> "Foo"; "&'a mut Foo" -> "Foo".
std::string TypeName(std::string_view t) {
  t = Trim(t);
  size_t lt = t.find('<');
  if (lt != std::string_view::npos) t = t.substr(0, lt);
  size_t space = t.rfind(' ');
  if (space != std::string_view::npos) t = t.substr(space + 1);
  while (!t.empty() && (t.front() == '&' || t.front() == '*')) t.remove_prefix(1);
  return std::string(Trim(t));
}

// --- literals ----------------------------------------------------------------

// Decodes a string literal token as the program sees it: `"..."`, `b"..."`,
// `c"..."` with escapes, and `r#"..."#` verbatim. A `\` at the end of a line
// drops the newline and the whitespace that follows. Returns nullopt for
// anything else.
std::optional<std::string> DecodeRustString(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && (text[i] == 'b' || text[i] == 'c')) ++i;
  bool raw = i < text.size() && text[i] == 'r';
  if (raw) ++i;
  size_t hashes = 0;
  while (raw && i < text.size() && text[i] == '#') ++hashes, ++i;
  if (i >= text.size() || text[i] != '"') return std::nullopt;
  ++i;
  size_t close = hashes + 1;  // closing quote plus hashes
  if (text.size() < i + close) return std::nullopt;
  std::string_view body = text.substr(i, text.size() - i - close);
  std::string out;
  out.reserve(body.size());
  for (size_t k = 0; k < body.size(); ++k) {
    char c = body[k];
    if (c == '\r' && k + 1 < body.size() && body[k + 1] == '\n') continue;  // CRLF reads as LF
    if (raw || c != '\\' || k + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[++k];
    uint32_t v = 0;
    size_t j = k + 1;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case '0':
        out += '\0';
        break;
      case 'x':
        if (ParseHex(body, &j, 2, &v)) {
          out += static_cast<char>(v);
          k = j - 1;
        }
        break;
      case 'u':
        if (j < body.size() && body[j] == '{') {
          ++j;
          if (ParseHex(body, &j, 6, &v)) AppendUtf8(v, &out);
          while (j < body.size() && body[j] != '}') ++j;
          k = j;
        }
        break;
      case '\n':
      case '\r':
        // Line continuation: skip the newline and the indentation after it.
        while (k + 1 < body.size() && std::isspace(static_cast<unsigned char>(body[k + 1]))) ++k;
        break;
      default:
        out += e;  // \\ \' \"
    }
  }
  return out;
}

bool IsStringToken(TSNode n) { return Is(n, "string_literal") || Is(n, "raw_string_literal"); }

// The module path of a file: `tokio/src/util/error.rs` -> `crate::util::error`,
// `src/lib.rs` -> `crate`, `src/net/mod.rs` -> `crate::net`.
std::string RustModulePath(std::string_view path) {
  size_t src = path.rfind("src/");
  if (src != std::string_view::npos && (src == 0 || path[src - 1] == '/')) {
    path.remove_prefix(src + 4);
  }
  if (path.ends_with(".rs")) path.remove_suffix(3);
  std::string out = "crate";
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    std::string_view part =
        path.substr(start, slash == std::string_view::npos ? path.npos : slash - start);
    bool last = slash == std::string_view::npos;
    if (!part.empty() && !(last && (part == "mod" || part == "lib" || part == "main"))) {
      out += "::";
      out += part;
    }
    if (last) break;
    start = slash + 1;
  }
  return out;
}

// Whether a hole's expression names a constant: its last path segment is
// SCREAMING_CASE (`CONTEXT_MISSING_ERROR`, `crate::util::error::X`).
bool NamesConstant(std::string_view expr) {
  size_t colon = expr.rfind("::");
  std::string_view last = colon == std::string_view::npos ? expr : expr.substr(colon + 2);
  if (last.size() < 2) return false;
  bool letter = false;
  for (char c : last) {
    if (c >= 'A' && c <= 'Z') {
      letter = true;
    } else if (!(c == '_' || (c >= '0' && c <= '9'))) {
      return false;
    }
  }
  return letter;
}

// --- std::fmt format strings --------------------------------------------------

// The arguments after a format string: positional ones in order, named ones
// (`name = expr`) by name. Values are the expressions' source text.
struct FormatArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::string> named;
  // thiserror: `{0}` and `{field}` name fields of `self` when no argument does.
  bool fields_of_self = false;
};

std::string ArgumentExpr(std::string_view arg, const FormatArgs& args, size_t* next) {
  if (arg.empty()) {
    size_t i = (*next)++;
    return i < args.positional.size() ? args.positional[i] : std::string();
  }
  if (IsDigit(arg[0])) {
    size_t i = static_cast<size_t>(std::stoul(std::string(arg.substr(0, 9))));
    if (i < args.positional.size()) return args.positional[i];
    return args.fields_of_self ? "self." + std::string(arg) : std::string();
  }
  if (arg.starts_with("r#")) arg.remove_prefix(2);
  auto it = args.named.find(std::string(arg));
  return it != args.named.end() ? it->second : std::string(arg);  // inline capture
}

// Applies std::fmt to a decoded format string: `{{`/`}}` fold to one brace,
// each `{...}` becomes a hole written as in the source and named by the
// argument it prints. `{:.*}` takes a precision argument first; `{:1$}`
// widths refer to an argument without consuming one.
Template ApplyRustFormat(std::string_view fmt, const FormatArgs& args) {
  Template out;
  std::string lit;
  size_t next = 0;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if ((c == '{' || c == '}') && i + 1 < fmt.size() && fmt[i + 1] == c) {
      lit += c;
      ++i;
      continue;
    }
    size_t close = c == '{' ? fmt.find('}', i + 1) : std::string_view::npos;
    if (close == std::string_view::npos) {
      lit += c;  // not a placeholder (rustc would reject it)
      continue;
    }
    std::string_view inner = fmt.substr(i + 1, close - i - 1);
    size_t colon = inner.find(':');
    std::string_view arg = Trim(inner.substr(0, colon));
    std::string_view spec = colon == std::string_view::npos ? "" : inner.substr(colon + 1);
    if (spec.find(".*") != std::string_view::npos) ++next;  // the precision argument
    std::string expr = ArgumentExpr(arg, args, &next);
    out.AddLiteral(lit);
    lit.clear();
    out.AddHole(std::string(fmt.substr(i, close - i + 1)), expr);
    i = close;
  }
  out.AddLiteral(lit);
  return out;
}

// What the runtime prints for these macros without arguments.
std::string_view DefaultPanicText(std::string_view macro) {
  if (macro == "unreachable") return "internal error: entered unreachable code";
  if (macro == "todo") return "not yet implemented";
  if (macro == "unimplemented") return "not implemented";
  return "explicit panic";
}

bool IsTestAttribute(TSNode attr_item, std::string_view src);

// Symbol and field ids of the node types every node is compared against:
// comparing ids instead of type strings and looking fields up by id keeps
// the walk close to bare parsing speed.
struct RustIds {
  TSSymbol macro_invocation, call_expression, attribute_item, impl_item, let_declaration,
      const_item, static_item, match_arm, macro_definition, function_item;
  TSFieldId function, field, arguments, name;
};

const RustIds& Ids() {
  static const RustIds kIds = [] {
    const TSLanguage* lang = tree_sitter_rust();
    auto sym = [&](std::string_view n) { return ts::Symbol(lang, n); };
    auto field = [&](std::string_view n) {
      return ts_language_field_id_for_name(lang, n.data(), static_cast<uint32_t>(n.size()));
    };
    return RustIds{sym("macro_invocation"), sym("call_expression"), sym("attribute_item"),
                   sym("impl_item"),        sym("let_declaration"), sym("const_item"),
                   sym("static_item"),      sym("match_arm"),       sym("macro_definition"),
                   sym("function_item"),    field("function"),      field("field"),
                   field("arguments"),      field("name")};
  }();
  return kIds;
}

// --- context -------------------------------------------------------------------

std::string RustScopeName(TSNode n, std::string_view src, bool* is_function) {
  std::string_view type = Type(n);
  if (type == "function_item") {
    *is_function = true;
    return std::string(ts::Text(Field(n, "name"), src));
  }
  if (type == "impl_item") return TypeName(ts::Text(Field(n, "type"), src));
  if (type == "trait_item") return std::string(ts::Text(Field(n, "name"), src));
  if (type == "closure_expression") *is_function = true;
  return "";
}

const BraceSyntax& RustSyntax() {
  static const BraceSyntax kSyntax{RustScopeName,
                                   {"block", "source_file", "declaration_list"},
                                   {"return_expression", "break_expression", "continue_expression"},
                                   ""};
  return kSyntax;
}

bool IsFunctionNode(TSNode n) { return Is(n, "function_item") || Is(n, "closure_expression"); }

TSNode EnclosingFunction(TSNode n) {
  return ts::EnclosingScope(n, [](TSNode a) { return IsFunctionNode(a); });
}

// Pre-order walk that skips the subtree of a node when `visit(node, depth)`
// returns false.
template <typename F>
void WalkPruned(TSNode root, F&& visit) {
  if (ts_node_is_null(root)) return;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  bool descend = true;
  int depth = 0;
  while (true) {
    if (descend && visit(ts_tree_cursor_current_node(&cursor), depth) &&
        ts_tree_cursor_goto_first_child(&cursor)) {
      ++depth;
      continue;
    }
    if (ts_tree_cursor_goto_next_sibling(&cursor)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&cursor)) break;
    --depth;
    descend = false;
  }
  ts_tree_cursor_delete(&cursor);
}

// Tracks `#[test]` / `#[cfg(test)]` attributes during a pre-order walk so
// that the item they decorate (the next sibling that is not an attribute or
// comment) is skipped. Sibling lookups would cost O(position) each in
// tree-sitter 0.20; the walk's order gives the answer for free.
class TestItemFilter {
 public:
  // Returns false when `n` (at `depth`) is test-only code.
  bool Keep(TSNode n, int depth, std::string_view src) {
    if (depth < pending_depth_) pending_depth_ = -1;  // left the attribute's list
    if (depth != pending_depth_ && ts_node_symbol(n) != Ids().attribute_item) return true;
    std::string_view type = Type(n);
    if (type == "attribute_item") {
      if (IsTestAttribute(n, src)) pending_depth_ = depth;
      return true;
    }
    if (type == "line_comment" || type == "block_comment") return true;
    pending_depth_ = -1;
    return !type.ends_with("_item") && type != "enum_variant";
  }

 private:
  int pending_depth_ = -1;
};

// --- token trees ------------------------------------------------------------------

using Tokens = std::vector<TSNode>;

// The arguments of a macro's token tree, split at top-level commas.
std::vector<Tokens> SplitArgs(TSNode tree) {
  std::vector<Tokens> out;
  if (ts_node_is_null(tree)) return out;
  uint32_t count = ts_node_child_count(tree);
  if (count < 2) return out;
  Tokens cur;
  TSTreeCursor cursor = ts_tree_cursor_new(tree);
  uint32_t index = 0;
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode c = ts_tree_cursor_current_node(&cursor);
      bool delimiter = index == 0 || index + 1 == count;  // ( ) [ ] { }
      ++index;
      if (delimiter || Is(c, "line_comment") || Is(c, "block_comment")) continue;
      if (!ts_node_is_named(c) && Is(c, ",")) {
        out.push_back(std::move(cur));
        cur.clear();
        continue;
      }
      cur.push_back(c);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  if (!cur.empty()) out.push_back(std::move(cur));  // no trailing comma
  return out;
}

// The token tree of a macro invocation (its last child).
TSNode MacroTree(TSNode inv) {
  uint32_t n = ts_node_named_child_count(inv);
  TSNode last = n ? ts_node_named_child(inv, n - 1) : TSNode{};
  return Is(last, "token_tree") ? last : TSNode{};
}

enum class Family { kNone, kPanic, kAssert, kAnyhow, kEyre, kLog, kWrite, kPrint, kCompileError };

struct MacroInfo {
  Family family = Family::kNone;
  size_t fmt_index = 0;  // the argument that holds the format string
  std::string severity = "error";
};

MacroInfo MacroInfoFor(std::string_view path) {
  std::string_view name = LastSegment(path);
  std::string_view prefix =
      path.size() > name.size() ? path.substr(0, path.size() - name.size()) : std::string_view();
  MacroInfo m;
  if (name == "panic" || name == "unreachable" || name == "todo" || name == "unimplemented") {
    m.family = Family::kPanic;
    m.severity = "critical";
  } else if (name == "assert" || name == "debug_assert") {
    m = {Family::kAssert, 1, "critical"};
  } else if (name == "assert_eq" || name == "assert_ne" || name == "debug_assert_eq" ||
             name == "debug_assert_ne") {
    m = {Family::kAssert, 2, "critical"};
  } else if (name == "bail" || name == "anyhow" || name == "format_err") {
    m.family = Family::kAnyhow;
  } else if (name == "ensure") {
    m = {prefix.starts_with("eyre") ? Family::kEyre : Family::kAnyhow, 1, "error"};
  } else if (name == "eyre") {
    m.family = Family::kEyre;
  } else if (name == "eprintln" || name == "eprint") {
    m.family = Family::kLog;
  } else if (name == "error" || name == "warn" || name == "crit" || name == "info") {
    // log, tracing and slog: fields and `target:` come before the message.
    // An `info!` line is a site only when it states a failure (HandleMacro).
    m.family = Family::kLog;
    m.fmt_index = SIZE_MAX;
    m.severity = name == "warn"   ? "warning"
                 : name == "crit" ? "critical"
                 : name == "info" ? "info"
                                  : "error";
  } else if (name == "write" || name == "writeln") {
    m = {Family::kWrite, 1, "error"};
  } else if (name == "println" || name == "print") {
    m.family = Family::kPrint;
  } else if (name == "abort" || name == "emit_error") {
    // proc-macro-error: `abort!(span, "fmt", ..)`, reported by the compiler
    // to the users of a derive macro.
    m = {Family::kCompileError, 1, "error"};
  } else if (name == "abort_call_site" || name == "emit_call_site_error") {
    m.family = Family::kCompileError;
  }
  if (prefix.starts_with("eyre") && m.family == Family::kAnyhow) m.family = Family::kEyre;
  return m;
}

// Attribute names that mark test-only code.
bool IsTestAttribute(TSNode attr_item, std::string_view src) {
  TSNode attr = ts::FirstNamed(attr_item);
  if (!Is(attr, "attribute")) return false;
  TSNode path = ts::FirstNamed(attr);
  std::string_view name = ts::Text(path, src);
  std::string_view last = LastSegment(name);
  if (last == "test" || last == "test_case" || last == "rstest" || last == "bench") return true;
  if (name != "cfg") return false;
  std::string args = CollapseSpace(ts::Text(Field(attr, "arguments"), src));
  args.erase(std::remove(args.begin(), args.end(), ' '), args.end());
  if (args == "(test)") return true;
  // cfg(all(test, not(loom))): `test` is one of the conjuncts. Not
  // cfg(any(test, ..)) or cfg(not(test)).
  if (!args.starts_with("(all(") || !args.ends_with("))")) return false;
  std::string_view list(args);
  list = list.substr(5, list.size() - 7);
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      if (list.substr(start, i - start) == "test") return true;
      start = i + 1;
    }
  }
  return false;
}

// Per-file extraction state.
class RustFile {
 public:
  RustFile(const SourceFile& file, std::vector<ErrorSite>* out, int macro_depth = 0)
      : file_(file),
        src_(file.content),
        lines_(SplitLines(file.content)),
        out_(out),
        macro_depth_(macro_depth) {}

  void Run(TSNode root) {
    root_ = root;
    TestItemFilter tests;
    WalkPruned(root,
               [&](TSNode n, int depth) { return tests.Keep(n, depth, src_) && Visit(n, depth); });
    for (TSNode impl : display_impls_) HandleDisplayImpl(impl);
    AddArmSites();
    std::stable_sort(out_->begin() + static_cast<std::ptrdiff_t>(first_), out_->end(),
                     [](const ErrorSite& a, const ErrorSite& b) { return a.line < b.line; });
    if (text_facts_) {
      CollectRustTextFunctions(
          root, src_,
          [this](TSNode n) {
            std::string note;
            expr_budget_ = kExprBudget;
            return MessageTemplate(n, 0, &note);
          },
          text_facts_);
    }
  }

  // Also collect text functions and the reports that call them.
  void CollectTextFacts(FileFacts* facts) {
    text_facts_ = facts;
    RustSinks::Hooks hooks;
    hooks.expr = [this](TSNode n) {
      std::string note;
      expr_budget_ = kExprBudget;
      return ExprTemplate(n, 0, &note);
    };
    hooks.site = [this](TSNode at) {
      ErrorSite site = NewSite(at, SiteKind::kRaise);
      AddBraceContext(at, src_, lines_, RustSyntax(), &site);
      AddMatchArms(at, &site);
      return site;
    };
    sinks_.emplace(src_, facts, std::move(hooks));
  }

 private:
  // Returns false to skip the node's subtree.
  bool Visit(TSNode n, int depth) {
    expr_budget_ = kExprBudget;
    TSSymbol sym = ts_node_symbol(n);
    const RustIds& ids = Ids();
    while (!impls_.empty() && impls_.back().first >= depth) impls_.pop_back();
    if (sym == ids.macro_invocation) {
      HandleMacro(n);
    } else if (sym == ids.call_expression) {
      HandleCall(n);
      if (sinks_) sinks_->OnCall(n);
    } else if (sym == ids.function_item) {
      if (sinks_) sinks_->OnFunction(n);
    } else if (sym == ids.attribute_item) {
      HandleErrorAttribute(n);
      HandleDeprecated(n);
    } else if (sym == ids.impl_item) {
      NoteImpl(n);
      impls_.emplace_back(depth, TypeName(ts::Text(Field(n, "type"), src_)));
    } else if (sym == ids.match_arm) {
      HandleErrorArm(n);
    } else if (sym == ids.macro_definition) {
      ExpandMacroRules(n);
    } else if (!indexed_ &&
               (sym == ids.let_declaration || sym == ids.const_item || sym == ids.static_item)) {
      AddBinding(n);
    }
    return true;
  }

  // --- macros ------------------------------------------------------------------

  void HandleMacro(TSNode inv) {
    std::string_view path = ts::Text(Field(inv, "macro"), src_);
    MacroInfo info = MacroInfoFor(path);
    if (info.family == Family::kNone) ExpandItemMacro(inv);
    if (info.family == Family::kNone) return HoldFormatMacroCall(inv, LastSegment(path));
    std::vector<Tokens> args = SplitArgs(MacroTree(inv));
    // `writeln!(io::stderr(), ..)` reports like eprintln!; other write!s
    // are Display impls (handled there) or ordinary output.
    if (info.family == Family::kWrite) {
      if (args.empty() || TokensText(args[0]).find("stderr") == std::string::npos) return;
      info.family = Family::kLog;
    }
    std::string_view name = LastSegment(path);
    ErrorSite site = NewSite(inv, SiteKind::kRaise);
    site.severity = info.severity;
    size_t fmt = info.fmt_index == SIZE_MAX ? LogMessageIndex(args) : info.fmt_index;
    if (info.family == Family::kPanic && args.empty()) {
      site.message.AddLiteral(DefaultPanicText(name));
    } else if (fmt < args.size()) {
      std::optional<Template> t = FormatFromArgs(args, fmt, false);
      // bail!(err) / anyhow!(msg): one non-literal argument is a value, not
      // a format string.
      if (!t && args.size() == 1 && fmt == 0)
        t = TokensTemplate(args[0], &site.message_origin_note);
      if (t) site.message = *t;
    }
    switch (info.family) {
      case Family::kPanic:
        site.error_class = "panic";
        break;
      case Family::kAssert:
        site.kind = SiteKind::kAssert;
        site.error_class = "panic";
        break;
      case Family::kAnyhow:
        site.error_class = "anyhow::Error";
        break;
      case Family::kEyre:
        site.error_class = "eyre::Report";
        break;
      case Family::kCompileError:
        site.error_class = "compile_error";
        break;
      case Family::kPrint:
        // stdout carries errors only when the text says so: "error: ..".
        if (!ReadsAsError(site.message)) return;
        [[fallthrough]];
      case Family::kLog:
        site.kind = SiteKind::kLog;
        if (info.fmt_index != SIZE_MAX) site.severity = EprintSeverity(site.message);
        if (site.severity == "info" && !StatesFailure(site.message)) return;
        if (BufferedLines(inv, site)) return;
        break;
      default:
        return;
    }
    Finish(inv, std::move(site));
  }

  // `eprint!("{err}")` of a String the function filled with
  // `err.push_str(msg)` (rustfmt's "Warning: Unknown configuration option
  // `{key}`" per unknown key): each write with text is a site at its line,
  // printed here. False when the message is not one such buffer.
  bool BufferedLines(TSNode inv, const ErrorSite& site) {
    const std::vector<Piece>& ps = site.message.pieces();
    if (ps.size() != 1 || !ps[0].is_hole || ps[0].expr.empty()) return false;
    std::string name = BufferName(ps[0].expr);
    for (char c : name) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    }
    TSNode fn = EnclosingFunction(inv);
    if (ts_node_is_null(fn)) return false;
    std::vector<std::pair<TSNode, Template>> writes;
    WalkPruned(Field(fn, "body"), [&](TSNode n, int) {
      if (IsFunctionNode(n)) return false;
      if (!Is(n, "expression_statement") && !Is(n, "call_expression")) return true;
      if (Is(n, "call_expression") && Is(ts_node_parent(n), "expression_statement")) return true;
      std::optional<rust::BufferWrite> w = ReadBufferWrite(n);
      if (w && w->target == name && w->text.HasLiteralText() && writes.size() < kMaxBufferedLines) {
        writes.emplace_back(n, w->text);
      }
      return true;
    });
    if (writes.empty()) return false;
    for (auto& [n, text] : writes) {
      ErrorSite one = NewSite(n, SiteKind::kLog);
      one.severity = EprintSeverity(text);
      one.message = text.Trimmed(/*leading=*/false, /*trailing=*/true);
      one.message_origin_note =
          "written into `" + name + "`, printed at line " + std::to_string(site.line);
      Finish(n, std::move(one));
    }
    return true;
  }
  static constexpr size_t kMaxBufferedLines = 16;

  // `name!("format {x}", ..)` of a macro this crate may define as one that
  // prints a prefix before a format (NoteFormatMacro): held, with the
  // prefix as a hole named `name!`, until the resolve stage knows it.
  void HoldFormatMacroCall(TSNode inv, std::string_view name) {
    static const std::set<std::string_view> kKnown = {
        "format", "format_args", "vec",         "matches",       "info", "debug",
        "trace",  "concat",      "include_str", "stringify",     "env",  "cfg",
        "quote",  "json",        "dbg",         "assert_matches"};
    if (!text_facts_ || macro_depth_ > 0 || kKnown.count(name)) return;
    std::vector<Tokens> args = SplitArgs(MacroTree(inv));
    std::optional<Template> fmt = FormatFromArgs(args, 0, false);
    if (!fmt || !fmt->HasLiteralText()) return;
    ErrorSite site = NewSite(inv, SiteKind::kLog);
    site.severity = ToLower(name).find("warn") != std::string::npos ? "warning" : "error";
    site.message.AddHole("{" + std::string(name) + "!}", std::string(name) + "!");
    site.message.Append(*fmt);
    Hold(inv, std::move(site));
  }

  // An item-level `name! { ... }` (tokio's `cfg_rt! { .. }`, `cfg_if!`):
  // the body is ordinary Rust that tree-sitter leaves as tokens. It is parsed
  // on its own, shifted to its own line and column, and its sites are
  // extracted like the file's.
  //
  // A derive macro's `quote! { .. }` anywhere is expanded the same way: the
  // code it generates runs in the user's program (alacritty's generated
  // deserializer logs "Unused config key: {}"); `#name` interpolations are
  // tokens inside the macros that matter.
  void ExpandItemMacro(TSNode inv) {
    TSNode tree = MacroTree(inv);
    uint32_t begin = ts_node_start_byte(tree), end = ts_node_end_byte(tree);
    std::string_view name = LastSegment(ts::Text(Field(inv, "macro"), src_));
    bool quote = name == "quote" || name == "quote_spanned";
    if (macro_depth_ >= kMaxMacroDepth || ts_node_is_null(tree) || end < begin + 2 ||
        end > src_.size() || (src_[begin] != '{' && !(quote && src_[begin] == '('))) {
      return;
    }
    TSNode parent = ts_node_parent(inv);
    if (!quote && !Is(parent, "source_file") && !Is(parent, "declaration_list")) return;
    std::string_view text = src_.substr(begin + 1, end - begin - 2);
    if (!MayHoldSites(text)) return;  // `mod x; use y;` bodies: not worth a parse
    TSPoint at = ts_node_start_point(tree);
    SourceFile body;
    body.path = file_.path;
    body.content.assign(at.row, '\n');
    body.content.append(at.column + 1, ' ');
    body.content.append(text);
    ts::TreePtr parsed = ts::Parse(tree_sitter_rust(), body.content);
    if (!parsed) return;
    RustFile(body, out_, macro_depth_ + 1).Run(ts_tree_root_node(parsed.get()));
  }

  // `macro_rules! byte (($rdr:ident) => ({ .. return Err(io::Error::new(..,
  // "unexpected EOF during chunk size line")) .. }))`: a rule's body is
  // tokens to the grammar, but the errors in it are raised wherever the
  // macro is used (hyper's chunked decoder). Each body is parsed as the
  // body of a function named after the macro, at its own lines, with
  // `$var` read as `_var` (same width).
  void ExpandMacroRules(TSNode def) {
    if (macro_depth_ >= kMaxMacroDepth) return;
    std::string name(ts::Text(Field(def, "name"), src_));
    for (TSNode rule : ts::NamedChildren(def)) {
      if (!Is(rule, "macro_rule")) continue;
      TSNode body = Field(rule, "right");
      uint32_t begin = ts_node_start_byte(body), end = ts_node_end_byte(body);
      if (ts_node_is_null(body) || end < begin + 2 || end > src_.size()) continue;
      std::string text(src_.substr(begin, end - begin));
      if (!MayHoldSites(text)) continue;
      for (size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '$' &&
            (std::isalpha(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '_')) {
          text[i] = '_';
        }
      }
      TSPoint at = ts_node_start_point(body);
      SourceFile expanded;
      expanded.path = file_.path;
      // `fn name() {` on the first line keeps the body at its own rows.
      expanded.content = "fn " + name + "() {";
      expanded.content.append(at.row, '\n');
      expanded.content.append(at.column, ' ');
      expanded.content.append(text);
      expanded.content.append("\n}\n");
      ts::TreePtr parsed = ts::Parse(tree_sitter_rust(), expanded.content);
      if (!parsed) continue;
      size_t before = out_->size();
      RustFile(expanded, out_, macro_depth_ + 1).Run(ts_tree_root_node(parsed.get()));
      if (ts::Text(Field(rule, "left"), src_).find(":tt)*") != std::string_view::npos) {
        NoteFormatMacro(name, before, text);
      }
    }
  }

  // A rule taking any tokens and handing them on as a format
  // (`($($arg:tt)*) => { eprintln!("{}: {}", Yellow.paint("[bat warning]"),
  // format!($($arg)*)) }`, bat): the report in its body prints the
  // prefix before whatever format an invocation gives. Its own site says
  // nothing ("{}: {}") and is dropped; the prefix becomes a text constant
  // named `name!` that invocations elsewhere hold (HandleMacro), resolved
  // by src/resolve/link_constants.h.
  // uv's `warn_user_once!`: `let message = format!("{}",
  // format_args!($($arg)*)); .. eprintln!("{}{} {}", "warning".yellow().bold(),
  // ":".bold(), message.bold())` forwards the format through a local.
  void NoteFormatMacro(const std::string& name, size_t first_site, std::string_view body) {
    for (size_t i = first_site; i < out_->size(); ++i) {
      const std::vector<Piece>& pieces = (*out_)[i].message.pieces();
      size_t forwarded = pieces.size();
      for (size_t k = 0; k < pieces.size(); ++k) {
        // `$($arg)*` reads `$(_arg)*` in the expanded body.
        if (pieces[k].is_hole && (pieces[k].expr.find("$(_") != std::string::npos ||
                                  HoldsForwardedFormat(body, pieces[k].expr))) {
          forwarded = k;
        }
      }
      if (forwarded == pieces.size()) continue;
      Template prefix;
      for (size_t k = 0; k < forwarded; ++k) {
        std::optional<std::string> painted = PaintedText(pieces[k]);
        if (painted) {
          prefix.AddLiteral(*painted);
        } else if (pieces[k].is_hole) {
          prefix.AddHole(pieces[k].text, pieces[k].expr, pieces[k].type);
        } else {
          prefix.AddLiteral(pieces[k].text);
        }
      }
      int line = (*out_)[i].line;
      out_->erase(out_->begin() + static_cast<std::ptrdiff_t>(i));
      if (text_facts_ && prefix.HasLiteralText()) {
        text_facts_->text_constants.push_back({name + "!", std::move(prefix), line});
      }
      return;
    }
  }

  // `t` with painted literals (`"warning".yellow().bold()`) as their text.
  static Template Unpainted(const Template& t) {
    bool any = false;
    for (const Piece& p : t.pieces()) any |= PaintedText(p).has_value();
    if (!any) return t;
    Template out;
    for (const Piece& p : t.pieces()) {
      if (std::optional<std::string> painted = PaintedText(p)) {
        out.AddLiteral(*painted);
      } else if (p.is_hole) {
        out.AddHole(p.text, p.expr, p.type);
      } else {
        out.AddLiteral(p.text);
      }
    }
    return out;
  }

  // `e` without trailing style calls: `message` of `message.bold()`.
  static std::string_view Unstyled(std::string_view e) {
    while (e.ends_with("()")) {
      size_t dot = e.rfind('.');
      if (dot == std::string_view::npos) break;
      std::string_view method = e.substr(dot + 1, e.size() - dot - 3);
      if (method.empty() || !std::all_of(method.begin(), method.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
          })) {
        break;
      }
      e = e.substr(0, dot);
    }
    return e;
  }

  // Whether `expr` (a local, maybe styled) is bound in the macro body to a
  // format of the invocation's tokens: `let message = format!(.. $(_arg)* ..);`.
  static bool HoldsForwardedFormat(std::string_view body, std::string_view expr, int depth = 0) {
    std::string_view local = Unstyled(expr);
    if (local.empty() || !std::all_of(local.begin(), local.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        })) {
      return false;
    }
    std::string let = "let " + std::string(local) + " = ";
    size_t at = body.find(let);
    if (at == std::string_view::npos) return false;
    std::string_view value = body.substr(at + let.size());
    value = value.substr(0, value.find(';'));
    // `let formatted = message.bold();` of such a local (warn_user!).
    if (depth == 0 && Unstyled(value) != value) return HoldsForwardedFormat(body, value, 1);
    return value.starts_with("format!(") && value.find("$(_") != std::string_view::npos;
  }

  // A terminal colour around literal text (`Yellow.paint("[bat warning]")`,
  // `Red.bold().paint("error")`, owo-colors' `"warning".yellow().bold()`)
  // prints the text.
  static std::optional<std::string> PaintedText(const Piece& p) {
    if (!p.is_hole) return std::nullopt;
    std::string_view styled = Unstyled(p.expr);
    if (styled.size() != p.expr.size() && styled.size() >= 2 && styled.front() == '"' &&
        styled.back() == '"' &&
        styled.substr(1, styled.size() - 2).find_first_of("\\\"") == std::string_view::npos) {
      return std::string(styled.substr(1, styled.size() - 2));
    }
    std::string_view e = p.expr;
    size_t at = e.rfind(".paint(\"");
    if (at == std::string_view::npos || !e.ends_with("\")")) return std::nullopt;
    std::string_view inner = e.substr(at + 8, e.size() - at - 10);
    if (inner.find('"') != std::string_view::npos || inner.find('\\') != std::string_view::npos) {
      return std::nullopt;
    }
    return std::string(inner);
  }

  // Whether text mentions anything this extractor records.
  static bool MayHoldSites(std::string_view text) {
    static constexpr std::string_view kWords[] = {
        "panic!", "unreachable!", "todo!",   "unimplemented!", "assert",  "expect",  "Err",
        "rror",   "bail!",        "anyhow!", "ensure!",        "eprint",  "context", "ok_or",
        "abort",  "warn!",        "Status",  "snafu",          "Display", "println!"};
    for (std::string_view w : kWords) {
      if (text.find(w) != std::string_view::npos) return true;
    }
    return false;
  }

  // eprintln! carries warnings and notes as well as errors.
  static std::string EprintSeverity(const Template& t) {
    if (t.pieces().empty() || t.pieces()[0].is_hole) return "error";
    std::string head = ToLower(t.pieces()[0].text.substr(0, 8));
    return head.starts_with("warn") ? "warning" : "error";
  }

  static bool ReadsAsError(const Template& t) {
    if (t.pieces().empty() || t.pieces()[0].is_hole) return false;
    std::string head = ToLower(Trim(t.pieces()[0].text.substr(0, 8)));
    return head.starts_with("error") || head.starts_with("warn") || head.starts_with("fatal");
  }

  // log/tracing: the message is the first argument that is a lone string
  // (`target: "x"`, `field = "v"`, `%err` come before it).
  size_t LogMessageIndex(const std::vector<Tokens>& args) {
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].size() == 1 && IsStringToken(args[i][0])) return i;
      if (IsConcat(args[i])) return i;
    }
    return SIZE_MAX;
  }

  bool IsConcat(const Tokens& arg) {
    return arg.size() == 3 && Is(arg[0], "identifier") && ts::Text(arg[0], src_) == "concat" &&
           Is(arg[2], "token_tree");
  }

  // The literal text of a format-string argument: a string literal or
  // `concat!` of literals.
  std::optional<std::string> LiteralOf(const Tokens& arg, int depth = 0) {
    if (arg.size() == 1 && IsStringToken(arg[0])) return DecodeRustString(ts::Text(arg[0], src_));
    if (IsConcat(arg) && depth < kMaxExprDepth) return ConcatText(arg[2], depth + 1);
    return std::nullopt;
  }

  // `concat!(..)` of literals, as the compiler joins them.
  std::optional<std::string> ConcatText(TSNode token_tree, int depth) {
    std::string out;
    for (const Tokens& part : SplitArgs(token_tree)) {
      if (std::optional<std::string> s = LiteralOf(part, depth)) {
        out += *s;
        continue;
      }
      if (part.size() != 1) return std::nullopt;
      std::string_view text = ts::Text(part[0], src_);
      if (Is(part[0], "integer_literal") || Is(part[0], "float_literal") ||
          Is(part[0], "boolean_literal")) {
        out += text;
      } else if (Is(part[0], "char_literal") && text.size() >= 2) {
        std::optional<std::string> c =
            DecodeRustString("\"" + std::string(text.substr(1, text.size() - 2)) + "\"");
        if (!c) return std::nullopt;
        out += *c;
      } else {
        return std::nullopt;
      }
    }
    return out;
  }

  // Source text of an argument's tokens, as one line.
  std::string TokensText(const Tokens& arg) {
    if (arg.empty()) return "";
    uint32_t b = ts_node_start_byte(arg.front()), e = ts_node_end_byte(arg.back());
    if (e < b || e > src_.size()) return "";
    return CollapseSpace(src_.substr(b, e - b));
  }

  // A hole name for an argument: `&x` -> `x`; thiserror's `.0` -> `self.0`.
  std::string ArgName(const Tokens& arg, bool fields_of_self) {
    std::string t = TokensText(arg);
    while (!t.empty() && t[0] == '&') t.erase(0, 1);
    if (fields_of_self && t.starts_with(".")) t = "self" + t;
    return std::string(Trim(t));
  }

  // A format string at args[fmt] applied to the arguments after it.
  std::optional<Template> FormatFromArgs(const std::vector<Tokens>& args, size_t fmt,
                                         bool fields_of_self) {
    if (fmt >= args.size()) return std::nullopt;
    std::optional<std::string> text = LiteralOf(args[fmt]);
    if (!text) return std::nullopt;
    FormatArgs fa;
    fa.fields_of_self = fields_of_self;
    for (size_t i = fmt + 1; i < args.size(); ++i) {
      const Tokens& a = args[i];
      if (a.size() >= 3 && Is(a[0], "identifier") && !ts_node_is_named(a[1]) && Is(a[1], "=")) {
        Tokens value(a.begin() + 2, a.end());
        fa.named[std::string(ts::Text(a[0], src_))] = ArgName(value, fields_of_self);
      } else {
        fa.positional.push_back(ArgName(a, fields_of_self));
      }
    }
    return ApplyRustFormat(*text, fa);
  }

  // A message given as one macro argument (`bail!(MSG)`, `anyhow!(msg)`):
  // a literal is taken as written, a nested `format!` is applied, anything
  // else is a hole.
  std::optional<Template> TokensTemplate(const Tokens& arg, std::string* note) {
    if (std::optional<std::string> s = LiteralOf(arg)) {
      Template t;
      t.AddLiteral(*s);
      return t;
    }
    if (arg.size() == 3 && Is(arg[0], "identifier") && Is(arg[2], "token_tree") &&
        ts::Text(arg[0], src_) == "format") {
      return FormatFromArgs(SplitArgs(arg[2]), 0, false);
    }
    if (arg.size() == 1 && Is(arg[0], "identifier")) {
      if (auto t = VariableTemplate(arg[0], ts_node_start_byte(arg[0]), 0, note)) return t;
    }
    return std::nullopt;
  }

  // --- calls -------------------------------------------------------------------

  // Cheap checks on the callee come first: most calls are not sites.
  void HandleCall(TSNode call) {
    const RustIds& ids = Ids();
    TSNode fn = ts_node_child_by_field_id(call, ids.function);
    auto args = [&] { return NamedChildren(ts_node_child_by_field_id(call, ids.arguments)); };
    std::string_view type = Type(fn);
    if (type == "field_expression") {
      HandleMethod(call, ts_node_child_by_field_id(fn, ids.field), args);
    } else if (type == "identifier" && ts::Text(fn, src_) == "Err") {
      std::vector<TSNode> a = args();
      if (a.size() == 1) HandleStringError(call, call, a[0], "", false);
    } else if (type == "scoped_identifier") {
      std::string_view name = ts::Text(ts_node_child_by_field_id(fn, ids.name), src_);
      std::string_view path = ts::Text(Field(fn, "path"), src_);
      if (!name.empty() && path.find("Err") == std::string_view::npos &&
          !path.ends_with("Status")) {
        return;
      }
      HandleConstructor(call, fn, args());
    }
  }

  template <typename Args>
  void HandleMethod(TSNode call, TSNode method, Args&& get_args) {
    static const std::set<std::string_view> kMethods = {
        "expect",        "expect_err", "context",    "with_context", "wrap_err",
        "wrap_err_with", "ok_or",      "ok_or_else", "map_err",      "error"};
    std::string_view name = ts::Text(method, src_);
    if (!kMethods.count(name)) return;
    std::vector<TSNode> args = get_args();
    if (name == "error") {
      HandleCommandError(call, method, args);
      return;
    }
    if (args.size() != 1) return;
    if (name == "expect" || name == "expect_err") {
      ErrorSite site = NewSite(method, SiteKind::kRaise);
      site.end_line = ts::EndLine(call);
      site.error_class = "panic";
      site.severity = "critical";
      std::optional<Template> t = MessageTemplate(args[0], 0, &site.message_origin_note);
      if (!t) return;
      site.message = *t;
      Finish(call, std::move(site));
    } else if (name == "context" || name == "with_context") {
      HandleStringError(call, method, args[0], "anyhow::Error", true);
    } else if (name == "wrap_err" || name == "wrap_err_with") {
      HandleStringError(call, method, args[0], "eyre::Report", true);
    } else if (name == "ok_or" || name == "ok_or_else" || name == "map_err") {
      HandleStringError(call, method, args[0], "", false);
    }
  }

  // clap: `cmd.error(ErrorKind::ArgumentConflict, "msg").exit()`.
  void HandleCommandError(TSNode call, TSNode method, const std::vector<TSNode>& args) {
    if (args.size() != 2 || !Is(args[0], "scoped_identifier")) return;
    if (!LastSegment(ts::Text(Field(args[0], "path"), src_)).ends_with("ErrorKind")) return;
    ErrorSite site = NewSite(method, SiteKind::kRaise);
    site.end_line = ts::EndLine(call);
    site.error_class = "clap::Error";
    site.error_code = std::string(ts::Text(Field(args[0], "name"), src_));
    std::optional<Template> t = MessageTemplate(args[1], 0, &site.message_origin_note);
    if (!t) return;
    site.message = *t;
    Finish(call, std::move(site));
  }

  // An error whose message is a string expression: `Err(format!(..))`,
  // `.ok_or("..")`, `.context(..)`. Anything else (an error value, a
  // constructor recorded on its own) is not a site here.
  void HandleStringError(TSNode call, TSNode at, TSNode value, std::string cls, bool wraps) {
    ErrorSite site = NewSite(at, SiteKind::kRaise);
    site.end_line = ts::EndLine(call);
    site.error_class = std::move(cls);
    std::optional<Template> t = MessageTemplate(value, 0, &site.message_origin_note);
    if (!t) return;
    site.message = *t;
    if (wraps && site.message_origin_note.empty()) {
      site.message_origin_note = "context added to the error it wraps (shown after it with {:#})";
    }
    Finish(call, std::move(site));
  }

  static std::string SnakeToCamel(std::string_view name) {
    std::string out;
    bool up = true;
    for (char c : name) {
      if (c == '_') {
        up = true;
        continue;
      }
      out.push_back(up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
      up = false;
    }
    return out;
  }

  // `io::Error::new(ErrorKind::NotFound, "..")`, `MyError::new(format!(..))`,
  // `de::Error::custom(..)`, `Error::Parse("..".into())`, tonic's
  // `Status::not_found(..)`.
  void HandleConstructor(TSNode call, TSNode fn, const std::vector<TSNode>& args) {
    std::string_view type = ts::Text(Field(fn, "path"), src_);
    std::string_view name = ts::Text(Field(fn, "name"), src_);
    std::string type_name = TypeName(type);
    std::string_view last = LastSegment(type_name);
    bool status = last == "Status";
    bool error_type = last.ends_with("Error") || last.ends_with("Err") || status;
    if (!error_type || args.empty() || name.empty()) return;
    static const std::set<std::string_view> kBuilders = {
        "new",  "new_spanned", "custom",       "msg",     "other",
        "from", "raw",         "with_message", "message", "simple"};
    bool variant = IsUpper(name[0]);
    if (!variant && !kBuilders.count(name) && !status) return;
    ErrorSite site = NewSite(call, SiteKind::kRaise);
    site.error_class = variant ? type_name + "::" + std::string(name) : type_name;
    // The code as tonic prints it (`Status { code: NotFound, .. }`, `status:
    // NotFound`): the variant, not the constructor's snake_case name.
    if (status && name != "new") site.error_code = SnakeToCamel(name);
    std::optional<Template> t;
    for (TSNode a : args) {
      if (Is(a, "scoped_identifier")) {
        std::string_view kind_type = LastSegment(ts::Text(Field(a, "path"), src_));
        if (kind_type.ends_with("Kind") || kind_type == "Code") {
          site.error_code = std::string(ts::Text(Field(a, "name"), src_));
        }
        continue;
      }
      if (!t) t = MessageTemplate(a, 0, &site.message_origin_note);
    }
    // Error::new(format_msg(x)): the text a function returns, when the
    // resolve stage knows it (Finish holds the site until then).
    for (size_t i = 0; !t && text_facts_ && i < args.size(); ++i) {
      if (!Is(args[i], "call_expression")) continue;
      std::string e = CollapseSpace(ts::Text(args[i], src_));
      t.emplace();
      t->AddHole("{" + e + "}", e);
    }
    if (!t) return;
    site.message = *t;
    Finish(call, std::move(site));
  }

  // --- message expressions ----------------------------------------------------

  // The template of an expression that is a message: string literals,
  // `format!`/`concat!`, `.into()`/`.to_string()`/`String::from`, `+`
  // concatenation, a closure's result, a variable assigned one of these.
  // nullopt when the expression is not a message or has no literal text.
  std::optional<Template> MessageTemplate(TSNode n, int depth, std::string* note) {
    if (depth > kMaxExprDepth || ts_node_is_null(n) || --expr_budget_ < 0) return std::nullopt;
    std::string_view type = Type(n);
    std::optional<Template> out;
    if (type == "string_literal" || type == "raw_string_literal") {
      if (std::optional<std::string> s = DecodeRustString(ts::Text(n, src_))) {
        out.emplace();
        out->AddLiteral(*s);
      }
    } else if (type == "macro_invocation") {
      std::string_view name = LastSegment(ts::Text(Field(n, "macro"), src_));
      std::vector<Tokens> args = SplitArgs(MacroTree(n));
      if (name == "format" || name == "format_args") {
        out = FormatFromArgs(args, 0, false);
      } else if (name == "concat") {
        if (std::optional<std::string> s = ConcatText(MacroTree(n), depth + 1)) {
          out.emplace();
          out->AddLiteral(*s);
        }
      }
    } else if (type == "reference_expression") {
      out = MessageTemplate(Field(n, "value"), depth + 1, note);
    } else if (type == "parenthesized_expression") {
      out = MessageTemplate(ts::FirstNamed(n), depth + 1, note);
    } else if (type == "closure_expression") {
      out = MessageTemplate(Field(n, "body"), depth + 1, note);
    } else if (type == "block") {
      std::vector<TSNode> kids = NamedChildren(n);
      if (!kids.empty() && !Is(kids.back(), "expression_statement") &&
          !Is(kids.back(), "let_declaration")) {
        out = MessageTemplate(kids.back(), depth + 1, note);
      }
    } else if (type == "call_expression") {
      out = ConversionTemplate(n, depth, note);
    } else if (type == "binary_expression" && ts::Text(Field(n, "operator"), src_) == "+") {
      Template t = ExprTemplate(Field(n, "left"), depth + 1, note);
      t.Append(ExprTemplate(Field(n, "right"), depth + 1, note));
      out = t;
    } else if (type == "identifier") {
      out = VariableTemplate(n, ts_node_start_byte(n), depth, note);
    }
    if (out && !out->HasLiteralText()) return std::nullopt;
    return out;
  }

  // `x.into()`, `x.to_string()`, `String::from(x)`, `Box::from(x)` keep x's
  // text.
  std::optional<Template> ConversionTemplate(TSNode call, int depth, std::string* note) {
    TSNode fn = Field(call, "function");
    std::vector<TSNode> args = NamedChildren(Field(call, "arguments"));
    static const std::set<std::string_view> kMethods = {"into",   "to_string",      "to_owned",
                                                        "as_str", "into_boxed_str", "as_ref"};
    if (Is(fn, "field_expression") && args.empty() &&
        kMethods.count(ts::Text(Field(fn, "field"), src_))) {
      return MessageTemplate(Field(fn, "value"), depth + 1, note);
    }
    if (Is(fn, "generic_function")) fn = Field(fn, "function");
    std::string_view path = ts::Text(fn, src_);
    if (args.size() == 1 && (path == "String::from" || path == "Box::from" ||
                             path == "From::from" || path == "Cow::from" ||
                             path == "Cow::Borrowed" || path == "Cow::Owned" || path == "Some")) {
      return MessageTemplate(args[0], depth + 1, note);
    }
    return std::nullopt;
  }

  // An operand of a concatenation: a message if it is one, else a hole.
  Template ExprTemplate(TSNode n, int depth, std::string* note) {
    if (std::optional<Template> t = MessageTemplate(n, depth, note)) return *t;
    Template out;
    std::string e = CollapseSpace(ts::Text(n, src_));
    std::string name = e;
    while (!name.empty() && name[0] == '&') name.erase(0, 1);
    out.AddHole("{" + e + "}", name);
    return out;
  }

  // A message held in a variable: the last `let` before `pos` in the same
  // function, else a `const`/`static` of the file.
  std::optional<Template> VariableTemplate(TSNode ident, uint32_t pos, int depth,
                                           std::string* note) {
    std::string name(ts::Text(ident, src_));
    auto it = bindings_.find(name);
    if (it == bindings_.end() && MayBeDeclaredLater(name)) {
      IndexBindings();
      it = bindings_.find(name);
    }
    if (it == bindings_.end() || overflowed_.count(name)) return std::nullopt;
    // The last binding before `pos` inside the same function; only the
    // candidates in its byte range pay for an ancestor walk.
    TSNode scope = EnclosingFunction(ident);
    uint32_t scope_start = ts_node_start_byte(scope);
    const std::pair<TSNode, TSNode>* best = nullptr;
    const auto& list = it->second;
    for (auto b = list.rbegin(); b != list.rend() && !best; ++b) {
      uint32_t at = ts_node_start_byte(b->first);
      if (at >= pos || Is(b->first, "const_item") || Is(b->first, "static_item")) continue;
      if (at < scope_start) break;
      if (ts_node_eq(EnclosingFunction(b->first), scope)) best = &*b;
    }
    if (!best) {
      for (const auto& b : list) {
        if (Is(b.first, "const_item") || Is(b.first, "static_item")) best = &b;
      }
    }
    if (!best) return std::nullopt;
    std::optional<Template> t = MessageTemplate(best->second, depth + 1, note);
    if (t && note->empty()) {
      *note = "message assigned to `" + name + "` at line " + std::to_string(ts::Line(best->first));
    }
    return t;
  }

  // Bindings are collected by the main walk, which has seen every `let`
  // before a site by the time it reaches it. A `const` declared further down
  // (or a lookup after the walk) needs the whole file: that walk runs once,
  // and only when the source mentions such a declaration at all.
  void IndexBindings() {
    indexed_ = true;
    bindings_.clear();
    overflowed_.clear();
    ts::ForEachNode(root_, [this](TSNode n) {
      std::string_view type = Type(n);
      if (type == "let_declaration" || type == "const_item" || type == "static_item") {
        AddBinding(n);
      }
    });
  }

  bool MayBeDeclaredLater(const std::string& name) {
    return !indexed_ && (src_.find("const " + name) != std::string_view::npos ||
                         src_.find("static " + name) != std::string_view::npos);
  }

  void AddBinding(TSNode n) {
    TSNode name, value;
    if (Is(n, "let_declaration")) {
      name = Field(n, "pattern");
      if (!Is(name, "identifier")) return;
    } else {
      name = Field(n, "name");
    }
    value = Field(n, "value");
    if (ts_node_is_null(value)) return;
    std::string key(ts::Text(name, src_));
    if (!Is(n, "let_declaration")) NoteTextConstant(n, key, value);
    auto& list = bindings_[key];
    if (list.size() < kMaxAssignmentsPerName) {
      list.push_back({n, value});
    } else {
      overflowed_.insert(key);
    }
  }

  // A module-level `const X: &str = "..."` is a text constant the resolve
  // stage reads wherever X is named (tokio's CONTEXT_MISSING_ERROR, written
  // out by `panic!("{}", crate::util::error::CONTEXT_MISSING_ERROR)` and a
  // Display arm in other files). Named by its module path, so both the full
  // path and the bare name a `use` imports find it.
  void NoteTextConstant(TSNode item, const std::string& name, TSNode value) {
    if (!text_facts_ || !Is(ts_node_parent(item), "source_file")) return;
    if (!IsStringToken(value)) return;
    std::optional<std::string> s = DecodeRustString(ts::Text(value, src_));
    if (!s || s->empty()) return;
    Template text;
    text.AddLiteral(*s);
    text_facts_->text_constants.push_back(
        {RustModulePath(file_.path) + "::" + name, std::move(text), ts::Line(item)});
  }

  // --- deprecation ---------------------------------------------------------------

  // `#[deprecated(since = "0.3", note = "use `bar` instead")]` or
  // `#[deprecated = ".."]`: rustc prints the note where code uses the item
  // ("warning: use of deprecated function `foo`: use `bar` instead").
  void HandleDeprecated(TSNode item) {
    TSNode attr = ts::FirstNamed(item);
    if (!Is(attr, "attribute") || ts::Text(ts::FirstNamed(attr), src_) != "deprecated") return;
    TSNode note = Field(attr, "value");
    if (TSNode tree = Field(attr, "arguments"); !ts_node_is_null(tree)) {
      bool after_note = false;
      for (TSNode c : NamedChildren(tree)) {
        if (Is(c, "identifier")) after_note = ts::Text(c, src_) == "note";
        if (after_note && Is(c, "string_literal")) note = c;
      }
    }
    if (ts_node_is_null(note) || !Is(note, "string_literal")) return;
    std::optional<std::string> text = DecodeRustString(ts::Text(note, src_));
    if (!text || text->empty()) return;
    ErrorSite site = NewSite(item, SiteKind::kWarning);
    site.severity = "warning";
    site.error_class = "deprecated";
    // The item the attribute is on (past other attributes and comments).
    TSNode target = ts_node_next_named_sibling(item);
    while (!ts_node_is_null(target) &&
           (Is(target, "attribute_item") || Is(target, "line_comment") ||
            Is(target, "block_comment"))) {
      target = ts_node_next_named_sibling(target);
    }
    std::string_view item_name = ts::Text(Field(target, "name"), src_);
    site.message.AddLiteral(*text);
    site.message_origin_note =
        "the #[deprecated] note, printed by the compiler where code uses the item";
    size_t before = out_->size();
    Finish(item, std::move(site));
    // The record names the deprecated item, not the code around it.
    if (out_->size() > before && !item_name.empty()) out_->back().function = item_name;
  }

  // --- thiserror -----------------------------------------------------------------

  // `#[error("...")]` on an enum variant or a struct.
  // snafu's `#[snafu(display("..."))]` reads the same way.
  void HandleErrorAttribute(TSNode item) {
    TSNode attr = ts::FirstNamed(item);
    if (!Is(attr, "attribute")) return;
    std::string_view name = ts::Text(ts::FirstNamed(attr), src_);
    if (name != "error" && name != "snafu") return;
    TSNode tree = Field(attr, "arguments");
    if (ts_node_is_null(tree)) return;
    std::vector<Tokens> args = SplitArgs(tree);
    if (name == "snafu") args = SnafuDisplayArgs(args);
    if (args.empty()) return;  // #[error(transparent)] has no string: skipped below
    TSNode target = ts_node_next_named_sibling(item);
    while (!ts_node_is_null(target) &&
           (Is(target, "attribute_item") || Is(target, "line_comment") ||
            Is(target, "block_comment"))) {
      target = ts_node_next_named_sibling(target);
    }
    std::string cls;
    if (Is(target, "enum_variant")) {
      TSNode enum_item = ts_node_parent(ts_node_parent(target));
      cls = std::string(ts::Text(Field(enum_item, "name"), src_)) +
            "::" + std::string(ts::Text(Field(target, "name"), src_));
    } else if (Is(target, "struct_item") || Is(target, "enum_item")) {
      cls = std::string(ts::Text(Field(target, "name"), src_));
    } else {
      return;
    }
    std::optional<Template> t = FormatFromArgs(args, 0, true);
    if (!t || t->empty()) return;
    ErrorSite site = NewSite(item, SiteKind::kRaise);
    site.error_class = cls;
    site.message = *t;
    site.message_origin_note =
        std::string(name == "snafu" ? "snafu #[snafu(display)]" : "thiserror #[error]") +
        " Display of `" + cls + "`";
    Finish(item, std::move(site));
  }

  // The arguments of `display(...)` in `#[snafu(display("..", x), ..)]`.
  std::vector<Tokens> SnafuDisplayArgs(const std::vector<Tokens>& args) {
    for (const Tokens& a : args) {
      if (a.size() == 2 && Is(a[0], "identifier") && ts::Text(a[0], src_) == "display" &&
          Is(a[1], "token_tree")) {
        return SplitArgs(a[1]);
      }
    }
    return {};
  }

  // --- Display impls ---------------------------------------------------------------

  void NoteImpl(TSNode impl) {
    std::string_view trait = ts::Text(Field(impl, "trait"), src_);
    if (trait.empty()) return;
    std::string trait_name = TypeName(trait);
    std::string_view last = LastSegment(trait_name);
    std::string type = TypeName(ts::Text(Field(impl, "type"), src_));
    if (last == "Display") {
      display_impls_.push_back(impl);
    } else if (last.ends_with("Error")) {  // std::error::Error, serde's StdError
      error_types_.insert(type);
    }
  }

  bool IsErrorType(const std::string& type) {
    std::string_view t = LastSegment(type);
    // ParseError, ErrorKind, ErrorCode, ConfigErr.
    return error_types_.count(type) > 0 || t.find("Error") != std::string_view::npos ||
           t.ends_with("Err");
  }

  // `impl fmt::Display for XError`: each `write!`/`f.write_str` and each
  // string arm of a match is one rendering, named by the variant it is for.
  void HandleDisplayImpl(TSNode impl) {
    std::string type = TypeName(ts::Text(Field(impl, "type"), src_));
    if (!IsErrorType(type)) return;
    TestItemFilter tests;
    WalkPruned(Field(impl, "body"), [&](TSNode n, int depth) {
      std::string_view t = Type(n);
      if (t == "impl_item" || !tests.Keep(n, depth, src_)) return false;
      std::optional<Template> msg;
      expr_budget_ = kExprBudget;
      TSNode at = n;
      std::string note;
      if (t == "macro_invocation" &&
          MacroInfoFor(ts::Text(Field(n, "macro"), src_)).family == Family::kWrite) {
        msg = FormatFromArgs(SplitArgs(MacroTree(n)), 1, false);
      } else if (t == "call_expression" && Is(Field(n, "function"), "field_expression")) {
        std::string_view m = ts::Text(Field(Field(n, "function"), "field"), src_);
        std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
        if ((m == "write_str" || m == "pad" || m == "write_fmt") && args.size() == 1) {
          msg = MessageTemplate(args[0], 0, &note);
          // A constant of another file: held until the resolve stage reads it.
          if (!msg && NamesConstant(ts::Text(args[0], src_))) msg = ExprTemplate(args[0], 0, &note);
        }
      } else if (t == "match_arm") {
        TSNode value = Field(n, "value");
        if (IsStringToken(value)) {
          msg = MessageTemplate(value, 0, &note);
          at = value;
        }
      }
      if (!msg) return true;
      ErrorSite site = NewSite(at, SiteKind::kRaise);
      std::string variant = VariantOf(at, impl);
      site.error_class = variant.empty() ? type : type + "::" + variant;
      site.message = *msg;
      site.message_origin_note = note.empty() ? "the Display impl of `" + type + "`" : note;
      Finish(at, std::move(site));
      return !Is(n, "macro_invocation");
    });
  }

  // The variant a match arm holding `n` is for: `Self::NotFound(..)`,
  // `ErrorKind::Io { .. }`, `NotFound`; empty for `_`, bindings and
  // alternatives.
  std::string VariantOf(TSNode n, TSNode stop) {
    TSNode cur = n;
    for (int i = 0; i < kMaxAncestors && !ts_node_eq(cur, stop); ++i) {
      if (Is(cur, "match_arm")) {
        std::string_view p = Trim(ts::Text(Field(cur, "pattern"), src_));
        while (!p.empty() && (p.front() == '&' || p.front() == '(')) p = Trim(p.substr(1));
        if (p.starts_with("ref ")) p = Trim(p.substr(4));
        if (p.find('|') != std::string_view::npos) return "";
        size_t end = 0;
        while (end < p.size() && (IsIdentChar(p[end]) || p[end] == ':')) ++end;
        std::string_view head = LastSegment(p.substr(0, end));
        if (head.empty() || !IsUpper(head[0]) || head == "Self" || head == "Some" ||
            head == "None" || head == "Ok" || head == "Err") {
          return "";
        }
        return std::string(head);
      }
      cur = ts_node_parent(cur);
    }
    return "";
  }

  // --- error arms (error_arms.h) ----------------------------------------------------

  // An arm on an error variant (`ErrorKind::X => ..`) whose value is text
  // (`Some("..")`, `"..".into()`, `format!(..)`) or whose body writes text
  // into a buffer: that text is the variant's message, one site per message.
  void HandleErrorArm(TSNode arm) {
    std::string_view self_type = impls_.empty() ? std::string_view() : impls_.back().second;
    std::optional<rust::ErrorVariant> v =
        rust::ErrorArmVariant(ts::Text(Field(arm, "pattern"), src_), self_type);
    if (!v) return;
    std::string cls = v->type + "::" + v->variant;
    TSNode value = Field(arm, "value");
    std::string note;
    if (std::optional<Template> t = MessageTemplate(value, 0, &note)) {
      AddArmSite(value, value, *t, cls);
      return;
    }
    auto read = [this](TSNode stmt) { return ReadBufferWrite(stmt); };
    auto add = [&](const std::vector<TSNode>& statements) {
      for (const rust::WrittenMessage& m : rust::JoinBufferWrites(statements, read)) {
        AddArmSite(m.first, m.last, m.text, cls);
      }
    };
    if (!Is(value, "block")) return add({value});  // `X => write!(f, "..")`
    WalkPruned(value, [&](TSNode n, int) {
      std::string_view t = Type(n);
      if (t == "closure_expression" || t == "function_item") return false;
      if (t == "match_arm" &&
          rust::ErrorArmVariant(ts::Text(Field(n, "pattern"), src_), self_type)) {
        return false;  // an inner error arm is a site of its own
      }
      if (t == "block") add(NamedChildren(n));
      return true;
    });
  }

  // A statement that writes text into a buffer: `write!(buf, ..)` (also as
  // `let _ = ..` or with `?`), `buf.push_str(..)`, `f.write_str(..)`.
  // Writes to stderr/stdout are logs, found elsewhere.
  std::optional<rust::BufferWrite> ReadBufferWrite(TSNode stmt) {
    TSNode n = stmt;
    if (Is(n, "expression_statement")) n = ts::FirstNamed(n);
    if (Is(n, "let_declaration")) n = Field(n, "value");
    if (Is(n, "try_expression")) n = ts::FirstNamed(n);
    if (Is(n, "macro_invocation")) {
      if (MacroInfoFor(ts::Text(Field(n, "macro"), src_)).family != Family::kWrite) {
        return std::nullopt;
      }
      std::vector<Tokens> args = SplitArgs(MacroTree(n));
      if (args.size() < 2) return std::nullopt;
      std::string target = BufferName(TokensText(args[0]));
      if (target.find("std") != std::string::npos) return std::nullopt;
      std::optional<Template> t = FormatFromArgs(args, 1, false);
      if (!t) return std::nullopt;
      return rust::BufferWrite{std::move(target), std::move(*t), n};
    }
    if (!Is(n, "call_expression")) return std::nullopt;
    TSNode fn = Field(n, "function");
    if (!Is(fn, "field_expression")) return std::nullopt;
    std::string_view method = ts::Text(Field(fn, "field"), src_);
    std::vector<TSNode> args = NamedChildren(Field(n, "arguments"));
    if ((method != "push_str" && method != "write_str") || args.size() != 1) return std::nullopt;
    std::string note;
    return rust::BufferWrite{BufferName(ts::Text(Field(fn, "value"), src_)),
                             ExprTemplate(args[0], 0, &note), n};
  }

  // `&mut styled` and `styled` name one buffer.
  static std::string BufferName(std::string_view text) {
    std::string_view t = Trim(text);
    while (!t.empty() && t.front() == '&') t = Trim(t.substr(1));
    if (t.starts_with("mut ")) t = Trim(t.substr(4));
    return CollapseSpace(t);
  }

  void AddArmSite(TSNode first, TSNode last, const Template& text, const std::string& cls) {
    if (!rust::ReadsAsSentence(text)) return;
    ErrorSite site = NewSite(first, SiteKind::kRaise);
    site.end_line = ts::EndLine(last);
    site.error_class = cls;
    site.message = text;
    site.message_origin_note = "the text of `" + cls + "`, written where the error is rendered";
    arm_sites_.emplace_back(first, std::move(site));
  }

  // Arm sites, except where a Display impl already recorded the line.
  void AddArmSites() {
    std::set<int> lines;
    for (size_t i = first_; i < out_->size(); ++i) lines.insert((*out_)[i].line);
    for (auto& [at, site] : arm_sites_) {
      if (lines.insert(site.line).second) Finish(at, std::move(site));
    }
  }

  // --- sites -------------------------------------------------------------------------

  ErrorSite NewSite(TSNode at, SiteKind kind) {
    ErrorSite site;
    site.language = "rust";
    site.file_path = file_.path;
    site.kind = kind;
    site.line = ts::Line(at);
    site.end_line = ts::EndLine(at);
    return site;
  }

  void Finish(TSNode at, ErrorSite site) {
    if (site.message.empty()) return;
    site.message = Unpainted(site.message);
    site.message_opaque = !site.message.HasLiteralText();
    if (sinks_) sinks_->OnSite(site, at);
    if (site.message_opaque) {
      HoldCallMessage(at, std::move(site));  // Error::new(format_msg(x))
      return;
    }
    AddBraceContext(at, src_, lines_, RustSyntax(), &site);
    AddMatchArms(at, &site);
    out_->push_back(std::move(site));
  }

  // A message that calls a function, or names a constant of another file:
  // a site only when the resolve stage knows the text it returns
  // (src/resolve/link_text_functions.h, link_constants.h).
  void HoldCallMessage(TSNode at, ErrorSite site) {
    bool call = false;
    for (const Piece& p : site.message.pieces()) {
      call |= p.is_hole && (p.expr.ends_with(")") || NamesConstant(p.expr));
    }
    if (!text_facts_ || !call) return;
    Hold(at, std::move(site));
  }

  // `site` with its context, held for the resolve stage to give it text.
  void Hold(TSNode at, ErrorSite site) {
    AddBraceContext(at, src_, lines_, RustSyntax(), &site);
    AddMatchArms(at, &site);
    HeldMessage h{site.line, site.error_class, {site.message}, std::nullopt};
    h.site = std::move(site);
    text_facts_->held_messages.push_back(std::move(h));
  }

  // Each `match v { Pattern => .. }` arm on the way to the site (up to its
  // function) is a condition: `v matches Pattern` (and its `if` guard).
  // A catch-all `_` says nothing and is left out.
  // Whether `arm` (pattern `pat`) is `Some(_)`/`Ok(_)`/`Err(_)` after an
  // arm of the same match that starts with the same wrapper.
  bool WrapperFallback(TSNode arm, const std::string& pat) {
    if (pat != "Some(_)" && pat != "Ok(_)" && pat != "Err(_)") return false;
    std::string wrapper = pat.substr(0, pat.size() - 2);
    for (TSNode prev = ts_node_prev_named_sibling(arm); !ts_node_is_null(prev);
         prev = ts_node_prev_named_sibling(prev)) {
      if (!Is(prev, "match_arm")) continue;
      if (CollapseSpace(ts::Text(Field(prev, "pattern"), src_)).starts_with(wrapper)) return true;
    }
    return false;
  }

  void AddMatchArms(TSNode at, ErrorSite* site) {
    bool added = false;
    TSNode cur = at;
    for (int i = 0; i < kMaxAncestors; ++i) {
      TSNode parent = ts_node_parent(cur);
      if (ts_node_is_null(parent) || IsFunctionNode(parent)) break;
      if (Is(parent, "match_arm") && !ts_node_eq(Field(parent, "pattern"), cur)) {
        TSNode pattern = Field(parent, "pattern");
        TSNode match = ts_node_parent(ts_node_parent(parent));  // match_block, match_expression
        std::string value = CollapseSpace(ts::Text(Field(match, "value"), src_));
        std::string pat = CollapseSpace(ts::Text(pattern, src_));
        // `Some(_) =>` after `Some(A) =>`, `Some(B) =>`: the fallback of
        // those arms, not "has a value" (tonic's deprecated variants; the
        // analysis names the arms it falls through, site_shape.h).
        if (!value.empty() && pat != "_" && !WrapperFallback(parent, pat)) {
          site->conditions.push_back({value + " matches " + pat, true, ts::Line(pattern)});
          added = true;
        }
      }
      cur = parent;
    }
    if (added) {
      std::stable_sort(
          site->conditions.begin(), site->conditions.end(),
          [](const PathCondition& a, const PathCondition& b) { return a.line < b.line; });
    }
  }

  const SourceFile& file_;
  std::string_view src_;
  std::vector<std::string_view> lines_;
  std::vector<ErrorSite>* out_;
  size_t first_ = out_->size();
  TSNode root_{};
  std::vector<TSNode> display_impls_;
  std::vector<std::pair<int, std::string>> impls_;  // enclosing impls: walk depth, type
  std::vector<std::pair<TSNode, ErrorSite>> arm_sites_;
  std::set<std::string> error_types_;
  // Expressions one site may look at: `const A = B + B; const B = C + C; ..`
  // would otherwise take exponential time.
  static constexpr int kExprBudget = 4096;
  static constexpr int kMaxMacroDepth = 4;  // macro bodies inside macro bodies
  int macro_depth_ = 0;
  int expr_budget_ = kExprBudget;
  bool indexed_ = false;
  std::set<std::string> overflowed_;
  std::map<std::string, std::vector<std::pair<TSNode, TSNode>>> bindings_;
  FileFacts* text_facts_ = nullptr;
  std::optional<RustSinks> sinks_;  // with text_facts_: wrapper sinks and link calls
};

class RustExtractor : public Extractor {
 public:
  std::string_view language() const override { return "rust"; }
  bool Handles(std::string_view path) const override { return path.ends_with(".rs"); }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    return ts::ParseAndVisit(tree_sitter_rust(), file, had_syntax_errors, [&](TSNode root) {
      RustFile rust(file, sites);
      if (facts) rust.CollectTextFacts(facts);
      rust.Run(root);
      if (facts) CollectCallFacts(root, file.content, "rust", facts);
    });
  }
};

}  // namespace

const Extractor* RustExtractorInstance() {
  static const RustExtractor kInstance;
  return &kInstance;
}

}  // namespace errdex
