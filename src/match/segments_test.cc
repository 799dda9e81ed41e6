// Per-repository matcher segments: a matcher composed of them answers
// exactly as one built from all their records; a reload after one
// repository changed builds that repository's segment only; a damaged
// segment is reported and rebuilt.
#include "match/segments.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "corpus.h"  // bench/: records and queries from real templates
#include "match/store_records_testing.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;

std::string Describe(const std::vector<Match>& hits) {
  std::string out;
  for (const Match& h : hits) {
    char score[32];
    std::snprintf(score, sizeof score, "%.17g", h.score);
    out += " " + h.record->id + "/" + h.match_type + "/" + score + " (" + h.reason + ")";
    for (const Capture& c : h.captures) out += "[" + c.name + "=" + c.value + "]";
  }
  return out;
}

// Every query's answers, with the exact scores and reasons; also
// restricted to one repository, with a class, a code, a stack frame, and as
// keywords.
std::string Answers(const Matcher& m, const std::vector<std::string>& queries,
                    const std::vector<StackFrame>& frames = {}) {
  std::ostringstream os;
  for (size_t i = 0; i < queries.size(); ++i) {
    const std::string& text = queries[i];
    os << text << ":" << Describe(m.Find(Query{text, "", "", 5})) << "\n";
    os << " class:" << Describe(m.Find(Query{text, "ValueError", "", 5})) << "\n";
    os << " repo:" << Describe(m.Find(Query{text, "", "bench/repo7", 3})) << "\n";
    Query coded{text, "", "", 5};
    coded.error_code = "E" + std::to_string(i % 40 * 50);
    os << " code:" << Describe(m.Find(coded)) << "\n";
    if (!frames.empty()) {
      Query framed{text, "", "", 5};
      framed.frames.push_back(frames[i % frames.size()]);
      os << " frame:" << Describe(m.Find(framed)) << "\n";
    }
    std::string first_words = text.substr(0, text.find(' ', text.find(' ') + 1));
    os << " keywords:" << Describe(m.FindKeywords(Query{first_words, "", "", 5})) << "\n";
  }
  return os.str();
}

class SegmentsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("errdex-segments-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    db_ = (dir_ / "e.db").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
  std::string db_;
};

TEST_F(SegmentsTest, ComposedMatcherAnswersAsOneBuiltFromAllRecords) {
  std::vector<std::string> templates =
      bench::LoadTemplates(std::string(ERRDEX_SHARED_DIR) + "/error-templates.txt");
  // Under FuzzyIndex's candidate cap (2048), where its search is exact.
  bench::Corpus corpus = bench::MakeCorpus(templates, 2000, 7);
  std::vector<std::string> queries;
  for (const bench::BenchQuery& q : bench::MakeQueries(corpus, 300, 11)) queries.push_back(q.text);
  std::vector<Record> records = corpus.records;
  for (size_t i = 0; i < records.size(); i += 50) records[i].error_code = "E" + std::to_string(i);
  std::stable_sort(records.begin(), records.end(),
                   [](const Record& a, const Record& b) { return a.repo < b.repo; });
  std::map<std::string, std::vector<Record>> by_repo;
  for (const Record& r : records) by_repo[r.repo].push_back(r);
  ASSERT_GT(by_repo.size(), 10u);
  std::vector<std::shared_ptr<const MatcherSegment>> parts;
  for (auto& [repo, recs] : by_repo) {
    std::string note;
    parts.push_back(MatcherSegment::Build(
        recs, (dir_ / (repo.substr(0, 5) + "-" + std::to_string(parts.size()))).string(), "s",
        &note));
    EXPECT_EQ(note, "");
  }
  auto composed = Matcher::Compose(parts);
  ASSERT_TRUE(composed.ok()) << composed.status().message();
  Matcher whole(records);
  ASSERT_EQ((*composed)->size(), whole.size());
  std::vector<StackFrame> frames;  // at records' raise lines
  for (size_t i = 0; i < records.size(); i += 7) {
    frames.push_back({"/srv/" + records[i].file_path, records[i].line_number, ""});
  }
  std::string want = Answers(whole, queries, frames);
  // Not vacuous: pattern, fuzzy and keyword answers are all compared.
  EXPECT_NE(want.find("/pattern/"), std::string::npos);
  EXPECT_NE(want.find("/fuzzy/"), std::string::npos);
  EXPECT_NE(want.find("/keyword/"), std::string::npos);
  EXPECT_EQ(Answers(**composed, queries, frames), want);
  // Loaded from their files, the segments answer the same.
  std::vector<std::shared_ptr<const MatcherSegment>> loaded;
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string repo = std::next(by_repo.begin(), static_cast<std::ptrdiff_t>(i))->first;
    auto seg =
        MatcherSegment::Load((dir_ / (repo.substr(0, 5) + "-" + std::to_string(i))).string(), "s");
    ASSERT_TRUE(seg.ok()) << seg.status().message();
    loaded.push_back(*seg);
  }
  auto again = Matcher::Compose(loaded);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(Answers(**again, queries, frames), want);
}

