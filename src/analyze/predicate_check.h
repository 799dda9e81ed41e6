// Predicate check: a deciding check that is the object's own `is_*`/`has_*`
// query (`!is_object()`, `not self.has_data()`, `!$this->isOpen()`). Users
// can ask the same question before they call, so the record names the
// query and the answer that avoids the error.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct PredicateCheck {
  std::string query;  // as the user writes it on their object: "is_object()"
  bool raises_when;   // the answer for which the error is raised
};

// The query of `c` when it is a no-argument `is`/`has`/`can` method of the
// object the raising method runs on and nothing in `lines` declares it
// private or protected; nullopt otherwise.
std::optional<PredicateCheck> PredicateGuard(const PathCondition& c, const std::string& language,
                                             const std::vector<std::string_view>& lines);

// A deciding check that is a call of a predicate the library exports, with
// arguments (`!git_reference_is_valid_name(name)`, `not is_valid_key(key)`,
// `!pathExists(p)`): by its name a question (`is`/`has` a word of it,
// `valid...`, `..._exists`/`...Valid`), exported by the repository (C/C++:
// declared in a public header, `public_decl`; elsewhere defined in the same
// file and public there: `pub fn`, `export`, `public`, a Go capital, no `_`).
// `call` is as the check writes it, without the negation.
struct ExportedPredicate {
  std::string call;  // "git_reference_is_valid_name(name)"
  std::string name;  // "git_reference_is_valid_name"
  bool raises_when;  // the answer for which the error is raised
};
std::optional<ExportedPredicate> ExportedPredicateGuard(
    const PathCondition& c, const std::string& language, const std::vector<std::string_view>& lines,
    bool (*public_decl)(const void* ctx, const std::string& name), const void* ctx);

}  // namespace errdex
