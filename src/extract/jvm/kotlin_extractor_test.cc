// Kotlin extractor: each idiom asserted on the exact message, line, class,
// status and pattern a user will see. Fixtures reproduce idioms seen in
// square/okhttp, square/moshi and JetBrains/Exposed.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <algorithm>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code,
                               const std::string& path = "okhttp/src/main/kotlin/Cache.kt") {
  return ExtractFile(path, code, "kotlin");
}

TEST(KotlinExtractor, ThrowWithStringTemplates) {
  auto sites = Extract(
      "package okhttp3\n"
      "\n"
      "class Cache(val dir: File) {\n"
      "  fun open(key: String, entry: Entry) {\n"
      "    if (key.isEmpty()) {\n"
      "      // An empty key can never be stored.\n"
      "      throw IllegalArgumentException(\"bad key '$key' in ${entry.name}:\\t\\$1 ${\"!\"}\")\n"
      "    } else if (key.length > 64) throw java.io.IOException(\"key too long: \" + key.length)\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.language, "kotlin");
  EXPECT_EQ(s.message.Display(), "bad key '$key' in ${entry.name}:\t$1 !");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"key", "entry.name"}));
  EXPECT_EQ(s.error_class, "IllegalArgumentException");
  EXPECT_EQ(s.line, 7);
  EXPECT_EQ(s.function, "Cache.open");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "key.isEmpty()");
  ASSERT_FALSE(s.notes.empty());
  EXPECT_EQ(s.notes[0].text, "An empty key can never be stored.");
  EXPECT_TRUE(Matches(s, "bad key '' in journal:\t$1 !"));
  EXPECT_FALSE(Matches(s, "bad key '' in journal: $1 !"));
  EXPECT_EQ(sites[1].error_class, "IOException");
  EXPECT_EQ(sites[1].message.Display(), "key too long: ${key.length}");
  EXPECT_EQ(sites[1].line, 8);
  ASSERT_EQ(sites[1].conditions.size(), 2u);
  EXPECT_EQ(sites[1].conditions[0].expr, "key.isEmpty()");
  EXPECT_FALSE(sites[1].conditions[0].polarity);
  EXPECT_EQ(sites[1].conditions[1].expr, "key.length > 64");
  EXPECT_TRUE(sites[1].conditions[1].polarity);
}

// Wire's Linker: messages added to an error list (`errors += "..."`) are
// reported together; other `+=` appends are not errors.
TEST(KotlinExtractor, MessagesAddedToAnErrorList) {
  auto sites = Extract(
      "class Linker(val errors: ErrorCollector) {\n"
      "  fun resolveType(name: String): ProtoType {\n"
      "    val resolved = resolve(name)\n"
      "    if (resolved == null) {\n"
      "      errors += \"unable to resolve $name\"\n"
      "      return BYTES\n"
      "    }\n"
      "    lines += \"resolved $name\"\n"
      "    return resolved\n"
      "  }\n"
      "}\n",
      "wire-schema/src/commonMain/kotlin/com/squareup/wire/schema/Linker.kt");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "unable to resolve $name");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "resolved == null");
  EXPECT_TRUE(Matches(sites[0], "unable to resolve google.protobuf.FieldMask"));
}

