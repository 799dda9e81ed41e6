// Value origin: where the local a deciding check tests got its value, when
// that is what decides the error rather than the test itself. The nearest
// `if (reachedmax)` only restates a flag; the cause is the condition that
// set it (`if (follows >= maxredirs) reachedmax = TRUE;`), the call whose
// result it holds (`$parsed = parse_url($url); if ($parsed === false)`), or
// the environment variable it was read from. Read from the lines of the
// function above the check; nothing is reported unless one assignment in
// the function gives the local its value.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct ValueOrigin {
  // kLookup: an entry of a map or list (`this._subs[id]`), text the lookup.
  enum Kind { kCall, kFlag, kEnvironment, kLookup };
  Kind kind = kCall;
  std::string var;   // the local, as the check spells it
  std::string text;  // the call (`parse_url($url)`), the condition, or the variable name
  int line = 0;      // the assignment (kCall, kEnvironment) or the `if` that sets the flag
};

// The origin of `var` for a check at `check_line` in the function starting
// at `function_line` (1-based lines).
std::optional<ValueOrigin> OriginOf(const std::vector<std::string_view>& lines,
                                    const std::string& var, int function_line, int check_line);

// Whether `rhs` looks up one entry by a key that is no literal:
// `this._subs[id]`, or with `calls` also `self._conns.get(name)` /
// `m.get(k, None)` (a default other than null/None/nil is no lookup that
// can miss). *map and *key as written.
bool KeyLookup(std::string_view rhs, bool calls, std::string* map, std::string* key);

// The environment variable a line of code reads (`os.Getenv("X")`,
// `process.env.X`, `ENV["X"]`, `getenv("X")`, ...), or "".
std::string EnvironmentRead(std::string_view code);

}  // namespace errdex
