// Deprecation notes (see deprecation.h).
#include "analyze/deprecation.h"

#include <string>
#include <vector>

namespace errdex {
namespace {

// How the language marks the declaration, as its users see it in source.
std::string Marker(const std::string& language) {
  if (language == "csharp") return "[Obsolete]";
  if (language == "rust") return "#[deprecated]";
  return "@Deprecated";
}

}  // namespace

bool IsDeprecationNote(const ErrorSite& s) {
  return s.kind == SiteKind::kWarning && s.error_class == kDeprecatedClass;
}

void DescribeDeprecation(const ErrorSite& s, Record* r) {
  std::string what = s.function.empty() ? "the declaration below it" : "`" + s.function + "`";
  std::string line = std::to_string(s.line);
  bool error = s.severity == "error";
  r->documentation = what + " is marked deprecated (" + Marker(s.language) + " at line " + line +
                     "): its maintainers intend it to be replaced or removed, and the note is " +
                     "their word on what to do.";
  r->trigger_scenarios =
      std::string("When code that uses ") + what + " is compiled, the compiler prints this note " +
      (error ? "as an error: the build fails" : "as a warning (an error where warnings are "
                                                "treated as errors)") +
      ". Nothing is reported when " + what + " runs.";
  r->common_situations.clear();
  std::vector<std::string> advice;
  for (const std::string& sol : r->solutions) {
    if (sol.find("(the message's own advice)") != std::string::npos) advice.push_back(sol);
  }
  advice.push_back("Change the code that uses " + what + " as the note says" +
                   (error ? "; until then the build fails" : "; until then it still works") +
                   " (" + Marker(s.language) + " at line " + line + ")");
  r->solutions = std::move(advice);
  r->provenance["documentation"] = nlohmann::json::array({s.line});
  r->provenance["triggerScenarios"] = nlohmann::json::array({s.line});
  r->provenance["solutions"] = nlohmann::json::array({s.line});
  r->example_fix.clear();
  r->validation_code.reset();
  r->type_guard.reset();
  r->try_catch_pattern.reset();
  r->prevention_tips.clear();
  r->handling_strategy = "update-usage";
}

}  // namespace errdex
