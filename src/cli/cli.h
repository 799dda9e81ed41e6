// The command line's shared parts: exit codes, error printing, the store,
// the flags `index` and `diff` share, and the one function per subcommand
// (one file each, as git's builtin/) that registers its options and returns
// how to run it. Every subcommand is a thin layer over the library
// (include/errdex/); exit codes are mapped here and nowhere else.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "errdex/indexer.h"
#include "errdex/status.h"
#include "errdex/store.h"

namespace errdex {

// The project's version (CMakeLists.txt), as the package and --version show it.
#ifndef ERRDEX_VERSION
#define ERRDEX_VERSION "0.0.0"
#endif
constexpr const char* kVersion = ERRDEX_VERSION;

// 0 found / done, 1 not found, 2 usage or failure.
constexpr int kExitFound = 0;
constexpr int kExitNotFound = 1;
constexpr int kExitFailure = 2;
// `diff` follows `git diff --exit-code`: 0 no changes, 1 changes.
constexpr int kExitDifferences = 1;

constexpr const char* kDbHelp =
    "SQLite database (default $ERRDEX_DB, else ~/.local/share/errdex/errdex.db)";

// Prints "errdex: MESSAGE" to stderr and returns 2: a path, revision or
// database that is missing is a failure of the run, not its answer.
int Fail(const Status& st);
// The same for a lookup whose answer is "nothing": returns 1.
int FailNotFound(const Status& st);
int FailUsage(const std::string& msg);
// For argument errors found after parsing: the message, then where help is
// ("See 'errdex COMMAND --help'.", set by main with SetUsageHint), as parse
// errors are worded.
int FailUsageHelp(const std::string& msg);
void SetUsageHint(const std::string& hint);
// For commands that write (index, analyze); creates the database.
Result<std::unique_ptr<Store>> OpenStore(const std::string& db);
// For commands that only read: a missing database is an error, not created.
Result<std::unique_ptr<Store>> OpenStoreForReading(const std::string& db);
// printf to stdout with control characters shown, not sent (TerminalSafe in
// util/text.h): text printed for people comes from indexed files and pastes.
// printf stops a %s argument at its first NUL, so text that may hold one (a
// message, source line or paste) is passed as TerminalSafe(text).c_str().
void PrintSafe(const char* format, ...) __attribute__((format(printf, 1, 2)));

// What `index` reads: which repository, which files, where to store.
struct IndexArgs {
  std::string path, repo, rev = "HEAD", db;
  bool json = false, include_tests = false, include_examples = false, include_docs = false,
       include_vendored = false, include_generated = false, no_progress = false, verbose = false,
       worktree = false;
  std::vector<std::string> include, exclude;
  size_t max_file_bytes = 2 * 1024 * 1024;
  RecordLimits limits;
  int threads = 0;
};

// The options `index` and `diff` share: which repository, which files.
void AddSourceFlags(CLI::App* cmd, IndexArgs* a);
IndexOptions OptionsFrom(const IndexArgs& a);

// A registered subcommand: `run` is called when `app` was parsed.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command AddIndexCommand(CLI::App* app);
Command AddDiffCommand(CLI::App* app);
Command AddExplainCommand(CLI::App* app);
Command AddShowCommand(CLI::App* app);
Command AddListCommand(CLI::App* app);
Command AddAnalyzeCommand(CLI::App* app);
Command AddServeCommand(CLI::App* app);
Command AddExportCommand(CLI::App* app);
Command AddMcpCommand(CLI::App* app);
Command AddCheckCommand(CLI::App* app);
// `completions bash|zsh|fish` (completions.cc): scripts generated from the
// model of `app` that prints --help, as is the manual page (manpage.cc).
Command AddCompletionsCommand(CLI::App* app);
std::string CompletionScript(const CLI::App& app, const std::string& shell);
std::string ManPage(const CLI::App& app);

}  // namespace errdex
