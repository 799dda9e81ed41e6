// Build advice (see build_advice.h). Only the message's own words count for
// a missing build feature; a missing function counts only where the file
// looks functions up at run time, so that "could not find function" in an
// interpreter's error is left alone.
#include "analyze/build_advice.h"

#include "util/text.h"

namespace errdex {
namespace {

// The feature after "not built with" and the like, up to the end of the
// clause, in the message's own case; "" when the message says no such thing.
std::string MissingFeature(std::string_view message) {
  std::string lower = ToLower(message);
  for (std::string_view lead :
       {"not built with ", "not compiled with ", "built without ", "compiled without ",
        "not built with support for ", "not compiled with support for "}) {
    size_t at = lower.find(lead);
    if (at == std::string::npos) continue;
    size_t from = at + lead.size();
    size_t end = from;
    while (end < message.size() &&
           std::string_view(".;,\n(").find(message[end]) == std::string_view::npos) {
      ++end;
    }
    std::string feature(Trim(message.substr(from, end - from)));
    if (feature.starts_with("support for ")) feature = feature.substr(12);
    if (!feature.empty() && feature.find('%') == std::string::npos &&
        feature.find('{') == std::string::npos) {
      return feature;
    }
  }
  return {};
}

// The line of the file's run-time symbol lookup, or 0.
int LookupLine(const std::vector<std::string_view>& lines) {
  for (size_t n = 0; n < lines.size(); ++n) {
    if (lines[n].find("dlsym(") != std::string_view::npos ||
        lines[n].find("GetProcAddress(") != std::string_view::npos) {
      return static_cast<int>(n + 1);
    }
  }
  return 0;
}

bool SaysMissingFunction(std::string_view message) {
  std::string lower = ToLower(message);
  bool failed = false;
  for (std::string_view f :
       {"could not load", "couldn't load", "failed to load", "cannot load", "unable to load",
        "could not find", "failed to find", "could not resolve", "failed to resolve"}) {
    failed = failed || lower.find(f) != std::string::npos;
  }
  return failed &&
         (lower.find("function") != std::string::npos || lower.find("symbol") != std::string::npos);
}

// The first 'quoted' or "quoted" name in the message that is not a hole.
std::string QuotedName(std::string_view message) {
  for (size_t at = message.find_first_of("'\""); at != std::string_view::npos;
       at = message.find_first_of("'\"", at + 1)) {
    size_t end = message.find(message[at], at + 1);
    if (end == std::string_view::npos) return {};
    std::string_view name = message.substr(at + 1, end - at - 1);
    bool ident = !name.empty();
    for (char c : name) ident = ident && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    if (ident) return std::string(name);
    at = end;
  }
  return {};
}

}  // namespace

BuildAdvice AdviseBuild(std::string_view message, const std::vector<std::string_view>& lines) {
  if (std::string feature = MissingFeature(message); !feature.empty()) {
    return {"Use a build compiled with " + feature +
                ": the message says the running build lacks it, so no argument or setting "
                "of this build avoids the error",
            0};
  }
  if (!SaysMissingFunction(message)) return {};
  int lookup = LookupLine(lines);
  if (lookup == 0) return {};
  std::string name = QuotedName(message);
  std::string what = name.empty() ? "the function the message names" : "`" + name + "`";
  return {"Install a version of the shared library this code loads at run time that provides " +
              what + ": the code looks functions up in it (line " + std::to_string(lookup) +
              ") and reports this when one is missing",
          lookup};
}

}  // namespace errdex