TEST(KotlinExtractor, StandardLibraryPreconditions) {
  auto sites = Extract(
      "fun check(v: Int, a: Addr?) {\n"
      "  require(v >= 0) { \"v < 0: $v\" }\n"
      "  require(v < 10)\n"
      "  check(a != null) {\n"
      "    val n = v + 1\n"
      "    \"state ${a?.host} after $n\"\n"
      "  }\n"
      "  val host = requireNotNull(a?.host) { \"host == null\" }\n"
      "  checkNotNull(a)\n"
      "  error(\"unexpected value: $v\")\n"
      "  TODO(\"support IPv6\")\n"
      "  TODO()\n"
      "  val port = a.port ?: error(\"no port for $host\")\n"
      "  @Suppress(\"SENSELESS_COMPARISON\")\n"
      "  require(a != null) { \"a\" }\n"
      "  val m = cached?.let { it.meta }\n"
      "    ?: error(\"no metadata\")\n"
      "  require(message == null) { message!! }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 12u);
  EXPECT_EQ(sites[0].error_class, "IllegalArgumentException");
  EXPECT_EQ(sites[0].message.Display(), "v < 0: $v");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[1].message.Display(), "Failed requirement.");
  EXPECT_FALSE(sites[1].message_opaque);
  EXPECT_EQ(sites[2].error_class, "IllegalStateException");
  EXPECT_EQ(sites[2].message.Display(), "state ${a?.host} after $n");
  EXPECT_EQ(sites[2].line, 4);
  EXPECT_EQ(sites[2].end_line, 7);
  EXPECT_EQ(sites[3].message.Display(), "host == null");
  EXPECT_EQ(sites[3].error_class, "IllegalArgumentException");
  EXPECT_EQ(sites[3].line, 8);
  EXPECT_EQ(sites[4].message.Display(), "Required value was null.");
  EXPECT_EQ(sites[4].error_class, "IllegalStateException");
  EXPECT_EQ(sites[5].message.Display(), "unexpected value: $v");
  EXPECT_EQ(sites[5].error_class, "IllegalStateException");
  EXPECT_EQ(sites[6].error_class, "NotImplementedError");
  EXPECT_EQ(sites[6].message.Display(), "An operation is not implemented: support IPv6");
  EXPECT_EQ(sites[7].message.Display(), "An operation is not implemented.");
  EXPECT_EQ(sites[8].message.Display(), "no port for $host");
  EXPECT_EQ(sites[8].line, 13);
  EXPECT_TRUE(Matches(sites[8], "java.lang.IllegalStateException: no port for example.com"));
  // Seen in okhttp: an annotated statement is recorded at the call, not the annotation.
  EXPECT_EQ(sites[9].line, 15);
  // Seen in Exposed: the `?:` fallback is the raising statement.
  EXPECT_EQ(sites[10].message.Display(), "no metadata");
  EXPECT_EQ(sites[10].line, 17);
  // A lazy message that is not a literal: opaque, not the default text.
  EXPECT_TRUE(sites[11].message_opaque);
  EXPECT_EQ(sites[11].message.Display(), "IllegalArgumentException");
}

// A project's own `assert { cond }` (kotlinx.coroutines'): the lambda is the
// condition that must hold, not a message.
TEST(KotlinExtractor, AssertLambdaIsItsCondition) {
  auto sites = Extract(
      "internal abstract class EventLoop {\n"
      "    private var useCount = 0L\n"
      "    fun decrementUseCount() {\n"
      "        useCount -= 1\n"
      "        if (useCount > 0) return\n"
      "        assert { useCount == 0L }\n"
      "    }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].error_class, "AssertionError");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_TRUE(sites[0].message_opaque);
  auto it = std::find_if(sites[0].conditions.begin(), sites[0].conditions.end(),
                         [](const PathCondition& c) { return c.expr == "useCount == 0L"; });
  ASSERT_NE(it, sites[0].conditions.end());
  EXPECT_FALSE(it->polarity);
  EXPECT_EQ(it->line, 6);
}

TEST(KotlinExtractor, RawStringsFormatAndVariables) {
  auto sites = Extract(
      "object Moshi {\n"
      "  private const val PREFIX = \"moshi: \"\n"
      "  fun adapter(type: Type, name: String): Nothing {\n"
      "    var msg = PREFIX + \"no adapter for \" + type\n"
      "    msg += \" ($name)\"\n"
      "    if (name.isBlank()) throw IllegalArgumentException(msg)\n"
      "    throw JsonDataException(\n"
      "      \"\"\"\n"
      "      |Expected ${type.name}\n"
      "      |  but was $name\n"
      "      \"\"\".trimMargin()\n"
      "    )\n"
      "    throw JsonEncodingException(\"\"\"\n"
      "        Nesting too deep at %s\n"
      "          (limit %d)\n"
      "        \"\"\".trimIndent().format(path, 255))\n"
      "    throw IllegalStateException(String.format(\"%s: %d%%\", name, 3))\n"
      "    require(name.isNotEmpty()) { val m = \"empty name in \" + type; m }\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].message.Display(), "moshi: no adapter for ${type} ($name)");
  EXPECT_EQ(sites[0].message_origin_note, "message assigned to `msg` at line 4");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_EQ(sites[0].function, "Moshi.adapter");
  EXPECT_EQ(sites[1].error_class, "JsonDataException");
  EXPECT_EQ(sites[1].message.Display(), "Expected ${type.name}\n  but was $name");
  EXPECT_EQ(sites[1].line, 7);
  EXPECT_TRUE(Matches(sites[1], "Expected BEGIN_OBJECT\n  but was STRING"));
  EXPECT_EQ(sites[2].message.Display(), "Nesting too deep at %s\n  (limit %d)");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"path", "255"}));
  EXPECT_EQ(sites[3].message.Display(), "%s: %d%");
  // A message built inside the lazy-message lambda itself.
  EXPECT_EQ(sites[4].message.Display(), "empty name in ${type}");
  EXPECT_EQ(sites[4].message_origin_note, "message assigned to `m` at line 18");
}

