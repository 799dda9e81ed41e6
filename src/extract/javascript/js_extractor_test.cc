// JavaScript/TypeScript extractor: every idiom of issue 6, asserted on the
// exact message, line, class, error code, status and pattern a user will see.
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

std::vector<ErrorSite> Extract(const std::string& code, const std::string& path = "lib/mod.js") {
  return ExtractFile(path, code);
}

TEST(JsExtractor, ThrowNewWithTemplateLiteral) {
  auto sites = Extract(
      "function load(name, opts) {\n"
      "  // Only JSON configs are supported.\n"
      "  if (!name.endsWith('.json')) {\n"
      "    throw new TypeError(`config ${name} must be JSON, got \\`${opts.kind}\\``);\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.message.Display(), "config ${name} must be JSON, got `${opts.kind}`");
  EXPECT_EQ(s.message.Pattern(), "config ([\\s\\S]*?) must be JSON, got `([\\s\\S]*?)`");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"name", "opts.kind"}));
  EXPECT_EQ(s.error_class, "TypeError");
  EXPECT_EQ(s.line, 4);
  EXPECT_EQ(s.language, "javascript");
  EXPECT_EQ(s.function, "load");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "!name.endsWith('.json')");
  EXPECT_TRUE(s.conditions[0].polarity);
  ASSERT_FALSE(s.notes.empty());
}

// node-gyp's find-python banner: a local holding an array literal joined
// with '\n', logged at error level inside a template string. The record
// carries every line of the banner, the ternary's value as a hole.
// A TypeScript enum of messages (after ts-jest's messages.ts, a fixture
// written for this test): each member with sentence text is a record at its
// line, `{{name}}` places are holes; a deprecation enum's are warnings, and
// an enum not named for messages is not read.
TEST(JsExtractor, TypeScriptMessageEnumMembersAreRecords) {
  auto sites = Extract(
      "export const enum Errors {\n"
      "  FileNotFound = 'File not found: {{inputPath}} (resolved as: {{resolvedPath}})',\n"
      "  Diagnostics = '{{diagnostics}}',\n"
      "}\n"
      "export const enum Deprecations {\n"
      "  ConfigOption = `The option {{name}} is deprecated and will be removed.`,\n"
      "}\n"
      "export enum Color { Red = 'light red colour', Blue = 'deep blue colour' }\n",
      "src/utils/messages.ts");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].severity, "error");
  EXPECT_TRUE(Matches(sites[0], "File not found: /a/b.ts (resolved as: /a/b.ts)"));
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_EQ(sites[1].kind, SiteKind::kWarning);
  EXPECT_TRUE(Matches(sites[1], "The option isolatedModules is deprecated and will be removed."));
}

// Node's callback convention: text handed to the function's callback is
// its error (node-sass's download()); a result handed to it is not.
TEST(JsExtractor, TextPassedToTheCallbackIsItsError) {
  auto sites = Extract(
      "var eol = require('os').EOL;\n"
      "function download(url, dest, cb) {\n"
      "  var reportError = function(err) {\n"
      "    cb(['Cannot download \"', url, '\": ', eol, err].join(''));\n"
      "  };\n"
      "  fetch(url).then(function () { cb('ok') }).catch(reportError);\n"
      "}\n"
      "function other(done) { done('Download complete'); }\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message.Display(), "Cannot download \"${url}\": \n${err}");
}

TEST(JsExtractor, ArrayLiteralJoinedIsItsLinesText) {
  auto sites = Extract(
      "class PythonFinder {\n"
      "  fail () {\n"
      "    const errorLog = this.errorLog.join('\\n')\n"
      "    const pathExample = this.win ? 'C:\\\\Path\\\\To\\\\python.exe' : '/path/to/python'\n"
      "    const info = [\n"
      "      'You need to install the latest version of Python.',\n"
      "      `- Use the switch --python=\"${pathExample}\"`,\n"
      "      '- Set the environment variable PYTHON'\n"
      "    ].join('\\n')\n"
      "    this.log.error(`\\n${errorLog}\\n\\n${info}\\n`)\n"
      "    throw new Error('Could not find any Python installation to use')\n"
      "  }\n"
      "}\n");
  const ErrorSite* banner = nullptr;
  for (const ErrorSite& s : sites) {
    if (s.line == 10) banner = &s;
  }
  ASSERT_NE(banner, nullptr);
  EXPECT_NE(banner->message.Display().find("You need to install the latest version of Python.\n"
                                           "- Use the switch --python=\""),
            std::string::npos)
      << banner->message.Display();
  EXPECT_NE(banner->message.Display().find("\"\n- Set the environment variable PYTHON"),
            std::string::npos)
      << banner->message.Display();
}

