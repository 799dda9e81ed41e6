// The message's own advice comes first and replaces the generic line
// (twenty-first grading: webpack's "— drop it from SUPPLEMENT", Apollo's
// "Configure webSocketIdleTimeoutMillis on ... directly"), and a raise in a
// Kotlin `init` block or a Java static initializer names that construct
// instead of "code outside any function errdex recognised".
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/enclosing_construct.h"

namespace errdex {
namespace {

using analyze_testing::Build;

std::string Solutions(const Record& r) { return Join(r.solutions, "\n"); }

TEST(OwnAdvice, EmDashClauseIsTheAdvice) {
  EXPECT_EQ(AdviceSentences("a.b is now derivable from the IDL \u2014 drop it from SUPPLEMENT"),
            std::vector<std::string>{"Drop it from SUPPLEMENT."});
  EXPECT_EQ(AdviceSentences("'x' has no effect if 'y' is set. Configure x on y directly."),
            std::vector<std::string>{"Configure x on y directly."});
}

// JavaScript: the advice after an em dash, no generic line.
TEST(OwnAdvice, JavaScriptEmDashAdviceReplacesGenericLine) {
  SourceFile f{"tooling/generate.js",
               "function merge(group, attribute, on, already) {\n"  // 1
               "  if (already && on) {\n"                           // 2
               "    throw new Error(\n"                             // 3
               "      `${group}.${attribute} is now derivable from the IDL \u2014 drop it "
               "from SUPPLEMENT`\n"  // 4
               "    );\n"            // 5
               "  }\n"               // 6
               "}\n"};
  Record r = Build(f, "derivable");
  EXPECT_EQ(Solutions(r), "Drop it from SUPPLEMENT. (the message's own advice)");
}

// Kotlin: a `check` in an `init` block, whose message says what to do.
TEST(OwnAdvice, KotlinInitBlockNamedAndAdviceFirst) {
  SourceFile f{"src/commonMain/kotlin/com/acme/Client.kt",
               "package com.acme\n"                                                  // 1
               "\n"                                                                  // 2
               "class Client private constructor(private val builder: Builder) {\n"  // 3
               "  val transport: Transport\n"                                        // 4
               "\n"                                                                  // 5
               "  init {\n"                                                          // 6
               "    transport = if (builder.transport != null) {\n"                  // 7
               "      check(builder.idleTimeoutMillis == null) {\n"                  // 8
               "        \"'idleTimeoutMillis' has no effect if 'transport' is set. "
               "Configure idleTimeoutMillis on the transport directly.\"\n"  // 9
               "      }\n"                                                   // 10
               "      builder.transport!!\n"                                 // 11
               "    } else {\n"                                              // 12
               "      DefaultTransport()\n"                                  // 13
               "    }\n"                                                     // 14
               "  }\n"                                                       // 15
               "}\n"};
  Record r = Build(f, "has no effect");
  EXPECT_EQ(Solutions(r),
            "Configure idleTimeoutMillis on the transport directly. (the message's own advice)");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Client` (src/commonMain/kotlin/com/acme/Client.kt) when "
            "`builder.transport` is set (not null) (line 7).");
  EXPECT_EQ(r.documentation,
            "`Client` reports it when `builder.transport` is set (not null) (line 7). "
            "`IllegalStateException` is raised in `Client` "
            "(src/commonMain/kotlin/com/acme/Client.kt) at line 8.");
}

TEST(OwnAdvice, JavaStaticInitializer) {
  std::vector<std::string_view> lines = SplitLines(
      "public final class Codecs {\n"
      "    static {\n"
      "        if (X == null) {\n"
      "            throw new IllegalStateException(\"no codec\");\n"
      "        }\n"
      "    }\n"
      "}\n");
  EXPECT_EQ(EnclosingConstruct(lines, 4), "the static initializer of class `Codecs`");
  EXPECT_EQ(EnclosingConstruct(lines, 1), "");
  std::vector<std::string_view> kt = SplitLines(
      "class ApolloClient\n"
      "private constructor(\n"
      "  private val builder: Builder,\n"
      ") : Closeable {\n"
      "  init {\n"
      "    transport = if (builder.transport != null) {\n"
      "      check(builder.idle == null) { \"no effect\" }\n"
      "    } else null\n"
      "  }\n"
      "}\n");
  EXPECT_EQ(EnclosingConstruct(kt, 7), "the `init` block of class `ApolloClient`");
}

}  // namespace
}  // namespace errdex
