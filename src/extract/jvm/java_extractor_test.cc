// Java extractor: each idiom asserted on the exact message, line, class,
// status and pattern a user will see. Fixtures reproduce idioms seen in
// google/gson, FasterXML/jackson-databind and apache/commons-lang.
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

std::vector<ErrorSite> Extract(const std::string& code,
                               const std::string& path = "src/main/java/com/acme/Store.java") {
  return ExtractFile(path, code, "java");
}

TEST(JavaExtractor, ConcatenationNamesHolesAndKeepsContext) {
  auto sites = Extract(
      "package com.acme;\n"
      "\n"
      "public class Store {\n"
      "  public void put(String key, Object value) {\n"
      "    if (key.isEmpty()) {\n"
      "      // Keys are never empty.\n"
      "      throw new IllegalArgumentException(\"bad key '\" + key + \"' for \"\n"
      "          + String.valueOf(value) + \" (\" + value.toString() + ')'\n"
      "          + \" of \" + value.getClass().getName() + \"\\t#\" + 42);\n"
      "    }\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.message.Display(),
            "bad key '{key}' for {String.valueOf(value)} ({value.toString()}) of "
            "{value.getClass().getName()}\t#42");
  EXPECT_EQ(HoleExprs(s),
            (std::vector<std::string>{"key", "value", "value", "value.getClass().getName()"}));
  EXPECT_EQ(s.error_class, "IllegalArgumentException");
  EXPECT_EQ(s.kind, SiteKind::kRaise);
  EXPECT_EQ(s.line, 7);
  EXPECT_EQ(s.end_line, 9);
  EXPECT_EQ(s.function, "Store.put");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "key.isEmpty()");
  ASSERT_FALSE(s.notes.empty());
  EXPECT_EQ(s.notes[0].text, "Keys are never empty.");
  EXPECT_TRUE(Matches(s, "bad key '' for 7 (7) of java.lang.Integer\t#42"));
  EXPECT_FALSE(Matches(s, "bad key 'a' for 7 (7) of java.lang.Integer #42"));
}

TEST(JavaExtractor, FormatCallsAndTextBlocks) {
  auto sites = Extract(
      "class Fmt {\n"
      "  void f(String name, int n, Path p) {\n"
      "    throw new IllegalStateException(String.format(\"%s has %d items (%.2f%%)%n\", name, n, "
      "r));\n"
      "    throw new IllegalStateException(String.format(Locale.ROOT, \"%2$s then %1$s, %<s\", a, "
      "b));\n"
      "    throw new IOException(\"cannot read %s\".formatted(p));\n"
      "    throw new ParseException(MessageFormat.format(\"line {0}: ''{1}'' unexpected\", n, "
      "tok), n);\n"
      "    throw new IllegalArgumentException(\"\"\"\n"
      "        Invalid config:\n"
      "          key %s \\\n"
      "        is unknown\n"
      "        \"\"\".formatted(name));\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].message.Display(), "%s has %d items (%.2f%)\n");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"name", "n", "r"}));
  EXPECT_TRUE(Matches(sites[0], "cart has 3 items (1.50%)\n"));
  EXPECT_EQ(sites[1].message.Display(), "%2$s then %1$s, %<s");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"b", "a", "a"}));
  EXPECT_EQ(sites[2].message.Display(), "cannot read %s");
  EXPECT_EQ(sites[2].error_class, "IOException");
  EXPECT_EQ(sites[3].message.Display(), "line {0}: '{1}' unexpected");
  EXPECT_EQ(HoleExprs(sites[3]), (std::vector<std::string>{"n", "tok"}));
  EXPECT_TRUE(Matches(sites[3], "line 3: 'x' unexpected"));
  // Incidental indentation stripped, `\` joins lines, the last line break kept.
  EXPECT_EQ(sites[4].message.Display(), "Invalid config:\n  key %s is unknown\n");
  EXPECT_EQ(sites[4].line, 7);
  EXPECT_EQ(sites[4].end_line, 11);
}

