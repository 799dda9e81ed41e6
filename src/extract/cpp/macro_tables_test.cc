// X-macro tables read from C/C++ text: which lines are rows, what text a
// row gives, and how a macro definition names its rows.
#include "extract/cpp/macro_tables.h"

#include <gtest/gtest.h>

#include <string>

namespace errdex::cpp {
namespace {

TEST(MacroTables, RowsOfAMacroStartingThreeLines) {
  std::vector<MacroRow> rows = FindMacroRows(
      "// messages\n"
      "DECLARE_MESSAGE(ABaseline, (), \"\", \"a baseline\")\n"
      "DECLARE_MESSAGE(EnvVarMustBeAbsolutePath, (msg::path, msg::env_var), \"\",\n"
      "                \"{env_var} ({path}) was \" \"not an absolute path\")\n"
      "  DECLARE_MESSAGE(Comma, (), \"a, (b\", \"text with ) and , inside\")\n"
      "DECLARE_MESSAGE(Empty, (), \"\", \"\")\n"
      "ONCE(Alone, \"only one row of this macro\")\n"
      "lower(Name, \"not a macro\")\n");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].macro, "DECLARE_MESSAGE");
  EXPECT_EQ(rows[0].key, "ABaseline");
  EXPECT_EQ(rows[0].text.Display(), "a baseline");
  EXPECT_EQ(rows[0].line, 2);
  EXPECT_EQ(rows[1].key, "EnvVarMustBeAbsolutePath");
  EXPECT_EQ(rows[1].text.Display(), "{env_var} ({path}) was not an absolute path");
  EXPECT_EQ(rows[1].text.HoleCount(), 2u);
  EXPECT_EQ(rows[1].line, 3);
  EXPECT_EQ(rows[2].text.Display(), "text with ) and , inside");
  EXPECT_EQ(rows[2].line, 5);
}

TEST(MacroTables, UnclosedRowsAreNotRows) {
  std::string src = "E(A, \"a\")\nE(B, \"b\")\nE(C, \"c\"\n";
  src += std::string(70000, 'x');
  EXPECT_TRUE(FindMacroRows(src).empty());
}

TEST(MacroTables, NamingsFromTokenPasting) {
  std::vector<MacroNaming> n = FindMacroNamings(
      "#define DECLARE_MESSAGE(NAME, ARGS, COMMENT, ...) \\\n"
      "    extern const decltype(make ARGS) msg##NAME;\n"
      "#  define ERR(code, text) E_ ## code ## _MSG = text,\n"
      "#define PLAIN(NAME, text) case NAME: return text;\n"
      "#define OBJECT_LIKE msg##NAME\n");
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].macro, "DECLARE_MESSAGE");
  EXPECT_EQ(n[0].prefix, "msg");
  EXPECT_EQ(n[0].suffix, "");
  EXPECT_EQ(n[1].macro, "ERR");
  EXPECT_EQ(n[1].prefix, "E_");
  EXPECT_EQ(n[1].suffix, "_MSG");
}

}  // namespace
}  // namespace errdex::cpp
