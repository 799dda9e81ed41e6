// Cfg feature: see cfg_feature.h.
#include "analyze/cfg_feature.h"

#include <string>
#include <string_view>
#include <vector>

#include "util/text.h"

namespace errdex {
namespace {

// A `#[cfg(..)]` attribute of one feature, as `CfgFeature`; nullopt for
// anything else.
std::optional<CfgFeature> ParseCfg(std::string_view t, int line) {
  if (!t.starts_with("#[cfg(") || !t.ends_with(")]")) return std::nullopt;
  std::string_view body = t.substr(6, t.size() - 8);
  CfgFeature c;
  c.enabled = true;
  if (body.starts_with("not(") && body.ends_with(")")) {
    c.enabled = false;
    body = body.substr(4, body.size() - 5);
  }
  constexpr std::string_view kFeature = "feature = \"";
  if (!body.starts_with(kFeature) || !body.ends_with("\"")) return std::nullopt;
  c.feature = std::string(body.substr(kFeature.size(), body.size() - kFeature.size() - 1));
  if (c.feature.empty() || c.feature.find('"') != std::string::npos) return std::nullopt;
  c.line = line;
  c.attribute = std::string(t);
  return c;
}

// The attribute on the line above `l` (blank lines and comments passed
// over), when it is a `cfg`.
std::optional<CfgFeature> AttributeAbove(const std::vector<std::string_view>& lines, int l,
                                         int floor) {
  for (int a = l - 1; a > floor; --a) {
    std::string_view t = Trim(lines[a - 1]);
    if (t.empty() || t.starts_with("//")) continue;
    return ParseCfg(t, a);
  }
  return std::nullopt;
}

}  // namespace

std::optional<CfgFeature> CfgFeatureAt(const std::vector<std::string_view>& lines,
                                       int function_line, int raise) {
  int n = static_cast<int>(lines.size());
  if (raise < 1 || raise > n || function_line < 1 || function_line >= raise) return std::nullopt;
  // The raising statement itself may carry the attribute.
  int statement = raise;
  int depth = 0;
  for (int l = raise; l > function_line; --l) {
    std::string_view code = lines[l - 1];
    if (l < raise) {
      for (auto it = code.rbegin(); it != code.rend(); ++it) {
        if (*it == '}') ++depth;
        if (*it == '{') --depth;
      }
    }
    if (depth < 0) {
      // `l` opens a block holding the raise: its statement starts here.
      statement = l;
      depth = 0;
    }
    if (l != statement) continue;
    // A block opened on its own line (`{`) or by a statement (`let x = {`).
    if (auto c = AttributeAbove(lines, statement, function_line)) return c;
  }
  return std::nullopt;
}

std::string CfgFeatureText(const CfgFeature& c, int raise) {
  return " Line " + std::to_string(raise) + " is compiled only when the Cargo feature `" +
         c.feature + "` is " + (c.enabled ? "on" : "off") + " (`" + c.attribute + "` at line " +
         std::to_string(c.line) + ").";
}

}  // namespace errdex
