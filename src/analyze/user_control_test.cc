// User control: a check on a field or constant the user sets from outside
// (an option `case`, a public setter or constructor argument, an environment
// variable) names that setting in the trigger and in a solution, in every
// language; bare locals, common field names and setters of other types are
// never named.
#include "analyze/user_control.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/record_builder.h"
#include "resolve/setter_index.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(UserControl, ConfigTableRowNamesTheSettingACheckReads) {
  SourceFile config{
      "src/config.c",
      "standardConfig static_configs[] = {\n"  // 1
      "    createBoolConfig(\"grid-enabled\", NULL, IMMUTABLE_CONFIG, server.grid_enabled, "
      "0, NULL, NULL),\n"  // 2
      "    createIntConfig(\"stop-on-error\", NULL, MODIFIABLE_CONFIG, server.stop_on_err, "
      "0, NULL, NULL),\n"  // 3
      "};\n"};
  SourceFile grid{"src/grid.c",
                  "void gridCommand(client *c) {\n"                                          // 1
                  "    if (server.grid_enabled == 0) {\n"                                    // 2
                  "        addReplyError(c,\"This instance has grid support disabled\");\n"  // 3
                  "        return;\n"                                                        // 4
                  "    }\n"                                                                  // 5
                  "    if (server.stop_on_err) {\n"                                          // 6
                  "        addReplyError(c,\"Stopped on an earlier error\");\n"              // 7
                  "        return;\n"                                                        // 8
                  "    }\n"                                                                  // 9
                  "}\n"};
  SetterIndex index = SetterIndex::Build({config, grid});
  Record r = Build(grid, "grid support disabled", &index);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Change `grid_enabled` with the configuration setting `grid-enabled` (src/config.c:2 "
            "sets `grid_enabled`): the check at line 2 raises this when `server.grid_enabled` is "
            "`0`");
  // A key that does not end with the member's name is not said to set it.
  Record e = Build(grid, "Stopped on", &index);
  for (const std::string& s : e.solutions) EXPECT_EQ(s.find("stop-on-error"), std::string::npos);
}

TEST(UserControl, COptionSetsTheFlagACheckReads) {
  SourceFile setopt{"lib/setopt.c",
                    "CURLcode setopt(struct Curl_easy *data, CURLoption option, long arg) {\n"
                    "  switch(option) {\n"                   // 2
                    "  case CURLOPT_FOLLOWLOCATION:\n"       // 3
                    "    data->set.followlocation = arg;\n"  // 4
                    "    break;\n"                           // 5
                    "  }\n"                                  // 6
                    "  return CURLE_OK;\n"                   // 7
                    "}\n"};
  SourceFile http{"lib/http.c",
                  "CURLcode follow(struct Curl_easy *data) {\n"               // 1
                  "  if(!data->set.followlocation) {\n"                       // 2
                  "    failf(data, \"Redirect to another host refused\");\n"  // 3
                  "    return CURLE_TOO_MANY_REDIRECTS;\n"                    // 4
                  "  }\n"                                                     // 5
                  "  return CURLE_OK;\n"                                      // 6
                  "}\n"};
  SetterIndex index = SetterIndex::Build({setopt, http});
  Record r = Build(http, "Redirect to another host", &index);
  EXPECT_NE(
      r.trigger_scenarios.find("`followlocation` is set by the option `CURLOPT_FOLLOWLOCATION` "
                               "(lib/setopt.c:4 sets `followlocation`)."),
      std::string::npos)
      << r.trigger_scenarios;
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_TRUE(r.solutions[0].starts_with(
      "Change `followlocation` with the option `CURLOPT_FOLLOWLOCATION` "
      "(lib/setopt.c:4 sets `followlocation`): the check at line 2 raises this when "))
      << r.solutions[0];
  EXPECT_EQ(r.provenance["solutions"], nlohmann::json({2, "lib/setopt.c:4"}));
}

