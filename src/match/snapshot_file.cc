// SnapshotWriter and SnapshotReader: the format-7 container (see the header).
//
// Layout (little-endian, as the machine writes it; a snapshot is a cache
// next to the database, never moved between machines):
//   header   64 bytes: magic[16], u32 format, u32 sections, u64 file size,
//            u64 stamp size, u64 header checksum, 16 bytes zero
//   table    64 bytes per section: name[32] (NUL-padded), u32 element
//            size, u32 zero, u64 offset, u64 size, u64 checksum
//   stamp    then zero padding to 8 bytes
//   sections each at an offset that is a multiple of 8
// The header checksum covers the header (with that field zero), the table,
// the stamp and its padding; each section's checksum covers it and its
// padding.
#include "match/snapshot_file.h"

#include <cstring>

#include "util/file_io.h"

namespace errdex::match {
namespace {

constexpr char kMagic[16] = "errdex-matcher\n";
// Format 4 and earlier began with the length of this text, then the text.
constexpr std::string_view kOldMagic = "errdex matcher snapshot";
constexpr size_t kHeaderBytes = 64;
constexpr size_t kEntryBytes = 64;
constexpr size_t kNameBytes = 32;
constexpr size_t kChecksumAt = 40;

size_t Align8(size_t n) { return (n + 7) & ~size_t{7}; }

template <typename T>
void Put(std::string* out, size_t at, T v) {
  std::memcpy(out->data() + at, &v, sizeof v);
}

template <typename T>
T Take(std::string_view in, size_t at) {
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  return v;
}

uint64_t HeaderChecksum(std::string_view head) {
  std::string copy(head);
  Put<uint64_t>(&copy, kChecksumAt, 0);
  return FastChecksum(copy);
}

}  // namespace

// Each section is followed by zeros up to the next multiple of 8, and its
// checksum covers them: every byte of the file is under some checksum.
void SnapshotWriter::AddBytes(std::string_view name, uint32_t elem_size, std::string_view bytes) {
  uint64_t at = body_size_, padded = Align8(bytes.size());
  uint64_t checksum = 0;
  if (mode_ == Mode::kKeep) {
    body_.append(bytes);
    body_.resize(at + padded, '\0');
    checksum = FastChecksum(std::string_view(body_).substr(at));
  } else if (mode_ == Mode::kWrite) {
    checksum = FastChecksumPadded(bytes, padded);
    static constexpr char kZeros[8] = {};
    if (status_.ok()) status_ = WriteAt(fd_, bytes, body_at_ + at);
    if (status_.ok()) {
      status_ = WriteAt(fd_, std::string_view(kZeros, padded - bytes.size()),
                        body_at_ + at + bytes.size());
    }
  }
  body_size_ += padded;
  entries_.push_back(
      {std::string(name.substr(0, kNameBytes - 1)), elem_size, at, bytes.size(), checksum});
}

std::string SnapshotWriter::Finish(std::string_view stamp) const {
  std::string out = Header(stamp);
  out.append(body_);
  return out;
}

uint64_t SnapshotWriter::BodyOffset(std::string_view stamp) const {
  return Align8(kHeaderBytes + kEntryBytes * entries_.size() + stamp.size());
}

std::string SnapshotWriter::Header(std::string_view stamp) const {
  size_t body_at = BodyOffset(stamp);
  std::string out(body_at, '\0');
  std::memcpy(out.data(), kMagic, sizeof kMagic);
  Put<uint32_t>(&out, 16, kSnapshotFormat);
  Put<uint32_t>(&out, 20, static_cast<uint32_t>(entries_.size()));
  Put<uint64_t>(&out, 24, body_at + body_size_);
  Put<uint64_t>(&out, 32, stamp.size());
  for (size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    size_t at = kHeaderBytes + kEntryBytes * i;
    std::memcpy(out.data() + at, e.name.data(), e.name.size());
    Put<uint32_t>(&out, at + kNameBytes, e.elem_size);
    Put<uint64_t>(&out, at + kNameBytes + 8, body_at + e.offset);
    Put<uint64_t>(&out, at + kNameBytes + 16, e.size);
    Put<uint64_t>(&out, at + kNameBytes + 24, e.checksum);
  }
  size_t stamp_at = kHeaderBytes + kEntryBytes * entries_.size();
  std::memcpy(out.data() + stamp_at, stamp.data(), stamp.size());
  Put<uint64_t>(&out, kChecksumAt, HeaderChecksum(out));
  return out;
}

Status SnapshotReader::Open(std::string_view file, size_t verify_limit) {
  sections_.clear();
  if (file.size() >= 8 + kOldMagic.size() && file.substr(8, kOldMagic.size()) == kOldMagic) {
    return Status::Corruption("matcher snapshot from another errdex version");
  }
  if (file.size() < sizeof kMagic || std::memcmp(file.data(), kMagic, sizeof kMagic) != 0) {
    return Status::Corruption("not a matcher snapshot");
  }
  if (file.size() < kHeaderBytes) return Status::Corruption("truncated matcher snapshot");
  if (Take<uint32_t>(file, 16) != kSnapshotFormat) {
    return Status::Corruption("matcher snapshot from another errdex version");
  }
  uint64_t count = Take<uint32_t>(file, 20);
  uint64_t stamp_size = Take<uint64_t>(file, 32);
  uint64_t head = kHeaderBytes + kEntryBytes * count;
  if (stamp_size > file.size() || head + stamp_size > file.size()) {
    // The table or stamp runs past the end: cut short, or a damaged count.
    return Status::Corruption("truncated matcher snapshot");
  }
  uint64_t body_at = Align8(head + stamp_size);
  if (body_at > file.size()) return Status::Corruption("truncated matcher snapshot");
  if (HeaderChecksum(file.substr(0, body_at)) != Take<uint64_t>(file, kChecksumAt)) {
    return Status::Corruption("matcher snapshot damaged (header checksum)");
  }
  uint64_t size = Take<uint64_t>(file, 24);
  if (size > file.size()) return Status::Corruption("truncated matcher snapshot");
  if (size < file.size()) return Status::Corruption("matcher snapshot damaged (size)");
  stamp_ = file.substr(head, stamp_size);
  for (uint64_t i = 0; i < count; ++i) {
    size_t at = kHeaderBytes + kEntryBytes * i;
    Section s;
    std::string_view name = file.substr(at, kNameBytes);
    s.name = name.substr(0, std::min(name.find('\0'), name.size()));
    s.elem_size = Take<uint32_t>(file, at + kNameBytes);
    uint64_t offset = Take<uint64_t>(file, at + kNameBytes + 8);
    uint64_t bytes = Take<uint64_t>(file, at + kNameBytes + 16);
    s.checksum = Take<uint64_t>(file, at + kNameBytes + 24);
    if (offset % 8 != 0 || offset < body_at || offset > file.size() || bytes > file.size() ||
        Align8(bytes) > file.size() - offset || s.elem_size == 0 || bytes % s.elem_size != 0) {
      return Status::Corruption("matcher snapshot inconsistent");
    }
    s.bytes = file.substr(offset, bytes);
    s.padded = file.substr(offset, Align8(bytes));
    if (bytes <= verify_limit && FastChecksum(s.padded) != s.checksum) {
      return Status::Corruption("matcher snapshot damaged (checksum)");
    }
    sections_.push_back(s);
  }
  return Status::OK();
}

Status SnapshotReader::VerifyAll() const {
  for (const Section& s : sections_) {
    if (FastChecksum(s.padded) != s.checksum) {
      return Status::Corruption("matcher snapshot damaged (checksum)");
    }
  }
  return Status::OK();
}

bool SnapshotReader::Find(std::string_view name, uint32_t elem_size,
                          std::string_view* bytes) const {
  for (const Section& s : sections_) {
    if (s.name != name) continue;
    if (s.elem_size != elem_size) return false;
    *bytes = s.bytes;
    return true;
  }
  return false;
}

std::string ResealForTesting(std::string file) {
  if (file.size() < kHeaderBytes) return file;
  uint64_t count = Take<uint32_t>(file, 20);
  uint64_t stamp_size = Take<uint64_t>(file, 32);
  uint64_t head = kHeaderBytes + kEntryBytes * count;
  if (stamp_size > file.size() || head + stamp_size > file.size()) return file;
  for (uint64_t i = 0; i < count; ++i) {
    size_t at = kHeaderBytes + kEntryBytes * i;
    uint64_t offset = Take<uint64_t>(file, at + kNameBytes + 8);
    uint64_t bytes = Take<uint64_t>(file, at + kNameBytes + 16);
    if (offset > file.size() || bytes > file.size() || Align8(bytes) > file.size() - offset) {
      continue;
    }
    Put<uint64_t>(&file, at + kNameBytes + 24,
                  FastChecksum(std::string_view(file).substr(offset, Align8(bytes))));
  }
  if (Align8(head + stamp_size) > file.size()) return file;
  Put<uint64_t>(&file, kChecksumAt,
                HeaderChecksum(std::string_view(file).substr(0, Align8(head + stamp_size))));
  return file;
}

}  // namespace errdex::match
