// Byte-level reading and writing for matcher snapshots: plain-old-data
// vectors and strings, each prefixed by its element count. The reader checks
// every length against what is left, so a truncated or hostile file yields
// an error, never a read past the end; what the values mean is checked by
// each structure's loader.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace errdex::match {

class ByteWriter {
 public:
  template <typename T>
  void Pod(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  template <typename T>
  void Vector(const std::vector<T>& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    Pod<uint64_t>(v.size());
    out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  void String(std::string_view s) {
    Pod<uint64_t>(s.size());
    out_.append(s);
  }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  // Each returns false (and reads nothing more) when the input is too short.
  template <typename T>
  bool Pod(T* v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (failed_ || in_.size() < sizeof(T)) return Fail();
    std::memcpy(v, in_.data(), sizeof(T));
    in_.remove_prefix(sizeof(T));
    return true;
  }
  template <typename T>
  bool Vector(std::vector<T>* v) {
    static_assert(std::is_trivially_copyable_v<T>);
    uint64_t n = 0;
    if (!Pod(&n) || n > in_.size() / sizeof(T)) return Fail();
    v->resize(n);
    if (n > 0) std::memcpy(v->data(), in_.data(), n * sizeof(T));
    in_.remove_prefix(n * sizeof(T));
    return true;
  }
  bool String(std::string* s) {
    uint64_t n = 0;
    if (!Pod(&n) || n > in_.size()) return Fail();
    s->assign(in_.data(), n);
    in_.remove_prefix(n);
    return true;
  }
  bool failed() const { return failed_; }
  bool at_end() const { return in_.empty(); }

 private:
  bool Fail() {
    failed_ = true;
    return false;
  }
  std::string_view in_;
  bool failed_ = false;
};

// True if every value in `v` is below `bound` (or -1 where `allow_minus_one`).
template <typename T>
bool AllBelow(const std::vector<T>& v, uint64_t bound, bool allow_minus_one = false) {
  for (T x : v) {
    if constexpr (std::is_signed_v<T>) {
      if (x < 0) {
        if (allow_minus_one && x == -1) continue;
        return false;
      }
    }
    if (static_cast<uint64_t>(x) >= bound) return false;
  }
  return true;
}

// True if `v` does not decrease, starts at 0 and ends at `last` (offset tables).
template <typename T>
bool IsOffsetTable(const std::vector<T>& v, uint64_t last) {
  if (v.empty() || v.front() != 0 || v.back() != last) return false;
  for (size_t i = 1; i < v.size(); ++i) {
    if (v[i] < v[i - 1]) return false;
  }
  return true;
}

}  // namespace errdex::match
