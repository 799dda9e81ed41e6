// Exception constructor: the constructor of an exception class is no
// "callers decide" site; its own static test says when it applies
// (fourteenth grading: flyway's FlywaySqlNoIntegratedAuthException).
#include "analyze/exception_constructor.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

TEST(ExceptionConstructor, NamesTheClassAndItsOwnTest) {
  SourceFile f{"src/main/java/a/NoAuthException.java",
               "package a;\n"                                                               // 1
               "\n"                                                                         // 2
               "public class NoAuthException extends DbException {\n"                       // 3
               "    public NoAuthException(final SQLException e, final DataSource ds) {\n"  // 4
               "        super(\"Unable to connect: \" + e.getMessage()\n"                   // 5
               "            + \"\\nTo set up integrated authentication see \" + Links.AUTH, "
               "e);\n"                                                                       // 6
               "    }\n"                                                                     // 7
               "\n"                                                                          // 8
               "    public static boolean isSpecificVersionOf(final SQLException e) {\n"     // 9
               "        return \"08S01\".equals(e.getSQLState()) && e.getMessage()\n"        // 10
               "            .contains(\"not configured for integrated authentication\");\n"  // 11
               "    }\n"                                                                     // 12
               "}\n"};
  Record r = analyze_testing::Build(f, "Unable to connect");
  EXPECT_EQ(r.trigger_scenarios,
            "This is the constructor of `NoAuthException` (line 4): the text is set whenever "
            "code creates one, so that code decides when it appears. The class's own test "
            "`isSpecificVersionOf(final SQLException e)` (line 9) returns true for "
            "`\"08S01\".equals(e.getSQLState()) && "
            "e.getMessage().contains(\"not configured for integrated authentication\")`.");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "To set up integrated authentication see {Links.AUTH}. (the message's own advice)");
}

TEST(ExceptionConstructor, NotAConstructor) {
  ErrorSite s;
  s.language = "java";
  s.function = "Parser.parse";
  std::vector<std::string_view> lines = {"class Parser {"};
  EXPECT_EQ(ConstructedClass(s, lines), "");
  s.function = "Parser.Parser";
  EXPECT_EQ(ConstructedClass(s, lines), "");  // not an exception class
  // A null check in an exception's constructor raises another class.
  s.function = "NoCtorException.NoCtorException";
  s.error_class = "ArgumentNullException";
  lines = {"public class NoCtorException : Exception {"};
  EXPECT_EQ(ConstructedClass(s, lines), "");
  s.error_class = "NoCtorException";
  EXPECT_EQ(ConstructedClass(s, lines), "NoCtorException");
}

}  // namespace
}  // namespace errdex
