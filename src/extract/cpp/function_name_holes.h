// C and C++ name the enclosing function in their messages with `__func__`
// (`error("%s: setrlimit failed", __func__)`): its value is known where the
// call is written, so the printed text is too ("ssh_sandbox_child:
// setrlimit failed"), and users paste it so.
#pragma once

#include <string_view>

#include "errdex/template.h"

namespace errdex {

// `t` with each `%s`/`{}` hole of `__func__` or `__FUNCTION__` replaced by
// the last component of `function` ("Parser::Fail" prints "Fail"). `t`
// unchanged when `function` is empty. `__PRETTY_FUNCTION__` (a signature
// whose spelling is the compiler's) stays a hole.
Template FillFunctionName(const Template& t, std::string_view function);

}  // namespace errdex
