// Origin advice: a checked local read from a command argument or a prompt
// names that input; from the library's own function, the advice says it is
// generic instead of sending users into internals (own fixtures).
#include "analyze/origin_advice.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "resolve/setter_index.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(OriginAdvice, Scans) {
  EXPECT_EQ(CommandInputOf("lookupNode(c->argv[4]->ptr, sdslen(c->argv[4]->ptr))"),
            "c->argv[4]->ptr");
  EXPECT_EQ(CommandInputOf("$input->getArgument('script')"), "$input->getArgument('script')");
  EXPECT_EQ(CommandInputOf("xstrdup(args_get(args, 'b'))"), "args_get(args, 'b')");
  EXPECT_EQ(CommandInputOf("parse(buf, len)"), "");
  EXPECT_EQ(PromptOf("trim((string) $this->io->askAndHideAnswer('Secret (hidden): '))"),
            "Secret (hidden): ");
  EXPECT_EQ(PromptOf("task(x)"), "");
  EXPECT_EQ(CallArguments("f(a->b, g(c, d), \"x,y\")"),
            (std::vector<std::string>{"a->b", "g(c, d)", "\"x,y\""}));
  std::vector<std::string_view> file = {"static long loadLen(rio *r) {", "}",
                                        "private function findProp($n) {"};
  EXPECT_TRUE(InternalCallee("loadLen(rdb,NULL)", "c", file, nullptr));
  EXPECT_FALSE(InternalCallee("fopen(path, \"r\")", "c", file, nullptr));
  EXPECT_TRUE(InternalCallee("$this->findProp($name)", "php", file, nullptr));
  EXPECT_FALSE(InternalCallee("$other->findProp($name)", "php", file, nullptr));
  EXPECT_TRUE(InternalCallee("self._get(url)", "python", file, nullptr));
  EXPECT_FALSE(InternalCallee("len(x)", "go", file, nullptr));
  SetterIndex index;
  index.Add("src/rdb.c", "long rdbReadLen(rio *r)\n{\n}\n");
  index.Add("include/api.h", "int api_read(int x);\n");
  index.Add("src/api.c", "int api_read(int x)\n{\n}\n");
  EXPECT_TRUE(InternalCallee("rdbReadLen(r)", "c", {}, &index));
  EXPECT_FALSE(InternalCallee("api_read(1)", "c", {}, &index));  // installed header declares it
}

TEST(OriginAdvice, InternalCallIsGenericNotAFix) {
  SourceFile f{"src/load.c",
               "static long readLen(rio *r) { return r->len; }\n"                      // 1
               "\n"                                                                    // 2
               "void *loadObject(rio *rdb) {\n"                                        // 3
               "    long n = readLen(rdb);\n"                                          // 4
               "    if (n == LENERR) {\n"                                              // 5
               "        reportReadError(\"Stream consumers num loading failed.\");\n"  // 6
               "        return NULL;\n"                                                // 7
               "    }\n"                                                               // 8
               "    return rdb;\n"                                                     // 9
               "}\n"};
  Record r = Build(f, "consumers num");
  // A reader of the function's argument: the data it carries (the user's
  // RDB file) decides, not the library (thirteenth grading).
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Check the input `rdb` carries (an argument of `loadObject`): `n` is "
                             "what `readLen(rdb)` (line 4) read from it, and the check at line 5 "
                             "raises this when `n` is `LENERR` (line 5)"}));
  // Only a value read from nothing the function was given is called the
  // library's state (okhttp's `parsePort(input, ..)` reads the URL the
  // caller gave: thirteenth grading).
  SourceFile g{"src/load.c",
               "static long readLen(void) { return state.len; }\n"                     // 1
               "\n"                                                                    // 2
               "void *loadObject(rio *rdb) {\n"                                        // 3
               "    long n = readLen();\n"                                             // 4
               "    if (n == LENERR) {\n"                                              // 5
               "        reportReadError(\"Stream consumers num loading failed.\");\n"  // 6
               "        return NULL;\n"                                                // 7
               "    }\n"                                                               // 8
               "    return rdb;\n"                                                     // 9
               "}\n"};
  r = Build(g, "consumers num");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_NE(r.solutions[0].find("that is the library's state, not a value you pass"),
            std::string::npos)
      << r.solutions[0];
}

