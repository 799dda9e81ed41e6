// Handled literal: a call that passes a string literal to a helper whose
// text holds that argument, where the helper's if-chain handles the literal
// before the `else` that raises (flyway's `dropObjects("TR")`, whose chain
// handles "TR" before `else { throw .. "Unknown database object type " +
// type }`). The linking stage makes the call a site with the literal filled
// in; that text never comes from this call, so the record must not present
// it as an error its callers cause.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// "`S.f` passes `"TR"` to `g` at line 77, and `g` handles `"TR"` at line
// 125, before the `else` that raises at line 128, so this call never
// produces this text"; "" unless the helper is in the same file, the
// literal is in the message, and an earlier branch of the raise's own
// if-chain compares the parameter that receives it with that literal.
std::string HandledLiteralEvidence(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
