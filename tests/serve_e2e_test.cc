// End-to-end: `errdex serve` on loopback against a fixture repository whose
// messages are hostile HTML, as clients use it: pages, JSON API, /data/,
// bad HTTP input and slow clients; ErrLookup's MCP client and headless
// Chromium (tests/js, run with node); and `errdex export` killed mid-write.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "testutil.h"
#include "util/sha256.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::ShellQuote;
using Clock = std::chrono::steady_clock;

constexpr const char* kRepo = "acme/widgets";
constexpr const char* kRendered = "quantization method 'awq' is not supported for the daemon";

struct HttpReply {
  int status = 0;
  double first_byte_secs = 0;  // time until the response started
  std::string headers;
  std::string body;
};

int Connect(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return -1;
  }
  timeval tv{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

// Sends `raw` as is and reads until the server closes the connection.
HttpReply Raw(int port, const std::string& raw) {
  HttpReply r;
  int fd = Connect(port);
  if (fd < 0) return r;
  size_t sent = 0;
  while (sent < raw.size()) {
    ssize_t n = send(fd, raw.data() + sent, raw.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server may reject and close before reading it all
    sent += static_cast<size_t>(n);
  }
  std::string all;
  char buf[65536];
  auto start = Clock::now();
  for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) {
    if (all.empty())
      r.first_byte_secs = std::chrono::duration<double>(Clock::now() - start).count();
    all.append(buf, static_cast<size_t>(n));
  }
  close(fd);
  if (all.rfind("HTTP/1.1 ", 0) == 0) r.status = std::atoi(all.c_str() + 9);
  size_t split = all.find("\r\n\r\n");
  r.headers = all.substr(0, split);
  if (split != std::string::npos) r.body = all.substr(split + 4);
  return r;
}

HttpReply Get(int port, const std::string& target) {
  return Raw(port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
}

HttpReply Post(int port, const std::string& target, const std::string& content_type,
               const std::string& body) {
  return Raw(port, "POST " + target + " HTTP/1.1\r\nHost: h\r\nConnection: close\r\n" +
                       "Content-Type: " + content_type +
                       "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
}

// The value of header `name` (matched case-insensitively), or "".
std::string Header(const HttpReply& r, const std::string& name) {
  std::string lower = r.headers, key = name + ":";
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  size_t at = lower.find("\r\n" + key);
  if (at == std::string::npos) return "";
  size_t start = at + 2 + key.size();
  size_t end = r.headers.find("\r\n", start);
  std::string v = r.headers.substr(start, end == std::string::npos ? end : end - start);
  while (!v.empty() && v.front() == ' ') v.erase(0, 1);
  return v;
}

class ServeE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir();
    std::string repo = dir_->Join("repo");
    testing::WriteFile(
        repo, "pkg/core.py",
        "def load(quant_method, where):\n"
        "    if quant_method not in ('gptq',):\n"
        "        raise ValueError(f\"quantization method {quant_method!r} is not "
        "supported for {where}\")\n"
        "    raise RuntimeError('<script>alert(1)</script> broke')\n"
        "\n"
        "def render(x):\n"
        "    raise KeyError('\"><img src=x onerror=alert(1)> missing key %s' % x)\n");
    testing::GitCommitAll(repo, kRepo);
    db_ = dir_->Join("errdex.db");
    std::string out;
    ASSERT_EQ(
        testing::Run(
            Bin() + " index " + ShellQuote(repo) + " --no-progress --db " + ShellQuote(db_), &out),
        0)
        << out;
    port_ = StartServer(db_, dir_->Join("serve.out"), &pid_, {"--metrics"});
    ASSERT_GT(port_, 0);
  }
  static void TearDownTestSuite() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      int st = 0;
      waitpid(pid_, &st, 0);
    }
    delete dir_;
  }

  static std::string Bin() { return ShellQuote(testing::ErrdexBinary()); }

  // Starts `errdex serve --port 0 [extra...]` and reads the port it reports.
  static int StartServer(const std::string& db, const std::string& out_file, pid_t* pid,
                         std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"errdex", "serve", "--port",           "0",
                                     "--db",   db,      "--reload-seconds", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    *pid = fork();
    if (*pid == 0) {
      FILE* f = std::fopen(out_file.c_str(), "w");
      dup2(fileno(f), 1);
      dup2(fileno(f), 2);
      execv(testing::ErrdexBinary().c_str(), argv.data());
      _exit(127);
    }
    for (int i = 0; i < 200; ++i) {
      std::string text = testing::ReadFile(out_file);
      size_t at = text.find("listening on http://127.0.0.1:");
      if (at != std::string::npos) return std::atoi(text.c_str() + at + 30);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
  }

  static json Search(const std::string& q_encoded) {
    HttpReply r = Get(port_, "/api/search?q=" + q_encoded);
    EXPECT_EQ(r.status, 200) << r.body;
    return json::parse(r.body, nullptr, false);
  }

  static void ExpectHealthy() {
    HttpReply r = Get(port_, "/healthz");
    EXPECT_EQ(r.status, 200);
    EXPECT_NE(r.body.find("\"ok\""), std::string::npos);
  }

  static std::string JsDir() { return std::string(ERRDEX_SOURCE_DIR) + "/tests/js"; }
  static bool HaveJs() { return fs::exists(JsDir() + "/node_modules/playwright-core"); }

  static inline testing::TempDir* dir_ = nullptr;
  static inline std::string db_;
  static inline int port_ = 0;
  static inline pid_t pid_ = 0;
};

