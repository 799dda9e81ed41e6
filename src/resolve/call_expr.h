// Call expressions read back from a hole's source text. A hole keeps the
// expression that fills it (`notRegisteredMessage()`, `self._fmt(x, "a")`,
// `$this->msg($x)`, `BeanUtil.checkUnsupportedType(type)`); the text-function
// stage needs what is called, through what, and with which arguments,
// without the syntax tree (it runs after every file was parsed).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/template.h"

namespace errdex {

struct CallExpr {
  std::string receiver;           // "" for f(x); "self", "this", "$this", "BeanUtil", "pkg"
  std::string name;               // "checkUnsupportedType"
  std::vector<std::string> args;  // source text of each argument, trimmed
  // Keyword of each argument (`name=`/`name:`), "" for positional ones.
  std::vector<std::string> keywords;
};

// `expr` read as one call of a plain or dotted name (`a.b.f(x)`, `a->f()`,
// `A::f()`, `a?.f()`); nullopt for anything else (operators around the
// call, a call of a call, a macro `f!(..)`, `new X(..)`).
std::optional<CallExpr> ParseCallExpr(std::string_view expr);

// The arguments of `expr` when it is a call of C#'s `string.Format` (or
// `String.Format`); nullopt otherwise.
std::optional<std::vector<std::string>> StringFormatArgs(std::string_view expr);

// An argument as the callee sees it: a plain string or number literal is
// its text; anything else is a hole named by the expression (`hole_text`
// is how the hole is written).
Template ArgumentTemplate(std::string_view arg, const std::string& hole_text);

// Receivers that name the calling object itself.
bool IsSelfReceiver(std::string_view receiver);

}  // namespace errdex
