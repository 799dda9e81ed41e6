// Extraction throughput per language against bare tree-sitter parsing of the
// same files in the same run: the index-throughput bar of the product brief
// (extraction must keep >= 80% of parse speed). Usage:
//   bench_extract DIR... [--rounds N]
// Files are chosen by the default skip rules and the registered extractors.
#include <tree_sitter/api.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "errdex/extractor.h"
#include "errdex/source.h"
#include "extract/common/ts_util.h"

extern "C" const TSLanguage* tree_sitter_python();
extern "C" const TSLanguage* tree_sitter_javascript();
extern "C" const TSLanguage* tree_sitter_typescript();
extern "C" const TSLanguage* tree_sitter_tsx();
extern "C" const TSLanguage* tree_sitter_go();
extern "C" const TSLanguage* tree_sitter_rust();
extern "C" const TSLanguage* tree_sitter_c();
extern "C" const TSLanguage* tree_sitter_cpp();
extern "C" const TSLanguage* tree_sitter_java();
extern "C" const TSLanguage* tree_sitter_kotlin();
extern "C" const TSLanguage* tree_sitter_ruby();
extern "C" const TSLanguage* tree_sitter_c_sharp();
extern "C" const TSLanguage* tree_sitter_php();

namespace {

// The grammar an extractor uses for `path` (mirrors the extractors' choice).
const TSLanguage* GrammarFor(const std::string& path) {
  auto ends = [&](const char* s) { return path.ends_with(s); };
  if (ends(".go")) return tree_sitter_go();
  if (ends(".rs")) return tree_sitter_rust();
  if (ends(".c")) return tree_sitter_c();
  std::string_view lang = errdex::ExtractorFor(path)->language();
  if (lang == "cpp") return tree_sitter_cpp();
  if (ends(".java")) return tree_sitter_java();
  if (ends(".kt") || ends(".kts")) return tree_sitter_kotlin();
  if (lang == "ruby") return tree_sitter_ruby();
  if (ends(".cs")) return tree_sitter_c_sharp();
  if (lang == "php") return tree_sitter_php();
  if (ends(".py") || ends(".pyw")) return tree_sitter_python();
  if (ends(".tsx")) return tree_sitter_tsx();
  if (ends(".ts") || ends(".mts") || ends(".cts")) return tree_sitter_typescript();
  return tree_sitter_javascript();
}

struct Totals {
  size_t files = 0, bytes = 0, sites = 0;
  double parse_s = 0, extract_s = 0;
};

double Seconds(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 5;
  bool facts = false;  // ExtractWithFacts, as `errdex index` runs it
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc) {
      rounds = std::atoi(argv[++i]);
    } else if (a == "--facts") {
      facts = true;
    } else if (a == "-h" || a == "--help" || !std::filesystem::is_directory(a)) {
      std::fprintf(stderr,
                   "usage: bench_extract DIR... [--rounds N] [--facts]  (DIR: a plain checkout; "
                   "--facts: also the linking facts, as errdex index)\n");
      return a[0] == '-' ? 0 : 2;
    } else {
      dirs.push_back(a);
    }
  }
  errdex::SkipRules rules;
  std::map<std::string, std::vector<errdex::SourceFile>> by_lang;
  for (const std::string& dir : dirs) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
      if (!e.is_regular_file()) continue;
      std::string rel = std::filesystem::relative(e.path(), dir).string();
      const errdex::Extractor* ex = errdex::ExtractorFor(rel);
      if (!ex || !errdex::ClassifyPath(rel, rules).empty()) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      errdex::SourceFile f{rel, ss.str(), false};
      if (!errdex::ClassifyContent(f.content, rules).empty()) continue;
      by_lang[std::string(ex->language())].push_back(std::move(f));
    }
  }
  std::printf("%-12s %6s %9s %6s %12s %12s %7s\n", "language", "files", "KiB", "sites",
              "parse MB/s", "extract MB/s", "ratio");
  for (const auto& [lang, files] : by_lang) {
    Totals t;
    for (int r = 0; r < rounds; ++r) {
      // Interleaved per file so that cache and frequency effects hit both.
      for (const errdex::SourceFile& f : files) {
        auto a = std::chrono::steady_clock::now();
        {
          // Parse and free the tree, as Extract does.
          errdex::ts::TreePtr tree = errdex::ts::Parse(GrammarFor(f.path), f.content);
          if (!tree) std::fprintf(stderr, "%s: parser gave up\n", f.path.c_str());
        }
        t.parse_s += Seconds(a);
        a = std::chrono::steady_clock::now();
        std::vector<errdex::ErrorSite> sites;
        bool errs = false;
        if (facts) {
          errdex::FileFacts ff;
          (void)errdex::ExtractorFor(f.path)->ExtractWithFacts(f, &sites, &ff, &errs);
        } else {
          (void)errdex::ExtractorFor(f.path)->Extract(f, &sites, &errs);
        }
        t.extract_s += Seconds(a);
        if (r == 0) {
          ++t.files;
          t.bytes += f.content.size();
          t.sites += sites.size();
        }
      }
    }
    double mb = static_cast<double>(t.bytes) * rounds / 1e6;
    std::printf("%-12s %6zu %9.0f %6zu %12.1f %12.1f %6.0f%%\n", lang.c_str(), t.files,
                t.bytes / 1024.0, t.sites, mb / t.parse_s, mb / t.extract_s,
                100.0 * t.parse_s / t.extract_s);
  }
  return 0;
}
