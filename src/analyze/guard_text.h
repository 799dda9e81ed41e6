// Guard text: reads the code around a raise in the user's terms. A path
// condition such as `idx > limit` becomes "`idx` is greater than `limit`",
// `x is None` becomes "`x` is missing (None)"; a function header yields its
// parameter names, so a fix can say which inputs a caller controls. Shapes
// that are not recognised give an empty answer: the caller then says less.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

// While alive, DescribeCondition on this thread reads `NULL` as `language`
// does: the null pointer in C, C++ and PHP, a plain name elsewhere
// (kotlinx.serialization's `NULL` is the constant text "null", and
// "`inputLiteral` is missing (NULL)" said something false), and Ruby's
// `Array === o` (a `when Array` arm) as the type test "`o` is a `Array`",
// not "`Array` is `o`", and C type keywords in casts as no variables only
// in C and C++. Set once per
// record, since the condition texts carry no language of their own.
class ConditionLanguage {
 public:
  explicit ConditionLanguage(std::string_view language);
  ~ConditionLanguage();
  ConditionLanguage(const ConditionLanguage&) = delete;
  ConditionLanguage& operator=(const ConditionLanguage&) = delete;

 private:
  bool saved_;
  bool saved_ruby_;
  bool saved_c_types_;
};

// The state `expr` evaluating to `polarity` describes, as a phrase
// ("`idx` is greater than `limit`"), or "" when the shape is unknown.
std::string DescribeCondition(std::string_view expr, bool polarity);

// The condition that decided the raise: the innermost (last) one on the
// path that is not a catch/except/rescue clause nor only an earlier call's
// success (`(err = f(..)) < 0` not taken), or null.
const PathCondition* DecisiveCondition(const ErrorSite& s);

// The function header starting at `lines[first-1]`, joined up to its
// body (`{` or a trailing `:`), at most eight lines.
std::string HeaderText(const std::vector<std::string_view>& lines, int first);

// Parameter names of the function whose header (HeaderText) is `header`.
std::vector<std::string> ParameterNames(std::string_view header, const std::string& language);

// The header text after the parameter list up to `{` (return types,
// `throws`); "" when unknown.
std::string HeaderTail(std::string_view header);

// Identifiers `expr` reads as plain variables (not called, not after `.`,
// not keywords or literals), in order of first use.
std::vector<std::string> VariablesRead(std::string_view expr);

}  // namespace errdex
