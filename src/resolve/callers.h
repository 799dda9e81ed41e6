// Callers: a name-based call graph over the repository's Python files, walked
// upward from an error's function to the entry points that reach it
// (`main`, `__post_init__`, `__init__`, request handlers, module code, public
// API functions). Names are matched by their last component, so a name that
// several functions share is reported as ambiguous rather than guessed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "errdex/facts.h"

namespace errdex {

// One function on a call chain, outermost first.
struct Hop {
  std::string function;  // qualified; empty for module-level code
  std::string file;
  int def_line = 0;   // where `function` is defined (0 for module level)
  int call_line = 0;  // where it calls the next hop (0 for the last hop)
  std::string route;  // the routing decorator, for request handlers
  // The function's header as written (Python's rebuilt from its
  // parameters) and, in the call index, its class: how a record shows a
  // call to it.
  std::string header;
  std::string cls;
};

struct CallChain {
  std::vector<Hop> hops;  // entry first, the error's function last
  bool reaches_entry = false;
  // The outermost hop is a public function nothing in the repository calls:
  // it is reached through the library's API.
  bool public_api = false;
  // The walk stopped at its depth bound, not for want of callers.
  bool depth_limited = false;
};

class CallGraph {
 public:
  static constexpr int kMaxDepth = 4;
  static constexpr size_t kMaxChains = 5;

  void Add(const FileFacts& facts);
  // Chains from entry points (or from the farthest caller found within
  // kMaxDepth) down to `function` in `file`; at most kMaxChains, entry
  // points first. Empty when nothing in the repository calls it.
  std::vector<CallChain> ChainsTo(const std::string& function, const std::string& file) const;
  // How many functions in the repository share this last name component.
  int Definitions(const std::string& short_name) const;
  // How many calls name it, resolved or not.
  int CallsNamed(const std::string& short_name) const;
  const FunctionFact* Find(const std::string& function, const std::string& file) const;

  static bool IsEntry(const Hop& hop);

 private:
  struct Caller {
    std::string function, file, receiver;
    int line = 0;
  };
  // Whether a call by name can reach `callee` (qualified, in `file`).
  bool CanCall(const Caller& c, const std::string& callee, const std::string& file) const;
  std::map<std::string, std::vector<Caller>> callers_;  // by callee short name
  std::map<std::string, std::vector<std::pair<std::string, FunctionFact>>> defs_;  // by short name
};

// The last component of a qualified name.
std::string ShortName(const std::string& qualified);

}  // namespace errdex
