// Flat tables a matcher snapshot holds and a loaded matcher reads in place:
// a list of strings (StringTable), and a map from sorted string keys to
// lists of record ids (KeyedLists). Both are a few arrays; every offset is
// checked where it is read, so a damaged snapshot yields empty strings and
// lists, never a read outside the file.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "match/snapshot_file.h"
#include "match/snapshot_io.h"

namespace errdex::match {

class StringTable {
 public:
  StringTable() = default;
  explicit StringTable(const std::vector<std::string>& strings) {
    std::vector<char> bytes;
    std::vector<uint64_t> begin = {0};
    for (const std::string& s : strings) {
      bytes.insert(bytes.end(), s.begin(), s.end());
      begin.push_back(bytes.size());
    }
    bytes_ = Column<char>(std::move(bytes));
    begin_ = Column<uint64_t>(std::move(begin));
  }
  size_t size() const { return begin_.empty() ? 0 : begin_.size() - 1; }
  // String i, or "" when i is out of range or its offsets are damaged.
  std::string_view Get(size_t i) const {
    if (i >= size()) return {};
    uint64_t b = begin_[i], e = begin_[i + 1];
    if (b > e || e > bytes_.size()) return {};
    return {bytes_.data() + b, e - b};
  }
  void Save(SnapshotWriter* out, const std::string& name) const {
    out->Add(name + ".bytes", bytes_);
    out->Add(name + ".begin", begin_);
  }
  bool Load(const SnapshotReader& in, const std::string& name) {
    return in.Get(name + ".bytes", &bytes_) && in.Get(name + ".begin", &begin_) && !begin_.empty();
  }

 private:
  Column<char> bytes_;
  Column<uint64_t> begin_;
};

class KeyedLists {
 public:
  KeyedLists() = default;
  // Keys in byte order; each list keeps the order it was built in.
  explicit KeyedLists(const std::unordered_map<std::string, std::vector<uint32_t>>& map) {
    std::vector<const std::pair<const std::string, std::vector<uint32_t>>*> entries;
    for (const auto& e : map) entries.push_back(&e);
    std::sort(entries.begin(), entries.end(), [](auto* a, auto* b) { return a->first < b->first; });
    std::vector<std::string> keys;
    std::vector<uint64_t> begin = {0};
    std::vector<uint32_t> ids;
    for (const auto* e : entries) {
      keys.push_back(e->first);
      ids.insert(ids.end(), e->second.begin(), e->second.end());
      begin.push_back(ids.size());
    }
    keys_ = StringTable(keys);
    begin_ = Column<uint64_t>(std::move(begin));
    ids_ = Column<uint32_t>(std::move(ids));
  }
  // The list of `key` (empty when absent), by binary search over the keys.
  std::span<const uint32_t> Find(std::string_view key) const {
    size_t lo = 0, hi = keys_.size();
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (keys_.Get(mid) < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo >= keys_.size() || keys_.Get(lo) != key || lo + 1 >= begin_.size()) return {};
    uint64_t b = begin_[lo], e = begin_[lo + 1];
    if (b > e || e > ids_.size()) return {};
    return {ids_.data() + b, ids_.data() + e};
  }
  void Save(SnapshotWriter* out, const std::string& name) const {
    keys_.Save(out, name + ".keys");
    out->Add(name + ".begin", begin_);
    out->Add(name + ".ids", ids_);
  }
  bool Load(const SnapshotReader& in, const std::string& name) {
    return keys_.Load(in, name + ".keys") && in.Get(name + ".begin", &begin_) &&
           in.Get(name + ".ids", &ids_) && begin_.size() == keys_.size() + 1;
  }

 private:
  StringTable keys_;
  Column<uint64_t> begin_;
  Column<uint32_t> ids_;
};

}  // namespace errdex::match