using store_records_testing::Info;
using store_records_testing::Records;

const std::vector<std::string> kPastes = {
    "cannot open shard3 file /tmp/x.bin", "invalid value for shard7 option",
    "cannot read shard2 file /y", "could not open shard4 files", "nothing like any record"};

class RepositoryMatcherTest : public SegmentsTest {
 protected:
  void SetUp() override {
    SegmentsTest::SetUp();
    auto s = Store::Open(db_);
    ASSERT_TRUE(s.ok()) << s.status().message();
    store_ = std::move(*s);
    for (const char* repo : {"acme/app", "beta/lib", "coda/cli"}) {
      ASSERT_TRUE(store_->ReplaceRepo(Info(repo), Records(repo, "cannot open")).ok());
    }
  }
  // Opens the matcher (after `previous`), returns its note.
  std::string Open(const Matcher* previous, std::string* answers = nullptr) {
    auto m = OpenRepositoryMatcher(store_.get(), db_, previous);
    EXPECT_TRUE(m.ok()) << m.status().message();
    if (!m.ok()) return m.status().message();
    if (answers) *answers = Answers(*m->matcher, kPastes);
    last_ = std::move(m->matcher);
    return m->note;
  }
  // What a matcher built from all the database's records answers.
  std::string Fresh() {
    auto records = store_->ListForMatching("");
    EXPECT_TRUE(records.ok());
    return Answers(Matcher(std::move(*records)), kPastes);
  }
  std::string Dir() { return MatcherSegmentDir(db_); }
  std::unique_ptr<Store> store_;
  std::unique_ptr<Matcher> last_;
};

TEST_F(RepositoryMatcherTest, OnlyTheChangedRepositoryIsBuilt) {
  std::string answers;
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 3 of 3 repositories built (acme/app, beta/lib, coda/cli), 0 reused, 0 "
            "loaded from " +
                Dir());
  EXPECT_EQ(answers, Fresh());
  EXPECT_NE(answers.find("aid6/pattern"), std::string::npos) << answers;
  std::unique_ptr<Matcher> first = std::move(last_);
  // Nothing changed: every segment of the matcher in service is reused.
  EXPECT_EQ(Open(first.get()),
            "matcher: 0 of 3 repositories built, 3 reused, 0 loaded from " + Dir());

  // One repository re-indexed with other messages: only it is built.
  ASSERT_TRUE(store_->ReplaceRepo(Info("beta/lib"), Records("beta/lib", "cannot read")).ok());
  EXPECT_EQ(Open(first.get(), &answers),
            "matcher: 1 of 3 repositories built (beta/lib), 2 reused, 0 loaded from " + Dir());
  EXPECT_EQ(answers, Fresh());
  EXPECT_NE(answers.find("cannot read shard2 file /y: bid4/pattern"), std::string::npos) << answers;
  // A new process (no matcher in service) maps the segments saved.
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 0 of 3 repositories built, 0 reused, 3 loaded from " + Dir());
  EXPECT_EQ(answers, Fresh());

  // Records updated in place make their repository's segment stale too.
  std::unique_ptr<Matcher> current = std::move(last_);
  ASSERT_TRUE(store_
                  ->UpdateRecords({"cid1"},
                                  [](Record* r) {
                                    r->documentation = "rewritten";
                                    return true;
                                  })
                  .ok());
  EXPECT_EQ(Open(current.get()),
            "matcher: 1 of 3 repositories built (coda/cli), 2 reused, 0 loaded from " + Dir());

  // A repository emptied: its segment goes, file and all.
  ASSERT_TRUE(fs::exists(fs::path(Dir()) / "acme+app.seg"));
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), {}).ok());
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 0 of 2 repositories built, 0 reused, 2 loaded from " + Dir());
  EXPECT_EQ(answers, Fresh());
  EXPECT_EQ(answers.find("aid"), std::string::npos) << answers;
  EXPECT_FALSE(fs::exists(fs::path(Dir()) / "acme+app.seg"));
}

TEST_F(RepositoryMatcherTest, DamagedSegmentIsReportedAndRebuilt) {
  std::string want;
  Open(nullptr, &want);
  std::string path = (fs::path(Dir()) / "beta+lib.seg").string();
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::string flipped = bytes;
  flipped[flipped.size() - 40] ^= 0x01;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << flipped;
  std::string answers;
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 1 of 3 repositories built (beta/lib), 0 reused, 2 loaded from " + Dir() +
                "; damaged segment rebuilt: beta/lib: matcher snapshot damaged (checksum)");
  EXPECT_EQ(answers, want);
  EXPECT_EQ(Open(nullptr), "matcher: 0 of 3 repositories built, 0 reused, 3 loaded from " + Dir());

  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 1 of 3 repositories built (beta/lib), 0 reused, 2 loaded from " + Dir() +
                "; damaged segment rebuilt: beta/lib: truncated matcher snapshot");
  EXPECT_EQ(answers, want);
}

}  // namespace
}  // namespace errdex