TEST(JsExtractor, ConcatenationStringsAndThrowWithoutNew) {
  auto sites = Extract(
      "const f = (n) => {\n"
      "  if (n < 0) return;\n"
      "  throw Error('expected ' + n + \" items, \\u00e9\\n\" + 'done');\n"
      "};\n"
      "throw 'plain ' + String(x);\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "expected ${n} items, \xC3\xA9\ndone");
  EXPECT_EQ(sites[0].error_class, "Error");
  EXPECT_EQ(sites[0].function, "f");
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "n < 0");
  EXPECT_FALSE(sites[0].conditions[0].polarity);
  EXPECT_EQ(sites[1].message.Display(), "plain ${String(x)}");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"x"}));
  EXPECT_EQ(sites[1].line, 5);
}

TEST(JsExtractor, UtilFormatAndVariables) {
  auto sites = Extract(
      "const util = require('util');\n"
      "const PREFIX = 'db: ';\n"
      "function q(a, b, c) {\n"
      "  let msg = util.format('bad %s at %d (100%%)', a, b, c);\n"
      "  msg += '; retry';\n"
      "  throw new RangeError(PREFIX + msg);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "db: bad %s at %d (100%) ${c}; retry");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(sites[0].line, 6);
}

// `+=` in branches: one message per path (an if/else-if/else chain is one
// choice, an if without else may add nothing, a loop is a hole), not every
// append in source order.
TEST(JsExtractor, AppendsInBranchesArePaths) {
  auto sites = Extract(
      "function parseError(source, err, loaders, lines) {\n"
      "  let message = `Module parse failed: ${err.message}`;\n"
      "  if (isWasm(source)) {\n"
      "    message += '\\nThe module seems to be WebAssembly.';\n"
      "  } else {\n"
      "    message += `\\nFile was parsed as module type '${source.type}'.`;\n"
      "    if (!loaders) {\n"
      "      message += '\\nYou may need an appropriate loader to handle this file type.';\n"
      "    } else if (loaders.length >= 1) {\n"
      "      message += '\\nYou may need an additional loader.';\n"
      "    } else {\n"
      "      message += '\\nYou may need an appropriate loader, no loaders are configured.';\n"
      "    }\n"
      "  }\n"
      "  for (const l of lines) message += `\\n| ${l}`;\n"
      "  throw new Error(message);\n"
      "}\n"
      "function cast(model, kind) {\n"
      "  let ret = 'Cast to ' + kind + ' failed';\n"
      "  if (model != null) {\n"
      "    ret += ' for model \"' + model.modelName + '\"';\n"
      "  }\n"
      "  ret += '.';\n"
      "  throw new TypeError(ret);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 6u) << ::testing::PrintToString(Messages(sites));
  std::vector<std::string> first;
  for (const ErrorSite& s : sites) {
    if (s.line == 16) first.push_back(s.message.Display());
  }
  EXPECT_EQ(first, (std::vector<std::string>{
                       "Module parse failed: ${err.message}\nThe module seems to be "
                       "WebAssembly.${message}",
                       "Module parse failed: ${err.message}\nFile was parsed as module type "
                       "'${source.type}'.\nYou may need an appropriate loader to handle this file "
                       "type.${message}",
                       "Module parse failed: ${err.message}\nFile was parsed as module type "
                       "'${source.type}'.\nYou may need an additional loader.${message}",
                       "Module parse failed: ${err.message}\nFile was parsed as module type "
                       "'${source.type}'.\nYou may need an appropriate loader, no loaders are "
                       "configured.${message}"}))
      << ::testing::PrintToString(Messages(sites));
  const ErrorSite* none = nullptr;
  for (const ErrorSite& s : sites) {
    if (s.line == 24 && s.message.Display() == "Cast to ${kind} failed.") none = &s;
  }
  ASSERT_NE(none, nullptr) << ::testing::PrintToString(Messages(sites));
  EXPECT_TRUE(Matches(*none, "Cast to ObjectId failed."));
  bool with_model = false;
  for (const ErrorSite& s : sites) {
    with_model |= s.line == 24 && Matches(s, "Cast to ObjectId failed for model \"User\".");
  }
  EXPECT_TRUE(with_model) << ::testing::PrintToString(Messages(sites));
}

// Hostile nesting: hundreds of nested ifs appending to one local end in
// bounded time with a capped number of messages.
TEST(JsExtractor, DeeplyNestedAppendsAreBounded) {
  std::string code = "function f(a) {\n  let m = 'error: start';\n";
  for (int i = 0; i < 250; ++i) code += "if (a > " + std::to_string(i) + ") { m += ' x'; ";
  for (int i = 0; i < 250; ++i) code += "}";
  code += "\n  throw new Error(m);\n}\n";
  auto sites = Extract(code);
  EXPECT_GE(sites.size(), 1u);
  EXPECT_LE(sites.size(), 8u);
}

TEST(JsExtractor, ErrorBuiltThenThrownWithCode) {
  auto sites = Extract(
      "function open(p) {\n"
      "  const err = new Error(`cannot open ${p}`);\n"
      "  err.code = 'ERR_OPEN';\n"
      "  err.status = 404;\n"
      "  throw err;\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "cannot open ${p}");
  EXPECT_EQ(sites[0].error_code, "ERR_OPEN");
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].line, 2);
}

TEST(JsExtractor, CodesFromPropertiesConstantsAndNodeClasses) {
  auto sites = Extract(
      "throw new AxiosError('Request failed with status code ' + status, "
      "AxiosError.ERR_BAD_REQUEST);\n"
      "throw new SystemError('socket hung up', { code: 'ECONNRESET' });\n"
      "throw new ERR_INVALID_ARG_TYPE('name', 'string', value);\n"
      "return Promise.reject(new CanceledError('canceled'));\n",
      "lib/core.ts");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].error_code, "ERR_BAD_REQUEST");
  EXPECT_EQ(sites[0].message.Display(), "Request failed with status code ${status}");
  EXPECT_EQ(sites[0].language, "typescript");
  EXPECT_EQ(sites[1].error_code, "ECONNRESET");
  EXPECT_EQ(sites[1].message.Display(), "socket hung up");
  EXPECT_EQ(sites[2].error_code, "ERR_INVALID_ARG_TYPE");
  EXPECT_EQ(sites[2].error_class, "ERR_INVALID_ARG_TYPE");
  EXPECT_EQ(sites[3].error_class, "CanceledError");
  EXPECT_EQ(sites[3].message.Display(), "canceled");
  EXPECT_EQ(sites[3].line, 4);
}

