// Prefilters: Aho-Corasick over all anchors (one pass over the message,
// whatever the number of patterns), and a plain scan used as a test oracle.
#include "match/prefilter.h"

#include <algorithm>
#include <deque>
#include <span>
#include <string_view>
#include <utility>

#include "match/snapshot_file.h"

namespace errdex::match {
namespace {

// A failure or dictionary chain is never longer than the deepest anchor
// (each link leads to a shallower node); a damaged snapshot's chains are
// cut at this many steps instead of looping.
constexpr int kMaxChain = 1024;

// The automaton is built as a linked trie (see the constructor), then flattened into
// arrays (edges of node n are edge_[edge_begin_[n] .. edge_begin_[n+1]),
// sorted by byte) so a lookup touches little memory. The arrays are the
// snapshot's sections, used in place when loaded.
class AhoCorasick : public Prefilter {
 public:
  explicit AhoCorasick(const std::vector<std::string>& anchors);
  AhoCorasick() = default;  // for Load
  void Candidates(std::string_view text, std::vector<uint32_t>* out) const override;
  bool Save(SnapshotWriter* out) const override;
  bool Load(const SnapshotReader& in, size_t num_anchors);

 private:
  struct Edge {
    uint8_t byte;
    uint8_t pad[3];  // explicit, so snapshots hold no uninitialised bytes
    int32_t target;
  };
  size_t nodes() const { return edge_begin_.size() - 1; }
  int32_t Child(int32_t node, uint8_t b) const;  // -1 if none
  // Goto with failure links, `fail` being the failure table (the one being
  // built, in LinkFailures).
  int32_t Next(int32_t state, uint8_t b, std::span<const int32_t> fail) const;
  int32_t Root(uint8_t b) const {
    int32_t t = root_next_.At(b, 0);
    return t >= 0 && static_cast<size_t>(t) < nodes() ? t : 0;
  }
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

