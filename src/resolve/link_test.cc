// Link: messages assembled across functions, classes and files (issue 11),
// asserted on the exact composed message, the call-site line, the class and
// a rendering the pattern must match. Fixtures are small repositories held
// in memory: each file goes through its extractor's ExtractWithFacts, then
// the linker joins them, as the indexer does.
#include "resolve/link.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "errdex/extractor.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

// commander.js's shape: a message built in a local, passed to a method that
// hands it to another method that builds a CommanderError defined in
// another file (whose constructor passes it to Error).
TEST(Link, JsWrapperChainAcrossFilesToTheCallSite) {
  Linked r = Link({{"lib/error.js",
                    "export class CommanderError extends Error {\n"
                    "  constructor(exitCode, code, message) {\n"
                    "    super(message);\n"
                    "    this.code = code;\n"
                    "  }\n"
                    "}\n"},
                   {"lib/command.js",
                    "import { CommanderError } from './error.js';\n"
                    "export class Command {\n"
                    "  _exit(exitCode, code, message) {\n"
                    "    if (this._exitCallback) {\n"
                    "      this._exitCallback(new CommanderError(exitCode, code, message));\n"
                    "    }\n"
                    "    process.exit(exitCode);\n"
                    "  }\n"
                    "  error(message, errorOptions) {\n"
                    "    this._outputConfiguration.outputError(`${message}\\n`);\n"
                    "    const config = errorOptions || {};\n"
                    "    const exitCode = config.exitCode || 1;\n"
                    "    const code = config.code || 'commander.error';\n"
                    "    this._exit(exitCode, code, message);\n"
                    "  }\n"
                    "  unknownOption(flag) {\n"
                    "    let suggestion = '';\n"
                    "    const message = `error: unknown option '${flag}'${suggestion}`;\n"
                    "    this.error(message, { code: 'commander.unknownOption' });\n"
                    "  }\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("lib/command.js", 19, "error: unknown option '${flag}'${suggestion}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "CommanderError");
  EXPECT_EQ(s->error_code, "commander.unknownOption");
  EXPECT_EQ(s->function, "Command.unknownOption");
  EXPECT_FALSE(s->message_opaque);
  EXPECT_NE(s->message_origin_note.find("passed to `error()`"), std::string::npos)
      << s->message_origin_note;
  EXPECT_NE(s->message_origin_note.find("lib/error.js:3"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "error: unknown option '--colour' (Did you mean --color?)"));
  // The opaque wrapper site stays; nothing else is invented.
  EXPECT_EQ(r.At("lib/command.js", 5).size(), 1u);
  EXPECT_EQ(r.stats.sites_added, 1) << Dump(r);
}

// A sink whose own message is only its parameter (flask's
// `_CollectErrors.raise_any(message)`) is carried by its callers' records;
// its placeholder record ("{message}") is dropped once a call links.
TEST(Link, PlaceholderSinkSiteGoesWhenItsCallersCarryTheText) {
  Linked r = Link({{"src/flask/helpers.py",
                    "class _CollectErrors:\n"
                    "    def raise_any(self, message: str) -> None:\n"
                    "        if self.errors:\n"
                    "            raise BaseExceptionGroup(message, self.errors)\n"},
                   {"src/flask/app.py",
                    "from .helpers import _CollectErrors\n"
                    "def do_teardown_request(self):\n"
                    "    collect_errors = _CollectErrors()\n"
                    "    collect_errors.raise_any(\"Errors during request teardown\")\n"}});
  const ErrorSite* s = r.Find("src/flask/app.py", 4, "Errors during request teardown");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "BaseExceptionGroup");
  EXPECT_EQ(r.CountAt("src/flask/helpers.py", 4), 0) << Dump(r);
}

TEST(Link, JsExceptionClassComposesTheTextInAnotherFile) {
  Linked r = Link({{"src/errors.js",
                    "class ConfigError extends Error {\n"
                    "  constructor(key, reason) {\n"
                    "    super(`config key ${key}: ${reason}`);\n"
                    "  }\n"
                    "}\n"
                    "module.exports = { ConfigError };\n"},
                   {"src/load.js",
                    "const { ConfigError } = require('./errors');\n"
                    "function load(cfg) {\n"
                    "  if (typeof cfg.port !== 'number') {\n"
                    "    throw new ConfigError('port', 'must be a number');\n"
                    "  }\n"
                    "}\n"
                    "function later() {\n"
                    "  const err =\n"
                    "    new ConfigError('host', 'is required');\n"
                    "  return Promise.reject(err);\n"
                    "}\n"}});
  std::vector<const ErrorSite*> at = r.At("src/load.js", 4);
  ASSERT_EQ(at.size(), 1u) << Dump(r);  // the extractor's guess ('port') is replaced
  EXPECT_EQ(at[0]->message.Display(), "config key port: must be a number");
  EXPECT_EQ(at[0]->error_class, "ConfigError");
  EXPECT_EQ(at[0]->function, "load");
  ASSERT_EQ(at[0]->conditions.size(), 1u);
  EXPECT_TRUE(Matches(*at[0], "ConfigError: config key port: must be a number"));
  // A construction spanning lines: the site stays on its statement's line.
  std::vector<const ErrorSite*> multi = r.At("src/load.js", 8);
  ASSERT_EQ(multi.size(), 1u) << Dump(r);
  EXPECT_EQ(multi[0]->message.Display(), "config key host: is required");
  EXPECT_EQ(r.stats.sites_replaced, 2);
}

// webpack's RuleSetCompiler: `throw this.error(path, value, message)` where
// error() returns the Error, and recursive calls that only extend the path.
TEST(Link, ThrownFactoryCallsAndForwardedPaths) {
  Linked r =
      Link({{"lib/rules.js",
             "class Compiler {\n"
             "  error(path, value, message) {\n"
             "    return new Error(`Compiling failed: ${message} (at ${path}: ${value})`);\n"
             "  }\n"
             "  compile(path, cond) {\n"
             "    if (!Array.isArray(cond.or))\n"
             "      throw this.error(`${path}.or`, cond.or, 'Expected array of conditions');\n"
             "    this.compile(`${path}.or`, cond.or);\n"
             "  }\n"
             "}\n"}});
  std::vector<const ErrorSite*> at = r.At("lib/rules.js", 7);
  ASSERT_EQ(at.size(), 1u) << Dump(r);  // the guess `${path}.or` is replaced
  EXPECT_EQ(at[0]->message.Display(),
            "Compiling failed: Expected array of conditions (at ${path}.or: ${cond.or})");
  EXPECT_EQ(at[0]->error_class, "Error");
  EXPECT_TRUE(
      Matches(*at[0], "Compiling failed: Expected array of conditions (at ruleSet[0].or: x)"));
  EXPECT_TRUE(r.At("lib/rules.js", 8).empty()) << Dump(r);
}

TEST(Link, ConsoleErrorThenExitIsASink) {
  Linked r = Link({{"bin/util.js",
                    "function die(msg, code) {\n"
                    "  console.error('fatal: %s', msg);\n"
                    "  process.exit(code || 1);\n"
                    "}\n"
                    "function note(msg) {\n"
                    "  console.error(`note: ${msg}`);\n"
                    "}\n"
                    "module.exports = { die, note };\n"},
                   {"bin/cli.js",
                    "const { die, note } = require('./util');\n"
                    "if (!process.argv[2]) die(`missing config file, try --config`);\n"
                    "note('just a note here');\n"}});
  const ErrorSite* s = r.Find("bin/cli.js", 2, "fatal: missing config file, try --config");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->kind, SiteKind::kLog);
  EXPECT_TRUE(Matches(*s, "fatal: missing config file, try --config"));
  EXPECT_TRUE(r.At("bin/cli.js", 3).empty()) << Dump(r);  // no exit: not an error
}

