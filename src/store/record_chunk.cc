// Record chunks (see record_chunk.h). Layout before compression, varints and
// length-prefixed strings:
//
//   windows: file count, then per file: path, run count, then per run:
//            first line, line count, each line's text
//   records: count, then per record: id, derived-field bits, matching JSON,
//            rest JSON
//
// and the stored bytes are: format, size before compression, one zstd frame
// (with its checksum, so damage is found rather than read as other text).
// Decoding bounds-checks every length, so damage is a failed decode, never a
// crash.
#include "store/record_chunk.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>

#include "errdex/record.h"
#include "util/varint.h"

namespace errdex::store {
namespace {

constexpr uint64_t kChunkFormat = 1;
// zstd level 9: on the eval's chunks 4% smaller than zlib's default level
// and decompressed about three times as fast (docs/design.md, compact records).
constexpr int kCompressionLevel = 9;
// A chunk larger than this before compression is damage, not data.
constexpr uint64_t kMaxRawBytes = uint64_t{1} << 30;

// Fields a records row holds, in the order of their bits.
constexpr std::array<const char*, 7> kColumnFields = {
    "id", "repo", "slug", "filePath", "lineNumber", "errorCode", "errorClass"};
constexpr uint64_t kGithubUrlBit = uint64_t{1} << 9;
constexpr uint64_t kSourceCodeBit = uint64_t{1} << 10;
constexpr uint64_t kSchemaVersionBit = uint64_t{1} << 11;

// What Store::ListForMatching reads besides the row.
// (severity since the thirtieth session: an information-level record ranks
// below the same words at error level; bodies written before lack it and
// read as "".)
constexpr std::array<const char*, 10> kMatchingFields = {
    "errorMessage",  "messagePattern", "otherLines", "messageFrom", "holes",
    "messageOpaque", "language",       "kind",       "function",    "severity"};

bool IsMatchingField(const std::string& key) {
  if (std::find(kMatchingFields.begin(), kMatchingFields.end(), key) != kMatchingFields.end()) {
    return true;
  }
  // The column fields a matcher reads, when a record keeps them in its body.
  return std::find(kColumnFields.begin(), kColumnFields.end(), key) != kColumnFields.end();
}

nlohmann::json ColumnValue(const RecordRow& row, size_t i) {
  auto nullable = [](const std::optional<std::string>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
  };
  switch (i) {
    case 0:
      return row.id;
    case 1:
      return row.repo;
    case 2:
      return row.slug;
    case 3:
      return row.file_path;
    case 4:
      return row.line_number;
    case 5:
      return nullable(row.error_code);
    default:
      return nullable(row.error_class);
  }
}

std::optional<int64_t> IntField(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<int64_t>();
}

// The permalink the record's other fields give, as record.cc writes it.
std::optional<std::string> DerivedUrl(const nlohmann::json& j) {
  auto text = [&](const char* key) -> const nlohmann::json* {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? &*it : nullptr;
  };
  const nlohmann::json *repo = text("repo"), *sha = text("analyzedSha"), *path = text("filePath");
  std::optional<int64_t> start = IntField(j, "sourceCodeStart"), end = IntField(j, "sourceCodeEnd");
  if (!repo || !sha || !path || !start || !end) return std::nullopt;
  if (*start < INT32_MIN || *start > INT32_MAX || *end < INT32_MIN || *end > INT32_MAX) {
    return std::nullopt;
  }
  return GithubUrl(repo->get<std::string>(), sha->get<std::string>(), path->get<std::string>(),
                   static_cast<int>(*start), static_cast<int>(*end));
}

// The lines of a record's window, when it can be one: its text split at
// newlines, as many lines as its start and end say.
std::optional<std::vector<std::string>> WindowLines(const nlohmann::json& j) {
  auto code = j.find("sourceCode");
  std::optional<int64_t> start = IntField(j, "sourceCodeStart"), end = IntField(j, "sourceCodeEnd");
  if (code == j.end() || !code->is_string() || !start || !end || *end < *start) return std::nullopt;
  const std::string& text = code->get_ref<const std::string&>();
  std::vector<std::string> lines;
  for (size_t at = 0;;) {
    size_t nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  if (static_cast<int64_t>(lines.size()) != *end - *start + 1) return std::nullopt;
  return lines;
}

// Types of this file, so that the Put/Get overloads below are found by
// argument-dependent lookup from the templates that call them.
class Writer : public VarintWriter {};
class Reader : public VarintReader {
 public:
  using VarintReader::VarintReader;
};

std::string Dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string EncodeChunk(const std::vector<ChunkEntry>& entries) {
  // The windows' lines, each line of a file once; a record whose window
  // disagrees with a line already taken (never seen: one commit) keeps its
  // text.
  std::map<std::string, std::map<int64_t, std::string>> files;
  std::vector<bool> window_derived(entries.size(), false);
  for (size_t i = 0; i < entries.size(); ++i) {
    const nlohmann::json& j = *entries[i].json;
    auto path = j.find("filePath");
    std::optional<std::vector<std::string>> own = WindowLines(j);
    if (!own || path == j.end() || !path->is_string()) continue;
    std::map<int64_t, std::string>& lines = files[path->get<std::string>()];
    int64_t start = *IntField(j, "sourceCodeStart");
    bool agrees = true;
    for (size_t k = 0; k < own->size() && agrees; ++k) {
      auto it = lines.find(start + static_cast<int64_t>(k));
      agrees = it == lines.end() || it->second == (*own)[k];
    }
    if (!agrees) continue;
    for (size_t k = 0; k < own->size(); ++k) {
      lines.emplace(start + static_cast<int64_t>(k), std::move((*own)[k]));
    }
    window_derived[i] = true;
  }
  Writer raw;
  raw.U(files.size());
  for (const auto& [path, lines] : files) {
    std::vector<std::pair<int64_t, std::vector<const std::string*>>> runs;
    for (const auto& [n, text] : lines) {
      if (runs.empty() ||
          runs.back().first + static_cast<int64_t>(runs.back().second.size()) != n) {
        runs.emplace_back(n, std::vector<const std::string*>());
      }
      runs.back().second.push_back(&text);
    }
    raw.S(path);
    raw.U(runs.size());
    for (const auto& [start, run] : runs) {
      raw.U(static_cast<uint64_t>(start));
      raw.U(run.size());
      for (const std::string* line : run) raw.S(*line);
    }
  }
  raw.U(entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    const nlohmann::json& j = *entries[i].json;
    const RecordRow& row = *entries[i].row;
    uint64_t derived = 0;
    for (size_t c = 0; c < kColumnFields.size(); ++c) {
      auto it = j.find(kColumnFields[c]);
      if (it != j.end() && *it == ColumnValue(row, c)) derived |= uint64_t{1} << c;
    }
    if (auto url = j.find("githubUrl"); url != j.end() && url->is_string()) {
      if (std::optional<std::string> d = DerivedUrl(j);
          d && *d == url->get_ref<const std::string&>())
        derived |= kGithubUrlBit;
    }
    if (window_derived[i]) derived |= kSourceCodeBit;
    if (auto v = j.find("schemaVersion"); v != j.end() && *v == kSchemaVersion) {
      derived |= kSchemaVersionBit;
    }
    nlohmann::json matching = nlohmann::json::object(), rest = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& key = it.key();
      auto column = std::find(kColumnFields.begin(), kColumnFields.end(), key);
      if (column != kColumnFields.end() && (derived >> (column - kColumnFields.begin()) & 1) != 0) {
        continue;
      }
      if ((key == "githubUrl" && (derived & kGithubUrlBit)) ||
          (key == "sourceCode" && (derived & kSourceCodeBit)) ||
          (key == "schemaVersion" && (derived & kSchemaVersionBit))) {
        continue;
      }
      (IsMatchingField(key) ? matching : rest)[key] = it.value();
    }
    raw.S(row.id);
    raw.U(derived);
    raw.S(Dump(matching));
    raw.S(Dump(rest));
  }
  const std::string& body = raw.out();
  std::string packed(ZSTD_compressBound(body.size()), '\0');
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  size_t packed_size = 0;  // on failure: an empty frame, which decodes as damage
  if (cctx &&
      !ZSTD_isError(
          ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, kCompressionLevel)) &&
      !ZSTD_isError(ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1))) {
    size_t n = ZSTD_compress2(cctx.get(), packed.data(), packed.size(), body.data(), body.size());
    if (!ZSTD_isError(n)) packed_size = n;
  }
  packed.resize(packed_size);
  Writer head;
  head.U(kChunkFormat);
  head.U(body.size());
  return head.out() + packed;
}

