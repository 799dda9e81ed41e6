// Related records: records of one repository that share something in the
// code — the function, a condition on the way to the raise, an option, the
// helper that writes the message, the error class — never records merely
// near in the file tree (an axios page listed its release scripts). One
// implementation for the `related` ids stored with each record at index
// time and the "Related errors" of pages, which also say why.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "errdex/record.h"

namespace errdex {

// Record indices, ascending, per (repo, key), over one list of records in
// (repo, file, line) order. Keyed by file, by condition (its expression,
// spaces collapsed), by option name, by the helper that writes the message
// (messageFrom), by error class, and by function ("file\0name").
struct RelationIndex {
  using Postings = std::map<std::pair<std::string, std::string>, std::vector<size_t>>;
  Postings by_file, by_function, by_condition, by_option, by_wrapper, by_class;
  // Per record: its file is a test, example, script, tool, doc, vendored or
  // generated file (not the library users call).
  std::vector<bool> tooling;
};
RelationIndex BuildRelationIndex(const std::vector<Record>& records);

// A record related to records[i], and why, as light markup ("same function
// `load`").
struct Relation {
  size_t index;
  std::string reason;
};
// Records related to records[i], strongest relation first: the same
// function, a same condition on the way to the raise, the same option, the
// same helper writing the message, the same error class (within one
// relation, those of i's file first, then in list order), each once, at
// most `max`. Records of tests, examples and tooling are related only to
// each other, never to the library's.
// REQUIRES: `index` was built from `records`.
std::vector<Relation> FindRelated(const std::vector<Record>& records, const RelationIndex& index,
                                  size_t i, size_t max);

// Fills Record::related for every record with the ids FindRelated gives,
// at most kMaxRelated each. Call after FinalizeRecords (ids are final, the
// list is in (file, line) order).
inline constexpr size_t kMaxRelated = 5;
void LinkRelated(std::vector<Record>* records);

// The conditions `r` can share with another record: their expressions,
// spaces collapsed, "not (expr)" for one that must fail; without bare names
// (`text`: a local's truth in its own function) and those too short to mean
// anything.
std::vector<std::string> RelationConditions(const Record& r);
// True for a path in tests, examples, docs, tooling (scripts/, tools/, ...),
// vendored or generated code.
bool ToolingPath(const std::string& path);

}  // namespace errdex
