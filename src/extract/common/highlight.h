// Syntax classes for highlighting a source window (error pages): one class
// per byte, from a parse with the tree-sitter grammar of the window's
// language. The window is a piece of a file (a record's sourceCode), so the
// parse is tolerant: a window that starts inside a block or a comment still
// gets its tokens classed where the grammar recovers, and never an error.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace errdex {

enum class SyntaxClass : uint8_t {
  kPlain = 0,
  kKeyword,
  kString,
  kComment,
  kNumber,
  kFunction,  // a function's name where it is defined or called
};

// The class of every byte of `source`, in the grammar of `language` (a
// record's language: "python", "javascript", "typescript", "go", "rust",
// "java", "kotlin", "c", "cpp", "csharp", "ruby", "php"; `path` tells
// TypeScript and TSX files apart). Empty when no grammar applies or the
// parser gives up: the caller shows plain text.
std::vector<SyntaxClass> SyntaxClasses(std::string_view language, std::string_view path,
                                       std::string_view source);

}  // namespace errdex
