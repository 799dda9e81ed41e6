// Python facts for the resolve stage: option definitions (argparse, click,
// dataclass fields, os.environ), functions and the calls they make, constant
// collections and membership tests, read from a syntax tree the Python
// extractor already holds.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>

#include "errdex/facts.h"

namespace errdex {

// Appends the facts of one parsed Python file to *facts (sets facts->path).
void CollectPythonFacts(TSNode root, std::string_view src, const std::string& path,
                        FileFacts* facts);

}  // namespace errdex
