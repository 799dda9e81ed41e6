// Opened before (see opened_before.h). A line scan of the function above
// the raise finds the open; the path conditions say whether it was checked
// as failed or used. Shapes it does not know leave the advice as it was.
#include "analyze/opened_before.h"

#include <algorithm>
#include <cctype>

#include "analyze/failed_call.h"
#include "analyze/guard_text.h"
#include "util/text.h"

namespace errdex {
namespace {

// Lines scanned above the raise when the function's start is unknown.
constexpr int kMaxScan = 200;

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The identifier that ends `t` (`FILE *fp ` -> "fp"), or "".
std::string LastIdentifier(std::string_view t) {
  t = Trim(t);
  size_t e = t.size();
  size_t b = e;
  while (b > 0 && IdentChar(t[b - 1])) --b;
  return std::string(t.substr(b, e - b));
}

// Where a call to `name` starts on `t` as a whole name: a bare name (`open(`)
// not as a method or part of another name (`db.open(`, `reopen(`), a
// qualified one (`os.Open(`) not inside another; npos if none.
size_t CallAt(std::string_view t, std::string_view name) {
  bool bare = name.find_first_of(".:") == std::string_view::npos;
  for (size_t p = t.find(name); p != std::string_view::npos; p = t.find(name, p + 1)) {
    char before = p == 0 ? ' ' : t[p - 1];
    if (IdentChar(before) || (bare && (before == '.' || before == '>' || before == ':'))) continue;
    return p;
  }
  return std::string_view::npos;
}

// The handle an open call on `t` is assigned to: `FILE *fp = fopen(..)`,
// `fd = open(..)`, `f, err := os.Open(..)`, `with open(p) as f:`; "".
std::string OpenedHandle(std::string_view t) {
  static constexpr std::string_view kOpens[] = {
      "fopen(",   "fopen64(",     "open(",      "open64(",     "openat(",     "fdopen(",
      "os.Open(", "os.OpenFile(", "File.open(", "File::open(", "fs.openSync("};
  size_t at = std::string_view::npos;
  for (std::string_view o : kOpens) at = std::min(at, CallAt(t, o));
  if (at == std::string_view::npos) return {};
  if (t.starts_with("with ")) {
    size_t as = t.find(" as ", at);
    if (as == std::string_view::npos) return {};
    std::string_view target = t.substr(as + 4);
    return LastIdentifier(target.substr(0, target.find(':')));
  }
  size_t eq = t.rfind('=', at);
  if (eq == std::string_view::npos || eq == 0 || t[eq - 1] == '=' || t[eq - 1] == '!') return {};
  std::string_view lhs = t.substr(0, eq);
  if (lhs.ends_with(":")) lhs.remove_suffix(1);  // Go's `:=`
  if (size_t comma = lhs.find(','); comma != std::string_view::npos) lhs = lhs.substr(0, comma);
  return LastIdentifier(lhs);
}

std::string Unparenthesized(std::string_view e) {
  e = Trim(e);
  while (e.size() >= 2 && e.front() == '(' && e.back() == ')') e = Trim(e.substr(1, e.size() - 2));
  return std::string(e);
}

// Whether `c` tests what the open returned (`fp == NULL`, `!fp`, `fd < 0`,
// `f is None`, or the opposite), and if so whether it holds at the raise
// only because the open failed.
std::optional<bool> OpenTest(const PathCondition& c, const std::string& h) {
  std::string e = Unparenthesized(c.expr);
  for (std::string_view failed : {" == NULL", " == nullptr", " == nil", " is None", " < 0",
                                  " == -1", " === null", " == null"}) {
    if (e == h + std::string(failed)) return c.polarity;
  }
  for (std::string_view opened : {" != NULL", " != nullptr", " != nil", " is not None", " >= 0",
                                  " != -1", " !== null", " != null"}) {
    if (e == h + std::string(opened)) return !c.polarity;
  }
  if (e == "!" + h || e == "not " + h || e == "NULL == " + h) return c.polarity;
  if (e == h) return !c.polarity;
  return std::nullopt;
}

bool Reads(const PathCondition& c, const std::string& h) {
  std::vector<std::string> vars = VariablesRead(c.expr);
  return std::find(vars.begin(), vars.end(), h) != vars.end();
}

}  // namespace

std::optional<OpenedFile> OpenedBefore(const ErrorSite& s,
                                       const std::vector<std::string_view>& lines) {
  int first = s.function_line > 0 ? s.function_line : std::max(1, s.line - kMaxScan);
  OpenedFile f;
  for (int n = first; n < s.line && n <= static_cast<int>(lines.size()); ++n) {
    std::string h = OpenedHandle(Trim(lines[n - 1]));
    if (h.empty()) continue;
    f.handle = h;
    f.open_line = n;
  }
  if (f.handle.empty()) return std::nullopt;
  for (const PathCondition& c : s.conditions) {
    if (c.line <= f.open_line || !Reads(c, f.handle)) continue;
    if (std::optional<bool> failed = OpenTest(c, f.handle); failed) {
      if (*failed) return std::nullopt;
      continue;  // checked as opened: no use yet
    }
    if (f.used_line == 0) f.used_line = c.line;
  }
  if (f.used_line == 0) return std::nullopt;
  for (auto it = s.conditions.rbegin(); it != s.conditions.rend(); ++it) {
    if (it->line <= f.used_line) continue;
    if (auto call = FailedCallOf(*it, s.message.Display()); call) {
      f.failed = call->call;
      f.failed_line = it->line;
      break;
    }
  }
  return f;
}

std::string OpenedFileAdvice(const OpenedFile& f) {
  std::string out = "The file exists and could be read: it was opened at line " +
                    std::to_string(f.open_line) + " and used on the way (line " +
                    std::to_string(f.used_line) + "). ";
  out += f.failed.empty()
             ? "What failed comes after that"
             : "What failed is `" + f.failed + "` (line " + std::to_string(f.failed_line) + ")";
  return out +
         ", so check the file's content: whether it is complete, not corrupt, and in a format "
         "this version reads";
}

}  // namespace errdex
