// Python extractor: every idiom of the product brief, asserted on the exact
// message, line, class and hole names a user will see.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <algorithm>

#include "errdex/extractor.h"
#include "extract/common/extractor_testing.h"

namespace errdex {
namespace {

using extract_testing::ExtractFile;
using extract_testing::HoleExprs;
using extract_testing::Matches;
using extract_testing::Messages;

std::vector<ErrorSite> Extract(const std::string& code, bool* syntax_errors = nullptr) {
  return ExtractFile("pkg/mod.py", code, "python", false, syntax_errors);
}

const ErrorSite& Only(const std::vector<ErrorSite>& sites) {
  EXPECT_EQ(sites.size(), 1u);
  static ErrorSite empty;
  return sites.empty() ? empty : sites[0];
}

TEST(PythonExtractor, RaiseWithImplicitConcatenation) {
  auto sites = Extract(
      "def f(cfg):\n"
      "    if cfg.a:\n"
      "        raise ValueError(\n"
      "            \"first part \"\n"
      "            'second part.'\n"
      "        )\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "first part second part.");
  EXPECT_EQ(s.error_class, "ValueError");
  EXPECT_EQ(s.line, 3);
  EXPECT_EQ(s.function, "f");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "cfg.a");
  EXPECT_TRUE(s.conditions[0].polarity);
}

// `raise UsageError(*errors)`: each item of the list is printed as a line
// of its own (pytest's "ERROR: not found: ..."), and the append that adds
// it is where the record points.
TEST(PythonExtractor, SplattedListItemsAreMessagesAtTheirAppends) {
  auto sites = Extract(
      "def collect(notfound):\n"
      "    errors = []\n"
      "    for arg, collectors in notfound:\n"
      "        if collectors:\n"
      "            errors.append(f\"not found: {arg}\\n(no match in any of {collectors!r})\")\n"
      "        else:\n"
      "            errors.append(f\"found no collectors for {arg}\")\n"
      "    if errors:\n"
      "        raise UsageError(*errors)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "not found: {arg}\n(no match in any of {collectors!r})");
  EXPECT_EQ(sites[0].error_class, "UsageError");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[1].message.Display(), "found no collectors for {arg}");
  EXPECT_EQ(sites[1].line, 7);
}

// asyncio raises what a future was given in the awaiting code: aiohttp's
// `set_exception(self._payload, ClientPayloadError(msg), cause)` and
// `fut.set_exception(X(..))` are where the error comes from.
TEST(PythonExtractor, SetExceptionRaisesItsException) {
  auto sites = Extract(
      "def connection_lost(self, exc):\n"
      "    msg = f\"Response payload is not completed: {exc!r}\"\n"
      "    set_exception(self._payload, ClientPayloadError(msg), exc)\n"
      "    err = ServerTimeoutError(\"Timeout on reading data from socket\")\n"
      "    self._waiter.set_exception(err)\n"
      "    self._waiter.set_exception(exc)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].error_class, "ClientPayloadError");
  EXPECT_EQ(sites[0].message.Display(), "Response payload is not completed: {exc!r}");
  EXPECT_EQ(sites[1].error_class, "ServerTimeoutError");
  EXPECT_EQ(sites[1].message.Display(), "Timeout on reading data from socket");
  EXPECT_EQ(sites[1].line, 5);
}

TEST(PythonExtractor, FStringKeepsConversionAndSpec) {
  auto sites = Extract(
      "def f(x, n):\n"
      "    raise TypeError(f\"bad {x!r} of width {n:>10} and {{braces}} count {n:d}\")\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "bad {x!r} of width {n:>10} and {braces} count {n:d}");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"x", "n", "n"}));
  EXPECT_EQ(s.message.Pattern(),
            "bad ([\\s\\S]*?) of width ([\\s\\S]*?) and \\{braces\\} count ([-+]?\\d+)");
}

TEST(PythonExtractor, PercentWithTupleAndDict) {
  auto sites = Extract(
      "raise KeyError(\"no key %s in %r (%d%%)\" % (key, table, pct))\n"
      "raise OSError(\"%(path)s: %(why)s\" % {\"path\": p, \"why\": reason})\n"
      "raise RuntimeError(\"only one: %s\" % name)\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "no key %s in %r (%d%)");
  EXPECT_EQ(HoleExprs(sites[0]), (std::vector<std::string>{"key", "table", "pct"}));
  EXPECT_EQ(sites[1].message.Display(), "%(path)s: %(why)s");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"p", "reason"}));
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"name"}));
}

