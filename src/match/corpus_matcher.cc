// OpenCorpusMatcher: snapshot first, validated by the dataset stamp alone.
#include "match/corpus_matcher.h"

#include <utility>
#include <vector>

namespace errdex {

Result<CorpusMatcher> OpenCorpusMatcher(Store* store, const std::string& db_path,
                                        size_t min_records) {
  CorpusMatcher out;
  std::string path = MatcherSnapshotPath(db_path);
  // The stamp is read before the records: if an index lands in between, the
  // snapshot saved below carries the older stamp with newer records, and the
  // next call rebuilds it. Read after, a snapshot of older records could be
  // trusted as current.
  Result<std::string> stamp = store->DatasetStamp();
  if (!stamp.ok()) return stamp.status();
  Result<std::unique_ptr<Matcher>> loaded = Matcher::Load(path, *stamp);
  if (loaded.ok()) {
    out.matcher = std::move(*loaded);
    out.note = "matcher loaded from " + path;
    return out;
  }
  out.snapshot_damaged = loaded.status().code() == Status::Code::kCorruption;
  Result<std::vector<Record>> records = store->ListForMatching("");
  if (!records.ok()) return records.status();
  bool save = !stamp->empty() && records->size() >= min_records;
  out.matcher = std::make_unique<Matcher>(std::move(*records));
  out.note = "matcher built (" + loaded.status().message() + ")";
  if (save) {
    Status saved = out.matcher->Save(path, *stamp);
    out.note += saved.ok() ? "; saved to " + path : "; not saved: " + saved.message();
  }
  return out;
}

}  // namespace errdex
