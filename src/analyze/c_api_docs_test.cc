// What a C library's headers say an error means (c_api_docs.h), where class
// docs go (class_doc_order.h), and C function symbols in checks
// (function_symbol.h): the twelfth grading scored libgit2, curl and redis
// documentation that was only a location plus a code condition.
#include "analyze/c_api_docs.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/class_doc_order.h"
#include "analyze/command_entry.h"
#include "analyze/function_symbol.h"

namespace errdex {
namespace {

using analyze_testing::Build;

// libgit2's shape: the public function's doc in include/, the error code's
// doc on its enum constant, the site returning the code after git_error_set.
TEST(CApiDocs, PublicFunctionDocAndReturnedCodeDoc) {
  std::vector<SourceFile> files = {
      {"include/acme/sig.h",
       "/**\n"                                                                    // 1
       " * Create a new signature with the default user.\n"                       // 2
       " *\n"                                                                     // 3
       " * This reads the configuration of the repository. It will return\n"      // 4
       " * ACME_ENOTFOUND if user.name is not set.\n"                             // 5
       " *\n"                                                                     // 6
       " * @param out new signature\n"                                            // 7
       " * @return 0 or an error code\n"                                          // 8
       " */\n"                                                                    // 9
       "ACME_EXTERN(int) acme_sig_default(acme_sig **out, acme_repo *repo);\n"},  // 10
      {"include/acme/errors.h",
       "typedef enum {\n"
       "\tACME_OK = 0,\n"
       "\tACME_ENOTFOUND = -3, /**< Requested object could not be found. */\n"  // 3
       "} acme_error_code;\n"},
      {"src/sig.c",
       "#include \"acme/sig.h\"\n"                                // 1
       "int acme_sig_default(acme_sig **out, acme_repo *repo)\n"  // 2
       "{\n"                                                      // 3
       "\tif (!repo->name) {\n"                                   // 4
       "\t\tacme_error(ACME_ERROR_CONFIG, \"config value 'user.name' was not found\");\n"
       "\t\treturn ACME_ENOTFOUND;\n"  // 6
       "\t}\n"
       "\treturn 0;\n"
       "}\n"}};
  std::vector<Record> records = {Build(files[2], "was not found")};
  records[0].documentation = "LOCATION.";
  AddCApiDocs(files, &records);
  EXPECT_EQ(records[0].documentation,
            "`acme_sig_default` is documented (include/acme/sig.h:1\u20139) as: \u201cCreate a new "
            "signature with the default user. It will return ACME_ENOTFOUND if user.name is not "
            "set.\u201d The code then runs `return "
            "ACME_ENOTFOUND;` (line 6); include/acme/errors.h:3 documents `ACME_ENOTFOUND` as: "
            "\u201cRequested object could not be found.\u201d LOCATION.");
  EXPECT_EQ(records[0].provenance["documentation"].back(), "include/acme/errors.h:3");
}

// curl's shape: `result = CODE;` then a jump, the code's comment trailing
// its enum line with the value first and running onto the next line.
TEST(CApiDocs, TrailingCommentWithValueAndContinuation) {
  std::vector<std::string_view> header = {
      "typedef enum {",
      "  CURLE_OK = 0,",
      "  CURLE_COULDNT_CONNECT,         /* 7 */",
      "  CURLE_SSL_CACERT_BADFILE,      /* 77 - could not load CACERT file, missing",
      "                                    or wrong format */",
      "} CURLcode;"};
  std::optional<HeaderDoc> d = ConstantDocIn(header, "CURLE_SSL_CACERT_BADFILE");
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->text, "could not load CACERT file, missing or wrong format");
  EXPECT_EQ(d->first_line, 4);
  EXPECT_EQ(d->last_line, 5);
  // A number alone documents nothing.
  EXPECT_FALSE(ConstantDocIn(header, "CURLE_COULDNT_CONNECT").has_value());

