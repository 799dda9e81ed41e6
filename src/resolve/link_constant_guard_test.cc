// Constant guards across the link: a helper's call whose arguments make the
// raise's check false is not a site of its message. Fixtures written for
// these tests after the seventeenth grading's two impossible records: git's
// `fmt_ident(.., 0)` (the die needs `flag & IDENT_STRICT`) and pytest's
// `add_option_ini(.., default=DEFAULT_LOG_FORMAT)` (addini raises only when
// `default is NOTSET`).
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;

const char* kIdentC =
    "#define IDENT_STRICT 1\n"                                                  // 1
    "const char *fmt_ident(const char *name, int flag)\n"                       // 2
    "{\n"                                                                       // 3
    "\tint strict = (flag & IDENT_STRICT);\n"                                   // 4
    "\tif (strict && !has_non_crud(name))\n"                                    // 5
    "\t\tdie(_(\"name consists only of disallowed characters: %s\"), name);\n"  // 6
    "\treturn name;\n"                                                          // 7
    "}\n"                                                                       // 8
    "void blame(void)\n"                                                        // 9
    "{\n"                                                                       // 10
    "\tfmt_ident(\"Not Committed Yet\", 0);\n"                                  // 11
    "\tfmt_ident(\"git stash\", IDENT_STRICT);\n"                               // 12
    "}\n";

TEST(LinkConstantGuard, CFlagWithoutTheStrictBitNeverDies) {
  Linked r = Link({{"ident.c", kIdentC}});
  EXPECT_EQ(r.CountAt("ident.c", 11), 0) << Dump(r);
  // With the bit the check is the name's: the call may die.
  EXPECT_NE(r.Find("ident.c", 12, "name consists only of disallowed characters: git stash"),
            nullptr)
      << Dump(r);
}

// duckdb's extension loader embeds JavaScript in an `EM_ASM({ .. })` macro;
// C++ error recovery makes a declarator with no name there. Reading locals
// for the throw's conditions once looped forever on that empty name
// (a 4 GB string, bad_alloc, the whole repository's index lost).
TEST(LinkConstantGuard, NamelessRecoveredDeclaratorIsNoLocal) {
  const std::string path = "src/main/extension/extension_load.cpp";
  Linked r =
      Link({{path,
             "void Load(const string &filename, const string &filebase) {\n"
             "  EM_ASM(\n"
             "      {\n"
             "        const xhr = new XMLHttpRequest();\n"
             "        xhr.open(\"GET\", UTF8ToString($0), false);\n"
             "        var uInt8Array = xhr.response;\n"
             "      },\n"
             "      filename.c_str(), filebase.c_str());\n"
             "  auto lib_hdl = dlopen(filebase.c_str(), RTLD_NOW | RTLD_LOCAL);\n"
             "  if (!lib_hdl) {\n"
             "    throw IOException(\"Extension \\\"%s\\\" could not be loaded: %s\", filename,\n"
             "                      GetDLError());\n"
             "  }\n"
             "}\n"}},
           {path});
  ASSERT_EQ(r.At(path, 11).size(), 1u) << Dump(r);
  EXPECT_EQ(r.At(path, 11)[0]->message.Display(), "Extension \"%s\" could not be loaded: %s");
}

TEST(LinkConstantGuard, ReassignedLocalIsNotItsDeclaration) {
  Linked r = Link({{"ident.c",
                    "const char *fmt_ident(const char *name, int flag)\n"
                    "{\n"
                    "\tint strict = (flag & 1);\n"
                    "\tif (getenv(\"STRICT\"))\n"
                    "\t\tstrict = 1;\n"
                    "\tif (strict && !has_non_crud(name))\n"
                    "\t\tdie(_(\"name consists only of disallowed characters: %s\"), name);\n"
                    "\treturn name;\n"
                    "}\n"
                    "void blame(void)\n"
                    "{\n"
                    "\tfmt_ident(\"Not Committed Yet\", 0);\n"
                    "}\n"}});
  EXPECT_NE(r.Find("ident.c", 12, "name consists only of disallowed characters: Not Committed Yet"),
            nullptr)
      << Dump(r);
}

const char* kArgparsingPy =
    "NOTSET = object()\n"                                                 // 1
    "\n"                                                                  // 2
    "class Parser:\n"                                                     // 3
    "    def addini(self, name, help, type=None, default=NOTSET):\n"      // 4
    "        if default is NOTSET:\n"                                     // 5
    "            raise ValueError(\n"                                     // 6
    "                f\"ini option {name!r} has no implicit default\"\n"  // 7
    "            )\n"                                                     // 8
    "        self._inidict[name] = (help, type, default)\n";              // 9

const char* kLoggingPy =
    "DEFAULT_LOG_FORMAT = \"%(levelname)s %(message)s\"\n"                    // 1
    "\n"                                                                      // 2
    "def pytest_addoption(parser):\n"                                         // 3
    "    def add_option_ini(option, dest, default=None, type=None):\n"        // 4
    "        parser.addini(dest, default=default, type=type, help=option)\n"  // 5
    "\n"                                                                      // 6
    "    add_option_ini(\"--log-format\", dest=\"log_format\", default=DEFAULT_LOG_FORMAT)\n"
    "    parser.addini(\"cache_dir\", default=cache_dir_default, help=\"Cache\")\n"  // 8
    "    parser.addini(\"max_warnings\", help=\"Exit with error\")\n";               // 9

TEST(LinkConstantGuard, PythonKeywordGivenIsNotTheSentinel) {
  Linked r = Link({{"argparsing.py", kArgparsingPy}, {"logging.py", kLoggingPy}});
  // Through the wrapper, which forwards `default`: DEFAULT_LOG_FORMAT is
  // not NOTSET.
  EXPECT_EQ(r.CountAt("logging.py", 7), 0) << Dump(r);
  // A local given as `default`: not the sentinel either.
  EXPECT_EQ(r.CountAt("logging.py", 8), 0) << Dump(r);
  // No default given: the call can raise.
  EXPECT_NE(r.Find("logging.py", 9, "ini option 'max_warnings' has no implicit default"), nullptr)
      << Dump(r);
}

TEST(LinkConstantGuard, FatalFlagOffReachesTheOtherReport) {
  // git's parse_config_rebase: `if (fatal) die(..) else error(..)`, one text.
  Linked r =
      Link({{"pull.c",
             "static int parse_config_rebase(const char *key, const char *value, int fatal)\n"
             "{\n"
             "\tif (fatal)\n"
             "\t\tdie(_(\"invalid value for '%s': '%s'\"), key, value);\n"
             "\telse\n"
             "\t\terror(_(\"invalid value for '%s': '%s'\"), key, value);\n"
             "\treturn -1;\n"
             "}\n"
             "static int parse_opt_rebase(const struct option *opt, const char *arg)\n"
             "{\n"
             "\treturn parse_config_rebase(\"--rebase\", arg, 0);\n"
             "}\n"}});
  std::vector<const ErrorSite*> at = r.At("pull.c", 11);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "invalid value for '--rebase': '{arg}'");
  EXPECT_EQ(at[0]->severity, "error") << Dump(r);
}

}  // namespace
}  // namespace errdex
