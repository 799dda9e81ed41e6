// Link for Java and Kotlin: helpers that build and return an exception,
// transitive cross-file wrappers with String.format, report methods on a
// context object, exception classes that compose their text, precondition
// wrappers; asserted on the exact composed message, the call-site line, the
// class and the origin line. Fixtures reproduce google/gson, square/moshi,
// square/retrofit and FasterXML/jackson-databind.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "errdex/extractor.h"
#include "resolve/link.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

// gson's JsonReader: `throw unexpectedTokenError("BEGIN_OBJECT")`, the
// helper builds and returns the IllegalStateException.
TEST(LinkJvm, JavaHelperReturningTheExceptionIsASiteAtTheThrow) {
  Linked r =
      Link({{"gson/src/main/java/com/google/gson/stream/JsonReader.java",
             "package com.google.gson.stream;\n"
             "public class JsonReader implements Closeable {\n"
             "  public void beginObject() throws IOException {\n"
             "    int p = peeked;\n"
             "    if (p == PEEKED_BEGIN_OBJECT) {\n"
             "      push(JsonScope.EMPTY_OBJECT);\n"
             "    } else {\n"
             "      throw unexpectedTokenError(\"BEGIN_OBJECT\");\n"
             "    }\n"
             "  }\n"
             "  private IllegalStateException unexpectedTokenError(String expected)\n"
             "      throws IOException {\n"
             "    JsonToken peeked = peek();\n"
             "    String troubleshootingId = peeked == JsonToken.NULL\n"
             "        ? \"adapter-not-null-safe\" : \"unexpected-json-structure\";\n"
             "    return new IllegalStateException(\"Expected \" + expected + \" but was \"\n"
             "        + peek() + locationString() + \"\\nSee \"\n"
             "        + TroubleshootingGuide.createUrl(troubleshootingId));\n"
             "  }\n"
             "  private IllegalStateException closed() {\n"
             "    return new IllegalStateException(\"JsonReader is closed\");\n"
             "  }\n"
             "  public void close() {\n"
             "    throw closed();\n"
             "  }\n"
             "}\n"}});
  const std::string path = "gson/src/main/java/com/google/gson/stream/JsonReader.java";
  const ErrorSite* s = r.Find(path, 8,
                              "Expected BEGIN_OBJECT but was {peek()}{locationString()}\nSee "
                              "{TroubleshootingGuide.createUrl(troubleshootingId)}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "IllegalStateException");
  EXPECT_EQ(s->function, "JsonReader.beginObject");
  EXPECT_NE(s->message_origin_note.find("unexpectedTokenError()"), std::string::npos);
  EXPECT_NE(s->message_origin_note.find("JsonReader.java:16"), std::string::npos)
      << s->message_origin_note;
  // Where the text is written, for ranking ties (the helper before its callers).
  EXPECT_EQ(s->message_from, path + ":16");
  EXPECT_TRUE(Matches(*s,
                      "Expected BEGIN_OBJECT but was STRING at line 1 column 1 path $\n"
                      "See https://github.com/google/gson/blob/main/Troubleshooting.md"));
  // The helper's own record stays at its `return`.
  EXPECT_NE(r.Find(path, 16,
                   "Expected {expected} but was {peek()}{locationString()}\nSee "
                   "{TroubleshootingGuide.createUrl(troubleshootingId)}"),
            nullptr);
  // A helper with no parameters: its text, at the throw.
  const ErrorSite* c = r.Find(path, 24, "JsonReader is closed");
  ASSERT_NE(c, nullptr) << Dump(r);
  EXPECT_NE(c->message_origin_note.find("JsonReader.java:21"), std::string::npos);
  EXPECT_EQ(c->message_from, path + ":21");
  EXPECT_EQ(r.Find(path, 21, "JsonReader is closed")->message_from, "");
}

// dokka: `@Deprecated(DOKKA_V1_DEPRECATION_MESSAGE)` in one file, the
// `const val` with its text in another: the record has the text. A `val`
// that is not `const` (computed at run time) gives no text.
TEST(LinkJvm, KotlinConstValTextAcrossFiles) {
  Linked r =
      Link({{"plugin/src/main/kotlin/utils.kt",
             "package org.jetbrains.dokka.gradle\n"
             "internal const val DOKKA_V1_DEPRECATION_MESSAGE =\n"
             "    \"Dokka Gradle plugin V1 mode is deprecated, and scheduled to be removed\"\n"
             "internal val RUNTIME_MESSAGE = \"Not a constant message at all here\"\n"},
            {"plugin/src/main/kotlin/DokkaTask.kt",
             "package org.jetbrains.dokka.gradle\n"
             "@Deprecated(DOKKA_V1_DEPRECATION_MESSAGE)\n"
             "abstract class DokkaTask : AbstractDokkaTask()\n"
             "fun check(x: Int) {\n"
             "    if (x < 0) throw IllegalStateException(RUNTIME_MESSAGE)\n"
             "}\n"}});
  const std::string path = "plugin/src/main/kotlin/DokkaTask.kt";
  const ErrorSite* s =
      r.Find(path, 2, "Dokka Gradle plugin V1 mode is deprecated, and scheduled to be removed");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_FALSE(s->message_opaque);
  EXPECT_EQ(r.Find(path, 5, "Not a constant message at all here"), nullptr) << Dump(r);
}

// retrofit: parameterError -> methodError (overloads) -> String.format ->
// new IllegalArgumentException, called from another file.
TEST(LinkJvm, JavaTransitiveCrossFileWrappersWithStringFormat) {
  Linked r = Link(
      {{"retrofit/src/main/java/retrofit2/Utils.java",
        "package retrofit2;\n"
        "final class Utils {\n"
        "  static RuntimeException methodError(Method method, String message, Object... args) {\n"
        "    return methodError(method, null, message, args);\n"
        "  }\n"
        "  static RuntimeException methodError(\n"
        "      Method method, @Nullable Throwable cause, String message, Object... args) {\n"
        "    message = String.format(message, args);\n"
        "    return new IllegalArgumentException(\n"
        "        message + \"\\n    for method \" + method.getDeclaringClass().getSimpleName()\n"
        "            + \".\" + method.getName(), cause);\n"
        "  }\n"
        "  static RuntimeException parameterError(Method method, Throwable cause, int p,\n"
        "      String message, Object... args) {\n"
        "    return methodError(method, cause, message + \" (\" + p + \")\", args);\n"
        "  }\n"
        "  static RuntimeException parameterError(\n"
        "      Method method, int p, String message, Object... args) {\n"
        "    return methodError(method, message + \" (\" + "
        "Reflection.describeMethodParameter(p) + \")\", args);\n"
        "  }\n"
        "}\n"},
       {"retrofit/src/main/java/retrofit2/RequestFactory.java",
        "package retrofit2;\n"
        "final class RequestFactory {\n"
        "  private ParameterHandler<?> parseParameterAnnotation(int p, Type type) {\n"
        "    if (!isFormEncoded) {\n"
        "      throw parameterError(method, p, \"@Field parameters can only be used with form "
        "encoding.\");\n"
        "    }\n"
        "    if (!PARAM_NAME_REGEX.matcher(name).matches()) {\n"
        "      throw parameterError(method, p, \"@Path parameter name must match %s. Found: %s\",\n"
        "          PARAM_URL_REGEX.pattern(), name);\n"
        "    }\n"
        "    throw methodError(method, \"Unable to create converter for %s\", returnType);\n"
        "  }\n"
        "  private void body(int p, Type type) {\n"
        "    throw parameterError(method, e, p, \"Unable to create @Body converter for %s\", "
        "type);\n"
        "  }\n"
        "  private void validatePathName(int p, String name) {\n"
        "    throw parameterError(\n"
        "        method, p, \"@Path parameter name must match %s. Found: %s\",\n"
        "        PARAM_URL_REGEX.pattern(), name);\n"
        "  }\n"
        "}\n"}});
  // (Method, Throwable, int, String, Object...) with five arguments; the
  // other overload would take the Throwable as the int: no record of it.
  EXPECT_EQ(r.CountAt("retrofit/src/main/java/retrofit2/RequestFactory.java", 14), 1) << Dump(r);
  // Five arguments, the last a String parameter (not varargs passed on).
  EXPECT_EQ(r.CountAt("retrofit/src/main/java/retrofit2/RequestFactory.java", 17), 1) << Dump(r);
  const std::string path = "retrofit/src/main/java/retrofit2/RequestFactory.java";
  const std::string tail =
      "\n    for method {method.getDeclaringClass().getSimpleName()}.{method.getName()}";
  const ErrorSite* s = r.Find(path, 5,
                              "@Field parameters can only be used with form encoding. "
                              "({Reflection.describeMethodParameter(p)})" +
                                  tail);
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "IllegalArgumentException");
  EXPECT_EQ(s->function, "RequestFactory.parseParameterAnnotation");
  EXPECT_NE(s->message_origin_note.find("parameterError()"), std::string::npos);
  EXPECT_NE(s->message_origin_note.find("Utils.java:9"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "@Field parameters can only be used with form encoding. (parameter #1)\n"
                      "    for method API_Interface.register"));
  // The format's verbs take the call's arguments.
  const ErrorSite* f = r.Find(path, 8,
                              "@Path parameter name must match %s. Found: %s "
                              "({Reflection.describeMethodParameter(p)})" +
                                  tail);
  ASSERT_NE(f, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*f,
                      "@Path parameter name must match \\{([a-zA-Z][a-zA-Z0-9_-]*)\\}. Found: "
                      "my id (parameter #2)\n    for method Api.get"));
  // Five arguments: the varargs (Method, int, String, Object...) overload;
  // the (Method, Throwable, int, String, ...) one would take the text as an int.
  EXPECT_EQ(r.CountAt(path, 8), 1) << Dump(r);
  // The 3-argument overload, not the (Method, Throwable, ...) one.
  EXPECT_NE(r.Find(path, 11, "Unable to create converter for %s" + tail), nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt(path, 11), 1) << Dump(r);
}

