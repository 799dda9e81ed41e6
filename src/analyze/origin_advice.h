// Origin advice: what a solution may say about the call a checked local got
// its value from (value_origin.h), in the user's terms. The call may read
// what the user typed (a command's argument `c->argv[4]->ptr`, Symfony's
// `$input->getArgument('script')`, tmux's `args_get(args, 't')`) or answered
// (`$io->askAndHideAnswer('Secret: ')`): that input is what to change. A call
// to the library's own internal function (a C function that no installed
// header declares, a private or `_`-prefixed method) is not something users
// investigate or pass arguments to: advice about it is marked generic.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "resolve/setter_index.h"

namespace errdex {

// The command input the call reads ("c->argv[4]->ptr",
// "$input->getArgument('script')", "args_get(args, 't')"), or "".
std::string CommandInputOf(std::string_view call);

// The text of the prompt the call asks the user (`ask('Name: ')`,
// `askAndHideAnswer(..)`, `input("..")`, `readline("..")`), or "".
std::string PromptOf(std::string_view call);

// The arguments of the outermost call in `call`, split at its top-level
// commas (`f(a->b, g(c, d))` -> "a->b", "g(c, d)").
std::vector<std::string> CallArguments(std::string_view call);

// Whether the function `call` calls is the library's own internal one (see
// above), read from `lines` (the caller's file) and the repository's index.
bool InternalCallee(std::string_view call, const std::string& language,
                    const std::vector<std::string_view>& lines, const SetterIndex* setters);

}  // namespace errdex
