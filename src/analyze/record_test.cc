// Tests for record identity (ids, slugs, permalinks) and the JSON form,
// checked against ErrLookup's seed records.
#include "errdex/record.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "testutil.h"
#include "util/sha256.h"

namespace errdex {
namespace {

const char kRepo[] = "sgl-project/sglang";

const char kSeed000Message[] =
    "--enable-int8-mamba-checkpoint is not supported together with "
    "--enable-hierarchical-cache: the host-offload path is not int8-aware. Disable one of them.";
const char kSeed000Path[] = "python/sglang/srt/server_args.py";

// ErrLookup's (truncated) message of seed 004, byte for byte: the id is
// computed from it, so it must stay exactly as published.
const char kSeed004Message[] =
    "[weight_cache:{where}] quantization method {quant_method!r} is not verified for CUDA IPC "
    "zero-copy weight sharing. Its process_weights_after_loading may stamp Python-side metadata "
    "(e.g. format_ue8m0) or repack/transpose weights into shapes the meta-initialized client "
    "cannot reproduce, which would silently serve wrong-numerics weights. Verified methods: "
    "{verified}. Note: FP8 is only verified for block-wise configs (weight_block_size set), not "
    "per-tensor FP8. Disable the weight cache (--weight-cache-mode off)";
const char kSeed004Path[] = "python/sglang/srt/weight_cache/protocol.py";

const std::vector<std::string> kSchemaV2Keys = {"id",
                                                "repo",
                                                "slug",
                                                "errorCode",
                                                "errorMessage",
                                                "messagePattern",
                                                "errorType",
                                                "errorClass",
                                                "httpStatus",
                                                "severity",
                                                "filePath",
                                                "lineNumber",
                                                "sourceCode",
                                                "sourceCodeStart",
                                                "sourceCodeEnd",
                                                "githubUrl",
                                                "documentation",
                                                "triggerScenarios",
                                                "commonSituations",
                                                "solutions",
                                                "exampleFix",
                                                "handlingStrategy",
                                                "validationCode",
                                                "typeGuard",
                                                "tryCatchPattern",
                                                "preventionTips",
                                                "tags",
                                                "backgroundTag",
                                                "analyzedSha",
                                                "analyzedAt",
                                                "schemaVersion"};

std::vector<std::string> KeysInOrder(const std::string& text) {
  std::vector<std::string> keys;
  // Keep the parsed object alive: items() of a temporary dangles.
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(text);
  for (const auto& item : j.items()) keys.push_back(item.key());
  return keys;
}

Record SampleRecord() {
  Record r;
  r.repo = kRepo;
  r.error_message = "bad {x}";
  r.message_pattern = "bad ([\\s\\S]*)";
  r.error_type = "validation";
  r.error_class = "ValueError";
  r.severity = "error";
  r.file_path = "a/b.py";
  r.line_number = 12;
  r.source_code = "raise ValueError(f\"bad {x}\")";
  r.source_code_start = 1;
  r.source_code_end = 30;
  r.github_url = GithubUrl(kRepo, "abc", "a/b.py", 1, 30);
  r.solutions = {"fix it", "or not"};
  r.tags = {"config"};
  r.analyzed_sha = "abc";
  r.analyzed_at = "2026-01-02T03:04:05.006Z";
  r.language = "python";
  r.kind = "raise";
  r.function = "Foo.check";
  r.holes = {{"{x}", "x"}};
  r.other_lines = {40, 52};
  r.conditions = nlohmann::json::array({{{"expr", "x < 0"}, {"polarity", true}, {"line", 11}}});
  r.notes = nlohmann::json::array({{{"text", "why"}, {"origin", "comment-above"}}});
  r.provenance = {{"message", {{"first_line", 12}, {"last_line", 12}}}};
  r.id = RecordId(r.repo, r.error_code, r.error_message, r.file_path);
  r.slug = BaseSlug(r.error_code, r.error_message);
  return r;
}

TEST(Sha256Test, KnownVectors) {
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(RecordIdTest, ReproducesSeedIds) {
  EXPECT_EQ(RecordId(kRepo, std::nullopt, kSeed000Message, kSeed000Path), "0e7af5ad0316fee2");
  EXPECT_EQ(RecordId(kRepo, std::nullopt, kSeed004Message, kSeed004Path), "3240b402b0844988");
}

TEST(RecordIdTest, CodeReplacesMessageWhenPresent) {
  std::string with_code = RecordId(kRepo, std::string("E42"), "anything", "f.py");
  EXPECT_EQ(with_code, RecordId(kRepo, std::string("E42"), "something else", "f.py"));
  EXPECT_EQ(with_code, Sha256Hex(std::string(kRepo) + "\x01"
                                                      "E42"
                                                      "\x01"
                                                      "f.py")
                           .substr(0, 16));
  EXPECT_NE(with_code, RecordId(kRepo, std::nullopt, "E42x", "f.py"));
  EXPECT_EQ(with_code.size(), 16u);
}

// tokio's `io::Error::new(ErrorKind::Other, "..")`, tonic's
// `Status::internal("..")`: a category code is shared by many messages of
// one file, so each message keeps a record (id and slug) of its own.
TEST(RecordIdTest, CategoryCodeGivesWayToTheMessage) {
  EXPECT_NE(RecordId(kRepo, std::string("Other"), "Invalid header received", "src/lib.rs"),
            RecordId(kRepo, std::string("Other"), "Invalid body received", "src/lib.rs"));
  EXPECT_EQ(RecordId(kRepo, std::string("Internal"), "Unexpected EOF", "src/decode.rs"),
            RecordId(kRepo, std::nullopt, "Unexpected EOF", "src/decode.rs"));
  EXPECT_EQ(RecordId(kRepo, std::string("ERROR"), "x", "a.java"),
            RecordId(kRepo, std::nullopt, "x", "a.java"));
  EXPECT_EQ(BaseSlug(std::string("NotFound"), "user 7 not found"), "user-7-not-found");
  // A specific code is still the identity.
  EXPECT_EQ(RecordId(kRepo, std::string("ERR_INVALID_ARG_TYPE"), "a", "lib/x.js"),
            RecordId(kRepo, std::string("ERR_INVALID_ARG_TYPE"), "b", "lib/x.js"));
  EXPECT_EQ(BaseSlug(std::string("ENOENT"), "no such file"), "enoent");
}

TEST(SlugTest, MatchesSeed) {
  EXPECT_EQ(BaseSlug(std::nullopt, kSeed004Message),
            "weight-cache-where-quantization-method-quant");
  EXPECT_EQ(BaseSlug(std::nullopt, kSeed000Message),
            "enable-int8-mamba-checkpoint-is-not-supported-to");
}

TEST(SlugTest, EdgeCases) {
  EXPECT_EQ(BaseSlug(std::nullopt, ""), "error");
  EXPECT_EQ(BaseSlug(std::nullopt, "!!! ... ???"), "error");
  EXPECT_EQ(BaseSlug(std::nullopt, "--Foo__BAR--"), "foo-bar");
  EXPECT_EQ(BaseSlug(std::string("HTTP_404"), "ignored message"), "http-404");
  EXPECT_EQ(BaseSlug(std::string(""), "message"), "error");  // a present code wins even if empty
  // Non-ASCII characters are separators, never kept.
  EXPECT_EQ(BaseSlug(std::nullopt, "caf\xc3\xa9 r\xc3\xa9sum\xc3\xa9 \xe2\x9c\x93 ok"),
            "caf-r-sum-ok");
  EXPECT_EQ(BaseSlug(std::nullopt, "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"), "error");
}

TEST(SlugTest, CutsAtFiftyBytesOutsideUtf8Sequences) {
  std::string fifty(50, 'a');
  EXPECT_EQ(BaseSlug(std::nullopt, fifty + "bbbb"), fifty);
  // A 2-byte character straddling byte 50 is dropped whole; the 'z' before
  // it survives.
  std::string straddle = std::string(48, 'a') + "z\xc3\xa9" + "tail";
  EXPECT_EQ(BaseSlug(std::nullopt, straddle), std::string(48, 'a') + "z");
  // Invalid UTF-8 (stray continuation bytes) does not crash or eat the prefix.
  std::string junk = std::string(45, 'k') + std::string(20, '\x80');
  EXPECT_EQ(BaseSlug(std::nullopt, junk), std::string(45, 'k'));
}

TEST(SlugTest, AssignUniqueSlugsSuffixesInOrder) {
  std::vector<Record> rs(4);
  rs[0].error_message = "Bad value";
  rs[1].error_message = "bad value!";
  rs[2].error_message = "Other";
  rs[3].error_message = "BAD  VALUE";
  AssignUniqueSlugs(&rs);
  EXPECT_EQ(rs[0].slug, "bad-value");
  EXPECT_EQ(rs[1].slug, "bad-value-2");
  EXPECT_EQ(rs[2].slug, "other");
  EXPECT_EQ(rs[3].slug, "bad-value-3");
}

TEST(SlugTest, SuffixNeverTakesAnotherRecordsBaseSlug) {
  std::vector<Record> rs(4);
  rs[0].error_message = "x";
  rs[1].error_message = "x";
  rs[2].error_message = "x 2";  // its natural slug is "x-2"
  rs[3].error_message = "x";
  AssignUniqueSlugs(&rs);
  EXPECT_EQ(rs[0].slug, "x");
  EXPECT_EQ(rs[1].slug, "x-3");
  EXPECT_EQ(rs[2].slug, "x-2");
  EXPECT_EQ(rs[3].slug, "x-4");
}

TEST(SlugTest, AssignIsDeterministic) {
  std::vector<Record> a(3), b(3);
  for (int i = 0; i < 3; ++i) a[i].error_message = b[i].error_message = "same";
  AssignUniqueSlugs(&a);
  AssignUniqueSlugs(&b);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(a[i].slug, b[i].slug);
}

TEST(GithubUrlTest, Format) {
  EXPECT_EQ(GithubUrl(kRepo, "0132848349585cfe6aae51c4941cbae872505f8a", kSeed004Path, 171, 207),
            "https://github.com/sgl-project/sglang/blob/0132848349585cfe6aae51c4941cbae872505f8a/"
            "python/sglang/srt/weight_cache/protocol.py#L171-L207");
  EXPECT_EQ(GithubUrl("o/r", "", "x.py", 1, 2), "https://github.com/o/r/blob/HEAD/x.py#L1-L2");
}

TEST(JsonTest, KeyOrderMatchesSchemaV2ThenExtensions) {
  std::vector<std::string> keys = KeysInOrder(RecordToJsonText(SampleRecord()));
  ASSERT_GE(keys.size(), kSchemaV2Keys.size());
  EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + kSchemaV2Keys.size()),
            kSchemaV2Keys);
  EXPECT_EQ(std::vector<std::string>(keys.begin() + kSchemaV2Keys.size(), keys.end()),
            (std::vector<std::string>{"language", "kind", "function", "holes", "messageOpaque",
                                      "otherLines", "messageFrom", "conditions", "notes",
                                      "provenance", "callers", "options", "related"}));
}

TEST(JsonTest, KeyOrderMatchesSeedFile) {
  std::string shared = testing::SharedDir();
  std::string seed = shared + "/seeds/004_0cbbee1f4f086cf3.txt";
  if (shared.empty() || !std::filesystem::exists(seed)) GTEST_SKIP() << "no shared seeds";
  auto seed_json = nlohmann::ordered_json::parse(testing::ReadFile(seed));
  std::vector<std::string> seed_keys;
  for (const auto& item : seed_json["record"].items()) seed_keys.push_back(item.key());
  std::vector<std::string> keys = KeysInOrder(RecordToJsonText(SampleRecord()));
  ASSERT_GE(keys.size(), seed_keys.size());
  EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + seed_keys.size()), seed_keys);

  // The seed itself parses (wrapped form) and its id/slug reproduce.
  Record r = RecordFromJson(nlohmann::json::parse(testing::ReadFile(seed)));
  EXPECT_EQ(r.id, "3240b402b0844988");
  EXPECT_EQ(r.id, RecordId(r.repo, r.error_code, r.error_message, r.file_path));
  EXPECT_EQ(r.slug, BaseSlug(r.error_code, r.error_message));
  EXPECT_EQ(r.github_url,
            GithubUrl(r.repo, r.analyzed_sha, r.file_path, r.source_code_start, r.source_code_end));
  EXPECT_EQ(r.error_class, "UnsupportedQuantForIPCError");
  EXPECT_EQ(r.line_number, 189);
  EXPECT_FALSE(r.error_code.has_value());
  EXPECT_FALSE(r.type_guard.has_value());
  EXPECT_TRUE(r.validation_code.has_value());
  EXPECT_EQ(r.solutions.size(), 3u);
}

