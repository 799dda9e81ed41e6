// Matcher segments: a matcher composed of them (whole, or a base with
// deltas hiding its stale records) answers exactly as one built from all
// the records it shows; a reload after one repository changed builds that
// repository's delta only; a merge makes a new base; a damaged segment is
// reported and rebuilt.
#include "match/segments.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
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

// A segment built a record at a time (MatcherSegment::Builder, which keeps
// only what the file stores) is the file a matcher built from all the
// records at once saves, byte for byte: the same answers, by construction.
TEST_F(SegmentsTest, BuilderWritesTheFileOfAMatcherBuiltFromAllRecords) {
  std::vector<std::string> templates =
      bench::LoadTemplates(std::string(ERRDEX_SHARED_DIR) + "/error-templates.txt");
  bench::Corpus corpus = bench::MakeCorpus(templates, 2000, 7);
  std::vector<Record> records = corpus.records;
  for (size_t i = 0; i < records.size(); i += 50) records[i].error_code = "E" + std::to_string(i);
  for (size_t i = 3; i < records.size(); i += 97) records[i].message_opaque = true;
  std::string whole_path = (dir_ / "whole").string(), built_path = (dir_ / "built").string();
  ASSERT_TRUE(Matcher(records).Save(whole_path, "stamp").ok());
  MatcherSegment::Builder builder;
  for (const Record& r : records) builder.Add(r);
  EXPECT_EQ(builder.size(), records.size());
  std::string note;
  auto seg = builder.Finish(built_path, "stamp", &note);
  EXPECT_EQ(note, "");
  EXPECT_EQ(seg->size(), records.size());
  EXPECT_EQ(builder.size(), 0u);
  auto read = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  std::string want = read(whole_path);
  ASSERT_GT(want.size(), 100000u);
  EXPECT_TRUE(read(built_path) == want) << "the files differ";
}

