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

class ByteReader;
class ByteWriter;

class Prefilter {
 public:
  virtual ~Prefilter() = default;
  // Appends the prefilter's state for a matcher snapshot; false when this
  // kind of prefilter cannot be saved.
  virtual bool Save(ByteWriter* out) const = 0;
  // Sets *out to the indexes (into the anchors given at construction) of the
  // candidates for `text`, ascending and without duplicates.
  virtual void Candidates(std::string_view text, std::vector<uint32_t>* out) const = 0;
};

// anchors[i] is pattern i's anchor; "" means pattern i is always a candidate.
// Matching is byte-wise and case-sensitive.
std::unique_ptr<Prefilter> NewAhoCorasickPrefilter(const std::vector<std::string>& anchors);
// Reads an Aho-Corasick prefilter that Save() wrote for `num_anchors`
// anchors. nullptr when the bytes are not one: every index is checked, and
// failure and dictionary links must lead to shallower nodes, so a corrupt or
// hostile snapshot can neither read out of bounds nor loop.
std::unique_ptr<Prefilter> LoadAhoCorasickPrefilter(ByteReader* in, size_t num_anchors);
// One std::string_view::find per anchor: slow, for differential tests.
std::unique_ptr<Prefilter> NewScanPrefilter(const std::vector<std::string>& anchors);

}  // namespace errdex::match