// pgjdbc wraps every message in its translation helper `GT.tr(text,
// args..)`: the source text, filled as MessageFormat fills it.
TEST(JavaExtractor, TranslationHelperKeepsTheSourceText) {
  auto sites = Extract(
      "class PgConnection {\n"
      "  void commit() {\n"
      "    if (autoCommit) {\n"
      "      throw new PSQLException(GT.tr(\"Cannot commit when autoCommit is enabled.\"),\n"
      "          PSQLState.NO_ACTIVE_SQL_TRANSACTION);\n"
      "    }\n"
      "    throw new PSQLException(GT.tr(\"Connection to {0} refused.\", hostSpec), state);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Cannot commit when autoCommit is enabled.");
  EXPECT_FALSE(sites[0].message_opaque);
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_TRUE(Matches(sites[1], "Connection to 127.0.0.1:5433 refused."));
  EXPECT_EQ(HoleExprs(sites[1]), std::vector<std::string>{"hostSpec"});
}

// mockito's Reporter builds its texts in private helpers that take the
// invocation: `createWantedButNotInvokedMessage(wanted)` returns a join of
// "Wanted but not invoked:" and `wanted.toString()`. The helper's one
// return stands for the call, its parameter read as the call's argument;
// a literal argument is text.
TEST(JavaExtractor, TextHelperWithParametersStandsForTheCall) {
  auto sites = Extract(
      "class Reporter {\n"
      "  public static MockitoAssertionError wantedButNotInvoked(DescribedInvocation wanted) {\n"
      "    return new WantedButNotInvoked(createWantedButNotInvokedMessage(wanted));\n"
      "  }\n"
      "  public static MockitoException notAMock(String what) {\n"
      "    return new MockitoException(describe(\"Argument passed to verify()\", what));\n"
      "  }\n"
      "  private static String createWantedButNotInvokedMessage(DescribedInvocation wanted) {\n"
      "    return \"Wanted but not invoked:\\n\" + wanted.toString() + \"\\n\";\n"
      "  }\n"
      "  private static String describe(String subject, String value) {\n"
      "    return subject + \" is \" + value + \" and is not a mock!\";\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "Wanted but not invoked:\n{wanted}\n");
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_EQ(sites[1].message.Display(), "Argument passed to verify() is {what} and is not a mock!");
  EXPECT_TRUE(Matches(sites[1], "Argument passed to verify() is Foo and is not a mock!"));
}

// mockito's Reporter appends the other interactions with a StringBuilder:
// the text it is created with and its chained appends, then one hole for
// the loop that appends more; `toString()` of it is that text.
// A local assigned in each branch of an if/else chain or a switch before
// the exception is built: each branch is a message users see, recorded at
// the `throw` (one per message, noted "message i of n"). A plain
// assignment after the branches is the only text that reaches the throw.
TEST(JavaExtractor, LocalAssignedInBranchesGivesOneSiteEach) {
  auto sites = Extract(
      "class Checks {\n"
      "  void check(String name, int kind) {\n"
      "    String msg;\n"
      "    if (kind == 1) {\n"
      "      msg = \"Unknown column \" + name;\n"
      "    } else if (kind == 2) {\n"
      "      msg = String.format(\"Ambiguous column %s\", name);\n"
      "    } else {\n"
      "      msg = \"Bad column reference\";\n"
      "    }\n"
      "    throw new IllegalArgumentException(msg);\n"
      "  }\n"
      "  void level(int level) {\n"
      "    String label;\n"
      "    switch (level) {\n"
      "      case 4: label = \"Client error\"; break;\n"
      "      default: label = \"Server error\"; break;\n"
      "    }\n"
      "    throw new IllegalStateException(label + \" \" + level);\n"
      "  }\n"
      "  void again(boolean quiet) {\n"
      "    String text = \"first\";\n"
      "    if (quiet) text = \"quiet\";\n"
      "    text = \"Final text only\";\n"
      "    throw new IllegalStateException(text);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 6u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Unknown column {name}");
  EXPECT_EQ(sites[1].message.Display(), "Ambiguous column %s");
  EXPECT_EQ(sites[2].message.Display(), "Bad column reference");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(sites[i].line, 11);
  EXPECT_NE(sites[1].message_origin_note.find("line 7"), std::string::npos)
      << sites[1].message_origin_note;
  EXPECT_NE(sites[1].message_origin_note.find("message 2 of 3, chosen by the branches above"),
            std::string::npos)
      << sites[1].message_origin_note;
  EXPECT_TRUE(Matches(sites[1], "Ambiguous column id"));
  EXPECT_EQ(sites[3].message.Display(), "Client error {level}");
  EXPECT_EQ(sites[4].message.Display(), "Server error {level}");
  EXPECT_EQ(sites[5].message.Display(), "Final text only");
}

TEST(JavaExtractor, StringBuilderTextIsItsCreationAndAppends) {
  auto sites = Extract(
      "class Reporter {\n"
      "  static MockitoAssertionError wantedButNotInvoked(List<Invocation> invocations) {\n"
      "    StringBuilder sb =\n"
      "        new StringBuilder(\"\\nHowever, there \")\n"
      "            .append(invocations.size())\n"
      "            .append(\" interactions with this mock:\\n\");\n"
      "    for (Invocation i : invocations) {\n"
      "      sb.append(i).append('\\n');\n"
      "    }\n"
      "    sb.append(\"End.\");\n"
      "    throw new WantedButNotInvoked(\"Wanted but not invoked:\" + sb.toString());\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 11);
  EXPECT_EQ(sites[0].message.Display(),
            "Wanted but not invoked:\nHowever, there {invocations.size()} interactions with this "
            "mock:\n{sb}End.");
  EXPECT_TRUE(Matches(sites[0],
                      "Wanted but not invoked:\nHowever, there 2 interactions with this mock:\n"
                      "a.foo()\nb.bar()\nEnd."));
}

TEST(JavaExtractor, MessagesFromLocalsFieldsHelpersAndSuper) {
  auto sites = Extract(
      "class JsonException extends RuntimeException {\n"
      "  private static final String PREFIX = \"json: \";\n"
      "  JsonException(String path, int line) {\n"
      "    super(PREFIX + \"malformed at \" + path + \" line \" + line);\n"
      "  }\n"
      "  JsonException(String message) { super(message); }\n"
      "}\n"
      "class Reader {\n"
      "  static IllegalArgumentException invalid(String n) {\n"
      "    return new IllegalArgumentException(\"bad \" + n);\n"
      "  }\n"
      "  void read(String n, int depth) throws IOException {\n"
      "    String msg = \"too deep: \" + depth;\n"
      "    msg += \" > 64\";\n"
      "    if (depth > 64) throw new IOException(msg);\n"
      "    if (n == null) throw invalid(n);\n"
      "    throw Errors.invalid(n);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].error_class, "JsonException");
  EXPECT_EQ(sites[0].message.Display(), "json: malformed at {path} line {line}");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].function, "JsonException.JsonException");
  EXPECT_EQ(sites[1].error_class, "IllegalArgumentException");
  EXPECT_EQ(sites[1].message.Display(), "bad {n}");
  EXPECT_EQ(sites[1].line, 10);
  EXPECT_EQ(sites[1].message_origin_note,
            "built and returned by `invalid()`; thrown by `throw invalid(...)` at lines 16, 17 of "
            "this file");
  EXPECT_EQ(sites[2].message.Display(), "too deep: {depth} > 64");
  EXPECT_EQ(sites[2].line, 15);
  EXPECT_EQ(sites[2].message_origin_note, "message assigned to `msg` at line 13");
  ASSERT_EQ(sites[2].conditions.size(), 1u);
  EXPECT_EQ(sites[2].conditions[0].expr, "depth > 64");
}

TEST(JavaExtractor, PreconditionHelpers) {
  auto sites = Extract(
      "class Checks {\n"
      "  void f(Object x, int n, String s) {\n"
      "    Objects.requireNonNull(x, \"x must not be null\");\n"
      "    Objects.requireNonNull(x, () -> \"x for \" + s);\n"
      "    Preconditions.checkArgument(n >= 0, \"negative count: %s (max %s)\", n, MAX);\n"
      "    checkState(open, \"closed %s %d\", s, n, extra);\n"
      "    checkArgument(ok, \"100%s sure\");\n"
      "    checkNotNull(x);\n"
      "    Assert.notNull(x, \"Bean must not be null\");\n"
      "    Assert.state(n > 0, () -> \"no \" + s);\n"
      "    Validate.isTrue(n < 10, \"too many: %d\", n);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 8u);
  EXPECT_EQ(sites[0].error_class, "NullPointerException");
  EXPECT_EQ(sites[0].message.Display(), "x must not be null");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[1].message.Display(), "x for {s}");
  EXPECT_EQ(sites[2].error_class, "IllegalArgumentException");
  EXPECT_EQ(sites[2].message.Display(), "negative count: %s (max %s)");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"n", "MAX"}));
  // Guava formats only %s and appends what is left over in brackets.
  EXPECT_EQ(sites[3].error_class, "IllegalStateException");
  EXPECT_EQ(sites[3].message.Display(), "closed %s %d [{n}, {extra}]");
  EXPECT_TRUE(Matches(sites[3], "closed db %d [3, x]"));
  // Without arguments Guava does not format at all.
  EXPECT_EQ(sites[4].message.Display(), "100%s sure");
  EXPECT_EQ(sites[4].message.HoleCount(), 0);
  EXPECT_EQ(sites[5].message.Display(), "Bean must not be null");
  EXPECT_EQ(sites[5].error_class, "IllegalArgumentException");
  EXPECT_EQ(sites[6].message.Display(), "no {s}");
  EXPECT_EQ(sites[6].error_class, "IllegalStateException");
  EXPECT_EQ(sites[7].message.Display(), "too many: %d");
  EXPECT_EQ(sites[7].line, 11);
}

