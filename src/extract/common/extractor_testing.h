// Helpers shared by the extractor tests (test code only): extract a snippet
// as if it were a file at a path, and read back what users will see.
#pragma once

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <string>
#include <string_view>
#include <vector>

#include "errdex/extractor.h"

namespace errdex::extract_testing {

// The sites of `code` as the file `path`. A non-empty `language` is the
// extractor expected for the path; with `expect_clean` the file must parse
// without syntax errors; `syntax_errors`, when given, receives whether it did.
inline std::vector<ErrorSite> ExtractFile(const std::string& path, const std::string& code,
                                          std::string_view language = "", bool expect_clean = true,
                                          bool* syntax_errors = nullptr) {
  SourceFile f{path, code, false};
  const Extractor* ex = ExtractorFor(f.path);
  EXPECT_NE(ex, nullptr) << path;
  std::vector<ErrorSite> sites;
  bool errs = false;
  if (ex) {
    if (!language.empty()) {
      EXPECT_EQ(ex->language(), language) << path;
    }
    EXPECT_TRUE(ex->Extract(f, &sites, &errs).ok());
  }
  if (expect_clean) {
    EXPECT_FALSE(errs) << code;
  }
  if (syntax_errors) *syntax_errors = errs;
  return sites;
}

// The expressions the holes of a site's message are named by, in order.
inline std::vector<std::string> HoleExprs(const ErrorSite& s) {
  std::vector<std::string> out;
  for (const Piece& p : s.message.pieces()) {
    if (p.is_hole) out.push_back(p.expr);
  }
  return out;
}

inline std::vector<std::string> Messages(const std::vector<ErrorSite>& sites) {
  std::vector<std::string> out;
  for (const ErrorSite& s : sites) out.push_back(s.message.Display());
  return out;
}

// True if the site's messagePattern matches `rendered` (a message as the
// program prints it), as the matcher will run it.
inline bool Matches(const ErrorSite& s, const std::string& rendered) {
  RE2 re(s.message.Pattern());
  EXPECT_TRUE(re.ok()) << s.message.Pattern();
  return RE2::PartialMatch(rendered, re);
}

}  // namespace errdex::extract_testing
