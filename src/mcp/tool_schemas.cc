// Tool definitions for tools/list (see tool_schemas.h).
#include "mcp/tool_schemas.h"

namespace errdex::mcp {
namespace {

using nlohmann::json;

json Tool(const char* name, const char* description, json properties,
          json required = json::array()) {
  json schema = {{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) schema["required"] = std::move(required);
  return {{"name", name}, {"description", description}, {"inputSchema", std::move(schema)}};
}

json SearchError() {
  return Tool(
      "search_error",
      "Look up where a runtime error message comes from in the indexed repositories and how to "
      "fix it. Call this when you meet a single error message from a library or tool; pass the "
      "raw message verbatim (one to three words search by class, code or name). For a whole "
      "traceback or log, call explain_error instead.",
      {{"message", {{"type", "string"}, {"description", "The raw error message verbatim."}}},
       {"repo", {{"type", "string"}, {"description", "Optional 'owner/name' filter."}}},
       {"limit", {{"type", "number"}, {"description", "Max results (default 5)."}}}},
      {"message"});
}

json GetError() {
  return Tool("get_error",
              "Fetch the full record for one error by id (from search_error or explain_error), "
              "or by repo+slug: markdown documentation, the conditions that raise it, solutions, "
              "and the source permalink. Cite the returned URL.",
              {{"id", {{"type", "string"}}},
               {"repo", {{"type", "string"}}},
               {"slug", {{"type", "string"}}}});
}

json ListRepos() {
  return Tool("list_repos",
              "List the repositories indexed in the local errdex database, with their commit "
              "and error count. Call it to see what search_error can answer for.",
              json::object());
}

json ExplainError() {
  return Tool(
      "explain_error",
      "Explain a whole pasted traceback, stack trace, panic or log excerpt: finds every error in "
      "it (chained causes, log lines) and returns the source sites that raise it, ranked, with "
      "file, line, permalink, why each matched and the value each placeholder captured. Prefer "
      "this over search_error when you have more than the bare message.",
      {{"text",
        {{"type", "string"},
         {"description", "The traceback, log or message, verbatim (up to 10 MiB)."}}},
       {"repo", {{"type", "string"}, {"description", "Optional 'owner/name' filter."}}},
       {"limit", {{"type", "number"}, {"description", "Max results (default 3)."}}}},
      {"text"});
}

json IndexRepository() {
  return Tool(
      "index_repository",
      "Index a local git repository into the errdex database so that its errors can be "
      "searched and explained: reads the commit (not the work tree), extracts every "
      "user-facing error and replaces the repository's previous records. Call it when "
      "search_error or explain_error find nothing for a repository you have checked out, or "
      "after it changed. Takes seconds to minutes; reports progress when asked.",
      {{"path",
        {{"type", "string"},
         {"description",
          "Path of the repository on this machine (a plain directory needs repo)."}}},
       {"rev",
        {{"type", "string"},
         {"description", "Revision to read: a sha, tag or branch (default HEAD)."}}},
       {"repo",
        {{"type", "string"},
         {"description", "owner/name to file it under (default: from the origin remote)."}}}},
      {"path"});
}

}  // namespace

json ToolSchemas() {
  return json::array({SearchError(), GetError(), ListRepos(), ExplainError(), IndexRepository()});
}

}  // namespace errdex::mcp