TEST(KotlinExtractor, LogsHttpHelpersAndExceptionClasses) {
  auto sites = Extract(
      "class ProtocolException(code: Int) : IOException(\"unexpected code $code\")\n"
      "class Wrapped(cause: Throwable) : RuntimeException(cause)\n"
      "\n"
      "fun invalid(n: String) = IllegalArgumentException(\"bad name: $n\")\n"
      "\n"
      "fun Route.routes() {\n"
      "  get(\"/u/{id}\") {\n"
      "    try {\n"
      "      load()\n"
      "    } catch (e: IOException) {\n"
      "      logger.error(\"load failed for {}\", id, e)\n"
      "      log.warn { \"slow ${id}\" }\n"
      "      call.respond(HttpStatusCode.NotFound, \"no user $id\")\n"
      "    }\n"
      "    if (id == null) throw invalid(\"id\")\n"
      "    throw ResponseStatusException(HttpStatus.BAD_REQUEST, \"bad id\")\n"
      "    throw e\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 6u);
  EXPECT_EQ(sites[0].error_class, "ProtocolException");
  EXPECT_EQ(sites[0].message.Display(), "unexpected code $code");
  EXPECT_EQ(sites[0].line, 1);
  EXPECT_EQ(sites[1].error_class, "IllegalArgumentException");
  EXPECT_EQ(sites[1].message.Display(), "bad name: $n");
  EXPECT_EQ(sites[1].message_origin_note,
            "built and returned by `invalid()`; thrown by `throw invalid(...)` at line 15 of "
            "this file");
  EXPECT_EQ(sites[2].kind, SiteKind::kLog);
  EXPECT_EQ(sites[2].severity, "error");
  EXPECT_EQ(sites[2].message.Display(), "load failed for {}");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"id"}));
  ASSERT_FALSE(sites[2].conditions.empty());
  EXPECT_EQ(sites[2].conditions.back().expr, "catch (e: IOException)");
  EXPECT_EQ(sites[3].severity, "warning");
  EXPECT_EQ(sites[3].message.Display(), "slow ${id}");
  EXPECT_EQ(sites[4].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[4].http_status, 404);
  EXPECT_EQ(sites[4].message.Display(), "no user $id");
  EXPECT_EQ(sites[4].line, 13);
  EXPECT_EQ(sites[5].http_status, 400);
  EXPECT_EQ(sites[5].message.Display(), "bad id");
  EXPECT_EQ(sites[5].error_class, "ResponseStatusException");
}

