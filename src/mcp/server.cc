// The MCP protocol over JSON-RPC 2.0 (see server.h).
#include "mcp/server.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>

#include "util/text.h"

namespace errdex::mcp {
namespace {

using nlohmann::json;

constexpr const char* kInstructions =
    "errdex knows every user-facing error of the repositories indexed into its local "
    "database: the exact message, the file and line that raise it, the conditions behind it "
    "and how to fix it. Paste a traceback or log into explain_error, or one message into "
    "search_error; get_error gives the full record; index_repository adds a local checkout.";

// MCP ids are strings or integers (JSON-RPC's null id is not allowed).
bool ValidId(const json& id) { return id.is_string() || id.is_number_integer(); }

std::string Shorten(std::string_view s) { return OneLine(s, 200); }

// Reports index progress as notifications/progress, at most every 100 ms
// and always for the last file, with strictly increasing values as MCP
// requires.
class ProgressReporter {
 public:
  ProgressReporter(json token, std::function<void(const json&)> write)
      : token_(std::move(token)), write_(std::move(write)) {}
  void Report(double done, double total, const std::string& what) {
    auto now = std::chrono::steady_clock::now();
    bool last = done >= total;
    if (done <= sent_ || (!last && now - at_ < std::chrono::milliseconds(100))) return;
    sent_ = done;
    at_ = now;
    write_(
        {{"jsonrpc", "2.0"},
         {"method", "notifications/progress"},
         {"params",
          {{"progressToken", token_}, {"progress", done}, {"total", total}, {"message", what}}}});
  }