// A base segment of every repository, then one repository re-indexed (its
// records changed, fewer, reordered), one removed, one added: the base
// with deltas that hide its stale records answers as one matcher built
// from the current records, pattern, fuzzy, code, frame and keyword
// answers alike (the fuzzy tier's word weights count shown records only).
TEST_F(SegmentsTest, BaseWithDeltasAnswersAsOneBuiltFromCurrentRecords) {
  std::vector<std::string> templates =
      bench::LoadTemplates(std::string(ERRDEX_SHARED_DIR) + "/error-templates.txt");
  bench::Corpus corpus = bench::MakeCorpus(templates, 2000, 7);
  std::vector<std::string> queries;
  for (const bench::BenchQuery& q : bench::MakeQueries(corpus, 300, 11)) queries.push_back(q.text);
  std::vector<Record> records = corpus.records;
  for (size_t i = 0; i < records.size(); i += 50) records[i].error_code = "E" + std::to_string(i);
  std::map<std::string, std::vector<Record>> by_repo;
  for (const Record& r : records) by_repo[r.repo].push_back(r);
  // The base, in repository order, and where each repository is in it.
  std::vector<Record> all;
  std::map<std::string, std::pair<size_t, size_t>> at;
  for (auto& [repo, recs] : by_repo) {
    at[repo] = {all.size(), recs.size()};
    all.insert(all.end(), recs.begin(), recs.end());
  }
  std::string note;
  auto base = MatcherSegment::Build(all, (dir_ / "base").string(), "b", &note);
  EXPECT_EQ(note, "");

  // Re-indexed: a third of its records gone, the rest in reverse order,
  // every fourth reworded.
  const std::string changed = "bench/repo12", removed = "bench/repo30", added = "bench/repo12a";
  std::vector<Record> now;
  for (size_t i = by_repo[changed].size(); i-- > 0;) {
    if (i % 3 == 0) continue;
    Record r = by_repo[changed][i];
    if (i % 4 == 1) {
      r.id += "-v2";
      r.error_message = "reworded " + r.error_message;
      r.message_pattern = "reworded " + r.message_pattern;
    }
    now.push_back(r);
  }
  by_repo[changed] = now;
  by_repo.erase(removed);
  for (Record r : by_repo["bench/repo40"]) {
    r.repo = added;
    r.id = "new-" + r.id;
    r.line_number += 1000;
    by_repo[added].push_back(r);
  }
  std::vector<Record> current;
  std::vector<Matcher::Slice> slices;
  std::vector<std::shared_ptr<const MatcherSegment>> deltas;
  for (auto& [repo, recs] : by_repo) {
    current.insert(current.end(), recs.begin(), recs.end());
    if (repo == changed || repo == added) {
      deltas.push_back(MatcherSegment::Build(recs, (dir_ / repo.substr(6)).string(), "d", &note));
      slices.push_back({deltas.back(), 0, recs.size()});
    } else {
      slices.push_back({base, at[repo].first, at[repo].second});
    }
  }
  Matcher whole(current);
  auto composed = Matcher::Compose(slices);
  ASSERT_TRUE(composed.ok()) << composed.status().message();
  ASSERT_EQ((*composed)->size(), whole.size());
  EXPECT_EQ((*composed)->parts().size(), 3u);  // the base and two deltas
  std::vector<StackFrame> frames;
  for (size_t i = 0; i < current.size(); i += 7) {
    frames.push_back({"/srv/" + current[i].file_path, current[i].line_number, ""});
  }
  // Pastes of the records now gone or reworded too: they must find nothing
  // of the base's stale copies.
  for (const Record& r : corpus.records) {
    if ((r.repo == changed || r.repo == removed) && queries.size() < 360) {
      queries.push_back(r.error_message);
      queries.push_back("reworded " + r.error_message);
    }
  }
  std::string want = Answers(whole, queries, frames);
  EXPECT_NE(want.find("/pattern/"), std::string::npos);
  EXPECT_NE(want.find("/fuzzy/"), std::string::npos);
  EXPECT_NE(want.find("-v2/"), std::string::npos);
  EXPECT_NE(want.find("new-"), std::string::npos);
  EXPECT_EQ(Answers(**composed, queries, frames), want);

  // The same slices of the segments loaded from their files.
  auto loaded_base = MatcherSegment::Load((dir_ / "base").string(), "b");
  ASSERT_TRUE(loaded_base.ok()) << loaded_base.status().message();
  for (Matcher::Slice& slice : slices) {
    if (slice.segment == base) slice.segment = *loaded_base;
  }
  auto again = Matcher::Compose(slices);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(Answers(**again, queries, frames), want);

  // Slices that overlap or run past their segment are refused.
  EXPECT_FALSE(Matcher::Compose({{base, 0, 10}, {base, 5, 10}}).ok());
  EXPECT_FALSE(Matcher::Compose({{base, base->size() - 1, 2}}).ok());
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
  // A first start builds the base of every repository.
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 3 of 3 repositories built (acme/app, beta/lib, coda/cli), 0 reused, 0 "
            "loaded from " +
                Dir() + "; 3 in the base (0 records hidden), 0 deltas");
  EXPECT_EQ(answers, Fresh());
  EXPECT_NE(answers.find("aid6/pattern"), std::string::npos) << answers;
  std::unique_ptr<Matcher> first = std::move(last_);
  // Nothing changed: the matcher in service is reused whole.
  EXPECT_EQ(Open(first.get()), "matcher: 0 of 3 repositories built, 3 reused, 0 loaded from " +
                                   Dir() + "; 3 in the base (0 records hidden), 0 deltas");
  EXPECT_EQ(last_->parts().size(), 1u);

  // One repository re-indexed with other messages: only its delta is
  // built; the base hides its old records.
  ASSERT_TRUE(store_->ReplaceRepo(Info("beta/lib"), Records("beta/lib", "cannot read")).ok());
  EXPECT_EQ(Open(first.get(), &answers),
            "matcher: 1 of 3 repositories built (beta/lib), 2 reused, 0 loaded from " + Dir() +
                "; 2 in the base (20 records hidden), 1 delta");
  EXPECT_EQ(answers, Fresh());
  EXPECT_NE(answers.find("cannot read shard2 file /y: bid4/pattern"), std::string::npos) << answers;
  EXPECT_TRUE(fs::exists(fs::path(Dir()) / "beta+lib.seg"));
  // A new process (no matcher in service) maps the base and the delta.
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 0 of 3 repositories built, 0 reused, 3 loaded from " + Dir() +
                "; 2 in the base (20 records hidden), 1 delta");
  EXPECT_EQ(answers, Fresh());

  // Records updated in place make their repository's records stale too;
  // with more of the base hidden than shown, a merge is due.
  std::unique_ptr<Matcher> current = std::move(last_);
  ASSERT_TRUE(store_
                  ->UpdateRecords({"cid1"},
                                  [](Record* r) {
                                    r->documentation = "rewritten";
                                    return true;
                                  })
                  .ok());
  EXPECT_EQ(Open(current.get(), &answers),
            "matcher: 1 of 3 repositories built (coda/cli), 2 reused, 0 loaded from " + Dir() +
                "; 1 in the base (40 records hidden), 2 deltas, merge due");
  EXPECT_EQ(answers, Fresh());

  // A repository emptied: it goes from the base's view.
  current = std::move(last_);
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), {}).ok());
  EXPECT_EQ(Open(current.get(), &answers),
            "matcher: 0 of 2 repositories built, 2 reused, 0 loaded from " + Dir() +
                "; 0 in the base (60 records hidden), 2 deltas, merge due");
  EXPECT_EQ(answers, Fresh());
  EXPECT_EQ(answers.find("aid"), std::string::npos) << answers;

  // The merge: a base of what is current; the next reload takes it, and the
  // deltas (files and all) go.
  std::string note;
  ASSERT_TRUE(MergeRepositoryBase(store_.get(), db_, &note).ok());
  EXPECT_EQ(note.substr(0, 37), "base of 2 repositories (40 records) b") << note;
  current = std::move(last_);
  EXPECT_EQ(Open(current.get(), &answers),
            "matcher: 0 of 2 repositories built, 0 reused, 2 loaded from " + Dir() +
                "; 2 in the base (0 records hidden), 0 deltas");
  EXPECT_EQ(answers, Fresh());
  EXPECT_FALSE(fs::exists(fs::path(Dir()) / "beta+lib.seg"));
  EXPECT_FALSE(fs::exists(fs::path(Dir()) / "coda+cli.seg"));
  // A repository added after the merge is a delta.
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "could not open")).ok());
  current = std::move(last_);
  EXPECT_EQ(Open(current.get(), &answers),
            "matcher: 1 of 3 repositories built (acme/app), 2 reused, 0 loaded from " + Dir() +
                "; 2 in the base (0 records hidden), 1 delta");
  EXPECT_EQ(answers, Fresh());
  EXPECT_NE(answers.find("aid8/pattern"), std::string::npos) << answers;
}

