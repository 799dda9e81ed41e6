// Answer (see answer.h).
#include "llm/answer.h"

#include <algorithm>
#include <set>

#include "util/text.h"

namespace errdex {
namespace {

struct Limits {
  bool required;
  size_t max_bytes;
};

Status Violation(const std::string& what) {
  return Status::InvalidArgument("answer does not fit the schema: " + what);
}

// Newlines and tabs are prose; other control characters are not.
bool HasControl(std::string_view s) {
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f) return true;
  }
  return false;
}

Status ReadString(const nlohmann::json& j, const std::string& key, Limits lim, std::string* out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    return lim.required ? Violation("`" + key + "` is missing") : Status::OK();
  }
  if (!it->is_string()) return Violation("`" + key + "` is not a string");
  std::string s(Trim(it->get<std::string>()));
  if (s.empty()) return Violation("`" + key + "` is empty");
  if (s.size() > lim.max_bytes) {
    return Violation("`" + key + "` is longer than " + std::to_string(lim.max_bytes) + " bytes");
  }
  if (HasControl(s)) return Violation("`" + key + "` contains control characters");
  *out = std::move(s);
  return Status::OK();
}

Status ReadList(const nlohmann::json& j, const std::string& key, bool required,
                std::vector<std::string>* out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    return required ? Violation("`" + key + "` is missing") : Status::OK();
  }
  if (!it->is_array()) return Violation("`" + key + "` is not an array of strings");
  if (required && it->empty()) return Violation("`" + key + "` is empty");
  if (it->size() > kMaxItems) {
    return Violation("`" + key + "` has more than " + std::to_string(kMaxItems) + " items");
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < it->size(); ++i) {
    std::string name = key + "[" + std::to_string(i) + "]";
    nlohmann::json wrapper = {{name, (*it)[i]}};
    std::string item;
    if (Status s = ReadString(wrapper, name, {true, kMaxItem}, &item); !s.ok()) return s;
    if (seen.insert(ToLower(item)).second) out->push_back(std::move(item));
  }
  return Status::OK();
}

// ```json\n{...}\n``` -> {...}; anything else unchanged.
std::string_view StripFence(std::string_view s) {
  s = Trim(s);
  if (!s.starts_with("```") || !s.ends_with("```") || s.size() < 6) return s;
  s.remove_suffix(3);
  size_t nl = s.find('\n');
  return nl == std::string_view::npos ? std::string_view() : Trim(s.substr(nl + 1));
}

}  // namespace

const std::vector<std::string>& AnswerFields() {
  static const std::vector<std::string> kFields = {"documentation",    "commonSituations",
                                                   "solutions",        "preventionTips",
                                                   "handlingStrategy", "exampleFix"};
  return kFields;
}

Result<ProseAnswer> ParseAnswer(std::string_view content) {
  std::string_view body = StripFence(content);
  if (body.empty()) return Status::InvalidArgument("the answer is empty");
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded()) {
    return Status::InvalidArgument("the answer is not valid JSON (malformed or truncated)");
  }
  if (!j.is_object()) return Violation("not a JSON object");
  const std::vector<std::string>& allowed = AnswerFields();
  for (const auto& [key, value] : j.items()) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      return Violation("unexpected field `" + std::string(OneLine(key, 60)) + "`");
    }
  }
  ProseAnswer a;
  if (Status s = ReadString(j, "documentation", {true, kMaxDocumentation}, &a.documentation);
      !s.ok()) {
    return s;
  }
  if (Status s = ReadList(j, "solutions", true, &a.solutions); !s.ok()) return s;
  if (Status s = ReadString(j, "commonSituations", {false, kMaxSituations}, &a.common_situations);
      !s.ok()) {
    return s;
  }
  if (Status s = ReadList(j, "preventionTips", false, &a.prevention_tips); !s.ok()) return s;
  if (Status s = ReadString(j, "handlingStrategy", {false, kMaxHandling}, &a.handling_strategy);
      !s.ok()) {
    return s;
  }
  if (Status s = ReadString(j, "exampleFix", {false, kMaxExampleFix}, &a.example_fix); !s.ok()) {
    return s;
  }
  return a;
}

nlohmann::json AnswerToJson(const ProseAnswer& a) {
  nlohmann::json j = {{"documentation", a.documentation}, {"solutions", a.solutions}};
  if (!a.common_situations.empty()) j["commonSituations"] = a.common_situations;
  if (!a.prevention_tips.empty()) j["preventionTips"] = a.prevention_tips;
  if (!a.handling_strategy.empty()) j["handlingStrategy"] = a.handling_strategy;
  if (!a.example_fix.empty()) j["exampleFix"] = a.example_fix;
  return j;
}

}  // namespace errdex
