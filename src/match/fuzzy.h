// Fuzzy index: ranks records by the words they share with a message, when no
// pattern matches (the message was reworded, truncated, or comes from another
// version of the code). Words are weighted by inverse document frequency
// over all records, so "the" counts for little and "ue8m0" for a lot.
//
// Thread-safety: Search() is const and may be called from many threads.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "match/snapshot_io.h"

namespace errdex::match {

class SnapshotReader;
class SnapshotWriter;
class FuzzyIndex;

// Document frequencies over several fuzzy indexes: the segments of one
// matcher (one per repository), weighed as if they were one index, so that a
// word's weight is the same whichever segment has it and a matcher composed
// of segments ranks exactly as one built from all their records. Holds views
// of the indexes' words: they must outlive it.
class CorpusWords {
 public:
  void Add(const FuzzyIndex& index);
  size_t docs() const { return docs_; }
  // Documents that have `word`, over all the indexes added; 0 if none.
  uint32_t Df(std::string_view word) const {
    auto it = df_.find(word);
    return it == df_.end() ? 0 : it->second;
  }

 private:
  size_t docs_ = 0;
  std::unordered_map<std::string_view, uint32_t> df_;
};

// The distinct words of `text`: runs of [a-z0-9_-] (ASCII lowercased) and of
// letters of other scripts (translated messages), outer '-' trimmed; words
// shorter than 2 bytes and plain numbers are dropped (numbers are almost
// always hole values).
std::vector<std::string> Tokenize(std::string_view text);

class FuzzyIndex {
 public:
  struct Hit {
    uint32_t doc;
    double score;   // 0..1
    double shared;  // the weight of the words query and document share
  };

  // REQUIRES: docs are added with ids 0, 1, 2, ... before the first Search.
  void Add(const std::vector<std::string>& tokens);
  // Recomputes weights; call once after the last Add.
  void Finish();

  // Snapshot of a finished index. Load replaces this index with the one
  // saved for `docs` documents, used in place (the snapshot must outlive
  // it); false when its sections are missing or of the wrong sizes (the
  // index is then unusable: discard it). Values are checked where they are
  // read, so a damaged snapshot never reads out of bounds.
  void Save(SnapshotWriter* out) const;
  bool Load(const SnapshotReader& in, size_t docs);

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

  // The weight (inverse document frequency) of one word; a word no document
  // has weighs like the rarest known word.
  double WordWeight(std::string_view word) const;
  // The sum of the weights of a document's words: how much a document says
  // that few others say (a template of holes and common words says little).
  double DocWeight(uint32_t doc) const { return doc_weight_.At(doc, 0); }
  // The weight of a word only one document has.
  double RareWeight() const { return Idf(1); }

  // Weighs this index's words by `corpus`'s document frequencies (which
  // must include this index's) instead of its own: its weights and
  // documents' weights become those of one index of all the corpus's
  // documents. `corpus` must outlive this index. Touches every posting.
  void Reweigh(const CorpusWords* corpus);
  // Leaves out the documents whose bit is set in `hidden` (one bit per
  // document, docs / 64 rounded up words; empty: none): Search never
  // returns or counts them and CorpusWords::Add does not count their words,
  // so the index answers as one built without them. Call before Add and
  // Reweigh; `hidden` must outlive this index.
  void Hide(std::span<const uint64_t> hidden) { hidden_ = hidden; }

 private:
  friend class CorpusWords;
  double Idf(uint32_t df) const;
  // Sums each document's word weights, word by word in vocabulary order
  // (the order Reweigh sums them in too, so sums agree to the last bit).
  std::vector<double> DocWeights(const std::vector<double>& idf) const;

  // Word id of `word`, or -1.
  int64_t Lookup(std::string_view word) const;
  size_t words() const { return vocab_begin_.empty() ? 0 : vocab_begin_.size() - 1; }
  std::string_view Word(size_t t) const;
  std::span<const uint32_t> Postings(uint32_t t) const;
  // REQUIRES: bitset < bitsets(), doc < docs_.
  bool HasWord(size_t bitset, uint32_t doc) const {
    return (bits_[bitset * bit_words_ + doc / 64] >> (doc % 64)) & 1;
  }
  size_t bitsets() const { return bit_words_ == 0 ? 0 : bits_.size() / bit_words_; }
  bool Hidden(uint32_t doc) const {
    return doc / 64 < hidden_.size() && ((hidden_[doc / 64] >> (doc % 64)) & 1);
  }

  // While documents are added: word -> id and per-word postings. Finish()
  // turns them into the flat arrays below and frees them.
  std::unordered_map<std::string, uint32_t> building_ids_;
  std::vector<std::vector<uint32_t>> building_postings_;

  // The finished index, in flat arrays (few allocations, saved and loaded as
  // they are). Word t is vocab_bytes_[vocab_begin_[t] .. vocab_begin_[t + 1]),
  // words in byte order, so ids are found by binary search; its postings are
  // post_docs_[post_begin_[t] .. post_begin_[t + 1]), ascending.
  size_t docs_ = 0;
  const CorpusWords* corpus_ = nullptr;  // see Reweigh
  std::span<const uint64_t> hidden_;     // see Hide
  Column<char> vocab_bytes_;
  Column<uint64_t> vocab_begin_ = Column<uint64_t>(std::vector<uint64_t>{0});
  Column<uint64_t> post_begin_ = Column<uint64_t>(std::vector<uint64_t>{0});
  Column<uint32_t> post_docs_;
  Column<double> idf_;         // word id -> weight
  Column<double> doc_weight_;  // sum of the idf of the doc's words
  // Word id -> bitset index, or -1. Words in at least 1/32 of the records
  // also get a bitset over all records (no bigger than their postings), so
  // "does this candidate have the word?" is one bit, not a binary search
  // through tens of thousands of postings. Bitset b is
  // bits_[b * bit_words_ .. (b + 1) * bit_words_).
  Column<int32_t> bitset_of_;
  size_t bit_words_ = 0;
  Column<uint64_t> bits_;
};

}  // namespace errdex::match
