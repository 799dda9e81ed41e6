// The check every extractor fuzz target runs: extract `data` as the file
// `path`, once alone and once with its facts through the repository-wide
// stages (text constants and functions, then wrapper/message linking, which
// iterate to a fixpoint: recursive and self-referring wrappers must end);
// every derived pattern must compile under RE2 and match its own template
// rendered with empty holes (digits for integer holes), and lines must be
// sane. Aborts (a fuzzer finding) otherwise.
#pragma once

#include <re2/re2.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "errdex/facts.h"
#include "errdex/source.h"
#include "resolve/link.h"
#include "resolve/link_constants.h"

namespace errdex::fuzzing {

inline void CheckSites(const char* path, const std::vector<ErrorSite>& sites) {
  for (const ErrorSite& s : sites) {
    std::vector<std::string> values;
    for (const Piece& p : s.message.pieces()) {
      if (p.is_hole) values.push_back(p.type == HoleType::kInteger ? "0" : "");
    }
    RE2 re(s.message.Pattern(), RE2::Quiet);
    if (s.line < 1 || s.end_line < s.line || !re.ok() ||
        !RE2::PartialMatch(s.message.Render(values), re)) {
      std::fprintf(stderr, "%s: unsound site at line %d: pattern %s for %s\n", path, s.line,
                   s.message.Pattern().c_str(), s.message.Render(values).c_str());
      std::abort();
    }
  }
}

inline void CheckExtraction(const char* path, const uint8_t* data, size_t size) {
  SourceFile file{path, std::string(reinterpret_cast<const char*>(data), size), false};
  RepairUtf8(&file.content);  // the source stage guarantees valid UTF-8
  const Extractor* ex = ExtractorFor(file.path);
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  if (!ex->Extract(file, &sites, &syntax_errors).ok()) return;
  CheckSites(path, sites);

  std::vector<FileFacts> facts(1);
  std::vector<ErrorSite> linked;
  if (!ex->ExtractWithFacts(file, &linked, &facts[0], &syntax_errors).ok()) return;
  std::vector<std::vector<ErrorSite>*> per_file = {&linked};
  ResolveTextConstants(&facts, per_file);
  LinkMessages(facts, per_file);
  CheckSites(path, linked);
}

}  // namespace errdex::fuzzing
