// Held message: a text computed into a local and reported later is not
// "raised" where it is computed (fourteenth grading: jackson's
// `_findUnsupportedTypeDeserializer`).
#include "analyze/held_message.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(HeldMessage, NamesWhereTheTextGoes) {
  ErrorSite s;
  s.language = "java";
  s.file_path = "src/Factory.java";
  s.function = "Factory.findUnsupported";
  s.function_line = 1;
  s.line = 3;
  s.end_line = 3;
  s.kind = SiteKind::kRaise;
  s.message_origin_note = "held in `errorMsg`";
  s.message.AddLiteral("type not supported by default");
  std::vector<std::string_view> lines = {
      "  protected Deser findUnsupported(Ctx ctxt, JavaType type) {",  // 1
      "    // should we check for a shape override?",                  // 2
      "    final String errorMsg = BeanUtil.checkUnsupported(type);",  // 3
      "    if (errorMsg != null) {",                                   // 4
      "      if (ctxt.findMixInFor(type) == null) {",                  // 5
      "        return new UnsupportedDeser(type, errorMsg);",          // 6
      "      }",                                                       // 7
      "    }",                                                         // 8
      "    return null;",                                              // 9
      "  }"};                                                          // 10
  EXPECT_EQ(HeldLocal(s), "errorMsg");
  EXPECT_EQ(HeldUseLine(s, lines), 6);
  Record r = BuildRecord(s, lines, {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "The text is computed in `Factory.findUnsupported` (src/Factory.java) at line 3 and "
            "kept in `errorMsg`; line 6 hands it on (`return new UnsupportedDeser(type, "
            "errorMsg);`), and the error is reported where that value is used.");
  EXPECT_NE(r.documentation.find("The error's text is computed (not raised) in "
                                 "`Factory.findUnsupported` (src/Factory.java) at line 3."),
            std::string::npos)
      << r.documentation;
}

}  // namespace
}  // namespace errdex
