// FuzzyIndex: an inverted index from word to records, so a query only
// touches the records that share at least one word with it.
#include "match/fuzzy.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_set>

#include "match/snapshot_file.h"

namespace errdex::match {
namespace {

// Search's pruning stays exact while adjust(doc) adds at most this much.
constexpr double kMaxAdjust = 0.1;
// Records touched through the rarer query words before the rest only add.
constexpr size_t kMaxCandidates = 2048;

bool IsTokenChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// True if code point `cp` (outside ASCII) is a letter of a script that
// messages are written in: accented Latin, Greek, Cyrillic, Armenian,
// Hebrew, Arabic, the Indic scripts, Thai, kana and CJK, Hangul. zod's
// locale tables and other translated messages are words in these; arrows,
// box drawing, dingbats and CJK or full-width punctuation (a prompt's `❯`,
// a table's `│`) separate words like ASCII punctuation.
bool IsLetterCodePoint(uint32_t cp) {
  return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x370 && cp <= 0x58F) ||
         (cp >= 0x5D0 && cp <= 0x6FF) || (cp >= 0x900 && cp <= 0xE7F) ||
         (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x9FFF) ||
         (cp >= 0xAC00 && cp <= 0xD7AF);
}

// The code point of the UTF-8 sequence at text[i] and its length; a byte
// that starts no valid sequence is U+FFFD (no letter) of length 1.
uint32_t DecodeAt(std::string_view text, size_t i, size_t* len) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b = byte(i);
  size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
  *len = 1;
  if (b < 0x80) return b;
  if (n == 1 || i + n > text.size()) return 0xFFFD;
  uint32_t cp = b & (0x3F >> (n - 1));
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  *len = n;
  return cp;
}

bool IsNumber(std::string_view w) {
  return std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::vector<std::string> Tokenize(std::string_view text) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  std::string word;
  auto flush = [&] {
    size_t b = word.find_first_not_of('-');
    size_t e = word.find_last_not_of('-');
    if (b != std::string::npos) {
      std::string w = word.substr(b, e - b + 1);
      if (w.size() >= 2 && !IsNumber(w) && seen.insert(w).second) out.push_back(std::move(w));
    }
    word.clear();
  };
  for (size_t i = 0; i < text.size();) {
    char l = Lower(text[i]);
    size_t len = 1;
    bool letter = IsTokenChar(l);
    if (static_cast<unsigned char>(l) >= 0x80) letter = IsLetterCodePoint(DecodeAt(text, i, &len));
    if (letter) {
      word.append(text.substr(i, len));
      if (len == 1) word.back() = l;
    } else if (!word.empty()) {
      flush();
    }
    i += len;
  }
  if (!word.empty()) flush();
  return out;
}

void FuzzyIndex::Add(const std::vector<std::string>& tokens) {
  auto doc = static_cast<uint32_t>(docs_);
  for (const std::string& t : tokens) {
    auto [it, fresh] =
        building_ids_.try_emplace(t, static_cast<uint32_t>(building_postings_.size()));
    if (fresh) building_postings_.emplace_back();
    std::vector<uint32_t>& list = building_postings_[it->second];
    if (!list.empty() && list.back() == doc) continue;  // repeated token
    list.push_back(doc);
  }
  ++docs_;
}

// log(1 + N/df): never zero, so even a word every record has counts a little.
double FuzzyIndex::Idf(uint32_t df) const {
  double n = static_cast<double>(corpus_ != nullptr ? corpus_->docs() : docs_);
  return std::log(1.0 + n / std::max<double>(df, 1));
}