TEST(PythonExtractor, FormatPositionalAndKeyword) {
  auto sites = Extract(
      "raise ValueError('{} must be < {limit}, got {0!r} ({{}})'.format(size, limit=max_size))\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "{} must be < {limit}, got {0!r} ({})");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"size", "max_size", "size"}));
}

TEST(PythonExtractor, PlusConcatenationWithStr) {
  auto sites = Extract("raise ValueError('expected ' + str(n) + ' items, got ' + repr(items))\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "expected {str(n)} items, got {repr(items)}");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"n", "repr(items)"}));
}

TEST(PythonExtractor, MessageInLocalVariable) {
  auto sites = Extract(
      "def f(backend):\n"
      "    msg = f'unknown backend {backend}'\n"
      "    msg += '; choose one of: a, b'\n"
      "    if backend not in ('a', 'b'):\n"
      "        raise ValueError(msg)\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "unknown backend {backend}; choose one of: a, b");
  EXPECT_FALSE(s.message_opaque);
  EXPECT_EQ(s.message_origin_note, "message assigned to `msg` at line 2");
}

TEST(PythonExtractor, ModuleConstantMessage) {
  auto sites = Extract(
      "ERR = 'the store is closed'\n"
      "def f():\n"
      "    raise RuntimeError(ERR)\n");
  EXPECT_EQ(Only(sites).message.Display(), "the store is closed");
}

TEST(PythonExtractor, RaiseFromAndBareClass) {
  auto sites = Extract(
      "try:\n"
      "    x()\n"
      "except KeyError as e:\n"
      "    raise LookupError('missing thing') from e\n"
      "raise StopIteration\n"
      "raise\n"
      "raise err\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "missing thing");
  EXPECT_EQ(sites[0].error_class, "LookupError");
  ASSERT_EQ(sites[0].conditions.size(), 1u);
  EXPECT_EQ(sites[0].conditions[0].expr, "except KeyError as e");
  EXPECT_EQ(sites[1].error_class, "StopIteration");
  EXPECT_TRUE(sites[1].message_opaque);
}

TEST(PythonExtractor, HttpErrors) {
  auto sites = Extract(
      "def view(item):\n"
      "    if item is None:\n"
      "        abort(404)\n"
      "    abort(403, description='not yours')\n"
      "    raise HTTPException(status_code=422, detail=f'bad item {item.id}')\n"
      "    raise fastapi.HTTPException(status.HTTP_409_CONFLICT, 'already there')\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].message.Display(), "404 Not Found");
  EXPECT_EQ(sites[1].http_status, 403);
  EXPECT_EQ(sites[1].message.Display(), "not yours");
  EXPECT_EQ(sites[2].http_status, 422);
  EXPECT_EQ(sites[2].message.Display(), "bad item {item.id}");
  EXPECT_EQ(sites[2].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[3].http_status, 409);
  EXPECT_EQ(sites[3].message.Display(), "already there");
}

TEST(PythonExtractor, AssertWarnAndLog) {
  auto sites = Extract(
      "import warnings, logging\n"
      "logger = logging.getLogger(__name__)\n"
      "def f(x):\n"
      "    assert x > 0, f'x must be positive, got {x}'\n"
      "    assert x\n"
      "    warnings.warn('old api', DeprecationWarning, stacklevel=2)\n"
      "    logger.error('failed to load %s: %s', path, err)\n"
      "    logger.info('not an error %s', x)\n"
      "    self.logger.critical('disk full')\n"
      "    msg = 'No supported WebSocket library detected.'\n"
      "    self.logger.warning(msg)\n"
      "    logger.info('Could not connect to %s, retrying', host)\n");
  ASSERT_EQ(sites.size(), 6u);
  // An info line is a site when it states a failure ("not an error" does not).
  EXPECT_EQ(sites[5].message.Display(), "Could not connect to %s, retrying");
  EXPECT_EQ(sites[5].severity, "info");
  EXPECT_EQ(sites[5].line, 12);
  EXPECT_EQ(sites[0].error_class, "AssertionError");
  EXPECT_EQ(sites[0].message.Display(), "x must be positive, got {x}");
  EXPECT_FALSE(sites[0].conditions.empty());
  EXPECT_EQ(sites[1].kind, SiteKind::kWarning);
  EXPECT_EQ(sites[1].severity, "warning");
  EXPECT_EQ(sites[1].error_class, "DeprecationWarning");
  EXPECT_EQ(sites[2].kind, SiteKind::kLog);
  EXPECT_EQ(sites[2].message.Display(), "failed to load %s: %s");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"path", "err"}));
  EXPECT_EQ(sites[3].severity, "critical");
  // A logged warning is a site too, at the log call (users paste them).
  EXPECT_EQ(sites[4].message.Display(), "No supported WebSocket library detected.");
  EXPECT_EQ(sites[4].severity, "warning");
  EXPECT_EQ(sites[4].line, 11);
}

TEST(PythonExtractor, EscapesAndRawStrings) {
  auto sites = Extract(
      "raise ValueError('tab\\there \\'q\\' \\x41\\u00e9 \\\\ end')\n"
      "raise ValueError(r'raw \\d+ stays')\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "tab\there 'q' A\xC3\xA9 \\ end");
  EXPECT_EQ(sites[1].message.Display(), "raw \\d+ stays");
}

TEST(PythonExtractor, PathConditionsElifElseAndEarlyExit) {
  auto sites = Extract(
      "class C:\n"
      "    def m(self, a, b):\n"
      "        # explain the rule\n"
      "        if not a:\n"
      "            return\n"
      "        if b == 1:\n"
      "            pass\n"
      "        elif b == 2:\n"
      "            raise ValueError('two')\n"
      "        else:\n"
      "            raise ValueError('other')\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].function, "C.m");
  ASSERT_EQ(sites[0].conditions.size(), 3u);
  EXPECT_EQ(sites[0].conditions[0].expr, "not a");
  EXPECT_FALSE(sites[0].conditions[0].polarity);
  EXPECT_EQ(sites[0].conditions[1].expr, "b == 1");
  EXPECT_FALSE(sites[0].conditions[1].polarity);
  EXPECT_EQ(sites[0].conditions[2].expr, "b == 2");
  EXPECT_TRUE(sites[0].conditions[2].polarity);
  ASSERT_EQ(sites[1].conditions.size(), 3u);
  EXPECT_FALSE(sites[1].conditions[2].polarity);
  bool has_comment = false;
  for (const SourceNote& n : sites[0].notes) has_comment |= n.text == "explain the rule";
  EXPECT_TRUE(has_comment);
}

TEST(PythonExtractor, DocstringsAndClassDocstring) {
  auto sites = Extract(
      "class QuotaError(Exception):\n"
      "    \"\"\"Raised when a quota is exceeded.\"\"\"\n"
      "def use(n):\n"
      "    \"\"\"Consume n units.\n"
      "\n"
      "    Raises QuotaError past the limit.\n"
      "    \"\"\"\n"
      "    raise QuotaError(f'quota exceeded by {n}')\n");
  const ErrorSite& s = Only(sites);
  ASSERT_GE(s.notes.size(), 2u);
  EXPECT_EQ(s.notes[0].origin, "docstring");
  EXPECT_EQ(s.notes[0].text, "Consume n units.\n\nRaises QuotaError past the limit.");
  EXPECT_EQ(s.notes.back().origin, "class-docstring");
  EXPECT_EQ(s.notes.back().text, "Raised when a quota is exceeded.");
}

TEST(PythonExtractor, SyntaxErrorMidFileKeepsTheRest) {
  bool errs = false;
  auto sites = Extract(
      "def ok():\n"
      "    raise ValueError('before')\n"
      "def broken(:\n"
      "    x = (\n"
      "def later():\n"
      "    raise ValueError('after')\n",
      &errs);
  EXPECT_TRUE(errs);
  ASSERT_GE(sites.size(), 1u);
  EXPECT_EQ(sites[0].message.Display(), "before");
}

TEST(PythonExtractor, OpaqueMessages) {
  auto sites = Extract(
      "def f(msg):\n"
      "    raise ValueError(msg)\n"
      "    raise make_error(x)\n");
  const ErrorSite& s = Only(sites);
  EXPECT_TRUE(s.message_opaque);
  EXPECT_EQ(s.message.Display(), "{msg}");
}

TEST(PythonExtractor, DeepNestingDoesNotCrash) {
  std::string code = "x = ";
  for (int i = 0; i < 5000; ++i) code += "(";
  code += "1";
  for (int i = 0; i < 5000; ++i) code += ")";
  code += "\nraise ValueError('a' + ";
  for (int i = 0; i < 3000; ++i) code += "'b' + ";
  code += "'c')\n";
  auto sites = Extract(code);
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_TRUE(RE2(sites[0].message.Pattern()).ok());
}

// Matches `rendered` against the site's pattern the way the matcher does
// (unanchored search).
TEST(PythonExtractor, MessageAssignedInBothBranchesGivesOneSitePerBranch) {
  auto sites = Extract(
      "def check(name, other, register):\n"
      "    if register:\n"
      "        text = f'cannot add {name!r} under {other!r}.'\n"
      "    else:\n"
      "        text = (\n"
      "            f'found {name!r} below '\n"
      "            f' {other!r}, unsupported.'\n"
      "        )\n"
      "    raise RuntimeError(text)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "cannot add {name!r} under {other!r}.");
  EXPECT_EQ(sites[1].message.Display(), "found {name!r} below  {other!r}, unsupported.");
  // Each points at its branch's assignment, the line that says which case
  // it is (the raise is named in the note).
  EXPECT_EQ(sites[0].line, 3);
  EXPECT_EQ(sites[1].line, 5);
  EXPECT_EQ(sites[1].end_line, 8);
  for (const ErrorSite& s : sites) {
    EXPECT_EQ(s.error_class, "RuntimeError");
    EXPECT_FALSE(s.message_opaque);
  }
  EXPECT_EQ(sites[0].message_origin_note, "message assigned to `text` at line 3; raised at line 9");
  EXPECT_EQ(sites[1].message_origin_note, "message assigned to `text` at line 5; raised at line 9");
  EXPECT_TRUE(Matches(sites[0], "RuntimeError: cannot add 'a' under 'b'."));
}

TEST(PythonExtractor, BranchAssignmentWithoutElseKeepsEarlierValue) {
  // The branch may not run: the earlier text is a second alternative, and an
  // assignment in one branch never reaches a use in a sibling branch.
  auto sites = Extract(
      "def f(x, y):\n"
      "    msg = 'plain failure'\n"
      "    if x:\n"
      "        msg = 'x failure'\n"
      "    if y:\n"
      "        note = 'unused'\n"
      "    else:\n"
      "        raise ValueError(msg)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "plain failure");
  EXPECT_EQ(sites[1].message.Display(), "x failure");
  auto guarded = Extract(
      "def g(a, msg):\n"
      "    if a:\n"
      "        msg = 'only in this branch'\n"
      "    else:\n"
      "        raise ValueError(msg)\n");
  ASSERT_EQ(guarded.size(), 1u);
  EXPECT_TRUE(guarded[0].message_opaque);
}

TEST(PythonExtractor, ConditionalAppendBecomesAHole) {
  auto sites = Extract(
      "def f(x, n):\n"
      "    msg = 'base failure'\n"
      "    if x:\n"
      "        msg += f'; with {n} extra'\n"
      "    msg += '.'\n"
      "    raise ValueError(msg)\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "base failure; with {n} extra.");
  EXPECT_TRUE(Matches(s, "ValueError: base failure."));
  EXPECT_TRUE(Matches(s, "ValueError: base failure; with 3 extra."));
}

TEST(PythonExtractor, NgettextGivesBothForms) {
  auto sites = Extract(
      "def f(opt, n):\n"
      "    raise BadOptionUsage(\n"
      "        opt,\n"
      "        ngettext(\n"
      "            '{name!r} needs a value.',\n"
      "            '{name!r} needs {count} values.',\n"
      "            n,\n"
      "        ).format(name=opt, count=n),\n"
      "    )\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "{name!r} needs a value.");
  EXPECT_EQ(sites[1].message.Display(), "{name!r} needs {count} values.");
  EXPECT_EQ(HoleExprs(sites[1]), (std::vector<std::string>{"opt", "n"}));
  EXPECT_EQ(sites[0].error_class, "BadOptionUsage");
  EXPECT_EQ(sites[0].line, 2);
  EXPECT_TRUE(Matches(sites[1], "Error: '-n' needs 2 values."));
}

TEST(PythonExtractor, ConditionalExpressionAndOrDefault) {
  auto sites = Extract(
      "def f(x, reason):\n"
      "    raise ValueError('mode ' + ('fast' if x else 'slow') + ' failed')\n"
      "    raise KeyError(reason or 'no reason given')\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "mode fast failed");
  EXPECT_EQ(sites[1].message.Display(), "mode slow failed");
  EXPECT_EQ(sites[2].message.Display(), "no reason given");
  EXPECT_EQ(sites[2].line, 3);
}

// httpx's Client.__enter__: the message is picked from a literal table by
// the client's state; each value is a site at the raise. A table spread
// from elsewhere (`**OTHER`) has values not written here: one opaque site.
TEST(PythonExtractor, LiteralTableIndexedInPlace) {
  auto sites = Extract(
      "def enter(self):\n"
      "    msg = {\n"
      "        ClientState.OPENED: 'Cannot open a client instance more than once.',\n"
      "        ClientState.CLOSED: (\n"
      "            'Cannot reopen a client instance, once it has been closed.'\n"
      "        ),\n"
      "    }[self._state]\n"
      "    raise RuntimeError(msg)\n"
      "    raise ValueError(['low', 'high'][level] + ' water mark')\n"
      "    raise KeyError({**OTHER, 'a': 'b'}[k])\n");
  ASSERT_EQ(sites.size(), 5u);
  EXPECT_EQ(sites[0].message.Display(), "Cannot open a client instance more than once.");
  EXPECT_EQ(sites[0].line, 8);
  EXPECT_EQ(sites[1].message.Display(),
            "Cannot reopen a client instance, once it has been closed.");
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_EQ(sites[2].message.Display(), "low water mark");
  EXPECT_EQ(sites[3].message.Display(), "high water mark");
  EXPECT_TRUE(sites[4].message_opaque);
}

TEST(PythonExtractor, AlternativesInsideALargerMessageMergeSoundly) {
  // Too many combinations for one site each: one template whose pattern
  // matches every rendering, displayed as the first alternative.
  auto sites = Extract(
      "def f(a, b, c, d):\n"
      "    raise ValueError(('x' if a else 'y') + ' and ' + ('p' if b else 'q') + ' / ' +\n"
      "                     ('1' if c else '2') + ' / ' + ('u' if d else 'v') + ' end')\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "x and p / 1 / u end");
  for (const char* r : {"x and p / 1 / u end", "y and q / 2 / v end", "x and q / 2 / u end"}) {
    EXPECT_TRUE(Matches(s, r)) << r << " vs " << s.message.Pattern();
  }
}

TEST(PythonExtractor, HelperThatRaisesMakesItsCallsSites) {
  auto sites = Extract(
      "class Kind:\n"
      "    def fail(self, message, param=None):\n"
      "        raise BadParameter(message, param=param)\n"
      "    def convert(self, value, param):\n"
      "        if not value:\n"
      "            self.fail(_('{value!r} is not valid.').format(value=value), param)\n"
      "        self.fail(message=f'bad {value}')\n"
      "        return self.fail('returned failure')\n"
      "        self.fail(value, param)\n"
      "def usage_error(text):\n"
      "    raise UsageError(text)\n"
      "def run():\n"
      "    usage_error('Missing command.')\n"
      "def prefixed(text):\n"
      "    text = 'Error: ' + text\n"
      "    raise UsageError(text)\n"
      "def run2():\n"
      "    prefixed('not a plain pass-through')\n");
  ASSERT_EQ(sites.size(), 7u);
  EXPECT_EQ(sites[6].message.Display(), "Error: {text}");
  EXPECT_EQ(sites[6].line, 16);
  EXPECT_EQ(sites[0].message.Display(), "{message}");  // the helper's own raise
  EXPECT_TRUE(sites[0].message_opaque);
  EXPECT_EQ(sites[1].message.Display(), "{value!r} is not valid.");
  EXPECT_EQ(sites[1].error_class, "BadParameter");
  EXPECT_EQ(sites[1].line, 6);
  EXPECT_EQ(sites[1].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[1].message_origin_note,
            "passed to `fail()`, which raises BadParameter at line 3");
  EXPECT_EQ(sites[2].message.Display(), "bad {value}");
  EXPECT_EQ(sites[3].message.Display(), "returned failure");
  EXPECT_EQ(sites[4].message.Display(), "{text}");
  EXPECT_EQ(sites[5].message.Display(), "Missing command.");
  EXPECT_EQ(sites[5].error_class, "UsageError");
  EXPECT_EQ(sites[5].line, 13);
}

TEST(PythonExtractor, ExceptionClassDefaultMessage) {
  auto sites = Extract(
      "class NoSuchThing(UsageError):\n"
      "    def __init__(self, name, message=None, ctx=None):\n"
      "        if message is None:\n"
      "            message = _('No such thing {name!r}.').format(name=name)\n"
      "        super().__init__(message, ctx)\n"
      "class Plain:\n"
      "    def __init__(self):\n"
      "        super().__init__('not an exception')\n"
      "class OldStyle(Exception):\n"
      "    def __init__(self, path):\n"
      "        Exception.__init__(self, 'cannot open %s' % path)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "No such thing {name!r}.");
  EXPECT_EQ(sites[0].error_class, "NoSuchThing");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[1].message.Display(), "cannot open %s");
  EXPECT_EQ(sites[1].error_class, "OldStyle");
}

// aiohttp's ServerDisconnectedError: the default text is assigned to the
// parameter and stored in `self.args`, with no base `__init__` call.
TEST(PythonExtractor, ExceptionClassDefaultAssignedToItsParameter) {
  auto sites = Extract(
      "class ServerDisconnectedError(ServerConnectionError):\n"
      "    def __init__(self, message=None):\n"
      "        if message is None:\n"
      "            message = \"Server disconnected\"\n"
      "        self.args = (message,)\n"
      "class Timeout(Error):\n"
      "    def __init__(self, reason=None, code=0):\n"
      "        reason = reason or 'timed out'\n"
      "        label = 'not a parameter'\n"
      "        self.reason = reason\n"
      "class Passed(Error):\n"
      "    def __init__(self, message=None):\n"
      "        if message is None:\n"
      "            message = 'passed on'\n"
      "        super().__init__(message)\n"
      "class Record:\n"
      "    def __init__(self, message=None):\n"
      "        message = 'not an exception'\n");
  ASSERT_EQ(sites.size(), 3u);
  std::sort(sites.begin(), sites.end(), [](auto& a, auto& b) { return a.line < b.line; });
  EXPECT_EQ(sites[0].message.Display(), "Server disconnected");
  EXPECT_EQ(sites[0].error_class, "ServerDisconnectedError");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[1].message.Display(), "timed out");
  EXPECT_EQ(sites[1].error_class, "Timeout");
  EXPECT_EQ(sites[1].line, 8);
  EXPECT_EQ(sites[2].message.Display(), "passed on");
  EXPECT_EQ(sites[2].line, 15);
}

// celery binds its logger's methods to bare names at module level and logs
// a module constant through them.
TEST(PythonExtractor, ModuleAliasesOfLoggerMethodsLog) {
  auto sites = Extract(
      "logger = get_logger(__name__)\n"
      "debug, info, warn, error, crit = (logger.debug, logger.info, logger.warning,\n"
      "                                  logger.error, logger.critical)\n"
      "CONNECTION_ERROR = \"\"\"\\\n"
      "consumer: Cannot connect to %s: %s.\n"
      "%s\n"
      "\"\"\"\n"
      "def handler(conn, exc, next_step):\n"
      "    error(CONNECTION_ERROR, conn.as_uri(), exc, next_step)\n"
      "    info('connected to %s', conn)\n"
      "    crit('worker lost: %r', exc)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "consumer: Cannot connect to %s: %s.\n%s");
  EXPECT_EQ(sites[0].line, 9);
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_TRUE(Matches(sites[0],
                      "consumer: Cannot connect to amqp://guest:**@127.0.0.1:5672//: [Errno 111] "
                      "Connection refused.\nTrying again in 2.00 seconds... (1/100)"));
  EXPECT_EQ(sites[1].message.Display(), "worker lost: %r");
  EXPECT_EQ(sites[1].severity, "critical");
}

TEST(PythonExtractor, HttpErrorWithoutStatusIsAnOrdinaryException) {
  auto sites = Extract(
      "def check(code, url):\n"
      "    raise HTTPError(f'{code} Client Error for url: {url}', response=None)\n"
      "    raise HTTPException(description='gone for good')\n"
      "    raise HTTPException(status.HTTP_404_NOT_FOUND)\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].message.Display(), "{code} Client Error for url: {url}");
  EXPECT_EQ(sites[0].error_class, "HTTPError");
  EXPECT_EQ(sites[0].kind, SiteKind::kRaise);
  EXPECT_EQ(sites[1].message.Display(), "gone for good");
  EXPECT_EQ(sites[2].http_status, 404);
  EXPECT_EQ(sites[2].message.Display(), "404 Not Found");
}

TEST(PythonExtractor, WithTracebackUnwrapped) {
  auto sites = Extract(
      "try:\n"
      "    x()\n"
      "except TypeError as e:\n"
      "    raise TypeError(\n"
      "        f'{e}\\nthe view returned a {type(rv).__name__}.'\n"
      "    ).with_traceback(sys.exc_info()[2]) from None\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(), "{e}\nthe view returned a {type(rv).__name__}.");
  EXPECT_EQ(s.error_class, "TypeError");
  EXPECT_EQ(s.line, 4);
}

TEST(PythonExtractor, ClosureVariableAndParameterShadowing) {
  auto sites = Extract(
      "MSG = 'module text'\n"
      "def outer(local, unbound=None):\n"
      "    if unbound is None:\n"
      "        unbound = 'object is not bound'\n"
      "    def get():\n"
      "        raise RuntimeError(unbound)\n"
      "    return get\n"
      "def shadow(MSG):\n"
      "    raise ValueError(MSG)\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].message.Display(), "object is not bound");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_TRUE(sites[1].message_opaque);  // the parameter, not the module constant
}

TEST(PythonExtractor, DedentStripJoinAndDebugSpecifier) {
  auto sites = Extract(
      "import textwrap\n"
      "def f(x, y):\n"
      "    raise ValueError(textwrap.dedent('''\\\n"
      "        first line\n"
      "          indented\n"
      "        last'''))\n"
      "    raise ValueError('  padded text \\n'.strip())\n"
      "    raise ValueError(', '.join(['alpha', f'beta {y}']))\n"
      "    raise ValueError(f'bad {x=} and {y = !r}')\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].message.Display(), "first line\n  indented\nlast");
  EXPECT_EQ(sites[1].message.Display(), "padded text");
  // Holes on the indented lines (jsonschema's UnknownType.__str__).
  auto holes = Extract(
      "from textwrap import dedent\n"
      "def f(t, schema):\n"
      "    raise ValueError(dedent(\n"
      "        f'''\\\n"
      "        Unknown type {t!r} for validator with schema:\n"
      "            {schema}\n"
      "\n"
      "        While checking instance:\n"
      "            {t}\n"
      "        '''.rstrip(),\n"
      "    ))\n");
  ASSERT_EQ(holes.size(), 1u);
  EXPECT_EQ(holes[0].message.Display(),
            "Unknown type {t!r} for validator with schema:\n    {schema}\n\nWhile checking "
            "instance:\n    {t}");
  EXPECT_TRUE(Matches(holes[0],
                      "Unknown type 'flooglekins' for validator with schema:\n    {'type': "
                      "'flooglekins'}\n\nWhile checking instance:\n    'foo'"));
  auto blank_end = Extract("raise ValueError(('  ' + f'{x} end').strip())\n");
  ASSERT_EQ(blank_end.size(), 1u);
  EXPECT_TRUE(Matches(blank_end[0], "end"));  // x == ''

  EXPECT_EQ(sites[2].message.Display(), "alpha, beta {y}");
  EXPECT_EQ(sites[3].message.Display(), "bad x={x=} and y = {y = !r}");
  EXPECT_EQ(sites[3].message.Pattern(), "bad x=([\\s\\S]*?) and y = ([\\s\\S]*?)");
  EXPECT_TRUE(Matches(sites[3], "bad x=3 and y = 'q'"));
}

TEST(PythonExtractor, NamedUnicodeEscapes) {
  auto sites = Extract(
      "raise ValueError('a \\N{BULLET} b \\N{em dash} c \\N{LATIN SMALL LETTER A WITH RING ABOVE} "
      "d')\n");
  const ErrorSite& s = Only(sites);
  EXPECT_EQ(s.message.Display(),
            "a \xE2\x80\xA2 b \xE2\x80\x94 c \\N{LATIN SMALL LETTER A WITH RING ABOVE} d");
  EXPECT_TRUE(Matches(s, "a \xE2\x80\xA2 b \xE2\x80\x94 c \xC3\xA5 d"));
}

TEST(PythonExtractor, AssertAndWarnWithAlternatives) {
  auto sites = Extract(
      "def f(x, strict):\n"
      "    assert x, 'strict check failed' if strict else 'loose check failed'\n"
      "    warnings.warn('old' if x else f'older {x}', DeprecationWarning)\n");
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[0].message.Display(), "strict check failed");
  EXPECT_EQ(sites[1].message.Display(), "loose check failed");
  EXPECT_EQ(sites[1].error_class, "AssertionError");
  EXPECT_EQ(sites[2].message.Display(), "old");
  EXPECT_EQ(sites[3].message.Display(), "older {x}");
  EXPECT_EQ(sites[3].kind, SiteKind::kWarning);
}

// Text handed to another library under a keyword that names it as the error
// message (flask's `LocalProxy(.., unbound_message=_no_app_msg)`, WTForms'
// validators): a site at the keyword's line, reported by the callee. Prompts,
// commit and log messages, and this file's own functions are not.
TEST(PythonExtractor, MessageKeywordsHandedToOtherCallables) {
  auto sites = Extract(
      "_no_app_msg = \"Working outside of application context.\"\n"
      "current_app = LocalProxy(\n"
      "    _cv_app, \"app\", unbound_message=_no_app_msg\n"
      ")\n"
      "class LoginForm(Form):\n"
      "    name = StringField(\"Name\", validators=[DataRequired(message=\"Enter a name.\")])\n"
      "def own(x, msg):\n"
      "    raise ValueError(msg)\n"
      "def setup(repo):\n"
      "    ask(repo, success_message=\"All good\")\n"
      "    repo.commit_file(message=\"Bump version\")\n"
      "    own(1, msg=\"linked elsewhere\")\n");
  std::vector<std::string> got;
  for (const ErrorSite& s : sites) {
    if (s.handed_to.empty()) continue;
    got.push_back(std::to_string(s.line) + " " + s.handed_to + ": " + s.message.Display());
  }
  EXPECT_EQ(got, (std::vector<std::string>{
                     "3 LocalProxy: Working outside of application context.",
                     "6 DataRequired: Enter a name.",
                 }));
  for (const ErrorSite& s : sites) {
    if (s.line == 3) {
      EXPECT_EQ(s.message_origin_note,
                "message assigned to `_no_app_msg` at line 1; passed as `unbound_message=` to "
                "`LocalProxy()`, which reports it");
    }
  }
}

// An f-string's `{name}` of a local assigned text in branches takes each
// text; `{x!r}` and locals of no known text stay holes.
TEST(PythonExtractor, FStringTakesTheTextOfItsLocals) {
  auto sites = Extract(
      "def check(kind, value):\n"
      "    if kind == 'a':\n"
      "        what = 'Missing argument'\n"
      "    else:\n"
      "        what = 'Missing option'\n"
      "    hint = compute(value)\n"
      "    raise ValueError(f\"{what} {hint}: {value!r}\")\n");
  std::vector<std::string> got;
  for (const ErrorSite& s : sites) got.push_back(s.message.Display());
  EXPECT_EQ(got, (std::vector<std::string>{"Missing argument {hint}: {value!r}",
                                           "Missing option {hint}: {value!r}"}));
}

// pip writes its diagnostics in rich markup; the terminal shows them without
// the tags. A bracket in plain text (no closing tag anywhere) is kept.
TEST(PythonExtractor, RichMarkupIsShownWithoutItsTags) {
  auto sites = Extract(
      "class InstallationSubprocessError(DiagnosticPipError):\n"
      "    def __init__(self, *, command_description, exit_code):\n"
      "        super().__init__(\n"
      "            message=(\n"
      "                f\"[green]{escape(command_description)}[/] did not run successfully.\\n\"\n"
      "                f\"exit code: {exit_code}\"\n"
      "            ),\n"
      "        )\n"
      "\n"
      "def f(x):\n"
      "    raise ValueError(R\"[bold red]\\[end of output][/bold red]\")\n"
      "\n"
      "def g(x):\n"
      "    raise ValueError(f\"expected [x] got {x}\")\n");
  std::vector<std::string> got;
  for (const ErrorSite& s : sites) got.push_back(s.message.Display());
  EXPECT_EQ(got, (std::vector<std::string>{
                     "{escape(command_description)} did not run successfully.\nexit code: "
                     "{exit_code}",
                     "[end of output]", "expected [x] got {x}"}));
}

// pip's dependency-conflict report: a header chosen by branch, then one line
// per conflict appended in loops, joined with newlines and logged.
TEST(PythonExtractor, JoinedListOfAppendedParts) {
  auto sites = Extract(
      "def warn(missing, variant):\n"
      "    parts = []\n"
      "    if variant == 'legacy':\n"
      "        parts.append('legacy resolver: conflicts follow.')\n"
      "    else:\n"
      "        parts.append('resolver: conflicts follow.')\n"
      "    for name in missing:\n"
      "        parts.append(f'{name} requires {dep}, which is not installed.')\n"
      "    logger.critical('\\n'.join(parts))\n"
      "\n"
      "def plain(x):\n"
      "    lines = ['Usage:']\n"
      "    lines.append('bad option')\n"
      "    raise UsageError(' '.join(lines))\n");
  std::vector<std::string> got;
  for (const ErrorSite& s : sites) got.push_back(s.message.Display());
  EXPECT_EQ(got, (std::vector<std::string>{
                     "legacy resolver: conflicts follow.\n{name} requires {dep}, which is not "
                     "installed.",
                     "resolver: conflicts follow.\n{name} requires {dep}, which is not installed.",
                     "Usage: bad option"}));
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[1].line, 9);
  RE2 re(sites[1].message.Pattern());
  EXPECT_TRUE(
      RE2::FullMatch("resolver: conflicts follow.\na 1.0 requires b<2, which is not "
                     "installed.\nc requires d, which is not installed.",
                     re))
      << sites[1].message.Pattern();
  EXPECT_TRUE(RE2::FullMatch("resolver: conflicts follow.", re));
}

// `error = X(...); log(error); raise error` raises what the local holds;
// `except E as err: raise err` (a caught value) stays a re-raise.
TEST(PythonExtractor, RaiseOfALocalHoldingANewException) {
  auto sites = Extract(
      "def run(cmd, proc):\n"
      "    error = BuildError(f'{cmd} did not run successfully.')\n"
      "    log(error)\n"
      "    raise error\n"
      "\n"
      "def again():\n"
      "    try:\n"
      "        go()\n"
      "    except OSError as err:\n"
      "        raise err\n"
      "\n"
      "def maybe(x):\n"
      "    if x:\n"
      "        err = ValueError('one')\n"
      "    raise err\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_EQ(sites[0].error_class, "BuildError");
  EXPECT_EQ(sites[0].message.Display(), "{cmd} did not run successfully.");
}

// docker-py's `APIError.__str__` writes its own text in branches (a
// client or a server error) from a field the constructor keeps: each text
// is a site of the class at the branch's assignment; a text that only
// renders a field the constructor fills stays with the constructions.
TEST(PythonExtractor, StrMethodTextsAreSitesOfTheirClass) {
  auto sites = Extract(
      "class APIError(Exception):\n"                                         // 1
      "    def __init__(self, message, response=None, explanation=None):\n"  // 2
      "        super().__init__(message)\n"                                  // 3
      "        self.response = response\n"                                   // 4
      "        self.explanation = explanation\n"                             // 5
      "\n"                                                                   // 6
      "    def __str__(self):\n"                                             // 7
      "        message = super().__str__()\n"                                // 8
      "        if self.is_client_error():\n"                                 // 9
      "            message = (\n"                                            // 10
      "                f'{self.response.status_code} Client Error for '\n"   // 11
      "                f'{self.response.url}: {self.response.reason}'\n"     // 12
      "            )\n"                                                      // 13
      "        elif self.is_server_error():\n"                               // 14
      "            message = f'{self.response.status_code} Server Error'\n"  // 15
      "        if self.explanation:\n"                                       // 16
      "            message = f'{message} (\"{self.explanation}\")'\n"        // 17
      "        return message\n"                                             // 18
      "\n"                                                                   // 19
      "class Gone(Exception):\n"                                             // 20
      "    def __init__(self, name):\n"                                      // 21
      "        self.name = name\n"                                           // 22
      "    def __str__(self):\n"                                             // 23
      "        return f'context {self.name} not found'\n"                    // 24
      "\n"                                                                   // 25
      "class Plain:\n"                                                       // 26
      "    def __str__(self):\n"                                             // 27
      "        return 'a plain object here'\n");                             // 28
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].error_class, "APIError");
  EXPECT_EQ(sites[0].line, 10);
  EXPECT_EQ(sites[0].message.Display(),
            "{self.response.status_code} Client Error for {self.response.url}: "
            "{self.response.reason}");
  EXPECT_TRUE(Matches(sites[0],
                      "404 Client Error for http+docker://localhost/v1.41/containers/create: "
                      "Not Found (\"No such image: swpwn:20.04\")"));
  EXPECT_EQ(sites[0].message_origin_note, "the text `APIError.__str__` returns at line 18");
  EXPECT_EQ(sites[1].line, 15);
  EXPECT_EQ(sites[1].message.Display(), "{self.response.status_code} Server Error");
}

}  // namespace
}  // namespace errdex
