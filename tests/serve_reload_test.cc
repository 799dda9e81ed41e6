// End-to-end: `errdex serve` reloading while clients keep asking. Each
// re-index of a repository makes the server read a new view of the
// database and swap it in; the old view answers until then, so no request
// fails or goes unanswered, and the new records are served after the swap.
// The same with the matcher's base merged in the background after reloads.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <thread>

#include "errdex/store.h"
#include "match/store_records_testing.h"
#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

// GET `target` on a new connection; the status, 0 when none came.
int GetStatus(int port, const std::string& target, std::string* body) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return 0;
  }
  timeval tv{30, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  std::string req = "GET " + target + " HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n";
  send(fd, req.data(), req.size(), MSG_NOSIGNAL);
  std::string all;
  char buf[65536];
  for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) all.append(buf, static_cast<size_t>(n));
  close(fd);
  if (all.rfind("HTTP/1.1 ", 0) != 0) return 0;
  size_t split = all.find("\r\n\r\n");
  if (body) *body = split == std::string::npos ? "" : all.substr(split + 4);
  return std::atoi(all.c_str() + 9);
}

void WriteRepo(const std::string& repo, const std::string& word) {
  std::string text = "def check(value):\n";
  for (int i = 0; i < 20; ++i) {
    text += "    if value == " + std::to_string(i) + ":\n";
    text += "        raise ValueError(f\"" + word + " option" + std::to_string(i) +
            " got {value!r}\")\n";
  }
  testing::WriteFile(repo, "pkg/core.py", text);
}

