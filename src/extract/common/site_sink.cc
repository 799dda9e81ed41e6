// SinkFromSite: see site_sink.h.
#include "extract/common/site_sink.h"

#include <algorithm>

#include "resolve/link.h"

namespace errdex {

SinkFact SinkFromSite(const ErrorSite& site, std::string name, std::string_view language,
                      std::vector<std::string> params, int def_line) {
  SinkFact s;
  s.function = site.function.empty() ? name : site.function;
  s.name = std::move(name);
  s.language = std::string(language);
  s.params = std::move(params);
  s.message = site.message;
  s.error_class = site.error_class;
  s.kind = site.kind;
  s.severity = site.severity;
  s.error_code = site.error_code;
  s.http_status = site.http_status;
  s.line = site.line;
  s.def_line = def_line;
  s.conditions = site.conditions;
  for (const std::string& p : s.params) {
    bool looked_up =
        std::any_of(site.conditions.begin(), site.conditions.end(),
                    [&](const PathCondition& c) { return TestsMembership(c.expr, p); });
    if (looked_up) s.guarded.push_back(p);
  }
  return s;
}

bool NamesAParameter(const Template& message, const std::vector<std::string>& params) {
  for (const Piece& p : message.pieces()) {
    if (p.is_hole && std::find(params.begin(), params.end(), p.expr) != params.end()) return true;
  }
  return false;
}

}  // namespace errdex
