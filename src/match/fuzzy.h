// Fuzzy index: ranks records by the words they share with a message, when no
// pattern matches (the message was reworded, truncated, or comes from another
// version of the code). Words are weighted by inverse document frequency
// over all records, so "the" counts for little and "ue8m0" for a lot.
//
// Thread-safety: Search() is const and may be called from many threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace errdex::match {

// The distinct words of `text`: ASCII lowercased runs of [a-z0-9_-], outer
// '-' trimmed; words shorter than 2 bytes and plain numbers are dropped
// (numbers are almost always hole values).
std::vector<std::string> Tokenize(std::string_view text);

class FuzzyIndex {
 public:
  struct Hit {
    uint32_t doc;
    double score;  // 0..1
  };

  // REQUIRES: docs are added with ids 0, 1, 2, ... before the first Search.
  void Add(const std::vector<std::string>& tokens);
  // Recomputes weights; call once after the last Add.
  void Finish();

  // The best `max_hits` documents whose score is at least `min_score`, best
  // first (ties by doc id). The score is
  // the harmonic mean of the share of the document's weight found in the
  // query and the share of the query's weight found in the document;
  // `adjust(doc)` (at most +0.1) is added to it before the threshold (class
  // evidence); an empty `adjust` adds nothing.
  // Documents for which accept(doc) is false are skipped.
  std::vector<Hit> Search(const std::vector<std::string>& query_tokens, double min_score,
                          const std::function<bool(uint32_t)>& accept,
                          const std::function<double(uint32_t)>& adjust,
                          size_t max_hits = SIZE_MAX) const;

 private:
  double Idf(uint32_t df) const;

  std::unordered_map<std::string, uint32_t> token_id_;
  std::vector<std::vector<uint32_t>> postings_;  // token id -> docs
  std::vector<double> idf_;                      // token id -> weight
  std::vector<std::vector<uint32_t>> doc_tokens_;  // until Finish()
  size_t docs_ = 0;
  std::vector<double> doc_weight_;  // sum of the idf of the doc's tokens
  // Token id -> index into bitsets_, or -1. Words in at least 1/64 of the
  // records also get a bitset over all records (no bigger than their
  // postings), so "does this candidate have the word?" is one bit, not a
  // binary search through tens of thousands of postings.
  std::vector<int32_t> bitset_of_;
  std::vector<std::vector<uint64_t>> bitsets_;
};

}  // namespace errdex::match
