// Already state: see already_state.h.
#include "analyze/already_state.h"

#include <cctype>
#include <string>
#include <string_view>

#include "util/text.h"

namespace errdex {
namespace {

// States of an object's life a repeated or late call meets.
constexpr std::string_view kStates[] = {
    "executed", "closed",    "connected",  "started",  "initialized", "initialised", "disposed",
    "finished", "completed", "committed",  "prepared", "consumed",    "opened",      "frozen",
    "released", "bound",     "attached",   "shut",     "stopped",     "subscribed",  "cancelled",
    "canceled", "aborted",   "ended",      "built",    "begun",       "running",     "configured",
    "mounted",  "destroyed", "terminated", "sent",     "compiled",    "invoked",     "resolved",
    "settled",  "activated", "sealed"};

// The word of `text` starting at `at` (letters only).
std::string_view WordAt(std::string_view text, size_t at) {
  size_t end = at;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
  return text.substr(at, end - at);
}

}  // namespace

std::string AlreadyState(const std::string& message) {
  std::string lower = ToLower(message);
  size_t at = lower.find("already ");
  if (at == std::string::npos || lower.find("already ", at + 1) != std::string::npos) return {};
  // "can only be called for an already started item": the state is what
  // the call needs, not what it met (webpack's `AsyncQueue.waitFor`).
  if (lower.find(" only ") != std::string::npos) return {};
  std::string_view before = std::string_view(lower).substr(0, at);
  for (std::string w : {"a ", "an ", "the ", "for ", "not "}) {
    if (before == w || before.ends_with(" " + w)) return {};
  }
  size_t next = at + 8;
  std::string_view word = WordAt(lower, next);
  if (word == "been" || word == "being") {
    next += word.size() + 1;
    word = WordAt(lower, next);
  }
  for (std::string_view s : kStates) {
    if (word == s) return std::string(word);
  }
  return {};
}

}  // namespace errdex
