// Common situations for Python: "nothing in the repository calls it" is
// said of a public function no call names, never of a function defined
// inside another (a decorator's `decorate`), which is applied, not called
// by name (alembic's Dispatcher.dispatch_for, thirty-fifth grading).
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
