// Link for C varargs report wrappers: a function taking `const char *fmt,
// ...` that formats it with its arguments (vsnprintf, a `v` variant of a
// repository function, vfprintf) and reports the text, directly or through
// a `va_list` function, is a sink; each call passing a format is a site at
// the call with the composed message. Asserted on the exact message, the
// line, the severity and renderings the pattern matches. Fixtures are
// written for these tests.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

// A reporter around a formatted buffer: the wrapper adds a prefix in one
// branch and a position in the other; both reach each caller.
TEST(LinkCVarargs, FormattedBufferReportedWithPrefixIsASiteAtTheCall) {
  Linked r = Link({{"src/locate.c",
                    "void report_at(struct ctx *c, int pos, const char *fmt, ...) {\n"
                    "  char buf[256];\n"
                    "  va_list args;\n"
                    "  va_start(args, fmt);\n"
                    "  vsnprintf(buf, sizeof buf, fmt, args);\n"
                    "  va_end(args);\n"
                    "  if (pos < 0) {\n"
                    "    ctx_report_error(c, \"tool: error: %s\", buf);\n"
                    "    return;\n"
                    "  }\n"
                    "  ctx_report_error(c, \"%s at line %d\", buf, line_of(c, pos));\n"
                    "}\n"},
                   {"src/bind.c",
                    "int bind_all(struct ctx *c, struct node *n) {\n"
                    "  if (!lookup(c, n->name))\n"
                    "    report_at(c, n->pos, \"%s/%d is not defined\", n->name, n->arity);\n"
                    "  return 0;\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("src/bind.c", 3, "tool: error: %s/%d is not defined");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->severity, "error");
  EXPECT_NE(s->message_origin_note.find("report_at"), std::string::npos) << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "tool: error: len/2 is not defined"));
  const ErrorSite* at = r.Find("src/bind.c", 3, "%s/%d is not defined at line %d");
  ASSERT_NE(at, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*at, "len/2 is not defined at line 1"));
}

// A `static` function is seen only by its own file: git's
// contrib/credential helper defines its own `static void die(..)`, which is
// not the `die` the rest of the repository calls (that one is declared in a
// header and reached through a function pointer errdex does not follow).
TEST(LinkCVarargs, StaticFunctionIsNotCalledFromOtherFiles) {
  Linked r = Link({{"contrib/helper.c",
                    "static void die(const char *err, ...) {\n"
                    "  fprintf(stderr, \"helper: %s\\n\", err);\n"
                    "  exit(1);\n"
                    "}\n"
                    "int main(void) {\n"
                    "  die(\"no input\");\n"
                    "}\n"},
                   {"setup.c",
                    "void setup(int ok) {\n"
                    "  if (!ok)\n"
                    "    die(\"not a repository\");\n"
                    "}\n"}});
  EXPECT_NE(r.Find("contrib/helper.c", 6, "helper: no input"), nullptr) << Dump(r);
  EXPECT_EQ(r.Find("setup.c", 3, "helper: not a repository"), nullptr) << Dump(r);
}

// nginx's shape: a leveled logger whose level is a call argument. A call at
// the info level is a record (of severity info) only when its text states a
// failure; one at the debug level never is.
TEST(LinkCVarargs, CallAtAnInformationLevelKeepsItsLevel) {
  Linked r = Link({{"src/log.c",
                    "void log_core(int level, struct log *log, const char *fmt, ...) {\n"
                    "  char buf[256];\n"
                    "  va_list args;\n"
                    "  va_start(args, fmt);\n"
                    "  vsnprintf(buf, sizeof buf, fmt, args);\n"
                    "  va_end(args);\n"
                    "  fprintf(stderr, \"error: %s\\n\", buf);\n"
                    "}\n"},
                   {"src/proxy.c",
                    "void on_read(struct conn *c) {\n"
                    "  if (c->timedout) {\n"
                    "    log_core(LOG_INFO, c->log, \"upstream timed out\");\n"
                    "    return;\n"
                    "  }\n"
                    "  log_core(LOG_INFO, c->log, \"client %s connected\", c->addr);\n"
                    "  log_core(LOG_DEBUG, c->log, \"cannot reuse %s\", c->addr);\n"
                    "  log_core(LOG_ERR, c->log, \"upstream sent no valid header\");\n"
                    "}\n"}});
  const ErrorSite* timed = r.Find("src/proxy.c", 3, "upstream timed out");
  ASSERT_NE(timed, nullptr) << Dump(r);
  EXPECT_EQ(timed->severity, "info");
  EXPECT_EQ(r.CountAt("src/proxy.c", 6), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("src/proxy.c", 7), 0) << Dump(r);
  const ErrorSite* err = r.Find("src/proxy.c", 8, "upstream sent no valid header");
  ASSERT_NE(err, nullptr) << Dump(r);
  EXPECT_EQ(err->severity, "error");
}