// A merge told to stop (serve's shutdown) ends with an error before it
// builds anything, and the saved base is as it was: the next start loads it.
TEST_F(RepositoryMatcherTest, StoppedMergeLeavesTheSavedBase) {
  std::string answers;
  Open(nullptr);
  ASSERT_TRUE(store_->ReplaceRepo(Info("beta/lib"), Records("beta/lib", "cannot read")).ok());
  std::unique_ptr<Matcher> current = std::move(last_);
  Open(current.get(), &answers);
  fs::path base = fs::path(Dir()) / "repositories.base";
  auto before = fs::last_write_time(base);
  uintmax_t size = fs::file_size(base);
  std::atomic<bool> stop{true};
  std::string note;
  Status s = MergeRepositoryBase(store_.get(), db_, &note, &stop);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "base merge stopped");
  EXPECT_EQ(note, "");
  EXPECT_EQ(fs::last_write_time(base), before);
  EXPECT_EQ(fs::file_size(base), size);
  // A new process finds the base and the delta as they were.
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 0 of 3 repositories built, 0 reused, 3 loaded from " + Dir() +
                "; 2 in the base (20 records hidden), 1 delta");
  EXPECT_EQ(answers, Fresh());
}

// Deltas beyond kMaxDeltas make a merge due.
TEST_F(RepositoryMatcherTest, ManyDeltasMakeAMergeDue) {
  for (size_t i = 0; i < kMaxDeltas + 3; ++i) {
    std::string repo = std::string(1, static_cast<char>('d' + i)) + "many/r";
    ASSERT_TRUE(store_->ReplaceRepo(Info(repo), Records(repo, "cannot open")).ok());
  }
  Open(nullptr);
  for (size_t i = 0; i < kMaxDeltas; ++i) {
    std::string repo = std::string(1, static_cast<char>('d' + i)) + "many/r";
    ASSERT_TRUE(store_->ReplaceRepo(Info(repo), Records(repo, "cannot read")).ok());
    std::unique_ptr<Matcher> current = std::move(last_);
    std::string answers, note = Open(current.get(), &answers);
    EXPECT_EQ(note.find("merge due") != std::string::npos, i + 1 == kMaxDeltas) << note;
    EXPECT_EQ(answers, Fresh());
  }
}

