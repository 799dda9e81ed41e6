// What a C site does with its text, by its call's name: set for the caller
// (libgit2), replied to the client (redis), printed, logged (thirteenth
// grading: "An error is logged" of git_error_set).
#include "analyze/report_call.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

// The record of the linked site at path:line (the reporter's own file first).
Record Linked(const SourceFile& errors, const SourceFile& f, int line) {
  link_testing::Linked l = link_testing::Link({{errors.path, errors.content}, {f.path, f.content}});
  std::vector<const ErrorSite*> at = l.At(f.path, line);
  if (at.empty()) {
    ADD_FAILURE() << link_testing::Dump(l);
    return {};
  }
  return BuildRecord(*at[0], SplitLines(f.content), {"acme/lib", "abc", "t"});
}

// libgit2's reporter: it stores the text for git_error_last().
const SourceFile kErrors{"src/errors.c",
                         "void git_error_set(int error_class, const char *fmt, ...)\n"
                         "{\n"
                         "\tva_list ap;\n"
                         "\tva_start(ap, fmt);\n"
                         "\tgit_error_vset(error_class, fmt, ap);\n"
                         "\tva_end(ap);\n"
                         "}\n"};

TEST(ReportCall, NameOfTheCallOnTheLine) {
  EXPECT_EQ(ReportCallName("    return addReplyError(c, \"x\");"), "addReplyError");
  EXPECT_EQ(ReportCallName("\tgit_error_set(GIT_ERROR_NET, \"x\");"), "git_error_set");
  EXPECT_EQ(ReportCallName("  ns::log_error (\"x\");"), "log_error");
  EXPECT_EQ(ReportCallName("  x = 1;"), "");
}

TEST(ReportCall, ActionByName) {
  EXPECT_EQ(ReportCallAction("git_error_set").head, "An error is set with `git_error_set`");
  EXPECT_EQ(ReportCallAction("git_error_set").tail, ", for the caller to read");
  EXPECT_EQ(ReportCallAction("addReplyErrorFormat").head,
            "An error reply is sent to the client with `addReplyErrorFormat`");
  EXPECT_EQ(ReportCallAction("RedisModule_ReplyWithError").head,
            "An error reply is sent to the client with `RedisModule_ReplyWithError`");
  EXPECT_EQ(ReportCallAction("fprintf").head,
            "An error is printed to standard error with `fprintf`");
  EXPECT_EQ(ReportCallAction("ngx_log_error").head, "An error is logged with `ngx_log_error`");
  // A name that says none of these keeps the generic sentence.
  EXPECT_EQ(ReportCallAction("index_error_invalid").head, "");
}

TEST(ReportCall, DocumentationOfALibgit2StyleSite) {
  SourceFile f{"src/fetch.c",
               "int negotiate(git_pkt *pkt)\n"                                    // 1
               "{\n"                                                              // 2
               "\tif (pkt->type == GIT_PKT_SHALLOW) {\n"                          // 3
               "\t\treturn add(pkt);\n"                                           // 4
               "\t} else if (pkt->type == GIT_PKT_UNSHALLOW) {\n"                 // 5
               "\t\treturn remove(pkt);\n"                                        // 6
               "\t} else if (pkt->type == GIT_PKT_FLUSH) {\n"                     // 7
               "\t\treturn 0;\n"                                                  // 8
               "\t} else {\n"                                                     // 9
               "\t\tgit_error_set(GIT_ERROR_NET, \"unexpected packet type\");\n"  // 10
               "\t\treturn -1;\n"                                                 // 11
               "\t}\n"                                                            // 12
               "}\n"};
  Record r = Linked(kErrors, f, 10);
  EXPECT_EQ(r.documentation,
            "`negotiate` reports it when `pkt->type` is none of `GIT_PKT_SHALLOW`, "
            "`GIT_PKT_UNSHALLOW`, `GIT_PKT_FLUSH` (lines 3\u20137). An error is set with "
            "`git_error_set` in `negotiate` (src/fetch.c) at line 10, for the caller to read. "
            "(passed to `git_error_set()` (src/errors.c:1), which reports it at src/errors.c:5.)");
}

TEST(ReportCall, SwitchFallbackNamesTheHandledValues) {
  SourceFile f{"src/http.c",
               "static int on_headers_complete(parser_ctx *ctx)\n"  // 1
               "{\n"                                                // 2
               "\tswitch (ctx->state) {\n"                          // 3
               "\tcase PARSE_VALUE:\n"                              // 4
               "\t\tfinish(ctx);\n"                                 // 5
               "\tcase PARSE_NONE:\n"                               // 6
               "\t\tctx->state = PARSE_COMPLETE;\n"                 // 7
               "\t\tbreak;\n"                                       // 8
               "\tdefault:\n"                                       // 9
               "\t\tgit_error_set(GIT_ERROR_HTTP, \"header completion at unexpected time\");\n"
               "\t\treturn -1;\n"
               "\t}\n"
               "\treturn 0;\n"
               "}\n"};
  Record r = Linked(kErrors, f, 10);
  EXPECT_EQ(r.documentation,
            "`on_headers_complete` reports it when `ctx->state` is none of `PARSE_VALUE`, "
            "`PARSE_NONE`, handled at lines 4\u20136 (line 3). An error is set with "
            "`git_error_set` in `on_headers_complete` (src/http.c) at line 10, for the caller to "
            "read. (passed to `git_error_set()` (src/errors.c:1), which reports it at "
            "src/errors.c:5.)");
}

