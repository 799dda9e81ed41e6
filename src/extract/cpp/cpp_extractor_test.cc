// C and C++ extractor: each idiom asserted on the exact message, line, class,
// severity and pattern a user will see, with renderings the patterns must
// match.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& path, const std::string& code,
                               bool expect_clean = true) {
  return ExtractFile(path, code, "", expect_clean);
}

TEST(CppExtractor, LanguagesByExtension) {
  for (const char* p : {"a.cc", "a.cpp", "a.cxx", "a.hpp", "a.hh", "a.hxx", "a.ipp", "a.h"}) {
    const Extractor* ex = ExtractorFor(p);
    ASSERT_NE(ex, nullptr) << p;
    EXPECT_EQ(ex->language(), "cpp") << p;
  }
  ASSERT_NE(ExtractorFor("src/server.c"), nullptr);
  EXPECT_EQ(ExtractorFor("src/server.c")->language(), "c");
  // .cs is C#, not C.
  ASSERT_NE(ExtractorFor("src/server.cs"), nullptr);
  EXPECT_EQ(ExtractorFor("src/server.cs")->language(), "csharp");
}

TEST(CppExtractor, ThrowConcatenationAndClasses) {
  auto sites = Extract("src/parser.cc",
                       "namespace io {\n"
                       "void Parser::Open(const std::string& path, int n) {\n"
                       "  if (n < 0) {\n"
                       "    // Shards are numbered from zero.\n"
                       "    throw std::invalid_argument(\"bad shard \" \"number \" +\n"
                       "                                std::to_string(n) + \" for \" + path);\n"
                       "  }\n"
                       "  throw MyError(std::string(\"cannot open \") + path);\n"
                       "  throw \"plain \\\"text\\\"\\tend\";\n"
                       "  throw new Fault(u8\"wide \\x41\\101\");\n"
                       "  throw Other{R\"(raw \\n text)\"};\n"
                       "}\n"
                       "}  // namespace io\n");
  ASSERT_EQ(sites.size(), 5u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.language, "cpp");
  EXPECT_EQ(s.message.Display(), "bad shard number {std::to_string(n)} for {path}");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"n", "path"}));
  EXPECT_EQ(s.error_class, "std::invalid_argument");
  EXPECT_EQ(s.kind, SiteKind::kRaise);
  EXPECT_EQ(s.line, 5);
  EXPECT_EQ(s.end_line, 6);
  EXPECT_EQ(s.function, "Parser::Open");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "n < 0");
  ASSERT_FALSE(s.notes.empty());
  EXPECT_EQ(s.notes[0].text, "Shards are numbered from zero.");
  EXPECT_TRUE(Matches(s, "bad shard number -3 for /data/x.db"));
  EXPECT_EQ(sites[1].message.Display(), "cannot open {path}");
  EXPECT_EQ(sites[1].error_class, "MyError");
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_EQ(sites[1].conditions.at(0).polarity, false);  // after `if (n < 0) throw`
  EXPECT_EQ(sites[2].message.Display(), "plain \"text\"\tend");
  EXPECT_EQ(sites[2].error_class, "const char*");
  EXPECT_EQ(sites[3].message.Display(), "wide AA");
  EXPECT_EQ(sites[3].error_class, "Fault");
  EXPECT_EQ(sites[4].message.Display(), "raw \\n text");
  EXPECT_EQ(sites[4].error_class, "Other");
}

TEST(CppExtractor, FormattingFunctions) {
  auto sites = Extract(
      "src/fmt.cpp",
      "void f(int v, const Key& k) {\n"
      "  throw std::runtime_error(fmt::format(\"value {} out of {{range}} {:>4}\", v, k));\n"
      "  throw std::out_of_range(std::format(\"index {1} of {0}\", size, i));\n"
      "  throw Error(absl::StrCat(\"key \", k.name(), \" has \", 3, \" parts\"));\n"
      "  throw Error(absl::StrFormat(\"%s: %d bytes (%5.2f%%)\", name, n, pct));\n"
      "  throw core::Fatal(FMT(\"Failed to create directory {}: {}\", dir, err));\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u);
  // ccache's `#define FMT(format_, ...) fmt::format(format_, __VA_ARGS__)`.
  EXPECT_EQ(sites[4].message.Display(), "Failed to create directory {}: {}");
  EXPECT_EQ(sites[4].error_class, "core::Fatal");
  EXPECT_TRUE(Matches(sites[4], "Failed to create directory /run/ccache-tmp: Permission denied"));
  EXPECT_EQ(sites[0].message.Display(), "value {} out of {range} {:>4}");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"v", "k"}));
  EXPECT_EQ(sites[0].error_class, "std::runtime_error");
  EXPECT_TRUE(Matches(sites[0], "value 12 out of {range}    x"));
  EXPECT_EQ(sites[1].message.Display(), "index {1} of {0}");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"i", "size"}));
  EXPECT_EQ(sites[2].message.Display(), "key {k.name()} has 3 parts");
  EXPECT_TRUE(Matches(sites[2], "key users/7 has 3 parts"));
  EXPECT_EQ(sites[3].message.Display(), "%s: %d bytes (%5.2f%)");
  EXPECT_EQ(HoleExprs(sites[3]), (std::vector<std::string>{"name", "n", "pct"}));
  // A plain %d prints digits only; the pattern says so.
  EXPECT_EQ(sites[3].message.Pattern(), "([\\s\\S]*?): ([-+]?\\d+) bytes \\(([\\s\\S]*?)%\\)");
  EXPECT_TRUE(Matches(sites[3], "cache: 4096 bytes (12.50%)"));
  EXPECT_FALSE(Matches(sites[3], "cache: many bytes (12.50%)"));
}

// `__func__` prints the enclosing function's name, known where it is
// written (openssh's "%s: setrlimit(..)" messages); a method prints its own
// name without the class. `%p` of it, or `__PRETTY_FUNCTION__`, stay holes.
TEST(CppExtractor, FuncNameHolesPrintTheEnclosingFunction) {
  auto sites =
      Extract("src/sandbox.c",
              "void ssh_sandbox_child(struct ssh_sandbox *box) {\n"
              "  if (setrlimit(RLIMIT_NOFILE, &rl) == -1)\n"
              "    fatal(\"%s: setrlimit(RLIMIT_NOFILE): %s\", __func__, strerror(errno));\n"
              "  fatal(\"%s: sandbox at %p failed\", __PRETTY_FUNCTION__, box);\n"
              "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "ssh_sandbox_child: setrlimit(RLIMIT_NOFILE): %s");
  EXPECT_TRUE(
      Matches(sites[0], "ssh_sandbox_child: setrlimit(RLIMIT_NOFILE): Operation not permitted"));
  EXPECT_EQ(sites[1].message.Display(), "%s: sandbox at %p failed");
  auto method =
      Extract("src/parser.cc",
              "void Parser::Fail(int line) {\n"
              "  throw std::runtime_error(fmt::format(\"{}: bad line {}\", __FUNCTION__, line));\n"
              "}\n");
  ASSERT_EQ(method.size(), 1u);
  EXPECT_EQ(method[0].message.Display(), "Fail: bad line {}");
}

TEST(CppExtractor, FormatArgumentsOfExceptionConstructors) {
  auto sites = Extract("src/os.cc",
                       "buffered_file::buffered_file(cstring_view filename) {\n"
                       "  if (!file_)\n"
                       "    FMT_THROW(system_error(errno, FMT_STRING(\"cannot open file {}\"),\n"
                       "                           filename.c_str()));\n"
                       "  throw ParseError(\"line %d: %s\", line, what);\n"
                       "  throw Plain(\"50% done\");\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "cannot open file {}: {error_code.message()}");
  EXPECT_EQ(HoleExprs(sites[0]),
            (std::vector<std::string>{"filename.c_str()", "error_code.message()"}));
  EXPECT_EQ(sites[0].error_class, "system_error");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].end_line, 4);
  EXPECT_EQ(sites[0].conditions.at(0).expr, "!file_");
  EXPECT_TRUE(Matches(sites[0], "cannot open file a.txt: No such file or directory"));
  EXPECT_EQ(sites[1].message.Display(), "line %d: %s");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"line", "what"}));
  EXPECT_EQ(sites[2].message.Display(), "50% done");  // no arguments: not a format
}