TEST_F(ServeE2E, SearchApiFindsRenderedMessageWithCaptures) {
  json j = Search("quantization+method+%27awq%27+is+not+supported+for+the+daemon&limit=3");
  ASSERT_TRUE(j.contains("matches"));
  ASSERT_FALSE(j["matches"].empty()) << j.dump();
  const json& m = j["matches"][0];
  for (const char* key :
       {"id", "repo", "code", "message", "score", "matchType", "url", "captures"}) {
    EXPECT_TRUE(m.contains(key)) << key;
  }
  EXPECT_EQ(m["repo"], kRepo);
  EXPECT_EQ(m["matchType"], "pattern");
  EXPECT_EQ(m["captures"][0]["name"], "quant_method");
  EXPECT_EQ(m["captures"][0]["value"], "'awq'");
  EXPECT_TRUE(j["datasetVersion"].is_string());

  HttpReply rec = Get(port_, "/api/errors/" + m["id"].get<std::string>());
  EXPECT_EQ(rec.status, 200);
  json rj = json::parse(rec.body);
  EXPECT_EQ(rj["record"]["lineNumber"], 3);
  EXPECT_EQ(rj["record"]["filePath"], "pkg/core.py");
  EXPECT_NE(rec.headers.find("Access-Control-Allow-Origin: *"), std::string::npos);
}

TEST_F(ServeE2E, OneWordSearchesFindRecordsByKeyword) {
  json j = Search("ValueError");  // a class
  ASSERT_FALSE(j["matches"].empty()) << j.dump();
  EXPECT_EQ(j["matches"][0]["matchType"], "keyword");
  EXPECT_EQ(j["matches"][0]["errorClass"], "ValueError");
  EXPECT_FALSE(j["matches"][0]["reason"].get<std::string>().empty());
  j = Search("quantization");  // a word of a message
  ASSERT_FALSE(j["matches"].empty()) << j.dump();
  EXPECT_EQ(j["matches"][0]["matchType"], "keyword");
  EXPECT_EQ(j["matches"][0]["filePath"], "pkg/core.py");
  j = Search("zzyzx");  // nothing has it
  EXPECT_TRUE(j["matches"].empty()) << j.dump();
}

TEST_F(ServeE2E, ApiErrorsAreJsonWithStatus) {
  HttpReply r = Get(port_, "/api/errors/ffffffffffffffff");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(json::parse(r.body)["status"], 404);
  EXPECT_EQ(Get(port_, "/api/search").status, 400);
  EXPECT_EQ(Get(port_, "/api/search?q=x&limit=0").status, 400);
  EXPECT_EQ(Get(port_, "/api/nothing").status, 404);
  HttpReply repos = Get(port_, "/api/repos");
  EXPECT_EQ(json::parse(repos.body)["repos"][0]["repo"], kRepo);

  std::string log = "INFO starting\nValueError: quantization method 'x' is not supported for y\n";
  HttpReply ex = Raw(port_,
                     "POST /api/explain HTTP/1.1\r\nHost: h\r\nConnection: close\r\n"
                     "Content-Type: text/plain\r\nContent-Length: " +
                         std::to_string(log.size()) + "\r\n\r\n" + log);
  EXPECT_EQ(ex.status, 200) << ex.body;
  json ej = json::parse(ex.body);
  ASSERT_FALSE(ej["matches"].empty());
  EXPECT_EQ(ej["matches"][0]["repo"], kRepo);
  EXPECT_TRUE(ej["matches"][0].contains("inputMessage"));
}

