// Held message: a site where an error's text is computed and kept in a
// local (jackson's `String errorMsg = BeanUtil.checkUnsupportedType(..)`),
// to be reported later by whatever receives that local. Nothing is raised
// at that line: the record says where the text is used next instead.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// The local the text is held in (from the extractor's "held in `x`" note),
// or "".
std::string HeldLocal(const ErrorSite& s);

// The first line after the site, in the same block or deeper, that uses
// the held local other than in a test (`if (x != null)`), or 0.
int HeldUseLine(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
