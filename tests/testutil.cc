// Test helpers (see testutil.h).
#include "testutil.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "errdex/indexer.h"

namespace errdex::testing {
namespace fs = std::filesystem;

TempDir::TempDir() {
  std::string tmpl = (fs::temp_directory_path() / "errdex-test-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void WriteFile(const std::string& dir, const std::string& rel, const std::string& content) {
  fs::path p = fs::path(dir) / rel;
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out << content;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

int RunKilledAfter(const std::string& command, const char* env, const char* value, int after_ms) {
  pid_t pid = fork();
  if (pid == 0) {
    setenv(env, value, 1);
    execl("/bin/sh", "sh", "-c", ("exec " + command + " >/dev/null 2>&1").c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(after_ms));
  kill(pid, SIGKILL);
  int st = 0;
  waitpid(pid, &st, 0);
  return st;
}

int Run(const std::string& command, std::string* out) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buf;
  std::string text;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) text.append(buf.data(), n);
  int status = pclose(pipe);
  if (out) *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string GitCommitAll(const std::string& dir, const std::string& repo,
                         const std::string& message) {
  std::string q = ShellQuote(dir);
  std::string cmd =
      "cd " + q +
      " && (test -d .git || git init -q -b main .) && git config user.email t@example.com"
      " && git config user.name test && git config commit.gpgsign false"
      " && (git remote remove origin 2>/dev/null; true)"
      " && git remote add origin https://github.com/" +
      repo +
      ".git"
      " && git add -A && git commit -q -m " +
      ShellQuote(message) + " && git rev-parse HEAD";
  std::string out;
  if (Run(cmd, &out) != 0) throw std::runtime_error("git fixture failed: " + out);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string ErrdexBinary() { return ERRDEX_BINARY; }

std::string SharedDir() {
  const char* env = std::getenv("ERRDEX_SHARED_DIR");
  std::string dir = env && *env ? env : ERRDEX_SHARED_DIR;
  return fs::exists(fs::path(dir) / "seeds") ? dir : "";
}

std::vector<Record> IndexedRecords(const std::string& dir, const std::string& repo) {
  IndexOptions options;
  options.path = dir;
  options.threads = 1;
  options.source.repo = repo;
  IndexSummary summary;
  Result<std::vector<Record>> records = BuildRecords(options, &summary, nullptr);
  EXPECT_TRUE(records.ok()) << records.status().message();
  return records.ok() ? *records : std::vector<Record>{};
}

}  // namespace errdex::testing
