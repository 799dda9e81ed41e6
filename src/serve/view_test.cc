// A served view of a database answers every route with the same bytes as a
// corpus held whole in memory (how `serve` answered before it read records
// on demand): pages, /api/* and /data/*. And a database changed underneath
// a view answers 404 for what is gone, never a crash.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "errdex/store.h"
#include "serve/serve_internal.h"
#include "testutil.h"

namespace errdex::serve {
namespace {

using testing::ShellQuote;

constexpr const char* kBase = "http://127.0.0.1:8080";

void Index(const std::string& repo, const std::string& db) {
  std::string out;
  ASSERT_EQ(testing::Run(ShellQuote(testing::ErrdexBinary()) + " index " + ShellQuote(repo) +
                             " --include-tests --no-progress --db " + ShellQuote(db) + " 2>&1",
                         &out),
            0)
      << out;
}

void WriteWidgets(const std::string& repo, bool with_upload) {
  testing::WriteFile(repo, "pkg/core.py",
                     "import os\n"
                     "\n"
                     "def load(path, mode):\n"
                     "    if mode not in (\"r\", \"w\"):\n"
                     "        raise ValueError(f\"unsupported mode {mode!r}\")\n"
                     "    if not os.path.exists(path):\n"
                     "        raise FileNotFoundError(f\"no such config file {path}\")\n"
                     "\n"
                     "def save(path, mode):\n"
                     "    if mode not in (\"r\", \"w\"):\n"
                     "        raise ValueError(f\"cannot save {path} with mode {mode!r}\")\n"
                     "    raise KeyError('<b>missing</b> key %s' % path)\n");
  std::string upload =
      "def upload(data, token):\n"
      "    if not token:\n"
      "        raise PermissionError(\"no token to upload with\")\n";
  testing::WriteFile(repo, "pkg/upload.py", with_upload ? upload : "x = 1\n");
  testing::WriteFile(repo, "tests/helpers.py",
                     "def fixture(name):\n"
                     "    raise ValueError(f\"fixture {name} broke\")\n");
}

class ServeView : public ::testing::Test {
 protected:
  void SetUp() override {
    widgets_ = dir_.Join("widgets");
    WriteWidgets(widgets_, true);
    testing::GitCommitAll(widgets_, "acme/widgets");
    std::string other = dir_.Join("other");
    testing::WriteFile(other, "lib/a.py",
                       "def run(n):\n"
                       "    if n < 0:\n"
                       "        raise ValueError(f\"negative count {n}\")\n"
                       "    raise RuntimeError(\"run failed\")\n");
    testing::GitCommitAll(other, "beta/tools");
    db_ = dir_.Join("errdex.db");
    Index(widgets_, db_);
    Index(other, db_);
  }

  // The corpus as `serve` held it before: every record in memory.
  std::shared_ptr<const Corpus> Eager() {
    auto store = Store::OpenExisting(db_);
    EXPECT_TRUE(store.ok());
    auto records = (*store)->List("");
    auto repos = (*store)->Repos();
    auto version = (*store)->DatasetVersion();
    EXPECT_TRUE(records.ok() && repos.ok() && version.ok());
    return BuildCorpus(std::move(*records), std::move(*repos), *version, kBase);
  }

  std::shared_ptr<const Corpus> View(size_t cache_bytes = size_t{64} << 20) {
    auto store = Store::OpenExisting(db_);
    EXPECT_TRUE(store.ok());
    ViewOptions opt;
    opt.db = db_;
    opt.base_url = kBase;
    opt.cache_bytes = cache_bytes;
    auto view = LoadCorpus(store->get(), opt);
    EXPECT_TRUE(view.ok()) << view.status().message();
    return *view;
  }

  static HttpResponse Ask(const Corpus& c, const std::string& target,
                          const std::string& method = "GET", const std::string& body = "") {
    return Route(c, ParseRequestTarget(method, target, body));
  }

  // manifest.json says when it was generated; everything else is the same.
  static std::string Comparable(std::string_view body) {
    static const std::regex at("\"generatedAt\":\"[^\"]*\"");
    return std::regex_replace(std::string(body), at, "\"generatedAt\":\"T\"");
  }

  // Every route a client can ask of these records.
  std::vector<std::string> Targets(const Corpus& eager) {
    std::vector<std::string> out = {
        "/",
        "/search",
        "/search?q=unsupported+mode+%27x%27",
        "/search?q=ValueError",
        "/api/search?q=unsupported+mode+%27x%27",
        "/api/search?q=no+such+config+file+%2Ftmp%2Fa&limit=3",
        "/api/search?q=ValueError&repo=acme/widgets",
        "/api/search?q=nothing+matches+this+at+all+zzz",
        "/api/repos",
        "/api/errors/0123456789abcdef",
        "/api-docs/",
        "/robots.txt",
        "/llms.txt",
        "/sitemap.xml",
        "/sitemaps/pages.xml",
        "/sitemaps/acme/widgets.xml",
        "/sitemaps/beta/tools.xml",
        "/sitemaps/acme/widgets-2.xml",
        "/sitemaps/acme/nothing.xml",
        "/sitemaps/acme/widgets",
        "/healthz",
        "/acme/widgets/",
        "/acme/widgets/?filter=mode",
        "/acme/widgets/?page=2",
        "/acme/widgets",
        "/Acme/Widgets/",
        "/acme/nothing/",
        "/acme/widgets/no-such-slug/",
        "/data/index.json",
        "/data/repos.json",
        "/data/manifest.json",
        "/data/repos/acme/widgets.json",
        "/data/repos/beta/tools.json",
        "/data/repos/acme/nothing.json",
        "/data/errors/0123456789abcdef.json",
        "/data/nothing.json",
    };
    for (const auto& [name, repo] : eager.eager) {
      for (const Record& r : repo->records) {
        out.push_back("/" + r.repo + "/" + r.slug + "/");
        out.push_back("/" + r.repo + "/" + r.slug);
        out.push_back("/api/errors/" + r.id);
        out.push_back("/data/errors/" + r.id + ".json");
      }
    }
    return out;
  }

