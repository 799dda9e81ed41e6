// Call facts for every language but Python (which has its own,
// resolve/python_facts.h): the functions a file defines (with their class,
// header and extent) and the calls each makes (callee name and receiver as
// the syntax gives them), read from the tree an extractor already holds.
// src/resolve/call_index.h joins them into a repository-wide call index.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>

#include "errdex/facts.h"

namespace errdex {

// The call-index family of an extractor language ("typescript" ->
// "javascript", "kotlin" -> "jvm", "cpp" -> "c"); "" when unsupported.
std::string CallFamily(std::string_view language);

// Appends the functions and calls of one parsed file to *facts and sets
// facts->call_family. `language` is the extractor's language name.
// Receivers are normalised: "" for a bare call, "self" for this/self/$this,
// "new" for a construction (callee is then the class), "super" for a base
// call, else the receiver expression's text ("?" when it is not a name).
void CollectCallFacts(TSNode root, std::string_view src, std::string_view language,
                      FileFacts* facts);

}  // namespace errdex
