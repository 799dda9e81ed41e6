// errdex export: the static dataset, written to a directory atomically.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "errdex/serve.h"

namespace errdex {
namespace {

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

}  // namespace

Command AddExportCommand(CLI::App* app) {
  struct Args {
    std::string dir, db;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app->add_subcommand("export", "Write the static dataset to DIR atomically");
  cmd->add_option("dir", a->dir, "Output directory (replaced as a whole)")->required();
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "Print a machine-readable summary");
  return {cmd, [a] { return RunExport(a->dir, a->db, a->json); }};
}

}  // namespace errdex
