// Merge: how a validated model answer enters a record without replacing any
// deterministic fact.
//
//   documentation, commonSituations   the model's text replaces the prose
//   solutions, preventionTips         deterministic items first, in order;
//                                     the model's new items appended
//   handlingStrategy                  "<deterministic category>: <model text>"
//   exampleFix                        the model's only where the deterministic
//                                     one is the no-guard placeholder
//
// Everything else (message, pattern, class, location, triggerScenarios,
// conditions, notes, callers, options, code fields, tags) is never touched.
// The deterministic values of the fields that changed are kept verbatim in
// `llm.deterministic` (with the whole original provenance), and each changed
// field's provenance gains "model:NAME".
#pragma once

#include <set>
#include <string>

#include "errdex/record.h"
#include "errdex/store.h"
#include "llm/answer.h"

namespace errdex {

// Solutions and prevention tips stop growing at this many items (the
// deterministic items are never dropped, even beyond it).
inline constexpr size_t kMaxMergedItems = 8;

// The deterministic fallback solution, written when the code offers nothing
// better; the only deterministic item a model's solutions displace.
bool IsFallbackSolution(const std::string& s);

// REQUIRES: `r` is a deterministic view (DeterministicView). `fields` holds
// the AnswerFields() names to apply. Returns the merged record.
Record MergeAnswer(const Record& r, const ProseAnswer& a, const AnswerKey& key,
                   const std::set<std::string>& fields);

}  // namespace errdex
