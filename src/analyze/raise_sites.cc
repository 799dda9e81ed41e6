// Names where a constructor's text is raised (raise_sites.h).
#include "analyze/raise_sites.h"

#include <map>
#include <string>

#include "util/text.h"

namespace errdex {

namespace {

constexpr size_t kMaxNamed = 4;

std::string Place(const Record& r) {
  std::string where = r.file_path + ":" + std::to_string(r.line_number);
  return r.function.empty() ? where : "`" + r.function + "` (" + where + ")";
}

}  // namespace

void NameRaiseSites(std::vector<Record>* records) {
  std::map<std::string, size_t> constructors;  // "file:line" -> record
  for (size_t i = 0; i < records->size(); ++i) {
    const Record& r = (*records)[i];
    if (r.trigger_scenarios.starts_with(kConstructorTriggerLead)) {
      constructors[r.repo + "\n" + r.file_path + ":" + std::to_string(r.line_number)] = i;
    }
  }
  if (constructors.empty()) return;
  std::map<size_t, std::vector<std::string>> places;
  for (size_t i = 0; i < records->size(); ++i) {
    const Record& r = (*records)[i];
    if (r.message_from.empty()) continue;
    auto it = constructors.find(r.repo + "\n" + r.message_from);
    if (it != constructors.end() && it->second != i) places[it->second].push_back(Place(r));
  }
  for (auto& [i, list] : places) {
    size_t more = list.size() > kMaxNamed ? list.size() - kMaxNamed : 0;
    if (more) list.resize(kMaxNamed);
    std::string named = list.size() == 1
                            ? list[0]
                            : Join(std::vector<std::string>(list.begin(), list.end() - 1), ", ") +
                                  (more ? ", " : " and ") + list.back();
    if (more) named += " and " + std::to_string(more) + " more";
    (*records)[i].trigger_scenarios += " errdex found it raised in " + named + ".";
  }
}

}  // namespace errdex
