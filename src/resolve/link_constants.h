// Link constants: C and C++ messages kept in names defined elsewhere in the
// repository. A header's `#define E_PARSE "parse error"`, a namespaced table
// `ErrorMsg::BAD_CONVERSION`, a `static const char* const` or a shared
// object's field set once from a literal (`shared.oomerr`) is read at the
// site that names it: holes naming such a constant take its text, before the
// linking stage joins calls with sinks (so a constant passed to a wrapper or
// an exception class composes like a literal).
#pragma once

#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"
#include "resolve/link_text_functions.h"
#include "resolve/message_tables.h"

namespace errdex {

struct ConstantStats {
  int constants = 0;       // distinct names with one text
  int holes_resolved = 0;  // in sites, link calls and sinks
  int held_resolved = 0;   // opaque sites that got their text
  TextFunctionStats text_functions;
  MessageTableStats tables;
};

// `sites[i]` are the sites of `(*files)[i]` (may be null). Only C, C++,
// Rust, Go and JavaScript files take part (Go: sentinel errors, `var ErrX =
// errors.New("..")`, wrapped by `fmt.Errorf("%w: ..", ErrX)`; Rust: module
// `const X: &str`, held sites naming it in other files), and JavaScript/TypeScript
// (`export const X_MSG = ".."`, a class's `static defaultMessage = ".."`
// read as `Class.defaultMessage`). Names defined with different texts are
// left as holes. First, in every language, lookups of message tables by a literal key
// (message_tables.h); last, messages returned by text functions
// (link_text_functions.h): the indexer runs this one step before linking.
ConstantStats ResolveTextConstants(std::vector<FileFacts>* files,
                                   const std::vector<std::vector<ErrorSite>*>& sites);

// Whether `path` is read by the C or C++ extractor.
bool IsCFamilyPath(std::string_view path);

// Whether `path` is a JavaScript or TypeScript module.
bool IsJsPath(std::string_view path);

}  // namespace errdex
