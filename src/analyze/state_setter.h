// State setters: the methods of the same class that set the member a check
// tests. `if (!this.connected) throw ...` says nothing a user can act on in
// code terms; that `connect()` (line 12) is what sets `this.connected` does:
// "Call `connect()` first". A check that raises while a member is set
// (`if (this._closed)`) names the methods that set it as what came before
// ("do not call it after `close()`"). Read from the raising file only, by
// the shape of the lines (the receiver `this.`/`self.`/`$this->`/`@`, the
// enclosing method's header); constructors, private methods, closures and
// the raising function itself never count.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct StateSetter {
  std::string method;  // as declared: "connect"
  int line = 0;        // the assignment (1-based)
};

struct StateCheck {
  std::string member;                // as the check writes it: "this.conn", "$this->container"
  bool raises_when_set = false;      // true: raised while the member holds a value
  std::vector<StateSetter> setters;  // in file order, at most three
};

// The setters of the member `c` tests, when `c` (of the function whose
// header is at `function_line`) is a plain test of one member of the
// object (`!this.x`, `self.x is None`, `$this->x === null`, `@x`,
// `this._closed`) and some public method of the same class assigns it a
// value (or, for a check that raises while it is set, `true`).
std::optional<StateCheck> StateSetters(const PathCondition& c, const std::string& language,
                                       const std::vector<std::string_view>& lines,
                                       int function_line);

// A check that a key is in a member map of the object (`isset($this->hints[$ns])`,
// `name in self._registry`, `this.handlers.has(type)`, `@map.key?(k)`)
// and raises when it is not; the public methods of the same class that add
// keys to that map (`$this->hints[$namespace] = ...`, `.put(`, `.set(`):
// "Register it first with `addNamespace()`".
// The check may also test a local that holds the lookup (`var s =
// this._subs[id]; if (!s)`, `c = self._conns.get(name)`); the public
// methods that remove keys (`delete this._subs[id]`, `.pop(`, `.remove(`)
// are what a key used again runs into.
struct KeyCheck {
  std::string member;  // "$this->hints"
  std::string key;     // "$segments[0]"
  std::vector<StateSetter> setters;
  std::string local;                  // "subscription" when a local holds the entry
  int lookup_line = 0;                // where the local is looked up
  std::vector<StateSetter> removers;  // the raising method included
};

std::optional<KeyCheck> KeySetters(const PathCondition& c, const std::string& language,
                                   const std::vector<std::string_view>& lines, int function_line);

}  // namespace errdex
