// CLI command (see cli_command.h): the function's body is its lines up to
// the closing brace at the header's indentation; the literal's fields are
// read by their keys.
#include "analyze/cli_command.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace errdex {

std::optional<CliCommand> CobraCommandOf(const std::vector<std::string_view>& lines, int def_line) {
  static const RE2 kUse(R"re(^\s*Use:\s*"([^"\\]*)",?\s*(?://.*)?$)re");
  static const RE2 kShort(R"re(^\s*Short:\s*"([^"\\]*)",?\s*(?://.*)?$)re");
  static const RE2 kRun(R"re(^\s*(?:Run|RunE|PreRunE):\s*)re");
  if (def_line < 1 || def_line > static_cast<int>(lines.size())) return std::nullopt;
  int indent = IndentWidth(lines[def_line - 1]);
  int literals = 0;
  bool run = false;
  CliCommand out;
  for (int n = def_line + 1; n <= static_cast<int>(lines.size()); ++n) {
    std::string_view line = lines[n - 1];
    std::string_view t = Trim(line);
    if (t.starts_with("}") && IndentWidth(line) <= indent) break;  // the function ends
    literals += t.find("cobra.Command{") != std::string_view::npos;
    std::string use, short_help;
    if (out.use.empty() && RE2::FullMatch(line, kUse, &use)) {
      out.use = use;
      out.line = n;
    } else if (out.short_help.empty() && RE2::FullMatch(line, kShort, &short_help)) {
      out.short_help = short_help;
    }
    run = run || RE2::PartialMatch(line, kRun);
  }
  if (literals != 1 || out.use.empty() || !run) return std::nullopt;
  return out;
}

std::optional<CliFlag> CobraFlagOf(const std::vector<std::string_view>& lines,
                                   const std::string& field) {
  static const RE2 kVar(R"re(\.(?:Persistent)?Flags\(\)\.\w+VarP?\(\s*$|\.\w+VarP?\(\s*&)re");
  static const RE2 kName(R"re("([A-Za-z0-9][\w-]*)")re");
  const std::string ref = "&" + field;
  for (int n = 1; n <= static_cast<int>(lines.size()); ++n) {
    std::string_view line = lines[n - 1];
    size_t at = line.find(ref);
    if (at == std::string_view::npos) continue;
    size_t end = at + ref.size();
    if (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) ||
                              line[end] == '_' || line[end] == '.')) {
      continue;
    }
    // The call opens on this line (`.BoolVar(&f.x, "x", ...)`) or the one
    // above (`.BoolVarP(` then the arguments one per line).
    bool same = RE2::PartialMatch(line.substr(0, end), kVar);
    bool above = n > 1 && RE2::PartialMatch(lines[n - 2], kVar) && Trim(line).starts_with(ref);
    if (!same && !above) continue;
    std::string rest(line.substr(end));
    for (int k = n + 1; k <= std::min(n + 2, static_cast<int>(lines.size())); ++k) {
      rest += " " + std::string(lines[k - 1]);
    }
    std::string name;
    if (!RE2::PartialMatch(rest, kName, &name)) continue;
    return CliFlag{"--" + name, n};
  }
  return std::nullopt;
}

}  // namespace errdex
