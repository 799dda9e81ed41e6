// Link for Go: wrappers whose parameter reaches an error return, a panic, a
// leveled log or a print to a user-facing writer, called with text from
// other functions and files. Asserted on the exact composed message, the
// call-site line and file. Fixtures are written for these tests, after gin,
// go-yaml and cobra.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

const char* kDebugGo =
    "package gin\n"
    "\n"
    "import (\n"
    "\t\"fmt\"\n"
    "\t\"strings\"\n"
    ")\n"
    "\n"
    "func debugPrint(format string, values ...any) {\n"
    "\tif !IsDebugging() {\n"
    "\t\treturn\n"
    "\t}\n"
    "\tif !strings.HasSuffix(format, \"\\n\") {\n"
    "\t\tformat += \"\\n\"\n"
    "\t}\n"
    "\tfmt.Fprintf(DefaultWriter, \"[GIN-debug] \"+format, values...)\n"
    "}\n"
    "\n"
    "func debugPrintWARNINGNew() {\n"
    "\tdebugPrint(`[WARNING] Running in \"debug\" mode.`)\n"
    "}\n"
    "\n"
    "func debugFatal(msg string) {\n"
    "\tdebugPrint(\"[ERROR] \" + msg)\n"
    "}\n"
    "\n"
    "func debugTrace(msg string) {\n"
    "\tlogger.Debugf(\"trace: %s\", msg)\n"
    "}\n"
    "\n"
    "func checkMode(mode string) error {\n"
    "\tif mode == \"\" {\n"
    "\t\treturn errors.New(\"gin mode unknown\")\n"
    "\t}\n"
    "\treturn nil\n"
    "}\n";

const char* kGinGo =
    "package gin\n"
    "\n"
    "func (engine *Engine) Run(addr ...string) (err error) {\n"
    "\tif engine.isUnsafeTrustedProxies() {\n"
    "\t\tdebugPrint(\"[WARNING] You trusted all proxies, this is NOT safe.\\n\" +\n"
    "\t\t\t\"Please check the docs for details.\")\n"
    "\t}\n"
    "\taddress := resolveAddress(addr)\n"
    "\tdebugPrint(\"Listening and serving HTTP on %s\\n\", address)\n"
    "\tdebugFatal(\"cannot bind the port\")\n"
    "\tdebugTrace(\"entering the run loop\")\n"
    "\treturn checkMode(\"release mode is not set\")\n"
    "}\n";

// A direct wrapper adding a prefix, called with literal text and with a
// format and arguments from another file of the package.
TEST(LinkGo, PrintWrapperWithPrefixComposesAtTheCall) {
  Linked r = Link({{"debug.go", kDebugGo}, {"gin.go", kGinGo}});
  const ErrorSite* s = r.Find("gin.go", 5,
                              "[GIN-debug] [WARNING] You trusted all proxies, this is NOT "
                              "safe.\nPlease check the docs for details.");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->function, "Engine.Run");
  EXPECT_NE(s->message_origin_note.find("debug.go:8"), std::string::npos) << s->message_origin_note;
  EXPECT_TRUE(Matches(*s,
                      "[GIN-debug] [WARNING] You trusted all proxies, this is NOT safe.\n"
                      "Please check the docs for details."));
  const ErrorSite* f = r.Find("gin.go", 9, "[GIN-debug] Listening and serving HTTP on %s\n");
  ASSERT_NE(f, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*f, "[GIN-debug] Listening and serving HTTP on :8080\n"));
  // The wrapper's own file: a function without parameters passing text.
  ASSERT_NE(r.Find("debug.go", 19, "[GIN-debug] [WARNING] Running in \"debug\" mode."), nullptr)
      << Dump(r);
}

// A wrapper of the wrapper: its callers' text gets both prefixes.
TEST(LinkGo, TransitiveWrapperComposesBothPrefixes) {
  Linked r = Link({{"debug.go", kDebugGo}, {"gin.go", kGinGo}});
  ASSERT_NE(r.Find("gin.go", 10, "[GIN-debug] [ERROR] cannot bind the port"), nullptr) << Dump(r);
}

// A debug-level logger and a parameter used only in a condition are not
// sinks: their callers' text is not a message.
TEST(LinkGo, DebugLogsAndConditionsDoNotLink) {
  Linked r = Link({{"debug.go", kDebugGo}, {"gin.go", kGinGo}});
  EXPECT_EQ(r.CountAt("gin.go", 11), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("gin.go", 12), 0) << Dump(r);
}

