// Go extractor: every idiom of issue 6, asserted on the exact message, line,
// class, status and pattern a user will see.
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

std::vector<ErrorSite> Extract(const std::string& code) {
  return ExtractFile("pkg/store/store.go", code, "go");
}

TEST(GoExtractor, ErrorfVerbsAndWrapping) {
  auto sites = Extract(
      "package store\n"
      "\n"
      "func (s *Store) Open(name string, n int) error {\n"
      "\tf, err := os.Open(name)\n"
      "\tif err != nil {\n"
      "\t\t// The file must exist before Open.\n"
      "\t\treturn fmt.Errorf(\"open %q (%d of %[2]d, %T, %+v, 100%%): %w\",\n"
      "\t\t\tname, n, f, s, err)\n"
      "\t}\n"
      "\treturn nil\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  const ErrorSite& s = sites[0];
  EXPECT_EQ(s.message.Display(), "open %q (%d of %[2]d, %T, %+v, 100%): %w");
  EXPECT_EQ(HoleExprs(s), (std::vector<std::string>{"name", "n", "n", "f", "s", "err"}));
  EXPECT_EQ(s.line, 7);
  EXPECT_EQ(s.end_line, 8);
  EXPECT_EQ(s.function, "Store.Open");
  ASSERT_EQ(s.conditions.size(), 1u);
  EXPECT_EQ(s.conditions[0].expr, "err != nil");
  ASSERT_FALSE(s.notes.empty());
  EXPECT_EQ(s.notes[0].text, "The file must exist before Open.");
  // %w: the wrapped error's text follows and is matched by the last hole.
  RE2 re(s.message.Pattern());
  ASSERT_TRUE(re.ok());
  EXPECT_TRUE(RE2::PartialMatch(
      "open \"a b\" (3 of 3, *os.File, &{x:1}, 100%): read a: permission denied\nmore", re));
  EXPECT_TRUE(RE2::PartialMatch("open \"a\" (%!d(string=x) of 1, <nil>, {}, 100%): ", re));
}

// go-playground/validator panics with a package constant formatted and
// trimmed: `panic(strings.TrimSpace(fmt.Sprintf(undefinedValidation, ..)))`.
TEST(GoExtractor, TrimmedFormattedConstantPanics) {
  auto sites = Extract(
      "package validator\n"
      "\n"
      "const undefinedValidation = \"Undefined validation function '%s' on field '%s'\"\n"
      "\n"
      "func parse(tag, fieldName string) {\n"
      "\tpanic(strings.TrimSpace(fmt.Sprintf(undefinedValidation, tag, fieldName)))\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "Undefined validation function '%s' on field '%s'");
  EXPECT_EQ(sites[0].line, 6);
  EXPECT_TRUE(Matches(sites[0], "Undefined validation function 'boolean' on field 'IsVisible'"));
}

TEST(GoExtractor, SentinelsRecordedAtDeclaration) {
  auto sites = Extract(
      "package store\n"
      "\n"
      "var (\n"
      "\t// ErrNotFound is returned when a key is absent.\n"
      "\tErrNotFound = errors.New(\"store: key not found\")\n"
      "\tErrClosed   = errors.New(`store: closed`)\n"
      ")\n"
      "\n"
      "func get(k string) (string, error) {\n"
      "\tif k == \"\" {\n"
      "\t\treturn \"\", ErrNotFound\n"
      "\t}\n"
      "\treturn \"\", fmt.Errorf(\"get %s: %w\", k, ErrNotFound)\n"
      "}\n");
  ASSERT_EQ(sites.size(), 3u);
  EXPECT_EQ(sites[0].error_class, "ErrNotFound");
  EXPECT_EQ(sites[0].message.Display(), "store: key not found");
  EXPECT_EQ(sites[0].line, 5);
  EXPECT_EQ(sites[0].function, "");
  EXPECT_NE(sites[0].message_origin_note.find("returned at lines 11, 13"), std::string::npos)
      << sites[0].message_origin_note;
  EXPECT_EQ(sites[0].notes.at(0).text, "ErrNotFound is returned when a key is absent.");
  EXPECT_EQ(sites[1].error_class, "ErrClosed");
  EXPECT_EQ(sites[1].message.Display(), "store: closed");
  EXPECT_EQ(sites[2].message.Display(), "get %s: %w");
  EXPECT_EQ(HoleExprs(sites[2]), (std::vector<std::string>{"k", "ErrNotFound"}));
}

// go-redis: `const Nil = RedisError("redis: nil")`, a string type with an
// Error method, is a sentinel like errors.New; a conversion to a type
// without one (`Name("x")`) is not.
TEST(GoExtractor, StringErrorTypeSentinel) {
  auto sites = Extract(
      "package proto\n"
      "\n"
      "const Nil = RedisError(\"redis: nil\")\n"
      "const Other = Name(\"not an error\")\n"
      "\n"
      "type RedisError string\n"
      "type Name string\n"
      "\n"
      "func (e RedisError) Error() string { return string(e) }\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].error_class, "Nil");
  EXPECT_EQ(sites[0].message.Display(), "redis: nil");
  EXPECT_EQ(sites[0].line, 3);
}

TEST(GoExtractor, CustomErrorTypeMethods) {
  auto sites = Extract(
      "package store\n"
      "\n"
      "type ParseError struct{ Line int; Msg string }\n"
      "\n"
      "func (e *ParseError) Error() string {\n"
      "\tif e.Line == 0 {\n"
      "\t\treturn \"parse error: \" + e.Msg\n"
      "\t}\n"
      "\treturn fmt.Sprintf(\"line %d: %s\", e.Line, e.Msg)\n"
      "}\n"
      "\n"
      "func (e ParseError) String() string { return \"not an error method\" }\n");
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].error_class, "ParseError");
  EXPECT_EQ(sites[0].message.Display(), "parse error: {e.Msg}");
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[0].function, "ParseError.Error");
  EXPECT_EQ(sites[1].message.Display(), "line %d: %s");
  EXPECT_EQ(sites[1].message.Pattern(), "line ([\\s\\S]*?): ([\\s\\S]*?)");
  EXPECT_EQ(sites[1].line, 9);
}

