// The message's own advice in shapes that do not open with an instruction
// (advice_shapes.h, and the leads and conditions AdviceSentences reads),
// and the first solution it gives in each language.
#include "analyze/advice_shapes.h"

#include <gtest/gtest.h>

#include "analyze/analyze_testing.h"
#include "analyze/record_builder.h"
#include "errdex/extractor.h"

namespace errdex {
namespace {

using analyze_testing::Build;
using Advice = std::vector<std::string>;

TEST(AdviceShapes, AllowedValuesTheMessageLists) {
  EXPECT_EQ(ShapedAdvice("\"%s\" is an invalid value for %s, must be one of: ignore, report, fail"),
            "Use one of: ignore, report, fail");
  EXPECT_EQ(ShapedAdvice("--prefer-install accepts one of \"dist\", \"source\" or \"auto\", got "
                         "{$input->getOption('prefer-install')}"),
            "Use one of: \"dist\", \"source\" or \"auto\"");
  EXPECT_EQ(ShapedAdvice("Expected one of {implode(', ', $allowed)}"),
            "Use one of the values the message lists");
  // "One of the positions is null" lists nothing.
  EXPECT_EQ(ShapedAdvice("One of the positions is null"), "");
}

TEST(AdviceShapes, OptionThatCanBeUsedAndReplacementToUse) {
  EXPECT_EQ(ShapedAdvice("The --all option can be used to show all packages"),
            "Use the --all option to show all packages");
  EXPECT_EQ(ShapedAdvice("This can be used to show all packages"), "");
  EXPECT_EQ(ShapedAdvice("AuthHelper::addAuthenticationHeader is deprecated since Composer 2.9 use "
                         "addAuthenticationOptions instead"),
            "Use addAuthenticationOptions instead");
  EXPECT_EQ(ShapedAdvice("negative indexes are not valid. To use the positional operator $ use "
                         "FirstMatchingElement instead of an index value of -1"),
            "Use FirstMatchingElement instead of an index value of -1");
  EXPECT_EQ(ShapedAdvice("expected type Converter or Class<Converter> instead"), "");
}

TEST(AdviceShapes, LeadsModalsAndConditionsAroundTheInstruction) {
  EXPECT_EQ(AdviceSentences("The lock file is not up to date. It is recommended that you run "
                            "`composer update`."),
            (Advice{"Run `composer update`."}));
  EXPECT_EQ(AdviceSentences("Invalid argument: Must call Finish() before NewIterator()"),
            (Advice{"Call Finish() before NewIterator()."}));
  EXPECT_EQ(AdviceSentences("Must set -verify_db_one_in=0 if skip_verifydb is true."),
            (Advice{"Set -verify_db_one_in=0 if skip_verifydb is true."}));
  EXPECT_EQ(AdviceSentences("Must be a BsonClassMap for the type {0}."), (Advice{}));
  EXPECT_EQ(AdviceSentences("Invalid hex input %s.  Must start with 0x"), (Advice{}));
  EXPECT_EQ(AdviceSentences("If end is specified then start must be specified also."), (Advice{}));
  EXPECT_EQ(AdviceSentences("The header contains a duplicate name. If this is valid then use "
                            "CSVFormat.Builder.setDuplicateHeaderMode()."),
            (Advice{"If this is valid, use CSVFormat.Builder.setDuplicateHeaderMode()."}));
  EXPECT_EQ(AdviceSentences("When ElementPath is not null you must use it instead."),
            (Advice{"When ElementPath is not null, use it instead."}));
  EXPECT_EQ(AdviceSentences("Override Write instead of WriteCore."),
            (Advice{"Override Write instead of WriteCore."}));
}

TEST(AdviceShapes, FirstSolutionInPhp) {
  SourceFile f{"src/Config.php",
               "<?php\n"                                                                // 1
               "function level($v) {\n"                                                 // 2
               "    if (!in_array($v, ['ignore', 'report', 'fail'], true)) {\n"         // 3
               "        throw new \\InvalidArgumentException('\"'.$v.'\" is invalid, "  //
               "must be one of: ignore, report, fail');\n"                              // 4
               "    }\n"                                                                // 5
               "}\n"};
  Record r = Build(f, "must be one of");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0], "Use one of: ignore, report, fail. (the message's own advice)");
}

TEST(AdviceShapes, FirstSolutionInJava) {
  SourceFile f{"src/main/java/acme/Header.java",
               "package acme;\n"                                                              // 1
               "class Header {\n"                                                             // 2
               "  static void check(boolean dup) {\n"                                         // 3
               "    if (dup) {\n"                                                             // 4
               "      throw new IllegalArgumentException(\"The header contains a duplicate "  //
               "name. If this is valid then use Builder.setDuplicateHeaderMode().\");\n"      // 5
               "    }\n"                                                                      // 6
               "  }\n"                                                                        // 7
               "}\n"};
  Record r = Build(f, "duplicate name");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0],
            "If this is valid, use Builder.setDuplicateHeaderMode(). (the message's own advice)");
}

TEST(AdviceShapes, FirstSolutionInCpp) {
  SourceFile f{"db/iter.cc",
               "Status Iter::Make() {\n"                                                      // 1
               "  if (!finished_) {\n"                                                        // 2
               "    return Status::InvalidArgument(\"Must call Finish() before Make()\");\n"  // 3
               "  }\n"                                                                        // 4
               "  return Status::OK();\n"                                                     // 5
               "}\n"};
  Record r = Build(f, "Must call");
  ASSERT_FALSE(r.solutions.empty());
  EXPECT_EQ(r.solutions[0], "Call Finish() before Make(). (the message's own advice)");
}

}  // namespace
}  // namespace errdex
