// Prefilters: Aho-Corasick over all anchors (one pass over the message,
// whatever the number of patterns), and a plain scan used as a test oracle.
#include "match/prefilter.h"

#include <algorithm>
#include <array>
#include <deque>
#include <string_view>
#include <utility>

#include "match/snapshot_io.h"

namespace errdex::match {
namespace {

// The automaton is built as a linked trie (see the constructor), then flattened into
// arrays (edges of node n are edge_[edge_begin_[n] .. edge_begin_[n+1]),
// sorted by byte) so a lookup touches little memory.
class AhoCorasick : public Prefilter {
 public:
  explicit AhoCorasick(const std::vector<std::string>& anchors);
  AhoCorasick() = default;  // for Load
  void Candidates(std::string_view text, std::vector<uint32_t>* out) const override;
  bool Save(ByteWriter* out) const override;
  bool Load(ByteReader* in, size_t num_anchors);

 private:
  struct Edge {
    uint8_t byte;
    uint8_t pad[3];  // explicit, so snapshots hold no uninitialised bytes
    int32_t target;
  };
  int32_t Child(int32_t node, uint8_t b) const;  // -1 if none
  int32_t Next(int32_t state, uint8_t b) const;  // goto with failure links
  // The trie while it is built: first-child/next-sibling links, so adding a
  // node allocates nothing per node.
  struct Trie {
    std::vector<uint8_t> byte = {0};
    std::vector<int32_t> first_child = {-1}, last_child = {-1}, next_sibling = {-1};
    std::vector<int32_t> term = {-1};  // node -> dense terminal index, or -1
    int32_t AddChild(int32_t parent, char b);
  };
  void Flatten(Trie* trie);
  void LinkFailures();
  bool Valid(size_t num_anchors) const;

  std::vector<uint32_t> edge_begin_;
  std::vector<Edge> edge_;
  std::array<int32_t, 256> root_next_{};
  std::vector<int32_t> fail_;
  std::vector<int32_t> dict_;        // nearest proper suffix node with outputs, or -1
  std::vector<int32_t> term_;        // node -> dense terminal index, or -1
  std::vector<uint32_t> out_begin_;  // terminal index -> its ids in out_ids_
  std::vector<uint32_t> out_ids_;
  std::vector<uint32_t> always_;  // patterns without an anchor
};

// The trie is built from the anchors in sorted order: each anchor then
// shares its longest common prefix with the one before it, so only the rest
// needs new nodes, every new node is its parent's largest child so far
// (children come out sorted by byte), and no per-node containers are needed.
// At 500k anchors the earlier trie of per-node edge vectors spent most of the
// Matcher's build time in malloc.
AhoCorasick::AhoCorasick(const std::vector<std::string>& anchors) {
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < anchors.size(); ++i) {
    if (anchors[i].empty()) {
      always_.push_back(i);
    } else {
      order.push_back(i);
    }
  }
  // std::string compares bytes as unsigned char, the order edges need.
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return anchors[a] < anchors[b]; });
  Trie trie;
  std::vector<int32_t> path = {0};  // path[d]: the previous anchor's node at depth d
  std::string_view prev;
  for (uint32_t id : order) {
    std::string_view a = anchors[id];
    size_t lcp = 0;
    while (lcp < prev.size() && lcp < a.size() && prev[lcp] == a[lcp]) ++lcp;
    path.resize(lcp + 1);
    for (size_t d = lcp; d < a.size(); ++d) path.push_back(trie.AddChild(path.back(), a[d]));
    int32_t node = path.back();
    if (trie.term[node] < 0) {  // equal anchors are adjacent: a new one starts here
      trie.term[node] = static_cast<int32_t>(out_begin_.size());
      out_begin_.push_back(static_cast<uint32_t>(out_ids_.size()));
    }
    out_ids_.push_back(id);
    prev = a;
  }
  out_begin_.push_back(static_cast<uint32_t>(out_ids_.size()));
  term_ = std::move(trie.term);
  Flatten(&trie);
  LinkFailures();
}

