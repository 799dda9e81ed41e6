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

// A formatter's fallback that prints the format itself when formatting
// with it failed (git's strbuf_vaddf: "unable to format message: %s") never
// shows a caller's literal format (fifteenth grading, e293ba2f0c5afb11). A
// function that only walks its varargs and prints the text before them
// (`verify_opt_compatible(me, "--quit", ...)`) still reaches the caller.
TEST(LinkCheckedText, FormatEchoedOnFailureIsNoCallersMessage) {
  Linked r = Link({{"strbuf.c",
                    "void buf_vaddf(struct buf *sb, const char *fmt, va_list ap)\n"  // 1
                    "{\n"                                                            // 2
                    "  int len = vsnprintf(sb->buf, sb->alloc, fmt, ap);\n"          // 3
                    "  if (len < 0)\n"                                               // 4
                    "    die(\"unable to format message: %s\", fmt);\n"              // 5
                    "}\n"                                                            // 6
                    "void opt_conflict(const char *me, const char *base, ...)\n"     // 7
                    "{\n"                                                            // 8
                    "  const char *this_opt;\n"                                      // 9
                    "  va_list ap;\n"                                                // 10
                    "  va_start(ap, base);\n"                                        // 11
                    "  this_opt = next_opt(ap);\n"                                   // 12
                    "  va_end(ap);\n"                                                // 13
                    "  if (this_opt)\n"                                              // 14
                    "    die(\"%s cannot be used with %s\", this_opt, base);\n"      // 15
                    "}\n"},
                   {"repo.c",
                    "int cmd_each(struct buf *sb, const char *key, va_list ap)\n"   // 1
                    "{\n"                                                           // 2
                    "  buf_vaddf(sb, \"got bad config --config=%s\", ap);\n"        // 3
                    "  opt_conflict(\"revert\", \"--quit\", \"--ff\", 1, NULL);\n"  // 4
                    "  return 0;\n"                                                 // 5
                    "}\n"}});
  EXPECT_EQ(r.CountAt("repo.c", 3), 0) << Dump(r);
  EXPECT_NE(r.Find("repo.c", 4, "%s cannot be used with --quit"), nullptr) << Dump(r);
}

}  // namespace
}  // namespace errdex
