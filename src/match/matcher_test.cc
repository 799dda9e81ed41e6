// Matcher tests: tiers, ranking, captures, filters, and hostile queries.
#include "errdex/matcher.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "errdex/input.h"

namespace errdex {
namespace {

// Seed 004 (sgl-project/sglang), with the pattern errdex must produce: every
// f-string fragment present and each hole a lazy group.
constexpr char kSeed004Pattern[] =
    R"(\[weight_cache:([\s\S]*?)\] quantization method ([\s\S]*?) is not verified for CUDA IPC )"
    R"(zero-copy weight sharing\. Its process_weights_after_loading may stamp Python-side )"
    R"(metadata \(e\.g\. format_ue8m0\) or repack/transpose weights into shapes the )"
    R"(meta-initialized client cannot reproduce, which would silently serve wrong-numerics )"
    R"(weights\. Verified methods: ([\s\S]*?)\. Note: FP8 is only verified for block-wise )"
    R"(configs \(weight_block_size set\), not per-tensor FP8\. Disable the weight cache )"
    R"(\(--weight-cache-mode off\) for this model\.)";

constexpr char kSeed004Rendered[] =
    "[weight_cache:daemon] quantization method 'awq' is not verified for CUDA IPC zero-copy "
    "weight sharing. Its process_weights_after_loading may stamp Python-side metadata (e.g. "
    "format_ue8m0) or repack/transpose weights into shapes the meta-initialized client cannot "
    "reproduce, which would silently serve wrong-numerics weights. Verified methods: 'fp8', '' "
    "(unquantized). Note: FP8 is only verified for block-wise configs (weight_block_size set), "
    "not per-tensor FP8. Disable the weight cache (--weight-cache-mode off) for this model.";

Record MakeRecord(std::string id, std::string message, std::string pattern,
                  std::vector<HoleInfo> holes = {}, std::string error_class = "",
                  std::string repo = "acme/app") {
  Record r;
  r.id = std::move(id);
  r.repo = std::move(repo);
  r.error_message = std::move(message);
  r.message_pattern = std::move(pattern);
  r.holes = std::move(holes);
  r.error_class = std::move(error_class);
  r.file_path = "app/core.py";
  r.line_number = 10;
  return r;
}

Record Seed004() {
  Record r = MakeRecord(
      "3240b402b0844988",
      "[weight_cache:{where}] quantization method {quant_method!r} is not verified for CUDA IPC "
      "zero-copy weight sharing. Its process_weights_after_loading may stamp Python-side "
      "metadata (e.g. format_ue8m0) or repack/transpose weights into shapes the meta-initialized "
      "client cannot reproduce, which would silently serve wrong-numerics weights. Verified "
      "methods: {verified}. Note: FP8 is only verified for block-wise configs (weight_block_size "
      "set), not per-tensor FP8. Disable the weight cache (--weight-cache-mode off) for this "
      "model.",
      kSeed004Pattern,
      {{"{where}", "where"}, {"{quant_method!r}", "quant_method"}, {"{verified}", "verified"}},
      "UnsupportedQuantForIPCError", "sgl-project/sglang");
  r.file_path = "python/sglang/srt/weight_cache/protocol.py";
  r.line_number = 189;
  return r;
}

// `n` records of words no test paste uses, so that a test's own words are
// rare in the corpus (as in a real one of many repositories).
void AddFillers(std::vector<Record>* rs, int n) {
  for (int i = 0; i < n; ++i) {
    std::string k = std::to_string(i);
    rs->push_back(MakeRecord("filler" + k, "widget " + k + " rejected the sprocket",
                             "widget " + k + " rejected the sprocket"));
  }
}

// A small corpus of unrelated records, so fuzzy weights mean something.
std::vector<Record> Corpus() {
  std::vector<Record> rs;
  rs.push_back(Seed004());
  rs.push_back(MakeRecord("a1", "could not open config file {path}",
                          R"(could not open config file ([\s\S]*?))", {{"{path}", "path"}},
                          "FileNotFoundError"));
  rs.push_back(MakeRecord("a2", "batch size must be positive, got {n}",
                          R"(batch size must be positive, got ([-+]?\d+))", {{"{n}", "n"}},
                          "ValueError"));
  rs.push_back(MakeRecord("a3", "tokenizer vocabulary does not match the model embedding size",
                          R"(tokenizer vocabulary does not match the model embedding size)", {},
                          "ValueError"));
  rs.push_back(MakeRecord("a4", "unknown attention backend {name}; expected one of {choices}",
                          R"(unknown attention backend ([\s\S]*?); expected one of ([\s\S]*?))",
                          {{"{name}", "name"}, {"{choices}", "choices"}}, "ValueError"));
  return rs;
}

const Capture* FindCapture(const Match& m, const std::string& name) {
  for (const Capture& c : m.captures) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

TEST(MatcherTest, Seed004RenderedInstanceMatchesWithCaptures) {
  Matcher matcher(Corpus());
  EXPECT_TRUE(matcher.bad_patterns().empty());
  Query q;
  q.message = kSeed004Rendered;
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  const Match& m = hits[0];
  EXPECT_EQ(m.record->id, "3240b402b0844988");
  EXPECT_EQ(m.match_type, "pattern");
  EXPECT_GT(m.score, 0.9);  // full match, the literals are most of the text
  EXPECT_LE(m.score, 1.0);
  ASSERT_EQ(m.captures.size(), 3u);
  EXPECT_EQ(FindCapture(m, "where")->value, "daemon");
  EXPECT_EQ(FindCapture(m, "quant_method")->value, "'awq'");
  EXPECT_EQ(FindCapture(m, "verified")->value, "'fp8', '' (unquantized)");
}

TEST(MatcherTest, Seed004FromTracebackWithDottedClass) {
  Matcher matcher(Corpus());
  std::string tb =
      "Traceback (most recent call last):\n"
      "  File \"/srv/sglang/python/sglang/srt/weight_cache/protocol.py\", line 189, in "
      "check_ipc_quant_support\n"
      "    raise UnsupportedQuantForIPCError(\n"
      "sglang.srt.weight_cache.protocol.UnsupportedQuantForIPCError: " +
      std::string(kSeed004Rendered) + "\n";
  std::vector<ErrorText> errors = ParseInput(tb);
  ASSERT_EQ(errors.size(), 1u);
  Query with_class;
  with_class.message = errors[0].message;
  with_class.error_class = errors[0].error_class;
  Query without_class = with_class;
  without_class.error_class.clear();
  std::vector<Match> a = matcher.Find(with_class);
  std::vector<Match> b = matcher.Find(without_class);
  ASSERT_FALSE(a.empty());
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(a[0].record->id, "3240b402b0844988");
  EXPECT_GE(a[0].score, b[0].score);
}

// netty's `checkNotNull(metadata, "metadata")` throws an NPE whose message is
// the parameter's name: that name alone is its paste, and the same word
// inside another message ("cargo metadata failed", where it is over a
// third of the text) is no evidence for it.
TEST(MatcherTest, AOneNameMessageIsThatNameAlone) {
  std::vector<Record> rs;
  AddFillers(&rs, 50);
  rs.push_back(MakeRecord("npe", "metadata", "metadata", {}, "NullPointerException"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "cargo metadata failed";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.record->id, "npe") << m.score;
  q.message = "metadata";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "npe");
}

TEST(MatcherTest, ClassAgreementDecidesBetweenEqualPatterns) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("r1", "cannot read {path}", R"(cannot read ([\s\S]*?))",
                          {{"{path}", "path"}}, "FileNotFoundError"));
  rs.push_back(MakeRecord("r2", "cannot read {path}", R"(cannot read ([\s\S]*?))",
                          {{"{path}", "path"}}, "PermissionError"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "cannot read /etc/shadow";
  q.error_class = "PermissionError";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "r2");
  EXPECT_GT(hits[0].score, hits[1].score);

  q.error_class = "builtins.FileNotFoundError";  // dotted: compare the last component
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "r1");

  q.error_class.clear();  // no class: equal scores, ties broken by id
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].score, hits[1].score);
  EXPECT_EQ(hits[0].record->id, "r1");
}

// sqldelight's "Failed to compile $element :\n${element.text}" prints the
// statement it failed on: the SQL lines of a paste are that value, and a
// long statement does not push the record under the confidence bar.
TEST(MatcherTest, ABlockAfterTheTemplatesLineBreakIsItsValue) {
  std::vector<Record> rs = Corpus();
  AddFillers(&rs, 60);
  rs.push_back(MakeRecord("compile", "Failed to compile {element} :\n{text}",
                          R"(Failed to compile ([\s\S]*?) :\n([\s\S]*?))",
                          {{"{element}", "element"}, {"{text}", "element.text"}},
                          "IllegalStateException"));
  Matcher matcher(std::move(rs));
  std::string paste =
      "Failed to compile SqlCompoundSelectStmtImpl(COMPOUND_SELECT_STMT): [] :\nSELECT";
  for (const char* column : {"their_id", "is_outstanding", "_id", "payment_token",
                             "payment_render_data", "sender_render_data", "recipient_render_data",
                             "loyalty_render_data", "state", "role", "amount"}) {
    paste += std::string("\n  ") + column + ",";
  }
  Query q;
  q.message = paste;
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "compile");
  EXPECT_GT(hits[0].score, 0.6);
}

// nginx logs "upstream timed out" at error level in its HTTP proxy and at
// info level in its mail proxy: the error is the likelier paste.
TEST(MatcherTest, InformationLevelRecordRanksBelowTheSameErrorText) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("a-info", "upstream timed out while reading {what}",
                          R"(upstream timed out while reading ([\s\S]*?))", {{"{what}", "what"}}));
  rs.back().severity = "info";
  rs.push_back(MakeRecord("b-error", "upstream timed out while reading {what}",
                          R"(upstream timed out while reading ([\s\S]*?))", {{"{what}", "what"}}));
  rs.back().severity = "error";
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "upstream timed out while reading response header";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "b-error");
  EXPECT_GT(hits[0].score, hits[1].score);
}

TEST(MatcherTest, MoreSpecificPatternRanksFirst) {
  std::vector<Record> rs;
  rs.push_back(
      MakeRecord("generic", "invalid value: {v}", R"(invalid value: ([\s\S]*?))", {{"{v}", "v"}}));
  rs.push_back(MakeRecord("specific", "invalid value: {v} for option {o}",
                          R"(invalid value: ([\s\S]*?) for option ([\s\S]*?))",
                          {{"{v}", "v"}, {"{o}", "o"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "invalid value: 7 for option --threads";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "specific");
  EXPECT_EQ(FindCapture(hits[0], "o")->value, "--threads");
  EXPECT_GT(hits[0].score, hits[1].score);
}

// starship logs "Failed to load config value: {e}" around its own
// "Error in '{display_name}' at '{key}': {msg}"; redis's "Failed to load
// %s: %s" reads the same line with its strerror hole over starship's
// message. That hole prints the OS's short sentences, never a quoted value
// with a cause after a colon: redis is not lifted as the wrapper of the
// OS's text, and the two starship records rank first, the inner one above
// its wrapper.
TEST(MatcherTest, StrerrorHoleHoldsNoOtherProgramsMessage) {
  // Unrelated records, so that "failed" and "load" are rare words.
  std::vector<Record> rs = Corpus();
  AddFillers(&rs, 60);
  rs.push_back(MakeRecord(
      "redis", "Failed to load config %s: %s", R"(Failed to load config ([\s\S]*?): ([\s\S]*?))",
      {{"%s", "ctx_config->dh_params_file"}, {"%s", "strerror(errno)"}}, "", "redis/redis"));
  rs.push_back(MakeRecord("config", "Failed to load config value: {e}",
                          R"(Failed to load config value: ([\s\S]*?))", {{"{e}", "e"}}, "",
                          "starship/starship"));
  rs.push_back(MakeRecord("serde", "Error in '{display_name}' at '{key}': {msg}",
                          R"(Error in '([\s\S]*?)' at '([\s\S]*?)': ([\s\S]*?))",
                          {{"{display_name}", "display_name"}, {"{key}", "key"}, {"{msg}", "msg"}},
                          "", "starship/starship"));
  rs.push_back(MakeRecord("other", "Could not open %s: %s",
                          R"(Could not open ([\s\S]*?): ([\s\S]*?))",
                          {{"%s", "path"}, {"%s", "strerror(errno)"}}, "", "redis/redis"));
  rs.push_back(MakeRecord("enoent", "No such file {name}", R"(No such file ([\s\S]*?))",
                          {{"{name}", "name"}}, "", "acme/app"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "[WARN] - (starship::config): Failed to load config value: Error in 'CmdDuration' at "
      "'command_timeout': Unknown key";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "serde");
  EXPECT_EQ(hits[1].record->id, "config");
  EXPECT_EQ(hits[2].record->id, "redis");
  // The OS's own sentence in the hole is still what the wrapper printed.
  q.message = "Could not open /etc/x.conf: No such file or directory";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "other");
}

// Black put its version into the first sentence of "INTERNAL ERROR: ..
// produced invalid code: {exc}. Please report a bug on {url}.  This
// invalid output might be helpful: {log}", and moved its issue tracker; a
// paste from before matches no pattern of Black's. Another program's
// "cannot format {src}: {err}" matches its first words, too weakly to be an
// answer: the question goes on to the fuzzy tier, which finds Black's
// record by the words the paste shares with it.
TEST(MatcherTest, WeakPatternHitLeavesTheQuestionToTheFuzzyTier) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord(
      "black",
      "INTERNAL ERROR: Black {__version__} on Python ({impl}) {ver} produced invalid code: {exc}. "
      "Please report a bug on https://github.com/psf/black/issues.  This invalid output might be "
      "helpful: {log}",
      R"(INTERNAL ERROR: Black ([\s\S]*?) on Python \(([\s\S]*?)\) ([\s\S]*?) produced invalid )"
      R"(code: ([\s\S]*?)\. Please report a bug on https://github\.com/psf/black/issues\.  This )"
      R"(invalid output might be helpful: ([\s\S]*?))",
      {{"{__version__}", "__version__"},
       {"{impl}", "impl"},
       {"{ver}", "ver"},
       {"{exc}", "exc"},
       {"{log}", "log"}},
      "", "psf/black"));
  rs.push_back(MakeRecord("wrapper", "cannot format {src}: {err}",
                          R"(cannot format ([\s\S]*?): ([\s\S]*?))",
                          {{"{src}", "src"}, {"{err}", "err"}}, "", "other/formatter"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "error: cannot format main.py: INTERNAL ERROR: Black produced invalid code: invalid syntax "
      "(<unknown>, line 17). Please report a bug on https://github.com/ambv/black/issues.  This "
      "invalid output might be helpful: /tmp/blk_odxoe7vn.log";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "black");
  EXPECT_EQ(hits[0].match_type, "fuzzy");
}

// ioredis raises "Connection is closed." at several sites and wraps it once
// in "Too many Cluster redirections. Last error: " + error. The cause does
// not say which site it came from; the one wrapper does and ranks first.
// Raised at one site, the cause is the specific link and ranks first.
TEST(MatcherTest, CauseRaisedAtManySitesYieldsToItsOneWrapper) {
  auto build = [](int closed_sites) {
    // Unrelated records, so that the cause's words stay rare at four sites.
    std::vector<Record> rs = Corpus();
    AddFillers(&rs, 200);
    Record wrapper =
        MakeRecord("redirections", "Too many Cluster redirections. Last error: ${error}",
                   R"(Too many Cluster redirections\. Last error: ([\s\S]*?))",
                   {{"${error}", "error"}}, "Error", "redis/ioredis");
    wrapper.file_path = "lib/cluster/index.ts";
    wrapper.line_number = 905;
    rs.push_back(wrapper);
    for (int i = 0; i < closed_sites; ++i) {
      Record closed = MakeRecord(
          "closed" + std::to_string(i), "Connection is closed by the sentinel manager.",
          R"(Connection is closed by the sentinel manager\.)", {}, "Error", "redis/ioredis");
      closed.file_path = "lib/file" + std::to_string(i) + ".ts";
      rs.push_back(closed);
    }
    return Matcher(std::move(rs));
  };
  Query q;
  q.message =
      "Error: Too many Cluster redirections. Last error: Error: Connection is closed by the "
      "sentinel manager.";
  Matcher shared = build(4);
  std::vector<Match> hits = shared.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "redirections");
  Matcher one = build(1);
  hits = one.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "closed0");
}

