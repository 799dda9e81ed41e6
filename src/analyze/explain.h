// Explain: rewrites a record's analysis fields with the facts the resolve
// stage found across files — the options a path condition reads, the entry
// points that reach the error, the allowlists it checks. Runs after
// BuildRecord; every sentence it adds cites file:line. (Related records are
// linked in analyze/related.h.)
#pragma once

#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/record.h"
#include "resolve/resolve.h"

namespace errdex {

// REQUIRES: `r` was built by BuildRecord(site, lines, ...) and `facts`
// resolved from site. When site.function is not one users may call, the
// trigger and the handling code go through the nearest public caller the
// call graph resolved.
void ApplySiteFacts(const ErrorSite& site, const SiteFacts& facts,
                    const std::vector<std::string_view>& lines, Record* r);

}  // namespace errdex
