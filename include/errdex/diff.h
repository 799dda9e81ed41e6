// RecordDiff: how the error surface of a repository changed between two
// commits — errors added, removed and changed — for library maintainers and
// release notes (`errdex diff`).
#pragma once

#include <string>
#include <vector>

#include "errdex/record.h"

namespace errdex {

// One error present at both commits whose user-visible facts differ.
struct RecordChange {
  const Record* before;
  const Record* after;
  // The record fields that differ, in the record format's names:
  // "errorMessage", "filePath", "errorClass", "errorCode", "httpStatus",
  // "severity", "kind", "messagePattern".
  std::vector<std::string> fields;
};

struct RecordDiff {
  std::vector<const Record*> added;    // of `after`, by file and line
  std::vector<const Record*> removed;  // of `before`, by file and line
  std::vector<RecordChange> changed;   // by the new file and line
  int unchanged = 0;
  int moved = 0;  // of the unchanged: now at another line
  bool empty() const { return added.empty() && removed.empty() && changed.empty(); }
};

// Compares two snapshots of one repository. Records are the same error when
// their ids agree (same message or code, same file); an error whose message
// was reworded is paired with the one it replaced when they sit in the same
// function of the same file with the same class and kind (nearest line
// first), and a file rename when one message moved to one new file. The
// result points into `before` and `after`, which must outlive it.
RecordDiff DiffRecords(const std::vector<Record>& before, const std::vector<Record>& after);

}  // namespace errdex
