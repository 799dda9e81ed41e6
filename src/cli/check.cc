// errdex check: verifies a database and the matcher snapshot beside it in
// full — every page of the database (SQLite's integrity check), its tables,
// every stored record, and every checksum of the snapshot (which `explain`
// and `serve` check only in part when they load it) — and says what is
// damaged. Exit 0 when sound, 2 when something is damaged or cannot be read.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "cli/color.h"
#include "errdex/matcher.h"
#include "util/text.h"

namespace errdex {
namespace {

struct Part {
  std::string name;    // "database", "records", "matcher snapshot"
  bool ok = true;      // false: damaged
  std::string detail;  // what was checked, or what is damaged
  std::vector<std::string> problems;
};

Part CheckDatabase(const std::string& path, Part* records) {
  Part db{"database", true, "", {}};
  records->name = "records";
  auto store = Store::OpenExisting(path);
  if (!store.ok()) {
    db.ok = false;
    db.problems.push_back(store.status().message());
    records->ok = false;
    records->detail = "not read (the database does not open)";
    return db;
  }
  auto check = (*store)->Check();
  if (!check.ok()) {
    db.ok = false;
    db.problems.push_back(check.status().message());
    records->ok = false;
    records->detail = "not read";
    return db;
  }
  for (const std::string& p : check->problems) {
    bool of_records = p.starts_with("record") || p.starts_with("repository") ||
                      p.starts_with("...") || p.find(" records of ") != std::string::npos;
    (of_records ? records->problems : db.problems).push_back(p);
  }
  db.ok = db.problems.empty();
  db.detail = db.ok ? "SQLite integrity check passed, store schema version " +
                          std::to_string(check->schema_version)
                    : "";
  records->ok = db.ok && records->problems.empty();
  if (records->ok) {
    records->detail = std::to_string(check->records) + " records of " +
                      std::to_string(check->repos) +
                      (check->repos == 1 ? " repository" : " repositories") +
                      ", every one parses and matches its row";
  } else if (!db.ok && records->problems.empty()) {
    records->detail = "not trusted (the database is damaged)";
  }
  return db;
}

Part CheckSnapshot(const std::string& db_path) {
  Part part{"matcher snapshot", true, "", {}};
  std::string path = MatcherSnapshotPath(db_path);
  Status st = Matcher::Check(path);
  if (st.code() == Status::Code::kNotFound) {
    part.detail = "none (" + path + "; kept from " + std::to_string(kMatcherSnapshotMinRecords) +
                  " records on, built when needed)";
    return part;
  }
  if (!st.ok()) {
    part.ok = false;
    part.problems.push_back(path + ": " + st.message() +
                            " (delete it: explain and serve build a new one)");
    return part;
  }
  std::error_code ec;
  auto bytes = std::filesystem::file_size(path, ec);
  part.detail = path + ", " + std::to_string(ec ? 0 : bytes) + " bytes, every checksum verified";
  // Sound, but is it of this database as it is now? A stale one is
  // rebuilt on the next use, which is no damage.
  auto store = Store::OpenExisting(db_path);
  if (store.ok()) {
    auto stamp = (*store)->DatasetStamp();
    if (stamp.ok()) {
      auto loaded = Matcher::Load(path, *stamp);
      if (loaded.ok()) {
        part.detail += ", current";
      } else if (loaded.status().code() == Status::Code::kNotFound) {
        part.detail += ", stale (" + loaded.status().message() + "; rebuilt on the next use)";
      } else {
        part.ok = false;
        part.problems.push_back(path + ": " + loaded.status().message());
      }
    }
  }
  return part;
}

int RunCheck(const std::string& db_arg, bool json) {
  std::string db = db_arg.empty() ? DefaultDbPath() : db_arg;
  std::error_code ec;
  if (!std::filesystem::exists(db, ec)) {
    return Fail(Status::InvalidArgument("no database at " + db));
  }
  Part records;
  std::vector<Part> parts;
  parts.push_back(CheckDatabase(db, &records));
  parts.push_back(records);
  parts.push_back(CheckSnapshot(db));
  bool sound = true;
  std::vector<std::string> damaged;
  for (const Part& p : parts) {
    sound = sound && p.ok;
    if (!p.ok) damaged.push_back(p.name);
  }
  if (json) {
    nlohmann::json out = {{"db", db}, {"sound", sound}, {"checks", nlohmann::json::array()}};
    for (const Part& p : parts) {
      out["checks"].push_back(
          {{"name", p.name}, {"ok", p.ok}, {"detail", p.detail}, {"problems", p.problems}});
    }
    std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    PrintSafe("%s\n", db.c_str());
    for (const Part& p : parts) {
      std::string status = p.ok ? std::string("ok") : Paint(Style::kError, "DAMAGED");
      PrintSafe("  %-17s %s", (p.name + ":").c_str(), status.c_str());
      if (!p.detail.empty()) PrintSafe(" (%s)", p.detail.c_str());
      std::printf("\n");
      for (const std::string& problem : p.problems) PrintSafe("    - %s\n", problem.c_str());
    }
    if (sound) {
      std::printf("sound\n");
    } else {
      std::printf("damaged: %s\n", Join(damaged, ", ").c_str());
    }
  }
  return sound ? kExitFound : kExitFailure;
}

}  // namespace

Command AddCheckCommand(CLI::App* app) {
  struct Args {
    std::string db;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app->add_subcommand(
      "check", "Verify the database and its matcher snapshot in full; exit 2 when damaged");
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_flag("--json", a->json, "JSON output");
  cmd->footer(
      "Reads every page of the database (SQLite's integrity check), its tables and every "
      "stored record, and verifies every checksum of the matcher snapshot beside it "
      "(DB.matcher). Exit status: 0 sound, 2 damaged (the report says what) or unreadable.");
  return {cmd, [a] { return RunCheck(a->db, a->json); }};
}

}  // namespace errdex
