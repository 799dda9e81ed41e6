// Resolve: the cross-file stage between extraction and analysis. It gathers
// every file's facts into repository-wide indexes (options, call graph,
// constants) and answers, per error site, which options its path conditions
// read, which entry points reach it and which allowlists it checks.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"
#include "resolve/call_index.h"
#include "resolve/callers.h"
#include "resolve/options.h"

namespace errdex {

// "use one of" material: a condition tests `operand` against a constant.
struct Allowlist {
  std::string operand;   // as the site's code spells it: "quant_method"
  std::string constant;  // "IPC_QUANT_ALLOWLIST"
  std::vector<std::string> values;
  std::string file;
  int line = 0;        // the constant's definition
  int check_line = 0;  // the membership test
  int condition_line = 0;
};

struct SiteFacts {
  std::vector<PathCondition> conditions;          // simplified, in path order
  std::vector<OptionCondition> options;           // the conditions that read options
  std::vector<const OptionDef*> message_options;  // defined flags the message names
  std::vector<CallChain> chains;
  // "path:line" of the calls whose chains were left out because their
  // constant arguments pass a check on the raise's path.
  std::vector<std::string> guarded_calls;
  std::map<std::string, int> ambiguous;  // short name -> definitions, for names on chains
  // Python, no chain found: calls by the function's name exist but several
  // functions share that name, so none was tied to this one. "Nothing calls
  // it" would then be false (twenty-seventh grading).
  bool untied_calls = false;
  std::vector<Allowlist> allowlists;
  // A Rust Display impl's variant: where the code builds that value.
  std::vector<Hop> constructions;
  // For a raise no condition guards: the same-named methods of classes
  // that name the raising method's class as a base (`class B extends A`),
  // which replace the method that always raises. At most kMaxOverrides.
  std::vector<Hop> overrides;
};

inline constexpr size_t kMaxOverrides = 4;

class RepoFacts {
 public:
  explicit RepoFacts(const std::vector<FileFacts>& files);
  SiteFacts Resolve(const ErrorSite& site) const;
  const OptionIndex& options() const { return options_; }
  // Which functions outside the repository may call (analyze/visibility.h
  // decides); the other languages' call chains stop there.
  void SetPublicRule(CallIndex::PublicRule rule) { index_.SetPublicRule(std::move(rule)); }

 private:
  void AddAllowlists(const ErrorSite& site, const PathCondition& c, SiteFacts* out) const;
  // The constant `name` of `file`, else the repository's only definition of
  // it; `defined_in` is its file. nullptr when none or several.
  const ConstantFact* Constant(const std::string& file, const std::string& name,
                               std::string* defined_in) const;
  std::vector<Hop> Overrides(const ErrorSite& site) const;

  OptionIndex options_;
  CallGraph calls_;                                // Python
  CallIndex index_;                                // every other language
  std::map<std::string, const FileFacts*> files_;  // by path
  // Call-index functions by short name, with their file (for Overrides).
  std::map<std::string, std::vector<std::pair<const FunctionFact*, const std::string*>>> methods_;
};

// `not x` false -> `x` true for a single operand, as the record builder reads
// conditions, so that facts and sentences agree.
PathCondition SimplifyCondition(PathCondition c);

}  // namespace errdex
