// Solutions grounded in the code around a raise: the values a `switch` /
// `match` / `when` handles before its fallback arm raises, the values an
// if-chain compares, and — for a check on a local — where the local got its
// value (the call whose result it holds, the environment variable, the
// condition that set the flag) named as the cause instead of the check.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/case_values.h"
#include "analyze/record_builder.h"
#include "analyze/value_origin.h"
#include "errdex/extractor.h"
#include "util/text.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(GroundedSolutions, JavaScriptSwitchFallbackListsTheHandledValues) {
  SourceFile f{"lib/mode.js",
               "export function setMode(mode) {\n"                 // 1
               "  switch (mode) {\n"                               // 2
               "    case 'fast':\n"                                // 3
               "      return 1;\n"                                 // 4
               "    case 'safe':\n"                                // 5
               "      return 2;\n"                                 // 6
               "    default:\n"                                    // 7
               "      throw new Error(`unknown mode ${mode}`);\n"  // 8
               "  }\n"                                             // 9
               "}\n"};
  Record r = Build(f, "unknown mode");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Call `setMode` with a `mode` that is one of: `'fast'`, `'safe'` "
                             "(the cases at lines 3\u20135; any other value reaches line 8)"}));
}

// A match on a local the code computed is no value the user chooses: "this
// is the fallback for ..." restated the code as advice (blind grading,
// libgit2 9671e03aca955377), so no solution names the arms.
TEST(GroundedSolutions, RustMatchOnALocalIsNoAdvice) {
  SourceFile f{"src/color.rs",
               "pub fn parse(spec: &str) -> Result<u8, String> {\n"        // 1
               "    let kind = spec.split(':').next().unwrap_or(\"\");\n"  // 2
               "    match kind {\n"                                        // 3
               "        \"path\" => Ok(1),\n"                              // 4
               "        \"line\" | \"column\" => Ok(2),\n"                 // 5
               "        _ => Err(format!(\"out type not handled\")),\n"    // 6
               "    }\n"                                                   // 7
               "}\n"};
  // (A message that reports an unknown name gets the names handled:
  // fallback_arm_test.cc UnknownNameAfterASwitchOfNames.)
  Record r = Build(f, "not handled");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Generic advice (errdex found nothing specific): read `parse` "
                             "(src/color.rs) for what leads to this error (line 6)"}));
}

TEST(GroundedSolutions, PhpCheckOnACallResultNamesTheCall) {
  SourceFile f{"src/Db.php",
               "<?php\n"                                                         // 1
               "class Db {\n"                                                    // 2
               "    private function connect(string $url) {\n"                   // 3
               "        $parsed = parse_url($url);\n"                            // 4
               "        if ($parsed === false) {\n"                              // 5
               "            throw new \\InvalidArgumentException('Bad DSN');\n"  // 6
               "        }\n"                                                     // 7
               "    }\n"                                                         // 8
               "}\n"};
  Record r = Build(f, "Bad DSN");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `Db::connect` (src/Db.php) when `$parsed` is `false` (line 5), "
            "`$parsed` being what `parse_url($url)` returned (line 4).");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Find out why `parse_url($url)` (line 4) returns a value for which "
                             "`$parsed` is `false` (line 5): check the arguments it is given"}));
}

TEST(GroundedSolutions, CFlagNamesTheConditionThatSetIt) {
  SourceFile f{"lib/http.c",
               "static int follow(struct Curl_easy *data, int type) {\n"      // 1
               "  bool reachedmax = FALSE;\n"                                 // 2
               "  if(data->set.maxredirs != -1 &&\n"                          // 3
               "     data->state.followlocation >= data->set.maxredirs) {\n"  // 4
               "    reachedmax = TRUE;\n"                                     // 5
               "  }\n"                                                        // 6
               "  if(type == 1) {\n"                                          // 7
               "    if(reachedmax) {\n"                                       // 8
               "      failf(data, \"Maximum (%d) redirects followed\", data->set.maxredirs);\n"
               "      return 47;\n"  // 10
               "    }\n"             // 11
               "  }\n"               // 12
               "  return 0;\n"       // 13
               "}\n"};
  Record r = Build(f, "redirects followed");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `follow` (lib/http.c) when `data->set.maxredirs` is not `-1` and "
            "`data->state.followlocation` is at least `data->set.maxredirs` (line 3, which sets "
            "`reachedmax`; tested at line 8). On the "
            "way: `type` is `1` (line 7).");
}