void FuzzyIndex::Finish() {
  // Words in byte order.
  std::vector<std::pair<std::string_view, uint32_t>> words;
  words.reserve(building_ids_.size());
  for (const auto& [word, id] : building_ids_) words.push_back({word, id});
  std::sort(words.begin(), words.end());
  std::string vocab_bytes;
  std::vector<uint64_t> vocab_begin = {0}, post_begin = {0};
  std::vector<uint32_t> post_docs;
  std::vector<double> idf;
  for (uint32_t t = 0; t < words.size(); ++t) {
    vocab_bytes.append(words[t].first);
    vocab_begin.push_back(vocab_bytes.size());
    const std::vector<uint32_t>& list = building_postings_[words[t].second];
    post_docs.insert(post_docs.end(), list.begin(), list.end());
    post_begin.push_back(post_docs.size());
    idf.push_back(Idf(static_cast<uint32_t>(list.size())));
  }
  decltype(building_postings_)().swap(building_postings_);
  decltype(building_ids_)().swap(building_ids_);
  vocab_bytes_ = Column<char>(std::vector<char>(vocab_bytes.begin(), vocab_bytes.end()));
  vocab_begin_ = Column<uint64_t>(std::move(vocab_begin));
  post_begin_ = Column<uint64_t>(std::move(post_begin));
  post_docs_ = Column<uint32_t>(std::move(post_docs));
  doc_weight_ = Column<double>(DocWeights(idf));
  idf_ = Column<double>(std::move(idf));
  bit_words_ = (docs_ + 63) / 64;
  std::vector<int32_t> bitset_of(words.size(), -1);
  std::vector<uint64_t> bits;
  int32_t sets = 0;
  for (uint32_t t = 0; t < words.size(); ++t) {
    std::span<const uint32_t> list = Postings(t);
    if (list.size() < std::max<size_t>(bit_words_ * 2, 64)) continue;
    bitset_of[t] = sets++;
    bits.resize(bits.size() + bit_words_, 0);
    uint64_t* set = bits.data() + bits.size() - bit_words_;
    for (uint32_t doc : list) set[doc / 64] |= uint64_t{1} << (doc % 64);
  }
  bitset_of_ = Column<int32_t>(std::move(bitset_of));
  bits_ = Column<uint64_t>(std::move(bits));
}

std::string_view FuzzyIndex::Word(size_t t) const {
  uint64_t b = vocab_begin_[t], e = vocab_begin_[t + 1];
  if (b > e || e > vocab_bytes_.size()) return {};  // damaged snapshot
  return {vocab_bytes_.data() + b, e - b};
}

std::span<const uint32_t> FuzzyIndex::Postings(uint32_t t) const {
  if (t >= words()) return {};
  uint64_t b = post_begin_[t], e = post_begin_[t + 1];
  if (b > e || e > post_docs_.size()) return {};  // damaged snapshot
  return {post_docs_.data() + b, post_docs_.data() + e};
}

std::vector<double> FuzzyIndex::DocWeights(const std::vector<double>& idf) const {
  std::vector<double> weight(docs_, 0);
  for (uint32_t t = 0; t < words() && t < idf.size(); ++t) {
    for (uint32_t doc : Postings(t)) {
      if (doc < docs_) weight[doc] += idf[t];
    }
  }
  return weight;
}

void CorpusWords::Add(const FuzzyIndex& index) {
  if (index.hidden_.empty()) {
    docs_ += index.docs_;
    for (size_t t = 0; t < index.words(); ++t) {
      df_[index.Word(t)] += static_cast<uint32_t>(index.Postings(static_cast<uint32_t>(t)).size());
    }
    return;
  }
  // Only the documents shown count: a word only hidden ones have is
  // unknown to the corpus, as it is to one index built without them.
  for (uint32_t doc = 0; doc < index.docs_; ++doc) docs_ += index.Hidden(doc) ? 0 : 1;
  for (size_t t = 0; t < index.words(); ++t) {
    uint32_t df = 0;
    for (uint32_t doc : index.Postings(static_cast<uint32_t>(t))) df += index.Hidden(doc) ? 0 : 1;
    if (df > 0) df_[index.Word(t)] += df;
  }
}

void FuzzyIndex::Reweigh(const CorpusWords* corpus) {
  corpus_ = corpus;
  std::vector<double> idf(words());
  for (size_t t = 0; t < words(); ++t) idf[t] = Idf(corpus->Df(Word(t)));
  doc_weight_ = Column<double>(DocWeights(idf));
  idf_ = Column<double>(std::move(idf));
}

double FuzzyIndex::WordWeight(std::string_view word) const {
  int64_t id = Lookup(word);
  if (id >= 0) return idf_[static_cast<size_t>(id)];
  // A word of another segment weighs what it does in the whole corpus.
  return Idf(corpus_ != nullptr ? corpus_->Df(word) : 1);
}

int64_t FuzzyIndex::Lookup(std::string_view word) const {
  size_t lo = 0, hi = words();
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (Word(mid) < word) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo >= words()) return -1;
  return Word(lo) == word ? static_cast<int64_t>(lo) : -1;
}

