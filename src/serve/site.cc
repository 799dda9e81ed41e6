// The static site (`errdex export --site DIR`): the pages `serve` renders,
// from the same templates, as files any static host or CDN serves as they
// are, beside the dataset (data/), the pages' script (assets/site.js),
// robots.txt, llms.txt, a sitemap index with one partition per repository,
// api-docs/ and a `_headers` file (Netlify and Cloudflare Pages syntax) with
// the dataset's cache rules. The text files are shared with `serve`.
//
// Layout:
//   index.html  search/index.html  api-docs/index.html  404.html
//   {owner}/{name}/index.html  {owner}/{name}/page/{n}/index.html
//   {owner}/{name}/{slug}/index.html
//   data/...  assets/site.js  robots.txt  llms.txt  _headers
//   sitemap.xml  sitemaps/pages.xml  sitemaps/{owner}/{name}[-{n}].xml
//
// Written like the dataset: into a sibling directory, every file re-read
// and checked against its sha256, then swapped in with one rename.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "errdex/serve.h"
#include "errdex/store.h"
#include "serve/serve_internal.h"
#include "util/file_io.h"
#include "util/sha256.h"

namespace errdex::serve {
namespace {

namespace fs = std::filesystem;

// The sitemap protocol's limit of URLs per file.
constexpr size_t kSitemapUrls = 50000;
constexpr size_t kMaxSiteFileBytes = size_t{1} << 30;

std::string XmlEscape(std::string_view s) { return HtmlEscape(s); }

// A repository gets pages when its name is a safe path whose owner is not
// one of the site's own top-level directories (GitHub has no such users;
// `serve` routes those paths elsewhere too).
bool PagedRepo(const std::string& repo) {
  if (!SafeRepoPath(repo)) return false;
  std::string owner = repo.substr(0, repo.find('/'));
  for (const char* reserved : {"api", "api-docs", "assets", "data", "search", "sitemaps"}) {
    if (owner == reserved) return false;
  }
  return true;
}

// Slugs are [a-z0-9-] (docs/record-format.md); anything else gets no file.
bool SafeSlug(const std::string& slug) {
  if (slug.empty() || slug.size() > 200) return false;
  for (char c : slug) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

// Writes files under a root and remembers each one's size and sha256, so
// the whole tree can be re-read and checked before it is swapped in. Files
// are not synced one by one: Sync() flushes the tree's file system once.
class TreeWriter {
 public:
  explicit TreeWriter(std::string root) : root_(std::move(root)) {}

  Status Add(const std::string& rel, const std::string& content) {
    fs::path path = fs::path(root_) / rel;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) return Status::IOError("cannot create " + path.parent_path().string());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    if (!out) return Status::IOError("cannot write " + path.string());
    written_.push_back({rel, content.size(), Sha256Hex(content)});
    bytes_ += content.size();
    MaybeDelayForTest();
    return Status::OK();
  }

  Status Verify() const {
    for (const Entry& e : written_) {
      auto content = ReadFileLimited((fs::path(root_) / e.rel).string(), kMaxSiteFileBytes);
      if (!content.ok()) return content.status();
      if (content->size() != e.bytes || Sha256Hex(*content) != e.sha256) {
        return Status::Corruption(root_ + "/" + e.rel + " does not read back as written");
      }
    }
    return Status::OK();
  }

  Status Sync() const {
    int fd = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return Status::IOError("cannot open " + root_);
    int rc = ::syncfs(fd);
    ::close(fd);
    return rc == 0 ? Status::OK() : Status::IOError("cannot sync " + root_);
  }

  size_t files() const { return written_.size(); }
  size_t bytes() const { return bytes_; }

 private:
  struct Entry {
    std::string rel;
    size_t bytes;
    std::string sha256;
  };
  std::string root_;
  std::vector<Entry> written_;
  size_t bytes_ = 0;
};

std::string Sitemap(const Corpus& c, const std::vector<std::string>& paths) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const std::string& p : paths)
    out += "<url><loc>" + XmlEscape(c.base_url + p) + "</loc></url>\n";
  return out + "</urlset>\n";
}

}  // namespace