TEST(JsExtractor, FactoriesAndHttpResponses) {
  auto sites = Extract(
      "app.get('/u/:id', (req, res) => {\n"
      "  if (!user) {\n"
      "    return res.status(404).json({ error: `user ${req.params.id} not found` });\n"
      "  }\n"
      "  res.status(500).send('boom');\n"
      "  res.sendStatus(403);\n"
      "  throw createError(409, 'already exists');\n"
      "  throw Boom.badRequest('invalid payload');\n"
      "  res.status(200).json({ ok: true });\n"
      "});\n",
      "src/app.tsx");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].message.Display(), "user ${req.params.id} not found");
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[1].message.Display(), "boom");
  EXPECT_EQ(sites[1].http_status, 500);
  EXPECT_EQ(sites[2].message.Display(), "Forbidden");
  EXPECT_TRUE(sites[2].message_opaque);
  EXPECT_EQ(sites[3].message.Display(), "already exists");
  EXPECT_EQ(sites[3].http_status, 409);
  EXPECT_EQ(sites[4].http_status, 400);
  EXPECT_EQ(sites[4].message.Display(), "invalid payload");
}

TEST(JsExtractor, TypeScriptClassMethodAndCatch) {
  auto sites = Extract(
      "export class Store<T> {\n"
      "  /** Reads one key. */\n"
      "  get(key: string): T {\n"
      "    try {\n"
      "      return this.m.get(key)!;\n"
      "    } catch (e: unknown) {\n"
      "      throw new StoreError(`missing key ${key as string}`, { cause: e });\n"
      "    }\n"
      "  }\n"
      "}\n",
      "src/store.ts");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].function, "Store.get");
  EXPECT_EQ(sites[0].message.Display(), "missing key ${key as string}");
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "catch (e: unknown)");
}