// A reporter object with severity-named methods is a logger by another
// name (slf4j's own `Reporter.warn(..)`, printed as "SLF4J(W): ..."); its
// info lines are not errors.
TEST(JavaExtractor, ReporterWarningsAreSites) {
  auto sites = Extract(
      "class LoggerFactory {\n"
      "  static void emitReplayWarning(int eventCount) {\n"
      "    Reporter.warn(\"A number (\" + eventCount + \") of logging calls were replayed\");\n"
      "    Reporter.info(\"Connected to provider\");\n"
      "    Reporter.error(\"Failed to load class \\\"\" + name + \"\\\".\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "A number ({eventCount}) of logging calls were replayed");
  EXPECT_TRUE(Matches(sites[0], "A number (1) of logging calls were replayed"));
  EXPECT_EQ(sites[1].severity, "error");
  EXPECT_EQ(sites[1].message.Display(), "Failed to load class \"{name}\".");
}

TEST(JavaExtractor, LoggingAsErrorsAndWarnings) {
  auto sites = Extract(
      "class Svc {\n"
      "  private static final Logger LOG = LoggerFactory.getLogger(Svc.class);\n"
      "  void f(String id, int n) {\n"
      "    try { run(); } catch (IOException e) {\n"
      "      LOG.error(\"failed to load {} after {} tries\", id, n, e);\n"
      "    }\n"
      "    log.warn(\"slow request \\\\{} {}\", id);\n"
      "    logger.info(\"not an error {}\", id);\n"
      "    log.error(e);\n"
      "    logger.log(Level.SEVERE, \"cannot open {0}\", id);\n"
      "    Log.e(TAG, \"crash in \" + id, t);\n"
      "    LOG.info(\"Unable to reach {}, retrying\", id);\n"
      "  }\n"
      "}\n");
  // An info line is a site when it states a failure ("not an error" does not).
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[4].message.Display(), "Unable to reach {}, retrying");
  EXPECT_EQ(sites[4].severity, "info");
  EXPECT_EQ(sites[4].line, 12);
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_EQ(sites[0].message.Display(), "failed to load {} after {} tries");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"id", "n"}));
  EXPECT_EQ(sites[0].line, 5);
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "catch (IOException e)");
  EXPECT_TRUE(Matches(sites[0], "failed to load a1 after 3 tries"));
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_EQ(sites[1].message.Display(), "slow request {} {}");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"id"}));
  EXPECT_EQ(sites[2].message.Display(), "cannot open {0}");
  EXPECT_EQ(sites[2].severity, "error");
  EXPECT_EQ(sites[3].message.Display(), "crash in {id}");
  EXPECT_EQ(sites[3].kind, SiteKind::kLog);
}

