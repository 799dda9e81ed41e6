// errdex command line: argument parsing and dispatch only. Every subcommand
// is a thin layer over the library (include/errdex/); exit codes are mapped
// here and nowhere else: 0 found / done, 1 not found, 2 usage or failure.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>

#include "errdex/diff.h"
#include "errdex/indexer.h"
#include "errdex/input.h"
#include "errdex/llm.h"
#include "errdex/matcher.h"
#include "errdex/record.h"
#include "errdex/serve.h"
#include "errdex/source.h"
#include "errdex/store.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr int kExitFound = 0;
constexpr int kExitNotFound = 1;
constexpr int kExitFailure = 2;

int Fail(const Status& st) {
  std::fprintf(stderr, "errdex: %s\n", st.message().c_str());
  return st.code() == Status::Code::kNotFound ? kExitNotFound : kExitFailure;
}

int FailUsage(const std::string& msg) {
  std::fprintf(stderr, "errdex: %s\n", msg.c_str());
  return kExitFailure;
}

// For argument errors found after parsing, worded as CLI11's own.
int FailUsageHelp(const std::string& msg) {
  std::fprintf(stderr, "errdex: %s\nRun with --help for more information.\n", msg.c_str());
  return kExitFailure;
}

Result<std::unique_ptr<Store>> OpenStore(const std::string& db) {
  return Store::Open(db.empty() ? DefaultDbPath() : db);
}

// --- index ------------------------------------------------------------------

struct IndexArgs {
  std::string path, repo, rev = "HEAD", db;
  bool json = false, include_tests = false, include_examples = false, include_docs = false,
       include_vendored = false, include_generated = false, no_progress = false;
  std::vector<std::string> include, exclude;
  size_t max_file_bytes = 2 * 1024 * 1024;
  int threads = 0;
};

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

nlohmann::json SummaryJson(const IndexSummary& s) {
  return {{"repo", s.repo},
          {"sha", s.sha.empty() ? nlohmann::json() : nlohmann::json(s.sha)},
          {"note", s.note},
          {"filesIndexed", s.files_indexed},
          {"sites", s.sites},
          {"records", s.records},
          {"filesWithSyntaxErrors", s.files_with_syntax_errors},
          {"filesRepairedUtf8", s.files_repaired_utf8},
          {"unsupportedFiles", s.unsupported_files},
          {"skipped", s.skipped},
          {"warnings", s.warnings},
          {"seconds", s.seconds}};
}

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
  if (s.unsupported_files) {
    std::printf("%d files in languages errdex does not extract yet\n", s.unsupported_files);
  }
  for (const std::string& w : s.warnings) std::printf("warning: %s\n", w.c_str());
}

IndexOptions OptionsFrom(const IndexArgs& a) {
  IndexOptions opt;
  opt.path = a.path;
  opt.threads = a.threads;
  opt.source.rev = a.rev;
  opt.source.repo = a.repo;
  SkipRules& rules = opt.source.rules;
  rules.skip_tests = !a.include_tests;
  rules.skip_examples = !a.include_examples;
  rules.skip_docs = !a.include_docs;
  rules.skip_vendored = !a.include_vendored;
  rules.skip_generated = !a.include_generated;
  rules.include = a.include;
  rules.exclude = a.exclude;
  rules.max_file_bytes = a.max_file_bytes;
  return opt;
}

// The options `index` and `diff` share: which repository, which files.
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
  cmd->add_option("--threads", a->threads, "Worker threads (default: all cores)");
  cmd->footer("Default skip rules:\n" + DescribeSkipRules());
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
    std::cout << SummaryJson(*summary).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    PrintSummary(*summary);
  }
  return kExitFound;
}

// --- diff -------------------------------------------------------------------

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