bool Chunk::Decode(std::string_view bytes) {
  files_.clear();
  bodies_.clear();
  Reader head(bytes);
  uint64_t format, size;
  if (!head.U(&format) || format != kChunkFormat || !head.U(&size) || size > kMaxRawBytes) {
    return false;
  }
  std::string_view packed = bytes.substr(bytes.size() - head.Left());
  auto raw = std::make_shared<std::string>(size, '\0');
  size_t got = ZSTD_decompress(raw->data(), raw->size(), packed.data(), packed.size());
  if (ZSTD_isError(got) || got != size) return false;
  raw_ = raw;
  Reader r(*raw_);
  uint64_t nfiles;
  if (!r.Count(&nfiles)) return false;
  files_.resize(nfiles);
  for (File& file : files_) {
    uint64_t nruns;
    if (!r.S(&file.path) || !r.Count(&nruns)) return false;
    int64_t next = INT64_MIN;
    for (uint64_t i = 0; i < nruns; ++i) {
      uint64_t start, n;
      if (!r.U(&start) || !r.Count(&n) || start > INT32_MAX || n > INT32_MAX) return false;
      Run run;
      run.start = static_cast<int64_t>(start);
      if (run.start < next) return false;  // runs must be sorted and disjoint
      run.lines.resize(n);
      for (std::string_view& line : run.lines) {
        if (!r.S(&line)) return false;
      }
      next = run.start + static_cast<int64_t>(n);
      file.runs.push_back(std::move(run));
    }
  }
  uint64_t nbodies;
  if (!r.Count(&nbodies)) return false;
  bodies_.resize(nbodies);
  for (Body& b : bodies_) {
    if (!r.S(&b.id) || !r.U(&b.derived) || !r.S(&b.matching) || !r.S(&b.rest)) return false;
  }
  return r.Left() == 0;
}