int32_t AhoCorasick::Trie::AddChild(int32_t parent, char b) {
  auto fresh = static_cast<int32_t>(byte.size());
  byte.push_back(static_cast<uint8_t>(b));
  first_child.push_back(-1);
  last_child.push_back(-1);
  next_sibling.push_back(-1);
  term.push_back(-1);
  if (last_child[parent] < 0) {
    first_child[parent] = fresh;
  } else {
    next_sibling[last_child[parent]] = fresh;
  }
  last_child[parent] = fresh;
  return fresh;
}

void AhoCorasick::Flatten(Trie* trie) {
  size_t nodes = trie->byte.size();
  edge_begin_.reserve(nodes + 1);
  edge_.reserve(nodes - 1);
  for (size_t n = 0; n < nodes; ++n) {
    edge_begin_.push_back(static_cast<uint32_t>(edge_.size()));
    for (int32_t c = trie->first_child[n]; c >= 0; c = trie->next_sibling[c]) {
      edge_.push_back({trie->byte[c], {}, c});
    }
  }
  edge_begin_.push_back(static_cast<uint32_t>(edge_.size()));
  *trie = Trie();
  root_next_.fill(0);
  for (uint32_t k = edge_begin_[0]; k < edge_begin_[1]; ++k) {
    root_next_[edge_[k].byte] = edge_[k].target;
  }
}

// Breadth-first, so a node's failure target (always shallower) is final
// before the node is visited.
void AhoCorasick::LinkFailures() {
  size_t nodes = edge_begin_.size() - 1;
  fail_.assign(nodes, 0);
  dict_.assign(nodes, -1);
  std::deque<int32_t> queue;
  for (uint32_t k = edge_begin_[0]; k < edge_begin_[1]; ++k) queue.push_back(edge_[k].target);
  while (!queue.empty()) {
    int32_t u = queue.front();
    queue.pop_front();
    int32_t f = fail_[u];
    dict_[u] = term_[f] >= 0 ? f : dict_[f];
    for (uint32_t k = edge_begin_[u]; k < edge_begin_[u + 1]; ++k) {
      int32_t v = edge_[k].target;
      fail_[v] = Next(f, edge_[k].byte);
      queue.push_back(v);
    }
  }
}

int32_t AhoCorasick::Child(int32_t node, uint8_t b) const {
  auto first = edge_.begin() + edge_begin_[node];
  auto last = edge_.begin() + edge_begin_[node + 1];
  auto it = std::lower_bound(first, last, b, [](const Edge& e, uint8_t x) { return e.byte < x; });
  return it != last && it->byte == b ? it->target : -1;
}

int32_t AhoCorasick::Next(int32_t state, uint8_t b) const {
  while (state != 0) {
    int32_t c = Child(state, b);
    if (c >= 0) return c;
    state = fail_[state];
  }
  return root_next_[b];
}

// Each terminal is reported once: when one is first reached, its whole
// dictionary chain is reported with it, so a chain walk can stop at the
// first terminal already seen.
//
// "Seen" is a per-thread array of query stamps rather than a fresh vector:
// clearing one byte per terminal on every query cost tens of microseconds at
// 500k patterns. Stamps only grow, so entries left by another prefilter (or
// an earlier query) are always older than the current stamp.
void AhoCorasick::Candidates(std::string_view text, std::vector<uint32_t>* out) const {
  out->clear();
  thread_local std::vector<uint32_t> seen;
  thread_local uint32_t stamp = 0;
  size_t terminals = out_begin_.size() - 1;
  if (seen.size() < terminals) seen.resize(terminals, 0);
  if (++stamp == 0) {  // wrapped: forget every old stamp
    std::fill(seen.begin(), seen.end(), 0);
    stamp = 1;
  }
  int32_t state = 0;
  for (char ch : text) {
    state = Next(state, static_cast<uint8_t>(ch));
    for (int32_t t = term_[state] >= 0 ? state : dict_[state]; t >= 0; t = dict_[t]) {
      int32_t k = term_[t];
      if (seen[k] == stamp) break;
      seen[k] = stamp;
      out->insert(out->end(), out_ids_.begin() + out_begin_[k],
                  out_ids_.begin() + out_begin_[k + 1]);
    }
  }
  out->insert(out->end(), always_.begin(), always_.end());
  std::sort(out->begin(), out->end());
}