TEST(JsonTest, NullsWhereOptional) {
  Record r = SampleRecord();
  r.error_class.clear();
  r.function.clear();
  nlohmann::json j = ToJson(r);
  for (const char* key : {"errorCode", "errorClass", "httpStatus", "validationCode", "typeGuard",
                          "tryCatchPattern", "function"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_TRUE(j[key].is_null()) << key;
  }
  EXPECT_EQ(j["schemaVersion"], kSchemaVersion);
  EXPECT_TRUE(j["solutions"].is_array());
  EXPECT_EQ(j["lineNumber"], 12);
}

TEST(JsonTest, RoundTrip) {
  Record r = SampleRecord();
  r.error_code = "E1";
  r.http_status = 422;
  r.validation_code = "if x: pass";
  r.type_guard = "";
  r.message_opaque = true;
  r.related = {"0123456789abcdef", "fedcba9876543210"};
  r.options = nlohmann::json::array({{{"name", "--x"}, {"definedAt", "cli.py:3"}}});
  r.callers = nlohmann::json::array({{{"reachesEntry", true}}});
  for (const Record& back :
       {RecordFromJson(ToJson(r)), RecordFromJson(nlohmann::json::parse(RecordToJsonText(r, 2))),
        RecordFromJson(nlohmann::ordered_json::parse(RecordToJsonText(r)))}) {
    EXPECT_EQ(RecordToJsonText(back), RecordToJsonText(r));
    EXPECT_EQ(back.error_code, r.error_code);
    EXPECT_EQ(back.http_status, r.http_status);
    EXPECT_EQ(back.type_guard, std::optional<std::string>(""));
    EXPECT_FALSE(back.try_catch_pattern.has_value());
    ASSERT_EQ(back.holes.size(), 1u);
    EXPECT_EQ(back.holes[0].text, "{x}");
    EXPECT_EQ(back.holes[0].expr, "x");
    EXPECT_EQ(back.other_lines, r.other_lines);
    EXPECT_EQ(back.conditions, r.conditions);
    EXPECT_EQ(back.provenance, r.provenance);
    EXPECT_EQ(back.related, r.related);
    EXPECT_EQ(back.options, r.options);
    EXPECT_EQ(back.callers, r.callers);
    EXPECT_TRUE(back.message_opaque);
  }
  EXPECT_EQ(ToJson(r), nlohmann::json::parse(RecordToJsonText(r)));
}

TEST(JsonTest, ToleratesMissingAndWrongTypes) {
  Record r = RecordFromJson(nlohmann::json::parse(
      R"({"id": 5, "repo": "o/r", "lineNumber": "12", "solutions": ["a", 3, null],
          "httpStatus": 1e30, "otherLines": [1, "x", 2.0], "holes": [{"text": 1}, 7],
          "conditions": {}, "messageOpaque": "yes", "errorCode": null})"));
  EXPECT_EQ(r.id, "");
  EXPECT_EQ(r.repo, "o/r");
  EXPECT_EQ(r.line_number, 0);
  EXPECT_EQ(r.solutions, std::vector<std::string>{"a"});
  EXPECT_FALSE(r.http_status.has_value());
  EXPECT_EQ(r.other_lines, (std::vector<int>{1, 2}));
  ASSERT_EQ(r.holes.size(), 1u);
  EXPECT_EQ(r.holes[0].text, "");
  EXPECT_TRUE(r.conditions.is_array());
  EXPECT_FALSE(r.message_opaque);
  EXPECT_FALSE(r.error_code.has_value());
  EXPECT_EQ(r.severity, "");

  EXPECT_EQ(RecordFromJson(nlohmann::json::array()).id, "");
  EXPECT_EQ(RecordFromJson(nlohmann::json()).id, "");
  EXPECT_EQ(RecordFromJson(nlohmann::json("text")).repo, "");
}

TEST(JsonTest, InvalidUtf8NeverThrows) {
  Record r = SampleRecord();
  r.error_message = "bad \xff\xfe byte \xc3";
  r.source_code = "x = '\x80'";
  r.holes = {{"{\xff}", "\xfe"}};
  std::string text;
  EXPECT_NO_THROW(text = RecordToJsonText(r));
  EXPECT_NE(text.find("\xef\xbf\xbd"), std::string::npos);  // U+FFFD
  nlohmann::json j;
  EXPECT_NO_THROW(j = ToJson(r));
  EXPECT_NO_THROW((void)j.dump());  // the caller's own dump is safe too
  Record back = RecordFromJson(j);
  EXPECT_EQ(back.error_message.rfind("bad ", 0), 0u);
  EXPECT_NO_THROW(RecordId(r.repo, r.error_code, r.error_message, r.file_path));
  EXPECT_NO_THROW(BaseSlug(r.error_code, r.error_message));
}

}  // namespace
}  // namespace errdex