void PrintDiffLine(char mark, const Record& r) {
  std::string cls = r.error_class.empty() ? r.kind : r.error_class;
  std::printf("%c %s:%d  %s: %s\n", mark, r.file_path.c_str(), r.line_number, cls.c_str(),
              OneLine(r.error_message, 160).c_str());
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
    // Exit 1 means "no changes" here: a revision that is not found is a failure.
    if (!records.ok()) {
      Fail(records.status());
      return kExitFailure;
    }
    sides[i] = std::move(*records);
  }
  if (a.revs.empty()) {  // what changed since the repository was indexed
    auto store = OpenStore(a.db);
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
    std::printf(
        "%s %s (%.7s) -> %s (%.7s): %zu added, %zu removed, %zu changed, %d unchanged "
        "(%d moved)\n",
        sums[1].repo.c_str(), revs[0].c_str(), sums[0].sha.c_str(), revs[1].c_str(),
        sums[1].sha.c_str(), d.added.size(), d.removed.size(), d.changed.size(), d.unchanged,
        d.moved);
    for (const Record* r : d.added) PrintDiffLine('+', *r);
    for (const Record* r : d.removed) PrintDiffLine('-', *r);
    for (const RecordChange& c : d.changed) {
      PrintDiffLine('~', *c.after);
      for (const std::string& f : c.fields) {
        std::printf("    %s: %s\n", f.c_str(),
                    InlineDiff(FieldValue(*c.before, f), FieldValue(*c.after, f)).c_str());
      }
    }
  }
  return d.empty() ? kExitNotFound : kExitFound;
}

// --- explain ----------------------------------------------------------------

struct ExplainArgs {
  std::string text, db, repo;
  bool json = false, all = false, jsonl = false;
  size_t limit = 3;
};

nlohmann::json MatchJson(const Match& m, const ErrorText& in) {
  nlohmann::json caps = nlohmann::json::array();
  for (const Capture& c : m.captures) caps.push_back({{"name", c.name}, {"value", c.value}});
  const Record& r = *m.record;
  return {{"id", r.id},
          {"repo", r.repo},
          {"slug", r.slug},
          {"filePath", r.file_path},
          {"lineNumber", r.line_number},
          {"errorClass", r.error_class.empty() ? nlohmann::json() : nlohmann::json(r.error_class)},
          {"message", r.error_message},
          {"url", r.github_url},
          {"score", m.score},
          {"matchType", m.match_type},
          {"reason", m.reason},
          {"captures", caps},
          {"inputLine", in.input_line}};
}

void PrintMatch(size_t rank, const Match& m) {
  const Record& r = *m.record;
  std::printf("%zu. %s  [%s, score %.2f]\n", rank,
              r.error_class.empty() ? r.kind.c_str() : r.error_class.c_str(), m.match_type.c_str(),
              m.score);
  std::printf("   %s\n", OneLine(r.error_message, 400).c_str());
  std::printf("   at %s:%d in %s\n", r.file_path.c_str(), r.line_number, r.repo.c_str());
  std::printf("   %s\n", r.github_url.c_str());
  if (!m.reason.empty()) std::printf("   why: %s\n", m.reason.c_str());
  if (!m.captures.empty()) {
    std::printf("   captured:\n");
    for (const Capture& c : m.captures) {
      std::printf("     %s = %s\n", c.name.c_str(), std::string(Utf8Prefix(c.value, 200)).c_str());
    }
  }
  std::printf("   %s\n", std::string(Utf8Prefix(r.documentation, 300)).c_str());
  std::printf("   id %s  (errdex show %s)\n", r.id.c_str(), r.id.c_str());
}

// The matcher holds records with only the fields matching reads
// (Store::ListForMatching); the hits shown are read in full, once each.
class HitRecords {
 public:
  explicit HitRecords(Store* store) : store_(store) {}
  void Fill(std::vector<PasteHit>* hits) {
    for (PasteHit& h : *hits) {
      auto it = full_.find(h.match.record->id);
      if (it == full_.end()) {
        Result<Record> r = store_->Get(h.match.record->id);
        // A record replaced since the load keeps its matching fields.
        if (!r.ok()) continue;
        it = full_.emplace(h.match.record->id, std::move(*r)).first;
      }
      h.match.record = &it->second;
    }
  }

 private:
  Store* store_;
  std::map<std::string, Record> full_;
};

