// errdex list: the stored records, one line each or --json.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "cli/color.h"
#include "cli/layout.h"
#include "errdex/record.h"
#include "util/text.h"

namespace errdex {
namespace {

int RunList(const std::string& repo, const std::string& db, bool json) {
  auto store = OpenStoreForReading(db);
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
    // On a terminal each record takes one line of its width, the message
    // cut at a word with "…"; a pipe gets whole messages (layout.h).
    size_t columns = TerminalColumns();
    for (const Record& r : *records) {
      std::string cls = TerminalSafe(r.error_class.empty() ? r.kind : r.error_class);
      std::string where = TerminalSafe(r.file_path) + ":" + std::to_string(r.line_number);
      size_t used = DisplayWidth(r.id) + DisplayWidth(where) + DisplayWidth(cls) + 6;
      std::string message = Shorten(TerminalSafe(OneLine(r.error_message, std::string::npos)),
                                    ColumnsLeft(columns, used));
      std::printf("%s  %s  %s  %s\n", Paint(Style::kDim, r.id).c_str(),
                  Paint(Style::kLocation, where).c_str(), cls.c_str(), message.c_str());
    }
  }
  if (records->empty() && !repo.empty()) {
    std::fprintf(stderr, "errdex: no records of %s (`errdex list` shows every repository's)\n",
                 repo.c_str());
  }
  return records->empty() ? kExitNotFound : kExitFound;
}

}  // namespace

Command AddListCommand(CLI::App* app) {
  struct Args {
    std::string repo, db;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app->add_subcommand("list", "List stored records");
  cmd->add_option("--repo", a->repo, "Only this repository (owner/name)");
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "JSON output");
  return {cmd, [a] { return RunList(a->repo, a->db, a->json); }};
}

}  // namespace errdex
