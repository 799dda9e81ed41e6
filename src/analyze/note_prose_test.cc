// Note prose: the opening sentence of a function's comment and the ones that
// speak of the error's own words.
#include "analyze/note_prose.h"

#include <gtest/gtest.h>

namespace errdex {
namespace {

TEST(NoteProse, KeepsTheOpeningAndTheSentencesAboutThisError) {
  EXPECT_EQ(RelevantSentences("Checks the permissions of the credentials file. If they are not "
                              "0600 an error message is displayed and the tool aborts.",
                              "Your credentials file has permissions of 0644 but 0600 is needed"),
            "Checks the permissions of the credentials file. If they are not 0600 an error "
            "message is displayed and the tool aborts.");
  // Later sentences about other things, and words every error uses, are
  // left out.
  EXPECT_EQ(RelevantSentences("Replay an append log file. On success AOF_OK is returned, "
                              "otherwise an error. AOF_EMPTY: The AOF file is empty.",
                              "Error reading the base file %s, loading aborted"),
            "Replay an append log file.");
  EXPECT_EQ(RelevantSentences("One sentence only", "anything"), "One sentence only");
  // Initials and abbreviations do not end a sentence.
  EXPECT_EQ(RelevantSentences("Builds a breaker (see Release It! by Michael T. Nygard). Thrown "
                              "when onHalfOpen is null.",
                              "Value cannot be null. (Parameter 'onHalfOpen')"),
            "Builds a breaker (see Release It! by Michael T. Nygard). Thrown when onHalfOpen is "
            "null.");
}

}  // namespace
}  // namespace errdex