bool AhoCorasick::Save(ByteWriter* out) const {
  out->Vector(edge_begin_);
  out->Vector(edge_);
  out->Pod(root_next_);
  out->Vector(fail_);
  out->Vector(dict_);
  out->Vector(term_);
  out->Vector(out_begin_);
  out->Vector(out_ids_);
  out->Vector(always_);
  return true;
}

bool AhoCorasick::Load(ByteReader* in, size_t num_anchors) {
  bool read = in->Vector(&edge_begin_) && in->Vector(&edge_) && in->Pod(&root_next_) &&
              in->Vector(&fail_) && in->Vector(&dict_) && in->Vector(&term_) &&
              in->Vector(&out_begin_) && in->Vector(&out_ids_) && in->Vector(&always_);
  return read && Valid(num_anchors);
}

// The structure is a tree whose node ids grow from parent to child (as the
// constructor numbers them), with failure and dictionary links to strictly
// shallower nodes: then Next() and the dictionary walk in Candidates() end.
bool AhoCorasick::Valid(size_t num_anchors) const {
  if (edge_begin_.size() < 2 || !IsOffsetTable(edge_begin_, edge_.size())) return false;
  size_t nodes = edge_begin_.size() - 1;
  if (edge_.size() != nodes - 1) return false;  // a tree: one edge into each non-root node
  std::vector<uint32_t> depth(nodes, 0);
  std::vector<bool> has_parent(nodes, false);
  for (size_t n = 0; n < nodes; ++n) {
    for (uint32_t k = edge_begin_[n]; k < edge_begin_[n + 1]; ++k) {
      int32_t t = edge_[k].target;
      if (t <= static_cast<int32_t>(n) || static_cast<size_t>(t) >= nodes || has_parent[t])
        return false;
      if (k > edge_begin_[n] && edge_[k - 1].byte >= edge_[k].byte) return false;
      has_parent[t] = true;
      depth[t] = depth[n] + 1;
    }
  }
  for (size_t b = 0; b < 256; ++b) {
    if (root_next_[b] < 0 || static_cast<size_t>(root_next_[b]) >= nodes) return false;
  }
  if (fail_.size() != nodes || dict_.size() != nodes || term_.size() != nodes) return false;
  if (out_begin_.empty() || !IsOffsetTable(out_begin_, out_ids_.size())) return false;
  size_t terminals = out_begin_.size() - 1;
  if (!AllBelow(fail_, nodes) || !AllBelow(dict_, nodes, true) ||
      !AllBelow(term_, terminals, true) || !AllBelow(out_ids_, num_anchors) ||
      !AllBelow(always_, num_anchors)) {
    return false;
  }
  for (size_t n = 1; n < nodes; ++n) {
    if (depth[fail_[n]] >= depth[n]) return false;
    if (dict_[n] >= 0 && depth[dict_[n]] >= depth[n]) return false;
  }
  return fail_[0] == 0 && dict_[0] == -1;
}

class ScanPrefilter : public Prefilter {
 public:
  explicit ScanPrefilter(std::vector<std::string> anchors) : anchors_(std::move(anchors)) {}
  bool Save(ByteWriter*) const override { return false; }  // a test oracle only
  void Candidates(std::string_view text, std::vector<uint32_t>* out) const override {
    out->clear();
    for (uint32_t i = 0; i < anchors_.size(); ++i) {
      if (anchors_[i].empty() || text.find(anchors_[i]) != std::string_view::npos) {
        out->push_back(i);
      }
    }
  }

 private:
  std::vector<std::string> anchors_;
};

}  // namespace

std::unique_ptr<Prefilter> NewAhoCorasickPrefilter(const std::vector<std::string>& anchors) {
  return std::make_unique<AhoCorasick>(anchors);
}

std::unique_ptr<Prefilter> LoadAhoCorasickPrefilter(ByteReader* in, size_t num_anchors) {
  auto ac = std::make_unique<AhoCorasick>();
  if (!ac->Load(in, num_anchors)) return nullptr;
  return ac;
}

std::unique_ptr<Prefilter> NewScanPrefilter(const std::vector<std::string>& anchors) {
  return std::make_unique<ScanPrefilter>(anchors);
}

}  // namespace errdex::match