TEST(GoExtractor, PanicFatalHttpAndVariables) {
  auto sites = Extract(
      "package store\n"
      "\n"
      "const prefix = \"store: \"\n"
      "\n"
      "func serve(w http.ResponseWriter, id string) {\n"
      "\tmsg := prefix + \"no such id \" + id\n"
      "\thttp.Error(w, msg, http.StatusNotFound)\n"
      "\thttp.Error(w, \"bad\\tinput\\x21\", 400)\n"
      "\tpanic(fmt.Sprintf(\"unreachable: %v\", id))\n"
      "\tpanic(errors.New(\"boom\"))\n"
      "\tpanic(err)\n"
      "\tlog.Fatalf(\"listen on %s: %v\", addr, err)\n"
      "\tlog.Fatal(\"cannot start: \", err)\n"
      "\treturn errors.Wrapf(err, \"read %s\", id)\n"
      "\treturn status.Errorf(codes.NotFound, \"user %s not found\", id)\n"
      "}\n");
  ASSERT_EQ(sites.size(), 8u);
  EXPECT_EQ(sites[0].message.Display(), "store: no such id {id}");
  EXPECT_EQ(sites[0].http_status, 404);
  EXPECT_EQ(sites[0].kind, SiteKind::kHttp);
  EXPECT_EQ(sites[0].line, 7);
  EXPECT_EQ(sites[1].message.Display(), "bad\tinput!");
  EXPECT_EQ(sites[1].http_status, 400);
  EXPECT_EQ(sites[2].message.Display(), "unreachable: %v");
  EXPECT_EQ(sites[2].error_class, "panic");
  EXPECT_EQ(sites[3].message.Display(), "boom");
  EXPECT_EQ(sites[4].message.Display(), "listen on %s: %v");
  EXPECT_EQ(sites[4].kind, SiteKind::kLog);
  EXPECT_EQ(sites[4].severity, "critical");
  EXPECT_EQ(sites[5].message.Display(), "cannot start: {err}");
  EXPECT_EQ(sites[6].message.Display(), "read %s: {err}");
  EXPECT_EQ(sites[7].message.Display(), "user %s not found");
  EXPECT_EQ(sites[7].error_class, "status.NotFound");
  EXPECT_EQ(sites[7].line, 15);
}