void FuzzyIndex::Save(SnapshotWriter* out) const {
  out->Add("fuzzy.docs", std::vector<uint64_t>{docs_});
  out->Add("fuzzy.vocab_bytes", vocab_bytes_);
  out->Add("fuzzy.vocab_begin", vocab_begin_);
  out->Add("fuzzy.post_begin", post_begin_);
  out->Add("fuzzy.post_docs", post_docs_);
  out->Add("fuzzy.idf", idf_);
  out->Add("fuzzy.doc_weight", doc_weight_);
  out->Add("fuzzy.bitset_of", bitset_of_);
  out->Add("fuzzy.bits", bits_);
}

// Sizes only (constant time): postings, offsets and bitset indexes are
// checked where Search and Lookup follow them.
bool FuzzyIndex::Load(const SnapshotReader& in, size_t docs) {
  *this = FuzzyIndex();
  Column<uint64_t> saved_docs;
  bool read = in.Get("fuzzy.docs", &saved_docs) && saved_docs.size() == 1 &&
              saved_docs[0] == docs && in.Get("fuzzy.vocab_bytes", &vocab_bytes_) &&
              in.Get("fuzzy.vocab_begin", &vocab_begin_) &&
              in.Get("fuzzy.post_begin", &post_begin_) && in.Get("fuzzy.post_docs", &post_docs_) &&
              in.Get("fuzzy.idf", &idf_) && in.Get("fuzzy.doc_weight", &doc_weight_) &&
              in.Get("fuzzy.bitset_of", &bitset_of_) && in.Get("fuzzy.bits", &bits_);
  if (!read || vocab_begin_.empty()) return false;
  docs_ = docs;
  bit_words_ = (docs + 63) / 64;
  size_t n = words();
  return post_begin_.size() == n + 1 && idf_.size() == n && doc_weight_.size() == docs &&
         bitset_of_.size() == n && bits_.size() == bitsets() * bit_words_;
}

