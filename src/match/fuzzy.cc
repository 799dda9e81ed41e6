// FuzzyIndex: an inverted index from word to records, so a query only
// touches the records that share at least one word with it.
#include "match/fuzzy.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace errdex::match {
namespace {

bool IsTokenChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

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
  for (char c : text) {
    char l = Lower(c);
    if (IsTokenChar(l)) {
      word.push_back(l);
    } else if (!word.empty()) {
      flush();
    }
  }
  if (!word.empty()) flush();
  return out;
}

void FuzzyIndex::Add(const std::vector<std::string>& tokens) {
  auto doc = static_cast<uint32_t>(docs_);
  std::vector<uint32_t> ids;
  ids.reserve(tokens.size());
  for (const std::string& t : tokens) {
    auto [it, fresh] = token_id_.try_emplace(t, static_cast<uint32_t>(postings_.size()));
    if (fresh) postings_.emplace_back();
    std::vector<uint32_t>& list = postings_[it->second];
    if (!list.empty() && list.back() == doc) continue;  // repeated token
    list.push_back(doc);
    ids.push_back(it->second);
  }
  doc_tokens_.push_back(std::move(ids));
  ++docs_;
}

// log(1 + N/df): never zero, so even a word every record has counts a little.
double FuzzyIndex::Idf(uint32_t df) const {
  double n = static_cast<double>(docs_);
  return std::log(1.0 + n / std::max<double>(df, 1));
}

void FuzzyIndex::Finish() {
  idf_.resize(postings_.size());
  for (size_t t = 0; t < postings_.size(); ++t) {
    idf_[t] = Idf(static_cast<uint32_t>(postings_[t].size()));
  }
  doc_weight_.assign(doc_tokens_.size(), 0);
  for (size_t d = 0; d < doc_tokens_.size(); ++d) {
    for (uint32_t t : doc_tokens_[d]) doc_weight_[d] += idf_[t];
  }
  std::vector<std::vector<uint32_t>>().swap(doc_tokens_);
}

std::vector<FuzzyIndex::Hit> FuzzyIndex::Search(
    const std::vector<std::string>& query_tokens, double min_score,
    const std::function<bool(uint32_t)>& accept,
    const std::function<double(uint32_t)>& adjust) const {
  // A word no record has weighs like the rarest known word: it is evidence
  // that the query is about something else.
  double unknown = Idf(1);
  double query_weight = 0;
  std::unordered_map<uint32_t, double> shared;
  for (const std::string& t : query_tokens) {
    auto it = token_id_.find(t);
    if (it == token_id_.end()) {
      query_weight += unknown;
      continue;
    }
    double w = idf_[it->second];
    query_weight += w;
    for (uint32_t doc : postings_[it->second]) shared[doc] += w;
  }
  std::vector<Hit> hits;
  for (const auto& [doc, weight] : shared) {
    if (doc_weight_[doc] <= 0 || !accept(doc)) continue;
    double doc_share = weight / doc_weight_[doc];
    double query_share = weight / query_weight;
    double score = 2 * doc_share * query_share / (doc_share + query_share) + adjust(doc);
    score = std::clamp(score, 0.0, 1.0);
    if (score >= min_score) hits.push_back({doc, score});
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    return a.score != b.score ? a.score > b.score : a.doc < b.doc;
  });
  return hits;
}

}  // namespace errdex::match
