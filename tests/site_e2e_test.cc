// End-to-end: `errdex export --site` on a fixture repository in three
// languages, as a static host serves it: the files and links it writes, the
// dataset contract (manifest paths, patterns that never match arbitrary
// text), atomic replacement, ErrLookup's MCP client syncing from it through
// a plain static file server, and headless Chromium on both the exported
// site and `errdex serve` of the same database (tests/js).
#include <re2/re2.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "errdex/template.h"
#include "testutil.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::ShellQuote;

constexpr const char* kRepo = "acme/widgets";
constexpr const char* kBase = "https://errors.example.org";

class SiteE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir();
    std::string repo = dir_->Join("repo");
    std::string chain;  // a function with many callers: long "when it happens" prose
    for (int i = 0; i < 12; ++i) {
      chain += "def entry_" + std::to_string(i) + "(x):\n    return fail_deep(x)\n\n";
    }
    testing::WriteFile(
        repo, "pkg/core.py",
        "def load(quant_method, where):\n"
        "    if quant_method not in ('gptq',):\n"
        "        raise ValueError(f\"quantization method {quant_method!r} is not "
        "supported for {where}\")\n"
        "    raise RuntimeError('<script>alert(1)</script> broke')\n"
        "\n"
        "class InvalidSchema(ValueError):\n"
        "    \"\"\"The URL's scheme has no connection adapter.\"\"\"\n"
        "\n"
        "def get_adapter(url):\n"
        "    raise InvalidSchema(f\"No connection adapters were found for {url!r}\")\n"
        "\n"

        "def fail_deep(x):\n"
        "    if x is None:\n"
        "        raise LookupError(f\"nothing stored under key {x}\")\n"
        "\n" +
            chain);
    // A message with no literal text, in the file indexed first: before
    // index.json published escaped templates for such records, its pattern
    // ([\s\S]*?) was the reference client's first hit for every message.
    testing::WriteFile(repo, "app/util.py", "def rethrow(msg):\n    raise KeyError(msg)\n");
    testing::WriteFile(repo, "lib/client.js",
                       "function connect(host, ms) {\n"
                       "  if (ms <= 0) throw new RangeError(`connect timeout must be positive, "
                       "got ${ms}`);\n"
                       "  throw new Error(`connection to ${host} failed after ${ms} ms`);\n"
                       "}\n"
                       "module.exports = { connect };\n");
    // Minified code: one 240 KB line around the raise.
    std::string bundle;
    for (int i = 0; bundle.size() < 120 * 1024; ++i) {
      bundle += "var v" + std::to_string(i) + "=" + std::to_string(i) + ";";
    }
    testing::WriteFile(repo, "lib/packed.js",
                       bundle +
                           "function boot(){throw new Error(\"minified bundle broke at "
                           "startup\")}" +
                           bundle + "\n");
    testing::WriteFile(repo, "cmd/tool/main.go",
                       "package main\n\nimport \"fmt\"\n\n"
                       "func check(name string, table string) error {\n"
                       "\treturn fmt.Errorf(\"invalid schema %q for table %s\", name, table)\n"
                       "}\n");
    testing::GitCommitAll(repo, kRepo);
    db_ = dir_->Join("errdex.db");
    std::string out;
    ASSERT_EQ(Run("index " + ShellQuote(repo) + " --no-progress", &out), 0) << out;
    ASSERT_EQ(Run("list --json", &out), 0) << out;
    records_ = json::parse(out, nullptr, false);
    ASSERT_TRUE(records_.is_array()) << out;
    site_ = dir_->Join("site");
    ASSERT_EQ(Run("export " + ShellQuote(site_) + " --site --base-url " + kBase + "/ --json", &out),
              0)
        << out;
    summary_ = json::parse(out, nullptr, false);
  }
  static void TearDownTestSuite() { delete dir_; }

  static int Run(const std::string& args, std::string* out) {
    return testing::Run(
        ShellQuote(testing::ErrdexBinary()) + " " + args + " --db " + ShellQuote(db_) + " 2>&1",
        out);
  }

  // The record raised at file:line.
  static json At(const std::string& file, int line) {
    for (const json& r : records_) {
      if (r["filePath"] == file && r["lineNumber"] == line) return r;
    }
    ADD_FAILURE() << "no record at " << file << ":" << line << " in " << records_.dump();
    return json::object();
  }
  static std::string Site(const std::string& rel) { return testing::ReadFile(site_ + "/" + rel); }
  static std::string Page(const json& r) {
    return Site(std::string(kRepo) + "/" + r["slug"].get<std::string>() + "/index.html");
  }

  static std::string JsDir() { return std::string(ERRDEX_SOURCE_DIR) + "/tests/js"; }
  static bool HaveJs() {
    return fs::exists(JsDir() + "/node_modules/playwright-core") &&
           fs::exists(JsDir() + "/node_modules/@standardbeagle/errlookup-mcp") &&
           testing::Run("command -v node >/dev/null") == 0;
  }

  static inline testing::TempDir* dir_ = nullptr;
  static inline std::string db_, site_;
  static inline json records_, summary_;
};

