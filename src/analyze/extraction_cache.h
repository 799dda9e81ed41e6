// Extraction cache: what one file's parse gave (its error sites and the
// facts the link and resolve stages read), as bytes the store keeps per file
// blob, so that re-indexing parses only the files whose content changed.
//
// An entry is only valid for the errdex binary that wrote it: the key
// carries ExtractionCacheVersion(), which changes with every build.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "errdex/error_site.h"
#include "errdex/facts.h"

namespace errdex {

// One file's extraction, exactly as the extractor returned it (conditions
// already capped), before any cross-file stage touched it.
struct FileExtraction {
  std::vector<ErrorSite> sites;
  FileFacts facts;
  bool syntax_errors = false;
};

// Serialises every field; DecodeFileExtraction(EncodeFileExtraction(x))
// equals x.
std::string EncodeFileExtraction(const FileExtraction& x);
// False (and `out` unspecified) when `bytes` is truncated, corrupt or of
// another layout: the caller then parses the file again.
bool DecodeFileExtraction(std::string_view bytes, FileExtraction* out);

// What a cached extraction is valid for: the errdex version, the layout
// above and the build id of the running binary (a rebuilt extractor may
// read the same bytes differently).
const std::string& ExtractionCacheVersion();

}  // namespace errdex
