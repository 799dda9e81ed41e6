// Message tables, as extractors collect them (facts.h MessageTable;
// src/resolve/message_tables.h reads them): what counts as an entry's text
// and when a keyed literal is a table of messages rather than data
// (`['limit' => '?', 'reset' => '?']` defaults, option maps).
#pragma once

#include <cctype>
#include <cstddef>

#include "errdex/facts.h"

namespace errdex {

// An entry's text: literal text with a word in it (two letters in a row).
inline bool IsMessageTableText(const Template& t) {
  for (const Piece& p : t.pieces()) {
    if (p.is_hole) continue;
    for (size_t i = 0; i + 1 < p.text.size(); ++i) {
      if (std::isalpha(static_cast<unsigned char>(p.text[i])) &&
          std::isalpha(static_cast<unsigned char>(p.text[i + 1]))) {
        return true;
      }
    }
  }
  return false;
}

// At least two entries with text, and at least half of the literal's items.
inline bool IsMessageTable(const MessageTable& t, size_t items) {
  return t.entries.size() >= 2 && 2 * t.entries.size() >= items;
}

}  // namespace errdex