TEST(UserControl, PythonConstructorArgumentOfTheSameClass) {
  SourceFile f{"pkg/session.py",
               "class Session:\n"                                             // 1
               "    def __init__(self, allow_redirects=True):\n"              // 2
               "        self.allow_redirects = allow_redirects\n"             // 3
               "\n"                                                           // 4
               "    def follow(self, url):\n"                                 // 5
               "        if not self.allow_redirects:\n"                       // 6
               "            raise RedirectError('redirects are disabled')\n"  // 7
               "        return url\n"};
  Record r = Build(f, "redirects are disabled");
  EXPECT_NE(r.trigger_scenarios.find("`allow_redirects` is set by the `allow_redirects` argument "
                                     "of `Session` (pkg/session.py:3 sets `allow_redirects`)."),
            std::string::npos)
      << r.trigger_scenarios;
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "Change `allow_redirects` with the `allow_redirects` argument of `Session` "
            "(pkg/session.py:3 sets `allow_redirects`): the check at line 6 raises this when "
            "`self.allow_redirects` is not set (false, empty or missing)");
}

TEST(UserControl, RubyConstantReadFromTheEnvironment) {
  SourceFile f{"lib/rack/parser.rb",
               "module Rack\n"                                                       // 1
               "  BUFFERED_PARTS = ENV.fetch('RACK_MULTIPART_BUFFERED_PARTS', 1)\n"  // 2
               "  def self.check(parts)\n"                                           // 3
               "    if parts.empty? && BUFFERED_PARTS == 0\n"                        // 4
               "      raise Error, 'buffering is disabled'\n"                        // 5
               "    end\n"                                                           // 6
               "  end\n"                                                             // 7
               "end\n"};
  Record r = Build(f, "buffering is disabled");
  EXPECT_NE(r.trigger_scenarios.find("`BUFFERED_PARTS` is read from the environment variable "
                                     "`RACK_MULTIPART_BUFFERED_PARTS` (read at "
                                     "lib/rack/parser.rb:2; default 1)."),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(UserControl, JavaSetterInTheSameFile) {
  SourceFile f{"src/main/java/acme/Client.java",
               "package acme;\n"                                                     // 1
               "public class Client {\n"                                             // 2
               "  private boolean strictHosts;\n"                                    // 3
               "  public Client strictHosts(boolean strictHosts) {\n"                // 4
               "    this.strictHosts = strictHosts;\n"                               // 5
               "    return this;\n"                                                  // 6
               "  }\n"                                                               // 7
               "  public void connect(String host) {\n"                              // 8
               "    if (this.strictHosts && host.isEmpty()) {\n"                     // 9
               "      throw new IllegalStateException(\"unknown host refused\");\n"  // 10
               "    }\n"                                                             // 11
               "  }\n"                                                               // 12
               "}\n"};
  Record r = Build(f, "unknown host refused");
  EXPECT_NE(r.trigger_scenarios.find(
                "`strictHosts` is set by `Client.strictHosts` (src/main/java/acme/Client.java:5 "
                "sets `strictHosts`)."),
            std::string::npos)
      << r.trigger_scenarios;
}

TEST(UserControl, LocalsCommonNamesAndOtherTypesAreNotNamed) {
  SetterIndex index;
  index.Add("src/a/Box.java",
            "public class Box {\n"
            "  public void setSize(int size) {\n"
            "    this.size = size;\n"
            "  }\n"
            "  public void setStrictMode(boolean strictMode) {\n"
            "    this.strictMode = strictMode;\n"
            "  }\n"
            "}\n");
  // A bare local of the same name is not the field.
  EXPECT_TRUE(UserControls("strictMode && x > 1", "src/a/Use.java", index).empty());
  // `size` is a field of too many types to name one setter.
  EXPECT_TRUE(UserControls("buf.size > 10", "src/a/Use.java", index).empty());
  // Another class's setter for the same field name, in another directory.
  EXPECT_TRUE(UserControls("this.strictMode", "src/b/Other.java", index).empty());
  // Read through a receiver that does not name the setter's class.
  EXPECT_TRUE(UserControls("ast.strictMode", "src/a/Use.java", index).empty());
  // Read through a receiver of that class in the same directory: named.
  std::vector<UserControl> c = UserControls("box.strictMode", "src/a/Use.java", index);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].way, "`Box.setStrictMode` (src/a/Box.java:6 sets `strictMode`)");
  EXPECT_EQ(c[0].source, "src/a/Box.java:6");
}

