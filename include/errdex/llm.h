// Optional language-model pass (`errdex analyze --llm`): asks an
// OpenAI-compatible chat completions endpoint to write better prose for
// stored records, from the deterministic facts and the source window, and
// merges the validated answers without replacing any deterministic fact (see
// src/llm/merge.h for the exact rules). Answers are cached in the store by
// (site hash, model, prompt version): re-running costs nothing, and a killed
// run resumes where it stopped.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "errdex/status.h"

namespace errdex {

class Store;

struct LlmOptions {
  std::string url;  // base URL; ".../v1" and ".../v1/chat/completions" also accepted
  std::string model;
  std::string api_key;              // empty: no Authorization header
  std::string repo;                 // empty: every repository
  std::vector<std::string> fields;  // AnswerFields() names to apply; empty: all
  int concurrency = 4;              // requests in flight
  int limit = 0;                    // at most this many sites sent to the model; 0: no limit
  double timeout_seconds = 120;     // per HTTP request
  int max_tries = 3;                // HTTP requests per answer (429/5xx/timeouts)
  int retry_delay_ms = 1000;        // first backoff, doubled per retry
};

struct LlmFailure {
  std::string id;
  std::string file;
  int line = 0;
  std::string reason;
};

struct LlmSummary {
  std::string endpoint;  // the URL requests went to
  std::string model;
  int records = 0;    // records considered
  int sites = 0;      // distinct sites (records with identical facts share one)
  int sent = 0;       // sites asked to the model in this run
  int requests = 0;   // HTTP requests, retries included
  int cached = 0;     // sites answered from the cache, no request
  int updated = 0;    // records written
  int unchanged = 0;  // records that already carried their answer
  int failed = 0;     // sites without a usable answer; their records keep the deterministic text
  int stale = 0;      // records re-indexed while the pass ran; left alone
  int not_sent = 0;   // sites over --limit
  std::vector<LlmFailure> failures;
  std::string stopped;  // why the run stopped early (fatal endpoint error); empty if it did not
  double seconds = 0;
};

struct LlmProgress {
  int done = 0;
  int total = 0;
  int failed = 0;
};

// Checks options (InvalidArgument, for exit code 2 with a usage message).
Status ValidateLlmOptions(const LlmOptions& options);

// Runs the pass over the stored records. NotFound when there is nothing to
// analyze; a fatal endpoint error ends the run early with summary.stopped set
// (answers received so far are kept).
Result<LlmSummary> RunLlmPass(const LlmOptions& options, Store* store,
                              const std::function<void(const LlmProgress&)>& progress);

}  // namespace errdex
