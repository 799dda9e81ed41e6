// CLI command: an error a cobra command's run function reaches happens when
// the user runs that command (kind's `delete clusters`), not "when you call
// `NewCommand(...)`".
#include "analyze/cli_command.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

const char* kClusters =
    "package clusters\n"                                                             // 1
    "\n"                                                                             // 2
    "// NewCommand returns a new cobra.Command for cluster deletion\n"               // 3
    "func NewCommand(logger log.Logger) *cobra.Command {\n"                          // 4
    "\tflags := &flagpole{}\n"                                                       // 5
    "\tcmd := &cobra.Command{\n"                                                     // 6
    "\t\tArgs:  cobra.MinimumNArgs(0),\n"                                            // 7
    "\t\tUse:   \"clusters\",\n"                                                     // 8
    "\t\tShort: \"Deletes one or more clusters\",\n"                                 // 9
    "\t\tRunE: func(cmd *cobra.Command, args []string) error {\n"                    // 10
    "\t\t\treturn deleteClusters(logger, flags, args)\n"                             // 11
    "\t\t},\n"                                                                       // 12
    "\t}\n"                                                                          // 13
    "\tcmd.Flags().BoolVarP(\n"                                                      // 14
    "\t\t&flags.All, \"all\", \"A\", false, \"delete all clusters\")\n"              // 15
    "\treturn cmd\n"                                                                 // 16
    "}\n"                                                                            // 17
    "func deleteClusters(logger log.Logger, flags *flagpole, c []string) error {\n"  // 18
    "\tif flags.All {\n"                                                             // 19
    "\t\tif c, err := provider.List(); err != nil {\n"                               // 20
    "\t\t\treturn errors.Wrap(err, \"failed listing clusters for delete\")\n"        // 21
    "\t\t}\n"                                                                        // 22
    "\t}\n"                                                                          // 23
    "\treturn nil\n"                                                                 // 24
    "}\n";

TEST(CliCommand, ReadsTheCobraLiteral) {
  std::vector<std::string_view> lines = SplitLines(kClusters);
  std::optional<CliCommand> c = CobraCommandOf(lines, 4);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->use, "clusters");
  EXPECT_EQ(c->short_help, "Deletes one or more clusters");
  EXPECT_EQ(c->line, 8);
  EXPECT_FALSE(CobraCommandOf(lines, 18).has_value());
}

TEST(CliCommand, TriggerNamesTheCommandTheUserRuns) {
  Record r = analyze_testing::BuildInRepo({{"pkg/cmd/delete/clusters/clusters.go", kClusters}},
                                          "failed listing clusters");
  EXPECT_TRUE(r.trigger_scenarios.starts_with(
      "Happens when you run the `clusters` command (\u201cDeletes one or more clusters\u201d, "
      "`Use: \"clusters\"` at pkg/cmd/delete/clusters/clusters.go:8): `NewCommand` builds it, "
      "and its run function reaches `deleteClusters` at "
      "pkg/cmd/delete/clusters/clusters.go:11."))
      << r.trigger_scenarios;
  EXPECT_NE(r.trigger_scenarios.find(" `flags.All` is the command's `--all` flag (line 15)."),
            std::string::npos)
      << r.trigger_scenarios;
  EXPECT_NE(r.common_situations.find("i.e. when the user runs the `clusters` command"),
            std::string::npos)
      << r.common_situations;
}

}  // namespace
}  // namespace errdex