// go-yaml's failf: a format handed to fmt.Errorf with a prefix, panicked
// with the variadic arguments passed on; the call's format is filled from
// its own arguments.
TEST(LinkGo, FormatWrapperFillsTheCallersArguments) {
  Linked r = Link({{"yaml.go",
                    "package yaml\n"
                    "\n"
                    "func failf(format string, args ...interface{}) {\n"
                    "\tpanic(yamlError{fmt.Errorf(\"yaml: \"+format, args...)})\n"
                    "}\n"},
                   {"decode.go",
                    "package yaml\n"
                    "\n"
                    "func (p *parser) peek() {\n"
                    "\tif p.done {\n"
                    "\t\tfailf(\"attempted to go past the end of stream; corrupted value?\")\n"
                    "\t}\n"
                    "\tfailf(\"unknown anchor '%s' referenced\", n.Value)\n"
                    "}\n"},
                   {"other/fail.go",
                    "package other\n"
                    "\n"
                    "func run() {\n"
                    "\tfailf(\"not the yaml package\")\n"
                    "}\n"}});
  ASSERT_NE(
      r.Find("decode.go", 5, "yaml: attempted to go past the end of stream; corrupted value?"),
      nullptr)
      << Dump(r);
  const ErrorSite* s = r.Find("decode.go", 7, "yaml: unknown anchor '%s' referenced");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "yaml: unknown anchor 'x' referenced"));
  // Another package's `failf` is not this one.
  EXPECT_EQ(r.CountAt("other/fail.go", 4), 0) << Dump(r);
}

