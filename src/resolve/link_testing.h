// Test helpers for the linking stage: extract files with their facts,
// link them, and look the resulting sites up (shared by link_test.cc and
// link_jvm_test.cc).
#pragma once

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "errdex/extractor.h"
#include "resolve/level_labels.h"
#include "resolve/link.h"
#include "resolve/link_constants.h"
#include "resolve/link_field_renderings.h"
#include "resolve/link_text_functions.h"

namespace errdex::link_testing {

struct Linked {
  std::vector<FileFacts> facts;
  std::vector<std::vector<ErrorSite>> sites;
  LinkStats stats;

  // The sites at path:line.
  std::vector<const ErrorSite*> At(const std::string& path, int line) const {
    std::vector<const ErrorSite*> out;
    for (size_t i = 0; i < facts.size(); ++i) {
      for (const ErrorSite& s : sites[i]) {
        if (s.file_path == path && s.line == line) out.push_back(&s);
      }
    }
    return out;
  }
  // The one site at path:line with this message, or null.
  const ErrorSite* Find(const std::string& path, int line, const std::string& message) const {
    for (const ErrorSite* s : At(path, line)) {
      if (s->message.Display() == message) return s;
    }
    return nullptr;
  }
  int Count(const std::string& message) const {
    int n = 0;
    for (const auto& v : sites) {
      for (const ErrorSite& s : v) n += s.message.Display() == message;
    }
    return n;
  }
  int CountAt(const std::string& path, int line) const {
    int n = 0;
    for (const auto& v : sites) {
      for (const ErrorSite& s : v) n += s.file_path == path && s.line == line;
    }
    return n;
  }
};

// `unparsable`: files the grammar is expected to reject in part (an X-macro
// table's rows have no semicolons).
inline Linked Link(const std::vector<std::pair<std::string, std::string>>& files,
                   const std::vector<std::string>& unparsable = {}) {
  Linked r;
  r.facts.resize(files.size());
  r.sites.resize(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    SourceFile f{files[i].first, files[i].second, false};
    const Extractor* ex = ExtractorFor(f.path);
    EXPECT_NE(ex, nullptr) << f.path;
    bool errs = false;
    EXPECT_TRUE(ex->ExtractWithFacts(f, &r.sites[i], &r.facts[i], &errs).ok());
    if (std::find(unparsable.begin(), unparsable.end(), f.path) == unparsable.end()) {
      EXPECT_FALSE(errs) << f.path;
    }
  }
  std::vector<std::vector<ErrorSite>*> ptrs;
  for (auto& v : r.sites) ptrs.push_back(&v);
  // The indexer's order: text constants resolved, then messages linked,
  // then rendered by their classes.
  ResolveTextConstants(&r.facts, ptrs);
  r.stats = LinkMessages(r.facts, ptrs);
  ApplyClassRenderings(&r.facts, ptrs);
  ApplyFieldRenderings(r.facts, ptrs);
  StripLevelLabels(ptrs);
  return r;
}

inline bool Matches(const ErrorSite& s, const std::string& rendered) {
  RE2 re(s.message.Pattern());
  EXPECT_TRUE(re.ok()) << s.message.Pattern();
  return RE2::PartialMatch(rendered, re);
}

inline std::string Dump(const Linked& r) {
  std::string out;
  for (const auto& v : r.sites) {
    for (const ErrorSite& s : v) {
      out += s.file_path + ":" + std::to_string(s.line) + " [" + s.error_class + "] " +
             s.message.Display() + " -- " + s.message_origin_note + "\n";
    }
  }
  return out;
}

}  // namespace errdex::link_testing
