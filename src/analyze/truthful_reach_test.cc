// Statements about how an error is reached must hold for the code (issue 13,
// tenth grading's false statements): a report after a `goto` label is not
// on the path of the checks the jump skips (curl), a private JVM method is
// not called from another file (gson), callers found by name may pass what
// leads to another branch (libgit2), a Kotlin raise outside any function
// errdex read is not module-level code (okhttp), and a raise that runs
// every time is not decided by its callers' arguments. Solutions: advice in
// a message's trailing clause, a feature switch the guard reads.
#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/feature_flag.h"
#include "analyze/record_builder.h"

namespace errdex {
namespace {

constexpr auto Explain = analyze_testing::BuildInRepo;

TEST(TruthfulReach, CChecksBeforeAGotoLabelAreNotOnTheWay) {
  SourceFile scache{"lib/scache.c",
                    "int add_session(struct ctx *data, const char *key)\n"       // 1
                    "{\n"                                                        // 2
                    "  int result = 0;\n"                                        // 3
                    "  struct peer *peer = NULL;\n"                              // 4
                    "  if(expired(data))\n"                                      // 5
                    "    return 0;\n"                                            // 6
                    "  result = add_peer(data, key, &peer);\n"                   // 7
                    "  if(result || !peer) {\n"                                  // 8
                    "    destroy(data);\n"                                       // 9
                    "    goto out;\n"                                            // 10
                    "  }\n"                                                      // 11
                    "  add(peer);\n"                                             // 12
                    "out:\n"                                                     // 13
                    "  if(result) {\n"                                           // 14
                    "    failf(data, \"failed to add session for %s\", key);\n"  // 15
                    "  }\n"                                                      // 16
                    "  return result;\n"                                         // 17
                    "}\n"};
  Record r = Explain({scache}, "failed to add session");
  // Not "On the way: `result` is not set (line 8)": the failure branch
  // there is what jumps to line 15.
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `add_session` (lib/scache.c) when `result` is set (line 14), `result` "
            "being what `add_peer(data, key, &peer)` returned (line 7). `goto out` at line 10 "
            "jumps to the label `out:` (line "
            "13) above it.");
}

TEST(TruthfulReach, CReportReachedOnlyThroughGoto) {
  SourceFile f{"lib/open.c",
               "int open_it(struct ctx *data, const char *path)\n"  // 1
               "{\n"                                                // 2
               "  int fd = do_open(path);\n"                        // 3
               "  if(fd < 0)\n"                                     // 4
               "    goto fail;\n"                                   // 5
               "  return fd;\n"                                     // 6
               "fail:\n"                                            // 7
               "  failf(data, \"could not open %s\", path);\n"      // 8
               "  return -1;\n"                                     // 9
               "}\n"};
  Record r = Explain({f}, "could not open");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `open_it` (lib/open.c) when `goto fail` at line 5 jumps to the label "
            "`fail:` (line 7), which happens when `fd` is less than `0` (line 4).");
}

// Several jumps: the `if` above each, one written over several lines
// (nginx's so_keepalive checks, blind grading 069af95eaa4b9b93).
TEST(TruthfulReach, CJumpsNameTheConditionOfEachGoto) {
  SourceFile f{
      "src/listen.c",
      "static char *parse_keepalive(ngx_conf_t *cf, ngx_str_t *value)\n"  // 1
      "{\n"                                                               // 2
      "    idle = ngx_parse_time(&s, 1);\n"                               // 3
      "    if (idle == (time_t) NGX_ERROR) {\n"                           // 4
      "        goto invalid;\n"                                           // 5
      "    }\n"                                                           // 6
      "    if (idle == 0 && cnt == 0\n"                                   // 7
      "        && intvl == 0)\n"                                          // 8
      "    {\n"                                                           // 9
      "        goto invalid;\n"                                           // 10
      "    }\n"                                                           // 11
      "    return NGX_CONF_OK;\n"                                         // 12
      "invalid:\n"                                                        // 13
      "    ngx_conf_log_error(NGX_LOG_EMERG, cf, 0, \"invalid so_keepalive value: \\\"%V\\\"\", "
      "&value[1]);\n"                 // 14
      "    return NGX_CONF_ERROR;\n"  // 15
      "}\n"};
  Record r = Explain({f}, "invalid so_keepalive");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `parse_keepalive` (src/listen.c) when `goto invalid` at lines 5, 10 jump "
            "to the label `invalid:` (line 13), one of them when `idle` is `(time_t) NGX_ERROR` "
            "(line 4); `idle` is `0` and `cnt` is `0` and `intvl` is `0` (line 7).");
}

