// Handler advice: what the repository's own handlers of an error class tell
// the user. Bundler raises `GemNotFound` in one file and, in another,
// rescues it with `Bundler.ui.warn "Install missing gems with `bundle
// install`."`: that sentence is the maintainers' fix for the error, found
// by reading every `rescue`/`except`/`catch`/`is_a?`/`instanceof` clause
// that names the class and the output calls in its block.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "errdex/record.h"
#include "errdex/source.h"

namespace errdex {

struct HandlerAdvice {
  std::string text;  // the advice sentence, as the handler writes it
  std::string file;
  int line = 0;  // 1-based line of the output call
  // Texts the message must contain: the handler's test also reads the
  // message (`$e instanceof X && str_contains($e->getMessage(), 'proxy')`).
  std::vector<std::string> needs;
};

// For a test line (`if ($e instanceof X && ...)`), the literals the other
// conjuncts look for in the message; false when a conjunct tests anything
// else (`Platform::isWindows()`), which the record cannot tell.
bool MessageConjuncts(std::string_view line, std::vector<std::string>* literals);

// The classes a handler line catches or tests (`rescue A, B::C => e`,
// `except (A, B) as e:`, `} catch (A | B $e) {`, `catch (e: A)`,
// `e.is_a?(A)`, `x instanceof A`, `isinstance(e, A)`), last name
// components; empty for any other line.
std::vector<std::string> HandledClasses(std::string_view line);

// For each class of `wanted` (last name components) that `files` declare,
// the advice its handlers write to the user: at most `max`, distinct, in
// file order.
std::map<std::string, std::vector<HandlerAdvice>> AdviceOfHandlers(
    const std::vector<SourceFile>& files, const std::set<std::string>& wanted, size_t max = 4);

// Adds each record's handler advice after the message's own advice,
// replacing the generic fallback. Only classes the repository declares
// and that are not catch-all names (`Exception`, `RuntimeError`) count: a
// handler of a built-in class is about whatever else raises it.
void AddHandlerAdvice(const std::vector<SourceFile>& files, std::vector<Record>* records);

}  // namespace errdex
