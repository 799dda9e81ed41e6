// Record diffs between two commits. See include/errdex/diff.h.
#include "errdex/diff.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>

namespace errdex {
namespace {

// The user-visible facts that may change while the error stays the same.
std::vector<std::string> ChangedFields(const Record& a, const Record& b) {
  std::vector<std::string> out;
  // A hole written differently (`{f()}` -> `{\\f()}`) prints the same text:
  // only a message whose pattern changed is a reworded message.
  if (a.error_message != b.error_message && a.message_pattern != b.message_pattern) {
    out.push_back("errorMessage");
  }
  if (a.file_path != b.file_path) out.push_back("filePath");
  if (a.error_class != b.error_class) out.push_back("errorClass");
  if (a.error_code != b.error_code) out.push_back("errorCode");
  if (a.http_status != b.http_status) out.push_back("httpStatus");
  if (a.severity != b.severity) out.push_back("severity");
  if (a.kind != b.kind) out.push_back("kind");
  // A pattern that changed on its own (a hole's type) changes what matches.
  if (a.message_pattern != b.message_pattern && a.error_message == b.error_message) {
    out.push_back("messagePattern");
  }
  return out;
}

// Two messages that share most of their text: the common prefix and suffix
// cover at least 70% of the longer one.
bool Similar(const std::string& a, const std::string& b) {
  size_t n = std::min(a.size(), b.size()), p = 0, q = 0;
  while (p < n && a[p] == b[p]) ++p;
  while (q < n - p && a[a.size() - 1 - q] == b[b.size() - 1 - q]) ++q;
  size_t longer = std::max(a.size(), b.size());
  return longer > 0 && (p + q) * 10 >= longer * 7;
}

bool ByPlace(const Record* a, const Record* b) {
  return std::tie(a->file_path, a->line_number, a->id) <
         std::tie(b->file_path, b->line_number, b->id);
}

// Pairs each of `added` with an unpaired one of `removed` for which `same`
// holds, the nearest line first; unpaired records stay in their lists. With
// `unique_only`, only pairs in which neither side has another candidate.
template <typename Same>
void Pair(std::vector<const Record*>* added, std::vector<const Record*>* removed, Same same,
          bool unique_only, std::vector<RecordChange>* changed) {
  std::vector<const Record*> still_added;
  std::vector<bool> used(removed->size(), false);
  std::vector<int> suitors(removed->size(), 0);  // how many added records match each
  if (unique_only) {
    for (const Record* a : *added) {
      for (size_t i = 0; i < removed->size(); ++i) suitors[i] += same(*(*removed)[i], *a);
    }
  }
  for (const Record* a : *added) {
    int best = -1, count = 0;
    for (size_t i = 0; i < removed->size(); ++i) {
      const Record* r = (*removed)[i];
      if (used[i] || !same(*r, *a)) continue;
      count += unique_only ? suitors[i] : 1;
      if (best < 0 || std::abs(r->line_number - a->line_number) <
                          std::abs((*removed)[best]->line_number - a->line_number)) {
        best = static_cast<int>(i);
      }
    }
    if (best < 0 || (unique_only && count != 1)) {
      still_added.push_back(a);
      continue;
    }
    used[best] = true;
    changed->push_back({(*removed)[best], a, ChangedFields(*(*removed)[best], *a)});
  }
  std::vector<const Record*> still_removed;
  for (size_t i = 0; i < removed->size(); ++i) {
    if (!used[i]) still_removed.push_back((*removed)[i]);
  }
  *added = std::move(still_added);
  *removed = std::move(still_removed);
}

}  // namespace

RecordDiff DiffRecords(const std::vector<Record>& before, const std::vector<Record>& after) {
  RecordDiff d;
  std::map<std::string, const Record*> old_by_id;
  for (const Record& r : before) old_by_id[r.id] = &r;
  std::map<std::string, bool> seen;
  for (const Record& a : after) {
    auto it = old_by_id.find(a.id);
    if (it == old_by_id.end()) {
      d.added.push_back(&a);
      continue;
    }
    seen[a.id] = true;
    std::vector<std::string> fields = ChangedFields(*it->second, a);
    if (!fields.empty()) {
      d.changed.push_back({it->second, &a, std::move(fields)});
    } else {
      ++d.unchanged;
      if (it->second->line_number != a.line_number) ++d.moved;
    }
  }
  for (const Record& r : before) {
    if (!seen.count(r.id)) d.removed.push_back(&r);
  }
  std::sort(d.added.begin(), d.added.end(), ByPlace);
  std::sort(d.removed.begin(), d.removed.end(), ByPlace);
  // Reworded in place: same file, function, class and kind.
  Pair(
      &d.added, &d.removed,
      [](const Record& r, const Record& a) {
        return r.file_path == a.file_path && r.function == a.function &&
               r.error_class == a.error_class && r.kind == a.kind;
      },
      /*unique_only=*/false, &d.changed);
  // Moved to another file with its message, then with a lightly edited
  // message: only when unambiguous.
  Pair(
      &d.added, &d.removed,
      [](const Record& r, const Record& a) {
        return r.message_pattern == a.message_pattern && r.error_class == a.error_class &&
               r.kind == a.kind;
      },
      /*unique_only=*/true, &d.changed);
  // (Compares message texts pairwise: bounded for diffs between distant
  // releases.)
  if (d.added.size() * d.removed.size() <= 4'000'000) {
    Pair(
        &d.added, &d.removed,
        [](const Record& r, const Record& a) {
          return r.error_class == a.error_class && r.kind == a.kind &&
                 Similar(r.error_message, a.error_message);
        },
        /*unique_only=*/true, &d.changed);
  }
  std::sort(d.changed.begin(), d.changed.end(),
            [](const RecordChange& x, const RecordChange& y) { return ByPlace(x.after, y.after); });
  return d;
}

}  // namespace errdex
