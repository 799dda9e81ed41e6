// C API docs: what a C library's own headers say an error means. A C error
// site has no exception class to carry a doc; its meaning is written where
// the library documents its API: the comment above the function's
// declaration in a header (libgit2's include/git2/signature.h: "It will
// return GIT_ENOTFOUND if either the user.name or user.email are not set.")
// and the comment on the error code the site returns (curl.h's
// `CURLE_SSL_CACERT_BADFILE, /* 77 - could not load CACERT file, missing or
// wrong format */`, errors.h's `GIT_ENOTFOUND = -3, /**< Requested object
// could not be found. */`). Only sentences that bear on the error are kept.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/record.h"
#include "errdex/source.h"

namespace errdex {

struct HeaderDoc {
  std::string text;  // the sentences kept, markup removed
  std::string file;
  int first_line = 0;  // the comment's lines, 1-based
  int last_line = 0;
};

// The doc comment directly above a file-level declaration of function `name`
// in `lines` (a header), or nullopt. `name(` must follow a type on an
// unindented line (`GIT_EXTERN(int) git_signature_default(`).
std::optional<HeaderDoc> FunctionDocIn(const std::vector<std::string_view>& lines,
                                       std::string_view name);
// The same for a declaration on line `i` (0-based) only.
std::optional<HeaderDoc> FunctionDocAt(const std::vector<std::string_view>& lines,
                                       std::string_view name, size_t i);

// The comment on enum constant `name` in `lines`: trailing on its line
// (`X = -3, /**< text */`, `X, /* 77 - text */`, continued on the next lines)
// or the block right above it; a leading "77 - " is dropped. nullopt when
// there is none or it says nothing but a number.
std::optional<HeaderDoc> ConstantDocIn(const std::vector<std::string_view>& lines,
                                       std::string_view name);
// The same for constant `name` on line `i` (0-based) only.
std::optional<HeaderDoc> ConstantDocAt(const std::vector<std::string_view>& lines,
                                       std::string_view name, size_t i);

// The sentences of a function's doc that bear on an error with `message`:
// the opening one, and those that speak of errors, failure, return codes or
// conditions ("It will return GIT_ENOTFOUND if ..."), or share a long word
// with the message; `@return` lines only when they name a code or a
// condition. "" when nothing but the opening sentence would be left and it
// says nothing of the error. Exposed for tests.
std::string ErrorSentences(const std::vector<std::string>& comment, std::string_view message);

// The error code a C site hands back: `return CODE;`, `result = CODE;` on
// the raise line or the next lines of its block (upper-case constants only).
// Sets *line to where it is and *statement to the statement as written
// (`result = CURLE_SSL_CACERT_BADFILE;`); "" when none.
std::string ReturnedCode(const std::vector<std::string_view>& lines, int raise_line, int* line,
                         std::string* statement);

// Leads the documentation of each C/C++ record with what the headers in
// `files` say: the function's doc, then its returned code's doc.
void AddCApiDocs(const std::vector<SourceFile>& files, std::vector<Record>* records);

}  // namespace errdex
