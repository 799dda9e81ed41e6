// An unwrap of a value an assert checked before: an internal check.
// Fixture written after tokio-stream's `Result::extend` (seventeenth
// grading, f15bac9a27f1e810).
#include "analyze/asserted_before.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

const char* kCollectRs =
    "impl<T, U, E> FromStreamPriv<Result<T, E>> for Result<U, E> {\n"  // 1
    "    fn extend(collection: &mut Result<U, E>, item: Result<T, E>) -> bool {\n"
    "        assert!(collection.is_ok());\n"  // 3
    "        match item {\n"                  // 4
    "            Ok(item) => {\n"             // 5
    "                let collection = collection.as_mut().ok().expect(\"invalid state\");\n"
    "                U::extend(collection, item)\n"  // 7
    "            }\n"                                // 8
    "            Err(err) => {\n"                    // 9
    "                *collection = Err(err);\n"      // 10
    "                false\n"                        // 11
    "            }\n"                                // 12
    "        }\n"                                    // 13
    "    }\n"                                        // 14
    "}\n";

TEST(AssertedBefore, ExpectOnAnAssertedValueIsAnInternalCheck) {
  Record r = analyze_testing::Build({"src/collect.rs", kCollectRs, false}, "invalid state");
  EXPECT_NE(r.documentation.find("`assert!(collection.is_ok())` at line 3 already checked "
                                 "`collection`, which the `expect` at line 6 unwraps"),
            std::string::npos)
      << r.documentation;
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].find("Generic advice"), std::string::npos) << r.solutions[0];
}

TEST(AssertedBefore, ReassignedValueIsNotTheAssertedOne) {
  ErrorSite s;
  s.language = "rust";
  s.line = 4;
  s.function_line = 1;
  std::vector<std::string_view> lines = {"fn f(mut v: Option<u8>) -> u8 {",
                                         "    assert!(v.is_some());", "    v = None;",
                                         "    v.expect(\"gone\")"};
  EXPECT_EQ(AssertedBefore(s, lines), "");
  lines[2] = "    let w = 1;";
  EXPECT_NE(AssertedBefore(s, lines), "");
}

}  // namespace
}  // namespace errdex
