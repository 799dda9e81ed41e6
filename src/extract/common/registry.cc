// The registry of language extractors. Adding a language means adding its
// extractor here; nothing else in the pipeline names languages.
#include "errdex/extractor.h"

namespace errdex {

const Extractor* PythonExtractorInstance();
const Extractor* JsExtractorInstance();
const Extractor* GoExtractorInstance();
const Extractor* RustExtractorInstance();
const Extractor* CExtractorInstance();
const Extractor* CppExtractorInstance();
const Extractor* JavaExtractorInstance();
const Extractor* KotlinExtractorInstance();
const Extractor* RubyExtractorInstance();
const Extractor* CSharpExtractorInstance();
const Extractor* PhpExtractorInstance();
const Extractor* ResxExtractorInstance();

const std::vector<const Extractor*>& AllExtractors() {
  static const std::vector<const Extractor*> kAll = {
      PythonExtractorInstance(), JsExtractorInstance(),     GoExtractorInstance(),
      RustExtractorInstance(),   CExtractorInstance(),      CppExtractorInstance(),
      JavaExtractorInstance(),   KotlinExtractorInstance(), RubyExtractorInstance(),
      CSharpExtractorInstance(), PhpExtractorInstance(),    ResxExtractorInstance()};
  return kAll;
}

const Extractor* ExtractorFor(std::string_view path) {
  for (const Extractor* e : AllExtractors()) {
    if (e->Handles(path)) return e;
  }
  return nullptr;
}

bool AnyExtractorHandles(std::string_view path) { return ExtractorFor(path) != nullptr; }

}  // namespace errdex
