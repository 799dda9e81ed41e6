// A C# expression-bodied member (`private static void ThrowInvalidMap() =>
// throw ...`) ends at its `=>`: the `public` of the member below is not its
// own. Read as public, it got handling code calling a private method
// (twenty-second grading, AutoMapper f5e3117b448139c7).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ExpressionBody, PrivateOneLinerIsNotCalledByHandlingCode) {
  SourceFile f{"src/Acme/Context.cs",
               "namespace Acme;\n"              // 1
               "public sealed class Context\n"  // 2
               "{\n"                            // 3
               "    private static void ThrowInvalidMap() => throw new "
               "InvalidOperationException(\"Items are only available with options.\");\n"  // 4
               "}\n"                                                                       // 5
               "public readonly record struct CacheKey(object Source, Type Destination);\n"};
  Record r = Build(f, "Items are only available");
  EXPECT_FALSE(r.try_catch_pattern.has_value()) << *r.try_catch_pattern;
}

TEST(ExpressionBody, PublicOneLinerKeepsItsHandlingCode) {
  SourceFile f{"src/Acme/Context.cs",
               "namespace Acme;\n"              // 1
               "public sealed class Context\n"  // 2
               "{\n"                            // 3
               "    public static void Require(int n) => throw new "
               "InvalidOperationException(\"n is required.\");\n"  // 4
               "}\n"};
  Record r = Build(f, "n is required");
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_NE(r.try_catch_pattern->find("Context.Require("), std::string::npos)
      << *r.try_catch_pattern;
}

}  // namespace
}  // namespace errdex
