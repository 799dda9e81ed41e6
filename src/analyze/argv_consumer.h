// Argv consumer: a C command handler often lets a parser take the options it
// recognises and keeps the count of what is left in `argc` (git's `argc =
// setup_revisions(argc, argv, &rev, NULL); if (argc > 1) error(..)`). A check
// on `argc` after that is about the leftover arguments, not about how many
// the user typed: "run it with arguments for which `argc` is at most 1"
// read as "pass no arguments" (twenty-third grading, git 5dc1b24a36acfda2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct ArgvConsumer {
  std::string call;  // "setup_revisions"; "" when `argc` was not reassigned
  int line = 0;
};

// The last `argc = f(.. argc .., argv ..)` between the function's line and
// `check_line` (exclusive), when `expr` reads `argc`.
ArgvConsumer ArgvConsumerBefore(const std::vector<std::string_view>& lines, int function_line,
                                int check_line, std::string_view expr);

}  // namespace errdex
