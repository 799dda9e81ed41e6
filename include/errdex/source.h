// Source: the files of a repository at a pinned commit (read from the git
// object database through libgit2, so the work tree never leaks in), or of a
// plain directory. Files are classified and hostile ones skipped here, before
// any parser sees them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "errdex/status.h"

namespace errdex {

struct SkipRules {
  bool skip_tests = true;
  bool skip_examples = true;
  bool skip_docs = true;
  bool skip_vendored = true;
  bool skip_generated = true;
  // Globs matched against the repository-relative path ("*" within a path
  // segment, "**" across segments). include wins over every skip rule.
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  size_t max_file_bytes = 2 * 1024 * 1024;
};

// Human-readable description of the default rules, for --help.
std::string DescribeSkipRules();

struct SourceFile {
  std::string path;     // repository-relative, '/'-separated
  std::string content;  // valid UTF-8 (invalid sequences replaced by U+FFFD)
  bool repaired_utf8 = false;
  std::string blob;  // git blob id (hex) of the committed content; "" for a plain directory
};

struct SkippedFile {
  std::string path;
  std::string reason;  // "test", "vendored", "too-large", "binary", "symlink", ...
};

struct Snapshot {
  std::string repo;               // "owner/name"
  std::string sha;                // full commit sha; empty for a plain directory
  std::string note;               // e.g. "not a git repository: no commit pins these records"
  std::vector<SourceFile> files;  // files some extractor handles, not skipped
  std::vector<SkippedFile> skipped;
  // Source files in languages no extractor handles (by extension: not docs,
  // configuration or data); not reported one by one.
  int unsupported = 0;
  std::map<std::string, int> SkipCounts() const;
};

struct SourceOptions {
  std::string rev = "HEAD";
  std::string repo;  // overrides the origin remote
  SkipRules rules;
  // Read a git work tree's files as they are on disk (tracked and untracked,
  // not ignored: `git ls-files --cached --others --exclude-standard`) instead
  // of the commit rev. When they differ from HEAD no commit pins the
  // records: Snapshot::sha is empty and Snapshot::note says so.
  bool worktree = false;
};

// Reads PATH: a git repository (work tree or bare) at options.rev, or its
// work tree as it is on disk (options.worktree), or a plain directory (which
// then requires options.repo). Only files for which
// `wanted(path)` is true are read; the rest are counted as unsupported.
Result<Snapshot> ReadSnapshot(const std::string& path, const SourceOptions& options,
                              bool (*wanted)(std::string_view path));

// The work tree's uncommitted changes at PATH, as `git status` lists them
// (modified, staged, deleted, untracked; an untracked directory counts once);
// 0 for a plain directory or a bare repository.
int CountUncommittedChanges(const std::string& path);
// Parses "owner/name" out of a remote URL (https, ssh, scp-like, local path).
std::string RepoFromRemoteUrl(const std::string& url);
// Classifies a path against the rules; returns "" to keep, else the reason.
std::string ClassifyPath(const std::string& path, const SkipRules& rules);
// Returns the skip reason for content ("binary", "generated", "too-large") or "".
std::string ClassifyContent(std::string_view content, const SkipRules& rules);
// Replaces invalid UTF-8 with U+FFFD; returns true if anything was replaced.
bool RepairUtf8(std::string* text);

}  // namespace errdex