// tree-sitter-cpp reads `"a %" PRIu64 " b"` with an ERROR node (around the
// macro, or around the first literal before a concatenated_string); the
// pieces are rejoined.
TEST(CppExtractor, InttypesMacrosInCppFiles) {
  auto sites = Extract("src/wal.cc",
                       "void Wal::Replay(uint64_t n) {\n"
                       "  std::fprintf(stderr, \"bad record %\" PRIu64 \" in log\\n\", n);\n"
                       "  fprintf(stderr, \"error: n=%\" PRIu64 \" ok\\n\", n);\n"
                       "}\n",
                       /*expect_clean=*/false);
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[1].message.Display(), "error: n=%llu ok");
  EXPECT_EQ(sites[1].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "bad record %llu in log");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"n"}));
  EXPECT_TRUE(Matches(sites[0], "bad record 42 in log"));
}

TEST(CppExtractor, MessagesBuiltInLocals) {
  auto sites = Extract("src/locals.cc",
                       "void g(int id, const char* who) {\n"
                       "  std::string msg = \"user \" + std::to_string(id);\n"
                       "  msg += \" not found\";\n"
                       "  if (!found) throw NotFound(msg);\n"
                       "  std::ostringstream oss;\n"
                       "  oss << \"bad id \" << id << std::endl;\n"
                       "  throw std::logic_error(oss.str());\n"
                       "  char buf[128];\n"
                       "  snprintf(buf, sizeof buf, \"cannot load %s (%d)\", who, id);\n"
                       "  throw std::runtime_error(buf);\n"
                       "}\n"
                       "void h(const std::string& m) { throw std::runtime_error(m); }\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].message.Display(), "user {std::to_string(id)} not found");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message_origin_note, "message assigned to `msg` at line 2");
  EXPECT_EQ(sites[0].conditions.at(0).expr, "!found");
  EXPECT_EQ(sites[1].message.Display(), "bad id {id}");
  EXPECT_EQ(sites[1].error_class, "std::logic_error");
  EXPECT_EQ(sites[2].message.Display(), "cannot load %s (%d)");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"who", "id"}));
  EXPECT_TRUE(Matches(sites[2], "cannot load /etc/app.conf (7)"));
  // A message passed in: recorded (users hit it) but opaque.
  EXPECT_TRUE(sites[3].message_opaque);
  EXPECT_EQ(sites[3].message.Display(), "{std::runtime_error}");
  EXPECT_EQ(sites[3].function, "h");
}

TEST(CppExtractor, StderrTextMustReadAsAnError) {
  auto sites = Extract("tools/dump.cc",
                       "int main(int argc, char **argv) {\n"
                       "    fprintf(stderr, \"Date:       %s\", ctime(&now));\n"
                       "    fprintf(stderr, \"... crc=0x%x\\r\", crc);\n"
                       "    fprintf(stderr, \"Keys:       %d bytes each\\n\", n);\n"
                       "    if (argc < 2) {\n"
                       "        fprintf(stderr, \"%s FILE\\n\", argv[0]);\n"
                       "        fprintf(stderr, \"pass a dump file\\n\");\n"
                       "        exit(1);\n"
                       "    }\n"
                       "    fprintf(stderr, \"unknown option '%s'\\n\", argv[1]);\n"
                       "    std::cerr << \"Loaded \" << n << \" keys\" << std::endl;\n"
                       "    return 0;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "pass a dump file");  // exit(1) follows
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[1].message.Display(), "unknown option '%s'");
}

TEST(CppExtractor, AlertReportersAreErrorReports) {
  // haproxy's ha_alert prints "[ALERT] ..." for configuration errors
  // (thirty-sixth session: none of its hundreds of sites was a record).
  auto sites = Extract("src/proxy.c",
                       "int check_config(struct proxy *px) {\n"
                       "    if (!target) {\n"
                       "        ha_alert(\"Proxy '%s': unable to find required use_backend: "
                       "'%s'.\\n\", px->id, name);\n"
                       "        return 1;\n"
                       "    }\n"
                       "    return 0;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "Proxy '%s': unable to find required use_backend: '%s'.");
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 3);
}

TEST(CppExtractor, StatusCheckMacrosStreamTheirMessage) {
  // sentencepiece's CHECK_LE_OR_RETURN(a, b) << "..": an error status
  // "file(line) [(a) <= (b)] .." (thirty-sixth session, cpp-117).
  auto sites =
      Extract("src/trainer_interface.cc",
              "util::Status TrainerInterface::LoadSentences() {\n"
              "  CHECK_LE_OR_RETURN(static_cast<int>(required_chars_.size()),\n"
              "                     trainer_spec_.vocab_size())\n"
              "      << \"Vocabulary size is smaller than required_chars. \"\n"
              "      << trainer_spec_.vocab_size() << \" vs \" << required_chars_.size();\n"
              "  CHECK_OR_RETURN(!sentences_.empty()) << \"no sentences\";\n"
              "  return util::OkStatus();\n"
              "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(),
            "{__FILE__}({__LINE__}) [(static_cast<int>(required_chars_.size())) <= "
            "(trainer_spec_.vocab_size())] Vocabulary size is smaller than required_chars. "
            "{trainer_spec_.vocab_size()} vs {required_chars_.size()}");
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_TRUE(Matches(sites[0],
                      "src/trainer_interface.cc(581) [(static_cast<int>(required_chars_.size())) "
                      "<= (trainer_spec_.vocab_size())] Vocabulary size is smaller than "
                      "required_chars. 10000 vs 37051"));
  EXPECT_EQ(sites[1].message.Display(),
            "{__FILE__}({__LINE__}) [!sentences_.empty()] no sentences");
}

TEST(CppExtractor, MessageAssignedInBranchesIsNotGuessed) {
  auto sites = Extract("db/version_edit.cc",
                       "Status VersionEdit::DecodeFrom(const Slice& src) {\n"
                       "  const char* msg = nullptr;\n"
                       "  std::string detail = \"tag \";\n"
                       "  if (tag == kComparator) {\n"
                       "    msg = \"comparator name\";\n"
                       "    detail += \"(comparator)\";\n"
                       "  } else {\n"
                       "    msg = \"invalid tag\";\n"
                       "  }\n"
                       "  if (msg != nullptr) return Status::Corruption(\"VersionEdit\", msg);\n"
                       "  throw std::runtime_error(detail);\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Corruption: VersionEdit: {msg}");
  EXPECT_EQ(sites[0].line, 10);
  // The append in the branch may not have run: a hole, not its text.
  EXPECT_EQ(sites[1].message.Display(), "tag {detail}");
  EXPECT_TRUE(Matches(sites[1], "tag "));
}

// nginx formats with ngx_sprintf: `%V` is an ngx_str_t, `%ui` one integer
// (standard printf would leave an "i" behind), `%*s` a length and a
// pointer, `%02xd` two hex digits. The include of ngx_config.h says so.
TEST(CppExtractor, NginxFormatVerbs) {
  auto sites =
      Extract("src/http/ngx_http_x_module.c",
              "#include <ngx_config.h>\n"
              "#include <ngx_core.h>\n"
              "static ngx_int_t parse(ngx_http_request_t *r, ngx_str_t *name) {\n"
              "    ngx_log_error(NGX_LOG_ERR, r->connection->log, 0,\n"
              "                  \"upstream sent invalid header: \\\"%*s\\\\x%02xd...\\\"\",\n"
              "                  r->header_end - r->header_name_start,\n"
              "                  r->header_name_start, *r->header_end);\n"
              "    ngx_log_error(NGX_LOG_EMERG, r->connection->log, 0,\n"
              "                  \"%ui worker_connections are not enough for \\\"%V\\\"\",\n"
              "                  n, name);\n"
              "    ngx_log_error(NGX_LOG_EMERG, r->connection->log, ngx_socket_errno,\n"
              "                  \"bind() to %V failed\", name);\n"
              "    return NGX_ERROR;\n"
              "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "upstream sent invalid header: \"%*s\\x%02xd...\"");
  EXPECT_TRUE(Matches(sites[0], "upstream sent invalid header: \"X-Foo\\x09...\""));
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"n", "name"}));
  EXPECT_TRUE(Matches(sites[1], "1024 worker_connections are not enough for \"main\""));
  EXPECT_FALSE(Matches(sites[1], "1024i worker_connections are not enough for \"main\""));
  // An error number given to the logger prints the system's error after
  // the message (none for the 0 of the first two).
  EXPECT_EQ(sites[2].message.Display(), "bind() to %V failed (%d: %s)");
  EXPECT_EQ(HoleExprs(sites[2]),
            (std::vector<std::string>{"name", "ngx_socket_errno", "strerror(ngx_socket_errno)"}));
  EXPECT_TRUE(Matches(sites[2], "bind() to 0.0.0.0:80 failed (98: Address already in use)"));
}

