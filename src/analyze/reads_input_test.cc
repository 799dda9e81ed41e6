// Reads input: a checked value a reader or parser got from the function's
// argument is about the data the argument carries (the user's URL, file).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(ReadsInputTest, ParsedValueSendsTheUserToTheInput) {
  SourceFile f{"lib/url.c",
               "static int parse_port(const char *input, int from) {\n"
               "  return atoi(input + from);\n"
               "}\n"
               "\n"
               "static int url_parse(struct url *u, const char *input) {\n"
               "  int port = parse_port(input, 1);\n"
               "  if (port == -1) {\n"
               "    fprintf(stderr, \"Invalid URL port\");\n"
               "    return -1;\n"
               "  }\n"
               "  return 0;\n"
               "}\n"};
  Record r = analyze_testing::Build(f, "Invalid URL port");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Check the input `input` carries (an argument of `url_parse`): `port` is what "
            "`parse_port(input, 1)` (line 6) read from it, and the check at line 7 raises this "
            "when `port` is `-1` (line 7)");
}

}  // namespace
}  // namespace errdex
