// errdex explain: where a pasted error comes from; the paste is read from
// the argument, a file, or stdin, and --jsonl runs many pastes through one
// loaded matcher.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

#include "cli/cli.h"
#include "cli/color.h"
#include "cli/layout.h"
#include "errdex/input.h"
#include "errdex/matcher.h"
#include "errdex/record.h"
#include "match/corpus_matcher.h"
#include "mcp/result_json.h"
#include "util/text.h"

namespace errdex {
namespace {

struct ExplainArgs {
  std::string text, db, repo;
  bool json = false, all = false, jsonl = false;
  bool read_stdin = false;  // TEXT came from standard input
  size_t limit = 3;
};

// The longest message, captured value and explanation shown per hit, in
// code points, cut at a word with "…" (`errdex show ID` has them whole).
constexpr size_t kMessageChars = 400, kCaptureChars = 200, kExplanationChars = 300;

// One hit; on a terminal its prose is wrapped to the width (layout.h).
void PrintMatch(size_t rank, const Match& m) {
  const Record& r = *m.record;
  size_t columns = TerminalColumns();
  // Text is made terminal-safe first, then wrapped and painted (PrintSafe
  // would show the escapes instead of sending them).
  auto print_wrapped = [&](const std::string& text, const char* first, const char* indent) {
    std::fputs(WrapText(TerminalSafe(text), columns, indent, first).c_str(), stdout);
  };
  std::string title =
      std::to_string(rank) + ". " + (r.error_class.empty() ? r.kind : TerminalSafe(r.error_class));
  std::printf("%s  [%s, score %.2f]\n", Paint(Style::kBold, title).c_str(), m.match_type.c_str(),
              m.score);
  print_wrapped(Shorten(OneLine(r.error_message, std::string::npos), kMessageChars), "   ", "   ");
  std::string where = TerminalSafe(r.file_path) + ":" + std::to_string(r.line_number);
  std::printf("   at %s in %s\n", Paint(Style::kLocation, where).c_str(),
              TerminalSafe(r.repo).c_str());
  PrintSafe("   %s\n", r.github_url.c_str());
  if (!m.reason.empty()) {
    std::string why = WrapText(TerminalSafe("why: " + m.reason), columns, "   ");
    why.pop_back();  // the last newline, outside the escapes
    std::printf("%s\n", Paint(Style::kDim, why).c_str());
  }
  if (!m.captures.empty()) {
    PrintSafe("   captured:\n");
    for (const Capture& c : m.captures) {
      print_wrapped(c.name + " = " + Shorten(c.value, kCaptureChars), "     ", "       ");
    }
  }
  print_wrapped(Shorten(r.documentation, kExplanationChars), "   ", "   ");
  PrintSafe("   id %s  (errdex show %s)\n", r.id.c_str(), r.id.c_str());
}

// --jsonl: many pastes through one loaded matcher, for programs and
// evaluations. Each input line is a JSON object with "input" (the paste);
// each output line is that object with "matches" added (or "error" when the
// line is not such an object). Exit 0 if any input found a match.
int ExplainLines(const Matcher& matcher, FullRecords* full, const ExplainArgs& a) {
  bool found = false;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json in = nlohmann::json::parse(line, nullptr, false);
    if (!in.is_object() || !in.contains("input") || !in["input"].is_string()) {
      nlohmann::json err = {{"error", "expected a JSON object with a string \"input\""}};
      std::cout << err.dump() << "\n";
      continue;
    }
    nlohmann::json out = in;
    out["matches"] = nlohmann::json::array();
    std::vector<PasteHit> hits =
        ExplainPaste(matcher, in["input"].get<std::string>(), a.repo, a.limit, a.all);
    full->Fill(&hits);
    for (const PasteHit& h : hits) {
      out["matches"].push_back(MatchJson(h.match, h.error));
      found = true;
    }
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  }
  return found ? kExitFound : kExitNotFound;
}

int RunExplain(ExplainArgs a) {
  // No TEXT: standard input, when it is not a terminal (`cmd 2>&1 | errdex
  // explain`), as grep and rg read it.
  if (a.text.empty() && !isatty(STDIN_FILENO)) a.text = "-";
  if (a.text.empty()) {
    return FailUsageHelp("nothing to explain: pass TEXT, or - (or a pipe) for standard input");
  }
  if (a.jsonl && a.text != "-") {
    std::fprintf(stderr, "errdex: --jsonl reads standard input: pass - as TEXT\n");
    return kExitFailure;
  }
  a.read_stdin = a.text == "-";
  if (a.text == "-" && !a.jsonl) {
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    a.text = std::move(in);
  }
  if (Trim(a.text).empty()) {
    return FailUsage(a.read_stdin ? "nothing to explain: standard input was empty"
                                  : "nothing to explain: pass TEXT or - for stdin");
  }
  if (a.text.size() > kMaxInputBytes) {
    std::fprintf(stderr, "errdex: input cut to its last %zu bytes (where tracebacks end)\n",
                 kMaxInputBytes);
  }
  auto store = OpenStoreForReading(a.db);
  if (!store.ok()) return Fail(store.status());
  FullRecords full(store->get());
  // The whole corpus comes from the snapshot beside the database when it is
  // current (no record is read until the hits are shown); one repository's
  // records are few and read directly.
  std::unique_ptr<Matcher> matcher_ptr;
  if (a.repo.empty()) {
    auto corpus = OpenCorpusMatcher(store->get(), a.db.empty() ? DefaultDbPath() : a.db);
    if (!corpus.ok()) return Fail(corpus.status());
    if (corpus->snapshot_damaged) std::fprintf(stderr, "errdex: %s\n", corpus->note.c_str());
    matcher_ptr = std::move(corpus->matcher);
  } else {
    auto records = (*store)->ListForMatching(a.repo);
    if (!records.ok()) return Fail(records.status());
    matcher_ptr = std::make_unique<Matcher>(std::move(*records));
  }
  // The process ends after this call: freeing a large corpus's records and
  // tables one by one costs a noticeable share of the call (~100 ms at 100k
  // records), so the matcher is kept, reachable, until exit (a previous
  // call's is freed: tests run commands in one process).
  static Matcher* kept_until_exit = nullptr;
  delete kept_until_exit;
  kept_until_exit = matcher_ptr.release();
  const Matcher& matcher = *kept_until_exit;
  if (a.jsonl) return ExplainLines(matcher, &full, a);
  InputNotes notes;
  std::vector<PasteHit> hits = ExplainPaste(matcher, a.text, a.repo, a.limit, a.all, &notes);
  full.Fill(&hits);
  if (notes.errors_cut || notes.message_cut) {
    std::fprintf(stderr, "errdex: %s\n", notes.Describe().c_str());
  }
  bool found = !hits.empty();
  if (a.json) {
    std::cout << ExplainJson(hits).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
  } else if (!a.all) {
    if (hits.empty()) {
      std::vector<ErrorText> errors = ParseInput(a.text);
      std::string msg = errors.empty() ? a.text : errors.back().message;
      PrintSafe("no confident match for: %s\n", TerminalSafe(Shorten(msg, kCaptureChars)).c_str());
    }
    for (size_t i = 0; i < hits.size(); ++i) PrintMatch(i + 1, hits[i].match);
  } else {
    // --all: every error of the input in order, with its own matches.
    std::vector<ErrorText> errors = ParseInput(a.text);
    for (const ErrorText& e : errors) {
      if (errors.size() > 1)
        PrintSafe("== input line %d: %s\n", e.input_line, TerminalSafe(e.message).c_str());
      size_t rank = 0;
      for (const PasteHit& h : hits) {
        if (h.error.input_line == e.input_line && h.error.message == e.message) {
          PrintMatch(++rank, h.match);
        }
      }
      if (rank == 0) {
        PrintSafe("no confident match for: %s\n",
                  TerminalSafe(Shorten(e.message, kCaptureChars)).c_str());
      }
    }
  }
  return found ? kExitFound : kExitNotFound;
}

}  // namespace

Command AddExplainCommand(CLI::App* app) {
  auto a = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app->add_subcommand("explain", "Find where a pasted error comes from");
  cmd->add_option("text", a->text,
                  "The error text, a traceback, or - to read stdin (read when TEXT is left out "
                  "and stdin is not a terminal)");
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_option("--repo", a->repo, "Only this repository (owner/name)");
  cmd->add_option("--limit", a->limit, "Matches per error")->capture_default_str();
  cmd->add_flag("--all", a->all, "Explain every error found in the input, not just the last");
  cmd->add_flag("--json", a->json, "Print {\"matches\": [...]}");
  cmd->add_flag("--jsonl", a->jsonl,
                "With TEXT -: read one {\"input\": ...} object per line from stdin and "
                "print each with \"matches\" added (one process, many pastes)");
  return {cmd, [a] { return RunExplain(*a); }};
}

}  // namespace errdex
