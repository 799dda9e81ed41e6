// Internal helpers of the source stage shared by classify.cc and snapshot.cc.
#pragma once

#include <string>
#include <string_view>

#include "errdex/source.h"

namespace errdex::source_internal {

// True if some include glob of `rules` matches `path` (or a directory that
// contains it). Included files escape every path and "generated" rule.
bool IsIncluded(std::string_view path, const SkipRules& rules);

// Matches a repository-relative path against one include/exclude glob. See
// DescribeSkipRules() for the syntax.
bool GlobMatchesPath(std::string_view pattern, std::string_view path);

// True if `path` is source code in some programming language by its
// extension (Swift, Lua, shell, ... and the languages errdex extracts), not
// documentation, configuration or data (.md, .rst, .toml, .json, ...): the
// files errdex does not read are counted as "in languages errdex does not
// extract yet" only when this holds.
bool IsSourceInAnyLanguage(std::string_view path);

// True if `name` is usable as one component of a reported path: non-empty,
// not "." or "..", no '/', no control characters, valid UTF-8.
bool IsSafePathComponent(std::string_view name);

}  // namespace errdex::source_internal