TEST_F(SiteE2E, WritesPagesDatasetAndSiteFiles) {
  EXPECT_EQ(summary_["errors"], records_.size());
  EXPECT_EQ(summary_["pages"], records_.size() + 5);  // + home, search, api-docs, 404, repo
  for (const char* f :
       {"index.html", "search/index.html", "api-docs/index.html", "404.html",
        "acme/widgets/index.html", "assets/site.js", "robots.txt", "llms.txt", "_headers",
        "sitemap.xml", "sitemaps/pages.xml", "sitemaps/acme/widgets.xml", "data/manifest.json",
        "data/index.json", "data/repos.json", "data/repos/acme/widgets.json"}) {
    EXPECT_TRUE(fs::is_regular_file(site_ + "/" + f)) << f;
  }
  json py = At("pkg/core.py", 3);
  std::string page = Page(py);
  std::string url = std::string(kBase) + "/acme/widgets/" + py["slug"].get<std::string>() + "/";
  EXPECT_NE(page.find("<link rel=\"canonical\" href=\"" + url + "\">"), std::string::npos);
  EXPECT_NE(page.find("<link rel=\"alternate\" type=\"application/json\" href=\"/data/errors/" +
                      py["id"].get<std::string>() + ".json\">"),
            std::string::npos);
  EXPECT_TRUE(fs::exists(site_ + "/data/errors/" + py["id"].get<std::string>() + ".json"));
  EXPECT_NE(page.find("<script src=\"/assets/site.js\" defer></script>"), std::string::npos);
  // The static search form asks the browser, not a server.
  std::string home = Site("index.html");
  EXPECT_NE(home.find("<form action=\"/search/\" method=\"get\" role=\"search\" data-client>"),
            std::string::npos);
  EXPECT_NE(home.find("<link rel=\"canonical\" href=\"https://errors.example.org/\">"),
            std::string::npos);
  // Hostile messages stay text in the exported pages too.
  std::string listing = Site("acme/widgets/index.html");
  EXPECT_EQ(listing.find("<script>alert"), std::string::npos);
  EXPECT_NE(listing.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);

  EXPECT_EQ(Site("robots.txt"),
            "User-agent: *\nDisallow: /search\nDisallow: /api/\nAllow: /\n\n"
            "Sitemap: https://errors.example.org/sitemap.xml\n");
  std::string sitemap = Site("sitemap.xml");
  EXPECT_NE(
      sitemap.find("<sitemap><loc>https://errors.example.org/sitemaps/acme/widgets.xml</loc>"),
      std::string::npos)
      << sitemap;
  EXPECT_NE(Site("sitemaps/acme/widgets.xml").find("<url><loc>" + url + "</loc></url>"),
            std::string::npos);
  std::string llms = Site("llms.txt");
  EXPECT_EQ(llms.rfind("# errdex\n\n> ", 0), 0u) << llms;
  EXPECT_NE(llms.find("- [acme/widgets](https://errors.example.org/acme/widgets/): " +
                      std::to_string(records_.size()) + " errors at "),
            std::string::npos)
      << llms;
  std::string headers = Site("_headers");
  EXPECT_NE(headers.find("/data/manifest.json\n  Cache-Control: no-cache\n"), std::string::npos);
  EXPECT_NE(headers.find("/data/*\n  Access-Control-Allow-Origin: *\n"), std::string::npos);
  EXPECT_NE(headers.find("Content-Security-Policy: default-src 'none'; script-src 'self';"),
            std::string::npos);
}

