// Exception constructor: a raise site that is the constructor of an
// exception class passing its text to `super(...)` (flyway's
// `FlywaySqlNoIntegratedAuthException(SQLException, DataSource)`). No
// condition in the constructor decides anything: the error exists wherever
// code creates one. Where the class carries its own static test for the
// failure it stands for (`static boolean isFlywaySpecificVersionOf(final
// SQLException e) { return "08S01".equals(e.getSQLState()) && ...; }`),
// that test is what says when it happens.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"

namespace errdex {

struct ClassTest {
  std::string name;   // "isFlywaySpecificVersionOf"
  std::string param;  // "final SQLException e"
  std::string expr;   // what it returns, as written on one line
  int line = 0;       // its header
};

// The class name when s.function is the constructor of a class declared
// in the file with a name ending in Exception or Error (Java, C#, Python's
// `__init__`, PHP's `__construct`, Ruby's `initialize`, JavaScript's
// `constructor`); "" otherwise.
std::string ConstructedClass(const ErrorSite& s, const std::vector<std::string_view>& lines);

// The class's static boolean test with one parameter whose type is among
// the constructor's parameter types, returning one expression; name empty
// when there is none.
ClassTest OwnTest(const ErrorSite& s, const std::vector<std::string_view>& lines);

// The trigger sentence for a constructor site, or "" when `s` is not one.
std::string ConstructorTrigger(const ErrorSite& s, const std::vector<std::string_view>& lines,
                               std::vector<int>* cited);

}  // namespace errdex
