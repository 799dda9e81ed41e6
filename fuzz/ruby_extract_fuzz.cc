// Fuzz target: the Ruby extractor on arbitrary bytes. Every derived pattern
// must compile under RE2 and match its own template rendered with empty holes
// (digits for integer holes). Cost limit: inputs are capped at 64 KiB.
#include <re2/re2.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "errdex/source.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  for (const char* path : {"fuzz.rb"}) {
    errdex::SourceFile file{path, std::string(reinterpret_cast<const char*>(data), size), false};
    errdex::RepairUtf8(&file.content);  // the source stage guarantees valid UTF-8
    std::vector<errdex::ErrorSite> sites;
    bool syntax_errors = false;
    if (!errdex::ExtractorFor(file.path)->Extract(file, &sites, &syntax_errors).ok()) continue;
    for (const errdex::ErrorSite& s : sites) {
      std::vector<std::string> values;
      for (const errdex::Piece& p : s.message.pieces()) {
        if (p.is_hole) values.push_back(p.type == errdex::HoleType::kInteger ? "0" : "");
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
  return 0;
}