TEST(Link, ValidatedArgumentsAreNotMessages) {
  // `hook('preAction', fn)` passes a value the sink checks: not an error.
  Linked r =
      Link({{"lib/hooks.js",
             "function hook(event, listener) {\n"
             "  const allowed = ['preAction', 'postAction'];\n"
             "  if (!allowed.includes(event)) {\n"
             "    throw new Error(`Unexpected value for event passed to hook : '${event}'`);\n"
             "  }\n"
             "}\n"
             "hook('preAction', () => {});\n"
             "function encode(encoding) {\n"
             "  switch (encoding) {\n"
             "    case 'base64': return 1;\n"
             "    default: throw new Error(`Unsupported encoding '${encoding}'`);\n"
             "  }\n"
             "}\n"
             "function gen(e) {\n"
             "  let encoding = e;\n"
             "  if (encoding === undefined) encoding = 'base64';\n"
             "  return encode(encoding);\n"
             "}\n"},
            {"lib/check.py",
             "def check_port(port):\n"
             "    if port not in (80, 443):\n"
             "        raise ValueError(f\"unsupported port {port}\")\n"
             "\n"
             "check_port('80')\n"}});
  EXPECT_TRUE(r.At("lib/hooks.js", 7).empty()) << Dump(r);
  EXPECT_TRUE(r.At("lib/check.py", 5).empty()) << Dump(r);
  // A local holding a word is a value the switch checks, not a message.
  EXPECT_TRUE(r.At("lib/hooks.js", 17).empty()) << Dump(r);
  EXPECT_EQ(r.stats.sites_added, 0);
}