// ninja's `*err = "..."; return false;`: handed back, not raised.
TEST(ReportCall, ErrorHandedBackThroughAnOutParameter) {
  SourceFile f{"src/build.cc",
               "bool Builder::AddTarget(const std::string& name, std::string* err) {\n"  // 1
               "  Node* node = state_->LookupNode(name);\n"                              // 2
               "  if (!node) {\n"                                                        // 3
               "    *err = \"unknown target: '\" + name + \"'\";\n"                      // 4
               "    return false;\n"                                                     // 5
               "  }\n"                                                                   // 6
               "  return true;\n"                                                        // 7
               "}\n"};
  Record r = Build(f, "unknown target");
  EXPECT_NE(r.documentation.find("An error is handed back to the caller in `Builder::AddTarget` "
                                 "(src/build.cc) at line 4."),
            std::string::npos)
      << r.documentation;
}

// A warning-level sink reports a warning (git's `rp_warning`, redis's
// `serverLog(LL_WARNING, ..)`): "An error is reported" was false.
TEST(ReportCall, WarningSinksReportWarnings) {
  SourceFile f{"builtin/receive-pack.c",
               "static const char *update(struct command *cmd)\n"    // 1
               "{\n"                                                 // 2
               "\tif (!ref_exists(name)) {\n"                        // 3
               "\t\trp_warning(\"deleting a non-existent ref\");\n"  // 4
               "\t\treturn NULL;\n"                                  // 5
               "\t}\n"                                               // 6
               "\treturn NULL;\n"                                    // 7
               "}\n"};
  Record r = Build(f, "non-existent ref");
  EXPECT_NE(r.documentation.find("A warning is reported in `update` (builtin/receive-pack.c) at "
                                 "line 4."),
            std::string::npos)
      << r.documentation;
  SourceFile g{"src/server.c",
               "void setup(void) {\n"                                             // 1
               "    if (fd == -1) {\n"                                            // 2
               "        serverLog(LL_WARNING, \"Unable to set up the pipe\");\n"  // 3
               "        return;\n"                                                // 4
               "    }\n"                                                          // 5
               "}\n"};
  r = Build(g, "Unable to set up");
  EXPECT_NE(r.documentation.find("A warning is logged with `serverLog` in `setup`"),
            std::string::npos)
      << r.documentation;
}

// webpack's `callback(new Error(message))`: the error is handed to the
// callback, not raised, and the bare `${message}` is said to be the text of a
// variable, with the line that sets it (twentieth grading, 693c1abaca99153e).
TEST(ReportCall, ErrorPassedToACallbackWithItsTextFromAVariable) {
  SourceFile f{"lib/MultiCompiler.js",
               "class MultiCompiler {\n"                        // 1
               "  validateDependencies(callback) {\n"           // 2
               "    const errors = this.missing();\n"           // 3
               "    if (errors.length > 0) {\n"                 // 4
               "      const message = errors.join(\"\\n\");\n"  // 5
               "      callback(new Error(message));\n"          // 6
               "      return false;\n"                          // 7
               "    }\n"                                        // 8
               "    return true;\n"                             // 9
               "  }\n"                                          // 10
               "}\n"                                            // 11
               "module.exports = MultiCompiler;\n"};
  Record r = Build(f, "");
  EXPECT_NE(r.documentation.find(
                "`Error` is passed to `callback` in `MultiCompiler.validateDependencies` "
                "(lib/MultiCompiler.js) at line 6. The message is the text `message` holds, not a "
                "fixed text: it is set at line 5 (`const message = errors.join(\"\\n\");`)."),
            std::string::npos)
      << r.documentation;
  // The error reaches the callback and is never thrown: the handling code
  // is the callback's check, not a try/catch (twenty-fourth grading).
  ASSERT_TRUE(r.try_catch_pattern.has_value());
  EXPECT_EQ(*r.try_catch_pattern,
            "multiCompiler.validateDependencies((err) => {\n"
            "  if (err) {\n"
            "    // lib/MultiCompiler.js:6: the error is passed to this callback, not thrown\n"
            "  }\n"
            "});");
}

}  // namespace
}  // namespace errdex
