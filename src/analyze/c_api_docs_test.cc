// What a C library's headers say an error means (c_api_docs.h): the twelfth
// grading scored libgit2, curl and redis documentation that was only a
// location plus a code condition.
#include "analyze/c_api_docs.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

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
  // A number alone documents nothing, nor does the code's history.
  EXPECT_FALSE(ConstantDocIn(header, "CURLE_COULDNT_CONNECT").has_value());
  EXPECT_FALSE(ConstantDocIn({"  CURLE_NOT_BUILT_IN, /* 4 - [was obsoleted in August 2007 for",
                              "                        7.17.0, reused in April 2011] */"},
                             "CURLE_NOT_BUILT_IN")
                   .has_value());

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

// A trailing comment on the line above belongs to that line (redis'
// `#define RESTART_SERVER_CONFIG_REWRITE (1<<1) /* ... */`).
TEST(CApiDocs, CommentOfTheLineAboveIsNotTheFunctionDoc) {
  std::vector<std::string_view> h = {"#define RESTART_X (1<<1) /* rewrite before restart */",
                                     "int restartServer(int flags, long long delay);"};
  EXPECT_FALSE(FunctionDocIn(h, "restartServer").has_value());
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
  // A type in backticks shares no word with the message; "freed.  Because"
  // ends a sentence.
  EXPECT_EQ(ErrorSentences(
                {"/**", " * Get an entry of the index", " *",
                 " * It should not be freed.  Because the `acme_index_entry` struct is",
                 " * public, copy it.", " * @return the entry; NULL if it was not found", " */"},
                "index does not contain '%s'"),
            "Get an entry of the index. Returns the entry; NULL if it was not found.");
}

}  // namespace
}  // namespace errdex
