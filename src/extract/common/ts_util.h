// tree-sitter helpers shared by the extractors: RAII owners for parsers and
// trees, and small accessors over borrowed TSNode views. A TSNode is only
// valid while the Tree that produced it lives.
#pragma once

#include <tree_sitter/api.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/source.h"
#include "errdex/status.h"

namespace errdex::ts {

struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

// Parses `source` with `language`; returns null when the parser gives up
// (timeout or cancellation). `timeout_us` bounds pathological inputs.
inline TreePtr Parse(const TSLanguage* language, std::string_view source,
                     uint64_t timeout_us = 10'000'000) {
  ParserPtr parser(ts_parser_new());
  if (!ts_parser_set_language(parser.get(), language)) return nullptr;
  ts_parser_set_timeout_micros(parser.get(), timeout_us);
  // The grammars' scanners read a NUL as the end of the input, so a NUL in
  // a string literal cut the literal (and the rest of the file) short. The
  // parse sees a space instead: the byte offsets are the same, and the
  // extractors read literal text, NUL included, from `source` itself.
  std::string spaced;
  if (source.find('\0') != std::string_view::npos) {
    spaced.assign(source);
    for (char& c : spaced) {
      if (c == '\0') c = ' ';
    }
    source = spaced;
  }
  return TreePtr(ts_parser_parse_string(parser.get(), nullptr, source.data(),
                                        static_cast<uint32_t>(source.size())));
}

// Parses `file` with `language` and hands the root to `visit`: the common
// body of the extractors' Extract. A parse that times out is an error; a
// tree with syntax errors is not (its well-formed parts still count).
template <typename Visit>
Status ParseAndVisit(const TSLanguage* language, const SourceFile& file, bool* had_syntax_errors,
                     Visit&& visit) {
  TreePtr tree = Parse(language, file.content);
  if (!tree) return Status::InvalidArgument(file.path + ": parser gave up (timeout)");
  TSNode root = ts_tree_root_node(tree.get());
  if (had_syntax_errors) *had_syntax_errors = ts_node_has_error(root);
  visit(root);
  return Status::OK();
}

inline std::string_view Text(TSNode n, std::string_view src) {
  if (ts_node_is_null(n)) return {};
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (b > src.size() || e > src.size() || b > e) return {};
  return src.substr(b, e - b);
}

// The id of the named node type `name` in `language` (0 when it has none):
// the walks compare ids, which is much cheaper than comparing type strings.
inline TSSymbol Symbol(const TSLanguage* language, std::string_view name) {
  return ts_language_symbol_for_name(language, name.data(), static_cast<uint32_t>(name.size()),
                                     true);
}

inline std::string_view Type(TSNode n) {
  return ts_node_is_null(n) ? std::string_view() : std::string_view(ts_node_type(n));
}

inline bool Is(TSNode n, std::string_view type) { return Type(n) == type; }

// Null-safe: tree-sitter 0.20's ts_node_child_by_field_name dereferences a
// null node (a parent walk past the root), which malformed input reaches.
inline TSNode Field(TSNode n, std::string_view name) {
  if (ts_node_is_null(n)) return n;
  return ts_node_child_by_field_name(n, name.data(), static_cast<uint32_t>(name.size()));
}

inline int Line(TSNode n) { return static_cast<int>(ts_node_start_point(n).row) + 1; }
inline int EndLine(TSNode n) { return static_cast<int>(ts_node_end_point(n).row) + 1; }

// Named children in order, skipping comments. Uses a cursor: the obvious
// loop over ts_node_named_child(n, i) is O(i) per call, quadratic over a
// module with thousands of top-level statements.
inline std::vector<TSNode> NamedChildren(TSNode n) {
  std::vector<TSNode> out;
  if (ts_node_is_null(n)) return out;
  TSTreeCursor cursor = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode c = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(c) && !Is(c, "comment")) out.push_back(c);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

// Ancestor walks stop after this many steps: nesting depth is untrusted.
inline constexpr int kMaxAncestors = 512;

// Iterative pre-order walk of every node under `root` (no recursion:
// nesting depth is untrusted).
template <typename F>
void ForEachNode(TSNode root, F&& visit) {
  if (ts_node_is_null(root)) return;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  bool descend = true;
  while (true) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    if (descend) visit(n);
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

// The root of the tree that holds `n`.
inline TSNode Root(TSNode n) {
  for (int i = 0; i < kMaxAncestors; ++i) {
    TSNode parent = ts_node_parent(n);
    if (ts_node_is_null(parent)) break;
    n = parent;
  }
  return n;
}

// The nearest ancestor for which `is_scope` holds, else the root.
template <typename Pred>
TSNode EnclosingScope(TSNode n, Pred&& is_scope) {
  TSNode cur = n;
  for (int i = 0; i < kMaxAncestors; ++i) {
    TSNode parent = ts_node_parent(cur);
    if (ts_node_is_null(parent)) return cur;
    if (is_scope(parent)) return parent;
    cur = parent;
  }
  return cur;
}

// The first named child, skipping comments.
inline TSNode FirstNamed(TSNode n) {
  if (ts_node_is_null(n)) return n;
  uint32_t count = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_named_child(n, i);
    if (!Is(c, "comment")) return c;
  }
  return TSNode{};
}

}  // namespace errdex::ts

namespace errdex::ts {

// ForEachNode that also passes the ancestors of each node (root first).
// ts_node_parent() searches down from the root (O(depth x siblings) in the
// 0.20 runtime); extractors that look at every node's parent use this.
template <typename F>
void ForEachNodeWithAncestors(TSNode root, F&& visit) {
  std::vector<TSNode> ancestors;
  if (ts_node_is_null(root)) return;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  bool descend = true;
  while (true) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    if (descend) visit(n, ancestors);
    if (descend && ts_tree_cursor_goto_first_child(&cursor)) {
      ancestors.push_back(n);
      continue;
    }
    if (ts_tree_cursor_goto_next_sibling(&cursor)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&cursor)) break;
    ancestors.pop_back();
    descend = false;
  }
  ts_tree_cursor_delete(&cursor);
}

}  // namespace errdex::ts

namespace errdex::ts {

// ForEachNodeWithAncestors whose visitor returns whether to descend into the
// node's children: extractors skip subtrees (literals, expressions) that
// cannot hold a site.
template <typename F>
void WalkWithAncestors(TSNode root, F&& visit) {
  std::vector<TSNode> ancestors;
  if (ts_node_is_null(root)) return;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  bool descend = true;
  while (true) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    if (descend && visit(n, ancestors) && ts_tree_cursor_goto_first_child(&cursor)) {
      ancestors.push_back(n);
      continue;
    }
    if (ts_tree_cursor_goto_next_sibling(&cursor)) {
      descend = true;
      continue;
    }
    if (ancestors.empty() || !ts_tree_cursor_goto_parent(&cursor)) break;
    ancestors.pop_back();
    descend = false;
  }
  ts_tree_cursor_delete(&cursor);
}

}  // namespace errdex::ts
