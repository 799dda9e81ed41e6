// Link and internal checks: a callee's `BUG(..)` whose text names its
// parameter is no message of the callers that pass it (git's
// git_die_config: "for key 'gc.pruneexpire' we must have a value to report
// on" was shown as `git gc`'s error, fifteenth grading). The same callee's
// ordinary report still reaches them. Fixtures are written for these tests.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;

const char kConfig[] =
    "void die_config(struct repo *r, const char *key)\n"                   // 1
    "{\n"                                                                  // 2
    "  if (get_value(r, key))\n"                                           // 3
    "    BUG(\"for key '%s' we must have a value to report on\", key);\n"  // 4
    "  error(\"bad config variable '%s'\", key);\n"                        // 5
    "}\n";                                                                 // 6
const char kGc[] =
    "static void gc_config(struct repo *r)\n"   // 1
    "{\n"                                       // 2
    "  if (expiry_in_future(r))\n"              // 3
    "    die_config(r, \"gc.pruneexpire\");\n"  // 4
    "}\n";                                      // 5

TEST(LinkInternalCheck, CalleesBugTextIsNotTheCallersMessage) {
  Linked r = Link({{"config.c", kConfig}, {"builtin/gc.c", kGc}});
  // The BUG stays a record where it is written, with its hole.
  EXPECT_NE(r.Find("config.c", 4, "for key '%s' we must have a value to report on"), nullptr)
      << Dump(r);
  EXPECT_EQ(r.Find("builtin/gc.c", 4, "for key 'gc.pruneexpire' we must have a value to report on"),
            nullptr)
      << Dump(r);
  // The report the user does see still reaches the caller.
  EXPECT_NE(r.Find("builtin/gc.c", 4, "bad config variable 'gc.pruneexpire'"), nullptr) << Dump(r);
}

// Through a wrapper too: the wrapper never becomes a sink of the BUG text.
TEST(LinkInternalCheck, WrapperOfABugIsNoSinkEither) {
  Linked r = Link({{"config.c", kConfig},
                   {"config_get.c",
                    "int get_expiry(struct repo *r, const char *name)\n"  // 1
                    "{\n"                                                 // 2
                    "  die_config(r, name);\n"                            // 3
                    "  return 0;\n"                                       // 4
                    "}\n"},
                   {"builtin/prune.c",
                    "int cmd_prune(struct repo *r)\n"              // 1
                    "{\n"                                          // 2
                    "  return get_expiry(r, \"prune.expire\");\n"  // 3
                    "}\n"}});
  EXPECT_EQ(r.Count("for key 'prune.expire' we must have a value to report on"), 0) << Dump(r);
  EXPECT_EQ(r.Count("bad config variable 'prune.expire'"), 1) << Dump(r);
}

}  // namespace
}  // namespace errdex