// jackson-databind: `prov.reportBadDefinition(type, String.format(..))`,
// a method of a context object that throws a static factory's exception;
// implemented by two subclasses, declared abstract (and overloaded) in the
// base class.
TEST(LinkJvm, JavaReportMethodOnAContextObject) {
  Linked r = Link(
      {{"src/main/java/com/fasterxml/jackson/databind/DatabindContext.java",
        "public abstract class DatabindContext {\n"
        "  public abstract <T> T reportBadDefinition(JavaType type, String msg)\n"
        "      throws JsonMappingException;\n"
        "  public <T> T reportBadDefinition(Class<?> type, String msg) throws JsonMappingException "
        "{\n"
        "    return reportBadDefinition(constructType(type), msg);\n"
        "  }\n"
        "}\n"},
       {"src/main/java/com/fasterxml/jackson/databind/SerializerProvider.java",
        "public abstract class SerializerProvider extends DatabindContext {\n"
        "  @Override\n"
        "  public <T> T reportBadDefinition(JavaType type, String msg) throws JsonMappingException "
        "{\n"
        "    throw InvalidDefinitionException.from(getGenerator(), msg, type);\n"
        "  }\n"
        "}\n"},
       {"src/main/java/com/fasterxml/jackson/databind/DeserializationContext.java",
        "public abstract class DeserializationContext extends DatabindContext {\n"
        "  @Override\n"
        "  public <T> T reportBadDefinition(JavaType type, String msg) throws JsonMappingException "
        "{\n"
        "    throw InvalidDefinitionException.from(_parser, msg, type);\n"
        "  }\n"
        "}\n"},
       {"src/main/java/com/fasterxml/jackson/databind/ser/impl/UnknownSerializer.java",
        "public class UnknownSerializer extends ToEmptyObjectSerializer {\n"
        "  protected void failForEmpty(SerializerProvider prov, Object value)\n"
        "      throws JsonMappingException {\n"
        "    prov.reportBadDefinition(handledType(), String.format(\n"
        "        \"No serializer found for class %s and no properties discovered to create "
        "BeanSerializer (to avoid exception, disable "
        "SerializationFeature.FAIL_ON_EMPTY_BEANS)\",\n"
        "        value.getClass().getName()));\n"
        "  }\n"
        "}\n"}});
  const std::string path =
      "src/main/java/com/fasterxml/jackson/databind/ser/impl/UnknownSerializer.java";
  const ErrorSite* s = r.Find(
      path, 4,
      "No serializer found for class %s and no properties discovered to create "
      "BeanSerializer (to avoid exception, disable SerializationFeature.FAIL_ON_EMPTY_BEANS)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "InvalidDefinitionException");
  EXPECT_EQ(s->function, "UnknownSerializer.failForEmpty");
  EXPECT_NE(s->message_origin_note.find("SerializerProvider.java:4"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "No serializer found for class com.example.Empty and no properties "
                      "discovered to create BeanSerializer (to avoid exception, disable "
                      "SerializationFeature.FAIL_ON_EMPTY_BEANS)"));
  EXPECT_EQ(r.CountAt(path, 4), 1) << Dump(r);
}

// An exception class whose constructor composes the text, a precondition
// wrapper and a throwing wrapper, in other files.
TEST(LinkJvm, JavaExceptionClassAndWrappersAcrossFiles) {
  Linked r = Link({{"src/main/java/acme/ConfigException.java",
                    "public class ConfigException extends RuntimeException {\n"
                    "  public ConfigException(String key, String reason) {\n"
                    "    super(\"config key \" + key + \": \" + reason);\n"
                    "  }\n"
                    "}\n"},
                   {"src/main/java/acme/Checks.java",
                    "final class Checks {\n"
                    "  static void ensure(boolean ok, String message) {\n"
                    "    if (!ok) throw new IllegalStateException(message);\n"
                    "  }\n"
                    "  static void argument(boolean ok, String what) {\n"
                    "    Preconditions.checkArgument(ok, \"invalid \" + what);\n"
                    "  }\n"
                    "}\n"},
                   {"src/main/java/acme/Server.java",
                    "class Server {\n"
                    "  void start(int port) {\n"
                    "    if (port < 0) throw new ConfigException(\"port\", \"must be a number\");\n"
                    "    Checks.ensure(port != 80, \"port 80 is reserved\");\n"
                    "    Checks.argument(port < 65536, \"port \" + port);\n"
                    "  }\n"
                    "}\n"}});
  const std::string path = "src/main/java/acme/Server.java";
  const ErrorSite* c = r.Find(path, 3, "config key port: must be a number");
  ASSERT_NE(c, nullptr) << Dump(r);
  EXPECT_EQ(c->error_class, "ConfigException");
  EXPECT_EQ(r.Find(path, 3, "port"), nullptr) << Dump(r);  // the one-argument guess is replaced
  const ErrorSite* e = r.Find(path, 4, "port 80 is reserved");
  ASSERT_NE(e, nullptr) << Dump(r);
  EXPECT_EQ(e->error_class, "IllegalStateException");
  EXPECT_NE(e->message_origin_note.find("Checks.java:3"), std::string::npos);
  const ErrorSite* a = r.Find(path, 5, "invalid port {port}");
  ASSERT_NE(a, nullptr) << Dump(r);
  EXPECT_EQ(a->error_class, "IllegalArgumentException");
}

// moshi's Util.kt: missingProperty/unexpectedNull return the exception,
// their message chosen by a conditional held in a local; thrown from
// another Kotlin file and from Java.
TEST(LinkJvm, KotlinHelpersReturningExceptionsThrownFromKotlinAndJava) {
  Linked r = Link(
      {{"moshi/src/main/java/com/squareup/moshi/internal/Util.kt",
        "@file:JvmName(\"Util\")\n"
        "package com.squareup.moshi.internal\n"
        "\n"
        "public fun missingProperty(\n"
        "  propertyName: String?,\n"
        "  jsonName: String?,\n"
        "  reader: JsonReader,\n"
        "): JsonDataException {\n"
        "  val path = reader.path\n"
        "  val message = if (jsonName == propertyName) {\n"
        "    \"Required value '$propertyName' missing at $path\"\n"
        "  } else {\n"
        "    \"Required value '$propertyName' (JSON name '$jsonName') missing at $path\"\n"
        "  }\n"
        "  return JsonDataException(message)\n"
        "}\n"
        "\n"
        "public fun unexpectedNull(\n"
        "  propertyName: String,\n"
        "  jsonName: String,\n"
        "  reader: JsonReader,\n"
        "): JsonDataException {\n"
        "  val path = reader.path\n"
        "  val message = if (jsonName == propertyName) {\n"
        "    \"Non-null value '$propertyName' was null at $path\"\n"
        "  } else {\n"
        "    \"Non-null value '$propertyName' (JSON name '$jsonName') was null at $path\"\n"
        "  }\n"
        "  return JsonDataException(message)\n"
        "}\n"},
       {"moshi-kotlin/src/main/java/com/squareup/moshi/kotlin/reflect/KotlinJsonAdapter.kt",
        "internal class KotlinJsonAdapter<T>(val constructor: KFunction<T>) : JsonAdapter<T>() {\n"
        "  override fun fromJson(reader: JsonReader): T {\n"
        "    if (value == null && !binding.property.returnType.isMarkedNullable) {\n"
        "      throw unexpectedNull(binding.property.name, binding.jsonName, reader)\n"
        "    }\n"
        "    throw missingProperty(\n"
        "      propertyName = constructor.parameters[i].name,\n"
        "      jsonName = binding?.jsonName,\n"
        "      reader = reader,\n"
        "    )\n"
        "  }\n"
        "}\n"},
       {"moshi/src/test/java/com/squareup/moshi/FooJsonAdapter.java",
        "final class FooJsonAdapter extends JsonAdapter<Foo> {\n"
        "  @Override public Foo fromJson(JsonReader reader) throws IOException {\n"
        "    if (bar == null) throw Util.missingProperty(\"bar\", \"bar\", reader);\n"
        "    return new Foo(bar);\n"
        "  }\n"
        "}\n"}});
  const std::string kt =
      "moshi-kotlin/src/main/java/com/squareup/moshi/kotlin/reflect/KotlinJsonAdapter.kt";
  const ErrorSite* n = r.Find(kt, 4, "Non-null value '${binding.property.name}' was null at $path");
  ASSERT_NE(n, nullptr) << Dump(r);
  EXPECT_EQ(n->error_class, "JsonDataException");
  EXPECT_EQ(n->function, "KotlinJsonAdapter.fromJson");
  EXPECT_NE(n->message_origin_note.find("Util.kt:29"), std::string::npos) << n->message_origin_note;
  EXPECT_TRUE(Matches(*n, "Non-null value 'bar' was null at $.bar"));
  // Named arguments.
  const ErrorSite* m =
      r.Find(kt, 6, "Required value '${constructor.parameters[i].name}' missing at $path");
  ASSERT_NE(m, nullptr) << Dump(r);
  EXPECT_EQ(m->error_class, "JsonDataException");
  // From Java, with literal text.
  const std::string java = "moshi/src/test/java/com/squareup/moshi/FooJsonAdapter.java";
  const ErrorSite* j = r.Find(java, 3, "Required value 'bar' missing at $path");
  ASSERT_NE(j, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*j, "Required value 'bar' missing at $"));
  EXPECT_NE(r.Find(java, 3, "Required value 'bar' (JSON name 'bar') missing at $path"), nullptr);
}