TEST(UserControl, StringLiteralsAndCallsAreNotRead) {
  SetterIndex index;
  index.Add("lib/opts.c",
            "switch(option) {\n"
            "case OPT_VERBOSE_LOG:\n"
            "  cfg->verbose_log = arg;\n"
            "  break;\n"
            "}\n");
  EXPECT_TRUE(UserControls("strcmp(s, \"cfg->verbose_log\")", "lib/x.c", index).empty());
  EXPECT_TRUE(UserControls("cfg->verbose_log(1)", "lib/x.c", index).empty());
  EXPECT_EQ(UserControls("cfg->verbose_log == 0", "src/x.c", index).size(), 1u);
}

TEST(UserControl, OptionLabelMustNameTheField) {
  SetterIndex index;
  index.Add("src/module.c",
            "switch(type) {\n"
            "case REDISMODULE_KSPEC_FK_OMITTED:\n"
            "  spec->fk.range.limit = 0;\n"
            "  break;\n"
            "}\n");
  // `limit` is assigned in a `case` whose label names something else.
  EXPECT_TRUE(UserControls("args->limit && args->trim == 0", "src/t_stream.c", index).empty());
  // A label that only contains the name: the field's value, not an option.
  index.Add("src/object.c",
            "switch(o->type) {\n"
            "case OBJ_ENCODING_INT:\n"
            "  o->encoding = 1;\n"
            "  break;\n"
            "}\n");
  EXPECT_TRUE(UserControls("o->encoding != OBJ_ENCODING_HT", "src/rdb.c", index).empty());
}

TEST(UserControl, CallInputsAndTheRaisingFunctionAreNotSettings) {
  SetterIndex index;
  index.Add("src/push.c",
            "int git_push_new(git_push **out, git_remote *remote) {\n"
            "  p->remote = remote;\n"
            "  return 0;\n"
            "}\n");
  index.Add("include/git2/push.h",
            "GIT_EXTERN(int) git_push_new(git_push **out, git_remote *r);\n");
  // Declared in an installed header: a public setter.
  EXPECT_EQ(UserControls("!push->remote", "src/push.c", index).size(), 1u);
  // Passed to a call: the call's result is what the check tests.
  EXPECT_TRUE(UserControls("!git_remote_connected(push->remote)", "src/push.c", index).empty());
  // The raising function itself assigns it after the check.
  EXPECT_TRUE(UserControls("!push->remote", "src/push.c", index, "git_push_new").empty());
  // A C function no installed header declares is internal.
  SetterIndex internal;
  internal.Add("src/networking.c",
               "void replaceClientArgv(client *c, robj **argv) {\n"
               "  c->argv = argv;\n"
               "}\n");
  EXPECT_TRUE(UserControls("c->argv == NULL", "src/cluster.c", internal).empty());
}

TEST(UserControl, AssertionHelpersAndPrivateClassesAreNotSetters) {
  SetterIndex index;
  index.Add("pkg/cand.py",
            "class _Candidate:\n"
            "    def __init__(self, version):\n"
            "        self._version = version\n");
  EXPECT_TRUE(UserControls("self._version is None", "pkg/cand.py", index).empty());
}

// A popt table in one file binds the global a check in another file reads:
// the user gave `--fsync` (rsync, nineteenth grading 42cd5890e1570ca4).
TEST(UserControl, PoptTableRowNamesTheCommandLineOption) {
  SourceFile options{"options.c",
                     "int do_fsync = 0;\n"                                              // 1
                     "static struct poptOption long_options[] = {\n"                    // 2
                     "  {\"verbose\",  'v', POPT_ARG_NONE,   0, 'v', 0, 0 },\n"         // 3
                     "  {\"fsync\",      0,  POPT_ARG_NONE,   &do_fsync, 0, 0, 0 },\n"  // 4
                     "  {0,0,0,0, 0, 0, 0}\n"                                           // 5
                     "};\n"};
  SourceFile util{"util1.c",
                  "int copy_file(const char *dest, int ofd) {\n"                 // 1
                  "  if (do_fsync && fsync(ofd) < 0) {\n"                        // 2
                  "    rsyserr(FERROR, errno, \"fsync failed on %s\", dest);\n"  // 3
                  "    return -1;\n"                                             // 4
                  "  }\n"                                                        // 5
                  "  return 0;\n"                                                // 6
                  "}\n"};
  SetterIndex index = SetterIndex::Build({options, util});
  Record r = Build(util, "fsync failed", &index);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Change `do_fsync` with the command-line option `--fsync` (options.c:4 sets "
            "`do_fsync`): the check at line 2 raises this when `do_fsync` is set and `fsync(ofd)` "
            "is less than `0`");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `copy_file` (util1.c) when `do_fsync` is set and `fsync(ofd)` is less "
            "than `0` (line 2). `do_fsync` is set by the command-line option `--fsync` "
            "(options.c:4 sets `do_fsync`).");
  // getopt_long's `struct option` rows bind a flag the same way.
  SetterIndex getopt;
  getopt.Add("main.c",
             "static struct option opts[] = {\n  {\"brief\", no_argument, &brief, 1},\n};\n");
  std::vector<Setter> found = getopt.Find("brief", "x.c");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name, "--brief");
  EXPECT_EQ(found[0].line, 2);
}

