// CapConditions and the extractors' long branch chains: a site in a function
// of thousands of guarded raises keeps the guards nearest it, and no more
// than kMaxSiteConditions (issue 17: such functions took 50 s and 4 GB).
#include "extract/common/condition_cap.h"

#include <gtest/gtest.h>

#include <string>

#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;

std::string ChainOfRaises(int n, bool elif) {
  std::string code = "def check(x):\n";
  for (int i = 0; i < n; ++i) {
    code += std::string("    ") + (elif && i > 0 ? "elif" : "if") + " x == " + std::to_string(i) +
            ":\n        raise ValueError(f'bad value " + std::to_string(i) + ": {x}')\n";
  }
  return code;
}

TEST(CapConditions, KeepsGuardsThenNearestExitsInPathOrder) {
  ErrorSite site;
  site.line = 100;
  site.conditions.push_back({"outer", true, 2});
  for (int i = 3; i <= 32; ++i) site.conditions.push_back({"c" + std::to_string(i), false, i});
  CapConditions(&site);
  ASSERT_EQ(site.conditions.size(), kMaxSiteConditions);
  EXPECT_EQ(site.conditions[0].expr, "outer");  // line 2: the guard is kept although far
  EXPECT_EQ(site.conditions[1].expr, "c18");    // then the 15 nearest exits, lines 18..32
  EXPECT_EQ(site.conditions.back().expr, "c32");
}

TEST(CapConditions, ShortListsAreUntouched) {
  ErrorSite site;
  site.conditions = {{"a", true, 1}, {"b", false, 2}};
  CapConditions(&site);
  ASSERT_EQ(site.conditions.size(), 2u);
  EXPECT_EQ(site.conditions[1].expr, "b");
}

TEST(PythonBranchChains, ElifChainGivesTheNearestEarlierBranches) {
  auto sites = ExtractFile("pkg/big.py", ChainOfRaises(3000, true), "python");
  ASSERT_EQ(sites.size(), 3000u);
  const ErrorSite& last = sites.back();
  EXPECT_EQ(last.line, 6001);
  EXPECT_EQ(last.message.Display(), "bad value 2999: {x}");
  ASSERT_LE(last.conditions.size(), kMaxSiteConditions + 1);
  EXPECT_EQ(last.conditions.back().expr, "x == 2999");
  EXPECT_TRUE(last.conditions.back().polarity);
  const PathCondition& before = last.conditions[last.conditions.size() - 2];
  EXPECT_EQ(before.expr, "x == 2998");
  EXPECT_FALSE(before.polarity);
  // The first branch keeps the whole (short) chain before it: none.
  ASSERT_EQ(sites[1].conditions.size(), 2u);
  EXPECT_EQ(sites[1].conditions[0].expr, "x == 0");
  EXPECT_FALSE(sites[1].conditions[0].polarity);
}

TEST(PythonBranchChains, EarlyExitsGiveTheNearestOnes) {
  auto sites = ExtractFile("pkg/big.py", ChainOfRaises(3000, false), "python");
  ASSERT_EQ(sites.size(), 3000u);
  const ErrorSite& last = sites.back();
  ASSERT_LE(last.conditions.size(), kMaxSiteConditions + 1);
  EXPECT_EQ(last.conditions.back().expr, "x == 2999");
  EXPECT_EQ(last.conditions[last.conditions.size() - 2].expr, "x == 2998");
  EXPECT_FALSE(last.conditions[last.conditions.size() - 2].polarity);
}

}  // namespace
}  // namespace errdex