TEST(JavaExtractor, HttpStatusAndErrorCodes) {
  auto sites = Extract(
      "class Api {\n"
      "  User get(long id) {\n"
      "    return repo.findById(id)\n"
      "        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, \"no user \" + "
      "id));\n"
      "  }\n"
      "  void g(HttpServletResponse resp) {\n"
      "    resp.sendError(HttpServletResponse.SC_FORBIDDEN, \"denied\");\n"
      "    throw new ApiException(ErrorCode.QUOTA_EXCEEDED, \"quota exceeded\");\n"
      "    throw new BusinessException(\"E1001\", \"account locked\");\n"
      "    return ResponseEntity.status(HttpStatus.CONFLICT).body(\"already exists\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].error_class, "ResponseStatusException");
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].message.Display(), "no user {id}");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].function, "Api.get");
  EXPECT_EQ(sites[1].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[1].http_status, 403);
  EXPECT_EQ(sites[1].message.Display(), "denied");
  EXPECT_EQ(sites[2].error_code, "QUOTA_EXCEEDED");
  EXPECT_EQ(sites[2].http_status, std::nullopt);
  EXPECT_EQ(sites[2].message.Display(), "quota exceeded");
  EXPECT_EQ(sites[3].error_code, "E1001");
  EXPECT_EQ(sites[3].message.Display(), "account locked");
  EXPECT_EQ(sites[4].http_status, 409);
  EXPECT_EQ(sites[4].message.Display(), "already exists");
}

