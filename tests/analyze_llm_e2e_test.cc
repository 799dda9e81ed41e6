// End-to-end: `errdex analyze --llm` against a fake OpenAI-compatible
// endpoint on loopback (cpp-httplib's server in a thread). The fake answers
// per error message: a good answer, malformed JSON, a truncated answer, an
// answer outside the schema, 429 then success, an answer slower than the
// timeout, and a 400 that echoes the Authorization header. Asserted as users
// see it: the summary, the stored records (`show --json`), `show`'s text,
// request counts at the server (the cache), and that the key never shows.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;
using json = nlohmann::json;

constexpr const char* kKey = "sk-test-SECRET-4242";

json Completion(const std::string& content, const std::string& finish = "stop") {
  return {{"id", "chatcmpl-1"},
          {"object", "chat.completion"},
          {"choices",
           {{{"index", 0},
             {"message", {{"role", "assistant"}, {"content", content}}},
             {"finish_reason", finish}}}}};
}

const json kGoodAnswer = {
    {"documentation", "`set_mode` accepts only `fast` and `slow`; any other `mode` is refused."},
    {"commonSituations", "A typo in `--mode` on the command line."},
    {"solutions", {"Use --mode fast or --mode slow.", "Check the spelling of `--mode`."}},
    {"preventionTips", {"Validate `--mode` in your launcher script."}},
    {"handlingStrategy", "Validate `mode` before calling `set_mode`."},
    {"exampleFix", "set_mode('fast')"}};

const json kFileAnswer = {{"documentation", "`load_config` needs the file at `path` to exist."},
                          {"solutions", {"Create the file at `path` or pass an existing one."}},
                          {"exampleFix", "load_config('settings.toml')  # an existing file"}};

