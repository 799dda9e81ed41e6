// Option bindings: the command-line options a C program declares with
// git-style parse-options tables (`OPT_STRING(0, "config", &config_key, ..)`,
// `OPT_BOOL(0, "batch-all-objects", &opt.all_objects, ..)`). A check on
// `config_key` or `opt->all_objects` is a check on what the user gave as
// `--config` or `--batch-all-objects`: the trigger names the option, in the
// user's terms, instead of only the code expression (blind grading: "`err <
// 0`" for "--config is not a valid key name").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct OptionBinding {
  std::string option;    // "--config"
  std::string variable;  // as bound: "config_key", "opt.all_objects"
  int line = 0;          // 1-based line of the table entry
};

// The `OPT_*(short, "long", &var, ...)` entries of `lines`.
std::vector<OptionBinding> OptionBindings(const std::vector<std::string_view>& lines);

// The bindings a check between `function_line` and `line` can see: a
// member (the same field of the options struct, wherever it is passed), a
// variable bound in that function's own table, or one declared at file
// level (`static int verbose;`). Another function's local of the same
// name is another variable.
std::vector<OptionBinding> VisibleBindings(const std::vector<OptionBinding>& bindings,
                                           const std::vector<std::string_view>& lines,
                                           int function_line, int line);

// " `config_key` is set by `--config` (line 47)." for each variable of the
// bindings that `expr` reads (a member binding only through a
// member access: `opt->all_objects`); "" when none. The bindings' lines are
// appended to *cited.
std::string BoundOptionsText(const std::vector<OptionBinding>& bindings, std::string_view expr,
                             std::vector<int>* cited);

}  // namespace errdex