// A short message without holes that the paste's sentence goes on from
// is a phrase of another message: wasm-bindgen's "uncaught exception"
// inside libc++abi's "terminating with uncaught exception of type ..". Followed by a field
// (fluentd's "no patterns matched tag=\"x\"") it is still the message.
TEST(MatcherTest, ShortMessageInsideAnotherSentenceIsAPhrase) {
  std::vector<Record> rs = Corpus();
  AddFillers(&rs, 200);
  rs.push_back(MakeRecord("uncaught", "uncaught exception", "uncaught exception", {}, "",
                          "rustwasm/wasm-bindgen"));
  rs.push_back(MakeRecord("nomatch", "no patterns matched", "no patterns matched", {}, "",
                          "fluent/fluentd"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "libc++abi: terminating with uncaught exception of type std::bad_alloc: std::bad_alloc";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.record->id, "uncaught");
  // Where the message ends its sentence, it is the message.
  q.message = "wasm-bindgen: uncaught exception";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "uncaught");
  q.message = "2018-06-26 17:50:01 -0700 [warn]: #0 no patterns matched tag=\"SNMPTag\"";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "nomatch");
}

// Redis quoted the command with backticks before 7.0 and with single quotes
// since: a paste from either version finds the record, and its captures keep
// the pasted text.
TEST(MatcherTest, QuotesOfAnotherVersionStillMatch) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord("redis", "unknown command '{cmd}', with args beginning with: {args}",
                          R"(unknown command '([\s\S]*?)', with args beginning with: ([\s\S]*?))",
                          {{"{cmd}", "cmd"}, {"{args}", "args"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "ERR unknown command `FT.CREATE`, with args beginning with: `idx`, `ON`, ";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "redis");
  EXPECT_EQ(hits[0].match_type, "pattern");
  EXPECT_EQ(FindCapture(hits[0], "cmd")->value, "FT.CREATE");
  EXPECT_EQ(FindCapture(hits[0], "args")->value, "`idx`, `ON`,");
}

// yaml-cpp appended the file name to "bad file" in a later version: a paste
// from before still finds the record, but a template that has no such value
// matches it better.
TEST(MatcherTest, ValueAfterAColonMayBeMissing) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord("badfile", "error at line {line}: bad file: {filename}",
                          R"(error at line ([\s\S]*?): bad file: ([\s\S]*?))",
                          {{"{line}", "line"}, {"{filename}", "filename"}}, "BadFile"));
  Query old_paste;
  old_paste.message = "error at line 0: bad file";
  Query new_paste;
  new_paste.message = "error at line 0: bad file: config.yaml";
  {
    Matcher matcher(rs);
    std::vector<Match> a = matcher.Find(old_paste);
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a[0].record->id, "badfile");
    EXPECT_EQ(FindCapture(a[0], "filename")->value, "");
    std::vector<Match> b = matcher.Find(new_paste);
    ASSERT_FALSE(b.empty());
    EXPECT_EQ(b[0].record->id, "badfile");
    EXPECT_EQ(FindCapture(b[0], "filename")->value, "config.yaml");
  }
  rs.push_back(MakeRecord("exact", "error at line {line}: bad file",
                          R"(error at line ([\s\S]*?): bad file)", {{"{line}", "line"}}));
  Matcher matcher(std::move(rs));
  std::vector<Match> hits = matcher.Find(old_paste);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "exact");
  EXPECT_EQ(hits[1].record->id, "badfile");
  EXPECT_GT(hits[0].score, hits[1].score);
}

// kotlinx.serialization's InvalidKeyKindException(..) builds the text that
// two encoders throw: with nothing in the paste to choose, the factory that
// writes the text comes first, then its callers.
TEST(MatcherTest, TheCodeThatWritesTheTextBeforeItsCallers) {
  std::vector<Record> rs = Corpus();
  for (const char* id : {"caller-a", "factory", "caller-b"}) {
    rs.push_back(MakeRecord(id, "Value of type '{name}' can't be used in JSON as a key",
                            R"(Value of type '([\s\S]*?)' can't be used in JSON as a key)",
                            {{"{name}", "name"}}, "JsonEncodingException"));
    if (std::string_view(id) != "factory") rs.back().message_from = "JsonExceptions.kt:57";
  }
  rs[rs.size() - 3].file_path = "a/TreeJsonEncoder.kt";
  rs[rs.size() - 3].other_lines = {242};
  rs[rs.size() - 2].file_path = "z/JsonExceptions.kt";
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Value of type 'MyId' can't be used in JSON as a key";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "factory");
  EXPECT_EQ(hits[0].score, hits[1].score);
}

// "Error: " before a message is a label outside JavaScript (click, cobra,
// a Rust main): it neither agrees nor differs with a Python record's class.
TEST(MatcherTest, ErrorLabelIsNotAClassOutsideJavaScript) {
  std::vector<Record> rs = Corpus();
  rs.push_back(
      MakeRecord("click", "Invalid value for {param_hint}: {value!r} is not one of {choices}.",
                 R"(Invalid value for ([\s\S]*?): ([\s\S]*?) is not one of ([\s\S]*?)\.)",
                 {{"{param_hint}", "param_hint"}, {"{value!r}", "value"}, {"{choices}", "choices"}},
                 "BadParameter"));
  rs.back().language = "python";
  Matcher matcher(std::move(rs));
  Query labelled;
  labelled.message = "Invalid value for '--mode': 'big' is not one of 'a', 'b'.";
  labelled.error_class = "Error";
  Query bare = labelled;
  bare.error_class.clear();
  std::vector<Match> a = matcher.Find(labelled);
  std::vector<Match> b = matcher.Find(bare);
  ASSERT_FALSE(a.empty());
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(a[0].record->id, "click");
  EXPECT_EQ(a[0].score, b[0].score);
  EXPECT_EQ(a[0].reason.find("class differs"), std::string::npos) << a[0].reason;
}

TEST(MatcherTest, RepoFilter) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("x1", "model not loaded", "model not loaded", {}, "", "org/one"));
  rs.push_back(MakeRecord("x2", "model not loaded", "model not loaded", {}, "", "org/two"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "model not loaded";
  EXPECT_EQ(matcher.Find(q).size(), 2u);
  q.repo = "org/two";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "x2");
  q.repo = "org/none";
  EXPECT_TRUE(matcher.Find(q).empty());
}

TEST(MatcherTest, LimitCapsResults) {
  std::vector<Record> rs;
  for (int i = 0; i < 8; ++i) {
    rs.push_back(MakeRecord("id" + std::to_string(i), "disk is full", "disk is full"));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "disk is full";
  q.limit = 3;
  EXPECT_EQ(matcher.Find(q).size(), 3u);
}

TEST(MatcherTest, PatternsWithoutLiteralTextNeverMatchByPattern) {
  std::vector<Record> rs;
  Record opaque = MakeRecord("opaque", "{e}", R"(([\s\S]*?))", {{"{e}", "e"}});
  opaque.message_opaque = true;
  rs.push_back(opaque);
  rs.push_back(MakeRecord("bare", "{}", R"(([\s\S]*?))", {{"{}", ""}}));
  rs.push_back(
      MakeRecord("colon", "{}: {}", R"(([\s\S]*?): ([\s\S]*?))", {{"{}", ""}, {"{}", ""}}));
  Record opaque_text = MakeRecord("opaque2", "failed: {exc}", R"(failed: ([\s\S]*?))");
  opaque_text.message_opaque = true;
  rs.push_back(opaque_text);
  Matcher matcher(std::move(rs));
  for (const char* text : {"anything at all", "x: y", "failed: boom", ""}) {
    Query q;
    q.message = text;
    for (const Match& m : matcher.Find(q)) {
      EXPECT_NE(m.match_type, "pattern") << text << " -> " << m.record->id;
    }
  }
}

TEST(MatcherTest, FuzzyNearMissScoresBelowPatternHits) {
  Matcher matcher(Corpus());
  Query exact;
  exact.message = "tokenizer vocabulary does not match the model embedding size";
  std::vector<Match> p = matcher.Find(exact);
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0].match_type, "pattern");

  Query near;  // reworded: two words changed, one dropped
  near.message = "tokenizer vocabulary doesn't match model embedding dimension";
  std::vector<Match> f = matcher.Find(near);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].match_type, "fuzzy");
  EXPECT_EQ(f[0].record->id, "a3");
  EXPECT_LT(f[0].score, p[0].score);
  EXPECT_LT(f[0].score, 0.6);
  EXPECT_GE(f[0].score, 0.59 * 0.5);

  // An older wording of seed 004's message: it shares the first sentence,
  // but goes on with other words, so it is a near miss, not a partial match.
  Query seed;
  seed.message =
      "[weight_cache:client] quantization method 'gptq' is not verified for CUDA IPC zero-copy "
      "weight sharing. Disable the weight cache (--weight-cache-mode off)";
  f = matcher.Find(seed);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].match_type, "fuzzy");
  EXPECT_EQ(f[0].record->id, "3240b402b0844988");
}

TEST(MatcherTest, NoiseReturnsNothing) {
  Matcher matcher(Corpus());
  for (const char* text :
       {"lorem ipsum dolor sit amet, consectetur adipiscing elit",
        "the quick brown fox jumps over the lazy dog", "model", "(a+)+$", "?", "   "}) {
    Query q;
    q.message = text;
    EXPECT_TRUE(matcher.Find(q).empty()) << text;
  }
}

TEST(MatcherTest, ExactCodeRanksFirst) {
  std::vector<Record> rs;
  Record coded = MakeRecord("coded", "quota exceeded", "quota exceeded");
  coded.error_code = "E1234";
  rs.push_back(coded);
  Record dashed = MakeRecord("dashed", "limit reached", "limit reached");
  dashed.error_code = "ERR-RATE.LIMIT";
  rs.push_back(dashed);
  rs.push_back(MakeRecord("plain", "request failed: {why}", R"(request failed: ([\s\S]*?))",
                          {{"{why}", "why"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "request failed: E1234 quota exceeded";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "coded");
  EXPECT_EQ(hits[0].match_type, "exact-code");
  EXPECT_DOUBLE_EQ(hits[0].score, 1.0);
  EXPECT_EQ(hits[1].record->id, "plain");

  q.message = "request failed: E12345";  // not the whole word
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "plain");

  q.message = "server said ERR-RATE.LIMIT, retry later";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "dashed");
  EXPECT_EQ(hits[0].match_type, "exact-code");
}

// A library that tags every error with a category (flyway's
// CoreErrorCode.ERROR, Rust's io::ErrorKind::Other) must not draw every log
// line that says ERROR to one record.
TEST(MatcherTest, CategoryWordCodeOnlySupportsAMatchingMessage) {
  std::vector<Record> rs;
  Record tagged = MakeRecord("tagged", "Unable to get canonical path for file {p}",
                             R"(Unable to get canonical path for file ([\s\S]*?))", {{"{p}", "p"}});
  tagged.error_code = "ERROR";
  rs.push_back(tagged);
  Record other = MakeRecord("kind", "stream closed early", "stream closed early");
  other.error_code = "Other";
  rs.push_back(other);
  // Any enum variant's name is a kind (sqlx's io::ErrorKind::Unsupported).
  Record variant = MakeRecord("variant", "Unix domain sockets are not supported on this platform",
                              "Unix domain sockets are not supported on this platform");
  variant.error_code = "Unsupported";
  rs.push_back(variant);
  rs.push_back(MakeRecord("plain", "disk quota exceeded", "disk quota exceeded"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "2024-01-02 10:00:01 ERROR [main] disk quota exceeded";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "plain");

  q.message = "Other people see this too: ERROR in the build";
  EXPECT_TRUE(matcher.Find(q).empty());
  q.message = "FlywayException: Unsupported Database: MySQL 8.0";
  EXPECT_TRUE(matcher.Find(q).empty());

  q.message = "ERROR: Unable to get canonical path for file /tmp/x";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "tagged");
  EXPECT_NE(hits[0].match_type, "exact-code");
}

// Pastes quoted in prose lose the message's final period.
TEST(MatcherTest, FinalPeriodIsOptional) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("dup",
                          "Schema must contain uniquely named types but contains multiple "
                          "types named \"{typeName}\".",
                          R"(Schema must contain uniquely named types but contains multiple types )"
                          R"re(named "([\s\S]*?)"\.)re",
                          {{"{typeName}", "typeName"}}));
  rs.push_back(MakeRecord("cfg", "Must provide configuration object.",
                          R"(Must provide configuration object\.)"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Schema must contain uniquely named types but contains multiple types named "
      "\"Name\"` where for my schema Name may be PageInfo";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "dup");
  EXPECT_EQ(FindCapture(hits[0], "typeName")->value, "Name");
  q.message = "Error: Must provide configuration object";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "cfg");
}

// A paste that elides the end of a long value loses the bracket closing it:
// golang-migrate's "migration failed in line %v: %s (details: %v)" pasted
// with the SQL error cut at "near '...'" still finds its record, and a paste
// with the bracket captures the same text as before.
TEST(MatcherTest, ClosingBracketAfterAFinalHoleMayBeCutOff) {
  std::vector<Record> rs;
  rs.push_back(
      MakeRecord("migrate", "migration failed in line %v: %s (details: %v)",
                 R"re(migration failed in line ([\s\S]*?): ([\s\S]*?) \(details: ([\s\S]*?)\))re",
                 {{"%v", "e.Line"}, {"%s", "e.Query"}, {"%v", "e.OrigErr"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "failed migrating: migration failed in line 0: START TRANSACTION;\n...\nCOMMIT;\n "
      "(details: Error 1064: You have an error in your SQL syntax near '...'";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "migrate");
  EXPECT_EQ(hits[0].captures.back().value,
            "Error 1064: You have an error in your SQL syntax near '...'");
  q.message = "migration failed in line 3: DROP x (details: no such table) at startup";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].captures.back().value, "no such table");
  EXPECT_EQ(hits[0].match_type, "pattern");
}

// A clone URL ("yew.git") in a paste does not name git/git: a weak hit of
// git's "failed to %s: %d" over a cargo resolver dump stays unconfident,
// while a paste that says "git" as a word still lends it support.
TEST(MatcherTest, CloneUrlDoesNotNameTheGitRepository) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("osxkeychain", "failed to %s: %d", R"re(failed to ([\s\S]*?): (-?\d+))re",
                          {{"%s", "argv[1]"}, {"%d", "(int)result"}}, "", "git/git"));
  for (const char* m : {"failed to select a version", "failed to open the file",
                        "failed to parse the manifest", "version conflict in the package"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "error: failed to select a version for `cfg-if`.\n"
      "    ... required by package `wasm-bindgen v0.2.60`\n"
      "    ... which is depended on by `yew v0.17.2 (https://example.org/yew.git?branch=master)`\n"
      "    ... which is depended on by `ui v0.1.0 (/home/u/ui)`\n"
      "versions that meet the requirements `^0.1.9` are: 0.1.10, 0.1.9";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.record->id, "osxkeychain");
  q.message += "\n(running under git 2.39)";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "osxkeychain");
}