// A local assigned in each case of a switch (or each branch of an if/else)
// before `errors.New(msg)` / `fmt.Errorf("..: %s", msg)`: each branch is a
// message users see, recorded at the call, noted "message i of n".
TEST(GoExtractor, LocalAssignedInBranchesGivesOneSiteEach) {
  auto sites = Extract(
      "package store\n"
      "\n"
      "func check(kind int) error {\n"
      "\tvar msg string\n"
      "\tswitch kind {\n"
      "\tcase 1:\n"
      "\t\tmsg = \"unknown column reference\"\n"
      "\tdefault:\n"
      "\t\tmsg = \"bad column reference\"\n"
      "\t}\n"
      "\treturn errors.New(msg)\n"
      "}\n"
      "\n"
      "func open(quiet bool) error {\n"
      "\treason := \"store is locked\"\n"
      "\tif quiet {\n"
      "\t\treason = \"store is read-only\"\n"
      "\t}\n"
      "\treturn errors.New(reason)\n"
      "}\n");
  ASSERT_EQ(sites.size(), 4u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[0].message.Display(), "unknown column reference");
  EXPECT_EQ(sites[1].message.Display(), "bad column reference");
  EXPECT_EQ(sites[0].line, 11);
  EXPECT_NE(sites[0].message_origin_note.find("message 1 of 2, chosen by the branches above"),
            std::string::npos)
      << sites[0].message_origin_note;
  // Without an else, the value from before the `if` may reach the call.
  EXPECT_EQ(sites[2].message.Display(), "store is locked");
  EXPECT_EQ(sites[3].message.Display(), "store is read-only");
}

// Leveled logs at warning and above are what users paste from Go programs'
// output (grpc-go's "W0909 ... clientconn.go:1160] grpc: addrConn..."):
// formats filled, operands printed, structured fields left out.
TEST(GoExtractor, LeveledLogsAtWarningOrAbove) {
  auto sites = Extract(
      "package grpc\n"
      "\n"
      "func connect(addr string, err error) {\n"
      "\tchannelz.Warningf(logger, ac.channelz, \"grpc: addrConn.createTransport failed to connect "
      "to %s. Err: %v\", addr, err)\n"
      "\tlogger.Errorf(\"failed to dial %s: %v\", addr, err)\n"
      "\tzlog.Error(\"failed to connect\", zap.Error(err))\n"
      "\tlogger.Error(\"failed: \", err)\n"
      "\tlogger.Error(err)\n"
      "\tlogger.Infof(\"connected to %s\", addr)\n"
      "\tmetrics.Errorf(\"not a logger %s\", addr)\n"
      "\tlog.Printf(\"failed to read config %s: %v\", addr, err)\n"
      "\tlog.Println(\"listening on\", addr)\n"
      "}\n");
  // Info-level and standard-logger lines only when they state a failure.
  ASSERT_EQ(sites.size(), 5u) << ::testing::PrintToString(Messages(sites));
  EXPECT_EQ(sites[4].message.Display(), "failed to read config %s: %v");
  EXPECT_EQ(sites[4].severity, "info");
  EXPECT_EQ(sites[4].line, 11);
  EXPECT_EQ(sites[0].message.Display(),
            "grpc: addrConn.createTransport failed to connect to %s. Err: %v");
  EXPECT_EQ(sites[0].kind, SiteKind::kLog);
  EXPECT_EQ(sites[0].severity, "warning");
  EXPECT_EQ(sites[0].line, 4);
  EXPECT_TRUE(Matches(sites[0],
                      "W0909 23:48:39.205482   29141 clientconn.go:1160] grpc: "
                      "addrConn.createTransport failed to connect to {localhost:15999 0  <nil>}. "
                      "Err: connection error: desc = \"transport: Error while dialing\""));
  EXPECT_EQ(sites[1].severity, "error");
  EXPECT_EQ(sites[2].message.Display(), "failed to connect");
  EXPECT_EQ(sites[3].message.Display(), "failed: {err}");
}

// urfave/cli prints a package constant through `%s`:
// `fmt.Errorf("%s%s", providedButNotDefinedErrMsg, flagName)`.
TEST(GoExtractor, ConstantPrintedByAVerbIsText) {
  auto sites = Extract(
      "package cli\n"
      "import \"fmt\"\n"
      "const (\n"
      "\tprovidedButNotDefinedErrMsg = \"flag provided but not defined: -\"\n"
      ")\n"
      "func parse(flagName string) (*int, error) {\n"
      "\tif flagName == \"\" {\n"
      "\t\treturn nil, fmt.Errorf(\"%s%s\", providedButNotDefinedErrMsg, flagName)\n"
      "\t}\n"
      "\treturn nil, fmt.Errorf(\"%s%s\", flagName, flagName)\n"
      "}\n");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].line, 8);
  EXPECT_EQ(sites[0].message.Display(), "flag provided but not defined: -%s");
  EXPECT_TRUE(Matches(sites[0], "Incorrect Usage: flag provided but not defined: -listen"));
}

}  // namespace
}  // namespace errdex