  size_t num_anchors_ = 0;
  Column<uint32_t> edge_begin_;
  Column<Edge> edge_;
  Column<int32_t> root_next_;  // 256 entries
  Column<int32_t> fail_;
  Column<int32_t> dict_;        // nearest proper suffix node with outputs, or -1
  Column<int32_t> term_;        // node -> dense terminal index, or -1
  Column<uint32_t> out_begin_;  // terminal index -> its ids in out_ids_
  Column<uint32_t> out_ids_;
  Column<uint32_t> always_;  // patterns without an anchor
};

// The trie is built from the anchors in sorted order: each anchor then
// shares its longest common prefix with the one before it, so only the rest
// needs new nodes, every new node is its parent's largest child so far
// (children come out sorted by byte), and no per-node containers are needed.
// At 500k anchors the earlier trie of per-node edge vectors spent most of the
// Matcher's build time in malloc.
AhoCorasick::AhoCorasick(const std::vector<std::string>& anchors) : num_anchors_(anchors.size()) {
  std::vector<uint32_t> order, always, out_begin, out_ids;
  for (uint32_t i = 0; i < anchors.size(); ++i) {
    if (anchors[i].empty()) {
      always.push_back(i);
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
      trie.term[node] = static_cast<int32_t>(out_begin.size());
      out_begin.push_back(static_cast<uint32_t>(out_ids.size()));
    }
    out_ids.push_back(id);
    prev = a;
  }
  out_begin.push_back(static_cast<uint32_t>(out_ids.size()));
  always_ = Column<uint32_t>(std::move(always));
  out_begin_ = Column<uint32_t>(std::move(out_begin));
  out_ids_ = Column<uint32_t>(std::move(out_ids));
  term_ = Column<int32_t>(std::move(trie.term));
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
  std::vector<uint32_t> edge_begin;
  std::vector<Edge> edge;
  edge_begin.reserve(nodes + 1);
  edge.reserve(nodes - 1);
  for (size_t n = 0; n < nodes; ++n) {
    edge_begin.push_back(static_cast<uint32_t>(edge.size()));
    for (int32_t c = trie->first_child[n]; c >= 0; c = trie->next_sibling[c]) {
      edge.push_back({trie->byte[c], {}, c});
    }
  }
  edge_begin.push_back(static_cast<uint32_t>(edge.size()));
  *trie = Trie();
  std::vector<int32_t> root_next(256, 0);
  for (uint32_t k = edge_begin[0]; k < edge_begin[1]; ++k) root_next[edge[k].byte] = edge[k].target;
  edge_begin_ = Column<uint32_t>(std::move(edge_begin));
  edge_ = Column<Edge>(std::move(edge));
  root_next_ = Column<int32_t>(std::move(root_next));
}

// Breadth-first, so a node's failure target (always shallower) is final
// before the node is visited.
void AhoCorasick::LinkFailures() {
  std::vector<int32_t> fail(nodes(), 0), dict(nodes(), -1);
  std::deque<int32_t> queue;
  for (uint32_t k = edge_begin_[0]; k < edge_begin_[1]; ++k) queue.push_back(edge_[k].target);
  while (!queue.empty()) {
    int32_t u = queue.front();
    queue.pop_front();
    int32_t f = fail[u];
    dict[u] = term_[f] >= 0 ? f : dict[f];
    for (uint32_t k = edge_begin_[u]; k < edge_begin_[u + 1]; ++k) {
      int32_t v = edge_[k].target;
      fail[v] = Next(f, edge_[k].byte, fail);
      queue.push_back(v);
    }
  }
  fail_ = Column<int32_t>(std::move(fail));
  dict_ = Column<int32_t>(std::move(dict));
}

int32_t AhoCorasick::Child(int32_t node, uint8_t b) const {
  if (node < 0 || static_cast<size_t>(node) >= nodes()) return -1;
  uint32_t lo = edge_begin_[node], hi = edge_begin_[node + 1];
  if (lo > hi || hi > edge_.size()) return -1;
  const Edge* first = edge_.data() + lo;
  const Edge* last = edge_.data() + hi;
  const Edge* it =
      std::lower_bound(first, last, b, [](const Edge& e, uint8_t x) { return e.byte < x; });
  if (it == last || it->byte != b) return -1;
  return it->target > 0 && static_cast<size_t>(it->target) < nodes() ? it->target : -1;
}

int32_t AhoCorasick::Next(int32_t state, uint8_t b, std::span<const int32_t> fail) const {
  for (int steps = 0; state != 0 && steps < kMaxChain; ++steps) {
    int32_t c = Child(state, b);
    if (c >= 0) return c;
    state = static_cast<size_t>(state) < fail.size() ? fail[state] : 0;
  }
  return Root(b);
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
  thread_local ZeroedArray<uint32_t> seen;
  thread_local uint32_t stamp = 0;
  size_t terminals = out_begin_.empty() ? 0 : out_begin_.size() - 1;
  seen.EnsureSize(terminals);
  if (++stamp == 0) {  // wrapped: forget every old stamp
    std::fill(seen.data(), seen.data() + seen.size(), 0);
    stamp = 1;
  }
  auto is_node = [&](int32_t t) { return t >= 0 && static_cast<size_t>(t) < nodes(); };
  int32_t state = 0;
  for (char ch : text) {
    state = Next(state, static_cast<uint8_t>(ch), fail_.span());
    int32_t t = term_.At(state, -1) >= 0 ? state : dict_.At(state, -1);
    for (int steps = 0; is_node(t) && steps < kMaxChain; ++steps, t = dict_.At(t, -1)) {
      int32_t k = term_.At(t, -1);
      if (k < 0 || static_cast<size_t>(k) >= terminals || seen[k] == stamp) break;
      seen[k] = stamp;
      uint32_t lo = out_begin_[k], hi = out_begin_[k + 1];
      if (lo > hi || hi > out_ids_.size()) continue;
      for (uint32_t i = lo; i < hi; ++i) {
        if (out_ids_[i] < num_anchors_) out->push_back(out_ids_[i]);
      }
    }
  }
  for (uint32_t id : always_) {
    if (id < num_anchors_) out->push_back(id);
  }
  std::sort(out->begin(), out->end());
  // Distinct already unless the snapshot is damaged.
  out->erase(std::unique(out->begin(), out->end()), out->end());
}

bool AhoCorasick::Save(SnapshotWriter* out) const {
  out->Add("ac.edge_begin", edge_begin_);
  out->Add("ac.edge", edge_);
  out->Add("ac.root_next", root_next_);
  out->Add("ac.fail", fail_);
  out->Add("ac.dict", dict_);
  out->Add("ac.term", term_);
  out->Add("ac.out_begin", out_begin_);
  out->Add("ac.out_ids", out_ids_);
  out->Add("ac.always", always_);
  return true;
}

// Only sizes are checked here (constant time); values are checked where
// they are followed (Child, Next, Candidates).
bool AhoCorasick::Load(const SnapshotReader& in, size_t num_anchors) {
  num_anchors_ = num_anchors;
  bool read = in.Get("ac.edge_begin", &edge_begin_) && in.Get("ac.edge", &edge_) &&
              in.Get("ac.root_next", &root_next_) && in.Get("ac.fail", &fail_) &&
              in.Get("ac.dict", &dict_) && in.Get("ac.term", &term_) &&
              in.Get("ac.out_begin", &out_begin_) && in.Get("ac.out_ids", &out_ids_) &&
              in.Get("ac.always", &always_);
  return read && edge_begin_.size() >= 2 && root_next_.size() == 256 && fail_.size() == nodes() &&
         dict_.size() == nodes() && term_.size() == nodes() && !out_begin_.empty();
}

class ScanPrefilter : public Prefilter {
 public:
  explicit ScanPrefilter(std::vector<std::string> anchors) : anchors_(std::move(anchors)) {}
  bool Save(SnapshotWriter*) const override { return false; }  // a test oracle only
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

std::unique_ptr<Prefilter> LoadAhoCorasickPrefilter(const SnapshotReader& in, size_t num_anchors) {
  auto ac = std::make_unique<AhoCorasick>();
  if (!ac->Load(in, num_anchors)) return nullptr;
  return ac;
}

std::unique_ptr<Prefilter> NewScanPrefilter(const std::vector<std::string>& anchors) {
  return std::make_unique<ScanPrefilter>(anchors);
}

}  // namespace errdex::match
