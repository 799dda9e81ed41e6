// Collection fill: a raise under "the list is not empty" names the lines
// that fill the list.
#include "analyze/collection_fill.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(NonEmptyCollectionTest, ReadsEachLanguagesTest) {
  EXPECT_EQ(NonEmptyCollection("errors.length > 0", true), "errors");
  EXPECT_EQ(NonEmptyCollection("len(failures) > 0", true), "failures");
  EXPECT_EQ(NonEmptyCollection("!problems.isEmpty()", true), "problems");
  EXPECT_EQ(NonEmptyCollection("count($errors) > 0", true), "$errors");
  EXPECT_EQ(NonEmptyCollection("errors.length > 0", false), "");
  EXPECT_EQ(NonEmptyCollection("errors.length > 1", true), "");
}

TEST(CollectionFillTest, TriggerNamesWhatFillsTheList) {
  SourceFile f{"lib/deps.js",
               "function validate(compilers, names) {\n"
               "  const errors = [];\n"
               "  for (const n of names) {\n"
               "    if (!compilers.has(n)) errors.push(`Compiler dependency ${n} not found.`);\n"
               "  }\n"
               "  if (errors.length > 0) {\n"
               "    throw new Error(errors.join('\\n'));\n"
               "  }\n"
               "}\n"};
  // The pushed text is the message (one problem found).
  Record r = analyze_testing::Build(f, "Compiler dependency");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `validate` (lib/deps.js) when `errors.length` is greater than `0` (line "
            "6). `errors` gets its entries at line 4 (`if (!compilers.has(n)) "
            "errors.push(`Compiler dependency ${n} not found...`).");
}

}  // namespace
}  // namespace errdex
