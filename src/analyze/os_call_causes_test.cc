// OS call causes: the usual user-side reasons a C library call fails, said
// as common causes of that call failing (fourteenth grading: redis's
// rename(), jq's atexit()).
#include "analyze/os_call_causes.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(OsCallCauses, RenameWithErrnoText) {
  SourceFile f{"src/sync.c",
               "void finish_sync(void) {\n"
               "    if (rename(tmpfile, dbfile) == -1) {\n"
               "        serverLog(LL_WARNING, \"Failed trying to rename the temp DB: %s\",\n"
               "            strerror(errno));\n"
               "        return;\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "Failed trying to rename");
  // The message prints the OS reason: the causes come per errno class
  // (os_error_advice.h), and "Find out why" is left out.
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cNo such file or directory\u201d (ENOENT) for the failed `rename()` (line "
                "2): the file to rename or the directory it goes to does not exist",
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cPermission denied\u201d or \u201cOperation not permitted\u201d (EACCES, "
                "EPERM) for the failed `rename()` (line 2): the user running the process may not "
                "write the directories of both paths",
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cInvalid cross-device link\u201d (EXDEV) for the failed `rename()` (line 2): "
                "the two paths are on different file systems: keep them on one",
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cNo space left on device\u201d or \u201cDisk quota exceeded\u201d (ENOSPC, "
                "EDQUOT) for the failed `rename()` (line 2): the file system it writes to is full "
                "or the user's quota there is used up: free space there"}));
  // Without the OS reason in the message, the common causes remain.
  SourceFile g{"src/sync.c",
               "void finish_sync(void) {\n"
               "    if (rename(tmpfile, dbfile) == -1) {\n"
               "        serverLog(LL_WARNING, \"Failed trying to rename the temp DB\");\n"
               "        return;\n"
               "    }\n"
               "}\n"};
  r = Build(g, "Failed trying to rename");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Find out why `rename()` failed (called at line 2): this error reports that "
            "`rename(tmpfile, dbfile)` returned `-1`; common causes of `rename()` failing: the "
            "source file does not exist, the target's directory does not exist or is not "
            "writable, the two paths are on different file systems, or the disk is full");
}

TEST(OsCallCauses, AtexitWithoutErrnoText) {
  SourceFile f{"src/alloc.c",
               "static void tsd_init(void) {\n"
               "    if (atexit(tsd_fini) != 0) {\n"
               "        fprintf(stderr, \"error: cannot set an exit handler\\n\");\n"
               "        abort();\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "cannot set an exit handler");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Find out why `atexit()` failed (called at line 2): this error reports that "
            "`atexit(tsd_fini)` returned a value other than `0`; common causes of `atexit()` "
            "failing: memory is exhausted or the system's limit on registered exit handlers is "
            "reached");
}

TEST(OsCallCauses, OnlyKnownCalls) {
  EXPECT_EQ(OsCallCauses("rdbLoad", true), "");
  EXPECT_EQ(OsCallCauses("ftruncate", true),
            "common causes of `ftruncate()` failing: the descriptor is not open for writing, the "
            "length exceeds what the file system allows, or the device reports an I/O error (the "
            "OS error text the message prints says which)");
  EXPECT_EQ(OsCallCauses("mmap", false),
            "common causes of `mmap()` failing: the process hit its memory or address-space "
            "limit (`ulimit -v`, a container limit), or the file cannot be mapped (some file "
            "systems and devices refuse it)");
  EXPECT_TRUE(PrintsErrno("  ngx_log_error(NGX_LOG_ALERT, log, ngx_errno, \"open() failed\");"));
  EXPECT_FALSE(PrintsErrno("  fprintf(stderr, \"failed\\n\");"));
}

}  // namespace
}  // namespace errdex
