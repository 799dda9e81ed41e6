// Config reads (see config_read.h). The key is recognised by its shape
// alone: the call's name varies (`repo_config_get_int`, `git_config_get_bool`,
// `config.getInt`), the dotted key does not.
#include "analyze/config_read.h"

#include <cctype>
#include <regex>
#include <string>

namespace errdex {

std::string ConfigKeyArgument(std::string_view raise_text) {
  static const std::regex kKey(R"re("([a-z][a-zA-Z0-9_-]*(?:\.[a-zA-Z0-9_*-]+)+)")re");
  static const std::regex kFile(
      R"re(\.(json|ya?ml|toml|txt|c|h|cc|js|ts|py|rb|lock|xml|ini|conf|cfg|md|html|sh|git)$)re");
  std::string text(raise_text);
  for (std::sregex_iterator it(text.begin(), text.end(), kKey), end; it != end; ++it) {
    std::string key = (*it)[1].str();
    if (!std::regex_search(key, kFile)) return key;
  }
  return {};
}

bool ReadsConfig(std::string_view call) {
  std::string lower;
  for (char c : call) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("set") != std::string::npos) return false;
  for (std::string_view w : {"config", "cfg", "get", "lookup"}) {
    if (lower.find(w) != std::string::npos) return true;
  }
  return false;
}

std::string ConfigGetterFailure(std::string_view call, std::string_view message) {
  const std::string no_value =
      "the setting is present without a value (the key alone, no `= value`)";
  std::string said;
  for (char c : message) said += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // "missing value for 'x'" (git's config_error_nonbool): the key is there.
  if (said.find("missing value") != std::string::npos ||
      said.find("no value") != std::string::npos) {
    return no_value;
  }
  for (std::string_view missing :
       {"not found", "not set", "missing", "no such", "does not exist"}) {
    if (said.find(missing) != std::string::npos) return "the setting is not set";
  }
  std::string lower;
  for (char c : call) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("string") != std::string::npos) return no_value;
  return "the value is not one it accepts";
}

}  // namespace errdex
