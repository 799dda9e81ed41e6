// A Go sentinel error is explained by the functions that return it.
#include "analyze/go_sentinel.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(GoSentinel, ReturnsAndTheirConditions) {
  SourceFile f{"database/ql/ql.go",
               "package ql\n"                                                                // 1
               "\n"                                                                          // 2
               "var (\n"                                                                     // 3
               "\tErrNilConfig = fmt.Errorf(\"no config\")\n"                                // 4
               ")\n"                                                                         // 5
               "\n"                                                                          // 6
               "func WithInstance(db *sql.DB, config *Config) (database.Driver, error) {\n"  // 7
               "\tif config == nil {\n"                                                      // 8
               "\t\treturn nil, ErrNilConfig\n"                                              // 9
               "\t}\n"                                                                       // 10
               "\treturn &Ql{db: db}, nil\n"                                                 // 11
               "}\n"                                                                         // 12
               "\n"                                                                          // 13
               "func (q *Ql) Open(url string) (database.Driver, error) {\n"                  // 14
               "\tswitch url {\n"                                                            // 15
               "\tcase \"\":\n"                                                              // 16
               "\t\treturn nil, ErrNilConfig\n"                                              // 17
               "\t}\n"                                                                       // 18
               "\treturn q, nil\n"                                                           // 19
               "}\n"};
  Record r = Build(f, "no config");
  // A `case` arm is no `if`: the return is named without a condition.
  EXPECT_EQ(r.documentation,
            "`ErrNilConfig` is a sentinel error value: `WithInstance` returns it when `config` is "
            "missing (nil) (line 8); `Ql.Open` returns it (line 17). `ErrNilConfig` is defined in "
            "database/ql/ql.go at line 4. (sentinel error `ErrNilConfig`, returned at lines 9, 17 "
            "of this file.)");
  // Declared, not raised, at module level: where it is returned is when
  // users meet it, never "when ql.go is imported or run".
  EXPECT_EQ(r.common_situations,
            "When a function of the package returns it: `WithInstance` returns it when `config` "
            "is missing (nil) (line 8); `Ql.Open` returns it (line 17).");
}

// A sentinel no function of its file returns (nats.go hands
// ErrConsumerNotActive to the async error callback from another file): the
// situation is left unsaid rather than "when jserrors.go is imported or run"
// (twenty-second grading).
TEST(GoSentinel, NoReturnInItsFileSaysNoSituation) {
  SourceFile f{"jserrors.go",
               "package nats\n"  // 1
               "\n"              // 2
               "var (\n"         // 3
               "\t// ErrConsumerNotActive is an error returned when consumer is not active.\n"
               "\tErrConsumerNotActive = errors.New(\"nats: consumer not active\")\n"  // 5
               ")\n"};
  Record r = Build(f, "consumer not active");
  EXPECT_EQ(r.common_situations, "");
  EXPECT_EQ(r.trigger_scenarios,
            "`ErrConsumerNotActive` is created when the package loads (line 5); users get it "
            "where a function of the package returns it or hands it to a callback (errdex found "
            "none in jserrors.go).");
}

}  // namespace
}  // namespace errdex
