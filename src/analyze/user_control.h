// User control: the fields, members and constants a check reads that the
// user sets from outside the code. A check on `data->set.followlocation`
// or `self.allow_redirects` says nothing to a user in code terms; that the
// field is assigned by the option `CURLOPT_FOLLOWLOCATION` (lib/setopt.c)
// or the constructor argument `allow_redirects` of `Session` does. Looked up
// in the repository's setter index (resolve/setter_index.h), which records
// an assignment only where a public option, setter, property or constructor
// stores its own argument, or a constant is read from the environment.
#pragma once

#include <string>
#include <vector>

#include "resolve/setter_index.h"

namespace errdex {

struct UserControl {
  std::string field;   // as the check names it (the last component)
  std::string way;     // "the option `CURLOPT_X` (lib/setopt.c:12 sets `x`)"
  std::string source;  // "file:line" of the assignment or the environment read
};

// The members and constants of `expr` (a check at `file` in `function`)
// that a user sets, at most one way each, in the order `expr` reads them.
// An option `case` counts wherever it is when its label ends with the
// field's name (`CURLOPT_MAXREDIRS` for `maxredirs`); a setter only in the
// check's file (for a member of another object: in its directory, of a
// class the receiver names), never `function` itself nor a private or
// assertion helper, and in C/C++ only when an installed header declares
// it. Names too
// common to identify a field (`size`, `type`), bare locals and members
// passed to a call are never looked up.
std::vector<UserControl> UserControls(const std::string& expr, const std::string& file,
                                      const SetterIndex& index, const std::string& function = "");

// How `s` sets `field`, in words ("the option `CURLOPT_X` (file:line sets
// `x`)"); "" for a constant.
std::string SetterWay(const Setter& s, const std::string& field);

// The environment variable a constant's definition reads (`ENV.fetch("X",
// 1)`, `os.getenv("X")`, `env_int("X", 3)`), or "".
std::string EnvVariableOf(std::string_view value);

// The default after the variable's name in such a read, or "".
std::string EnvDefaultOf(std::string_view value, const std::string& var);

}  // namespace errdex
