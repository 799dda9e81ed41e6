// Documented cause: the condition an error's own doc states becomes the
// solution when nothing more specific is known.
#include "analyze/documented_cause.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(DocumentedCauseTest, ReadsTheConditionAfterWhenOrIf) {
  EXPECT_EQ(DocumentedCause("Thrown when the per-migration transaction mode is overriden but the "
                            "global transaction mode is set to \"all\"."),
            "the per-migration transaction mode is overriden but the global transaction mode is "
            "set to \"all\"");
  EXPECT_EQ(DocumentedCause("Indicates that the heap limit prevents all search strategies. For "
                            "example, if the heap limit is set to 0. More."),
            "the heap limit prevents all search strategies (For example, if the heap limit is "
            "set to 0)");
  EXPECT_EQ(DocumentedCause("Returned when [`OnceCell::set`] was called twice"),
            "`OnceCell::set` was called twice");
}

TEST(DocumentedCauseTest, SaysNothingForAnErrorThatOnlyHappened) {
  EXPECT_EQ(DocumentedCause("The exception thrown when an error occurs during writing."), "");
  EXPECT_EQ(DocumentedCause("Errors that can occur when deserializing a type."), "");
  EXPECT_EQ(DocumentedCause("The base error of this library."), "");
}

TEST(AddDocumentedCausesTest, ReplacesOnlyGenericAdvice) {
  SourceFile err{"src/error/ModeError.ts",
                 "/**\n"
                 " * Thrown when the migration mode is overriden but the global mode is \"all\".\n"
                 " */\n"
                 "export class ModeError extends Error {}\n"};
  SourceFile raise{"src/run.ts",
                   "import { ModeError } from \"./error/ModeError\"\n"
                   "export function run(list: string[]) {\n"
                   "  throw new ModeError(\"mode overridden\")\n"
                   "}\n"};
  std::vector<Record> records = {analyze_testing::Build(raise, "mode overridden")};
  ASSERT_EQ(records[0].solutions.size(), 1u);
  ASSERT_TRUE(records[0].solutions[0].starts_with("Generic advice"));
  AddDocumentedCauses({err, raise}, &records);
  EXPECT_EQ(records[0].solutions,
            (std::vector<std::string>{
                "Avoid the cause `ModeError`'s documentation gives (src/error/ModeError.ts:1–3): "
                "the migration mode is overriden but the global mode is \"all\""}));
}

TEST(DocumentedCauseTest, ThrowsTagOfTheFunction) {
  SourceFile f{"src/Reader.java",
               "class Reader {\n"
               "  /**\n"
               "   * Reads the next value.\n"
               "   * @throws IllegalStateException if the reader was closed before\n"
               "   */\n"
               "  public int next() {\n"
               "    if (in == null) throw new IllegalStateException(\"closed\");\n"
               "    return 0;\n"
               "  }\n"
               "}\n"};
  Record r = analyze_testing::Build(f, "closed");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{"Avoid the cause `next`'s documentation gives (line 4): the "
                                      "reader was closed before"}));
}

}  // namespace
}  // namespace errdex
