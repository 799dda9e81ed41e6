// Optional tails: a message pattern whose last value, after a colon, may be
// missing from a paste.
//
// Libraries add a detail after a colon in later versions (yaml-cpp appended
// the file name to "bad file"), and users cut pastes at the colon, so
// "bad file: ([\s\S]*?)" should also find "bad file". A match without the
// tail is less certain than one with it, so the matcher ranks it as a
// partial match (see Matcher::Impl::Verify).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace errdex::match {

// `pattern` with a trailing ":" (or "\:"), optional spaces and one or more
// any-text holes wrapped in a non-capturing optional group; unchanged when it
// has no such tail or the colon is its first character. Trailing spaces are
// dropped. Hole numbering is kept.
std::string OptionalColonTail(std::string_view pattern);

// The pattern without its last clause, for a paste from a version before
// the clause was added: ninja's "manifest '%s' still dirty after %d tries"
// gained ", perhaps system time is not set", mocha's timeout message a
// " (file)", sidekiq's "Job 'at' must be a Numeric timestamp" a ": `item`".
// The clause starts at the last top-level ", ", "; ", " (" or ": " (the
// colon only before literal text; OptionalColonTail covers bare values).
// Empty when the pattern has more than one line, no such clause, a clause
// longer than a short addition (kMaxClauseBytes), or a head that ends in a
// value (it would swallow whatever text follows).
std::string ClauseHead(std::string_view pattern);

// The pattern's first sentence, for a paste from a version before the
// sentences after it were added: wire's "Unexpected end group" became
// "Unexpected end group. Reader position: $pos. Last read tag: $tag.". A
// sentence ends at a top-level "\. " before a capital letter. A first
// sentence that ends in a value (it would swallow whatever text follows)
// takes the sentences after it along, up to the first that ends in text:
// FluentValidation's "Could not infer property name for expression: {e}.
// Please explicitly specify … rule chain." before its "Eg: …" was added.
// When no later sentence ends in text, the first sentence with its period
// (ktlint's "... at position '{line}:{col}. Please create a ticket ...",
// pasted as an issue title cut at "'0:0"; the matcher lets the end of
// the paste stand for the period).
// Empty when the pattern has more than one line or no such head.
std::string FirstSentence(std::string_view pattern);

// The pattern's sentence heads: each prefix that ends a sentence (at a
// top-level `\. ` before a capital letter, period included), shortest
// first. Empty for a pattern of several lines.
std::vector<std::string> SentenceHeads(std::string_view pattern);

// The literal bytes (the colon and spaces) inside the optional tail that
// OptionalColonTail made, or 0 when `pattern` ends with no such tail.
size_t OptionalTailLiteral(std::string_view pattern);

}  // namespace errdex::match
