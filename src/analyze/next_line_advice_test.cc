// Next-line advice: the fix a log line's next line writes to the user is
// the record's first solution (own fixtures after composer's idiom).
#include "analyze/next_line_advice.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"

namespace errdex {
namespace {

using analyze_testing::Build;

const SourceFile kAuth{
    "src/Auth.php",
    "<?php\n"                                                                             // 1
    "class Auth {\n"                                                                      // 2
    "    public function login() {\n"                                                     // 3
    "        $key = trim((string) $this->io->askAndHideAnswer('Key: '));\n"               // 4
    "        if (!$key) {\n"                                                              // 5
    "            $this->io->writeError('<warning>No key given, aborting.</warning>');\n"  // 6
    "            $this->io->writeError('You can also add it later by using \"tool "
    "config --auth <key>\"');\n"                                                  // 7
    "            return false;\n"                                                 // 8
    "        }\n"                                                                 // 9
    "        $this->io->writeError('<warning>Key rejected.</warning>');\n"        // 10
    "        $this->io->writeError('Run \"tool login ' . $user . '\" again');\n"  // 11
    "        return false;\n"                                                     // 12
    "    }\n"                                                                     // 13
    "}\n"};

TEST(NextLineAdvice, TheLineAfterALogLineThatSaysWhatToDo) {
  Record r = Build(kAuth, "No key given");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "\u201cAdd it later by using \"tool config --auth <key>\".\u201d (the code writes "
            "this next, line 7)");
}

TEST(NextLineAdvice, NotATextJoinedToCode) {
  Record r = Build(kAuth, "Key rejected");
  for (const std::string& s : r.solutions)
    EXPECT_EQ(s.find("writes this next"), std::string::npos) << s;
}

}  // namespace
}  // namespace errdex