TEST(JsExtractor, RethrowsAndNonErrorsAreNotSites) {
  auto sites = Extract(
      "try { f(); } catch (e) { throw e; }\n"
      "const m = new Map();\n"
      "class MyError extends Error {}\n"
      "throw wrap(err);\n");
  EXPECT_TRUE(sites.empty());
}

TEST(JsExtractor, SkipsDeclarationFiles) {
  EXPECT_EQ(ExtractorFor("types/index.d.ts"), nullptr);
  EXPECT_NE(ExtractorFor("src/a.mjs"), nullptr);
}

// A message template module (eslint's messages/*.js, printed by template
// name): each returned text, and each text value of a table, is a site,
// without the line breaks around the block; keys and names are not.
TEST(JsExtractor, MessageTemplateModules) {
  auto sites = Extract(
      "\"use strict\";\n"
      "module.exports = function (it) {\n"
      "\tconst { pattern } = it;\n"
      "\treturn `\n"
      "No files matching the pattern \"${pattern}\" were found.\n"
      "Please check for typing mistakes in the pattern.\n"
      "`.trimStart();\n"
      "};\n",
      "messages/file-not-found.js");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].message.Display(),
            "No files matching the pattern \"${pattern}\" were found.\n"
            "Please check for typing mistakes in the pattern.");
  sites = Extract(
      "const messages = {\n"
      "\tenv: `\n"
      "A config object is using the \"env\" key, which is not supported.\n"
      "`,\n"
      "\tkind: `env`,\n"
      "};\n"
      "module.exports = function ({ key }) { return messages[key]; };\n",
      "messages/eslintrc-incompat.js");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 2);
  // Elsewhere the same code is not a message.
  EXPECT_TRUE(Extract("module.exports = () => { return `No files matching ${p} were found`; };\n",
                      "lib/util.js")
                  .empty());
}

// `this.error(..)` in a hook of a plugin object (Rollup/Vite): the plugin
// context throws with that text; not in a class, whose own `error` method
// the linker follows.
TEST(JsExtractor, PluginContextErrors) {
  auto sites = Extract(
      "export function importAnalysisPlugin(config) {\n"
      "  return {\n"
      "    name: 'vite:import-analysis',\n"
      "    async transform(source, importer) {\n"
      "      const normalizeUrl = async (url, pos) => {\n"
      "        if (!resolved) {\n"
      "          return this.error(\n"
      "            `Failed to resolve import \"${url}\" from \"${importer}\". Does the file "
      "exist?`,\n"
      "            pos,\n"
      "          )\n"
      "        }\n"
      "      }\n"
      "      this.warn('Default and named imports from CSS files are deprecated.')\n"
      "    },\n"
      "  }\n"
      "}\n"
      "class Command {\n"
      "  parse(arg) { this.error(`unknown option '${arg}'`) }\n"
      "}\n",
      "src/node/plugins/importAnalysis.ts");
  ASSERT_EQ(sites.size(), 2u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].message.Display(),
            "Failed to resolve import \"${url}\" from \"${importer}\". Does the file exist?");
  EXPECT_EQ(sites[1].line, 13);
  EXPECT_EQ(sites[1].kind, SiteKind::kWarning);
}

