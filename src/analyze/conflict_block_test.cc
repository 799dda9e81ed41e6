// A raise in the conflict block of a Ruby hash merge happens only for a key
// both hashes have; the checks before the merge only lead to it (bundler's
// normalize_options, eighteenth grading ae1f6b1e5139ab98).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ConflictBlock, TheDuplicateKeyIsTheTriggerTheGuardOnlyLeadsThere) {
  SourceFile f{"lib/dsl.rb",
               "class Dsl\n"                                                              // 1
               "  def normalize_options(name, opts)\n"                                    // 2
               "    git_name = (git_names & opts.keys).last\n"                            // 3
               "    if @git_sources[git_name]\n"                                          // 4
               "      git_opts = @git_sources[git_name].call(opts[git_name])\n"           // 5
               "      opts.merge!(git_opts) do |key, _gemfile_value, _source_value|\n"    // 6
               "        raise GemfileError, \"The :#{key} option can't be used here\"\n"  // 7
               "      end\n"                                                              // 8
               "    end\n"                                                                // 9
               "  end\n"                                                                  // 10
               "end\n"};
  Record r = Build(f, "option can't be used here");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when `opts.merge!(git_opts)` (line 6 of `Dsl.normalize_options` "
            "(lib/dsl.rb)) meets a key both hashes have: only then does Ruby run the block that "
            "raises at line 7. The call is made when `@git_sources[git_name]` is true (line 4).");
  EXPECT_NE(r.documentation.find("`Dsl.normalize_options` raises it from the block of "
                                 "`opts.merge!(git_opts)` (line 6), which Ruby runs only for a "
                                 "key both hashes have."),
            std::string::npos)
      << r.documentation;
}

}  // namespace
}  // namespace errdex
