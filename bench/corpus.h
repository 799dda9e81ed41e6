// Benchmark corpus: synthetic records built from real error-message templates
// (tests/data/error-templates.txt, harvested from popular libraries), and
// query sets rendered from them. Deterministic for a given seed, so every
// engine in one run sees the same records and the same queries.
//
// Not part of the library: used by bench/ programs only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "errdex/record.h"
#include "errdex/template.h"

namespace errdex::bench {

// Reads one template per line from `path`; falls back to a small built-in set
// (and says so on stderr) when the file is missing.
std::vector<std::string> LoadTemplates(const std::string& path);

// `n` records with distinct messages. Each comes from a template varied the
// way messages of different repositories differ: a component prefix
// ("[quant_cache] ..."), one word replaced by a domain word, a suffix naming
// an object, or two templates joined (long messages). Records are spread
// over 50 repositories.
struct Corpus {
  std::vector<Record> records;
  std::vector<Template> templates;  // templates[i] produced records[i]
};
Corpus MakeCorpus(const std::vector<std::string>& templates, size_t n, uint64_t seed);

struct BenchQuery {
  enum Kind { kHit, kNearMiss, kNoise };
  Kind kind = kHit;
  std::string text;
  int64_t expect = -1;  // index of the record it was rendered from (hits, near misses)
};

// `n` queries: 70% rendered hits (holes filled with identifiers, numbers,
// paths, reprs, multi-word and empty values), 15% near misses (a hit with one
// literal word changed), 15% noise (plausible log text that no record wrote).
std::vector<BenchQuery> MakeQueries(const Corpus& corpus, size_t n, uint64_t seed);

const char* KindName(BenchQuery::Kind kind);

// "100000,1000000" -> {100000, 1000000}: the --sizes flag of the benches.
std::vector<size_t> ParseSizes(const char* s);

}  // namespace errdex::bench