// The system's error text in a wrapper's hole (tmux's "error connecting to
// %s (%s)" with strerror(errno)) is the OS's message: another library's
// "No such file {name}" matching inside it does not outrank the wrapper.
TEST(MatcherTest, WordsInsideASystemErrorHoleAreTheOperatingSystems) {
  std::vector<Record> rs;
  Record tmux = MakeRecord("tmux", "error connecting to %s (%s)",
                           R"re(error connecting to ([\s\S]*?) \(([\s\S]*?)\))re",
                           {{"%s", "socket_path"}, {"%s", "strerror(errno)"}}, "", "tmux/tmux");
  tmux.language = "c";
  rs.push_back(tmux);
  Record cli = MakeRecord(
      "cli", "No such file #{opts[:config_file]}", R"re(No such file ([\s\S]*?))re",
      {{"#{opts[:config_file]}", "opts[:config_file]"}}, "ArgumentError", "sidekiq/sidekiq");
  cli.language = "ruby";
  rs.push_back(cli);
  // Common words ("error", "connecting") weigh little, as in a real corpus.
  for (const char* m : {"error connecting to database", "error connecting to broker",
                        "error connecting to peer", "error reading reply", "error writing"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  for (const char* paste : {"error connecting to /tmp/tmux-1000/default (No such file or "
                            "directory)",
                            "error connecting to /tmp/tmux-1000/default (No such file or "
                            "directory)\nerror connecting to /tmp/tmux-1000/default (No such "
                            "file or directory)"}) {
    q.message = paste;
    std::vector<Match> hits = matcher.Find(q);
    ASSERT_GE(hits.size(), 2u) << paste;
    EXPECT_EQ(hits[0].record->id, "tmux") << paste;
    EXPECT_GT(hits[0].score, hits[1].score) << paste;
  }
}

// An errno text that one repository raises on its own ("Permission denied")
// is the system's message when it fills another record's hole, whatever that
// hole is named (ccache's `result.error().message()`): the wrapper, which
// says what failed, is the answer.
TEST(MatcherTest, ABareErrnoTextInsideAWrapperIsTheSystems) {
  std::vector<Record> rs;
  Record wrapper = MakeRecord("ccache", "Failed to create directory {}: {}",
                              R"re(Failed to create directory ([\s\S]*?): ([\s\S]*?))re",
                              {{"{}", "dir"}, {"{}", "result.error().message()"}}, "core::Fatal",
                              "ccache/ccache");
  wrapper.language = "cpp";
  rs.push_back(wrapper);
  Record bare = MakeRecord("ssh", "Permission denied", "Permission denied", {}, "", "openssh/ssh");
  bare.language = "c";
  rs.push_back(bare);
  // The wrapper's words are common in a real corpus, the errno text's rare.
  for (const char* m : {"Failed to create file", "Failed to create socket", "Failed to read",
                        "Failed to create directory", "could not create directory",
                        "Failed to open directory", "directory failed", "create failed"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "ccache: error: Failed to create directory /run/user/0/ccache-tmp: Permission denied";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "ccache");
  EXPECT_GT(hits[0].score, hits[1].score);
  q.message = "Permission denied";  // on its own it is the record that says it
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "ssh");
}

// Go's io/fs texts are the runtime's, as strerror's are C's: helm's bare
// "file does not exist" inside golang-migrate's `%w` does not outrank the
// wrapper that says what failed. A template whose hole holds most of the
// paste ("%s file does not exist") wraps nothing and is not lifted.
TEST(MatcherTest, GosFileDoesNotExistInsideAWrapperIsTheRuntimes) {
  std::vector<Record> rs;
  Record wrapper = MakeRecord("migrate", "no migration found for version %d: %w",
                              R"re(no migration found for version ([\s\S]*?): ([\s\S]*?))re",
                              {{"%d", "version"}, {"%w", "err"}}, "", "golang-migrate/migrate");
  wrapper.language = "go";
  rs.push_back(wrapper);
  Record bare =
      MakeRecord("helm", "file does not exist", "file does not exist", {}, "", "helm/helm");
  bare.language = "go";
  rs.push_back(bare);
  Record heavy =
      MakeRecord("rack", "#{path} file does not exist", R"re(([\s\S]*?) file does not exist)re",
                 {{"#{path}", "path"}}, "", "rack/rack");
  heavy.language = "ruby";
  rs.push_back(heavy);
  for (const char* m : {"no migration", "version mismatch", "found no files", "migration failed",
                        "read failed", "invalid version"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "error: no migration found for version 1: read down for version 1 .: file does not "
      "exist";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "migrate");
  // The runtime's text inside another program's message is no evidence for
  // a record that says only that text.
  for (const Match& m : hits) EXPECT_NE(m.record->id, "helm");
  q.message = "file does not exist";  // on its own it is the record that says it
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "helm");
}

// rubocop's "No such file or directory: #{file}" is the errno text and a
// path: inside a Ruby Errno::ENOENT message of another program it is no
// answer, and beside a wrapper that passes it on it lifts no looser wrapper
// above a closer one (pip's "Could not open requirements file: {exc}" over
// jq's "Could not open %s: %s").
TEST(MatcherTest, TemplatesOfTheSystemTextAloneAreNoEvidenceInALongerPaste) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("rubocop", "No such file or directory: #{file}",
                          R"re(No such file or directory: ([\s\S]*?))re", {{"#{file}", "file"}}, "",
                          "rubocop/rubocop"));
  rs.push_back(MakeRecord("pip", "Could not open requirements file: {exc}",
                          R"re(Could not open requirements file: ([\s\S]*?))re", {{"{exc}", "exc"}},
                          "", "pypa/pip"));
  rs.push_back(MakeRecord("jq", "Could not open %s: %s",
                          R"re(Could not open ([\s\S]*?): ([\s\S]*?))re",
                          {{"%s", "filename"}, {"%s", "strerror(errno)"}}, "", "jqlang/jq"));
  rs.push_back(MakeRecord("gem", "ERROR: Failed to build gem native extension.",
                          R"re(ERROR: Failed to build gem native extension\.)re", {}, "",
                          "rubygems/rubygems"));
  for (const char* m : {"not open", "no file", "directory", "failed to open", "requirements"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Could not open requirements file: [Errno 2] No such file or directory: "
      "'requirements.txt'";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "pip");
  q.message =
      "Gem::Ext::BuildError: ERROR: Failed to build gem native extension.\n\n"
      "extconf.rb:45:in `open': No such file or directory @ dir_initialize - /usr/bin/include "
      "(Errno::ENOENT)\n";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "gem");
  for (const Match& m : hits) EXPECT_NE(m.record->id, "rubocop");
}

// The same words read two ways: "could not find key in map" without a hole,
// and "could not find %s in %s" with holes over "key" and "map". Inside a
// wrapper's hole the looser reading, whose holes make it look like a
// message of its own, is not lifted above the wrapper, and never above the
// exact reading (helm's "could not find %s: %w" over go-yaml's "could not
// find expected ':'" ranked first inside helm's "YAML parse error on %s: %w").
TEST(MatcherTest, ALooserReadingOfExactWordsIsNotLifted) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("exact", "could not find key in map", "could not find key in map"));
  rs.push_back(MakeRecord("loose", "could not find %s in %s",
                          R"re(could not find ([\s\S]*?) in ([\s\S]*?))re",
                          {{"%s", "name"}, {"%s", "place"}}));
  rs.push_back(MakeRecord("wrapper", "reconciling deployment manifests failed: %s",
                          R"re(reconciling deployment manifests failed: ([\s\S]*?))re",
                          {{"%s", "err"}}));
  // The inner words are common, the wrapper's rare.
  for (const char* m : {"could not find chart", "could not find file", "could not read",
                        "key not found", "map is empty", "no key in map", "find failed",
                        "could not open", "not in map", "could not find a key"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "reconciling deployment manifests failed: could not find key in map";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 3u);
  EXPECT_NE(hits[0].record->id, "loose");
  auto at = [&](const char* id) {
    return std::find_if(hits.begin(), hits.end(),
                        [&](const Match& m) { return m.record->id == id; }) -
           hits.begin();
  };
  EXPECT_LT(at("exact"), at("loose"));
}

// Two templates of one function starting at the same word: "Command {0}
// failed." also reads "Command saslStart failed: Authentication failed.",
// its hole swallowing the other's ": " and the server's text. The one that
// wrote more of that span ranks first; a link nested in another's hole
// (not starting where it does) is still lifted above its wrapper.
TEST(MatcherTest, AShorterTemplateFromTheSameWordYieldsToTheLongerOne) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("short", "Command {0} failed.", R"re(Command ([\s\S]*?) failed\.)re",
                          {{"{0}", "commandName"}}));
  rs.push_back(MakeRecord("long", "Command {0} failed: {1}.",
                          R"re(Command ([\s\S]*?) failed: ([\s\S]*?)\.)re",
                          {{"{0}", "commandName"}, {"{1}", "errmsg"}}));
  rs.push_back(MakeRecord("inner", "Authentication failed for user {0}.",
                          R"re(Authentication failed for user ([\s\S]*?)\.)re", {{"{0}", "user"}}));
  for (const char* m : {"command not found", "failed to start", "authentication required",
                        "user unknown", "command rejected"}) {
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Command saslStart failed: Authentication failed.";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "long");
  EXPECT_EQ(hits[1].record->id, "short");
  q.message = "Command saslStart failed: Authentication failed for user admin.";
  hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "inner");
}

// "context: cause" from an error chain: the context's template has no hole,
// so the text after it is the cause's, the more specific answer.
TEST(MatcherTest, ACauseAfterAHolelessContextRanksFirst) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("reqwest", "error decoding response body", "error decoding response body",
                          {}, "", "seanmonstar/reqwest"));
  rs.push_back(MakeRecord("serde", "EOF while parsing a value at line {} column {}",
                          R"re(EOF while parsing a value at line (\d+) column (\d+))re",
                          {{"{}", "line"}, {"{}", "column"}}, "", "serde-rs/json"));
  // The cause's words are common in a real corpus, the context's rare, and
  // the corpus is large enough for rare words to weigh what they do there.
  for (int i = 0; i < 400; ++i) {
    std::string m = "filler" + std::to_string(i) + " message";
    rs.push_back(MakeRecord(m, m, m));
  }
  for (int i = 0; i < 30; ++i) {
    std::string m = "EOF while parsing a value at line column " + std::to_string(i);
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "error decoding response body: EOF while parsing a value at line 1 column 0";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "serde");
  EXPECT_TRUE(std::any_of(hits.begin(), hits.end(),
                          [](const Match& m) { return m.record->id == "reqwest"; }));
  q.message = "error decoding response body";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "reqwest");
}

// pgx: ConnectError prints its header and, on indented lines below it, one
// line per failed dial ("addr (host): dial error: <cause>"). The dial's
// context, written by the same library inside what the header lists, is
// the specific answer however few its words.
TEST(MatcherTest, AChainLinkListedUnderItsLibrarysHeaderRanksFirst) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord(
      "header", "failed to connect to `user=%s database=%s`:\n\t{details}",
      R"re(failed to connect to `user=([\s\S]*?) database=([\s\S]*?)`:\n\t([\s\S]*?))re",
      {{"%s", "user"}, {"%s", "database"}, {"{details}", "details"}}, "ConnectError", "jackc/pgx"));
  rs.push_back(MakeRecord("dial", "dial error: {err}", R"re(dial error: ([\s\S]*?))re",
                          {{"{err}", "err"}}, "", "jackc/pgx"));
  rs.push_back(MakeRecord("other", "dial error: {err}", R"re(dial error: ([\s\S]*?))re",
                          {{"{err}", "err"}}, "", "acme/other"));
  for (int i = 0; i < 400; ++i) {
    std::string m = "filler" + std::to_string(i) + " message";
    rs.push_back(MakeRecord(m, m, m));
  }
  for (int i = 0; i < 40; ++i) {
    std::string m = "dial error number " + std::to_string(i);
    rs.push_back(MakeRecord(m, m, m));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "failed to connect to `user=postgres database=postgres`:\n"
      "        127.0.0.1:5432 (localhost): dial error: dial tcp 127.0.0.1:5432: connect: "
      "connection refused\n"
      "        [::1]:5432 (localhost): dial error: dial tcp [::1]:5432: connect: connection "
      "refused";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "dial");
  EXPECT_EQ(hits[1].record->id, "header");
  // Another library's "dial error" is no link of pgx's chain.
  EXPECT_TRUE(std::none_of(hits.begin(), hits.end(),
                           [](const Match& m) { return m.record->id == "other"; }));
}

// Two templates with the same literals: the one whose printf verb can print
// the captured value ranks first (%q prints a quoted string, %T a type name,
// %d digits).
TEST(MatcherTest, TheVerbThatCanPrintTheValueRanksFirst) {
  std::vector<Record> rs;
  Record type = MakeRecord("type", "redis: can't parse reply=%T reading string",
                           R"re(redis: can't parse reply=([\s\S]*?) reading string)re",
                           {{"%T", "reply"}}, "", "redis/go-redis");
  Record quoted = MakeRecord("quoted", "redis: can't parse reply=%.100q reading string",
                             R"re(redis: can't parse reply=([\s\S]*?) reading string)re",
                             {{"%.100q", "line"}}, "", "redis/go-redis");
  Record number = MakeRecord("number", "redis: can't parse reply=%d reading string",
                             R"re(redis: can't parse reply=([\s\S]*?) reading string)re",
                             {{"%d", "n"}}, "", "redis/go-redis");
  rs.push_back(type);
  rs.push_back(quoted);
  rs.push_back(number);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "redis: can't parse reply=\"P\\x00\\x00\" reading string";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "quoted");
  EXPECT_GT(hits[0].score, hits[1].score);
  q.message = "redis: can't parse reply=*proto.RedisError reading string";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "type");
  EXPECT_GT(hits[0].score, hits[1].score);
  q.message = "redis: can't parse reply=42 reading string";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_NE(hits[0].record->id, "quoted");
  EXPECT_NE(hits[2].record->id, "number");
}

TEST(MatcherTest, BadPatternIsReportedAndDoesNotStopTheLoad) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord("broken", "shard {i} is missing its index file",
                          R"(shard (\d+ is missing its index file)", {{"{i}", "i"}}));
  Matcher matcher(std::move(rs));
  EXPECT_EQ(matcher.size(), 6u);
  matcher.CompileAll();  // patterns compile lazily
  ASSERT_EQ(matcher.bad_patterns().size(), 1u);
  EXPECT_EQ(matcher.bad_patterns()[0].rfind("broken: ", 0), 0u) << matcher.bad_patterns()[0];

  Query good;
  good.message = "batch size must be positive, got -3";
  std::vector<Match> hits = matcher.Find(good);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "a2");
  EXPECT_EQ(FindCapture(hits[0], "n")->value, "-3");

  Query broken;  // still reachable through the fuzzy tier
  broken.message = "shard 3 is missing its index file";
  hits = matcher.Find(broken);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "broken");
  EXPECT_EQ(hits[0].match_type, "fuzzy");
}

TEST(MatcherTest, CaptureNamesAndPartialMatches) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("names", "alpha={x} beta=%s gamma={}",
                          R"(alpha=([\s\S]*?) beta=([\s\S]*?) gamma=([\s\S]*?))",
                          {{"{x}", "x"}, {"%s", ""}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "alpha=1 beta=two gamma=three four";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  ASSERT_EQ(hits[0].captures.size(), 3u);
  EXPECT_EQ(hits[0].captures[0].name, "x");
  EXPECT_EQ(hits[0].captures[0].value, "1");
  EXPECT_EQ(hits[0].captures[1].name, "%s");
  EXPECT_EQ(hits[0].captures[2].name, "$3");
  EXPECT_EQ(hits[0].captures[2].value, "three four");  // a trailing hole gets it all
  double full = hits[0].score;

  // Only short non-words as literals ("a=%s b=%s") inside more text: no
  // evidence for the record on its own.
  std::vector<Record> weak;
  weak.push_back(MakeRecord("weak", "a={x} b=%s c={}", R"(a=([\s\S]*?) b=([\s\S]*?) c=([\s\S]*?))",
                            {{"{x}", "x"}, {"%s", ""}}));
  Matcher weak_matcher(std::move(weak));
  Query wq;
  wq.message = "worker 3 crashed while loading the user profile: a=1 b=two c=three";
  EXPECT_TRUE(weak_matcher.Find(wq).empty());

  q.message = "worker 3 crashed: alpha=1 beta=two gamma=three";  // embedded in more text
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].match_type, "pattern");
  EXPECT_LT(hits[0].score, full);
}

TEST(MatcherTest, MultiLineHoleValue) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("ml", "bad config:\n{dump}\nend", "bad config:\\n([\\s\\S]*?)\\nend",
                          {{"{dump}", "dump"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "bad config:\nkey: 1\nother: 2\nend";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].captures[0].value, "key: 1\nother: 2");
}

