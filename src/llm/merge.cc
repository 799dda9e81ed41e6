// Merge (see merge.h).
#include "llm/merge.h"

#include <cctype>

#include "analyze/record_builder.h"
#include "util/text.h"

namespace errdex {
namespace {

// Letters and digits only, lowercased: "Use `--x`." and "use --x" compare equal.
std::string Normalized(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

// Without errdex's trailing provenance note: "Use --x. (the message's own
// advice)" -> "Use --x.", so the model's restatement counts as a duplicate.
std::string WithoutNote(const std::string& s) {
  if (!s.ends_with(")")) return s;
  size_t open = s.rfind(" (");
  return open == std::string::npos || open == 0 ? s : s.substr(0, open);
}

// Appends the model's items that say something new; returns the index of
// the first appended item (== size when none was).
size_t AppendNew(std::vector<std::string>* items, const std::vector<std::string>& extra) {
  size_t first = items->size();
  for (const std::string& e : extra) {
    if (items->size() >= kMaxMergedItems) break;
    std::string n = Normalized(e);
    bool dup = n.empty();
    for (const std::string& have : *items) {
      std::string h = Normalized(WithoutNote(have));
      if (h == n || (n.size() >= 12 && h.find(n) != std::string::npos)) dup = true;
    }
    if (!dup) items->push_back(e);
  }
  return first;
}

// BuildRecord leaves the example fix empty when no caller-side check is known.
bool IsPlaceholderFix(const Record& r) {
  return !r.validation_code && !r.provenance.contains("exampleFix") && r.example_fix.empty();
}

void MarkModel(const std::string& field, const std::string& tag, bool first, Record* r) {
  nlohmann::json& p = r->provenance[field];
  if (!p.is_array()) p = nlohmann::json::array();
  if (first) {
    p.insert(p.begin(), tag);
  } else {
    p.push_back(tag);
  }
}

}  // namespace

bool IsFallbackSolution(const std::string& s) { return s.starts_with(kGenericSolution); }

Record MergeAnswer(const Record& det, const ProseAnswer& a, const AnswerKey& key,
                   const std::set<std::string>& fields) {
  Record r = det;
  const std::string tag = "model:" + key.model;
  nlohmann::json original = nlohmann::json::object();
  nlohmann::json changed = nlohmann::json::array();
  nlohmann::json items_from = nlohmann::json::object();
  auto want = [&](const char* f) { return fields.count(f) > 0; };

  if (want("documentation") && !a.documentation.empty()) {
    original["documentation"] = r.documentation;
    r.documentation = a.documentation;
    MarkModel("documentation", tag, true, &r);
    changed.push_back("documentation");
  }
  if (want("commonSituations") && !a.common_situations.empty()) {
    original["commonSituations"] = r.common_situations;
    r.common_situations = a.common_situations;
    MarkModel("commonSituations", tag, true, &r);
    changed.push_back("commonSituations");
  }
  if (want("solutions") && !a.solutions.empty()) {
    std::vector<std::string> kept;
    for (const std::string& s : r.solutions) {
      if (!IsFallbackSolution(s)) kept.push_back(s);
    }
    size_t from = AppendNew(&kept, a.solutions);
    if (from < kept.size()) {
      original["solutions"] = r.solutions;
      r.solutions = std::move(kept);
      items_from["solutions"] = from;
      MarkModel("solutions", tag, false, &r);
      changed.push_back("solutions");
    }
  }
  if (want("preventionTips") && !a.prevention_tips.empty()) {
    std::vector<std::string> tips = r.prevention_tips;
    size_t from = AppendNew(&tips, a.prevention_tips);
    if (from < tips.size()) {
      original["preventionTips"] = r.prevention_tips;
      r.prevention_tips = std::move(tips);
      items_from["preventionTips"] = from;
      MarkModel("preventionTips", tag, false, &r);
      changed.push_back("preventionTips");
    }
  }
  if (want("handlingStrategy") && !a.handling_strategy.empty()) {
    original["handlingStrategy"] = r.handling_strategy;
    r.handling_strategy = r.handling_strategy.empty()
                              ? a.handling_strategy
                              : r.handling_strategy + ": " + a.handling_strategy;
    MarkModel("handlingStrategy", tag, false, &r);
    changed.push_back("handlingStrategy");
  }
  if (want("exampleFix") && !a.example_fix.empty() && IsPlaceholderFix(r)) {
    original["exampleFix"] = r.example_fix;
    r.example_fix = a.example_fix;
    MarkModel("exampleFix", tag, true, &r);
    changed.push_back("exampleFix");
  }
  if (changed.empty()) return r;
  original["provenance"] = det.provenance;
  r.llm = {{"model", key.model},           {"promptVersion", key.prompt_version},
           {"siteHash", key.site_hash},    {"fields", changed},
           {"modelItemsFrom", items_from}, {"deterministic", original}};
  return r;
}

}  // namespace errdex
