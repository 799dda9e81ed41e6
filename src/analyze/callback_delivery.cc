// Callback delivery (see callback_delivery.h).
#include "analyze/callback_delivery.h"

#include <algorithm>

namespace errdex {

std::optional<std::string> CallbackHandling(const std::string& language, const std::string& call,
                                            const std::vector<std::string>& params,
                                            const std::string& passed_to,
                                            const std::string& where) {
  if (language != "javascript" && language != "typescript") return std::nullopt;
  // `arguments` is every function's, not a parameter a caller places.
  std::vector<std::string> own;
  for (const std::string& p : params) {
    if (p != "arguments") own.push_back(p);
  }
  auto at = std::find(own.begin(), own.end(), passed_to);
  if (at == own.end() || !call.ends_with("(...)")) return std::nullopt;
  size_t index = static_cast<size_t>(at - own.begin());
  std::string args;
  for (size_t i = 0; i < own.size(); ++i) {
    if (!args.empty()) args += ", ";
    if (i != index) {
      args += own[i];
      continue;
    }
    args += "(err) => {\n  if (err) {\n    // " + where +
            ": the error is passed to this callback, not thrown\n  }\n}";
  }
  return call.substr(0, call.size() - 4) + args + ");";
}

}  // namespace errdex