  std::vector<std::string_view> c = {
      "  if(rr != RUSTLS_RESULT_OK) {",                                // 1
      "    rustls_failf(data, rr, \"failed to load certificates\");",  // 2
      "    result = CURLE_SSL_CACERT_BADFILE;",                        // 3
      "    goto cleanup;",                                             // 4
      "  }",
      "  if(!x) {",                         // 6
      "    failf(data, \"no x\");",         // 7
      "    if(y)",                          // 8
      "      return CURLE_OUT_OF_MEMORY;",  // 9
      "  }"};
  int line = 0;
  std::string statement;
  EXPECT_EQ(ReturnedCode(c, 2, &line, &statement), "CURLE_SSL_CACERT_BADFILE");
  EXPECT_EQ(line, 3);
  EXPECT_EQ(statement, "result = CURLE_SSL_CACERT_BADFILE;");
  // Behind another branch the code is not this site's.
  EXPECT_EQ(ReturnedCode(c, 7, &line, &statement), "");
}

// Only sentences about the error: a doc that speaks of none adds nothing,
// and `@return 0 or an error code` names no code.
TEST(CApiDocs, OnlySentencesThatBearOnTheError) {
  EXPECT_EQ(ErrorSentences({"/**", " * Set the path of the work tree.", " *",
                            " * @return 0 or an error code", " */"},
                           "cannot set 'core.worktree': the configuration is read-only"),
            "");
  EXPECT_EQ(ErrorSentences({"/**", " * Describe a commit", " *",
                            " * Performs the describe operation on the commit.", " *",
                            " * @return 0 on success, ACME_EAMBIGUOUS if two tags match", " */"},
                           "no reference found"),
            "Describe a commit. Returns 0 on success, ACME_EAMBIGUOUS if two tags match.");
}

// The raising function's `@throws` sentence leads; a generic class doc
// follows a docstring or comment; otherwise the class doc leads.
TEST(ClassDocOrder, SpecificProseFirst) {
  std::string cls = "`E`: \u201cA generic exception.\u201d (E.kt:3).";
  EXPECT_EQ(WithClassDoc("`f` documents (line 2) that it throws `E` \u201cif x is negative.\u201d "
                         "`E` is raised in `f`.",
                         cls, "Thrown when parsing failed."),
            "`f` documents (line 2) that it throws `E` \u201cif x is negative.\u201d " + cls +
                " `E` is raised in `f`.");
  EXPECT_EQ(WithClassDoc("The code's comment (line 5): \u201cThe body must respond to call\u201d "
                         "`E` is raised in `f`.",
                         cls, "A generic exception."),
            "The code's comment (line 5): \u201cThe body must respond to call\u201d " + cls +
                " `E` is raised in `f`.");
  EXPECT_EQ(WithClassDoc("The code's comment (line 5): \u201cx\u201d", cls, "Thrown when y."),
            cls + " The code's comment (line 5): \u201cx\u201d");
}

// jq's `atexit(tsd_fini)`: a function passed by name is no state.
TEST(FunctionSymbol, CFunctionPassedByNameIsNotAVariable) {
  SourceFile f{"src/alloc.c",
               "static void tsd_fini(void) {\n"                                 // 1
               "}\n"                                                            // 2
               "static void tsd_init(void) {\n"                                 // 3
               "  if (atexit(tsd_fini) != 0) {\n"                               // 4
               "    fprintf(stderr, \"error: cannot set an exit handler\");\n"  // 5
               "    abort();\n"
               "  }\n"
               "}\n"};
  Record r = Build(f, "cannot set an exit handler");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `tsd_init` (src/alloc.c) when `atexit(tsd_fini)` is not `0` (line 4).");
  std::vector<std::string> reads = {"tsd_fini", "n"};
  DropFunctionSymbols(SplitLines(f.content), "c", &reads);
  EXPECT_EQ(reads, (std::vector<std::string>{"n"}));
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// tmux's command table: the handler's errors are the command's, and the
// usage is built from literals and `#define`d strings.
TEST(CommandEntry, HandlerOfACommandTableEntry) {
  std::vector<SourceFile> files = {
      {"tmux.h", "#define CMD_TARGET_SESSION_USAGE \"[-t target-session]\"\n"},
      {"cmd-set-env.c",
       "static enum cmd_retval\tcmd_set_env_exec(struct cmd *, struct cmdq_item *);\n"  // 1
       "\n"                                                                             // 2
       "const struct cmd_entry cmd_set_env_entry = {\n"                                 // 3
       "\t.name = \"set-env\",\n"                                                       // 4
       "\t.alias = \"setenv\",\n"                                                       // 5
       "\t.args = { \"gu\", 1, 2, NULL },\n"
       "\t.usage = \"[-gu] \" CMD_TARGET_SESSION_USAGE \" \"\n\t\t \"variable [value]\",\n"  // 7
       "\t.exec = cmd_set_env_exec\n"                                                        // 8
       "};\n"                                                                                // 9
       "\n"
       "static enum cmd_retval\n"                                      // 11
       "cmd_set_env_exec(struct cmd *self, struct cmdq_item *item)\n"  // 12
       "{\n"                                                           // 13
       "\tif (value == NULL) {\n"                                      // 14
       "\t\tcmdq_error(item, \"no value specified\");\n"               // 15
       "\t\treturn (CMD_RETURN_ERROR);\n"                              // 16
       "\t}\n"
       "\treturn (CMD_RETURN_NORMAL);\n"
       "}\n"}};
  std::vector<Record> records = {analyze_testing::Build(files[1], "no value specified")};
  records[0].documentation = "LOCATION.";
  AddCApiDocs(files, &records);
  EXPECT_EQ(records[0].documentation,
            "`cmd_set_env_exec` carries out the command `set-env` (alias `setenv`, usage "
            "\u201cset-env [-gu] [-t target-session] variable [value]\u201d; "
            "cmd-set-env.c:3\u201310). LOCATION.");
  // One handler behind two commands: both are named, without usage.
  CommandEntry del{"delete-env", "", "", 20, 26};
  CommandEntry set{"set-env", "setenv", "[-gu]", 3, 10};
  EXPECT_EQ(CommandEntryText({set, del}, "cmd_set_env_exec", "cmd-set-env.c"),
            "`cmd_set_env_exec` carries out the commands `set-env` (cmd-set-env.c:3\u201310), "
            "`delete-env` (cmd-set-env.c:20\u201326).");
}

}  // namespace
}  // namespace errdex