// A local given its text in branches, then thrown (eslint's
// throwRuleNotFoundError): each value is a message, its site at the
// assignment that says which case it is; straight-line code is unchanged.
TEST(JsExtractor, MessageChosenByBranchesPointsAtItsAssignment) {
  auto sites = Extract(
      "function throwRuleNotFoundError({ pluginName, ruleName }, config) {\n"
      "\tlet errorMessage = `Could not find plugin \"${pluginName}\" in configuration.`;\n"
      "\tif (config.plugins && config.plugins[pluginName]) {\n"
      "\t\tif (replacement) {\n"
      "\t\t\terrorMessage = `Rule \"${ruleName}\" was removed and replaced.`;\n"
      "\t\t} else {\n"
      "\t\t\terrorMessage = `Could not find \"${ruleName}\" in plugin \"${pluginName}\".`;\n"
      "\t\t}\n"
      "\t}\n"
      "\tconst error = new TypeError(errorMessage);\n"
      "\tthrow error;\n"
      "}\n"
      "function plain(x) {\n"
      "\tlet m = `bad value ${x} given`;\n"
      "\tthrow new Error(m);\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_EQ(sites[0].message.Display(),
            "Could not find plugin \"${pluginName}\" in configuration.");
  EXPECT_EQ(sites[1].line, 5);
  EXPECT_EQ(sites[2].line, 7);
  EXPECT_EQ(sites[2].message.Display(),
            "Could not find \"${ruleName}\" in plugin \"${pluginName}\".");
  EXPECT_NE(sites[2].message_origin_note.find("raised at line 10"), std::string::npos);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(sites[i].error_class, "TypeError");
  EXPECT_EQ(sites[3].line, 15);
}

// Error- and warning-level logs through a logger (Vite's `logger.error`,
// `config.logger.warn`), colours unwrapped; console.error/warn only with a
// sentence (debugging output is not a record).
TEST(JsExtractor, LoggerErrorsAndWarnings) {
  auto sites = Extract(
      "async function start(options) {\n"
      "  try {\n"
      "    await server.listen()\n"
      "  } catch (e) {\n"
      "    logger.error(\n"
      "      colors.red(`error when starting dev server:\\n${inspect(e)}`),\n"
      "      { error: e },\n"
      "    )\n"
      "    config.logger.warn(colors.yellow('polyfillModulePreload is deprecated.'))\n"
      "    logger.error(e.message)\n"
      "    console.error('debug output here')\n"
      "    console.warn(`Ignoring invalid configuration option passed to Connection: ${key}.`)\n"
      "    logger.info(`server started on ${port}`)\n"
      "    logger.info(`Could not open browser, visit ${url} instead`)\n"
      "  }\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u) << ::testing::PrintToString(Messages(sites));
  // An info line only when it states a failure.
  EXPECT_EQ(sites[3].line, 14);
  EXPECT_EQ(sites[3].severity, "info");
  EXPECT_EQ(sites[3].message.Display(), "Could not open browser, visit ${url} instead");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].message.Display(), "error when starting dev server:\n${inspect(e)}");
  EXPECT_EQ(sites[1].line, 9);
  EXPECT_EQ(sites[1].kind, SiteKind::kWarning);
  EXPECT_EQ(sites[1].message.Display(), "polyfillModulePreload is deprecated.");
  // console.error/warn: a sentence of five words or more is a record.
  EXPECT_EQ(sites[2].line, 12);
  EXPECT_EQ(sites[2].kind, SiteKind::kWarning);
  EXPECT_EQ(sites[2].message.Display(),
            "Ignoring invalid configuration option passed to Connection: ${key}.");
}

