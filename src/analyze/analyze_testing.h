// Test helpers for the analyze stage: build the record of one site from
// source text, alone or with the repository's facts, as the indexer does.
// For tests only (GoogleTest assertions report what is missing).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "analyze/explain.h"
#include "analyze/record_builder.h"
#include "analyze/visibility.h"
#include "errdex/extractor.h"
#include "resolve/resolve.h"
#include "util/text.h"

namespace errdex::analyze_testing {

// The record of the first site of `file` whose message contains `needle`.
inline Record Build(const SourceFile& file, const std::string& needle,
                    const SetterIndex* setters = nullptr) {
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  EXPECT_TRUE(ExtractorFor(file.path)->Extract(file, &sites, &syntax_errors).ok());
  for (const ErrorSite& s : sites) {
    if (s.message.Display().find(needle) != std::string::npos) {
      RepoContext ctx{"acme/lib", "abc", "t"};
      ctx.setters = setters;
      return BuildRecord(s, SplitLines(file.content), ctx);
    }
  }
  ADD_FAILURE() << "no site with " << needle;
  return {};
}

// Indexes `files` (facts, call index) and builds the record of the site
// whose message contains `needle`, with the repository's facts applied.
inline Record BuildInRepo(const std::vector<SourceFile>& files, const std::string& needle) {
  std::vector<FileFacts> facts(files.size());
  std::vector<std::vector<ErrorSite>> sites(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    bool syntax_errors = false;
    const Extractor* e = ExtractorFor(files[i].path);
    EXPECT_NE(e, nullptr) << files[i].path;
    EXPECT_TRUE(e->ExtractWithFacts(files[i], &sites[i], &facts[i], &syntax_errors).ok());
  }
  RepoFacts repo(facts);
  repo.SetPublicRule(CallerAccess);
  for (size_t i = 0; i < files.size(); ++i) {
    for (const ErrorSite& s : sites[i]) {
      if (s.message.Display().find(needle) == std::string::npos) continue;
      std::vector<std::string_view> lines = SplitLines(files[i].content);
      Record r = BuildRecord(s, lines, {"acme/lib", "abc", "t"});
      ApplySiteFacts(s, repo.Resolve(s), lines, &r);
      return r;
    }
  }
  ADD_FAILURE() << "no site with " << needle;
  return {};
}

}  // namespace errdex::analyze_testing
