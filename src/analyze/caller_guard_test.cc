// A function with no check of its own whose callers each call it under a
// check of theirs: the trigger names those checks, not "what the function's
// callers pass" (twenty-first grading: vite's throwClosedServerError, called
// under `if (this._closed ...)`).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::BuildInRepo;

TEST(CallerGuard, TypeScriptCallersCheckFirst) {
  SourceFile f{"src/server/container.ts",
               "export function throwClosedError(): never {\n"                 // 1
               "  const err: any = new Error('The server is being closed')\n"  // 2
               "  err.code = 'ERR_CLOSED'\n"                                   // 3
               "  throw err\n"                                                 // 4
               "}\n"                                                           // 5
               "\n"                                                            // 6
               "export class Container {\n"                                    // 7
               "  async resolveId(id: string) {\n"                             // 8
               "    for (const plugin of this.plugins) {\n"                    // 9
               "      if (this._closed && this.recoverable)\n"                 // 10
               "        throwClosedError()\n"                                  // 11
               "      await plugin.resolveId(id)\n"                            // 12
               "    }\n"                                                       // 13
               "  }\n"                                                         // 14
               "  async load(id: string) {\n"                                  // 15
               "    if (this._closed) {\n"                                     // 16
               "      throwClosedError()\n"                                    // 17
               "    }\n"                                                       // 18
               "    return this.loader.load(id)\n"                             // 19
               "  }\n"                                                         // 20
               "}\n"};
  Record r = BuildInRepo({f}, "being closed");
  EXPECT_EQ(r.trigger_scenarios,
            "errdex found no `if`, `match` or early return in `throwClosedError` "
            "(src/server/container.ts) that leads to line 2; the callers errdex found call it only "
            "under a check of their own: `this._closed && this.recoverable` (line 10); "
            "`this._closed` (line "
            "16). It is reached from `Container.resolveId` (src/server/container.ts:8), from "
            "`Container.load` (src/server/container.ts:15).");
}

// One caller without a check: nothing is claimed about the callers' checks.
TEST(CallerGuard, AnUnguardedCallerClaimsNothing) {
  SourceFile f{"src/server/container.ts",
               "export function throwClosedError(): never {\n"
               "  throw new Error('The server is being closed')\n"
               "}\n"
               "\n"
               "export class Container {\n"
               "  async load(id: string) {\n"
               "    if (this._closed) {\n"
               "      throwClosedError()\n"
               "    }\n"
               "    return this.loader.load(id)\n"
               "  }\n"
               "  async close() {\n"
               "    this.stop()\n"
               "    throwClosedError()\n"
               "  }\n"
               "}\n"};
  Record r = BuildInRepo({f}, "being closed");
  EXPECT_EQ(r.trigger_scenarios.find("a check of their own"), std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
