// ByteCache: what `serve` read from the store or rendered (a repository's
// records, a record, a /data/ file), kept while it fits in a budget of
// bytes and dropped least recently used first. What is larger than the
// whole budget is never kept. Entries are shared_ptrs: one dropped while a
// request still uses it lives until that request is answered.
//
// Thread-safety: every method may be called from many threads.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace errdex::serve {

class ByteCache {
 public:
  explicit ByteCache(size_t budget) : budget_(budget) {}

  // The entry under `key`, null when there is none.
  template <typename T>
  std::shared_ptr<const T> Get(const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = map_.find(key);
    if (it == map_.end()) return nullptr;
    lru_.splice(lru_.begin(), lru_, it->second);
    return std::static_pointer_cast<const T>(it->second->value);
  }

  // Keeps `value` (about `bytes` in memory) under `key`, dropping the least
  // recently used entries until the budget holds it.
  void Put(const std::string& key, std::shared_ptr<const void> value, size_t bytes) {
    bytes += key.size() + kOverhead;
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = map_.find(key); it != map_.end()) Drop(it->second);
    if (bytes > budget_) return;
    while (used_ + bytes > budget_ && !lru_.empty()) Drop(std::prev(lru_.end()));
    lru_.push_front(Entry{key, std::move(value), bytes});
    map_.emplace(key, lru_.begin());
    used_ += bytes;
  }

  size_t used() const {
    std::lock_guard<std::mutex> lock(mu_);
    return used_;
  }

 private:
  // An entry's bookkeeping: its list node, map node and control block.
  static constexpr size_t kOverhead = 128;
  struct Entry {
    std::string key;
    std::shared_ptr<const void> value;
    size_t bytes;
  };
  void Drop(std::list<Entry>::iterator it) {
    used_ -= it->bytes;
    map_.erase(it->key);
    lru_.erase(it);
  }

  const size_t budget_;
  mutable std::mutex mu_;
  std::list<Entry> lru_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> map_;
  size_t used_ = 0;
};

}  // namespace errdex::serve
