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
#include "util/text.h"

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

// The closest of `names` to `word`, "" when none is within two edits.
std::string Closest(std::string_view word, const std::vector<std::string>& names) {
  std::string best;
  size_t best_distance = 3;  // farther than two edits is no suggestion
  for (const std::string& name : names) {
    size_t d = Distance(word, name);
    if (d < best_distance) best_distance = d, best = name;
  }
  return best;
}

// "WHO: WHAT. Did you mean 'X'?" and "See 'WHO --help'." on stderr, as git
// words it (WHO is "errdex" or "errdex COMMAND"); returns 2.
int UsageError(const std::string& who, const std::string& what, const std::string& suggestion) {
  std::fprintf(stderr, "%s: %s.", who.c_str(), TerminalSafe(what).c_str());
  if (!suggestion.empty()) std::fprintf(stderr, " Did you mean '%s'?", suggestion.c_str());
  std::fprintf(stderr, "\nSee '%s --help'.\n", who.c_str());
  return kExitFailure;
}

// At most 200 bytes of a word typed by the user, for an error message.
std::string Quoted(std::string_view word) { return "'" + std::string(word.substr(0, 200)) + "'"; }

// `errdex frobnicate`: an error naming the word, with the closest command.
int UnknownCommand(const std::string& program, std::string_view word,
                   const std::vector<Command>& commands) {
  std::vector<std::string> names;
  for (const Command& c : commands) names.push_back(c.app->get_name());
  return UsageError(program, "unknown command " + Quoted(word), Closest(word, names));
}

// The long options `cmd` takes, with the program's own (--color, ...).
std::vector<std::string> LongOptions(const CLI::App& app, const CLI::App* cmd) {
  std::vector<std::string> names;
  for (const CLI::App* a : {&app, cmd}) {
    if (a == nullptr) continue;
    for (const CLI::Option* o : a->get_options()) {
      for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
    }
  }
  return names;
}

// A parse error of CLI11, worded as errdex's others: who failed (the
// command being parsed), what, the closest option for an unknown one, and
// where help is. Asking for help or the version is no error.
int ParseFailure(const CLI::App& app, const CLI::ParseError& e, const std::string& program,
                 const std::vector<std::string>& args) {
  if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
  std::vector<CLI::App*> parsed = app.get_subcommands();
  const CLI::App* cmd = parsed.empty() ? nullptr : parsed.back();
  if (cmd == nullptr && dynamic_cast<const CLI::RequiredError*>(&e) != nullptr) {
    // `errdex` alone: what it can do, as rg and git answer.
    std::fprintf(stderr, "%s", app.help().c_str());
    return kExitFailure;
  }
  std::string who = cmd == nullptr ? program : program + " " + cmd->get_name();
  std::string what = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    // "The following argument(s) was/were not expected: A B": the first.
    std::string_view words = what;
    words.remove_prefix(std::min(words.size(), words.find(": ") + 2));
    std::string_view word = words.substr(0, words.find(' '));
    // An option unknown to the command falls through to the program, whose
    // own options come before the command (`errdex --colr=never list`).
    auto typed = std::find(args.begin(), args.end(), word);
    if (cmd != nullptr && typed < std::find(args.begin(), args.end(), cmd->get_name())) {
      who = program;
      cmd = nullptr;
    }
    if (!word.starts_with("-")) return UsageError(who, "unexpected argument " + Quoted(word), "");
    std::string_view flag = word.substr(0, word.find('='));
    return UsageError(who, "unknown option " + Quoted(word), Closest(flag, LongOptions(app, cmd)));
  }
  // "Could not convert: --limit = x" (CLI11's words for a bad number).
  constexpr std::string_view kConvert = "Could not convert: ";
  if (size_t eq = what.find(" = "); what.starts_with(kConvert) && eq != std::string::npos) {
    std::string name = what.substr(kConvert.size(), eq - kConvert.size());
    what = "invalid value " + Quoted(what.substr(eq + 3)) + " for " + name;
  }
  return UsageError(who, what, "");
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
      AddIndexCommand(&app), AddDiffCommand(&app),        AddExplainCommand(&app),
      AddShowCommand(&app),  AddListCommand(&app),        AddAnalyzeCommand(&app),
      AddServeCommand(&app), AddExportCommand(&app),      AddMcpCommand(&app),
      AddCheckCommand(&app), AddCompletionsCommand(&app),
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
    return ParseFailure(app, e, program, args);
  }
  ColorMode mode = ColorMode::kAuto;
  ParseColorMode(color, &mode);
  SetColorMode(mode);
  for (const Command& c : commands) {
    if (!*c.app) continue;
    SetUsageHint("See '" + program + " " + c.app->get_name() + " --help'.");
    return c.run();
  }
  return kExitFailure;
}

}  // namespace
}  // namespace errdex

int main(int argc, char** argv) { return errdex::Main(argc, argv); }
