// Config key advice (see config_key_advice.h).
#include "analyze/config_key_advice.h"

#include <re2/re2.h>

namespace errdex {

std::string MissingConfigAdvice(const std::string& message, const std::string& origin_note) {
  static const RE2* const kMissing = new RE2(
      R"((?i)config(?:uration)? (?:value|key|variable|option|setting|entry) ['"`]([\w.-]+)['"`] )"
      R"((?:was not found|is not set|was not set|not found|is missing))");
  std::string key;
  if (!RE2::PartialMatch(message, *kMissing, &key)) return {};
  std::string out = "If this error reaches you, set `" + key + "` in the configuration";
  // libgit2 reads git's own configuration files.
  if (origin_note.find("git_config_") != std::string::npos && key.find('.') != std::string::npos) {
    out += ": `git config " + key + " <value>` sets it for the repository, `git config --global " +
           key + " <value>` for every repository of the user";
  }
  return out;
}

}  // namespace errdex
