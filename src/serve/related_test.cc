// Related errors on an error page, and the `related` ids stored with each
// record (`errdex show --json`, /api, export), on a fixture repository
// indexed as users index theirs: records are related by what their code
// shares (function, condition, option, the wrapper writing the message,
// class), strongest relation first, each with its reason; never by sitting
// near each other, and a script's or a test's errors never beside the
// library's.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "errdex/store.h"
#include "serve/serve_internal.h"
#include "testutil.h"

namespace errdex::serve {
namespace {

using testing::ShellQuote;

class RelatedE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir();
    std::string repo = dir_->Join("repo");
    testing::WriteFile(repo, "app/core.py",
                       "import os\n"
                       "\n"
                       "\n"
                       "def load(path, mode):\n"
                       "    if mode not in (\"r\", \"w\"):\n"
                       "        raise ValueError(f\"unsupported mode {mode!r}\")\n"
                       "    if not os.path.exists(path):\n"
                       "        raise FileNotFoundError(f\"no such config file {path}\")\n"
                       "\n"
                       "\n"
                       "def save(path, mode):\n"
                       "    if mode not in (\"r\", \"w\"):\n"
                       "        raise ValueError(f\"cannot save {path} with mode {mode!r}\")\n"
                       "\n"
                       "\n"
                       "def parse(text):\n"
                       "    if not text:\n"
                       "        raise ValueError(\"empty document\")\n"
                       "\n"
                       "\n"
                       "def connect():\n"
                       "    if os.environ.get(\"APP_TOKEN\") is None:\n"
                       "        raise RuntimeError(\"APP_TOKEN is not set\")\n"
                       "\n"
                       "\n"
                       "def fail(message):\n"
                       "    raise TypeError(f\"bad input: {message}\")\n"
                       "\n"
                       "\n"
                       "def check_low(low):\n"
                       "    if low < 0:\n"
                       "        fail(\"low is negative\")\n");
    testing::WriteFile(repo, "app/upload.py",
                       "import os\n"
                       "\n"
                       "from app.core import fail\n"
                       "\n"
                       "\n"
                       "def upload(data):\n"
                       "    if not os.environ.get(\"APP_TOKEN\"):\n"
                       "        raise PermissionError(\"no token to upload with\")\n"
                       "\n"
                       "\n"
                       "def check_high(high):\n"
                       "    if high > 10:\n"
                       "        fail(\"high is over 10\")\n");
    // Beside the library: a release script and a test helper raising the
    // library's class (indexed: --include-tests; scripts are by default).
    testing::WriteFile(repo, "scripts/release.py",
                       "def bump(version):\n"
                       "    if not version:\n"
                       "        raise ValueError(\"no version to release\")\n");
    testing::WriteFile(repo, "tests/helpers.py",
                       "def fixture(name):\n"
                       "    raise ValueError(f\"fixture {name} broke\")\n");
    testing::GitCommitAll(repo, "acme/app");
    std::string db = dir_->Join("errdex.db");
    std::string out;
    ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " index " + ShellQuote(repo) +
                               " --include-tests --no-progress --db " + ShellQuote(db) + " 2>&1",
                           &out),
              0)
        << out;
    auto store = Store::OpenExisting(db);
    ASSERT_TRUE(store.ok());
    auto records = (*store)->List("");
    auto repos = (*store)->Repos();
    ASSERT_TRUE(records.ok() && repos.ok());
    ASSERT_EQ(records->size(), 11u);
    corpus_ = new std::shared_ptr<const Corpus>(
        BuildSiteCorpus(std::move(*records), std::move(*repos), "v1", "https://e.example.org"));
  }
  static void TearDownTestSuite() {
    delete corpus_;
    delete dir_;
  }

  static const Record& At(const std::string& file, int line) {
    for (const Record& r : (*corpus_)->Repo("acme/app")->records) {
      if (r.file_path == file && r.line_number == line) return r;
    }
    ADD_FAILURE() << "no record at " << file << ":" << line;
    return (*corpus_)->Repo("acme/app")->records.front();
  }

  // "file:line reason" of each related record, in order.
  static std::vector<std::string> Related(const std::string& file, int line) {
    std::vector<std::string> out;
    for (const RelatedRecord& rel : RelatedRecords(**corpus_, At(file, line), 8)) {
      out.push_back(rel.record->file_path + ":" + std::to_string(rel.record->line_number) + " " +
                    rel.reason);
    }
    return out;
  }

  static inline testing::TempDir* dir_ = nullptr;
  static inline std::shared_ptr<const Corpus>* corpus_ = nullptr;
};

using Strings = std::vector<std::string>;

