// Tests for record chunks: what goes in comes out value for value, fields
// are left out only when they derive exactly, and damage is a failed decode.
#include "store/record_chunk.h"

#include <gtest/gtest.h>

#include "errdex/record.h"

namespace errdex::store {
namespace {

// A file of `n` numbered lines and a record raising at `line` with the
// ±18-line window the record builder cuts.
std::string Line(int n) {
  return "    check(" + std::to_string(n) + ")  # line " + std::to_string(n);
}

Record MakeRecord(const std::string& path, int line, int file_lines) {
  Record r;
  r.repo = "acme/lib";
  r.file_path = path;
  r.line_number = line;
  r.error_message = "bad value at " + std::to_string(line);
  r.message_pattern = "bad value at " + std::to_string(line);
  r.error_class = "ValueError";
  r.id = RecordId(r.repo, std::nullopt, r.error_message, path);
  r.slug = BaseSlug(std::nullopt, r.error_message);
  r.analyzed_sha = "0123456789abcdef0123456789abcdef01234567";
  r.source_code_start = std::max(1, line - 18);
  r.source_code_end = std::min(file_lines, line + 18);
  for (int n = r.source_code_start; n <= r.source_code_end; ++n) {
    if (n > r.source_code_start) r.source_code += '\n';
    r.source_code += Line(n);
  }
  r.github_url = GithubUrl(r.repo, r.analyzed_sha, path, r.source_code_start, r.source_code_end);
  r.documentation = "Raised when the value is bad (" + path + ":" + std::to_string(line) + ").";
  r.language = "python";
  r.kind = "raise";
  r.function = "check";
  r.holes = {{"{value}", "value"}};
  return r;
}

RecordRow RowOf(const Record& r) {
  RecordRow row{r.id, r.repo, r.slug, r.file_path, r.line_number, r.error_code, std::nullopt};
  if (!r.error_class.empty()) row.error_class = r.error_class;
  return row;
}

struct Stored {
  std::vector<RecordRow> rows;
  std::vector<nlohmann::json> jsons;
  std::string bytes;
};

Stored Encode(const std::vector<Record>& records) {
  Stored s;
  for (const Record& r : records) {
    s.rows.push_back(RowOf(r));
    s.jsons.push_back(ToJson(r));
  }
  std::vector<ChunkEntry> entries;
  for (size_t i = 0; i < records.size(); ++i) entries.push_back({&s.rows[i], &s.jsons[i]});
  s.bytes = EncodeChunk(entries);
  return s;
}

TEST(RecordChunkTest, GivesBackEveryRecordAndStoresEachWindowLineOnce) {
  std::vector<Record> records;
  size_t json_bytes = 0;
  for (int line = 20; line <= 200; line += 12) records.push_back(MakeRecord("a.py", line, 210));
  records.push_back(MakeRecord("b/c.py", 5, 9));
  for (const Record& r : records) json_bytes += RecordToJsonText(r).size();
  Stored s = Encode(records);
  Chunk chunk;
  ASSERT_TRUE(chunk.Decode(s.bytes));
  EXPECT_EQ(chunk.Ids().size(), records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    std::optional<nlohmann::json> j = chunk.Full(s.rows[i]);
    ASSERT_TRUE(j.has_value());
    EXPECT_EQ(*j, s.jsons[i]) << i;
    EXPECT_EQ(RecordToJsonText(RecordFromJson(*j)), RecordToJsonText(records[i]));
  }
  // 17 windows of 37 lines over 210 lines of a.py: compressed, the chunk is
  // far below the records' JSON.
  EXPECT_LT(s.bytes.size() * 10, json_bytes) << s.bytes.size() << " of " << json_bytes;
}

TEST(RecordChunkTest, MatchingHoldsOnlyWhatAMatcherReads) {
  Stored s = Encode({MakeRecord("a.py", 30, 60)});
  Chunk chunk;
  ASSERT_TRUE(chunk.Decode(s.bytes));
  std::optional<nlohmann::json> j = chunk.Matching(s.rows[0]);
  ASSERT_TRUE(j.has_value());
  EXPECT_EQ((*j)["errorMessage"], "bad value at 30");
  EXPECT_EQ((*j)["function"], "check");
  EXPECT_EQ((*j)["holes"], s.jsons[0]["holes"]);
  EXPECT_EQ((*j)["lineNumber"], 30);
  EXPECT_FALSE(j->contains("sourceCode"));
  EXPECT_FALSE(j->contains("documentation"));
}

// Whatever does not derive exactly is kept as it was: text whose invalid
// UTF-8 the JSON replaced (the row keeps the raw bytes), a permalink of
// another form, a window that disagrees with another record's lines or
// does not have as many lines as it says, a missing schemaVersion.
TEST(RecordChunkTest, FieldsThatDoNotDeriveExactlyAreKept) {
  Record bad_utf8 = MakeRecord("a.py", 30, 60);
  bad_utf8.file_path = "d\xff/a.py";
  bad_utf8.error_class = "Value\xfe";
  Record other_url = MakeRecord("a.py", 31, 60);
  other_url.github_url = "https://example.org/a.py#L31";
  Record disagrees = MakeRecord("a.py", 32, 60);
  disagrees.source_code =
      "changed line\n" + disagrees.source_code.substr(disagrees.source_code.find('\n') + 1);
  Record short_window = MakeRecord("a.py", 33, 60);
  short_window.source_code_end += 3;
  Record no_window = MakeRecord("b.py", 1, 1);
  no_window.source_code.clear();
  no_window.source_code_start = no_window.source_code_end = 0;
  Stored s =
      Encode({MakeRecord("a.py", 29, 60), bad_utf8, other_url, disagrees, short_window, no_window});
  s.jsons[5].erase("schemaVersion");
  std::vector<ChunkEntry> entries;
  for (size_t i = 0; i < s.rows.size(); ++i) entries.push_back({&s.rows[i], &s.jsons[i]});
  s.bytes = EncodeChunk(entries);
  Chunk chunk;
  ASSERT_TRUE(chunk.Decode(s.bytes));
  for (size_t i = 0; i < s.rows.size(); ++i) {
    std::optional<nlohmann::json> j = chunk.Full(s.rows[i]);
    ASSERT_TRUE(j.has_value()) << i;
    EXPECT_EQ(*j, s.jsons[i]) << i;
  }
  EXPECT_EQ((*chunk.Full(s.rows[1]))["filePath"], "d\xef\xbf\xbd/a.py");
  EXPECT_FALSE(chunk.Full(s.rows[5])->contains("schemaVersion"));
}

TEST(RecordChunkTest, DamageIsAFailedDecodeOrAMissingRecord) {
  Stored s = Encode({MakeRecord("a.py", 30, 60), MakeRecord("a.py", 40, 60)});
  Chunk chunk;
  EXPECT_FALSE(chunk.Decode(s.bytes.substr(0, s.bytes.size() / 2)));
  EXPECT_FALSE(chunk.Decode(s.bytes + "x"));
  EXPECT_FALSE(chunk.Decode(""));
  std::string flipped = s.bytes;
  flipped[flipped.size() / 2] ^= 0x10;
  EXPECT_FALSE(chunk.Decode(flipped));
  std::string other_format = s.bytes;
  other_format[0] = 2;
  EXPECT_FALSE(chunk.Decode(other_format));
  ASSERT_TRUE(chunk.Decode(s.bytes));
  RecordRow unknown = s.rows[0];
  unknown.id = "ffffffffffffffff";
  EXPECT_FALSE(chunk.Full(unknown).has_value());
  EXPECT_FALSE(chunk.Matching(unknown).has_value());
}

}  // namespace
}  // namespace errdex::store
