// Byte-level reading and writing for matcher snapshots: plain-old-data
// vectors and strings, each prefixed by its element count. The reader checks
// every length against what is left, so a truncated or hostile file yields
// an error, never a read past the end; what the values mean is checked by
// each structure's loader.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
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
    std::string_view v;
    if (!View(&v)) return false;
    s->assign(v.data(), v.size());
    return true;
  }
  // A String() without the copy: `*s` points into the input.
  bool View(std::string_view* s) {
    uint64_t n = 0;
    if (!Pod(&n) || n > in_.size()) return Fail();
    *s = in_.substr(0, n);
    in_.remove_prefix(n);
    return true;
  }
  bool failed() const { return failed_; }
  bool at_end() const { return in_.empty(); }
  size_t remaining() const { return in_.size(); }

 private:
  bool Fail() {
    failed_ = true;
    return false;
  }
  std::string_view in_;
  bool failed_ = false;
};

// An array a matcher reads: either its own (built) or a view into a mapped
// snapshot (loaded), used in place. Moving keeps the view valid (a moved
// vector keeps its buffer); copying would not, so it is not allowed.
template <typename T>
class Column {
 public:
  Column() = default;
  explicit Column(std::vector<T> v) : owned_(std::move(v)), view_(owned_) {}
  Column(Column&&) noexcept = default;
  Column& operator=(Column&&) noexcept = default;
  Column(const Column&) = delete;
  Column& operator=(const Column&) = delete;
  // Uses `view` in place: its memory must outlive this column.
  void Borrow(std::span<const T> view) {
    owned_ = {};
    view_ = view;
  }
  size_t size() const { return view_.size(); }
  bool empty() const { return view_.empty(); }
  const T& operator[](size_t i) const { return view_[i]; }
  const T* data() const { return view_.data(); }
  const T* begin() const { return view_.data(); }
  const T* end() const { return view_.data() + view_.size(); }
  std::span<const T> span() const { return view_; }
  // view_[i], or `fallback` when i is out of range (a damaged snapshot).
  T At(size_t i, T fallback) const { return i < view_.size() ? view_[i] : fallback; }

 private:
  std::vector<T> owned_;
  std::span<const T> view_;
};

// A growable array of trivially copyable T that starts zeroed, for
// per-thread scratch indexed by record or terminal. calloc of a large block
// maps fresh zero pages, so only the pages a query writes become resident:
// a 1M-record corpus does not cost 8 MB of zeroing and memory per process.
// Growing drops the contents: callers keep it all-zero between uses (or
// treat zero as "never written").
template <typename T>
class ZeroedArray {
 public:
  ZeroedArray() = default;
  ~ZeroedArray() { std::free(data_); }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  void EnsureSize(size_t n) {
    if (n <= size_) return;
    std::free(data_);
    data_ = static_cast<T*>(std::calloc(n, sizeof(T)));
    if (data_ == nullptr) throw std::bad_alloc();
    size_ = n;
  }
  size_t size() const { return size_; }
  T& operator[](size_t i) { return data_[i]; }
  T* data() { return data_; }

 private:
  static_assert(std::is_trivially_copyable_v<T>);
  T* data_ = nullptr;
  size_t size_ = 0;
};

// FastChecksum (below) of `s` followed by zeros up to `size` bytes (at
// least s.size()), without making that padded copy: a snapshot section's
// checksum covers its padding.
inline uint64_t FastChecksumPadded(std::string_view s, size_t size) {
  constexpr uint64_t kP1 = 0x9E3779B185EBCA87ULL, kP2 = 0xC2B2AE3D27D4EB4FULL;
  auto round = [](uint64_t acc, uint64_t word) {
    acc += word * kP2;
    acc = (acc << 31) | (acc >> 33);
    return acc * kP1;
  };
  // Word at `at`, with the zeros past the end of `s`.
  auto word_at = [&](size_t at) {
    uint64_t w = 0;
    if (at + 8 <= s.size()) {
      std::memcpy(&w, s.data() + at, 8);
    } else if (at < s.size()) {
      std::memcpy(&w, s.data() + at, s.size() - at);
    }
    return w;
  };
  uint64_t lane[4] = {kP1 + kP2, kP2, 0, 0 - kP1};
  size_t i = 0;
  for (; i + 32 <= size; i += 32) {
    for (int k = 0; k < 4; ++k) lane[k] = round(lane[k], word_at(i + 8 * k));
  }
  uint64_t h = size * kP1;
  for (uint64_t l : lane) h = round(h ^ l, l) + kP2;
  for (; i < size; ++i) h = round(h, i < s.size() ? static_cast<unsigned char>(s[i]) : 0);
  h ^= h >> 29;
  h *= kP2;
  return h ^ (h >> 32);
}

// A 64-bit checksum of `s` at memory speed (four independent lanes of
// xxHash64's round over 8-byte words). It detects damage (a truncated or
// bit-flipped snapshot), not tampering: opening a snapshot must cost far
// less than the SHA-256 of hundreds of megabytes.
inline uint64_t FastChecksum(std::string_view s) { return FastChecksumPadded(s, s.size()); }

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