TEST(JavaExtractor, OpaqueAndNonSites) {
  auto sites = Extract(
      "class W {\n"
      "  void f(String message) {\n"
      "    try { g(); } catch (IOException e) {\n"
      "      throw new UncheckedIOException(e);\n"
      "    }\n"
      "    throw new UnsupportedOperationException();\n"
      "    throw e;\n"
      "    Exception saved = new IllegalStateException(message);\n"
      "    String s = new StringBuilder(\"x\").toString();\n"
      "    throw new IllegalStateException(\"UNKNOWN_STATE\");\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_TRUE(sites[0].message_opaque);
  // Built from the caught exception: its text is the cause's toString().
  EXPECT_EQ(sites[0].message.Display(), "{e}");
  EXPECT_EQ(sites[0].message_origin_note,
            "the caught `e`'s text (its toString(): class name and message)");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_TRUE(sites[1].message_opaque);
  EXPECT_EQ(sites[1].message.Display(), "UnsupportedOperationException");
  EXPECT_FALSE(sites[2].message_opaque);
  EXPECT_EQ(sites[2].message.Display(), "UNKNOWN_STATE");
  EXPECT_EQ(sites[2].error_code, std::nullopt);
}

TEST(JavaExtractor, ConditionalMessagesGiveOneSitePerBranch) {
  auto sites = Extract(
      "class Reader {\n"
      "  void header(boolean client, boolean masked) throws IOException {\n"
      "    if (masked == client) {\n"
      "      throw new ProtocolException(client\n"
      "          ? \"Server-sent frames must not be masked.\"\n"
      "          : (\"Client-sent frames must be masked \" + \"(\" + mode + \")\"));\n"
      "    }\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Server-sent frames must not be masked.");
  EXPECT_EQ(sites[1].message.Display(), "Client-sent frames must be masked ({mode})");
  for (const ErrorSite& s : sites) {
    EXPECT_EQ(s.line, 4);
    EXPECT_EQ(s.error_class, "ProtocolException");
    EXPECT_FALSE(s.message_opaque);
  }
  EXPECT_EQ(sites[1].message_origin_note, "message 2 of 2, chosen by a conditional");
}

TEST(JavaExtractor, GetMessageOverrides) {
  auto sites = Extract(
      "public class LocationException extends IOException {\n"
      "  @Override\n"
      "  public String getMessage() {\n"
      "    if (location == null) {\n"
      "      return super.getMessage();\n"
      "    }\n"
      "    return super.getMessage() + \" at line \" + location.line;\n"
      "  }\n"
      "}\n"
      "class Point { public String getMessage() { return \"not an exception\"; } }\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].error_class, "LocationException");
  EXPECT_EQ(sites[0].message.Display(), "{super.getMessage()} at line {location.line}");
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].function, "LocationException.getMessage");
  EXPECT_EQ(sites[0].message_origin_note, "the getMessage() of `LocationException`");
  EXPECT_TRUE(Matches(sites[0], "Unexpected character at line 3"));
}

