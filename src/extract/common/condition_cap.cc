// CapConditions: see condition_cap.h.
#include "extract/common/condition_cap.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace errdex {

void CapConditions(ErrorSite* site) {
  std::vector<PathCondition>& all = site->conditions;
  if (all.size() <= kMaxSiteConditions) return;
  // Rank by (guards before exits, nearest line first), keep the best,
  // then restore path order so "innermost is last" still holds.
  std::vector<size_t> order(all.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto distance = [&](size_t i) { return std::abs(site->line - all[i].line); };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (all[a].polarity != all[b].polarity) return all[a].polarity;
    return distance(a) < distance(b);
  });
  order.resize(kMaxSiteConditions);
  std::sort(order.begin(), order.end());
  std::vector<PathCondition> kept;
  kept.reserve(order.size());
  for (size_t i : order) kept.push_back(std::move(all[i]));
  all = std::move(kept);
}

}  // namespace errdex
