// The JSON forms that both the command line's --json output and the MCP
// tools print, built in one place so that an agent and a script read the
// same fields: an explained paste's hits and an index summary.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analyze/index_summary_json.h"  // IndexSummaryJson: `errdex index --json`
#include "errdex/indexer.h"
#include "errdex/input.h"
#include "errdex/matcher.h"
#include "errdex/record.h"
#include "errdex/store.h"

namespace errdex {

// One hit of `errdex explain --json`: where the record is, how it matched,
// and what each hole captured.
nlohmann::json MatchJson(const Match& m, const ErrorText& in);
// `errdex explain --json`: {"matches": [MatchJson...]}.
nlohmann::json ExplainJson(const std::vector<PasteHit>& hits);

// A Matcher holds records with only the fields matching reads
// (Store::ListForMatching); the hits shown are read in full, once each.
class FullRecords {
 public:
  explicit FullRecords(Store* store) : store_(store) {}
  // Points each hit at its full record; a record replaced since the
  // matcher was loaded keeps its matching fields.
  void Fill(std::vector<PasteHit>* hits);
  void Fill(std::vector<Match>* matches);

 private:
  const Record* Get(const Record* partial);

  Store* store_;
  std::map<std::string, Record> full_;
};

}  // namespace errdex
