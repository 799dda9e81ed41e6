// McpServer without a process: lifecycle, JSON-RPC errors for malformed and
// out-of-order input, tool argument checks, and the frame reader's cap.
#include "mcp/server.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "testutil.h"

namespace errdex::mcp {
namespace {

using nlohmann::json;

class McpServerTest : public ::testing::Test {
 protected:
  McpServerTest() : tools_(dir_.Join("errdex.db"), "") { EXPECT_TRUE(tools_.Open().ok()); }

  // Sends one frame and returns what the server wrote back.
  std::vector<json> Send(const std::string& frame) {
    out_.clear();
    server_.HandleFrame(frame);
    std::vector<json> msgs;
    for (const std::string& line : out_) msgs.push_back(json::parse(line));
    return msgs;
  }
  json One(const std::string& frame) {
    std::vector<json> msgs = Send(frame);
    EXPECT_EQ(msgs.size(), 1u) << frame;
    return msgs.empty() ? json() : msgs[0];
  }
  void Initialize() {
    json r = One(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":)"
                 R"({"protocolVersion":"2024-11-05","capabilities":{},)"
                 R"("clientInfo":{"name":"t","version":"1"}}})");
    ASSERT_TRUE(r.contains("result")) << r.dump();
    EXPECT_TRUE(Send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").empty());
  }
  static int Code(const json& r) { return r.at("error").at("code").get<int>(); }
  json Call(const std::string& tool, const json& args) {
    json req = {{"jsonrpc", "2.0"},
                {"id", 7},
                {"method", "tools/call"},
                {"params", {{"name", tool}, {"arguments", args}}}};
    return One(req.dump());
  }

  testing::TempDir dir_;
  Tools tools_;
  std::vector<std::string> out_;
  McpServer server_{&tools_, [this](const std::string& line) { out_.push_back(line); }};
};

TEST_F(McpServerTest, InitializeEchoesASupportedVersion) {
  json r = One(R"({"jsonrpc":"2.0","id":"a","method":"initialize",)"
               R"("params":{"protocolVersion":"2024-11-05","capabilities":{}}})");
  EXPECT_EQ(r["id"], "a");
  EXPECT_EQ(r["result"]["protocolVersion"], "2024-11-05");
  EXPECT_EQ(r["result"]["capabilities"], json({{"tools", json::object()}}));
  EXPECT_EQ(r["result"]["serverInfo"]["name"], "errdex");
  // A second initialize is refused.
  EXPECT_EQ(Code(One(R"({"jsonrpc":"2.0","id":2,"method":"initialize",)"
                     R"("params":{"protocolVersion":"2024-11-05"}})")),
            kInvalidRequest);
}

TEST_F(McpServerTest, UnknownVersionGetsOurNewest) {
  json r = One(R"({"jsonrpc":"2.0","id":1,"method":"initialize",)"
               R"("params":{"protocolVersion":"1999-01-01"}})");
  EXPECT_EQ(r["result"]["protocolVersion"], "2025-06-18");
}

TEST_F(McpServerTest, InitializeNeedsAProtocolVersion) {
  json r = One(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})");
  EXPECT_EQ(Code(r), kInvalidParams);
  EXPECT_NE(r["error"]["message"].get<std::string>().find("protocolVersion"), std::string::npos);
}

TEST_F(McpServerTest, RequestsBeforeInitializeAreRefusedButPingIsAnswered) {
  json r = One(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})");
  EXPECT_EQ(r["id"], 3);
  EXPECT_EQ(Code(r), kNotInitialized);
  EXPECT_EQ(One(R"({"jsonrpc":"2.0","id":4,"method":"ping"})")["result"], json::object());
}

TEST_F(McpServerTest, MalformedInputGetsJsonRpcErrors) {
  json r = One("{\"jsonrpc\":\"2.0\",\"id\":1,");
  EXPECT_EQ(Code(r), kParseError);
  EXPECT_TRUE(r["id"].is_null());
  EXPECT_EQ(Code(One("[]")), kInvalidRequest);
  EXPECT_EQ(Code(One("42")), kInvalidRequest);
  EXPECT_EQ(Code(One("\"\xff\xfe\"")), kParseError);  // invalid UTF-8
  r = One(R"({"id":5,"method":"ping"})");             // no jsonrpc
  EXPECT_EQ(Code(r), kInvalidRequest);
  EXPECT_EQ(r["id"], 5);
  r = One(R"({"jsonrpc":"2.0","id":{"x":1},"method":"ping"})");
  EXPECT_EQ(Code(r), kInvalidRequest);
  EXPECT_TRUE(r["id"].is_null());
  EXPECT_EQ(Code(One(R"({"jsonrpc":"2.0","id":6,"method":7})")), kInvalidRequest);
  EXPECT_EQ(Code(One(R"({"jsonrpc":"2.0","id":6,"method":"ping","params":3})")), kInvalidRequest);
  // Deep nesting is parsed without recursion trouble and answered.
  EXPECT_EQ(Code(One(std::string(100000, '[') + std::string(100000, ']'))), kInvalidRequest);
  EXPECT_TRUE(Send("   ").empty());
}

TEST_F(McpServerTest, NotificationsAndResponsesGetNoAnswer) {
  EXPECT_TRUE(Send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").empty());
  EXPECT_TRUE(Send(R"({"jsonrpc":"2.0","method":"no/such/notification"})").empty());
  EXPECT_TRUE(Send(R"({"jsonrpc":"2.0","method":7})").empty());
  EXPECT_TRUE(Send(R"({"jsonrpc":"2.0","id":9,"result":{}})").empty());
}

TEST_F(McpServerTest, UnknownMethod) {
  Initialize();
  json r = One(R"({"jsonrpc":"2.0","id":1,"method":"resources/list"})");
  EXPECT_EQ(Code(r), kMethodNotFound);
}

TEST_F(McpServerTest, ToolsListNamesEveryTool) {
  Initialize();
  json r = One(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}})");
  std::vector<std::string> names;
  for (const json& t : r["result"]["tools"]) {
    names.push_back(t["name"]);
    EXPECT_EQ(t["inputSchema"]["type"], "object");
    EXPECT_FALSE(t["description"].get<std::string>().empty());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"search_error", "get_error", "list_repos",
                                             "explain_error", "index_repository"}));
}

