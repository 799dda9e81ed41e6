// JSON forms shared by the command line and the MCP tools (see result_json.h).
#include "mcp/result_json.h"

namespace errdex {

nlohmann::json MatchJson(const Match& m, const ErrorText& in) {
  nlohmann::json caps = nlohmann::json::array();
  for (const Capture& c : m.captures) caps.push_back({{"name", c.name}, {"value", c.value}});
  const Record& r = *m.record;
  return {{"id", r.id},
          {"repo", r.repo},
          {"slug", r.slug},
          {"filePath", r.file_path},
          {"lineNumber", r.line_number},
          {"otherLines", r.other_lines},
          {"errorClass", r.error_class.empty() ? nlohmann::json() : nlohmann::json(r.error_class)},
          {"message", r.error_message},
          {"url", r.github_url},
          {"score", m.score},
          {"matchType", m.match_type},
          {"reason", m.reason},
          {"captures", caps},
          {"inputLine", in.input_line}};
}

nlohmann::json ExplainJson(const std::vector<PasteHit>& hits) {
  nlohmann::json out = {{"matches", nlohmann::json::array()}};
  for (const PasteHit& h : hits) out["matches"].push_back(MatchJson(h.match, h.error));
  return out;
}

const Record* FullRecords::Get(const Record* partial) {
  auto it = full_.find(partial->id);
  if (it == full_.end()) {
    Result<Record> r = store_->Get(partial->id);
    if (!r.ok()) return partial;
    it = full_.emplace(partial->id, std::move(*r)).first;
  }
  return &it->second;
}

void FullRecords::Fill(std::vector<PasteHit>* hits) {
  for (PasteHit& h : *hits) h.match.record = Get(h.match.record);
}

void FullRecords::Fill(std::vector<Match>* matches) {
  for (Match& m : *matches) m.record = Get(m.record);
}

}  // namespace errdex
