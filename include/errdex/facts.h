// Facts: what one source file contributes to cross-file analysis (the
// resolve stage): the options it defines, its functions and the calls they
// make, its constant collections and the membership tests against them.
// Extractors fill FileFacts while they hold the syntax tree, so resolving
// costs no second parse.
#pragma once

#include <string>
#include <vector>

namespace errdex {

// A command-line flag, click option, environment variable or dataclass field
// the repository defines, with the identifier code reads it through.
struct OptionDef {
  std::string name;  // "--enable-hierarchical-cache", "SGLANG_X", "enable_x" (field)
  std::string dest;  // "enable_hierarchical_cache"; empty for environment variables
  std::string kind;  // "flag", "env", "field"
  std::string action;               // "store_true", "store_false", ... (flags)
  std::vector<std::string> choices;  // literal choices, as written (`'off'`)
  std::string file;
  int line = 0;
};

struct FunctionFact {
  std::string name;       // "ServerArgs.__post_init__"
  std::string short_name;  // "__post_init__"
  std::string route;      // decorator text when it routes requests ("@app.post(...)")
  std::vector<std::string> params;  // parameter names in order, `self` included
  int line = 0;
};

struct CallFact {
  std::string caller;  // qualified enclosing function; empty at module level
  std::string callee;  // last component of the called name
  std::string receiver;  // "" for `f()`, "self" for `self.f()`, "obj" for `obj.f()`
  int line = 0;
};

// NAME = ("a", "b") / ["a"] / {"a"} / frozenset({...}) at module level.
struct ConstantFact {
  std::string name;
  std::vector<std::string> values;  // Python reprs: 'fp8', ''
  int line = 0;
};

// `param in CONST` / `param not in CONST` inside a function.
struct MembershipFact {
  std::string function;  // qualified
  std::string operand;   // the tested expression, "quant_method"
  std::string constant;  // "IPC_QUANT_ALLOWLIST"
  int line = 0;
};

struct FileFacts {
  std::string path;
  std::vector<OptionDef> options;
  std::vector<FunctionFact> functions;
  std::vector<CallFact> calls;
  std::vector<ConstantFact> constants;
  std::vector<MembershipFact> memberships;
};

}  // namespace errdex
