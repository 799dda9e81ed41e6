// A wrapper that catches its own raise links to no call site: its callers
// never see the text (thirty-sixth grading, electron-builder's
// ensurePathInside, 6e5fed535d5cf50f). Fixtures are written for this test.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testutil.h"

namespace errdex {
namespace {

std::vector<Record> Index(const testing::TempDir& dir) {
  return testing::IndexedRecords(dir.path(), "acme/builder");
}

TEST(SwallowedSink, CallsOfAWrapperThatCatchesItsOwnRaiseAreNoSites) {
  testing::TempDir dir;
  testing::WriteFile(dir.path(), "src/target.ts",
                     "export class Target {\n"                                                // 1
                     "  ensureInside(base: string, target: string, description: string) {\n"  // 2
                     "    try {\n"                                                            // 3
                     "      if (target.includes(\"..\")) {\n"                                 // 4
                     "        throw new InvalidConfigurationError(`${description} contains "
                     "invalid path segments`)\n"                                               // 5
                     "      }\n"                                                               // 6
                     "    } catch {\n"                                                         // 7
                     "      target = base\n"                                                   // 8
                     "    }\n"                                                                 // 9
                     "    return target\n"                                                     // 10
                     "  }\n"                                                                   // 11
                     "\n"                                                                      // 12
                     "  requireInside(base: string, target: string, description: string) {\n"  // 13
                     "    if (!target.startsWith(base)) {\n"                                   // 14
                     "      throw new InvalidConfigurationError(`${description} must be "
                     "inside ${base}`)\n"              // 15
                     "    }\n"                         // 16
                     "    return target\n"             // 17
                     "  }\n"                           // 18
                     "\n"                              // 19
                     "  async build(dir: string) {\n"  // 20
                     "    const a = await this.ensureInside(dir, path.join(dir, \"a.exe\"), "
                     "\"App executable\")\n"  // 21
                     "    const b = await this.requireInside(dir, path.join(dir, \"b.exe\"), "
                     "\"Stub executable\")\n"  // 22
                     "  }\n"                   // 23
                     "}\n");
  std::vector<Record> records = Index(dir);
  bool swallowed = false, linked = false;
  for (const Record& r : records) {
    swallowed |= r.error_message == "App executable contains invalid path segments";
    linked |= r.error_message == "Stub executable must be inside ${dir}" && r.line_number == 22;
  }
  EXPECT_FALSE(swallowed) << "a call of the wrapper that catches its own raise is no site";
  EXPECT_TRUE(linked) << "the wrapper that raises still links to its call";
}

}  // namespace
}  // namespace errdex
