// Try calls: the calls of the `try` block a catch clause belongs to.
#include "analyze/try_calls.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(TryBlockOfTest, JavaScriptTryAndCatch) {
  std::vector<std::string_view> lines = {"async function init() {",                  // 1
                                         "  try {",                                  // 2
                                         "    debug('scanning')",                    // 3
                                         "    const d = discoverDependencies(env)",  // 4
                                         "    if (d.empty()) {",                     // 5
                                         "      warnEmpty(d)",                       // 6
                                         "    }",                                    // 7
                                         "  } catch (e) {",                          // 8
                                         "    logger.error('Failed to scan ' + e)",  // 9
                                         "  }",                                      // 10
                                         "}"};
  TryBlock b = TryBlockOf(lines, 8);
  EXPECT_EQ(b.first, 3);
  EXPECT_EQ(b.last, 7);
  ASSERT_EQ(b.calls.size(), 1u);
  EXPECT_EQ(b.calls[0].callee, "discoverDependencies");
  EXPECT_EQ(b.calls[0].line, 4);
}

TEST(TryBlockOfTest, SecondHandlerOfOneTry) {
  std::vector<std::string_view> lines = {"  public T convert(Body value) {",                    // 1
                                         "    try {",                                           // 2
                                         "      return serializer.read(cls, value.stream());",  // 3
                                         "    } catch (RuntimeException e) {",                  // 4
                                         "      throw e;",                                      // 5
                                         "    } catch (Exception e) {",                         // 6
                                         "      throw new RuntimeException(e);",                // 7
                                         "    }"};
  TryBlock b = TryBlockOf(lines, 6);
  EXPECT_EQ(b.first, 3);
  ASSERT_EQ(b.calls.size(), 1u);
  EXPECT_EQ(b.calls[0].callee, "serializer.read");
}

TEST(TryBlockOfTest, TriggerNamesTheCall) {
  SourceFile f{"src/scan.py",
               "def scan(env):\n"
               "    try:\n"
               "        deps = discover(env)\n"
               "    except OSError as e:\n"
               "        raise ScanError(f'Failed to run dependency scan: {e}')\n"};
  Record r = analyze_testing::Build(f, "Failed to run");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `scan` (src/scan.py) when a call in the `try` block at line 3 fails "
            "(`discover(...)` (line 3)) and `except OSError as e` (line 4) catches it.");
}

}  // namespace
}  // namespace errdex
