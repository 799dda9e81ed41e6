// errdex index: extract a repository's errors at a commit into the store,
// with a progress bar on a terminal and a summary (text or --json).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "errdex/indexer.h"
#include "mcp/result_json.h"

namespace errdex {
namespace {

class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled), start_(Clock::now()) {}
  ~ProgressBar() {
    if (drawn_) std::fputs("\r\033[K", stderr);
  }
  void Update(const Progress& p) {
    if (!enabled_) return;
    auto now = Clock::now();
    if (p.files_done != p.files_total && now - last_ < std::chrono::milliseconds(80)) return;
    last_ = now;
    drawn_ = true;
    double secs = std::chrono::duration<double>(now - start_).count();
    int width = 30;
    int filled = p.files_total ? p.files_done * width / p.files_total : width;
    std::string bar(filled, '#');
    bar.resize(width, '.');
    std::fprintf(stderr, "\r\033[K[%s] %d/%d files  %d sites  %.0f files/s", bar.c_str(),
                 p.files_done, p.files_total, p.sites, secs > 0 ? p.files_done / secs : 0.0);
    std::fflush(stderr);
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_, last_{};
};

void PrintSummary(const IndexSummary& s) {
  std::printf("indexed %s @ %s\n", s.repo.c_str(), s.sha.empty() ? "(no commit)" : s.sha.c_str());
  if (!s.note.empty()) std::printf("note: %s\n", s.note.c_str());
  std::printf("%d files, %d error sites, %d records in %.2fs\n", s.files_indexed, s.sites,
              s.records, s.seconds);
  int skipped = 0;
  for (const auto& [reason, n] : s.skipped) skipped += n;
  if (skipped) {
    std::printf("skipped %d files:", skipped);
    for (const auto& [reason, n] : s.skipped) std::printf(" %s %d;", reason.c_str(), n);
    std::printf(" (see `errdex index --help` for the rules)\n");
  }
  if (!s.skipped_records.empty()) {
    int n = 0;
    for (const auto& [reason, count] : s.skipped_records) n += count;
    std::printf("skipped %d error sites:", n);
    for (const auto& [reason, count] : s.skipped_records) {
      std::printf(" %s %d;", reason.c_str(), count);
    }
    std::printf(" (limits: --max-template-bytes, --max-template-holes)\n");
  }
  if (s.unsupported_files) {
    std::printf("%d files in languages errdex does not extract yet\n", s.unsupported_files);
  }
  for (const std::string& w : s.warnings) std::printf("warning: %s\n", w.c_str());
}

int RunIndexCommand(const IndexArgs& a) {
  IndexOptions opt = OptionsFrom(a);
  if (!a.repo.empty() && a.repo.find('/') == std::string::npos) {
    return FailUsage("--repo must be owner/name, got '" + a.repo + "'");
  }
  auto store = OpenStore(a.db);
  if (!store.ok()) return Fail(store.status());
  ProgressBar bar(!a.json && !a.no_progress && isatty(STDERR_FILENO));
  auto summary = RunIndex(opt, store->get(), [&](const Progress& p) { bar.Update(p); });
  if (!summary.ok()) return Fail(summary.status());
  if (a.json) {
    std::cout << IndexSummaryJson(*summary).dump(2, ' ', false,
                                                 nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    PrintSummary(*summary);
  }
  return kExitFound;
}

}  // namespace

Command AddIndexCommand(CLI::App* app) {
  auto a = std::make_shared<IndexArgs>();
  CLI::App* cmd = app->add_subcommand("index", "Index a repository at a commit");
  AddSourceFlags(cmd, a.get());
  cmd->add_option("--rev", a->rev, "Revision to read from the object database")
      ->capture_default_str();
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "Print a machine-readable summary");
  cmd->add_flag("--no-progress", a->no_progress, "No progress bar");
  return {cmd, [a] { return RunIndexCommand(*a); }};
}

}  // namespace errdex
