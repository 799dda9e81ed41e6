// Messages chosen by branches: a local assigned in each branch of an
// if/elseif/else chain, a switch or a case/when before its use
// (`if ($level === 4) { $label = 'Client error'; } elseif ...`), or whose
// value is itself such a choice (Ruby's `msg = case problem when :engine
// "..." when :version "..." end`). Each choice is a message of its own, so
// a site is built once per combination of branches; two locals assigned in
// the same chain go together (guzzle's `$label` and `$className`), because
// a combination picks one branch per chain, not per local.
//
// Used by the Ruby, PHP and C# extractors. The extractor describes where
// each assignment sits (its BranchPath, read from the ancestors the walk
// already has); ReachingValues says which assignments may give the local
// its value at the use; BranchChoices enumerates the combinations.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace errdex {

// One branching construct an assignment sits in, outermost first: the
// chain (the `if` that heads an if/elseif/else chain, a switch, a case) and
// which of its branches holds the assignment.
struct BranchStep {
  const void* chain = nullptr;
  int branch = 0;
  bool exhaustive = false;  // the chain has an else/default: some branch always runs
};
using BranchPath = std::vector<BranchStep>;

// One value a local may hold at its use: the assignments that build it (a
// plain one, then the appends after it on the same path, by index into the
// caller's list) and the branches that lead to it.
struct ReachingValue {
  std::vector<size_t> assigns;
  std::vector<std::pair<const void*, int>> picks;  // (chain, branch), outermost first
};

namespace branch_internal {

struct Item {
  size_t index;
  bool append;
  const BranchPath* path;
  size_t depth;  // steps of *path already accounted for
};

// Values after running `items` (source order) from the values `in`; false
// when there are more than `max` of them.
inline bool Flow(const std::vector<Item>& items, std::vector<ReachingValue> in, size_t max,
                 std::vector<ReachingValue>* out) {
  size_t i = 0;
  while (i < items.size()) {
    const Item& it = items[i];
    if (it.depth >= it.path->size()) {  // straight-line at this level
      if (!it.append) {
        in = {ReachingValue{{it.index}, {}}};
      } else {
        for (ReachingValue& v : in) v.assigns.push_back(it.index);
      }
      ++i;
      continue;
    }
    // Every item of the same chain at this level; chains are contiguous.
    const BranchStep& step = (*it.path)[it.depth];
    std::map<int, std::vector<Item>> by_branch;
    size_t j = i;
    for (; j < items.size(); ++j) {
      const Item& k = items[j];
      if (k.depth >= k.path->size() || (*k.path)[k.depth].chain != step.chain) break;
      Item inner = k;
      ++inner.depth;
      by_branch[(*k.path)[k.depth].branch].push_back(inner);
    }
    std::vector<ReachingValue> next;
    for (const auto& [branch, inner] : by_branch) {
      std::vector<ReachingValue> got;
      if (!Flow(inner, in, max, &got)) return false;
      for (ReachingValue& v : got) {
        v.picks.insert(v.picks.begin(), {step.chain, branch});
        next.push_back(std::move(v));
      }
    }
    // Without an else (or with branches that assign nothing) the value from
    // before the chain may survive it.
    if (!step.exhaustive) {
      for (ReachingValue v : in) {
        v.picks.insert(v.picks.begin(), {step.chain, -1});
        next.push_back(std::move(v));
      }
    }
    if (next.size() > max) return false;
    in = std::move(next);
    i = j;
  }
  *out = std::move(in);
  return true;
}

}  // namespace branch_internal

