// End-to-end: `errdex mcp` as an agent runs it, frames piped to stdin and
// every stdout line checked: the lifecycle, each tool on a fixture
// repository (exact id, file and line), indexing a second repository with
// progress, and hostile input (malformed, oversized, out of order).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "testutil.h"

namespace errdex {
namespace {

using nlohmann::json;
using testing::ShellQuote;

constexpr const char* kRepo = "acme/widgets";
constexpr const char* kRendered = "quantization method 'awq' is not supported for the daemon";
constexpr const char* kInit =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
    R"("capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}})"
    "\n"
    R"({"jsonrpc":"2.0","method":"notifications/initialized"})";

class McpE2E : public testing::CliTest {
 protected:
  void SetUp() override {
    testing::WriteFile(repo_.path(), "pkg/core.py",
                       "def load(quant_method, where):\n"
                       "    if quant_method not in ('gptq',):\n"
                       "        raise ValueError(f\"quantization method {quant_method!r} is not "
                       "supported for {where}\")\n"
                       "    raise RuntimeError('the loader broke')\n");
    sha_ = testing::GitCommitAll(repo_.path(), kRepo);
    std::string out;
    ASSERT_EQ(testing::Run(Cli("index " + ShellQuote(repo_.path()) + " --no-progress"), &out), 0)
        << out;
    json list = Json("list");
    ASSERT_TRUE(list.is_array()) << list.dump();
    for (const json& r : list) {
      if (r["lineNumber"] == 3) id_ = r["id"];
    }
    ASSERT_FALSE(id_.empty()) << list.dump();
  }

  // Runs `errdex mcp` over `frames` (one per line); returns the stdout
  // lines as JSON, each checked to be one whole message.
  std::vector<json> Mcp(const std::vector<std::string>& frames, int* exit_code = nullptr) {
    std::string in_path = db_dir_.Join("in.jsonl");
    std::ofstream in(in_path, std::ios::binary);
    for (const std::string& f : frames) in << f << "\n";
    in.close();
    std::string out;
    int rc = testing::Run(ShellQuote(testing::ErrdexBinary()) + " mcp --db " + ShellQuote(db_) +
                              " < " + ShellQuote(in_path) + " 2>/dev/null",
                          &out);
    if (exit_code) *exit_code = rc;
    std::vector<json> msgs;
    size_t start = 0;
    while (start < out.size()) {
      size_t end = out.find('\n', start);
      if (end == std::string::npos) end = out.size();
      json m = json::parse(out.substr(start, end - start), nullptr, false);
      EXPECT_TRUE(m.is_object()) << out.substr(start, end - start);
      EXPECT_EQ(m["jsonrpc"], "2.0");
      msgs.push_back(m);
      start = end + 1;
    }
    return msgs;
  }

  static std::string CallFrame(int id, const std::string& tool, const json& args,
                               const json& meta = nullptr) {
    json params = {{"name", tool}, {"arguments", args}};
    if (!meta.is_null()) params["_meta"] = meta;
    return json({{"jsonrpc", "2.0"}, {"id", id}, {"method", "tools/call"}, {"params", params}})
        .dump();
  }

  // The response to request `id` among `msgs`.
  static json ById(const std::vector<json>& msgs, int id) {
    for (const json& m : msgs) {
      if (m.contains("id") && m["id"] == id) return m;
    }
    ADD_FAILURE() << "no response with id " << id;
    return json::object();
  }
  static json TextJson(const json& response, size_t i = 0) {
    return json::parse(response["result"]["content"][i]["text"].get<std::string>(), nullptr, false);
  }

  std::string sha_, id_;
};

