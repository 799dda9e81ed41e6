// Explain over a parsed Python repository: a private helper's trigger names
// the public function it is reached from, its parameters are not advice and
// no sample calls it.
#include <gtest/gtest.h>

#include "analyze/explain.h"
#include "analyze/record_builder.h"
#include "errdex/extractor.h"
#include "resolve/resolve.h"
#include "util/text.h"

namespace errdex {
namespace {

const char kLib[] =
    "def _decode(text, strict):\n"                  // 1
    "    if strict and not text:\n"                 // 2
    "        raise ValueError('empty document')\n"  // 3
    "    return text\n"                             // 4
    "def load(text):\n"                             // 5
    "    return _decode(text, True)\n";             // 6

TEST(PublicEntry, PrivateHelperNamesThePublicFunction) {
  SourceFile file{"pkg/lib.py", kLib};
  std::vector<ErrorSite> sites;
  std::vector<FileFacts> facts(1);
  bool syntax_errors = false;
  ASSERT_TRUE(
      ExtractorFor(file.path)->ExtractWithFacts(file, &sites, &facts[0], &syntax_errors).ok());
  ASSERT_EQ(sites.size(), 1u);
  RepoFacts repo(facts);
  std::vector<std::string_view> lines = SplitLines(file.content);
  Record r = BuildRecord(sites[0], lines, {"acme/app", "abc", "t"});
  ApplySiteFacts(sites[0], repo.Resolve(sites[0]), lines, &r);
  // `load` passes `True` of its own for `strict`: what reaches line 3 is
  // decided by what is passed.
  EXPECT_EQ(r.trigger_scenarios,
            "It can happen when you call `load(...)` (pkg/lib.py:5), which reaches `_decode` at "
            "pkg/lib.py:6. Whether a call gets to line 3 depends on the `strict`, `text` it "
            "passes (checked at line 2). There it is raised in `_decode` (pkg/lib.py) when "
            "`strict` is set and `text` is not set (false, empty or missing) (line 2).");
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Generic advice (errdex found nothing specific): read `_decode` "
                             "(pkg/lib.py) for what leads to this error (line 3)"}));
  // The sample calls the public function, never `_decode`.
  EXPECT_EQ(r.try_catch_pattern,
            "try:\n    load(...)\nexcept ValueError as exc:\n    ...  # pkg/lib.py:3");
  EXPECT_EQ(r.example_fix, "");
}

}  // namespace
}  // namespace errdex
