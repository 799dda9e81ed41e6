// Prompt: what errdex tells a language model about one error site. The model
// sees the deterministic facts only (never an earlier model's prose), so the
// same site always yields the same request, and the request's hash is the
// cache key.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "errdex/record.h"

namespace errdex {

// Bump whenever the system prompt, the facts sent or the answer schema
// change: cached answers of another version are not reused.
inline constexpr int kPromptVersion = 1;

// The record as the deterministic analysis wrote it: a record the model pass
// rewrote gets its original fields and provenance back from `llm`, and
// loses `llm`. Other records are returned unchanged.
Record DeterministicView(const Record& r);

// The facts sent for a record (REQUIRES: a deterministic view): message,
// class, conditions, notes, callers, options, the analysis fields and the
// numbered source window, each bounded in size.
nlohmann::json SiteFactsJson(const Record& deterministic);

// Hex sha256 of the facts as sent; identical facts, identical hash.
std::string SiteHash(const nlohmann::json& facts);

const std::string& SystemPrompt();

// The body of POST /v1/chat/completions.
std::string ChatRequestBody(const std::string& model, const nlohmann::json& facts);

}  // namespace errdex