TEST(MatcherTest, InvalidUtf8InAHoleStillMatches) {
  Matcher matcher(Corpus());
  Query q;
  q.message = "could not open config file /tmp/\xff\xfe.yaml";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "a1");
  EXPECT_EQ(hits[0].captures[0].value,
            "/tmp/\xEF\xBF\xBD\xEF\xBF\xBD.yaml");  // one U+FFFD per bad byte
}

// Seconds to match `junk` whole and each error text parsed out of it.
double SecondsToMatch(const Matcher& matcher, const std::string& junk, std::vector<Match>* hits) {
  auto start = std::chrono::steady_clock::now();
  Query q;
  q.message = junk;
  *hits = matcher.Find(q);
  for (const ErrorText& e : ParseInput(junk)) {
    Query pq;
    pq.message = e.message;
    matcher.Find(pq);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(MatcherTest, HostileQueriesAreBoundedAndSafe) {
  Matcher matcher(Corpus());
  std::mt19937 rng(42);
  std::string junk(kMaxInputBytes, '\0');
  for (char& c : junk) c = static_cast<char>(rng());
  // Plant a real message inside the junk: it must still be found.
  std::string planted = "could not open config file /x";
  junk.replace(junk.size() / 2, planted.size(), planted);
  // "Linear, no blow-up", as a ratio to a sixteenth of the input timed in
  // the same run (a wall-clock bound failed under load): linear work is 16
  // times as long, quadratic 256 times.
  std::vector<Match> hits;
  double small = SecondsToMatch(matcher, junk.substr(0, junk.size() / 16), &hits);
  double whole = SecondsToMatch(matcher, junk, &hits);
  EXPECT_LT(whole, 48 * small + 1.0) << "whole " << whole << " s, a sixteenth " << small << " s";
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "a1");

  for (const char* text : {"(a+)+$", "([\\s\\S]*?)", "\\", "[", "(?i)", "\xc3\x28", "\0"}) {
    Query hq;
    hq.message = text;
    matcher.Find(hq);  // must not crash; queries are data, never compiled
  }
  Query big;
  big.message = std::string(kMaxInputBytes + 100, 'a');
  EXPECT_TRUE(matcher.Find(big).empty());
}

TEST(MatcherTest, ConcurrentFinds) {
  Matcher matcher(Corpus());
  std::vector<std::thread> threads;
  std::vector<int> found(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        Query q;
        q.message = kSeed004Rendered;
        std::vector<Match> hits = matcher.Find(q);
        if (!hits.empty() && hits[0].record->id == "3240b402b0844988") ++found[t];
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int n : found) EXPECT_EQ(n, 200);
}

// --- Evidence beyond the message (issue 3) ------------------------------------

TEST(MatcherTest, TrailingSpaceAndEmptyTrailingHoleSurviveTrimmedPaste) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord("trail", "but is of type ", "but is of type "));
  rs.push_back(MakeRecord("hole", "cannot parse push notification: {}",
                          R"(cannot parse push notification: ([\s\S]*?))", {{"{}", ""}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "but is of type";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "trail");
  EXPECT_EQ(hits[0].match_type, "pattern");
  q.message = "cannot parse push notification:";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "hole");
  EXPECT_EQ(hits[0].match_type, "pattern");
}

TEST(MatcherTest, EmptyLeadingHoleSurvivesTrimmedPaste) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord("lead", "{} failed: {}. While loading x",
                          R"(([\s\S]*?) failed: ([\s\S]*?)\. While loading x)",
                          {{"{}", ""}, {"{}", ""}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "failed: y. While loading x";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "lead");
  EXPECT_EQ(hits[0].match_type, "pattern");
}

TEST(MatcherTest, FrameAtTheRaiseLineRanksARecordFirst) {
  // Two records with the same message in different files: the frame decides.
  std::vector<Record> rs = Corpus();
  Record a = MakeRecord("in-a", "shard missing", "shard missing");
  a.file_path = "pkg/a.py";
  a.line_number = 30;
  Record b = MakeRecord("in-b", "shard missing", "shard missing");
  b.file_path = "pkg/b.py";
  b.line_number = 40;
  rs.push_back(a);
  rs.push_back(b);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "shard missing";
  q.frames = {{"/srv/app/pkg/b.py", 40}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "in-b");
  EXPECT_GT(hits[0].score, hits[1].score);
  q.frames = {{"/srv/app/pkg/a.py", 30}};
  EXPECT_EQ(matcher.Find(q)[0].record->id, "in-a");
}

// A bundle (dist/lib.cjs) or an installed copy prints other paths; a frame
// naming the record's function still tells two sites of one message apart,
// even when both scores are clamped at 1, and says so in the reason.
TEST(MatcherTest, FrameFunctionNameBreaksATieBetweenSites) {
  Record http =
      MakeRecord("http", "timeout of %s exceeded", "timeout of (.*?) exceeded", {}, "AxiosError");
  http.file_path = "lib/adapters/http.js";
  http.function = "httpAdapter.dispatchHttpRequest.handleRequestTimeout";
  Record xhr = http;
  xhr.id = "xhr";
  xhr.file_path = "lib/adapters/xhr.js";
  xhr.function = "dispatchXhrRequest.ontimeout";
  Matcher matcher({xhr, http});
  std::vector<PasteHit> hits = ExplainPaste(
      matcher,
      "AxiosError: timeout of 3000ms exceeded\n"
      "    at RedirectableRequest.handleRequestTimeout (/app/node_modules/x/dist/lib.cjs:3120:16)\n"
      "    at RedirectableRequest.emit (node:events:513:28)\n",
      "", 3, false);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].match.record->id, "http");
  EXPECT_NE(hits[0].match.reason.find("frame RedirectableRequest.handleRequestTimeout names its "
                                      "function"),
            std::string::npos)
      << hits[0].match.reason;
  // Short names say nothing: `emit` is no evidence for a record named emit.
  EXPECT_EQ(hits[1].match.reason.find("names its function"), std::string::npos);
}

TEST(MatcherTest, FrameAloneFindsARecordInTheFuzzyTier) {
  std::vector<Record> rs = Corpus();
  Record a = MakeRecord("loc", "weights are gone", "weights are gone");
  a.file_path = "pkg/loader.py";
  a.line_number = 77;
  rs.push_back(a);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "something reworded entirely";
  q.frames = {{"/x/pkg/loader.py", 77}, {"/x/pkg/other.py", 77}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "loc");
  EXPECT_EQ(hits[0].match_type, "fuzzy");
  EXPECT_LT(hits[0].score, 0.6);
  q.frames = {{"/x/pkg/loader.py", 78}};  // wrong line: no evidence
  hits = matcher.Find(q);
  EXPECT_TRUE(hits.empty() || hits[0].record->id != "loc");
}

TEST(MatcherTest, PrintedCodePropertyIsAnExactCodeHit) {
  std::vector<Record> rs = Corpus();
  Record a = MakeRecord("coded", "no such file", "no such file");
  a.error_code = "ENOENT";
  rs.push_back(a);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "open failed";
  q.error_code = "ENOENT";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "coded");
  EXPECT_EQ(hits[0].match_type, "exact-code");
}

TEST(MatcherTest, GoChainFindsEveryLinkInnermostFirst) {
  std::vector<Record> rs = Corpus();
  rs.push_back(MakeRecord("outer", "load config: %w", R"(load config: ([\s\S]*?))", {{"%w", ""}}));
  rs.push_back(MakeRecord("inner", "read settings %s: %w",
                          R"(read settings ([\s\S]*?): ([\s\S]*?))", {{"%s", ""}, {"%w", ""}}));
  // One common word around holes: Go's own `open %s: %w` from os.Open.
  rs.push_back(MakeRecord("generic", "open %s: %w", R"(open ([\s\S]*?): ([\s\S]*?))",
                          {{"%s", ""}, {"%w", ""}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "load config: read settings /etc/app.yaml: open /etc/app.yaml: permission denied";
  std::vector<Match> hits = matcher.Find(q);
  std::vector<std::string> ids;
  for (const Match& m : hits) ids.push_back(m.record->id);
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_EQ(ids[0], "inner");  // the innermost link the corpus raises
  EXPECT_EQ(ids[1], "outer");
  EXPECT_GT(hits[0].score, hits[1].score);
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(MatcherTest, KeywordsFindRecordsByNameThenByMessageWords) {
  std::vector<Record> rs;
  Record a = MakeRecord("schema", "No connection adapters were found for {url!r}",
                        R"(No connection adapters were found for ([\s\S]*?))", {{"{url!r}", "url"}},
                        "InvalidSchema");
  a.file_path = "src/requests/sessions.py";
  a.function = "Session.get_adapter";
  rs.push_back(a);
  Record b =
      MakeRecord("timeout", "Read timed out after {n} seconds",
                 R"(Read timed out after ([\s\S]*?) seconds)", {{"{n}", "n"}}, "ReadTimeout");
  b.file_path = "src/requests/adapters.py";
  rs.push_back(b);
  Record c = MakeRecord("coded", "limit reached", "limit reached");
  c.error_code = "E_RATE";
  rs.push_back(c);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "InvalidSchema";
  std::vector<Match> hits = matcher.FindKeywords(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "schema");
  EXPECT_EQ(hits[0].match_type, "keyword");
  q.message = "e_rate";  // codes, case-insensitively
  hits = matcher.FindKeywords(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "coded");
  q.message = "timed";  // a word of a message
  hits = matcher.FindKeywords(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "timeout");
  EXPECT_LT(hits[0].score, 0.5);
  q.message = "sessions get_adapter";  // two names: every word must name it
  hits = matcher.FindKeywords(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "schema");
  EXPECT_DOUBLE_EQ(hits[0].score, 0.5);
  q.message = "one two three four";  // not a keyword search
  EXPECT_TRUE(matcher.FindKeywords(q).empty());
  // A paste is never answered by keywords.
  q.message = "InvalidSchema";
  EXPECT_TRUE(matcher.Find(q).empty());
}

}  // namespace
}  // namespace errdex

namespace errdex {
namespace {

TEST(MatcherTest, FirstLineOfAMultiLineMessageFindsItsRecord) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("gson",
                          "Expected {expected} but was {peek()}{locationString()}\nSee {url}",
                          R"(Expected ([\s\S]*?) but was ([\s\S]*?)([\s\S]*?)\nSee ([\s\S]*?))",
                          {{"{expected}", "expected"},
                           {"{peek()}", "peek()"},
                           {"{locationString()}", ""},
                           {"{url}", "url"}},
                          "IllegalStateException"));
  rs.push_back(MakeRecord("short", "x\n{detail}", R"(x\n([\s\S]*?))", {{"{detail}", "detail"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Expected BEGIN_OBJECT but was STRING at line 1 column 1 path $";
  q.error_class = "IllegalStateException";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);  // once, though two of its patterns could match
  EXPECT_EQ(hits[0].record->id, "gson");
  EXPECT_EQ(hits[0].match_type, "pattern");
  EXPECT_EQ(hits[0].captures[0].value, "BEGIN_OBJECT");
  // The whole message still matches its whole pattern (all four holes).
  Query whole = q;
  whole.message += "\nSee https://example.org/troubleshooting";
  std::vector<Match> full = matcher.Find(whole);
  ASSERT_EQ(full.size(), 1u);
  EXPECT_EQ(full[0].captures.size(), 4u);
  EXPECT_TRUE(matcher.bad_patterns().empty());
}

// A terminal cut "unexpected" in two and a console box wrapped a line at its
// width, padding it with spaces: the program printed one line each time.
TEST(MatcherTest, SoftWrappedPastesMatchTheLineTheProgramPrinted) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord(
      "parser", "syntax error while parsing {context} - unexpected end of input; expected {token}",
      R"(syntax error while parsing ([\s\S]*?) - unexpected end of input; expected ([\s\S]*?))",
      {{"{context}", "context"}, {"{token}", "token"}}, "parse_error"));
  rs.push_back(MakeRecord("generic", "syntax error while parsing {context}",
                          R"(syntax error while parsing ([\s\S]*?))", {{"{context}", "context"}}));
  rs.push_back(MakeRecord("download", "The \"{url}\" file could not be downloaded ({status})",
                          R"re(The "([\s\S]*?)" file could not be downloaded \(([\s\S]*?)\))re",
                          {{"{url}", "url"}, {"{status}", "status"}}, "TransportException"));
  rs.push_back(MakeRecord("two-lines", "Serializer is not found.\nPlease apply the plugin.",
                          R"(Serializer is not found\.\nPlease apply the plugin\.)"));
  Matcher matcher(std::move(rs));

  Query cut;
  cut.message = "syntax error while parsing object - une\nxpected end of input; expected '}'";
  std::vector<Match> hits = matcher.Find(cut);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "parser");
  EXPECT_EQ(hits[0].captures[1].value, "'}'");

  Query box;
  box.message =
      "The \"http://repo.example.org/p/provider.json\" file could not be down  \n"
      "  loaded (HTTP/1.1 404 Not Found)  ";
  hits = matcher.Find(box);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "download");
  EXPECT_EQ(hits[0].captures[1].value, "HTTP/1.1 404 Not Found");

  Query word_wrap;
  word_wrap.message = "The \"x.json\" file could not be\n  downloaded (timeout)";
  hits = matcher.Find(word_wrap);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "download");

  // A message whose own line break the paste keeps is read as given.
  Query kept;
  kept.message = "Serializer is not found.\nPlease apply the plugin.";
  hits = matcher.Find(kept);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "two-lines");
  EXPECT_EQ(hits[0].match_type, "pattern");
}

// A wrapper's hole holds another record's whole message: the inner record is
// the answer (innermost first), unless the inner text begins with a hole of
// its own (a "%s at line %d" shape matching the wrapper's prefix) or comes
// from another language than the wrapper (a PHP client around libcurl): with
// the paste's frames in the wrapper's language, the wrapper comes first.
TEST(MatcherTest, InnerLinksRankFirstOnlyWhenAnchoredAndInTheSameLanguage) {
  auto make = [](std::string id, std::string message, std::string pattern,
                 std::vector<HoleInfo> holes, std::string language, std::string repo) {
    Record r = MakeRecord(std::move(id), std::move(message), std::move(pattern), std::move(holes),
                          "", std::move(repo));
    r.language = std::move(language);
    return r;
  };
  std::vector<Record> rs;
  rs.push_back(make("wrapper", "load config: {err}", R"(load config: ([\s\S]*?))",
                    {{"{err}", "err"}}, "go", "acme/app"));
  rs.push_back(make("open", "open {path}: permission denied",
                    R"(open ([\s\S]*?): permission denied)", {{"{path}", "path"}}, "go",
                    "acme/lib"));
  rs.push_back(make("nlohmann", "{create prefix}syntax error while parsing object - {msg}",
                    R"(([\s\S]*?)syntax error while parsing object - ([\s\S]*?))",
                    {{"{create prefix}", ""}, {"{msg}", "msg"}}, "cpp", "nlohmann/json"));
  rs.push_back(make("shape", "%s at line %d, column %d",
                    R"(([\s\S]*?) at line (\d+), column (\d+))",
                    {{"%s", "msg"}, {"%d", "line"}, {"%d", "column"}}, "c", "jqlang/jq"));
  rs.push_back(make("guzzle", "cURL error {errno}: {error} for {uri}",
                    R"(cURL error ([\s\S]*?): ([\s\S]*?) for ([\s\S]*?))",
                    {{"{errno}", "errno"}, {"{error}", "error"}, {"{uri}", "uri"}}, "php",
                    "guzzle/guzzle"));
  rs.push_back(make("curl", "SSL certificate problem: {reason}",
                    R"(SSL certificate problem: ([\s\S]*?))", {{"{reason}", "reason"}}, "c",
                    "curl/curl"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "load config: open /etc/app.yaml: permission denied";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "open");

  q.message =
      "[json.exception.parse_error.101] parse error at line 1, column 84: syntax error "
      "while parsing object - unexpected end of input; expected '}'";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "nlohmann");

  // Guzzle's trace: its PHP frames say which code the user runs.
  q.message =
      "cURL error 60: SSL certificate problem: unable to get local issuer certificate "
      "for https://example.org/a.zip";
  q.frames = {{"/app/vendor/guzzlehttp/guzzle/src/Handler/CurlFactory.php", 210, ""},
              {"/app/src/Client.php", 41, ""}};
  hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "guzzle");
}

