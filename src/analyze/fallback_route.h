// Fallback route: which of the call chains the resolver found can reach a
// raise in the `default`/`_`/`else` arm of a `switch`/`match`/`when` whose
// selector is one of the raising function's parameters. Following the
// selector back through each hop's call (in the site's own file only), a
// caller that passes a value one of the other arms handles never gets
// there (Laravel's `validateBefore` passes '<' to `compare`); one that
// passes a value none of them handles always does. Anything else is not
// known, and the chain is left as it is.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "resolve/callers.h"

namespace errdex {

struct SelectorRoute {
  enum Kind { kUnknown, kHandled, kUnhandled };
  Kind kind = kUnknown;
  std::string value;  // the literal passed, as written
  int line = 0;       // the call that passes it
};

// Where the value of the fallback's `selector` (a parameter of
// s.function) comes from along `chain`, given the values the other arms
// handle (`handled`, as written in the arms).
SelectorRoute TraceSelector(const ErrorSite& s, const CallChain& chain,
                            const std::vector<std::string_view>& lines, const std::string& selector,
                            const std::vector<std::string>& handled);

// For a raise in a fallback arm with literal case values: drops from
// `chains` those that pass a handled value and returns a sentence saying
// so ("The callers errdex found pass one of these values: `validateBefore`
// passes `'<'` (line 218) ... so none of them reaches line 2861."), or, for
// chains that pass an unhandled literal, which call does. "" when nothing
// is known.
std::string FilterFallbackChains(const ErrorSite& s, const std::vector<std::string_view>& lines,
                                 std::vector<CallChain>* chains);

}  // namespace errdex