std::vector<SitemapPartition> RepoSitemapPartitions(const Corpus& c, const std::string& repo) {
  std::vector<SitemapPartition> out;
  if (!PagedRepo(repo)) return out;
  std::vector<std::string> paths;
  for (size_t p = 1; p <= RepoPages(c, repo); ++p) paths.push_back(RepoPagePath(c, repo, p));
  std::shared_ptr<const RepoRecords> records = c.Repo(repo);
  if (!records) return out;
  for (const Record& r : records->records) {
    if (SafeSlug(r.slug)) paths.push_back("/" + repo + "/" + r.slug + "/");
  }
  for (size_t part = 0; part * kSitemapUrls < paths.size(); ++part) {
    SitemapPartition sp;
    sp.path = "/sitemaps/" + repo + (part ? "-" + std::to_string(part + 1) : "") + ".xml";
    auto from = paths.begin() + static_cast<std::ptrdiff_t>(part * kSitemapUrls);
    auto to = paths.begin() +
              static_cast<std::ptrdiff_t>(std::min(paths.size(), (part + 1) * kSitemapUrls));
    sp.paths.assign(from, to);
    out.push_back(std::move(sp));
  }
  return out;
}

SitemapPartition SitemapPagesPartition(const Corpus& c) {
  return {"/sitemaps/pages.xml", {"/", c.static_site ? "/search/" : "/search", "/api-docs/"}};
}

std::vector<SitemapPartition> SitemapPartitions(const Corpus& c) {
  std::vector<SitemapPartition> out = {SitemapPagesPartition(c)};
  for (const auto& [repo, count] : c.counts) {
    for (SitemapPartition& p : RepoSitemapPartitions(c, repo)) out.push_back(std::move(p));
  }
  return out;
}

std::string RenderSitemapIndex(const Corpus& c, const std::vector<SitemapPartition>& parts) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const SitemapPartition& p : parts) {
    out += "<sitemap><loc>" + XmlEscape(c.base_url + p.path) + "</loc></sitemap>\n";
  }
  return out + "</sitemapindex>\n";
}

std::string RenderSitemap(const Corpus& c, const SitemapPartition& part) {
  return Sitemap(c, part.paths);
}

std::string RenderRobotsTxt(const Corpus& c) {
  // Search result pages hold pastes and are endless: not for crawlers.
  return "User-agent: *\nDisallow: /search\nDisallow: /api/\nAllow: /\n\nSitemap: " + c.base_url +
         "/sitemap.xml\n";
}

std::string RenderLlmsTxt(const Corpus& c) {
  std::string out =
      "# errdex\n\n"
      "> Where an error message comes from and what to do about it: every "
      "user-facing error of " +
      std::to_string(c.repos.size()) + " repositories (" + std::to_string(c.record_count) +
      " errors), read from their source at a pinned commit, with the raising line, "
      "the conditions that lead to it and fixes.\n\n"
      "Each error page is /{owner}/{repo}/{slug}/; its record as JSON is "
      "/data/errors/{id}.json. To look a message up, read /data/index.json and "
      "match its `pattern` regexes against the message.\n\n"
      "## Dataset\n\n"
      "- [Manifest](" +
      c.base_url +
      "/data/manifest.json): version, counts, every file with bytes and sha256\n"
      "- [Index](" +
      c.base_url +
      "/data/index.json): id, repo, slug, code, msg, pattern, type, class, tags, sev of every "
      "error\n"
      "- [Dataset format](" +
      c.base_url + "/api-docs/): the files and fields\n\n## Repositories\n\n";
  for (const RepoInfo& info : c.repos) {
    out += "- [" + info.repo + "](" + c.base_url + "/" + info.repo +
           "/): " + std::to_string(info.error_count) + " errors at " + info.sha.substr(0, 10) +
           "\n";
  }
  return out;
}

std::string RenderHeadersFile() {
  // The dataset's cache rules as `serve` sends them (manifest.json always
  // revalidated: it names the version; the rest for a minute), CORS on
  // /data/ for browser clients, and the pages' security headers. Each path
  // gets one Cache-Control rule, so hosts that merge rules never combine two.
  return "/*\n"
         "  X-Content-Type-Options: nosniff\n"
         "  X-Frame-Options: DENY\n"
         "  Referrer-Policy: no-referrer\n"
         "  Content-Security-Policy: " +
         PageSecurityPolicy() +
         "\n"
         "/data/*\n"
         "  Access-Control-Allow-Origin: *\n"
         "/data/manifest.json\n"
         "  Cache-Control: no-cache\n"
         "/data/index.json\n"
         "  Cache-Control: public, max-age=60\n"
         "/data/repos.json\n"
         "  Cache-Control: public, max-age=60\n"
         "/data/repos/*\n"
         "  Cache-Control: public, max-age=60\n"
         "/data/errors/*\n"
         "  Cache-Control: public, max-age=60\n"
         "/assets/*\n"
         "  Cache-Control: public, max-age=300\n";
}

