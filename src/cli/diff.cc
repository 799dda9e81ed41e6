// errdex diff: how a repository's errors changed between two commits (or
// between the stored records and HEAD).
#include "errdex/diff.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>

#include "cli/cli.h"
#include "cli/layout.h"
#include "errdex/record.h"
#include "util/text.h"

namespace errdex {
namespace {

struct DiffArgs {
  IndexArgs source;
  std::vector<std::string> revs;  // none: the database's snapshot -> HEAD; one: REV -> HEAD
  std::string db;
  bool json = false;
};

nlohmann::json DiffEntryJson(const Record& r) {
  return {{"id", r.id},
          {"filePath", r.file_path},
          {"lineNumber", r.line_number},
          {"errorClass", r.error_class.empty() ? nlohmann::json() : nlohmann::json(r.error_class)},
          {"errorCode", r.error_code ? nlohmann::json(*r.error_code) : nlohmann::json()},
          {"httpStatus", r.http_status ? nlohmann::json(*r.http_status) : nlohmann::json()},
          {"kind", r.kind},
          {"errorMessage", r.error_message}};
}

// What a changed field was and became, as the record format writes it.
std::string FieldValue(const Record& r, const std::string& field) {
  nlohmann::json j = DiffEntryJson(r);
  if (field == "severity") return r.severity;
  if (field == "messagePattern") return r.message_pattern;
  return j.contains(field) ? (j[field].is_string() ? j[field].get<std::string>() : j[field].dump())
                           : "";
}

// "…common [-old-]{+new+} common…": where two values differ, with a little
// of the text around the difference.
std::string InlineDiff(const std::string& a, const std::string& b) {
  if (a.size() <= 60 && b.size() <= 60)
    return (a.empty() ? "(none)" : a) + " -> " + (b.empty() ? "(none)" : b);
  size_t n = std::min(a.size(), b.size()), p = 0, q = 0;
  while (p < n && a[p] == b[p]) ++p;
  while (q < n - p && a[a.size() - 1 - q] == b[b.size() - 1 - q]) ++q;
  // Whole words: back to the space before the difference and after it.
  auto boundary = [](char c) { return c == ' ' || c == '\n'; };
  while (p > 0 && !boundary(a[p - 1])) --p;
  while (q > 0 && !boundary(a[a.size() - q])) --q;
  constexpr size_t kContext = 30;
  size_t from = p > kContext ? p - kContext : 0;
  std::string out = from > 0 ? "…" : "";
  out += a.substr(from, p - from);
  out += "[-" + a.substr(p, a.size() - p - q) + "-]{+" + b.substr(p, b.size() - p - q) + "+}";
  out += a.substr(a.size() - q, std::min(q, kContext));
  if (q > kContext) out += "…";
  return OneLine(out, 400);
}

// "+ file:line  Class: message", one line of the terminal's width (the
// message cut at a word with "…"), whole into a pipe.
void PrintDiffLine(char mark, const Record& r) {
  std::string cls = TerminalSafe(r.error_class.empty() ? r.kind : r.error_class);
  // Escaped before printf, which would stop at a NUL in the message.
  std::string head = std::string(1, mark) + " " + TerminalSafe(r.file_path) + ":" +
                     std::to_string(r.line_number) + "  " + cls + ": ";
  std::string message = TerminalSafe(OneLine(r.error_message, std::string::npos));
  std::printf("%s%s\n", head.c_str(),
              Shorten(message, ColumnsLeft(TerminalColumns(), DisplayWidth(head))).c_str());
}

int RunDiff(const DiffArgs& a) {
  if (!a.source.repo.empty() && a.source.repo.find('/') == std::string::npos) {
    return FailUsage("--repo must be owner/name, got '" + a.source.repo + "'");
  }
  if (a.revs.size() > 2) return FailUsage("diff takes at most two revisions");
  std::vector<Record> sides[2];
  IndexSummary sums[2];
  std::string revs[2] = {a.revs.empty() ? "stored" : a.revs[0],
                         a.revs.size() == 2 ? a.revs[1] : "HEAD"};
  for (int i = a.revs.empty() ? 1 : 0; i < 2; ++i) {
    IndexOptions opt = OptionsFrom(a.source);
    opt.source.rev = revs[i];
    auto records = BuildRecords(opt, &sums[i], nullptr);
    // Exit 1 means "changes" here: a revision that is not found is a failure.
    if (!records.ok()) {
      Fail(records.status());
      return kExitFailure;
    }
    sides[i] = std::move(*records);
  }
  if (a.revs.empty()) {  // what changed since the repository was indexed
    auto store = OpenStoreForReading(a.db);
    if (!store.ok()) return Fail(store.status());
    auto stored = (*store)->List(sums[1].repo);
    if (!stored.ok()) return Fail(stored.status());
    if (stored->empty()) {
      return FailUsage(sums[1].repo + " has no records in the database: index it first, or name " +
                       "the revisions to compare");
    }
    sides[0] = std::move(*stored);
    sums[0].sha = sides[0][0].analyzed_sha;
  }
  RecordDiff d = DiffRecords(sides[0], sides[1]);
  if (a.json) {
    nlohmann::json out;
    out["repo"] = sums[1].repo;
    for (int i = 0; i < 2; ++i) {
      out[i == 0 ? "old" : "new"] = {
          {"rev", revs[i]}, {"sha", sums[i].sha}, {"records", sides[i].size()}};
    }
    out["added"] = nlohmann::json::array();
    out["removed"] = nlohmann::json::array();
    out["changed"] = nlohmann::json::array();
    for (const Record* r : d.added) out["added"].push_back(DiffEntryJson(*r));
    for (const Record* r : d.removed) out["removed"].push_back(DiffEntryJson(*r));
    for (const RecordChange& c : d.changed) {
      out["changed"].push_back({{"old", DiffEntryJson(*c.before)},
                                {"new", DiffEntryJson(*c.after)},
                                {"fields", c.fields}});
    }
    out["unchanged"] = d.unchanged;
    out["moved"] = d.moved;
    std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    // Records of a work tree (index --worktree) or plain directory have no sha.
    auto sha = [](const std::string& s) { return s.empty() ? "no commit" : s.substr(0, 7); };
    PrintSafe(
        "%s %s (%s) -> %s (%s): %zu added, %zu removed, %zu changed, %d unchanged "
        "(%d moved)\n",
        sums[1].repo.c_str(), revs[0].c_str(), sha(sums[0].sha).c_str(), revs[1].c_str(),
        sha(sums[1].sha).c_str(), d.added.size(), d.removed.size(), d.changed.size(), d.unchanged,
        d.moved);
    for (const Record* r : d.added) PrintDiffLine('+', *r);
    for (const Record* r : d.removed) PrintDiffLine('-', *r);
    for (const RecordChange& c : d.changed) {
      PrintDiffLine('~', *c.after);
      for (const std::string& f : c.fields) {
        PrintSafe(
            "    %s: %s\n", f.c_str(),
            TerminalSafe(InlineDiff(FieldValue(*c.before, f), FieldValue(*c.after, f))).c_str());
      }
    }
  }
  // As `git diff --exit-code` and diff(1): 1 when something changed.
  return d.empty() ? kExitFound : kExitDifferences;
}

}  // namespace

Command AddDiffCommand(CLI::App* app) {
  auto a = std::make_shared<DiffArgs>();
  CLI::App* cmd = app->add_subcommand(
      "diff", "How the errors changed between two commits (exit 0: none, 1: changes)");
  AddSourceFlags(cmd, &a->source);
  cmd->add_option("revs", a->revs,
                  "OLD [NEW]: revisions (tag, branch or sha); NEW defaults to HEAD; with none, "
                  "the database's records of the repository are compared with HEAD");
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "Print {\"added\", \"removed\", \"changed\", ...}");
  return {cmd, [a] { return RunDiff(*a); }};
}

}  // namespace errdex
