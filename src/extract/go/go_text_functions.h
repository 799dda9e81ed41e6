// Go text functions: `func msgFor(code int) string { switch code { case
// 1: return "bad input" ... } }` and methods returning a string are
// collected as TextFunction facts (src/resolve/link_text_functions.h), so
// that `errors.New(msgFor(c))`, `fmt.Errorf("%s", msgFor(c))` and
// `panic(msgFor(c))` take their text.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <string_view>

#include "errdex/facts.h"
#include "errdex/template.h"

namespace errdex {

// `expr(n, pos)` is the extractor's expression -> Template conversion.
void CollectGoTextFunctions(TSNode root, std::string_view src,
                            const std::function<Template(TSNode, uint32_t)>& expr,
                            FileFacts* facts);

}  // namespace errdex