// Seen in FasterXML/jackson-databind: a message reformatted into its own
// variable once sent template building into endless recursion.
TEST(JavaExtractor, SelfReferentialMessagesTerminate) {
  auto sites = Extract(
      "class R {\n"
      "  static final String A = B + \"a\" + B;\n"
      "  static final String B = A + \"b\" + A;\n"
      "  void f(Object x) {\n"
      "    String msg = \"base\";\n"
      "    msg = String.format(Locale.ROOT, msg + \" %s\", x);\n"
      "    throw new IllegalStateException(msg);\n"
      "    throw new IllegalStateException(A);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "base %s");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"x"}));
  EXPECT_EQ(sites[0].line, 7);
  // Constants defined from each other: bounded work, text from both.
  std::string cyclic = sites[1].message.Display();
  EXPECT_NE(cyclic.find("a{"), std::string::npos) << cyclic.substr(0, 200);
  EXPECT_NE(cyclic.find("b{"), std::string::npos) << cyclic.substr(0, 200);
  EXPECT_LT(cyclic.size(), 1000000u);
}

// jackson-databind: `throw X.from(parser, "msg")`, a static factory of an
// exception class, is a site; `wrapWithPath(e, ..)` and a number are not
// messages (a factory given no text is no record: it may be a wrapper).
TEST(JavaExtractor, ThrownStaticFactoriesOfExceptionClasses) {
  auto sites = Extract(
      "class ObjectMapper {\n"
      "  Object read(JsonParser p, JavaType targetType, int ix) {\n"
      "    if (t == null) {\n"
      "      throw MismatchedInputException.from(p, targetType,\n"
      "          \"No content to map due to end-of-input\");\n"
      "    }\n"
      "    try { x(); } catch (Exception e) {\n"
      "      throw JsonMappingException.wrapWithPath(e, String.class, ix);\n"
      "    }\n"
      "    int n = 0;\n"
      "    throw JsonMappingException.from(p, n);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << Messages(sites)[0];
  EXPECT_EQ(sites[0].message.Display(), "No content to map due to end-of-input");
  EXPECT_EQ(sites[0].error_class, "MismatchedInputException");
  EXPECT_EQ(sites[0].line, 4);
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(JavaExtractor, ThrowsDocOfTheFunctionForThisClass) {
  auto sites =
      extract_testing::ExtractFile("src/main/java/Reader.java",
                                   "class Reader {\n"
                                   "  /**\n"
                                   "   * Consumes the next token.\n"
                                   "   *\n"
                                   "   * @param name the {@code name} to read\n"
                                   "   * @throws IOException if the stream fails\n"
                                   "   * @throws IllegalStateException if the next token\n"
                                   "   *     is not a {@link String} or {@code null}.\n"
                                   "   * @return the value\n"
                                   "   */\n"
                                   "  String next(String name) {\n"
                                   "    throw new IllegalStateException(\"Expected a string\");\n"
                                   "  }\n"
                                   "}\n",
                                   "java");
  ASSERT_EQ(sites.size(), 1u);
  const SourceNote* throws = nullptr;
  for (const SourceNote& n : sites[0].notes) {
    if (n.origin == "throws-doc") throws = &n;
  }
  ASSERT_NE(throws, nullptr);
  EXPECT_EQ(throws->text, "if the next token is not a `String` or `null`.");
  EXPECT_EQ(throws->first_line, 7);
}

// Joined lines (mockito's Reporter: a statically imported StringUtil.join
// puts each value on a line of its own) and String.join with a literal
// separator; a join whose first value is a separator or a collection is not
// read as text.
TEST(JavaExtractor, JoinedLinesAreTheMessage) {
  auto sites = Extract(
      "class Reporter {\n"
      "  static MockitoException invalidUseOfMatchers(int expected, List<M> recorded) {\n"
      "    return new InvalidUseOfMatchersException(\n"
      "        join(\n"
      "            \"Invalid use of argument matchers!\",\n"
      "            expected + \" matchers expected, \" + recorded.size() + \" recorded:\",\n"
      "            \"\",\n"
      "            \"For more info see javadoc for Matchers class.\"));\n"
      "  }\n"
      "  void final(Class<?> typeToMock) {\n"
      "    throw new MockitoException(join(\"Mockito cannot mock this class: \" + typeToMock + "
      "\".\", \"Most likely it is a private class\"));\n"
      "  }\n"
      "  void g(String a) {\n"
      "    throw new IllegalStateException(String.join(\", \", \"bad value\", a));\n"
      "    throw new IllegalStateException(StringUtils.join(parts, \", \"));\n"
      "  }\n"
      "}\n");
  ASSERT_GE(sites.size(), 3u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(),
            "Invalid use of argument matchers!\n{expected} matchers expected, {recorded.size()} "
            "recorded:\n\nFor more info see javadoc for Matchers class.");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_TRUE(Matches(sites[0],
                      "Invalid use of argument matchers!\n1 matchers expected, 2 recorded:\n\n"
                      "For more info see javadoc for Matchers class."));
  EXPECT_EQ(sites[1].message.Display(),
            "Mockito cannot mock this class: {typeToMock}.\nMost likely it is a private class");
  EXPECT_EQ(sites[2].message.Display(), "bad value, {a}");
  for (const ErrorSite& s : sites) EXPECT_EQ(s.message.Display().find(", \", "), std::string::npos);
}

// A diagnostic object built with a message at a level is reported as that
// text; at an info level, or with an enum that is not a level, it is not.
TEST(JavaExtractor, DiagnosticObjectsAtAnErrorLevel) {
  auto sites = Extract(
      "class Validator {\n"
      "  Notification check(String prop) {\n"
      "    Notification n = new Notification(\n"
      "        \"Property '\" + prop + \"' is misspelled or does not exist.\", Level.ERROR);\n"
      "    Notification i = new Notification(\"Property \" + prop + \" is fine.\", Level.INFO);\n"
      "    Result r = new Result(\"not reported: \" + prop, State.ERROR);\n"
      "    return n;\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "Property '{prop}' is misspelled or does not exist.");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_TRUE(Matches(sites[0], "Property 'a>b' is misspelled or does not exist."));
}

// A message enum (after mapstruct's Message, a fixture written for this
// test): each constant with text is a record at its own line, with the
// `%s` verbs as holes and its level; notes are not errors, and an enum not
// named or built as messages is not read.
TEST(JavaExtractor, MessageEnumConstantsAreRecordsAtTheirLines) {
  auto sites = Extract(
      "public enum Message {\n"
      "    PROCESSING_NOTE( \"processing: %s.\", Diagnostic.Kind.NOTE ),\n"
      "    UNMAPPED_TARGETS_WARNING( \"Unmapped target %s.\", Diagnostic.Kind.WARNING ),\n"
      "    AMBIGUOUS( \"Ambiguous mapping methods found for mapping %s to %s: %s. See \" +\n"
      "        FAQ_URL + \" for more info.\" ),\n"
      "    ;\n"
      "    private final String description;\n"
      "    Message(String description) { this(description, Diagnostic.Kind.ERROR); }\n"
      "    Message(String description, Diagnostic.Kind kind) { this.description = description; }\n"
      "}\n"
      "enum Color { RED(\"Light red colour\"), BLUE(\"Deep blue colour\");\n"
      "    Color(String label) {}\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "Unmapped target %s.");
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_TRUE(Matches(sites[0], "Unmapped target property: \"name\"."));
  EXPECT_EQ(sites[1].line, 4);
  EXPECT_EQ(sites[1].severity, "error");
  EXPECT_TRUE(Matches(sites[1],
                      "Ambiguous mapping methods found for mapping property \"List<A> a\" to "
                      "List<B>: a(), b(). See https://example.org/faq for more info."));
  EXPECT_NE(sites[1].message_origin_note.find("Message.AMBIGUOUS"), std::string::npos)
      << sites[1].message_origin_note;
}

// feign imports String.format statically: `format("%s executing %s %s",
// ..)` fills its verbs as String.format does. A file without the import
// calls its own `format`.
TEST(JavaExtractor, StaticallyImportedStringFormat) {
  const std::string body =
      "public class FeignException extends RuntimeException {\n"
      "  static FeignException errorExecuting(Request request, IOException cause) {\n"
      "    return new RetryableException(\n"
      "        -1,\n"
      "        format(\"%s executing %s %s\", cause.getMessage(), request.httpMethod(), "
      "request.url()),\n"
      "        request);\n"
      "  }\n"
      "}\n";
  auto sites = Extract("package feign;\n\nimport static java.lang.String.format;\n\n" + body,
                       "core/src/main/java/feign/FeignException.java");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.HoleCount(), 3);
  EXPECT_EQ(sites[0].error_class, "RetryableException");
  EXPECT_TRUE(Matches(sites[0], "Read timed out executing GET http://organization/user"));
  auto own = Extract("package feign;\n\n" + body, "core/src/main/java/feign/FeignException.java");
  for (const ErrorSite& s : own)
    EXPECT_EQ(s.message.HoleCount() == 3, false) << s.message.Display();
}

}  // namespace
}  // namespace errdex
