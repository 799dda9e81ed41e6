// Matched key: the string a dispatch on a name matched on the way to a
// raise (`if (!strcmp(var, "core.abbrev")) { ... if (abbrev < min)
// error(..) }`, `key.equals("pool.size")`, `name == "timeout"`). A config
// reader, an option parser or a command table tests one name after another;
// the one that matched is the user's setting, and the dozen names that did
// not are noise (twenty-first grading, git's `core.abbrev`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct MatchedKey {
  std::string operand;  // `var`
  std::string key;      // core.abbrev
  int line = 0;
  const PathCondition* condition = nullptr;  // the matching test in s.conditions
};

// The innermost condition before `decisive` (by position in s.conditions)
// that holds when `operand` equals a string literal; nullopt when none.
std::optional<MatchedKey> MatchedKeyOf(const ErrorSite& s, const PathCondition* decisive);

// Whether `c` is a passed test of `operand` against another literal (a name
// that did not match): said by the matched key already.
bool UnmatchedKeyTest(const PathCondition& c, const std::string& operand);

// What the key is in the user's terms: "the configuration key
// `core.abbrev`" when the function or file reads configuration (its name
// says config/conf/settings/options) and the key is dotted or the function
// is a config reader; else "`var` being `"core.abbrev"`". *config is set
// to whether it is a configuration key.

std::string KeyInUserTerms(const ErrorSite& s, const MatchedKey& k, bool* config = nullptr);

}  // namespace errdex
