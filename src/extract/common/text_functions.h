// Text functions, as an extractor collects them: a function is opened when
// its declaration is met, its returns are added as the walk reaches them
// (each extractor converts the returned expression with the same
// expression -> Template code it uses for raised messages), and Emit keeps
// the functions that return text (facts.h TextFunction;
// src/resolve/link_text_functions.h reads them).
#pragma once

#include <tree_sitter/api.h>

#include <cctype>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "errdex/facts.h"
#include "extract/common/ts_util.h"

namespace errdex {

// A return worth keeping: literal text, or one hole that calls something
// (`notRegisteredMessage(simpleName ?: "..")`), which may be another text
// function's.
// A subscript (`self::$language[$key]`) may read a message table
// (src/resolve/message_tables.h) by a parameter, and a call first
// (`self::lang($key) . ' ' . $detail`) may give the text around which the
// rest is joined.
inline bool IsTextReturn(const Template& t) {
  if (t.HasLiteralText()) return true;
  const std::vector<Piece>& ps = t.pieces();
  return !ps.empty() && ps[0].is_hole &&
         (ps[0].expr.ends_with(")") || (ps.size() == 1 && ps[0].expr.ends_with("]")));
}

// `null`, `None`, `nil`, `undefined`, `false`, `true`, a number, an empty
// return: values that are never a message's text.
inline bool IsNoTextValue(const Template& t) {
  const std::vector<Piece>& ps = t.pieces();
  if (ps.empty()) return true;
  if (ps.size() != 1 || !ps[0].is_hole) return false;
  std::string_view e = ps[0].expr.empty() ? std::string_view(ps[0].text) : ps[0].expr;
  while (!e.empty() && (e.front() == '{' || e.front() == '$' || e.front() == '('))
    e.remove_prefix(1);
  while (!e.empty() && (e.back() == '}' || e.back() == ')' || e.back() == ';')) e.remove_suffix(1);
  for (std::string_view word : {"null", "None", "nil", "undefined", "NULL", "nullptr", "false",
                                "true", "False", "True", "", "0", "-1", "default"}) {
    if (e == word) return true;
  }
  return !e.empty() &&
         (std::isdigit(static_cast<unsigned char>(e[0])) ||
          (e[0] == '-' && e.size() > 1 && std::isdigit(static_cast<unsigned char>(e[1]))));
}

class TextFunctionCollector {
 public:
  // `id` names the function's node (TSNode.id); `fn` has everything but
  // the returns.
  void Open(const void* id, TextFunction fn) {
    if (!open_.count(id)) {
      order_.push_back(id);
      open_.emplace(id, std::move(fn));
    }
  }
  bool IsOpen(const void* id) const { return open_.count(id) > 0; }

  // A return of the function `id`; `value` may be several candidates (the
  // branches of a conditional). `guard`: TextFunction::return_guards.
  void AddReturn(const void* id, const Template& value, int line, std::string guard = "") {
    auto it = open_.find(id);
    if (it == open_.end()) return;
    TextFunction& fn = it->second;
    if (!IsTextReturn(value)) {
      // A function that also returns a plain value with no text gives no
      // message there; but a value that may be text (a variable, a call)
      // means the candidates are not all it returns (`getTypeDescription`
      // returns "[null]" or the type's name): a message around the call
      // then keeps it as a hole.
      if (!IsNoTextValue(value)) fn.opaque_return = true;
      return;
    }
    if (fn.returns.size() >= kMaxTextReturns) return;
    for (const Template& r : fn.returns) {
      if (r.Display() == value.Display()) return;
    }
    fn.returns.push_back(value);
    fn.return_lines.push_back(line);
    fn.return_guards.push_back(std::move(guard));
  }

  // Appends the functions with at least one return to `facts`.
  void Emit(FileFacts* facts) {
    for (const void* id : order_) {
      TextFunction& fn = open_.at(id);
      if (!fn.returns.empty()) facts->text_functions.push_back(std::move(fn));
    }
    open_.clear();
    order_.clear();
  }

 private:
  std::map<const void*, TextFunction> open_;
  std::vector<const void*> order_;
};

}  // namespace errdex

namespace errdex {

// Calls `visit` with every node of type `return_type` in `body` that
// returns from `body`'s own function: nested functions (`is_function`) are
// skipped, and so is the inside of a return.
template <typename IsFunction, typename Visit>
void ForEachOwnReturn(TSNode body, std::string_view return_type, IsFunction&& is_function,
                      Visit&& visit) {
  ts::WalkWithAncestors(body, [&](TSNode n, const std::vector<TSNode>&) {
    if (ts_node_eq(n, body)) return true;
    if (is_function(n)) return false;
    if (ts::Type(n) == return_type) {
      visit(n);
      return false;
    }
    return true;
  });
}

}  // namespace errdex