// Kotlin: an exception class composing its text in the supertype call, an
// error() wrapper and a require wrapper.
TEST(LinkJvm, KotlinExceptionClassAndStdlibWrappers) {
  Linked r = Link({{"src/main/kotlin/acme/Errors.kt",
                    "class ConfigException(key: String, reason: String) :\n"
                    "  RuntimeException(\"config key $key: $reason\")\n"
                    "\n"
                    "fun fail(message: String): Nothing = error(message)\n"
                    "\n"
                    "fun ensure(ok: Boolean, what: String) {\n"
                    "  require(ok) { \"invalid $what\" }\n"
                    "}\n"},
                   {"src/main/kotlin/acme/Server.kt",
                    "class Server {\n"
                    "  fun start(port: Int) {\n"
                    "    if (port < 0) throw ConfigException(\"port\", \"must be a number\")\n"
                    "    if (port == 80) fail(\"port 80 is reserved\")\n"
                    "    ensure(port < 65536, \"port $port\")\n"
                    "  }\n"
                    "}\n"}});
  const std::string path = "src/main/kotlin/acme/Server.kt";
  const ErrorSite* c = r.Find(path, 3, "config key port: must be a number");
  ASSERT_NE(c, nullptr) << Dump(r);
  EXPECT_EQ(c->error_class, "ConfigException");
  EXPECT_EQ(r.Find(path, 3, "port"), nullptr) << Dump(r);
  const ErrorSite* f = r.Find(path, 4, "port 80 is reserved");
  ASSERT_NE(f, nullptr) << Dump(r);
  EXPECT_EQ(f->error_class, "IllegalStateException");
  EXPECT_NE(f->message_origin_note.find("Errors.kt:4"), std::string::npos);
  const ErrorSite* e = r.Find(path, 5, "invalid port $port");
  ASSERT_NE(e, nullptr) << Dump(r);
  EXPECT_EQ(e->error_class, "IllegalArgumentException");
}

