// Go sentinel errors: `var ErrNilConfig = fmt.Errorf("no config")` is not
// raised where it is declared; functions return it. What it means is where
// and when they do: "`WithInstance` returns it when `config` is nil (line
// 42)", read from the returns the extractor noted ("sentinel error
// `ErrNilConfig`, returned at line 43 of this file").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// Whether `s` is a sentinel error's declaration.
bool IsGoSentinel(const ErrorSite& s);

// A Go site outside any function is a package-level variable's initial
// value (`ErrConsumerNotActive JetStreamError = &jsError{...}`, `var ErrX =
// errors.New(..)`): Go runs no other statement at file level. The
// variable's name, or "" when `s` is not such a site or the line names none.
std::string GoPackageValue(const ErrorSite& s, const std::vector<std::string_view>& lines);

// "`WithInstance` returns it when `config` is nil (line 42); `Open` returns
// it (line 80)." for the first three noted returns; "" when none is noted.
std::string GoSentinelReturns(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