// --jsonl: many pastes through one loaded matcher, for programs and
// evaluations. Each input line is a JSON object with "input" (the paste);
// each output line is that object with "matches" added (or "error" when the
// line is not such an object). Exit 0 if any input found a match.
int ExplainLines(const Matcher& matcher, HitRecords* full, const ExplainArgs& a) {
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
  if (a.jsonl && a.text != "-") {
    std::fprintf(stderr, "errdex: --jsonl reads standard input: pass - as TEXT\n");
    return kExitFailure;
  }
  if (a.text == "-" && !a.jsonl) {
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    a.text = std::move(in);
  }
  if (Trim(a.text).empty()) return FailUsage("nothing to explain: pass TEXT or - for stdin");
  if (a.text.size() > kMaxInputBytes) {
    std::fprintf(stderr, "errdex: input cut to its first %zu bytes\n", kMaxInputBytes);
  }
  auto store = OpenStore(a.db);
  if (!store.ok()) return Fail(store.status());
  auto records = (*store)->ListForMatching(a.repo);
  if (!records.ok()) return Fail(records.status());
  HitRecords full(store->get());
  // A large whole-corpus matcher is kept as a snapshot beside the database.
  std::unique_ptr<Matcher> matcher_ptr;
  if (a.repo.empty() && records->size() >= kMatcherSnapshotMinRecords) {
    std::string note;
    matcher_ptr = Matcher::Open(std::move(*records),
                                MatcherSnapshotPath(a.db.empty() ? DefaultDbPath() : a.db), &note);
  } else {
    matcher_ptr = std::make_unique<Matcher>(std::move(*records));
  }
  const Matcher& matcher = *matcher_ptr;
  if (a.jsonl) return ExplainLines(matcher, &full, a);
  InputNotes notes;
  std::vector<PasteHit> hits = ExplainPaste(matcher, a.text, a.repo, a.limit, a.all, &notes);
  full.Fill(&hits);
  if (notes.errors_cut || notes.message_cut) {
    std::fprintf(stderr, "errdex: %s\n", notes.Describe().c_str());
  }
  nlohmann::json out = {{"matches", nlohmann::json::array()}};
  bool found = !hits.empty();
  if (a.json) {
    for (const PasteHit& h : hits) out["matches"].push_back(MatchJson(h.match, h.error));
  } else if (!a.all) {
    if (hits.empty()) {
      std::vector<ErrorText> errors = ParseInput(a.text);
      std::string msg = errors.empty() ? a.text : errors.back().message;
      std::printf("no confident match for: %s\n", std::string(Utf8Prefix(msg, 200)).c_str());
    }
    for (size_t i = 0; i < hits.size(); ++i) PrintMatch(i + 1, hits[i].match);
  } else {
    // --all: every error of the input in order, with its own matches.
    std::vector<ErrorText> errors = ParseInput(a.text);
    for (const ErrorText& e : errors) {
      if (errors.size() > 1) std::printf("== input line %d: %s\n", e.input_line, e.message.c_str());
      size_t rank = 0;
      for (const PasteHit& h : hits) {
        if (h.error.input_line == e.input_line && h.error.message == e.message) {
          PrintMatch(++rank, h.match);
        }
      }
      if (rank == 0) {
        std::printf("no confident match for: %s\n",
                    std::string(Utf8Prefix(e.message, 200)).c_str());
      }
    }
  }
  if (a.json) {
    std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  }
  return found ? kExitFound : kExitNotFound;
}

// --- show / list --------------------------------------------------------------

// "model NAME (documentation, solutions 3-4)" when a model wrote prose.
std::string ModelNote(const Record& r) {
  if (!r.llm.is_object()) return "";
  std::vector<std::string> fields;
  const nlohmann::json& from = r.llm.value("modelItemsFrom", nlohmann::json::object());
  for (const nlohmann::json& f : r.llm.value("fields", nlohmann::json::array())) {
    if (!f.is_string()) continue;
    std::string name = f.get<std::string>();
    if (from.contains(name) && from[name].is_number_unsigned()) {
      size_t first = from[name].get<size_t>() + 1;
      size_t last = name == "solutions" ? r.solutions.size() : r.prevention_tips.size();
      name += first == last ? " " + std::to_string(first)
                            : " " + std::to_string(first) + "-" + std::to_string(last);
    }
    fields.push_back(name);
  }
  return "model " + r.llm.value("model", std::string("?")) + " (" + Join(fields, ", ") + ")";
}

