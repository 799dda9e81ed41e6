// Varint byte streams: unsigned LEB128 integers, zigzag signed ones and
// length-prefixed strings, the encoding of the extraction cache
// (analyze/extraction_cache.cc) and of record chunks (store/record_chunk.cc).
// The reader checks every length against what is left, so damaged or
// hostile bytes fail a read instead of reading past the end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace errdex {

class VarintWriter {
 public:
  void U(uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>(v | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  void I(int64_t v) { U((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void S(std::string_view s) {
    U(s.size());
    out_.append(s);
  }
  const std::string& out() const { return out_; }
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

class VarintReader {
 public:
  explicit VarintReader(std::string_view in) : in_(in) {}
  bool U(uint64_t* v) {
    *v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ >= in_.size()) return false;
      auto b = static_cast<unsigned char>(in_[at_++]);
      *v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (b < 0x80) return true;
    }
    return false;
  }
  bool I(int64_t* v) {
    uint64_t u;
    if (!U(&u)) return false;
    *v = static_cast<int64_t>(u >> 1) ^ -static_cast<int64_t>(u & 1);
    return true;
  }
  // A view into the input (valid while the input is).
  bool S(std::string_view* s) {
    uint64_t n;
    if (!U(&n) || n > in_.size() - at_) return false;
    *s = in_.substr(at_, n);
    at_ += n;
    return true;
  }
  bool S(std::string* s) {
    std::string_view v;
    if (!S(&v)) return false;
    s->assign(v);
    return true;
  }
  // A count of elements, each at least one byte: bounded by what is left.
  template <typename T>
  bool Count(T* n) {
    uint64_t v;
    if (!U(&v) || v > in_.size() - at_) return false;
    *n = static_cast<T>(v);
    return true;
  }
  bool AtEnd() const { return at_ == in_.size(); }
  size_t Left() const { return in_.size() - at_; }

 private:
  std::string_view in_;
  size_t at_ = 0;
};

}  // namespace errdex