// Seen in okhttp's WebSocketReader: the message is an if-expression.
TEST(KotlinExtractor, ConditionalMessagesGiveOneSitePerBranch) {
  auto sites = Extract(
      "fun readHeader() {\n"
      "  if (isMasked == isClient) {\n"
      "    throw ProtocolException(\n"
      "      if (isClient) {\n"
      "        \"Server-sent frames must not be masked.\"\n"
      "      } else {\n"
      "        \"Client-sent frames must be masked: $mode\"\n"
      "      },\n"
      "    )\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Server-sent frames must not be masked.");
  EXPECT_EQ(sites[1].message.Display(), "Client-sent frames must be masked: $mode");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[1].line, 3);
  EXPECT_EQ(sites[0].error_class, "ProtocolException");
}

TEST(KotlinExtractor, MessageOverrides) {
  auto sites = Extract(
      "class JsonDataException(val path: String) : RuntimeException() {\n"
      "  override val message: String\n"
      "    get() = \"Unexpected value at $path\"\n"
      "}\n"
      "class Closed : IllegalStateException() {\n"
      "  override val message = \"closed\"\n"
      "}\n"
      "class Point(val x: Int) {\n"
      "  override val message = \"not an exception\"\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].error_class, "JsonDataException");
  EXPECT_EQ(sites[0].message.Display(), "Unexpected value at $path");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message_origin_note, "the `message` of `JsonDataException`");
  EXPECT_EQ(sites[1].error_class, "Closed");
  EXPECT_EQ(sites[1].message.Display(), "closed");
  EXPECT_EQ(sites[1].line, 6);
}

// moshi's missingProperty: the message is a local chosen by if/else, then
// returned in an exception: one site per branch, at the return.
TEST(KotlinExtractor, ConditionalMessageHeldInALocal) {
  auto sites = Extract(
      "fun missingProperty(propertyName: String?, jsonName: String?, reader: JsonReader):\n"
      "    JsonDataException {\n"
      "  val path = reader.path\n"
      "  val message = if (jsonName == propertyName) {\n"
      "    \"Required value '$propertyName' missing at $path\"\n"
      "  } else {\n"
      "    \"Required value '$propertyName' (JSON name '$jsonName') missing at $path\"\n"
      "  }\n"
      "  return JsonDataException(message)\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Required value '$propertyName' missing at $path");
  EXPECT_EQ(sites[1].message.Display(),
            "Required value '$propertyName' (JSON name '$jsonName') missing at $path");
  EXPECT_EQ(sites[0].line, 9);
  EXPECT_EQ(sites[0].error_class, "JsonDataException");
  EXPECT_TRUE(Matches(sites[0], "Required value 'bar' missing at $"));
}

// okhttp's CertificatePinner: the message is built with buildString; a
// loop that appends is one hole.
TEST(KotlinExtractor, BuildStringAppendsInOrder) {
  auto sites = Extract(
      "class CertificatePinner {\n"
      "  fun check(hostname: String, peers: List<Certificate>) {\n"
      "    val message =\n"
      "      buildString {\n"
      "        append(\"Certificate pinning failure!\")\n"
      "        append(\"\\n  Peer certificate chain:\")\n"
      "        for (element in peers) {\n"
      "          append(\"\\n    \")\n"
      "          append(pin(element))\n"
      "        }\n"
      "        append(\"\\n  Pinned certificates for \")\n"
      "        append(hostname)\n"
      "        appendLine(\":\")\n"
      "      }\n"
      "    throw SSLPeerUnverifiedException(message)\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(),
            "Certificate pinning failure!\n  Peer certificate chain:${for (element in peers)}\n"
            "  Pinned certificates for ${hostname}:\n");
  EXPECT_EQ(sites[0].line, 15);
  EXPECT_TRUE(Matches(sites[0],
                      "Certificate pinning failure!\n  Peer certificate chain:\n    sha256/x=: "
                      "CN=a\n  Pinned certificates for example.com:\n"));
}

