// DiffRecords: added, removed, reworded, moved and renamed errors between two
// snapshots, as `errdex diff` reports them.
#include "errdex/diff.h"

#include <gtest/gtest.h>

#include "errdex/record.h"

namespace errdex {
namespace {

Record Rec(const std::string& file, int line, const std::string& cls, const std::string& msg,
           const std::string& function = "f") {
  Record r;
  r.repo = "acme/app";
  r.file_path = file;
  r.line_number = line;
  r.error_class = cls;
  r.error_message = msg;
  r.message_pattern = msg;  // no holes in these messages
  r.kind = "raise";
  r.severity = "error";
  r.function = function;
  r.id = RecordId(r.repo, r.error_code, r.error_message, r.file_path);
  return r;
}

TEST(DiffRecords, AddedRemovedMovedAndUnchanged) {
  std::vector<Record> before = {Rec("a.py", 10, "ValueError", "bad value"),
                                Rec("a.py", 20, "KeyError", "no key"),
                                Rec("b.py", 5, "OSError", "gone soon", "g")};
  std::vector<Record> after = {Rec("a.py", 12, "ValueError", "bad value"),
                               Rec("a.py", 20, "KeyError", "no key"),
                               Rec("c.py", 1, "TypeError", "brand new", "h")};
  RecordDiff d = DiffRecords(before, after);
  ASSERT_EQ(d.added.size(), 1u);
  EXPECT_EQ(d.added[0]->error_message, "brand new");
  ASSERT_EQ(d.removed.size(), 1u);
  EXPECT_EQ(d.removed[0]->error_message, "gone soon");
  EXPECT_TRUE(d.changed.empty());
  EXPECT_EQ(d.unchanged, 2);
  EXPECT_EQ(d.moved, 1);
  EXPECT_FALSE(d.empty());
  EXPECT_TRUE(DiffRecords(before, before).empty());
}

TEST(DiffRecords, RewordedInPlaceIsAChange) {
  std::vector<Record> before = {Rec("a.py", 10, "ValueError", "bad value"),
                                Rec("a.py", 30, "ValueError", "too big", "other")};
  std::vector<Record> after = {Rec("a.py", 11, "ValueError", "invalid value"),
                               Rec("a.py", 30, "ValueError", "too big", "other")};
  RecordDiff d = DiffRecords(before, after);
  ASSERT_EQ(d.changed.size(), 1u);
  EXPECT_EQ(d.changed[0].before->error_message, "bad value");
  EXPECT_EQ(d.changed[0].after->error_message, "invalid value");
  EXPECT_EQ(d.changed[0].fields, (std::vector<std::string>{"errorMessage"}));
  EXPECT_TRUE(d.added.empty());
  EXPECT_TRUE(d.removed.empty());
}

TEST(DiffRecords, ClassStatusAndFileChanges) {
  Record old_http = Rec("api.py", 5, "HTTPError", "not allowed");
  old_http.http_status = 403;
  Record new_http = old_http;
  new_http.http_status = 401;
  std::vector<Record> before = {old_http, Rec("util.py", 7, "ValueError", "empty host", "parse")};
  std::vector<Record> after = {new_http, Rec("net.py", 70, "ValueError", "empty host", "parse")};
  RecordDiff d = DiffRecords(before, after);
  ASSERT_EQ(d.changed.size(), 2u);
  EXPECT_EQ(d.changed[0].fields, (std::vector<std::string>{"httpStatus"}));
  EXPECT_EQ(d.changed[1].fields, (std::vector<std::string>{"filePath"}));
  EXPECT_EQ(d.changed[1].after->file_path, "net.py");
  EXPECT_EQ(d.unchanged, 0);
}

TEST(DiffRecords, AmbiguousRenamesStayAddedAndRemoved) {
  // One message moved to two files: which one replaced it is not known.
  std::vector<Record> before = {Rec("old.py", 1, "ValueError", "empty", "x")};
  std::vector<Record> after = {Rec("new1.py", 1, "ValueError", "empty", "y"),
                               Rec("new2.py", 1, "ValueError", "empty", "z")};
  RecordDiff d = DiffRecords(before, after);
  EXPECT_TRUE(d.changed.empty());
  EXPECT_EQ(d.added.size(), 2u);
  EXPECT_EQ(d.removed.size(), 1u);
}

}  // namespace
}  // namespace errdex
