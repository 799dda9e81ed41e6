// errdex export: the static dataset (or with --site the whole static site),
// written to a directory atomically.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "errdex/serve.h"

namespace errdex {
namespace {

int RunExport(const std::string& dir, const std::string& db, bool site, const std::string& base_url,
              bool json) {
  if (!site && !base_url.empty()) {
    return Fail(Status::InvalidArgument("--base-url is for --site (the dataset has no links)"));
  }
  auto sum = site ? ExportSite(db, dir, base_url) : ExportDataset(db, dir);
  if (!sum.ok()) return Fail(sum.status());
  if (json) {
    nlohmann::json out = {{"dir", sum->dir},       {"datasetVersion", sum->dataset_version},
                          {"files", sum->files},   {"bytes", sum->bytes},
                          {"errors", sum->errors}, {"repos", sum->repos}};
    if (site) {
      out["pages"] = sum->pages;
      out["seconds"] = sum->seconds;
    }
    std::cout << out.dump(2) << "\n";
  } else if (site) {
    std::printf(
        "exported site %s to %s: %zu pages (%.0f pages/s), %zu errors, %zu repositories, %zu "
        "files, %zu bytes\n",
        sum->dataset_version.c_str(), sum->dir.c_str(), sum->pages,
        sum->seconds > 0 ? static_cast<double>(sum->pages) / sum->seconds : 0.0, sum->errors,
        sum->repos, sum->files, sum->bytes);
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
    std::string dir, db, base_url;
    bool site = false, json = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app->add_subcommand("export", "Write the static dataset to DIR atomically");
  cmd->add_option("dir", a->dir, "Output directory (replaced as a whole)")->required();
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--site", a->site,
                "Write the whole static site (pages, dataset under data/, sitemaps, llms.txt)");
  cmd->add_option("--base-url", a->base_url,
                  "With --site: the absolute URL it will be served from (canonical links)");
  cmd->add_flag("--json", a->json, "Print a machine-readable summary");
  return {cmd, [a] { return RunExport(a->dir, a->db, a->site, a->base_url, a->json); }};
}

}  // namespace errdex