TEST(GroundedSolutions, GoEnvironmentVariableIsTheSolution) {
  SourceFile f{"config/env.go",
               "package config\n"                                       // 1
               "import (\"errors\"; \"os\")\n"                          // 2
               "func Mode() (string, error) {\n"                        // 3
               "\tmode := os.Getenv(\"ACME_MODE\")\n"                   // 4
               "\tif mode == \"\" {\n"                                  // 5
               "\t\treturn \"\", errors.New(\"no mode configured\")\n"  // 6
               "\t}\n"                                                  // 7
               "\treturn mode, nil\n"                                   // 8
               "}\n"};
  Record r = Build(f, "no mode configured");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Check the environment variable `ACME_MODE` (read at line 4): its "
                             "value decides the check at line 5"}));
}

TEST(GroundedSolutions, TypeScriptJsDocOfTheCheckedArgumentIsQuoted) {
  SourceFile f{"src/wait.ts",
               "/**\n"                                                 // 1
               " * Waits for the server.\n"                            // 2
               " * @param timeout seconds to wait; {@code 0} waits\n"  // 3
               " *   forever\n"                                        // 4
               " */\n"                                                 // 5
               "export function wait(timeout: number) {\n"             // 6
               "  if (timeout < 0) {\n"                                // 7
               "    throw new RangeError('negative timeout');\n"       // 8
               "  }\n"                                                 // 9
               "}\n"};
  Record r = Build(f, "negative timeout");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "Call `wait` with a non-negative `timeout` (checked at line 7); `timeout` is "
                "documented as \u201cseconds to wait; 0 waits forever\u201d "
                "(line 3)"}));
}

TEST(GroundedSolutions, ArmValuesRejectPatternsThatAreNotValues) {
  std::vector<std::string_view> lines = {"when (x) {", "    is Foo -> 1", "    is Bar -> 2",
                                         "    else -> throw E()", "}"};
  EXPECT_TRUE(ArmValues(lines, 1, 4).values.empty());
}

TEST(GroundedSolutions, ComparedValuesNeedOneOperand) {
  std::string operand;
  EXPECT_EQ(ComparedValues({"fmt == 'json'", "fmt == \"yaml\" || fmt == 'toml'"}, &operand),
            (std::vector<std::string>{"'json'", "\"yaml\"", "'toml'"}));
  EXPECT_EQ(operand, "fmt");
  EXPECT_TRUE(ComparedValues({"fmt == 'json'", "kind == 'yaml'"}, &operand).empty());
}

TEST(GroundedSolutions, LocalSetTwiceHasNoOrigin) {
  std::vector<std::string_view> lines = {"fn f() {", "  let v = a();", "  v = b();",
                                         "  if v.is_none() {", "}"};
  EXPECT_FALSE(OriginOf(lines, "v", 1, 4).has_value());
}

// The else arm after a chain of equality tests: the value is none of those
// the chain names; the last test alone is not the cause.
TEST(GroundedSolutions, CStrcasecmpChainNamesTheArguments) {
  SourceFile f{"src/sentinel.c",
               "void simulateCommand(client *c, int j) {\n"                                  // 1
               "    if (!strcasecmp(c->argv[j]->ptr,\"crash-after-election\")) {\n"          // 2
               "        flags |= 1;\n"                                                       // 3
               "    } else if (!strcasecmp(c->argv[j]->ptr,\"crash-after-promotion\")) {\n"  // 4
               "        flags |= 2;\n"                                                       // 5
               "    } else {\n"                                                              // 6
               "        addReplyError(c,\"Unknown failure simulation specified\");\n"        // 7
               "    }\n"                                                                     // 8
               "}\n"};
  Record r = Build(f, "Unknown failure simulation");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "Give one of: `\"crash-after-election\"`, `\"crash-after-promotion\"` as "
                "`c->argv[j]->ptr` (compared at lines 2\u20134; other values reach line 7)"}));
}