// gflags' DEFINE_ macros (and Abseil's ABSL_FLAG) define the `FLAGS_x` a
// check in another file reads: the user gave `--x` on the command line.
TEST(UserControl, GflagsDefinitionNamesTheCommandLineFlag) {
  SourceFile flags{"tools/stress_gflags.cc",
                   "DEFINE_bool(use_merge, false,\n"                                // 1
                   "            \"On true, replaces all writes with a Merge\");\n"  // 2
                   "ABSL_FLAG(int32_t, prefix_size, 7, \"Prefix length\");\n"       // 3
                   "DECLARE_bool(use_txn);\n"};                                     // 4
  SourceFile tool{"tools/stress_tool.cc",
                  "int stress_tool(int argc, char** argv) {\n"                 // 1
                  "  if (FLAGS_use_merge) {\n"                                 // 2
                  "    fprintf(stderr, \"Error: merge mode selected\\n\");\n"  // 3
                  "    exit(1);\n"                                             // 4
                  "  }\n"                                                      // 5
                  "  return 0;\n"                                              // 6
                  "}\n"};
  SetterIndex index = SetterIndex::Build({flags, tool});
  Record r = Build(tool, "merge mode selected", &index);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Change `FLAGS_use_merge` with the command-line flag `--use_merge` (`DEFINE_bool` at "
            "tools/stress_gflags.cc:1 defines `FLAGS_use_merge`): the check at line 2 raises this "
            "when `FLAGS_use_merge` is set");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `stress_tool` (tools/stress_tool.cc) when `FLAGS_use_merge` is set (line "
            "2). `FLAGS_use_merge` is set by the command-line flag `--use_merge` (`DEFINE_bool` at "
            "tools/stress_gflags.cc:1 defines `FLAGS_use_merge`).");
  std::vector<Setter> absl = index.Find("FLAGS_prefix_size", "x.cc");
  ASSERT_EQ(absl.size(), 1u);
  EXPECT_EQ(absl[0].name, "--prefix_size");
  EXPECT_EQ(absl[0].owner, "ABSL_FLAG");
  EXPECT_EQ(absl[0].line, 3);
  // A declaration is no definition; Python's absl `flags.DEFINE_bool` is
  // not C++.
  EXPECT_TRUE(index.Find("FLAGS_use_txn", "x.cc").empty());
  SetterIndex py;
  py.Add("main.py", "DEFINE_bool('fast', False, 'Go fast')\n");
  EXPECT_TRUE(py.Find("FLAGS_fast", "x.py").empty());
}