TEST_F(ServeE2E, PagesEscapeHostileMessagesAndStaySmall) {
  HttpReply repo = Get(port_, "/acme/widgets/");
  ASSERT_EQ(repo.status, 200);
  EXPECT_EQ(repo.body.find("<script>alert"), std::string::npos);
  EXPECT_EQ(repo.body.find("<img src=x"), std::string::npos);
  EXPECT_NE(repo.body.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(repo.body.find("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  for (const std::string& slug : {std::string("script-alert-1-script-broke"),
                                  std::string("img-src-x-onerror-alert-1-missing-key-s")}) {
    HttpReply page = Get(port_, "/acme/widgets/" + slug + "/");
    ASSERT_EQ(page.status, 200) << slug;
    EXPECT_LT(page.body.size(), 50u * 1024);
    EXPECT_EQ(page.body.find("<img src=x"), std::string::npos);
    EXPECT_EQ(page.body.find("<script>alert"), std::string::npos);
    // JSON-LD is inside <script>: no raw '<' may appear in it.
    size_t ld = page.body.find("application/ld+json\">");
    ASSERT_NE(ld, std::string::npos);
    size_t end = page.body.find("</script>", ld);
    EXPECT_EQ(page.body.substr(ld, end - ld).find('<'), std::string::npos);
    EXPECT_NE(page.body.find("<link rel=\"canonical\""), std::string::npos);
    EXPECT_NE(page.body.find("type=\"application/json\" href=\"/api/errors/"), std::string::npos);
  }
  HttpReply home = Get(port_, "/");
  EXPECT_EQ(home.status, 200);
  EXPECT_LT(home.body.size(), 50u * 1024);
  EXPECT_EQ(Get(port_, "/acme/widgets/no-such-slug/").status, 404);
  EXPECT_EQ(Get(port_, "/acme/widgets").status, 301);
}

TEST_F(ServeE2E, PasteBoxPostsAnyPasteUpToTheBodyLimit) {
  // A 50 KB traceback: too long for a URL (414 at the server's header
  // limit), fine as the search form's POST body.
  std::string paste = "Traceback (most recent call last):\n";
  for (int i = 0; paste.size() < 50 * 1024; ++i) {
    paste += "  File \"/srv/app/step_" + std::to_string(i) + ".py\", line " +
             std::to_string(i + 1) + ", in step\n    return next_step(request)\n";
  }
  paste += std::string("ValueError: ") + kRendered + "\n";
  std::string form = "q=";
  for (unsigned char c : paste) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%%%02X", c);
    form += std::isalnum(c) ? std::string(1, static_cast<char>(c)) : std::string(buf);
  }
  HttpReply page = Post(port_, "/search", "application/x-www-form-urlencoded", form);
  ASSERT_EQ(page.status, 200) << page.body.substr(0, 500);
  size_t first = page.body.find("<li class=\"result\"><a href=\"/acme/widgets/quantization-method");
  EXPECT_NE(first, std::string::npos) << page.body.substr(0, 3000);
  EXPECT_NE(page.body.find("tier pattern"), std::string::npos);
  EXPECT_NE(page.body.find("<span class=\"reason\">"), std::string::npos);
  EXPECT_LT(page.body.size(), 50u * 1024);
  // The form's page posts; other bodies are refused with a page that says so.
  EXPECT_NE(Get(port_, "/").body.find("<form action=\"/search\" method=\"post\" role=\"search\">"),
            std::string::npos);
  EXPECT_EQ(Post(port_, "/search", "application/json", "{}").status, 415);
  EXPECT_EQ(Post(port_, "/acme/widgets/", "application/x-www-form-urlencoded", "q=x").status, 405);
  // One word finds records by class or message word on the page too.
  HttpReply word = Post(port_, "/search", "application/x-www-form-urlencoded", "q=ValueError");
  EXPECT_NE(word.body.find("tier keyword"), std::string::npos) << word.body;
}

