// Names where a constructor's text is raised (raise_sites.h).
#include "analyze/raise_sites.h"

#include <map>
#include <string>
#include <vector>

#include "util/text.h"

namespace errdex {

namespace {

constexpr size_t kMaxNamed = 4;

// "`EnvManager.remove` (src/env_manager.py:291 and 316)": one entry per
// function and file, with each line.
struct Place {
  std::string function, file;
  std::vector<int> lines;
};

std::string Text(const Place& p) {
  std::vector<std::string> lines;
  for (int l : p.lines) lines.push_back(std::to_string(l));
  std::string at =
      p.file + ":" +
      (lines.size() == 1 ? lines[0]
                         : Join(std::vector<std::string>(lines.begin(), lines.end() - 1), ", ") +
                               " and " + lines.back());
  return p.function.empty() ? at : "`" + p.function + "` (" + at + ")";
}

void Add(const Record& r, std::vector<Place>* places) {
  for (Place& p : *places) {
    if (p.function == r.function && p.file == r.file_path) {
      p.lines.push_back(r.line_number);
      return;
    }
  }
  places->push_back({r.function, r.file_path, {r.line_number}});
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
  std::map<size_t, std::vector<Place>> places;
  for (size_t i = 0; i < records->size(); ++i) {
    const Record& r = (*records)[i];
    if (r.message_from.empty()) continue;
    auto it = constructors.find(r.repo + "\n" + r.message_from);
    if (it != constructors.end() && it->second != i) Add(r, &places[it->second]);
  }
  for (auto& [i, found] : places) {
    std::vector<std::string> list;
    for (const Place& p : found) list.push_back(Text(p));
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
