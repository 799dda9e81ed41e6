// errdex analyze --llm: the optional language-model pass that rewrites the
// prose of stored records, cached and resumable.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"
#include "errdex/llm.h"

namespace errdex {
namespace {

struct AnalyzeArgs {
  LlmOptions llm;
  std::string db, api_key_env;
  bool json = false, no_progress = false;
};

nlohmann::json LlmSummaryJson(const LlmSummary& s) {
  nlohmann::json failures = nlohmann::json::array();
  for (const LlmFailure& f : s.failures) {
    failures.push_back(
        {{"id", f.id}, {"filePath", f.file}, {"lineNumber", f.line}, {"reason", f.reason}});
  }
  return {{"endpoint", s.endpoint},
          {"model", s.model},
          {"records", s.records},
          {"sites", s.sites},
          {"sent", s.sent},
          {"requests", s.requests},
          {"cached", s.cached},
          {"updated", s.updated},
          {"unchanged", s.unchanged},
          {"failed", s.failed},
          {"stale", s.stale},
          {"notSent", s.not_sent},
          {"failures", failures},
          {"stopped", s.stopped.empty() ? nlohmann::json() : nlohmann::json(s.stopped)},
          {"seconds", s.seconds}};
}

void PrintLlmSummary(const LlmSummary& s) {
  PrintSafe("model %s at %s: %d records, %d sites\n", s.model.c_str(), s.endpoint.c_str(),
            s.records, s.sites);
  std::printf("sent %d sites (%d requests), %d answered from the cache", s.sent, s.requests,
              s.cached);
  if (s.not_sent) std::printf(", %d not sent (--limit or stopped)", s.not_sent);
  std::printf("\nupdated %d records, %d already up to date, %d failed (deterministic text kept)",
              s.updated, s.unchanged, s.failed);
  if (s.stale) std::printf(", %d re-indexed meanwhile (left alone)", s.stale);
  std::printf(" in %.2fs\n", s.seconds);
  constexpr size_t kShown = 10;
  for (size_t i = 0; i < s.failures.size() && i < kShown; ++i) {
    const LlmFailure& f = s.failures[i];
    // The reason may quote the endpoint's reply.
    PrintSafe("failed: %s:%d (%s): %s\n", f.file.c_str(), f.line, f.id.c_str(), f.reason.c_str());
  }
  if (s.failures.size() > kShown) {
    std::printf("... and %zu more failures (--json lists all)\n", s.failures.size() - kShown);
  }
  if (!s.stopped.empty()) PrintSafe("stopped early: %s\n", s.stopped.c_str());
  if (s.failed) std::printf("re-run the same command to retry the failed sites only\n");
}

int RunAnalyze(AnalyzeArgs a) {
  bool key_env_given = !a.api_key_env.empty();
  std::string env = key_env_given ? a.api_key_env : "OPENAI_API_KEY";
  const char* key = std::getenv(env.c_str());
  if (key && *key) {
    a.llm.api_key = key;
  } else if (key_env_given) {
    return FailUsageHelp("--api-key-env " + env + ": the environment variable is not set");
  } else if (!a.json) {
    std::fprintf(stderr, "errdex: $%s is not set; sending requests without an API key\n",
                 env.c_str());
  }
  if (!a.llm.repo.empty() && a.llm.repo.find('/') == std::string::npos) {
    return FailUsageHelp("--repo must be owner/name, got '" + a.llm.repo + "'");
  }
  if (Status s = ValidateLlmOptions(a.llm); !s.ok()) return FailUsageHelp(s.message());
  auto store = OpenStore(a.db);
  if (!store.ok()) return Fail(store.status());
  bool bar = !a.json && !a.no_progress && isatty(STDERR_FILENO);
  auto summary = RunLlmPass(a.llm, store->get(), [&](const LlmProgress& p) {
    if (!bar) return;
    std::fprintf(stderr, "\r\033[K%d/%d sites answered, %d failed", p.done, p.total, p.failed);
    if (p.done == p.total) std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  });
  if (!summary.ok()) return Fail(summary.status());
  if (a.json) {
    std::cout << LlmSummaryJson(*summary).dump(2, ' ', false,
                                               nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    PrintLlmSummary(*summary);
  }
  return summary->failed || !summary->stopped.empty() ? kExitFailure : kExitFound;
}

}  // namespace

Command AddAnalyzeCommand(CLI::App* app) {
  auto a = std::make_shared<AnalyzeArgs>();
  CLI::App* cmd = app->add_subcommand(
      "analyze", "Optional language-model pass: better prose for stored records");
  cmd->add_option("--llm", a->llm.url,
                  "OpenAI-compatible endpoint: http(s)://host[:port][/v1] "
                  "(POST .../v1/chat/completions)")
      ->required();
  cmd->add_option("--model", a->llm.model, "Model name sent to the endpoint")->required();
  cmd->add_option("--db", a->db, kDbHelp);
  cmd->add_option("--repo", a->llm.repo, "Only this repository (owner/name; default: all)");
  cmd->add_option("--api-key-env", a->api_key_env,
                  "Environment variable holding the API key (default OPENAI_API_KEY; sent "
                  "as Authorization: Bearer, never printed)");
  cmd->add_option("--concurrency", a->llm.concurrency, "Requests in flight (1-64)")
      ->capture_default_str();
  cmd->add_option("--limit", a->llm.limit,
                  "Send at most N sites to the model (0: no limit); cached sites are "
                  "applied without counting")
      ->capture_default_str();
  cmd->add_option("--fields", a->llm.fields,
                  "Fields to apply, comma-separated (default: all of documentation, "
                  "commonSituations, solutions, preventionTips, handlingStrategy, "
                  "exampleFix)")
      ->delimiter(',');
  cmd->add_option("--timeout", a->llm.timeout_seconds, "Seconds per HTTP request")
      ->capture_default_str();
  cmd->add_option("--tries", a->llm.max_tries,
                  "HTTP requests per answer on 429, 5xx and timeouts (1-10)")
      ->capture_default_str();
  cmd->add_option("--retry-delay-ms", a->llm.retry_delay_ms,
                  "First backoff; doubles per retry (Retry-After is honoured)")
      ->capture_default_str();
  cmd->add_flag("--json", a->json, "Print a machine-readable summary");
  cmd->add_flag("--no-progress", a->no_progress, "No progress line");
  cmd->footer(
      "The model gets each record's deterministic facts (message, class, conditions, notes,\n"
      "callers, options, analysis fields) and the source window; temperature 0, JSON answer.\n"
      "Answers are validated against a fixed schema; an unusable one is asked once more, then\n"
      "the record keeps its deterministic text and counts as failed (exit 2).\n"
      "Merge: documentation and commonSituations are replaced; solutions and preventionTips\n"
      "keep the deterministic items first and get the model's new ones appended;\n"
      "handlingStrategy becomes \"<category>: <model text>\"; exampleFix is filled only where no\n"
      "condition guards the error. Message, pattern, class, location, triggerScenarios,\n"
      "conditions and code fields are never changed. Provenance names the model\n"
      "(\"model:NAME\") and llm.deterministic keeps the replaced text.\n"
      "Answers are cached in the database by (site facts hash, model, prompt version):\n"
      "re-running, or resuming a killed run, asks only for what is not cached yet.\n"
      "Exit: 0 done, 1 no records, 2 usage error, failed sites or endpoint error.");
  return {cmd, [a] { return RunAnalyze(*a); }};
}

}  // namespace errdex
