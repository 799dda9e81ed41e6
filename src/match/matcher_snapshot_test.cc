// Matcher snapshots: a saved matcher answers exactly like a built one, and a
// missing, stale, damaged or hostile snapshot only ever causes a rebuild.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "errdex/matcher.h"
#include "match/snapshot_file.h"

namespace errdex {
namespace {

namespace fs = std::filesystem;

Record MakeRecord(int i, std::string message, std::string pattern, std::string cls = "ValueError") {
  Record r;
  r.id = "id" + std::to_string(i);
  r.repo = "acme/app";
  r.error_message = std::move(message);
  r.message_pattern = std::move(pattern);
  r.error_class = std::move(cls);
  r.file_path = "app/core.py";
  r.line_number = 10 + i;
  return r;
}

std::vector<Record> Corpus(int variants) {
  std::vector<Record> out;
  int i = 0;
  for (int v = 0; v < variants; ++v) {
    std::string w = "shard" + std::to_string(v);
    out.push_back(MakeRecord(i++, "cannot open " + w + " file {path}",
                             "cannot open " + w + R"( file ([\s\S]*?))"));
    out.push_back(MakeRecord(i++, "invalid value {x} for " + w + " option",
                             R"(invalid value ([\s\S]*?) for )" + w + " option"));
  }
  out.push_back(MakeRecord(i++, "quantization method is not verified for CUDA IPC sharing",
                           "quantization method is not verified for CUDA IPC sharing"));
  return out;
}

std::string Describe(const std::vector<Match>& ms) {
  std::ostringstream os;
  for (const Match& m : ms) {
    os << m.record->id << " " << m.match_type << " " << m.score;
    for (const Capture& c : m.captures) os << " [" << c.name << "=" << c.value << "]";
    os << "\n";
  }
  return os.str();
}

const std::vector<std::string> kQueries = {
    "cannot open shard3 file /tmp/x.bin", "invalid value 42 for shard7 option",
    "quantization method is not verified for CUDA sharing (reworded)", "nothing like any record",
    "cannot open shard11 file"};

std::string Answers(const Matcher& m) {
  std::string out;
  for (const std::string& q : kQueries) out += q + ":\n" + Describe(m.Find(Query{q, "", "", 5}));
  return out;
}

class MatcherSnapshotTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("errdex-snap-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    path_ = (dir_ / "db.matcher").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string ReadAll() const {
    std::ifstream in(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  fs::path dir_;
  std::string path_;
};

TEST_F(MatcherSnapshotTest, SecondOpenLoadsAndAnswersLikeABuiltMatcher) {
  Matcher built(Corpus(20));
  std::string note;
  auto first = Matcher::Open(Corpus(20), path_, &note);
  EXPECT_EQ(note, "matcher built (no snapshot); saved to " + path_);
  ASSERT_TRUE(fs::exists(path_));
  auto second = Matcher::Open(Corpus(20), path_, &note);
  EXPECT_EQ(note, "matcher loaded from " + path_);
  std::string want = Answers(built);
  EXPECT_NE(want.find("id6 pattern"), std::string::npos) << want;  // shard3's "cannot open"
  EXPECT_NE(want.find("[$1=/tmp/x.bin]"), std::string::npos) << want;
  EXPECT_NE(want.find(" fuzzy "), std::string::npos) << want;  // the reworded one
  EXPECT_EQ(Answers(*first), want);
  EXPECT_EQ(Answers(*second), want);
}

TEST_F(MatcherSnapshotTest, OtherRecordsRebuildAndReplaceTheSnapshot) {
  std::string note;
  Matcher::Open(Corpus(20), path_, &note);
  std::vector<Record> changed = Corpus(20);
  changed[6].message_pattern = R"(cannot read shard3 file ([\s\S]*?))";
  auto m = Matcher::Open(changed, path_, &note);
  EXPECT_EQ(note, "matcher built (snapshot is of other records); saved to " + path_);
  EXPECT_EQ(m->Find(Query{"cannot open shard3 file /x", "", "", 5}).front().match_type, "fuzzy");
  Matcher::Open(changed, path_, &note);
  EXPECT_EQ(note, "matcher loaded from " + path_);
}

TEST_F(MatcherSnapshotTest, DamagedOrTruncatedSnapshotIsRebuilt) {
  std::string note;
  Matcher::Open(Corpus(20), path_, &note);
  std::string bytes;
  {
    std::ifstream in(path_, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::string want = Answers(Matcher(Corpus(20)));
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x55;
  std::ofstream(path_, std::ios::binary | std::ios::trunc) << flipped;
  auto m = Matcher::Open(Corpus(20), path_, &note);
  EXPECT_EQ(note, "matcher built (matcher snapshot damaged (checksum)); saved to " + path_);
  EXPECT_EQ(Answers(*m), want);

  std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 100);
  m = Matcher::Open(Corpus(20), path_, &note);
  EXPECT_EQ(note, "matcher built (truncated matcher snapshot); saved to " + path_);
  EXPECT_EQ(Answers(*m), want);

  std::ofstream(path_, std::ios::binary | std::ios::trunc) << "#!/bin/sh\nnot a snapshot\n";
  m = Matcher::Open(Corpus(20), path_, &note);
  EXPECT_EQ(note, "matcher built (not a matcher snapshot); saved to " + path_);
}

TEST_F(MatcherSnapshotTest, LoadByStampAnswersLikeABuiltMatcherFromTheSavedRecords) {
  std::vector<Record> records = Corpus(20);
  records[6].documentation = "not a matching field: not saved";
  ASSERT_TRUE(Matcher(records).Save(path_, "stamp-1").ok());
  auto m = Matcher::Load(path_, "stamp-1");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(Answers(**m), Answers(Matcher(Corpus(20))));
  std::vector<Match> hits = (*m)->Find(Query{"cannot open shard3 file /tmp/x.bin", "", "", 5});
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits.front().record->id, "id6");
  EXPECT_EQ(hits.front().record->file_path, "app/core.py");
  EXPECT_EQ(hits.front().record->line_number, 16);
  EXPECT_EQ(hits.front().record->documentation, "");

  auto stale = Matcher::Load(path_, "stamp-2");
  EXPECT_EQ(stale.status().message(), "snapshot is of another dataset version");
  EXPECT_EQ(Matcher::Load(path_, "").status().message(), "no dataset stamp");
  EXPECT_EQ(Matcher::Load(path_ + ".none", "stamp-1").status().message(), "no snapshot");
  // Open() checks the records themselves, whatever the stamp.
  std::string note;
  Matcher::Open(Corpus(20), path_, &note, "stamp-9");
  EXPECT_EQ(note, "matcher loaded from " + path_);
}

TEST_F(MatcherSnapshotTest, LoadRejectsDamagedTruncatedAndOtherVersionSnapshots) {
  ASSERT_TRUE(Matcher(Corpus(20)).Save(path_, "s").ok());
  std::string bytes = ReadAll();
  auto load = [&](const std::string& content) {
    std::ofstream(path_, std::ios::binary | std::ios::trunc) << content;
    auto m = Matcher::Load(path_, "s");
    return m.ok() ? std::string("loaded") : m.status().message();
  };
  // The header and section table (file size at 24, the table from 64).
  for (size_t at : {size_t{24}, size_t{70}, size_t{200}}) {
    std::string flipped = bytes;
    flipped[at] ^= 0x10;
    EXPECT_EQ(load(flipped), "matcher snapshot damaged (header checksum)") << at;
  }
  // Sections this small are all verified on open.
  for (size_t at : {bytes.size() / 3, bytes.size() / 2, bytes.size() - 1}) {
    std::string flipped = bytes;
    flipped[at] ^= 0x10;
    EXPECT_EQ(load(flipped), "matcher snapshot damaged (checksum)") << at;
  }
  EXPECT_EQ(load(bytes.substr(0, bytes.size() - 1)), "truncated matcher snapshot");
  EXPECT_EQ(load(bytes.substr(0, 40)), "truncated matcher snapshot");
  EXPECT_EQ(load(bytes.substr(0, 300)), "truncated matcher snapshot");
  std::string other_format = bytes;
  other_format[16] = 4;  // the format number after the 16-byte magic
  EXPECT_EQ(load(other_format), "matcher snapshot from another errdex version");
  // Format 4 began with the length of its magic text, then the text.
  std::string format4 =
      std::string("\x17\0\0\0\0\0\0\0", 8) + "errdex matcher snapshot" + std::string(64, '\0');
  EXPECT_EQ(load(format4), "matcher snapshot from another errdex version");
  EXPECT_EQ(load("#!/bin/sh\n"), "not a matcher snapshot");
  EXPECT_EQ(load(bytes), "loaded");
}

// Large sections are not checksummed on open (Load must not read the whole
// file): Check() verifies them, and damage Load does not see gives wrong
// answers at worst, never a crash or a read outside the file.
TEST_F(MatcherSnapshotTest, CheckVerifiesEverySectionThatLoadSkips) {
  ASSERT_TRUE(Matcher(Corpus(20)).Save(path_, "s").ok());
  std::string bytes = ReadAll();
  EXPECT_TRUE(Matcher::Check(path_).ok());
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x04;
  match::SnapshotReader unverified;
  EXPECT_TRUE(unverified.Open(flipped, 0).ok());
  EXPECT_EQ(unverified.VerifyAll().message(), "matcher snapshot damaged (checksum)");
  std::ofstream(path_, std::ios::binary | std::ios::trunc) << flipped;
  EXPECT_EQ(Matcher::Check(path_).message(), "matcher snapshot damaged (checksum)");
  EXPECT_EQ(Matcher::Check(path_ + ".none").message(), "no snapshot");
}

TEST_F(MatcherSnapshotTest, DamageTheChecksumsMissNeverCrashesAQuery) {
  std::vector<Record> records = Corpus(20);
  records[3].error_code = "E_SHARD";
  records[4].error_code = "E-42/x";
  ASSERT_TRUE(Matcher(records).Save(path_, "s").ok());
  std::string bytes = ReadAll();
  int loaded = 0;
  for (size_t at = 64; at < bytes.size(); at += 7) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ (at % 2 == 0 ? 0xff : 0x01));
    std::ofstream(path_, std::ios::binary | std::ios::trunc)
        << match::ResealForTesting(std::move(damaged));
    auto m = Matcher::Load(path_, "s");
    if (!m.ok()) continue;
    ++loaded;
    Answers(**m);
    (*m)->Find(Query{"E_SHARD E-42/x cannot open", "ValueError", "acme/app", 5});
    (*m)->FindKeywords(Query{"valueerror core", "", "", 5});
    Query framed{"nothing", "", "", 5};
    framed.frames.push_back({"app/core.py", 12, "f"});
    (*m)->Find(framed);
    (*m)->CompileAll();
  }
  EXPECT_GT(loaded, 100);
}

TEST_F(MatcherSnapshotTest, UnwritableLocationStillGivesAMatcher) {
  std::string note;
  auto m = Matcher::Open(Corpus(3), (dir_ / "no" / "such" / "dir\0x").string() + "/f/..", &note);
  EXPECT_NE(note.find("matcher built (no snapshot); not saved: "), std::string::npos) << note;
  EXPECT_EQ(m->Find(Query{"invalid value 1 for shard2 option", "", "", 5}).front().record->id,
            "id5");
}

}  // namespace
}  // namespace errdex