Result<SiteStats> WriteSite(const Corpus& c, const std::string& dir_arg) {
  auto start = std::chrono::steady_clock::now();
  auto dirs = PrepareExport(dir_arg);
  if (!dirs.ok()) return dirs.status();
  auto fail = [&](Status s) -> Result<SiteStats> {
    std::error_code ec;
    fs::remove_all(dirs->tmp, ec);
    return s;
  };
  TreeWriter w(dirs->tmp);
  SiteStats st;
  auto page = [&](const std::string& rel, const std::string& html) {
    ++st.pages;
    return w.Add(rel, html);
  };
  if (Status s = page("index.html", RenderHome(c)); !s.ok()) return fail(s);
  if (Status s = page("search/index.html", RenderSearch(c, "", {})); !s.ok()) return fail(s);
  if (Status s = page("api-docs/index.html", RenderApiDocs(c)); !s.ok()) return fail(s);
  if (Status s = page("404.html", RenderNotFound("No such page.")); !s.ok()) return fail(s);
  for (const auto& [repo, records] : c.eager) {
    if (!PagedRepo(repo)) continue;
    size_t pages = RepoPages(c, repo);
    for (size_t p = 1; p <= pages; ++p) {
      std::string rel = RepoPagePath(c, repo, p).substr(1) + "index.html";
      if (Status s = page(rel, RenderRepo(c, repo, "", static_cast<int>(p))); !s.ok()) {
        return fail(s);
      }
    }
    for (const Record& r : records->records) {
      if (!SafeSlug(r.slug)) continue;
      if (Status s = page(repo + "/" + r.slug + "/index.html", RenderError(c, r)); !s.ok()) {
        return fail(s);
      }
    }
  }
  std::vector<SitemapPartition> parts = SitemapPartitions(c);
  std::vector<std::pair<std::string, std::string>> texts = {
      {"assets/site.js", SiteScript()},
      {"robots.txt", RenderRobotsTxt(c)},
      {"llms.txt", RenderLlmsTxt(c)},
      {"_headers", RenderHeadersFile()},
      {"sitemap.xml", RenderSitemapIndex(c, parts)}};
  for (const SitemapPartition& p : parts) texts.push_back({p.path.substr(1), RenderSitemap(c, p)});
  for (const auto& [rel, text] : texts) {
    if (Status s = w.Add(rel, text); !s.ok()) return fail(s);
  }
  // The dataset last, its manifest.json last of all. Not synced file by
  // file as `errdex export` does (15,000 fsyncs were 49 s of a 56 s site
  // export of 42 repositories): the one syncfs below covers them.
  for (const auto& [path, content] : c.dataset->files) {
    if (path == "manifest.json") continue;
    if (Status s = w.Add("data/" + path, content); !s.ok()) return fail(s);
  }
  if (Status s = w.Add("data/manifest.json", c.dataset->files.at("manifest.json")); !s.ok()) {
    return fail(s);
  }
  st.files = w.files();
  st.bytes = w.bytes();
  if (Status s = w.Verify(); !s.ok()) return fail(s);
  if (auto checked = VerifyDatasetDir(dirs->tmp + "/data"); !checked.ok()) {
    return fail(checked.status());
  }
  if (Status s = w.Sync(); !s.ok()) return fail(s);
  if (Status s = SwapInExport(*dirs); !s.ok()) return s;
  st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return st;
}

}  // namespace errdex::serve

namespace errdex {

Result<ExportSummary> ExportSite(const std::string& db, const std::string& dir,
                                 const std::string& base_url) {
  std::string base = base_url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  if (!base.starts_with("https://") && !base.starts_with("http://")) {
    return Status::InvalidArgument(
        "--site needs --base-url, the absolute URL the site will be served from "
        "(e.g. https://errors.example.org): canonical links and sitemaps need it");
  }
  auto stored = serve::ReadStoredDataset(db);
  if (!stored.ok()) return stored.status();
  size_t errors = stored->records.size(), repo_count = stored->repos.size();
  auto built = serve::BuildSiteCorpus(std::move(stored->records), std::move(stored->repos),
                                      stored->version, base);
  auto st = serve::WriteSite(*built, dir);
  if (!st.ok()) return st.status();
  ExportSummary sum;
  sum.dir = dir;
  sum.dataset_version = stored->version;
  sum.files = st->files;
  sum.bytes = st->bytes;
  sum.errors = errors;
  sum.repos = repo_count;
  sum.pages = st->pages;
  sum.seconds = st->seconds;
  return sum;
}

}  // namespace errdex
