// Context of an error site in a brace-and-`//` language (JavaScript,
// TypeScript, Go, Rust): the enclosing function's name, the path conditions
// (enclosing if/else guards, early exits before the site, catch clauses) and
// the comment block above the site. Shared so that every C-family extractor
// reports context the same way the Python extractor does.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct BraceSyntax {
  // Returns the name of a scope node ("parse", "Class.method"); empty when
  // `n` is not a function or type scope. `*is_function` says whether it is a
  // function (conditions are collected up to the first function only).
  std::string (*scope_name)(TSNode n, std::string_view src, bool* is_function);
  std::vector<std::string_view> block_types;  // statement lists: "statement_block", "block"
  std::vector<std::string_view> exit_types;   // "return_statement", "throw_statement", ...
  std::string_view catch_type;                // "catch_clause"; empty when none
  // Splits an if node into its condition, consequence and alternative (null
  // when absent); false when `n` is not an if. Null: the node type
  // "if_statement" with fields condition/consequence/alternative. Kotlin's
  // grammar has no fields, so its extractor supplies this.
  bool (*if_parts)(TSNode n, TSNode* condition, TSNode* consequence, TSNode* alternative) = nullptr;
  // When set, used instead of scope_name with the scope's parent: an
  // anonymous function is named by what it is assigned to (JavaScript).
  std::string (*scope_name_in)(TSNode n, TSNode parent, std::string_view src,
                               bool* is_function) = nullptr;
};

// Fills site->function, function_line, conditions and notes for the
// statement `stmt` that raises. `ancestors`, when given, lists the
// ancestors of `stmt` from the root down to its parent: ts_node_parent
// descends from the root on every call, which is slow at the top of a large
// file, and an extractor that walks with a stack already has them.
void AddBraceContext(TSNode stmt, std::string_view src, const std::vector<std::string_view>& lines,
                     const BraceSyntax& syntax, ErrorSite* site,
                     const std::vector<TSNode>* ancestors = nullptr);

// The `//` or `/* */` comment block that ends on the line above `line`.
SourceNote SlashCommentAbove(const std::vector<std::string_view>& lines, int line);
// The text of the Rust doc comment's `# heading` section (`# Panics`,
// `# Errors`) above `line` (attributes between skipped), up to the next
// section or example; empty text when there is none.
SourceNote RustDocSection(const std::vector<std::string_view>& lines, int line,
                          std::string_view heading);
// The sentence of the doc comment above `line` that documents throwing
// `error_class` (`@throws X if ...`, JSDoc `@throws {X} ...`, XML doc
// `<exception cref="X">...</exception>`, PHPDoc `@throws \X|\Y ...`, Ruby
// YARD `# @raise [X] ...`); empty text when there is none.
SourceNote ThrowsDocAbove(const std::vector<std::string_view>& lines, int line,
                          std::string_view error_class);

// The condition of an if statement without surrounding parentheses.
std::string ConditionText(TSNode cond, std::string_view src);

}  // namespace errdex
