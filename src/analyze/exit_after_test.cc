// A message logged right before the process exits is fatal, whatever its
// log level (twenty-second grading: redis's `serverLog(LL_WARNING, ..)`
// then `exit(1)` was called "a warning"). Fixtures in C, Go and Python; a
// log followed by anything else stays a log.
#include "analyze/exit_after.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ExitAfter, CWarningThenExitIsFatal) {
  SourceFile f{"src/rdb.c",
               "int rdbLoad(rio *rdb) {\n"        // 1
               "    if (mt == NULL) {\n"          // 2
               "        /* Unknown module. */\n"  // 3
               "        serverLog(LL_WARNING,\"The RDB file contains AUX module "
               "data I can't load: no matching module '%s'\", name);\n"  // 4
               "        exit(1);\n"                                      // 5
               "    }\n"                                                 // 6
               "    return 0;\n"                                         // 7
               "}\n"};
  Record r = Build(f, "AUX module data");
  EXPECT_NE(r.documentation.find("A warning is logged with `serverLog` in `rdbLoad` (src/rdb.c) "
                                 "at line 4, and the process exits right after (`exit(1)`, line "
                                 "5): this is fatal."),
            std::string::npos)
      << r.documentation;
}

TEST(ExitAfter, CWarningThenReturnIsNot) {
  SourceFile f{"src/server.c",
               "void setup(void) {\n"                                             // 1
               "    if (fd == -1) {\n"                                            // 2
               "        serverLog(LL_WARNING, \"Unable to set up the pipe\");\n"  // 3
               "        return;\n"                                                // 4
               "    }\n"                                                          // 5
               "}\n"};
  Record r = Build(f, "Unable to set up");
  EXPECT_EQ(r.documentation.find("exits"), std::string::npos) << r.documentation;
}

TEST(ExitAfter, GoAndPythonExitCalls) {
  ErrorSite go;
  go.line = 2;
  go.kind = SiteKind::kLog;
  std::vector<std::string_view> go_lines = {"func main() {", "\tlog.Printf(\"bad config: %v\",",
                                            "\t\terr)", "\tos.Exit(2)", "}"};
  ExitCall e = ExitAfter(go, go_lines);
  EXPECT_EQ(e.line, 4);
  EXPECT_EQ(e.code, "os.Exit(2)");
  ErrorSite py;
  py.line = 1;
  py.kind = SiteKind::kLog;
  std::vector<std::string_view> py_lines = {"    logger.error('no config found')",
                                            "    # nothing to run", "    sys.exit(1)"};
  e = ExitAfter(py, py_lines);
  EXPECT_EQ(e.line, 3);
  EXPECT_EQ(e.code, "sys.exit(1)");
  std::vector<std::string_view> other = {"    logger.error('no config found')", "    return None"};
  EXPECT_EQ(ExitAfter(py, other).line, 0);
  // `exit_code = 1` is no exit.
  std::vector<std::string_view> assign = {"    logger.error('x')", "    exit_code = 1"};
  EXPECT_EQ(ExitAfter(py, assign).line, 0);
}

}  // namespace
}  // namespace errdex
