// Platform blocks (platform_block.h).
#include "analyze/platform_block.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

// Directive lines cap the scan: a generated file of a million lines is not
// worth reading for this note.
constexpr int kMaxScannedLines = 200000;

// The directive's word (`if`, `ifdef`, `else`, ...) after `#` and spaces;
// "" when the line is no directive.
std::string_view DirectiveWord(std::string_view t) {
  if (!t.starts_with('#')) return "";
  t.remove_prefix(1);
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  size_t end = 0;
  while (end < t.size() && std::isalpha(static_cast<unsigned char>(t[end]))) ++end;
  return t.substr(0, end);
}

// Whether a condition names a platform.
bool NamesPlatform(std::string_view cond) {
  static const char* const kWords[] = {
      "SOLARIS",  "_WIN32",    "_WIN64",        "WIN32",       "__APPLE__", "DARWIN",
      "__linux",  "LINUX",     "FREEBSD",       "__FreeBSD__", "OPENBSD",   "NETBSD",
      "__sun",    "_AIX",      "HPUX",          "__ANDROID__", "__MINGW",   "__CYGWIN__",
      "_MSC_VER", "__HAIKU__", "__EMSCRIPTEN__"};
  for (const char* w : kWords) {
    if (cond.find(w) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

std::optional<PlatformBlock> PlatformBlockAt(const std::vector<std::string_view>& lines,
                                             int raise) {
  if (raise < 1 || raise > static_cast<int>(lines.size()) || raise > kMaxScannedLines) {
    return std::nullopt;
  }
  std::vector<PlatformBlock> open;
  for (int i = 1; i < raise; ++i) {
    std::string_view t = Trim(lines[i - 1]);
    std::string_view w = DirectiveWord(t);
    if (w.empty()) continue;
    if (w == "if" || w == "ifdef" || w == "ifndef") {
      open.push_back({std::string(t), i, false});
    } else if (w == "else" || w == "elif") {
      if (open.empty()) return std::nullopt;
      open.back().in_else = true;
    } else if (w == "endif") {
      if (open.empty()) return std::nullopt;
      open.pop_back();
    }
  }
  for (auto it = open.rbegin(); it != open.rend(); ++it) {
    if (NamesPlatform(it->directive)) return *it;
  }
  return std::nullopt;
}

std::string PlatformBlockText(const PlatformBlock& b, int raise) {
  return " Line " + std::to_string(raise) + " is compiled only on the platforms where `" +
         b.directive + "` (line " + std::to_string(b.line) + ") " +
         (b.in_else ? "does not hold." : "holds.");
}

}  // namespace errdex
