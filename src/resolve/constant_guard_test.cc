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

TEST(ConstantGuard, KnownPartDecidesAnUnknownOperand) {
  long long v = -1;
  // git's `strict = (flag & IDENT_STRICT)` with flag 0: no bit, whatever it is.
  EXPECT_TRUE(EvaluateInteger("((0 & IDENT_STRICT)) && !has_non_crud(name)", &v));
  EXPECT_EQ(v, 0);
  EXPECT_TRUE(EvaluateInteger("1 || p->x > 2", &v));
  EXPECT_EQ(v, 1);
  EXPECT_TRUE(EvaluateInteger("NULL == 0 && (4 | 1) == 5", &v));
  EXPECT_EQ(v, 1);
  EXPECT_TRUE(EvaluateInteger("not 0 and True", &v));  // Python's words
  EXPECT_EQ(v, 1);
  EXPECT_FALSE(EvaluateInteger("(IDENT_STRICT & IDENT_STRICT) && x", &v));
  EXPECT_FALSE(EvaluateInteger("1 && s[\"a\"]", &v));
  EXPECT_FALSE(EvaluateInteger("!$input->hasOption(\"format\")", &v));  // `$` names
}

TEST(ConstantGuard, IdentityOfTwoConstants) {
  long long v = -1;
  EXPECT_TRUE(EvaluateIdentity("DEFAULT_LOG_FORMAT is NOTSET", &v));
  EXPECT_EQ(v, 0);
  EXPECT_TRUE(EvaluateIdentity("None is not NOTSET", &v));
  EXPECT_EQ(v, 1);
  EXPECT_TRUE(EvaluateIdentity("(NOTSET is NOTSET)", &v));
  EXPECT_EQ(v, 1);
  EXPECT_FALSE(EvaluateIdentity("default is NOTSET", &v));  // a variable
}

TEST(ConstantGuard, GivenKeywordIsNotTheSentinel) {
  // `def addini(self, name, help, type=None, default=NOTSET)`: raises only
  // when `default is NOTSET`.
  std::vector<PathCondition> conds = {{"default is NOTSET", true, 347}};
  std::vector<std::string> params = {"name", "help", "type", "default"};
  Template local, sentinel, forwarded;
  local.AddHole("{cache_dir_default}", "cache_dir_default");
  sentinel.AddHole("{NOTSET}", "NOTSET");
  forwarded.AddHole("{default}", "default");
  EXPECT_TRUE(ConstantArgumentsPassGuard(conds, params, {nullptr, nullptr, nullptr, &local}));
  EXPECT_FALSE(ConstantArgumentsPassGuard(conds, params, {nullptr, nullptr, nullptr, &sentinel}));
  EXPECT_FALSE(ConstantArgumentsPassGuard(conds, params, {nullptr, nullptr, nullptr, nullptr}));
  // The caller's own parameter may carry the sentinel on.
  EXPECT_FALSE(ConstantArgumentsPassGuard(conds, params, {nullptr, nullptr, nullptr, &forwarded},
                                          {"option", "dest", "default"}));
}

TEST(ConstantGuard, ConditionsFollowForwardedParameters) {
  std::vector<PathCondition> conds = {{"default is NOTSET", true, 347},
                                      {"isinstance(ini_type, tuple)", true, 348},
                                      {"a > b", true, 349}};
  std::vector<std::string> params = {"name", "default", "a", "b"};
  Template dest, deflt, two, local;
  dest.AddHole("{dest}", "dest");
  deflt.AddHole("{default}", "default");
  two.AddLiteral("2");
  local.AddHole("{n}", "n");
  // `addini(dest, default=default, a=b, b=2)` in `wrap(dest, default, b)`:
  // a call `f(b, a)` renames at once, a local's condition is dropped.
  std::vector<PathCondition> out =
      ConditionsForCaller(conds, params, {&dest, &deflt, &deflt, &two}, {"dest", "default", "b"});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].expr, "default is NOTSET");
  EXPECT_EQ(out[1].expr, "default > 2");
  // A parameter passed a value the caller computed: not the caller's to decide.
  EXPECT_TRUE(ConditionsForCaller(conds, params, {&dest, &local, &local, &two}, {"dest", "default"})
                  .empty());
}

}  // namespace
}  // namespace errdex
