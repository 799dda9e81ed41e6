// A C check on a variable a parse-options table binds to `--x` names the
// option in the trigger (git's for-each-repo `--config`, blind grading
// e293ba2f0c5afb11; cat-file's `--batch-all-objects` through a member).
#include "analyze/option_binding.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(OptionBinding, ReadsTheTableAndMatchesPlainAndMemberReads) {
  std::string src =
      "\tOPT_STRING(0, \"config\", &config_key, N_(\"config\"), N_(\"config key\")),\n"  // 1
      "\tOPT_BOOL(0, \"batch-all-objects\", &opt.all_objects, N_(\"all\")),\n"           // 2
      "\tOPT_BOOL('k', \"keep-going\", &keep_going, N_(\"go on\")),\n";                  // 3
  std::vector<std::string_view> lines = SplitLines(src);
  std::vector<OptionBinding> b = OptionBindings(lines);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[1].option, "--batch-all-objects");
  EXPECT_EQ(b[1].variable, "opt.all_objects");
  std::vector<int> cited;
  EXPECT_EQ(BoundOptionsText(b, "opt->all_objects && keep_going", &cited),
            " `all_objects` is set by `--batch-all-objects` (line 2). `keep_going` is set by "
            "`--keep-going` (line 3).");
  EXPECT_EQ(cited, (std::vector<int>{2, 3}));
  // Several options setting one variable make one sentence.
  std::vector<OptionBinding> variants = {{"--ours", "state.merge_variant", 7},
                                         {"--theirs", "state.merge_variant", 8},
                                         {"--union", "state.merge_variant", 9}};
  EXPECT_EQ(BoundOptionsText(variants, "state->merge_variant", &cited),
            " `merge_variant` is set by `--ours`, `--theirs` or `--union` (lines 7, 8, 9).");
  // A plain variable of the same name as a bound member is another value,
  // and so is a struct whose member is read.
  EXPECT_EQ(BoundOptionsText(b, "all_objects || s->config_key || keep_going->x", &cited), "");
}

// Another function's local of the bound name is another variable.
TEST(OptionBinding, OnlyTheFunctionsOwnTableOrFileLevelVariables) {
  std::string src =
      "static int verbose;\n"                                        // 1
      "static int print(struct opts *opt, int mode)\n"               // 2
      "{\n"                                                          // 3
      "\tif (mode && verbose)\n"                                     // 4
      "\t\tdie(\"bad\");\n"                                          // 5
      "}\n"                                                          // 6
      "int cmd(int argc)\n"                                          // 7
      "{\n"                                                          // 8
      "\tint mode = 0;\n"                                            // 9
      "\tOPT_CMDMODE(0, \"textconv\", &mode, N_(\"conv\"), 'c'),\n"  // 10
      "\tOPT_BOOL('v', \"verbose\", &verbose, N_(\"talk\")),\n"      // 11
      "}\n";
  std::vector<std::string_view> lines = SplitLines(src);
  std::vector<OptionBinding> seen = VisibleBindings(OptionBindings(lines), lines, 2, 5);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].option, "--verbose");
}

TEST(OptionBinding, TheTriggerNamesTheOptionTheFailedCallWasGiven) {
  SourceFile f{"builtin/for-each-repo.c",
               "int cmd_for_each_repo(int argc, const char **argv)\n"                          // 1
               "{\n"                                                                           // 2
               "\tconst char *config_key = NULL;\n"                                            // 3
               "\tint err;\n"                                                                  // 4
               "\tconst struct option options[] = {\n"                                         // 5
               "\t\tOPT_STRING(0, \"config\", &config_key, N_(\"config\"),\n"                  // 6
               "\t\t\t   N_(\"config key storing a list of repository paths\")),\n"            // 7
               "\t\tOPT_END()\n"                                                               // 8
               "\t};\n"                                                                        // 9
               "\targc = parse_options(argc, argv, options, usage, 0);\n"                      // 10
               "\terr = repo_config_get_string_multi(the_repository, config_key, &values);\n"  // 11
               "\tif (err < 0)\n"                                                              // 12
               "\t\tdie(_(\"got bad config --config=%s\"), config_key);\n"                     // 13
               "\treturn 0;\n"                                                                 // 14
               "}\n"};
  Record r = Build(f, "got bad config");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `cmd_for_each_repo` (builtin/for-each-repo.c) when `err` is less than "
            "`0` (line 12). `config_key` is set by `--config` (line 6). The "
            "message names the option `--config`.");
}

}  // namespace
}  // namespace errdex
