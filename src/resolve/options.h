// Options: the repository's command-line flags, click options, environment
// variables and dataclass fields, indexed by the identifier code reads them
// through, and the plain-words reading of a path condition over one of them
// ("with `--enable-hierarchical-cache`" / "Drop `--enable-hierarchical-cache`").
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

class OptionIndex {
 public:
  void Add(const FileFacts& facts);
  // The option read through identifier `dest` (`enable_hierarchical_cache`):
  // a flag before a dataclass field. nullptr when none.
  const OptionDef* ForDest(std::string_view dest) const;
  // By name: "--weight-cache-mode", "SGLANG_X".
  const OptionDef* ForName(std::string_view name) const;
  bool empty() const { return by_name_.empty(); }

 private:
  std::map<std::string, std::vector<OptionDef>, std::less<>> by_dest_;
  std::map<std::string, OptionDef, std::less<>> by_name_;
};

// A path condition read as a state of one option.
struct OptionCondition {
  const OptionDef* option = nullptr;
  PathCondition condition;
  std::string state;    // "with `--x`", "without `--x`", "with `--x` set"
  std::string falsify;  // "Drop `--x`", "Pass `--x`"
  std::string cli;      // what the state puts on a command line: "--x", "--x VALUE"
};

// nullopt when no option is read in the condition.
std::optional<OptionCondition> ReadCondition(const OptionIndex& index, const PathCondition& c);

// `file:line` of a definition.
std::string DefinedAt(const OptionDef& o);

}  // namespace errdex
