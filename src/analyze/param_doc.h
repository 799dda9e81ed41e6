// Parameter docs: what the function's own doc comment says about one
// parameter (`@param timeout seconds to wait, at least 0`, `<param
// name="x">`, `:param x:`, a Google-style `Args:` entry, a Rust `* `x` -`
// item). A solution that asks for a different argument quotes it, so the
// user reads the maintainer's words for the value next to the check.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct ParamDoc {
  std::string text;  // one line, markup stripped; "" when none
  int line = 0;
};

// The doc of `param` in the comment block above `function_line` or, for
// Python, in the docstring right below it (1-based lines).
ParamDoc DocOfParameter(const std::vector<std::string_view>& lines, int function_line,
                        const std::string& param);

}  // namespace errdex
