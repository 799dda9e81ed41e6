// Message pointers: what a message itself tells the user to read or do
// beyond the imperative sentences AdviceSentences finds: a sentence that
// points to documentation ("To setup integrated authentication see
// {LINK}", "See https://... for details"), and a statement that the
// situation is a bug ("this is a bug", "please report", "should not
// happen", "internal error"), which makes reporting it upstream the advice.
#pragma once

#include <string>
#include <vector>

namespace errdex {

// The message's sentences that point to a page or a document: they hold a
// URL, or "see"/"visit"/"refer to" followed by what to read. As written,
// ending in a full stop.
std::vector<std::string> PointerSentences(const std::string& message);

// "Report it upstream ..." when the message says the state is a bug in the
// code rather than in its use, or "". `user_callable`: users may call the
// raising function, so "should not be called with ..." is their error,
// not the library's.
std::string BugReportAdvice(const std::string& message, bool user_callable);

}  // namespace errdex