TEST_F(McpE2E, InitializeAndListTools) {
  int rc = -1;
  std::vector<json> msgs = Mcp({kInit, R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"}, &rc);
  EXPECT_EQ(rc, 0);
  ASSERT_EQ(msgs.size(), 2u);  // the notification got no answer
  EXPECT_EQ(msgs[0]["result"]["protocolVersion"], "2025-06-18");
  EXPECT_EQ(msgs[0]["result"]["capabilities"], json::parse(R"({"tools":{}})"));
  std::vector<std::string> names;
  for (const json& t : msgs[1]["result"]["tools"]) names.push_back(t["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"search_error", "get_error", "list_repos",
                                             "explain_error", "index_repository"}));
}

TEST_F(McpE2E, SearchGetAndListAsErrLookup) {
  std::vector<json> msgs =
      Mcp({kInit, CallFrame(1, "search_error", {{"message", kRendered}}),
           CallFrame(2, "get_error", {{"id", id_}}), CallFrame(3, "list_repos", json::object()),
           CallFrame(4, "get_error", {{"repo", kRepo}, {"slug", "nope"}})});
  json search = TextJson(ById(msgs, 1));
  ASSERT_FALSE(search["matches"].empty()) << search.dump();
  const json& m = search["matches"][0];
  EXPECT_EQ(m["id"], id_);
  EXPECT_EQ(m["repo"], kRepo);
  EXPECT_EQ(m["matchType"], "pattern");
  EXPECT_EQ(m["filePath"], "pkg/core.py");
  EXPECT_EQ(m["lineNumber"], 3);
  EXPECT_TRUE(m["code"].is_null());
  EXPECT_EQ(m["captures"][0], json({{"name", "quant_method"}, {"value", "'awq'"}}));
  EXPECT_EQ(m["url"].get<std::string>().rfind(
                "https://github.com/acme/widgets/blob/" + sha_ + "/pkg/core.py#L", 0),
            0u)
      << m.dump();
  EXPECT_EQ(search["stale"], false);

  json got = ById(msgs, 2)["result"];
  ASSERT_EQ(got["content"].size(), 2u) << got.dump();
  std::string md = got["content"][0]["text"];
  EXPECT_NE(md.find("**Repo:** acme/widgets\n"), std::string::npos) << md;
  EXPECT_NE(md.find("**Class:** ValueError\n"), std::string::npos) << md;
  EXPECT_NE(md.find("/pkg/core.py#L"), std::string::npos) << md;
  EXPECT_EQ(got["content"][1]["text"].get<std::string>().rfind(
                "Source: https://github.com/acme/widgets/blob/" + sha_ + "/pkg/core.py#L", 0),
            0u);

  json repos = TextJson(ById(msgs, 3));
  ASSERT_EQ(repos["repos"].size(), 1u) << repos.dump();
  EXPECT_EQ(repos["repos"][0]["repo"], kRepo);
  EXPECT_EQ(repos["repos"][0]["errorCount"], 2);
  EXPECT_EQ(repos["repos"][0]["sha"], sha_);

  EXPECT_EQ(ById(msgs, 4)["result"]["isError"], true);
}

TEST_F(McpE2E, ExplainTracebackAsExplainJson) {
  std::string trace =
      "Traceback (most recent call last):\n"
      "  File \"/srv/app/pkg/core.py\", line 3, in load\n"
      "ValueError: quantization method 'awq' is not supported for the daemon\n";
  std::vector<json> msgs = Mcp({kInit, CallFrame(1, "explain_error", {{"text", trace}})});
  json got = TextJson(ById(msgs, 1));
  // The same answer as `errdex explain --json`.
  std::string out;
  testing::Run(ShellQuote(testing::ErrdexBinary()) + " explain " + ShellQuote(trace) +
                   " --json --db " + ShellQuote(db_),
               &out);
  EXPECT_EQ(got, json::parse(out));
  ASSERT_FALSE(got["matches"].empty());
  EXPECT_EQ(got["matches"][0]["id"], id_);
  EXPECT_EQ(got["matches"][0]["filePath"], "pkg/core.py");
  EXPECT_EQ(got["matches"][0]["lineNumber"], 3);
  EXPECT_EQ(got["matches"][0]["captures"][0]["value"], "'awq'");
}

TEST_F(McpE2E, IndexRepositoryReportsProgressAndReloads) {
  testing::TempDir other;
  testing::WriteFile(other.path(), "src/conf.py",
                     "def read(name):\n"
                     "    raise KeyError(f'configuration key {name} is missing from the file')\n");
  testing::GitCommitAll(other.path(), "acme/config");
  std::string message = "configuration key 'port' is missing from the file";
  std::vector<json> msgs =
      Mcp({kInit, CallFrame(1, "search_error", {{"message", message}}),
           CallFrame(2, "index_repository", {{"path", other.path()}}, {{"progressToken", "tok"}}),
           CallFrame(3, "search_error", {{"message", message}})});
  EXPECT_TRUE(TextJson(ById(msgs, 1))["matches"].empty());
  json summary = TextJson(ById(msgs, 2));
  EXPECT_EQ(summary["repo"], "acme/config");
  EXPECT_EQ(summary["records"], 1);
  bool progressed = false;
  for (const json& m : msgs) {
    if (m.value("method", "") == "notifications/progress") {
      EXPECT_EQ(m["params"]["progressToken"], "tok");
      EXPECT_EQ(m["params"]["total"], 1);
      progressed = true;
    }
  }
  EXPECT_TRUE(progressed);
  json after = TextJson(ById(msgs, 3));
  ASSERT_FALSE(after["matches"].empty()) << after.dump();
  EXPECT_EQ(after["matches"][0]["repo"], "acme/config");
  EXPECT_EQ(after["matches"][0]["filePath"], "src/conf.py");
  EXPECT_EQ(after["matches"][0]["lineNumber"], 2);
}

TEST_F(McpE2E, HostileInputGetsErrorsAndNoCrash) {
  int rc = -1;
  std::vector<json> msgs = Mcp(
      {R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})",  // before initialize
       kInit, "{not json", std::string(17 * 1024 * 1024, 'x'), "[1,2]",
       R"({"jsonrpc":"2.0","id":2,"method":"no/such"})",
       R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_error"}})",
       CallFrame(4, "no_such_tool", json::object()), R"({"jsonrpc":"2.0","id":5,"method":"ping"})"},
      &rc);
  EXPECT_EQ(rc, 0);
  ASSERT_EQ(msgs.size(), 9u);
  EXPECT_EQ(msgs[0]["id"], 1);
  EXPECT_EQ(msgs[0]["error"]["code"], -32002);
  EXPECT_EQ(msgs[2]["error"]["code"], -32700);
  EXPECT_TRUE(msgs[2]["id"].is_null());
  EXPECT_EQ(msgs[3]["error"]["code"], -32600);  // the oversized frame, skipped
  EXPECT_TRUE(msgs[3]["id"].is_null());
  EXPECT_EQ(msgs[4]["error"]["code"], -32600);
  EXPECT_EQ(msgs[5]["error"]["code"], -32601);
  EXPECT_EQ(msgs[6]["error"]["code"], -32602);
  EXPECT_EQ(msgs[7]["result"]["isError"], true);
  EXPECT_EQ(msgs[8]["id"], 5);
  EXPECT_EQ(msgs[8]["result"], json::object());
}