// A paragraph of a longer paste stands only when a template is all of it.
TEST(MatcherTest, ParagraphQueriesNeedTheWholeParagraph) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("unknown", "Unknown argument: %s", R"(Unknown argument: ([\s\S]*?))",
                          {{"%s", "arg"}}));
  rs.push_back(MakeRecord("failed", "${description} failed with ${error}",
                          R"(([\s\S]*?) failed with ([\s\S]*?))",
                          {{"${description}", "description"}, {"${error}", "error"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.whole = true;
  q.message = "Unknown argument: xxx";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "unknown");
  // Mostly holes: no answer from a paragraph.
  q.message = "FAILURE: Build failed with an exception.";
  EXPECT_TRUE(matcher.Find(q).empty());
  // Not the whole paragraph: no answer either.
  q.message = "Error: Unknown argument: xxx (see --help)";
  EXPECT_TRUE(matcher.Find(q).empty());
}

// A short method name says nothing alone (`Read`), but qualified by its
// class in the frame (`Newtonsoft.Json.JsonTextReader.Read`) it picks the
// site among identical templates.
TEST(MatcherTest, ClassQualifiedFrameFunctionBreaksATie) {
  std::vector<Record> rs;
  for (auto [id, fn] :
       {std::pair{"async", "JsonTextReader.ReadFromFinishedAsync"},
        std::pair{"sync", "JsonTextReader.Read"}, std::pair{"other", "OtherReader.Read"}}) {
    Record r = MakeRecord(id, "Additional text encountered: {0}.",
                          R"(Additional text encountered: ([\s\S]*?)\.)", {{"{0}", "c"}});
    r.function = fn;
    rs.push_back(std::move(r));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Additional text encountered: T.";
  q.frames = {{"", 0, "Newtonsoft.Json.JsonTextReader.Read"}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "sync");
  EXPECT_GT(hits[0].score, hits[1].score);
  // Unqualified, the short name is no evidence.
  q.frames = {{"", 0, "Read"}};
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].score, hits[1].score);
}

// Words that many records share ("failed", "type", "expected"), so that the
// corpus's weights tell common words from rare ones as a real corpus does.
std::vector<Record> CommonWords() {
  std::vector<Record> rs;
  const char* fillers[] = {"build failed with code {c}",      "invalid type for {x}, expected list",
                           "the request failed with {e}",     "invalid type {t} expected one",
                           "download failed with status {s}", "expected type name, invalid"};
  int n = 0;
  for (const char* f : fillers) {
    std::string id = "filler" + std::to_string(n++);
    rs.push_back(MakeRecord(id, f, "", {}, "", "acme/other"));
    rs.back().message_opaque = true;  // weights only: never matched by pattern
  }
  return rs;
}

// Python's own ModuleNotFoundError, raised at the user's import line, reads
// like pip's "No module named {module!r}": the traceback's innermost frame,
// outside pip, says pip did not raise it. The same text raised inside pip's
// package is pip's.
TEST(MatcherTest, PythonInnermostFrameOutsideTheRepositoryIsNotItsRaise) {
  std::vector<Record> rs = Corpus();
  Record pip = MakeRecord("pip", "No module named {module!r}", R"(No module named ([\s\S]*?))",
                          {{"{module!r}", "module"}}, "ImportError", "pypa/pip");
  pip.file_path = "src/pip/_internal/commands/install.py";
  pip.language = "python";
  pip.line_number = 97;
  rs.push_back(pip);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "No module named 'plugins.banner'";
  q.error_class = "ModuleNotFoundError";
  q.frames = {{"collector.py", 11}};
  EXPECT_TRUE(matcher.Find(q).empty());
  q.frames = {{"collector.py", 11},
              {"/usr/lib/python3/site-packages/pip/_internal/cli/main.py", 80}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "pip");
}

// A short template of common words ("{cmd} failed, exit code {status}")
// shares all of its little weight with a CI log's last line; sharing no rare
// word, it is no fuzzy answer unless a frame of the paste points at its file.
// A reworded message sharing one rare word still is.
TEST(MatcherTest, FuzzyHitsNeedRareWordsOrAFrame) {
  std::vector<Record> rs = Corpus();
  for (Record& r : CommonWords()) rs.push_back(std::move(r));
  int n = 0;
  for (const char* f : {"process exited with exit code {c}", "exit code {c} from the failed step",
                        "the step failed with code {c}"}) {
    rs.push_back(MakeRecord("exit" + std::to_string(n++), f, "", {}, "", "acme/ci"));
    rs.back().message_opaque = true;
  }
  rs.push_back(MakeRecord("codec", "unknown codec {name} in the archive header",
                          R"(unknown codec ([\s\S]*?) in the archive header)",
                          {{"{name}", "name"}}));
  Record b = MakeRecord("builder", "{cmd} failed, exit code {status}",
                        R"(([\s\S]*?) failed, exit code ([-+]?\d+))",
                        {{"{cmd}", "cmd"}, {"{status}", "status"}}, "Gem::InstallError");
  b.file_path = "lib/rubygems/ext/builder.rb";
  b.line_number = 129;
  rs.push_back(b);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "ERROR: Job failed: exit code 1";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.record->id, "builder") << m.reason;
  q.frames = {{"/usr/lib/ruby/3.2.0/lib/rubygems/ext/builder.rb", 40}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "builder");
  EXPECT_EQ(hits[0].match_type, "fuzzy");

  Query reworded;  // shares "codec", rare in this corpus, and common words
  reworded.message = "unsupported codec zstd in archive header";
  hits = matcher.Find(reworded);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "codec");
  EXPECT_EQ(hits[0].match_type, "fuzzy");
}

// A template that is mostly holes ("{step} failed with {why}") matched
// across a log's lines explains a phrase, not the paste: no confident match.
// Its own message, printed as it writes it, is still found.
TEST(MatcherTest, HoleHeavyTemplatesAcrossLinesAnswerNothing) {
  std::vector<Record> rs = Corpus();
  for (Record& r : CommonWords()) rs.push_back(std::move(r));
  rs.push_back(MakeRecord("failed", "{description} failed with {error}",
                          R"(([\s\S]*?) failed with ([\s\S]*?))",
                          {{"{description}", "description"}, {"{error}", "error"}}));
  rs.push_back(MakeRecord("lines", "{message} in {file} on line {line}",
                          R"(([\s\S]*?) in ([\s\S]*?) on line ([\s\S]*?))",
                          {{"{message}", "message"}, {"{file}", "file"}, {"{line}", "line"}}));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "mining/utils/_pandas.c:4:20: fatal error: Python.h: No such file or directory\n"
      " #include \"Python.h\"\ncompilation terminated.\n"
      "error: command 'gcc' failed with exit status 1";
  EXPECT_TRUE(matcher.Find(q).empty());
  q.message =
      "PHP Fatal error:  Allowed memory size of 134217728 bytes exhausted (tried to allocate "
      "40000 bytes) in /srv/www/index.php on line 60, referer: /srv/www/photo.php";
  EXPECT_TRUE(matcher.Find(q).empty());
}

// A paste that names a record's repository lets a weak hit stand; a file
// extension ("config.yaml") does not name go-yaml/yaml, but a package path
// ("com.fasterxml.jackson.databind") names jackson-databind.
TEST(MatcherTest, FileExtensionDoesNotNameARepository) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord(
      "failed", "{description} failed with {error}", R"(([\s\S]*?) failed with ([\s\S]*?))",
      {{"{description}", "description"}, {"{error}", "error"}}, "", "go-yaml/yaml"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "loading \"config.yaml\" from /etc/app failed with a permission problem";
  EXPECT_TRUE(matcher.Find(q).empty());
  q.message = "loading the yaml config from /etc/app failed with a permission problem";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "failed");
}

// One template at two sites (jackson's deser/ and ser/ factories): the
// trace ran through the ser package, so the site there ranks first. A JVM
// frame names its package in the function; a Python frame in its path.
// The same message in the library and in its contributed extras, with
// nothing in the paste to tell them apart: the library's site first,
// whatever the file names' order.
TEST(MatcherTest, SameTemplateTiesGoToTheLibraryBeforeItsContribTree) {
  auto site = [](std::string id, std::string path) {
    Record r =
        MakeRecord(std::move(id), "Error exit delayed from previous errors.",
                   R"(Error exit delayed from previous errors\.)", {}, "", "libarchive/libarchive");
    r.file_path = std::move(path);
    r.language = "c";
    return r;
  };
  std::vector<Record> rs = CommonWords();
  rs.push_back(site("shar", "contrib/shar/shar.c"));
  rs.push_back(site("tar", "tar/bsdtar.c"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "tar: Error exit delayed from previous errors.";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].score, hits[1].score);
  EXPECT_EQ(hits[0].record->id, "tar");
}

// An issue title cut inside ktlint's first sentence, right after its last
// value: the end of the paste stands for the sentence's period. With the
// period, the value stops there.
TEST(MatcherTest, PasteCutAfterTheFirstSentencesLastValueMatches) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord(
      "ktlint",
      "Internal Error (rule '{ruleId}') in {file} at position '{line}:{col}. Please create a "
      "ticket at https://github.com/pinterest/ktlint/issues and provide the source code that "
      "triggered an error.\n{trace}",
      R"(Internal Error \(rule '([\s\S]*?)'\) in ([\s\S]*?) at position '([\s\S]*?):([\s\S]*?)\. )"
      R"(Please create a ticket at https://github\.com/pinterest/ktlint/issues and provide the )"
      R"(source code that triggered an error\.\n([\s\S]*?))",
      {{"{ruleId}", "e.ruleId"},
       {"{file}", "file"},
       {"{line}", "e.line"},
       {"{col}", "e.col"},
       {"{trace}", "trace"}},
      "KtlintCliError", "pinterest/ktlint"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Internal Error (rule 'standard:trailing-comma-on-declaration-site') in "
      "MotorPagesHandler.kt at position '0:0";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "ktlint");
  q.message = "Internal Error (rule 'standard:indent') in A.kt at position '3:7.";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "ktlint");
  ASSERT_GE(hits[0].captures.size(), 4u);
  EXPECT_EQ(hits[0].captures[3].value, "7");
}

// libusb prints one text from three functions and tags each line with the
// function ("libusb: error [submit_iso_transfer] ..."): the site in the
// named function ranks first. A function named like a word ("submit")
// proves nothing, so there the file order stands.
TEST(MatcherTest, FunctionTaggedInTheLogLineBreaksASameMessageTie) {
  auto site = [](std::string id, std::string fn, int line) {
    Record r = MakeRecord(std::move(id), "submiturb failed, errno={errno}",
                          R"(submiturb failed, errno=(-?\d+))", {{"{errno}", "errno"}}, "",
                          "libusb/libusb");
    r.file_path = "libusb/os/linux_usbfs.c";
    r.line_number = line;
    r.function = std::move(fn);
    r.language = "c";
    return r;
  };
  std::vector<Record> rs = CommonWords();
  rs.push_back(site("bulk", "submit_bulk_transfer", 2266));
  rs.push_back(site("iso", "submit_iso_transfer", 2422));
  rs.push_back(site("control", "submit", 2495));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "libusb: error [submit_iso_transfer] submiturb failed, errno=16";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "iso");
  q.message = "libusb: error [submit] submiturb failed, errno=16";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "bulk");
}

// Two libraries with the same message (apollo-kotlin copied moshi's JSON
// reader): the paste's class qualified by com.squareup.moshi names moshi,
// and its site ranks first; a package naming only a language ("kotlin")
// decides nothing.
TEST(MatcherTest, ClassPackageNamingARepositoryBreaksASameMessageTie) {
  auto site = [](std::string id, std::string repo) {
    Record r = MakeRecord(std::move(id), "Expected BEGIN_OBJECT but was ${peek()} at path $path",
                          R"(Expected BEGIN_OBJECT but was ([\s\S]*?) at path ([\s\S]*?))",
                          {{"${peek()}", "peek()"}, {"$path", "path"}}, "JsonDataException",
                          std::move(repo));
    r.language = "kotlin";
    r.file_path = "src/JsonReader.kt";
    return r;
  };
  std::vector<Record> rs = CommonWords();
  rs.push_back(site("apollo", "apollographql/apollo-kotlin"));
  rs.push_back(site("moshi", "square/moshi"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Expected BEGIN_OBJECT but was BEGIN_ARRAY at path $";
  q.error_class = "com.squareup.moshi.JsonDataException";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "moshi");
  EXPECT_GT(hits[0].score, hits[1].score);
  q.error_class = "kotlin.JsonDataException";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].score, hits[1].score);
  // The class printed after the user's own words, not split off.
  q.error_class.clear();
  q.message =
      "error fetching results: com.squareup.moshi.JsonDataException: Expected BEGIN_OBJECT but "
      "was BEGIN_ARRAY at path $";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "moshi");
}

