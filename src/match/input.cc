// ParseInput: finds the error messages in what a user pastes.
//
// Python tracebacks are recognised by their header; each one (and each link
// of a chained traceback) yields its final `Class: message` line plus the
// lines that continue the message. Anything else is one message, with a
// conservative set of log prefixes (timestamps, glog, [ERROR]) removed from
// its first line and a leading `SomeError:` split off as the class.
#include "errdex/input.h"

#include <re2/re2.h>

#include <string_view>

namespace errdex {
namespace {

constexpr std::string_view kTracebackHeader = "Traceback (most recent call last):";
constexpr std::string_view kChainSentences[] = {
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
};

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool IsBlank(std::string_view line) {
  for (char c : line) {
    if (!IsSpace(c)) return false;
  }
  return true;
}
bool IsIndented(std::string_view line) { return !line.empty() && (line[0] == ' ' || line[0] == '\t'); }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

bool IsIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || (c >= '0' && c <= '9'); }

bool LooksLikeErrorClass(std::string_view name) {
  for (std::string_view suffix : {"Error", "Exception", "Warning", "Exit"}) {
    if (name.ends_with(suffix)) return true;
  }
  return false;
}

// Splits "pkg.mod.Class: message" into the class's last component and the
// message. Inside a traceback any dotted name may be a class, and a bare name
// ("KeyboardInterrupt") is one with an empty message; in free text the name
// must look like an error class and be followed by ':'.
bool SplitClass(std::string_view line, bool in_traceback, std::string* cls,
                std::string_view* message) {
  size_t i = 0, last = 0;
  while (true) {
    if (i >= line.size() || !IsIdentStart(line[i])) return false;
    last = i;
    while (i < line.size() && IsIdentChar(line[i])) ++i;
    if (i < line.size() && line[i] == '.') {
      ++i;
      continue;
    }
    break;
  }
  std::string_view name = line.substr(last, i - last);
  std::string_view rest = line.substr(i);
  if (!in_traceback && !LooksLikeErrorClass(name)) return false;
  if (rest.empty() || IsBlank(rest)) {
    if (!in_traceback) return false;
    *message = {};
  } else if (rest[0] == ':') {
    *message = rest.substr(1);
    while (!message->empty() && (message->front() == ' ' || message->front() == '\t')) {
      message->remove_prefix(1);
    }
  } else {
    return false;
  }
  *cls = std::string(name);
  return true;
}

// Log prefixes, matched at the start of a line. Leaked on purpose: RE2
// objects must outlive every thread that might still be parsing.
const RE2& TimestampPrefix() {
  static const RE2* const re = new RE2(
      R"(\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?)"
      R"((?:\s*(?:-|\|)\s+|\s+))");
  return *re;
}
// glog: "E1202 12:00:00.123456  1234 file.cc:12] ".
const RE2& GlogPrefix() {
  static const RE2* const re =
      new RE2(R"([IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+\s+[^\s\]]+:\d+\]\s*)");
  return *re;
}
// "[ERROR] ", "ERROR: ", and Python logging's default "ERROR:root:". A
// logger name must be lowercase dotted so "ERROR:ValueError: x" keeps its
// class. Lowercase "error:" is left alone: tools print it as part of their
// message.
const RE2& LevelPrefix() {
  static const RE2* const re = new RE2(
      R"((?:\[(?i:error|err|warning|warn|fatal|critical|crit|info|debug|trace|e|w|f)\])"
      R"(|(?:ERROR|WARNING|WARN|FATAL|CRITICAL|INFO|DEBUG):(?:[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*:)?))"
      R"(\s*)");
  return *re;
}
// After a timestamp a bare level word is a prefix too: "... 12:00:00 ERROR msg".
const RE2& BareLevelPrefix() {
  static const RE2* const re =
      new RE2(R"((?:ERROR|WARNING|WARN|FATAL|CRITICAL|INFO|DEBUG)(?:\s*(?:-|\|)\s+|\s+))");
  return *re;
}

// True if `line` starts with a timestamp or glog prefix: a new log record.
bool StartsLogRecord(std::string_view line) {
  re2::StringPiece in(line.data(), line.size());
  return RE2::Consume(&in, TimestampPrefix()) || RE2::Consume(&in, GlogPrefix());
}

std::string_view StripLogPrefix(std::string_view line) {
  re2::StringPiece in(line.data(), line.size());
  if (!RE2::Consume(&in, GlogPrefix())) {
    bool stamped = RE2::Consume(&in, TimestampPrefix());
    if (!RE2::Consume(&in, LevelPrefix()) && stamped) RE2::Consume(&in, BareLevelPrefix());
  }
  std::string_view rest(in.data(), in.size());
  return IsBlank(rest) ? line : rest;
}

bool IsChainSentence(std::string_view line) {
  line = Trim(line);
  for (std::string_view s : kChainSentences) {
    if (line == s) return true;
  }
  return false;
}

// One traceback's lines. Text before the header on its line ("[rank0]: ",
// indentation) is taken to prefix every line of the traceback and removed
// wherever it occurs.
class Traceback {
 public:
  Traceback(const std::vector<std::string_view>& lines, size_t header)
      : lines_(lines), prefix_(lines[header].substr(0, lines[header].find(kTracebackHeader))) {}

