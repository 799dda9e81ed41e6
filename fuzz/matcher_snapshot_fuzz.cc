// Fuzz target: loading matcher snapshots. A snapshot's checksum only
// catches accidents, so this target re-seals each mutated payload with a
// valid checksum and stamp: every structural check in the loaders is
// exercised, through Open (records given) and Load (records read from the
// snapshot). Input: 4 bytes of truncation length, then (offset lo, offset
// hi, byte) patches applied to a valid payload. The matcher that comes back
// (loaded or rebuilt) must answer queries without fault.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "errdex/matcher.h"
#include "match/snapshot_io.h"
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
  std::string path, magic, stamp, payload;
  uint32_t version = 0;
};

const Sealed& Valid() {
  static const Sealed sealed = [] {
    Sealed s;
    s.path = "/tmp/errdex-snapshot-fuzz-" + std::to_string(::getpid());
    std::string note;
    errdex::Matcher::Open(Records(), s.path, &note, "fuzz-stamp");
    auto bytes = errdex::ReadFileLimited(s.path, 1 << 30);
    if (!bytes.ok()) __builtin_trap();
    ::unlink(s.path.c_str());  // read once; every run would leave one behind
    errdex::match::ByteReader in(*bytes);
    uint64_t checksum = 0;
    if (!in.String(&s.magic) || !in.Pod(&s.version) || !in.String(&s.stamp) ||
        !in.Pod(&checksum) || !in.String(&s.payload)) {
      __builtin_trap();
    }
    return s;
  }();
  return sealed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Sealed& v = Valid();
  std::string payload = v.payload;
  if (size >= 4) {
    uint32_t cut = static_cast<uint32_t>(data[0] | data[1] << 8 | data[2] << 16) |
                   static_cast<uint32_t>(data[3]) << 24;
    if (cut < payload.size()) payload.resize(cut);
    for (size_t i = 4; i + 2 < size && !payload.empty(); i += 3) {
      size_t at = (data[i] | static_cast<size_t>(data[i + 1]) << 8) % payload.size();
      payload[at] = static_cast<char>(data[i + 2]);
    }
  }
  errdex::match::ByteWriter file;
  file.String(v.magic);
  file.Pod(v.version);
  file.String(v.stamp);
  file.Pod(errdex::match::FastChecksum(payload));
  file.String(payload);
  {
    std::ofstream out(v.path, std::ios::binary | std::ios::trunc);
    out << file.bytes();
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
