// Link for Java and Kotlin, message flow the per-statement view misses: a
// raising helper that appends a suffix another method of its class builds,
// a generic report method returned by its callers (`return
// ctxt.report(..)`) behind a wrapper that formats with varargs, and an
// exception class whose secondary constructor composes the text thrown
// elsewhere with no text of its own. Asserted on the exact composed message,
// the call-site line, the class and a rendering.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

// A JSON reader's `throw syntaxError("Unterminated object")`: the helper
// throws `message + locationString() + "\nSee " + ..`, and locationString()
// is a String method of the same class.
TEST(LinkJvmFlow, JavaSuffixBuiltByAnotherMethodOfTheClass) {
  const std::string path = "core/src/main/java/org/example/json/TokenReader.java";
  Linked r =
      Link({{path,
             "package org.example.json;\n"
             "public class TokenReader {\n"
             "  int readObject() throws IOException {\n"
             "    switch (next()) {\n"
             "      case '}':\n"
             "        return END;\n"
             "      default:\n"
             "        throw syntaxError(\"Unterminated object\");\n"
             "    }\n"
             "  }\n"
             "  String locationString() {\n"
             "    int line = lineNumber + 1;\n"
             "    int column = pos - lineStart + 1;\n"
             "    return \" at line \" + line + \" column \" + column + \" path \" + "
             "getPath();\n"
             "  }\n"
             "  private BadInputException syntaxError(String message) throws "
             "BadInputException {\n"
             "    throw new BadInputException(\n"
             "        message + locationString() + \"\\nSee \" + Guide.url(\"bad-input\"));\n"
             "  }\n"
             "  private int lineNumber = 0;  // `lineNumber + 1` adds\n"
             "}\n"}});
  const ErrorSite* s = r.Find(path, 8,
                              "Unterminated object at line {line} column {column} path "
                              "{getPath()}\nSee {Guide.url(\"bad-input\")}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "BadInputException");
  EXPECT_EQ(s->function, "TokenReader.readObject");
  EXPECT_NE(s->message_origin_note.find("TokenReader.java:17"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "Unterminated object at line 1 column 17675 path $[27].sign\n"
                      "See https://example.org/guide#bad-input"));
  // The helper's own record reads the suffix too.
  EXPECT_NE(r.Find(path, 17,
                   "{message} at line {line} column {column} path {getPath()}\nSee "
                   "{Guide.url(\"bad-input\")}"),
            nullptr)
      << Dump(r);
}

// A method with parameters, or one with several returns, is not a suffix;
// a text method with one return gives its text where it is called, its
// parameters read as the call's arguments (`where(pos)` is " at {pos}"),
// and one with several returns stays a hole.
TEST(LinkJvmFlow, JavaOnlyParameterlessSingleReturnMethodsAreSuffixes) {
  const std::string path = "src/main/java/org/example/Parser.java";
  Linked r = Link({{path,
                    "public class Parser {\n"
                    "  String where(int p) { return \" at \" + p; }\n"
                    "  String state() {\n"
                    "    if (done) return \" (done)\";\n"
                    "    return \" (open)\";\n"
                    "  }\n"
                    "  void fail() {\n"
                    "    throw new ParseException(\"bad token\" + where(pos) + state());\n"
                    "  }\n"
                    "}\n"}});
  EXPECT_NE(r.Find(path, 8, "bad token at {pos}{state()}"), nullptr) << Dump(r);
}

// A report method on a context object (generic, so that callers `return`
// it) behind a wrapper that formats its message with varargs first and
// prefixes it, called from another class.
TEST(LinkJvmFlow, JavaReturnedReportCallsThroughAFormattingWrapper) {
  const std::string ctx = "src/main/java/org/example/bind/ReadContext.java";
  const std::string reader = "src/main/java/org/example/bind/BeanReader.java";
  Linked r = Link(
      {{ctx,
        "public class ReadContext {\n"
        "  protected final String _format(String msg, Object... msgArgs) {\n"
        "    if (msgArgs.length > 0) {\n"
        "      return String.format(msg, msgArgs);\n"
        "    }\n"
        "    return msg;\n"
        "  }\n"
        "  public <T> T reportBadDefinition(Class<?> type, String msg) throws BindException {\n"
        "    throw DefinitionException.from(_parser, msg, type);\n"
        "  }\n"
        "  public Object handleMissingFactory(Class<?> instClass, Factory factory, String msg,\n"
        "      Object... msgArgs) throws IOException {\n"
        "    msg = _format(msg, msgArgs);\n"
        "    if (factory == null) {\n"
        "      msg = String.format(\"Cannot build %s: %s\", ClassUtil.nameOf(instClass), msg);\n"
        "      return reportBadDefinition(instClass, msg);\n"
        "    }\n"
        "    msg = String.format(\"Cannot build %s (no factory, like a default constructor, "
        "exists): %s\",\n"
        "        ClassUtil.nameOf(instClass), msg);\n"
        "    return reportBadDefinition(instClass, msg);\n"
        "  }\n"
        "}\n"},
       {reader,
        "public class BeanReader {\n"
        "  protected Object readFromObject(Parser p, ReadContext ctxt) throws IOException {\n"
        "    return ctxt.handleMissingFactory(raw, getFactory(),\n"
        "        \"cannot read from an object value (no delegate- or property-based factory)\");\n"
        "  }\n"
        "  protected Object readFromArray(Parser p, ReadContext ctxt) throws IOException {\n"
        "    return ctxt.handleMissingFactory(raw, null, \"cannot read %s from array\",\n"
        "        p.currentToken());\n"
        "  }\n"
        "}\n"}});
  // The wrapper's own lines: each branch, at its `return report(..)`.
  const ErrorSite* w =
      r.Find(ctx, 20, "Cannot build %s (no factory, like a default constructor, exists): %s");
  ASSERT_NE(w, nullptr) << Dump(r);
  EXPECT_EQ(w->error_class, "DefinitionException");
  // The caller that tells why, in the other class.
  const ErrorSite* s =
      r.Find(reader, 3,
             "Cannot build %s (no factory, like a default constructor, exists): cannot read from "
             "an object value (no delegate- or property-based factory)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "DefinitionException");
  EXPECT_EQ(s->function, "BeanReader.readFromObject");
  EXPECT_NE(s->message_origin_note.find("handleMissingFactory()"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "Cannot build `org.acme.Response` (no factory, like a default constructor, "
                      "exists): cannot read from an object value (no delegate- or property-based "
                      "factory)"));
  // The varargs are formatted into the caller's text.
  const ErrorSite* a = r.Find(reader, 7, "Cannot build %s: cannot read %s from array");
  ASSERT_NE(a, nullptr) << Dump(r);
  std::vector<std::string> holes;
  for (const Piece& p : a->message.pieces()) {
    if (p.is_hole) holes.push_back(p.expr);
  }
  EXPECT_EQ(holes, (std::vector<std::string>{"ClassUtil.nameOf(instClass)", "p.currentToken()"}));
  EXPECT_TRUE(Matches(*a, "Cannot build `org.acme.Point`: cannot read START_ARRAY from array"));
}

// A Kotlin exception whose secondary constructor composes the text and
// hands it to the primary one; thrown from another file with no text of
// its own.
TEST(LinkJvmFlow, KotlinSecondaryConstructorComposesTheText) {
  const std::string ex = "core/src/org/example/serial/Exceptions.kt";
  const std::string user = "core/src/org/example/serial/internal/Missing.kt";
  Linked r = Link(
      {{ex,
        "package org.example.serial\n"
        "\n"
        "open class SerialException(message: String?, cause: Throwable? = null) :\n"
        "    IllegalArgumentException(message, cause)\n"
        "\n"
        "class MissingKeyException private constructor(\n"
        "    message: String?, cause: Throwable?, missingKeys: List<String>, typeName: String?\n"
        ") : SerialException(message, cause) {\n"
        "    val missingKeys: List<String> = missingKeys\n"
        "\n"
        "    constructor(\n"
        "        missingKeys: List<String>,\n"
        "        typeName: String\n"
        "    ) : this(\n"
        "        missingKeys = missingKeys,\n"
        "        typeName = typeName,\n"
        "        message = if (missingKeys.size == 1) \"Key '${missingKeys[0]}' is required for "
        "type '$typeName', but it was missing\"\n"
        "        else \"Keys $missingKeys are required for type '$typeName', but they were "
        "missing\",\n"
        "        cause = null\n"
        "    )\n"
        "}\n"},
       {user,
        "package org.example.serial.internal\n"
        "\n"
        "fun throwMissingKeys(seen: Int, mask: Int, descriptor: Descriptor) {\n"
        "    val missing = mutableListOf<String>()\n"
        "    for (i in 0 until 32) {\n"
        "        if (mask and seen.inv() and (1 shl i) != 0) missing += descriptor.name(i)\n"
        "    }\n"
        "    throw MissingKeyException(missing, descriptor.typeName)\n"
        "}\n"}});
  // The constructor's own record, at the message.
  const ErrorSite* c = r.Find(
      ex, 17, "Key '${missingKeys[0]}' is required for type '$typeName', but it was missing");
  ASSERT_NE(c, nullptr) << Dump(r);
  EXPECT_EQ(c->error_class, "MissingKeyException");
  // The throw takes the class's text (both branches) instead of an opaque
  // record.
  const ErrorSite* s =
      r.Find(user, 8,
             "Key '${missingKeys[0]}' is required for type '${descriptor.typeName}', but it was "
             "missing");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "MissingKeyException");
  EXPECT_EQ(s->function, "throwMissingKeys");
  EXPECT_NE(s->message_origin_note.find("Exceptions.kt:11"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "Key 'updated_at' is required for type 'org.acme.ShoppingEntry', but it "
                      "was missing"));
  EXPECT_NE(r.Find(user, 8,
                   "Keys ${missing} are required for type '${descriptor.typeName}', but they "
                   "were missing"),
            nullptr)
      << Dump(r);
  for (const ErrorSite* at : r.At(user, 8)) EXPECT_FALSE(at->message_opaque) << Dump(r);
}

// The same in Java: `throw new X(fields, name)` of a class whose
// constructor writes the message replaces the opaque record.
TEST(LinkJvmFlow, JavaOpaqueThrowOfAClassThatComposesItsText) {
  const std::string ex = "src/main/java/org/example/MissingKeyException.java";
  const std::string user = "src/main/java/org/example/Decoder.java";
  Linked r = Link({{ex,
                    "public class MissingKeyException extends RuntimeException {\n"
                    "  public MissingKeyException(String key, String type) {\n"
                    "    super(\"Key '\" + key + \"' is required for type '\" + type + \"'\");\n"
                    "  }\n"
                    "}\n"},
                   {user,
                    "public class Decoder {\n"
                    "  void check(Descriptor d, int i) {\n"
                    "    if (!seen[i]) throw new MissingKeyException(d.name(i), d.type);\n"
                    "  }\n"
                    "}\n"}});
  const ErrorSite* s = r.Find(user, 3, "Key '{d.name(i)}' is required for type '{d.type}'");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "MissingKeyException");
  EXPECT_FALSE(s->message_opaque);
  EXPECT_EQ(r.CountAt(user, 3), 1) << Dump(r);
  EXPECT_TRUE(Matches(*s, "Key 'id' is required for type 'User'"));
}

