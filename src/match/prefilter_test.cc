// Tests for the matcher's internals: literal analysis of patterns, and the
// Aho-Corasick prefilter checked against the plain scan.
#include "match/prefilter.h"

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <random>

#include "match/fuzzy.h"
#include "match/pattern_literals.h"

namespace errdex::match {
namespace {

using Runs = std::vector<std::string>;

TEST(PatternLiteralsTest, EscapesAndGroups) {
  PatternLiterals l = AnalyzePattern(R"(\[weight_cache:([\s\S]*?)\] method \(e\.g\. x\) ok)");
  EXPECT_EQ(l.runs, (Runs{"[weight_cache:", "] method (e.g. x) ok"}));
  EXPECT_EQ(l.Anchor(), "] method (e.g. x) ok");
  EXPECT_EQ(l.literal_chars, 14u + 20u);
  EXPECT_TRUE(l.has_word_char);
}

TEST(PatternLiteralsTest, QuantifiersRemoveTheirCharacter) {
  EXPECT_EQ(AnalyzePattern("abc?d").runs, (Runs{"ab", "d"}));
  EXPECT_EQ(AnalyzePattern("ab*c").runs, (Runs{"a", "c"}));
  EXPECT_EQ(AnalyzePattern("ab+?c").runs, (Runs{"a", "c"}));
  EXPECT_EQ(AnalyzePattern("xy{2,3}z").runs, (Runs{"x", "z"}));
  EXPECT_EQ(AnalyzePattern("a{,3}").runs, (Runs{"a{,3}"}));             // not a repetition in RE2
  EXPECT_EQ(AnalyzePattern("caf\xc3\xa9?s").runs, (Runs{"caf", "s"}));  // whole UTF-8 char
  EXPECT_EQ(AnalyzePattern(R"(n=([-+]?\d+) done)").runs, (Runs{"n=", " done"}));
}

TEST(PatternLiteralsTest, ClassesEscapesAndQuoting) {
  EXPECT_EQ(AnalyzePattern(R"(a[)(\]]b)").runs, (Runs{"a", "b"}));
  EXPECT_EQ(AnalyzePattern(R"(a[[:alpha:]]b)").runs, (Runs{"a", "b"}));
  EXPECT_EQ(AnalyzePattern(R"(a\x41\x{e9}b)").runs, (Runs{"aA\xc3\xa9"
                                                          "b"}));
  EXPECT_EQ(AnalyzePattern(R"(x\Q(a.b)\Ey)").runs, (Runs{"x(a.b)y"}));
  EXPECT_EQ(AnalyzePattern(R"(a\nb\tc)").runs, (Runs{"a\nb\tc"}));
  EXPECT_EQ(AnalyzePattern(R"(a\db\pLc\p{Greek}d)").runs, (Runs{"a", "b", "c", "d"}));
  EXPECT_EQ(AnalyzePattern(R"(a.b^c$d)").runs, (Runs{"a", "b", "c", "d"}));
  EXPECT_EQ(AnalyzePattern(R"(a(b(c)d)e)").runs, (Runs{"a", "e"}));
}

TEST(PatternLiteralsTest, NoUsableAnchor) {
  PatternLiterals alt = AnalyzePattern("foo bar|baz");
  EXPECT_TRUE(alt.has_alternation);
  EXPECT_EQ(alt.Anchor(), "");
  EXPECT_EQ(alt.literal_chars, 3u);
  PatternLiterals fold = AnalyzePattern("(?i)disk full");
  EXPECT_TRUE(fold.case_insensitive);
  EXPECT_EQ(fold.Anchor(), "");
  EXPECT_FALSE(AnalyzePattern("(?i:x)disk full").case_insensitive);  // scoped to the group
  PatternLiterals hole = AnalyzePattern(R"(([\s\S]*?))");
  EXPECT_TRUE(hole.runs.empty());
  EXPECT_EQ(hole.literal_chars, 0u);
  PatternLiterals punct = AnalyzePattern(R"(([\s\S]*?): ([\s\S]*?))");
  EXPECT_EQ(punct.visible_chars, 1u);
  EXPECT_FALSE(punct.has_word_char);
}

// Every run must be a substring of every match: check against RE2 on
// rendered samples.
TEST(PatternLiteralsTest, RunsOccurInMatches) {
  struct Case {
    const char* pattern;
    std::vector<std::string> samples;
  };
  const Case cases[] = {
      {R"(abc?d\.e)", {"abd.e", "abcd.e"}},
      {R"(x{0,2}yz+w)", {"yzw", "xxyzzzw"}},
      {R"(k=([-+]?\d+)(?:,| and) v\\)", {"k=1, v\\", "k=-2 and v\\"}},
      {R"(caf\x{e9}s?!)", {"caf\xc3\xa9!", "caf\xc3\xa9s!"}},
  };
  for (const Case& c : cases) {
    RE2 re(c.pattern);
    ASSERT_TRUE(re.ok()) << c.pattern;
    PatternLiterals l = AnalyzePattern(c.pattern);
    for (const std::string& s : c.samples) {
      ASSERT_TRUE(RE2::FullMatch(s, re)) << c.pattern << " / " << s;
      for (const std::string& run : l.runs) {
        EXPECT_NE(s.find(run), std::string::npos) << c.pattern << " run " << run;
      }
    }
  }
}

TEST(PrefilterTest, FindsOverlappingAndNestedAnchors) {
  std::vector<std::string> anchors = {"he", "she", "his", "hers", "", "e", "xyz", "she"};
  auto ac = NewAhoCorasickPrefilter(anchors);
  std::vector<uint32_t> got;
  ac->Candidates("ushers", &got);
  EXPECT_EQ(got, (std::vector<uint32_t>{0, 1, 3, 4, 5, 7}));
  ac->Candidates("", &got);
  EXPECT_EQ(got, (std::vector<uint32_t>{4}));
}

TEST(PrefilterTest, AgreesWithScan) {
  std::mt19937 rng(1);
  auto random_string = [&](size_t max_len, int alphabet) {
    std::string s(rng() % (max_len + 1), 'a');
    for (char& c : s) c = static_cast<char>('a' + rng() % alphabet);
    return s;
  };
  for (int round = 0; round < 50; ++round) {
    std::vector<std::string> anchors;
    for (int i = 0; i < 40; ++i) anchors.push_back(random_string(5, 3));
    anchors.push_back(std::string("\xff\x00\x80", 3));
    auto ac = NewAhoCorasickPrefilter(anchors);
    auto scan = NewScanPrefilter(anchors);
    for (int t = 0; t < 20; ++t) {
      std::string text = random_string(60, 3);
      if (t % 5 == 0) text += std::string("\xff\x00\x80", 3);
      std::vector<uint32_t> a, b;
      ac->Candidates(text, &a);
      scan->Candidates(text, &b);
      ASSERT_EQ(a, b) << text;
    }
  }
}

TEST(TokenizeTest, WordsLowercasedDistinctNoNumbers) {
  EXPECT_EQ(Tokenize("Use --weight-cache-mode off, not OFF; 42 x e.g. format_ue8m0"),
            (std::vector<std::string>{"use", "weight-cache-mode", "off", "not", "format_ue8m0"}));
}

// Translated messages are words too (zod's locale tables); a prompt's arrow,
// a table's bars and CJK punctuation separate words like ASCII punctuation.
TEST(TokenizeTest, LettersOfOtherScriptsAreWords) {
  EXPECT_EQ(Tokenize("❯ Невалиден низ: │ 解析API响应失败。 café "
                     "\xff"
                     " ok"),
            (std::vector<std::string>{"Невалиден", "низ", "解析api响应失败", "café", "ok"}));
}

}  // namespace
}  // namespace errdex::match
