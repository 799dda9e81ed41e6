// Solutions for errors that are not about an argument: an error map's text
// for an issue code, a build or shared library that lacks a feature, an
// assertion or panic call, and advice behind "You should ..." leads.
#include "analyze/build_advice.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/damaged_data.h"
#include "analyze/exclusive_rule.h"
#include "analyze/io_advice.h"
#include "analyze/null_argument.h"
#include "analyze/parse_input.h"
#include "analyze/position_advice.h"
#include "analyze/record_builder.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ErrorMapAdvice, TranslatedIssueTextNamesTheCodeAndTheInput) {
  SourceFile f{
      "src/locales/de.ts",
      "export const error = (issue: Issue) => {\n"                                       // 1
      "  switch (issue.code) {\n"                                                        // 2
      "    case \"not_multiple_of\":\n"                                                  // 3
      "      return `Ungültige Zahl: muss ein Vielfaches von ${issue.divisor} sein`;\n"  // 4
      "    default:\n"                                                                   // 5
      "      return `Ungültige Eingabe`;\n"                                              // 6
      "  }\n"                                                                            // 7
      "};\n"};
  Record r = Build(f, "Vielfaches");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "This is the text the error map in `error` (src/locales/de.ts, line "
                             "4) gives issue code `not_multiple_of`: it is shown for input that "
                             "failed the check reporting `not_multiple_of`, not for a fault in "
                             "the map; correct that input (the values in the message say what "
                             "was expected)"}));
  Record d = Build(f, "Eingabe");
  EXPECT_EQ(d.solutions, (std::vector<std::string>{
                             "This is the default text of the error map in `error` "
                             "(src/locales/de.ts, line 6), shown for a reported issue whose code "
                             "the map does not list: the issue's own code says which check the "
                             "input failed; correct that input"}));
  // The map raises nothing: it returns the issue's text (thirteenth grading).
  EXPECT_EQ(r.documentation,
            "This is the text the error map in `error` (src/locales/de.ts) returns for an issue "
            "with code `not_multiple_of` (line 4); it becomes that issue's message.");
  EXPECT_EQ(d.documentation,
            "`error` reports it when `issue.code` does not match the case at line 3 (line 2). This "
            "is the default text the error map in `error` (src/locales/de.ts) returns (line 6) for "
            "an issue whose code its cases do not list; it becomes that issue's message.");
}

TEST(BuildAdvice, NotBuiltWithNamesTheFeature) {
  BuildAdvice a = AdviseBuild("libgit2 was not built with OpenSSL support", {});
  EXPECT_EQ(a.text,
            "Use a build compiled with OpenSSL support: the message says the running build "
            "lacks it, so no argument or setting of this build avoids the error");
  EXPECT_EQ(AdviseBuild("could not find function 'f'", {}).text, "");  // no dlsym in the file
}

TEST(BuildAdvice, MissingSymbolAfterDlsymNamesTheFunction) {
  SourceFile f{"src/ssl_dynamic.c",
               "static void *load(const char *name)\n"                               // 1
               "{\n"                                                                 // 2
               "\tvoid *sym;\n"                                                      // 3
               "\tif ((sym = dlsym(handle, name)) == NULL)\n"                        // 4
               "\t\tfprintf(stderr, \"could not load ssl function '%s'\", name);\n"  // 5
               "\treturn sym;\n"                                                     // 6
               "}\n"                                                                 // 7
               "void init(void)\n"                                                   // 8
               "{\n"                                                                 // 9
               "\tif (!load(\"SSL_new\"))\n"                                         // 10
               "\t\tfprintf(stderr, \"could not load ssl function 'SSL_new'\");\n"   // 11
               "}\n"};
  Record r = Build(f, "'SSL_new'");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Install a version of the shared library this code loads at run time that provides "
            "`SSL_new`: the code looks functions up in it (line 4) and reports this when one is "
            "missing");
}

