// The extraction cache encoding: what the extractors give round-trips
// exactly, and damaged bytes are refused, never trusted.
#include "analyze/extraction_cache.h"

#include <gtest/gtest.h>

#include <string>

#include "errdex/extractor.h"

namespace errdex {
namespace {

// Files whose extraction fills most of the structures (sites with notes and
// conditions, sinks, link calls, text functions, constants, options).
std::vector<SourceFile> Files() {
  return {
      {"pkg/cli.py",
       "import argparse, os\n"
       "MODES = ('fast', 'safe')\n"
       "parser = argparse.ArgumentParser()\n"
       "parser.add_argument('--mode', choices=['fast', 'safe'])\n"
       "TOKEN = os.environ.get('APP_TOKEN')\n"
       "class ConfigError(Exception):\n"
       "    \"\"\"Raised when the configuration cannot be used.\"\"\"\n"
       "def fail(msg):\n"
       "    raise ConfigError(f'config: {msg}')\n"
       "def check(mode, n):\n"
       "    # Modes are fixed at start-up.\n"
       "    if mode not in MODES:\n"
       "        fail('unknown mode')\n"
       "    if n > 3:\n"
       "        raise ValueError('too many: %d' % n)\n"},
      {"src/A.java",
       "package a;\n"
       "public class A {\n"
       "  static IllegalStateException bad(String what, Object... args) {\n"
       "    return new IllegalStateException(String.format(\"bad %s\", what));\n"
       "  }\n"
       "  static String describe(int code) { return \"code \" + code; }\n"
       "  void run(int port) {\n"
       "    if (port < 0) throw bad(\"port\", port);\n"
       "    if (port == 0) throw new IllegalArgumentException(describe(port));\n"
       "  }\n"
       "}\n"},
      {"lib/x.c",
       "#define E_MEM \"out of memory\"\n"
       "static const char *names(int c) { switch (c) { case 1: return \"one\"; } return \"?\"; }\n"
       "int f(int n) {\n"
       "  if (n < 0) { fprintf(stderr, \"%s: %d\\n\", E_MEM, n); return -1; }\n"
       "  return 0;\n"
       "}\n"
       "void die_cfg(const char *key) {\n"
       "  BUG(\"no value for %s\", key);\n"
       "}\n"},
      {"web/e.js",
       "class AppError extends Error {\n"
       "  constructor(msg) { super(msg || 'app failed'); }\n"
       "}\n"
       "function need(x) { if (!x) throw new AppError(`missing ${x}`); }\n"},
  };
}

FileExtraction Extract(const SourceFile& file) {
  FileExtraction x;
  const Extractor* ex = ExtractorFor(file.path);
  EXPECT_NE(ex, nullptr) << file.path;
  if (ex) {
    EXPECT_TRUE(ex->ExtractWithFacts(file, &x.sites, &x.facts, &x.syntax_errors).ok());
  }
  return x;
}

TEST(ExtractionCache, RoundTripsWhatExtractorsGive) {
  size_t sites = 0, facts = 0, internal_sinks = 0;
  for (const SourceFile& file : Files()) {
    FileExtraction x = Extract(file);
    sites += x.sites.size();
    facts += x.facts.functions.size() + x.facts.sinks.size() + x.facts.link_calls.size() +
             x.facts.text_functions.size() + x.facts.text_constants.size() +
             x.facts.options.size() + x.facts.constants.size();
    std::string bytes = EncodeFileExtraction(x);
    FileExtraction back;
    ASSERT_TRUE(DecodeFileExtraction(bytes, &back)) << file.path;
    EXPECT_EQ(EncodeFileExtraction(back), bytes) << file.path;
    ASSERT_EQ(back.sites.size(), x.sites.size());
    for (size_t i = 0; i < x.sites.size(); ++i) {
      EXPECT_EQ(back.sites[i].message.Display(), x.sites[i].message.Display());
      EXPECT_EQ(back.sites[i].message.Pattern(), x.sites[i].message.Pattern());
      EXPECT_EQ(back.sites[i].line, x.sites[i].line);
      EXPECT_EQ(back.sites[i].conditions.size(), x.sites[i].conditions.size());
      EXPECT_EQ(back.sites[i].notes.size(), x.sites[i].notes.size());
    }
    EXPECT_EQ(back.facts.path, x.facts.path);
    EXPECT_EQ(back.facts.link_names, x.facts.link_names);
    ASSERT_EQ(back.facts.sinks.size(), x.facts.sinks.size());
    for (size_t i = 0; i < x.facts.sinks.size(); ++i) {
      EXPECT_EQ(back.facts.sinks[i].internal_check, x.facts.sinks[i].internal_check);
      internal_sinks += x.facts.sinks[i].internal_check;
    }
  }
  EXPECT_EQ(internal_sinks, 1u);  // die_cfg's BUG()
  // The fixture exercises the structures, or the test proves little.
  EXPECT_GE(sites, 6u);
  EXPECT_GE(facts, 10u);
}

TEST(ExtractionCache, RefusesTruncatedFlippedAndForeignBytes) {
  FileExtraction x = Extract(Files()[0]);
  std::string bytes = EncodeFileExtraction(x);
  FileExtraction out;
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_FALSE(DecodeFileExtraction(bytes.substr(0, n), &out)) << "prefix of " << n;
  }
  EXPECT_FALSE(DecodeFileExtraction(bytes + "x", &out));  // trailing bytes
  std::string other = bytes;
  other[0] = 12;  // another layout
  EXPECT_FALSE(DecodeFileExtraction(other, &out));
  // A flipped bit anywhere: refused, or read as some other well-formed
  // extraction; never a crash (the sanitizer build checks the reads).
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::string flipped = bytes;
    flipped[i] = static_cast<char>(flipped[i] ^ 0x40);
    FileExtraction y;
    (void)DecodeFileExtraction(flipped, &y);
  }
}

TEST(ExtractionCache, VersionNamesThisBuild) {
  const std::string& v = ExtractionCacheVersion();
  EXPECT_EQ(v.rfind("layout 11 build ", 0), 0u) << v;
  EXPECT_GT(v.size(), std::string("layout 1 build ").size() + 16) << v;
}

}  // namespace
}  // namespace errdex
