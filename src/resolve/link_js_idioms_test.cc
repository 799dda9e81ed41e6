// Linking JavaScript/TypeScript idioms: an i18n wrapper's text passed to a
// repository sink, and a call resolved among several definitions of its
// name by the receiver that names the defining file (link_receiver.h).
#include <gtest/gtest.h>

#include "resolve/link_receiver.h"
#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

TEST(LinkJsIdioms, TranslatedTextThroughASinkNamedByItsFile) {
  auto r = Link({
      {"lib/report.ts",
       "export function report(cli) {\n"
       "  const self = {};\n"
       "  self.abort = function abort(reason, cause) {\n"
       "    if (cause) throw cause;\n"
       "    throw new CliError(reason);\n"
       "  };\n"
       "  return self;\n"
       "}\n"},
      // Another `abort` that raises nothing: the name alone is ambiguous.
      {"lib/session.ts",
       "export class Session {\n"
       "  abort(handler) {\n"
       "    this.handlers.push(handler);\n"
       "  }\n"
       "}\n"},
      {"lib/checks.ts",
       "export function checks(cli, report, i18n) {\n"
       "  const __n = i18n.__n;\n"
       "  const self = {};\n"
       "  self.arity = function arity(wanted, given) {\n"
       "    if (given < wanted) {\n"
       "      report.abort(\n"
       "        __n(\n"
       "          'Missing %s positional value (wanted %s)',\n"
       "          'Missing %s positional values (wanted %s)',\n"
       "          wanted - given,\n"
       "          String(wanted - given),\n"
       "          String(wanted)\n"
       "        )\n"
       "      );\n"
       "    }\n"
       "  };\n"
       "  return self;\n"
       "}\n"},
  });
  const ErrorSite* s = r.Find("lib/checks.ts", 6, "Missing %s positional value (wanted %s)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "CliError");
  EXPECT_EQ(s->function, "checks.arity");
  EXPECT_NE(s->message_origin_note.find("lib/report.ts:5"), std::string::npos)
      << s->message_origin_note;
  EXPECT_TRUE(Matches(*s, "Missing 1 positional value (wanted 2)"));
}

// nodemailer picks one of two messages in a local and hands it to its
// error wrapper, which appends the server's response: each message is a
// record at the call, composed with the wrapper's suffix.
TEST(LinkJsIdioms, LocalHoldingOneOfTwoMessagesReachesTheWrapper) {
  Linked r = Link({{"lib/smtp-connection/index.js",
                    "class SMTPConnection {\n"
                    "  _formatError(message, type, response) {\n"
                    "    let err = new Error(message);\n"
                    "    if (response) {\n"
                    "      err.message += ': ' + response;\n"
                    "    }\n"
                    "    return err;\n"
                    "  }\n"
                    "  _actionMAIL(str, callback) {\n"
                    "    if (Number(str.charAt(0)) !== 2) {\n"
                    "      const message = this._usingSmtpUtf8 && /^550 /.test(str)\n"
                    "        ? 'Internationalized mailbox name not allowed'\n"
                    "        : 'Mail command failed';\n"
                    "      return callback(this._formatError(message, 'EENVELOPE', str));\n"
                    "    }\n"
                    "  }\n"
                    "}\n"}});
  std::vector<const ErrorSite*> at = r.At("lib/smtp-connection/index.js", 14);
  ASSERT_EQ(at.size(), 2u) << Dump(r);
  bool mail = false, intl = false;
  for (const ErrorSite* s : at) {
    mail |= Matches(*s, "Mail command failed: 550 From header is missing");
    intl |= Matches(*s, "Internationalized mailbox name not allowed: 553 x");
  }
  EXPECT_TRUE(mail) << Dump(r);
  EXPECT_TRUE(intl) << Dump(r);
}

// The wrapper as nodemailer writes it: it accepts an Error or a text
// (a type test of the parameter, not a check of its value), assigns the new
// error to a variable declared earlier, and appends the response with `+=`.
TEST(LinkJsIdioms, WrapperTestingItsParameterTypeStillReportsTheText) {
  Linked r =
      Link({{"lib/smtp-connection/index.js",
             "class SMTPConnection {\n"
             "  _formatError(message, type, response) {\n"
             "    let err;\n"
             "    if (/Error\\]$/i.test(Object.prototype.toString.call(message))) {\n"
             "      err = message;\n"
             "    } else {\n"
             "      err = new Error(message);\n"
             "    }\n"
             "    if (response) {\n"
             "      err.message += ': ' + response;\n"
             "    }\n"
             "    return err;\n"
             "  }\n"
             "  _actionRCPT(str, callback) {\n"
             "    if (typeof str !== 'string' || str.charAt(0) !== '2') {\n"
             "      return callback(this._formatError('Recipient command failed', 'EENVELOPE', "
             "str));\n"
             "    }\n"
             "  }\n"
             "}\n"}});
  const ErrorSite* s =
      r.Find("lib/smtp-connection/index.js", 16, "Recipient command failed: ${str}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "Error");
  EXPECT_TRUE(
      Matches(*s, "Recipient command failed: 550 5.1.1 <x@y.z>: Recipient address rejected"));
  EXPECT_FALSE(Matches(*s, "Mail command failed: 550 x"));
}

// A warning helper that logs its caller's text through a spread array
// (after Vue's runtime-core `warn`, a fixture written for this test) is a
// sink; the name `warn` is defined by two more modules with other prefixes,
// and the import says which one a call reaches. Each call passing text is a
// warning record at the call, with the helper's prefix.
TEST(LinkJsIdioms, ImportedWarnHelperAmongSameNamedOnes) {
  auto r = Link({
      {"packages/runtime-core/src/warning.ts",
       "export function warn(msg: string, ...args: any[]): void {\n"
       "  const warnArgs = [`[Vue warn]: ${msg}`, ...args]\n"
       "  console.warn(...warnArgs)\n"
       "}\n"},
      {"packages/reactivity/src/warning.ts",
       "export function warn(msg: string, ...args: any[]): void {\n"
       "  console.warn(`[Vue warn] ${msg}`, ...args)\n"
       "}\n"},
      {"packages/compiler-sfc/src/warn.ts",
       "export function warn(msg: string): void {\n"
       "  console.warn(`[@vue/compiler-sfc] ${msg}`)\n"
       "}\n"},
      {"packages/runtime-core/src/hydration.ts",
       "import { warn as _warn, other } from './warning'\n"
       "export function hydrate(el: Element) {\n"
       "  if (el.firstChild) {\n"
       "    _warn(\n"
       "      `Hydration children mismatch on`,\n"
       "      el,\n"
       "      `\\nServer rendered element contains more child nodes than client vdom.`,\n"
       "    )\n"
       "  }\n"
       "}\n"},
  });
  const ErrorSite* s = r.Find("packages/runtime-core/src/hydration.ts", 4,
                              "[Vue warn]: Hydration children mismatch on");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->kind, SiteKind::kWarning);
  EXPECT_TRUE(Matches(*s, "[Vue warn]: Hydration children mismatch on"));
  for (const ErrorSite& e : r.sites[3]) {
    EXPECT_EQ(e.message.Display().find("[Vue warn] Hydration"), std::string::npos);
    EXPECT_EQ(e.message.Display().find("compiler-sfc"), std::string::npos);
  }
}

TEST(LinkJsIdioms, ReceiverNamesOneDefiningFile) {
  std::vector<std::string_view> paths = {"lib/usage.ts", "lib/yargs-factory.ts"};
  EXPECT_EQ(FileNamedByReceiver("usage", paths), 0u);
  EXPECT_EQ(FileNamedByReceiver("this.#usage", paths), 0u);
  EXPECT_FALSE(FileNamedByReceiver("help", paths));
  EXPECT_FALSE(FileNamedByReceiver("usage", {"lib/usage.ts", "browser/usage.js"}));
  EXPECT_FALSE(FileNamedByReceiver("u", {"lib/u.ts"}));
}

// webpack requires its error classes lazily: `const getX = memoize(() =>
// require("./errors/X"))`, then `new (getX())(..)`. The construction is the
// site, and the class's constructor writes its text.
TEST(LinkJsIdioms, LazilyRequiredErrorClassIsConstructed) {
  Linked r = Link(
      {{"lib/errors/ModuleNotFoundError.js", R"SRC(const WebpackError = require("../WebpackError");
class ModuleNotFoundError extends WebpackError {
	constructor(module, err) {
		super(`Module not found: ${err.toString()}`);
	}
}
module.exports = ModuleNotFoundError;
)SRC"},
       {"lib/Compilation.js", R"SRC(const memoize = require("./util/memoize");
const getModuleNotFoundError = memoize(() => require("./errors/ModuleNotFoundError"));
const getOther = () => require("./errors").OtherError;
class Compilation {
	factorize(module, err) {
		const notFoundError = new (getModuleNotFoundError())(module, err);
		this.errors.push(notFoundError);
	}
	other() {
		this.errors.push(new (getOther())("something else went wrong"));
	}
}
)SRC"}});
  EXPECT_NE(r.Find("lib/Compilation.js", 6, "Module not found: ${err.toString()}"), nullptr)
      << Dump(r);
  ASSERT_EQ(r.CountAt("lib/Compilation.js", 10), 1) << Dump(r);
  EXPECT_EQ(r.At("lib/Compilation.js", 10)[0]->error_class, "OtherError");
}

// mongoose's CastError: the constructor passes a text function's value,
// held in a local, to super(); the text function builds it with `+=` in a
// branch. Each construction gets the text, one record per path.
TEST(LinkJsIdioms, ConstructorPassesATextFunctionsValueToSuper) {
  Linked r = Link({{"lib/error/mongooseError.js", R"SRC(class MongooseError extends Error {}
module.exports = MongooseError;
)SRC"},
                   {"lib/error/cast.js", R"SRC(const MongooseError = require('./mongooseError');
class CastError extends MongooseError {
  constructor(type, value, path, reason, schemaType) {
    if (arguments.length > 0) {
      const valueType = getValueType(value);
      const msg = formatMessage(null, type, value, path, valueType, reason);
      super(msg);
    } else {
      super(formatMessage());
    }
  }
}
function getValueType(v) { return typeof v; }
function formatMessage(model, kind, value, path, valueType, reason) {
  const stringValue = String(value);
  const valueTypeMsg = valueType ? ' (type ' + valueType + ')' : '';
  let ret = 'Cast to ' + kind + ' failed for value ' +
    stringValue + valueTypeMsg + ' at path "' + path + '"';
  if (model != null) {
    ret += ' for model "' + model.modelName + '"';
  }
  return ret;
}
module.exports = CastError;
)SRC"},
                   {"lib/schema/objectId.js", R"SRC(const CastError = require('../error/cast');
function cast(value, path) {
  if (!value) {
    throw new CastError('ObjectId', value, path, null, this);
  }
  return value;
}
module.exports = cast;
)SRC"}});
  EXPECT_NE(r.Find("lib/schema/objectId.js", 4,
                   "Cast to ObjectId failed for value ${value}${valueTypeMsg} at path \"${path}\""),
            nullptr)
      << Dump(r);
}

// mongoose's StrictPopulateError: the constructor's message parameter
// defaults to the text (`msg = msg || '...'`), and the error is returned,
// not thrown, by the code that constructs it with the path alone.
TEST(LinkJsIdioms, ConstructorDefaultsItsMessageParameter) {
  Linked r =
      Link({{"lib/error/mongooseError.js", R"SRC(class MongooseError extends Error {}
module.exports = MongooseError;
)SRC"},
            {"lib/error/strictPopulate.js", R"SRC(const MongooseError = require('./mongooseError');
class StrictPopulateError extends MongooseError {
  constructor(path, msg) {
    msg = msg || 'Cannot populate path `' + path + '` because it is not in your schema. ' + 'Set the `strictPopulate` option to false to override.';
    super(msg);
    this.path = path;
  }
}
module.exports = StrictPopulateError;
)SRC"},
            {"lib/helpers/getModels.js",
             R"SRC(const StrictPopulateError = require('../error/strictPopulate');
function getModels(options) {
  if (options.strictPopulate) {
    return new StrictPopulateError(options._fullPath);
  }
}
module.exports = getModels;
)SRC"}});
  const ErrorSite* s =
      r.Find("lib/helpers/getModels.js", 4,
             "Cannot populate path `${options._fullPath}` because it is not in your schema. Set "
             "the `strictPopulate` option to false to override.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "StrictPopulateError");
  // The class's own default text, at its super() call, whoever constructs it.
  ASSERT_NE(r.Find("lib/error/strictPopulate.js", 5,
                   "Cannot populate path `${path}` because it is not in your schema. Set the "
                   "`strictPopulate` option to false to override."),
            nullptr)
      << Dump(r);
  EXPECT_TRUE(Matches(*s,
                      "Cannot populate path `totalLinksList` because it is not in your schema. Set "
                      "the `strictPopulate` option to false to override."));
}

// mongodb's MongoTopologyClosedError: the message parameter's default
// value is the text a bare `new MongoTopologyClosedError()` shows, at the
// construction and at the class's super() call.
TEST(LinkJsIdioms, ConstructorParameterDefaultValueIsTheMessage) {
  Linked r =
      Link({{"src/error.ts", R"SRC(export class MongoAPIError extends Error {}
export class MongoTopologyClosedError extends MongoAPIError {
  constructor(message = 'Topology is closed') {
    super(message);
  }
}
)SRC"},
            {"src/sdam/topology.ts", R"SRC(import { MongoTopologyClosedError } from '../error';
export class Topology {
  close(): void {
    drainWaitQueue(this.waitQueue, new MongoTopologyClosedError());
  }
  select(): void {
    throw new MongoTopologyClosedError('Topology closed while selecting');
  }
}
)SRC"}});
  const ErrorSite* s = r.Find("src/sdam/topology.ts", 4, "Topology is closed");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "MongoTopologyClosedError");
  EXPECT_NE(r.Find("src/error.ts", 4, "Topology is closed"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("src/sdam/topology.ts", 7, "Topology closed while selecting"), nullptr)
      << Dump(r);
  EXPECT_EQ(r.Find("src/sdam/topology.ts", 7, "Topology is closed"), nullptr) << Dump(r);
}

// @fastify/error: `createError(code, format, status)` makes a class; the
// definition is a site with its code, a construction anywhere gets the
// format filled with its arguments (util.format's %s).
TEST(LinkJsIdioms, CodedErrorClassesFromAFactory) {
  Linked r = Link({{"lib/errors.js", R"SRC('use strict'
const createError = require('@fastify/error')
const codes = {
  FST_ERR_REP_ALREADY_SENT: createError(
    'FST_ERR_REP_ALREADY_SENT',
    'Reply was already sent, did you forget to "return reply" in "%s" (%s)?'
  ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: createError(
    'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    'Unsupported Media Type',
    415
  )
}
module.exports = codes
)SRC"},
                   {"lib/reply.js", R"SRC('use strict'
const { FST_ERR_REP_ALREADY_SENT, FST_ERR_CTP_INVALID_MEDIA_TYPE } = require('./errors')
Reply.prototype.send = function (payload) {
  if (this.sent) {
    this.log.warn({ err: new FST_ERR_REP_ALREADY_SENT(this.request.url, this.request.method) })
    return this
  }
  this.send(new FST_ERR_CTP_INVALID_MEDIA_TYPE())
}
)SRC"}});
  const ErrorSite* def = r.Find("lib/errors.js", 4,
                                "Reply was already sent, did you forget to \"return reply\" in "
                                "\"%s\" (%s)?");
  ASSERT_NE(def, nullptr) << Dump(r);
  EXPECT_EQ(def->error_code, "FST_ERR_REP_ALREADY_SENT");
  EXPECT_EQ(def->error_class, "FastifyError");
  const ErrorSite* media = r.Find("lib/errors.js", 8, "Unsupported Media Type");
  ASSERT_NE(media, nullptr) << Dump(r);
  EXPECT_EQ(media->http_status, 415);
  const ErrorSite* use = r.Find("lib/reply.js", 5,
                                "Reply was already sent, did you forget to \"return reply\" in "
                                "\"${this.request.url}\" (${this.request.method})?");
  ASSERT_NE(use, nullptr) << Dump(r);
  EXPECT_EQ(use->error_code, "FST_ERR_REP_ALREADY_SENT");
  EXPECT_TRUE(Matches(*use,
                      "Reply was already sent, did you forget to \"return reply\" in "
                      "\"/v1/conversations\" (POST)?"));
  const ErrorSite* media_use = r.Find("lib/reply.js", 8, "Unsupported Media Type");
  ASSERT_NE(media_use, nullptr) << Dump(r);
  EXPECT_EQ(media_use->error_code, "FST_ERR_CTP_INVALID_MEDIA_TYPE");
}

// yargs's YError: `super(msg || 'yargs error')`. Callers passing text get
// theirs; a bare `new YError()` gets the default.
TEST(LinkJsIdioms, ConstructorDefaultIsOnlyForCallsWithoutText) {
  Linked r = Link({{"lib/yerror.ts", R"SRC(export class YError extends Error {
  name = 'YError';
  constructor(msg?: string | null) {
    super(msg || 'yargs error');
  }
}
)SRC"},
                   {"lib/argsert.ts", R"SRC(import {YError} from './yerror.js';
export function argsert(args: string[], length: number) {
  if (length < args.length) {
    throw new YError(`Not enough arguments provided. Expected ${args.length} but received ${length}.`);
  }
  if (length > 9) throw new YError();
}
)SRC"}});
  ASSERT_NE(r.Find("lib/argsert.ts", 4,
                   "Not enough arguments provided. Expected ${args.length} but received "
                   "${length}."),
            nullptr)
      << Dump(r);
  for (const ErrorSite* s : r.At("lib/argsert.ts", 4)) {
    EXPECT_NE(s->message.Display(), "yargs error") << Dump(r);
  }
  ASSERT_NE(r.Find("lib/argsert.ts", 6, "yargs error"), nullptr) << Dump(r);
}

// webpack builds warning objects and pushes them to the compilation: the
// class's constructor composes the text (super(`...`)), the record is the
// `new` that hands it on, and it stays a warning.
TEST(LinkJsIdioms, WarningObjectPushedNotThrown) {
  auto r = Link({{"lib/performance/AssetsOverSizeLimitWarning.js",
                  "class AssetsOverSizeLimitWarning extends WebpackError {\n"
                  "  constructor(assets, assetLimit) {\n"
                  "    super(`asset size limit: The following asset(s) exceed the recommended "
                  "size limit (${formatSize(assetLimit)}).\nThis can impact web performance.`);\n"
                  "    this.name = \"AssetsOverSizeLimitWarning\";\n"
                  "  }\n"
                  "}\n"
                  "module.exports = AssetsOverSizeLimitWarning;\n"},
                 {"lib/performance/SizeLimitsPlugin.js",
                  "const AssetsOverSizeLimitWarning = require(\"./AssetsOverSizeLimitWarning\");\n"
                  "function check(compilation, assets, limit) {\n"
                  "  if (assets.length > 0) {\n"
                  "    compilation.warnings.push(new AssetsOverSizeLimitWarning(assets, limit));\n"
                  "  }\n"
                  "}\n"}});
  std::vector<const ErrorSite*> at = r.At("lib/performance/SizeLimitsPlugin.js", 4);
  ASSERT_EQ(at.size(), 1u) << Dump(r);
  EXPECT_EQ(at[0]->error_class, "AssetsOverSizeLimitWarning");
  EXPECT_EQ(at[0]->kind, SiteKind::kWarning);
  EXPECT_EQ(at[0]->severity, "warning");
  EXPECT_TRUE(Matches(*at[0],
                      "asset size limit: The following asset(s) exceed the recommended size "
                      "limit (977 KiB).\nThis can impact web performance."))
      << at[0]->message.Display();
}

}  // namespace

// ioredis keeps messages in other modules: an exported constant
// (`export const CONNECTION_CLOSED_ERROR_MSG = "Connection is closed."`)
// and a class's static field (`static defaultMessage = "Failed to refresh
// slots cache."`, read as `ClusterAllFailedError.defaultMessage`). Both
// are read at the sites that name them; a lower-case name and a static
// field of a class that does not hold it stay holes.
TEST(LinkJsIdioms, ExportedConstantsAndStaticFieldsOfOtherModules) {
  Linked r =
      Link({{"lib/utils/index.ts",
             R"SRC(export const CONNECTION_CLOSED_ERROR_MSG = "Connection is closed.";
export const message = "not a constant name";
)SRC"},
            {"lib/errors/ClusterAllFailedError.ts", R"SRC(import { RedisError } from "redis-errors";
export default class ClusterAllFailedError extends RedisError {
  static defaultMessage = "Failed to refresh slots cache.";
  constructor(message, public lastNodeError: RedisError) {
    super(message);
  }
}
)SRC"},
            {"lib/cluster/index.ts",
             R"SRC(import ClusterAllFailedError from "../errors/ClusterAllFailedError";
import { CONNECTION_CLOSED_ERROR_MSG, message } from "../utils";
export default class Cluster {
  refresh(nodes, lastNodeError) {
    if (nodes.length === 0) {
      const error = new ClusterAllFailedError(
        ClusterAllFailedError.defaultMessage,
        lastNodeError
      );
      return error;
    }
    if (this.closed) throw new Error(CONNECTION_CLOSED_ERROR_MSG);
    if (this.other) throw new Error(message);
    throw new Error(Other.defaultMessage);
  }
}
)SRC"}});
  EXPECT_NE(r.Find("lib/cluster/index.ts", 6, "Failed to refresh slots cache."), nullptr)
      << Dump(r);
  EXPECT_NE(r.Find("lib/cluster/index.ts", 12, "Connection is closed."), nullptr) << Dump(r);
  EXPECT_EQ(r.Count("not a constant name"), 0) << Dump(r);
  EXPECT_EQ(r.Count("Failed to refresh slots cache."), 1) << Dump(r);
}

// multer's MulterError: an ES5 constructor function (made an Error by
// `util.inherits`) whose text is `errorMessages[code]`, a table keyed by
// the code its callers pass, directly or through a helper
// (`abortWithCode(code, field)`). Each call with a literal code is a
// record with that code's text.
TEST(LinkJsIdioms, Es5ConstructorLooksItsTextUpByTheCodeItIsGiven) {
  Linked r = Link({{"lib/multer-error.js", R"SRC(var util = require('util')

var errorMessages = {
  LIMIT_PART_COUNT: 'Too many parts',
  LIMIT_FIELD_VALUE: 'Field value too long',
  LIMIT_UNEXPECTED_FILE: 'Unexpected field'
}

function MulterError (code, field) {
  Error.captureStackTrace(this, this.constructor)
  this.name = this.constructor.name
  this.message = errorMessages[code]
  this.code = code
  if (field) this.field = field
}

util.inherits(MulterError, Error)

module.exports = MulterError
)SRC"},
                   {"lib/make-middleware.js", R"SRC(var MulterError = require('./multer-error')
function makeMiddleware (setup) {
  return function multerMiddleware (req, res, next) {
    function abortWithError (uploadError) {
      next(uploadError)
    }
    function abortWithCode (code, optionalField) {
      abortWithError(new MulterError(code, optionalField))
    }
    busboy.on('field', function (fieldname, value, { valueTruncated }) {
      if (valueTruncated) return abortWithCode('LIMIT_FIELD_VALUE', fieldname)
    })
    busboy.on('partsLimit', function () { abortWithCode('LIMIT_PART_COUNT') })
  }
}
)SRC"},
                   {"index.js", R"SRC(var MulterError = require('./lib/multer-error')
function wrappedFileFilter (req, file, cb) {
  if ((filesLeft[file.fieldname] || 0) <= 0) {
    return cb(new MulterError('LIMIT_UNEXPECTED_FILE', file.fieldname))
  }
}
)SRC"}});
  const ErrorSite* direct = r.Find("index.js", 4, "Unexpected field");
  ASSERT_NE(direct, nullptr) << Dump(r);
  EXPECT_EQ(direct->error_class, "MulterError");
  EXPECT_EQ(r.Count("LIMIT_UNEXPECTED_FILE"), 0) << Dump(r);
  const ErrorSite* value = r.Find("lib/make-middleware.js", 11, "Field value too long");
  ASSERT_NE(value, nullptr) << Dump(r);
  EXPECT_EQ(value->error_class, "MulterError");
  EXPECT_NE(r.Find("lib/make-middleware.js", 13, "Too many parts"), nullptr) << Dump(r);
}

// msw asserts with outvariant's `invariant(cond, message)`, the message
// built by its `devUtils.formatMessage(text)`, which prefixes "[MSW]" to
// `format(message, ...positionals)`: the record is the assertion, with the
// prefixed text.
TEST(LinkJsIdioms, InvariantWithAFormattedMessage) {
  Linked r = Link({{"src/core/utils/internal/devUtils.ts", R"SRC(import { format } from 'outvariant'
const LIBRARY_PREFIX = '[MSW]'
function formatMessage(message: string, ...positionals: any[]): string {
  const interpolatedMessage = format(message, ...positionals)
  return `${LIBRARY_PREFIX} ${interpolatedMessage}`
}
export const devUtils = { formatMessage }
)SRC"},
                   {"src/browser/setup-worker.ts", R"SRC(import { invariant } from 'outvariant'
import { devUtils } from '~/core/utils/internal/devUtils'
export function setupWorker(...handlers: Array<AnyHandler>): SetupWorker {
  invariant(
    !isNodeProcess(),
    devUtils.formatMessage(
      'Failed to execute `setupWorker` in a non-browser environment',
    ),
  )
  invariant(handlers.length < 100, 'Too many handlers: %d', handlers.length)
  return new SetupWorkerApi(...handlers)
}
)SRC"}});
  const ErrorSite* s = r.Find("src/browser/setup-worker.ts", 4,
                              "[MSW] Failed to execute `setupWorker` in a non-browser environment");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->kind, SiteKind::kAssert);
  ASSERT_FALSE(s->conditions.empty());
  EXPECT_EQ(s->conditions.back().expr, "!isNodeProcess()");
  EXPECT_FALSE(s->conditions.back().polarity);
  EXPECT_TRUE(Matches(*s,
                      "Error: [MSW] Failed to execute `setupWorker` in a non-browser "
                      "environment. Consider using `setupServer` for NodeJS environment "
                      "instead."));
  EXPECT_NE(r.Find("src/browser/setup-worker.ts", 10, "Too many handlers: %d"), nullptr) << Dump(r);
}

// msw's `devUtils.warn(message, ...positionals)` logs
// `formatMessage(message, ...positionals)`, a function of the same file
// returning `${LIBRARY_PREFIX} ${interpolatedMessage}`: the helper is a
// sink, and each call is a warning with the prefixed text.
TEST(LinkJsIdioms, WarnHelperThroughASameFileFormatter) {
  Linked r = Link({{"src/core/utils/internal/devUtils.ts", R"SRC(import { format } from 'outvariant'
const LIBRARY_PREFIX = '[MSW]'
function formatMessage(message: string, ...positionals: any[]): string {
  const interpolatedMessage = format(message, ...positionals)
  return `${LIBRARY_PREFIX} ${interpolatedMessage}`
}
function warn(message: string, ...positionals: any[]): void {
  console.warn(formatMessage(message, ...positionals))
}
export const devUtils = { formatMessage, warn }
)SRC"},
                   {"src/core/handlers/HttpHandler.ts",
                    R"SRC(import { devUtils } from '../utils/internal/devUtils'
export class HttpHandler {
  private checkRedundantQueryParameters() {
    const { method, path } = this.info
    devUtils.warn(
      `Found a redundant usage of query parameters in the request handler URL for "${method} ${path}".`,
    )
  }
}
)SRC"}});
  const ErrorSite* s =
      r.Find("src/core/handlers/HttpHandler.ts", 5,
             "[MSW] Found a redundant usage of query parameters in the request handler URL for "
             "\"${method} ${path}\".");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->severity, "warning");
}

// electron-builder's FpmTarget: problems pushed to a local array, thrown
// joined; one of them is a lower-case constant of errorMessages.ts read
// through `import * as errorMessages`. Each pushed text is a message of
// the throw (one problem found), the constant's with its text.
TEST(LinkJsIdioms, PushedProblemsJoinedAndAModulesConstant) {
  Linked r = Link({
      {"src/errorMessages.ts",
       "export const authorEmailIsMissed = `Please specify author 'email' in the application "
       "package.json\n\nSee https://docs.npmjs.com/files/package.json`\n"
       "export const unused = 42\n"},
      {"src/targets/FpmTarget.ts",
       "import * as errorMessages from \"../errorMessages\"\n"
       "\n"
       "export class FpmTarget {\n"
       "  async computeOptions(a: any, url: any) {\n"
       "    const errors: Array<string> = []\n"
       "    if (url == null) {\n"
       "      errors.push(\"Please specify project homepage, see https://www.electron.build\")\n"
       "    }\n"
       "    if (a == null || a.email == null) {\n"
       "      errors.push(errorMessages.authorEmailIsMissed)\n"
       "    }\n"
       "    if (errors.length > 0) {\n"
       "      throw new Error(errors.join(\"\\n\\n\"))\n"
       "    }\n"
       "  }\n"
       "}\n"},
  });
  const ErrorSite* home = r.Find("src/targets/FpmTarget.ts", 13,
                                 "Please specify project homepage, see https://www.electron.build");
  ASSERT_NE(home, nullptr) << Dump(r);
  const ErrorSite* email = r.Find("src/targets/FpmTarget.ts", 13,
                                  "Please specify author 'email' in the application package.json"
                                  "\n\nSee https://docs.npmjs.com/files/package.json");
  ASSERT_NE(email, nullptr) << Dump(r);
  EXPECT_EQ(email->error_class, "Error");
  EXPECT_TRUE(Matches(*email,
                      "Please specify author 'email' in the application package.json\n\n"
                      "See https://docs.npmjs.com/files/package.json"));
}

}  // namespace errdex