TEST(TruthfulReach, CJumpToALabelThatBranchesAgainIsNotTheCause) {
  SourceFile f{"src/parser.c",
               "int parse(struct ctx *data, int n)\n"        // 1
               "{\n"                                         // 2
               "  if(n > 3)\n"                               // 3
               "    goto reduce;\n"                          // 4
               "  return 0;\n"                               // 5
               "reduce:\n"                                   // 6
               "  switch(n) {\n"                             // 7
               "  case 4:\n"                                 // 8
               "    failf(data, \"cannot reduce rule\");\n"  // 9
               "    break;\n"                                // 10
               "  }\n"                                       // 11
               "  return 1;\n"                               // 12
               "}\n"};
  Record r = Explain({f}, "cannot reduce");
  // The jump reaches the `switch`, not necessarily line 9.
  EXPECT_EQ(r.trigger_scenarios.find("Happens in `parse` (src/parser.c) when `goto"),
            std::string::npos)
      << r.trigger_scenarios;
  EXPECT_NE(r.trigger_scenarios.find("`goto reduce` at line 4 jumps to the label `reduce:` (line "
                                     "6) above it."),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(TruthfulReach, JavaPrivateMethodIsNotCalledFromAnotherFile) {
  SourceFile types{"gson/src/main/java/com/acme/Types.java",
                   "package com.acme;\n"                                               // 1
                   "public final class Types {\n"                                      // 2
                   "  public static Type elementOf(Type context, Class<?> raw) {\n"    // 3
                   "    return getSupertype(context, raw, Collection.class);\n"        // 4
                   "  }\n"                                                             // 5
                   "  private static Type getSupertype(Type context, Class<?> raw,\n"  // 6
                   "      Class<?> supertype) {\n"                                     // 7
                   "    if (!supertype.isAssignableFrom(raw)) {\n"                     // 8
                   "      throw new IllegalArgumentException(raw + \" is not a subtype of \" + "
                   "supertype);\n"          // 9
                   "    }\n"                // 10
                   "    return context;\n"  // 11
                   "  }\n"                  // 12
                   "}\n"};
  SourceFile proto{"proto/src/main/java/com/acme/proto/Adapter.java",
                   "package com.acme.proto;\n"                                        // 1
                   "public class Adapter {\n"                                         // 2
                   "  public Object deserialize(TypeToken<?> token, Class<?> c) {\n"  // 3
                   "    return token.getSupertype(c);\n"                              // 4
                   "  }\n"                                                            // 5
                   "}\n"};
  Record r = Explain({types, proto}, "is not a subtype of");
  // Only the same-file caller; it passes `Collection.class` of its own, so
  // whether it gets there depends on what it passes.
  EXPECT_EQ(r.trigger_scenarios,
            "It can happen when you call `Types.elementOf(...)` "
            "(gson/src/main/java/com/acme/Types.java:3), which reaches `Types.getSupertype` at "
            "gson/src/main/java/com/acme/Types.java:4. Whether a call gets to line 9 depends on "
            "the `supertype`, `raw` it passes (checked at line 8). There it is raised in "
            "`Types.getSupertype` (gson/src/main/java/com/acme/Types.java) when "
            "`supertype.isAssignableFrom(raw)` returns false (line 8).");
  EXPECT_EQ(r.common_situations.find("Adapter"), std::string::npos) << r.common_situations;
}

TEST(TruthfulReach, CCallersFoundByNameMayPassWhatLeadsElsewhere) {
  SourceFile odb{
      "src/odb.c",
      "int odb_error_notfound(struct ctx *data, const char *message, const git_oid *oid)\n"  // 1
      "{\n"                                                                                  // 2
      "  if (oid != NULL) {\n"                                                               // 3
      "    failf(data, \"object %s not found (%s)\", message, oid_str(oid));\n"              // 4
      "  } else\n"                                                                           // 5
      "    failf(data, \"object not found - %s\", message);\n"                               // 6
      "  return -3;\n"                                                                       // 7
      "}\n"};
  SourceFile graph{"src/graph.c",
                   "int graph_entry_find(struct graph *g, const git_oid *short_oid)\n"         // 1
                   "{\n"                                                                       // 2
                   "  if (!g->found)\n"                                                        // 3
                   "    return odb_error_notfound(g->data, \"no graph entry\", short_oid);\n"  // 4
                   "  return 0;\n"                                                             // 5
                   "}\n"};
  SourceFile h{"include/git2/graph.h",
               "int graph_entry_find(struct graph *g, const git_oid *short_oid);\n"};
  Record r = Explain({odb, graph, h}, "object not found");
  // `graph_entry_find` passes its own `short_oid`: not known to be NULL.
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `odb_error_notfound` (src/odb.c) when `oid` is missing (NULL) (line 3). "
            "It is called on the way from `graph_entry_find` (src/graph.c:1). Whether a call gets "
            "to line 6 depends on the `oid` it passes (checked at line 3).");
  EXPECT_EQ(r.common_situations,
            "During `graph_entry_find` (src/graph.c:1): `graph_entry_find` calls "
            "`odb_error_notfound` at src/graph.c:4. Whether a call gets to line 6 depends on the "
            "`oid` it passes (checked at line 3).");
}

TEST(TruthfulReach, KotlinRaiseOutsideAnyFunctionIsNotModuleLevelCode) {
  SourceFile dns{
      "okhttp/src/main/kotlin/okhttp3/Dns.kt",
      "package okhttp3\n"                                                               // 1
      "interface Dns {\n"                                                               // 2
      "  class Request\n"                                                               // 3
      "    @JvmOverloads\n"                                                             // 4
      "    constructor(\n"                                                              // 5
      "      hostname: String,\n"                                                       // 6
      "      port: Int = -1,\n"                                                         // 7
      "    ) {\n"                                                                       // 8
      "      @get:JvmName(\"port\")\n"                                                  // 9
      "      val port: Int =\n"                                                         // 10
      "        when (port) {\n"                                                         // 11
      "          -1 -> 443\n"                                                           // 12
      "          in 1..65535 -> port\n"                                                 // 13
      "          else -> throw IllegalArgumentException(\"unexpected port: $port\")\n"  // 14
      "        }\n"                                                                     // 15
      "    }\n"                                                                         // 16
      "}\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(dns.path)->Extract(dns, &sites, &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  // Where the grammar fails on the class header (okhttp's real file), the
  // site comes without its function.
  ErrorSite s = sites[0];
  s.function.clear();
  s.function_line = 0;
  Record r = BuildRecord(s, SplitLines(dns.content), {"acme/lib", "abc", "t"});
  // The class body holding the property initializer is named (twenty-second
  // session), not "code outside any function errdex recognised".
  EXPECT_EQ(r.documentation,
            "The body of class `Request` reports it when `port` matches none of the 2 cases at "
            "lines 12\u201313 (line 11). `IllegalArgumentException` is raised in the body of "
            "class `Request` (okhttp/src/main/kotlin/okhttp3/Dns.kt) at line 14.");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in the body of class `Request` (okhttp/src/main/kotlin/okhttp3/Dns.kt) when "
            "`port` matches none of the 2 cases at lines 12\u201313 (line 11).");
  EXPECT_EQ(r.common_situations, "");
  EXPECT_FALSE(r.try_catch_pattern.has_value());
  // A Kotlin script does run its top-level code.
  s.file_path = "build.gradle.kts";
  Record script = BuildRecord(s, SplitLines(dns.content), {"acme/lib", "abc", "t"});
  EXPECT_EQ(script.common_situations,
            "When build.gradle.kts is imported or run (module-level code, line 14).");
}

TEST(TruthfulReach, RaisedEveryTimeIsDecidedByWhichCallsReachIt) {
  SourceFile enc{"src/Encoder.java",
                 "package acme;\n"                                                     // 1
                 "public abstract class Encoder {\n"                                   // 2
                 "  public void encodeNull() {\n"                                      // 3
                 "    throw new SerializationException(\"null is not supported\");\n"  // 4
                 "  }\n"                                                               // 5
                 "}\n"};
  Record r = Explain({enc}, "null is not supported");
  EXPECT_EQ(r.trigger_scenarios,
            "errdex found no `if`, `match` or early return in `Encoder.encodeNull` "
            "(src/Encoder.java) that leads to line 4: `Encoder.encodeNull` raises this every time "
            "it runs, so it happens when `encodeNull` is called on an object whose class does "
            "not override it.");
}

TEST(TruthfulReach, ACallIntoACheckingHelperIsNotRaisedEveryTime) {
  // A linked site's line calls the helper that decides (`fail(..)`,
  // `ArgumentNotNull(x)`): it is not a throw that runs every time.
  SourceFile thrown{"src/Encoder.java",
                    "package acme;\n"                                                     // 1
                    "public abstract class Encoder {\n"                                   // 2
                    "  public void encodeNull() {\n"                                      // 3
                    "    throw new SerializationException(\"null is not supported\");\n"  // 4
                    "  }\n"                                                               // 5
                    "}\n"};
  std::vector<ErrorSite> sites;
  std::vector<FileFacts> facts(1);
  bool syntax_errors = false;
  ASSERT_TRUE(
      ExtractorFor(thrown.path)->ExtractWithFacts(thrown, &sites, &facts[0], &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  std::string called = thrown.content;
  called.replace(called.find("throw new SerializationException"),
                 std::string("throw new SerializationException").size(), "check");
  std::vector<std::string_view> lines = SplitLines(called);
  RepoFacts repo(facts);
  Record r = BuildRecord(sites[0], lines, {"acme/lib", "abc", "t"});
  ApplySiteFacts(sites[0], repo.Resolve(sites[0]), lines, &r);
  // encodeNull takes no arguments: its callers pass nothing that could
  // decide it (twenty-ninth grading, ioredis's connectionCloseHandler).
  EXPECT_EQ(r.trigger_scenarios,
            "errdex found no `if`, `match` or early return in `Encoder.encodeNull` "
            "(src/Encoder.java) that leads to line 4; `Encoder.encodeNull` takes no arguments: "
            "whether something calls it decides it (and any state it reads), not what its callers "
            "pass.");
}

TEST(TruthfulReach, AdviceInTheMessagesTrailingClause) {
  EXPECT_EQ(AdviceSentences("%s type %s not supported by default: add Module \"%s\" to enable "
                            "handling"),
            std::vector<std::string>{"Add Module \"%s\" to enable handling."});
  EXPECT_EQ(AdviceSentences("no commit message specified (use \"--allow-empty-message\")"),
            std::vector<std::string>{"Use \"--allow-empty-message\"."});
  EXPECT_EQ(AdviceSentences("localforage is not defined - please import localforage.js"),
            std::vector<std::string>{"Please import localforage.js."});
  // A clause that names a thing is not advice.
  EXPECT_TRUE(AdviceSentences("Bad range: start offset larger than end offset").empty());
  EXPECT_TRUE(AdviceSentences("Invalid value (use of %s failed)").empty());
}

TEST(TruthfulReach, FeatureSwitchTheGuardReads) {
  SourceFile des{
      "src/main/java/acme/Deser.java",
      "package acme;\n"                                                                     // 1
      "public class Deser {\n"                                                              // 2
      "  public Object read(Context ctxt, Object value) {\n"                                // 3
      "    if (value == null && ctxt.isEnabled(DeserializationFeature.FAIL_ON_NULLS)) {\n"  // 4
      "      throw new MismatchException(\"Null value for creator property\");\n"           // 5
      "    }\n"                                                                             // 6
      "    if (!ctxt.isEnabled(MapperFeature.ALLOW_COERCION)) {\n"                          // 7
      "      throw new MismatchException(\"Cannot coerce scalar\");\n"                      // 8
      "    }\n"                                                                             // 9
      "    return value;\n"                                                                 // 10
      "  }\n"                                                                               // 11
      "}\n"};
  Record nulls = Explain({des}, "Null value");
  ASSERT_FALSE(nulls.solutions.empty());
  EXPECT_EQ(nulls.solutions[0],
            "Disable `DeserializationFeature.FAIL_ON_NULLS`: the check at line 4 raises this only "
            "while it is enabled");
  Record coerce = Explain({des}, "Cannot coerce");
  ASSERT_FALSE(coerce.solutions.empty());
  EXPECT_EQ(coerce.solutions[0],
            "Enable `MapperFeature.ALLOW_COERCION`: the check at line 7 raises this only while it "
            "is disabled");
  // A switch inside a disjunction decides nothing alone.
  EXPECT_FALSE(FeatureFlagOf({"a || ctxt.isEnabled(F.X)", true, 3}).has_value());
  ASSERT_TRUE(FeatureFlagOf({"ctxt.isEnabled(F.X)", false, 3}).has_value());
  EXPECT_FALSE(FeatureFlagOf({"ctxt.isEnabled(F.X)", false, 3})->raise_when_enabled);
}

// C# runs no statements in a file that declares types (top-level statements
// belong to a program's entry file, before any type): a raise whose method
// errdex did not recognise is no "module-level code" run "when X.cs is
// imported or run" (twenty-fourth grading 5645ba02795f3b9c, npgsql).
TEST(TruthfulReach, CSharpHasNoModuleLevelCode) {
  SourceFile db{"src/Npgsql/PostgresDatabaseInfo.cs",
                "namespace Npgsql;\n"                                                  // 1
                "sealed class PostgresDatabaseInfo {\n"                                // 2
                "    internal async Task<List<PostgresType>> LoadBackendTypes() {\n"   // 3
                "        if (!byOID.TryGetValue(atttypid, out var fieldType))\n"       // 4
                "        {\n"                                                          // 5
                "            _connectionLogger.LogWarning(\"Skipping composite type "  //
                "'{CompositeTypeName}'\", name);\n"                                    // 6
                "        }\n"                                                          // 7
                "    }\n"                                                              // 8
                "}\n"};
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  ASSERT_TRUE(ExtractorFor(db.path)->Extract(db, &sites, &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  // As where the grammar fails on the method header (npgsql's real file).
  ErrorSite s = sites[0];
  s.function.clear();
  s.function_line = 0;
  Record r = BuildRecord(s, SplitLines(db.content), {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.documentation.find("module-level"), std::string::npos) << r.documentation;
  EXPECT_EQ(r.trigger_scenarios.find("module-level"), std::string::npos) << r.trigger_scenarios;
  EXPECT_EQ(r.common_situations, "");
  EXPECT_NE(r.trigger_scenarios.find("code outside any function errdex recognised in "
                                     "src/Npgsql/PostgresDatabaseInfo.cs"),
            std::string::npos)
      << r.trigger_scenarios;
}

}  // namespace
}  // namespace errdex
