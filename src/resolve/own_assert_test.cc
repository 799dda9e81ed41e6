// Own assert macros (own_assert.h): a repository's printing `assert`
// replaces the C library's sentence; one that prints nothing does not.
#include "resolve/own_assert.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

ErrorSite LibraryAssert(const std::string& cond) {
  ErrorSite s;
  s.language = "c";
  s.file_path = "src/jemalloc_init.c";
  s.line = 596;
  s.kind = SiteKind::kAssert;
  s.message.AddLiteral("Assertion `" + cond + "' failed.");
  s.message_origin_note = "assert() prints the condition and aborts the program (glibc's words)";
  return s;
}

// jemalloc's include/jemalloc/internal/assert.h, in its shape.
const char* kJemallocAssert =
    "#include \"jemalloc/internal/util.h\"\n"
    "\n"
    "#ifndef assert\n"
    "#\tdefine assert(e) do {\t\t\t\t\t\t\\\n"
    "\tif (unlikely(config_debug && !(e))) {\t\t\t\\\n"
    "\t\tmalloc_printf(\t\t\t\t\t\t\\\n"
    "\t\t    \"<jemalloc>: %s:%d: Failed assertion: \\\"%s\\\"\\n\",\t\\\n"
    "\t\t    __FILE__, __LINE__, #e);\t\t\t\t\\\n"
    "\t\tabort();\t\t\t\t\t\t\\\n"
    "\t}\t\t\t\t\t\t\t\\\n"
    "} while (0)\n"
    "#endif\n";

TEST(OwnAssert, APrintingMacroReplacesTheLibrarysSentence) {
  std::vector<SourceFile> files = {
      {"include/jemalloc/internal/assert.h", kJemallocAssert},
      {"src/jemalloc_init.c", "#include \"assert.h\"\nvoid f(void) { assert(SC_NTINY == 0); }\n"}};
  std::vector<ErrorSite> sites = {LibraryAssert("SC_NTINY == 0")};
  std::vector<std::vector<ErrorSite>*> per_file = {nullptr, &sites};
  EXPECT_EQ(ApplyOwnAssertMacros(files, per_file), 1);
  EXPECT_EQ(sites[0].message.Display(), "<jemalloc>: %s:%d: Failed assertion: \"SC_NTINY == 0\"");
  EXPECT_EQ(sites[0].message_origin_note,
            "assert() is this repository's own macro (defined at "
            "include/jemalloc/internal/assert.h:4), which prints this when the condition is "
            "false");
}

TEST(OwnAssert, AMacroWithOtherArgumentsLeavesTheCondition) {
  std::vector<SourceFile> files = {
      {"lib/check.h",
       "#define assert(x) report_failure(\"check %s failed in %s\", #x, current_module())\n"}};
  std::vector<ErrorSite> sites = {LibraryAssert("n > 0")};
  std::vector<std::vector<ErrorSite>*> per_file = {&sites};
  EXPECT_EQ(ApplyOwnAssertMacros(files, per_file), 1);
  EXPECT_EQ(sites[0].message.Display(), "n > 0");
  EXPECT_EQ(sites[0].message_origin_note,
            "assert() is this repository's own macro (defined at lib/check.h:1), which prints "
            "the condition in its own words");
}

// git's git-compat-util.h redefines assert only to test side effects; it
// prints nothing, so the C library's assert is what users meet.
TEST(OwnAssert, AMacroThatPrintsNothingIsNotTheMessage) {
  std::vector<SourceFile> files = {
      {"git-compat-util.h",
       "#ifdef CHECK_ASSERTION_SIDE_EFFECTS\n#undef assert\n"
       "#define assert(expr) ((void)(not_supposed_to_survive || (expr)))\n#endif\n"},
      {"read-cache.c", "#include \"git-compat-util.h\"\n"}};
  std::vector<ErrorSite> sites = {LibraryAssert("pos >= 0")};
  std::vector<std::vector<ErrorSite>*> per_file = {nullptr, &sites};
  EXPECT_EQ(ApplyOwnAssertMacros(files, per_file), 0);
  EXPECT_EQ(sites[0].message.Display(), "Assertion `pos >= 0' failed.");
}

}  // namespace
}  // namespace errdex