 private:
  json token_;
  std::function<void(const json&)> write_;
  double sent_ = -1;
  std::chrono::steady_clock::time_point at_{};
};

}  // namespace

McpServer::McpServer(Tools* tools, Send send) : tools_(tools), send_(std::move(send)) {}

void McpServer::Write(const json& msg) {
  std::string line = msg.dump(-1, ' ', false, json::error_handler_t::replace);
  std::lock_guard<std::mutex> lock(send_mu_);
  send_(line);
}

void McpServer::Reply(const json& id, json result) {
  Write({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

void McpServer::ReplyError(const json& id, int code, const std::string& message) {
  Write({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void McpServer::HandleOversized(size_t max_bytes) {
  ReplyError(
      nullptr, kInvalidRequest,
      "Invalid Request: message longer than " + std::to_string(max_bytes) + " bytes, dropped");
}

void McpServer::HandleFrame(std::string_view frame) {
  if (Trim(frame).empty()) return;
  json msg = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (msg.is_discarded()) {
    ReplyError(nullptr, kParseError, "Parse error: the message is not valid JSON");
    return;
  }
  if (msg.is_array()) {
    ReplyError(nullptr, kInvalidRequest, "Invalid Request: batches are not supported");
    return;
  }
  if (!msg.is_object()) {
    ReplyError(nullptr, kInvalidRequest, "Invalid Request: expected a JSON-RPC object");
    return;
  }
  HandleMessage(msg);
}

void McpServer::HandleMessage(const json& msg) {
  auto id_it = msg.find("id");
  bool is_request = id_it != msg.end();
  json id = is_request && ValidId(*id_it) ? *id_it : json();
  auto method = msg.find("method");
  if (method == msg.end() && (msg.contains("result") || msg.contains("error"))) {
    return;  // a response; we send no requests, so there is nothing to match
  }
  std::string problem;
  if (is_request && id.is_null()) problem = "id must be a string or an integer";
  if (msg.value("jsonrpc", json()) != "2.0") problem = "jsonrpc must be \"2.0\"";
  if (method == msg.end() || !method->is_string()) problem = "method must be a string";
  json params = msg.value("params", json::object());
  if (!params.is_object() && !params.is_array()) problem = "params must be an object";
  if (!problem.empty()) {
    if (is_request) ReplyError(id, kInvalidRequest, "Invalid Request: " + problem);
    return;
  }
  if (!is_request) return;  // notifications (initialized, cancelled, ...) need no answer
  std::string name = method->get<std::string>();
  if (!initialized_ && name != "initialize" && name != "ping") {
    ReplyError(id, kNotInitialized, "Server not initialized: send initialize first");
    return;
  }
  if (!params.is_object()) {
    ReplyError(id, kInvalidParams, "Invalid params: " + name + " takes an object");
    return;
  }
  json meta = params.value("_meta", json::object());
  int code = 0;
  std::string message;
  json result;
  try {
    result = Dispatch(name, params, meta, &code, &message);
  } catch (const std::exception& e) {
    code = kInternalError;
    message = std::string("Internal error: ") + e.what();
  }
  if (code != 0) {
    ReplyError(id, code, message);
  } else {
    Reply(id, std::move(result));
  }
}

json McpServer::Dispatch(const std::string& method, const json& params, const json& meta, int* code,
                         std::string* message) {
  if (method == "initialize") return Initialize(params, code, message);
  if (method == "ping") return json::object();
  if (method == "tools/list") return {{"tools", Tools::List()}};
  if (method == "tools/call") return CallTool(params, meta, code, message);
  *code = kMethodNotFound;
  *message = "Method not found: " + Shorten(method);
  return nullptr;
}

json McpServer::Initialize(const json& params, int* code, std::string* message) {
  if (initialized_) {
    *code = kInvalidRequest;
    *message = "Invalid Request: initialize was already called";
    return nullptr;
  }
  auto version = params.find("protocolVersion");
  if (version == params.end() || !version->is_string()) {
    *code = kInvalidParams;
    *message = "Invalid params: initialize needs protocolVersion (a string)";
    return nullptr;
  }
  // Echo the client's revision when we speak it, else offer our newest.
  std::string agreed = kProtocolVersions[0];
  for (const char* v : kProtocolVersions) {
    if (*version == v) agreed = v;
  }
  initialized_ = true;
  return {{"protocolVersion", agreed},
          {"capabilities", {{"tools", json::object()}}},
          {"serverInfo", {{"name", "errdex"}, {"version", "0.1.0"}}},
          {"instructions", kInstructions}};
}

json McpServer::CallTool(const json& params, const json& meta, int* code, std::string* message) {
  auto name = params.find("name");
  json args = params.value("arguments", json::object());
  if (args.is_null()) args = json::object();
  if (name == params.end() || !name->is_string() || !args.is_object()) {
    *code = kInvalidParams;
    *message = "Invalid params: tools/call needs name (a string) and arguments (an object)";
    return nullptr;
  }
  ToolCall call;
  call.name = name->get<std::string>();
  call.arguments = std::move(args);
  std::shared_ptr<ProgressReporter> reporter;
  json token = meta.is_object() ? meta.value("progressToken", json()) : json();
  if (ValidId(token)) {
    reporter = std::make_shared<ProgressReporter>(token, [this](const json& m) { Write(m); });
    call.progress = [reporter](double done, double total, const std::string& what) {
      reporter->Report(done, total, what);
    };
  }
  Result<json> result = tools_->Call(call);
  if (!result.ok()) {
    *code = kInvalidParams;
    *message = "Invalid params: " + result.status().message();
    return nullptr;
  }
  return std::move(*result);
}

FrameStatus ReadFrame(std::istream& in, size_t max_bytes, std::string* frame) {
  frame->clear();
  std::streambuf* buf = in.rdbuf();
  bool too_large = false;
  for (;;) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (frame->empty() && !too_large) return FrameStatus::kEof;
      break;
    }
    if (c == '\n') break;
    if (too_large) continue;
    if (frame->size() >= max_bytes) {
      too_large = true;
      std::string().swap(*frame);  // give the memory back while the rest drains
      continue;
    }
    frame->push_back(static_cast<char>(c));
  }
  if (too_large) return FrameStatus::kTooLarge;
  if (!frame->empty() && frame->back() == '\r') frame->pop_back();
  return FrameStatus::kFrame;
}

void ServeStream(McpServer* server, std::istream& in, size_t max_bytes) {
  std::string frame;
  for (;;) {
    FrameStatus st = ReadFrame(in, max_bytes, &frame);
    if (st == FrameStatus::kEof) return;
    if (st == FrameStatus::kTooLarge) {
      server->HandleOversized(max_bytes);
    } else {
      server->HandleFrame(frame);
    }
  }
}

}  // namespace errdex::mcp