// Index of the first list item a model wrote (the list's size when none).
size_t ModelItemsFrom(const Record& r, const char* field, size_t size) {
  if (!r.llm.is_object()) return size;
  const nlohmann::json& from = r.llm.value("modelItemsFrom", nlohmann::json::object());
  return from.contains(field) && from[field].is_number_unsigned() ? from[field].get<size_t>()
                                                                  : size;
}

void PrintRecord(const Record& r) {
  std::printf("%s  %s\n", r.id.c_str(),
              r.error_class.empty() ? r.kind.c_str() : r.error_class.c_str());
  std::printf("repo:      %s @ %s\n", r.repo.c_str(), r.analyzed_sha.c_str());
  std::printf("where:     %s:%d", r.file_path.c_str(), r.line_number);
  if (!r.function.empty()) std::printf(" in %s", r.function.c_str());
  std::printf("\nlink:      %s\n", r.github_url.c_str());
  std::printf("type:      %s, %s\n", r.error_type.c_str(), r.severity.c_str());
  if (std::string note = ModelNote(r); !note.empty()) {
    std::printf("prose:     %s; deterministic text in `errdex show %s --json` (llm)\n",
                note.c_str(), r.id.c_str());
  }
  std::printf("\n");
  std::printf("Error message\n  %s\n\nPattern\n  %s\n\n", r.error_message.c_str(),
              r.message_pattern.c_str());
  std::printf("What it means\n  %s\n\nWhen it happens\n  %s\n  %s\n\nSolutions\n",
              r.documentation.c_str(), r.trigger_scenarios.c_str(), r.common_situations.c_str());
  size_t model_from = ModelItemsFrom(r, "solutions", r.solutions.size());
  for (size_t i = 0; i < r.solutions.size(); ++i) {
    std::printf("  %zu. %s%s\n", i + 1, i >= model_from ? "[model] " : "", r.solutions[i].c_str());
  }
  if (!r.prevention_tips.empty()) {
    std::printf("\nPrevention\n");
    size_t tips_from = ModelItemsFrom(r, "preventionTips", r.prevention_tips.size());
    for (size_t i = 0; i < r.prevention_tips.size(); ++i) {
      std::printf("  - %s%s\n", i >= tips_from ? "[model] " : "", r.prevention_tips[i].c_str());
    }
  }
  if (!r.handling_strategy.empty()) {
    std::printf("\nHandling\n  %s\n", r.handling_strategy.c_str());
    if (r.try_catch_pattern) std::printf("%s\n", r.try_catch_pattern->c_str());
  }
  if (!r.example_fix.empty()) std::printf("\nExample fix\n%s\n", r.example_fix.c_str());
  std::printf("\nSource (lines %d-%d)\n", r.source_code_start, r.source_code_end);
  std::vector<std::string_view> lines = SplitLines(r.source_code);
  for (size_t i = 0; i < lines.size(); ++i) {
    int n = r.source_code_start + static_cast<int>(i);
    std::printf("%s%6d  %.*s\n", n == r.line_number ? ">" : " ", n,
                static_cast<int>(lines[i].size()), lines[i].data());
  }
}

int RunShow(const std::string& id, const std::string& db, bool json) {
  auto store = OpenStore(db);
  if (!store.ok()) return Fail(store.status());
  auto rec = (*store)->Get(id);
  if (!rec.ok()) return Fail(rec.status());
  if (json) {
    std::cout << RecordToJsonText(*rec, 2) << "\n";
  } else {
    PrintRecord(*rec);
  }
  return kExitFound;
}

int RunList(const std::string& repo, const std::string& db, bool json) {
  auto store = OpenStore(db);
  if (!store.ok()) return Fail(store.status());
  auto records = (*store)->List(repo);
  if (!records.ok()) return Fail(records.status());
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const Record& r : *records) {
      out.push_back({{"id", r.id},
                     {"repo", r.repo},
                     {"slug", r.slug},
                     {"filePath", r.file_path},
                     {"lineNumber", r.line_number},
                     {"errorClass", r.error_class},
                     {"message", r.error_message}});
    }
    std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    for (const Record& r : *records) {
      std::string cls = r.error_class.empty() ? r.kind : r.error_class;
      std::printf("%s  %s:%d  %s  %s\n", r.id.c_str(), r.file_path.c_str(), r.line_number,
                  cls.c_str(), OneLine(r.error_message, 120).c_str());
    }
  }
  return records->empty() ? kExitNotFound : kExitFound;
}

