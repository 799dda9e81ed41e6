// Visibility tests: which paths are a repository's development tooling.
#include "analyze/visibility.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(Visibility, DevelopmentToolingByDirectory) {
  // Anywhere in the tree.
  EXPECT_TRUE(InDevelopmentTooling("tooling/generate-css-data.js"));
  EXPECT_TRUE(InDevelopmentTooling("packages/core/benchmarks/parse.ts"));
  EXPECT_TRUE(InDevelopmentTooling("fuzzers/packfile_fuzzer.c"));
  EXPECT_TRUE(InDevelopmentTooling(".github/scripts/notify.js"));
  EXPECT_TRUE(InDevelopmentTooling("tonic-xds/src/testutil/grpc.rs"));
  EXPECT_TRUE(InDevelopmentTooling("internal/test_utils/server.go"));
  // At the top only.
  EXPECT_TRUE(InDevelopmentTooling("setup/setup.js"));
  EXPECT_TRUE(InDevelopmentTooling("script/api-docs/api-generator.js"));
  EXPECT_TRUE(InDevelopmentTooling("Tools/release.py"));
  EXPECT_FALSE(InDevelopmentTooling("src/tools/cli.py"));
  EXPECT_FALSE(InDevelopmentTooling("lib/setup/options.rb"));
  // The library itself, and a file named like a directory.
  EXPECT_FALSE(InDevelopmentTooling("lib/webpack/Compiler.js"));
  EXPECT_FALSE(InDevelopmentTooling("setup.py"));
  EXPECT_FALSE(InDevelopmentTooling("scripts"));
}

}  // namespace
}  // namespace errdex