// rsync vendors zlib under zlib/: the same message in both repositories
// ties, and the library's own site comes first.
TEST(MatcherTest, SameMessageTiesGoToTheLibraryBeforeItsVendoredCopy) {
  auto site = [](std::string id, std::string repo, std::string path) {
    Record r = MakeRecord(std::move(id), "incorrect header check", "incorrect header check", {}, "",
                          std::move(repo));
    r.file_path = std::move(path);
    r.language = "c";
    return r;
  };
  std::vector<Record> rs = CommonWords();
  rs.push_back(site("copy", "RsyncProject/rsync", "zlib/inflate.c"));
  rs.push_back(site("zlib", "madler/zlib", "inflate.c"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Error: inflate-error at offset 8162903: -3  incorrect header check";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].score, hits[1].score);
  EXPECT_EQ(hits[0].record->id, "zlib");
}

TEST(MatcherTest, SameTemplateTiesGoToTheSiteInTheTracesPackage) {
  auto site = [](std::string id, std::string path) {
    Record r = MakeRecord(std::move(id), "%s type %s not supported by default",
                          R"(([\s\S]*?) type ([\s\S]*?) not supported by default)",
                          {{"%s", ""}, {"%s", ""}}, "", "FasterXML/jackson-databind");
    r.file_path = std::move(path);
    r.language = "java";
    return r;
  };
  std::vector<Record> rs = CommonWords();
  rs.push_back(site(
      "deser", "src/main/java/com/fasterxml/jackson/databind/deser/BeanDeserializerFactory.java"));
  rs.push_back(
      site("ser", "src/main/java/com/fasterxml/jackson/databind/ser/BeanSerializerFactory.java"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Java 8 date/time type `java.time.LocalDateTime` not supported by default";
  q.frames = {{"UnsupportedTypeSerializer.java", 35,
               "com.fasterxml.jackson.databind.ser.impl.UnsupportedTypeSerializer.serialize"}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "ser");
  EXPECT_EQ(hits[0].score, hits[1].score);

  q.frames = {
      {"/usr/lib/jvm/app/com/fasterxml/jackson/databind/deser/BasicDeserializer.java", 12, ""}};
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "deser");
}

TEST(MatcherTest, DevelopmentToolingRanksBelowTheLibrarysOwnSite) {
  Record lib = MakeRecord("lib", "Compilation of {name} failed with exit code {code}",
                          R"(Compilation of ([\s\S]*?) failed with exit code ([\s\S]*?))",
                          {{"{name}", "name"}, {"{code}", "code"}});
  lib.file_path = "lib/compiler.js";
  Record tool = lib;
  tool.id = "tool";
  tool.file_path = "tooling/generate-types.js";
  Matcher matcher({tool, lib});
  Query q;
  q.message = "Compilation of main.ts failed with exit code 2";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "lib");
  EXPECT_LT(hits[1].score, hits[0].score);
  EXPECT_NE(hits[1].reason.find("development tooling"), std::string::npos) << hits[1].reason;
}

// An R8-obfuscated Android trace (ktor's "Connect timeout has expired"
// caused by a SocketTimeoutException ending in ETIMEDOUT): the errno name
// is the operating system's, not axios's code, so the Kotlin message wins.
TEST(MatcherTest, ErrnoNameInAnotherRuntimesTraceIsNoExactCode) {
  Record axios =
      MakeRecord("axios", "timeout of %d ms exceeded", R"(timeout of ([\s\S]*?) ms exceeded)",
                 {{"%d", "timeout"}}, "AxiosError", "axios/axios");
  axios.language = "javascript";
  axios.file_path = "lib/helpers/composeSignals.js";
  axios.error_code = "ETIMEDOUT";
  Record ktor = MakeRecord(
      "ktor", "Connect timeout has expired [url={url}, connect_timeout={timeout} ms]",
      R"(Connect timeout has expired \[url=([\s\S]*?), connect_timeout=([\s\S]*?) ms\])",
      {{"{url}", "url"}, {"{timeout}", "timeout"}}, "ConnectTimeoutException", "ktorio/ktor");
  ktor.language = "kotlin";
  ktor.file_path = "ktor-client/common/src/io/ktor/client/plugins/HttpTimeout.kt";
  Matcher matcher({axios, ktor});
  Query q;
  q.message =
      "hb0: Connect timeout has expired [url=https://api.github.com/x, connect_timeout=unknown "
      "ms]\n"
      "\tat d.J(SourceFile:229)\n"
      "\tat ae.w(SourceFile:11)\n"
      "Caused by: java.net.SocketTimeoutException: failed to connect to "
      "api.github.com/140.82.112.6 "
      "(port 443) after 100000ms: isConnected failed: ETIMEDOUT (Connection timed out)";
  q.frames = {{"SourceFile", 229, ""}, {"SourceFile", 11, ""}};
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "ktor");
  // In a JavaScript paste the code is the record's own.
  Query js;
  js.message =
      "AxiosError: timeout of 1000ms exceeded\n    at x (/app/node_modules/axios/lib/a.js:3:1)\n"
      "code: 'ETIMEDOUT'";
  js.frames = {{"/app/node_modules/axios/lib/a.js", 3, ""}};
  std::vector<Match> js_hits = matcher.Find(js);
  ASSERT_FALSE(js_hits.empty());
  EXPECT_EQ(js_hits[0].record->id, "axios");
  EXPECT_EQ(js_hits[0].match_type, "exact-code");
  // The `Caused by:` block alone printed no frame: the paste's other
  // frames say which runtime it is.
  Query cause;
  cause.message =
      "failed to connect to api.github.com/140.82.112.6 (port 443) after 100000ms: "
      "isConnected failed: ETIMEDOUT (Connection timed out)";
  cause.error_class = "SocketTimeoutException";
  cause.paste_frames = q.frames;
  for (const Match& m : matcher.Find(cause)) EXPECT_NE(m.match_type, "exact-code") << m.record->id;
}

// A code that is a plain lowercase word is that word when met in running
// text: "unavailable" in Flask's session message finds no record coded so;
// given apart as the paste's code, it is the code.
TEST(MatcherTest, PlainWordCodeInRunningTextFindsNothing) {
  Record coded = MakeRecord("coded", "no ready endpoints available", "no ready endpoints available",
                            {}, "Status", "acme/grpc");
  coded.language = "rust";
  coded.error_code = "unavailable";
  Matcher matcher({coded});
  Query q;
  q.message =
      "The session is unavailable because no secret key was set.  Set the secret_key on the "
      "application to something unique and secret.";
  q.error_class = "RuntimeError";
  EXPECT_TRUE(matcher.Find(q).empty());
  Query given;
  given.message = "request failed";
  given.error_code = "unavailable";
  std::vector<Match> hits = matcher.Find(given);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].match_type, "exact-code");
}

// A template of one word ("loading '%s': %s") inside a long line is weak
// evidence, unless the program that printed the line names itself before
// it as CLI tools do ("ninja: error: "): then it is that program's message.
TEST(MatcherTest, ProgramNamePrefixMakesAOneWordTemplateEvidence) {
  Record r = MakeRecord("ninja", "loading '{}': {}", R"(loading '([\s\S]*?)': ([\s\S]*?))",
                        {{"{}", "filename"}, {"{}", "read_err"}}, "raise", "ninja-build/ninja");
  Matcher matcher({r});
  Query q;
  q.message =
      "ninja: error: loading 'build.ninja': The system cannot find the file specified and the "
      "build stopped before any edge ran.";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].record->id, "ninja");
  q.message =
      "cargo: error: loading 'build.ninja': The system cannot find the file specified and the "
      "build stopped before any edge ran.";
  EXPECT_TRUE(matcher.Find(q).empty());
}

// A wrapper in one library around words another indexed library also
// writes (alacritty's derive macro logs "Config error: {}: {}" with serde's
// "invalid type: .., expected .."; serde_json has a copy of serde's text):
// the paste names alacritty, so its wrapper is the answer.
TEST(MatcherTest, WrapperOfTheLibraryThePasteNamesRanksAboveAnotherLibrarysInnerText) {
  Record inner = MakeRecord("serde_json", "invalid type: {}, expected {}",
                            R"(invalid type: ([\s\S]*?), expected ([\s\S]*?))",
                            {{"{}", "unexp"}, {"{}", "exp"}}, "Error", "serde-rs/json");
  inner.language = "rust";
  Record outer =
      MakeRecord("alacritty", "Config error: {}: {}", R"(Config error: ([\s\S]*?): ([\s\S]*?))",
                 {{"{}", "literal"}, {"{}", "err"}}, "log", "alacritty/alacritty");
  outer.language = "rust";
  Matcher matcher({inner, outer});
  Query q;
  q.message =
      "[ERROR] [alacritty_config_derive] Config error: x: invalid type: floating point `0`, "
      "expected i8";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "alacritty");
  // Without the name, the inner, more specific text still comes first.
  q.message = "Config error: x: invalid type: floating point `0`, expected i8";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "serde_json");
}

// A paste from before the message gained its last clause (ninja 1.9's
// "still dirty after 100 tries", now followed by ", perhaps system time is
// not set") still finds its record first, as a partial match, ahead of a
// record that shares only the opening words.
TEST(MatcherTest, PasteWithoutALaterClauseFindsItsRecord) {
  Record dirty = MakeRecord(
      "dirty", "manifest '%s' still dirty after %d tries, perhaps system time is not set",
      R"(manifest '([\s\S]*?)' still dirty after ([\s\S]*?) tries, perhaps system time is not set)",
      {{"%s", "input_file"}, {"%d", "kCycleLimit"}});
  Record other = MakeRecord("other", "manifest '%s' could not be loaded",
                            R"(manifest '([\s\S]*?)' could not be loaded)", {{"%s", "path"}});
  Matcher matcher({other, dirty});
  Query q;
  q.message = "manifest 'build.ninja' still dirty after 100 tries";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "dirty");
  EXPECT_EQ(hits[0].match_type, "pattern");
  q.message = "manifest 'build.ninja' still dirty after 100 tries, perhaps system time is not set";
  std::vector<Match> full = matcher.Find(q);
  ASSERT_FALSE(full.empty());
  EXPECT_EQ(full[0].record->id, "dirty");
  EXPECT_GT(full[0].score, hits[0].score);
  // Too little left without the clause: "bad value" alone answers nothing.
  Record vague = MakeRecord("vague", "bad value, see the manual", "bad value, see the manual", {});
  Matcher only_vague({vague});
  q.message = "bad value";
  for (const Match& m : only_vague.Find(q)) EXPECT_NE(m.match_type, "pattern") << m.reason;
}

// A paste from before the message gained sentences after its first (wire's
// "Unexpected end group", now followed by ". Reader position: $pos. Last
// read tag: $tag."): a partial match of that record, below one whose whole
// text matches.
TEST(MatcherTest, PasteOfTheFirstSentenceFindsItsRecord) {
  Record group = MakeRecord(
      "group", "Unexpected end group. Reader position: $pos. Last read tag: $tag.",
      R"(Unexpected end group\. Reader position: ([\s\S]*?)\. Last read tag: ([\s\S]*?)\.)",
      {{"$pos", "pos"}, {"$tag", "tag"}}, "ProtocolException");
  Record other = MakeRecord("other", "Unexpected end of stream", "Unexpected end of stream", {},
                            "EOFException");
  Matcher matcher({other, group});
  Query q;
  q.message = "Unexpected end group";
  q.error_class = "java.net.ProtocolException";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "group");
  EXPECT_EQ(hits[0].match_type, "pattern");
  q.message = "Unexpected end group. Reader position: 12. Last read tag: 4.";
  std::vector<Match> full = matcher.Find(q);
  ASSERT_FALSE(full.empty());
  EXPECT_EQ(full[0].record->id, "group");
  EXPECT_GT(full[0].score, hits[0].score);
  // A paste that goes on with other words is another message that opens
  // the same way: no partial match.
  q.message = "Unexpected end group. The stream was closed by the peer.";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.match_type, "pattern") << m.reason;
  // ... or that ends a sentence of other words.
  q.message = "Oops! Unexpected end group";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.match_type, "pattern") << m.reason;
}

// One message copied into two repositories (mysql2 took mysqljs/mysql's
// "Connection lost: The server closed the connection."): the copy in the
// repository the paste names in a path wins the tie; "mysql2" does not
// name mysqljs/mysql.
TEST(MatcherTest, ACopiedMessageGoesToTheRepositoryThePasteNames) {
  std::vector<Record> rs;
  for (const char* repo : {"mysqljs/mysql", "sidorares/node-mysql2"}) {
    Record r =
        MakeRecord(repo, "Connection lost: The server closed the connection.",
                   R"(Connection lost: The server closed the connection\.)", {}, "Error", repo);
    r.language = "javascript";
    r.file_path = "lib/connection.js";
    rs.push_back(r);
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Error: Connection lost: The server closed the connection.\n"
      "    at PromisePool.query (/srv/app/node_modules/mysql2/promise.js:300:20)";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->repo, "sidorares/node-mysql2");
  q.message =
      "Error: Connection lost: The server closed the connection.\n"
      "    at Protocol.end (/srv/app/node_modules/mysql/lib/protocol/Protocol.js:112:13)";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->repo, "mysqljs/mysql");
}

// One message thrown alike by three packages of one repository (TanStack
// query's react-query, preact-query and solid-query): the package the
// paste's frames name ("react-dom") wins the tie; "react" does not name
// preact-query.
TEST(MatcherTest, ACopiedMessageGoesToThePackageThePasteNames) {
  std::vector<Record> rs;
  for (const char* dir : {"preact-query", "react-query", "solid-query"}) {
    Record r = MakeRecord(dir, "No QueryClient set, use QueryClientProvider to set one",
                          R"(No QueryClient set, use QueryClientProvider to set one)", {}, "Error",
                          "tanstack/query");
    r.language = "typescript";
    r.file_path = std::string("packages/") + dir + "/src/QueryClientProvider.tsx";
    rs.push_back(r);
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Uncaught Error: No QueryClient set, use QueryClientProvider to set one\n"
      "    at useQueryClient (QueryClientProvider.tsx:49:5)\n"
      "    at renderWithHooks (react-dom.development.js:16305:18)";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->file_path, "packages/react-query/src/QueryClientProvider.tsx");
  q.message =
      "Error: No QueryClient set, use QueryClientProvider to set one\n"
      "    at useQueryClient (node_modules/@tanstack/solid-query/build/index.js:24:11)";
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->file_path, "packages/solid-query/src/QueryClientProvider.tsx");
}

// The first sentences of a message quoted inside the user's own sentence
// (testcontainers' "... failed. Will not retry." without its "Please see
// logs ..."): the words after the first sentence are the record's own next
// sentence, so the paste is this message cut, not another that opens the
// same way.
TEST(MatcherTest, FirstSentencesQuotedInProseFindTheirRecord) {
  Record retry = MakeRecord(
      "retry",
      "Previous attempts to find a Docker environment failed. Will not retry. Please see logs "
      "and check configuration",
      R"(Previous attempts to find a Docker environment failed\. Will not retry\. Please see )"
      R"(logs and check configuration)",
      {}, "IllegalStateException");
  Matcher matcher({retry});
  Query q;
  q.message =
      "I am getting a _java.lang.IllegalStateException: Previous attempts to find a Docker "
      "environment failed. Will not retry._ , though my docker is running. Any pointers?";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "retry");
  EXPECT_EQ(hits[0].match_type, "pattern");
  // Another second sentence after the same opening is another message.
  q.message = "Previous attempts to find a Docker environment failed. Retrying in 5 seconds.";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.match_type, "pattern") << m.reason;
}

// A multi-line message quoted by the start of its first line: sidekiq's
// "Job arguments to X must be native JSON types, but Y is a Z.\nSee ..."
// pasted as "Job arguments to PusherWorker must be native JSON types". It
// ranks as a partial match: below a record whose whole first line matches.
TEST(MatcherTest, FirstLineWithoutItsLastClauseFindsAMultiLineRecord) {
  Record json = MakeRecord(
      "json",
      "Job arguments to #{job_class} must be native JSON types, but #{item.inspect} is a "
      "#{item.class}.\nSee https://example.org/wiki/Best-Practices\n",
      R"re(Job arguments to ([\s\S]*?) must be native JSON types, but ([\s\S]*?) is a )re"
      R"re(([\s\S]*?)\.\nSee https://example\.org/wiki/Best-Practices\n)re",
      {{"#{job_class}", "job_class"},
       {"#{item.inspect}", "item.inspect"},
       {"#{item.class}", "item.class"}},
      "ArgumentError");
  Record plain = MakeRecord("plain", "Job arguments to #{job_class} must be native JSON types",
                            R"re(Job arguments to ([\s\S]*?) must be native JSON types)re",
                            {{"#{job_class}", "job_class"}}, "ArgumentError");
  Query q;
  q.message = "`Job arguments to PusherWorker must be native JSON types`";
  Matcher matcher({json});
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "json");
  EXPECT_EQ(hits[0].match_type, "pattern");
  Matcher both({json, plain});
  hits = both.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "plain");
  EXPECT_GT(hits[0].score, hits[1].score);
}

// The middle of a long multi-line message, quoted with the values around
// it (pytest's non-top-level conftest message without its first line): a
// partial match of that record. A later line of common words finds nothing.
TEST(MatcherTest, LaterLineOfAMultiLineMessageFindsItsRecord) {
  Record plugins = MakeRecord(
      "plugins",
      "Defining 'pytest_plugins' in a non-top-level conftest is no longer supported:\n  {}\n"
      "Please move it to a top level conftest file at the rootdir:\n  {}\n"
      "For more information, visit:\n",
      R"re(Defining 'pytest_plugins' in a non-top-level conftest is no longer supported:\n  )re"
      R"re(([\s\S]*?)\nPlease move it to a top level conftest file at the rootdir:\n  )re"
      R"re(([\s\S]*?)\nFor more information, visit:\n)re",
      {{"{}", "conftestpath"}, {"{}", "self._confcutdir"}}, "Failed");
  Matcher matcher({plugins});
  Query q;
  q.message =
      "  H:\\python\\root\\package\\conftest.py\n"
      "Please move it to a top level conftest file at the rootdir:\n  H:\\python\\root";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "plugins");
  EXPECT_EQ(hits[0].match_type, "pattern");
  q.message = "For more information, visit: the docs";
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.match_type, "pattern");
}

// A reworded message in another runtime than the paste's frames is no
// answer: PHP's own memory-limit error shares "tried to allocate ... bytes"
// with git's C message, and its "in x.php on line 46" says it is PHP's.
TEST(MatcherTest, FuzzyHitInAnotherLanguageThanThePastesFramesIsDropped) {
  std::vector<Record> rs = CommonWords();
  Record oom = MakeRecord("oom", "Out of memory, (tried to allocate %llu bytes)",
                          R"re(Out of memory, \(tried to allocate ([\s\S]*?) bytes\))re",
                          {{"%llu", "len"}}, "", "git/git");
  oom.language = "c";
  oom.file_path = "compat/mingw.c";
  rs.push_back(oom);
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "Out of memory: could not allocate 81513688 bytes, tried twice";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "oom");
  EXPECT_EQ(hits[0].match_type, "fuzzy");
  q.frames.push_back(StackFrame{"/var/www/html/responses/PageResponse.php", 46, ""});
  for (const Match& m : matcher.Find(q)) EXPECT_NE(m.record->id, "oom") << m.reason;
}

