// Exit after (see exit_after.h). Read line by line: the site's statement
// ends at the first line whose code ends in `;` or closes every parenthesis
// it opened; the next code line must be the exit call itself.
#include "analyze/exit_after.h"

#include <cctype>

#include "util/text.h"

namespace errdex {
namespace {

constexpr int kMaxStatementLines = 8;

// The calls that end the process, as a statement starts with them.
bool EndsProcess(std::string_view t) {
  static const std::string_view kCalls[] = {"exit(",
                                            "_exit(",
                                            "_Exit(",
                                            "abort(",
                                            "std::exit(",
                                            "std::abort(",
                                            "quick_exit(",
                                            "os.Exit(",
                                            "sys.exit(",
                                            "os._exit(",
                                            "process.exit(",
                                            "System.exit(",
                                            "Environment.Exit(",
                                            "exitProcess(",
                                            "std::process::exit(",
                                            "process::exit(",
                                            "Kernel.exit(",
                                            "exit!(",
                                            "exit "};
  for (std::string_view c : kCalls) {
    if (!t.starts_with(c)) continue;
    // Ruby's and shell's `exit 1`, not `exit the loop`.
    return c != "exit " || (t.size() > 5 && std::isdigit(static_cast<unsigned char>(t[5])));
  }
  return false;
}

std::string_view CodeOf(std::string_view line) {
  std::string_view t = Trim(line);
  size_t c = t.find("//");
  if (c != std::string_view::npos) t = Trim(t.substr(0, c));
  return t;
}

}  // namespace

ExitCall ExitAfter(const ErrorSite& s, const std::vector<std::string_view>& lines) {
  int n = s.line, last = static_cast<int>(lines.size());
  if (n < 1 || n > last) return {};
  // The end of the site's statement.
  int depth = 0;
  int end = 0;
  for (int k = n; k <= last && k < n + kMaxStatementLines; ++k) {
    std::string_view t = CodeOf(lines[k - 1]);
    for (char c : t) depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (depth <= 0 || t.ends_with(";")) {
      end = k;
      break;
    }
  }
  if (end == 0) return {};
  for (int k = end + 1; k <= last && k <= end + 3; ++k) {
    std::string_view t = CodeOf(lines[k - 1]);
    if (t.empty() || t.starts_with("#") || t.starts_with("/*") || t.starts_with("*")) continue;
    if (!EndsProcess(t)) return {};
    if (t.ends_with(";")) t = t.substr(0, t.size() - 1);
    return {k, std::string(t)};
  }
  return {};
}

}  // namespace errdex