// --- analyze --llm -------------------------------------------------------------

struct AnalyzeArgs {
  LlmOptions llm;
  std::string db, api_key_env;
  bool json = false, no_progress = false;
};

nlohmann::json LlmSummaryJson(const LlmSummary& s) {
  nlohmann::json failures = nlohmann::json::array();
  for (const LlmFailure& f : s.failures) {
    failures.push_back(
        {{"id", f.id}, {"filePath", f.file}, {"lineNumber", f.line}, {"reason", f.reason}});
  }
  return {{"endpoint", s.endpoint},
          {"model", s.model},
          {"records", s.records},
          {"sites", s.sites},
          {"sent", s.sent},
          {"requests", s.requests},
          {"cached", s.cached},
          {"updated", s.updated},
          {"unchanged", s.unchanged},
          {"failed", s.failed},
          {"stale", s.stale},
          {"notSent", s.not_sent},
          {"failures", failures},
          {"stopped", s.stopped.empty() ? nlohmann::json() : nlohmann::json(s.stopped)},
          {"seconds", s.seconds}};
}

void PrintLlmSummary(const LlmSummary& s) {
  std::printf("model %s at %s: %d records, %d sites\n", s.model.c_str(), s.endpoint.c_str(),
              s.records, s.sites);
  std::printf("sent %d sites (%d requests), %d answered from the cache", s.sent, s.requests,
              s.cached);
  if (s.not_sent) std::printf(", %d not sent (--limit or stopped)", s.not_sent);
  std::printf("\nupdated %d records, %d already up to date, %d failed (deterministic text kept)",
              s.updated, s.unchanged, s.failed);
  if (s.stale) std::printf(", %d re-indexed meanwhile (left alone)", s.stale);
  std::printf(" in %.2fs\n", s.seconds);
  constexpr size_t kShown = 10;
  for (size_t i = 0; i < s.failures.size() && i < kShown; ++i) {
    const LlmFailure& f = s.failures[i];
    std::printf("failed: %s:%d (%s): %s\n", f.file.c_str(), f.line, f.id.c_str(), f.reason.c_str());
  }
  if (s.failures.size() > kShown) {
    std::printf("... and %zu more failures (--json lists all)\n", s.failures.size() - kShown);
  }
  if (!s.stopped.empty()) std::printf("stopped early: %s\n", s.stopped.c_str());
  if (s.failed) std::printf("re-run the same command to retry the failed sites only\n");
}

