// Catch class: the exception class a handling sample names, spelled as the
// user's code must spell it. A PHP file in `namespace Illuminate\Support`
// that throws `RuntimeException` after `use RuntimeException;` is caught
// as `\RuntimeException` in the user's namespace, and a class declared in
// that namespace as `\Illuminate\Support\ItemNotFoundException`; a Ruby
// class nested in `module Bundler` is rescued as
// `Bundler::InsecureInstallPathError`. A "class" that is an expression
// (`$result['exception']`) is no class: no sample can catch it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/extractor.h"

namespace errdex {

// The class to catch for `s` (whose file has `lines`), qualified where the
// file says how; s.error_class unchanged for other languages or when the
// file does not say; "" when the class is not a name.
std::string CatchClass(const ErrorSite& s, const std::vector<std::string_view>& lines);

}  // namespace errdex
