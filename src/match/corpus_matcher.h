// The whole-corpus matcher of a database, as `errdex explain` and the MCP
// server open it: from the snapshot beside the database when that snapshot
// was saved at the database's current dataset stamp (then no record is read
// from SQLite: callers read the records they show by id), otherwise built
// from the records and saved for the next call.
#pragma once

#include <memory>
#include <string>

#include "errdex/matcher.h"
#include "errdex/store.h"

namespace errdex {

struct CorpusMatcher {
  std::unique_ptr<Matcher> matcher;
  // What happened, for logs: "matcher loaded from ...", "matcher built (...)".
  std::string note;
  // The snapshot was there but damaged (and was rebuilt): worth telling the
  // user, unlike a missing or stale one, which is routine.
  bool snapshot_damaged = false;
};

// `db_path` is the database `store` reads; its snapshot is
// MatcherSnapshotPath(db_path). A corpus of fewer than `min_records`
// records is built without saving a snapshot.
Result<CorpusMatcher> OpenCorpusMatcher(Store* store, const std::string& db_path,
                                        size_t min_records = kMatcherSnapshotMinRecords);

}  // namespace errdex