// The formatted text as a value (`m = str_vformat(fmt, ap)`), read back
// through a one-argument accessor in the report.
TEST(LinkCVarargs, FormattedValueThroughAnAccessorIsTheMessage) {
  Linked r = Link({{"src/locfile.c",
                    "void loc_fail(struct loc *l, const char *fmt, ...) {\n"
                    "  va_list ap;\n"
                    "  va_start(ap, fmt);\n"
                    "  struct text *m = text_vformat(fmt, ap);\n"
                    "  va_end(ap);\n"
                    "  loc_report_error(l, \"lib: error: %s\", text_value(m));\n"
                    "}\n"},
                   {"src/compile.c",
                    "void check(struct loc *l, const char *name) {\n"
                    "  loc_fail(l, \"$%s is not defined\", name);\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("src/compile.c", 2, "lib: error: $%s is not defined");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "lib: error: $x is not defined"));
}

// libgit2's shape: `set(cls, fmt, ...)` hands its va_list to `vset(cls,
// fmt, ap)`, which formats it into the error state that callers read back
// later. Named as a reporter and formatting its format, vset is a sink;
// set is one through the link; a call with a format is a site.
TEST(LinkCVarargs, ErrorSetterChainMakesEachFormattedCallASite) {
  Linked r = Link({{"src/util/errors.c",
                    "void lib_error_vset(int klass, const char *fmt, va_list ap) {\n"
                    "  str_clear(&state.message);\n"
                    "  if (fmt) {\n"
                    "    str_vprintf(&state.message, fmt, ap);\n"
                    "  }\n"
                    "  state.klass = klass;\n"
                    "}\n"
                    "void lib_error_set(int klass, const char *fmt, ...) {\n"
                    "  va_list ap;\n"
                    "  va_start(ap, fmt);\n"
                    "  lib_error_vset(klass, fmt, ap);\n"
                    "  va_end(ap);\n"
                    "}\n"},
                   {"src/transports/http.c",
                    "static int handle_response(struct response *response) {\n"
                    "  if (response->status != 200) {\n"
                    "    lib_error_set(ERROR_HTTP, \"unexpected http status code: %d\",\n"
                    "                  response->status);\n"
                    "    return -1;\n"
                    "  }\n"
                    "  lib_error_set(ERROR_HTTP, name);\n"
                    "  return 0;\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("src/transports/http.c", 3, "unexpected http status code: %d");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->severity, "error");
  EXPECT_NE(s->message_origin_note.find("lib_error_set"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "unexpected http status code: 521; class=Http (34)"));
  // A call passing a name, not a format, tells nothing.
  EXPECT_EQ(r.CountAt("src/transports/http.c", 7), 0) << Dump(r);
  // The wrappers themselves hold no text of their own: no sites there.
  EXPECT_EQ(r.CountAt("src/util/errors.c", 11), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("src/util/errors.c", 4), 0) << Dump(r);
}

// git's shape: `die(fmt, ...)` passes its va_list to `vreport("fatal: ",
// fmt, ap)`, which formats into a buffer and prints it with the prefix.
TEST(LinkCVarargs, PrefixAddedByAVaListReporterReachesTheCallers) {
  Linked r = Link({{"src/usage.c",
                    "static void vreport(const char *prefix, const char *err, va_list params) {\n"
                    "  char msg[4096];\n"
                    "  vsnprintf(msg, sizeof(msg), err, params);\n"
                    "  fprintf(stderr, \"%s%s\\n\", prefix, msg);\n"
                    "}\n"
                    "void die_with_status(const char *err, ...) {\n"
                    "  va_list params;\n"
                    "  va_start(params, err);\n"
                    "  vreport(\"fatal: \", err, params);\n"
                    "  va_end(params);\n"
                    "  exit(128);\n"
                    "}\n"},
                   {"src/read.c",
                    "void read_index(const char *path) {\n"
                    "  if (!exists(path))\n"
                    "    die_with_status(\"unable to read %s\", path);\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("src/read.c", 3, "fatal: unable to read %s");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "fatal: unable to read .git/index"));
}

// vfprintf(stderr, fmt, ap) in a wrapper: the format is the whole message.
TEST(LinkCVarargs, VfprintfWrapperIsASinkForItsFormat) {
  Linked r = Link({{"src/log.c",
                    "void complain(const char *fmt, ...) {\n"
                    "  va_list ap;\n"
                    "  va_start(ap, fmt);\n"
                    "  vfprintf(stderr, fmt, ap);\n"
                    "  va_end(ap);\n"
                    "}\n"
                    "int load(const char *p) {\n"
                    "  if (!p) complain(\"no configuration file given (use -c %s)\", p);\n"
                    "  return 0;\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("src/log.c", 8, "no configuration file given (use -c %s)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "no configuration file given (use -c /etc/x.conf)"));
}

// ninja's shape: `Error(msg, ap)` prints its prefix with a statement of its
// own before `vfprintf(stderr, msg, ap)`; the `...` overload of the same name
// and a status object's `Error` method forward to it. Every caller's format
// gets the prefix, and the prefix alone is no record.
TEST(LinkCVarargs, PrefixPrintedByItsOwnStatementReachesTheCallers) {
  Linked r =
      Link({{"src/util.cc",
             "void Error(const char* msg, va_list ap) {\n"
             "  fprintf(stderr, \"ninja: error: \");\n"
             "  vfprintf(stderr, msg, ap);\n"
             "  fprintf(stderr, \"\\n\");\n"
             "}\n"
             "void Error(const char* msg, ...) {\n"
             "  va_list ap;\n"
             "  va_start(ap, msg);\n"
             "  Error(msg, ap);\n"
             "  va_end(ap);\n"
             "}\n"},
            {"src/status_printer.cc",
             "void StatusPrinter::Error(const char* msg, ...) {\n"
             "  va_list ap;\n"
             "  va_start(ap, msg);\n"
             "  ::Error(msg, ap);\n"
             "  va_end(ap);\n"
             "}\n"},
            {"src/ninja.cc",
             "int real_main(Status* status, const char* input_file) {\n"
             "  if (!input_file) {\n"
             "    Error(\"no input file given: %s\", \"x\");\n"
             "    return 1;\n"
             "  }\n"
             "  status->Error(\"manifest '%s' still dirty after %d tries\", input_file, 100);\n"
             "  return 1;\n"
             "}\n"}});
  const ErrorSite* direct = r.Find("src/ninja.cc", 3, "ninja: error: no input file given: %s");
  ASSERT_NE(direct, nullptr) << Dump(r);
  const ErrorSite* method =
      r.Find("src/ninja.cc", 6, "ninja: error: manifest '%s' still dirty after %d tries");
  ASSERT_NE(method, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*method, "ninja: error: manifest 'build.ninja' still dirty after 100 tries"))
      << method->message.Pattern();
  EXPECT_EQ(r.Count("ninja: error:"), 0) << Dump(r);
}

// bsdunzip's error(): the wrapper ends its callers' line with the OS
// reason after its own `vfprintf`; the composed site replaces the one the
// call made by its reporter name alone.
TEST(LinkCVarargs, SuffixPrintedAfterTheFormatReachesTheCallers) {
  Linked r = Link({{"unzip/bsdunzip.c",
                    "static void\n"
                    "error(const char *fmt, ...)\n"
                    "{\n"
                    "\tva_list ap;\n"
                    "\tfprintf(stderr, \"unzip: \");\n"
                    "\tva_start(ap, fmt);\n"
                    "\tvfprintf(stderr, fmt, ap);\n"
                    "\tva_end(ap);\n"
                    "\tfprintf(stderr, \": %s\\n\", strerror(errno));\n"
                    "\texit(EXIT_FAILURE);\n"
                    "}\n"
                    "static void\n"
                    "extract_file(struct archive_entry *e)\n"
                    "{\n"
                    "\tconst char *path = archive_entry_pathname(e);\n"
                    "\tif (futimes(fd, ts) != 0)\n"
                    "\t\terror(\"futimes('%s')\", path);\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("unzip/bsdunzip.c", 17, "futimes('%s'): %s");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "futimes('a.txt'): Operation not permitted"));
  EXPECT_EQ(r.CountAt("unzip/bsdunzip.c", 17), 1) << Dump(r);
}

// Hostile input: v-functions calling each other in a cycle, and a long
// chain of varargs wrappers, end in bounded time; links stop at the depth
// bound rather than following the chain.
TEST(LinkCVarargs, CyclesAndLongChainsTerminate) {
  Linked cyc = Link({{"src/a.c",
                      "void a_verror(const char *fmt, va_list ap) {\n"
                      "  b_verror(fmt, ap);\n"
                      "  vfprintf(stderr, fmt, ap);\n"
                      "}\n"
                      "void b_verror(const char *fmt, va_list ap) {\n"
                      "  a_verror(fmt, ap);\n"
                      "}\n"
                      "void oops(const char *fmt, ...) {\n"
                      "  va_list ap;\n"
                      "  va_start(ap, fmt);\n"
                      "  oops(fmt, ap);\n"
                      "  b_verror(fmt, ap);\n"
                      "}\n"
                      "void f(const char *what) { oops(\"bad thing %s happened\", what); }\n"}});
  ASSERT_NE(cyc.Find("src/a.c", 14, "bad thing %s happened"), nullptr) << Dump(cyc);

  std::string chain;
  const int kLevels = 2000;
  for (int i = 0; i < kLevels; ++i) {
    std::string name = "w" + std::to_string(i) + "_verror";
    std::string next = i == 0 ? "" : "w" + std::to_string(i - 1) + "_verror";
    chain += "void " + name + "(const char *fmt, va_list ap) {\n";
    chain += i == 0 ? "  vfprintf(stderr, fmt, ap);\n" : "  " + next + "(fmt, ap);\n";
    chain += "}\n";
  }
  chain += "void top(const char *fmt, ...) {\n  va_list ap;\n  va_start(ap, fmt);\n  w" +
           std::to_string(kLevels - 1) + "_verror(fmt, ap);\n}\n";
  chain += "void g(void) { top(\"deep failure\"); }\n";
  auto start = std::chrono::steady_clock::now();
  Linked deep = Link({{"src/chain.c", chain}});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 10.0);
  // 2000 levels are past the depth bound: the top wrapper is not reached.
  EXPECT_EQ(deep.Count("deep failure"), 0) << Dump(deep);
}

// jq's f_format: the text a wrapper formats is a local given a literal in
// each branch before the call; each literal makes a site at the call.
TEST(LinkCVarargs, LocalChosenByBranchesGivesASitePerLiteral) {
  Linked r = Link({{"src/builtin.c",
                    "static jv type_error(jv bad, const char* msg) {\n"
                    "  char errbuf[30];\n"
                    "  jv err = jv_invalid_with_msg(jv_string_fmt(\"%s (%s) %s\",\n"
                    "      kind_name(bad), dump_trunc(bad, errbuf, sizeof(errbuf)), msg));\n"
                    "  return err;\n"
                    "}\n"
                    "static jv f_format(jv input, const char *fmt_s) {\n"
                    "  const char *msg;\n"
                    "  if (!strcmp(fmt_s, \"csv\")) {\n"
                    "    msg = \"cannot be csv-formatted, only array\";\n"
                    "  } else {\n"
                    "    msg = \"cannot be tsv-formatted, only array\";\n"
                    "  }\n"
                    "  if (jv_get_kind(input) != JV_KIND_ARRAY)\n"
                    "    return type_error(input, msg);\n"
                    "  return input;\n"
                    "}\n"}});
  const ErrorSite* csv = r.Find("src/builtin.c", 15, "%s (%s) cannot be csv-formatted, only array");
  ASSERT_NE(csv, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*csv, "object ({\"last\"...) cannot be csv-formatted, only array"));
  EXPECT_NE(r.Find("src/builtin.c", 15, "%s (%s) cannot be tsv-formatted, only array"), nullptr)
      << Dump(r);
}

// redis: `addReplyError(c, "..")` sends the reply the client sees, and the
// helper it calls logs a "== CRITICAL ==" wrapper around the same text only
// for master and replica clients. The wrapper is no site at the call: the
// reply stays the call's message (twentieth grading, 5bf8aafbd23476e5).
TEST(LinkCVarargs, ConditionalLogWrapperDoesNotStandForTheReply) {
  Linked r = Link({{"src/networking.c",
                    "void afterErrorReply(client *c, const char *s, size_t len) {\n"
                    "    if (c->flags & CLIENT_MASTER) {\n"
                    "        serverLog(LL_WARNING, \"== CRITICAL == This replica is sending an \"\n"
                    "                  \"error to its master: '%.*s'\", (int)len, s);\n"
                    "    }\n"
                    "}\n"
                    "void addReplyError(client *c, const char *err) {\n"
                    "    addReplyErrorLength(c, err, strlen(err));\n"
                    "    afterErrorReply(c, err, strlen(err));\n"
                    "}\n"},
                   {"src/multi.c",
                    "void execCommand(client *c) {\n"
                    "    if (c->flags & CLIENT_MULTI_NESTED) {\n"
                    "        addReplyError(c, \"EXEC without MULTI\");\n"
                    "        return;\n"
                    "    }\n"
                    "}\n"}});
  std::vector<const ErrorSite*> at = r.At("src/multi.c", 3);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "EXEC without MULTI");
}

// git's `maybe_flush_or_die(stdout, "stdout")`: the helper only ever writes
// its own wrapper (under its checks), so the wrapper is the call's message.
TEST(LinkCVarargs, WrapperOfEveryPathStaysTheMessage) {
  Linked r = Link({{"write-or-die.c",
                    "void flush_or_die(FILE *f, const char *desc)\n"
                    "{\n"
                    "\tif (fflush(f)) {\n"
                    "\t\tdie(\"write failure on '%s'\", desc);\n"
                    "\t}\n"
                    "}\n"},
                   {"builtin/blame.c",
                    "static void emit(void)\n"
                    "{\n"
                    "\tflush_or_die(stdout, \"stdout\");\n"
                    "}\n"}});
  EXPECT_NE(r.Find("builtin/blame.c", 3, "write failure on 'stdout'"), nullptr) << Dump(r);
}

// vim's shape: message constants declared with initializer macros in a
// header (`EXTERN char e_x[] INIT(= N_("..."));`), reported with
// `emsg(_(e_x))` / `semsg(_(e_x), arg)` and through a helper whose format
// parameter reaches `semsg(_(ermsg), p)`. Each call is a site with the
// constant's text; the "%s" is the argument's value.
TEST(LinkCVarargs, VimErrorConstantsThroughEmsgAndAHelper) {
  Linked r = Link({{"src/errors.h",
                    "EXTERN char e_unknown_function_str[]\n"
                    "\tINIT(= N_(\"E117: Unknown function: %s\"));\n"
                    "EXTERN char e_no_match[] INIT(= N_(\"E480: No match\"));\n"
                    "EXTERN long Rows INIT(= 24);\n"},
                   {"src/userfunc.c",
                    "#include \"errors.h\"\n"
                    "    void\n"
                    "emsg_funcname(char *ermsg, char_u *name)\n"
                    "{\n"
                    "    char_u *p = name;\n"
                    "    if (name[0] == K_SPECIAL)\n"
                    "\tp = concat_str((char_u *)\"<SNR>\", name + 3);\n"
                    "    semsg(_(ermsg), p);\n"
                    "}\n"
                    "    void\n"
                    "user_func_error(int error, char_u *name)\n"
                    "{\n"
                    "    if (error == FCERR_UNKNOWN)\n"
                    "\temsg_funcname(e_unknown_function_str, name);\n"
                    "    else\n"
                    "\temsg(_(e_no_match));\n"
                    "}\n"
                    "    void\n"
                    "call_func(char_u *fname)\n"
                    "{\n"
                    "    semsg(_(e_unknown_function_str), (char *)fname);\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("src/userfunc.c", 14, "E117: Unknown function: %s");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->severity, "error");
  EXPECT_TRUE(Matches(*s, "E117: Unknown function: AutoPairsInit"));
  const ErrorSite* m = r.Find("src/userfunc.c", 16, "E480: No match");
  ASSERT_NE(m, nullptr) << Dump(r);
  const ErrorSite* direct = r.Find("src/userfunc.c", 21, "E117: Unknown function: %s");
  ASSERT_NE(direct, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*direct, "E117: Unknown function: AutoPairsInit"));
  EXPECT_EQ(direct->message.HoleCount(), 1);
}

}  // namespace
// fluent-bit's config reader counts lines from `int line = 0;` with
// `line++` in its read loop: the warning a call inside the loop prints
// shows the count, a value of the paste, never the initial 0.
TEST(LinkCVarargs, CountedLocalPassedToASinkIsAHole) {
  Linked r =
      Link({{"src/cf.c",
             "static void config_warn(const char *path, int line, const char *msg)\n"
             "{\n"
             "    fprintf(stderr, \"[config] warning '%s' at line %i: %s\\n\", path, line, "
             "msg);\n"
             "}\n"
             "\n"
             "static int read_conf(const char *cfg_file, FILE *f)\n"
             "{\n"
             "    int line = 0;\n"
             "    while (fgets(buf, sizeof(buf), f)) {\n"
             "        line++;\n"
             "        if (buf[0] == '[') {\n"
             "            config_warn(cfg_file, line, \"previous section did not have keys\");\n"
             "        }\n"
             "    }\n"
             "    return 0;\n"
             "}\n"}});
  std::vector<const ErrorSite*> at = r.At("src/cf.c", 12);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(),
            "[config] warning '{cfg_file}' at line {line}: previous section did not have keys");
  EXPECT_TRUE(Matches(*at[0],
                      "[config] warning 'fluent-bit.conf' at line 12: previous section did not "
                      "have keys"));
}

}  // namespace errdex
