// Parsed input: a check that a parse or conversion call failed
// (`strconv.ParseBool(s)`, `Integer.parseInt(v)`, `int(x)`, `JSON.parse(t)`)
// on a value the code read from a URL parameter, an environment variable, a
// header or a configuration key. "Find out why `strconv.ParseBool(s)`
// failed" left the user to work out that their `x-migrations-table-quoted`
// URL parameter must be a boolean (twenty-first grading, 2ea8436e27c87b16);
// this names the input and the form it must have.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

// What a parse call's name says it reads ("a boolean (`true`, `false`, `1`
// or `0`)", "an integer", "a number", "a duration such as `30s`", "valid
// JSON", "a URL"), or "" for any other call.
std::string ParsedForm(std::string_view call);

// Where `expr` (an argument, or what a local was assigned) comes from in
// the user's terms: "the `k` URL parameter", "the environment variable
// `K`", "the `K` header", "the configuration key `k`"; "" when unknown.
std::string InputSource(std::string_view expr);

// The advice for `call` (as written, called at `call_line` of a function
// starting at `function_line`): "Give the `k` URL parameter a boolean value
// (...): `strconv.ParseBool(s)` (line 158) could not read the value it was
// given (read at line 157)", or, with the form known but not where the value
// comes from, "`s` must be ...". "" when the call parses nothing known.
std::string ParsedInputAdvice(std::string_view call, const std::vector<std::string_view>& lines,
                              int call_line, int function_line);

}  // namespace errdex
