// The tools `errdex mcp` offers a coding agent, over one local database:
// ErrLookup's search_error, get_error and list_repos (same names, arguments
// and result shapes, so agents configured for ErrLookup work unchanged), and
// errdex's own explain_error and index_repository. Protocol-free: the
// server (server.h) maps results and errors to JSON-RPC.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "errdex/matcher.h"
#include "errdex/status.h"
#include "errdex/store.h"

namespace errdex::mcp {

struct ToolCall {
  std::string name;
  nlohmann::json arguments = nlohmann::json::object();
  // Set when the caller asked for progress: (done, total, what).
  std::function<void(double, double, const std::string&)> progress;
};

class Tools {
 public:
  // `base_url`: where `errdex serve` publishes the same database, for the
  // links ErrLookup's tools return; empty links to the pinned source instead.
  Tools(std::string db_path, std::string base_url);
  ~Tools();
  Tools(const Tools&) = delete;
  Tools& operator=(const Tools&) = delete;

  // Opens (or creates) the database.
  Status Open();
  // The tools/list answer's "tools" array.
  static nlohmann::json List();
  // A tools/call result ({"content": [...], "isError"?}): a failure of the
  // tool itself (unknown tool, no such record, a repository that does not
  // index) is a result with isError true. A non-OK status only when the
  // arguments do not fit the tool's schema (JSON-RPC -32602).
  Result<nlohmann::json> Call(const ToolCall& call);

 private:
  // The loaded matcher of one dataset version.
  struct Loaded;
  Status Refresh();
  Result<nlohmann::json> SearchError(const nlohmann::json& args);
  Result<nlohmann::json> GetError(const nlohmann::json& args);
  Result<nlohmann::json> ListRepos();
  Result<nlohmann::json> ExplainError(const nlohmann::json& args);
  Result<nlohmann::json> IndexRepository(const ToolCall& call);
  std::string PageUrl(const Record& r) const;

  std::string db_path_, base_url_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Loaded> loaded_;
};

}  // namespace errdex::mcp
