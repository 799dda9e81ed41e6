// End-to-end: a call whose constant arguments make the raise's check false
// is no route to it. Fixture written after git's `fmt_ident(.., 0)` calls
// (seventeenth grading, 8344083ad0b4fc7b): the strict-mode die in ident.c
// was said to be reached from `git blame`, whose call passes no
// IDENT_STRICT bit.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testutil.h"

namespace errdex {
namespace {

using testing::ShellQuote;

class GuardedRouteE2E : public testing::CliTest {};

TEST_F(GuardedRouteE2E, CallsPassingTheCheckAreNoRoute) {
  const std::string& r = repo_.path();
  testing::WriteFile(r, "ident.h",
                     "#define IDENT_STRICT 1\n"
                     "const char *fmt_ident(const char *name, int flag);\n");
  testing::WriteFile(r, "ident.c",
                     "#include \"ident.h\"\n"
                     "const char *fmt_ident(const char *name, int flag)\n"
                     "{\n"
                     "\tint strict = (flag & IDENT_STRICT);\n"
                     "\tif (strict && !has_non_crud(name))\n"
                     "\t\tdie(_(\"name consists only of disallowed characters: %s\"), name);\n"
                     "\treturn name;\n"
                     "}\n");
  testing::WriteFile(r, "blame.c",
                     "#include \"ident.h\"\n"
                     "int cmd_blame(int argc, const char **argv)\n"
                     "{\n"
                     "\tconst char *ident = fmt_ident(\"Not Committed Yet\", 0);\n"
                     "\treturn ident != 0;\n"
                     "}\n");
  testing::GitCommitAll(r, "acme/ident");
  nlohmann::json s = Json("index " + ShellQuote(r));
  ASSERT_FALSE(s.is_discarded());

  nlohmann::json die;
  for (const auto& e : Json("list")) {
    if (e["filePath"] == "ident.c") die = Json("show " + e["id"].get<std::string>());
  }
  ASSERT_TRUE(die.is_object()) << Json("list").dump();
  std::string trigger = die["triggerScenarios"];
  EXPECT_NE(trigger.find("The call at blame.c:4 passes arguments for which a check on the way is "
                         "false: it never gets here."),
            std::string::npos)
      << trigger;
  EXPECT_EQ(trigger.find("reached from"), std::string::npos) << trigger;
  EXPECT_EQ(die["commonSituations"].get<std::string>().find("cmd_blame"), std::string::npos)
      << die.dump(1);
}

}  // namespace
}  // namespace errdex
