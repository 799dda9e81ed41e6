// The container of a matcher snapshot (format 7): a fixed header, a table
// of named sections, the dataset stamp, then the sections, each aligned to
// 8 bytes so that a mapped file's arrays are used in place (no parse, no
// copy on open).
//
// Opening checks what is cheap: the magic and format, the header's own
// checksum (which covers the section table and the stamp), that every
// section lies inside the file with the alignment and element size its
// reader expects, and the checksums of sections up to a small size. The
// large sections' checksums are verified when the file is written and by
// VerifyAll() (`errdex check`): readers bounds-check every offset they
// follow, so damage there gives wrong answers at worst, never a read
// outside the file or a loop.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/status.h"
#include "match/snapshot_io.h"

namespace errdex::match {

// Bump whenever a saved structure changes meaning, so old snapshots are
// rebuilt rather than misread.
// Format 6: patterns are saved with loose quotes (match/loose_quotes.h);
// 7: records carry messageFrom; 8-9: a final period after literal text is optional
// (RelaxPatternEnds); 10: one-line messages also match without their last clause
// (ClauseHeadPattern); 11: runs of spaces match one or more (match/loose_spaces.h); 12: a bracket
// closing a final hole may be the end of the paste (CutClosingBracket); 13: a multi-line message's
// first line also matches without its last clause; 14: and its later lines match on their own
// (LaterLinePatterns); 15: a line's first sentence matches on its own (FirstSentencePattern); 16:
// documents' weights are summed in vocabulary order (FuzzyIndex::Reweigh sums them so too); 17: a
// sentence also ends at a period followed by two spaces (FirstSentencePattern); 18: records
// carry their severity (an information-level record ranks below an error of the same words).
constexpr uint32_t kSnapshotFormat = 18;
// Sections up to this size are verified on open (a few milliseconds at most
// in all); larger ones by VerifyAll().
constexpr size_t kVerifyOnOpenBytes = size_t{256} << 10;

class SnapshotWriter {
 public:
  template <typename T>
  void Add(std::string_view name, std::span<const T> v) {
    static_assert(std::is_trivially_copyable_v<T>);
    AddBytes(name, sizeof(T),
             std::string_view(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T)));
  }
  template <typename T>
  void Add(std::string_view name, const Column<T>& c) {
    Add(name, c.span());
  }
  template <typename T>
  void Add(std::string_view name, const std::vector<T>& v) {
    Add(name, std::span<const T>(v));
  }
  void AddBytes(std::string_view name, uint32_t elem_size, std::string_view bytes);
  // The whole file, saved at dataset stamp `stamp`.
  std::string Finish(std::string_view stamp) const;

  // Writing a large file without holding it: a first writer told
  // CountOnly() is given the sections to learn BodyOffset(); a second, told
  // WriteTo(fd, that offset), writes each section into the file as it is
  // added (keeping only the table), then Header(stamp) goes at offset 0.
  // The file is the one Finish(stamp) returns.
  void CountOnly() { mode_ = Mode::kCount; }
  void WriteTo(int fd, uint64_t body_at) {
    mode_ = Mode::kWrite;
    fd_ = fd;
    body_at_ = body_at;
  }
  uint64_t BodyOffset(std::string_view stamp) const;
  std::string Header(std::string_view stamp) const;
  // The first error writing to the file (WriteTo).
  const Status& status() const { return status_; }

 private:
  struct Entry {
    std::string name;
    uint32_t elem_size;
    uint64_t offset;  // in body_
    uint64_t size;
    uint64_t checksum;
  };
  enum class Mode { kKeep, kCount, kWrite };
  std::vector<Entry> entries_;
  std::string body_;  // kKeep only
  uint64_t body_size_ = 0;
  Mode mode_ = Mode::kKeep;
  int fd_ = -1;
  uint64_t body_at_ = 0;
  Status status_;
};

class SnapshotReader {
 public:
  // Checks `file` (which must outlive the reader) as described above;
  // sections larger than `verify_limit` are not checksummed. Corruption
  // with a message users can act on.
  Status Open(std::string_view file, size_t verify_limit = kVerifyOnOpenBytes);
  std::string_view stamp() const { return stamp_; }
  // The section `name` as an array of T; false when it is missing or its
  // element size is not sizeof(T).
  template <typename T>
  bool Get(std::string_view name, Column<T>* out) const {
    std::string_view bytes;
    if (!Find(name, sizeof(T), &bytes)) return false;
    out->Borrow(
        std::span<const T>(reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)));
    return true;
  }
  // Every section's checksum (reads the whole file).
  Status VerifyAll() const;

 private:
  bool Find(std::string_view name, uint32_t elem_size, std::string_view* bytes) const;
  struct Section {
    std::string_view name;
    uint32_t elem_size;
    std::string_view bytes;
    std::string_view padded;  // with the zeros after it, as its checksum covers
    uint64_t checksum;
  };
  std::vector<Section> sections_;
  std::string_view stamp_;
};

// For tests and the fuzz target: `file` (a snapshot with bytes changed
// after its header) with every checksum recomputed, so that what the
// readers' own checks do with the damage can be seen. Unchanged when the
// header or table does not parse.
std::string ResealForTesting(std::string file);

}  // namespace errdex::match
