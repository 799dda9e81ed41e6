// System error texts: what strerror(3), std::error_code::message() and the
// like print for an errno ("Permission denied", "No such file or directory").
//
// Programs append such a text to their own message ("Failed to create
// directory {}: {}", dir, ec.message()). A repository that happens to raise
// the bare text itself (openssh's "Permission denied") is not the answer to
// a paste that has it inside another record's hole: the wrapper is, since it
// says what was being done.
#pragma once

#include <string_view>

namespace errdex::match {

// True when `text` is, apart from surrounding space and a final period or
// colon, one of the C library's errno texts (glibc, musl, BSD/macOS
// spellings) or a runtime's text for the same condition (Go's "file does not
// exist"), compared without regard to case.
bool IsSystemErrorText(std::string_view text);

// True when `code` is an errno name (ETIMEDOUT, ECONNREFUSED, ENOENT, and
// Node's getaddrinfo ENOTFOUND / EAI_AGAIN): every runtime prints them, so
// one in a Java trace is no evidence for a JavaScript record coded so.
bool IsErrnoName(std::string_view code);

}  // namespace errdex::match