TEST(InternalCheck, PanicMacroAndAssertionErrorAreReportedUpstream) {
  SourceFile c{"src/object.c",
               "int encoding(robj *o) {\n"                             // 1
               "    if (o->encoding == OBJ_ENCODING_RAW) return 1;\n"  // 2
               "    serverPanic(\"Unknown string encoding\");\n"       // 3
               "}\n"};
  Record r = Build(c, "Unknown string encoding");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "If you hit this internal check (`serverPanic` at line 3): it guards the library's "
            "own state, not a condition its users are meant to meet, so hitting it likely means a "
            "bug in the library or a corrupted state. Report it upstream with the library's "
            "version and a minimal input that leads here; a newer version may have fixed it");
  SourceFile k{"src/Index.kt",
               "internal fun find(i: Int): Int {\n"                                // 1
               "  if (i < 0) throw AssertionError(\"unable to get the index\")\n"  // 2
               "  return i\n"                                                      // 3
               "}\n"};
  Record a = Build(k, "unable to get the index");
  ASSERT_FALSE(a.solutions.empty());
  EXPECT_EQ(a.solutions[0],
            "If you hit this internal check (an `AssertionError` at line 2, which the JVM "
            "convention keeps for states the code assumes impossible): it guards the library's "
            "own state, not a condition its users are meant to meet, so hitting it likely means a "
            "bug in the library or a corrupted state. Report it upstream with the library's "
            "version and a minimal input that leads here; a newer version may have fixed it");
}

// git's BUG() is its internal assertion: the record says so and sends the
// user upstream, not into "the message's rule". DEBUG(...) is no BUG().
TEST(InternalCheck, GitBugMacroIsReportedUpstream) {
  SourceFile c{"builtin/replay.c",
               "static void run(const char *onto) {\n"                                       // 1
               "  if (!onto)\n"                                                              // 2
               "    BUG(\"--onto commit should have been resolved beforehand already\");\n"  // 3
               "}\n"};
  Record r = Build(c, "--onto commit should have been resolved beforehand already");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "If you hit this internal check (`BUG` at line 3): it guards the library's own state, "
            "not a condition its users are meant to meet, so hitting it likely means a bug in the "
            "library or a corrupted state. Report it upstream with the library's version and a "
            "minimal input that leads here; a newer version may have fixed it");
  SourceFile d{"src/log.c",
               "static void run(const char *onto) {\n"                       // 1
               "  if (!onto)\n"                                              // 2
               "    DEBUG_ERROR(\"no commit to replay onto was given\");\n"  // 3
               "}\n"};
  Record n = Build(d, "no commit to replay onto was given");
  for (const std::string& s : n.solutions) EXPECT_EQ(s.find("internal check"), std::string::npos);
}

TEST(AdviceSentences, LeadsAreDroppedAndIntroducedLinesJoined) {
  EXPECT_EQ(AdviceSentences("has file permissions of 0644 but 0600 is required.\n\nTo fix this "
                            "error run:\n\n\tchmod 0600 creds\n\nYou should reset your "
                            "credentials at:\n\n\thttps://example.org/edit\n"),
            (std::vector<std::string>{"Run: chmod 0600 creds.",
                                      "Reset your credentials at: https://example.org/edit."}));
  EXPECT_EQ(AdviceSentences("You must specify a gem name"),
            (std::vector<std::string>{"Specify a gem name."}));
  EXPECT_EQ(AdviceSentences("You cannot use this here"), (std::vector<std::string>{}));
}

TEST(AdviceSentences, MessageRuleSayingTheSameIsNotRepeated) {
  SourceFile f{"lib/cmd.rb",
               "def run(name)\n"                                                     // 1
               "  raise ArgumentError, 'You must specify a gem name' unless name\n"  // 2
               "end\n"};
  Record r = Build(f, "You must specify");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0], "Specify a gem name. (the message's own advice)");
  EXPECT_EQ(std::count(r.solutions.begin(), r.solutions.end(),
                       std::string("Specify a gem name (the message's rule)")),
            0);
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(IoAdvice, FailedFileOperationsNameWhatToCheck) {
  EXPECT_EQ(IoAdvice("failed to make directory '%s'", "", ""),
            "Check that the directory of the path in the message exists and that the user "
            "running the process may write there (permissions, a read-only file system, free "
            "disk space)");
  EXPECT_EQ(IoAdvice("Fatal error: can't open the append log file %s for reading: %s", "", ""),
            "Check that the path in the message exists and that the user running the process may "
            "read it (a relative path is resolved from the working directory of the process)");
  // Not a file operation, or the message names its own cause.
  EXPECT_EQ(IoAdvice("Error reading {0} from JsonReader.", "", ""), "");
  EXPECT_EQ(IoAdvice("could not load ssl function 'SSL_new': %s", "", ""), "");
  EXPECT_EQ(IoAdvice("cannot create blob from file. This is not allowed", "", ""), "");
  EXPECT_EQ(IoAdvice("Cannot delete %s field of object", "", ""), "");
  EXPECT_EQ(IoAdvice("failed to make directory '%s': directory exists", "", ""), "");
  // The file was read: the reason after it is what went wrong (duckdb,
  // thirty-fourth grading). A printed OS error after it is no such reason.
  EXPECT_EQ(IoAdvice("Failed to read Parquet file '%s': Need at least one non-root column in "
                     "the file",
                     "", ""),
            "");
  EXPECT_EQ(IoAdvice("could not read file %s: %s", "", ""),
            "Check that the path in the message exists and that the user running the process may "
            "read it (a relative path is resolved from the working directory of the process)");
}

