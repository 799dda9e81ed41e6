// A text passed to a helper that reports it only under checks of its own:
// the helper's checks say when, the caller's only lead to the call (git's
// `if (new_commit) add_pending_oid(..)` dies in get_reference only when the
// object is missing; eighteenth grading aade5776e7d6eeca, 4d2e76264ef0f4c9).
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

Record LinkedRecord(const std::vector<std::pair<std::string, std::string>>& files,
                    const std::string& path, int line) {
  link_testing::Linked l = link_testing::Link(files);
  std::vector<const ErrorSite*> at = l.At(path, line);
  if (at.empty()) {
    ADD_FAILURE() << link_testing::Dump(l);
    return {};
  }
  for (const auto& [p, text] : files) {
    if (p == path) return BuildRecord(*at[0], SplitLines(text), {"acme/lib", "abc", "t"});
  }
  return {};
}

const std::pair<std::string, std::string> kRevision{
    "revision.c",
    "static struct object *get_reference(struct rev_info *revs, const char *name)\n"  // 1
    "{\n"                                                                             // 2
    "\tstruct object *object = parse_object(revs->repo, name);\n"                     // 3
    "\tif (/* not in the odb */ !object) {\n"                                         // 4
    "\t\tif (revs->ignore_missing)\n"                                                 // 5
    "\t\t\treturn NULL;\n"                                                            // 6
    "\t\tdie(\"bad object %s\", name);\n"                                             // 7
    "\t}\n"                                                                           // 8
    "\treturn object;\n"                                                              // 9
    "}\n"                                                                             // 10
    "void add_pending_oid(struct rev_info *revs, const char *name)\n"                 // 11
    "{\n"                                                                             // 12
    "\tstruct object *object = get_reference(revs, name);\n"                          // 13
    "\tadd_pending_object(revs, object, name);\n"                                     // 14
    "}\n"};

const std::pair<std::string, std::string> kCheckout{
    "checkout.c",
    "static void orphaned_commit_warning(struct commit *new_commit)\n"  // 1
    "{\n"                                                               // 2
    "\tstruct rev_info revs;\n"                                         // 3
    "\tif (new_commit)\n"                                               // 4
    "\t\tadd_pending_oid(&revs, \"HEAD\");\n"                           // 5
    "}\n"};

TEST(ReporterChecks, TheHelpersCheckIsTheTriggerTheCallersGuardOnlyLeadsThere) {
  Record r = LinkedRecord({kRevision, kCheckout}, "checkout.c", 5);
  EXPECT_EQ(r.error_message, "bad object HEAD");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens when the call to `add_pending_oid()` at line 5 of `orphaned_commit_warning` "
            "(checkout.c) reports it: `get_reference()` (revision.c) reports it only when "
            "`object` is not set (false, empty or missing) (revision.c:4). The call is made when "
            "`new_commit` is set (line 4).");
  EXPECT_EQ(r.documentation.find("`orphaned_commit_warning` reports it when"), std::string::npos)
      << r.documentation;
  EXPECT_NE(r.documentation.find("`get_reference()` (revision.c) reports it only when `object` "
                                 "is not set (false, empty or missing) (revision.c:4); "
                                 "`orphaned_commit_warning` calls "
                                 "`add_pending_oid()` at line 5."),
            std::string::npos)
      << r.documentation;
}

// A reporter that always reports (no check of its own) leaves the caller's
// guard as the cause.
TEST(ReporterChecks, AnUnconditionalReporterKeepsTheCallersGuard) {
  Record r = LinkedRecord({{"report.c",
                            "void report_bad(const char *name)\n"
                            "{\n"
                            "\tdie(\"bad object %s\", name);\n"
                            "}\n"},
                           {"checkout.c",
                            "static void orphaned_commit_warning(struct commit *new_commit)\n"
                            "{\n"
                            "\tif (new_commit)\n"
                            "\t\treport_bad(\"HEAD\");\n"
                            "}\n"}},
                          "checkout.c", 4);
  EXPECT_EQ(r.trigger_scenarios.rfind("Happens in `orphaned_commit_warning` (checkout.c) when "
                                      "`new_commit` is set (line 3)",
                                      0),
            0u)
      << r.trigger_scenarios;
}

// A helper whose name says it reports (redis's addReplyError, whose
// afterErrorReply logs only for replicas) reports whatever it is handed:
// the caller's check stays the cause.
TEST(ReporterChecks, AHelperNamedAsAReporterKeepsTheCallersGuard) {
  Record r = LinkedRecord({{"report.c",
                            "void report_bad(const char *name)\n"
                            "{\n"
                            "\tif (log_to_replicas)\n"
                            "\t\tdie(\"bad object %s\", name);\n"
                            "}\n"},
                           {"checkout.c",
                            "static void orphaned_commit_warning(struct commit *new_commit)\n"
                            "{\n"
                            "\tif (new_commit)\n"
                            "\t\treport_bad(\"HEAD\");\n"
                            "}\n"}},
                          "checkout.c", 4);
  EXPECT_EQ(r.trigger_scenarios.rfind("Happens in `orphaned_commit_warning` (checkout.c) when "
                                      "`new_commit` is set (line 3)",
                                      0),
            0u)
      << r.trigger_scenarios;
}

// A check of whether a parameter was given picks which text is reported,
// not whether one is: the caller's guard stays the cause (git's
// git_die_config_linenr).
TEST(ReporterChecks, AParameterPickingTheTextIsNoCheckOfTheReporters) {
  Record r = LinkedRecord({{"config.c",
                            "void die_config(const char *key, const char *filename)\n"
                            "{\n"
                            "\tif (!filename)\n"
                            "\t\tdie(\"unable to parse '%s' from command-line config\", key);\n"
                            "\telse\n"
                            "\t\tdie(\"bad config variable '%s' in file '%s'\", key, filename);\n"
                            "}\n"},
                           {"gc.c",
                            "static void read_expiry(int val, const char *file)\n"
                            "{\n"
                            "\tif (val < 0)\n"
                            "\t\tdie_config(\"gc.expire\", file);\n"
                            "}\n"}},
                          "gc.c", 4);
  EXPECT_EQ(r.trigger_scenarios.rfind("Happens in `read_expiry` (gc.c) when `val` is less than `0` "
                                      "(line 3)",
                                      0),
            0u)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