TEST(CppExtractor, CReportIdioms) {
  auto sites = Extract(
      "src/server.c",
      "#define PREFIX \"srv: \"\n"
      "static int load(const char *path, uint64_t n) {\n"
      "    FILE *fp = fopen(path, \"r\");\n"
      "    if (fp == NULL) {\n"
      "        fprintf(stderr, PREFIX \"cannot open '%s': %s\\n\", path, strerror(errno));\n"
      "        return -1;\n"
      "    }\n"
      "    perror(\"fopen\");\n"
      "    err(1, \"write %s\", path);\n"
      "    errx(2, \"bad size %\" PRIu64 \" > %\" FMT_OFF_T, n, max);\n"
      "    warn(\"retrying\");\n"
      "    warnx(_(\"odd value %-5d\"), (int)n);\n"
      "    char buf[64];\n"
      "    snprintf(buf, sizeof(buf), \"short read at %zu\", off);\n"
      "    fputs(buf, stderr);\n"
      "    serverLog(LL_WARNING, \"Fatal: can't open the AOF %s\", path);\n"
      "    serverLog(LL_NOTICE, \"loaded %s\", path);\n"
      "    ngx_log_error(NGX_LOG_ERR, log, 0, \"upstream closed\");\n"
      "    die(\"out of memory allocating %lu bytes\", size);\n"
      "    addReplyErrorFormat(c, \"Slot %d specified multiple times\", (int)slot);\n"
      "    fprintf(stdout, \"progress %d\\n\", n);\n"
      "    return 0;\n"
      "}\n");
  ASSERT_EQ(sites.size(), 11u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.language, "c");
  EXPECT_EQ(s.kind, SiteKind::kLog);
  EXPECT_EQ(s.severity, "error");
  EXPECT_EQ(s.error_class, "");
  EXPECT_EQ(s.message.Display(), "srv: cannot open '%s': %s");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"path", "strerror(errno)"}));
  EXPECT_EQ(s.line, 5);
  EXPECT_EQ(s.function, "load");
  EXPECT_EQ(s.conditions.at(0).expr, "fp == NULL");
  EXPECT_TRUE(Matches(s, "srv: cannot open '/tmp/x': No such file or directory"));
  EXPECT_EQ(sites[1].message.Display(), "fopen: {strerror(errno)}");
  EXPECT_TRUE(Matches(sites[1], "fopen: Permission denied"));
  EXPECT_EQ(sites[2].message.Display(), "write %s: {strerror(errno)}");
  EXPECT_EQ(sites[2].severity, "critical");
  // PRIu64 and a project's own FMT_OFF_T macro complete their `%`.
  EXPECT_EQ(sites[3].message.Display(), "bad size %llu > %lld");
  EXPECT_EQ(HoleExprs(sites[3]), (std::vector<std::string>{"n", "max"}));
  EXPECT_TRUE(Matches(sites[3], "prog: bad size 18446744073709551615 > 100"));
  EXPECT_EQ(sites[4].message.Display(), "retrying: {strerror(errno)}");
  EXPECT_EQ(sites[4].severity, "warning");
  EXPECT_EQ(sites[5].message.Display(), "odd value %-5d");
  EXPECT_EQ(sites[5].severity, "warning");
  EXPECT_TRUE(Matches(sites[5], "prog: odd value 3    "));
  EXPECT_EQ(sites[6].message.Display(), "short read at %zu");
  EXPECT_EQ(sites[6].line, 15);
  EXPECT_EQ(sites[6].message_origin_note, "message assigned to `buf` at line 14");
  EXPECT_EQ(sites[7].message.Display(), "Fatal: can't open the AOF %s");
  EXPECT_EQ(sites[7].severity, "warning");
  EXPECT_EQ(sites[8].message.Display(), "upstream closed");
  EXPECT_EQ(sites[8].severity, "error");
  EXPECT_EQ(sites[9].message.Display(), "out of memory allocating %lu bytes");
  EXPECT_EQ(sites[9].severity, "critical");
  EXPECT_EQ(sites[9].line, 19);
  EXPECT_EQ(sites[10].message.Display(), "Slot %d specified multiple times");
  EXPECT_EQ(sites[10].kind, SiteKind::kRaise);  // a reply to the client, not a log line
  EXPECT_TRUE(Matches(sites[10], "(error) ERR Slot 5 specified multiple times"));
}

// Log macros whose letter is the level and whose first argument is the
// format (stlink's ELOG/WLOG/ILOG, Android's ALOGE): errors and warnings
// are sites; PostgreSQL's lower-case elog names its level in an argument.
TEST(CppExtractor, LevelLetterLogMacros) {
  auto sites =
      Extract("src/flash_loader.c",
              "int start(stlink_t *sl) {\n"
              "    int voltage = stlink_target_voltage(sl);\n"
              "    if (voltage < 1710) {\n"
              "        ELOG(\"Target voltage (%d mV) too low for flash writes!\\n\", voltage);\n"
              "        return -1;\n"
              "    }\n"
              "    WLOG(\"Unknown flash type %d, using defaults\\n\", sl->flash_type);\n"
              "    ILOG(\"Flash written and verified\\n\");\n"
              "    elog(ERROR, \"could not open relation %s\", name);\n"
              "    ALOGE(\"failed to open device %s\", path);\n"
              "    ILOG(\"Target voltage (%d mV) too low for 32-bit flash\\n\", voltage);\n"
              "    syslog(LOG_INFO, \"cannot bind %s, trying next\", addr);\n"
              "    syslog(LOG_DEBUG, \"cannot bind %s\", addr);\n"
              "    return 0;\n"
              "}\n");
  // Info-level lines are sites only when they state a failure.
  ASSERT_EQ(sites.size(), 6u);
  EXPECT_EQ(sites[4].message.Display(), "Target voltage (%d mV) too low for 32-bit flash");
  EXPECT_EQ(sites[4].severity, "info");
  EXPECT_EQ(sites[4].line, 11);
  EXPECT_EQ(sites[5].message.Display(), "cannot bind %s, trying next");
  EXPECT_EQ(sites[5].severity, "info");
  EXPECT_EQ(sites[0].message.Display(), "Target voltage (%d mV) too low for flash writes!");
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].conditions.at(0).expr, "voltage < 1710");
  EXPECT_EQ(sites[1].message.Display(), "Unknown flash type %d, using defaults");
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_EQ(sites[2].message.Display(), "could not open relation %s");
  EXPECT_EQ(sites[3].message.Display(), "failed to open device %s");
}

// Stream logs named by their level: a project's `LOG_ERROR << ..` macro and
// Boost's `BOOST_LOG_TRIVIAL(error) << ..`; info lines are not sites.
TEST(CppExtractor, LevelNamedStreamLogs) {
  auto sites = Extract("src/fetch.cpp",
                       "void fetch(const std::string& url, int code) {\n"
                       "    LOG_ERROR << \"Could not download '\" << url << \"'\";\n"
                       "    LOG_WARNING << \"Retrying \" << url;\n"
                       "    LOG_INFO << \"Downloaded \" << url;\n"
                       "    BOOST_LOG_TRIVIAL(error) << \"Bad status \" << code;\n"
                       "    BOOST_LOG_TRIVIAL(info) << \"Status \" << code;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "Could not download '{url}'");
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[1].message.Display(), "Retrying {url}");
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_EQ(sites[2].message.Display(), "Bad status {code}");
  EXPECT_EQ(sites[2].line, 5);
}

