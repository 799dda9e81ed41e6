// The static dataset as the contract writes it: manifest paths under /data/,
// and index.json patterns that never match arbitrary text.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "serve/serve_internal.h"

namespace errdex::serve {
namespace {

using nlohmann::json;

Record Rec(const std::string& id, const std::string& message, const std::string& pattern) {
  Record r;
  r.id = id;
  r.repo = "acme/widgets";
  r.slug = id;
  r.error_message = message;
  r.message_pattern = pattern;
  return r;
}

TEST(Dataset, ManifestPathsAreAbsoluteUnderData) {
  Dataset ds = BuildDataset({Rec("00000000000000aa", "boom happened", "boom happened")},
                            {{"acme/widgets", "abc", "2026-01-01T00:00:00Z", 1}}, "v1");
  json m = json::parse(ds.files.at("manifest.json"));
  EXPECT_EQ(m["files"]["index"]["path"], "/data/index.json");
  EXPECT_EQ(m["files"]["repos"]["path"], "/data/repos.json");
  EXPECT_EQ(m["files"]["errors/00000000000000aa.json"]["path"],
            "/data/errors/00000000000000aa.json");
  EXPECT_EQ(m["files"]["repos/acme/widgets.json"]["path"], "/data/repos/acme/widgets.json");
}

TEST(Dataset, PatternsWithoutEnoughLiteralTextExportTheEscapedTemplate) {
  // All hole: matches every paste; exported as the message as written.
  EXPECT_EQ(ExportedPattern(Rec("a", "{msg}", R"(([\s\S]*?))")), R"(\{msg\})");
  EXPECT_EQ(ExportedPattern(Rec("b", "{a}: {b}", R"(([\s\S]*?): ([\s\S]*?))")), R"(\{a\}: \{b\})");
  EXPECT_EQ(ExportedPattern(Rec("c", "%d.", R"(([-+]?\d+)\.)")), R"(%d\.)");
  EXPECT_EQ(ExportedPattern(Rec("d", "", "")), "");
  // Six literal characters or more: the record's own pattern.
  EXPECT_EQ(ExportedPattern(Rec("e", "bad key {k}", R"(bad key ([\s\S]*?))")),
            R"(bad key ([\s\S]*?))");
  EXPECT_EQ(ExportedPattern(Rec("f", "{x} \\(y\\)", R"(([\s\S]*?) \(y\))")),
            R"(\{x\} \\\(y\\\))");  // " (y)" is 3 characters once trimmed
}

TEST(Dataset, IndexCarriesTheExportedPatternAndRecordFilesTheOriginal) {
  Dataset ds = BuildDataset({Rec("00000000000000bb", "{msg}", R"(([\s\S]*?))")},
                            {{"acme/widgets", "abc", "2026-01-01T00:00:00Z", 1}}, "v1");
  json index = json::parse(ds.files.at("index.json"));
  EXPECT_EQ(index["errors"][0]["pattern"], R"(\{msg\})");
  json rec = json::parse(ds.files.at("errors/00000000000000bb.json"));
  EXPECT_EQ(rec["record"]["messagePattern"], R"(([\s\S]*?))");
}

}  // namespace
}  // namespace errdex::serve
