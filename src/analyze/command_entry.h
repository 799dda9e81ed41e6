// Command entries: a C program's command table names the function that
// carries out each command (tmux's `const struct cmd_entry
// cmd_list_buffers_entry = { .name = "list-buffers", .alias = "lsb", .usage
// = "[-F format] ...", .exec = cmd_list_buffers_exec }`). An error that
// handler reports is the error of that command, as the user typed it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct CommandEntry {
  std::string name;
  std::string alias;   // "" when none
  std::string usage;   // "" when it is not all literals and known macros
  int first_line = 0;  // the initializer's lines, 1-based
  int last_line = 0;
};

// `#define NAME "text"` lines of `lines`, for usage strings built from them.
void AddStringDefines(const std::vector<std::string_view>& lines,
                      std::map<std::string, std::string>* defines);

// The initializers in `lines` whose `.exec` (or `.handler`, `.proc`) is
// `function` and that have a `.name` string (tmux's `cmd_set_buffer_exec`
// carries out both `set-buffer` and `delete-buffer`).
std::vector<CommandEntry> CommandEntriesFor(const std::vector<std::string_view>& lines,
                                            std::string_view function,
                                            const std::map<std::string, std::string>& defines);

// "`f` carries out the command `list-buffers` (alias `lsb`, usage
// “list-buffers [-F format] ...”; file:33–44)."; for several entries, their
// names and lines only. `entries` is not empty.
std::string CommandEntryText(const std::vector<CommandEntry>& entries, std::string_view function,
                             std::string_view file);

}  // namespace errdex