TEST(CppExtractor, GlogSpdlogAndCerr) {
  auto sites = Extract("src/log.cc",
                       "void Db::Compact(int level) {\n"
                       "  LOG(ERROR) << \"compaction of level \" << level << \" failed\";\n"
                       "  LOG(FATAL) << \"corrupt manifest\";\n"
                       "  LOG(WARNING) << \"slow write: \" << ms << \"ms\";\n"
                       "  LOG(INFO) << \"compacted \" << level;\n"
                       "  CHECK(level >= 0) << \"negative level \" << level;\n"
                       "  CHECK_EQ(a.size(), b) << \"size mismatch\";\n"
                       "  PLOG(ERROR) << \"unlink \" << path;\n"
                       "  spdlog::error(\"flush failed after {} tries\", n);\n"
                       "  logger_->critical(\"disk {} full\", dev);\n"
                       "  std::cerr << \"error: cannot parse \" << file << '\\n';\n"
                       "  std::cerr << e.what() << std::endl;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 9u);
  EXPECT_EQ(sites[0].message.Display(), "compaction of level {level} failed");
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].function, "Db::Compact");
  EXPECT_TRUE(Matches(sites[0], "E0102 10:00:00.000 123 db.cc:2] compaction of level 3 failed"));
  EXPECT_EQ(sites[1].message.Display(), "corrupt manifest");
  EXPECT_EQ(sites[1].severity, "critical");
  EXPECT_EQ(sites[2].message.Display(), "slow write: {ms}ms");
  EXPECT_EQ(sites[2].severity, "warning");
  EXPECT_EQ(sites[3].message.Display(), "Check failed: level >= 0 negative level {level}");
  EXPECT_EQ(sites[3].kind, SiteKind::kAssert);
  EXPECT_EQ(sites[3].severity, "critical");
  EXPECT_EQ(sites[3].line, 6);
  EXPECT_TRUE(Matches(sites[3], "Check failed: level >= 0 negative level -1"));
  EXPECT_EQ(sites[4].message.Display(),
            "Check failed: a.size() == b ({a.size()} vs. {b}) size mismatch");
  EXPECT_TRUE(Matches(sites[4], "Check failed: a.size() == b (3 vs. 4) size mismatch"));
  EXPECT_EQ(sites[5].message.Display(), "unlink {path}: {strerror(errno)}");
  EXPECT_EQ(sites[6].message.Display(), "flush failed after {} tries");
  EXPECT_EQ(HoleExprs(sites[6]), (std::vector<std::string>{"n"}));
  EXPECT_EQ(sites[7].message.Display(), "disk {} full");
  EXPECT_EQ(sites[7].severity, "critical");
  EXPECT_EQ(sites[8].message.Display(), "error: cannot parse {file}");
  EXPECT_EQ(sites[8].line, 11);
}

// nlohmann/json: the exception classes build "[json.exception.<name>.<id>] "
// in a static factory; throw sites pass the id and the message. In the
// amalgamated header both sit in one file and the factory is inlined.
constexpr const char* kJsonStyle =
    "namespace detail {\n"
    "class exception : public std::exception {\n"
    "  protected:\n"
    "    static std::string name(const std::string& ename, int id_)\n"
    "    {\n"
    "        return concat(\"[json.exception.\", ename, '.', std::to_string(id_), \"] \");\n"
    "    }\n"
    "    static std::string diagnostics(std::nullptr_t /*leaf*/)\n"
    "    {\n"
    "        return \"\";\n"
    "    }\n"
    "};\n"
    "class type_error : public exception {\n"
    "  public:\n"
    "    template<typename BasicJsonContext>\n"
    "    static type_error create(int id_, const std::string& what_arg, BasicJsonContext context)\n"
    "    {\n"
    "        const std::string w = concat(exception::name(\"type_error\", id_),\n"
    "                                     exception::diagnostics(context), what_arg);\n"
    "        return {id_, w.c_str()};\n"
    "    }\n"
    "};\n"
    "}  // namespace detail\n"
    "template<typename BasicJsonType>\n"
    "void from_json(const BasicJsonType& j, bool& b)\n"
    "{\n"
    "    if (JSON_HEDLEY_UNLIKELY(!j.is_boolean()))\n"
    "    {\n"
    "        JSON_THROW(type_error::create(302, concat(\"type must be boolean, but is \", "
    "j.type_name()), &j));\n"
    "    }\n"
    "}\n";

TEST(CppExtractor, NlohmannFactoryInlined) {
  auto sites = Extract("single_include/nlohmann/json.hpp", kJsonStyle);
  ASSERT_EQ(sites.size(), 1u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.message.Display(),
            "[json.exception.type_error.302] {exception::diagnostics(context)}type must be "
            "boolean, but is {j.type_name()}");
  EXPECT_EQ(s.error_class, "type_error");
  EXPECT_EQ(s.error_code, "302");
  EXPECT_EQ(s.line, 29);
  EXPECT_EQ(s.function, "from_json");
  EXPECT_EQ(s.conditions.at(0).expr, "JSON_HEDLEY_UNLIKELY(!j.is_boolean())");
  EXPECT_TRUE(Matches(s, "[json.exception.type_error.302] type must be boolean, but is string"));
  EXPECT_FALSE(Matches(s, "[json.exception.type_error.303] type must be boolean, but is string"));
}

