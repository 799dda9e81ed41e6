// Prompt (see prompt.h).
#include "llm/prompt.h"

#include "llm/answer.h"
#include "util/sha256.h"
#include "util/text.h"

namespace errdex {
namespace {

constexpr size_t kMaxMessageBytes = 4000;
constexpr size_t kMaxLineBytes = 300;
constexpr size_t kMaxCallers = 5;
constexpr size_t kMaxNotes = 8;

std::string Dump(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json NullIfEmpty(const std::string& s) {
  return s.empty() ? nlohmann::json() : nlohmann::json(s);
}

nlohmann::json FirstN(const nlohmann::json& arr, size_t n) {
  nlohmann::json out = nlohmann::json::array();
  if (!arr.is_array()) return out;
  for (size_t i = 0; i < arr.size() && i < n; ++i) out.push_back(arr[i]);
  return out;
}

// "  41 | code", the raising line marked with '>'.
std::string NumberedSource(const Record& r) {
  std::string out;
  std::vector<std::string_view> lines = SplitLines(r.source_code);
  for (size_t i = 0; i < lines.size(); ++i) {
    int n = r.source_code_start + static_cast<int>(i);
    std::string num = std::to_string(n);
    out += (n == r.line_number ? ">" : " ") +
           std::string(num.size() < 5 ? 5 - num.size() : 0, ' ') + num + " | " +
           std::string(Utf8Prefix(lines[i], kMaxLineBytes)) + "\n";
  }
  return out;
}

}  // namespace

Record DeterministicView(const Record& r) {
  if (!r.llm.is_object()) return r;
  Record d = r;
  d.llm = nlohmann::json();
  auto it = r.llm.find("deterministic");
  if (it == r.llm.end() || !it->is_object()) return d;
  const nlohmann::json& o = *it;
  auto str = [&](const char* key, std::string* out) {
    if (auto f = o.find(key); f != o.end() && f->is_string()) *out = f->get<std::string>();
  };
  auto list = [&](const char* key, std::vector<std::string>* out) {
    auto f = o.find(key);
    if (f == o.end() || !f->is_array()) return;
    out->clear();
    for (const nlohmann::json& e : *f) {
      if (e.is_string()) out->push_back(e.get<std::string>());
    }
  };
  str("documentation", &d.documentation);
  str("commonSituations", &d.common_situations);
  list("solutions", &d.solutions);
  list("preventionTips", &d.prevention_tips);
  str("handlingStrategy", &d.handling_strategy);
  str("exampleFix", &d.example_fix);
  if (auto p = o.find("provenance"); p != o.end() && p->is_object()) d.provenance = *p;
  return d;
}

nlohmann::json SiteFactsJson(const Record& r) {
  nlohmann::json holes = nlohmann::json::array();
  for (const HoleInfo& h : r.holes) holes.push_back({{"text", h.text}, {"expr", h.expr}});
  nlohmann::json analysis = {
      {"documentation", r.documentation},
      {"triggerScenarios", r.trigger_scenarios},
      {"commonSituations", r.common_situations},
      {"solutions", r.solutions},
      {"exampleFix", r.example_fix},
      {"handlingStrategy", r.handling_strategy},
      {"preventionTips", r.prevention_tips},
  };
  if (r.validation_code) analysis["validationCode"] = *r.validation_code;
  if (r.try_catch_pattern) analysis["tryCatchPattern"] = *r.try_catch_pattern;
  return {
      {"repository", r.repo},
      {"language", r.language},
      {"file", r.file_path},
      {"line", r.line_number},
      {"function", NullIfEmpty(r.function)},
      {"kind", r.kind},
      {"errorClass", NullIfEmpty(r.error_class)},
      {"errorCode", r.error_code ? nlohmann::json(*r.error_code) : nlohmann::json()},
      {"httpStatus", r.http_status ? nlohmann::json(*r.http_status) : nlohmann::json()},
      {"errorType", r.error_type},
      {"message", std::string(Utf8Prefix(r.error_message, kMaxMessageBytes))},
      {"messageOpaque", r.message_opaque},
      {"holes", holes},
      {"conditions", r.conditions},
      {"notes", FirstN(r.notes, kMaxNotes)},
      {"callers", FirstN(r.callers, kMaxCallers)},
      {"options", r.options},
      {"analysis", analysis},
      {"source", NumberedSource(r)},
  };
}

std::string SiteHash(const nlohmann::json& facts) { return Sha256Hex(Dump(facts)); }

const std::string& SystemPrompt() {
  static const std::string kPrompt =
      "You document one error that a program can raise, for developers who hit it.\n"
      "errdex, a static analyzer, found the error in the source code and gives you the facts "
      "it extracted, as JSON: the message as written in the source (holes such as {name} or "
      "%s are filled in at run time), the exception class, the path conditions that lead to "
      "the error (polarity true: the condition holds), nearby comments and docstrings, the "
      "call chains that reach it, the command-line options involved, the analyzer's own "
      "analysis, and the numbered source lines around it (the line marked > raises).\n\n"
      "Rules:\n"
      "- Use only what the facts and the source show. Never invent functions, options, flags, "
      "files, versions or values that do not appear there. When unsure, say less.\n"
      "- Name the concrete identifiers, options and values involved, in backticks.\n"
      "- The analyzer's solutions are kept and shown first; add only new, concrete steps.\n"
      "- Plain text: no Markdown headings, no greetings.\n\n"
      "Answer with one JSON object with exactly these keys (leave out optional keys you "
      "cannot fill; no other keys):\n"
      "  \"documentation\": string, required, at most 1500 bytes: what the error means and "
      "why the code raises it, 2 to 4 sentences.\n"
      "  \"solutions\": array of 1 to 6 strings, required, each at most 400 bytes: what a "
      "user can do to fix it.\n"
      "  \"commonSituations\": string, optional, at most 1000 bytes: the situations in which "
      "users typically meet it.\n"
      "  \"preventionTips\": array of up to 6 strings, optional, each at most 400 bytes.\n"
      "  \"handlingStrategy\": string, optional, at most 300 bytes: how calling code should "
      "handle it (validate inputs first, catch and retry, let it propagate, ...).\n"
      "  \"exampleFix\": string, optional, at most 1500 bytes: a short before/after code or "
      "command-line change that avoids the error.\n";
  return kPrompt;
}

std::string ChatRequestBody(const std::string& model, const nlohmann::json& facts) {
  nlohmann::json body = {
      {"model", model},
      {"temperature", 0},
      {"response_format", {{"type", "json_object"}}},
      {"messages",
       {{{"role", "system"}, {"content", SystemPrompt()}},
        {{"role", "user"}, {"content", "Facts (JSON):\n" + Dump(facts, 1)}}}},
  };
  return Dump(body);
}

}  // namespace errdex