TEST_F(SiteE2E, PagesStayUnderFiftyKilobytes) {
  json min = At("lib/packed.js", 1);
  EXPECT_GT(Page(min).size(), 0u);  // the page of a raise in a 240 KB line exists
  size_t pages = 0;
  for (const auto& e : fs::recursive_directory_iterator(site_)) {
    if (e.path().extension() != ".html") continue;
    ++pages;
    EXPECT_LT(fs::file_size(e.path()), 50u * 1024) << e.path();
  }
  EXPECT_EQ(pages, summary_["pages"].get<size_t>());
}

TEST_F(SiteE2E, DatasetFollowsTheContract) {
  json manifest = json::parse(Site("data/manifest.json"));
  EXPECT_EQ(manifest["files"]["index"]["path"], "/data/index.json");
  for (const auto& [key, entry] : manifest["files"].items()) {
    std::string path = entry["path"];
    ASSERT_EQ(path.rfind("/data/", 0), 0u) << key << ": " << path;
    EXPECT_EQ(fs::file_size(site_ + path), entry["bytes"].get<size_t>()) << path;
  }
  // No published pattern matches arbitrary text; a message with no literal
  // text (raise KeyError(msg)) publishes its escaped template.
  json index = json::parse(Site("data/index.json"));
  ASSERT_EQ(index["errors"].size(), records_.size());
  for (const json& e : index["errors"]) {
    RE2 re(e["pattern"].get<std::string>());
    ASSERT_TRUE(re.ok()) << e.dump();
    for (const char* text : {"an unrelated line of text", "", "Error: something else"}) {
      EXPECT_FALSE(RE2::PartialMatch(text, re)) << e["pattern"] << " matches '" << text << "'";
    }
  }
  std::string out;
  ASSERT_EQ(Run("show " + At("app/util.py", 2)["id"].get<std::string>() + " --json", &out), 0);
  json opaque = json::parse(out);  // raise KeyError(msg)
  EXPECT_EQ(opaque["messagePattern"], R"(([\s\S]*?))");
  for (const json& e : index["errors"]) {
    if (e["id"] == opaque["id"]) {
      EXPECT_EQ(e["pattern"], EscapeRegexLiteral(opaque["errorMessage"].get<std::string>()));
    }
  }
}

