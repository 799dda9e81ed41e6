// Constant guards: a literal argument that passes the helper's check.
#include "resolve/constant_guard.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(ConstantGuard, EvaluatesIntegerArithmeticAndComparisons) {
  long long v = -1;
  EXPECT_TRUE(EvaluateInteger("60 % 2 !== 0", &v));
  EXPECT_EQ(v, 0);
  EXPECT_TRUE(EvaluateInteger("(2 <= 0) || !(3 > 1)", &v));
  EXPECT_EQ(v, 0);
  EXPECT_TRUE(EvaluateInteger("60 % 7 != 0 && 1", &v));
  EXPECT_EQ(v, 1);
  EXPECT_FALSE(EvaluateInteger("60 % 0", &v));        // no division by zero
  EXPECT_FALSE(EvaluateInteger("$x > 2", &v));        // a variable is unknown
  EXPECT_FALSE(EvaluateInteger("count(x) > 2", &v));  // so is a call
  EXPECT_FALSE(EvaluateInteger("2.5 > 2", &v));       // and a non-integer
}

TEST(ConstantGuard, LiteralThatPassesTheCheckNeverRaises) {
  // `if (60 % $seconds !== 0) throw ...`, called as repeatEvery(2) / (7).
  std::vector<PathCondition> conds = {{"60 % $seconds !== 0", true, 9}};
  std::vector<std::string> params = {"$seconds"};
  Template two, seven;
  two.AddLiteral("2");
  seven.AddLiteral("7");
  EXPECT_TRUE(ConstantArgumentsPassGuard(conds, params, {&two}));
  EXPECT_FALSE(ConstantArgumentsPassGuard(conds, params, {&seven}));
  // Parameters named without `$`, as some facts name them.
  EXPECT_TRUE(ConstantArgumentsPassGuard(conds, {"seconds"}, {&two}));
  // Not a literal: unknown, so the raise stays.
  Template hole;
  hole.AddHole("{$n}", "n");
  EXPECT_FALSE(ConstantArgumentsPassGuard(conds, params, {&hole}));
  EXPECT_FALSE(ConstantArgumentsPassGuard(conds, params, {nullptr}));
}

}  // namespace
}  // namespace errdex
