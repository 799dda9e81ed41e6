// What an error means and when it happens, in the maintainers' words and
// without statements that cannot hold (issue 13, eleventh grading): doc
// comments cut at their tags, a `#define`'s trailing comment not read as the
// function's, RDoc blocks above Ruby methods, `description()` arms that name
// where the value is made, keywords and symbols not taken for variables, and
// a Java method behind an annotation that always throws.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;
using analyze_testing::BuildInRepo;

TEST(DocMeaning, CCommentRunTogetherWithADefineIsNotQuoted) {
  SourceFile f{"src/repl.c",
               "/* Asynchronously read the payload we receive from a master */\n"  // 1
               "#define MAX_WRITTEN (1024*1024*8) /* 8 MB */\n"                    // 2
               "void readPayload(int fd) {\n"                                      // 3
               "    if (rename_tmp(fd) == -1) {\n"                                 // 4
               "        serverLog(LL_WARNING, \"Failed trying to rename the temp DB\");\n"
               "        return;\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "Failed trying to rename");
  EXPECT_EQ(r.documentation,
            "`readPayload` reports it when `rename_tmp(fd)` is `-1` (line 4). A warning is logged "
            "with `serverLog` in `readPayload` (src/repl.c) at line 5.");
}

TEST(DocMeaning, PhpDocIsCutAtItsTagsNotAtTheirContinuationLines) {
  SourceFile f{"src/Dispatcher.php",
               "<?php\n"
               "class Dispatcher {\n"
               "    /**\n"                                                                 // 3
               "     * Triggers the listeners of an event.\n"                              // 4
               "     *\n"                                                                  // 5
               "     * @param  Event $event The event object.\n"                           // 6
               "     * @return int          return code of the script, for php scripts\n"  // 7
               "     *                      a false value is changed to 1, else to 0\n"    // 8
               "     */\n"                                                                 // 9
               "    public function dispatch($event)\n"                                    // 10
               "    {\n"
               "        if ($event->reserved()) {\n"  // 12
               "            throw new \\RuntimeException('You cannot bind a reserved name');\n"
               "        }\n"
               "        return 0;\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "You cannot bind");
  EXPECT_EQ(r.documentation,
            "The code's comment (lines 3–9): “Triggers the listeners of an event.” "
            "`Dispatcher::dispatch` rejects arguments for which `$event->reserved()` returns a "
            "non-zero (true) value (line 12). `RuntimeException` is raised in "
            "`Dispatcher::dispatch` (src/Dispatcher.php) at line 13.");
}

TEST(DocMeaning, RubyRdocBlockAboveABlankLineAndRdocMarkup) {
  SourceFile f{"lib/config_file.rb",
               "class ConfigFile\n"
               "  ##\n"                                                                  // 2
               "  # Checks the permissions of the credentials file.  If they are not\n"  // 3
               "  # 0600 an error message is displayed.\n"                               // 4
               "\n"
               "  def check_credentials_permissions\n"          // 6
               "    return if existing_permissions == 0o600\n"  // 7
               "    raise ArgumentError, \"Your credentials file is not 0600\"\n"
               "  end\n"
               "\n"
               "  ##\n"                                                  // 11
               "  ## ==== Streaming Body\n"                              // 12
               "  ##\n"                                                  // 13
               "  def call(stream)\n"                                    // 14
               "    ## The Streaming Body must respond to +call+, \\\n"  // 15
               "    raise LintError, \"Body must respond to call\" unless "
               "@body.respond_to?(:call)\n"  // 16
               "  end\n"
               "end\n"};
  Record perms = Build(f, "is not 0600");
  EXPECT_EQ(perms.documentation,
            "The code's comment (lines 2–4): “Checks the permissions of the credentials file.  "
            "If they are not 0600 an error message is displayed.” "
            "`ConfigFile.check_credentials_permissions` reports it when `existing_permissions` is "
            "not `0o600` (line 7). `ArgumentError` is raised in "
            "`ConfigFile.check_credentials_permissions` (lib/config_file.rb) at line 8.");
  Record lint = Build(f, "Body must respond");
  EXPECT_EQ(lint.documentation,
            "The code's comment (line 15): “The Streaming Body must respond to `call`,” The "
            "code's comment (lines 11–13): “Streaming Body” `LintError` is raised in "
            "`ConfigFile.call` (lib/config_file.rb) at line 16.");
  // `:call` is a symbol, not a variable the method failed to receive.
  EXPECT_EQ(lint.trigger_scenarios,
            "Happens in `ConfigFile.call` (lib/config_file.rb) when `@body.respond_to?(:call)` "
            "returns false (line 16).");
}

TEST(DocMeaning, RustDescriptionArmNamesWhereTheValueIsMade) {
  SourceFile f{"src/lib.rs",
               "pub enum ConfigError {\n"
               "    SearchUnavailable,\n"
               "    Other,\n"
               "}\n"
               "\n"
               "impl ConfigError {\n"
               "    fn description(&self) -> &str {\n"
               "        match *self {\n"
               "            ConfigError::SearchUnavailable => \"no available searchers\",\n"  // 9
               "            ConfigError::Other => \"other\",\n"
               "        }\n"
               "    }\n"
               "}\n"
               "\n"
               "pub fn check_config(limit: usize) -> Result<(), ConfigError> {\n"  // 15
               "    if limit == 0 {\n"
               "        return Err(ConfigError::SearchUnavailable);\n"  // 17
               "    }\n"
               "    match limit {\n"
               "        ConfigError::SearchUnavailable => Ok(()),\n"  // a pattern, not a value
               "        _ => Ok(()),\n"
               "    }\n"
               "}\n"};
  Record r = BuildInRepo({f}, "no available searchers");
  EXPECT_EQ(r.documentation,
            "This is the text `ConfigError::description()` returns for a "
            "`ConfigError::SearchUnavailable` value (src/lib.rs line 9). (the text of "
            "`ConfigError::SearchUnavailable`, written where the error is rendered.)");
  EXPECT_EQ(r.trigger_scenarios,
            "The text `description()` returns for a `ConfigError::SearchUnavailable` value "
            "(src/lib.rs:9); the value is created in `check_config` (src/lib.rs:17).");
}

TEST(DocMeaning, AwaitIsNoVariable) {
  SourceFile f{"Src/Reader.cs",
               "class Reader {\n"
               "  async Task ParseAsync(CancellationToken cancellationToken) {\n"
               "    if (!await MatchAsync(\"new\", cancellationToken).ConfigureAwait(false)) {\n"
               "      throw new JsonReaderException(\"Unexpected content while parsing JSON.\");\n"
               "    }\n"
               "  }\n"
               "}\n"};
  Record r = Build(f, "Unexpected content");
  EXPECT_EQ(r.trigger_scenarios.find("`await` is not"), std::string::npos) << r.trigger_scenarios;
}

TEST(DocMeaning, JavaMethodBehindAnAnnotationThatAlwaysThrows) {
  SourceFile f{"src/main/java/acme/Body.java",
               "package acme;\n"
               "class Body {\n"
               "  @Override\n"
               "  public Source source() {\n"
               "    throw new IllegalStateException(\"Cannot read raw response body.\");\n"
               "  }\n"
               "}\n"};
  Record r = BuildInRepo({f}, "Cannot read raw");
  EXPECT_NE(r.trigger_scenarios.find("raises this every time it runs"), std::string::npos)
      << r.trigger_scenarios;
}

// typeorm: `const c = isColumn(x)\n ? x\n : find(x)` is no call's result.
TEST(DocMeaning, ATernaryOverSeveralLinesIsNoCallsResult) {
  SourceFile f{"src/Runner.ts",
               "export class Runner {\n"
               "  changeColumn(table: Table, oldColumnOrName: any) {\n"
               "    const oldColumn = isTableColumn(oldColumnOrName)\n"
               "      ? oldColumnOrName\n"
               "      : table.columns.find((c) => c.name === oldColumnOrName)\n"
               "    if (!oldColumn)\n"
               "      throw new TypeORMError(`Column ${oldColumnOrName} was not found`)\n"
               "  }\n"
               "}\n"};
  Record r = Build(f, "was not found");
  EXPECT_EQ(r.trigger_scenarios.find("returned"), std::string::npos) << r.trigger_scenarios;
}

// rustup's `#[error("...")]` variants: the text is the variant's Display,
// not "code outside any function".
TEST(DocMeaning, ThiserrorAttributeIsTheVariantsDisplay) {
  SourceFile f{"src/errors.rs",
               "use thiserror::Error as ThisError;\n"                         // 1
               "\n"                                                           // 2
               "#[derive(ThisError, Debug)]\n"                                // 3
               "pub enum CliError {\n"                                        // 4
               "    #[error(\"couldn't determine self executable name\")]\n"  // 5
               "    NoExeName,\n"
               "}\n"};
  Record r = Build(f, "couldn't determine");
  EXPECT_EQ(r.documentation,
            "This is the text a `CliError::NoExeName` value displays (its `#[error]` attribute, "
            "src/errors.rs line 5): users see it when such an error is printed.");
}

// Newtonsoft's `ValidationUtils.ArgumentNotNull(value, nameof(value))`: the
// raise line is the null check, so the record says what it checks instead of
// only where it is raised (the twelfth grading's 788c71b749d6162e).
TEST(DocMeaning, CSharpNullCheckHelperLineIsTheCheck) {
  SourceFile f{"Src/Converter.cs",
               "internal static class ValidationUtils {\n"                              // 1
               "    public static void ArgumentNotNull(object value, string name) {\n"  // 2
               "        if (value == null) throw new ArgumentNullException(name);\n"    // 3
               "    }\n"                                                                // 4
               "}\n"                                                                    // 5
               "public class Converter {\n"                                             // 6
               "    public int GetTokenValue(object value) {\n"                         // 7
               "        ValidationUtils.ArgumentNotNull(value, nameof(value));\n"       // 8
               "        return 1;\n"
               "    }\n"
               "}\n"};
  link_testing::Linked linked = link_testing::Link({{f.path, f.content}});
  bool found = false;
  for (const ErrorSite* s : linked.At(f.path, 8)) {
    found = true;
    Record r = BuildRecord(*s, SplitLines(f.content), {"acme/lib", "abc", "t"});
    EXPECT_EQ(r.documentation,
              "`Converter.GetTokenValue` reports it when `value` is null (line 8 checks it). "
              "`ArgumentNullException` is raised in `Converter.GetTokenValue` (Src/Converter.cs) "
              "at line 8. (passed to `ArgumentNotNull()` (Src/Converter.cs:2), which raises "
              "ArgumentNullException at Src/Converter.cs:3.)");
  }
  EXPECT_TRUE(found);
}

// git's use_pack: the comment above a run of checks explains the second one
// (an offset too close to the end), so the first check's record does not
// quote it as its meaning (twentieth grading, c0b5caf0b80f3c78).
TEST(DocMeaning, GuardCommentOfALaterCheckIsNotQuoted) {
  SourceFile f{"packfile.c",
               "unsigned char *use_pack(struct packed_git *p, off_t offset)\n"         // 1
               "{\n"                                                                   // 2
               "\t/* Since packfiles end in a hash of their content and it's\n"        // 3
               "\t * pointless to ask for an offset into the middle of that\n"         // 4
               "\t * hash, don't allow an offset too close to the end of the file.\n"  // 5
               "\t */\n"                                                               // 6
               "\tif (!p->pack_size && p->pack_fd == -1 && open_packed_git(p))\n"      // 7
               "\t\tdie(\"packfile %s cannot be accessed\", p->pack_name);\n"          // 8
               "\tif (offset > (p->pack_size - p->hash_algo->rawsz))\n"                // 9
               "\t\tdie(\"offset beyond end of packfile (truncated pack?)\");\n"       // 10
               "\treturn NULL;\n"                                                      // 11
               "}\n"};
  Record r = Build(f, "cannot be accessed");
  EXPECT_EQ(r.documentation.find("The code's comment"), std::string::npos) << r.documentation;
}

}  // namespace
}  // namespace errdex
