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

// git: the message is one arm of an if/else chain, and after the chain an
// `advise(...)` under `if (advice_enabled(...))` prints the fix (checkout.c's
// --detach hint, blind grading 0fd737f96aa8e25d). The other arms' lines are
// skipped; their text is not this message's advice.
TEST(NextLineAdvice, GitAdviseAfterTheArmsOfAChain) {
  SourceFile f{"builtin/checkout.c",
               "static void die_expecting_a_branch(const struct branch_info *b)\n"  // 1
               "{\n"                                                                // 2
               "\tint code;\n"                                                      // 3
               "\tif (b->remote)\n"                                                 // 4
               "\t\tcode = die_message(_(\"a branch is expected, got remote branch "
               "'%s'\"), b->name);\n"     // 5
               "\telse if (b->commit)\n"  // 6
               "\t\tcode = die_message(_(\"a branch is expected, got commit '%s'\"), "
               "b->name);\n"                                                                // 7
               "\telse\n"                                                                   // 8
               "\t\t/*\n"                                                                   // 9
               "\t\t * Should never happen.\n"                                              // 10
               "\t\t */\n"                                                                  // 11
               "\t\tcode = die_message(_(\"a branch is expected, got '%s'\"), b->name);\n"  // 12
               "\n"                                                                         // 13
               "\tif (advice_enabled(ADVICE_SUGGEST_DETACHING_HEAD))\n"                     // 14
               "\t\tadvise(_(\"If you want to detach HEAD at the commit, try again with "
               "the --detach option.\"));\n"  // 15
               "\n"                           // 16
               "\texit(code);\n"              // 17
               "}\n"};
  Record r = Build(f, "got remote branch");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "\u201cIf you want to detach HEAD at the commit, try again with the --detach "
            "option.\u201d (the code writes this next, line 15)");
}

// The same inside an inner chain whose block is an arm of an outer one (the
// shape of checkout.c's die_expecting_a_branch).
TEST(NextLineAdvice, GitAdviseAfterNestedChains) {
  SourceFile f{"builtin/checkout.c",
               "static void die_expecting_a_branch(const struct branch_info *b)\n"            // 1
               "{\n"                                                                          // 2
               "\tint code;\n"                                                                // 3
               "\tif (dwim(b) == 1) {\n"                                                      // 4
               "\t\tif (skip_prefix(ref, \"refs/tags/\", &ref))\n"                            // 5
               "\t\t\tcode = die_message(_(\"a branch is expected, got tag '%s'\"), ref);\n"  // 6
               "\t\telse\n"                                                                   // 7
               "\t\t\tcode = die_message(_(\"a branch is expected, got '%s'\"), ref);\n"      // 8
               "\t}\n"                                                                        // 9
               "\telse if (b->commit)\n"                                                      // 10
               "\t\tcode = die_message(_(\"a branch is expected, got commit '%s'\"), b->name);\n"
               "\n"                                                      // 12
               "\tif (advice_enabled(ADVICE_SUGGEST_DETACHING_HEAD))\n"  // 13
               "\t\tadvise(_(\"If you want to detach HEAD at the commit, try again with "
               "the --detach option.\"));\n"  // 14
               "\texit(code);\n"              // 15
               "}\n"};
  Record r = Build(f, "got tag");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "\u201cIf you want to detach HEAD at the commit, try again with the --detach "
            "option.\u201d (the code writes this next, line 14)");
}

// knex: the warning's fix is a second warning whose text is two literals
// joined with `+` over two lines (blind grading 07c59e7794a0173c).
TEST(NextLineAdvice, ALiteralJoinedOverLinesIsOneSentence) {
  SourceFile f{"lib/migrate/Migrator.js",
               "class Migrator {\n"                                                 // 1
               "  async _runBatch(trx) {\n"                                         // 2
               "    try {\n"                                                        // 3
               "      await this._lock(trx);\n"                                     // 4
               "    } catch (error) {\n"                                            // 5
               "      if (error instanceof LockError) {\n"                          // 6
               "        this.knex.client.logger.warn(\n"                            // 7
               "          `Can't take lock to run migrations: ${error.message}`\n"  // 8
               "        );\n"                                                       // 9
               "        this.knex.client.logger.warn(\n"                            // 10
               "          'If you are sure migrations are not running you can release the ' +\n"
               "            \"lock manually by running 'knex migrate:unlock'\"\n"  // 12
               "        );\n"                                                      // 13
               "      }\n"                                                         // 14
               "    }\n"                                                           // 15
               "  }\n"                                                             // 16
               "}\n"                                                               // 17
               "module.exports = { Migrator };\n"};
  Record r = Build(f, "Can't take lock");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "\u201cIf you are sure migrations are not running, release the lock manually by "
            "running 'knex migrate:unlock'.\u201d (the code writes this next, line 10)");
}

// The message's own advice under a condition keeps the condition, which says
// when it applies; a modal at the start is part of the condition.
TEST(NextLineAdvice, AdviceUnderAConditionKeepsIt) {
  SourceFile f{"lib/seq.js",
               "export function decode(input) {\n"  // 1
               "  if (input.mode === 1) {\n"        // 2
               "    throw new Error('Arrays are not merged. If you need to parse a stream of "
               "arrays, please use the whitespace mode instead.');\n"  // 3
               "  }\n"                                                 // 4
               "}\n"};
  Record r = Build(f, "Arrays are not merged");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "If you need to parse a stream of arrays, please use the whitespace mode instead. "
            "(the message's own advice)");
}

}  // namespace
}  // namespace errdex