// serde_json's "invalid type: %s, expected %s" inside its own
// "%s at line %d column %d": literal text on both sides of a hole is the
// inner link's own shape, however common its words.
TEST(MatcherTest, InnerLinkWithTextAroundAHoleRanksFirst) {
  std::vector<Record> rs = CommonWords();
  auto rust = [](std::string id, std::string message, std::string pattern, int holes) {
    std::vector<HoleInfo> h(static_cast<size_t>(holes), HoleInfo{"{}", ""});
    Record r =
        MakeRecord(std::move(id), std::move(message), std::move(pattern), h, "", "serde-rs/json");
    r.language = "rust";
    r.file_path = "src/error.rs";
    return r;
  };
  rs.push_back(rust("position", "{} at line {} column {}",
                    R"(([\s\S]*?) at line ([\s\S]*?) column ([\s\S]*?))", 3));
  rs.push_back(rust("invalid", "invalid type: {}, expected {}",
                    R"(invalid type: ([\s\S]*?), expected ([\s\S]*?))", 2));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "failed to parse the response: invalid type: null, expected a string at line 1 "
      "column 67";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "invalid");
  EXPECT_EQ(hits[1].record->id, "position");
}

// toml's renderer: a header with the position, a source excerpt, then the
// message on a line of its own. The short message fills its own line of the
// header's trailing hole, so it is the answer; the same words inside a line
// of other text are not promoted.
TEST(MatcherTest, InnerLinkOnItsOwnLineRanksFirst) {
  std::vector<Record> rs = CommonWords();
  auto rust = [](std::string id, std::string message, std::string pattern, int holes) {
    std::vector<HoleInfo> h(static_cast<size_t>(holes), HoleInfo{"{}", ""});
    Record r =
        MakeRecord(std::move(id), std::move(message), std::move(pattern), h, "", "toml-rs/toml");
    r.language = "rust";
    r.file_path = "src/de/error.rs";
    return r;
  };
  rs.push_back(rust("header", "TOML parse error at line {}, column {}",
                    R"(TOML parse error at line ([\s\S]*?), column ([\s\S]*?))", 2));
  rs.push_back(rust("dup", "duplicate key", "duplicate key", 0));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "TOML parse error at line 118, column 1\n    |\n118 | keymap = [\n    | ^^^^^^\n"
      "duplicate key\n\nPress <Enter> to continue";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "dup");
  EXPECT_EQ(hits[1].record->id, "header");

  q.message = "TOML parse error at line 118, column 1 near a duplicate key in the table";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "header");
}

// A wrapper's prefix before a message that starts with a value (duckdb's
// "%s with name %s does not exist!%s" after "Catalog Error: Failed to get
// data file list from DuckLake: "): the leading hole's value starts after
// the prefix's last ": ", so the template is not mostly holes, and it ranks
// above a shorter template whose hole swallowed its literal words.
TEST(MatcherTest, LeadingHoleValueStartsAfterTheWrappersColon) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord("short", "Table %s does not exist!",
                          R"(Table ([\s\S]*?) does not exist!)", {{"%s", "name"}}, "",
                          "duckdb/duckdb"));
  rs.push_back(MakeRecord("missing", "%s with name %s does not exist%s!%s",
                          R"(([\s\S]*?) with name ([\s\S]*?) does not exist([\s\S]*?)!([\s\S]*?))",
                          {{"%s", "type"}, {"%s", "name"}, {"%s", "schema"}, {"%s", "hint"}}, "",
                          "duckdb/duckdb"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Catalog Error: Failed to get data file list from DuckLake: Table with name "
      "ducklake_data_file does not exist!\nDid you mean \"main.duckdb_indexes\"?";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "missing") << hits[0].reason;
}

// A leading hole holds what the paste printed before the message, here
// eslint's crash banner: the banner's own record (its words) must not rank
// above the message whose literal text matched after it.
TEST(MatcherTest, BannerBeforeALeadingHoleIsNotAnInnerMessage) {
  std::vector<Record> rs = CommonWords();
  auto js = [](std::string id, std::string message, std::string pattern, int holes,
               std::string file) {
    std::vector<HoleInfo> h(static_cast<size_t>(holes), HoleInfo{"${x}", "x"});
    Record r = MakeRecord(std::move(id), std::move(message), std::move(pattern), h, "TypeError",
                          "eslint/eslint");
    r.language = "javascript";
    r.file_path = std::move(file);
    return r;
  };
  rs.push_back(
      js("banner",
         "\nOops! Something went wrong! :(\n\nESLint: ${version}\n\n${getErrorMessage(error)}",
         R"(\nOops! Something went wrong! :\(\n\nESLint: ([\s\S]*?)\n\n([\s\S]*?))", 2,
         "bin/eslint.js"));
  rs.push_back(
      js("missing-rule",
         "${errorMessageHeader}: Could not find \"${ruleName}\" in plugin \"${pluginName}\".",
         R"re(([\s\S]*?): Could not find "([\s\S]*?)" in plugin "([\s\S]*?)"\.)re", 3,
         "lib/config/config.js"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Oops! Something went wrong! :(\n\nESLint: 8.57.0\n\nTypeError: Key \"rules\": Key "
      "\"no-useless-assignment\": Could not find \"no-useless-assignment\" in plugin \"@\".";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "missing-rule") << hits[0].reason;
}

// kotlinx's generic factory wraps the specific message: "Unexpected JSON
// token at offset $offset: $message". The specific text was reworded since
// the paste ("at offset N" moved into it), so no pattern matches it; its
// words fill the wrapper's hole, and it ranks first. The same words in
// another repository, or a hole holding text no record of the wrapper's
// repository says, leave the wrapper first.
TEST(MatcherTest, RewordedMessageInsideAWrapperHoleRanksFirst) {
  std::vector<Record> rs = CommonWords();
  auto kotlin = [](std::string id, std::string message, std::string pattern, int holes,
                   std::string repo = "Kotlin/kotlinx.serialization") {
    std::vector<HoleInfo> h(static_cast<size_t>(holes), HoleInfo{"$x", "x"});
    Record r = MakeRecord(std::move(id), std::move(message), std::move(pattern), h,
                          "JsonDecodingException", std::move(repo));
    r.language = "kotlin";
    r.file_path = "json/internal/JsonExceptions.kt";
    return r;
  };
  rs.push_back(kotlin("wrapper", "Unexpected JSON token at offset $offset: $message",
                      R"(Unexpected JSON token at offset ([\s\S]*?): ([\s\S]*?))", 2));
  rs.push_back(kotlin(
      "unknown-key",
      "Encountered an unknown key '$key' at offset $lastIndexOf at path: $path\nUse "
      "'ignoreUnknownKeys = true' in 'Json {}' builder to ignore unknown keys.",
      R"(Encountered an unknown key '([\s\S]*?)' at offset ([\s\S]*?) at path: ([\s\S]*?)\nUse )"
      R"('ignoreUnknownKeys = true' in 'Json \{\}' builder to ignore unknown keys\.)",
      3));
  rs.push_back(kotlin("elsewhere",
                      "Encountered an unknown key '$key' at path $path: use ignoreUnknownKeys to "
                      "ignore unknown keys in the builder",
                      R"(Encountered an unknown key '([\s\S]*?)' at path ([\s\S]*?): use )"
                      R"(ignoreUnknownKeys to ignore unknown keys in the builder)",
                      2, "other/fork"));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Unexpected JSON token at offset 137: Encountered an unknown key 't' at path: $.n\n"
      "Use 'ignoreUnknownKeys = true' in 'Json {}' builder to ignore unknown keys.";
  q.error_class = "JsonDecodingException";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  // Its second line is unchanged: a partial match by that line.
  EXPECT_EQ(hits[0].record->id, "unknown-key");
  EXPECT_EQ(hits[0].match_type, "pattern");
  EXPECT_EQ(hits[1].record->id, "wrapper");
  // Without the second line only the reworded words say which it is.
  q.message =
      "Unexpected JSON token at offset 137: Encountered an unknown key 't' at path: $.n "
      "Use 'ignoreUnknownKeys = true' to ignore unknown keys.";
  hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "unknown-key");
  EXPECT_EQ(hits[0].match_type, "fuzzy");
  EXPECT_NE(hits[0].reason.find("its words fill the hole of \"Unexpected JSON token at offset "
                                "$offset: $message\" (json/internal/JsonExceptions.kt:10)"),
            std::string::npos)
      << hits[0].reason;
  EXPECT_EQ(hits[1].record->id, "wrapper");

  // The hole holds the platform's text: no record of the repository says it.
  q.message =
      "Unexpected JSON token at offset 12: java.io.EOFException reading the socket stream "
      "closed by peer";
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "wrapper");
}

// NLog logs one target's failure ("BufferingWrapper(Name=x): No output
// because target failed initialize.") before the exception of another
// ("BufferingTargetWrapper(Name=x): No wrapped Target configured."). The
// lazy match of "{type}(Name={name}): No wrapped .." stops at the first
// "(Name=", so its name hole holds the other message: no reworded inner
// message is read there, and the pattern keeps its place.
TEST(MatcherTest, HoleThatRepeatsItsLeadingLiteralIsNoWrapper) {
  std::vector<Record> rs = CommonWords();
  auto nlog = [](std::string id, std::string message, std::string pattern, int holes) {
    std::vector<HoleInfo> h(static_cast<size_t>(holes), HoleInfo{"{x}", "x"});
    Record r = MakeRecord(std::move(id), std::move(message), std::move(pattern), h,
                          "NLogConfigurationException", "NLog/NLog");
    r.language = "csharp";
    r.file_path = "src/NLog/Targets/Target.cs";
    return r;
  };
  rs.push_back(nlog("wrapped", "{GetType().Name}(Name={Name}): No wrapped Target configured.",
                    R"(([\s\S]*?)\(Name=([\s\S]*?)\): No wrapped Target configured\.)", 2));
  rs.push_back(nlog("no-output", "{0}: No output because target failed initialize.",
                    R"(([\s\S]*?): No output because target failed initialize\.)", 1));
  Matcher matcher(std::move(rs));
  Query q;
  q.message =
      "Error BufferingWrapper(Name=mailbuffer): No output because target failed initialise. "
      "Exception: NLog.NLogConfigurationException: BufferingTargetWrapper(Name=mailbuffer): No "
      "wrapped Target configured.";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "wrapped") << hits[0].reason;
  EXPECT_EQ(hits[0].reason.find("fill the hole"), std::string::npos) << hits[0].reason;
}

// rustfmt prints "Warning: Unknown configuration option `x`" itself: the
// line is no PHP warning (no "PHP", no "in FILE on line N"), and the level
// word that reads as a class is also the template's first word.
TEST(MatcherTest, LevelWordOpeningATemplateIsPartOfIt) {
  std::vector<Record> rs = Corpus();
  Record w = MakeRecord("unknown-option", "Warning: Unknown configuration option `{key}`",
                        "Warning: Unknown configuration option `([\\s\\S]*?)`",
                        {HoleInfo{"{key}", "key"}});
  w.language = "rust";
  w.file_path = "src/config/mod.rs";
  rs.push_back(w);
  Matcher matcher(std::move(rs));
  std::vector<PasteHit> hits =
      ExplainPaste(matcher,
                   "Warning: Unknown configuration option `chain_overflow_last`\n"
                   "Warning: Unknown configuration option `same_line_if_else`\n",
                   "", 3, false);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].match.record->id, "unknown-option");
  EXPECT_EQ(hits[0].match.match_type, "pattern");
}

// One template raised by several functions of a file: with nothing in the
// paste to choose, the record raised at the most sites comes first, then
// file order — never the order of ids.
TEST(MatcherTest, IdenticalTemplatesTieToTheRecordWithMostSites) {
  std::vector<Record> rs;
  for (auto [id, line, others] : {std::tuple{"a-pair", 433, std::vector<int>{453}},
                                  std::tuple{"z-array", 156, std::vector<int>{173, 270, 289}},
                                  std::tuple{"b-single", 41, std::vector<int>{}}}) {
    Record r = MakeRecord(id, "type must be array, but is {}",
                          R"(type must be array, but is ([\s\S]*?))", {{"{}", "type_name"}});
    r.file_path = "include/json/from_json.hpp";
    r.line_number = line;
    r.other_lines = others;
    rs.push_back(std::move(r));
  }
  Matcher matcher(std::move(rs));
  Query q;
  q.message = "type must be array, but is object";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "z-array");
  EXPECT_EQ(hits[1].record->id, "a-pair");
  EXPECT_EQ(hits[2].record->id, "b-single");
  EXPECT_EQ(hits[0].score, hits[2].score);
  EXPECT_NE(hits[0].reason.find("raised at 4 sites in this file"), std::string::npos)
      << hits[0].reason;
  // A frame at one of its lines still decides.
  q.frames = {{"include/json/from_json.hpp", 41, ""}};
  hits = matcher.Find(q);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].record->id, "b-single");
}

// rubygems' BuildError quotes the extension's build output, which ends
// with a Ruby exception of the user's extconf.rb. That exception matches
// nothing indexed, so the paste is read again as free text; of the two
// templates whose first line is its first paragraph, the one the whole text
// matches (the output in its hole) ranks first. A foreign trace whose bare
// text only weakly matches something stays unanswered.
TEST(MatcherTest, QuotedForeignExceptionFallsBackToTheWholeText) {
  auto builder = [](std::string id, int line, std::string middle, std::string middle_re) {
    Record r = MakeRecord(
        std::move(id),
        "ERROR: Failed to build gem native extension.\n\n    " + middle +
            "\n\nGem files will remain installed in #{@gem_dir} for inspection.\nResults logged "
            "to #{gem_make_out}\n",
        R"(ERROR: Failed to build gem native extension\.\n\n    )" + middle_re +
            R"(\n\nGem files will remain installed in ([\s\S]*?) for inspection\.\nResults )"
            R"(logged to ([\s\S]*?)\n)",
        {}, "Gem::Ext::BuildError", "rubygems/rubygems");
    r.language = "ruby";
    r.file_path = "lib/rubygems/ext/builder.rb";
    r.line_number = line;
    return r;
  };
  std::vector<Record> rs = CommonWords();
  rs.push_back(builder("no-builder", 176, "No builder for extension '#{extension}'",
                       R"(No builder for extension '([\s\S]*?)')"));
  rs.push_back(builder("output", 195, "#{output}", R"(([\s\S]*?))"));
  Record module = MakeRecord("module", "No module named {module!r}", "No module named (.*?)", {},
                             "ImportError", "pypa/pip");
  module.language = "python";
  module.file_path = "src/pip/_internal/commands/install.py";
  rs.push_back(module);
  Matcher matcher(std::move(rs));
  std::vector<PasteHit> hits = ExplainPaste(
      matcher,
      "Gem::Ext::BuildError: ERROR: Failed to build gem native extension.\n\n"
      "    /usr/bin/ruby -r ./siteconf.rb extconf.rb\n"
      "extconf.rb:45:in `open': No such file or directory @ dir_initialize - /usr/include "
      "(Errno::ENOENT)\n"
      "\tfrom extconf.rb:45:in `<main>'\n\n"
      "Gem files will remain installed in /gems/rjb-1.4.9 for inspection.\n"
      "Results logged to /gems/rjb-1.4.9/gem_make.out\n\n"
      "An error occurred while installing rjb (1.4.9), and Bundler cannot continue.\n",
      "", 3, false);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].match.record->id, "output");

  hits = ExplainPaste(matcher,
                      "Traceback (most recent call last):\n"
                      "  File \"collector.py\", line 11, in <module>\n"
                      "    from plugins.banner import *\n"
                      "ModuleNotFoundError: No module named 'plugins.banner'\n",
                      "", 3, false);
  EXPECT_TRUE(hits.empty()) << hits[0].match.record->id << " " << hits[0].match.score;
}

