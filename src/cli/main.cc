// errdex command line: builds the subcommands (one file each under src/cli/,
// see cli.h) and runs the one that was parsed.
#include <CLI/CLI.hpp>
#include <vector>

#include "cli/cli.h"

namespace errdex {
namespace {

int Main(int argc, char** argv) {
  CLI::App app{"errdex: every user-facing error of a repository, and where it comes from"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "errdex 0.1.0");
  std::vector<Command> commands = {
      AddIndexCommand(&app), AddDiffCommand(&app),   AddExplainCommand(&app),
      AddShowCommand(&app),  AddListCommand(&app),   AddAnalyzeCommand(&app),
      AddServeCommand(&app), AddExportCommand(&app), AddMcpCommand(&app),
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kExitFailure;
  }
  for (const Command& c : commands) {
    if (*c.app) return c.run();
  }
  return kExitFailure;
}

}  // namespace
}  // namespace errdex

int main(int argc, char** argv) { return errdex::Main(argc, argv); }
