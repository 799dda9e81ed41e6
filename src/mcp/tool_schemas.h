// What `errdex mcp` tells an agent about its tools (tools/list): names,
// when to call each, and the JSON Schema of their arguments. ErrLookup's
// three tools keep its names and input schemas exactly.
#pragma once

#include <nlohmann/json.hpp>

namespace errdex::mcp {

nlohmann::json ToolSchemas();

}  // namespace errdex::mcp
