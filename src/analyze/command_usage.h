// Command usage: a command table entry in the raising function's file that
// names it as its handler (tmux's `const struct cmd_entry
// cmd_unbind_key_entry = { .name = "unbind-key", .usage = "[-anq] [-T
// key-table] key", .exec = cmd_unbind_key_exec }`). What the handler
// reports is about the command as the user typed it, and the entry's usage
// text says what that command takes, in the user's own terms.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "resolve/setter_index.h"

namespace errdex {

struct CommandUsage {
  std::string name;   // "unbind-key"
  std::string alias;  // "unbind", or ""
  std::string usage;  // "[-anq] [-T key-table] key"
  bool known = true;  // false: a macro in the usage text is not defined where errdex looked
  int line = 0;       // the `.usage` line (1-based)
};

// The entries of `lines` (the file of `path`) whose `.exec` is `function`;
// when none is and the function is `static` (only this file calls it),
// every entry of the file. Macros in a usage text (`CMD_TARGET_PANE_USAGE`)
// are read from `setters` (its `#define` constants) when given.
std::vector<CommandUsage> CommandUsagesOf(const std::vector<std::string_view>& lines,
                                          std::string_view path, const std::string& function,
                                          int function_line, const SetterIndex* setters);

// Whether the check `expr` at `check_line` reads the command's arguments:
// `args`/`argv`/`argc` itself, or a local the function set from them above
// the check (`quiet = args_has(args, 'q')`, `x = args_percentage(args, 'x',
// .., &cause)`). A state check ("pane is modal") is not about the command
// as typed.
bool ReadsCommandArguments(const std::vector<std::string_view>& lines, int function_line,
                           int check_line, const std::string& expr);

// The line above the check that sets a local of `expr` from the command's
// arguments (see ReadsCommandArguments), or 0 (also when `expr` reads them
// itself).
int CommandArgumentLine(const std::vector<std::string_view>& lines, int function_line,
                        int check_line, const std::string& expr);

// Whether `expr` is a range check (`<`, `<=`, `>`, `>=`; no call, no
// member) whose every variable is a constant (all capitals) or a local set
// from the command's arguments above the check: "`slot < 0 || slot >
// 16383`" after `getLongLongFromObjectOrReply(c, c->argv[2], &slot, ..)`.
bool RangeOfCommandArguments(const std::vector<std::string_view>& lines, int function_line,
                             int check_line, const std::string& expr);

// Whether the message names a flag: "-f only valid with -a", "--all".
bool NamesFlag(std::string_view message);

// "Check the `unbind-key` command as typed against its usage: `unbind-key
// [-anq] [-T key-table] key` (line 36)", or "" when no entry handles the
// function or the message reports a failure of the system rather than of
// the command line ("tcgetattr failed").
// `check` (the deciding check, at `check_line`) adds the flags it reads
// (`args_has(args, 's')`, `args_get(args, 't')`): "...; the check at line
// 74 reads its `-s`, `-a` flags".
std::string CommandUsageAdvice(const std::vector<CommandUsage>& entries, std::string_view message,
                               std::string_view check = "", int check_line = 0);

// The flags a check reads through tmux-style argument calls
// (`args_has(args, 's')` -> "-s"), in order, once each.
std::vector<std::string> FlagsRead(std::string_view check);

}  // namespace errdex