TEST(Link, TsWrapperFunctionAndMessagePropertyClassAcrossFiles) {
  Linked r = Link({{"src/errors.ts",
                    "export class UsageError extends Error {\n"
                    "  constructor(public detail: string) {\n"
                    "    super();\n"
                    "    this.message = `usage: ${detail}`;\n"
                    "  }\n"
                    "}\n"},
                   {"src/fail.ts",
                    "import { UsageError } from './errors';\n"
                    "export function fail(msg: string, hint?: string): never {\n"
                    "  throw new UsageError(`${msg} (try --help)`);\n"
                    "}\n"},
                   {"src/cli.ts",
                    "import { fail } from './fail';\n"
                    "export function parse(argv: string[]): void {\n"
                    "  const name: string = argv[0];\n"
                    "  if (!name) fail('missing command');\n"
                    "  fail(`unknown command ${name}`);\n"
                    "}\n"}});
  const ErrorSite* a = r.Find("src/cli.ts", 4, "usage: missing command (try --help)");
  ASSERT_NE(a, nullptr) << Dump(r);
  EXPECT_EQ(a->error_class, "UsageError");
  EXPECT_EQ(a->language, "typescript");
  EXPECT_EQ(a->function, "parse");
  const ErrorSite* b = r.Find("src/cli.ts", 5, "usage: unknown command ${name} (try --help)");
  ASSERT_NE(b, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*b, "UsageError: usage: unknown command deploy (try --help)"));
}

TEST(Link, JsTransitiveWrappersComposePrefixes) {
  Linked r = Link({{"lib/a.js",
                    "function raw(m) {\n"
                    "  throw new Error(`B(${m})`);\n"
                    "}\n"
                    "function wrap(what, m) {\n"
                    "  raw('A: ' + m + ' in ' + what);\n"
                    "}\n"
                    "module.exports = { wrap };\n"},
                   {"lib/b.js",
                    "const { wrap } = require('./a');\n"
                    "function go(x) {\n"
                    "  const m = 'bad ' + x;\n"
                    "  wrap('go', m);\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("lib/b.js", 4, "B(A: bad ${x} in go)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "Error");
  EXPECT_NE(s->message_origin_note.find("`raw()`"), std::string::npos) << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "B(A: bad 42 in go)"));
}

TEST(Link, AmbiguousNamesWithDifferentTemplatesAreSkippedOwnFileFirst) {
  Linked r = Link({{"a/x.js", "function fail(m) { throw new Error('x: ' + m); }\n"},
                   {"b/y.js", "function fail(m) { throw new Error('y: ' + m); }\n"},
                   {"c/z.js", "fail('from z');\n"},
                   {"d/w.js",
                    "function fail(m) { throw new TypeError('w: ' + m); }\n"
                    "fail('from w');\n"}});
  EXPECT_TRUE(r.At("c/z.js", 1).empty()) << Dump(r);
  const ErrorSite* w = r.Find("d/w.js", 2, "w: from w");
  ASSERT_NE(w, nullptr) << Dump(r);
  EXPECT_EQ(w->error_class, "TypeError");
  // Platform receivers never reach a repository sink.
  Linked c = Link({{"a/x.js", "function error(m) { throw new Error('x: ' + m); }\n"},
                   {"b/y.js", "console.error('not ours');\n"}});
  EXPECT_TRUE(c.At("b/y.js", 1).empty()) << Dump(c);
  // `fs.relative(a, b)` inside the free function `relative` is the file
  // system's method, not a recursive call.
  Linked f = Link({{"lib/fs.js",
                    "const relative = (fs, rootPath, targetPath) => {\n"
                    "  if (fs.relative) return fs.relative(rootPath, targetPath);\n"
                    "  throw new Error(`${rootPath} is not a path`);\n"
                    "};\n"
                    "module.exports = { relative };\n"},
                   {"lib/use.js",
                    "const { relative } = require('./fs');\n"
                    "const p = relative(outputFs, `/${ctx}`, `/${filename}`);\n"}});
  ASSERT_EQ(f.At("lib/use.js", 2).size(), 1u) << Dump(f);
  EXPECT_EQ(f.At("lib/use.js", 2)[0]->message.Display(), "/${ctx} is not a path");
}

