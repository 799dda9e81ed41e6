// Answer: the prose a language model writes for one error, and the schema it
// must satisfy before errdex uses any of it. The schema is strict on purpose:
// an answer with a wrong type, an empty string, an over-long field or a key
// outside the allowed set is rejected as a whole, never half-used.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/status.h"

namespace errdex {

struct ProseAnswer {
  std::string documentation;                 // required
  std::vector<std::string> solutions;        // required, at least one
  std::string common_situations;             // optional (empty: not given)
  std::vector<std::string> prevention_tips;  // optional
  std::string handling_strategy;             // optional
  std::string example_fix;                   // optional
};

// Limits, in bytes / items. The prompt states them too.
inline constexpr size_t kMaxDocumentation = 1500;
inline constexpr size_t kMaxSituations = 1000;
inline constexpr size_t kMaxItem = 400;
inline constexpr size_t kMaxItems = 6;
inline constexpr size_t kMaxHandling = 300;
inline constexpr size_t kMaxExampleFix = 1500;

// The record fields the model may write, by their JSON names.
const std::vector<std::string>& AnswerFields();

// Parses and validates the model's message content. One surrounding Markdown
// code fence is tolerated; null counts as absent for optional fields.
// Strings are trimmed. Failure: InvalidArgument naming the first violation.
Result<ProseAnswer> ParseAnswer(std::string_view content);

// The canonical JSON of a valid answer (what the cache stores).
nlohmann::json AnswerToJson(const ProseAnswer& a);

}  // namespace errdex
