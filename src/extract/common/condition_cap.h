// CapConditions: bounds the path conditions kept for one error site.
//
// A function with thousands of `if ...: raise` (or `elif`) branches gives
// the last site every earlier branch as a negated condition, so the
// conditions of a file grow with the square of its branches: 4,000 branches
// took 50 s and 4 GB to index. Explanations use the innermost guards and the
// nearest earlier exits; branches far above the site say little about it.
#pragma once

#include "errdex/error_site.h"

namespace errdex {

// Most conditions a site keeps after CapConditions.
inline constexpr size_t kMaxSiteConditions = 16;

// Keeps at most kMaxSiteConditions of `site`'s conditions: the enclosing
// guards (polarity true) nearest the site first, then the negated earlier
// branches and exits nearest the site, in their original order.
void CapConditions(ErrorSite* site);

}  // namespace errdex
