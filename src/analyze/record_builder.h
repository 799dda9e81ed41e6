// Record builder: turns an extractor's ErrorSite into a published Record,
// deriving every analysis field deterministically from facts in the code
// (comments, docstrings, path conditions, the message's own advice) and
// recording the lines each field came from (provenance).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/record.h"
#include "resolve/callers.h"
#include "resolve/setter_index.h"

namespace errdex {

struct RepoContext {
  std::string repo;
  std::string sha;          // empty for a plain directory
  std::string analyzed_at;  // ISO-8601 UTC
  // Where options and setters assign fields, repository-wide; without it
  // only the site's own file is searched.
  const SetterIndex* setters = nullptr;
};

// REQUIRES: `lines` are the lines of site.file_path's content.
Record BuildRecord(const ErrorSite& site, const std::vector<std::string_view>& lines,
                   const RepoContext& ctx);

// Merges records that share an id (the same message raised again in the same
// file: the first keeps the record, later lines go to other_lines), orders
// records by (file, line) and assigns unique slugs.
std::vector<Record> FinalizeRecords(std::vector<Record> records);

// The lead of the one solution written when nothing specific is known, so
// that readers (and the optional language-model pass) can tell it apart.
inline constexpr std::string_view kGenericSolution =
    "Generic advice (errdex found nothing specific): ";

// Whether the record's samples and trigger may name site.function as a call
// the user makes (visibility.h, the file's exports and access sections).
bool SiteCallable(const ErrorSite& site, const std::vector<std::string_view>& lines);

// How a user calls a public caller found by the call index, and the
// handling code around that call for the error `site` raises. `call` is ""
// when the hop's header does not say how it is called; `handling` is
// nullopt when nothing fits the language (a Go function without an error
// result, a Rust one without `Result`).
struct EntryCall {
  std::string call;  // "new Option(...)", "parser.parse(...)"
  std::optional<std::string> handling;
};
EntryCall CallOfEntry(const ErrorSite& site, const Hop& entry);

// When the deciding check reads only parameters of site.function and
// `caller` (in the same file, calling it at caller.call_line) passes its own
// parameters straight through (same position, unchanged), the check in
// the caller's parameters ("`flags` is empty (checked at line 8)"); "" else.
std::string CallerArgumentState(const ErrorSite& site, const std::vector<std::string_view>& lines,
                                const Hop& caller);

// The parameters of site.function that its deciding check reads, when it
// reads only parameters ("oid" for `if (oid != NULL) ... else raise`), and
// the check's line; empty when the check reads anything else. Which calls
// reach the raise then depends on what each passes.
struct ParameterCheck {
  std::vector<std::string> params;
  int line = 0;
};
ParameterCheck DecisiveParameters(const ErrorSite& site,
                                  const std::vector<std::string_view>& lines);

// When every caller found (in the site's file) passes, for each parameter
// the deciding check reads, a local it declares itself above the call
// (`final ArrayList fragments = new ArrayList(5);` ... `new
// PatternAbbreviator(fragments)`) rather than one of its own parameters:
// "`getAbbreviator` builds the `fragments` it passes itself (line 276)",
// the caller and the parameters' names; empty otherwise. The user then
// gives no such value, so "depends on the `fragments` it passes" would
// address them wrongly.
struct BuiltArguments {
  std::string text;
  std::string caller;
  std::vector<std::string> params;
};
BuiltArguments CallerBuiltArguments(const ErrorSite& site,
                                    const std::vector<std::string_view>& lines,
                                    const std::vector<CallChain>& chains);

// Sentences of the message that tell the user what to do ("Disable one of
// them."), in order.
std::vector<std::string> AdviceSentences(const std::string& message);

}  // namespace errdex
