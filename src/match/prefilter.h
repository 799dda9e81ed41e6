// Prefilter: given a message, the patterns worth verifying. Each pattern is
// represented by one anchor, a literal every match of it contains; a pattern
// is a candidate when its anchor occurs in the message. Patterns without an
// anchor are candidates for every message.
//
// The interface is small so a faster implementation (vectorscan, a rarest-
// word index) can replace Aho-Corasick; NewScanPrefilter is the obviously
// correct reference the others are tested against.
//
// Thread-safety: Candidates() is const and may be called from many threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace errdex::match {

class SnapshotReader;
class SnapshotWriter;

class Prefilter {
 public:
  virtual ~Prefilter() = default;
  // Appends the prefilter's state for a matcher snapshot; false when this
  // kind of prefilter cannot be saved.
  virtual bool Save(SnapshotWriter* out) const = 0;
  // Sets *out to the indexes (into the anchors given at construction) of the
  // candidates for `text`, ascending and without duplicates.
  virtual void Candidates(std::string_view text, std::vector<uint32_t>* out) const = 0;
};

// anchors[i] is pattern i's anchor; "" means pattern i is always a candidate.
// Matching is byte-wise and case-sensitive.
std::unique_ptr<Prefilter> NewAhoCorasickPrefilter(const std::vector<std::string>& anchors);
// The Aho-Corasick prefilter that Save() wrote for `num_anchors` anchors,
// used in place from the snapshot (which must outlive it). nullptr when its
// sections are missing or of the wrong sizes. Nothing is scanned on load:
// every index is checked where it is followed and every link walk is
// bounded by the deepest anchor, so a damaged or hostile snapshot can
// neither read out of bounds nor loop.
std::unique_ptr<Prefilter> LoadAhoCorasickPrefilter(const SnapshotReader& in, size_t num_anchors);
// One std::string_view::find per anchor: slow, for differential tests.
std::unique_ptr<Prefilter> NewScanPrefilter(const std::vector<std::string>& anchors);

}  // namespace errdex::match
