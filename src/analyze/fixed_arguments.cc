// Fixed arguments (see fixed_arguments.h). A line scan of the function:
// buffers are local arrays, and every line that names one before the call
// must be its declaration or a formatting call with a literal format.
#include "analyze/fixed_arguments.h"

#include <algorithm>
#include <cctype>

#include "analyze/origin_advice.h"
#include "analyze/os_call_causes.h"
#include "util/text.h"

namespace errdex {
namespace {

bool IdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool IsIdentifier(std::string_view t) {
  return !t.empty() && !std::isdigit(static_cast<unsigned char>(t[0])) &&
         std::all_of(t.begin(), t.end(), IdentChar);
}

// A literal, a `NULL`, a `sizeof`, or an all-caps constant (`MAX_LEN`).
bool Constant(std::string_view a) {
  a = Trim(a);
  if (a.empty()) return false;
  if (a.front() == '"' || a.front() == '\'' || a.starts_with("L\"") || a.starts_with("u8\"")) {
    return true;
  }
  if (std::isdigit(static_cast<unsigned char>(a.front())) || a.starts_with("sizeof")) return true;
  if (a == "NULL" || a == "nullptr" || a == "true" || a == "false") return true;
  bool upper = std::none_of(a.begin(), a.end(),
                            [](char c) { return std::islower(static_cast<unsigned char>(c)); });
  return IsIdentifier(a) && upper;
}

// Where `name` occurs on `t` as a whole identifier, from `from`.
size_t WordAt(std::string_view t, std::string_view name, size_t from = 0) {
  for (size_t p = t.find(name, from); p != std::string_view::npos; p = t.find(name, p + 1)) {
    bool start = p == 0 || (!IdentChar(t[p - 1]) && t[p - 1] != '.' && t[p - 1] != '>');
    bool end = p + name.size() >= t.size() || !IdentChar(t[p + name.size()]);
    if (start && end) return p;
  }
  return std::string_view::npos;
}

// `s->service`: a member of one of the function's own objects (not of a
// parameter, which the caller gives).
bool OwnMember(std::string_view a, const std::vector<std::string>& params) {
  a = Trim(a);
  size_t arrow = a.find("->");
  size_t dot = a.find('.');
  size_t sep = std::min(arrow, dot);
  if (sep == std::string_view::npos || !IsIdentifier(a.substr(0, sep))) return false;
  return std::find(params.begin(), params.end(), a.substr(0, sep)) == params.end();
}

bool IsFormatter(std::string_view callee) {
  std::string n = ToLower(callee);
  return n.find("printf") != std::string::npos || n.ends_with("strcpy") || n.ends_with("strlcpy") ||
         n.ends_with("strncpy");
}

// The line declares `name` as a local array (`char buf[N];`,
// `wchar_t a[N], b[N];`) without initialising it.
bool DeclaresArray(std::string_view t, std::string_view name) {
  size_t at = WordAt(t, name);
  if (at == std::string_view::npos || !t.ends_with(";")) return false;
  std::string_view after = Trim(t.substr(at + name.size()));
  if (!after.starts_with("[")) return false;
  std::string_view before = t.substr(0, at);
  return before.find('=') == std::string_view::npos && before.find('(') == std::string_view::npos &&
         IsIdentifier(t.substr(0, t.find_first_of(" \t")));
}

// `snprintf(buf, N, "application/x-git-%s-result", s->service);`: a
// formatting call writing `name` from a literal format and fixed values.
bool FixedFill(std::string_view t, std::string_view name, const std::vector<std::string>& params) {
  size_t open = t.find('(');
  if (open == std::string_view::npos || !IsFormatter(Trim(t.substr(0, open)))) return false;
  std::vector<std::string> args = CallArguments(t);
  if (args.size() < 2 || Trim(args[0]) != name) return false;
  bool literal = false;
  for (size_t i = 1; i < args.size(); ++i) {
    literal |= Trim(args[i]).starts_with("\"");
    if (!Constant(args[i]) && !OwnMember(args[i], params)) return false;
  }
  return literal;
}

// Whether local buffer `name` holds only what the code fixes by
// `call_line`: declared as an array, and named before the call only by
// formatting calls with literal formats (or not at all: an output buffer).
bool FixedBuffer(const ErrorSite& s, const std::vector<std::string_view>& lines,
                 std::string_view name, int call_line, const std::vector<std::string>& params,
                 std::vector<int>* filled_at) {
  bool declared = false;
  std::vector<int> fills;
  for (int n = std::max(1, s.function_line); n < call_line; ++n) {
    std::string_view t = Trim(lines[n - 1]);
    if (WordAt(t, name) == std::string_view::npos) continue;
    if (!declared && DeclaresArray(t, name)) {
      declared = true;
    } else if (declared && FixedFill(t, name, params)) {
      fills.push_back(n);
    } else {
      return false;
    }
  }
  if (!declared) return false;
  filled_at->insert(filled_at->end(), fills.begin(), fills.end());
  return true;
}

}  // namespace

bool FixedArguments(const ErrorSite& s, const std::vector<std::string_view>& lines,
                    std::string_view call, int call_line, const std::vector<std::string>& params,
                    std::vector<int>* filled_at) {
  std::string_view name = Trim(call.substr(0, call.find('(')));
  if (name.empty() || !OsCallCauses(name, false).empty()) return false;
  if (s.function_line < 1 || call_line > static_cast<int>(lines.size())) return false;
  std::vector<int> fills;
  for (const std::string& raw : CallArguments(call)) {
    std::string_view a = Trim(raw);
    if (a.starts_with("&")) a = Trim(a.substr(1));
    if (Constant(a)) continue;
    if (!IsIdentifier(a) || std::find(params.begin(), params.end(), a) != params.end() ||
        !FixedBuffer(s, lines, a, call_line, params, &fills)) {
      return false;
    }
  }
  std::sort(fills.begin(), fills.end());
  *filled_at = std::move(fills);
  return true;
}

std::string FixedCallAdvice(std::string_view name, int call_line,
                            const std::vector<int>& filled_at) {
  std::string what = "constants and literals";
  if (!filled_at.empty()) {
    std::string at;
    for (size_t i = 0; i < filled_at.size(); ++i) {
      at += (i == 0                      ? ""
             : i + 1 == filled_at.size() ? " and "
                                         : ", ") +
            std::to_string(filled_at[i]);
    }
    what = "constants, and text it formats from literals at line" +
           std::string(filled_at.size() > 1 ? "s " : " ") + at;
  }
  return "If you see this, report it upstream: `" + std::string(name) + "()` (line " +
         std::to_string(call_line) + ") is only given values the code fixes itself (" + what +
         "), so nothing a user passes makes it fail";
}

}  // namespace errdex
