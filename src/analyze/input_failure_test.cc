// A failed call on the command's own argument: the argument is what to
// check. Fixture written after redis's helloblock module (seventeenth
// grading, 989dc7482b50fe72).
#include "analyze/input_failure.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(InputFailure, Wordings) {
  EXPECT_EQ(
      CommandInputFailure("getLongLongFromObject(c->argv[2],&ll)", "getLongLongFromObject", 9),
      "Check what the command was given as its argument 2 (`c->argv[2]`): it must be an "
      "integer, and `getLongLongFromObject(c->argv[2],&ll)` (line 9) could not read it as one");
  EXPECT_EQ(CommandInputFailure("loadFile(argv[1])", "loadFile", 3),
            "Check what the command was given as its argument 1 (`argv[1]`): `loadFile(argv[1])` "
            "(line 3) failed on it");
  EXPECT_EQ(CommandInputFailure("strtol_i(arg, 10, &n)", "strtol_i", 3), "");  // not argv
}

const char* kHelloBlockC =
    "#include \"redismodule.h\"\n"
    "int HelloBlock_RedisCommand(RedisModuleCtx *ctx, RedisModuleString **argv, int argc) {\n"
    "    if (argc != 3) return RedisModule_WrongArity(ctx);\n"
    "    long long delay;\n"
    "    if (RedisModule_StringToLongLong(argv[1],&delay) != REDISMODULE_OK) {\n"
    "        return RedisModule_ReplyWithError(ctx,\"ERR invalid count\");\n"
    "    }\n"
    "    return REDISMODULE_OK;\n"
    "}\n";

TEST(InputFailure, CommandArgumentThatIsNoInteger) {
  Record r =
      analyze_testing::Build({"src/modules/helloblock.c", kHelloBlockC, false}, "invalid count");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Check what the command was given as its argument 1 (`argv[1]`): it must be an "
            "integer, and `RedisModule_StringToLongLong(argv[1],&delay)` (line 5) could not read "
            "it as one");
}

}  // namespace
}  // namespace errdex