int RunAnalyze(AnalyzeArgs a) {
  bool key_env_given = !a.api_key_env.empty();
  std::string env = key_env_given ? a.api_key_env : "OPENAI_API_KEY";
  const char* key = std::getenv(env.c_str());
  if (key && *key) {
    a.llm.api_key = key;
  } else if (key_env_given) {
    return FailUsageHelp("--api-key-env " + env + ": the environment variable is not set");
  } else if (!a.json) {
    std::fprintf(stderr, "errdex: $%s is not set; sending requests without an API key\n",
                 env.c_str());
  }
  if (!a.llm.repo.empty() && a.llm.repo.find('/') == std::string::npos) {
    return FailUsageHelp("--repo must be owner/name, got '" + a.llm.repo + "'");
  }
  if (Status s = ValidateLlmOptions(a.llm); !s.ok()) return FailUsageHelp(s.message());
  auto store = OpenStore(a.db);
  if (!store.ok()) return Fail(store.status());
  bool bar = !a.json && !a.no_progress && isatty(STDERR_FILENO);
  auto summary = RunLlmPass(a.llm, store->get(), [&](const LlmProgress& p) {
    if (!bar) return;
    std::fprintf(stderr, "\r\033[K%d/%d sites answered, %d failed", p.done, p.total, p.failed);
    if (p.done == p.total) std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  });
  if (!summary.ok()) return Fail(summary.status());
  if (a.json) {
    std::cout << LlmSummaryJson(*summary).dump(2, ' ', false,
                                               nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    PrintLlmSummary(*summary);
  }
  return summary->failed || !summary->stopped.empty() ? kExitFailure : kExitFound;
}

// --- serve / export -----------------------------------------------------------

int RunServe(ServeOptions opt) {
  opt.on_listening = [&](int port) {
    std::printf("errdex serve: listening on http://%s:%d/\n", opt.host.c_str(), port);
    std::fflush(stdout);
  };
  Status st = Serve(opt);
  return st.ok() ? kExitFound : Fail(st);
}

int RunExport(const std::string& dir, const std::string& db, bool json) {
  auto sum = ExportDataset(db, dir);
  if (!sum.ok()) return Fail(sum.status());
  if (json) {
    nlohmann::json out = {{"dir", sum->dir},       {"datasetVersion", sum->dataset_version},
                          {"files", sum->files},   {"bytes", sum->bytes},
                          {"errors", sum->errors}, {"repos", sum->repos}};
    std::cout << out.dump(2) << "\n";
  } else {
    std::printf("exported dataset %s to %s: %zu errors, %zu repositories, %zu files, %zu bytes\n",
                sum->dataset_version.c_str(), sum->dir.c_str(), sum->errors, sum->repos, sum->files,
                sum->bytes);
  }
  return kExitFound;
}

int Main(int argc, char** argv) {
  CLI::App app{"errdex: every user-facing error of a repository, and where it comes from"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "errdex 0.1.0");
  std::string db_help =
      "SQLite database (default $ERRDEX_DB, else ~/.local/share/errdex/errdex.db)";

  IndexArgs ia;
  CLI::App* index = app.add_subcommand("index", "Index a repository at a commit");
  AddSourceFlags(index, &ia);
  index->add_option("--rev", ia.rev, "Revision to read from the object database")
      ->capture_default_str();
  index->add_option("--db", ia.db, db_help);
  index->add_flag("--json", ia.json, "Print a machine-readable summary");
  index->add_flag("--no-progress", ia.no_progress, "No progress bar");

  DiffArgs da;
  CLI::App* diff = app.add_subcommand(
      "diff", "How the errors changed between two commits (exit 0: changes, 1: none)");
  AddSourceFlags(diff, &da.source);
  diff->add_option("revs", da.revs,
                   "OLD [NEW]: revisions (tag, branch or sha); NEW defaults to HEAD; with none, "
                   "the database's records of the repository are compared with HEAD");
  diff->add_option("--db", da.db, db_help);
  diff->add_flag("--json", da.json, "Print {\"added\", \"removed\", \"changed\", ...}");

  ExplainArgs ea;
  CLI::App* explain = app.add_subcommand("explain", "Find where a pasted error comes from");
  explain->add_option("text", ea.text, "The error text, a traceback, or - to read stdin")
      ->required();
  explain->add_option("--db", ea.db, db_help);
  explain->add_option("--repo", ea.repo, "Only this repository (owner/name)");
  explain->add_option("--limit", ea.limit, "Matches per error")->capture_default_str();
  explain->add_flag("--all", ea.all, "Explain every error found in the input, not just the last");
  explain->add_flag("--json", ea.json, "Print {\"matches\": [...]}");
  explain->add_flag("--jsonl", ea.jsonl,
                    "With TEXT -: read one {\"input\": ...} object per line from stdin and "
                    "print each with \"matches\" added (one process, many pastes)");

  std::string show_id, show_db;
  bool show_json = false;
  CLI::App* show = app.add_subcommand("show", "Print one record");
  show->add_option("id", show_id, "Record id")->required();
  show->add_option("--db", show_db, db_help);
  show->add_flag("--json", show_json, "Print the full record as JSON");

  std::string list_repo, list_db;
  bool list_json = false;
  CLI::App* list = app.add_subcommand("list", "List stored records");
  list->add_option("--repo", list_repo, "Only this repository (owner/name)");
  list->add_option("--db", list_db, db_help);
  list->add_flag("--json", list_json, "JSON output");

  AnalyzeArgs aa;
  CLI::App* analyze = app.add_subcommand(
      "analyze", "Optional language-model pass: better prose for stored records");
  analyze
      ->add_option("--llm", aa.llm.url,
                   "OpenAI-compatible endpoint: http(s)://host[:port][/v1] "
                   "(POST .../v1/chat/completions)")
      ->required();
  analyze->add_option("--model", aa.llm.model, "Model name sent to the endpoint")->required();
  analyze->add_option("--db", aa.db, db_help);
  analyze->add_option("--repo", aa.llm.repo, "Only this repository (owner/name; default: all)");
  analyze->add_option("--api-key-env", aa.api_key_env,
                      "Environment variable holding the API key (default OPENAI_API_KEY; sent "
                      "as Authorization: Bearer, never printed)");
  analyze->add_option("--concurrency", aa.llm.concurrency, "Requests in flight (1-64)")
      ->capture_default_str();
  analyze
      ->add_option("--limit", aa.llm.limit,
                   "Send at most N sites to the model (0: no limit); cached sites are "
                   "applied without counting")
      ->capture_default_str();
  analyze
      ->add_option("--fields", aa.llm.fields,
                   "Fields to apply, comma-separated (default: all of documentation, "
                   "commonSituations, solutions, preventionTips, handlingStrategy, "
                   "exampleFix)")
      ->delimiter(',');
  analyze->add_option("--timeout", aa.llm.timeout_seconds, "Seconds per HTTP request")
      ->capture_default_str();
  analyze
      ->add_option("--tries", aa.llm.max_tries,
                   "HTTP requests per answer on 429, 5xx and timeouts (1-10)")
      ->capture_default_str();
  analyze
      ->add_option("--retry-delay-ms", aa.llm.retry_delay_ms,
                   "First backoff; doubles per retry (Retry-After is honoured)")
      ->capture_default_str();
  analyze->add_flag("--json", aa.json, "Print a machine-readable summary");
  analyze->add_flag("--no-progress", aa.no_progress, "No progress line");
  analyze->footer(
      "The model gets each record's deterministic facts (message, class, conditions, notes,\n"
      "callers, options, analysis fields) and the source window; temperature 0, JSON answer.\n"
      "Answers are validated against a fixed schema; an unusable one is asked once more, then\n"
      "the record keeps its deterministic text and counts as failed (exit 2).\n"
      "Merge: documentation and commonSituations are replaced; solutions and preventionTips\n"
      "keep the deterministic items first and get the model's new ones appended;\n"
      "handlingStrategy becomes \"<category>: <model text>\"; exampleFix is filled only where no\n"
      "condition guards the error. Message, pattern, class, location, triggerScenarios,\n"
      "conditions and code fields are never changed. Provenance names the model\n"
      "(\"model:NAME\") and llm.deterministic keeps the replaced text.\n"
      "Answers are cached in the database by (site facts hash, model, prompt version):\n"
      "re-running, or resuming a killed run, asks only for what is not cached yet.\n"
      "Exit: 0 done, 1 no records, 2 usage error, failed sites or endpoint error.");

  ServeOptions so;
  CLI::App* serve = app.add_subcommand("serve", "Serve HTML pages, the JSON API and /data/");
  serve->add_option("--db", so.db, db_help);
  serve->add_option("--host", so.host, "Address to bind")->capture_default_str();
  serve->add_option("--port", so.port, "Port (0: any free port)")->capture_default_str();
  serve->add_option("--threads", so.threads, "Worker threads (default: sized for 64+ clients)");
  serve
      ->add_option("--reload-seconds", so.reload_seconds,
                   "How often to look for a newer dataset (0: never)")
      ->capture_default_str();

  std::string export_dir, export_db;
  bool export_json = false;
  CLI::App* exp = app.add_subcommand("export", "Write the static dataset to DIR atomically");
  exp->add_option("dir", export_dir, "Output directory (replaced as a whole)")->required();
  exp->add_option("--db", export_db, db_help);
  exp->add_flag("--json", export_json, "Print a machine-readable summary");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kExitFailure;
  }
  if (*index) return RunIndexCommand(ia);
  if (*diff) return RunDiff(da);
  if (*explain) return RunExplain(ea);
  if (*show) return RunShow(show_id, show_db, show_json);
  if (*list) return RunList(list_repo, list_db, list_json);
  if (*analyze) return RunAnalyze(aa);
  if (*serve) return RunServe(so);
  if (*exp) return RunExport(export_dir, export_db, export_json);
  return kExitFailure;
}

}  // namespace
}  // namespace errdex

int main(int argc, char** argv) { return errdex::Main(argc, argv); }
