// An index summary as JSON: what `errdex index --json` and the MCP
// `index_repository` tool print, and what the indexer stores beside the
// records (so a later index that finds them current reports the same).
#pragma once

#include <nlohmann/json.hpp>

#include "errdex/indexer.h"

namespace errdex {

nlohmann::json IndexSummaryJson(const IndexSummary& s);

}  // namespace errdex