// Kotlin factory functions named like the class they build (`fun
// DecodingException(offset: Int, message: String) = DecodingException(if
// (offset >= 0) "Unexpected token at offset $offset: $message" else
// message)`): `throw DecodingException(pos, msg, source)` calls the
// function, not the constructor, so the text composes through both.
TEST(LinkJvmFlow, KotlinFactoryFunctionsNamedLikeTheClass) {
  const std::string ex = "json/internal/Exceptions.kt";
  const std::string lexer = "json/internal/Lexer.kt";
  Linked r =
      Link({{ex,
             "package json.internal\n"
             "\n"
             "internal class DecodingException(message: String) : Exception(message)\n"
             "\n"
             "internal fun DecodingException(offset: Int, message: String) =\n"
             "    DecodingException(if (offset >= 0) \"Unexpected token at offset $offset: "
             "$message\" else message)\n"
             "\n"
             "internal fun DecodingException(offset: Int, message: String, input: String) =\n"
             "    DecodingException(offset, \"$message\\nJSON input: ${input.take(10)}\")\n"},
            {lexer,
             "package json.internal\n"
             "\n"
             "class Lexer(val source: String) {\n"
             "    fun fail(message: String, position: Int = 0, hint: String = \"\"): Nothing {\n"
             "        throw DecodingException(position, message + \" at path: \" + path() + "
             "hint, source)\n"
             "    }\n"
             "    fun expectEnd() {\n"
             "        fail(\"Expected end of the object\", 3)\n"
             "    }\n"
             "}\n"}});
  const ErrorSite* s = r.Find(lexer, 5,
                              "Unexpected token at offset ${position}: ${message} at path: "
                              "${path()}${hint}\nJSON input: ${input.take(10)}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "DecodingException");
  EXPECT_TRUE(Matches(*s,
                      "Unexpected token at offset 0: Expected start of the object '{', but had "
                      "'r' instead at path: $\nJSON input: relay fail"));
  // The caller's text composes through fail() and both factories.
  const ErrorSite* call = r.Find(lexer, 8,
                                 "Unexpected token at offset ${3}: Expected end of the object "
                                 "at path: ${path()}${hint}\nJSON input: ${input.take(10)}");
  ASSERT_NE(call, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*call,
                      "Unexpected token at offset 3: Expected end of the object at path: "
                      "$.a\nJSON input: {\"a\": 1"));
  // The factory's branch that passes the caller's message on unchanged
  // (`else message`) is no message of its own.
  EXPECT_EQ(r.CountAt(ex, 6), 1) << Dump(r);
}

}  // namespace
}  // namespace errdex
