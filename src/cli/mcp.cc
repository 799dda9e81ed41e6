// errdex mcp: a Model Context Protocol server on stdin/stdout, so that a
// coding agent can search, explain and index errors in the local database
// (protocol in src/mcp/server.h, tools in src/mcp/tools.h). stdout carries
// protocol messages only; anything else goes to stderr.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "mcp/server.h"
#include "mcp/tools.h"

namespace errdex {
namespace {

struct McpArgs {
  std::string db, base_url;
};

int RunMcp(const McpArgs& a) {
  // Frames are read byte by byte through the stream's own buffer.
  std::ios::sync_with_stdio(false);
  mcp::Tools tools(a.db, a.base_url);
  if (Status st = tools.Open(); !st.ok()) return Fail(st);
  mcp::McpServer server(&tools, [](const std::string& line) {
    std::cout << line << '\n';
    std::cout.flush();
  });
  mcp::ServeStream(&server, std::cin);
  return kExitFound;
}

}  // namespace

Command AddMcpCommand(CLI::App* app) {
  auto a = std::make_shared<McpArgs>();
  CLI::App* cmd = app->add_subcommand(
      "mcp", "Serve the database to coding agents over MCP (JSON-RPC on stdin/stdout)");
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_option("--base-url", a->base_url,
                  "Where `errdex serve` publishes this database: search_error and get_error "
                  "link to its pages (default: the source permalink)");
  cmd->footer(
      "Tools: search_error, get_error, list_repos (as ErrLookup's MCP server), "
      "explain_error, index_repository. Agent configuration:\n"
      "  \"mcpServers\": {\"errdex\": {\"command\": \"errdex\", \"args\": [\"mcp\"]}}");
  return {cmd, [a] { return RunMcp(*a); }};
}

}  // namespace errdex