// The same for an if-chain on the code's own state (libgit2's
// 1d5dd46350848582 compares a packet type the server sent).
TEST(GroundedSolutions, JavaConstantChainOnOwnStateIsNoAdvice) {
  SourceFile f{"src/main/java/a/Negotiator.java",
               "package a;\n"                                                          // 1
               "class Negotiator {\n"                                                  // 2
               "  private void negotiate(Pkt pkt) {\n"                                 // 3
               "    if (pkt.type == PKT_SHALLOW) {\n"                                  // 4
               "      shallow();\n"                                                    // 5
               "    } else if (pkt.type == PKT_FLUSH) {\n"                             // 6
               "      flush();\n"                                                      // 7
               "    } else {\n"                                                        // 8
               "      throw new IllegalStateException(\"unexpected packet type\");\n"  // 9
               "    }\n"                                                               // 10
               "  }\n"                                                                 // 11
               "}\n"};
  Record r = Build(f, "unexpected packet type");
  EXPECT_EQ(r.solutions,
            (std::vector<std::string>{
                "Generic advice (errdex found nothing specific): read `Negotiator.negotiate` "
                "(src/main/java/a/Negotiator.java) for what leads to this error (line 9)"}));
}

TEST(GroundedSolutions, PythonElifChainOnAParameter) {
  SourceFile f{"src/pkg/modes.py",
               "def set_mode(mode):\n"                                 // 1
               "    if mode == \"fast\":\n"                            // 2
               "        return 1\n"                                    // 3
               "    elif mode == \"safe\":\n"                          // 4
               "        return 2\n"                                    // 5
               "    else:\n"                                           // 6
               "        raise ValueError(f\"unknown mode {mode}\")\n"  // 7
               "\n"};
  Record r = Build(f, "unknown mode");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Call `set_mode` with a `mode` that is one of: `\"fast\"`, `\"safe\"` (compared at "
            "lines 2\u20134; other values reach line 7)");
}

TEST(GroundedSolutions, TypeScriptTypeofChainNamesTheTypes) {
  SourceFile f{"src/literal.ts",
               "export function literalCheck(value: unknown): string {\n"     // 1
               "  if (typeof value === \"string\") {\n"                       // 2
               "    return \"s\";\n"                                          // 3
               "  }\n"                                                        // 4
               "  if (typeof value === \"number\") {\n"                       // 5
               "    return \"n\";\n"                                          // 6
               "  }\n"                                                        // 7
               "  throw new Error(`unsupported literal ${typeof value}`);\n"  // 8
               "}\n"};
  Record r = Build(f, "unsupported literal");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Call `literalCheck` with a `value` whose type is one of: `\"string\"`, `\"number\"` "
            "(compared at lines 2\u20135; other values reach line 8)");
}

// `strcmp(a, "x")` without `!` is true when they differ: not a chain arm.
TEST(GroundedSolutions, ComparedValuesReadsEqualityForms) {
  std::string operand;
  EXPECT_EQ(ComparedValues({"!strcmp(arg, \"a\")", "strcasecmp(arg, \"b\") == 0"}, &operand),
            (std::vector<std::string>{"\"a\"", "\"b\""}));
  EXPECT_EQ(operand, "arg");
  EXPECT_EQ(ComparedValues({"mode.equals(\"x\")", "\"y\".equalsIgnoreCase(mode)"}, &operand),
            (std::vector<std::string>{"\"x\"", "\"y\""}));
  EXPECT_EQ(operand, "mode");
  EXPECT_TRUE(ComparedValues({"strcmp(arg, \"a\")", "strcmp(arg, \"b\")"}, &operand).empty());
  // A member (`other.Count`) is not a constant; `true`/`false` are no list.
  EXPECT_TRUE(ComparedValues({"n == other.Count", "n == 3"}, &operand).empty());
  EXPECT_TRUE(ComparedValues({"x == true", "x == false"}, &operand).empty());
  EXPECT_TRUE(ComparedValues({"x == \"a\" && y == \"b\"", "x == \"c\""}, &operand).empty());
}

}  // namespace
}  // namespace errdex