TEST(Link, PythonHelperInAnotherFile) {
  Linked r = Link({{"pkg/helpers.py",
                    "class UsageError(Exception):\n"
                    "    pass\n"
                    "\n"
                    "def fail(message, code=2):\n"
                    "    raise UsageError(f\"usage: {message}\")\n"
                    "\n"
                    "class Context:\n"
                    "    def abort_with(self, reason):\n"
                    "        raise RuntimeError(\"aborted: \" + reason)\n"},
                   {"pkg/cli.py",
                    "from .helpers import fail\n"
                    "\n"
                    "def main(argv, ctx):\n"
                    "    if not argv:\n"
                    "        fail(\"no command given\")\n"
                    "    name = argv[0]\n"
                    "    fail(f\"no such command {name!r}\", code=3)\n"
                    "    ctx.abort_with(\"%s is read-only\" % name)\n"}});
  const ErrorSite* a = r.Find("pkg/cli.py", 5, "usage: no command given");
  ASSERT_NE(a, nullptr) << Dump(r);
  EXPECT_EQ(a->error_class, "UsageError");
  EXPECT_EQ(a->function, "main");
  ASSERT_FALSE(a->conditions.empty());
  EXPECT_EQ(a->conditions[0].expr, "not argv");
  const ErrorSite* b = r.Find("pkg/cli.py", 7, "usage: no such command {name!r}");
  ASSERT_NE(b, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*b, "UsageError: usage: no such command 'deploy'"));
  const ErrorSite* c = r.Find("pkg/cli.py", 8, "aborted: %s is read-only");
  ASSERT_NE(c, nullptr) << Dump(r);
  EXPECT_EQ(c->error_class, "RuntimeError");
}

// pytest's `fail: _Fail = _Fail()`: a module-level instance whose class's
// `__call__` raises is a sink called by the instance's name, here with a
// message built by `.format` on a multi-line local.
TEST(Link, PythonCallableInstanceInAnotherFile) {
  Linked r =
      Link({{"pkg/outcomes.py",
             "class Failed(Exception):\n"
             "    pass\n"
             "\n"
             "class _Fail:\n"
             "    def __call__(self, reason: str = \"\", pytrace: bool = True):\n"
             "        raise Failed(msg=reason, pytrace=pytrace)\n"
             "\n"
             "fail: _Fail = _Fail()\n"},
            {"pkg/config.py",
             "from pkg.outcomes import fail\n"
             "\n"
             "def check(mod, path, rootdir):\n"
             "    if hasattr(mod, \"plugins\"):\n"
             "        msg = (\n"
             "            \"Defining plugins in a conftest is no longer supported:\\n\"\n"
             "            \"Please move it to a top level conftest file at the rootdir:\\n\"\n"
             "            \"  {}\\n\"\n"
             "        )\n"
             "        fail(msg.format(rootdir), pytrace=False)\n"}});
  const ErrorSite* a = r.Find("pkg/config.py", 10,
                              "Defining plugins in a conftest is no longer supported:\nPlease move "
                              "it to a top level conftest file at the rootdir:\n  {}\n");
  ASSERT_NE(a, nullptr) << Dump(r);
  EXPECT_EQ(a->error_class, "Failed");
  EXPECT_EQ(a->function, "check");
}

TEST(Link, PythonExceptionClassComposesTheTextInAnotherFile) {
  Linked r = Link({{"app/errors.py",
                    "class BadKey(Exception):\n"
                    "    def __init__(self, key):\n"
                    "        super().__init__(f\"bad key {key!r}\")\n"},
                   {"app/config.py",
                    "from app import errors\n"
                    "\n"
                    "def check(cfg):\n"
                    "    if \"port\" not in cfg:\n"
                    "        raise errors.BadKey(\"port\")\n"}});
  std::vector<const ErrorSite*> at = r.At("app/config.py", 5);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->message.Display(), "bad key 'port'");
  EXPECT_EQ(at[0]->error_class, "BadKey");
  EXPECT_EQ(at[0]->function, "check");
  EXPECT_TRUE(Matches(*at[0], "app.errors.BadKey: bad key 'port'"));
  EXPECT_NE(at[0]->message_origin_note.find("app/errors.py:3"), std::string::npos)
      << at[0]->message_origin_note;
}

