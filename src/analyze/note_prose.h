// Note prose: a function's doc comment is about the whole function; only
// its opening sentence and the sentences that speak of this error's words
// say something about the error (redis' rdbLoadObject comment runs on
// about every out-parameter; rubygems' check_credentials_permissions says
// "If they are not 0600 an error message is displayed").
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// All of `comment` when its first sentence shares a word of five letters or
// more with `message` (case folded); else that first sentence and each later
// one that shares such a word, in order.
std::string RelevantSentences(std::string_view comment, std::string_view message);

}  // namespace errdex
