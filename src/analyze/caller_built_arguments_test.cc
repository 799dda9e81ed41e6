// A check on a parameter whose only caller passes a value it builds itself
// (record_builder.h CallerBuiltArguments): the user passes no such value,
// so the record does not say the call "depends on the `fragments` it
// passes" or tell the user to fix that value.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "errdex/extractor.h"

namespace errdex {
namespace {

TEST(CallerBuiltArguments, JavaConstructorGivenTheCallersOwnList) {
  SourceFile f{"src/main/java/acme/Abbrev.java",
               "package acme;\n"                                                       // 1
               "import java.util.*;\n"                                                 // 2
               "public class Abbrev {\n"                                               // 3
               "  public static Abbrev getAbbreviator(final String pattern) {\n"       // 4
               "    final ArrayList fragments = new ArrayList(5);\n"                   // 5
               "    fragments.add(pattern.trim());\n"                                  // 6
               "    return new Pattern(fragments);\n"                                  // 7
               "  }\n"                                                                 // 8
               "  private static class Pattern extends Abbrev {\n"                     // 9
               "    public Pattern(final List fragments) {\n"                          // 10
               "      if (fragments.size() == 0) {\n"                                  // 11
               "        throw new IllegalArgumentException(\"fragments must have at "  //
               "least one element\");\n"                                               // 12
               "      }\n"                                                             // 13
               "    }\n"                                                               // 14
               "  }\n"                                                                 // 15
               "}\n"};
  Record r = analyze_testing::BuildInRepo({f}, "fragments must");
  EXPECT_EQ(r.trigger_scenarios,
            "It can happen when you call `Abbrev.getAbbreviator(...)` "
            "(src/main/java/acme/Abbrev.java:4), which reaches `Abbrev.Pattern.Pattern` at "
            "src/main/java/acme/Abbrev.java:7. `Abbrev.getAbbreviator` builds the `fragments` "
            "(line 5) it passes itself. There it is raised in `Abbrev.Pattern.Pattern` "
            "(src/main/java/acme/Abbrev.java) when `fragments` is empty (line 11).");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Check what you pass to `Abbrev.getAbbreviator`: `Abbrev.getAbbreviator` builds the "
            "`fragments` (line 5) it passes itself, so the message's requirement is on that "
            "value, not on one you give directly");
}

TEST(CallerBuiltArguments, PythonCallerPassingItsOwnParameterStillDepends) {
  SourceFile f{"pkg/api.py",
               "def load(names):\n"                                       // 1
               "    return _check(names)\n"                               // 2
               "\n"                                                       // 3
               "def _check(names):\n"                                     // 4
               "    if not names:\n"                                      // 5
               "        raise ValueError(\"names must not be empty\")\n"  // 6
               "    return names\n"};
  Record r = analyze_testing::BuildInRepo({f}, "names must");
  EXPECT_EQ(r.trigger_scenarios.find("builds the"), std::string::npos) << r.trigger_scenarios;
}

TEST(CallerBuiltArguments, GoCallerBuildingItsSlice) {
  SourceFile f{"cfg/cfg.go",
               "package cfg\n"                                         // 1
               "import \"errors\"\n"                                   // 2
               "func Parse(s string) error {\n"                        // 3
               "\tparts := []string{s}\n"                              // 4
               "\treturn check(parts)\n"                               // 5
               "}\n"                                                   // 6
               "func check(parts []string) error {\n"                  // 7
               "\tif len(parts) == 0 {\n"                              // 8
               "\t\treturn errors.New(\"parts must not be empty\")\n"  // 9
               "\t}\n"                                                 // 10
               "\treturn nil\n"                                        // 11
               "}\n"};
  Record r = analyze_testing::BuildInRepo({f}, "parts must");
  EXPECT_NE(r.trigger_scenarios.find("`Parse` builds the `parts` (line 4) it passes itself"),
            std::string::npos)
      << r.trigger_scenarios;
  EXPECT_EQ(r.trigger_scenarios.find("depends on"), std::string::npos) << r.trigger_scenarios;
}

TEST(CallerBuiltArguments, JavaLocalThatOnlyRenamesAParameterStillDepends) {
  SourceFile f{"src/main/java/acme/Names.java",
               "package acme;\n"
               "import java.util.*;\n"
               "public class Names {\n"
               "  public static Names of(final List names) {\n"
               "    final List parts = names;\n"
               "    return new Checked(parts);\n"
               "  }\n"
               "  private static class Checked extends Names {\n"
               "    public Checked(final List parts) {\n"
               "      if (parts.size() == 0) {\n"
               "        throw new IllegalArgumentException(\"parts must not be empty\");\n"
               "      }\n"
               "    }\n"
               "  }\n"
               "}\n"};
  Record r = analyze_testing::BuildInRepo({f}, "parts must");
  EXPECT_EQ(r.trigger_scenarios.find("builds the"), std::string::npos) << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
