// A failed parse of a value the user supplies names that input and the form
// it must have, instead of "Find out why `strconv.ParseBool(s)` fails"
// (twenty-first grading, 2ea8436e27c87b16).
#include "analyze/parsed_input.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(ParsedInput, FormsByCallName) {
  EXPECT_EQ(ParsedForm("strconv.ParseBool(s)"), "a boolean (`true`, `false`, `1` or `0`)");
  EXPECT_EQ(ParsedForm("strconv.Atoi(v)"), "an integer");
  EXPECT_EQ(ParsedForm("Integer.parseInt(value)"), "an integer");
  EXPECT_EQ(ParsedForm("int(raw)"), "an integer");
  EXPECT_EQ(ParsedForm("Double.parseDouble(v)"), "a number");
  EXPECT_EQ(ParsedForm("time.ParseDuration(t)"), "a duration such as `30s`, `5m` or `1h30m`");
  EXPECT_EQ(ParsedForm("JSON.parse(text)"), "valid JSON");
  EXPECT_EQ(ParsedForm("os.Open(path)"), "");
}

TEST(ParsedInput, SourcesInUserTerms) {
  EXPECT_EQ(InputSource("purl.Query().Get(\"x-table-quoted\")"),
            "the `x-table-quoted` URL parameter");
  EXPECT_EQ(InputSource("os.Getenv(\"APP_PORT\")"), "the environment variable `APP_PORT`");
  EXPECT_EQ(InputSource("System.getenv(\"APP_PORT\")"), "the environment variable `APP_PORT`");
  EXPECT_EQ(InputSource("process.env.APP_PORT"), "the environment variable `APP_PORT`");
  EXPECT_EQ(InputSource("os.environ[\"APP_PORT\"]"), "the environment variable `APP_PORT`");
  EXPECT_EQ(InputSource("r.Header.Get(\"X-Retries\")"), "the `X-Retries` header");
  EXPECT_EQ(InputSource("config.get('pool.size')"), "the configuration key `pool.size`");
  EXPECT_EQ(InputSource("n + 1"), "");
}

// Go: a URL parameter parsed with strconv.ParseBool.
TEST(ParsedInput, GoUrlParameterMustBeBoolean) {
  SourceFile f{"database/pg/pg.go",
               "package pg\n"                                                    // 1
               "\n"                                                              // 2
               "func (p *Postgres) Open(url string) (Driver, error) {\n"         // 3
               "\tpurl, err := nurl.Parse(url)\n"                                // 4
               "\tif err != nil {\n"                                             // 5
               "\t\treturn nil, err\n"                                           // 6
               "\t}\n"                                                           // 7
               "\tquoted := false\n"                                             // 8
               "\tif s := purl.Query().Get(\"x-table-quoted\"); len(s) > 0 {\n"  // 9
               "\t\tquoted, err = strconv.ParseBool(s)\n"                        // 10
               "\t\tif err != nil {\n"                                           // 11
               "\t\t\treturn nil, fmt.Errorf(\"unable to parse option x-table-quoted: "
               "%w\", err)\n"  // 12
               "\t\t}\n"       // 13
               "\t}\n"         // 14
               "\treturn p, nil\n"
               "}\n"};
  Record r = Build(f, "unable to parse option");
  EXPECT_EQ(Join(r.solutions, "\n"),
            "Check the `x-table-quoted` URL parameter: it must be a boolean (`true`, `false`, `1` "
            "or `0`), and `strconv.ParseBool(s)` (line 10) could not read the value it was given "
            "(read at line 9; checked at line 11)");
}

// Go: an environment variable parsed with strconv.Atoi.
TEST(ParsedInput, GoEnvironmentVariableMustBeInteger) {
  SourceFile f{"cmd/serve.go",
               "package cmd\n"                                              // 1
               "\n"                                                         // 2
               "func Port() (int, error) {\n"                               // 3
               "\traw := os.Getenv(\"APP_PORT\")\n"                         // 4
               "\tport, err := strconv.Atoi(raw)\n"                         // 5
               "\tif err != nil {\n"                                        // 6
               "\t\treturn 0, fmt.Errorf(\"invalid APP_PORT: %w\", err)\n"  // 7
               "\t}\n"                                                      // 8
               "\treturn port, nil\n"                                       // 9
               "}\n"};
  Record r = Build(f, "invalid APP_PORT");
  EXPECT_EQ(
      Join(r.solutions, "\n"),
      "Check the environment variable `APP_PORT`: it must be an integer, and `strconv.Atoi(raw)` "
      "(line 5) could not read the value it was given (read at line 4; checked at line 6)");
}

}  // namespace
}  // namespace errdex
