// Internal counters: a check on the library's own retry count gives no
// "reject inputs" advice. Fixture written for this test after composer's
// AuthHelper::promptAuthIfNeeded (seventeenth grading, f7a1c94857fb80fd).
#include "analyze/internal_counter.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(InternalCounter, Names) {
  EXPECT_TRUE(IsInternalCounter("$retryCount", "the amount of retries already done on this URL"));
  EXPECT_TRUE(IsInternalCounter("currentAttempt", ""));
  EXPECT_TRUE(IsInternalCounter("count", "the number of requests already made"));
  // How many to make is the user's setting (Polly's `Retry(retryCount)`).
  EXPECT_FALSE(IsInternalCounter("retryCount", "the retry count"));
  EXPECT_FALSE(IsInternalCounter("attempts", ""));
  EXPECT_FALSE(IsInternalCounter("maxRetries", ""));
  EXPECT_FALSE(IsInternalCounter("count", "how many items to return"));
  EXPECT_FALSE(IsInternalCounter("step", ""));
}

const char* kAuthHelperPhp =
    "<?php\n"
    "namespace Acme;\n"
    "class AuthHelper {\n"
    "    /**\n"
    "     * @param string $url\n"
    "     * @param int $retryCount the amount of retries already done on this URL\n"
    "     */\n"
    "    public function promptAuthIfNeeded(string $url, int $retryCount): array {\n"
    "        if ($retryCount !== 0) {\n"
    "            throw new TransportException(\"Invalid credentials for '\" . $url . \"', "
    "aborting.\");\n"
    "        }\n"
    "        return [];\n"
    "    }\n"
    "}\n";

TEST(InternalCounter, RetryCountIsNoInputToReject) {
  Record r =
      analyze_testing::Build({"src/AuthHelper.php", kAuthHelperPhp, false}, "Invalid credentials");
  for (const std::string& t : r.prevention_tips) {
    EXPECT_EQ(t.find("Reject inputs"), std::string::npos) << t;
  }
  EXPECT_EQ(r.example_fix, "");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("with arguments for which"), std::string::npos) << s;
  }
  EXPECT_EQ(r.trigger_scenarios.find("when you call"), std::string::npos) << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
