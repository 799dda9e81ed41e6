// The command line's shared parts (see cli.h).
#include <CLI/CLI.hpp>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "cli/cli.h"
#include "cli/color.h"
#include "errdex/source.h"
#include "util/text.h"

namespace errdex {

namespace {
// "errdex:", red on a terminal that gets colour.
std::string Prefix() { return PaintErr(Style::kError, "errdex:"); }
std::string& UsageHint() {
  static std::string hint = "See 'errdex --help'.";
  return hint;
}
}  // namespace

void SetUsageHint(const std::string& hint) { UsageHint() = hint; }

int Fail(const Status& st) {
  // Error texts carry names and replies from outside (files, servers).
  std::fprintf(stderr, "%s %s\n", Prefix().c_str(), TerminalSafe(st.message()).c_str());
  return kExitFailure;
}

int FailNotFound(const Status& st) {
  std::fprintf(stderr, "%s %s\n", Prefix().c_str(), TerminalSafe(st.message()).c_str());
  return kExitNotFound;
}

int FailUsage(const std::string& msg) {
  std::fprintf(stderr, "%s %s\n", Prefix().c_str(), TerminalSafe(msg).c_str());
  return kExitFailure;
}

int FailUsageHelp(const std::string& msg) {
  std::fprintf(stderr, "%s %s\n%s\n", Prefix().c_str(), TerminalSafe(msg).c_str(),
               UsageHint().c_str());
  return kExitFailure;
}

void PrintSafe(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  int size = std::vsnprintf(nullptr, 0, format, args);
  va_end(args);
  if (size > 0) {
    std::string text(static_cast<size_t>(size) + 1, '\0');
    std::vsnprintf(text.data(), text.size(), format, again);
    text.pop_back();
    std::string safe = TerminalSafe(text);
    std::fwrite(safe.data(), 1, safe.size(), stdout);
  }
  va_end(again);
}

Result<std::unique_ptr<Store>> OpenStore(const std::string& db) {
  return Store::Open(db.empty() ? DefaultDbPath() : db);
}

Result<std::unique_ptr<Store>> OpenStoreForReading(const std::string& db) {
  return Store::OpenExisting(db.empty() ? DefaultDbPath() : db);
}

IndexOptions OptionsFrom(const IndexArgs& a) {
  IndexOptions opt;
  opt.path = a.path;
  opt.threads = a.threads;
  opt.source.rev = a.rev;
  opt.source.repo = a.repo;
  opt.source.worktree = a.worktree;
  SkipRules& rules = opt.source.rules;
  rules.skip_tests = !a.include_tests;
  rules.skip_examples = !a.include_examples;
  rules.skip_docs = !a.include_docs;
  rules.skip_vendored = !a.include_vendored;
  rules.skip_generated = !a.include_generated;
  rules.include = a.include;
  rules.exclude = a.exclude;
  rules.max_file_bytes = a.max_file_bytes;
  opt.limits = a.limits;
  return opt;
}

void AddSourceFlags(CLI::App* cmd, IndexArgs* a) {
  cmd->add_option("path", a->path, "Git repository (or plain directory with --repo)")->required();
  cmd->add_option("--repo", a->repo, "owner/name (default: from the origin remote)");
  cmd->add_flag("--include-tests", a->include_tests, "Do not skip tests");
  cmd->add_flag("--include-examples", a->include_examples, "Do not skip examples");
  cmd->add_flag("--include-docs", a->include_docs, "Do not skip docs");
  cmd->add_flag("--include-vendored", a->include_vendored,
                "Do not skip vendored code and build output");
  cmd->add_flag("--include-generated", a->include_generated, "Do not skip generated code");
  cmd->add_option("--include", a->include, "Glob of paths to index whatever the rules say");
  cmd->add_option("--exclude", a->exclude, "Glob of paths to skip");
  cmd->add_option("--max-file-bytes", a->max_file_bytes, "Skip larger files")
      ->capture_default_str();
  cmd->add_option("--max-template-bytes", a->limits.max_template_bytes,
                  "Skip error sites whose message is longer (as written in source)")
      ->capture_default_str();
  cmd->add_option("--max-template-holes", a->limits.max_template_holes,
                  "Skip error sites whose message has more holes")
      ->capture_default_str();
  cmd->add_option("--max-record-bytes", a->limits.max_record_bytes,
                  "Skip records larger than this as stored JSON")
      ->capture_default_str();
  cmd->add_option("--threads", a->threads, "Worker threads (default: all cores)");
  cmd->footer("Default skip rules:\n" + DescribeSkipRules());
}

}  // namespace errdex
