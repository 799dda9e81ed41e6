// The check every extractor fuzz target runs: extract `data` as the file
// `path`; every derived pattern must compile under RE2 and match its own
// template rendered with empty holes (digits for integer holes), and lines
// must be sane. Aborts (a fuzzer finding) otherwise.
#pragma once

#include <re2/re2.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "errdex/source.h"

namespace errdex::fuzzing {

inline void CheckExtraction(const char* path, const uint8_t* data, size_t size) {
  SourceFile file{path, std::string(reinterpret_cast<const char*>(data), size), false};
  RepairUtf8(&file.content);  // the source stage guarantees valid UTF-8
  std::vector<ErrorSite> sites;
  bool syntax_errors = false;
  if (!ExtractorFor(file.path)->Extract(file, &sites, &syntax_errors).ok()) return;
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

}  // namespace errdex::fuzzing