// An if-chain comparing such a flag with literals before the raise: the
// values it accepts, not the last comparison alone.
TEST(UserControl, GflagsChainNamesTheValues) {
  SourceFile flags{"tools/flags.cc", "DEFINE_string(cache_type, \"block_cache\", \"Cache\");\n"};
  SourceFile tool{"tools/bench.cc",
                  "int main(int argc, char** argv) {\n"
                  "  if (FLAGS_cache_type == \"block_cache\") {\n"
                  "    return 1;\n"
                  "  } else if (FLAGS_cache_type == \"volatile\") {\n"
                  "    return 2;\n"
                  "  } else if (FLAGS_cache_type == \"tiered\") {\n"
                  "    return 3;\n"
                  "  } else {\n"
                  "    fprintf(stderr, \"Unknown cache type\\n\");\n"
                  "    return -1;\n"
                  "  }\n"
                  "}\n"};
  SetterIndex index = SetterIndex::Build({flags, tool});
  Record r = Build(tool, "Unknown cache type", &index);
  ASSERT_EQ(r.solutions.size(), 1u) << r.solutions.back();
  EXPECT_EQ(r.solutions[0],
            "Give one of: `\"block_cache\"`, `\"volatile\"`, `\"tiered\"` as the command-line "
            "flag `--cache_type` (`DEFINE_string` at tools/flags.cc:1 defines `FLAGS_cache_type`; "
            "compared at lines 2–6; other values reach line 9)");
  EXPECT_EQ(r.trigger_scenarios,
            "Happens in `main` (tools/bench.cc) when none of its checks before line 9 matched: "
            "`FLAGS_cache_type` is not `\"block_cache\"` (line 2), `FLAGS_cache_type` is not "
            "`\"volatile\"` (line 4), `FLAGS_cache_type` is not `\"tiered\"` (line 6). "
            "`FLAGS_cache_type` is set by the command-line flag `--cache_type` (`DEFINE_string` at "
            "tools/flags.cc:1 defines `FLAGS_cache_type`).");
}

// A field read through `self` is set by its own class's constructor, not
// by another class of the same file with a field of that name (pydantic
// v1's FieldInfo and ModelPrivateAttr, twenty-seventh grading).
TEST(UserControl, OwnFieldIsSetByItsOwnClass) {
  SetterIndex index;
  index.Add("pydantic/fields.py",
            "class FieldInfo:\n"
            "    def __init__(self, default=None, **kwargs):\n"
            "        self.default_factory = kwargs.pop('default_factory', None)\n"
            "\n"
            "class ModelPrivateAttr:\n"
            "    def __init__(self, default=None, *, default_factory=None):\n"
            "        self.default_factory = default_factory\n");
  EXPECT_TRUE(UserControls("self.default_factory is not None", "pydantic/fields.py", index,
                           "FieldInfo._validate")
                  .empty());
  std::vector<UserControl> c = UserControls("self.default_factory is not None",
                                            "pydantic/fields.py", index, "ModelPrivateAttr.check");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_NE(c[0].way.find("ModelPrivateAttr"), std::string::npos) << c[0].way;
}

// nginx's QUIC parser sets fields from the peer's transport parameters in a
// `switch` over their ids (`case NGX_QUIC_TP_ACTIVE_CONNECTION_ID_LIMIT:`):
// those are no options a user sets (thirty-first grading, 7fd264c11a21d276).
TEST(UserControl, ACaseOfProtocolParameterIdsIsNoOption) {
  SourceFile transport{
      "src/event/quic/ngx_event_quic_transport.c",
      "static ngx_int_t parse_tp(ngx_quic_tp_t *dst, uint64_t id, uint64_t varint) {\n"
      "    switch (id) {\n"                                  // 2
      "    case NGX_QUIC_TP_ACTIVE_CONNECTION_ID_LIMIT:\n"   // 3
      "        dst->active_connection_id_limit = varint;\n"  // 4
      "        break;\n"                                     // 5
      "    }\n"                                              // 6
      "    return NGX_OK;\n"                                 // 7
      "}\n"};
  SourceFile quic{"src/event/quic/ngx_event_quic.c",
                  "ngx_int_t apply(ngx_quic_tp_t *ctp, ngx_quic_connection_t *qc) {\n"    // 1
                  "    if (ctp->active_connection_id_limit < 2) {\n"                      // 2
                  "        qc->error_reason = \"invalid active_connection_id_limit\";\n"  // 3
                  "        return NGX_ERROR;\n"                                           // 4
                  "    }\n"                                                               // 5
                  "    return NGX_OK;\n"                                                  // 6
                  "}\n"};
  SetterIndex index = SetterIndex::Build({transport, quic});
  Record r = Build(quic, "invalid active_connection_id_limit", &index);
  EXPECT_EQ(r.trigger_scenarios.find("option"), std::string::npos) << r.trigger_scenarios;
  for (const std::string& sol : r.solutions)
    EXPECT_EQ(sol.find("option"), std::string::npos) << sol;
}

}  // namespace
}  // namespace errdex
