// errdex command line: builds the subcommands (one file each under src/cli/,
// see cli.h) and runs the one that was parsed.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "cli/color.h"

namespace errdex {
namespace {

// The program's name as invoked, without its directory ("errdex").
std::string ProgramName(const char* argv0) {
  std::string_view name = argv0 != nullptr ? argv0 : "";
  size_t slash = name.rfind('/');
  if (slash != std::string_view::npos) name.remove_prefix(slash + 1);
  return name.empty() ? "errdex" : std::string(name);
}

// Levenshtein distance, for "did you mean" on a mistyped subcommand.
size_t Distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// `errdex frobnicate`: an error naming the word, with the closest command.
int UnknownCommand(const std::string& program, std::string_view word,
                   const std::vector<Command>& commands) {
  std::string best;
  size_t best_distance = 3;  // farther than two edits is no suggestion
  for (const Command& c : commands) {
    size_t d = Distance(word, c.app->get_name());
    if (d < best_distance) best_distance = d, best = c.app->get_name();
  }
  std::fprintf(stderr, "%s: unknown command '%.*s'.", program.c_str(),
               static_cast<int>(std::min<size_t>(word.size(), 200)), word.data());
  if (!best.empty()) std::fprintf(stderr, " Did you mean '%s'?", best.c_str());
  std::fprintf(stderr, "\nSee '%s --help'.\n", program.c_str());
  return kExitFailure;
}

int Main(int argc, char** argv) {
  std::string program = ProgramName(argc > 0 ? argv[0] : nullptr);
  CLI::App app{"errdex: every user-facing error of a repository, and where it comes from", program};
  app.require_subcommand(1);
  app.set_version_flag("-V,--version", std::string("errdex ") + kVersion);
  // Global options are accepted after the subcommand too (`errdex list --color=never`).
  app.fallthrough();
  std::string color = "auto";
  app.add_option("--color", color,
                 "When to colour the output: auto (on a terminal, unless NO_COLOR is set), "
                 "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  bool help_man = false;  // answered before parsing, below
  app.add_flag("--help-man", help_man, "Print the manual page (roff), generated from this help");
  app.footer(
      "Exit status: 0 found or done, 1 not found (for diff: something changed), "
      "2 usage error or failure.\n"
      "Environment: ERRDEX_DB is the database when --db is not given (else "
      "~/.local/share/errdex/errdex.db); NO_COLOR set and not empty turns colour off unless "
      "--color=always.");
  std::vector<Command> commands = {
      AddIndexCommand(&app),       AddDiffCommand(&app),   AddExplainCommand(&app),
      AddShowCommand(&app),        AddListCommand(&app),   AddAnalyzeCommand(&app),
      AddServeCommand(&app),       AddExportCommand(&app), AddMcpCommand(&app),
      AddCompletionsCommand(&app),
  };
  std::vector<std::string> args(argv, argv + argc);
  if (argc >= 2) {
    std::string_view first = argv[1];
    // Asked for alone, before parsing (which would want a subcommand).
    if (first == "--help-man") {
      std::cout << ManPage(app);
      return kExitFound;
    }
    // `errdex help [COMMAND]`, as git and gh take it: COMMAND --help.
    if (first == "help") {
      if (argc == 2) {
        std::cout << app.help();
        return kExitFound;
      }
      bool known = false;
      for (const Command& c : commands) known = known || c.app->get_name() == argv[2];
      if (!known) return UnknownCommand(program, argv[2], commands);
      args = {args[0], args[2], "--help"};
    }
    std::string_view command = args[1];
    bool known = command.starts_with("-");
    for (const Command& c : commands) known = known || c.app->get_name() == command;
    if (!known) return UnknownCommand(program, command, commands);
  }
  try {
    std::vector<char*> pointers;
    for (std::string& a : args) pointers.push_back(a.data());
    app.parse(static_cast<int>(pointers.size()), pointers.data());
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kExitFailure;
  }
  ColorMode mode = ColorMode::kAuto;
  ParseColorMode(color, &mode);
  SetColorMode(mode);
  for (const Command& c : commands) {
    if (*c.app) return c.run();
  }
  return kExitFailure;
}

}  // namespace
}  // namespace errdex

int main(int argc, char** argv) { return errdex::Main(argc, argv); }
