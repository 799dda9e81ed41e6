// Exported predicates (issue 13, twentieth grading): when the deciding check
// is a call of a question the library exports (`is_*`, `has_*`, `*_exists`,
// `valid*`), the solution is to ask it first; a private helper is not one.
#include "analyze/predicate_check.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/setter_index.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ExportedPredicate, PythonModuleFunction) {
  Record r = Build({"names.py",
                    "def is_valid_name(name):\n"
                    "    return name.isidentifier()\n"
                    "\n"
                    "def create(name):\n"
                    "    if not is_valid_name(name):\n"
                    "        raise ValueError('bad name')\n"},
                   "bad name");
  EXPECT_EQ(r.solutions, std::vector<std::string>{
                             "Call `is_valid_name(name)` first (the library exports "
                             "`is_valid_name`): `create` reports this error when it returns false "
                             "(checked at line 5)"});
}

TEST(ExportedPredicate, PrivateHelperIsNoAdvice) {
  Record r = Build({"names.py",
                    "def _is_valid_name(name):\n"
                    "    return name.isidentifier()\n"
                    "\n"
                    "def create(name):\n"
                    "    if not _is_valid_name(name):\n"
                    "        raise ValueError('bad name')\n"},
                   "bad name");
  for (const std::string& s : r.solutions)
    EXPECT_FALSE(s.find("first (the library") != std::string::npos) << s;
}

// C: only a function an installed header declares.
TEST(ExportedPredicate, CPublicHeader) {
  SourceFile header{"include/git2/refs.h",
                    "GIT_EXTERN(int) git_reference_is_valid_name(const char *refname);\n"
                    "GIT_EXTERN(int) git_reference_lookup(git_reference **out, const char "
                    "*name);\n"};
  SourceFile impl{"src/refs.c",
                  "int git_reference_lookup(git_reference **out, const char *name)\n"
                  "{\n"
                  "\tif (!git_reference_is_valid_name(name)) {\n"
                  "\t\terror(\"invalid reference name\");\n"
                  "\t\treturn -1;\n"
                  "\t}\n"
                  "\treturn 0;\n"
                  "}\n"};
  SetterIndex index = SetterIndex::Build({header, impl});
  Record r = Build(impl, "invalid reference", &index);
  EXPECT_EQ(r.solutions, std::vector<std::string>{
                             "Call `git_reference_is_valid_name(name)` first (the library exports "
                             "`git_reference_is_valid_name`): `git_reference_lookup` reports this "
                             "error when it returns false (checked at line 3)"});
  r = Build(impl, "invalid reference");
  for (const std::string& s : r.solutions)
    EXPECT_FALSE(s.find("first (the library") != std::string::npos) << s;
}

// A question about a computed value is none the user can ask first.
TEST(ExportedPredicate, ComputedValueIsNoAdvice) {
  Record r = Build({"stats.py",
                    "def is_finite(x):\n"
                    "    return x == x\n"
                    "\n"
                    "def skew(values):\n"
                    "    result = compute(values)\n"
                    "    if not is_finite(result):\n"
                    "        raise ValueError('skew is out of range')\n"},
                   "out of range");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("first (the library"), std::string::npos) << s;
  }
}

}  // namespace
}  // namespace errdex
