// OS error advice (issue 13, twentieth grading): a message that carries the
// operating system's reason gets one solution per errno class of the failed
// call, never "compare the values printed", and a Unix-domain socket never
// gets network advice.
#include "analyze/os_error_advice.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;
using Solutions = std::vector<std::string>;

// git's credential-cache (its `die_errno` is linked in the repository, so
// BSD's `err()` carries the reason here): the connect is to a Unix socket,
// and the check `connection_fatally_broken(errno)` rules out ENOENT and
// ECONNREFUSED, so only the permission class is left, nothing about hosts.
TEST(OsErrorAdvice, UnixSocketConnectKeepsOnlyWhatTheCheckLetsThrough) {
  Record r = Build({"cache.c",
                    "static int connection_fatally_broken(int error)\n"
                    "{\n"
                    "\treturn error != ENOENT && error != ECONNREFUSED;\n"
                    "}\n"
                    "\n"
                    "static int send_request(const char *socket, const char *out)\n"
                    "{\n"
                    "\tint fd = unix_stream_connect(socket, 0);\n"
                    "\tif (fd < 0)\n"
                    "\t\treturn -1;\n"
                    "\treturn 0;\n"
                    "}\n"
                    "\n"
                    "static void do_cache(const char *socket, const char *buf)\n"
                    "{\n"
                    "\tif (send_request(socket, buf) < 0) {\n"
                    "\t\tif (connection_fatally_broken(errno))\n"
                    "\t\t\terr(128, \"unable to connect to cache daemon\");\n"
                    "\t}\n"
                    "}\n"},
                   "unable to connect");
  EXPECT_EQ(
      r.solutions,
      (Solutions{"If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cPermission denied\u201d or \u201cOperation not permitted\u201d (EACCES, "
                 "EPERM) for the failed `unix_stream_connect()` (line 8): the user running the "
                 "process may not use the socket file `socket` or search its directory"}));
}

// What carries the reason: a hole, `%m`, or a reporter that appends it.
TEST(OsErrorAdvice, CarriersOfTheReason) {
  ErrorSite s;
  s.language = "c";
  s.message.AddLiteral("unable to connect to cache daemon");
  EXPECT_EQ(OsReasonCarrier(s, "die_errno(\"unable to connect to cache daemon\");"),
            "the operating system's reason `die_errno()` adds to the message");
  EXPECT_EQ(OsReasonCarrier(s, "ngx_log_error(NGX_LOG_ALERT, log, ngx_errno, \"x\");"),
            "the operating system's reason `ngx_log_error()` adds to the message (from "
            "`ngx_errno`)");
  EXPECT_EQ(OsReasonCarrier(s, "ngx_log_error(NGX_LOG_ALERT, log, 0, \"x\");"), "");
  EXPECT_EQ(OsReasonCarrier(s, "die(\"unable to connect to cache daemon\");"), "");
  EXPECT_EQ(OsReasonCarrier(s, "errx(1, \"unable to connect\");"), "");
  EXPECT_TRUE(IsOsReasonHole("strerror(errno)"));
  EXPECT_TRUE(IsOsReasonHole("ngx_errno"));
  EXPECT_FALSE(IsOsReasonHole("path"));
}

// The same function connecting to a network address keeps the network classes.
TEST(OsErrorAdvice, NetworkConnectNamesTheListeningServer) {
  Record r = Build({"net.c",
                    "int dial(int fd, struct sockaddr_in *sa)\n"
                    "{\n"
                    "\tif (connect(fd, (struct sockaddr *)sa, sizeof(*sa)) < 0) {\n"
                    "\t\tfprintf(stderr, \"connect failed: %s\\n\", strerror(errno));\n"
                    "\t\treturn -1;\n"
                    "\t}\n"
                    "\treturn 0;\n"
                    "}\n"},
                   "connect failed");
  EXPECT_EQ(
      r.solutions,
      (Solutions{"If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cConnection refused\u201d (ECONNREFUSED) for the failed `connect()` (line "
                 "3): nothing listens at that host and port: the server is not running, or listens "
                 "on another port or address",
                 "If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cConnection timed out\u201d or \u201cNo route to host\u201d (ETIMEDOUT, "
                 "EHOSTUNREACH, ENETUNREACH) for the failed `connect()` (line 3): the host cannot "
                 "be reached from this machine: check the address, the firewall and the route"}));
}