  testing::TempDir dir_;
  std::string widgets_;
  std::string db_;
};

TEST_F(ServeView, EveryAnswerIsTheSameBytesAsTheCorpusHeldInMemory) {
  std::shared_ptr<const Corpus> eager = Eager();
  ASSERT_EQ(eager->record_count, 8u);
  // A tiny cache too: answers must not depend on what it kept.
  for (size_t cache : {size_t{64} << 20, size_t{2000}}) {
    std::shared_ptr<const Corpus> view = View(cache);
    EXPECT_EQ(view->record_count, 8u);
    for (int pass = 0; pass < 2; ++pass) {  // the second from the cache
      for (const std::string& t : Targets(*eager)) {
        HttpResponse want = Ask(*eager, t);
        HttpResponse got = Ask(*view, t);
        EXPECT_EQ(got.status, want.status) << t;
        EXPECT_EQ(got.content_type, want.content_type) << t;
        EXPECT_EQ(got.headers, want.headers) << t;
        EXPECT_EQ(Comparable(got.Body()), Comparable(want.Body())) << t;
      }
      HttpResponse want = Ask(*eager, "/api/explain", "POST", "ValueError: unsupported mode 'x'");
      HttpResponse got = Ask(*view, "/api/explain", "POST", "ValueError: unsupported mode 'x'");
      EXPECT_EQ(got.Body(), want.Body());
    }
  }
  // The record files are what `errdex export` writes.
  auto stored = ReadStoredDataset(db_);
  ASSERT_TRUE(stored.ok());
  Dataset exported = BuildDataset(stored->records, stored->repos, stored->version);
  std::shared_ptr<const Corpus> view = View();
  for (const auto& [path, content] : exported.files) {
    HttpResponse got = Ask(*view, "/data/" + path);
    EXPECT_EQ(got.status, 200) << path;
    EXPECT_EQ(Comparable(got.Body()), Comparable(content)) << path;
  }
}

TEST_F(ServeView, ServesDataFromAnExportDirectoryWhenGiven) {
  auto stored = ReadStoredDataset(db_);
  ASSERT_TRUE(stored.ok());
  Dataset exported = BuildDataset(stored->records, stored->repos, stored->version);
  std::string out = dir_.Join("export");
  ASSERT_TRUE(WriteDatasetAtomically(exported, out).ok());
  auto store = Store::OpenExisting(db_);
  ASSERT_TRUE(store.ok());
  ViewOptions opt;
  opt.db = db_;
  opt.base_url = kBase;
  opt.data_dir = out;
  auto view = LoadCorpus(store->get(), opt);
  ASSERT_TRUE(view.ok());
  for (const auto& [path, content] : exported.files) {
    HttpResponse got = Ask(**view, "/data/" + path);
    EXPECT_EQ(got.status, 200) << path;
    EXPECT_EQ(got.Body(), content) << path;  // manifest.json too: the file as written
  }
  EXPECT_EQ(Ask(**view, "/data/nothing.json").status, 404);
  EXPECT_EQ(Ask(**view, "/data/../errdex.db").status, 400);
}

TEST_F(ServeView, RecordsRemovedUnderneathAre404NeverACrash) {
  std::shared_ptr<const Corpus> before = Eager();
  std::shared_ptr<const Record> gone;
  for (const Record& r : before->eager.at("acme/widgets")->records) {
    if (r.file_path == "pkg/upload.py") gone = std::make_shared<Record>(r);
  }
  ASSERT_TRUE(gone);
  std::shared_ptr<const Corpus> view = View();
  // Cached before the change: the search's hits and this repository's page.
  EXPECT_EQ(Ask(*view, "/acme/widgets/").status, 200);

  WriteWidgets(widgets_, false);
  testing::GitCommitAll(widgets_, "acme/widgets", "drop upload");
  Index(widgets_, db_);

  EXPECT_EQ(Ask(*view, "/api/errors/" + gone->id).status, 404);
  EXPECT_EQ(Ask(*view, "/api/errors/" + gone->id).Body(),
            "{\"error\":\"no error with id " + gone->id + "\",\"status\":404}");
  EXPECT_EQ(Ask(*view, "/data/errors/" + gone->id + ".json").status, 404);
  // The matcher of this view still finds the record: the hit is left out.
  HttpResponse search = Ask(*view, "/api/search?q=no+token+to+upload+with");
  EXPECT_EQ(search.status, 200);
  EXPECT_EQ(search.Body().find(gone->id), std::string::npos);
  for (std::string t :
       {"/", "/acme/widgets/", "/sitemap.xml", "/sitemaps/acme/widgets.xml", "/data/index.json",
        "/data/manifest.json", "/data/repos/acme/widgets.json", "/llms.txt", "/healthz"}) {
    int status = Ask(*view, t).status;
    EXPECT_TRUE(status == 200 || status == 404) << t << " " << status;
  }
  // The error page was read with its repository before the change.
  EXPECT_EQ(Ask(*view, "/acme/widgets/" + gone->slug + "/").status, 200);
  // A view of the new version has no trace of it.
  std::shared_ptr<const Corpus> after = View();
  EXPECT_EQ(after->record_count, 7u);
  EXPECT_EQ(Ask(*after, "/acme/widgets/" + gone->slug + "/").status, 404);
  EXPECT_EQ(Ask(*after, "/data/index.json").Body().find(gone->id), std::string::npos);
}

}  // namespace
}  // namespace errdex::serve
