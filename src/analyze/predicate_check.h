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

}  // namespace errdex