TEST_F(ServeE2E, ServesTheSiteFilesOfTheStaticExport) {
  HttpReply robots = Get(port_, "/robots.txt");
  EXPECT_EQ(robots.status, 200);
  EXPECT_EQ(
      robots.body,
      "User-agent: *\nDisallow: /search\nDisallow: /api/\nAllow: /\n\nSitemap: http://127.0.0.1:" +
          std::to_string(port_) + "/sitemap.xml\n");
  HttpReply index = Get(port_, "/sitemap.xml");
  EXPECT_EQ(index.status, 200);
  EXPECT_NE(index.body.find("/sitemaps/acme/widgets.xml</loc>"), std::string::npos) << index.body;
  HttpReply part = Get(port_, "/sitemaps/acme/widgets.xml");
  EXPECT_EQ(part.status, 200);
  EXPECT_NE(part.body.find("/acme/widgets/quantization-method"), std::string::npos) << part.body;
  EXPECT_EQ(Get(port_, "/sitemaps/acme/nope.xml").status, 404);
  HttpReply llms = Get(port_, "/llms.txt");
  EXPECT_NE(llms.body.find("- [acme/widgets](http://127.0.0.1:" + std::to_string(port_) +
                           "/acme/widgets/): 3 errors at "),
            std::string::npos)
      << llms.body;
  HttpReply js = Get(port_, "/assets/site.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(Header(js, "Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_NE(js.body.find("button.copy[data-copy]"), std::string::npos);
  HttpReply docs = Get(port_, "/api-docs/");
  EXPECT_EQ(docs.status, 200);
  EXPECT_NE(docs.body.find("<code>/data/manifest.json</code>"), std::string::npos);
  EXPECT_EQ(Get(port_, "/api-docs").status, 301);
}

TEST_F(ServeE2E, DataFilesMatchTheManifest) {
  json manifest = json::parse(Get(port_, "/data/manifest.json").body);
  EXPECT_EQ(manifest["schemaVersion"], 2);
  EXPECT_EQ(manifest["counts"]["errors"], 3);
  ASSERT_TRUE(manifest["files"].contains("index"));
  for (const auto& [key, entry] : manifest["files"].items()) {
    // Paths as the contract writes them: "/data/index.json".
    HttpReply f = Get(port_, entry["path"].get<std::string>());
    ASSERT_EQ(f.status, 200) << key;
    EXPECT_EQ(f.body.size(), entry["bytes"].get<size_t>()) << key;
    EXPECT_EQ(Sha256Hex(f.body), entry["sha256"]) << key;
  }
  json index = json::parse(Get(port_, "/data/index.json").body);
  ASSERT_EQ(index["errors"].size(), 3u);
  for (const char* k :
       {"id", "repo", "slug", "code", "msg", "pattern", "type", "class", "tags", "sev"}) {
    EXPECT_TRUE(index["errors"][0].contains(k)) << k;
  }
  json repo = json::parse(Get(port_, "/data/repos/acme/widgets.json").body);
  EXPECT_EQ(repo.size(), 3u);
}

TEST_F(ServeE2E, BadInputGets4xxQuicklyAndServerStaysHealthy) {
  const std::string h = " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  struct Case {
    std::string raw;
    int want;
  };
  std::vector<Case> cases = {
      {"GET /data/../../etc/passwd" + h, 400},
      {"GET /data/%2e%2e/%2e%2e/etc/passwd" + h, 400},
      {"GET /data/..%2f..%2fetc%2fpasswd" + h, 400},
      {"GET /data/%2E%2E%5C%2E%2E%5Cetc%5Cpasswd" + h, 400},
      {"GET /data/%252e%252e/etc/passwd" + h, 404},
      {"GET /api/search?q=%zz" + h, 400},
      {"GET /acme/%E0%A4%A" + h, 400},
      {"GET /data/%00" + h, 400},
      {"BREW /coffee" + h, 400},
      {"PUT /api/search HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
       405},
      {"GET /api/search?q=" + std::string(1 << 20, 'a') + h, 414},
      {"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(1 << 20, 'a') + "\r\n\r\n", 400},
      {"garbage\r\n\r\n", 400},
  };
  for (const Case& c : cases) {
    HttpReply r = Raw(port_, c.raw);
    EXPECT_EQ(r.status, c.want) << c.raw.substr(0, 60);
    EXPECT_LT(r.first_byte_secs, 1.0) << c.raw.substr(0, 60);
    EXPECT_EQ(r.body.find("root:"), std::string::npos);
  }
  ExpectHealthy();
}

TEST_F(ServeE2E, SlowClientsAreCutOffAndOthersAreServed) {
  std::vector<int> slow;
  for (int i = 0; i < 16; ++i) {
    int fd = Connect(port_);
    ASSERT_GE(fd, 0);
    send(fd, "GET / HTTP/1.1\r\nHo", 18, MSG_NOSIGNAL);  // and then nothing
    slow.push_back(fd);
  }
  auto start = Clock::now();
  ExpectHealthy();
  // Well under the 5 s read timeout: the stalled sockets do not hold up others.
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 3.0);
  // The read timeout (5 s) closes each stalled connection.
  for (int fd : slow) {
    char buf[256];
    ssize_t n = recv(fd, buf, sizeof buf, 0);  // SO_RCVTIMEO 10 s
    EXPECT_GE(n, 0) << "connection still open after the read timeout";
    close(fd);
  }
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 9.0);
  ExpectHealthy();
}