// Pruned like MaxScore: a score of at least m needs the shared weight to be
// at least m/(2-m) of the query's weight (the harmonic mean of two shares
// <= 1). Query words are taken heaviest first; the light tail whose total
// weight is below that bound cannot make a hit on its own, so only the
// postings of the heavy words are walked to find candidates, and the tail's
// weight is added per candidate by binary search in its (sorted) postings.
// Common words have low weights and land in the tail, so a query costs in
// proportion to its rare words' postings. Exact for adjust(doc) <= kMaxAdjust
// and fewer than kMaxCandidates candidates (see below).
std::vector<FuzzyIndex::Hit> FuzzyIndex::Search(const std::vector<std::string>& query_tokens,
                                                double min_score,
                                                const std::function<bool(uint32_t)>& accept,
                                                const std::function<double(uint32_t)>& adjust,
                                                size_t max_hits) const {
  // A word no record has weighs like the rarest known word: it is evidence
  // that the query is about something else.
  double unknown = Idf(1);
  double query_weight = 0;
  std::vector<std::pair<double, uint32_t>> known;  // (weight, token id)
  for (const std::string& t : query_tokens) {
    int64_t id = Lookup(t);
    double w = id >= 0 ? idf_[static_cast<size_t>(id)] : corpus_ ? WordWeight(t) : unknown;
    query_weight += w;
    if (id >= 0) known.push_back({w, static_cast<uint32_t>(id)});
  }
  std::sort(known.begin(), known.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  double m = std::max(0.0, min_score - kMaxAdjust);
  double needed = query_weight * m / (2 - m);
  size_t heavy = known.size();
  for (double tail = 0; heavy > 0 && tail + known[heavy - 1].first < needed; --heavy) {
    tail += known[heavy - 1].first;
  }
  thread_local ZeroedArray<double> shared;  // doc -> weight shared, 0 if untouched
  thread_local std::vector<uint32_t> touched;
  shared.EnsureSize(docs_);
  touched.clear();
  // Rarest first; once kMaxCandidates records are touched, later (more
  // common) words only add to them: the cost stays bounded on long queries
  // made of mid-frequency words, at the price of exactness for records that
  // share none of the rarer words (they would rank below those that do).
  size_t k = 0;
  // The cap holds within one word's postings too (a short query can make a
  // word of 30k records "heavy"): past it, that word only adds to records
  // already touched.
  for (; k < heavy && touched.size() < kMaxCandidates; ++k) {
    for (uint32_t doc : Postings(known[k].second)) {
      if (doc >= docs_ || Hidden(doc)) continue;  // damaged snapshot, or left out
      if (shared[doc] == 0) {
        if (touched.size() >= kMaxCandidates) continue;
        touched.push_back(doc);
      }
      shared[doc] += known[k].first;
    }
  }
  double rest = 0;
  for (size_t j = k; j < known.size(); ++j) rest += known[j].first;
  auto score_of = [&](double weight, uint32_t doc) {
    double doc_share = std::min(1.0, weight / doc_weight_[doc]);
    double query_share = weight / query_weight;
    return 2 * doc_share * query_share / (doc_share + query_share);
  };
  // Only records that could still pass, even sharing every remaining word,
  // get the remaining words looked up: by walking the word's postings or by
  // binary search per record, whichever touches less. Records are also
  // dropped once they cannot reach the top `max_hits` (bar below).
  thread_local ZeroedArray<double> adj;  // doc -> adjust(doc), for alive docs
  adj.EnsureSize(docs_);
  std::vector<uint32_t> alive;
  for (uint32_t doc : touched) {
    if (doc_weight_[doc] > 0 && score_of(shared[doc] + rest, doc) + kMaxAdjust >= min_score &&
        accept(doc)) {
      alive.push_back(doc);
      adj[doc] = adjust ? adjust(doc) : 0.0;
    } else {
      shared[doc] = 0;
    }
  }
  // The score a record can still reach (with every remaining word) and the
  // score it has already secured, both clamped as the final score is.
  auto upper = [&](uint32_t doc) {
    return std::min(1.0, score_of(shared[doc] + rest, doc) + adj[doc]);
  };
  auto lower = [&](uint32_t doc) { return std::min(1.0, score_of(shared[doc], doc) + adj[doc]); };
  // The bar a record must still be able to reach: min_score, or the
  // max_hits-th best secured score when that is higher (top-k pruning, as in
  // WAND: a record whose best case is below it cannot be returned).
  std::vector<double> secured;
  auto bar = [&] {
    double b = min_score;
    if (max_hits == 0 || alive.size() <= max_hits) return b;
    secured.clear();
    for (uint32_t doc : alive) secured.push_back(lower(doc));
    auto kth = secured.begin() + static_cast<std::ptrdiff_t>(max_hits - 1);
    std::nth_element(secured.begin(), kth, secured.end(), std::greater<double>());
    return std::max(b, *kth);
  };
  auto prune = [&] {
    double b = bar();
    std::erase_if(alive, [&](uint32_t doc) {
      if (upper(doc) >= b) return false;
      shared[doc] = 0;
      return true;
    });
  };
  prune();
  for (size_t j = k; j < known.size() && !alive.empty(); ++j) {
    std::span<const uint32_t> list = Postings(known[j].second);
    double w = known[j].first;
    double log_alive = std::log2(static_cast<double>(alive.size()) + 2);
    if (int32_t b = bitset_of_[known[j].second];
        b >= 0 && static_cast<size_t>(b) < bitsets() && list.size() > alive.size()) {
      for (uint32_t doc : alive) {
        if (HasWord(static_cast<size_t>(b), doc)) shared[doc] += w;
      }
    } else if (static_cast<double>(list.size()) < static_cast<double>(alive.size()) * log_alive) {
      for (uint32_t doc : list) {
        if (doc < docs_ && shared[doc] > 0) shared[doc] += w;
      }
    } else {
      for (uint32_t doc : alive) {
        if (std::binary_search(list.begin(), list.end(), doc)) shared[doc] += w;
      }
    }
    // The bound tightens as words are used up: drop records that can no
    // longer pass, so later words touch fewer (or are binary-searched).
    rest -= w;
    prune();
  }
  std::vector<Hit> hits;
  for (uint32_t doc : alive) {
    double weight = shared[doc];
    shared[doc] = 0;
    double score = std::clamp(score_of(weight, doc) + adj[doc], 0.0, 1.0);
    if (score >= min_score) hits.push_back({doc, score, weight});
  }
  auto better = [](const Hit& a, const Hit& b) {
    return a.score != b.score ? a.score > b.score : a.doc < b.doc;
  };
  if (hits.size() > max_hits) {
    std::nth_element(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(max_hits), hits.end(),
                     better);
    hits.resize(max_hits);
  }
  std::sort(hits.begin(), hits.end(), better);
  return hits;
}

}  // namespace errdex::match
