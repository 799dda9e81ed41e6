// A Kotlin scope function's lambda (`= apply { require(..) }`) runs inside
// the function that calls it: the function's header gives the parameters,
// and an extension function is called on its receiver (twenty-third
// grading, coil 06ad5bc7329a8238: the accepted values were in the record's
// own documentation, the solution was generic).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ScopeFunction, ApplyBodyKeepsTheFunctionsParametersAndReceiver) {
  SourceFile f{"src/Req.kt",
               "package acme\n"                                                 // 1
               "\n"                                                             // 2
               "fun ImageRequest.Builder.frameOption(option: Int) = apply {\n"  // 3
               "    require(option == OPTION_A || option == OPTION_B) {\n"      // 4
               "        \"Invalid frame option: $option.\"\n"                   // 5
               "    }\n"                                                        // 6
               "    extras[KEY] = option\n"                                     // 7
               "}\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(f.path)->Extract(f, &sites, &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  ErrorSite s = sites[0];
  EXPECT_EQ(s.function, "frameOption");
  EXPECT_EQ(s.function_line, 3);  // the `fun` line, not 0 for the lambda
  // The require's condition, as the indexer's record carries it.
  if (s.conditions.empty()) {
    s.conditions.push_back({"option == OPTION_A || option == OPTION_B", false, 4});
  }
  Record r = BuildRecord(s, SplitLines(f.content), {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when you call `builder.frameOption(...)` with arguments for which `option` "
            "is not `OPTION_A` and `option` is not `OPTION_B` (line 4).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Call `builder.frameOption(...)` with a `option` that is one of: `OPTION_A`, "
            "`OPTION_B` (compared at line 4; other values reach line 4)");
}

// A receiver whose name starts with an acronym is lowered whole
// (`tlsConfigBuilder`, not `tLSConfigBuilder`).
TEST(ScopeFunction, AcronymReceiverReadsAsAVariable) {
  SourceFile f{"src/Tls.kt",
               "package acme\n"                                                               // 1
               "\n"                                                                           // 2
               "public fun TLSConfigBuilder.addKeyStore(store: KeyStore, alias: String) {\n"  // 3
               "    throw IllegalStateException(\"No key store $alias\")\n"                   // 4
               "}\n"};
  Record r = Build(f, "No key store");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("tlsConfigBuilder.addKeyStore("), std::string::npos)
      << *r.try_catch_pattern;
}

TEST(ScopeFunction, ACallbackLambdaIsStillItsOwnScope) {
  SourceFile f{"src/Req.kt",
               "package acme\n"                                            // 1
               "\n"                                                        // 2
               "fun checkAll(items: List<Int>) {\n"                        // 3
               "    items.forEach { require(it > 0) { \"bad item\" } }\n"  // 4
               "}\n"};
  Record r = Build(f, "bad item");
  EXPECT_EQ(r.trigger_scenarios.find("Happens when you call"), std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
