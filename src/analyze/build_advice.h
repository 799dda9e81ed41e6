// Build advice: errors that say the running build or the shared library it
// loaded lacks a feature ("this version of libgit2 was not built with ssh
// memory credentials", "could not load ssl function 'SSL_free'" after a
// `dlsym`). The user's fix is a different build or library version, not a
// different argument.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace errdex {

struct BuildAdvice {
  std::string text;
  int line = 0;  // the line that backs it (the `dlsym` lookup), 0 for the raise
};

// The advice for `message`, raised in a file with `lines`; empty text when
// the message says neither.
BuildAdvice AdviseBuild(std::string_view message, const std::vector<std::string_view>& lines);

}  // namespace errdex
