// errdex show: one stored record, as text or --json.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "cli/layout.h"
#include "errdex/record.h"
#include "util/text.h"

namespace errdex {
namespace {

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

// The record for people. On a terminal its prose (message, explanation,
// solutions) is wrapped to the width; the pattern, the example fix and the
// source are printed as written, since they are copied. Nothing is cut.
void PrintRecord(const Record& r) {
  size_t columns = TerminalColumns();
  auto wrap = [&](const std::string& text, const char* indent,
                  std::optional<std::string_view> first = std::nullopt) {
    return WrapText(TerminalSafe(text), columns, indent, first);
  };
  PrintSafe("%s  %s\n", r.id.c_str(),
            r.error_class.empty() ? r.kind.c_str() : TerminalSafe(r.error_class).c_str());
  PrintSafe("repo:      %s @ %s\n", r.repo.c_str(), r.analyzed_sha.c_str());
  PrintSafe("where:     %s:%d", TerminalSafe(r.file_path).c_str(), r.line_number);
  if (!r.function.empty()) PrintSafe(" in %s", TerminalSafe(r.function).c_str());
  PrintSafe("\nlink:      %s\n", r.github_url.c_str());
  PrintSafe("type:      %s, %s\n", r.error_type.c_str(), r.severity.c_str());
  if (std::string note = ModelNote(r); !note.empty()) {
    PrintSafe("prose:     %s; deterministic text in `errdex show %s --json` (llm)\n", note.c_str(),
              r.id.c_str());
  }
  PrintSafe("\n");
  std::fputs(("Error message\n" + wrap(r.error_message, "  ")).c_str(), stdout);
  PrintSafe("\nPattern\n  %s\n\n", TerminalSafe(r.message_pattern).c_str());
  std::fputs(("What it means\n" + wrap(r.documentation, "  ") + "\nWhen it happens\n" +
              wrap(r.trigger_scenarios, "  ") + wrap(r.common_situations, "  ") + "\nSolutions\n")
                 .c_str(),
             stdout);
  size_t model_from = ModelItemsFrom(r, "solutions", r.solutions.size());
  for (size_t i = 0; i < r.solutions.size(); ++i) {
    std::string number = "  " + std::to_string(i + 1) + ". ";
    std::string hang(number.size(), ' ');
    std::fputs(
        wrap((i >= model_from ? "[model] " : "") + r.solutions[i], hang.c_str(), number).c_str(),
        stdout);
  }
  if (!r.prevention_tips.empty()) {
    PrintSafe("\nPrevention\n");
    size_t tips_from = ModelItemsFrom(r, "preventionTips", r.prevention_tips.size());
    for (size_t i = 0; i < r.prevention_tips.size(); ++i) {
      std::fputs(
          wrap((i >= tips_from ? "[model] " : "") + r.prevention_tips[i], "    ", "  - ").c_str(),
          stdout);
    }
  }
  if (!r.handling_strategy.empty()) {
    std::fputs(("\nHandling\n" + wrap(r.handling_strategy, "  ")).c_str(), stdout);
    if (r.try_catch_pattern) PrintSafe("%s\n", TerminalSafe(*r.try_catch_pattern).c_str());
  }
  if (!r.example_fix.empty()) PrintSafe("\nExample fix\n%s\n", TerminalSafe(r.example_fix).c_str());
  PrintSafe("\nSource (lines %d-%d)\n", r.source_code_start, r.source_code_end);
  std::vector<std::string_view> lines = SplitLines(r.source_code);
  for (size_t i = 0; i < lines.size(); ++i) {
    int n = r.source_code_start + static_cast<int>(i);
    PrintSafe("%s%6d  %s\n", n == r.line_number ? ">" : " ", n, TerminalSafe(lines[i]).c_str());
  }
}

// The one id `ref` names (an id, id prefix or slug; see Store::FindIds).
Result<std::string> ResolveRef(Store* store, const std::string& ref) {
  constexpr size_t kShown = 10;
  auto ids = store->FindIds(ref, kShown + 1);
  if (!ids.ok()) return ids.status();
  if (ids->empty()) {
    return Status::NotFound("no record matches '" + ref +
                            "' (give an id, an id prefix of 4+ hex digits, or a slug)");
  }
  if (ids->size() == 1) return ids->front();
  std::string msg = "'" + ref + "' is ambiguous; it matches";
  for (size_t i = 0; i < std::min(ids->size(), kShown); ++i) {
    auto r = store->Get((*ids)[i]);
    msg +=
        "\n  " + (*ids)[i] +
        (r.ok() ? "  " + r->repo + ":" + r->file_path + ":" + std::to_string(r->line_number) : "");
  }
  if (ids->size() > kShown) msg += "\n  ...";
  return Status::InvalidArgument(msg);
}

int RunShow(const std::string& ref, const std::string& db, bool json) {
  auto store = OpenStoreForReading(db);
  if (!store.ok()) return Fail(store.status());
  auto id = ResolveRef(store->get(), ref);
  if (!id.ok()) {
    return id.status().code() == Status::Code::kNotFound ? FailNotFound(id.status())
                                                         : Fail(id.status());
  }
  auto rec = (*store)->Get(*id);
  if (!rec.ok()) return Fail(rec.status());
  if (json) {
    std::cout << RecordToJsonText(*rec, 2) << "\n";
  } else {
    PrintRecord(*rec);
  }
  return kExitFound;
}

}  // namespace

Command AddShowCommand(CLI::App* app) {
  struct Args {
    std::string id, db;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app->add_subcommand("show", "Print one record");
  cmd->add_option("id", a->id, "Record id, id prefix (4+ hex digits) or slug ([owner/name/]slug)")
      ->required();
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "Print the full record as JSON");
  return {cmd, [a] { return RunShow(a->id, a->db, a->json); }};
}

}  // namespace errdex
