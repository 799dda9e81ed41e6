// OpenCorpusMatcher: a snapshot is trusted by the database's dataset stamp
// alone, so every write of records (index, re-index, removal, update) must
// make it stale; a damaged one is rebuilt and reported; hits are the same
// with and without it.
#include "match/corpus_matcher.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "match/store_records_testing.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;

using store_records_testing::Info;
using store_records_testing::Records;

std::string Answers(const Matcher& m) {
  std::ostringstream os;
  for (const char* q : {"cannot open shard3 file /tmp/x.bin", "invalid value for shard7 option",
                        "cannot read shard2 file /y", "nothing like any record"}) {
    os << q << ":";
    for (const Match& h : m.Find(Query{q, "", "", 5})) {
      os << " " << h.record->id << "/" << h.match_type << "/" << h.score;
      for (const Capture& c : h.captures) os << "[" << c.name << "=" << c.value << "]";
    }
    os << "\n";
  }
  return os.str();
}

class CorpusMatcherTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("errdex-corpus-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    db_ = (dir_ / "e.db").string();
    auto s = Store::Open(db_);
    ASSERT_TRUE(s.ok()) << s.status().message();
    store_ = std::move(*s);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Open(std::string* answers = nullptr, bool* damaged = nullptr) {
    auto c = OpenCorpusMatcher(store_.get(), db_, 0);
    EXPECT_TRUE(c.ok());
    if (!c.ok()) return c.status().message();
    if (answers) *answers = Answers(*c->matcher);
    if (damaged) *damaged = c->snapshot_damaged;
    return c->note;
  }
  // What a matcher built from the database's records answers.
  std::string Fresh() {
    auto records = store_->ListForMatching("");
    EXPECT_TRUE(records.ok());
    return Answers(Matcher(std::move(*records)));
  }
  fs::path dir_;
  std::string db_;
  std::unique_ptr<Store> store_;
};

TEST_F(CorpusMatcherTest, EmptyDatabaseHasNoStampAndSavesNothing) {
  EXPECT_EQ(Open(), "matcher built (no dataset stamp)");
  EXPECT_FALSE(fs::exists(MatcherSnapshotPath(db_)));
}

TEST_F(CorpusMatcherTest, SnapshotAnswersLikeTheRecordsAndEveryWriteMakesItStale) {
  const std::string snap = MatcherSnapshotPath(db_);
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot open")).ok());
  std::string built, loaded;
  EXPECT_EQ(Open(&built), "matcher built (no snapshot); saved to " + snap);
  EXPECT_EQ(Open(&loaded), "matcher loaded from " + snap);
  EXPECT_NE(built.find("cannot open shard3 file /tmp/x.bin: aid6/pattern/"), std::string::npos)
      << built;
  EXPECT_NE(built.find("[path=/tmp/x.bin]"), std::string::npos) << built;  // holes kept
  EXPECT_EQ(loaded, built);
  EXPECT_EQ(loaded, Fresh());

  // Re-index with changed messages: the snapshot's answers would be wrong.
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot read")).ok());
  EXPECT_EQ(Open(&built),
            "matcher built (snapshot is of another dataset version); saved to " + snap);
  EXPECT_NE(built.find("cannot read shard2 file /y: aid4/pattern/"), std::string::npos) << built;
  EXPECT_EQ(built, Fresh());
  EXPECT_EQ(Open(&loaded), "matcher loaded from " + snap);
  EXPECT_EQ(loaded, built);

  // The same records again (same commit re-indexed) still change the stamp.
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot read")).ok());
  EXPECT_EQ(Open(), "matcher built (snapshot is of another dataset version); saved to " + snap);

  // A second repository indexed.
  ASSERT_TRUE(store_->ReplaceRepo(Info("beta/lib"), Records("beta/lib", "cannot open")).ok());
  EXPECT_EQ(Open(&built),
            "matcher built (snapshot is of another dataset version); saved to " + snap);
  EXPECT_NE(built.find("bid6/pattern"), std::string::npos) << built;
  EXPECT_EQ(built, Fresh());

  // A repository's records removed (re-indexed to none).
  ASSERT_TRUE(store_->ReplaceRepo(Info("beta/lib"), {}).ok());
  EXPECT_EQ(Open(&built),
            "matcher built (snapshot is of another dataset version); saved to " + snap);
  EXPECT_EQ(built.find("bid"), std::string::npos) << built;
  EXPECT_EQ(built, Fresh());

  // Records updated in place.
  auto n = store_->UpdateRecords({"aid1"}, [](Record* r) {
    r->documentation = "rewritten";
    return true;
  });
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(Open(), "matcher built (snapshot is of another dataset version); saved to " + snap);
  EXPECT_EQ(Open(), "matcher loaded from " + snap);
}

TEST_F(CorpusMatcherTest, AnotherDatabasesSnapshotIsNotTrusted) {
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot open")).ok());
  Open();
  // A second database with the same history (same sequence number, and the
  // clock may give the same version): its snapshot copied beside ours.
  std::string other_db = (dir_ / "other.db").string();
  {
    auto other = Store::Open(other_db);
    ASSERT_TRUE(other.ok());
    ASSERT_TRUE((*other)->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot read")).ok());
    ASSERT_TRUE(OpenCorpusMatcher(other->get(), other_db, 0).ok());
  }
  fs::copy_file(MatcherSnapshotPath(other_db), MatcherSnapshotPath(db_),
                fs::copy_options::overwrite_existing);
  std::string answers;
  EXPECT_EQ(Open(&answers), "matcher built (snapshot is of another dataset version); saved to " +
                                MatcherSnapshotPath(db_));
  EXPECT_EQ(answers, Fresh());
}

TEST_F(CorpusMatcherTest, DamagedSnapshotIsRebuiltAndReported) {
  const std::string snap = MatcherSnapshotPath(db_);
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot open")).ok());
  std::string want;
  Open(&want);
  std::string bytes;
  {
    std::ifstream in(snap, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::string flipped = bytes;
  flipped[flipped.size() - 40] ^= 0x01;
  std::ofstream(snap, std::ios::binary | std::ios::trunc) << flipped;
  std::string answers;
  bool damaged = false;
  EXPECT_EQ(Open(&answers, &damaged),
            "matcher built (matcher snapshot damaged (checksum)); saved to " + snap);
  EXPECT_TRUE(damaged);
  EXPECT_EQ(answers, want);
  EXPECT_EQ(Open(&answers, &damaged), "matcher loaded from " + snap);
  EXPECT_FALSE(damaged);

  std::ofstream(snap, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
  EXPECT_EQ(Open(&answers, &damaged),
            "matcher built (truncated matcher snapshot); saved to " + snap);
  EXPECT_TRUE(damaged);
  EXPECT_EQ(answers, want);
}

TEST_F(CorpusMatcherTest, SmallCorpusIsNotSaved) {
  ASSERT_TRUE(store_->ReplaceRepo(Info("acme/app"), Records("acme/app", "cannot open")).ok());
  auto c = OpenCorpusMatcher(store_.get(), db_, 21);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->note, "matcher built (no snapshot)");
  EXPECT_FALSE(fs::exists(MatcherSnapshotPath(db_)));
}

}  // namespace
}  // namespace errdex