TEST_F(SiteE2E, NeedsAnAbsoluteBaseUrl) {
  std::string out;
  EXPECT_EQ(Run("export " + ShellQuote(dir_->Join("nobase")) + " --site", &out), 2) << out;
  EXPECT_NE(out.find("--site needs --base-url"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(dir_->Join("nobase")));
  EXPECT_EQ(Run("export " + ShellQuote(dir_->Join("nobase")) + " --base-url " + kBase, &out), 2)
      << out;
  EXPECT_NE(out.find("--base-url is for --site"), std::string::npos) << out;
}

TEST_F(SiteE2E, ReExportReplacesTheSiteWhole) {
  std::string again = dir_->Join("again");
  std::string out;
  ASSERT_EQ(Run("export " + ShellQuote(again) + " --site --base-url " + kBase, &out), 0) << out;
  testing::WriteFile(again, "stale/index.html", "old page");
  ASSERT_EQ(Run("export " + ShellQuote(again) + " --site --base-url " + kBase, &out), 0) << out;
  EXPECT_FALSE(fs::exists(again + "/stale"));
  EXPECT_TRUE(fs::exists(again + "/index.html"));
  for (const auto& e : fs::directory_iterator(dir_->path())) {
    EXPECT_EQ(e.path().filename().string().find(".export-"), std::string::npos) << e.path();
  }
}

TEST_F(SiteE2E, KilledExportLeavesThePreviousSite) {
  std::string dir = dir_->Join("killed");
  std::string cmd = ShellQuote(testing::ErrdexBinary()) + " export " + ShellQuote(dir) +
                    " --site --base-url " + kBase + " --db " + ShellQuote(db_);
  std::string out;
  ASSERT_EQ(testing::Run(cmd + " 2>&1", &out), 0) << out;
  testing::WriteFile(dir, "previous.txt", "the site before");
  std::string manifest = testing::ReadFile(dir + "/data/manifest.json");
  for (int at_ms : {150, 600}) {  // one file every 50 ms: killed among pages, then later
    int st = testing::RunKilledAfter(cmd, "ERRDEX_EXPORT_TEST_DELAY_MS", "50", at_ms);
    EXPECT_TRUE(WIFSIGNALED(st)) << "the export finished before it was killed";
    EXPECT_EQ(testing::ReadFile(dir + "/previous.txt"), "the site before") << at_ms;
    EXPECT_EQ(testing::ReadFile(dir + "/data/manifest.json"), manifest) << at_ms;
    EXPECT_TRUE(fs::exists(dir + "/index.html")) << at_ms;
  }
  ASSERT_EQ(testing::Run(cmd + " 2>&1", &out), 0) << out;
  EXPECT_FALSE(fs::exists(dir + "/previous.txt"));
  for (const auto& e : fs::directory_iterator(dir_->path())) {
    EXPECT_EQ(e.path().filename().string().find(".killed.export-"), std::string::npos) << e.path();
  }
}

TEST_F(SiteE2E, ReferenceMcpClientFindsRenderedMessagesOnAStaticHost) {
  if (!HaveJs()) GTEST_SKIP() << "tests/js/node_modules or node missing: run scripts/install-deps";
  json cases = json::array({
      {{"message", "quantization method 'awq' is not supported for the daemon"},
       {"id", At("pkg/core.py", 3)["id"]},
       {"repo", kRepo}},
      {{"message", "connection to db.local failed after 300 ms"},
       {"id", At("lib/client.js", 3)["id"]},
       {"repo", kRepo}},
      {{"message", "invalid schema \"v2\" for table users"},
       {"id", At("cmd/tool/main.go", 6)["id"]},
       {"repo", kRepo}},
  });
  testing::WriteFile(dir_->path(), "mcp-cases.json", cases.dump());
  std::string out;
  int rc =
      testing::Run("cd " + ShellQuote(JsDir()) + " && timeout 120 node mcp_site_test.mjs " +
                       ShellQuote(site_) + " " + ShellQuote(dir_->Join("mcp-cases.json")) + " 2>&1",
                   &out);
  EXPECT_EQ(rc, 0) << out;
  EXPECT_NE(out.find("MCP static-site acceptance passed"), std::string::npos) << out;
}

// Starts `errdex serve --port 0` on the fixture's database; returns its port.
int StartServer(const std::string& db, const std::string& log, pid_t* pid) {
  *pid = fork();
  if (*pid == 0) {
    FILE* f = std::fopen(log.c_str(), "w");
    dup2(fileno(f), 1);
    dup2(fileno(f), 2);
    execl(testing::ErrdexBinary().c_str(), "errdex", "serve", "--port", "0", "--db", db.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  for (int i = 0; i < 200; ++i) {
    std::string text = testing::ReadFile(log);
    size_t at = text.find("listening on http://127.0.0.1:");
    if (at != std::string::npos) return std::atoi(text.c_str() + at + 30);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return -1;
}

TEST_F(SiteE2E, HeadlessChromiumOnTheStaticSiteAndOnServe) {
  if (!HaveJs()) GTEST_SKIP() << "tests/js/node_modules or node missing: run scripts/install-deps";
  json cases = {
      {"repo", kRepo},
      {"paste",
       {{"tail", "ValueError: quantization method 'awq' is not supported for the daemon"},
        {"slug", At("pkg/core.py", 3)["slug"]}}},
      {"keywords", json::array({json::array({"InvalidSchema", At("pkg/core.py", 10)["slug"]}),
                                json::array({"timeout", At("lib/client.js", 2)["slug"]})})},
      {"copySlug", At("pkg/core.py", 3)["slug"]},
      {"detailsSlug", At("pkg/core.py", 14)["slug"]}};
  testing::WriteFile(dir_->path(), "browser-cases.json", cases.dump());
  std::string shots = ::testing::TempDir() + "/errdex-site-shots";
  auto run = [&](const std::string& mode, const std::string& target) {
    std::string out;
    int rc = testing::Run(
        "cd " + ShellQuote(JsDir()) + " && timeout 240 node site_browser_test.mjs " + mode + " " +
            ShellQuote(target) + " " + ShellQuote(dir_->Join("browser-cases.json")) + " " +
            ShellQuote(shots) + " 2>&1",
        &out);
    EXPECT_EQ(rc, 0) << mode << ": " << out << "\nscreenshots: " << shots;
    EXPECT_NE(out.find("site browser acceptance (" + mode + ") passed"), std::string::npos) << out;
  };
  run("static", site_);
  pid_t pid = 0;
  int port = StartServer(db_, dir_->Join("serve.log"), &pid);
  ASSERT_GT(port, 0) << testing::ReadFile(dir_->Join("serve.log"));
  run("serve", "http://127.0.0.1:" + std::to_string(port));
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
}

}  // namespace
}  // namespace errdex
