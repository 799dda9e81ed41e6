// Test helpers: temporary directories, fixture git repositories built with
// the git command line, and running the errdex binary.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "errdex/record.h"

namespace errdex::testing {

// A fresh directory removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::string& path() const { return path_; }
  std::string Join(const std::string& rel) const { return path_ + "/" + rel; }

 private:
  std::string path_;
};

// Writes `content` to dir/rel, creating parent directories.
void WriteFile(const std::string& dir, const std::string& rel, const std::string& content);
std::string ReadFile(const std::string& path);

// Runs `command` through /bin/sh; returns its exit status, stdout in *out.
int Run(const std::string& command, std::string* out = nullptr);
// Starts `command` through /bin/sh (output discarded) with the environment
// variable `env` set to `value`, kills it with SIGKILL after `after_ms`, and
// returns its wait status (WIFSIGNALED when it was still running).
int RunKilledAfter(const std::string& command, const char* env, const char* value, int after_ms);
// Quotes for /bin/sh.
std::string ShellQuote(const std::string& s);

// git init + add + commit of everything in dir, with origin set to
// https://github.com/{repo}.git. Returns the commit sha.
std::string GitCommitAll(const std::string& dir, const std::string& repo,
                         const std::string& message = "fixture");

// The records of the plain directory `dir` (no git), indexed in-process as
// `errdex index` would, on one thread; a failure is a test failure.
std::vector<Record> IndexedRecords(const std::string& dir, const std::string& repo);

// Path of the errdex binary under test.
std::string ErrdexBinary();
// The test data folder (tests/data: seeds, message templates); empty if absent.
std::string SharedDir();

// A test that builds a fixture repository in repo_ and drives the errdex
// command line against its own database, as a user does.
class CliTest : public ::testing::Test {
 protected:
  // The command line for `args` with this test's --db, stderr merged.
  std::string Cli(const std::string& args) {
    return ShellQuote(ErrdexBinary()) + " " + args + " --db " + ShellQuote(db_) + " 2>&1";
  }
  // Runs `args --json`; a discarded value when the output is not JSON.
  nlohmann::json Json(const std::string& args) {
    std::string out;
    testing::Run(Cli(args + " --json"), &out);
    return nlohmann::json::parse(out, nullptr, false);
  }

  TempDir repo_, db_dir_;
  std::string db_ = db_dir_.Join("errdex.db");
};

}  // namespace errdex::testing
