// ErrorSite: one place in the source that raises or reports a user-facing
// error, as an extractor found it. Sites are language-neutral; analysis turns
// them into published Records.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "errdex/template.h"

namespace errdex {

// How the error leaves the code. Stored in records as the `kind` extension;
// values are part of the stored format (docs/record-format.md).
enum class SiteKind { kRaise, kAssert, kHttp, kWarning, kLog };
const char* SiteKindName(SiteKind kind);

// A condition that must hold (polarity true) or fail (false) on the way to
// the site: an enclosing `if` guard, or an early exit before it.
struct PathCondition {
  std::string expr;
  bool polarity = true;
  int line = 0;  // 1-based
};

// A comment block or docstring near the site, with where it came from.
struct SourceNote {
  std::string text;
  int first_line = 0;  // 1-based, inclusive
  int last_line = 0;
  std::string origin;  // "comment-above", "guard-comment", "docstring", "class-docstring"
};

struct ErrorSite {
  std::string language;  // "python"
  std::string file_path;
  int line = 0;      // first line of the raising statement, 1-based
  int end_line = 0;  // last line of the raising statement
  SiteKind kind = SiteKind::kRaise;
  std::string error_class;  // "ValueError"; empty when the idiom has none
  std::optional<std::string> error_code;
  std::optional<int> http_status;
  std::string severity = "error";  // "error", "warning", "critical"
  Template message;
  // True when the message came from a variable or call whose text could not
  // be reconstructed: the template is then a single hole.
  bool message_opaque = false;
  std::string message_origin_note;  // e.g. "message assigned to `msg` at line 40"
  // "path:line" of the code that writes the text when another function
  // builds it (a factory, a constructor, a reporting helper: set by the
  // resolve stage); "" when the site writes its own text.
  std::string message_from;
  // The callable, defined outside this file, that the text is handed to and
  // that reports it (`LocalProxy(.., unbound_message=msg)`); "" when the
  // site raises itself.
  std::string handed_to;
  // When message_from is a helper the text is passed to: the checks on its
  // way to reporting it (in reporter_function, reporter_file), set by the
  // resolve stage. Non-empty: the call may or may not report, and these
  // checks decide; the site's own conditions only lead to the call.
  std::vector<PathCondition> reporter_conditions;
  std::string reporter_function;
  std::string reporter_file;
  // "path:line" of the calls of this function whose constant arguments make
  // a check on the raise's path false (resolve/constant_guard.h): the link
  // stage found that they never reach it, so no call chain goes through them.
  std::vector<std::string> calls_passing_guard;
  std::string function;  // enclosing function, "Class.method" when nested
  int function_line = 0;
  std::vector<PathCondition> conditions;
  std::vector<SourceNote> notes;
};

}  // namespace errdex
