// Unpassed state: when to say "`x` is not an argument of `f`". Only of a
// name a caller of `f` might take for a value they pass: not of a local the
// function computes before its check (rustup's `component_name`, libgit2's
// `varint_len`), nor of a name its header spells (a parameter the header
// reader missed: composer's `?IOInterface $io`), nor of an out-parameter the
// checked call writes (redis's `StringToLongLong(argv[1], &delay)`), and
// not at all when no user calls `f` (thirteenth grading: a dozen records of
// noise, three of them false).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

// The names of `own` (the check's variables that are no parameter) worth
// that sentence, for a check `expr` at `check_line` in a function whose
// header starts at `function_line`.
std::vector<std::string> UnpassedState(const std::vector<std::string>& own, std::string_view expr,
                                       const std::vector<std::string_view>& lines,
                                       int function_line, int check_line, bool callable);

// The names of `own` the function itself moves before its check at
// `check_line`: a cursor, a loop index (npgsql's `pos >= value.Length` in
// Parse, advanced by `pos++`). No caller passes them, so "call `f` with
// arguments for which `pos` ..." is advice nobody can follow (eighteenth
// grading a1a51f78ca321629). Constants (`MAX_LEN`) and out-parameters the
// checked call writes are not among them. Nor can a caller choose what a
// call given the function's `params` returned (`written =
// std::fwrite(ptr, 1, count, stream)`): that local counts too.
std::vector<std::string> ComputedLocals(const std::vector<std::string>& own, std::string_view expr,
                                        const std::vector<std::string_view>& lines,
                                        int function_line, int check_line,
                                        const std::vector<std::string>& params = {});

}  // namespace errdex
