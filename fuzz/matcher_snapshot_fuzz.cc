// Fuzz target: loading matcher snapshots. A snapshot's checksums only
// catch accidents (and Load verifies only small sections), so this target
// re-seals each mutated file with valid checksums: every check the readers
// make where they follow an offset is exercised, through Open (records
// given) and Load (records read from the snapshot, used in place). Input:
// 4 bytes of truncation length, then (offset lo, offset hi, byte) patches
// applied to a valid file after its 64-byte header. The matcher that comes
// back (loaded or rebuilt) must answer queries without fault.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "errdex/matcher.h"
#include "match/snapshot_file.h"
#include "util/file_io.h"

namespace {

std::vector<errdex::Record> Records() {
  std::vector<errdex::Record> out;
  const char* msgs[][2] = {
      {"cannot open file {p}", R"(cannot open file ([\s\S]*?))"},
      {"invalid value {x} for option", R"(invalid value ([\s\S]*?) for option)"},
      {"failed to connect to {host}:{port}", R"(failed to connect to ([\s\S]*?):([\s\S]*?))"},
      {"quantization not verified", "quantization not verified"},
  };
  for (int i = 0; i < 4; ++i) {
    errdex::Record r;
    r.id = "id" + std::to_string(i);
    r.repo = "acme/app";
    r.error_message = msgs[i][0];
    r.message_pattern = msgs[i][1];
    out.push_back(r);
  }
  return out;
}

struct Sealed {
  std::string path, stamp = "fuzz-stamp", bytes;
};

const Sealed& Valid() {
  static const Sealed sealed = [] {
    Sealed s;
    s.path = "/tmp/errdex-snapshot-fuzz-" + std::to_string(::getpid());
    std::string note;
    errdex::Matcher::Open(Records(), s.path, &note, s.stamp);
    auto bytes = errdex::ReadFileLimited(s.path, 1 << 30);
    if (!bytes.ok() || bytes->size() <= 64) __builtin_trap();
    ::unlink(s.path.c_str());  // read once; every run would leave one behind
    s.bytes = std::move(*bytes);
    return s;
  }();
  return sealed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Sealed& v = Valid();
  std::string bytes = v.bytes;
  if (size >= 4) {
    uint32_t cut = static_cast<uint32_t>(data[0] | data[1] << 8 | data[2] << 16) |
                   static_cast<uint32_t>(data[3]) << 24;
    if (cut < bytes.size()) bytes.resize(cut);
    for (size_t i = 4; i + 2 < size && bytes.size() > 64; i += 3) {
      size_t at = 64 + (data[i] | static_cast<size_t>(data[i + 1]) << 8) % (bytes.size() - 64);
      bytes[at] = static_cast<char>(data[i + 2]);
    }
  }
  {
    std::ofstream out(v.path, std::ios::binary | std::ios::trunc);
    out << errdex::match::ResealForTesting(std::move(bytes));
    if (!out) return 0;
  }
  auto ask = [](const errdex::Matcher& m) {
    for (const char* q : {"cannot open file /etc/x", "failed to connect to db:5432",
                          "invalid value 3 for option", "quantization is not verified"}) {
      for (const errdex::Match& match : m.Find(errdex::Query{q, "", "", 5})) {
        if (match.record == nullptr) __builtin_trap();
      }
    }
  };
  // Load first: Open rewrites the file when it rejects it.
  auto loaded = errdex::Matcher::Load(v.path, v.stamp);
  if (loaded.ok()) ask(**loaded);
  std::string note;
  ask(*errdex::Matcher::Open(Records(), v.path, &note));
  ::unlink(v.path.c_str());
  return 0;
}