// jsoncpp's JSON_ASSERT_MESSAGE(cond, message): the message (streamed
// inside the macro) is what Json::LogicError's what() says; other
// projects' *_ASSERT_MSG macros read the same way, a plain call does not.
TEST(CppExtractor, AssertionMacroWithAMessage) {
  auto sites =
      Extract("src/lib_json/json_value.cpp",
              "void Value::clear() {\n"
              "  JSON_ASSERT_MESSAGE(type() == nullValue || type() == arrayValue,\n"
              "                      \"in Json::Value::clear(): requires complex value\");\n"
              "}\n"
              "Value& Value::resolveReference(char const* key, char const* end) {\n"
              "  JSON_ASSERT_MESSAGE(type() == nullValue || type() == objectValue,\n"
              "                      \"in Json::Value::resolveReference(key, end): requires \"\n"
              "                      \"objectValue, but found \"\n"
              "                          << valueTypeToString(type()));\n"
              "  BOOST_ASSERT_MSG(key != end, \"empty key\");\n"
              "  format_message(\"not a report\");\n"
              "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "in Json::Value::clear(): requires complex value");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].kind, SiteKind::kAssert);
  EXPECT_EQ(sites[1].message.Display(),
            "in Json::Value::resolveReference(key, end): requires objectValue, but found "
            "{valueTypeToString(type())}");
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_TRUE(Matches(sites[1],
                      "in Json::Value::resolveReference(key, end): requires objectValue, but "
                      "found string"));
  EXPECT_EQ(sites[2].message.Display(), "empty key");
}

TEST(CppExtractor, NlohmannFactoryInAnotherFile) {
  auto sites =
      Extract("include/nlohmann/json.hpp",
              "class basic_json {\n"
              "    const_reference at(size_type idx) const\n"
              "    {\n"
              "        JSON_THROW(out_of_range::create(401, detail::concat(\"array index \", "
              "std::to_string(idx), \" is out of range\"), this));\n"
              "    }\n"
              "};\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(),
            "{out_of_range::create prefix}array index {std::to_string(idx)} is out of range");
  EXPECT_EQ(sites[0].error_class, "out_of_range");
  EXPECT_EQ(sites[0].error_code, "401");
  EXPECT_EQ(sites[0].function, "basic_json::at");
  EXPECT_TRUE(Matches(sites[0], "[json.exception.out_of_range.401] array index 5 is out of range"));
}

// An id shared by several messages would merge their records (records are
// keyed by code), so it is kept only where it names one message.
TEST(CppExtractor, FactoryIdsSharedByMessagesAreNotCodes) {
  auto sites =
      Extract("include/nlohmann/detail/conversions/from_json.hpp",
              "void from_json(const BasicJsonType& j, bool& b) {\n"
              "  JSON_THROW(type_error::create(302, concat(\"type must be boolean, but is \", "
              "j.type_name()), &j));\n"
              "}\n"
              "void from_json(const BasicJsonType& j, string_t& s) {\n"
              "  JSON_THROW(type_error::create(302, concat(\"type must be string, but is \", "
              "j.type_name()), &j));\n"
              "  JSON_THROW(detail::other_error::create(501, \"unsupported\", &j));\n"
              "  JSON_THROW(detail::other_error::create(501, \"unsupported\", &j));\n"
              "}\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].error_code, std::nullopt);
  EXPECT_EQ(sites[0].error_class, "type_error");
  EXPECT_NE(sites[0].message_origin_note.find("error id 302 is shared by 2 messages"),
            std::string::npos)
      << sites[0].message_origin_note;
  EXPECT_EQ(sites[1].message.Display(),
            "{type_error::create prefix}type must be string, but is {j.type_name()}");
  EXPECT_EQ(sites[1].error_code, std::nullopt);
  EXPECT_EQ(sites[2].error_class, "detail::other_error");
  EXPECT_EQ(sites[2].error_code, "501");
  EXPECT_EQ(sites[3].error_code, "501");
}

TEST(CppExtractor, StatusReturns) {
  auto sites =
      Extract("db/log_reader.cc",
              "Status Reader::Read(Slice* s) {\n"
              "  if (n < kHeader) return Status::Corruption(\"truncated record\", fname);\n"
              "  return Status::InvalidArgument(\"bad key\");\n"
              "  return Status::OK();\n"
              "  return absl::NotFoundError(absl::StrCat(\"no table \", name));\n"
              "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "Corruption: truncated record: {fname}");
  EXPECT_EQ(sites[0].error_class, "Status::Corruption");
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_TRUE(Matches(sites[0], "Corruption: truncated record: 000005.log"));
  EXPECT_EQ(sites[1].message.Display(), "Invalid argument: bad key");
  EXPECT_EQ(sites[2].message.Display(), "no table {name}");
  EXPECT_EQ(sites[2].error_class, "absl::NotFoundError");
}

TEST(CppExtractor, ErrorObjectBuiltThenThrown) {
  auto sites = Extract("src/cfg.cc",
                       "void Load(const std::string& path) {\n"
                       "  ConfigError err(\"cannot read \" + path, 3);\n"
                       "  err.set_hint(\"check permissions\");\n"
                       "  throw err;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "cannot read {path}");
  EXPECT_EQ(sites[0].error_class, "ConfigError");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message_origin_note, "error object `err` built at line 2");
}

TEST(CppExtractor, NotSites) {
  auto sites = Extract("src/quiet.cc",
                       "void q(const std::exception& e, const char* msg) {\n"
                       "  try { run(); } catch (...) { throw; }\n"
                       "  throw e;\n"
                       "  printf(\"error: printed to stdout\\n\");\n"
                       "  fprintf(out, \"error %d\", 1);\n"
                       "  LOG(INFO) << \"started\";\n"
                       "  fputs(msg, stderr);\n"
                       "  std::cerr << e.what() << std::endl;\n"
                       "  strerror(errno);\n"
                       "  set_error_handler(\"x\");\n"
                       "}\n");
  EXPECT_TRUE(sites.empty()) << sites[0].message.Display();
}

// Hostile input: each variable doubles the previous one. Expanding them all
// would take 2^60 steps; the per-file budget turns the rest into holes.
TEST(CppExtractor, DoublingVariablesStayBounded) {
  std::string code = "void f() {\n  std::string v0 = \"x\";\n";
  for (int i = 1; i <= 60; ++i) {
    code += "  std::string v" + std::to_string(i) + " = v" + std::to_string(i - 1) + " + v" +
            std::to_string(i - 1) + ";\n";
  }
  code += "  throw std::runtime_error(\"bad \" + v60);\n}\n";
  auto sites = Extract("src/bomb.cc", code);
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 63);
  EXPECT_TRUE(sites[0].message.Display().starts_with("bad ")) << sites[0].message.Display();
  EXPECT_LT(sites[0].message.Display().size(), 2000000u);
}

TEST(CppExtractor, JqStyleErrors) {
  auto sites =
      Extract("src/jv_aux.c",
              "static jv parse_slice(jv j, jv slice) {\n"
              "  return jv_invalid_with_msg(jv_string_fmt(\"Cannot index %s with %s\",\n"
              "                                           jv_kind_name(jv_get_kind(j)), k));\n"
              "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "Cannot index %s with %s");
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].end_line, 3);
  EXPECT_TRUE(Matches(sites[0], "jq: error (at <stdin>:0): Cannot index number with \"a\""));
}

TEST(CppExtractor, CPythonExtensionErrors) {
  auto sites =
      Extract("Modules/_json.c",
              "static PyObject* scan(PyObject* self, Py_ssize_t idx) {\n"
              "    if (idx < 0) {\n"
              "        PyErr_SetString(PyExc_ValueError, \"idx cannot be negative\");\n"
              "        return NULL;\n"
              "    }\n"
              "    PyErr_Format(PyExc_TypeError, \"first argument must be a string, not %.80s\",\n"
              "                 Py_TYPE(self)->tp_name);\n"
              "    return NULL;\n"
              "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "idx cannot be negative");
  EXPECT_EQ(sites[0].error_class, "ValueError");
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[0].conditions.at(0).expr, "idx < 0");
  EXPECT_EQ(sites[1].message.Display(), "first argument must be a string, not %.80s");
  EXPECT_EQ(sites[1].error_class, "TypeError");
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_TRUE(Matches(sites[1], "TypeError: first argument must be a string, not int"));
}

// nlohmann/json's shape: an exception class's factory called outside a
// throw (a SAX handler decides whether to throw), with a message built by a
// member helper defined further down the class; the helper's branches on
// its arguments are decided, the one on a member stays a hole.
TEST(CppExtractor, FactoryCallOutsideAThrowWithALaterMemberHelper) {
  auto sites = Extract("src/reader.hpp",
                       "class reader {\n"
                       " public:\n"
                       "  bool end_list() {\n"
                       "    return sax->parse_error(pos, token,\n"
                       "                            read_error::create(101, "
                       "describe(kind::end_list, \"list\")));\n"
                       "  }\n"
                       " private:\n"
                       "  std::string describe(const kind expected, const std::string& context) {\n"
                       "    std::string msg = \"syntax error \";\n"
                       "    if (!context.empty()) {\n"
                       "      msg += concat(\"while reading \", context, ' ');\n"
                       "    }\n"
                       "    msg += \"- \";\n"
                       "    if (last == kind::failed) {\n"
                       "      msg += lexer_error();\n"
                       "    } else {\n"
                       "      msg += concat(\"unexpected \", name(last));\n"
                       "    }\n"
                       "    if (expected != kind::none) {\n"
                       "      msg += concat(\"; expected \", name(expected));\n"
                       "    }\n"
                       "    return msg;\n"
                       "  }\n"
                       "};\n");
  ASSERT_EQ(sites.size(), 1u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.line, 4);
  EXPECT_EQ(s.error_class, "read_error");
  EXPECT_EQ(s.kind, SiteKind::kRaise);
  EXPECT_EQ(s.message.Display(),
            "{read_error::create prefix}syntax error while reading list - {msg}; expected "
            "{name(expected)}");
  EXPECT_TRUE(Matches(s,
                      "[reader.read_error.101] syntax error while reading list - "
                      "unexpected '}'; expected ']'"));
}

// nlohmann's out_of_range (named after the std class, not "...error"): a
// factory called with an id first, outside a throw, still makes the error.
TEST(CppExtractor, NumberedFactoryCallOfAStdNamedClass) {
  auto sites = Extract("src/parser.hpp",
                       "bool parse(SAX* sax) {\n"
                       "  if (!std::isfinite(res)) {\n"
                       "    return sax->parse_error(pos, token,\n"
                       "        out_of_range::create(406, concat(\"number overflow parsing '\", "
                       "token_string(), '\\''), nullptr));\n"
                       "  }\n"
                       "  auto s = string_view::create(3, \"abc\");\n"
                       "  return true;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].error_class, "out_of_range");
  EXPECT_TRUE(Matches(
      sites[0], "[json.exception.out_of_range.406] number overflow parsing '6653406e8512483'"));
}

// `class LIB_API Name : public Base`: the export macro does not break the
// class (its constructors and methods are read as without it).
TEST(CppExtractor, ExportMacroInAClassHead) {
  auto sites = Extract("include/lib/errors.h",
                       "class LIB_API Error : public std::runtime_error {\n"
                       " public:\n"
                       "  Error() : std::runtime_error(\"x\") {}\n"
                       "  void Check(int v) {\n"
                       "    if (v < 0) throw std::out_of_range(\"negative value\");\n"
                       "  }\n"
                       "};\n"
                       "struct STAT st;\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "negative value");
  EXPECT_EQ(sites[0].function, "Error::Check");
  EXPECT_EQ(sites[0].line, 5);
}

// `*err = "text"` into the function's own `char **err`-like parameter: the
// message handed back for the caller to report is a site at the assignment.
TEST(CppExtractor, MessageHandedBackThroughAnOutParameter) {
  auto sites = Extract("src/syscheck.c",
                       "int checkOvercommit(sds *error_msg) {\n"
                       "  if (read_setting() != 1) {\n"
                       "    *error_msg = sdsnew(\n"
                       "        \"Memory overcommit must be enabled! \"\n"
                       "        \"Run 'sysctl vm.overcommit_memory=1' to fix it.\");\n"
                       "    return -1;\n"
                       "  }\n"
                       "  return 1;\n"
                       "}\n"
                       "int parseBool(const char *v, const char **err) {\n"
                       "  if (strcmp(v, \"yes\") && strcmp(v, \"no\")) {\n"
                       "    if (err) *err = \"argument must be 'yes' or 'no'\";\n"
                       "    return 0;\n"
                       "  }\n"
                       "  return 1;\n"
                       "}\n"
                       "void describe(char **msg, char **name, char *err) {\n"
                       "  *msg = \"all checks passed\";\n"
                       "  *name = \"invalid name\";\n"
                       "  *err = 'x';\n"
                       "}\n"
                       "void explain(char **message) { *message = \"cannot bind the port\"; }\n");
  ASSERT_EQ(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[0].function, "checkOvercommit");
  EXPECT_EQ(sites[0].message.Display(),
            "Memory overcommit must be enabled! Run 'sysctl vm.overcommit_memory=1' to fix it.");
  EXPECT_NE(sites[0].message_origin_note.find("*error_msg"), std::string::npos);
  EXPECT_EQ(sites[1].line, 12);
  EXPECT_EQ(sites[1].message.Display(), "argument must be 'yes' or 'no'");
  EXPECT_TRUE(Matches(sites[1], "argument must be 'yes' or 'no'"));
  // `msg` only when the text reads as an error; `name` never; a `char *err`
  // is no out-parameter.
  EXPECT_EQ(sites[2].line, 22);
  EXPECT_EQ(sites[2].message.Display(), "cannot bind the port");
}

// assert(cond): the C library prints the condition and aborts; the record
// holds glibc's sentence. assert(0) is "unreachable", not a message.
TEST(CppExtractor, AssertConditionIsTheMessage) {
  auto sites = Extract("src/unix/core.c",
                       "static void uv__make_close_pending(uv_handle_t* handle) {\n"
                       "  assert(handle->flags &   UV_HANDLE_CLOSING);\n"
                       "  assert(0);\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].kind, SiteKind::kAssert);
  EXPECT_EQ(sites[0].message.Display(), "Assertion `handle->flags & UV_HANDLE_CLOSING' failed.");
  EXPECT_TRUE(Matches(sites[0],
                      "node: ../deps/uv/src/unix/core.c:269: uv__make_close_pending: Assertion "
                      "`handle->flags & UV_HANDLE_CLOSING' failed."));
}

// A project's assert macro with a sentence for the user in its condition
// (Dear ImGui's IM_ASSERT, which is assert()); a bare one is no message.
TEST(CppExtractor, AssertMacroWithTextIsAnAssert) {
  auto sites = Extract("imgui.cpp",
                       "static void ErrorCheckNewFrameSanityChecks() {\n"
                       "  IM_ASSERT((g.FrameCount == 0 || g.FrameCountEnded == g.FrameCount) && "
                       "\"Forgot to call Render() or EndFrame() at the end of the previous "
                       "frame?\");\n"
                       "  IM_ASSERT(g.Initialized);\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].message.Display(),
            "Assertion `(g.FrameCount == 0 || g.FrameCountEnded == g.FrameCount) && \"Forgot to "
            "call Render() or EndFrame() at the end of the previous frame?\"' failed.");
}

// iperf's iperf_strerror: each arm writes its code's text into the buffer
// the function returns; the arm's line is the record (a buffer written
// outside a strerror-style function is no message).
TEST(CppExtractor, ErrorStringArmsAreRecords) {
  auto sites = Extract("src/iperf_error.c",
                       "char *iperf_strerror(int int_errno) {\n"
                       "  static char errstr[256];\n"
                       "  int len = sizeof(errstr);\n"
                       "  switch (int_errno) {\n"
                       "    case IEACCESSDENIED:\n"
                       "      snprintf(errstr, len, \"the server is busy running a test. try again "
                       "later\");\n"
                       "      break;\n"
                       "    case IESETNODELAY:\n"
                       "      strcpy(errstr, \"unable to set TCP/SCTP NODELAY\");\n"
                       "      break;\n"
                       "  }\n"
                       "  return errstr;\n"
                       "}\n"
                       "void fill(char *b) { snprintf(b, 10, \"not a message\"); }\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].message.Display(), "the server is busy running a test. try again later");
  EXPECT_EQ(sites[1].line, 9);
  EXPECT_EQ(sites[1].message.Display(), "unable to set TCP/SCTP NODELAY");
}

// zlib: the message is stored in the stream's `msg` field for the caller,
// which reads it after the call returns an error code. A field assignment
// of text that reads as an error is a site; a reset to Z_NULL or text that
// is no error (`msg`) is not.
TEST(CppExtractor, MessageStoredInAnErrorFieldOfTheCallersStruct) {
  auto sites = Extract("inflate.c",
                       "int inflate(z_streamp strm, int flush) {\n"
                       "    if (((BITS(8) << 8) + (hold >> 8)) % 31) {\n"
                       "        strm->msg = (char *)\"incorrect header check\";\n"
                       "        state->mode = BAD;\n"
                       "    }\n"
                       "    strm->msg = Z_NULL;\n"
                       "    state->msg = \"all done\";\n"
                       "    state->last_error = \"invalid distance too far back\";\n"
                       "    state->name = \"invalid\";\n"
                       "    return Z_OK;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "incorrect header check");
  EXPECT_NE(sites[0].message_origin_note.find("strm->msg"), std::string::npos);
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_EQ(sites[1].message.Display(), "invalid distance too far back");
}

// redis's commandCheckExistence: the out-parameter is made empty, then
// formatted into (`*err = sdsnew(NULL); *err = sdscatprintf(*err, ..)`).
TEST(CppExtractor, OutParameterFormattedIntoAfterBeingEmptied) {
  auto sites = Extract("src/server.c",
                       "int commandCheckExistence(client *c, sds *err) {\n"
                       "    if (c->cmd) return 1;\n"
                       "    *err = sdsnew(NULL);\n"
                       "    *err = sdscatprintf(*err, \"unknown command '%.128s', with args "
                       "beginning with: %s\",\n"
                       "                        (char*)c->argv[0]->ptr, args);\n"
                       "    return 0;\n"
                       "}\n"
                       "void appendTo(sds s, sds *err) {\n"
                       "    *err = sdscatprintf(s, \"bad value for '%s'\", name);\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message.Display(), "unknown command '%.128s', with args beginning with: %s");
  EXPECT_TRUE(
      Matches(sites[0], "unknown command 'FT.CREATE', with args beginning with: 'idx' 'ON' "));
}

// redis builds its shared RESP error replies once ("-WRONGTYPE ...\r\n");
// clients print the text after the '-'. A status reply ("+OK") and a bare
// "-ERR" with no text are not errors worth a record.
TEST(CppExtractor, RespErrorRepliesAreSites) {
  auto sites = Extract("src/server.c",
                       "void createSharedObjects(void) {\n"
                       "    shared.wrongtypeerr = createObject(OBJ_STRING,sdsnew(\n"
                       "        \"-WRONGTYPE Operation against a key holding the wrong kind of "
                       "value\\r\\n\"));\n"
                       "    shared.err = createObject(OBJ_STRING,sdsnew(\"-ERR\\r\\n\"));\n"
                       "    shared.ok = createObject(OBJ_STRING,sdsnew(\"+OK\\r\\n\"));\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].message.Display(),
            "WRONGTYPE Operation against a key holding the wrong kind of value");
  EXPECT_EQ(sites[0].function, "createSharedObjects");
}

// An fprintf to stderr whose text does not read as an error counts when the
// program gives up right after: also when it is the last statement of an
// `if`/`else` branch and the `return (1)` follows the `if` (tmux's client).
TEST(CppExtractor, StderrMessageBeforeReturnAfterTheBranch) {
  auto sites = Extract("client.c",
                       "int client_main(const char *socket_path) {\n"
                       "\tint fd = client_connect(socket_path);\n"
                       "\tif (fd == -1) {\n"
                       "\t\tif (errno == ECONNREFUSED) {\n"
                       "\t\t\tfprintf(stderr, \"no server running on %s\\n\",\n"
                       "\t\t\t    socket_path);\n"
                       "\t\t} else {\n"
                       "\t\t\tfprintf(stderr, \"error connecting to %s (%s)\\n\",\n"
                       "\t\t\t    socket_path, strerror(errno));\n"
                       "\t\t}\n"
                       "\t\treturn (1);\n"
                       "\t}\n"
                       "\tif (fd == 0) {\n"
                       "\t\tfprintf(stderr, \"connected to %s\\n\", socket_path);\n"
                       "\t}\n"
                       "\treturn 0;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].message.Display(), "no server running on %s");
  EXPECT_EQ(sites[1].line, 8);
}

// A validator lambda returns an error text, or an empty string when the
// value is valid (CLI11's validators): each text is a record when one of
// them reads as an error; a lambda returning other text is not.
TEST(CppExtractor, ValidatorLambdaTextsAreErrors) {
  auto sites = Extract("Validators_inl.hpp",
                       "ExistingFileValidator::ExistingFileValidator() : Validator(\"FILE\") {\n"
                       "    func_ = [](std::string &filename) {\n"
                       "        auto path_result = check_path(filename.c_str());\n"
                       "        if(path_result == path_type::nonexistent) {\n"
                       "            return \"File does not exist: \" + filename;\n"
                       "        }\n"
                       "        if(path_result == path_type::directory) {\n"
                       "            return \"File is actually a directory: \" + filename;\n"
                       "        }\n"
                       "        return std::string();\n"
                       "    };\n"
                       "}\n"
                       "auto describe = [](int kind) {\n"
                       "    if(kind == 1) return std::string(\"a plain text value\");\n"
                       "    return std::string();\n"
                       "};\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].message.Display(), "File does not exist: {filename}");
  EXPECT_TRUE(Matches(sites[0], "file: File does not exist: 5"));
  EXPECT_EQ(sites[1].line, 8);
}

// rsync reports through `rprintf(FERROR, fmt, ...)` and `rsyserr(FERROR,
// errno, fmt, ...)`: no reporter word in the name, the level first.
TEST(CExtractorLevels, ACallOfAnyNameWithAnErrorLevelFirstReports) {
  auto sites = Extract("io.c",
                       "void whine(void) {\n"
                       "  rprintf(FERROR, RSYNC_NAME \": connection unexpectedly closed \"\n"
                       "          \"(%s bytes received so far) [%s]\\n\", n, who);\n"
                       "  rsyserr(FERROR, errno, \"ERROR: cannot stat destination %s\", name);\n"
                       "  rprintf(FWARNING, \"skipping non-regular file %s\\n\", name);\n"
                       "  rprintf(FINFO, \"sent %s bytes\\n\", n);\n"
                       "  rprintf(code, \"a variable level %s\\n\", n);\n"
                       "  strcpy(NAME_BUF, \"not a level call\");\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(),
            "{RSYNC_NAME}: connection unexpectedly closed (%s bytes received so far) [%s]");
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[1].message.Display(), "ERROR: cannot stat destination %s");
  EXPECT_EQ(sites[2].message.Display(), "skipping non-regular file %s");
  EXPECT_EQ(sites[2].severity, "warning");
}

// OpenVPN's `msg(D_TLS_ERRORS, ..)` names its level after the errors it
// shows; `msg(msglevel, "WARNING: ..")` passes the level in a variable and
// the message's label says what it is.
TEST(CExtractorLevels, PluralLevelsAndLabelledMessagesOfVariableLevels) {
  auto sites =
      Extract("ssl_verify.c",
              "void verify(int depth, const char *err, const char *subject, int msglevel) {\n"
              "  msg(D_TLS_ERRORS, \"VERIFY ERROR: depth=%d, error=%s: %s\", depth, err,\n"
              "      subject);\n"
              "  msg(msglevel, \"WARNING: '%s' is used inconsistently\", subject);\n"
              "  msg(msglevel, \"option %s is fine\", subject);\n"
              "  msg(D_TLS_DEBUG_LOW, \"VERIFY WARNING: depth=%d\", depth);\n"
              "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "VERIFY ERROR: depth=%d, error=%s: %s");
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[1].line, 4);
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_TRUE(Matches(sites[1], "WARNING: 'link-mtu' is used inconsistently"));
}

// Mosquitto's `log__printf(NULL, MOSQ_LOG_ERR, fmt, ..)` passes the client
// first and the level second; info levels and buffers stay out.
TEST(CExtractorLevels, LevelAfterAContextArgument) {
  auto sites =
      Extract("logging.c",
              "int log__init(struct mosquitto__config *config) {\n"
              "  log__printf(NULL, MOSQ_LOG_ERR, \"Error: Unable to open log file %s for "
              "writing.\", config->log_file);\n"
              "  log__printf(mosq, MOSQ_LOG_WARNING, \"Warning: Unable to set %s\", x);\n"
              "  log__printf(mosq, MOSQ_LOG_INFO, \"Opening ipv4 listen socket on port %d.\", "
              "port);\n"
              "  snprintf(buf, MAX_ERROR, \"not a report %s\", x);\n"
              "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Error: Unable to open log file %s for writing.");
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_TRUE(Matches(sites[0],
                      "Error: Unable to open log file /mosquitto/log/mosquitto.log for writing."));
}

// GLib's g_set_error hands a GError back to the caller, which prints it
// (flatpak's "error: Nothing matches com.wps.Office in remote flathub").
TEST(CExtractorLevels, GLibSetErrorIsARaise) {
  auto sites =
      Extract("install.c",
              "static gboolean install(const char *id, const char *remote, GError **error) {\n"
              "  if (refs->len == 0) {\n"
              "      if (opt_no_pull)\n"
              "        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,\n"
              "                    _(\"Nothing matches %s in local repository for remote %s\"), "
              "id, remote);\n"
              "      else\n"
              "        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,\n"
              "                    _(\"Nothing matches %s in remote %s\"), id, remote);\n"
              "      return FALSE;\n"
              "  }\n"
              "  g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED, \"Not a repository\");\n"
              "  return TRUE;\n"
              "}\n");
  ASSERT_EQ(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[1].message.Display(), "Nothing matches %s in remote %s");
  EXPECT_EQ(sites[1].line, 7);
  EXPECT_EQ(sites[1].kind, SiteKind::kRaise);
  EXPECT_TRUE(Matches(sites[1], "error: Nothing matches com.wps.Office in remote flathub"));
  EXPECT_EQ(sites[2].message.Display(), "Not a repository");
}

// mold reports through objects named after their level: `Fatal(ctx) << ..`
// prints "mold: fatal: .." and exits when the object goes away.
TEST(CppExtractor, LevelNamedReporterObjectsStreamTheirMessage) {
  auto sites = Extract("src/lto-unix.cc",
                       "void load(Context &ctx) {\n"
                       "  void *handle = dlopen(ctx.arg.plugin.c_str(), RTLD_NOW);\n"
                       "  if (!handle)\n"
                       "    Fatal(ctx) << \"could not open plugin file: \" << dlerror();\n"
                       "  Warn(ctx) << \"unknown option: \" << opt;\n"
                       "  Fatal(ctx) << msg;\n"
                       "  Error(a, b) << \"not a reporter\";\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "could not open plugin file: {dlerror()}");
  EXPECT_EQ(sites[0].severity, "critical");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_TRUE(Matches(
      sites[0], "mold: fatal: could not open plugin file: Cannot open \"/usr/lib/LLVMgold.so\""));
  EXPECT_EQ(sites[1].severity, "warning");
}

// duckdb builds its messages in static functions of the exception class
// that return the exception for the caller to throw.
TEST(CppExtractor, ReturnedExceptionOfAFactoryFunctionIsASite) {
  auto sites = Extract(
      "src/catalog_exception.cpp",
      "CatalogException CatalogException::MissingEntry(const string &type, const string &name,\n"
      "                                                const string &did_you_mean) {\n"
      "  return CatalogException(extra_info,\n"
      "                          StringUtil::Format(\"%s with name %s does not exist!%s\", type,\n"
      "                                             name, did_you_mean));\n"
      "}\n"
      "Status Check(int x) {\n"
      "  return Status(\"not an exception\");\n"
      "}\n"
      "ParseError Parser::Fail() { return Other(\"a different type\"); }\n"
      "void Bind(const string &name) {\n"
      "  auto candidates = StringUtil::CandidatesErrorMessage(names, name, \"Did you mean\");\n"
      "  report_error_message(\"cannot bind %s\", name);\n"
      "}\n");
  // The text builder is no site; a reporter named after its message is.
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[1].message.Display(), "cannot bind %s");
  EXPECT_EQ(sites[0].error_class, "CatalogException");
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "%s with name %s does not exist!%s");
  EXPECT_TRUE(Matches(sites[0], "Table with name result_df does not exist!\nDid you mean \"x\"?"));
}

// libvips reports `vips_error(domain, fmt, ...)`: the one-word literal
// before the format is the domain its output starts with; `"%s", _("..")`
// prints the one literal argument.
TEST(CppExtractor, ReporterDomainBeforeTheFormat) {
  auto sites = Extract("libvips/foreign/foreign.c",
                       "const char *f(const char *name) {\n"
                       "  if (!save_class) {\n"
                       "    vips_error(\"VipsForeignSave\",\n"
                       "      _(\"\\\"%s\\\" is not a known buffer format\"), name);\n"
                       "    return NULL;\n"
                       "  }\n"
                       "  if (!load_class) {\n"
                       "    vips_error(\"VipsForeignLoad\", \"%s\", _(\"buffer is not in a known "
                       "format\"));\n"
                       "    return NULL;\n"
                       "  }\n"
                       "  vips_error(\"not a domain\", \"%d\", 3);\n"
                       "  return name;\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "VipsForeignSave: \"%s\" is not a known buffer format");
  EXPECT_TRUE(Matches(sites[0], "VipsForeignSave: \"webp\" is not a known buffer format"));
  EXPECT_EQ(sites[1].message.Display(), "VipsForeignLoad: buffer is not in a known format");
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_EQ(sites[2].message.Display(), "not a domain");
}

// doxygen's `warn_doc_error(file, line, fmt, ...)` formats with {fmt}: a
// `{}` in the literal is a hole, not text.
TEST(CppExtractor, NamedReporterWithBraceFormat) {
  auto sites = Extract("src/docparser.cpp",
                       "void DocParser::handleLinkedWord(const QCString &name) {\n"
                       "  if (!found) {\n"
                       "    warn_doc_error(context.fileName, tokenizer.getLineNr(),\n"
                       "        \"explicit link request to '{}' could not be resolved\", name);\n"
                       "  }\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Pattern(),
            "explicit link request to '([\\s\\S]*?)' could not be resolved");
  EXPECT_TRUE(Matches(
      sites[0], "legal.c(88): Warning: explicit link request to 'SUCCESS' could not be resolved"));
}

// A project's logger whose `err`/`warn` format as printf does (polybar's
// `m_log.err("... (%s)", e.what())`), beside spdlog's `{}`: each read by
// its own format's holes.
TEST(CppExtractor, LoggerMethodWithAPrintfFormat) {
  auto sites = Extract("src/x11/tray_manager.cpp",
                       "void tray_manager::redraw() {\n"
                       "  try {\n"
                       "    reconfigure_clients();\n"
                       "  } catch (const std::exception& err) {\n"
                       "    m_log.err(\"Failed to reconfigure tray clients (%s)\", err.what());\n"
                       "  }\n"
                       "  m_log.warn(\"%d tray clients left\", n);\n"
                       "  m_log.err(\"{} failed at 100%\", name);\n"
                       "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "Failed to reconfigure tray clients (%s)");
  EXPECT_EQ(sites[0].message.HoleCount(), 1);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_TRUE(Matches(sites[0], "error: Failed to reconfigure tray clients (XCB_VALUE (2))"));
  EXPECT_EQ(sites[1].message.HoleCount(), 1);
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_TRUE(Matches(sites[1], "3 tray clients left"));
  EXPECT_EQ(sites[2].message.Display(), "{} failed at 100%");
  EXPECT_EQ(sites[2].message.HoleCount(), 1);
  EXPECT_TRUE(Matches(sites[2], "vacuum failed at 100%"));
}

// C++23's `std::println(stderr, ...)` and {fmt}'s `fmt::print(stderr, ...)`
// report to stderr; a `"\n{}"` format prints one value, here the text a
// helper from another file decorates with a mark (hyprpm's failureString).
// Output to stdout and progress lines are not errors.
TEST(CppExtractor, BracePrintToStderrAndDecoratedText) {
  auto sites =
      Extract("hyprpm/src/core/PluginManager.cpp",
              "bool CPluginManager::addNewPluginRepo(const std::string& url) {\n"
              "  if (DataState::pluginRepoExists(url)) {\n"
              "    std::println(stderr, \"\\n{}\", failureString(\"Could not clone the "
              "plugin repository. Repository already installed.\"));\n"
              "    return false;\n"
              "  }\n"
              "  std::println(\"Cloning {} failed\", url);\n"
              "  fmt::print(stderr, \"Cloning {} now\\n\", url);\n"
              "  if (!ok)\n"
              "    std::println(stderr, \"{}\", failureString(\"shell returned:\\n{}\", ret));\n"
              "  fmt::println(stderr, \"cannot open {}: {}\", url, err);\n"
              "  return true;\n"
              "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(),
            "{failureString}Could not clone the plugin repository. Repository already installed.");
  EXPECT_TRUE(Matches(sites[0],
                      "\xE2\x9C\x96 Could not clone the plugin repository. Repository already "
                      "installed."));
  EXPECT_EQ(sites[1].line, 9);
  EXPECT_EQ(sites[1].message.Display(), "{failureString}shell returned:\n{}");
  EXPECT_EQ(sites[2].line, 10);
  EXPECT_EQ(sites[2].message.Display(), "cannot open {}: {}");
  EXPECT_TRUE(Matches(sites[2], "cannot open repo.git: No such file or directory"));
}

// libfuse prints one line in pieces: a format without a newline, then a
// loop of the same call, then the line's end. The first piece's text goes
// on, so its template ends with a hole; a piece that ends its line, or one
// followed by another function's call, keeps its text as it is.
TEST(CppExtractor, LinePrintedInPiecesGoesOn) {
  auto sites = Extract("lib/fuse_lowlevel.c",
                       "int fuse_session_new(struct fuse_args *args) {\n"
                       "  if (args->argc != 1) {\n"
                       "    int i;\n"
                       "    fuse_log(FUSE_LOG_ERR, \"fuse: unknown option(s): `\");\n"
                       "    for (i = 1; i < args->argc - 1; i++)\n"
                       "      fuse_log(FUSE_LOG_ERR, \"%s \", args->argv[i]);\n"
                       "    fuse_log(FUSE_LOG_ERR, \"%s'\\n\", args->argv[i]);\n"
                       "    return -1;\n"
                       "  }\n"
                       "  fuse_log(FUSE_LOG_ERR, \"fuse: cannot mount\");\n"
                       "  cleanup(args);\n"
                       "  return 0;\n"
                       "}\n");
  ASSERT_GE(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message.Display(), "fuse: unknown option(s): `{...}");
  EXPECT_TRUE(Matches(sites[0], "fuse: unknown option(s): `-o max_readahead=1048576'"));
  EXPECT_EQ(sites.back().line, 10);
  EXPECT_EQ(sites.back().message.Display(), "fuse: cannot mount");
}

// polybar builds its messages on a new stream, `sstream() << "Label " <<
// ..`: the empty stream adds nothing before the text (the thirty-first
// grading saw a stray `{sstream()}` in front of it).
TEST(CppExtractor, StreamStartedEmptyAddsNothing) {
  auto sites = Extract(
      "src/drawtypes/label.cpp",
      "label_t load_label(const config& conf, const string& section, string name) {\n"
      "  if (maxlen > 0 && maxlen < minlen) {\n"
      "    throw application_error(sstream() << \"Label \" << section << \".\" << name\n"
      "        << \" has maxlen \" << maxlen << \" which is smaller than minlen \" << minlen);\n"
      "  }\n"
      "  throw std::runtime_error(std::ostringstream() << \"no label \" << name);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(),
            "Label {section}.{name} has maxlen {maxlen} which is smaller than minlen {minlen}");
  EXPECT_TRUE(Matches(sites[0], "Label cpu.label has maxlen 2 which is smaller than minlen 5"));
  EXPECT_EQ(sites[1].message.Display(), "no label {name}");
}

}  // namespace
}  // namespace errdex
