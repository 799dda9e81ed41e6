// errdex index: extract a repository's errors at a commit into the store,
// with a progress bar on a terminal and a summary (text or --json).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "cli/color.h"
#include "errdex/indexer.h"
#include "errdex/source.h"
#include "mcp/result_json.h"
#include "util/text.h"

namespace errdex {
namespace {

// A progress line on stderr, drawn only on a terminal: done/total, sites,
// the rate and the time left at that rate. Finish() clears it so that the
// summary starts on a line of its own.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled), start_(Clock::now()) {}
  ~ProgressBar() { Finish(); }
  void Update(const Progress& p) {
    if (!enabled_) return;
    auto now = Clock::now();
    if (p.files_done != p.files_total && now - last_ < std::chrono::milliseconds(80)) return;
    last_ = now;
    drawn_ = true;
    double secs = std::chrono::duration<double>(now - start_).count();
    double rate = secs > 0 ? p.files_done / secs : 0.0;
    int width = 30;
    int filled = p.files_total ? p.files_done * width / p.files_total : width;
    std::string bar(filled, '#');
    bar.resize(width, '.');
    std::fprintf(stderr, "\r\033[K[%s] %d/%d files  %d sites  %.0f files/s%s", bar.c_str(),
                 p.files_done, p.files_total, p.sites, rate,
                 Eta(rate, p.files_total - p.files_done).c_str());
    std::fflush(stderr);
  }
  void Finish() {
    if (drawn_) std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    drawn_ = false;
  }

 private:
  using Clock = std::chrono::steady_clock;
  // "  ETA 1m05s"; nothing before the rate is known.
  static std::string Eta(double rate, int files_left) {
    if (rate <= 0 || files_left <= 0) return "";
    int secs = static_cast<int>(files_left / rate + 0.5);
    char text[32];
    if (secs >= 60) {
      std::snprintf(text, sizeof text, "  ETA %dm%02ds", secs / 60, secs % 60);
    } else {
      std::snprintf(text, sizeof text, "  ETA %ds", secs);
    }
    return text;
  }
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_, last_{};
};

void PrintSummary(const IndexSummary& s, bool worktree) {
  const char* unpinned = worktree ? "work tree" : "(no commit)";
  PrintSafe("indexed %s @ %s\n", s.repo.c_str(), s.sha.empty() ? unpinned : s.sha.c_str());
  if (!s.note.empty()) PrintSafe("note: %s\n", s.note.c_str());
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
    std::printf(" (limits: --max-template-bytes, --max-template-holes, --max-record-bytes)\n");
  }
  if (s.unsupported_files) {
    std::printf("%d files in languages errdex does not extract yet\n", s.unsupported_files);
  }
}

// Warnings go to stderr, grouped into counts ("312 files had syntax
// errors"); --verbose lists every one. Sites past the limits are already
// counted in the summary.
void PrintWarnings(const IndexSummary& s, bool verbose) {
  std::string warning = PaintErr(Style::kWarning, "warning:");
  if (verbose) {
    for (const std::string& w : s.warnings) {
      std::fprintf(stderr, "%s %s\n", warning.c_str(), TerminalSafe(w).c_str());
    }
    return;
  }
  auto group = [&](int n, const char* one, const char* many) {
    if (n > 0) {
      std::fprintf(stderr, "%s %d %s; --verbose lists them\n", warning.c_str(), n,
                   n == 1 ? one : many);
    }
  };
  group(s.files_with_syntax_errors,
        "file had syntax errors (the sites in its well-formed parts were kept)",
        "files had syntax errors (the sites in their well-formed parts were kept)");
  group(s.files_repaired_utf8, "file had invalid UTF-8, replaced by U+FFFD",
        "files had invalid UTF-8, replaced by U+FFFD");
  auto failed = s.skipped.find("parse-failed");
  group(failed == s.skipped.end() ? 0 : failed->second, "file could not be parsed",
        "files could not be parsed");
}

// errdex reads the commit, not the work tree (unless --worktree): edits not
// committed yet are left out, and the user is told so.
void NoteUncommitted(const IndexArgs& a) {
  if (a.rev != "HEAD" || a.worktree) return;
  int changes = CountUncommittedChanges(a.path);
  if (changes == 0) return;
  std::fprintf(stderr,
               "note: %d uncommitted change%s in the work tree %s not indexed (errdex reads "
               "the commit HEAD; commit them, or pass --worktree to index the files as they "
               "are on disk)\n",
               changes, changes == 1 ? "" : "s", changes == 1 ? "is" : "are");
}

int RunIndexCommand(const IndexArgs& a, double lock_timeout) {
  IndexOptions opt = OptionsFrom(a);
  opt.lock_timeout_seconds = lock_timeout;
  if (!a.repo.empty() && a.repo.find('/') == std::string::npos) {
    return FailUsage("--repo must be owner/name, got '" + a.repo + "'");
  }
  auto store = OpenStore(a.db);
  if (!store.ok()) return Fail(store.status());
  ProgressBar bar(!a.json && !a.no_progress && isatty(STDERR_FILENO));
  opt.note = [&](const std::string& text) {
    bar.Finish();
    std::fprintf(stderr, "errdex: %s\n", text.c_str());
  };
  auto summary = RunIndex(opt, store->get(), [&](const Progress& p) { bar.Update(p); });
  bar.Finish();
  if (!summary.ok()) return Fail(summary.status());
  if (a.json) {
    std::cout << IndexSummaryJson(*summary).dump(2, ' ', false,
                                                 nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    PrintSummary(*summary, a.worktree);
  }
  std::fflush(stdout);
  if (!a.json) {  // --json carries the warnings itself, on stdout
    PrintWarnings(*summary, a.verbose);
    NoteUncommitted(a);
  }
  return kExitFound;
}

}  // namespace

Command AddIndexCommand(CLI::App* app) {
  auto a = std::make_shared<IndexArgs>();
  auto lock_timeout = std::make_shared<double>(60);
  CLI::App* cmd = app->add_subcommand("index", "Index a repository at a commit");
  AddSourceFlags(cmd, a.get());
  cmd->add_option("--rev", a->rev, "Revision to read from the object database")
      ->capture_default_str();
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "Print a machine-readable summary");
  cmd->add_flag("--worktree", a->worktree,
                "Index the work tree's files as they are on disk, uncommitted changes included "
                "(tracked and untracked, not ignored); unless they equal HEAD's, no commit pins "
                "the records and their links point at HEAD");
  cmd->add_flag("--no-progress", a->no_progress, "No progress bar");
  cmd->add_flag("-v,--verbose", a->verbose,
                "List every warning (files with syntax errors, repaired UTF-8, sites past the "
                "limits) instead of their counts");
  cmd->add_option("--lock-timeout", *lock_timeout,
                  "Seconds to wait for another errdex writing to the database before giving up")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  return {cmd, [a, lock_timeout] { return RunIndexCommand(*a, *lock_timeout); }};
}

}  // namespace errdex
