// Record: the published description of one error, a superset of ErrLookup's
// schema v2. Ids, slugs and permalinks are computed here and nowhere else.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace errdex {

inline constexpr int kSchemaVersion = 2;

// One captured hole of the pattern, in group order (errdex extension).
struct HoleInfo {
  std::string text;  // as written: "{quant_method!r}"
  std::string expr;  // the expression it prints: "quant_method"
};

struct Record {
  // --- ErrLookup schema v2 ---
  std::string id;
  std::string repo;
  std::string slug;
  std::optional<std::string> error_code;
  std::string error_message;
  std::string message_pattern;
  std::string error_type;
  std::string error_class;  // may be empty -> null in JSON
  std::optional<int> http_status;
  std::string severity;
  std::string file_path;
  int line_number = 0;
  std::string source_code;
  int source_code_start = 0;
  int source_code_end = 0;
  std::string github_url;
  std::string documentation;
  std::string trigger_scenarios;
  std::string common_situations;
  std::vector<std::string> solutions;
  std::string example_fix;
  std::string handling_strategy;
  std::optional<std::string> validation_code;
  std::optional<std::string> type_guard;
  std::optional<std::string> try_catch_pattern;
  std::vector<std::string> prevention_tips;
  std::vector<std::string> tags;
  std::string background_tag;
  std::string analyzed_sha;
  std::string analyzed_at;
  // --- errdex extensions ---
  std::string language;
  std::string kind;  // SiteKindName()
  std::string function;
  std::vector<HoleInfo> holes;
  bool message_opaque = false;
  std::vector<int> other_lines;  // the same message raised again in the same file
  // "path:line" where another function writes this record's text (its
  // factory or constructor); "" when the record's own site does.
  std::string message_from;
  nlohmann::json conditions = nlohmann::json::array();
  nlohmann::json notes = nlohmann::json::array();
  nlohmann::json provenance = nlohmann::json::object();
  // Resolved across files: the call chains that reach the error, the options
  // its conditions read, and related records (ids, most related first).
  nlohmann::json callers = nlohmann::json::array();
  nlohmann::json options = nlohmann::json::array();
  std::vector<std::string> related;
  // Set by the optional language-model pass (`errdex analyze --llm`), null
  // otherwise: which model rewrote which prose fields, and the deterministic
  // values it replaced (see docs/record-format.md, `llm`).
  nlohmann::json llm;
};

// id = first 16 hex chars of sha256(repo "\x01" (code or message) "\x01" path),
// the message when the code only names a category (`Other`, `NotFound`,
// `ERROR`): many messages of one file share such a code.
std::string RecordId(const std::string& repo, const std::optional<std::string>& code,
                     const std::string& message, const std::string& file_path);
// (code or message) cut to 50 chars, lowercased, non-[a-z0-9] runs -> '-',
// trimmed of '-'. Uniqueness suffixes are added by AssignUniqueSlugs.
std::string BaseSlug(const std::optional<std::string>& code, const std::string& message);
// Makes slugs unique within one repository: records keep their order; the
// second record with slug s becomes s-2, then s-3, ...
void AssignUniqueSlugs(std::vector<Record>* records);
std::string GithubUrl(const std::string& repo, const std::string& sha, const std::string& path,
                      int start, int end);

// The record as JSON. nlohmann::json keeps keys sorted, so ToJson does not
// preserve the published field order; use RecordToJsonText for output that
// must match ErrLookup's order. Strings that are not valid UTF-8 have the bad
// bytes replaced by U+FFFD in both forms; neither function throws.
nlohmann::json ToJson(const Record& r);
// The record as JSON text, fields in ErrLookup schema v2 order followed by the
// errdex extensions. indent < 0 gives the compact form.
std::string RecordToJsonText(const Record& r, int indent = -1);
// Accepts the output of ToJson or RecordToJsonText (or an ErrLookup record,
// optionally wrapped as {"record": ...}). Missing fields and fields of the
// wrong type keep their defaults; never throws.
Record RecordFromJson(const nlohmann::json& j);

}  // namespace errdex