// kotlinx.coroutines' Timeout.kt: a factory whose message is the `?:`
// default of a value errdex cannot read, possibly prefixed. Each known text
// is a message of the construction; the default is what users mostly see.
// detekt's config validation: notifications carrying a message at a level,
// and a summary whose title is a coloured local interpolated into the text.
TEST(KotlinExtractor, DiagnosticObjectsAndInterpolatedLocals) {
  auto sites = Extract(
      "package dev.detekt.core\n"
      "\n"
      "fun deprecated(path: String, description: String): Notification {\n"
      "    return Notification(\n"
      "        \"Property '$path' is deprecated. $description.\",\n"
      "        Notification.Level.Warning,\n"
      "    )\n"
      "}\n"
      "\n"
      "fun summary(errors: List<Notification>) {\n"
      "    if (errors.isNotEmpty()) {\n"
      "        val title = \"Run failed with ${errors.size} invalid config properties.\".red()\n"
      "        throw InvalidConfig(\"$title$NL$errors\")\n"
      "    }\n"
      "}\n"
      "\n"
      "fun state(s: String) = Result(\"not an error: $s\", State.ERROR)\n"
      "fun info(s: String) = Notification(\"all good: $s\", Level.Info)\n",
      "detekt-core/src/main/kotlin/Validation.kt");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Property '$path' is deprecated. $description.");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_TRUE(Matches(sites[0],
                      "Property 'complexity>LongParameterList>threshold' is deprecated. Use "
                      "'functionThreshold' instead."));
  EXPECT_EQ(sites[1].message.Display(),
            "Run failed with ${errors.size} invalid config properties.$NL$errors");
  EXPECT_EQ(sites[1].error_class, "InvalidConfig");
  EXPECT_EQ(sites[1].line, 13);
  EXPECT_TRUE(Matches(sites[1], "Run failed with 2 invalid config properties.\n\t- a\n\t- b"));
}

TEST(KotlinExtractor, ElvisDefaultIsAMessage) {
  auto sites = Extract(
      "class TimeoutCancellationException internal constructor(\n"  // 1
      "    message: String, val coroutine: Job?\n"                  // 2
      ") : CancellationException(message)\n"                        // 3
      "\n"                                                          // 4
      "internal fun TimeoutCancellationException(time: Long, delay: Delay, coroutine: Job,\n"
      "    coroutineName: String?): TimeoutCancellationException {\n"          // 6
      "    val baseMessage = (delay as? Diagnostics)?.timeoutMessage(time)\n"  // 7
      "        ?: \"Timed out waiting for $time ms\"\n"                        // 8
      "    val message = if (coroutineName != null) {\n"                       // 9
      "        \"Coroutine \\\"$coroutineName\\\" timed out\"\n"               // 10
      "    } else {\n"                                                         // 11
      "        baseMessage\n"                                                  // 12
      "    }\n"                                                                // 13
      "    return TimeoutCancellationException(message, coroutine)\n"          // 14
      "}\n"                                                                    // 15
      "\n"                                                                     // 16
      "fun fail(reason: String?): Nothing =\n"                                 // 17
      "    throw IllegalStateException(reason ?: \"no reason given\")\n"       // 18
      "\n"                                                                     // 19
      "fun stop(job: Job): Nothing =\n"                                        // 20
      "    throw IllegalStateException(job.reason ?: \"stopped\")\n");         // 21
  const ErrorSite* timed = nullptr;
  for (const ErrorSite& s : sites) {
    if (s.message.Display() == "Timed out waiting for $time ms") timed = &s;
  }
  ASSERT_NE(timed, nullptr) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(timed->line, 14);
  EXPECT_EQ(timed->error_class, "TimeoutCancellationException");
  EXPECT_TRUE(Matches(*timed,
                      "kotlinx.coroutines.TimeoutCancellationException: Timed out waiting for "
                      "1000 ms"));
  auto at = [&](int line) {
    std::vector<std::string> out;
    for (const ErrorSite& s : sites) {
      if (s.line == line) out.push_back(s.message.Display());
    }
    return out;
  };
  EXPECT_EQ(at(14), (std::vector<std::string>{"Coroutine \"$coroutineName\" timed out",
                                              "Timed out waiting for $time ms"}));
  // A parameter's default stays the parameter: callers pass the text.
  for (const std::string& m : at(18)) EXPECT_NE(m, "no reason given");
  // A value's default is the one text known.
  EXPECT_EQ(at(21), std::vector<std::string>{"stopped"});
}

