// Index summary JSON (see index_summary_json.h).
#include "analyze/index_summary_json.h"

namespace errdex {

nlohmann::json IndexSummaryJson(const IndexSummary& s) {
  return {{"repo", s.repo},
          {"sha", s.sha.empty() ? nlohmann::json() : nlohmann::json(s.sha)},
          {"note", s.note},
          {"filesIndexed", s.files_indexed},
          {"sites", s.sites},
          {"records", s.records},
          {"filesWithSyntaxErrors", s.files_with_syntax_errors},
          {"filesRepairedUtf8", s.files_repaired_utf8},
          {"unsupportedFiles", s.unsupported_files},
          {"skipped", s.skipped},
          {"skippedRecords", s.skipped_records},
          {"warnings", s.warnings},
          {"seconds", s.seconds}};
}

}  // namespace errdex