// A daemon's `console.log` (pm2's God.js) is read as an information-level
// log: a record only when a sentence of five words or more states a
// failure; util.format's `%s %d %j` take the arguments after the format.
TEST(JsExtractor, ConsoleLogThatStatesAFailure) {
  auto sites = Extract(
      "God.handleExit = function(proc) {\n"
      "  if (proc.pm2_env.unstable_restarts >= max_restarts) {\n"
      "    console.log('Script %s had too many unstable restarts (%d). Stopped. %j',\n"
      "      proc.pm2_env.pm_exec_path,\n"
      "      proc.pm2_env.unstable_restarts,\n"
      "      proc.pm2_env.status);\n"
      "  }\n"
      "  console.log('App [%s:%s] starting in -%s mode-', name, id, mode)\n"
      "  console.log('failed')\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].severity, "info");
  EXPECT_EQ(sites[0].message.HoleCount(), 3);
  EXPECT_TRUE(Matches(sites[0],
                      "pm2 : Script /usr/bin/java had too many unstable restarts (16). Stopped. "
                      "\"errored\""));
}

// Playwright's timeout error sets its message in a `switch` over nine kinds
// of step and an override after it, colours it and throws it: each value
// is a message of its own, at its assignment.
TEST(JsExtractor, ManyBranchValuesOfTheThrownLocal) {
  std::string code =
      "function createTimeoutError(runnable, timeout) {\n"
      "  let message = '';\n"
      "  switch (runnable.type) {\n";
  const char* kinds[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
  for (const char* k : kinds) {
    code += std::string("    case '") + k + "': message = `Step " + k +
            " timeout of ${timeout}ms exceeded.`; break;\n";
  }
  code +=
      "  }\n"
      "  if (runnable.fixture)\n"
      "    message = `Fixture timeout of ${timeout}ms exceeded.`;\n"
      "  message = colors.red(message);\n"
      "  throw new TimeoutManagerError(message);\n"
      "}\n";
  auto sites = Extract(code, "src/worker/timeoutManager.ts");
  ASSERT_EQ(sites.size(), 11u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[2].message.Display(), "Step c timeout of ${timeout}ms exceeded.");
  EXPECT_EQ(sites[2].line, 6);
  EXPECT_EQ(sites[2].error_class, "TimeoutManagerError");
  EXPECT_EQ(sites[10].message.Display(), "Fixture timeout of ${timeout}ms exceeded.");
  EXPECT_EQ(sites[10].line, 16);
}

// `x || "literal"` / `x ?? "literal"` on a value whose text is unknown: the
// literal is the one message known, at the raise; inside a concatenation
// the value stays a hole.
// An error handed in and given new text before it is returned or thrown
// (jest's enhanceUnexpectedTokenMessage): a site at the assignment, a
// terminal colour's text included; not a local's or a non-error's.
TEST(JsExtractor, ErrorGivenNewTextAndReturned) {
  auto sites = Extract(
      "import chalk from 'chalk';\n"
      "export function enhance(e: Error): Error {\n"
      "  e.stack = `${chalk.bold.red('Jest encountered an unexpected token')}\n"
      "\n"
      "Jest failed to parse a file.\n"
      "\n"
      "${e.stack ?? ''}`.trimEnd();\n"
      "  return e;\n"
      "}\n"
      "function fail(err) {\n"
      "  err.message = 'Could not load the configuration file';\n"
      "  throw err;\n"
      "}\n"
      "function other(e) {\n"
      "  e.message = 'not returned nor thrown here';\n"
      "  log(e);\n"
      "}\n"
      "function opts(o) {\n"
      "  o.message = 'an option, not an error';\n"
      "  return o;\n"
      "}\n",
      "src/enhance.ts");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(
      sites[0].message.Display(),
      "Jest encountered an unexpected token\n\nJest failed to parse a file.\n\n${e.stack ?? ''}");
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_TRUE(Matches(sites[0],
                      "Jest encountered an unexpected token\n\nJest failed to parse a file.\n\n"
                      "SyntaxError: Unexpected token 'export'"));
  EXPECT_EQ(sites[1].message.Display(), "Could not load the configuration file");
  EXPECT_EQ(sites[1].line, 11);
}

TEST(JsExtractor, DefaultOfAnUnknownValueIsAMessage) {
  auto sites = Extract(
      "function request(res) {\n"                                             // 1
      "  const message = res.body.error ?? 'Request failed with no body';\n"  // 2
      "  throw new HttpError(message);\n"                                     // 3
      "}\n"                                                                   // 4
      "function check(err, name) {\n"                                         // 5
      "  if (err) throw new Error(err.message || 'Unknown failure');\n"       // 6
      "  throw new Error('Unknown option: ' + (name || '<empty>'));\n"        // 7
      "}\n"                                                                   // 8
      "Mocha.prototype.reporter = function (reporterName) {\n"                // 9
      "  reporterName = reporterName || 'spec';\n"                            // 10
      "  throw new Error(reporterName);\n"                                    // 11
      "};\n");
  ASSERT_EQ(sites.size(), 4u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].message.Display(), "Request failed with no body");
  EXPECT_EQ(sites[0].error_class, "HttpError");
  EXPECT_NE(sites[0].message_origin_note.find("the default of `??` at line 2"), std::string::npos)
      << sites[0].message_origin_note;
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_EQ(sites[1].message.Display(), "Unknown failure");
  EXPECT_TRUE(Matches(sites[1], "Error: Unknown failure"));
  EXPECT_EQ(sites[2].line, 7);
  EXPECT_EQ(sites[2].message.Display(), "Unknown option: ${name || '<empty>'}");
  // A name defaulted in place is the caller's value, not the default.
  EXPECT_EQ(sites[3].line, 11);
  EXPECT_TRUE(sites[3].message_opaque);
}

// A file's own `function createError(msg, loc)` (webpack's, building a
// WebpackError) is not http-errors' factory: its calls are errors of the
// class it constructs, with no HTTP status.
TEST(JsExtractorTest, OwnCreateErrorFunctionIsNotHttpErrors) {
  auto sites = Extract(
      "function createError(msg, loc) {\n"
      "  const error = new WebpackError(msg);\n"
      "  error.name = 'ImportMetaContextError';\n"
      "  return error;\n"
      "}\n"
      "function apply(prop, errors) {\n"
      "  errors.push(createError(`Unknown property ${prop.key.name}.`, prop.loc));\n"
      "}\n",
      "lib/Plugin.js");
  const ErrorSite* found = nullptr;
  for (const ErrorSite& s : sites) {
    if (s.line == 7) found = &s;
  }
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->error_class, "WebpackError");
  EXPECT_EQ(found->kind, SiteKind::kRaise);
  EXPECT_FALSE(found->http_status.has_value());
  EXPECT_EQ(found->message.Display(), "Unknown property ${prop.key.name}.");
}

