// Rust text functions: `fn format_msg(x: &str) -> String { format!("bad
// {}", x) }`, `fn describe(c: Code) -> &'static str { match c { A =>
// "..", B => ".." } }`: each returned text (the tail expression, each arm
// of a tail `match`/`if`, each `return`) is a candidate message
// (src/resolve/link_text_functions.h) for `Err(Error::new(format_msg(x)))`
// and `panic!("{}", describe(c))`.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <optional>
#include <string_view>

#include "errdex/facts.h"
#include "errdex/template.h"

namespace errdex {

// `text(n)` is the extractor's message conversion (nullopt: not text).
void CollectRustTextFunctions(TSNode root, std::string_view src,
                              const std::function<std::optional<Template>(TSNode)>& text,
                              FileFacts* facts);

}  // namespace errdex
