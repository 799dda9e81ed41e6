// Unit tests of the language-model pass's pure parts: endpoint URLs, the
// answer schema, and the merge rules (what a model may and may not change).
#include <gtest/gtest.h>

#include "analyze/record_builder.h"
#include "llm/answer.h"
#include "llm/endpoint.h"
#include "llm/merge.h"
#include "llm/prompt.h"

namespace errdex {
namespace {

TEST(Endpoint, BaseUrlsInEveryDocumentedFormMeanTheSameEndpoint) {
  for (const char* url :
       {"http://127.0.0.1:8000", "http://127.0.0.1:8000/", "http://127.0.0.1:8000/v1",
        "http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/v1/chat/completions"}) {
    Result<Endpoint> e = ParseEndpoint(url);
    ASSERT_TRUE(e.ok()) << url << ": " << e.status().message();
    EXPECT_EQ(e->Url(), "http://127.0.0.1:8000/v1/chat/completions") << url;
  }
  Result<Endpoint> proxy = ParseEndpoint("https://gateway.example.com/openai");
  ASSERT_TRUE(proxy.ok());
  EXPECT_EQ(proxy->port, 443);
  EXPECT_EQ(proxy->Origin(), "https://gateway.example.com");
  EXPECT_EQ(proxy->path, "/openai/v1/chat/completions");
  Result<Endpoint> v6 = ParseEndpoint("http://[::1]:9000/v1");
  ASSERT_TRUE(v6.ok());
  EXPECT_EQ(v6->Url(), "http://[::1]:9000/v1/chat/completions");
}

TEST(Endpoint, RefusesWhatCannotBeAnEndpoint) {
  EXPECT_EQ(ParseEndpoint("localhost:8000").status().message(),
            "--llm localhost:8000: no scheme (expected http://host[:port][/v1], e.g. "
            "http://127.0.0.1:8000/v1)");
  EXPECT_NE(ParseEndpoint("ftp://h/v1").status().message().find("scheme must be http or https"),
            std::string::npos);
  EXPECT_NE(ParseEndpoint("http://user:sk-1@h/v1").status().message().find("--api-key-env"),
            std::string::npos);
  EXPECT_FALSE(ParseEndpoint("http://h:99999").ok());
  EXPECT_FALSE(ParseEndpoint("http://:80").ok());
  EXPECT_FALSE(ParseEndpoint("http://h/v1?key=x").ok());
}

TEST(Answer, ValidAnswerIsTrimmedAndDeduplicated) {
  Result<ProseAnswer> a = ParseAnswer(
      R"({"documentation": "  Raised when `mode` is unknown. ", "solutions": ["Pass `--mode fast`.",
          "pass `--mode fast`."], "preventionTips": [], "commonSituations": null})");
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->documentation, "Raised when `mode` is unknown.");
  EXPECT_EQ(a->solutions, std::vector<std::string>{"Pass `--mode fast`."});
  EXPECT_TRUE(a->common_situations.empty());
  EXPECT_TRUE(a->prevention_tips.empty());
  Result<ProseAnswer> fenced =
      ParseAnswer("```json\n{\"documentation\": \"d\", \"solutions\": [\"s\"]}\n```");
  ASSERT_TRUE(fenced.ok()) << fenced.status().message();
  EXPECT_EQ(AnswerToJson(*fenced).dump(), R"({"documentation":"d","solutions":["s"]})");
}