TEST(Link, PythonTransitiveMethodWrapper) {
  Linked r = Link({{"tool/base.py",
                    "class Command:\n"
                    "    def fail(self, message):\n"
                    "        raise SystemExit(\"error: \" + message)\n"
                    "\n"
                    "    def bad_param(self, name, why):\n"
                    "        self.fail(f\"invalid value for {name}: {why}\")\n"},
                   {"tool/run.py",
                    "class Run(Command):\n"
                    "    def check(self, n):\n"
                    "        if n < 0:\n"
                    "            self.bad_param(\"--count\", \"must be positive\")\n"}});
  const ErrorSite* s =
      r.Find("tool/run.py", 4, "error: invalid value for --count: must be positive");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "SystemExit");
  EXPECT_EQ(s->function, "Run.check");
}

TEST(Link, HostileRecursionAndDeepChainsFinishQuickly) {
  auto started = std::chrono::steady_clock::now();
  // Mutually recursive wrappers.
  Linked r = Link({{"m.js",
                    "function a(m) { if (m.length > 3) b('a' + m); throw new Error('a: ' + m); }\n"
                    "function b(m) { a('b' + m); }\n"
                    "a('start');\n"}});
  EXPECT_NE(r.Find("m.js", 3, "a: start"), nullptr) << Dump(r);
  // A 10,000-deep chain: f0 raises, f<i> calls f<i-1>. Followed 8 deep.
  std::string js = "function f0(m) { throw new Error('deep: ' + m); }\n";
  std::string py = "def f0(m):\n    raise ValueError('deep: ' + m)\n";
  for (int i = 1; i < 10000; ++i) {
    js += "function f" + std::to_string(i) + "(m) { f" + std::to_string(i - 1) + "(m); }\n";
    py += "def f" + std::to_string(i) + "(m):\n    f" + std::to_string(i - 1) + "(m)\n";
  }
  js += "f3('near');\nf9999('far');\n";
  py += "f3('near')\nf9999('far')\n";
  Linked d = Link({{"deep.js", js}, {"deep.py", py}});
  EXPECT_EQ(d.Count("deep: near"), 2) << d.stats.derived_sinks;
  EXPECT_EQ(d.Count("deep: far"), 0);
  EXPECT_LE(d.stats.derived_sinks, 2 * kMaxLinkDepth);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_LT(seconds, 10.0);
}

TEST(Link, SubstituteQuotesReprHoles) {
  Template sink;
  sink.AddLiteral("bad key ");
  sink.AddHole("{key!r}", "key");
  sink.AddLiteral(" in ");
  sink.AddHole("{where}", "where");
  Template arg;
  arg.AddLiteral("port");
  bool substituted = false, text = false;
  Template out = SubstituteParams(sink, {"key", "where"}, {&arg, nullptr}, &substituted, &text);
  EXPECT_TRUE(substituted);
  EXPECT_TRUE(text);
  EXPECT_EQ(out.Display(), "bad key 'port' in {where}");
}

// pip's InstallationSubprocessError composes its message from keyword-only
// arguments; the call passes values only (no text, no parameter of the
// caller), built into a local that is raised later. The raise gets the
// class's text with the call's values as holes.
TEST(Link, PythonConstructorFromValuesOnly) {
  Linked r = Link({{"src/pip/exceptions.py",
                    "class InstallationSubprocessError(Exception):\n"
                    "    def __init__(self, *, command_description, exit_code):\n"
                    "        super().__init__(\n"
                    "            f\"{command_description} did not run successfully.\\n\"\n"
                    "            f\"exit code: {exit_code}\"\n"
                    "        )\n"},
                   {"src/pip/subprocess.py",
                    "from pip.exceptions import InstallationSubprocessError\n"
                    "\n"
                    "def call_subprocess(cmd, command_desc):\n"
                    "    proc = run(cmd)\n"
                    "    if proc.returncode:\n"
                    "        error = InstallationSubprocessError(\n"
                    "            command_description=command_desc,\n"
                    "            exit_code=proc.returncode,\n"
                    "        )\n"
                    "        log(error)\n"
                    "        raise error\n"}});
  std::vector<const ErrorSite*> at = r.At("src/pip/subprocess.py", 11);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "InstallationSubprocessError");
  EXPECT_EQ(at[0]->message.Display(),
            "{command_desc} did not run successfully.\nexit code: {proc.returncode}");
  EXPECT_TRUE(Matches(*at[0], "python setup.py egg_info did not run successfully.\nexit code: 1"));
}

}  // namespace
}  // namespace errdex
