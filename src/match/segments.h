// The matcher `errdex serve` answers with, saved beside the database
// (DB.matcher.d/): a base segment of many repositories plus one delta
// segment per repository re-indexed since the base was built, composed
// into one matcher (Matcher::Compose) that hides the base's stale records.
// A reload builds the deltas of the repositories whose records changed and
// reuses the rest (from the matcher in service, or mapped from their
// files), so its cost follows the change, not the corpus; a search walks
// 1 + (deltas) literal automata, not one per repository. When deltas pile
// up the base is built again from every repository (MergeRepositoryBase,
// in the background in serve) and the next reload takes it. Answers are
// those of a matcher built from every record.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "errdex/matcher.h"
#include "errdex/store.h"

namespace errdex {

// Where the segments of the database at `db` are kept.
inline std::string MatcherSegmentDir(const std::string& db) { return db + ".matcher.d"; }

// Deltas at which a search's extra automata outweigh a merge.
constexpr size_t kMaxDeltas = 8;

struct RepositoryMatcher {
  std::unique_ptr<Matcher> matcher;
  std::vector<std::string> built;    // repositories built (as deltas, or in a new base)
  std::vector<std::string> damaged;  // "owner/name: why", "base: why" (each also built)
  size_t reused = 0;                 // repositories taken from the previous matcher
  size_t loaded = 0;                 // repositories mapped from their files
  size_t in_base = 0;                // repositories answered by the base
  size_t deltas = 0;                 // repositories answered by a delta segment
  size_t hidden = 0;                 // records of the base hidden (stale or removed)
  // Time to build the base again (MergeRepositoryBase): `max_deltas`
  // deltas, or more hidden records in the base than shown.
  bool merge_due = false;
  // Where the time went, for logs and bench/serve_scale: "repositories
  // 0.001 s, segments 0.412 s (built 0.405 s), composed 0.093 s".
  std::string timing;
  // For logs: "matcher: 1 of 150 repositories built (owner/name), 149
  // reused, 0 loaded from DIR; 149 in the base (120 records hidden), 1
  // delta".
  std::string note;
};

// The matcher of every repository of `store` (the database at `db_path`).
// A repository's records are current in the base or a delta saved at its
// stamp (which changes with every write of that repository's records);
// `previous` (may be null) is the matcher in service, whose current
// segments are used as they are. Without a base (a first start) one is
// built of every repository. Delta files no longer needed are removed.
Result<RepositoryMatcher> OpenRepositoryMatcher(Store* store, const std::string& db_path,
                                                const Matcher* previous,
                                                size_t max_deltas = kMaxDeltas);

// Builds the base segment of every repository of `store` (the database at
// `db_path`) from their records and saves it, replacing the one there; the
// next OpenRepositoryMatcher takes it. Reads every record: seconds per 100k.
// `*note` (may be null) says how it went. Holds one repository's records at
// a time, not all. When `stop` (may be null) is set it ends between
// repositories, or before the segment is built, with an error and the saved
// base untouched (serve's shutdown).
Status MergeRepositoryBase(Store* store, const std::string& db_path, std::string* note,
                           const std::atomic<bool>* stop = nullptr);

// A repository's stamp, as its segment is saved with.
std::string RepositoryStamp(const RepoInfo& info);

}  // namespace errdex