// Starts `errdex serve` on `db` with `extra` options, its output to `log`;
// the pid, once it listens.
pid_t StartServe(const std::string& db, const std::string& log,
                 const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"errdex", "serve", "--port",           "0",
                                   "--db",   db,      "--reload-seconds", "1"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    FILE* f = std::fopen(log.c_str(), "w");
    dup2(fileno(f), 1);
    dup2(fileno(f), 2);
    execv(testing::ErrdexBinary().c_str(), argv.data());
    _exit(127);
  }
  for (int i = 0; i < 1200; ++i) {
    if (testing::ReadFile(log).find("listening on") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return pid;
}

// Serves a database of two repositories with `extra` options while four
// clients ask without pause, re-indexes one of them three times, each time
// waiting for the reload; then waits (up to 30 s) for `until` (when set)
// to hold of the log before the clients stop. The server's log goes to `*log_text`.
void ReloadUnderTraffic(const std::vector<std::string>& extra,
                        const std::function<bool(const std::string&)>& until,
                        std::string* log_text) {
  testing::TempDir dir;
  std::string repo = dir.Join("repo");
  std::string db = dir.Join("errdex.db");
  std::string bin = ShellQuote(testing::ErrdexBinary());
  auto index = [&](const std::string& word) {
    WriteRepo(repo, word);
    testing::GitCommitAll(repo, "acme/reload", word);
    std::string out;
    ASSERT_EQ(testing::Run(bin + " index " + ShellQuote(repo) + " --no-progress --db " +
                               ShellQuote(db) + " 2>&1",
                           &out),
              0)
        << out;
  };
  index("first");
  // A second repository, never re-indexed: its matcher segment is reused
  // by every reload, not built again.
  std::string other = dir.Join("other");
  WriteRepo(other, "stable");
  testing::GitCommitAll(other, "acme/other", "stable");
  {
    std::string out;
    ASSERT_EQ(testing::Run(bin + " index " + ShellQuote(other) + " --no-progress --db " +
                               ShellQuote(db) + " 2>&1",
                           &out),
              0)
        << out;
  }

  std::string log = dir.Join("serve.out");
  std::vector<std::string> options = {"--cache-mb", "1"};
  options.insert(options.end(), extra.begin(), extra.end());
  pid_t pid = StartServe(db, log, options);
  int port = -1;
  std::string text = testing::ReadFile(log);
  if (size_t at = text.find("listening on http://127.0.0.1:"); at != std::string::npos) {
    port = std::atoi(text.c_str() + at + 30);
  }
  ASSERT_GT(port, 0) << testing::ReadFile(log);

  std::atomic<bool> stop{false};
  std::atomic<int> answered{0}, failed{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 4; ++t) {
    clients.emplace_back([&, t] {
      const char* targets[] = {"/api/search?q=option7+got+%27x%27", "/acme/reload/",
                               "/data/repos/acme/reload.json", "/healthz"};
      for (int i = 0; !stop; ++i) {
        int status = GetStatus(port, targets[(i + t) % 4], nullptr);
        (status == 200 ? answered : failed)++;
      }
    });
  }
  auto version = [&] {
    std::string body;
    EXPECT_EQ(GetStatus(port, "/healthz", &body), 200);
    return nlohmann::json::parse(body, nullptr, false).value("datasetVersion", "");
  };
  for (const char* word : {"second", "third", "fourth"}) {
    std::string before = version();
    index(word);
    for (int i = 0; i < 300 && version() == before; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_NE(version(), before) << "not reloaded after indexing " << word;
    std::string body;
    EXPECT_EQ(GetStatus(port, "/api/search?q=" + std::string(word) + "+option3+got+1", &body), 200);
    EXPECT_NE(body.find(std::string(word) + " option3"), std::string::npos) << body;
    EXPECT_EQ(GetStatus(port, "/api/search?q=stable+option3+got+1", &body), 200);
    EXPECT_NE(body.find("stable option3"), std::string::npos) << body;
  }
  for (int i = 0; i < 600 && until; ++i) {
    if (until(testing::ReadFile(log))) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::string body;
  EXPECT_EQ(GetStatus(port, "/api/search?q=fourth+option3+got+1", &body), 200);
  EXPECT_NE(body.find("fourth option3"), std::string::npos) << body;
  EXPECT_EQ(body.find("third option3"), std::string::npos) << body;
  stop = true;
  for (std::thread& c : clients) c.join();
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
  EXPECT_EQ(failed.load(), 0);
  EXPECT_GT(answered.load(), 100);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << testing::ReadFile(log);
  *log_text = testing::ReadFile(log);
}

TEST(ServeReload, ReloadsDuringTrafficLoseNoRequest) {
  std::string text;
  ReloadUnderTraffic({}, nullptr, &text);
  size_t from = text.find(" loaded from ");
  ASSERT_NE(from, std::string::npos) << text;
  std::string segments = text.substr(from, text.find(';', from) - from);
  // Built once each at start (the base); then each reload built the
  // re-indexed repository's delta only.
  EXPECT_NE(text.find("errdex serve: matcher: 2 of 2 repositories built (acme/other, "
                      "acme/reload), 0 reused, 0" +
                      segments),
            std::string::npos)
      << text;
  size_t rebuilt = 0;
  for (size_t at = 0; (at = text.find("matcher: 1 of 2 repositories built (acme/reload), 1 "
                                      "reused, 0" +
                                          segments,
                                      at)) != std::string::npos;
       ++at) {
    ++rebuilt;
  }
  EXPECT_EQ(rebuilt, 3u) << text;
  EXPECT_EQ(text.find("acme/other), 1 reused"), std::string::npos) << text;
  EXPECT_EQ(text.find("matcher merged"), std::string::npos) << text;
}

// With a merge due at every delta, the base is built again in the
// background after each reload and taken by the next poll: searches go on
// meanwhile, none lost, and the answers follow the records.
TEST(ServeReload, MergesDuringTrafficLoseNoRequest) {
  std::string text;
  // The last view the server composed: of a merged base, no delta.
  auto merged = [](const std::string& log) {
    size_t last = log.rfind("errdex serve: matcher: ");
    return last != std::string::npos && log.find("matcher merged") < last &&
           log.find(", 0 deltas", last) < log.find('\n', last);
  };
  ReloadUnderTraffic({"--max-deltas", "1"}, merged, &text);
  EXPECT_TRUE(merged(text)) << text;
  EXPECT_NE(text.find("errdex serve: matcher merged: base of 2 repositories (40 records)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("1 of 2 repositories built (acme/reload), 1 reused"), std::string::npos)
      << text;
  EXPECT_NE(text.find("2 in the base (0 records hidden), 0 deltas"), std::string::npos) << text;
  EXPECT_EQ(text.find("merge failed"), std::string::npos) << text;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

// A merge running when serve is told to stop ends at its next repository:
// serve exits at once rather than after a base of every record, and what
// is stored stays as it was (every record is there, and a new serve loads
// the saved base and the delta as they are, building nothing).
TEST(ServeReload, ShutdownStopsARunningMerge) {
  testing::TempDir dir;
  std::string db = dir.Join("errdex.db");
  // Enough records that a merge takes a while: 60 repositories of 400.
  constexpr int kRepos = 60, kEach = 400;
  auto records = [](int repo_no, const std::string& verb) {
    std::string repo = "acme/r" + std::to_string(repo_no);
    std::vector<Record> out;
    for (int i = 0; i < kEach; ++i) {
      std::string words = verb + " step" + std::to_string(repo_no) + "x" + std::to_string(i);
      Record r = store_records_testing::MakeRecord(repo, i, words + " of {path}",
                                                   words + R"( of ([\s\S]*?))");
      r.id = "r" + std::to_string(repo_no) + "-" + std::to_string(i);
      out.push_back(std::move(r));
    }
    return out;
  };
  {
    auto store = Store::Open(db);
    ASSERT_TRUE(store.ok()) << store.status().message();
    for (int n = 0; n < kRepos; ++n) {
      std::string repo = "acme/r" + std::to_string(n);
      ASSERT_TRUE((*store)->ReplaceRepo(store_records_testing::Info(repo), records(n, "ran")).ok());
    }
  }
  std::string log = dir.Join("serve.out");
  // A merge is due at the first delta.
  pid_t pid = StartServe(db, log, {"--max-deltas", "1"});
  ASSERT_NE(testing::ReadFile(log).find("listening on"), std::string::npos)
      << testing::ReadFile(log);
  size_t served = Count(testing::ReadFile(log), "now serving dataset");
  {
    auto store = Store::Open(db);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE(
        (*store)->ReplaceRepo(store_records_testing::Info("acme/r7"), records(7, "walked")).ok());
  }
  // The reload that takes the delta starts the merge right after it.
  for (int i = 0; i < 6000 && Count(testing::ReadFile(log), "now serving dataset") == served; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  auto began = std::chrono::steady_clock::now();
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::string text = testing::ReadFile(log);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << text;
  EXPECT_NE(text.find("matcher merge stopped at shutdown"), std::string::npos) << text;
  EXPECT_EQ(text.find("matcher merged"), std::string::npos) << text;
  EXPECT_LT(took, 5.0) << text;

  {
    auto store = Store::Open(db);
    ASSERT_TRUE(store.ok());
    auto all = (*store)->ListForMatching("");
    ASSERT_TRUE(all.ok());
    EXPECT_EQ(all->size(), static_cast<size_t>(kRepos * kEach));
  }
  // A new serve finds the base the stopped merge left and the delta.
  std::string log2 = dir.Join("serve2.out");
  pid = StartServe(db, log2, {});
  text = testing::ReadFile(log2);
  kill(pid, SIGTERM);
  waitpid(pid, &st, 0);
  EXPECT_NE(text.find("0 of 60 repositories built, 0 reused, 60 loaded"), std::string::npos)
      << text;
  EXPECT_NE(text.find("59 in the base (" + std::to_string(kEach) + " records hidden), 1 delta"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace errdex
