// ParseInput: finds the error messages in what a user pastes.
//
// Python tracebacks are recognised by their header; each one (and each link
// of a chained traceback) yields its final `Class: message` line plus the
// lines that continue the message. Anything else is one message, with a
// conservative set of log prefixes (timestamps, glog, [ERROR]) removed from
// its first line and a leading `SomeError:` split off as the class.
#include "errdex/input.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <unordered_set>

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
bool IsIndented(std::string_view line) {
  return !line.empty() && (line[0] == ' ' || line[0] == '\t');
}

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

// Splits "pkg.mod.Class: message" (or PHP's "Ns\\Sub\\Class: message") into
// the class's last component and the message. Inside a traceback any dotted
// name may be a class, and a bare name
// ("KeyboardInterrupt") is one with an empty message; in free text the name
// must look like an error class and be followed by ':'.
bool SplitClass(std::string_view line, bool in_traceback, std::string* cls,
                std::string_view* message) {
  size_t i = 0, last = 0;
  while (true) {
    if (i >= line.size() || !IsIdentStart(line[i])) return false;
    last = i;
    while (i < line.size() && IsIdentChar(line[i])) ++i;
    if (i < line.size() && (line[i] == '.' || line[i] == '\\')) {
      ++i;
      continue;
    }
    // Ruby, C++ and Rust qualify names with "::" (Rack::Lint::LintError).
    if (i + 2 < line.size() && line[i] == ':' && line[i + 1] == ':' && IsIdentStart(line[i + 2])) {
      i += 2;
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

// Log prefixes, matched at the start of a line ("2023-05-13 05:40:40",
// aria2's "05/13 05:40:40", OpenVPN's and Apache's ctime-style "Tue Dec 27
// 08:49:55 2022"). Leaked on purpose: RE2 objects must outlive every thread
// that might still be parsing.
const RE2& TimestampPrefix() {
  static const RE2* const re =
      new RE2(R"(\[?(?:(?:\d{4}-\d{2}-\d{2}[T ]|\d{2}/\d{2}(?:/\d{2,4})? )\d{2}:\d{2}:\d{2})"
              R"(|(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?)"
              R"((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d{2}:\d{2}:\d{2})"
              R"((?:[.,]\d+)? \d{4}))"
              R"((?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?)"
              R"((?:\s*(?:-|\|)\s+|\s+))"
              // mpv's seconds since start: "[   0.175][e][cplayer] ".
              R"(|\[ *\d+\.\d{3,6}\] ?)");
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
// message. Lowercase "fatal: " is git's die() (and others'): a line of its
// own in a CI log whose later "ERROR: exit 128" only reports the status.
const RE2& LevelPrefix() {
  static const RE2* const re = new RE2(
      R"((?:\[(?i:error|err|warning|warn|fatal|critical|crit|info|debug|trace|e|w|f)\])"
      R"(|(?:ERROR|WARNING|WARN|FATAL|CRITICAL|INFO|DEBUG):(?:[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*:)?)"
      // fastlane's "ERROR [2018-05-29 14:40:00.52]: "; Ruby Logger's
      // "E, [2023-01-02T03:04:05.678 #123] ERROR -- prog: ".
      R"(|(?:ERROR|WARNING|WARN|FATAL|CRITICAL|INFO|DEBUG) \[[^\]]{0,40}\d{2}:\d{2}:\d{2}[^\]]{0,40}\]:)"
      R"(|[DIWEFA], \[[^\]]{0,60}\] +(?:DEBUG|INFO|WARN|ERROR|FATAL|ANY) -- [^:]{0,60}:)"
      R"(|fatal: ))"
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
  // A traceback pasted without its header: no prefix.
  explicit Traceback(const std::vector<std::string_view>& lines) : lines_(lines) {}

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

// --- Recognizers ---------------------------------------------------------
//
// Each looks at line i; when it recognises the start of an error it appends
// the error(s) and returns the line after what it consumed, else returns i.

// Collects errors: distinct (class, message) pairs in input order, bounded.
class Collector {
 public:
  explicit Collector(InputNotes* notes) : notes_(notes) {}
  void Add(ErrorText e) {
    if (full()) {
      notes_->errors_cut = true;
      return;
    }
    if (e.message.size() > kMaxMessageBytes) {
      e.message.resize(kMaxMessageBytes);
      notes_->message_cut = true;
    }
    if (e.frames.size() > kMaxFramesPerError) e.frames.resize(kMaxFramesPerError);
    if (e.message.empty() && e.error_class.empty()) return;
    if (!seen_.insert(e.error_class + '\x01' + e.message).second) return;
    out_.push_back(std::move(e));
  }
  // A tool's "error: .." line (ToolErrorLine): counted, so that a paste of
  // nothing else is read as free text, as before such lines were recognized.
  void AddToolLine(ErrorText e) {
    size_t before = out_.size();
    Add(std::move(e));
    tool_lines_ += out_.size() - before;
  }
  // A reading that adds to the free text rather than replacing it
  // (GradleCause): counted like a tool line, and kept apart too.
  void AddSupplement(ErrorText e) {
    e.supplement = true;
    size_t before = out_.size();
    supplements_.push_back(e);
    Add(std::move(e));
    tool_lines_ += out_.size() - before;
  }
  bool full() const { return out_.size() >= kMaxErrorsPerInput; }
  std::vector<ErrorText> Take() { return std::move(out_); }
  std::vector<ErrorText> TakeSupplements() { return std::move(supplements_); }
  bool empty() const { return out_.empty(); }
  bool OnlyToolLines() const { return tool_lines_ == out_.size(); }

 private:
  size_t tool_lines_ = 0;
  std::vector<ErrorText> supplements_;
  InputNotes* notes_;
  std::unordered_set<std::string> seen_;
  std::vector<ErrorText> out_;
};

using Lines = std::vector<std::string_view>;

const RE2& PythonFrame() {
  static const RE2* const re = new RE2(R"re(\s*File "([^"]+)", line (\d+)(?:,.*)?)re");
  return *re;
}
// Java/Kotlin "at pkg.Cls.m(File.java:12)", Node "at f (/p/x.js:10:5)" or
// "at /p/x.js:10:5".
const RE2& AtFrame() {
  static const RE2* const re = new RE2(R"(\s+at\s+(?:.*?\()?([^()\s]+?):(\d+)(?::\d+)?\)?\s*)");
  return *re;
}
// An app that prints an exception's properties puts the trace after a label
// ("StackTrace:    at Newtonsoft.Json.JsonReader.ReadInt32String(..)"):
// the frames start after it.
std::string_view StackTraceLabel(std::string_view l) {
  for (std::string_view label : {"StackTrace:", "Stack trace:", "Stack Trace:", "Stacktrace:"}) {
    if (l.starts_with(label) && l.size() > label.size() && IsSpace(l[label.size()]) &&
        Trim(l.substr(label.size())).starts_with("at ")) {
      return l.substr(0, label.size());
    }
  }
  return {};
}
bool IsAtLine(std::string_view l) {
  std::string_view t = Trim(l);
  if (!StackTraceLabel(t).empty()) return true;
  return IsIndented(l) && (t.starts_with("at ") || t.starts_with("... "));
}
// Go: "\t/src/app/main.go:12 +0x1d".
const RE2& GoFrame() {
  static const RE2* const re = new RE2(R"(\t(\S+\.go):(\d+)(?:\s.*)?)");
  return *re;
}

// The function a frame line names: Node/Java "at NAME (" / "at NAME(",
// Python ", in NAME"; "" otherwise.
std::string FrameFunction(std::string_view line) {
  std::string_view t = Trim(line);
  if (t.starts_with("at ")) {
    t.remove_prefix(3);
    size_t end = t.find('(');
    if (end == std::string_view::npos || end == 0) return "";
    std::string_view name = Trim(t.substr(0, end));
    if (name.starts_with("async ")) name.remove_prefix(6);
    return name.find(' ') == std::string_view::npos ? std::string(name) : "";
  }
  size_t in = t.rfind(", in ");
  if (t.starts_with("File \"") && in != std::string_view::npos) {
    return std::string(Trim(t.substr(in + 5)));
  }
  return "";
}

// .NET: "   at Ns.Cls.Method(Type arg) in C:\src\File.cs:line 12", the
// location only with debug symbols.
const RE2& DotNetFrame() {
  static const RE2* const re =
      new RE2(R"(\s+at\s+([^\s(]+)\([^)]*\)(?:\s+in\s+(.+):line\s+(\d+))?\s*)");
  return *re;
}

// An "at" frame line: Java/Kotlin/Node with a location, else .NET.
void AddAtFrame(std::string_view line, std::vector<StackFrame>* frames) {
  std::string unlabelled;
  if (std::string_view label = StackTraceLabel(Trim(line)); !label.empty()) {
    unlabelled = "   " + std::string(Trim(Trim(line).substr(label.size())));
    line = unlabelled;
  }
  re2::StringPiece in(line.data(), line.size());
  std::string file;
  int number = 0;
  if (RE2::FullMatch(in, AtFrame(), &file, &number)) {
    frames->push_back({std::move(file), number, FrameFunction(line)});
    return;
  }
  // The location group may not take part: its line number is read as text.
  std::string function, digits;
  if (RE2::FullMatch(in, DotNetFrame(), &function, &file, &digits)) {
    number = digits.empty() || digits.size() > 9 ? 0 : std::stoi(digits);
    frames->push_back({std::move(file), number, std::move(function)});
  }
}

void AddFrame(const RE2& re, std::string_view line, std::vector<StackFrame>* frames) {
  std::string file;
  int number = 0;
  if (RE2::FullMatch(re2::StringPiece(line.data(), line.size()), re, &file, &number)) {
    frames->push_back({std::move(file), number, FrameFunction(line)});
  }
}

size_t PythonTraceback(const Lines& lines, size_t i, Collector* out) {
  if (lines[i].find(kTracebackHeader) == std::string_view::npos) return i;
  Traceback tb(lines, i);
  size_t first = tb.ExceptionLine(i);
  if (first == lines.size()) return i;  // cut off before its exception line
  if (tb.Line(first).find(kTracebackHeader) != std::string_view::npos) return first;
  size_t end = tb.MessageEnd(first);
  ErrorText e = tb.Exception(first, end);
  for (size_t k = i + 1; k < first; ++k) AddFrame(PythonFrame(), tb.Line(k), &e.frames);
  out->Add(std::move(e));
  return end;
}

// A traceback pasted from its middle: no header, a frame line first (its
// path possibly cut: `\pkg\streams.py", line 640, in read`), frames and
// source lines, then the exception line ("pkg.mod.ServerDisconnectedError:
// Server disconnected"). Without the header the last unindented line must
// name a class to be the exception.
size_t PythonFramesOnly(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const cut_frame = new RE2(R"re(\s*(?:File ")?([^"]*)", line (\d+), in \S+)re");
  static const RE2* const exception = new RE2(R"re(([A-Za-z_][\w.]*)(?::\s.*)?)re");
  auto is_frame = [&](std::string_view l) {
    return RE2::FullMatch(re2::StringPiece(l.data(), l.size()), *cut_frame);
  };
  if (!is_frame(lines[i])) return i;
  size_t first = i + 1;
  while (first < lines.size() &&
         (is_frame(lines[first]) || IsIndented(lines[first]) || IsBlank(lines[first]))) {
    ++first;
  }
  if (first == lines.size()) return i;
  std::string cls;
  re2::StringPiece head(lines[first].data(), lines[first].size());
  if (!RE2::FullMatch(head, *exception, &cls)) return i;
  std::string_view last = std::string_view(cls).substr(cls.rfind('.') + 1);
  if (last.empty() || !std::isupper(static_cast<unsigned char>(last.front()))) return i;
  Traceback tb(lines);
  size_t end = tb.MessageEnd(first);
  ErrorText e = tb.Exception(first, end);
  for (size_t k = i; k < first; ++k) AddFrame(*cut_frame, lines[k], &e.frames);
  out->Add(std::move(e));
  return end;
}

// "Class: message" followed by "at" frames: Java/Kotlin (dotted classes,
// "Exception in thread ...", "Caused by:", "Suppressed:") and Node. The
// message may run over several lines, up to the first frame. Node prints
// "Error [ERR_X]: msg" and, after the frames, "{ code: 'ERR_X' }".
// A report's own header line before the trace ("Device: CPH2239 (OPPO),
// SDK: 11", then a blank line, then "hb0: Connect timeout has expired" and
// its frames): when `head` names no error class and a line after a blank
// line reads as one, that line starts the trace (Scan reaches it next).
bool LaterTraceHeader(const Lines& lines, size_t i, size_t first_frame, std::string_view head) {
  std::string cls;
  std::string_view message;
  if (SplitClass(head, /*in_traceback=*/true, &cls, &message) && LooksLikeErrorClass(cls)) {
    return false;
  }
  for (size_t k = i + 2; k < first_frame; ++k) {
    if (IsBlank(lines[k - 1]) && SplitClass(Trim(lines[k]), true, &cls, &message) &&
        !message.empty()) {
      return true;
    }
  }
  return false;
}

size_t AtTrace(const Lines& lines, size_t i, Collector* out) {
  std::string_view head = Trim(lines[i]);
  if (head.empty() || !IsIdentStart(head[0])) return i;  // cheap: most log lines
  for (std::string_view p : {"Caused by: ", "Suppressed: "}) {
    if (head.starts_with(p)) head.remove_prefix(p.size());
  }
  if (head.starts_with("Exception in thread \"")) {
    size_t q = head.find("\" ", 21);
    if (q == std::string_view::npos) return i;
    head.remove_prefix(q + 2);
  }
  size_t first_frame = i + 1;
  while (first_frame < lines.size() && first_frame - i <= 50 && !IsAtLine(lines[first_frame])) {
    ++first_frame;
  }
  if (first_frame >= lines.size() || first_frame - i > 50 || !IsAtLine(lines[first_frame]))
    return i;
  if (LaterTraceHeader(lines, i, first_frame, head)) return i;
  ErrorText e;
  std::string code;
  static const RE2* const node_code = new RE2(R"((\w+) \[([A-Z][A-Z0-9_]+)\])");
  std::string_view name = head.substr(0, head.find(':'));
  re2::StringPiece nm(name.data(), name.size());
  std::string cls;
  if (RE2::FullMatch(nm, *node_code, &cls, &code)) {
    e.error_class = cls;
    e.error_code = code;
    e.message = std::string(Trim(head.substr(name.size() + (name.size() < head.size() ? 1 : 0))));
  } else {
    std::string_view message;
    if (!SplitClass(head, /*in_traceback=*/true, &e.error_class, &message)) {
      // No class in front ("Exception caught: Could not convert ..."): the
      // line is the message when a labelled trace follows it.
      if (StackTraceLabel(Trim(lines[first_frame])).empty()) return i;
      message = head;
    }
    e.message = std::string(message);
  }
  for (size_t k = i + 1; k < first_frame; ++k) {
    e.message += '\n';
    e.message += lines[k];
  }
  e.message = std::string(Trim(e.message));
  e.input_line = static_cast<int>(i + 1);
  size_t k = first_frame;
  for (; k < lines.size() && IsAtLine(lines[k]); ++k) AddAtFrame(lines[k], &e.frames);
  // Node: "{ code: 'ENOENT', ... }" after the frames (a few lines at most).
  static const RE2* const code_prop = new RE2(R"(\s*\{?\s*code:\s*'([^']+)')");
  for (size_t j = k; j < lines.size() && j < k + 8 && !Trim(lines[j]).starts_with("Caused by:");
       ++j) {
    if (RE2::PartialMatch(re2::StringPiece(lines[j].data(), lines[j].size()), *code_prop, &code)) {
      e.error_code = code;
      break;
    }
    if (Trim(lines[j]) == "}") break;
  }
  out->Add(std::move(e));
  return k;
}

// .NET's Exception.ToString(): "Ns.OuterException (0x80004005): outer
// message", then " ---> Ns.InnerException: inner message" for each inner
// exception (CleanPaste has put each on its own line), then the frames,
// which are the innermost exception's, and after each "--- End of inner
// exception stack trace ---" those of the next one out. Every link is an
// error of its own: the outer one is what the library says went wrong (and
// what users quote), the inner one its cause, with the frames that locate
// it; the inner links rank below the outer one (ExplainPaste).
bool InnerExceptionLine(std::string_view line, std::string_view* rest) {
  std::string_view t = Trim(line);
  if (!t.starts_with("---> ")) return false;
  *rest = Trim(t.substr(5));
  return true;
}

// "Ns.Class (0x80004005): message" (an HRESULT after the class), else
// "Ns.Class: message", else the whole line as the message.
void SplitDotNetHead(std::string_view line, bool in_traceback, ErrorText* e) {
  static const RE2* const hresult = new RE2(R"(([A-Za-z_][\w.]*) \(0x[0-9A-Fa-f]+\):\s*(.*))");
  std::string cls, message;
  if (RE2::FullMatch(re2::StringPiece(line.data(), line.size()), *hresult, &cls, &message)) {
    e->error_class = cls.substr(cls.rfind('.') + 1);
    e->message = message;
    return;
  }
  std::string_view text;
  if (SplitClass(line, in_traceback, &e->error_class, &text)) {
    e->message = std::string(text);
  } else {
    e->error_class.clear();
    e->message = std::string(line);
  }
}

size_t InnerExceptionChain(const Lines& lines, size_t i, Collector* out) {
  std::string_view rest;
  if (i + 1 >= lines.size() || IsBlank(lines[i]) || InnerExceptionLine(lines[i], &rest) ||
      !InnerExceptionLine(lines[i + 1], &rest)) {
    return i;
  }
  std::vector<ErrorText> chain(1);
  SplitDotNetHead(Trim(lines[i]), /*in_traceback=*/false, &chain[0]);
  chain[0].input_line = static_cast<int>(i + 1);
  size_t k = i + 1;
  for (; k < lines.size() && InnerExceptionLine(lines[k], &rest); ++k) {
    chain.emplace_back();
    SplitDotNetHead(rest, /*in_traceback=*/true, &chain.back());
    chain.back().input_line = static_cast<int>(k + 1);
    chain.back().outer_link_line = chain[0].input_line;
  }
  // "--- End of inner exception stack trace ---" closes a link's frames;
  // the frames after it are the next link out's.
  for (size_t link = chain.size() - 1;; --link) {
    for (; k < lines.size() && IsAtLine(lines[k]); ++k) AddAtFrame(lines[k], &chain[link].frames);
    if (link == 0 || k >= lines.size() ||
        Trim(lines[k]) != "--- End of inner exception stack trace ---") {
      break;
    }
    ++k;
  }
  // An outer exception is made where the inner one was caught: in the
  // inner trace's last frame (the outer's own frames may be cut off).
  for (size_t link = chain.size() - 1; link > 0; --link) {
    std::vector<StackFrame>& outer = chain[link - 1].frames;
    outer.insert(outer.begin(), chain[link].frames.begin(), chain[link].frames.end());
    if (outer.size() > kMaxFramesPerError) outer.resize(kMaxFramesPerError);
  }
  for (ErrorText& e : chain) {
    e.message = std::string(Trim(e.message));
    if (!e.message.empty()) out->Add(std::move(e));
  }
  return k;
}

// Go: "panic: message [recovered]" then "goroutine N [running]:" and frames.
// The message may continue up to a blank line or the goroutine header.
size_t GoPanic(const Lines& lines, size_t i, Collector* out) {
  std::string_view head = lines[i];
  std::string_view prefix;
  for (std::string_view p : {"panic: ", "fatal error: "}) {
    if (head.starts_with(p)) prefix = p;
  }
  if (prefix.empty()) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::string(head.substr(prefix.size()));
  size_t k = i + 1;
  for (; k < lines.size() && !IsBlank(lines[k]) && !lines[k].starts_with("goroutine ") &&
         !lines[k].starts_with("panic: ");
       ++k) {
    e.message += '\n';
    e.message += lines[k];
  }
  constexpr std::string_view kRecovered = " [recovered]";
  std::string_view m = Trim(e.message);
  if (m.ends_with(kRecovered)) m.remove_suffix(kRecovered.size());
  e.message = std::string(m);
  while (k < lines.size() && IsBlank(lines[k])) ++k;
  if (k < lines.size() && lines[k].starts_with("goroutine ")) {
    for (++k; k < lines.size() && !IsBlank(lines[k]) && !lines[k].starts_with("panic: "); ++k) {
      AddFrame(GoFrame(), lines[k], &e.frames);
    }
  }
  out->Add(std::move(e));
  return k;
}

// `.unwrap()` on an error prints it in Debug form, a string literal inside
// a constructor (`Error("bad \\"x\\"", line: 2, column: 3)`), escapes doubled.
// The literal, unescaped, is the message as the error's Display writes it;
// empty when the panic holds none.
std::string DebugFormMessage(std::string_view panic) {
  static const RE2* const debug_re = new RE2(R"(on an `Err` value: [\w:]+\("((?:[^"\\]|\\.)*)\")");
  std::string quoted;
  if (!RE2::PartialMatch(re2::StringPiece(panic.data(), panic.size()), *debug_re, &quoted)) {
    return {};
  }
  std::string out;
  for (size_t i = 0; i < quoted.size(); ++i) {
    if (quoted[i] != '\\' || i + 1 == quoted.size()) {
      out += quoted[i];
      continue;
    }
    char c = quoted[++i];
    out += c == 'n' ? '\n' : c == 't' ? '\t' : c;  // \\ \" \' stand for themselves
  }
  return out;
}

// Rust: "thread 'main' panicked at src/main.rs:5:5:" with the message on the
// following lines (Rust >= 1.73), or "panicked at 'msg', src/main.rs:5:5".
size_t RustPanic(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const head_re = new RE2(R"(thread '[^']*' panicked at (.*))");
  static const RE2* const loc_re = new RE2(R"((\S+?):(\d+):\d+:?)");
  std::string rest;
  if (!RE2::FullMatch(re2::StringPiece(lines[i].data(), lines[i].size()), *head_re, &rest))
    return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  std::string file;
  int line = 0;
  size_t k = i + 1;
  if (RE2::FullMatch(rest, *loc_re, &file, &line)) {
    for (; k < lines.size() && !IsBlank(lines[k]) && !lines[k].starts_with("note: ") &&
           !lines[k].starts_with("stack backtrace:");
         ++k) {
      if (!e.message.empty()) e.message += '\n';
      e.message += lines[k];
    }
  } else {
    size_t cut = rest.rfind("', ");
    if (rest.starts_with("'") && cut != std::string::npos) {
      e.message = rest.substr(1, cut - 1);
      RE2::FullMatch(rest.substr(cut + 3), *loc_re, &file, &line);
    } else {
      e.message = rest;
    }
  }
  if (!file.empty()) e.frames.push_back({file, line});
  e.message = std::string(Trim(e.message));
  std::string inner = DebugFormMessage(e.message);
  ErrorText debug = e;
  out->Add(std::move(e));
  if (!inner.empty()) {  // after the panic: the inner error is tried first
    debug.message = std::move(inner);
    out->Add(std::move(debug));
  }
  return k;
}

// anyhow/eyre and cargo: "Error: top" (or "error: top") and then one or
// more "Caused by:" sections of indented lines, innermost last. Numbered
// lines ("    0: inner", anyhow's list) are one link each; unnumbered lines
// of one section (cargo's) are one message, as it may run over lines.
size_t RustCauses(const Lines& lines, size_t i, Collector* out) {
  std::string_view head = lines[i];
  if (!head.starts_with("Error: ") && !head.starts_with("error: ")) return i;
  auto next_section = [&](size_t k) {
    while (k < lines.size() && IsBlank(lines[k])) ++k;
    return k < lines.size() && Trim(lines[k]) == "Caused by:" ? k : lines.size();
  };
  size_t k = next_section(i + 1);
  if (k >= lines.size()) return i;
  ErrorText top;
  top.input_line = static_cast<int>(i + 1);
  top.message = std::string(Trim(head.substr(7)));
  out->Add(std::move(top));
  static const RE2* const numbered = new RE2(R"(\s+\d+:\s+(.*))");
  size_t end = k;
  for (; k < lines.size(); k = next_section(end)) {
    ErrorText joined;
    for (++k; k < lines.size() && IsIndented(lines[k]) && !IsBlank(lines[k]); ++k) {
      std::string message;
      if (RE2::FullMatch(re2::StringPiece(lines[k].data(), lines[k].size()), *numbered, &message)) {
        ErrorText e;
        e.input_line = static_cast<int>(k + 1);
        e.message = std::string(Trim(message));
        out->Add(std::move(e));
        continue;
      }
      if (joined.message.empty()) {
        joined.input_line = static_cast<int>(k + 1);
      } else {
        joined.message += '\n';
      }
      joined.message += Trim(lines[k]);
    }
    if (!joined.message.empty()) out->Add(std::move(joined));
    end = k;
  }
  return end;
}

// C++: "terminate called after throwing an instance of 'std::runtime_error'"
// then "  what():  message" (which may run on until a blank line or "Aborted").
size_t CppTerminate(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const head_re =
      new RE2(R"(terminate called after throwing an instance of '([^']*)'\s*)");
  std::string cls;
  if (!RE2::FullMatch(re2::StringPiece(lines[i].data(), lines[i].size()), *head_re, &cls)) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  size_t colon = cls.rfind("::");
  e.error_class = colon == std::string::npos ? cls : cls.substr(colon + 2);
  size_t k = i + 1;
  if (k < lines.size() && Trim(lines[k]).starts_with("what():")) {
    e.input_line = static_cast<int>(k + 1);
    e.message = std::string(Trim(Trim(lines[k]).substr(7)));
    for (++k; k < lines.size() && !IsBlank(lines[k]) && !lines[k].starts_with("Aborted"); ++k) {
      e.message += '\n';
      e.message += lines[k];
    }
  }
  out->Add(std::move(e));
  return k;
}

// A Ruby backtrace line: "    /gems/rack/lint.rb:20:in `assert'", or with
// "from " as Ruby prints every frame after the first.
const RE2& RubyFrame() {
  static const RE2* const re = new RE2(
      R"(\s+(?:from\s+)?(\S+?):(\d+):in\s+[`'](?:(?:block|rescue|ensure) in )?([^']*)'\s*)");
  return *re;
}

// Ruby's uncaught exception: "/g/rack/lint.rb:20:in `assert': message
// (Rack::Lint::LintError)", then one "\tfrom file.rb:N:in `m'" line per
// frame. Ruby 3.4 quotes with ' and names "Cls#m". A message of several
// lines puts the class after its first line.
size_t RubyUncaught(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const head_re = new RE2(
      R"(\s*(\S+\.(?:rb|ru|rake)):(\d+):in [`'](?:(?:block|rescue|ensure) in )?([^']*)': (.*?) )"
      R"(\(([A-Z][\w]*(?:::[A-Z]\w*)*)\)\s*)");
  std::string file, function, message, cls;
  int number = 0;
  std::string_view head = StripLogPrefix(lines[i]);
  if (!RE2::FullMatch(re2::StringPiece(head.data(), head.size()), *head_re, &file, &number,
                      &function, &message, &cls)) {
    return i;
  }
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  size_t colon = cls.rfind("::");
  e.error_class = colon == std::string::npos ? cls : cls.substr(colon + 2);
  e.message = std::move(message);
  e.frames.push_back({std::move(file), number, std::move(function)});
  size_t k = i + 1;
  StackFrame frame;
  for (; k < lines.size() && e.frames.size() < kMaxFramesPerError; ++k) {
    frame = StackFrame{};
    if (!RE2::FullMatch(re2::StringPiece(lines[k].data(), lines[k].size()), RubyFrame(),
                        &frame.file, &frame.line, &frame.function)) {
      break;
    }
    e.frames.push_back(std::move(frame));
  }
  // Innermost last, as the other traces keep them.
  std::reverse(e.frames.begin(), e.frames.end());
  out->Add(std::move(e));
  return k;
}

// One error of a Rake report at line i ("Ns::Class: message", its further
// message lines and its frames); returns the line after it, or i when line
// i is none. A cause (`first` false) must name a qualified or error-like
// class, perhaps after "Caused by: ".
size_t RakeError(const Lines& lines, size_t i, bool first, Collector* out) {
  static const RE2* const frame_re = new RE2(
      R"((\S+?\.(?:rb|rake|ru)):(\d+):in [`'](?:(?:block|rescue|ensure)[^']* in )?([^']*)'.*)");
  ErrorText e;
  std::string_view message;
  std::string_view head = Trim(lines[i]);
  if (!first && head.starts_with("Caused by: ")) head = Trim(head.substr(11));
  if (!SplitClass(head, /*in_traceback=*/true, &e.error_class, &message)) return i;
  bool qualified = head.substr(0, head.find(": ")).find("::") != std::string_view::npos;
  if (!first && !qualified && !LooksLikeErrorClass(e.error_class)) return i;
  size_t colon = e.error_class.rfind("::");
  if (colon != std::string::npos) e.error_class = e.error_class.substr(colon + 2);
  e.message = std::string(message);
  e.input_line = static_cast<int>(i + 1);
  size_t k = i + 1;
  StackFrame frame;
  for (; k < lines.size() && !IsBlank(lines[k]); ++k) {
    std::string_view l = Trim(lines[k]);
    if (RE2::FullMatch(re2::StringPiece(l.data(), l.size()), *frame_re, &frame.file, &frame.line,
                       &frame.function)) {
      break;
    }
    e.message += '\n';
    e.message += l;
  }
  for (; k < lines.size() && e.frames.size() < kMaxFramesPerError; ++k) {
    frame = StackFrame{};
    std::string_view l = Trim(lines[k]);
    if (!RE2::FullMatch(re2::StringPiece(l.data(), l.size()), *frame_re, &frame.file, &frame.line,
                        &frame.function)) {
      break;
    }
    e.frames.push_back(std::move(frame));
  }
  std::reverse(e.frames.begin(), e.frames.end());  // innermost last, as elsewhere
  out->Add(std::move(e));
  return k;
}

// Rake's report of a failed task (rake, Capistrano, Rails tasks): "cap
// aborted!", then "Ns::Class: message" (possibly several lines), then the
// frames unindented, "/g/sshkit/runners/parallel.rb:15:in `rescue in
// execute'", innermost first. The causes follow, each after a blank line
// (and "Caused by:" with a backtrace): "Net::SSH::AuthenticationFailed:
// Authentication failed for user deploy@host", each an error of its own,
// up to "Tasks: TOP => x".
size_t RakeAborted(const Lines& lines, size_t i, Collector* out) {
  std::string_view t = Trim(lines[i]);
  if (!t.ends_with(" aborted!") || i + 1 >= lines.size()) return i;
  size_t k = RakeError(lines, i + 1, /*first=*/true, out);
  if (k == i + 1) return i;
  while (k < lines.size()) {
    size_t next = k;
    while (next < lines.size() && IsBlank(lines[next])) ++next;
    if (next == k || next >= lines.size()) break;  // a cause follows a blank line
    size_t after = RakeError(lines, next, /*first=*/false, out);
    if (after == next) break;
    k = after;
  }
  return k;
}

// The frames of a PHP trace whose newlines were lost, "#0 a.php(3): f() #1
// {main} thrown in ...": split before each " #N " in turn.
std::vector<std::string_view> FlatPhpFrames(std::string_view trace) {
  std::vector<std::string_view> frames;
  for (int n = 1; !trace.empty(); ++n) {
    size_t next = trace.find(" #" + std::to_string(n) + " ");
    frames.push_back(trace.substr(0, next));
    if (next == std::string_view::npos) break;
    trace.remove_prefix(next + 1);
  }
  return frames;
}

// PHP: "PHP Fatal error:  Uncaught Ns\Cls: message in /p/x.php:22", the
// message possibly running over several lines, then "Stack trace:" and
// "#0 /p/y.php(12): f()" frames; chained exceptions follow as "Next
// Ns\Cls: message in /p/z.php:5". Also "PHP Warning:  message in /p/x.php
// on line 12" (and Notice, Deprecated, Fatal error without Uncaught), with
// or without the "PHP " prefix and error_log's "[date] " in front. Paths
// may hold spaces (Windows: "C:\xampp\htdocs\my site\x.php"), and a trace
// pasted where newlines were lost comes on the message's line:
// "... in C:\x.php:12 Stack trace: #0 C:\y.php(3): f() #1 {main} thrown in ...".
size_t PhpError(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const head_re = new RE2(
      R"((?:\[[^\]]*\] )?(?:PHP )?(?:Fatal error|Warning|Notice|Deprecated|Parse error|)"
      R"(Recoverable fatal error|User Error|User Warning|User Notice|User Deprecated):\s+(.*))");
  static const RE2* const next_re = new RE2(R"(Next ([\w\\]+): (.*))");
  static const RE2* const where_re = new RE2(R"((?s)(.*) in (\S[^\n]*?\.php):(\d+)\s*)");
  static const RE2* const on_line_re = new RE2(R"((?s)(.*) in (\S[^\n]*?) on line (\d+)\s*)");
  static const RE2* const frame_re = new RE2(R"(#\d+ (\S[^\n]*?\.php)\((\d+)\): .*)");
  static const RE2* const uncaught_re = new RE2(R"(Uncaught ([\w\\]+)(?:: ([\s\S]*))?)");
  std::string rest;
  re2::StringPiece line(lines[i].data(), lines[i].size());
  bool chained = false;
  std::string chained_class;
  if (RE2::FullMatch(line, *next_re, &chained_class, &rest)) {
    chained = true;
  } else if (!RE2::FullMatch(line, *head_re, &rest)) {
    return i;
  }
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  std::string cls, body = rest;
  if (chained) {
    cls = chained_class;
  } else if (RE2::FullMatch(rest, *uncaught_re, &cls, &body)) {
    if (body.empty() && cls.empty()) return i;
  }
  std::string flat_trace;  // the frames, when they came on this line
  if (size_t at = body.find(" Stack trace: #"); at != std::string::npos) {
    flat_trace = body.substr(at + 14);
    body.resize(at);
  }
  size_t k = i + 1;
  // The message runs on to the line that ends with " in FILE:LINE".
  std::string message = body, file;
  int number = 0;
  while (true) {
    std::string head;
    if (RE2::FullMatch(message, *where_re, &head, &file, &number) ||
        RE2::FullMatch(message, *on_line_re, &head, &file, &number)) {
      message = head;
      break;
    }
    if (cls.empty() || k >= lines.size() || lines[k] == "Stack trace:" || k - i > 200) break;
    message += '\n';
    message += lines[k++];
  }
  // "Warning: Unknown configuration option `x`" is many programs' line
  // (rustfmt's): PHP's own say "PHP", "Uncaught" or where they happened.
  bool php = chained || !cls.empty() || !file.empty() ||
             std::string_view(lines[i]).find("PHP ") != std::string_view::npos;
  if (!php) return i;
  size_t slash = cls.rfind('\\');
  e.error_class = slash == std::string::npos ? cls : cls.substr(slash + 1);
  e.message = std::string(Trim(message));
  if (!file.empty()) e.frames.push_back({file, number});
  for (std::string_view frame : FlatPhpFrames(flat_trace)) AddFrame(*frame_re, frame, &e.frames);
  if (k < lines.size() && lines[k] == "Stack trace:") {
    for (++k; k < lines.size() && lines[k].starts_with("#"); ++k) {
      AddFrame(*frame_re, lines[k], &e.frames);
    }
  }
  if (k < lines.size() && Trim(lines[k]).starts_with("thrown in ")) ++k;
  out->Add(std::move(e));
  return k;
}

// PHP's Throwable::__toString() and what frameworks log from it:
// "Ns\Cls: message in /p/x.php:22", perhaps after the caller's own words
// ("Error on validating id_token. Firebase\JWT\BeforeValidException:
// Cannot handle token prior to ... in /app/vendor/.../JWT.php:142"), then
// "Stack trace:" and "#0 /p/y.php(12): f()" frames. The class must be
// namespaced or named as an exception, and the line end with a .php place.
size_t PhpThrowableString(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const re =
      new RE2(R"((?:.*?\s)?((?:[A-Za-z_]\w*\\)+[A-Za-z_]\w*|[A-Z]\w*(?:Exception|Error)): )"
              R"((.*\S) in (\S[^\n]*?\.php):(\d+)\s*)");
  static const RE2* const frame_re = new RE2(R"(#\d+ (\S[^\n]*?\.php)\((\d+)\): .*)");
  std::string cls, message, file;
  int number = 0;
  re2::StringPiece line(lines[i].data(), lines[i].size());
  if (!RE2::FullMatch(line, *re, &cls, &message, &file, &number)) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  size_t slash = cls.rfind('\\');
  e.error_class = slash == std::string::npos ? cls : cls.substr(slash + 1);
  e.message = std::string(Trim(message));
  e.frames.push_back({file, number});
  size_t k = i + 1;
  if (k < lines.size() && Trim(lines[k]) == "Stack trace:") {
    for (++k; k < lines.size() && Trim(lines[k]).starts_with("#"); ++k) {
      AddFrame(*frame_re, Trim(lines[k]), &e.frames);
    }
  }
  out->Add(std::move(e));
  return k;
}

// Monolog's LineFormatter (Laravel, Symfony): "[date] channel.ERROR:
// message {context} {extra}". A context with an exception names its class:
// "exception":"[object] (Ns\\Cls(code: 0): message at /p/x.php:22)".
size_t MonologLine(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const re =
      new RE2(R"(\[[^\]]+\] [\w.-]+\.(?:ERROR|CRITICAL|ALERT|EMERGENCY|WARNING): (.*))");
  static const RE2* const tail_re = new RE2(R"((.*?) (?:\{.*\}|\[\]) (?:\{.*\}|\[\])\s*)");
  static const RE2* const exception_re =
      new RE2(R"re("exception":"\[object\] \(([\w\\]+)\(code)re");
  std::string rest;
  if (!RE2::FullMatch(re2::StringPiece(lines[i].data(), lines[i].size()), *re, &rest)) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  std::string message;
  size_t context = rest.find(" {\"exception\":");
  if (RE2::FullMatch(rest, *tail_re, &message)) {
    e.message = message;
  } else {
    e.message = context == std::string::npos ? rest : rest.substr(0, context);
  }
  std::string cls;
  if (RE2::PartialMatch(rest, *exception_re, &cls)) {
    size_t slash = cls.rfind('\\');
    e.error_class = slash == std::string::npos ? cls : cls.substr(slash + 1);
  }
  out->Add(std::move(e));
  size_t k = i + 1;
  // Laravel prints the trace after the line: "[stacktrace]" and "#0 ...".
  if (k < lines.size() && lines[k] == "[stacktrace]") {
    for (++k; k < lines.size() && (lines[k].starts_with("#") || lines[k] == "\"}"); ++k) {
    }
  }
  return k;
}

// True if a structured trace starts at line k (so a log line just before it
// is only the trace's context).
bool TraceStartsAt(const Lines& lines, size_t k) {
  if (k >= lines.size()) return false;
  std::string_view l = lines[k];
  return l.find(kTracebackHeader) != std::string_view::npos ||
         (k + 1 < lines.size() && IsAtLine(lines[k + 1])) || l.starts_with("panic: ") ||
         l.starts_with("terminate called after throwing") || l.starts_with("PHP Fatal error:");
}

// A source location in brackets before a message, as C++ programs print
// their exception chains: aria2's "Exception: [AbstractCommand.cc:351]
// errorCode=22 URI=..." then "  -> [HttpSkipResponseCommand.cc:240]
// errorCode=22 The response status is not successful. status=421". The
// file needs an extension, so "[main:12]" or "[0:1]" is no location.
const RE2& LocatedLinePrefix() {
  static const RE2* const re = new RE2(
      R"re([ \t]*(?:->[ \t]*|[A-Za-z.:]*(?:Exception|Error):[ \t]*)?\[([\w./\\-]+\.[A-Za-z+]{1,4}):(\d+)\][ \t]*)re");
  return *re;
}

bool StartsLocatedLine(std::string_view line) {
  re2::StringPiece in(line.data(), line.size());
  return RE2::Consume(&in, LocatedLinePrefix());
}

// Lines a leveled log message may run on for.
constexpr size_t kMaxLogContinuation = 8;

// A log line at error level: timestamp/glog/level prefix naming ERROR,
// FATAL, CRITICAL (or glog E/F), or logfmt "level=error ... err=/msg=".
// "Headers: {" / "response: [": a dump of data follows (electron-updater
// logs an HttpError's headers under its message), not more of the message.
bool OpensDataBlock(std::string_view line) {
  std::string_view t = Trim(line);
  return t.size() > 1 && (t.back() == '{' || t.back() == '[') &&
         (t.ends_with(": {") || t.ends_with(": [") || t.ends_with("= {") || t.ends_with("= ["));
}

// Continuation lines read under one Gradle cause.
constexpr size_t kMaxCauseLines = 12;

// A label longer than this is a logger's record header, not words a
// program may print as part of its message.
constexpr size_t kMaxLevelLabel = 12;

size_t LogLine(const Lines& lines, size_t i, Collector* out) {
  std::string_view line = lines[i];
  re2::StringPiece in(line.data(), line.size());
  // logfmt: the err= value is the error; msg= is the fallback.
  static const RE2* const logfmt_level =
      new RE2(R"re(.*\b(?:level|lvl)="?(?i:error|fatal|panic|crit|critical)\b.*)re");
  static const RE2* const logfmt_err =
      new RE2(R"re(.*?\b(?:err|error)=(?:"((?:[^"\\]|\\.)*)"|(\S+)).*)re");
  static const RE2* const logfmt_msg = new RE2(R"re(.*?\bmsg=(?:"((?:[^"\\]|\\.)*)"|(\S+)).*)re");
  std::string quoted, bare;
  if (RE2::FullMatch(in, *logfmt_level) && (RE2::FullMatch(in, *logfmt_err, &quoted, &bare) ||
                                            RE2::FullMatch(in, *logfmt_msg, &quoted, &bare))) {
    ErrorText e;
    e.input_line = static_cast<int>(i + 1);
    e.message = quoted.empty() ? bare : quoted;
    out->Add(std::move(e));
    return i + 1;
  }
  static const RE2* const level_word =
      new RE2(R"((?i)\b(?:error|err|fatal|critical|crit|severe|panic)\b|^[EF]\d{4} |\[[ef]\])");
  const char* start = in.data();
  bool glog = RE2::Consume(&in, GlogPrefix());
  bool stamped = !glog && RE2::Consume(&in, TimestampPrefix());
  bool leveled = !glog && RE2::Consume(&in, LevelPrefix());
  if (!leveled && stamped) leveled = RE2::Consume(&in, BareLevelPrefix());
  if (!glog && !leveled) return i;
  std::string_view prefix(start, in.data() - start);
  if (!RE2::PartialMatch(re2::StringPiece(prefix.data(), prefix.size()), *level_word)) return i;
  std::string_view rest = Trim(std::string_view(in.data(), in.size()));
  if (rest.empty() || TraceStartsAt(lines, i + 1)) return i + 1;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  if (!glog && !stamped && prefix.size() <= kMaxLevelLabel) e.level_label = std::string(prefix);
  std::string_view message;
  if (!SplitClass(rest, /*in_traceback=*/false, &e.error_class, &message)) message = rest;
  e.message = std::string(message);
  // A message of several lines goes on below its level prefix (pytest's
  // "ERROR: not found: x" then "(no match in any of [..])"), up to a blank
  // line or the next record.
  size_t k = i + 1;
  for (; k < lines.size() && k <= i + kMaxLogContinuation; ++k) {
    std::string_view next = lines[k];
    re2::StringPiece probe(next.data(), next.size());
    if (IsBlank(next) || StartsLogRecord(next) || RE2::Consume(&probe, LevelPrefix()) ||
        TraceStartsAt(lines, k) || StartsLocatedLine(next) ||
        next.find("level=") != std::string_view::npos ||
        next.find("lvl=") != std::string_view::npos || Trim(next).starts_with("{") ||
        OpensDataBlock(next)) {
      break;
    }
    e.message += '\n';
    e.message += next;
  }
  e.message = std::string(Trim(e.message));
  out->Add(std::move(e));
  return k;
}

// Each located line is an error of its own with its location as a frame;
// its message runs on over the lines a console wrapped, up to a blank line,
// the next located line or a log record.
size_t LocatedLine(const Lines& lines, size_t i, Collector* out) {
  re2::StringPiece in(lines[i].data(), lines[i].size());
  StackFrame frame;
  if (!RE2::Consume(&in, LocatedLinePrefix(), &frame.file, &frame.line)) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::string(in.data(), in.size());
  size_t k = i + 1;
  for (; k < lines.size() && k <= i + kMaxLogContinuation; ++k) {
    if (IsBlank(lines[k]) || StartsLocatedLine(lines[k]) || StartsLogRecord(lines[k]) ||
        TraceStartsAt(lines, k)) {
      break;
    }
    e.message += '\n';
    e.message += lines[k];
  }
  e.message = std::string(Trim(e.message));
  if (e.message.empty()) return i;
  e.frames.push_back(std::move(frame));
  out->Add(std::move(e));
  return k;
}

// A command-line parser's usage error: click prints "Usage: ..." and "Try
// '... --help' for help." then "Error: <message>"; cobra prints "Error:
// <message>" then "Usage:". The "Error: " line is the message (not the class
// "Error") when a "Usage:" line is near it.
size_t CliUsageError(const Lines& lines, size_t i, Collector* out) {
  constexpr size_t kNear = 40;
  std::string_view line = Trim(lines[i]);
  if (!line.starts_with("Error: ") || line.size() <= 7) return i;
  bool usage = false;
  size_t from = i > kNear ? i - kNear : 0, to = std::min(lines.size(), i + kNear);
  for (size_t k = from; k < to && !usage; ++k) usage = Trim(lines[k]).starts_with("Usage:");
  if (!usage) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::string(Trim(line.substr(7)));
  out->Add(std::move(e));
  return i + 1;
}

// A tool or program line of fewer words than this is too little to read
// on its own.
constexpr size_t kMinToolLineWords = 3;

bool TooFewWords(std::string_view message) {
  return static_cast<size_t>(std::count(message.begin(), message.end(), ' ')) + 1 <
         kMinToolLineWords;
}

// A command-line tool's own error line, "error: <message>" at the start of
// a line (rustc, cargo, wasm-bindgen, git, clang print their errors so).
// Recognized only so that a structure found elsewhere in the paste (the
// caller's "thread 'main' panicked at 'Failed to run wasm-bindgen'") does
// not hide it: with nothing else recognized, free text reads it anyway.
size_t ToolErrorLine(const Lines& lines, size_t i, Collector* out) {
  std::string_view line = lines[i];
  if (!line.starts_with("error: ") || TooFewWords(Trim(line.substr(7)))) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  // The label stays: some tools write it into their own text (commander's
  // "error: unknown option '%s'"), and a template without it still matches.
  e.message = std::string(Trim(line));
  out->AddToolLine(std::move(e));
  return i + 1;
}

// A Unix program's diagnostic, "prog: message" at the start of a line
// (libfuse's "fuse: unknown option(s): `-o ..'", tar's "tar: Unrecognized
// archive format"), before the traceback of the program that ran it.
// Counted like a tool line: alone, free text reads it as before.
size_t ProgramDiagnosticLine(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const re = new RE2(R"(([a-z][a-z0-9_-]{1,23}): (\S.*))");
  std::string prog, message;
  if (!RE2::FullMatch(re2::StringPiece(lines[i].data(), lines[i].size()), *re, &prog, &message)) {
    return i;
  }
  // Level labels and the words other recognizers or prose use so.
  for (std::string_view word :
       {"error",   "warning",  "warn",   "note",  "help", "hint",   "info",    "debug",  "trace",
        "fatal",   "panic",    "http",   "https", "file", "caused", "thread",  "see",    "usage",
        "example", "expected", "actual", "got",   "want", "reason", "message", "details"}) {
    if (prog == word) return i;
  }
  if (TooFewWords(message)) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::string(Trim(lines[i]));
  e.program_line = true;
  out->AddToolLine(std::move(e));
  return i + 1;
}

// A JVM or .NET exception's own line, "feign.RetryableException: Read timed
// out executing GET ..", printed below the log record that reported it
// (Spring's "ERROR .. : Read timed out .." then a blank line and the
// exception) without frames. The package-qualified class says it is the
// exception, whose class the record agrees with. Counted like a tool line:
// alone, free text reads it as before.
size_t QualifiedExceptionLine(const Lines& lines, size_t i, Collector* out) {
  std::string_view line = lines[i];
  size_t colon = line.find(": ");
  if (colon == std::string_view::npos ||
      line.substr(0, colon).find('.') == std::string_view::npos ||
      line.substr(0, colon).find(' ') != std::string_view::npos) {
    return i;
  }
  ErrorText e;
  std::string_view message;
  if (!SplitClass(line, /*in_traceback=*/false, &e.error_class, &message)) return i;
  message = Trim(message);
  if (message.empty()) return i;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::string(message);
  out->AddToolLine(std::move(e));
  return i + 1;
}

// The curl tool's error line, "curl: (56) Recv failure: ...": the text after
// the exit code is libcurl's error buffer. Build logs glue it to the end of
// the progress meter ("... --:--:--     0curl: (56) ..."), so it is found
// anywhere in the line.
size_t CurlToolLine(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const curl = new RE2(R"re((?:^|[^A-Za-z_.-])curl: \(\d{1,3}\) (\S.*))re");
  std::string message;
  if (!RE2::PartialMatch(lines[i], *curl, &message)) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::string(Trim(message));
  out->Add(std::move(e));
  return i + 1;
}

// The Visual C++ runtime's assertion dialog, copied as text: "Assertion
// failed!" over "Program: ..", "File: x.cpp", "Line: 12" and "Expression:
// cond" lines (users paste it from the message box). Read as the glibc
// sentence with the file and line as a frame, like AssertionFailure's.
size_t AssertionDialog(const Lines& lines, size_t i, Collector* out) {
  if (Trim(lines[i]) != "Assertion failed!") return i;
  StackFrame frame;
  std::string cond;
  size_t k = i + 1;
  for (; k < lines.size() && k <= i + 12; ++k) {
    std::string_view l = Trim(lines[k]);
    if (l.starts_with("File: ")) frame.file = std::string(Trim(l.substr(6)));
    if (l.starts_with("Line: ")) frame.line = std::atoi(std::string(l.substr(6)).c_str());
    if (l.starts_with("Expression: ")) {
      cond = std::string(Trim(l.substr(12)));
      break;
    }
  }
  if (cond.empty()) return i;
  ErrorText e;
  e.input_line = static_cast<int>(k + 1);
  e.message = "Assertion `" + cond + "' failed.";
  if (!frame.file.empty()) e.frames.push_back(std::move(frame));
  out->Add(std::move(e));
  return k + 1;
}

// A failed C assert(), as the C libraries print it: glibc "prog: x.c:12:
// f: Assertion `cond' failed.", macOS and the BSDs "Assertion failed:
// (cond), function f, file x.c, line 12.", MSVC "Assertion failed: cond,
// file x.c, line 12". Each becomes glibc's sentence (the records' text)
// with the file, line and function as a frame; found anywhere in a line,
// since users quote it in prose.
size_t AssertionFailure(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const glibc =
      new RE2(R"re((?:(\S+?):(\d+): )?([\w:~<>]+): Assertion [`'](.+)' failed)re");
  static const RE2* const bsd =
      new RE2(R"re(Assertion failed: \((.+)\), function ([^,]+), file ([^,]+), line (\d+))re");
  static const RE2* const msvc = new RE2(R"re(Assertion failed: (.+), file ([^,]+), line (\d+))re");
  re2::StringPiece line(lines[i].data(), lines[i].size());
  std::string cond, number;
  StackFrame frame;
  // The line number as text: glibc's is optional, and an absent group
  // does not convert to an int.
  if (!RE2::PartialMatch(line, *glibc, &frame.file, &number, &frame.function, &cond) &&
      !RE2::PartialMatch(line, *bsd, &cond, &frame.function, &frame.file, &number) &&
      !RE2::PartialMatch(line, *msvc, &cond, &frame.file, &number)) {
    return AssertionDialog(lines, i, out);
  }
  frame.line = number.empty() ? 0 : std::atoi(number.c_str());
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = "Assertion `" + cond + "' failed.";
  if (!frame.file.empty() || !frame.function.empty()) e.frames.push_back(std::move(frame));
  out->Add(std::move(e));
  return i + 1;
}

// Diagnostic renderers draw a gutter in front of a message's lines: pip's
// "× <message>", "│ exit code: 1", then "╰─> [6 lines of output]" and the
// output (rich); Rust's miette the same after "Error: ". The message is the
// "×" line and the "│" lines under it; what follows the "╰─>" line (a
// subprocess's own traceback) is read on as the input's next errors.
size_t GutterDiagnostic(const Lines& lines, size_t i, Collector* out) {
  std::string_view first = Trim(lines[i]);
  if (first.starts_with("Error:")) first = Trim(first.substr(6));
  if (!first.starts_with("× ")) return i;
  std::string message(Trim(first.substr(std::string_view("× ").size())));
  size_t k = i + 1;
  for (; k < lines.size(); ++k) {
    std::string_view l = Trim(lines[k]);
    if (!l.starts_with("│")) break;
    std::string_view rest = Trim(l.substr(std::string_view("│").size()));
    if (!rest.empty()) message += "\n" + std::string(rest);
  }
  if (message.empty()) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = std::move(message);
  out->Add(std::move(e));
  return k;
}

// Pretty-printed JSON (an API's error body, a validation library's list
// of issues, GraphQL's "errors"): one field per line, and the error text is
// the value of a "message" (or "msg", "detail", "error_description") field.
// A field on its own line is read whatever surrounds it, since users paste
// such bodies cut, or inside the exception's own text ("ZodError: [ {").
size_t JsonMessageField(const Lines& lines, size_t i, Collector* out) {
  static const RE2* const field = new RE2(
      R"re(\s*"(?:message|msg|detail|error_description)"\s*:\s*("(?:[^"\\]|\\.)*")\s*,?\s*)re");
  std::string quoted;
  if (!RE2::FullMatch(lines[i], *field, &quoted)) return i;
  nlohmann::json j = nlohmann::json::parse(quoted, nullptr, false);
  if (!j.is_string() || j.get<std::string>().empty()) return i;
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  e.message = j.get<std::string>();
  out->Add(std::move(e));
  return i + 1;
}

// One message from lines[first, last): its first line's log prefix and a
// leading `SomeError:` are split off.
// A frame printed as an indented location alone, with the function after it:
// Laravel Ignition's "  vendor/x/ForwardsCalls.php:50 Ns\Model::method".
const RE2& BareFrame() {
  static const RE2* const re = new RE2(
      R"(\s+(\S+\.(?:php|py|rb|js|mjs|cjs|ts|go|java|kt|cs|rs|c|cc|cpp|h|hpp|swift|scala)):(\d+))"
      R"((?:\s+(\S+))?\s*)");
  return *re;
}

// A Ruby frame under a free-text message, indented or not (a paste's
// common indentation is gone by now), possibly after the gem's name and
// version as Rails' error pages print them: "rack (1.4.1)
// lib/rack/utils.rb:108:in `normalize_params'".
const RE2& GemFrame() {
  static const RE2* const re =
      new RE2(R"(\s*(?:from\s+)?(?:[\w.-]+ \([\w.]+\) )?(\S+?):(\d+):in\s+[`'])"
              R"((?:(?:block|rescue|ensure) in )?([^']*)'\s*)");
  return *re;
}

// A frame in Python's shape under another language's message: error
// trackers (Rollbar, Sentry's text export) print every language's frames
// so: `File "/app/vendor/predis/src/Client.php", line 155, in connect`.
const RE2& TrackerFrame() {
  static const RE2* const re = new RE2(R"re(\s*File "([^"]+)", line (\d+), in (\S+)\s*)re");
  return *re;
}

// Reads `line` as a frame printed under a free-text message.
bool ParseBareFrame(std::string_view line, StackFrame* frame) {
  re2::StringPiece piece(line.data(), line.size());
  return RE2::FullMatch(piece, BareFrame(), &frame->file, &frame->line, &frame->function) ||
         RE2::FullMatch(piece, GemFrame(), &frame->file, &frame->line, &frame->function) ||
         RE2::FullMatch(piece, TrackerFrame(), &frame->file, &frame->line, &frame->function);
}

ErrorText FreeMessage(const std::vector<std::string_view>& lines, size_t first, size_t last) {
  ErrorText e;
  e.input_line = static_cast<int>(first + 1);
  // Frames under the message are evidence, not text of the message.
  size_t frames_from = last;
  StackFrame frame;
  while (frames_from > first + 1 && ParseBareFrame(lines[frames_from - 1], &frame)) --frames_from;
  for (size_t k = frames_from; k < last; ++k) {
    frame = StackFrame{};
    ParseBareFrame(lines[k], &frame);
    e.frames.push_back(std::move(frame));
  }
  last = frames_from;
  std::string_view head = StripLogPrefix(Trim(lines[first]));
  std::string_view message;
  if (!SplitClass(head, /*in_traceback=*/false, &e.error_class, &message)) message = head;
  // The lines are views of one buffer: the message runs from its start on
  // the first line to the end of the last.
  const char* end = lines[last - 1].data() + lines[last - 1].size();
  e.message = std::string(Trim(std::string_view(message.data(), end - message.data())));
  return e;
}

// Free text: the whole text is one message. When blank lines split it into
// paragraphs, each paragraph is one as well: a CLI prints its usage, then a
// blank line, then the error ("Unknown argument: xxx"), and the error alone
// matches its record where the whole text is mostly usage.
constexpr size_t kMaxParagraphs = 8;

// Prose that quotes the error as inline code ("This resulted in `unable to
// resolve google.protobuf.FieldMask`"): each `span` of a few words on one
// line is also read alone, so the user's own words around it do not drown
// it.
constexpr size_t kMaxInlineSpans = 4;
constexpr size_t kMinInlineSpanBytes = 12;
constexpr size_t kMaxInlineSpanBytes = 500;
constexpr size_t kMaxInlineProseBytes = 16 * 1024;

// The number of backticks in the run that starts at `at`.
size_t TickRun(std::string_view line, size_t at) {
  size_t n = 0;
  while (at + n < line.size() && line[at + n] == '`') ++n;
  return n;
}

// Where a run of exactly `ticks` backticks starts at or after `from`.
size_t ClosingTicks(std::string_view line, size_t from, size_t ticks) {
  for (size_t at = line.find('`', from); at != std::string_view::npos;) {
    size_t n = TickRun(line, at);
    if (n == ticks) return at;
    at = line.find('`', at + n);
  }
  return std::string_view::npos;
}

// Adds `span`, quoted on line `k`, as a reading when it can be a message:
// one line of text, with a space, neither tiny nor a dump.
bool AddSpan(std::string_view span, size_t k, std::vector<ErrorText>* out) {
  span = Trim(span);
  bool text = std::none_of(span.begin(), span.end(),
                           [](char c) { return static_cast<unsigned char>(c) < 0x20; });
  if (!text || span.size() < kMinInlineSpanBytes || span.size() > kMaxInlineSpanBytes ||
      span.find(' ') == std::string_view::npos) {
    return false;
  }
  ErrorText e;
  e.input_line = static_cast<int>(k + 1);
  std::string_view message;
  if (!SplitClass(span, /*in_traceback=*/false, &e.error_class, &message)) message = span;
  e.message = std::string(message);
  out->push_back(std::move(e));
  return true;
}

// Whether [open, close) spans the whole of `line` but blanks: the line
// itself, read already.
bool WholeLine(std::string_view line, size_t open, size_t close) {
  return Trim(line.substr(0, open)).empty() && Trim(line.substr(close)).empty();
}

void AddInlineCodeSpans(const std::vector<std::string_view>& lines, size_t first, size_t last,
                        std::vector<ErrorText>* out) {
  // Prose is short; a log or a dump quotes code, not its error.
  size_t bytes = 0;
  for (size_t k = first; k < last; ++k) bytes += lines[k].size() + 1;
  if (bytes > kMaxInlineProseBytes) return;
  size_t added = 0;
  for (size_t k = first; k < last && added < kMaxInlineSpans; ++k) {
    std::string_view line = lines[k];
    if (line.find("```") != std::string_view::npos) continue;
    size_t open = line.find('`');
    while (open != std::string_view::npos && added < kMaxInlineSpans) {
      // Markdown closes a span with as many ticks as opened it: ``a `b` c``
      // quotes a text that holds single ticks.
      size_t ticks = TickRun(line, open);
      size_t close = ClosingTicks(line, open + ticks, ticks);
      if (close == std::string_view::npos) break;
      if (!WholeLine(line, open, close + ticks) &&
          AddSpan(line.substr(open + ticks, close - open - ticks), k, out)) {
        ++added;
      }
      open = line.find('`', close + ticks);
    }
  }
}

// A line of prose that is an error as programs print it ("MulterError:
// Field value too long." between the user's sentences about a Sentry
// alarm): that line on its own, with its class, is one more reading. The
// first line is FreeMessage's own.
constexpr size_t kMaxClassLines = 8;

void AddClassLines(const std::vector<std::string_view>& lines, size_t first, size_t last,
                   std::vector<ErrorText>* out) {
  size_t added = 0;
  for (size_t k = first + 1; k < last && added < kMaxClassLines; ++k) {
    ErrorText e;
    std::string_view message;
    if (!SplitClass(StripLogPrefix(Trim(lines[k])), /*in_traceback=*/false, &e.error_class,
                    &message)) {
      continue;
    }
    message = Trim(message);
    if (message.find(' ') == std::string_view::npos) continue;  // a word is no message
    e.input_line = static_cast<int>(k + 1);
    e.message = std::string(message);
    out->push_back(std::move(e));
    ++added;
  }
}

std::vector<ErrorText> ParseFreeText(const std::vector<std::string_view>& lines) {
  size_t first = 0;
  while (first < lines.size() && IsBlank(lines[first])) ++first;
  size_t last = lines.size();
  while (last > first && IsBlank(lines[last - 1])) --last;
  if (first == last) return {};
  std::vector<ErrorText> out = {FreeMessage(lines, first, last)};
  AddClassLines(lines, first, last, &out);
  std::vector<std::pair<size_t, size_t>> paragraphs;
  for (size_t i = first; i < last;) {
    size_t end = i;
    while (end < last && !IsBlank(lines[end])) ++end;
    paragraphs.emplace_back(i, end);
    i = end;
    while (i < last && IsBlank(lines[i])) ++i;
  }
  if (paragraphs.size() < 2 || paragraphs.size() > kMaxParagraphs) return out;
  for (const auto& [begin, end] : paragraphs) {
    out.push_back(FreeMessage(lines, begin, end));
    out.back().paragraph = true;
  }
  return out;
}

}  // namespace

std::string InputNotes::Describe() const {
  std::string out;
  if (bytes_cut) out += "input cut to its last " + std::to_string(kMaxInputBytes) + " bytes; ";
  if (errors_cut) {
    out += "only " + std::to_string(kMaxErrorsPerInput) +
           " distinct errors were read (the first ones and those at the end); ";
  }
  if (message_cut) {
    out += "messages longer than " + std::to_string(kMaxMessageBytes) + " bytes were cut; ";
  }
  if (!out.empty()) out.resize(out.size() - 2);
  return out;
}

namespace {

// Structured log lines (pino, bunyan, winston, logrus JSON): the record's
// text is in its fields, with JSON escapes (`\"User\"`). A line that is a
// JSON object is replaced by its error text: a `stack` (which repeats the
// message and carries the frames) or else `message`/`msg`, from the record or
// its `err`/`error` object. The error may sit one level down, among the
// record's own fields (lager's `"data":{"error":"..."}`, zap's and logrus's
// `fields`), while `message` names the event ("x.connecting.error").
std::string JsonErrorHolder(const nlohmann::json& j) {
  for (const char* holder : {"err", "error", "exception"}) {
    auto it = j.find(holder);
    if (it == j.end()) continue;
    if (it->is_string()) return it->get<std::string>();
    if (!it->is_object()) continue;
    for (const char* key : {"stack", "message", "msg"}) {
      auto field = it->find(key);
      if (field != it->end() && field->is_string() && !field->get<std::string>().empty()) {
        return field->get<std::string>();
      }
    }
  }
  return {};
}

std::string JsonLogText(const nlohmann::json& j) {
  auto text_of = [](const nlohmann::json& o, const char* key) -> std::string {
    auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (std::string t = JsonErrorHolder(j); !t.empty()) return t;
  for (const char* fields : {"data", "fields", "context", "details", "extra", "meta"}) {
    auto it = j.find(fields);
    if (it == j.end() || !it->is_object()) continue;
    if (std::string t = JsonErrorHolder(*it); !t.empty()) return t;
  }
  for (const char* key : {"stack", "message", "msg", "error"}) {
    std::string t = text_of(j, key);
    if (!t.empty()) return t;
  }
  return {};
}

// The value of the first `"key":"..."` string field in a JSON line that
// does not parse (users cut long log lines, often mid-object): the string
// runs to its closing quote, or to the end of the line when it was cut.
std::string CutJsonField(std::string_view line, std::string_view key) {
  std::string needle = "\"" + std::string(key) + "\":\"";
  size_t at = line.find(needle);
  if (at == std::string_view::npos) return {};
  size_t begin = at + needle.size() - 1;  // the opening quote
  size_t end = begin + 1;
  while (end < line.size() && line[end] != '"') end += line[end] == '\\' ? 2 : 1;
  std::string quoted(line.substr(begin, std::min(end, line.size()) - begin));
  if (quoted.size() > 1 && quoted.back() == '\\' &&
      (quoted.size() < 3 || quoted[quoted.size() - 2] != '\\')) {
    quoted.pop_back();  // an escape cut in half
  }
  quoted.push_back('"');
  nlohmann::json j = nlohmann::json::parse(quoted, nullptr, false);
  return j.is_string() ? j.get<std::string>() : std::string();
}

// A JSON log line cut before its end: its error text, read field by field.
std::string CutJsonLogText(std::string_view line) {
  for (const char* key : {"stack", "message", "msg"}) {
    std::string t = CutJsonField(line, key);
    if (!t.empty()) return t;
  }
  return {};
}

// CI logs stamp every line ("[2023-12-12T18:55:20Z] text"), so a message
// printed over several lines arrives with a stamp in front of each of its
// lines, and none of them reads as the message. Bracketed timestamps that
// start two or more consecutive lines are removed from those lines.
//
// docker compose prefixes each container's line with its service name and
// a bar ("app_1       | "): a traceback from a container arrives that way.
//
// Android's logcat does the same with its own prefix, level and tag
// included ("10-13 10:20:36.556  3863  3888 E AndroidRuntime: " in the
// threadtime format, "E/AndroidRuntime( 3863): " in the brief one): an app's
// stack trace arrives one logcat record per line.
void StripLineTimestamps(std::string* text) {
  static const RE2* const stamp = new RE2(R"(\[\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d[^\]\n]{0,16}\] )");
  // docker compose: "app_1       | ", "web-1  | " before each container line.
  static const RE2* const compose = new RE2(R"([A-Za-z0-9][\w.-]*\s*\| )");
  static const RE2* const logcat = new RE2(
      R"((?:\d\d-\d\d \d\d:\d\d:\d\d\.\d+\s+\d+\s+\d+ [VDIWEFA] [^:\n]{0,64}|[VDIWEFA]/[^(:\n]{1,64}\(\s*\d+\)): ?)");
  static const RE2* const level = new RE2(
      R"((?i)^(?:[\w-]+\.)?(?:emerg\w*|alert|crit\w*|err\w*|warn\w*|notice|info|debug|fatal|trace|severe)\b)");
  Lines lines = SplitLines(*text);
  std::vector<size_t> cut(lines.size(), 0);
  for (size_t i = 0; i < lines.size(); ++i) {
    re2::StringPiece in(lines[i].data(), lines[i].size());
    // A stamp before a level ("app.WARNING:", "ERROR") is a log record's,
    // which the log recognizers read whole.
    if ((RE2::Consume(&in, *stamp) && !RE2::PartialMatch(in, *level)) ||
        RE2::Consume(&in, *logcat) || RE2::Consume(&in, *compose)) {
      cut[i] = lines[i].size() - in.size();
    }
  }
  std::string out;
  out.reserve(text->size());
  bool changed = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    bool run =
        cut[i] > 0 && ((i > 0 && cut[i - 1] > 0) || (i + 1 < lines.size() && cut[i + 1] > 0));
    if (i > 0) out += '\n';
    out += lines[i].substr(run ? cut[i] : 0);
    changed = changed || run;
  }
  if (changed) *text = std::move(out);
}

// cmd.exe's prompt cut to its ">" (">ninja -v" as the paste's first line):
// a command only when no other line is quoted so.
bool BareCmdPrompt(const Lines& lines, size_t i) {
  static const RE2* const cmd = new RE2(R"(^>[\w.-]+(?: |$))");
  if (i != 0 || lines.size() < 2 || lines[1].starts_with(">")) return false;
  return RE2::PartialMatch(re2::StringPiece(lines[0].data(), lines[0].size()), *cmd);
}

// The command a user ran, pasted with its prompt before the output
// ("$ node run.js deploy", "❯ pixi foo --help", "F:\\proj>pytest -n 3",
// "user@host:~/app$ make"): never the program's text, and read as part of
// the error's paragraph it dilutes the message. Such lines become blank.
void StripShellCommands(std::string* text) {
  static const RE2* const prompt =
      new RE2(R"(^(?:(?:\$|❯|➜|[\w.-]+@[\w.-]+(?::[^\s$#]*)?\s?[$#]) +|)"
              R"((?:PS )?[A-Za-z]:\\[^<>|"\n]*> ?)[\w./~-])");
  if (text->find_first_of("$>\xe2") == std::string::npos) return;
  Lines lines = SplitLines(*text);
  std::string out;
  out.reserve(text->size());
  bool changed = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    bool command =
        RE2::PartialMatch(re2::StringPiece(l.data(), l.size()), *prompt) || BareCmdPrompt(lines, i);
    if (i > 0) out += '\n';
    if (!command) out += l;
    changed = changed || command;
  }
  if (changed) *text = std::move(out);
}

// Markdown inline-code ticks around pasted lines ("`x.py\", line 3, in f",
// "await w`", "`ValueError: bad`"): a tick that opens or closes a line with
// no partner on it, or a pair wrapping the whole line with no other tick
// inside, is the paste's markup, not the program's text. Ticks inside a
// message ("`x` does not live long enough") have partners and stay.
void StripLineTicks(std::string* text) {
  Lines lines = SplitLines(*text);
  std::string out;
  out.reserve(text->size());
  bool changed = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i];
    size_t ticks = static_cast<size_t>(std::count(l.begin(), l.end(), '`'));
    bool fence = l.starts_with("``") || l.ends_with("``");
    if (!fence && ticks == 2 && l.size() > 2 && l.front() == '`' && l.back() == '`') {
      l = l.substr(1, l.size() - 2);
    } else if (!fence && ticks % 2 == 1 && l.front() == '`') {
      l.remove_prefix(1);
    } else if (!fence && ticks % 2 == 1 && l.back() == '`') {
      l.remove_suffix(1);
    }
    changed = changed || l.size() != lines[i].size();
    if (i > 0) out += '\n';
    out += l;
  }
  if (changed) *text = std::move(out);
}

void ExpandJsonLogLines(std::string* text) {
  constexpr size_t kMaxJsonLine = 1 << 20;
  if (text->find('{') == std::string::npos) return;
  std::string out;
  size_t start = 0;
  bool changed = false;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    std::string_view line = Trim(std::string_view(*text).substr(start, end - start));
    std::string replacement;
    if (line.size() >= 2 && line.size() <= kMaxJsonLine && line.front() == '{' &&
        line.back() == '}') {
      nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
      if (j.is_object()) replacement = JsonLogText(j);
    } else if (line.size() >= 2 && line.size() <= kMaxJsonLine && line.front() == '{' &&
               line[1] == '"') {
      replacement = CutJsonLogText(line);
    }
    if (!replacement.empty()) {
      out += replacement;
      changed = true;
    } else {
      out.append(*text, start, end - start);
    }
    if (end < text->size()) out.push_back('\n');
    start = end + 1;
  }
  if (changed) *text = std::move(out);
}

// Replaces each line of `text` (split at '\n') by what `edit` makes of it.
template <typename Edit>
void RewriteLines(std::string* text, Edit edit) {
  std::string out;
  out.reserve(text->size());
  size_t start = 0;
  while (start <= text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    out.append(edit(std::string_view(*text).substr(start, end - start)));
    if (end == text->size()) break;
    out.push_back('\n');
    start = end + 1;
  }
  *text = std::move(out);
}

// A paste indented as a whole (a Markdown code block indented by four
// spaces, a quote the user indented): the indentation every non-blank line
// shares is not the program's. Kotlin's "Flow invariant is violated:\n\t\t
// Flow was collected in ..." only matches its template once each line's
// four spaces are gone; relative indentation (traceback frames) stays.
void StripCommonIndent(std::string* text) {
  std::optional<std::string_view> common;
  for (std::string_view line : SplitLines(*text)) {
    if (IsBlank(line)) continue;
    size_t n = 0;
    while (n < line.size() && (line[n] == ' ' || line[n] == '\t')) ++n;
    std::string_view indent = line.substr(0, n);
    if (!common) {
      common = indent;
      continue;
    }
    size_t k = 0;
    while (k < common->size() && k < indent.size() && (*common)[k] == indent[k]) ++k;
    common = common->substr(0, k);
    if (common->empty()) return;
  }
  if (!common || common->empty()) return;
  std::string prefix(*common);
  RewriteLines(text, [&](std::string_view line) {
    if (line.starts_with(prefix)) line.remove_prefix(prefix.size());
    return line;
  });
}

// A paste quoted as Markdown ("> Could not infer property name ...", a
// reply quoting the error): when every non-blank line starts with '>',
// the markers (and one space after each) are not the program's text.
// Nested quotes lose one level only.
void StripQuoteMarkers(std::string* text) {
  bool any = false;
  for (std::string_view line : SplitLines(*text)) {
    if (IsBlank(line)) continue;
    std::string_view t = line.substr(std::min(line.size(), line.find_first_not_of(" \t")));
    if (!t.starts_with('>') || t.starts_with(">>>") || t.starts_with("=>")) return;
    any = true;
  }
  if (!any) return;
  RewriteLines(text, [](std::string_view line) {
    size_t at = line.find('>');
    if (at != std::string_view::npos && line.find_first_not_of(" \t") == at) {
      line.remove_prefix(at + 1);
      if (line.starts_with(' ')) line.remove_prefix(1);
    }
    return line;
  });
}

// Markdown bold around words of a pasted line ("**java.lang.IllegalState
// Exception** in **ExprUtil.kt:136**", a crash reporter's issue title):
// markers that pair up as Markdown reads them (an opening one before a word,
// a closing one after one) are the paste's markup. A line with a `**` that
// pairs with none ("**kwargs", "src/**/*.ts") keeps all of them.
std::string_view StripEmphasis(std::string_view line, std::string* out) {
  auto word_start = [&](size_t p) {
    return (p == 0 || line[p - 1] == ' ' || line[p - 1] == '(') && p + 2 < line.size() &&
           line[p + 2] != ' ' && line[p + 2] != '*';
  };
  auto word_end = [&](size_t q) {
    return q > 0 && line[q - 1] != ' ' && line[q - 1] != '*' &&
           (q + 2 == line.size() ||
            std::string_view(" .,:;)").find(line[q + 2]) != std::string_view::npos);
  };
  std::vector<size_t> marks;
  for (size_t p = line.find("**"); p != std::string_view::npos; p = line.find("**", p + 2)) {
    marks.push_back(p);
  }
  if (marks.empty() || marks.size() % 2 != 0) return line;
  for (size_t k = 0; k < marks.size(); k += 2) {
    if (!word_start(marks[k]) || !word_end(marks[k + 1])) return line;
  }
  out->clear();
  size_t at = 0;
  for (size_t m : marks) {
    out->append(line.substr(at, m - at));
    at = m + 2;
  }
  out->append(line.substr(at));
  return *out;
}

void StripLineEmphasis(std::string* text) {
  if (text->find("**") == std::string::npos) return;
  RewriteLines(text, [](std::string_view line) {
    std::string buf;
    return std::string(StripEmphasis(line, &buf));
  });
}

// .NET prints an exception and its inner ones on one line when a logger
// or a message box joins them ("Unable to authenticate ... ---> Ns.
// MongoCommandException: Command saslStart failed"): each " ---> " before
// an error class starts a line of its own, as Exception.ToString() prints.
void SplitInnerExceptions(std::string* text) {
  constexpr std::string_view kArrow = " ---> ";
  if (text->find(kArrow) == std::string::npos) return;
  RewriteLines(text, [&](std::string_view line) {
    std::string out;
    size_t at = 0;
    for (size_t p = line.find(kArrow); p != std::string_view::npos; p = line.find(kArrow, p + 1)) {
      std::string cls;
      std::string_view message;
      std::string_view after = line.substr(p + kArrow.size());
      if (IsBlank(line.substr(0, p)) ||
          !SplitClass(after, /*in_traceback=*/false, &cls, &message)) {
        continue;
      }
      out.append(line.substr(at, p - at));
      out += "\n ---> ";
      at = p + kArrow.size();
    }
    out.append(line.substr(at));
    return out;
  });
}

// The paste's own markup and line prefixes off, before it is read.
void CleanPaste(std::string* text) {
  std::erase(*text, '\r');
  StripQuoteMarkers(text);
  StripCommonIndent(text);
  ExpandJsonLogLines(text);
  StripLineTimestamps(text);
  StripLineTicks(text);  // after the line prefixes: ticks open the text they left
  StripLineEmphasis(text);
  SplitInnerExceptions(text);
}

// Gradle's nested causes: "> Could not resolve all dependencies ..." then,
// one level in, "   > No IntelliJ Platform dependency found." whose next
// lines are indented past the '>' ("     Please ensure ..."). Each cause is
// a message of its own with its continuation lines, the indentation off.
// A '>' line counts only below a line that is not one (the task's header,
// "* What went wrong:") or another cause: a whole quoted paste was
// unquoted before (StripQuoteMarkers).
size_t GradleCause(const Lines& lines, size_t i, Collector* out) {
  std::string_view line = lines[i];
  size_t col = line.find_first_not_of(' ');
  if (col == std::string_view::npos || line.substr(col).size() < 3 ||
      !line.substr(col).starts_with("> ") || line[col + 2] == ' ' || i == 0 ||
      IsBlank(lines[i - 1])) {
    return i;
  }
  // Gradle's headers are sentences ("Could not determine the dependencies
  // of task ':test'.", "* What went wrong:"); "expected > 3 items" is not.
  std::string_view above = Trim(lines[i - 1]);
  size_t above_col = lines[i - 1].find_first_not_of(' ');
  bool nested = above.starts_with("> ") && above_col < col;
  if (!nested && (above.starts_with("> ") || (!above.ends_with('.') && !above.ends_with(':')))) {
    return i;
  }
  ErrorText e;
  e.input_line = static_cast<int>(i + 1);
  std::string message(Trim(line.substr(col + 2)));
  size_t k = i + 1;
  for (; k < lines.size() && k <= i + kMaxCauseLines; ++k) {
    std::string_view next = lines[k];
    size_t in = next.find_first_not_of(' ');
    if (in == std::string_view::npos || in < col + 2 || next.substr(in).starts_with("> ")) break;
    message += '\n';
    message += Trim(next.substr(col + 2));
  }
  std::string_view msg;
  if (SplitClass(message, /*in_traceback=*/false, &e.error_class, &msg)) {
    e.message = std::string(msg);
  } else {
    e.error_class.clear();
    e.message = std::move(message);
  }
  out->AddSupplement(std::move(e));
  return k;
}

// Runs the recognizers over lines [from, end) until `out` is full.
void Scan(const Lines& lines, size_t from, Collector* out, InputNotes* notes) {
  using Recognizer = size_t (*)(const Lines&, size_t, Collector*);
  const Recognizer recognizers[] = {PythonTraceback,
                                    PythonFramesOnly,
                                    InnerExceptionChain,
                                    AtTrace,
                                    GoPanic,
                                    RustPanic,
                                    RustCauses,
                                    CppTerminate,
                                    AssertionFailure,
                                    RubyUncaught,
                                    RakeAborted,
                                    GradleCause,
                                    PhpError,
                                    PhpThrowableString,
                                    MonologLine,
                                    LogLine,
                                    JsonMessageField,
                                    GutterDiagnostic,
                                    CurlToolLine,
                                    CliUsageError,
                                    ToolErrorLine,
                                    ProgramDiagnosticLine,
                                    QualifiedExceptionLine,
                                    LocatedLine};
  size_t i = from;
  while (i < lines.size()) {
    if (out->full()) {
      notes->errors_cut = true;
      break;
    }
    size_t next = i;
    for (Recognizer r : recognizers) {
      next = r(lines, i, out);
      if (next != i) break;
    }
    i = next == i ? i + 1 : next;
  }
}

// Free text (ParseFreeText), each message cut to kMaxMessageBytes.
std::vector<ErrorText> FreeTextErrors(const std::vector<std::string_view>& lines,
                                      InputNotes* notes) {
  std::vector<ErrorText> free = ParseFreeText(lines);
  for (ErrorText& e : free) {
    if (e.message.size() > kMaxMessageBytes) {
      e.message.resize(kMaxMessageBytes);
      notes->message_cut = true;
    }
  }
  return free;
}

// Lines re-read at the end of an input with more errors than are kept: a
// log ends with the failure that stopped it. At most one error starts on a
// line, so these never fill half the places.
constexpr size_t kTailLines = kMaxErrorsPerInput / 2;

}  // namespace

std::vector<ErrorText> ParseInput(const std::string& text, InputNotes* notes) {
  InputNotes local;
  if (notes == nullptr) notes = &local;
  *notes = InputNotes{};
  notes->bytes_cut = text.size() > kMaxInputBytes;
  // Past the limit the tail is kept, from a line start: tracebacks and logs
  // end with the line that names the error.
  std::string clean;
  if (notes->bytes_cut) {
    std::string_view tail = std::string_view(text).substr(text.size() - kMaxInputBytes);
    size_t newline = tail.find('\n');
    clean = std::string(newline == std::string_view::npos ? tail : tail.substr(newline + 1));
  } else {
    clean = text;
  }
  CleanPaste(&clean);
  StripShellCommands(&clean);
  Lines lines = SplitLines(clean);
  Collector out(notes);
  Scan(lines, 0, &out, notes);
  if (notes->errors_cut && lines.size() > kTailLines) {
    // Too many errors: the first ones, then those of the last lines.
    InputNotes tail_notes;
    Collector tail(&tail_notes);
    Scan(lines, lines.size() - kTailLines, &tail, &tail_notes);
    std::vector<ErrorText> last = tail.Take();
    std::vector<ErrorText> first = out.Take();
    first.resize(kMaxErrorsPerInput - last.size());
    for (ErrorText& e : last) first.push_back(std::move(e));
    return first;
  }
  // Tool error lines alone (a cargo build log) are free text: each line on
  // its own is a few words that generic templates match.
  if (!out.empty() && !out.OnlyToolLines()) return out.Take();
  std::vector<ErrorText> free = FreeTextErrors(lines, notes);
  for (ErrorText& e : out.TakeSupplements()) {
    if (free.size() < kMaxErrorsPerInput) free.push_back(std::move(e));
  }
  return free;
}

std::vector<ErrorText> ParseInlineCodeSpans(const std::string& text) {
  if (text.size() > kMaxInlineProseBytes) return {};
  std::string clean = text;
  std::erase(clean, '\r');
  Lines lines = SplitLines(clean);
  std::vector<ErrorText> out;
  AddInlineCodeSpans(lines, 0, lines.size(), &out);
  return out;
}

std::vector<ErrorText> ParseAsFreeText(const std::string& text) {
  InputNotes notes;
  std::string clean = text.substr(text.size() > kMaxInputBytes ? text.size() - kMaxInputBytes : 0);
  CleanPaste(&clean);
  return FreeTextErrors(SplitLines(clean), &notes);
}

}  // namespace errdex