// The official MCP TypeScript SDK client, over StdioClientTransport.
TEST_F(McpE2E, SdkClientCallsEveryTool) {
  std::string js_dir = std::string(ERRDEX_SOURCE_DIR) + "/tests/js";
  if (!std::filesystem::exists(js_dir + "/node_modules/@modelcontextprotocol/sdk")) {
    GTEST_SKIP() << "tests/js/node_modules missing: run scripts/install-deps";
  }
  if (testing::Run("command -v node >/dev/null") != 0) GTEST_SKIP() << "node missing";
  testing::TempDir other;
  testing::WriteFile(other.path(), "src/conf.py",
                     "def read(name):\n"
                     "    raise KeyError(f'configuration key {name} is missing from the file')\n");
  testing::GitCommitAll(other.path(), "acme/config");
  std::string out;
  int rc = testing::Run("cd " + ShellQuote(js_dir) + " && timeout 120 node mcp_stdio_test.mjs " +
                            ShellQuote(testing::ErrdexBinary()) + " " + ShellQuote(db_) + " " +
                            ShellQuote(kRendered) + " " + id_ + " pkg/core.py:3 " + kRepo + " " +
                            ShellQuote(other.path()) + " 2>&1",
                        &out);
  EXPECT_EQ(rc, 0) << out;
  EXPECT_NE(out.find("MCP stdio passed"), std::string::npos) << out;
}

}  // namespace
}  // namespace errdex
