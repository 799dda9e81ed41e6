// McpServer: the Model Context Protocol over JSON-RPC 2.0 for `errdex mcp`
// — lifecycle (initialize, notifications/initialized, ping), tools/list and
// tools/call — one message at a time, transport-free so that every answer
// is testable without a process. ReadFrame splits newline-delimited stdio
// input with a size cap, so a hostile client never makes memory unbounded.
//
// Input is untrusted: every malformed message gets the JSON-RPC error it
// deserves (or, for a notification, silence); nothing in it throws.
#pragma once

#include <functional>
#include <istream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "mcp/tools.h"

namespace errdex::mcp {

// JSON-RPC 2.0 error codes, and one server-defined code.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kNotInitialized = -32002;  // as LSP: a request before initialize

// Protocol revisions we speak; the first is offered when the client's is
// none of them.
inline constexpr const char* kProtocolVersions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};
constexpr size_t kMaxFrameBytes = 16 * 1024 * 1024;

class McpServer {
 public:
  // `send` writes one message (no newline); it is called from the thread
  // handling a frame and, for progress, from the indexer's workers, never
  // two at once.
  using Send = std::function<void(const std::string&)>;
  McpServer(Tools* tools, Send send);

  // Handles one frame (one line of input, without its newline).
  void HandleFrame(std::string_view frame);
  // Answers a frame ReadFrame dropped for being over `max_bytes`.
  void HandleOversized(size_t max_bytes);

 private:
  void HandleMessage(const nlohmann::json& msg);
  // The result of a request, or an error (set *code and *message).
  nlohmann::json Dispatch(const std::string& method, const nlohmann::json& params,
                          const nlohmann::json& meta, int* code, std::string* message);
  nlohmann::json Initialize(const nlohmann::json& params, int* code, std::string* message);
  nlohmann::json CallTool(const nlohmann::json& params, const nlohmann::json& meta, int* code,
                          std::string* message);
  void Reply(const nlohmann::json& id, nlohmann::json result);
  void ReplyError(const nlohmann::json& id, int code, const std::string& message);
  void Write(const nlohmann::json& msg);

  Tools* tools_;
  Send send_;
  std::mutex send_mu_;
  bool initialized_ = false;
};

enum class FrameStatus { kFrame, kTooLarge, kEof };

// Reads one line of `in` into *frame (without "\n" or a trailing "\r").
// A line longer than `max_bytes` is consumed and dropped (kTooLarge).
FrameStatus ReadFrame(std::istream& in, size_t max_bytes, std::string* frame);

// Serves frames from `in` until end of input.
void ServeStream(McpServer* server, std::istream& in, size_t max_bytes = kMaxFrameBytes);

}  // namespace errdex::mcp
