// Text helpers shared by the stages: whole-name replacement in conditions.
#include "util/text.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(ReplaceVariable, WholeNamesOnlyNeverMembers) {
  EXPECT_EQ(ReplaceVariable("strict && !strictly", "strict", "(0)"), "(0) && !strictly");
  EXPECT_EQ(ReplaceVariable("cfg.strict || p->strict || strict", "strict", "1"),
            "cfg.strict || p->strict || 1");
  EXPECT_EQ(ReplaceVariable("$seconds % 60 && seconds", "seconds", "X"), "$seconds % 60 && X");
  EXPECT_EQ(ReplaceVariable("$seconds % 60", "$seconds", "7"), "7 % 60");
  // A value that contains the name is not replaced again.
  EXPECT_EQ(ReplaceVariable("n > 0", "n", "(n + 1)"), "(n + 1) > 0");
  // An empty name (a declarator recovered as MISSING) changes nothing.
  EXPECT_EQ(ReplaceVariable("(new XMLHttpRequest())", "", "x"), "(new XMLHttpRequest())");
}

}  // namespace
}  // namespace errdex