TEST(Answer, EveryViolationIsNamed) {
  auto why = [](std::string_view content) { return ParseAnswer(content).status().message(); };
  EXPECT_EQ(why(""), "the answer is empty");
  EXPECT_EQ(why(R"({"documentation": "The file)"),
            "the answer is not valid JSON (malformed or truncated)");
  EXPECT_EQ(why("not json"), "the answer is not valid JSON (malformed or truncated)");
  EXPECT_EQ(why("[1]"), "answer does not fit the schema: not a JSON object");
  EXPECT_EQ(why(R"({"documentation": "d", "solutions": ["s"], "confidence": 0.9})"),
            "answer does not fit the schema: unexpected field `confidence`");
  EXPECT_EQ(why(R"({"solutions": ["s"]})"),
            "answer does not fit the schema: `documentation` is missing");
  EXPECT_EQ(why(R"({"documentation": " ", "solutions": ["s"]})"),
            "answer does not fit the schema: `documentation` is empty");
  EXPECT_EQ(why(R"({"documentation": "d", "solutions": "do it"})"),
            "answer does not fit the schema: `solutions` is not an array of strings");
  EXPECT_EQ(why(R"({"documentation": "d", "solutions": []})"),
            "answer does not fit the schema: `solutions` is empty");
  EXPECT_EQ(why(R"({"documentation": "d", "solutions": ["s", 3]})"),
            "answer does not fit the schema: `solutions[1]` is not a string");
  EXPECT_EQ(why(R"({"documentation": "d", "solutions": ["a","b","c","d","e","f","g"]})"),
            "answer does not fit the schema: `solutions` has more than 6 items");
  std::string long_doc =
      R"({"documentation": ")" + std::string(1501, 'x') + R"(", "solutions": ["s"]})";
  EXPECT_EQ(why(long_doc),
            "answer does not fit the schema: `documentation` is longer than 1500 bytes");
  EXPECT_EQ(why(R"({"documentation": "a\u0000b", "solutions": ["s"]})"),
            "answer does not fit the schema: `documentation` contains control characters");
}

// A record as BuildRecord + ApplySiteFacts write it, reduced to what the
// merge looks at.
Record Deterministic() {
  Record r;
  r.id = "0123456789abcdef";
  r.repo = "acme/app";
  r.error_message = "unknown mode {mode!r}. Use --mode fast.";
  r.documentation = "`ValueError` is raised in `set_mode` (app/mode.py) at line 3.";
  r.trigger_scenarios =
      "Reached in `set_mode` (app/mode.py) when `mode in MODES` is false (line 2).";
  r.common_situations = "During a call to `set_mode` (defined at app/mode.py:1).";
  r.solutions = {"Use --mode fast. (the message's own advice)",
                 "Avoid the state where `mode in MODES` is false (checked at line 2)"};
  r.example_fix = "# before: reaches app/mode.py:3\nset_mode(...)";
  r.validation_code = "# errdex: app/mode.py:3 raises when this holds\nif not (mode in MODES): ...";
  r.handling_strategy = "validation";
  r.prevention_tips = {"Check how `--mode` is set before launching"};
  r.provenance = {{"documentation", {3}}, {"solutions", {3, 2}}, {"errorMessage", {3}}};
  return r;
}

ProseAnswer Answer() {
  ProseAnswer a;
  a.documentation = "`set_mode` accepts only the modes in `MODES`.";
  a.common_situations = "A typo in `--mode`.";
  a.solutions = {"use --mode fast", "List the accepted values with `--help`."};
  a.prevention_tips = {"Validate `--mode` in your launcher."};
  a.handling_strategy = "Validate `mode` before calling `set_mode`.";
  a.example_fix = "set_mode('fast')";
  return a;
}