TEST(LinkJvm, HostileRecursionAndDeepChainsFinishQuickly) {
  auto started = std::chrono::steady_clock::now();
  // Mutually recursive helpers, throwing and returning.
  Linked r =
      Link({{"M.java",
             "class M {\n"
             "  static RuntimeException a(String m) {\n"
             "    if (m.length() > 3) return b(\"a\" + m);\n"
             "    return new IllegalStateException(\"a: \" + m);\n"
             "  }\n"
             "  static RuntimeException b(String m) { return a(\"b\" + m); }\n"
             "  static void c(String m) { d(m + \"!\"); throw new IllegalStateException(\"c: \" "
             "+ m); }\n"
             "  static void d(String m) { c(m); }\n"
             "  void run() {\n"
             "    throw a(\"start\");\n"
             "  }\n"
             "  void go() { c(\"go\"); }\n"
             "}\n"}});
  EXPECT_NE(r.Find("M.java", 10, "a: start"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("M.java", 12, "c: go"), nullptr) << Dump(r);
  // A 5,000-deep chain in Java and in Kotlin: f0 returns the exception,
  // f<i> returns f<i-1>'s. Followed 8 deep.
  std::string java =
      "class Deep {\n  static RuntimeException f0(String m) { return new "
      "IllegalStateException(\"deep: \" + m); }\n";
  std::string kt = "fun g0(m: String) = IllegalStateException(\"deep: $m\")\n";
  for (int i = 1; i < 5000; ++i) {
    java += "  static RuntimeException f" + std::to_string(i) + "(String m) { return f" +
            std::to_string(i - 1) + "(m); }\n";
    kt += "fun g" + std::to_string(i) + "(m: String) = g" + std::to_string(i - 1) + "(m)\n";
  }
  java += "  void near() { throw f3(\"near\"); }\n  void far() { throw f4999(\"far\"); }\n}\n";
  kt += "fun near() { throw g3(\"near\") }\nfun far() { throw g4999(\"far\") }\n";
  Linked d = Link({{"Deep.java", java}, {"deep.kt", kt}});
  EXPECT_EQ(d.Count("deep: near"), 2) << d.stats.derived_sinks;
  EXPECT_EQ(d.Count("deep: far"), 0);
  EXPECT_LE(d.stats.derived_sinks, 2 * kMaxLinkDepth);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_LT(seconds, 10.0);
}

// jackson's invalidTypeIdException: a formatted local passed through a
// text helper of the base class (`_colonConcat(msg, extraDesc)`) to a
// factory; the helper's return takes the local's text.
TEST(LinkJvm, LocalTextThroughATextHelperOfTheBaseClass) {
  Linked r = Link({{"src/main/java/db/DatabindContext.java", R"SRC(package db;
public abstract class DatabindContext {
    protected String _colonConcat(String msgBase, String extra) {
        if (extra == null) {
            return msgBase;
        }
        return msgBase + ": " + extra;
    }
}
)SRC"},
                   {"src/main/java/db/DeserializationContext.java", R"SRC(package db;
public abstract class DeserializationContext extends DatabindContext {
    public JavaType handleUnknownTypeId(JavaType baseType, String id, String extraDesc) {
        throw invalidTypeIdException(baseType, id, extraDesc);
    }
    public JsonMappingException invalidTypeIdException(JavaType baseType, String typeId,
            String extraDesc) {
        String msg = String.format("Could not resolve type id '%s' as a subtype of %s",
                typeId, ClassUtil.getTypeDescription(baseType));
        return InvalidTypeIdException.from(_parser, _colonConcat(msg, extraDesc), baseType, typeId);
    }
}
)SRC"},
                   {"src/main/java/db/exc/InvalidTypeIdException.java", R"SRC(package db.exc;
public class InvalidTypeIdException extends MismatchedInputException {
    public InvalidTypeIdException(JsonParser p, String msg, JavaType baseType, String typeId) {
        super(p, msg);
    }
    public static InvalidTypeIdException from(JsonParser p, String msg, JavaType baseType, String typeId) {
        return new InvalidTypeIdException(p, msg, baseType, typeId);
    }
}
)SRC"}});
  const std::string file = "src/main/java/db/DeserializationContext.java";
  const ErrorSite* s = nullptr;
  for (const ErrorSite* x : r.At(file, 4)) {
    if (x->message.Display().starts_with("Could not resolve type id '")) s = x;
  }
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "InvalidTypeIdException");
  EXPECT_TRUE(Matches(*s,
                      "Could not resolve type id 'Url' as a subtype of `a.AttributeType`: known "
                      "type ids = [Boolean, Date] (for POJO property 'columns')"))
      << s->message.Pattern();
}

// clikt's usage errors print through `override fun formatMessage(..)`,
// whose `when` arms call the texts of its `Localization` interface on a
// variable named after the type (`localization.extraArgumentOne(actual)`):
// each arm is a site of the class, with that function's text.
TEST(LinkJvm, KotlinFormatMessageArmsTakeTheLocalizationTexts) {
  auto r = Link({
      {"clikt/output/Localization.kt",
       "package com.github.ajalt.clikt.output\n"
       "interface Localization {\n"
       "    /** One extra argument is present */\n"
       "    fun extraArgumentOne(name: String) = \"got unexpected extra argument $name\"\n"
       "    fun extraArgumentMany(name: String, count: Int) = \"got unexpected extra arguments "
       "$name\"\n"
       "    fun noSuchOption(name: String, possibilities: List<String>): String {\n"
       "        return \"no such option $name\" + when (possibilities.size) {\n"
       "            0 -> \"\"\n"
       "            1 -> \". Did you mean ${possibilities[0]}?\"\n"
       "            else -> possibilities.joinToString(prefix = \". (Possible options: \")\n"
       "        }\n"
       "    }\n"
       "}\n"},
      {"clikt/core/exceptions.kt",
       "package com.github.ajalt.clikt.core\n"             // 1
       "class NoSuchArgument(\n"                           // 2
       "    private val excessArguments: List<String>,\n"  // 3
       ") : UsageError(null) {\n"                          // 4
       "    override fun formatMessage(localization: Localization, formatter: Formatter): "
       "String {\n"                                                                            // 5
       "        val actual = excessArguments.joinToString(\" \", prefix = \"(\")\n"            // 6
       "        return when (excessArguments.size) {\n"                                        // 7
       "            1 -> localization.extraArgumentOne(actual)\n"                              // 8
       "            else -> localization.extraArgumentMany(actual, excessArguments.size)\n"    // 9
       "        }\n"                                                                           // 10
       "    }\n"                                                                               // 11
       "}\n"                                                                                   // 12
       "class NoSuchOption(name: String) : UsageError(null) {\n"                               // 13
       "    override fun formatMessage(localization: Localization, formatter: Formatter) =\n"  // 14
       "        localization.noSuchOption(name, possibilities)\n"                              // 15
       "}\n"},
  });
  const ErrorSite* one =
      r.Find("clikt/core/exceptions.kt", 8, "got unexpected extra argument $name");
  ASSERT_NE(one, nullptr) << Dump(r);
  EXPECT_EQ(one->error_class, "NoSuchArgument");
  EXPECT_TRUE(Matches(*one, "Error: got unexpected extra argument (bob)"));
  ASSERT_NE(r.Find("clikt/core/exceptions.kt", 9, "got unexpected extra arguments $name"), nullptr)
      << Dump(r);
  // A text followed by a `when`: one text per arm.
  const ErrorSite* mean = r.Find("clikt/core/exceptions.kt", 15,
                                 "no such option $name. Did you mean ${possibilities[0]}?");
  ASSERT_NE(mean, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*mean, "Error: no such option -e. Did you mean --help?"));
  EXPECT_NE(r.Find("clikt/core/exceptions.kt", 15, "no such option $name"), nullptr) << Dump(r);
}

}  // namespace
// thymeleaf's own `org.thymeleaf.util.Validate.notNull` throws
// IllegalArgumentException; commons-lang's Validate.notNull (the idiom the
// Java extractor knows) throws NullPointerException. A file importing the
// repository's class gets the repository's sink, not the library's class.
TEST(LinkJvm, RepositorysOwnValidateClassIsNotCommonsLang) {
  Linked r =
      Link({{"src/org/t/util/Validate.java",
             "package org.t.util;\n"
             "\n"
             "public final class Validate {\n"
             "    public static void notNull(final Object object, final String message) {\n"
             "        if (object == null) {\n"
             "            throw new IllegalArgumentException(message);\n"
             "        }\n"
             "    }\n"
             "}\n"},
            {"src/org/t/conv/Conv.java",
             "package org.t.conv;\n"
             "\n"
             "import org.t.util.Validate;\n"
             "\n"
             "public class Conv {\n"
             "    public <T> T convert(final Object object, final Class<T> targetClass) {\n"
             "        Validate.notNull(targetClass, \"Target class cannot be null\");\n"
             "        return null;\n"
             "    }\n"
             "}\n"},
            {"src/org/t/conv/Lang.java",
             "package org.t.conv;\n"
             "\n"
             "import org.apache.commons.lang3.Validate;\n"
             "\n"
             "public class Lang {\n"
             "    void f(Object o) { Validate.notNull(o, \"The object must not be null\"); }\n"
             "}\n"}});
  std::vector<const ErrorSite*> at = r.At("src/org/t/conv/Conv.java", 7);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "IllegalArgumentException");
  EXPECT_EQ(at[0]->message.Display(), "Target class cannot be null");
  at = r.At("src/org/t/conv/Lang.java", 6);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "NullPointerException");
}

}  // namespace errdex
