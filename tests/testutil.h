// Test helpers: temporary directories, fixture git repositories built with
// the git command line, and running the errdex binary.
#pragma once

#include <string>
#include <vector>

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
// Quotes for /bin/sh.
std::string ShellQuote(const std::string& s);

// git init + add + commit of everything in dir, with origin set to
// https://github.com/{repo}.git. Returns the commit sha.
std::string GitCommitAll(const std::string& dir, const std::string& repo,
                         const std::string& message = "fixture");

// Path of the errdex binary under test.
std::string ErrdexBinary();
// The shared/ folder (seeds); empty if absent.
std::string SharedDir();

}  // namespace errdex::testing