TEST(Merge, ModelProseJoinsTheDeterministicFactsWithoutReplacingThem) {
  Record det = Deterministic();
  AnswerKey key{"h1", "m-1", kPromptVersion};
  std::set<std::string> all(AnswerFields().begin(), AnswerFields().end());
  Record r = MergeAnswer(det, Answer(), key, all);
  EXPECT_EQ(r.documentation, "`set_mode` accepts only the modes in `MODES`.");
  EXPECT_EQ(r.common_situations, "A typo in `--mode`.");
  // The message's advice and the condition stay first; the model's restatement
  // of the advice is dropped as a duplicate; its new step is appended.
  EXPECT_EQ(r.solutions, (std::vector<std::string>{
                             "Use --mode fast. (the message's own advice)",
                             "Avoid the state where `mode in MODES` is false (checked at line 2)",
                             "List the accepted values with `--help`."}));
  EXPECT_EQ(r.prevention_tips,
            (std::vector<std::string>{"Check how `--mode` is set before launching",
                                      "Validate `--mode` in your launcher."}));
  EXPECT_EQ(r.handling_strategy, "validation: Validate `mode` before calling `set_mode`.");
  // A guard exists, so the deterministic example fix stays.
  EXPECT_EQ(r.example_fix, det.example_fix);
  EXPECT_EQ(r.trigger_scenarios, det.trigger_scenarios);
  EXPECT_EQ(r.provenance["documentation"], nlohmann::json::parse(R"(["model:m-1", 3])"));
  EXPECT_EQ(r.provenance["solutions"], nlohmann::json::parse(R"([3, 2, "model:m-1"])"));
  EXPECT_EQ(r.provenance["handlingStrategy"], nlohmann::json::parse(R"(["model:m-1"])"));
  EXPECT_EQ(r.provenance["errorMessage"], nlohmann::json::parse("[3]"));
  EXPECT_EQ(r.llm["fields"], nlohmann::json::parse(R"(["documentation", "commonSituations",
            "solutions", "preventionTips", "handlingStrategy"])"));
  EXPECT_EQ(r.llm["modelItemsFrom"],
            nlohmann::json::parse(R"({"solutions": 2, "preventionTips": 1})"));
  // The deterministic record comes back exactly, so a second model (or a
  // re-run) starts from the facts, not from the first model's prose.
  EXPECT_EQ(RecordToJsonText(DeterministicView(r)), RecordToJsonText(det));
  Record again = MergeAnswer(DeterministicView(r), Answer(), key, all);
  EXPECT_EQ(RecordToJsonText(again), RecordToJsonText(r));
}

TEST(Merge, FallbackSolutionAndPlaceholderFixGiveWayToTheModel) {
  Record det = Deterministic();
  det.solutions = {std::string(kGenericSolution) +
                   "compare the values printed in the message with what `load` (app/io.py) "
                   "accepts (line 9)"};
  det.validation_code.reset();
  det.example_fix = "";
  Record r = MergeAnswer(det, Answer(), {"h", "m", 1}, {"solutions", "exampleFix"});
  EXPECT_EQ(r.solutions, (std::vector<std::string>{"use --mode fast",
                                                   "List the accepted values with `--help`."}));
  EXPECT_EQ(r.llm["modelItemsFrom"]["solutions"], 0);
  EXPECT_EQ(r.example_fix, "set_mode('fast')");
  EXPECT_EQ(r.provenance["exampleFix"], nlohmann::json::parse(R"(["model:m"])"));
  // --fields left the documentation alone.
  EXPECT_EQ(r.documentation, det.documentation);
  EXPECT_FALSE(r.provenance.contains("commonSituations"));
  EXPECT_EQ(RecordToJsonText(DeterministicView(r)), RecordToJsonText(det));
}

TEST(Prompt, FactsHashIgnoresAnEarlierModelsProse) {
  Record det = Deterministic();
  det.source_code = "def set_mode(mode):\n    if mode not in MODES:\n        raise ValueError(...)";
  det.source_code_start = 1;
  det.line_number = 3;
  nlohmann::json facts = SiteFactsJson(det);
  EXPECT_EQ(facts["source"],
            "     1 | def set_mode(mode):\n     2 |     if mode not in MODES:\n"
            ">    3 |         raise ValueError(...)\n");
  Record merged = MergeAnswer(det, Answer(), {"h", "m", 1}, {"documentation"});
  EXPECT_EQ(SiteHash(SiteFactsJson(DeterministicView(merged))), SiteHash(facts));
  nlohmann::json body = nlohmann::json::parse(ChatRequestBody("m-1", facts));
  EXPECT_EQ(body["model"], "m-1");
  EXPECT_EQ(body["temperature"], 0);
  EXPECT_EQ(body["response_format"]["type"], "json_object");
  EXPECT_EQ(body["messages"][0]["role"], "system");
  EXPECT_EQ(body["messages"][1]["content"].get<std::string>().rfind("Facts (JSON):\n", 0), 0u);
}

}  // namespace
}  // namespace errdex