// vim prints "Error detected while processing function X:" and "line N:"
// above its E-numbered message, and the block again for each failing call:
// header lines ending in ":" right above the match, and repeated lines, are
// not words the template left unexplained. Without the message's own line
// nothing answers.
TEST(MatcherTest, HeaderLinesAboveAndRepeatedBlocksAreContext) {
  std::vector<Record> rs = Corpus();
  for (Record& r : CommonWords()) rs.push_back(std::move(r));
  rs.push_back(MakeRecord("e117", "E117: Unknown function: %s",
                          R"(E117: Unknown function: ([\s\S]*?))", {{"%s", "name"}}));
  Matcher matcher(std::move(rs));
  Query q;
  std::string block =
      "Error detected while processing function vm#reset[15]..vm#comp#reset:\n"
      "line   18:\n"
      "E117: Unknown function: AutoPairsInit\n";
  q.message = block + block;
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "e117");
  q.message = "Error detected while processing function vm#reset[15]..vm#comp#reset:\nline   18:\n";
  hits = matcher.Find(q);
  EXPECT_TRUE(hits.empty() || hits[0].record->id != "e117");
}

// feign's "%s executing %s %s" has one word of its own: alone it is no
// evidence, but a paste that names its class in feign's package
// ("feign.RetryableException: ...") says whose it is. The same words under
// another package's class are not.
TEST(MatcherTest, QualifiedClassNamingTheRepositoryLiftsAOneWordTemplate) {
  std::vector<Record> rs = Corpus();
  for (Record& r : CommonWords()) rs.push_back(std::move(r));
  Record feign = MakeRecord(
      "executing", "%s executing %s %s", R"(([\s\S]*?) executing ([\s\S]*?) ([\s\S]*?))",
      {{"%s", "cause"}, {"%s", "method"}, {"%s", "url"}}, "RetryableException", "OpenFeign/feign");
  feign.language = "java";
  rs.push_back(feign);
  Matcher matcher(std::move(rs));
  // As the paste reader gives it: the class's last name, the message, the
  // paste around them.
  std::string paste =
      "feign.RetryableException: Read timed out executing GET http://organization/user";
  Query q;
  q.error_class = "RetryableException";
  q.message = "Read timed out executing GET http://organization/user";
  q.context = paste;
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "executing");
  std::string other =
      "com.acme.RetryableException: Read timed out executing GET http://organization/user";
  q.context = other;
  hits = matcher.Find(q);
  EXPECT_TRUE(hits.empty() || hits[0].record->id != "executing");
}

}  // namespace
// A template that opens with a level label (PHP_CodeSniffer's "ERROR: The
// file ... does not exist." and its usage line) is found from a paste whose
// reader took the label off, as a whole match.
TEST(MatcherTest, LevelLabelOpeningATemplateMayBeTakenOff) {
  std::vector<Record> rs = Corpus();
  Record e = MakeRecord(
      "missing-file",
      "ERROR: The file \"{$path}\" does not exist.\n\nRun \"phpcs --help\" for usage information",
      "ERROR: The file \"([\\s\\S]*?)\" does not exist\\.\\n\\nRun \"phpcs --help\" for usage "
      "information",
      {HoleInfo{"{$path}", "$path"}}, "DeepExitException", "PHPCSStandards/PHP_CodeSniffer");
  e.language = "php";
  e.file_path = "src/Config.php";
  rs.push_back(e);
  // Another repository's shorter message, which the paste without its
  // label quotes whole: the label the paste prints decides.
  Record other = MakeRecord("polybar", "The file '{path}' does not exist",
                            "The file '([\\s\\S]*?)' does not exist", {HoleInfo{"{path}", "path"}},
                            "module_error", "polybar/polybar");
  other.language = "cpp";
  other.file_path = "src/modules/backlight.cpp";
  rs.push_back(other);
  Matcher matcher(std::move(rs));
  for (const char* paste :
       {"$ ./vendor/bin/phpcs --standard=phpcs-laravel\nERROR: The file \"app\" does not exist.\n\n"
        "Run \"phpcs --help\" for usage information\n",
        "ERROR: The file \"app\" does not exist.\n"}) {
    std::vector<PasteHit> hits = ExplainPaste(matcher, paste, "", 3, false);
    ASSERT_FALSE(hits.empty()) << paste;
    EXPECT_EQ(hits[0].match.record->id, "missing-file") << paste;
    EXPECT_EQ(hits[0].match.match_type, "pattern") << paste;
  }
}

// A CLI that prints its error, then labelled details ("Command Output:",
// "Stack Trace:", kind's logError): the labels match lines of their own
// with two words and a value, which made "Stack Trace: %+v" outrank the
// error chain above it. A label ranks below the hits on other lines; alone,
// it is still found.
TEST(MatcherTest, LabelLinesBelowAnErrorRankUnderIt) {
  std::vector<Record> rs;
  rs.push_back(MakeRecord("start", "failed to start node: {err}",
                          R"(failed to start node: ([\s\S]*?))", {{"{err}", "err"}}, "raise"));
  rs.push_back(MakeRecord("run", "command \"%s\" failed with error: %v",
                          R"re(command "([\s\S]*?)" failed with error: ([\s\S]*?))re",
                          {{"%s", "cmd"}, {"%v", "err"}}, "RunError"));
  rs.push_back(MakeRecord("output", "\nCommand Output: %s", R"(\nCommand Output: ([\s\S]*?))",
                          {{"%s", "err.Output"}}, "log"));
  rs.push_back(MakeRecord("trace", "\nStack Trace: %+v", R"(\nStack Trace: ([\s\S]*?))",
                          {{"%+v", "trace"}}, "log"));
  // Words of error chains are common in a corpus; a label's are not.
  for (int i = 0; i < 40; ++i) {
    std::string n = std::to_string(i);
    rs.push_back(MakeRecord("filler" + n, "failed to start node " + n + " with error: {err}",
                            "failed to start node " + n + R"( with error: ([\s\S]*?))",
                            {{"{err}", "err"}}, "raise"));
  }
  for (Record& r : rs) {
    r.language = "go", r.repo = "acme/nodetool";
    r.kind = r.error_class == "log" ? "log" : "raise";
  }
  Matcher matcher(rs);
  Query q;
  q.message =
      "ERROR: failed to start node: command \"docker exec --privileged node-control-plane cat "
      "/etc/node-version\" failed with error: exit status 1\n"
      "Command Output: Error response from daemon: container 4f2a is not running\n"
      "Stack Trace:\n"
      "github.com/acme/nodetool/pkg/errors.WithStack\n"
      "\t/src/pkg/errors/errors.go:51\n"
      "github.com/acme/nodetool/pkg/exec.(*LocalCmd).Run\n"
      "\t/src/pkg/exec/local.go:124\n";
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_TRUE(hits[0].record->id == "run" || hits[0].record->id == "start") << hits[0].record->id;
  for (size_t i = 0; i < hits.size(); ++i) {
    if (hits[i].record->id != "trace" && hits[i].record->id != "output") continue;
    for (size_t j = i + 1; j < hits.size(); ++j) {
      EXPECT_TRUE(hits[j].record->id == "trace" || hits[j].record->id == "output")
          << hits[j].record->id << " ranks below label " << hits[i].record->id;
    }
  }
  // Without the error line, the labels are all there is to answer with.
  Query alone;
  alone.message = q.message.substr(q.message.find("Command Output"));
  hits = matcher.Find(alone);
  ASSERT_FALSE(hits.empty());
  EXPECT_TRUE(hits[0].record->id == "output" || hits[0].record->id == "trace")
      << hits[0].record->id;
}

}  // namespace errdex

namespace errdex {
namespace {

// Waybar: "Unknown module" (a frontend's bare throw) and "Unknown module: "
// + name (the factory's) both match a warning quoted in a user's sentence;
// read whole, the factory's hole holds the user's next sentence. The quote
// read alone ranks the factory first, and adds no record of its own.
TEST(MatcherTest, AQuoteInProseRanksTheRecordsTheWholeTextFound) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(
      MakeRecord("bare", "Unknown module", "Unknown module", {}, "std::runtime_error", "acme/bar"));
  rs.push_back(MakeRecord("factory", "Unknown module: {name}", R"(Unknown module: ([\s\S]*?))",
                          {{"{name}", "name"}}, "std::runtime_error", "acme/bar"));
  for (Record& r : rs) r.language = "cpp";
  Matcher matcher(std::move(rs));
  std::vector<PasteHit> hits = ExplainPaste(
      matcher,
      "When I run bar, I get ``[warning] module hypr/window: Unknown module: hypr/window``. Am "
      "I doing something wrong? It's in the wiki.",
      "", 3, false, nullptr);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].match.record->id, "factory");
  // A quote of text no record wrote adds nothing to the whole text's hits.
  hits = ExplainPaste(matcher,
                      "I get \"the sprocket refused the widget entirely\" when Unknown module "
                      "shows up in my log after the update",
                      "", 3, false, nullptr);
  for (const PasteHit& h : hits) {
    EXPECT_TRUE(h.match.record->id == "bare" || h.match.record->id == "factory")
        << h.match.record->id;
  }
}

// maven prints its error, then a footer whose introduction ("For more
// information about the errors and possible solutions, please read the
// following articles:") is a message of its own: it ranks below the error
// above it. An introduction with nothing above it keeps its place.
TEST(MatcherTest, AnIntroductionBelowAnErrorRanksUnderIt) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord("reactor", "Could not find the selected project in the reactor: {}",
                          R"(Could not find the selected project in the reactor: ([\s\S]*?))",
                          {{"{}", "selector"}}, "MavenExecutionException", "acme/maven"));
  rs.push_back(MakeRecord(
      "footer",
      "For more information about the errors and possible solutions, please read the following "
      "articles:",
      R"(For more information about the errors and possible solutions, please read the )"
      R"(following articles:)",
      {}, "log", "acme/maven"));
  for (Record& r : rs) r.language = "java", r.kind = r.id == "footer" ? "log" : "raise";
  Matcher matcher(std::move(rs));
  const std::string footer =
      "[ERROR] For more information about the errors and possible solutions, please read the "
      "following articles:\n"
      "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MavenExecutionException";
  Query q;
  q.message =
      "[ERROR] Could not find the selected project in the reactor: :common-utils -> [Help 1]\n"
      "[ERROR]\n" +
      footer;
  std::vector<Match> hits = matcher.Find(q);
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].record->id, "reactor");
  // Pasted whole, each "[ERROR]" line is a reading of its own.
  std::vector<PasteHit> pasted =
      ExplainPaste(matcher, "mvn -pl :common-utils package\n" + q.message, "", 3, false, nullptr);
  ASSERT_GE(pasted.size(), 2u);
  EXPECT_EQ(pasted[0].match.record->id, "reactor");
  q.message = footer;
  hits = matcher.Find(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].record->id, "footer");
}

// A .NET chain: the library's own outer statement ranks first, its cause
// (here matched more exactly than the outer one) below it;
// a paste of the inner exception alone still finds it first.
TEST(MatcherTest, DotNetOuterExceptionRanksAboveItsInnerOne) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord(
      "outer", "Unable to authenticate using sasl protocol mechanism {Mechanism.Name}.",
      R"(Unable to authenticate using sasl protocol mechanism ([\s\S]*?)\.)",
      {{"{Mechanism.Name}", "Mechanism.Name"}}, "MongoAuthenticationException", "acme/mongo"));
  rs.push_back(MakeRecord("inner", "Command saslStart failed: Authentication failed..",
                          R"(Command saslStart failed: Authentication failed\.\.)", {},
                          "MongoCommandException", "acme/mongo"));
  for (Record& r : rs) r.language = "csharp";
  Matcher matcher(std::move(rs));
  const std::string inner =
      "MongoDB.Driver.MongoCommandException: Command saslStart failed: Authentication failed..";
  std::vector<PasteHit> pasted = ExplainPaste(
      matcher,
      "MongoDB.Driver.MongoAuthenticationException: Unable to authenticate using sasl protocol "
      "mechanism SCRAM-SHA-1. ---> " +
          inner,
      "", 3, false, nullptr);
  ASSERT_GE(pasted.size(), 2u);
  EXPECT_EQ(pasted[0].match.record->id, "outer");
  EXPECT_EQ(pasted[1].match.record->id, "inner");
  pasted = ExplainPaste(matcher, inner, "", 3, false, nullptr);
  ASSERT_FALSE(pasted.empty());
  EXPECT_EQ(pasted[0].match.record->id, "inner");
}

// A program's own "prog: message" line above the traceback of the program
// that ran it (a binding's RuntimeError) is an error of its own, answered by
// a record whose text names the program; one that leaves the name to a hole
// ("%s: ..", which any "word: text" line fills) does not answer such a line.
TEST(MatcherTest, ProgramLineAboveATracebackAnswersWithItsProgram) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord("fuse", "fuse: unknown option(s): `{...}",
                          R"(fuse: unknown option\(s\): `([\s\S]*?))", {{"{...}", "..."}}, "log",
                          "acme/fuse"));
  rs.push_back(MakeRecord("generic", "%s: Unrecognized archive format %s",
                          R"(([\s\S]*?): Unrecognized archive format ([\s\S]*?))",
                          {{"%s", "name"}, {"%s", "detail"}}, "log", "acme/other"));
  for (Record& r : rs) r.language = "c", r.kind = "log";
  Matcher matcher(std::move(rs));
  const std::string trace =
      "ERROR:autoortho:Exception in FUSE mount: 3\n"
      "Traceback (most recent call last):\n"
      "  File \"/tmp/autoortho/mfusepy.py\", line 1237, in __init__\n"
      "RuntimeError: 3";
  std::vector<PasteHit> pasted =
      ExplainPaste(matcher, "fuse: unknown option(s): `-o max_readahead=1048576'\n" + trace, "", 3,
                   false, nullptr);
  ASSERT_FALSE(pasted.empty());
  EXPECT_EQ(pasted[0].match.record->id, "fuse");
  EXPECT_EQ(pasted[0].error.input_line, 1);
  pasted = ExplainPaste(matcher, "tar: Unrecognized archive format here\n" + trace, "", 3, false,
                        nullptr);
  for (const PasteHit& h : pasted) EXPECT_NE(h.match.record->id, "generic");
}

// Homebrew's odie prints "Error: " before its text and the record's
// template holds it; a bare "Error: .." line is read with its label too.
TEST(MatcherTest, BareErrorLabelIsReadAsPartOfTheMessage) {
  std::vector<Record> rs = CommonWords();
  rs.push_back(MakeRecord(
      "odie",
      "Error: Cannot install in Homebrew on ARM processor in Intel default prefix "
      "(#{HOMEBREW_PREFIX})!\nPlease create a new installation in #{P} using one of the",
      R"(Error: Cannot install in Homebrew on ARM processor in Intel default prefix )"
      R"(\(([\s\S]*?)\)!\nPlease create a new installation in ([\s\S]*?) using one of the)",
      {{"#{HOMEBREW_PREFIX}", "HOMEBREW_PREFIX"}, {"#{P}", "P"}}, "", "acme/brew"));
  rs.push_back(MakeRecord("other", "Cannot install {name}", R"(Cannot install ([\s\S]*?))",
                          {{"{name}", "name"}}, "Error", "acme/other"));
  for (Record& r : rs) r.language = "ruby", r.kind = "raise";
  Matcher matcher(std::move(rs));
  std::vector<PasteHit> pasted = ExplainPaste(
      matcher,
      "Error: Cannot install in Homebrew on ARM processor in Intel default prefix (/usr/local)!\n"
      "Please create a new installation in /opt/homebrew using one of the",
      "", 3, false, nullptr);
  ASSERT_FALSE(pasted.empty());
  EXPECT_EQ(pasted[0].match.record->id, "odie");
  EXPECT_GT(pasted[0].match.score, 0.8);
}

}  // namespace
}  // namespace errdex
