// The matcher `errdex serve` answers with: one segment per repository,
// saved beside the database (DB.matcher.d/), composed into one matcher
// (Matcher::Compose). After an index, a reload builds the segments of the
// repositories whose records changed and reuses the others (from the
// matcher in service, or mapped from their files), so its cost follows the
// change, not the corpus; answers are those of a matcher built from every
// record.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "errdex/matcher.h"
#include "errdex/store.h"

namespace errdex {

// Where the segments of the database at `db` are kept.
inline std::string MatcherSegmentDir(const std::string& db) { return db + ".matcher.d"; }

struct RepositoryMatcher {
  std::unique_ptr<Matcher> matcher;
  std::vector<std::string> built;    // repositories whose segment was built
  std::vector<std::string> damaged;  // "owner/name: why" (each also built)
  size_t reused = 0;                 // taken from the previous matcher
  size_t loaded = 0;                 // mapped from their files
  // Where the time went, for logs and bench/serve_scale: "repositories
  // 0.001 s, segments 0.412 s (built 0.405 s), composed 0.093 s".
  std::string timing;
  // For logs: "matcher: 1 of 150 repositories built (owner/name), 149
  // reused, 0 loaded".
  std::string note;
};

// The matcher of every repository of `store` (the database at `db_path`).
// A segment is current when it was saved at its repository's stamp (which
// changes with every write of that repository's records); `previous` (may
// be null) is the matcher in service, whose current segments are used as
// they are. Segment files of repositories no longer in the database are
// removed.
Result<RepositoryMatcher> OpenRepositoryMatcher(Store* store, const std::string& db_path,
                                                const Matcher* previous);

// A repository's stamp, as its segment is saved with.
std::string RepositoryStamp(const RepoInfo& info);

}  // namespace errdex
