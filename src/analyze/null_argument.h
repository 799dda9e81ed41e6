// Null argument: a raise that is a null check of one named value on its
// own line — Jackson's `_assertNotNull("r", r)`, `Objects.requireNonNull(x,
// "x == null")`, Guava's `checkNotNull(x)`, Kotlin's `requireNotNull(x)`,
// Newtonsoft's `ValidationUtils.ArgumentNotNull(x, nameof(x))`.
// When the value is a parameter of a function the user calls, the fix is
// to pass a non-null one.
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The name of the value the line checks for null, or "".
std::string NullCheckedName(std::string_view line);

// The checker the line calls as written, qualifier kept
// (`Objects.requireNonNull`, `Assert.notNull`), or "" when NullCheckedName
// finds no checked value.
std::string NullCheckCall(std::string_view line);

}  // namespace errdex