TEST_F(RelatedE2E, SameFunctionThenSameConditionThenSameClass) {
  EXPECT_EQ(Related("app/core.py", 6),
            (Strings{"app/core.py:8 same function `load`",
                     "app/core.py:13 same condition `mode not in (\"r\", \"w\")`",
                     "app/core.py:18 same class `ValueError`"}));
}

// `not text` and `not version` read unrelated locals of the same name
// shape: a bare name is no shared condition. The script's and the test's
// ValueErrors are not listed beside the library's.
TEST_F(RelatedE2E, LibraryRecordsAreNeverRelatedToScriptsOrTests) {
  EXPECT_EQ(Related("app/core.py", 18), (Strings{"app/core.py:6 same class `ValueError`",
                                                 "app/core.py:13 same class `ValueError`"}));
  EXPECT_EQ(Related("scripts/release.py", 3),
            (Strings{"tests/helpers.py:2 same class `ValueError`"}));
  EXPECT_EQ(Related("tests/helpers.py", 2),
            (Strings{"scripts/release.py:3 same class `ValueError`"}));
}

TEST_F(RelatedE2E, SameOptionAcrossFiles) {
  EXPECT_EQ(Related("app/core.py", 23), (Strings{"app/upload.py:8 same option `APP_TOKEN`"}));
  EXPECT_EQ(Related("app/upload.py", 8), (Strings{"app/core.py:23 same option `APP_TOKEN`"}));
}

TEST_F(RelatedE2E, SameWrapperAndTheWrapperItself) {
  EXPECT_EQ(Related("app/core.py", 32),
            (Strings{"app/core.py:27 the wrapper `fail` that writes its message",
                     "app/upload.py:13 same wrapper `fail`"}));
  EXPECT_EQ(Related("app/core.py", 27), (Strings{"app/core.py:32 raised through `fail`",
                                                 "app/upload.py:13 raised through `fail`"}));
}

// Records that share nothing but their file are not related.
TEST_F(RelatedE2E, NothingSharedNothingListed) {
  EXPECT_EQ(Related("app/core.py", 8), (Strings{"app/core.py:6 same function `load`"}));
}

TEST_F(RelatedE2E, ThePageSaysWhy) {
  std::string page = RenderError(**corpus_, At("app/core.py", 6));
  size_t related = page.find("<section id=\"related\">");
  ASSERT_NE(related, std::string::npos);
  std::string section = page.substr(related, page.find("</section>", related) - related);
  EXPECT_NE(section.find("no such config file {path}</a> <span class=\"meta\">same function "
                         "<code>load</code></span>"),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("same condition <code>mode not in (&quot;r&quot;, &quot;w&quot;)</code>"),
            std::string::npos)
      << section;
  EXPECT_EQ(section.find("release"), std::string::npos) << section;
  std::string lone = RenderError(**corpus_, At("app/upload.py", 8));
  EXPECT_NE(lone.find("same option <code>APP_TOKEN</code>"), std::string::npos);
}

// What `errdex show --json` users get: the page's first five related
// records, by id, in the page's order — not the records of the same file.
TEST_F(RelatedE2E, StoredRelatedIdsAreThePagesRelations) {
  auto stored = [](const Record& r) {
    std::string out;
    EXPECT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " show " + r.id + " --json --db " +
                               ShellQuote(dir_->Join("errdex.db")) + " 2>&1",
                           &out),
              0)
        << out;
    nlohmann::json j = nlohmann::json::parse(out, nullptr, false);
    EXPECT_TRUE(j.is_object()) << out;
    return j.is_object() ? j.value("related", Strings{}) : Strings{};
  };
  auto ids = [](std::vector<const Record*> rs) {
    Strings out;
    for (const Record* r : rs) out.push_back(r->id);
    return out;
  };
  const Record& missing = At("app/core.py", 8);
  EXPECT_EQ(stored(missing), ids({&At("app/core.py", 6)}));
  EXPECT_EQ(stored(At("app/core.py", 6)),
            ids({&missing, &At("app/core.py", 13), &At("app/core.py", 18)}));
  EXPECT_EQ(stored(At("app/core.py", 32)), ids({&At("app/core.py", 27), &At("app/upload.py", 13)}));
  EXPECT_TRUE(stored(At("scripts/release.py", 3)) == ids({&At("tests/helpers.py", 2)}));
  for (const Record& r : (*corpus_)->Repo("acme/app")->records) {
    Strings page;
    for (const RelatedRecord& rel : RelatedRecords(**corpus_, r, 5)) page.push_back(rel.record->id);
    EXPECT_EQ(r.related, page) << r.file_path << ":" << r.line_number;
  }
}

}  // namespace
}  // namespace errdex::serve
