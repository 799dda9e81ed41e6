// The `related` ids stored with each record: records that share a
// function, a condition, an option, the wrapper writing the message or the
// error class, strongest first — never records only because they sit in the
// same file — and a script's errors never beside the library's.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "analyze/related.h"

namespace errdex {
namespace {

using Ids = std::vector<std::string>;

Record Rec(std::string id, std::string file, int line, std::string function, std::string cls,
           std::string condition = "") {
  Record r;
  r.id = std::move(id);
  r.repo = "acme/app";
  r.file_path = std::move(file);
  r.line_number = line;
  r.function = std::move(function);
  r.error_class = std::move(cls);
  r.conditions = nlohmann::json::array();
  if (!condition.empty()) {
    r.conditions.push_back({{"expr", condition}, {"polarity", true}, {"line", line - 1}});
  }
  return r;
}

TEST(LinkRelated, SameFunctionThenConditionThenOptionThenClassNeverFileAlone) {
  // In (file, line) order, as FinalizeRecords leaves them.
  std::vector<Record> rs = {
      Rec("load-mode", "app/core.py", 6, "load", "ValueError", "mode not in (\"r\", \"w\")"),
      Rec("load-missing", "app/core.py", 8, "load", "FileNotFoundError"),
      Rec("save-mode", "app/core.py", 13, "save", "ValueError", "mode not in (\"r\", \"w\")"),
      Rec("parse", "app/core.py", 18, "parse", "KeyError"),
      Rec("connect", "app/core.py", 23, "connect", "RuntimeError"),
      Rec("upload", "app/upload.py", 8, "upload", "PermissionError"),
      Rec("release", "scripts/release.py", 3, "bump", "ValueError"),
  };
  rs[4].options = nlohmann::json::array({{{"name", "APP_TOKEN"}, {"kind", "env"}}});
  rs[5].options = nlohmann::json::array({{{"name", "APP_TOKEN"}, {"kind", "env"}}});
  LinkRelated(&rs);
  EXPECT_EQ(rs[0].related, (Ids{"load-missing", "save-mode"}));
  EXPECT_EQ(rs[1].related, (Ids{"load-mode"}));
  EXPECT_EQ(rs[2].related, (Ids{"load-mode"}));
  // Its file holds four other records; it shares nothing with them.
  EXPECT_TRUE(rs[3].related.empty());
  EXPECT_EQ(rs[4].related, (Ids{"upload"}));
  EXPECT_EQ(rs[5].related, (Ids{"connect"}));
  // The release script's ValueError is not beside the library's.
  EXPECT_TRUE(rs[6].related.empty());
}

TEST(LinkRelated, AWrapperAndTheRecordsItWrites) {
  std::vector<Record> rs = {
      Rec("fail", "app/core.py", 27, "fail", "TypeError"),
      Rec("low", "app/core.py", 32, "check_low", "TypeError"),
      Rec("high", "app/upload.py", 13, "check_high", "TypeError"),
  };
  rs[1].message_from = "app/core.py:27";
  rs[2].message_from = "app/core.py:27";
  LinkRelated(&rs);
  EXPECT_EQ(rs[0].related, (Ids{"low", "high"}));
  EXPECT_EQ(rs[1].related, (Ids{"fail", "high"}));
  EXPECT_EQ(rs[2].related, (Ids{"fail", "low"}));
  RelationIndex index = BuildRelationIndex(rs);
  std::vector<Relation> why = FindRelated(rs, index, 1, 8);
  ASSERT_EQ(why.size(), 2u);
  EXPECT_EQ(why[0].reason, "the wrapper `fail` that writes its message");
  EXPECT_EQ(why[1].reason, "same wrapper `fail`");
}

// At most kMaxRelated, those of the record's own file first within a
// relation; a class shared by thousands of records costs no more.
TEST(LinkRelated, BoundedAndOwnFileFirst) {
  std::vector<Record> rs;
  for (int i = 0; i < 3000; ++i) {
    rs.push_back(Rec("a" + std::to_string(i), "a.py", i + 1, "", "ValueError"));
  }
  rs.push_back(Rec("b1", "b.py", 1, "", "ValueError"));
  rs.push_back(Rec("b2", "b.py", 2, "", "ValueError"));
  LinkRelated(&rs);
  EXPECT_EQ(rs[0].related, (Ids{"a1", "a2", "a3", "a4", "a5"}));
  EXPECT_EQ(rs[3000].related, (Ids{"b2", "a0", "a1", "a2", "a3"}));
}

}  // namespace
}  // namespace errdex