TEST_F(McpServerTest, ToolCallErrors) {
  Initialize();
  json r = Call("no_such_tool", json::object());
  EXPECT_EQ(r["result"]["isError"], true);
  EXPECT_EQ(r["result"]["content"][0]["text"], "unknown tool: no_such_tool");
  r = Call("search_error", json::object());
  EXPECT_EQ(Code(r), kInvalidParams);
  EXPECT_EQ(r["error"]["message"],
            "Invalid params: search_error: missing required argument 'message' (a string)");
  EXPECT_EQ(Code(Call("search_error", {{"message", 3}})), kInvalidParams);
  EXPECT_EQ(Code(Call("search_error", {{"message", "x"}, {"limit", 0}})), kInvalidParams);
  EXPECT_EQ(Code(Call("search_error", {{"message", "x"}, {"limit", 2.5}})), kInvalidParams);
  EXPECT_EQ(Code(Call("explain_error", {{"text", "boom"}, {"repo", "norepo"}})), kInvalidParams);
  EXPECT_EQ(Code(Call("get_error", json::object())), kInvalidParams);
  EXPECT_EQ(Code(One(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}})")),
            kInvalidParams);
  EXPECT_EQ(Code(One(R"({"jsonrpc":"2.0","id":1,"method":"tools/call",)"
                     R"("params":{"name":"list_repos","arguments":[]}})")),
            kInvalidParams);
  // Failures of the tool itself are results with isError.
  r = Call("get_error", {{"id", "0000000000000000"}});
  EXPECT_EQ(r["result"]["isError"], true);
  r = Call("index_repository", {{"path", dir_.Join("missing")}});
  EXPECT_EQ(r["result"]["isError"], true);
}

TEST_F(McpServerTest, EmptyDatabaseAnswersWithNothing) {
  Initialize();
  json r = Call("search_error", {{"message", "quantization method 'awq' is not supported"}});
  json text = json::parse(r["result"]["content"][0]["text"].get<std::string>());
  EXPECT_EQ(text["matches"], json::array());
  r = Call("list_repos", json::object());
  text = json::parse(r["result"]["content"][0]["text"].get<std::string>());
  EXPECT_EQ(text["repos"], json::array());
}

TEST(ReadFrameTest, SplitsLinesAndDropsOversizedOnes) {
  std::istringstream in("{\"a\":1}\r\n" + std::string(100, 'x') + "\nshort\nlast");
  std::string frame;
  EXPECT_EQ(ReadFrame(in, 50, &frame), FrameStatus::kFrame);
  EXPECT_EQ(frame, "{\"a\":1}");
  EXPECT_EQ(ReadFrame(in, 50, &frame), FrameStatus::kTooLarge);
  EXPECT_EQ(ReadFrame(in, 50, &frame), FrameStatus::kFrame);
  EXPECT_EQ(frame, "short");
  EXPECT_EQ(ReadFrame(in, 50, &frame), FrameStatus::kFrame);
  EXPECT_EQ(frame, "last");
  EXPECT_EQ(ReadFrame(in, 50, &frame), FrameStatus::kEof);
}

TEST(ServeStreamTest, OversizedFrameIsAnsweredAndSkipped) {
  testing::TempDir dir;
  Tools tools(dir.Join("errdex.db"), "");
  ASSERT_TRUE(tools.Open().ok());
  std::vector<std::string> out;
  McpServer server(&tools, [&](const std::string& line) { out.push_back(line); });
  std::istringstream in(std::string(200, ' ') + "\n" +
                        R"({"jsonrpc":"2.0","id":1,"method":"ping"})" + "\n");
  ServeStream(&server, in, 100);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(json::parse(out[0])["error"]["code"], kInvalidRequest);
  EXPECT_EQ(json::parse(out[1])["id"], 1);
}

}  // namespace
}  // namespace errdex::mcp