TEST(OriginAdvice, CommandArgumentAndPromptAreWhatToChange) {
  SourceFile c{"src/node.c",
               "void forgetCommand(client *c) {\n"                                       // 1
               "    node *n = lookupNode(c->argv[2]->ptr);\n"                            // 2
               "    if (!n) {\n"                                                         // 3
               "        addReplyErrorFormat(c,\"Unknown node %s\", c->argv[2]->ptr);\n"  // 4
               "        return;\n"                                                       // 5
               "    }\n"                                                                 // 6
               "}\n"};
  Record r = Build(c, "Unknown node");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Check what the command was given as `c->argv[2]->ptr`: `n` is what "
            "`lookupNode(c->argv[2]->ptr)` (line 2) returned for it, and the check at line 3 "
            "raises this when `n` is not set (false, empty or missing) (line 3)");
  SourceFile php{
      "src/Auth.php",
      "<?php\n"                                                                                // 1
      "class Auth {\n"                                                                         // 2
      "    public function login() {\n"                                                        // 3
      "        $secret = trim((string) $this->io->askAndHideAnswer('Secret: '));\n"            // 4
      "        if (!$secret) {\n"                                                              // 5
      "            $this->io->writeError('<warning>No secret given, aborting.</warning>');\n"  // 6
      "            return false;\n"                                                            // 7
      "        }\n"                                                                            // 8
      "    }\n"                                                                                // 9
      "}\n"};
  Record p = Build(php, "No secret given");
  ASSERT_FALSE(p.solutions.empty());
  EXPECT_EQ(p.solutions.back(),
            "Answer the prompt \u201cSecret: \u201d (line 4) differently: the check at line 5 "
            "raises this when `$secret` is not set (false, empty or missing) (line 5), `$secret` "
            "being that answer");
}

TEST(OriginAdvice, ArgumentsPassedIntoTheCallAndEnvironmentHelpers) {
  SourceFile py{"lib/tree.py",
                "def entry_by_path(root, path):\n"                               // 1
                "    entry = _from_name(root, path)\n"                           // 2
                "    if entry is None:\n"                                        // 3
                "        raise KeyError(f\"the path {path} does not exist\")\n"  // 4
                "    return entry\n"};
  Record r = Build(py, "does not exist");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Check the `root`, `path` you pass to `entry_by_path`: `entry` is what "
            "`_from_name(root, path)` (line 2) returned for them, and the check at line 3 raises "
            "this when `entry` is missing (None) (line 3)");
  SourceFile php{
      "src/Config.php",
      "<?php\n"                                                                         // 1
      "class Config {\n"                                                                // 2
      "    public function blocking() {\n"                                              // 3
      "        $env = $this->getToolEnv('TOOL_BLOCKING');\n"                            // 4
      "        if ($env !== false) {\n"                                                 // 5
      "            throw new \\RuntimeException('Invalid value for TOOL_BLOCKING');\n"  // 6
      "        }\n"                                                                     // 7
      "    }\n"                                                                         // 8
      "    private function getToolEnv($name) { return getenv($name); }\n"              // 9
      "}\n"};
  Record p = Build(php, "Invalid value for");
  ASSERT_FALSE(p.solutions.empty());
  EXPECT_EQ(p.solutions.back(),
            "Check the environment variable `TOOL_BLOCKING` (read at line 4): the check at line 5 "
            "raises this when `$env` is not `false` (line 5), `$env` being what "
            "`$this->getToolEnv('TOOL_BLOCKING')` (line 4) returned");
}

TEST(OriginAdvice, SettingHandedToTheCall) {
  SourceFile setopt{"lib/setopt.c",
                    "CURLcode setopt(struct Curl_easy *data, CURLoption option, long arg) {\n"
                    "  switch(option) {\n"              // 2
                    "  case CURLOPT_TIMEVALUE:\n"       // 3
                    "    data->set.timevalue = arg;\n"  // 4
                    "    break;\n"                      // 5
                    "  }\n"                             // 6
                    "  return CURLE_OK;\n"              // 7
                    "}\n"};
  SourceFile ftp{"lib/ftp.c",
                 "static CURLcode since(struct Curl_easy *data) {\n"           // 1
                 "  CURLcode result = to_gmtime(data->set.timevalue, &tm);\n"  // 2
                 "  if(result) {\n"                                            // 3
                 "    failf(data, \"Invalid TIMEVALUE\");\n"                   // 4
                 "    return result;\n"                                        // 5
                 "  }\n"                                                       // 6
                 "  return CURLE_OK;\n"                                        // 7
                 "}\n"};
  SetterIndex index = SetterIndex::Build({setopt, ftp});
  Record r = Build(ftp, "Invalid TIMEVALUE", &index);
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Change `timevalue` with the option `CURLOPT_TIMEVALUE` (lib/setopt.c:4 sets "
            "`timevalue`): `result` is what `to_gmtime(data->set.timevalue, &tm)` (line 2) "
            "returned for it, and the check at line 3 raises this when `result` is set (line 3)");
}