  std::string_view Line(size_t k) const {
    std::string_view l = lines_[k];
    return !prefix_.empty() && l.starts_with(prefix_) ? l.substr(prefix_.size()) : l;
  }
  // The first line after `header` that is not part of the stack (frames and
  // source lines are indented); lines_.size() if none.
  size_t ExceptionLine(size_t header) const;
  // One past the last line of the message that starts at line `first`.
  size_t MessageEnd(size_t first) const;
  ErrorText Exception(size_t first, size_t end) const;

 private:
  const std::vector<std::string_view>& lines_;
  std::string_view prefix_;
};

size_t Traceback::ExceptionLine(size_t header) const {
  size_t k = header + 1;
  while (k < lines_.size() && (IsIndented(Line(k)) || IsBlank(Line(k)))) ++k;
  return k;
}

// The message runs to the end of input, or to a blank line followed by an
// unindented line (the next chain sentence or unrelated output), or to the
// next traceback or log record.
size_t Traceback::MessageEnd(size_t first) const {
  size_t k = first + 1;
  while (k < lines_.size()) {
    std::string_view l = Line(k);
    if (l.find(kTracebackHeader) != std::string_view::npos || IsChainSentence(l) ||
        StartsLogRecord(l)) {
      return k;
    }
    if (!IsBlank(l)) {
      ++k;
      continue;
    }
    size_t next = k;
    while (next < lines_.size() && IsBlank(Line(next))) ++next;
    if (next == lines_.size() || !IsIndented(Line(next))) return k;
    k = next;
  }
  return k;
}

ErrorText Traceback::Exception(size_t first, size_t end) const {
  ErrorText e;
  e.input_line = static_cast<int>(first + 1);
  std::string_view head = Line(first);
  std::string_view message;
  if (!SplitClass(head, /*in_traceback=*/true, &e.error_class, &message)) message = head;
  e.message = std::string(message);
  for (size_t k = first + 1; k < end; ++k) {
    e.message += '\n';
    e.message += Line(k);
  }
  e.message = std::string(Trim(e.message));
  return e;
}

std::vector<ErrorText> ParseTracebacks(const std::vector<std::string_view>& lines) {
  std::vector<ErrorText> out;
  size_t i = 0;
  while (i < lines.size()) {
    if (lines[i].find(kTracebackHeader) == std::string_view::npos) {
      ++i;
      continue;
    }
    Traceback tb(lines, i);
    size_t first = tb.ExceptionLine(i);
    if (first == lines.size()) break;  // cut off before its exception line
    if (tb.Line(first).find(kTracebackHeader) != std::string_view::npos) {
      i = first;
      continue;
    }
    size_t end = tb.MessageEnd(first);
    out.push_back(tb.Exception(first, end));
    i = end;
  }
  return out;
}

// Free text: the whole text is one message.
std::vector<ErrorText> ParseFreeText(const std::vector<std::string_view>& lines) {
  size_t first = 0;
  while (first < lines.size() && IsBlank(lines[first])) ++first;
  if (first == lines.size()) return {};
  ErrorText e;
  e.input_line = static_cast<int>(first + 1);
  std::string_view head = StripLogPrefix(Trim(lines[first]));
  std::string_view message;
  if (!SplitClass(head, /*in_traceback=*/false, &e.error_class, &message)) message = head;
  // The lines are views of one buffer: the message runs from its start on
  // the first line to the end of the text.
  const char* end = lines.back().data() + lines.back().size();
  e.message = std::string(Trim(std::string_view(message.data(), end - message.data())));
  return {std::move(e)};
}

}  // namespace

std::vector<ErrorText> ParseInput(const std::string& text) {
  std::string clean = text.substr(0, kMaxInputBytes);
  std::erase(clean, '\r');
  std::vector<std::string_view> lines = SplitLines(clean);
  std::vector<ErrorText> errors = ParseTracebacks(lines);
  if (errors.empty()) errors = ParseFreeText(lines);
  return errors;
}

}  // namespace errdex
