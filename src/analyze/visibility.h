// Visibility: whether a user of the repository can call the function that
// raises, read from its header's modifiers and each language's naming rules
// (Python's leading underscore, Go's lower case, Rust's missing `pub`, Java's
// package-private default). Advice and code samples only name functions a
// user can call; a private helper's parameters are not the user's inputs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"
#include "resolve/call_index.h"

namespace errdex {

enum class Visibility {
  kPublic,   // the header or the language's default says callers outside may call it
  kPrivate,  // a modifier or a naming rule says they may not
  kUnknown,  // nothing in the header decides it (no header, C linkage, JavaScript)
};

// `header` is HeaderText at site.function_line ("" when unknown).
Visibility FunctionVisibility(const ErrorSite& site, std::string_view header);

// Whether the declarations around s.function hide it from users: the
// class's own modifiers (Java's package-private default, C#'s `internal`,
// Kotlin's `private`/`internal`, a TypeScript class not exported), a Ruby
// `private`/`protected` section or a C++ `private:`/`protected:` one, read
// upward from the function in `lines`. False when nothing is found.
// JavaScript and TypeScript: a free function, or the class of a method, that
// the module does not export (`export`, `export { }`, `module.exports`,
// `exports.x`); Ruby: also `private :name` / `private def name` anywhere in
// the file. Any language: a doc comment that marks the function internal
// (doc_hidden.h).
bool HiddenByDeclaration(const ErrorSite& s, const std::vector<std::string_view>& lines);

// The line declaring the class of a member s.function (`Cls` of
// `Cls.method`), read upward from the function; "" when not in `lines`.
std::string_view ClassDeclaration(const ErrorSite& s, const std::vector<std::string_view>& lines);

// Whether users may write their own subclass of s.function's class: it is
// declared `abstract`, an interface, or Kotlin `open`, and not hidden.
bool OpenForSubclasses(const ErrorSite& s, const std::vector<std::string_view>& lines);

// Whether a repository-relative path lies in an `internal/` or test
// directory: its classes are the library's own, not ones users pick.
bool InInternalDirectory(std::string_view path);

// `Model.prototype.save = function save(...)` -> "Model": the class whose
// instances the method is called on; "" for any other header.
std::string PrototypeOwner(std::string_view header);

// C++: whether the scope `Q` of `Q::f` is a class (its `class Q`/`struct Q`
// declaration or a constructor is in `lines`), a namespace (`namespace Q`),
// or neither is visible from the file.
enum class CppScope { kClass, kNamespace, kUnknown };
CppScope CppScopeOf(const ErrorSite& s, const std::vector<std::string_view>& lines);

// Whether a repository-relative path is the repository's own development
// tooling: release and CI scripts, code generators, benchmarks, fuzzers,
// setup helpers (`tooling/`, `scripts/`, `setup/`, `benchmarks/`, ...).
// Their errors reach the maintainers who run them, not the library's users,
// so a paste needs more evidence to be answered by one (see the matcher).
bool InDevelopmentTooling(std::string_view path);

// Whether a caller outside the repository may be told to call the function:
// public, or unknown where the language leaves most functions callable
// (JavaScript, TypeScript, Ruby, C++ methods). Module-level code is not.
bool UserCallable(const ErrorSite& site, std::string_view header);

// The call index's entry rule (resolve/call_index.h): the same reading of a
// caller's header and name, for a function of the call-index `family`
// defined in `file`. Free functions the language leaves undecided (C,
// JavaScript without `export`) are hidden: the walk goes on past them.
CallIndex::Access CallerAccess(const FunctionFact& f, const std::string& file,
                               const std::string& family);

}  // namespace errdex
