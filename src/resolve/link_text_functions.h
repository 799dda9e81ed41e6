// Link text functions: messages a function returns and a raise only calls.
// `throw SerializationException(notRegisteredMessage())`, `raise
// E(_format_error(x))`, `panic(msg(x))`, `fprintf(stderr, "%s\n",
// my_strerror(code))`: the extractor records the raise with a hole (or,
// when the call was the whole message, opaque, with a HeldMessage), and the
// function itself as a TextFunction. This stage, run after text constants
// and before LinkMessages, replaces every hole whose expression is a call
// of such a function by the text it returns, the call's literal arguments
// substituted for its parameters (other arguments stay holes named by the
// caller's expression). A function with several returns gives one site
// per candidate; functions returning calls of other text functions are
// followed (bounded depth, cycle safe). Holes in link-call arguments and
// sinks are resolved too, so the text flows on into wrappers.
#pragma once

#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

// How many text functions a message is followed through.
constexpr int kMaxTextFunctionDepth = 4;
// Sites made from one site (one per combination of candidates).
constexpr size_t kMaxTextCandidates = 16;

struct TextFunctionStats {
  int functions = 0;       // text functions with at least one candidate
  int sites_resolved = 0;  // sites whose hole (or opaque message) took text
  int sites_added = 0;     // extra sites for further candidates
};

// `sites[i]` are the sites of `(*files)[i]` (may be null).
TextFunctionStats ResolveTextFunctions(std::vector<FileFacts>* files,
                                       const std::vector<std::vector<ErrorSite>*>& sites);

// Sites whose class renders its text around the message it was given
// (click's `BadParameter.format_message()`: "Invalid value for
// {param_hint}: {message}"; a Python `__str__` returning
// f"{self.message} (line {self.line})"; Ruby `def message; "#{super}
// ..."`): the site's message becomes what the rendering shows, one site per
// rendering. Run after LinkMessages, so messages passed to wrapper sinks
// are rendered too.
TextFunctionStats ApplyClassRenderings(std::vector<FileFacts>* files,
                                       const std::vector<std::vector<ErrorSite>*>& sites);

}  // namespace errdex
