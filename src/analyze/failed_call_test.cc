// Failed call: a check that a call returned its failure value.
#include "analyze/failed_call.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(FailedCallTest, FailureValues) {
  auto f = FailedCallOf({"lseek(file->fd, offset, SEEK_SET) == -1", true, 5}, "lseek() failed");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->name, "lseek");
  EXPECT_EQ(f->returns, "`-1`");
  f = FailedCallOf({"ngx_close_file(fd) == NGX_FILE_ERROR", true, 5}, "x");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->returns, "`NGX_FILE_ERROR`");
  f = FailedCallOf({"rdbSaveRio(rdb) != C_OK", true, 5}, "x");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->returns, "a value other than `C_OK`");
  f = FailedCallOf({"git_hash_buf(out, data, len) < 0", true, 5}, "x");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->returns, "a value less than `0`");
  f = FailedCallOf({"SSL_set_quic_method(ssl, &m)", false, 5}, "SSL_set_quic_method() failed");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->returns, "zero, false or nothing");
  // openssh: the assignment's parenthesis is not the call's.
  f = FailedCallOf({"(r = fido_assert_set_rp(assert, sizeof(m))) != FIDO_OK", true, 5},
                   "fido_assert_set_rp: %s");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->call, "fido_assert_set_rp(assert, sizeof(m))");
  // A message that is the call's name (perror style) reports its failure.
  f = FailedCallOf({"getsockname(fd, (struct sockaddr*)&ss, &socklen)", true, 5}, "getsockname");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->returns, "a non-zero value");
}

TEST(FailedCallTest, NotAFailure) {
  EXPECT_FALSE(FailedCallOf({"read(fd, buf, n) == -1", false, 5}, "x"));
  EXPECT_FALSE(FailedCallOf({"is_file(path)", false, 5}, "not a file"));
  EXPECT_FALSE(FailedCallOf({"len(a) <= 4 || suffix(b) != 0", true, 5}, "x"));
  EXPECT_FALSE(FailedCallOf({"f(a) == g(b)", true, 5}, "x"));
}

TEST(FailedCallTest, SolutionNamesTheCall) {
  SourceFile f{"src/files.c",
               "ssize_t read_at(int fd, off_t offset) {\n"
               "    if (lseek(fd, offset, SEEK_SET) == -1) {\n"
               "        fprintf(stderr, \"lseek() failed\");\n"
               "        return -1;\n"
               "    }\n"
               "    return 0;\n"
               "}\n"};
  Record r = analyze_testing::Build(f, "lseek() failed");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "Find out why `lseek()` failed (called at line 2): this error reports that "
                      "`lseek(fd, offset, SEEK_SET)` returned `-1`"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

}  // namespace
}  // namespace errdex
