// Try calls (see try_calls.h): an indentation scan up from the catch line.
#include "analyze/try_calls.h"

#include <algorithm>
#include <regex>

#include "util/text.h"

namespace errdex {
namespace {

size_t Indent(std::string_view l) {
  size_t n = 0;
  while (n < l.size() && (l[n] == ' ' || l[n] == '\t')) ++n;
  return n;
}

bool OpensTry(std::string_view t) {
  return t == "try" || t.starts_with("try {") || t.starts_with("try:") || t == "begin" ||
         t.starts_with("try(") || t.starts_with("try (") || t.ends_with("= try {") ||
         t.ends_with(" try {");
}

// Calls that report or wait rather than do the work the handler is for.
bool Incidental(const std::string& callee) {
  std::string lower = ToLower(callee);
  for (const char* w : {"log", "debug", "console.", "print", "settimeout", "colors.", "trace",
                        "info", "warn", "emit", "time", "assert"}) {
    if (lower.find(w) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TryBlock TryBlockOf(const std::vector<std::string_view>& lines, int catch_line, size_t max) {
  TryBlock out;
  if (catch_line < 2 || catch_line > static_cast<int>(lines.size())) return out;
  size_t indent = Indent(lines[catch_line - 1]);
  int open = 0;
  for (int n = catch_line - 1; n >= 1; --n) {
    std::string_view t = Trim(lines[n - 1]);
    if (t.empty() || Indent(lines[n - 1]) > indent) continue;
    if (Indent(lines[n - 1]) < indent) break;
    if (OpensTry(t)) open = n;
    // An earlier handler of the same `try` (`} catch (A e) {` ... `} catch (B e) {`).
    if (open || !(t.starts_with("}") || t.starts_with("except") || t.starts_with("rescue") ||
                  t.starts_with("catch"))) {
      break;
    }
  }
  if (open == 0) return out;
  static const std::regex kCall(R"((?:^|[^\w.$])((?:[A-Za-z_$][\w$]*[.])*[A-Za-z_$][\w$]*)\s*\()");
  static const std::vector<std::string> kKeywords = {
      "if",     "for",   "while",      "switch", "catch", "return", "function",
      "typeof", "new",   "await",      "throw",  "raise", "super",  "this",
      "elif",   "print", "isinstance", "len",    "str",   "int"};
  out.first = open + 1;
  for (int n = open + 1; n < catch_line; ++n) {
    std::string_view raw = lines[n - 1];
    std::string_view t = Trim(raw);
    if (t.empty() || t.starts_with("//") || t.starts_with("#")) continue;
    if (Indent(raw) <= indent) break;
    out.last = n;
    // Nested lines count too: the work often sits in a `with` or an inner
    // `try` (`return block()`), and a catch catches what they throw.
    if (out.calls.size() >= max) continue;
    // A control statement's test rarely is what fails.
    bool control = false;
    for (std::string_view kw : {"if ", "if(", "} else", "else", "for ", "for(", "while ", "while(",
                                "elif ", "unless ", "switch"}) {
      control = control || t.starts_with(kw);
    }
    // A `throw new X(...)` is no call that fails: what it throws is said
    // by its own record, and an earlier catch clause may rethrow it
    // unchanged (retrofit's `catch (RuntimeException | IOException e)`).
    if (control || t.starts_with("throw ") || t.starts_with("raise ")) continue;
    std::string line(t);
    for (std::sregex_iterator it(line.begin(), line.end(), kCall), end; it != end; ++it) {
      std::string callee = (*it)[1];
      // A plain getter (`field.getType()`) rarely throws what is caught.
      size_t last = callee.find_last_of('.');
      std::string tail = last == std::string::npos ? callee : callee.substr(last + 1);
      size_t after = static_cast<size_t>(it->position(0) + it->length(0));
      bool no_args = after < line.size() && line[after] == ')';
      if (no_args && (tail.starts_with("get") || tail.starts_with("is"))) continue;
      if (std::find(kKeywords.begin(), kKeywords.end(), callee) != kKeywords.end() ||
          Incidental(callee)) {
        continue;
      }
      out.calls.push_back({callee, n});
      break;  // the statement's outer call
    }
  }
  if (out.last == 0) out.first = 0;
  return out;
}

}  // namespace errdex