// capacitor's check functions return their problem as text, or null when
// there is none; a caller gathers them and throws. A function of another
// name, or one that never returns null, returns ordinary text.
TEST(JsExtractorTest, CheckFunctionReturnsItsErrorText) {
  auto sites = Extract(
      "export async function checkPackage(): Promise<string | null> {\n"
      "  if (!(await pathExists('package.json'))) {\n"
      "    return (\n"
      "      `The Capacitor CLI needs to run at the root of an npm package.\\n` +\n"
      "      `More info: ${c.strong('https://docs.npmjs.com/cli/init')}`\n"
      "    );\n"
      "  }\n"
      "  return null;\n"
      "}\n"
      "export function checkName(name: string): string | undefined {\n"
      "  if (name.includes(' ')) return `The name ${name} should not contain spaces`;\n"
      "  const f = () => null;\n"
      "  return undefined;\n"
      "}\n"
      "export function describe(name: string): string | null {\n"
      "  if (!name) return null;\n"
      "  return `Package ${name} is ready to use`;\n"
      "}\n"
      "export function checkLabel(name: string): string {\n"
      "  return `Label for the ${name} field`;\n"
      "}\n",
      "cli/src/common.ts");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_TRUE(Matches(sites[0],
                      "The Capacitor CLI needs to run at the root of an npm package.\n"
                      "More info: https://docs.npmjs.com/cli/init"));
  EXPECT_EQ(sites[1].line, 11);
  EXPECT_TRUE(Matches(sites[1], "The name my app should not contain spaces"));
}

}  // namespace
}  // namespace errdex