// `fd = open(path, ..); if (fd < 0)`: the path argument is named.
TEST(OsErrorAdvice, OpenNamesThePathArgument) {
  Record r = Build({"load.c",
                    "int load(const char *path)\n"
                    "{\n"
                    "\tint fd = open(path, O_RDONLY);\n"
                    "\tif (fd < 0) {\n"
                    "\t\tfprintf(stderr, \"cannot load %s: %s\\n\", path, strerror(errno));\n"
                    "\t\treturn -1;\n"
                    "\t}\n"
                    "\treturn fd;\n"
                    "}\n"},
                   "cannot load");
  EXPECT_EQ(r.solutions,
            (Solutions{
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cNo such file or directory\u201d (ENOENT) for the failed `open()` (line 3): "
                "`path` does not exist: check its spelling, and that a relative path is meant from "
                "the working directory of the process",
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cPermission denied\u201d or \u201cOperation not permitted\u201d (EACCES, "
                "EPERM) for the failed `open()` (line 3): the user running the process may not use "
                "`path` (its mode and owner, and search permission on every directory above it)",
                "If the operating system's reason the message prints (`strerror(errno)`) is "
                "\u201cToo many open files\u201d (EMFILE, ENFILE) for the failed `open()` (line "
                "3): the process or the system ran out of file descriptors: raise the limit "
                "(`ulimit -n`) or close descriptors that are no longer needed"}));
}

// A port in use, through `%m`.
TEST(OsErrorAdvice, BindSaysThePortIsInUse) {
  Record r = Build({"srv.c",
                    "int serve(int fd, struct sockaddr_in *sa)\n"
                    "{\n"
                    "\tif (bind(fd, (struct sockaddr *)sa, sizeof(*sa)) == -1) {\n"
                    "\t\tsyslog(LOG_ERR, \"bind: %m\");\n"
                    "\t\treturn -1;\n"
                    "\t}\n"
                    "\treturn 0;\n"
                    "}\n"},
                   "bind");
  EXPECT_EQ(r.solutions,
            (Solutions{
                "If the operating system's reason the message prints (`%m`) is \u201cAddress "
                "already in use\u201d (EADDRINUSE) for the failed `bind()` (line 3): another "
                "process already listens on that port (or, for a Unix socket, the socket file "
                "exists): stop it or choose another port",
                "If the operating system's reason the message prints (`%m`) is \u201cPermission "
                "denied\u201d (EACCES) for the failed `bind()` (line 3): ports below 1024 need "
                "privileges: use a higher port or run with the right to bind it",
                "If the operating system's reason the message prints (`%m`) is \u201cCannot assign "
                "requested address\u201d (EADDRNOTAVAIL) for the failed `bind()` (line 3): the "
                "address is not one of this machine's: check the configured address"}));
}

// A wrapper named for its call (`anetPipe`) is that call.
TEST(OsErrorAdvice, WrapperNamedForTheCall) {
  Record r = Build({"debug.c",
                    "static void setupPipe(void) {\n"
                    "    if (-1 == anetPipe(fds, O_CLOEXEC, O_CLOEXEC)) {\n"
                    "        serverLog(LL_WARNING, \"setupPipe failed: %s\", strerror(errno));\n"
                    "        return;\n"
                    "    }\n"
                    "}\n"},
                   "setupPipe failed");
  EXPECT_EQ(
      r.solutions,
      (Solutions{"If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cToo many open files\u201d (EMFILE, ENFILE) for the failed `anetPipe()` "
                 "(line 2): the process or the system ran out of file descriptors: raise the limit "
                 "(`ulimit -n`) or close descriptors that are no longer needed"}));
}

// Only the OS reason is printed and the call is none errdex knows: the
// generic advice says to read that reason, not to compare printed values.
TEST(OsErrorAdvice, UnknownCallPointsAtTheReasonNotAtValues) {
  Record r = Build({"mutex.c",
                    "static int release(void) {\n"
                    "    if (ReleaseMutex(mutex) == 0) {\n"
                    "        fprintf(stderr, \"ReleaseMutex() failed: %s\", strerror(errno));\n"
                    "        return -1;\n"
                    "    }\n"
                    "    return 0;\n"
                    "}\n"},
                   "ReleaseMutex");
  EXPECT_EQ(
      r.solutions,
      (Solutions{
          "Generic advice (errdex found nothing specific): read the operating system's reason the "
          "message prints (`strerror(errno)`): it says why the call `ReleaseMutex()` failed, and "
          "so what to fix; `release` (mutex.c) reports it (line 3)"}));
}

// A write on a socket is never "No space left on device"; an ftruncate is
// never a closed peer.
TEST(OsErrorAdvice, SocketWritesAndFileWritesKeepTheirOwnCauses) {
  Record r = Build({"mux.c",
                    "static int request_alive(int fd)\n"
                    "{\n"
                    "\tif (mux_client_write_packet(fd, m) != 0) {\n"
                    "\t\tfprintf(stderr, \"write packet: %s\", strerror(errno));\n"
                    "\t\treturn -1;\n"
                    "\t}\n"
                    "\treturn 0;\n"
                    "}\n"},
                   "write packet");
  EXPECT_EQ(
      r.solutions,
      (Solutions{
          "If the operating system's reason the message prints (`strerror(errno)`) is \u201cBroken "
          "pipe\u201d or \u201cConnection reset by peer\u201d (EPIPE, ECONNRESET) for the failed "
          "`mux_client_write_packet()` (line 3): the other end (the reading process or the peer) "
          "closed its side before this was written: find out why it went away"}));
  r = Build({"aof.c",
             "static int trim(int fd, off_t len)\n"
             "{\n"
             "\tif (ftruncate(fd, len) == -1) {\n"
             "\t\tfprintf(stderr, \"ftruncate: %s\", strerror(errno));\n"
             "\t\treturn -1;\n"
             "\t}\n"
             "\treturn 0;\n"
             "}\n"},
            "ftruncate");
  EXPECT_EQ(
      r.solutions,
      (Solutions{"If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cNo space left on device\u201d or \u201cDisk quota exceeded\u201d (ENOSPC, "
                 "EDQUOT) for the failed `ftruncate()` (line 3): the file system it writes to is "
                 "full or the user's quota there is used up: free space there",
                 "If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cInput/output error\u201d (EIO) for the failed `ftruncate()` (line 3): the "
                 "device reported an error: check its health",
                 "If the operating system's reason the message prints (`strerror(errno)`) is "
                 "\u201cRead-only file system\u201d (EROFS) for the failed `ftruncate()` (line 3): "
                 "the file system it writes to is mounted read-only: write somewhere else"}));
}

// A call with no known causes: the reason the message carries is named next
// to "Find out why".
TEST(OsErrorAdvice, FindOutWhyNamesTheCarriedReason) {
  Record r = Build({"kq.c",
                    "static ngx_int_t notify(void)\n"
                    "{\n"
                    "    if (kevent(ngx_kqueue, &kev, 1, NULL, 0, NULL) == -1) {\n"
                    "        ngx_log_error(NGX_LOG_ALERT, log, ngx_errno, \"kevent() failed\");\n"
                    "        return NGX_ERROR;\n"
                    "    }\n"
                    "    return NGX_OK;\n"
                    "}\n"},
                   "kevent() failed");
  EXPECT_EQ(
      r.solutions,
      (Solutions{
          "Find out why `kevent()` failed (called at line 3): this error reports that "
          "`kevent(ngx_kqueue, &kev, 1, NULL, 0, NULL)` returned `-1`: the operating system's "
          "reason `ngx_log_error()` adds to the message (from `ngx_errno`) says why"}));
}

// An early return not taken (`ngx_file_aio_init(..) != NGX_OK` passed) is no
// failed call: the failure is the innermost check that holds, here one with
// no call, so no call is named.
TEST(OsErrorAdvice, PassedChecksAreNoFailedCall) {
  Record r =
      Build({"aio.c",
             "ssize_t aio_read(ngx_file_t *file)\n"
             "{\n"
             "    if (file->aio == NULL && ngx_file_aio_init(file) != NGX_OK) {\n"
             "        return NGX_ERROR;\n"
             "    }\n"
             "    if (ev->complete) {\n"
             "        ngx_log_error(NGX_LOG_CRIT, file->log, ngx_errno, \"aio read failed\");\n"
             "        return NGX_ERROR;\n"
             "    }\n"
             "    return 0;\n"
             "}\n"},
            "aio read failed");
  EXPECT_EQ(r.solutions,
            (Solutions{"Generic advice (errdex found nothing specific): read the operating "
                       "system's reason `ngx_log_error()` adds to the message (from `ngx_errno`): "
                       "it says why the call failed, and so what to fix; `aio_read` (aio.c) "
                       "reports it (line 7)"}));
}

// `chmod` opens no descriptor: no "Too many open files".
TEST(OsErrorAdvice, ChmodRunsOutOfNoDescriptors) {
  Record r = Build({"mode.c",
                    "int set_mode(const char *dst)\n"
                    "{\n"
                    "\tif (chmod(dst, 0644) == -1) {\n"
                    "\t\tfprintf(stderr, \"chmod %s: %s\", dst, strerror(errno));\n"
                    "\t\treturn -1;\n"
                    "\t}\n"
                    "\treturn 0;\n"
                    "}\n"},
                   "chmod");
  ASSERT_EQ(r.solutions.size(), 2u);
  EXPECT_NE(r.solutions[0].find("(ENOENT) for the failed `chmod()` (line 3): `dst` does not exist"),
            std::string::npos)
      << r.solutions[0];
  EXPECT_NE(r.solutions[1].find("(EACCES, EPERM)"), std::string::npos) << r.solutions[1];
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// C++ `system_error(errno, ..)` (fmt's `fwrite_all`): the exception carries
// errno, and its what() appends the reason. The check tests what `fwrite`
// returned, assigned to a local: the advice is the write's errno classes,
// never "call `fwrite_all` with arguments for which `written` ...", since
// `written` is no argument.
TEST(OsErrorAdvice, SystemErrorFromErrnoAfterACLibraryCall) {
  Record r = analyze_testing::Build(
      {"include/fmt/format-inl.h",
       "// A wrapper around fwrite that throws on error.\n"
       "inline void fwrite_all(const void* ptr, size_t count, FILE* stream) {\n"
       "  size_t written = std::fwrite(ptr, 1, count, stream);\n"
       "  if (written < count)\n"
       "    FMT_THROW(system_error(errno, FMT_STRING(\"cannot write to file\")));\n"
       "}\n"},
      "cannot write to file");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "If the operating system's reason `system_error` carries (from `errno`) is \u201cNo "
            "space left on device\u201d or \u201cDisk quota exceeded\u201d (ENOSPC, EDQUOT) for "
            "the failed `fwrite()` (line 3): the file system it writes to is full or the user's "
            "quota there is used up: free space there");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("arguments for which `written`"), std::string::npos) << s;
  }
  EXPECT_EQ(r.documentation.find("rejects arguments for which `written`"), std::string::npos)
      << r.documentation;
  EXPECT_EQ(r.trigger_scenarios.find("arguments for which `written`"), std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
