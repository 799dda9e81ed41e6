// Extractor: the interface every language extractor implements. One
// extractor per language family; each reconstructs message templates from a
// tree-sitter syntax tree.
#pragma once

#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"
#include "errdex/source.h"
#include "errdex/status.h"

namespace errdex {

class Extractor {
 public:
  virtual ~Extractor() = default;
  virtual std::string_view language() const = 0;
  virtual bool Handles(std::string_view path) const = 0;
  // Appends the error sites of one file. A file with syntax errors still
  // yields the sites in its well-formed parts; `*had_syntax_errors` says so.
  // Thread-safe: one Extractor may serve many threads at once.
  Status Extract(const SourceFile& file, std::vector<ErrorSite>* sites,
                 bool* had_syntax_errors) const {
    return Run(file, sites, nullptr, had_syntax_errors);
  }
  // Extract, and also the file's facts for the resolve stage from the same
  // parse. Extractors that know no facts leave `facts` empty.
  Status ExtractWithFacts(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
                          bool* had_syntax_errors) const {
    facts->path = file.path;
    return Run(file, sites, facts, had_syntax_errors);
  }

 protected:
  // One parse of `file`: its sites, and its facts when `facts` is not null.
  virtual Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
                     bool* had_syntax_errors) const = 0;
};

// All registered extractors (static lifetime).
const std::vector<const Extractor*>& AllExtractors();
// The extractor for a path, or nullptr.
const Extractor* ExtractorFor(std::string_view path);
bool AnyExtractorHandles(std::string_view path);

}  // namespace errdex
