// Unhandled arm: a panic after a switch whose arms return, or in a default
// arm, in a function users cannot call, is an internal check: the record
// says so instead of generic advice.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/record_builder.h"
#include "errdex/extractor.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const char kInternal[] = "If you hit this internal check (";

TEST(UnhandledArm, GoPanicAfterASwitchInAnUnexportedFunction) {
  SourceFile f{"sorter.go",
               "package yaml\n"                              // 1
               "\n"                                          // 2
               "func numLess(a, b reflect.Value) bool {\n"   // 3
               "\tswitch a.Kind() {\n"                       // 4
               "\tcase reflect.Int:\n"                       // 5
               "\t\treturn a.Int() < b.Int()\n"              // 6
               "\tcase reflect.Float32, reflect.Float64:\n"  // 7
               "\t\treturn a.Float() < b.Float()\n"          // 8
               "\t}\n"                                       // 9
               "\tpanic(\"not a number\")\n"                 // 10
               "}\n"};
  Record r = Build(f, "not a number");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "If you hit this internal check (`panic` after the `switch` at line 4, reached only "
            "when no arm returned): it guards the library's own state, not a condition its "
            "users are meant to meet, so hitting it likely means a bug in the library or a "
            "corrupted state. Report it upstream with the library's version and a minimal input "
            "that leads here; a newer version may have fixed it");
}

TEST(UnhandledArm, RustPanicInTheDefaultArmOfAPrivateFunction) {
  SourceFile f{"src/kind.rs",
               "fn width(k: Kind) -> usize {\n"        // 1
               "    match k {\n"                       // 2
               "        Kind::A => 1,\n"               // 3
               "        Kind::B => 2,\n"               // 4
               "        _ => panic!(\"bad kind\"),\n"  // 5
               "    }\n"                               // 6
               "}\n"};
  Record r = Build(f, "bad kind");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].rfind(kInternal, 0), 0u) << r.solutions[0];
  EXPECT_NE(r.solutions[0].find("`panic!` in the default arm at line 5"), std::string::npos)
      << r.solutions[0];
}

TEST(UnhandledArm, AnExportedFunctionTakesUserValues) {
  SourceFile f{"mode.go",
               "package m\n"                   // 1
               "\n"                            // 2
               "func Parse(s string) int {\n"  // 3
               "\tswitch s {\n"                // 4
               "\tcase \"a\":\n"               // 5
               "\t\treturn 1\n"                // 6
               "\t}\n"                         // 7
               "\tpanic(\"unknown mode\")\n"   // 8
               "}\n"};
  Record r = Build(f, "unknown mode");
  for (const std::string& s : r.solutions) EXPECT_EQ(s.rfind(kInternal, 0), std::string::npos);
}

}  // namespace
}  // namespace errdex
