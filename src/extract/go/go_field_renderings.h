// Go field renderings: error types whose `Error() string` method builds the
// text from the value's fields (golang-migrate's `database.Error` renders
// "{Err} in line {Line}: {Query} (details: {OrigErr})"; pflag's
// NotExistError switches on a `messageType` field), and the composite
// literals that set those fields (`database.Error{Err: "migration failed",
// Query: q}`, `&NotExistError{name: n, messageType: flagUnknownFlagMessage}`).
// They become FieldRendering and FieldConstruction facts; the resolve stage
// (src/resolve/link_field_renderings.h) records each construction with the
// text its fields select.
#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <optional>
#include <string_view>

#include "errdex/error_site.h"
#include "errdex/facts.h"
#include "errdex/template.h"

namespace errdex {

struct GoFieldHooks {
  // The message template of an expression as of a byte position.
  std::function<Template(TSNode expr, uint32_t pos)> expr;
  // The site context (function, conditions) of the statement holding a node.
  std::function<std::optional<ErrorSite>(TSNode node)> site;
};

// Error types are named so: `Error`, `NotExistError`, `errUnknown`,
// `TimeoutException`, `ParseFailure` (a package qualifier is ignored).
// Composite literals of other types are not error values.
bool IsGoErrorTypeName(std::string_view name);

// Collects the renderings and constructions of one file. Constructions in
// `_test.go` files are left out: tests build errors to compare them.
void CollectGoFieldRenderings(TSNode root, std::string_view src, std::string_view path,
                              const GoFieldHooks& hooks, FileFacts* facts);

}  // namespace errdex