TEST_F(ServeE2E, MetricsCountRequests) {
  Get(port_, "/");
  HttpReply m = Get(port_, "/metrics");
  EXPECT_EQ(m.status, 200);
  EXPECT_NE(m.body.find("errdex_http_requests_total{route=\"home\",status=\"200\"}"),
            std::string::npos);
  EXPECT_NE(m.body.find("errdex_http_request_duration_seconds_bucket"), std::string::npos);
  EXPECT_NE(m.body.find("errdex_corpus_errors 3"), std::string::npos);
}

TEST_F(ServeE2E, MetricsAreOffUnlessAsked) {
  pid_t pid = 0;
  int port = StartServer(db_, dir_->Join("serve-plain.out"), &pid);
  ASSERT_GT(port, 0);
  HttpReply m = Get(port, "/metrics");
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
  EXPECT_EQ(m.status, 404);
  EXPECT_EQ(json::parse(m.body)["error"],
            "metrics are off; start `errdex serve --metrics` to serve them");
}

TEST_F(ServeE2E, PagesForbidScriptFramingAndReferrers) {
  HttpReply home = Get(port_, "/");
  ASSERT_EQ(home.status, 200);
  // The one inline stylesheet is allowed by its hash, and only it.
  size_t open = home.body.find("<style>"), close = home.body.find("</style>");
  ASSERT_NE(close, std::string::npos);
  std::string css = home.body.substr(open + 7, close - open - 7);
  EXPECT_EQ(Header(home, "Content-Security-Policy"),
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'sha256-" +
                Sha256Base64(css) +
                "'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
  EXPECT_EQ(Header(home, "X-Frame-Options"), "DENY");
  EXPECT_EQ(Header(home, "Referrer-Policy"), "no-referrer");
  EXPECT_EQ(Header(home, "X-Content-Type-Options"), "nosniff");
  HttpReply api = Get(port_, "/api/repos");
  EXPECT_EQ(Header(api, "Content-Security-Policy"), "");
  EXPECT_EQ(Header(api, "Referrer-Policy"), "no-referrer");
}

TEST_F(ServeE2E, ExplainTakesJsonBodiesAndRejectsInvalidOnes) {
  HttpReply ok =
      Post(port_, "/api/explain", "application/json; charset=utf-8",
           json({{"text", std::string("ValueError: ") + kRendered}, {"limit", 1}}).dump());
  ASSERT_EQ(ok.status, 200) << ok.body;
  json j = json::parse(ok.body);
  ASSERT_EQ(j["matches"].size(), 1u);
  EXPECT_EQ(j["matches"][0]["lineNumber"], 3);

  HttpReply bad = Post(port_, "/api/explain", "application/json", "{\"text\": \"unterminated");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(json::parse(bad.body)["error"],
            "the body is not valid JSON (Content-Type is application/json)");
  HttpReply wrong = Post(port_, "/api/explain", "Application/JSON", "{\"text\": 5}");
  EXPECT_EQ(wrong.status, 400);
  EXPECT_EQ(json::parse(wrong.body)["error"],
            "a JSON body must be an object with a string \"text\" (the error or log)");
  HttpReply limit =
      Post(port_, "/api/explain", "application/json", "{\"text\": \"x\", \"limit\": -1}");
  EXPECT_EQ(limit.status, 400);
  ExpectHealthy();
}

TEST_F(ServeE2E, ErrLookupMcpClientSearchesGetsAndListsRepos) {
  if (!HaveJs()) GTEST_SKIP() << "tests/js/node_modules missing: run scripts/install-deps";
  json j = Search("quantization+method+%27awq%27+is+not+supported+for+the+daemon");
  ASSERT_FALSE(j["matches"].empty());
  std::string id = j["matches"][0]["id"];
  std::string out;
  int rc = testing::Run("cd " + ShellQuote(JsDir()) + " && ERRLOOKUP_BASE_URL=http://127.0.0.1:" +
                            std::to_string(port_) + " timeout 120 node mcp_test.mjs " +
                            ShellQuote(kRendered) + " " + id + " pkg/core.py:3 " + kRepo + " 2>&1",
                        &out);
  EXPECT_EQ(rc, 0) << out;
  EXPECT_NE(out.find("MCP acceptance passed"), std::string::npos) << out;
}

TEST_F(ServeE2E, HeadlessChromiumSearchesAndOpensTheErrorPage) {
  if (!HaveJs()) GTEST_SKIP() << "tests/js/node_modules missing: run scripts/install-deps";
  if (!fs::exists("/usr/bin/chromium"))
    GTEST_SKIP() << "chromium missing: run scripts/install-deps";
  std::string shots =
      fs::path(testing::ErrdexBinary()).parent_path().string() + "/serve-screenshots";
  std::string out;
  int rc = testing::Run("cd " + ShellQuote(JsDir()) + " && timeout 180 node browser_test.mjs " +
                            "http://127.0.0.1:" + std::to_string(port_) + " " +
                            ShellQuote(kRendered) + " " + ShellQuote(shots) + " 2>&1",
                        &out);
  EXPECT_EQ(rc, 0) << out;
  EXPECT_TRUE(fs::exists(shots + "/error.png"));
}

// --- export -----------------------------------------------------------------------

bool DatasetValid(const std::string& dir, std::string* version) {
  std::ifstream in(dir + "/manifest.json");
  if (!in) return false;
  json m = json::parse(in, nullptr, false);
  if (m.is_discarded()) return false;
  for (const auto& [key, e] : m["files"].items()) {
    std::string path = e["path"];  // "/data/index.json": the dataset is served as /data/
    if (path.rfind("/data/", 0) != 0) return false;
    std::string content = testing::ReadFile(dir + "/" + path.substr(6));
    if (content.size() != e["bytes"].get<size_t>() || Sha256Hex(content) != e["sha256"]) {
      return false;
    }
  }
  *version = m["datasetVersion"];
  return true;
}

TEST_F(ServeE2E, ExportIsAtomicWhenKilledMidWrite) {
  std::string out_dir = dir_->Join("site/data");
  std::string out;
  std::string cmd = Bin() + " export " + ShellQuote(out_dir) + " --db " + ShellQuote(db_);
  ASSERT_EQ(testing::Run(cmd + " 2>&1", &out), 0) << out;
  std::string v1;
  ASSERT_TRUE(DatasetValid(out_dir, &v1));

  // A slowed-down export (one file every 100 ms) killed part-way.
  for (int delay_ms : {150, 350}) {
    testing::RunKilledAfter(cmd, "ERRDEX_EXPORT_TEST_DELAY_MS", "100", delay_ms);
    std::string v;
    EXPECT_TRUE(DatasetValid(out_dir, &v)) << "after kill at " << delay_ms << " ms";
    EXPECT_EQ(v, v1);
  }
  // The next export cleans up the dead one's temporary directory.
  ASSERT_EQ(testing::Run(cmd + " 2>&1", &out), 0) << out;
  std::string v2;
  EXPECT_TRUE(DatasetValid(out_dir, &v2));
  int temps = 0;
  for (const auto& e : fs::directory_iterator(dir_->Join("site"))) {
    temps += e.path().filename().string().find(".export-") != std::string::npos;
  }
  EXPECT_EQ(temps, 0);
}

// One address may hold --max-connections-per-ip connections; the next gets
// 503 with Retry-After at once (not a silent close), and a slot frees when
// one of its connections ends.
TEST_F(ServeE2E, OneAddressPastItsLimitGets503WithRetryAfter) {
  pid_t pid = 0;
  int port =
      StartServer(db_, dir_->Join("serve-limit.out"), &pid, {"--max-connections-per-ip", "4"});
  ASSERT_GT(port, 0);
  std::vector<int> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(Connect(port));
    ASSERT_GE(held.back(), 0);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // all four accepted
  HttpReply full = Get(port, "/healthz");
  EXPECT_EQ(full.status, 503);
  EXPECT_EQ(Header(full, "Retry-After"), "1");
  EXPECT_EQ(json::parse(full.body)["error"], "too many connections; retry in a second");
  EXPECT_LT(full.first_byte_secs, 1.0);
  close(held.back());
  held.pop_back();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(Get(port, "/healthz").status, 200);
  for (int fd : held) close(fd);
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
}

// A body that keeps coming at a modest rate is read past the 5 s header
// deadline; one trickled slower than 8 KiB/s is cut with 408.
TEST_F(ServeE2E, HonestSlowUploadsSucceedTrickledBodiesAreCut) {
  auto upload = [&](size_t total, size_t chunk, int pause_ms) {
    std::string body = "text=" + std::string(total - 5, 'a');
    std::string head =
        "POST /api/explain HTTP/1.1\r\nHost: h\r\nConnection: close\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n";
    int fd = Connect(port_);
    send(fd, head.data(), head.size(), MSG_NOSIGNAL);
    for (size_t at = 0; at < body.size(); at += chunk) {
      if (send(fd, body.data() + at, std::min(chunk, body.size() - at), MSG_NOSIGNAL) <= 0) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    }
    std::string all;
    char buf[4096];
    for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;)
      all.append(buf, static_cast<size_t>(n));
    close(fd);
    return all;
  };
  auto start = Clock::now();
  // 7 s at ~40 KiB/s: longer than the header deadline, faster than the floor.
  std::string honest = upload(280 * 1024, 8 * 1024, 200);
  EXPECT_GT(std::chrono::duration<double>(Clock::now() - start).count(), 6.0);
  EXPECT_EQ(honest.rfind("HTTP/1.1 200", 0), 0u) << honest.substr(0, 200);
  start = Clock::now();
  std::string trickle = upload(64 * 1024, 100, 250);  // 400 B/s
  EXPECT_EQ(trickle.rfind("HTTP/1.1 408", 0), 0u) << trickle.substr(0, 200);
  EXPECT_NE(trickle.find("the request body arrives slower than 8 KiB/s"), std::string::npos);
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 9.0);
  ExpectHealthy();
}

// With every slot taken by connections that sent nothing, a client that
// sends its request is served: the oldest idle connection makes room.
TEST_F(ServeE2E, IdleConnectionsMakeRoomWhenAllSlotsAreTaken) {
  pid_t pid = 0;
  int port = StartServer(db_, dir_->Join("serve-evict.out"), &pid, {"--max-connections", "8"});
  ASSERT_GT(port, 0);
  std::vector<int> idle;
  for (int i = 0; i < 8; ++i) {
    idle.push_back(Connect(port));
    ASSERT_GE(idle.back(), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  HttpReply r = Get(port, "/healthz");
  EXPECT_EQ(r.status, 200);
  char c;
  EXPECT_EQ(recv(idle[0], &c, 1, 0), 0) << "the oldest idle connection was not closed";
  for (int fd : idle) close(fd);
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
}

}  // namespace
}  // namespace errdex
