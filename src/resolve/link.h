// Link: the repository-wide stage that follows a message across functions,
// classes and files. Extractors summarise, per file, the functions whose
// raised message contains their own parameters (SinkFact) and the calls
// that pass text or a parameter on (LinkCall); LinkMessages joins them over
// the repository to a fixpoint and adds one error site per call that passes
// text to a sink, at the call, with the composed message.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

// How far a message is followed through wrappers (a sink calling a sink).
constexpr int kMaxLinkDepth = 8;
// Sinks kept per function (one per distinct composed message).
constexpr size_t kMaxSinksPerFunction = 8;

struct LinkStats {
  int sinks = 0;          // from the extractors
  int derived_sinks = 0;  // wrappers found by the fixpoint
  int sites_added = 0;
  int sites_replaced = 0;  // constructions whose message a class composes
};

// `sites[i]` are the sites extracted from `files[i]` (same order, may be
// null). Appends the call-site sites to the file of each call and removes
// the extractor's sites that a composed message replaces.
LinkStats LinkMessages(const std::vector<FileFacts>& files,
                       const std::vector<std::vector<ErrorSite>*>& sites);

// The text of a message table's entry (message_tables.h), or null.
using KeyedText = std::function<const Template*(std::string_view table, std::string_view key)>;

// `t` with every hole naming params[i] replaced by *args[i] (when given).
// `*substituted` says whether any hole was replaced, `*text` whether a
// replacement brought literal text. `{x!r}` / `%r` holes quote the text.
// A hole looking a table up by a parameter (`errorMessages[code]`) takes
// the entry `keyed` gives for a literal argument, or is keyed by the
// argument's own variable (`errorMessages[c]` for a call passing `c`).
Template SubstituteParams(const Template& t, const std::vector<std::string>& params,
                          const std::vector<const Template*>& args, bool* substituted, bool* text,
                          const KeyedText& keyed = nullptr);

// Whether `expr` reads the variable `name` (a whole identifier, not a
// property `x.name`).
bool ReadsName(std::string_view expr, std::string_view name);

// Whether `expr` looks `name` up in a collection (`KEYS.include?(key)`,
// `in_array($x, $allowed)`, `isset($map[$x])`, `x in ALLOWED`): the value is
// checked against known ones, so a message built from it is not free text.
bool TestsMembership(std::string_view expr, std::string_view name);

// Whether `expr` reads `name` only to test its type (`typeof msg`,
// `msg instanceof Error`, `Object.prototype.toString.call(msg)`,
// `Array.isArray(msg)`): a helper accepting either an error or a text
// still reports whatever text it is given.
bool OnlyTypeTested(std::string_view expr, std::string_view name);

}  // namespace errdex