std::vector<std::string> Chunk::Ids() const {
  std::vector<std::string> out;
  for (const Body& b : bodies_) out.emplace_back(b.id);
  return out;
}

const Chunk::Body* Chunk::Find(const std::string& id) const {
  for (const Body& b : bodies_) {
    if (b.id == id) return &b;
  }
  return nullptr;
}

std::optional<std::string> Chunk::Window(std::string_view path, int64_t start, int64_t end) const {
  auto file =
      std::find_if(files_.begin(), files_.end(), [&](const File& f) { return f.path == path; });
  if (file == files_.end()) return std::nullopt;
  const std::vector<Run>& runs = file->runs;
  auto run = std::upper_bound(runs.begin(), runs.end(), start,
                              [](int64_t n, const Run& r) { return n < r.start; });
  if (run == runs.begin()) return std::nullopt;
  --run;
  if (end < start || end >= run->start + static_cast<int64_t>(run->lines.size())) {
    return std::nullopt;
  }
  std::string out;
  for (int64_t n = start; n <= end; ++n) {
    if (n > start) out += '\n';
    out += run->lines[static_cast<size_t>(n - run->start)];
  }
  return out;
}

std::optional<nlohmann::json> Chunk::Full(const RecordRow& row) const {
  const Body* b = Find(row.id);
  if (b == nullptr) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(b->rest, nullptr, false);
  nlohmann::json m = nlohmann::json::parse(b->matching, nullptr, false);
  if (!j.is_object() || !m.is_object()) return std::nullopt;
  for (auto it = m.begin(); it != m.end(); ++it) j[it.key()] = std::move(it.value());
  for (size_t c = 0; c < kColumnFields.size(); ++c) {
    if (b->derived >> c & 1) j[kColumnFields[c]] = ColumnValue(row, c);
  }
  if (b->derived & kSourceCodeBit) {
    std::optional<int64_t> start = IntField(j, "sourceCodeStart"),
                           end = IntField(j, "sourceCodeEnd");
    auto path = j.find("filePath");
    std::optional<std::string> code;
    if (start && end && path != j.end() && path->is_string()) {
      code = Window(path->get_ref<const std::string&>(), *start, *end);
    }
    if (!code) return std::nullopt;
    j["sourceCode"] = std::move(*code);
  }
  if (b->derived & kGithubUrlBit) {
    std::optional<std::string> url = DerivedUrl(j);
    if (!url) return std::nullopt;
    j["githubUrl"] = std::move(*url);
  }
  if (b->derived & kSchemaVersionBit) j["schemaVersion"] = kSchemaVersion;
  return j;
}

std::optional<nlohmann::json> Chunk::Matching(const RecordRow& row) const {
  const Body* b = Find(row.id);
  if (b == nullptr) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(b->matching, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  for (size_t c = 0; c < kColumnFields.size(); ++c) {
    if (b->derived >> c & 1) j[kColumnFields[c]] = ColumnValue(row, c);
  }
  return j;
}

}  // namespace errdex::store