// cobra's PrintErrf -> PrintErr -> fmt.Fprint(c.ErrOrStderr(), i...): a
// method chain through the receiver, the format filled at the caller.
TEST(LinkGo, MethodChainToStderr) {
  Linked r = Link({{"command.go",
                    "package cobra\n"
                    "\n"
                    "func (c *Command) PrintErr(i ...interface{}) {\n"
                    "\tfmt.Fprint(c.ErrOrStderr(), i...)\n"
                    "}\n"
                    "\n"
                    "func (c *Command) PrintErrf(format string, i ...interface{}) {\n"
                    "\tc.PrintErr(fmt.Sprintf(format, i...))\n"
                    "}\n"},
                   {"args.go",
                    "package cobra\n"
                    "\n"
                    "func (c *Command) check(err error) {\n"
                    "\tc.PrintErrf(\"Error: %v\\n\", err)\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("args.go", 4, "Error: %v\n");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "Error: something failed\n"));
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

// go-yaml (after libyaml) keeps a parse error as state: a setter stores its
// `problem` parameter in the parser, and the caller's text is what `yaml:
// line N: ...` later prints. Each call with text is a site at the call.
TEST(LinkGo, ErrorStateSetterIsASink) {
  Linked r = Link({{"parserc.go", R"SRC(package yaml

func yaml_parser_set_parser_error_context(parser *yaml_parser_t, context string, context_mark yaml_mark_t, problem string, problem_mark yaml_mark_t) bool {
	parser.error = yaml_PARSER_ERROR
	parser.context = context
	parser.problem = problem
	parser.problem_mark = problem_mark
	return false
}

func yaml_parser_parse_block_sequence_entry(parser *yaml_parser_t, first bool) bool {
	token := peek_token(parser)
	return yaml_parser_set_parser_error_context(parser,
		"while parsing a block collection", parser.marks[0],
		"did not find expected '-' indicator", token.start_mark)
}

func (p *parser) remember(context string) {
	p.context = context
}

func use(p *parser) {
	p.remember("a context is no error")
}
)SRC"}});
  ASSERT_EQ(r.At("parserc.go", 13).size(), 1u) << Dump(r);
  const ErrorSite* s = r.At("parserc.go", 13)[0];
  EXPECT_EQ(s->message.Display(), "did not find expected '-' indicator");
  EXPECT_EQ(s->function, "yaml_parser_parse_block_sequence_entry");
  EXPECT_TRUE(r.At("parserc.go", 22).empty()) << Dump(r);
}

// A sentinel error wrapped with `%w` in another file of the repository
// prints the sentinel's text there (gorm's ErrUnsupportedDataType).
TEST(LinkGo, WrappedSentinelPrintsItsText) {
  Linked r = Link({{"schema/errors.go",
                    "package schema\n"
                    "\n"
                    "var ErrUnsupportedDataType = errors.New(\"unsupported data type\")\n"},
                   {"schema/schema.go",
                    "package schema\n"
                    "\n"
                    "func Parse(dest interface{}) (*Schema, error) {\n"
                    "\tif kind != reflect.Struct {\n"
                    "\t\treturn nil, fmt.Errorf(\"%w: %+v\", ErrUnsupportedDataType, dest)\n"
                    "\t}\n"
                    "\treturn nil, nil\n"
                    "}\n"}});
  const ErrorSite* s = r.Find("schema/schema.go", 5, "unsupported data type: %+v");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "unsupported data type: &[]"));
}

// pgx builds its per-dial errors with a closure assigned to a local name:
// each call of the closure with text is a record there, composed through
// the closure's fmt.Errorf. An unnamed closure still belongs to its function.
TEST(LinkGo, ClosureAssignedToALocalNameIsASink) {
  Linked r =
      Link({{"pgconn/pgconn.go",
             "package pgconn\n"
             "\n"
             "import \"fmt\"\n"
             "\n"
             "func connectOne(address string, dial func() error) error {\n"
             "\tnewPerDialConnectError := func(msg string, err error) error {\n"
             "\t\treturn &perDialConnectError{address: address, err: fmt.Errorf(\"%s: %w\", msg, "
             "err)}\n"
             "\t}\n"
             "\tif err := dial(); err != nil {\n"
             "\t\treturn newPerDialConnectError(\"dial error\", err)\n"
             "\t}\n"
             "\tgo func() {\n"
             "\t\tpanic(fmt.Sprintf(\"closing %s\", address))\n"
             "\t}()\n"
             "\treturn nil\n"
             "}\n"}});
  const ErrorSite* s = r.Find("pgconn/pgconn.go", 10, "dial error: {err}");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "dial error: dial tcp 127.0.0.1:5432: connect: connection refused"));
  EXPECT_NE(r.Find("pgconn/pgconn.go", 13, "closing %s"), nullptr) << Dump(r);
}

// gorilla/websocket's Upgrade returns `u.returnError(w, r, status, "text")`
// and returnError builds `HandshakeError{reason}`, whose Error() is the
// field: each call with text is a record at the call, of the struct's
// type. A struct whose parameter fields are details (`Op`, `Path`) makes
// no sink, so a call passing "open" records nothing.
TEST(LinkGo, ErrorStructBuiltFromAParameterIsASink) {
  Linked r = Link({{"server.go",
                    "package websocket\n"
                    "\n"
                    "type HandshakeError struct {\n"
                    "\tmessage string\n"
                    "}\n"
                    "\n"
                    "func (e HandshakeError) Error() string { return e.message }\n"
                    "\n"
                    "func (u *Upgrader) returnError(w http.ResponseWriter, status int, reason "
                    "string) (*Conn, error) {\n"
                    "\terr := HandshakeError{reason}\n"
                    "\thttp.Error(w, http.StatusText(status), status)\n"
                    "\treturn nil, err\n"
                    "}\n"
                    "\n"
                    "func (u *Upgrader) Upgrade(w http.ResponseWriter, r *http.Request) (*Conn, "
                    "error) {\n"
                    "\tif !u.checkOrigin(r) {\n"
                    "\t\treturn u.returnError(w, http.StatusForbidden, \"websocket: request origin "
                    "not allowed by Upgrader.CheckOrigin\")\n"
                    "\t}\n"
                    "\treturn nil, newPathError(\"open\", r.URL.Path)\n"
                    "}\n"
                    "\n"
                    "func newPathError(op string, path string) error {\n"
                    "\treturn &PathError{Op: op, Path: path}\n"
                    "}\n"}});
  const ErrorSite* s =
      r.Find("server.go", 17, "websocket: request origin not allowed by Upgrader.CheckOrigin");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "HandshakeError");
  EXPECT_EQ(s->function, "Upgrader.Upgrade");
  EXPECT_EQ(r.Find("server.go", 19, "open"), nullptr) << Dump(r);
}

}  // namespace
}  // namespace errdex