TEST_F(RepositoryMatcherTest, DamagedSegmentIsReportedAndRebuilt) {
  Open(nullptr);
  ASSERT_TRUE(store_->ReplaceRepo(Info("beta/lib"), Records("beta/lib", "cannot read")).ok());
  std::string want;
  Open(nullptr, &want);
  EXPECT_EQ(want, Fresh());
  auto damage = [](const std::string& path, bool truncate) {
    std::string bytes;
    {
      std::ifstream in(path, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    std::string changed = bytes;
    if (truncate) {
      changed.resize(changed.size() / 2);
    } else {
      changed[changed.size() - 40] ^= 0x01;
    }
    std::ofstream(path, std::ios::binary | std::ios::trunc) << changed;
  };
  std::string delta = (fs::path(Dir()) / "beta+lib.seg").string();
  damage(delta, false);
  std::string answers;
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 1 of 3 repositories built (beta/lib), 0 reused, 2 loaded from " + Dir() +
                "; 2 in the base (20 records hidden), 1 delta; damaged segment rebuilt: beta/lib: "
                "matcher snapshot damaged (checksum)");
  EXPECT_EQ(answers, want);
  EXPECT_EQ(Open(nullptr), "matcher: 0 of 3 repositories built, 0 reused, 3 loaded from " + Dir() +
                               "; 2 in the base (20 records hidden), 1 delta");
  damage(delta, true);
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 1 of 3 repositories built (beta/lib), 0 reused, 2 loaded from " + Dir() +
                "; 2 in the base (20 records hidden), 1 delta; damaged segment rebuilt: beta/lib: "
                "truncated matcher snapshot");
  EXPECT_EQ(answers, want);

  // A damaged base is built again, of every repository as they are now.
  damage((fs::path(Dir()) / "repositories.base").string(), false);
  EXPECT_EQ(Open(nullptr, &answers),
            "matcher: 3 of 3 repositories built (acme/app, beta/lib, coda/cli), 0 reused, 0 "
            "loaded from " +
                Dir() +
                "; 3 in the base (0 records hidden), 0 deltas; damaged segment rebuilt: base: "
                "matcher snapshot damaged (checksum)");
  EXPECT_EQ(answers, want);
  EXPECT_FALSE(fs::exists(delta));
}

}  // namespace
}  // namespace errdex
