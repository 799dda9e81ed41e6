// Input understanding: turns what a user pastes (one message, a traceback, a
// log) into the error messages to match.
#pragma once

#include <string>
#include <vector>

namespace errdex {

// One stack frame of a trace: where the code was when the error was raised.
struct StackFrame {
  std::string file;  // as printed: "/app/srv.py", "Main.java", "src/main.rs"
  int line = 0;
  // The frame's function as printed ("RedirectableRequest.handleRequestTimeout",
  // "com.x.Cls.m", "load"), when the trace format names it.
  std::string function;
};

struct ErrorText {
  std::string message;             // the message to match
  std::string error_class;         // "ValueError" when the input names it
  std::string error_code;          // Node's `code: 'ERR_X'` property, when printed
  int input_line = 0;              // 1-based line of the input it came from
  std::vector<StackFrame> frames;  // innermost last, as the trace prints them
  // One paragraph of a longer free text (see ParseInput): it is an answer
  // only when a record's template is the whole paragraph (Query::whole).
  bool paragraph = false;
  // The level label read off the line's start ("ERROR: ", "[WARNING] "),
  // when no timestamp came before it: some programs print it as the first
  // words of their message (PHP_CodeSniffer's "ERROR: The file ...").
  std::string level_label;
  // Read out of a report that is also read as free text (a Gradle cause):
  // an answer only when it matches strongly (ExplainPaste).
  bool supplement = false;
  // An inner exception of a .NET chain (" ---> Ns.X: msg"): the input line
  // of its outermost link, whose hits rank above this link's (ExplainPaste);
  // 0 for any other error.
  int outer_link_line = 0;
  // A "prog: message" line read out of a paste with other errors: its hits
  // do not stand in for theirs (ExplainPaste still reads the paste as free
  // text when only such lines matched).
  bool program_line = false;
};

// Limits that keep hostile input bounded. Past them the input is cut, and
// ParseInput says so in InputNotes.
inline constexpr size_t kMaxInputBytes = 10 * 1024 * 1024;
inline constexpr size_t kMaxErrorsPerInput = 1000;
inline constexpr size_t kMaxMessageBytes = 64 * 1024;
inline constexpr size_t kMaxFramesPerError = 64;

struct InputNotes {
  bool bytes_cut = false;    // only the first kMaxInputBytes were read
  bool errors_cut = false;   // more than kMaxErrorsPerInput distinct errors
  bool message_cut = false;  // some message was cut to kMaxMessageBytes
  // A sentence for the user when something was cut, else "".
  std::string Describe() const;
};

// Extracts the distinct errors in `text`, in input order: Python tracebacks
// (each link of a chain), Java/Kotlin traces (each `Caused by:`), Go panics,
// Rust panics and `Caused by:` lists, Node traces (with `code:`), C++
// `terminate called after throwing` / `what():`, and log lines at error
// level. Input with none of these is one message. Never fails; `notes`
// (optional) reports what was cut.
std::vector<ErrorText> ParseInput(const std::string& text, InputNotes* notes = nullptr);

// The same text read as free text only (what ParseInput gives when it finds
// no trace or log line): for a paste whose recognised errors match nothing
// known, the text around them may still (a Ruby exception inside the build
// output a gem installer's own error quotes).
std::vector<ErrorText> ParseAsFreeText(const std::string& text);

// Errors quoted as inline code in short prose ("This resulted in `unable to
// resolve google.protobuf.FieldMask`"), each span read alone: the last
// resort for a paste whose other readings match nothing, and otherwise only
// a better reading of records they found (a span of code is as often the
// user's own identifier as the library's message). Double quotes are not
// spans: read so, they put unrelated pastes' phrases and a JSON log's
// fields above the message (measured on eval/, 2026-12-07).
std::vector<ErrorText> ParseInlineCodeSpans(const std::string& text);

}  // namespace errdex
