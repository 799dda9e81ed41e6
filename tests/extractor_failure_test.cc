// Containment of extractor failures: an extractor that throws on one file
// (a runaway allocation, a bug on one input) costs that file, never the
// run — the file is reported as skipped with "extractor failed", the other
// files' records are stored, and neither the failure nor the run's key is
// kept, so the next run at the same commit parses the file again. The failure is injected through
// IndexOptions::extractor_for.
#include <gtest/gtest.h>

#include <algorithm>
#include <new>
#include <set>
#include <string>

#include "errdex/extractor.h"
#include "errdex/indexer.h"
#include "errdex/store.h"
#include "testutil.h"

namespace errdex {
namespace {

// The registered extractors, except that reading `fails_on` throws.
class FailingOn : public Extractor {
 public:
  explicit FailingOn(std::string fails_on) : fails_on_(std::move(fails_on)) {}
  std::string_view language() const override { return "test"; }
  bool Handles(std::string_view path) const override { return AnyExtractorHandles(path); }

 protected:
  Status Run(const SourceFile& file, std::vector<ErrorSite>* sites, FileFacts* facts,
             bool* had_syntax_errors) const override {
    if (file.path == fails_on_) throw std::bad_alloc();
    const Extractor* real = ExtractorFor(file.path);
    return facts ? real->ExtractWithFacts(file, sites, facts, had_syntax_errors)
                 : real->Extract(file, sites, had_syntax_errors);
  }

 private:
  std::string fails_on_;
};

class ExtractorFailure : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_ = dir_.Join("repo");
    testing::WriteFile(repo_, "pkg/app.py",
                       "def load(cfg):\n"
                       "    if 'port' not in cfg:\n"
                       "        raise KeyError('missing port')\n");
    testing::WriteFile(repo_, "pkg/bad.py",
                       "def parse(text):\n"
                       "    raise ValueError('cannot parse the header')\n");
    testing::WriteFile(repo_, "cmd/main.go",
                       "package main\n"
                       "\n"
                       "import \"errors\"\n"
                       "\n"
                       "func run() error {\n"
                       "\treturn errors.New(\"no command given\")\n"
                       "}\n");
    testing::GitCommitAll(repo_, "acme/app");
    auto store = Store::Open(dir_.Join("errdex.db"));
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(*store);
  }

  IndexOptions Options() const {
    IndexOptions o;
    o.path = repo_;
    o.analyzed_at = "2026-01-02T03:04:05.000Z";
    o.threads = 2;
    return o;
  }

  // "file: message" of every stored record.
  std::set<std::string> Stored() {
    std::set<std::string> out;
    auto records = store_->List("");
    EXPECT_TRUE(records.ok());
    if (records.ok()) {
      for (const Record& r : *records) out.insert(r.file_path + ": " + r.error_message);
    }
    return out;
  }

  testing::TempDir dir_;
  std::string repo_;
  std::unique_ptr<Store> store_;
};

TEST_F(ExtractorFailure, CostsThatFileNotTheRun) {
  FailingOn failing("pkg/bad.py");
  IndexOptions o = Options();
  o.extractor_for = [&](std::string_view path) -> const Extractor* {
    return failing.Handles(path) ? &failing : nullptr;
  };
  Result<IndexSummary> s = RunIndex(o, store_.get(), nullptr);
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_EQ(s->files_indexed, 2);
  EXPECT_EQ(s->skipped.at("parse-failed"), 1);
  EXPECT_NE(std::find(s->warnings.begin(), s->warnings.end(),
                      "pkg/bad.py: skipped: extractor failed: std::bad_alloc"),
            s->warnings.end());
  EXPECT_EQ(Stored(),
            (std::set<std::string>{"cmd/main.go: no command given", "pkg/app.py: missing port"}));

  // The failure was not cached: a run with the real extractors parses the
  // file again and stores its record.
  Result<IndexSummary> again = RunIndex(Options(), store_.get(), nullptr);
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_EQ(again->files_indexed, 3);
  EXPECT_EQ(again->files_reused, 2);
  EXPECT_EQ(again->skipped.count("parse-failed"), 0u);
  EXPECT_EQ(Stored(),
            (std::set<std::string>{"cmd/main.go: no command given", "pkg/app.py: missing port",
                                   "pkg/bad.py: cannot parse the header"}));
}

// Without a store (index --dry-run, BuildRecords) the same.
TEST_F(ExtractorFailure, DryRunToo) {
  FailingOn failing("cmd/main.go");
  IndexOptions o = Options();
  o.extractor_for = [&](std::string_view path) -> const Extractor* {
    return failing.Handles(path) ? &failing : nullptr;
  };
  IndexSummary summary;
  Result<std::vector<Record>> records = BuildRecords(o, &summary, nullptr);
  ASSERT_TRUE(records.ok()) << records.status().ToString();
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].file_path, "pkg/app.py");
  EXPECT_EQ((*records)[1].file_path, "pkg/bad.py");
  EXPECT_NE(std::find(summary.warnings.begin(), summary.warnings.end(),
                      "cmd/main.go: skipped: extractor failed: std::bad_alloc"),
            summary.warnings.end());
}

}  // namespace
}  // namespace errdex
