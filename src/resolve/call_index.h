// Call index: a repository-wide call graph for every language but Python
// (resolve/callers.h keeps Python's), built from call_facts.h, walked upward
// from the function that raises to the functions a user can call.
//
// Calls are matched by name within one language family, and a call is
// linked to a definition only when the syntax supports it: `this.f()` /
// a bare call inside a class reaches that class's method; `Foo.f()` /
// `Foo::f()` / `new Foo()` name the class; `pkg.F()` in Go names the
// package directory; a bare call reaches the caller's own file first, then
// its Go package. A name defined once in the family is linked from any
// receiver unless it is a common name (`get`, `run`, `parse`...), which
// unrelated classes and the standard library share: saying nothing is
// better than naming the wrong caller.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "errdex/facts.h"
#include "resolve/callers.h"

namespace errdex {

class CallIndex {
 public:
  static constexpr int kMaxDepth = 5;
  static constexpr size_t kMaxChains = 4;

  // Whether a user of the library may call the function (its header and
  // name decide): kDeclared when the header or naming rule says public,
  // kConventional when the language leaves it callable without saying so
  // (a JavaScript or Ruby method). The walk stops at either.
  enum Access { kHidden = 0, kConventional = 1, kDeclared = 2 };
  using PublicRule = std::function<Access(const FunctionFact& f, const std::string& file,
                                          const std::string& family)>;

  void Add(const FileFacts& facts);
  void SetPublicRule(PublicRule rule) { public_ = std::move(rule); }

  // Chains from the nearest public callers (or the farthest caller found
  // within kMaxDepth) down to the named function enclosing `line` in `file`.
  // Chains that reach a public function come first; empty when no call is
  // linked to it.
  std::vector<CallChain> ChainsTo(const std::string& file, int function_line, int line) const;

  // Where `family` code builds `type::variant(...)` (a Rust tuple variant,
  // `Self::variant(...)` inside `type`'s impl): the enclosing functions with
  // the call's line, in index order, at most kMaxChains.
  std::vector<Hop> Constructions(const std::string& family, const std::string& type,
                                 const std::string& variant) const;

 private:
  struct Def {
    std::string file, family;
    FunctionFact fact;
  };
  struct Use {
    std::string file, family, caller, receiver;
    int line = 0;
    int args = -1;  // arguments passed, -1 unknown
  };
  const Def* Enclosing(const std::string& file, int function_line, int line) const;
  const Def* CallerDef(const Use& u) const;
  bool Links(const Use& u, const Def& callee) const;
  bool LinksFree(const Use& u, const Def& callee) const;
  bool LinksMethod(const Use& u, const Def& callee) const;
  // Among overloads of one name (in a class, or free in a file), a call whose
  // argument count the callee's header cannot take is another overload's:
  // mongo-csharp's `ToGuid()` is not `ToGuid(GuidRepresentation)`.
  bool FitsArity(const Use& u, const Def& callee) const;
  int FamilyDefinitions(const std::string& family, const std::string& short_name) const;
  // Functions of callee's name in callee's class (overloads counted apart).
  int ClassDefinitions(const Def& callee) const;
  bool DefinedInFile(const std::string& file, const std::string& short_name) const;
  int DefinitionsInFile(const std::string& file, const std::string& short_name) const;
  Access AccessOf(const Def& d) const {
    return public_ ? public_(d.fact, d.file, d.family) : kHidden;
  }
  Hop HopFor(const Def& d) const;

  std::vector<Def> defs_;
  std::map<std::string, std::vector<size_t>> defs_by_file_;  // file -> defs_ indexes
  std::map<std::string, std::vector<size_t>> defs_by_name_;  // short name -> defs_ indexes
  std::map<std::string, std::vector<Use>> uses_;             // callee key -> calls
  std::map<std::string, int> constructors_;                  // "family Class" -> count
  PublicRule public_;
};

// Whether `short_name` is one many unrelated classes define (`get`, `run`,
// `parse`, `toString`): never linked on its name alone.
bool CommonMethodName(const std::string& short_name);

}  // namespace errdex