// The values a local may hold at a use whose own path is `use_path`.
// `paths[i]` and `appends[i]` describe the i-th assignment (source order,
// all before the use, same function). Assignments in another branch of a
// chain that holds the use never reach it. Values that start without a
// plain assignment are dropped; nullopt when there are more than `max`.
inline std::optional<std::vector<ReachingValue>> ReachingValues(
    const std::vector<const BranchPath*>& paths, const std::vector<bool>& appends,
    const BranchPath& use_path, size_t max = 8) {
  // Deeper nesting is hostile input, and Flow recurses once per level.
  constexpr size_t kMaxNesting = 32;
  if (use_path.size() > kMaxNesting) return std::nullopt;
  std::vector<branch_internal::Item> items;
  for (size_t i = 0; i < paths.size(); ++i) {
    const BranchPath& p = *paths[i];
    if (p.size() > kMaxNesting) return std::nullopt;
    size_t d = 0;
    while (d < p.size() && d < use_path.size() && p[d].chain == use_path[d].chain &&
           p[d].branch == use_path[d].branch) {
      ++d;
    }
    // Same chain, other branch: exclusive with the use.
    if (d < p.size() && d < use_path.size() && p[d].chain == use_path[d].chain) continue;
    items.push_back({i, appends[i], &p, d});
  }
  std::vector<ReachingValue> out;
  if (!branch_internal::Flow(items, {ReachingValue{}}, max, &out)) return std::nullopt;
  out.erase(std::remove_if(
                out.begin(), out.end(),
                [&](const ReachingValue& v) { return v.assigns.empty() || appends[v.assigns[0]]; }),
            out.end());
  return out;
}

// Enumerates the combinations of branches a build depends on. A build
// calls Pick for each choice it meets; the first choice not yet decided
// is explored branch by branch, the others take their default meanwhile.
class BranchChoices {
 public:
  // The branch taken for `chain`, one of `branches` (in source order). The
  // last one is the default: the value a single-message reading took.
  int Pick(const void* chain, const std::vector<int>& branches) {
    if (branches.empty()) return -1;
    auto it = selected_.find(chain);
    if (it != selected_.end()) return it->second;
    if (branches.size() > 1 && enumerating_ && !pending_) pending_ = {chain, branches};
    return branches.back();
  }

  // The value `build()` gives in each combination (at most `max`; with
  // more, the single default reading).
  template <typename Build>
  auto Enumerate(Build&& build, size_t max = 8) -> std::vector<decltype(build())> {
    std::vector<decltype(build())> out;
    enumerating_ = true;
    bool ok = Explore(build, max, &out, 0);
    enumerating_ = false;
    selected_.clear();
    pending_.reset();
    if (!ok) {
      out.clear();
      out.push_back(build());
    }
    return out;
  }

  // Whether some choice is taken: a build then describes one combination.
  bool choosing() const { return !selected_.empty(); }
  // Whether an Enumerate is under way (outside one, Pick gives defaults).
  bool enumerating() const { return enumerating_; }

 private:
  template <typename Build, typename Out>
  bool Explore(Build& build, size_t max, Out* out, int depth) {
    pending_.reset();
    auto value = build();
    if (!pending_) {
      out->push_back(std::move(value));
      return out->size() <= max;
    }
    if (depth >= 8) return false;
    auto [chain, branches] = *pending_;
    for (int b : branches) {
      selected_[chain] = b;
      if (!Explore(build, max, out, depth + 1)) return false;
    }
    selected_.erase(chain);
    return true;
  }

  std::map<const void*, int> selected_;
  std::optional<std::pair<const void*, std::vector<int>>> pending_;
  bool enumerating_ = false;
};

// The value of `values` a build takes: Picks, chain by chain, among the
// values that differ; the last value when they do not differ by chain.
inline const ReachingValue& ChooseValue(const std::vector<ReachingValue>& values,
                                        BranchChoices* choices) {
  std::vector<const ReachingValue*> live;
  for (const ReachingValue& v : values) live.push_back(&v);
  while (live.size() > 1) {
    const void* chain = nullptr;
    std::vector<int> branches;
    for (const auto& [c, b] : live[0]->picks) {
      branches.clear();
      for (const ReachingValue* v : live) {
        for (const auto& [c2, b2] : v->picks) {
          if (c2 == c && std::find(branches.begin(), branches.end(), b2) == branches.end()) {
            branches.push_back(b2);
          }
        }
      }
      if (branches.size() > 1) {
        chain = c;
        break;
      }
    }
    if (!chain) break;
    // Source order, so that the default (the last) is the value that comes
    // last in the file; the fall-through (-1) is the earliest.
    std::sort(branches.begin(), branches.end());
    int b = choices->Pick(chain, branches);
    std::vector<const ReachingValue*> kept;
    for (const ReachingValue* v : live) {
      bool ok = true;
      for (const auto& [c2, b2] : v->picks) ok = ok && (c2 != chain || b2 == b);
      if (ok) kept.push_back(v);
    }
    if (kept.empty() || kept.size() == live.size()) break;
    live = std::move(kept);
  }
  return *live.back();
}

}  // namespace errdex