TEST(OriginAdvice, RangeOfAValueReadFromTheCommandsArguments) {
  SourceFile f{"src/slots.c",
               "void slotCommand(client *c) {\n"                                           // 1
               "    long long slot;\n"                                                     // 2
               "    if (getLongLongFromObjectOrReply(c,c->argv[2],&slot,NULL) != C_OK)\n"  // 3
               "        return;\n"                                                         // 4
               "    if (slot < 0 || slot > 16383) {\n"                                     // 5
               "        addReplyError(c,\"Invalid slot\");\n"                              // 6
               "        return;\n"                                                         // 7
               "    }\n"                                                                   // 8
               "}\n"};
  Record r = Build(f, "Invalid slot");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions.back(),
            "Give the command arguments for which `slot` is at least `0` and `slot` is at most "
            "`16383` (checked at line 5; the values are read from the command's arguments at "
            "line 3)");
}

TEST(OriginAdvice, AnAllocationSizedFromArgcIsNoCommandArgument) {
  SourceFile f{"src/main.c",
               "int main(int argc, char **argv) {\n"                         // 1
               "    char **copy = malloc((argc + 1) * sizeof(*argv));\n"     // 2
               "    if (!copy) {\n"                                          // 3
               "        fprintf(stderr, \"Memory allocation error\\n\");\n"  // 4
               "        return 1;\n"                                         // 5
               "    }\n"                                                     // 6
               "    return 0;\n"                                             // 7
               "}\n"};
  Record r = Build(f, "Memory allocation error");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("the command was given"), std::string::npos) << s;
  }
}

// Not strictly an origin: a site that hands its text to a reporting call is
// decided by that call, not by what the function's callers pass.
TEST(OriginAdvice, ReportingCallDecidesNotTheCallers) {
  std::string src =
      "int signature_default(sig **out, repo *r)\n"           // 1
      "{\n"                                                   // 2
      "\treturn get_string(&name, r->cfg, \"user.name\");\n"  // 3
      "}\n";
  ErrorSite s;
  s.language = "c";
  s.file_path = "src/sig.c";
  s.function = "signature_default";
  s.function_line = 1;
  s.line = 3;
  s.message.AddLiteral("config value 'user.name' was not found");
  s.message_origin_note =
      "passed to `get_string()` (src/config.c:9) and on through `get_entry()`, "
      "`error_notfound()`, which raises it at src/errors.c:4";
  Record r = BuildRecord(s, SplitLines(src), {"acme/lib", "abc", "t"});
  EXPECT_EQ(r.trigger_scenarios,
            "The call to `get_string()` at line 3 reports it: it reads the setting `user.name` "
            "and reports this when the setting is not set.");
  // Handed straight to a reporter that raises every time: this line's
  // callers decide, as before.
  s.message_origin_note = "passed to `error_set()` (src/errors.c:3), which raises it";
  Record direct = BuildRecord(s, SplitLines(src), {"acme/lib", "abc", "t"});
  EXPECT_EQ(direct.trigger_scenarios.find("its own checks"), std::string::npos);
}

// A local handed to the library's own function (`value` parsed from what a
// helper process wrote, git's transport-helper) is not the library's state
// (twenty-seventh grading): the solution says what it returned for it.
TEST(OriginAdvice, LocalArgumentIsNotTheLibrarysState) {
  SourceFile f{"transport-helper.c",
               "static int hash_algo_by_name(const char *name) { return 0; }\n"    // 1
               "\n"                                                                // 2
               "static int get_refs(struct helper_data *data) {\n"                 // 3
               "    const char *value;\n"                                          // 4
               "    recvline(data, &buf);\n"                                       // 5
               "    if (skip_prefix(buf.buf, \":object-format \", &value)) {\n"    // 6
               "        int algo = hash_algo_by_name(value);\n"                    // 7
               "        if (algo == 0)\n"                                          // 8
               "            die(_(\"unsupported object format '%s'\"), value);\n"  // 9
               "    }\n"                                                           // 10
               "    return 0;\n"                                                   // 11
               "}\n"};
  Record r = Build(f, "unsupported object format");
  for (const std::string& s : r.solutions) {
    EXPECT_EQ(s.find("library's state"), std::string::npos) << s;
  }
}

}  // namespace
}  // namespace errdex
