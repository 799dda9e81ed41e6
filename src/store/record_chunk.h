// Record chunks: how the store keeps record bodies compactly (store schema 2).
//
// Neighbouring records of one repository (up to 32 in (file, line) order)
// share one zstd-compressed chunk: the union of their source windows, each line of
// a file once, and each record's JSON without what is derived on read — the
// fields its `records` row already holds (id, repo, slug, file, line, code,
// class),
// `githubUrl` (a function of repository, commit, path and window),
// `sourceCode` (lines of the chunk's windows) and `schemaVersion`. A field
// is left out only when the value derived from the rest is exactly the
// stored one (checked when the chunk is written), so reading gives back the
// record JSON schema 1 stored, value for value.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace errdex::store {

// The columns of a `records` row.
struct RecordRow {
  std::string id;
  std::string repo;
  std::string slug;
  std::string file_path;
  int64_t line_number = 0;
  std::optional<std::string> error_code;   // NULL when the record has none
  std::optional<std::string> error_class;  // NULL when empty
};

// A record to put in a chunk: its row and its full JSON (ToJson's form).
struct ChunkEntry {
  const RecordRow* row;
  const nlohmann::json* json;
};

// At most this many records, and about this many bytes of record JSON, go
// into one chunk: reading one record decompresses its whole chunk.
inline constexpr size_t kMaxChunkRecords = 32;
inline constexpr size_t kMaxChunkJsonBytes = 64 * 1024;

// The chunk holding `entries` (compressed). Never fails: a record whose
// fields cannot be derived keeps them.
std::string EncodeChunk(const std::vector<ChunkEntry>& entries);

// A decoded chunk: views into its decompressed bytes (nothing is copied line by
// line), bodies parsed only when a record is asked for.
class Chunk {
 public:
  // False when `bytes` is not a chunk this code wrote (damage).
  bool Decode(std::string_view bytes);
  // The ids of the records it holds, in the order they were written.
  std::vector<std::string> Ids() const;
  // The record JSON of `row` (its id looked up in the chunk): exactly what
  // was given to EncodeChunk. nullopt when the chunk does not hold the id or
  // its stored body is damaged.
  std::optional<nlohmann::json> Full(const RecordRow& row) const;
  // Only the fields a Matcher reads (see Store::ListForMatching), without
  // parsing the rest of the body.
  std::optional<nlohmann::json> Matching(const RecordRow& row) const;

 private:
  struct Body {
    std::string_view id;
    uint64_t derived = 0;       // bit set: the fields left out, derived on read
    std::string_view matching;  // JSON object: the matching fields not derived
    std::string_view rest;      // JSON object: every other field not derived
  };
  struct Run {
    int64_t start = 0;
    std::vector<std::string_view> lines;
  };
  struct File {
    std::string_view path;
    std::vector<Run> runs;  // sorted by start, disjoint
  };
  const Body* Find(const std::string& id) const;
  std::optional<std::string> Window(std::string_view path, int64_t start, int64_t end) const;

  std::shared_ptr<const std::string> raw_;  // what the views point into
  std::vector<File> files_;
  std::vector<Body> bodies_;
};

}  // namespace errdex::store
