// Record builder: turns an extractor's ErrorSite into a published Record,
// deriving every analysis field deterministically from facts in the code
// (comments, docstrings, path conditions, the message's own advice) and
// recording the lines each field came from (provenance).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/record.h"
#include "resolve/setter_index.h"

namespace errdex {

struct RepoContext {
  std::string repo;
  std::string sha;          // empty for a plain directory
  std::string analyzed_at;  // ISO-8601 UTC
  // Where options and setters assign fields, repository-wide; without it
  // only the site's own file is searched.
  const SetterIndex* setters = nullptr;
};

// REQUIRES: `lines` are the lines of site.file_path's content.
Record BuildRecord(const ErrorSite& site, const std::vector<std::string_view>& lines,
                   const RepoContext& ctx);

// Merges records that share an id (the same message raised again in the same
// file: the first keeps the record, later lines go to other_lines), orders
// records by (file, line) and assigns unique slugs.
std::vector<Record> FinalizeRecords(std::vector<Record> records);

// The lead of the one solution written when nothing specific is known, so
// that readers (and the optional language-model pass) can tell it apart.
inline constexpr std::string_view kGenericSolution =
    "Generic advice (errdex found nothing specific): ";

// Sentences of the message that tell the user what to do ("Disable one of
// them."), in order.
std::vector<std::string> AdviceSentences(const std::string& message);

}  // namespace errdex