// A missing file or directory: the path checklist when the message prints
// the path (or names the call given it, or the class says so); a fixed name
// it does not print is no path the user typed (pip's wheel without its
// `.dist-info` directory, twenty-eighth grading).
TEST(IoAdvice, MissingPathNeedsAPrintedPath) {
  const std::string check =
      "Check that the file or directory exists and that the path is spelled right (a relative "
      "path is resolved from the working directory of the process)";
  EXPECT_EQ(IoAdvice("file not found: {path}", "", ""), check);
  EXPECT_EQ(IoAdvice("model missing", "FileNotFoundError", ""), check);
  EXPECT_EQ(IoAdvice(".dist-info directory not found", "UnsupportedWheel", ""), "");
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(PositionAdvice, ParserPositionsAreWhereToCorrectTheInput) {
  EXPECT_EQ(PositionAdvice("Unterminated object at line {line} column {column} path {getPath()}",
                           "JsonReader.doPeek"),
            "Look at the input at the place the message gives (line and column): that is where "
            "the code found what the message reports; correct the input there");
  EXPECT_EQ(PositionAdvice("Expected a value but was ${peek()} at path $path", "JsonReader.peek"),
            "Look at the input at the place the message gives (path): that is where the code "
            "found what the message reports; correct the input there");
  // A writer's path, a path that is not a reading position, no position.
  EXPECT_EQ(PositionAdvice("Nesting problem at path $path", "JsonWriter.beginObject"), "");
  EXPECT_EQ(PositionAdvice("Unmergable intersection. Error path: ${JSON.stringify(p)}", "merge"),
            "");
  EXPECT_EQ(PositionAdvice("line breaks are not allowed", "f"), "");
  EXPECT_EQ(PositionAdvice("!!! Truncating the AOF %s at offset %llu !!!", "loadAof"), "");
  // A field the site leaves unset is printed as its zero value (Go's
  // database.Error without Line): no position, no advice to look there.
  EXPECT_EQ(PositionAdvice("transaction commit failed in line 0: %s (details: %v)",
                           "SQLServer.SetVersion"),
            "");
}

TEST(NullArgument, NullCheckOfAParameterAsksForANonNullValue) {
  EXPECT_EQ(NullCheckedName("    _assertNotNull(\"src\", src);"), "src");
  EXPECT_EQ(NullCheckedName("Objects.requireNonNull(client, \"client == null\");"), "client");
  EXPECT_EQ(NullCheckedName("requireNonNull(a.b(), \"x\");"), "");
  SourceFile f{"src/main/java/acme/Mapper.java",
               "package acme;\n"                                                // 1
               "public class Mapper {\n"                                        // 2
               "  public Object read(String src) {\n"                           // 3
               "    java.util.Objects.requireNonNull(src, \"src == null\");\n"  // 4
               "    return src;\n"                                              // 5
               "  }\n"                                                          // 6
               "}\n"};
  Record r = Build(f, "src == null");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Call `Mapper.read` with a non-null `src` (checked at line 4)"),
            r.solutions.end())
      << ::testing::PrintToString(r.solutions);
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(DamagedData, CorruptOrMisformattedDataIsRestoredNotPassedDifferently) {
  const std::string advice =
      "The data it read is damaged or not in the format this version expects (the message says "
      "which): restore it from a good copy, or have the program that wrote it write it again";
  EXPECT_EQ(DamagedDataAdvice("invalid commit-graph file - empty OID Fanout chunk"), advice);
  EXPECT_EQ(DamagedDataAdvice("corrupted loose reference file: %s"), advice);
  EXPECT_EQ(DamagedDataAdvice("premature end of zlib stream"), advice);
  EXPECT_EQ(DamagedDataAdvice("invalid data in index - incorrect header version"), advice);
  EXPECT_EQ(DamagedDataAdvice("failed to insert entry: invalid filemode for file"), "");
  EXPECT_EQ(DamagedDataAdvice("invalid pack file - failed to get lock"), "");
  EXPECT_EQ(DamagedDataAdvice("truncated quoted character \\%c"), "");
}

TEST(InternalCheck, RustExpectStatingAnAssumption) {
  SourceFile f{"src/gen.rs",
               "fn name(cmd: &Command) -> &str {\n"                                          // 1
               "    cmd.get_bin_name().expect(\"generate should have set the bin_name\")\n"  // 2
               "}\n"};
  Record r = analyze_testing::Build(f, "should have set");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(
      r.solutions[0],
      "If you hit this internal check (`.expect(...)` stating an assumption at line 2): it "
      "guards the library's own state, not a condition its users are meant to meet, so hitting it "
      "likely means a bug in the library or a corrupted state. Report it upstream with the "
      "library's version and a minimal input that leads here; a newer version may have fixed it");
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(ParseInput, ReaderErrorsSendTheUserToTheData) {
  EXPECT_EQ(ParseInputAdvice("ParseError", "ParseError::new(\"extra comma in array\")",
                             "on_array_open", "extra comma in array"),
            "The text being parsed (a query or expression you wrote, a document, a stream or a "
            "peer's reply) is not in the form the parser expects, and the message says what it "
            "found: correct that text, or, when a server or another program produced it, find "
            "out why it sent that");
  // Keywords of a query language: the user's statement is what to change.
  EXPECT_EQ(
      ParseInputAdvice("ParserException",
                       "throw ParserException(\"Frame start cannot be UNBOUNDED FOLLOWING\");",
                       "PEGTransformerFactory::TransformFrameClause",
                       "Frame start cannot be UNBOUNDED FOLLOWING"),
      "The statement or expression being parsed uses `UNBOUNDED FOLLOWING` where the parser "
      "does not accept it, as the message says: rewrite that part of the statement you "
      "wrote");
  // Acronyms are no statement keywords: a DNS record is data.
  EXPECT_EQ(ParseInputAdvice("MongoParseError", "throw new MongoParseError(x);", "resolveSRV",
                             "Cannot have empty URI params in DNS TXT Record")
                .rfind("The text being parsed (", 0),
            0u);
  EXPECT_EQ(ParseInputAdvice("", "return yaml_emitter_set_emitter_error(emitter, \"x\");",
                             "yaml_emitter_emit", "expected STREAM-START"),
            "");
  EXPECT_EQ(
      ParseInputAdvice("JsonReaderException", "", "JsonTextReader.Read", "Unexpected state: {0}."),
      "");
  EXPECT_EQ(ParseInputAdvice("IllegalArgumentException", "throw x;", "f", "bad"), "");
  // A scan of a database is no scanner of text: rocksdb's MultiScanException
  // carries the iterator's status (an I/O error, corruption) -- nothing is
  // parsed, so "correct that text" would send users after input that does
  // not exist. A reader word inside another word ("sparse") is none either.
  EXPECT_EQ(ParseInputAdvice("MultiScanException", "throw MultiScanException(status_);",
                             "Scan::ScanIterator", "{MultiScanException}"),
            "");
  EXPECT_EQ(ParseInputAdvice("SparseError", "raise SparseError(x)", "f", "bad shape"), "");
  EXPECT_EQ(ParseInputAdvice("ScannerError", "raise ScannerError(x)", "scan_directive_name",
                             "while scanning a directive")
                .rfind("The text being parsed (", 0),
            0u);
  EXPECT_EQ(
      ParseInputAdvice("JSONDecodeError", "raise JSONDecodeError(msg)", "decode", "Expecting value")
          .rfind("The text being parsed (", 0),
      0u);
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(ExclusiveRule, OptionsThatExcludeEachOtherAskForOne) {
  EXPECT_EQ(ExclusiveRule("--file and --global can not be combined"),
            "Give only one of `--file` and `--global` (the message's rule)");
  EXPECT_EQ(ExclusiveRule("Option --functions-rdb and --rdb are mutually exclusive."),
            "Give only one of `--functions-rdb` and `--rdb` (the message's rule)");
  EXPECT_EQ(ExclusiveRule("--continue-at is mutually exclusive with --range"),
            "Give only one of `--continue-at` and `--range` (the message's rule)");
  EXPECT_EQ(ExclusiveRule("The `--name-only` and `--paths` options cannot be used together"),
            "Give only one of `--name-only` and `--paths` (the message's rule)");
  EXPECT_EQ(ExclusiveRule("the '--bare' and '--separate-git-dir' options cannot be used together"),
            "Give only one of `--bare` and `--separate-git-dir` (the message's rule)");
  EXPECT_EQ(ExclusiveRule("The value you gave and the one in the file cannot be combined here "
                          "because the format differs"),
            "");
}

}  // namespace
}  // namespace errdex