// turbine: `val eventAsString = event?.toString() ?: "no items"` shows the
// event whenever there is one; the default is the message, and the event
// (a hole) is a message of the same site too.
TEST(KotlinExtractor, ElvisOfAValueIsAlsoThatValue) {
  auto sites = Extract(
      "private fun unexpectedEvent(event: Event<*>?, expected: String): Nothing {\n"  // 1
      "  val eventAsString = event?.toString() ?: \"no items\"\n"                     // 2
      "  throw TurbineAssertionError(\"Expected $expected but found $eventAsString\")\n"
      "}\n");
  std::vector<std::string> at3;
  for (const ErrorSite& s : sites) {
    if (s.line == 3) at3.push_back(s.message.Display());
  }
  std::sort(at3.begin(), at3.end());
  EXPECT_EQ(at3, (std::vector<std::string>{"Expected $expected but found $eventAsString",
                                           "Expected $expected but found no items"}));
  const ErrorSite* shown = nullptr;
  for (const ErrorSite& s : sites) {
    if (s.line == 3 && Matches(s, "Expected no events but found Complete")) shown = &s;
  }
  EXPECT_NE(shown, nullptr) << ::testing::PrintToString(at3);
}

// intellij-platform-gradle-plugin: the message is a `when` over the count,
// its null arm leaving through `?: return`, interpolated into the thrown
// text: one site per arm with text, each with the lines around it.
TEST(KotlinExtractor, WhenArmsOfAnInterpolatedLocalAreMessagesOfTheirOwn) {
  auto sites = Extract(
      "fun FileCollection.platformPath() = with(toList()) {\n"
      "    val message = when (size) {\n"
      "        0 -> \"No IntelliJ Platform dependency found.\"\n"
      "        1 -> null\n"
      "        else -> \"More than one IntelliJ Platform dependencies found.\"\n"
      "    } ?: return@with single().toPath()\n"
      "\n"
      "    throw GradleException(\n"
      "        \"\"\"\n"
      "        $message\n"
      "        Please ensure there is a single IntelliJ Platform dependency.\n"
      "        \"\"\".trimIndent(),\n"
      "    )\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(),
            "No IntelliJ Platform dependency found.\n"
            "Please ensure there is a single IntelliJ Platform dependency.");
  EXPECT_EQ(sites[1].message.Display(),
            "More than one IntelliJ Platform dependencies found.\n"
            "Please ensure there is a single IntelliJ Platform dependency.");
  EXPECT_EQ(sites[0].line, 8);
  EXPECT_EQ(sites[0].error_class, "GradleException");
}

// `@Deprecated(..)`: the compiler prints its message where code uses the
// declaration ("'fun open(): Unit' is deprecated. Use openAsync()
// instead."), a warning, an error at level ERROR; HIDDEN prints nothing.
TEST(KotlinExtractor, DeprecatedAnnotationMessagesAreWarnings) {
  auto sites = Extract(
      "class Cache {\n"
      "  @Deprecated(\"Use openAsync() instead.\", ReplaceWith(\"openAsync()\"))\n"
      "  fun open() {}\n"
      "\n"
      "  @Deprecated(\n"
      "    message = \"Moved to Cache.Editor\",\n"
      "    level = DeprecationLevel.ERROR,\n"
      "  )\n"
      "  fun edit() {}\n"
      "\n"
      "  @Deprecated(\"gone\", level = DeprecationLevel.HIDDEN)\n"
      "  fun close() {}\n"
      "}\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "Use openAsync() instead.");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_TRUE(Matches(sites[0], "w: Main.kt:3:9 'fun open(): Unit' is deprecated. Use openAsync() instead."));
  EXPECT_EQ(sites[1].message.Display(), "Moved to Cache.Editor");
  EXPECT_EQ(sites[1].line, 5);
  EXPECT_EQ(sites[1].severity, "error");
}

}  // namespace
}  // namespace errdex