// A fake chat completions endpoint. Scenario by the message errdex sends.
class FakeEndpoint {
 public:
  FakeEndpoint() {
    server_.Post("/v1/chat/completions",
                 [this](const httplib::Request& req, httplib::Response& res) { Handle(req, res); });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ~FakeEndpoint() {
    server_.stop();
    thread_.join();
  }
  std::string Url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int Count(const std::string& message) {
    std::lock_guard<std::mutex> lock(mu_);
    return counts_[message];
  }
  int Total() {
    std::lock_guard<std::mutex> lock(mu_);
    int n = 0;
    for (const auto& [m, c] : counts_) n += c;
    return n;
  }
  std::vector<std::string> AuthHeaders() {
    std::lock_guard<std::mutex> lock(mu_);
    return auth_;
  }
  json LastBody() {
    std::lock_guard<std::mutex> lock(mu_);
    return last_body_;
  }
  void RefuseAll(bool on) { refuse_ = on; }
  // Requests after the first n hang for a while (n < 0: none hang).
  void HangAfter(int n) { hang_after_ = n; }

 private:
  void Handle(const httplib::Request& req, httplib::Response& res) {
    json body = json::parse(req.body, nullptr, false);
    std::string user = body["messages"][1]["content"];
    json facts = json::parse(user.substr(user.find('\n') + 1));
    std::string message = facts["message"];
    int n;
    {
      std::lock_guard<std::mutex> lock(mu_);
      n = ++counts_[message];
      auth_.push_back(req.get_header_value("Authorization"));
      last_body_ = body;
    }
    if (hang_after_ >= 0 && Total() > hang_after_) {
      std::this_thread::sleep_for(std::chrono::seconds(2));
      res.status = 503;
      return;
    }
    if (refuse_) {
      res.status = 401;
      res.set_content(R"({"error": {"message": "Incorrect API key provided"}})",
                      "application/json");
      return;
    }
    auto answer = [&](const std::string& content, const std::string& finish = "stop") {
      res.set_content(Completion(content, finish).dump(), "application/json");
    };
    if (message.starts_with("unknown mode")) return answer(kGoodAnswer.dump());
    if (message.starts_with("config file")) return answer(kFileAnswer.dump());
    if (message == "MALFORMED scenario") return answer("Sure! Here is the JSON: {documentation:");
    if (message == "TRUNCATED scenario") {
      return answer(R"({"documentation": "The scenario)", "length");
    }
    if (message == "SCHEMA scenario") {
      return answer(R"({"documentation": "", "solutions": "do it", "confidence": 0.9})");
    }
    if (message == "FLAKY scenario") {
      if (n == 1) {
        res.status = 429;
        res.set_header("Retry-After", "0");
        res.set_content(R"({"error": {"message": "Rate limit reached"}})", "application/json");
        return;
      }
      return answer(kFileAnswer.dump());
    }
    if (message == "SLOW scenario") {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      return answer(kFileAnswer.dump());
    }
    if (message == "GARBLED scenario") {
      res.set_content("<html>502 Bad Gateway</html>", "text/html");  // a 200 all the same
      return;
    }
    if (message == "ECHO scenario") {
      res.status = 400;
      res.set_content("bad request; you sent " + req.get_header_value("Authorization"),
                      "text/plain");
      return;
    }
    res.status = 500;
  }

  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  std::mutex mu_;
  std::map<std::string, int> counts_;
  std::vector<std::string> auth_;
  json last_body_;
  std::atomic<bool> refuse_{false};
  std::atomic<int> hang_after_{-1};
};

// A loopback port nobody listens on (bound, read, closed).
int FreePort() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

class AnalyzeLlmE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string& r = repo_.path();
    testing::WriteFile(
        r, "app/mode.py",
        "def set_mode(mode):\n"
        "    if mode not in ('fast', 'slow'):\n"
        "        raise ValueError(f\"unknown mode {mode!r}. Use --mode fast or --mode slow.\")\n"
        "    return mode\n");
    testing::WriteFile(r, "app/config.py",
                       "def load_config(path):\n"
                       "    raise FileNotFoundError(f\"config file {path} is missing\")\n");
    for (const char* s : {"MALFORMED", "TRUNCATED", "SCHEMA", "FLAKY", "SLOW", "ECHO", "GARBLED"}) {
      std::string lower = s;
      for (char& c : lower) c = static_cast<char>(std::tolower(c));
      testing::WriteFile(
          r, "app/" + lower + ".py",
          "def run():\n    raise RuntimeError(\"" + std::string(s) + " scenario\")\n");
    }
    testing::GitCommitAll(r, "acme/app");
    std::string out;
    ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(r) + " --json"), &out), 0) << out;
    for (const json& e : List()) deterministic_[e["message"]] = Show(e["id"]);
    ASSERT_EQ(deterministic_.size(), 9u);
  }

  std::string Cli(const std::string& args, const std::string& env = "") {
    return env + " " + ShellQuote(testing::ErrdexBinary()) + " " + args + " --db " +
           ShellQuote(db_) + " 2>&1";
  }
  // The analyze command as a user types it, with fast retries and timeout.
  std::string Analyze(const std::string& extra = "") {
    return Cli("analyze --llm " + fake_.Url() +
                   " --model fake-1 --timeout 0.5 "
                   "--retry-delay-ms 10 --no-progress " +
                   extra,
               std::string("OPENAI_API_KEY=") + kKey);
  }
  json AnalyzeJson(int want_exit, const std::string& extra = "") {
    std::string out;
    EXPECT_EQ(testing::Run(Analyze("--json " + extra), &out), want_exit) << out;
    all_output_ += out;
    json j = json::parse(out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << out;
    return j;
  }
  json List() {
    std::string out;
    testing::Run(Cli("list --json"), &out);
    return json::parse(out);
  }
  json Show(const std::string& id) {
    std::string out;
    EXPECT_EQ(testing::Run(Cli("show " + id + " --json"), &out), 0) << out;
    all_output_ += out;
    return json::parse(out);
  }
  // GET path from `errdex serve --port 0`.
  std::string Served(const std::string& path) {
    std::string log = db_dir_.Join("serve.log"), pid;
    testing::Run(ShellQuote(testing::ErrdexBinary()) + " serve --port 0 --db " + ShellQuote(db_) +
                     " > " + ShellQuote(log) + " 2>&1 & echo $!",
                 &pid);
    int port = 0;
    for (int i = 0; i < 500 && !port; ++i) {
      std::string text = testing::ReadFile(log);
      size_t at = text.find("listening on http://127.0.0.1:");
      if (at != std::string::npos) port = std::atoi(text.c_str() + at + 30);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::string out;
    if (port) {
      httplib::Client c("127.0.0.1", port);
      auto res = c.Get(path);
      if (res && res->status == 200) out = res->body;
    }
    testing::Run("kill " + pid);
    EXPECT_FALSE(out.empty()) << path << "\n" << testing::ReadFile(log);
    return out;
  }
  json Current(const std::string& message) { return Show(deterministic_[message]["id"]); }

  testing::TempDir repo_, db_dir_;
  std::string db_ = db_dir_.Join("errdex.db");
  FakeEndpoint fake_;
  std::map<std::string, json> deterministic_;  // by message
  std::string all_output_;
};

const char* kMode = "unknown mode {mode!r}. Use --mode fast or --mode slow.";
const char* kFile = "config file {path} is missing";

TEST_F(AnalyzeLlmE2E, GoodAnswersAreMergedBadOnesLeaveTheFactsAlone) {
  json s = AnalyzeJson(2);  // failures make the exit code 2
  EXPECT_EQ(s["model"], "fake-1");
  EXPECT_EQ(s["endpoint"], fake_.Url() + "/v1/chat/completions");
  EXPECT_EQ(s["records"], 9);
  EXPECT_EQ(s["sent"], 9);
  EXPECT_EQ(s["cached"], 0);
  EXPECT_EQ(s["updated"], 3);  // mode, config, flaky
  EXPECT_EQ(s["failed"], 6);
  // good 1 + file 1 + malformed 2 + truncated 2 + schema 2 + flaky 2 + slow 3 + echo 1
  // + garbled 2
  EXPECT_EQ(s["requests"], 16);
  EXPECT_EQ(fake_.Total(), 16);
  EXPECT_EQ(fake_.Count("MALFORMED scenario"), 2);  // asked once more, then given up
  EXPECT_EQ(fake_.Count("FLAKY scenario"), 2);      // 429, then the answer
  EXPECT_EQ(fake_.Count("SLOW scenario"), 3);       // three timeouts
  EXPECT_EQ(fake_.Count("ECHO scenario"), 1);       // a 400 is not retried
  EXPECT_EQ(fake_.Count("GARBLED scenario"), 2);    // not a chat completion: asked once more
  std::map<std::string, std::string> reasons;
  for (const json& f : s["failures"]) reasons[f["filePath"]] = f["reason"];
  EXPECT_EQ(reasons["app/malformed.py"], "the answer is not valid JSON (malformed or truncated)");
  EXPECT_EQ(reasons["app/truncated.py"], "the answer was truncated (finish_reason \"length\")");
  EXPECT_EQ(reasons["app/schema.py"],
            "answer does not fit the schema: unexpected field `confidence`");
  EXPECT_EQ(reasons["app/garbled.py"],
            "the endpoint's reply is not a chat completion (no choices)");
  EXPECT_EQ(reasons["app/slow.py"], "no answer within 0.5 s (timeout)");
  EXPECT_EQ(reasons["app/echo.py"], "HTTP 400 from " + fake_.Url() +
                                        "/v1/chat/completions: bad request; you sent Bearer "
                                        "[redacted]");

  // The request: the model, temperature 0, JSON mode, the key as a bearer token.
  json body = fake_.LastBody();
  EXPECT_EQ(body["model"], "fake-1");
  EXPECT_EQ(body["temperature"], 0);
  EXPECT_EQ(body["response_format"], json({{"type", "json_object"}}));
  for (const std::string& h : fake_.AuthHeaders()) EXPECT_EQ(h, std::string("Bearer ") + kKey);

  // Merged: the model's prose, the deterministic facts kept and first.
  json det = deterministic_[kMode];
  json r = Current(kMode);
  EXPECT_EQ(r["documentation"], kGoodAnswer["documentation"]);
  EXPECT_EQ(r["commonSituations"], kGoodAnswer["commonSituations"]);
  std::vector<std::string> want = det["solutions"];
  ASSERT_EQ(want.front(), "Use --mode fast or --mode slow. (the message's own advice)");
  want.push_back("Check the spelling of `--mode`.");  // the restated advice is not repeated
  EXPECT_EQ(r["solutions"], want);
  EXPECT_EQ(r["handlingStrategy"], "validation: Validate `mode` before calling `set_mode`.");
  EXPECT_EQ(r["exampleFix"], det["exampleFix"]);  // a guard exists: the guard's fix stays
  for (const char* fact : {"errorMessage", "messagePattern", "errorClass", "filePath", "lineNumber",
                           "triggerScenarios", "conditions", "notes", "validationCode", "tags"}) {
    EXPECT_EQ(r[fact], det[fact]) << fact;
  }
  EXPECT_EQ(r["provenance"]["documentation"][0], "model:fake-1");
  EXPECT_EQ(r["provenance"]["solutions"].back(), "model:fake-1");
  EXPECT_EQ(r["provenance"]["errorMessage"], det["provenance"]["errorMessage"]);
  EXPECT_EQ(r["llm"]["model"], "fake-1");
  EXPECT_EQ(r["llm"]["deterministic"]["documentation"], det["documentation"]);
  EXPECT_EQ(r["llm"]["deterministic"]["provenance"], det["provenance"]);

  // No guard: the model's fix replaces the placeholder; its solution follows
  // the deterministic advice for a missing file (analyze/io_advice.h).
  json io = Current(kFile);
  EXPECT_EQ(io["exampleFix"], kFileAnswer["exampleFix"]);
  json io_want =
      json::array({"Check that the file or directory exists and that the path is "
                   "spelled right (a relative path is resolved from the working "
                   "directory of the process)"});
  for (const json& sol : kFileAnswer["solutions"]) io_want.push_back(sol);
  EXPECT_EQ(io["solutions"], io_want);
  EXPECT_EQ(io["provenance"]["exampleFix"], json::array({"model:fake-1"}));

  // Failed sites: byte-for-byte the deterministic record.
  for (const char* m : {"MALFORMED scenario", "TRUNCATED scenario", "SCHEMA scenario",
                        "SLOW scenario", "ECHO scenario", "GARBLED scenario"}) {
    EXPECT_EQ(Current(m), deterministic_[m]) << m;
  }

  // `show` says which prose a model wrote.
  std::string out;
  ASSERT_EQ(testing::Run(Cli("show " + det["id"].get<std::string>()), &out), 0);
  all_output_ += out;
  EXPECT_NE(out.find("prose:     model fake-1 (documentation, commonSituations, solutions 3, "
                     "preventionTips 3, handlingStrategy); deterministic text in `errdex show " +
                     det["id"].get<std::string>() + " --json` (llm)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("  3. [model] Check the spelling of `--mode`."), std::string::npos) << out;
  EXPECT_NE(out.find("  1. Use --mode fast or --mode slow. (the message's own advice)"),
            std::string::npos)
      << out;

  // The HTTP JSON API serves the same record, provenance included.
  json served = json::parse(Served("/api/errors/" + det["id"].get<std::string>()));
  EXPECT_EQ(served["record"]["provenance"]["documentation"][0], "model:fake-1");
  EXPECT_EQ(served["record"]["llm"]["fields"][0], "documentation");
  EXPECT_EQ(served["record"]["documentation"], kGoodAnswer["documentation"]);
  std::string page = Served("/acme/app/" + det["slug"].get<std::string>() + "/");
  // The model's `code` spans render as code, like errdex's own prose.
  EXPECT_NE(page.find("<li>Check the spelling of <code>--mode</code>. <small>(model)</small></li>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("Prose by model fake-1 (documentation, commonSituations, solutions, "
                      "preventionTips, handlingStrategy)"),
            std::string::npos)
      << page;

  // Second run: answered sites come from the cache; only failed ones are asked again.
  json again = AnalyzeJson(2);
  EXPECT_EQ(again["cached"], 3);
  EXPECT_EQ(again["unchanged"], 3);
  EXPECT_EQ(again["updated"], 0);
  EXPECT_EQ(again["sent"], 6);
  EXPECT_EQ(fake_.Count(kMode), 1);
  EXPECT_EQ(fake_.Count(kFile), 1);
  EXPECT_EQ(fake_.Count("FLAKY scenario"), 2);

  EXPECT_EQ(all_output_.find(kKey), std::string::npos);
}

TEST_F(AnalyzeLlmE2E, ReindexThenAnalyzeReappliesCachedAnswersForFree) {
  AnalyzeJson(2, "--repo acme/app");
  int asked = fake_.Total();
  std::string out;
  ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --json"), &out), 0) << out;
  json reindexed = Current(kMode);  // re-index wrote the deterministic record again
  reindexed["analyzedAt"] = deterministic_[kMode]["analyzedAt"];
  EXPECT_EQ(reindexed, deterministic_[kMode]);
  // The same as resuming a killed run: cached answers are applied, nothing is re-sent.
  json s = AnalyzeJson(2,
                       "--limit 0 --fields documentation,solutions --concurrency 1 "
                       "--tries 1 --repo acme/app");
  EXPECT_EQ(s["cached"], 3);
  EXPECT_EQ(s["updated"], 3);
  EXPECT_EQ(fake_.Count(kMode), 1);
  json r = Current(kMode);
  EXPECT_EQ(r["documentation"], kGoodAnswer["documentation"]);
  EXPECT_EQ(r["commonSituations"], deterministic_[kMode]["commonSituations"]);  // not in --fields
  EXPECT_EQ(r["llm"]["fields"], json::array({"documentation", "solutions"}));
  EXPECT_GT(fake_.Total(), asked);  // the failed ones were asked again (one try each)
}

TEST_F(AnalyzeLlmE2E, KilledRunResumesWithoutAskingAgain) {
  fake_.HangAfter(1);  // app/config.py is answered, the next request hangs
  std::string pid;
  std::string cmd = Analyze("--concurrency 1");
  cmd.resize(cmd.size() - 5);  // drop 2>&1: the background run must not hold the pipe
  testing::Run(cmd + " > /dev/null 2>&1 & echo $!", &pid);
  for (int i = 0; i < 1000 && fake_.Total() < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GE(fake_.Total(), 2);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the answer reaches the cache
  ASSERT_EQ(testing::Run("kill -9 " + pid), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  // The store is intact: every record is still the deterministic one.
  for (const auto& [message, record] : deterministic_) EXPECT_EQ(Current(message), record);
  fake_.HangAfter(-1);
  json s = AnalyzeJson(2);
  EXPECT_EQ(s["cached"], 1);
  EXPECT_EQ(fake_.Count(kFile), 1);  // paid for once, before the kill
  EXPECT_EQ(Current(kFile)["documentation"], kFileAnswer["documentation"]);
}

TEST_F(AnalyzeLlmE2E, LimitSendsAtMostNSites) {
  // Sites go in (file, line) order: app/config.py first.
  json s = AnalyzeJson(0, "--limit 1 --fields documentation");
  EXPECT_EQ(s["sent"], 1);
  EXPECT_EQ(s["notSent"], 8);
  EXPECT_EQ(s["updated"], 1);
  EXPECT_EQ(fake_.Count(kFile), 1);
  EXPECT_EQ(Current(kFile)["documentation"], kFileAnswer["documentation"]);
  EXPECT_EQ(fake_.Total(), 1);
}

TEST_F(AnalyzeLlmE2E, RefusedKeyStopsTheRunEarly) {
  fake_.RefuseAll(true);
  std::string out;
  EXPECT_EQ(testing::Run(Analyze("--concurrency 1"), &out), 2) << out;
  EXPECT_NE(out.find("stopped early: HTTP 401 from " + fake_.Url() +
                     "/v1/chat/completions: Incorrect API key provided (the endpoint refused "
                     "the API key)"),
            std::string::npos)
      << out;
  EXPECT_EQ(fake_.Total(), 1);  // nothing else was sent
  EXPECT_EQ(out.find(kKey), std::string::npos);
  for (const auto& [message, record] : deterministic_) EXPECT_EQ(Current(message), record);
}

// A reply without Content-Length (chunked) is bounded like one with it: the
// client stops reading at 4 MiB instead of holding the whole stream.
TEST_F(AnalyzeLlmE2E, EndlessChunkedAnswerIsCutAt4MiB) {
  httplib::Server endless;
  std::atomic<size_t> sent{0};
  endless.Post("/v1/chat/completions", [&](const httplib::Request&, httplib::Response& res) {
    res.set_chunked_content_provider("application/json", [&](size_t, httplib::DataSink& sink) {
      std::string chunk(64 << 10, ' ');
      if (sent > (256u << 20)) return false;  // give up after 256 MiB either way
      sent += chunk.size();
      return sink.write(chunk.data(), chunk.size());
    });
  });
  int port = endless.bind_to_any_port("127.0.0.1");
  std::thread serving([&] { endless.listen_after_bind(); });
  while (!endless.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::string out;
  int rc = testing::Run(Cli("analyze --llm http://127.0.0.1:" + std::to_string(port) +
                                " --model m --limit 1 --concurrency 1 --timeout 30 --json",
                            "OPENAI_API_KEY=k"),
                        &out);
  endless.stop();
  serving.join();
  EXPECT_EQ(rc, 2) << out;
  json j = json::parse(out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << out;
  ASSERT_EQ(j["failures"].size(), 1u) << out;
  EXPECT_EQ(j["failures"][0]["reason"], "the answer is larger than 4194304 bytes");
  EXPECT_LT(sent.load(), 64u << 20) << "the client kept reading";
  for (const auto& [message, record] : deterministic_) EXPECT_EQ(Current(message), record);
}

// A server that answers with a status line and then one header byte every
// 100 ms, never ending the headers (for at most `seconds`). Raw sockets:
// httplib's server cannot send a reply this broken.
class TricklingServer {
 public:
  explicit TricklingServer(int seconds) : seconds_(seconds) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    listen(listener_, 8);
    thread_ = std::thread([this] { Serve(); });
  }
  ~TricklingServer() {
    stop_ = true;
    shutdown(listener_, SHUT_RDWR);
    thread_.join();
    for (std::thread& t : clients_) t.join();
    close(listener_);
  }
  int port() const { return port_; }

 private:
  void Serve() {
    for (;;) {
      int fd = accept(listener_, nullptr, nullptr);
      if (fd < 0 || stop_) {
        if (fd >= 0) close(fd);
        return;
      }
      clients_.emplace_back([this, fd] { Trickle(fd); });
    }
  }
  void Trickle(int fd) {
    char buf[4096];
    recv(fd, buf, sizeof buf, 0);
    std::string status = "HTTP/1.1 200 OK\r\nX-Slow: ";
    send(fd, status.data(), status.size(), MSG_NOSIGNAL);
    auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds_);
    while (!stop_ && std::chrono::steady_clock::now() < end) {
      if (send(fd, "x", 1, MSG_NOSIGNAL) != 1) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    close(fd);
  }

  int seconds_, listener_ = -1, port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::vector<std::thread> clients_;
};

// --timeout bounds a whole request, headers included: a server trickling
// its headers a byte at a time (each wait for bytes shorter than the read
// timeout) held the run for as long as it kept sending.
TEST_F(AnalyzeLlmE2E, TrickledHeadersAreCutAtTheTimeout) {
  TricklingServer slow(90);
  auto start = std::chrono::steady_clock::now();
  std::string out;
  int rc = testing::Run(Cli("analyze --llm http://127.0.0.1:" + std::to_string(slow.port()) +
                                " --model m --limit 1 --concurrency 1 --timeout 2 --tries 2"
                                " --retry-delay-ms 1 --json",
                            "OPENAI_API_KEY=k"),
                        &out);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(rc, 2) << out;
  json j = json::parse(out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << out;
  ASSERT_EQ(j["failures"].size(), 1u) << out;
  EXPECT_EQ(j["failures"][0]["reason"], "no answer within 2 s (timeout)");
  EXPECT_LT(seconds, 30.0) << "two tries of 2 s each";
  for (const auto& [message, record] : deterministic_) EXPECT_EQ(Current(message), record);
}

TEST_F(AnalyzeLlmE2E, UnreachableEndpointIsAClearFailure) {
  int port = FreePort();
  std::string out;
  EXPECT_EQ(testing::Run(Cli("analyze --llm http://127.0.0.1:" + std::to_string(port) +
                             "/v1 --model m --retry-delay-ms 1 --concurrency 1"),
                         &out),
            2);
  EXPECT_NE(out.find("stopped early: cannot connect to http://127.0.0.1:" + std::to_string(port) +
                     "/v1/chat/completions"),
            std::string::npos)
      << out;
}

TEST_F(AnalyzeLlmE2E, BadFlagsAreUsageErrors) {
  struct Case {
    std::string args, says;
  };
  std::string url = fake_.Url();
  for (const Case& c : std::vector<Case>{
           {"analyze --llm " + url, "--model is required"},
           {"analyze --model m", "--llm is required"},
           {"analyze --llm ftp://x --model m", "--llm ftp://x: scheme must be http or https"},
           {"analyze --llm " + url + " --model m --concurrency 0",
            "--concurrency must be between 1 and 64"},
           {"analyze --llm " + url + " --model m --fields documentation,bogus",
            "--fields: unknown field 'bogus' (one of: documentation, commonSituations, "
            "solutions, preventionTips, handlingStrategy, exampleFix)"},
           {"analyze --llm " + url + " --model m --timeout 0",
            "--timeout must be between 0 and 3600 seconds"},
           {"analyze --llm " + url + " --model m --api-key-env ERRDEX_TEST_UNSET_KEY",
            "--api-key-env ERRDEX_TEST_UNSET_KEY: the environment variable is not set"},
           {"analyze --llm " + url + " --model m --repo nope", "--repo must be owner/name"},
       }) {
    std::string out;
    EXPECT_EQ(testing::Run(Cli(c.args), &out), 2) << c.args;
    EXPECT_NE(out.find(c.says), std::string::npos) << c.args << "\n" << out;
    EXPECT_NE(out.find("See 'errdex analyze --help'."), std::string::npos) << out;
  }
  EXPECT_EQ(fake_.Total(), 0);
  std::string help;
  EXPECT_EQ(testing::Run(Cli("analyze --help"), &help), 0);
  EXPECT_NE(help.find("--api-key-env"), std::string::npos) << help;
  EXPECT_NE(help.find("never printed"), std::string::npos) << help;
  EXPECT_NE(help.find("re-running, or resuming a killed run"), std::string::npos) << help;
  EXPECT_EQ(testing::Run(Cli("--help"), &help), 0);
  EXPECT_NE(help.find("analyze"), std::string::npos) << help;
}

}  // namespace
}  // namespace errdex
