// Small text helpers shared across stages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

// Lines without their terminators; a final line without '\n' is included.
std::vector<std::string_view> SplitLines(std::string_view text);
std::string_view Trim(std::string_view s);
// How many spaces and tabs begin the line.
int IndentWidth(std::string_view line);
// Whether `text` has `word` with no identifier character (a letter, a
// digit, `_`, or one of `extra`) right before or after it.
bool ContainsIdentifier(std::string_view text, std::string_view word, std::string_view extra = "");
// Whether `text` starts with the keyword `word` (no identifier character
// follows it: "if (" and "if" do, "iffy" does not).
bool StartsWithWord(std::string_view text, std::string_view word);
// The balanced `( ... )` content of `s` whose `(` is at `open`, or "" when
// it is not closed.
std::string_view Parenthesized(std::string_view s, size_t open);
// The parts of an expression joined at its top level (outside brackets) by
// separator `a` or `b` ("&&" or " and ", "||" or " or "), trimmed; one
// part when neither joins it.
std::vector<std::string_view> SplitTopLevel(std::string_view e, std::string_view a,
                                            std::string_view b);
// Trims and replaces every run of whitespace (incl. newlines) with one space.
std::string CollapseSpace(std::string_view s);
// `expr` with each occurrence of the variable `name` replaced by `value`:
// whole words only, not a member (`x.name`, `p->name`), and not `$name`
// unless `name` is written with its `$`. An empty `name` changes nothing.
std::string ReplaceVariable(std::string expr, std::string_view name, std::string_view value);
std::string Join(const std::vector<std::string>& parts, std::string_view sep);
std::string ToLower(std::string_view s);
// "a.b.C" -> "C" (the whole text when it has no dot).
std::string LastDotComponent(std::string_view dotted);
// A class name without its package or namespace: "java.io.IOException",
// "std::exception", "App\\Error" -> "IOException", "exception", "Error".
std::string ClassShortName(std::string_view cls);
// Removes the common leading indentation of docstring lines and trims.
std::string Dedent(std::string_view s);
// For one-line listings: newlines and tabs shown as \n and \t, then cut
// like Utf8Prefix.
std::string OneLine(std::string_view s, size_t max_bytes);
// Cuts to at most `max_bytes` without splitting a UTF-8 sequence.
std::string_view Utf8Prefix(std::string_view s, size_t max_bytes);
// `s` safe to print on a terminal: control characters other than newline
// and tab (ESC, OSC, BEL, DEL and the C1 range U+0080..U+009F) shown as
// `\xNN` / `\u00NN`, so text from indexed files or a paste cannot move the
// cursor, retitle the window or hide what is printed.
std::string TerminalSafe(std::string_view s);

}  // namespace errdex
