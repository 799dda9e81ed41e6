// The language-model pass (see include/errdex/llm.h).
//
// Threads: the calling thread owns the Store (SQLite) and does all reading
// and writing; `concurrency` workers only talk HTTP. Each good answer is
// cached at once (one autocommit row, so a killed run keeps it); records are
// rewritten in batches, each batch one transaction that re-reads the stored
// record and applies the answer only if the record's facts still hash to
// what was asked (a concurrent re-index wins).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "errdex/llm.h"
#include "errdex/store.h"
#include "llm/answer.h"
#include "llm/chat_client.h"
#include "llm/merge.h"
#include "llm/prompt.h"

namespace errdex {
namespace {

constexpr size_t kBatch = 16;
constexpr int kMaxConcurrency = 64;

struct Site {
  std::string hash;
  nlohmann::json facts;
  std::vector<std::string> ids;  // records with these facts
  std::string file;
  int line = 0;
};

struct Outcome {
  size_t site = 0;
  bool ok = false;
  ProseAnswer answer;
  std::string error;
  int requests = 0;
  bool fatal = false;
};

// One site: transport retries inside Complete(); an unusable answer
// (malformed, truncated, off-schema) is asked once more, then given up.
Outcome AskModel(ChatClient* client, const std::string& body, const LlmOptions& opt) {
  Outcome out;
  constexpr int kAnswerTries = 2;
  for (int attempt = 1; attempt <= kAnswerTries; ++attempt) {
    if (attempt > 1) {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::max(0, opt.retry_delay_ms)));
    }
    ChatReply reply = client->Complete(body);
    out.requests += reply.requests;
    if (reply.malformed) {
      out.error = reply.error;
      continue;  // a garbled reply is an unusable answer: ask once more
    }
    if (!reply.ok) {
      out.error = reply.error;
      out.fatal = reply.fatal;
      return out;  // transport retries are spent (or pointless)
    }
    if (reply.finish_reason == "length") {
      out.error = "the answer was truncated (finish_reason \"length\")";
      continue;
    }
    Result<ProseAnswer> a = ParseAnswer(reply.content);
    if (!a.ok()) {
      out.error = a.status().message();
      continue;
    }
    out.ok = true;
    out.answer = std::move(*a);
    out.error.clear();
    return out;
  }
  return out;
}

// Work queue between the workers and the writing thread.
class Results {
 public:
  void Push(Outcome o) {
    std::lock_guard<std::mutex> lock(mu_);
    q_.push_back(std::move(o));
    cv_.notify_one();
  }
  Outcome Pop() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return !q_.empty(); });
    Outcome o = std::move(q_.front());
    q_.pop_front();
    return o;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Outcome> q_;
};

class Pass {
 public:
  Pass(const LlmOptions& opt, Store* store, const std::function<void(const LlmProgress&)>& progress)
      : opt_(opt), store_(store), progress_(progress) {
    if (opt.fields.empty()) {
      fields_.insert(AnswerFields().begin(), AnswerFields().end());
    } else {
      fields_.insert(opt.fields.begin(), opt.fields.end());
    }
  }

  Result<LlmSummary> Run() {
    auto started = std::chrono::steady_clock::now();
    Result<Endpoint> ep = ParseEndpoint(opt_.url);
    if (!ep.ok()) return ep.status();
    endpoint_ = *ep;
    sum_.endpoint = endpoint_.Url();
    sum_.model = opt_.model;
    if (Status s = Collect(); !s.ok()) return s;
    std::vector<size_t> to_send;
    for (size_t i = 0; i < sites_.size(); ++i) {
      Result<std::optional<std::string>> hit = store_->CachedAnswer(Key(sites_[i]));
      if (!hit.ok()) return hit.status();
      if (hit->has_value()) {
        if (Result<ProseAnswer> a = ParseAnswer(**hit); a.ok()) {
          ++sum_.cached;
          Queue(i, std::move(*a));
          if (pending_.size() >= kBatch) {
            if (Status s = Flush(); !s.ok()) return s;
          }
          continue;
        }
      }
      if (opt_.limit > 0 && static_cast<int>(to_send.size()) >= opt_.limit) {
        ++sum_.not_sent;
        continue;
      }
      to_send.push_back(i);
    }
    if (Status s = Flush(); !s.ok()) return s;
    if (Status s = Ask(to_send); !s.ok()) return s;
    sum_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return sum_;
  }

 private:
  AnswerKey Key(const Site& s) const { return {s.hash, opt_.model, kPromptVersion}; }

  Status Collect() {
    Result<std::vector<Record>> records = store_->List(opt_.repo);
    if (!records.ok()) return records.status();
    if (records->empty()) {
      return Status::NotFound(opt_.repo.empty() ? "no records stored; run `errdex index` first"
                                                : "no records stored for " + opt_.repo +
                                                      "; run `errdex index` first");
    }
    std::map<std::string, size_t> by_hash;
    for (const Record& r : *records) {
      ++sum_.records;
      nlohmann::json facts = SiteFactsJson(DeterministicView(r));
      std::string hash = SiteHash(facts);
      auto [it, fresh] = by_hash.emplace(hash, sites_.size());
      if (fresh) sites_.push_back({hash, std::move(facts), {}, r.file_path, r.line_number});
      sites_[it->second].ids.push_back(r.id);
    }
    sum_.sites = static_cast<int>(sites_.size());
    return Status::OK();
  }

  void Queue(size_t site, ProseAnswer a) { pending_.emplace_back(site, std::move(a)); }

  // Writes the queued answers in one transaction.
  Status Flush() {
    if (pending_.empty()) return Status::OK();
    std::vector<std::string> ids;
    std::map<std::string, std::pair<const Site*, const ProseAnswer*>> by_id;
    for (const auto& [site, answer] : pending_) {
      for (const std::string& id : sites_[site].ids) {
        ids.push_back(id);
        by_id[id] = {&sites_[site], &answer};
      }
    }
    Result<int> written = store_->UpdateRecords(ids, [&](Record* r) {
      auto [site, answer] = by_id.at(r->id);
      Record det = DeterministicView(*r);
      if (SiteHash(SiteFactsJson(det)) != site->hash) {
        ++sum_.stale;  // re-indexed since it was read: the answer is for other facts
        return false;
      }
      Record merged = MergeAnswer(det, *answer, Key(*site), fields_);
      if (RecordToJsonText(merged) == RecordToJsonText(*r)) {
        ++sum_.unchanged;
        return false;
      }
      *r = std::move(merged);
      return true;
    });
    pending_.clear();
    if (!written.ok()) return written.status();
    sum_.updated += *written;
    return Status::OK();
  }

  Status Ask(const std::vector<size_t>& to_send) {
    if (to_send.empty()) return Status::OK();
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    Results results;
    auto worker = [&] {
      ChatClient client(
          {endpoint_, opt_.api_key, opt_.timeout_seconds, opt_.max_tries, opt_.retry_delay_ms});
      for (size_t k = next++; k < to_send.size(); k = next++) {
        if (stop) {
          results.Push({to_send[k], false, {}, "not sent: the run stopped", 0, false});
          continue;
        }
        const Site& s = sites_[to_send[k]];
        Outcome o = AskModel(&client, ChatRequestBody(opt_.model, s.facts), opt_);
        o.site = to_send[k];
        if (o.fatal) stop = true;
        results.Push(std::move(o));
      }
    };
    int n = std::clamp(opt_.concurrency, 1, kMaxConcurrency);
    n = std::min<int>(n, static_cast<int>(to_send.size()));
    std::vector<std::thread> pool;
    for (int t = 0; t < n; ++t) pool.emplace_back(worker);
    Status st;
    for (size_t done = 0; done < to_send.size(); ++done) {
      Outcome o = results.Pop();
      sum_.requests += o.requests;
      if (o.requests > 0) ++sum_.sent;
      if (o.ok) {
        if (st.ok())
          st = store_->PutCachedAnswer(Key(sites_[o.site]), AnswerToJson(o.answer).dump());
        Queue(o.site, std::move(o.answer));
      } else if (o.requests == 0) {
        ++sum_.not_sent;  // skipped after a fatal error
      } else {
        Fail(sites_[o.site], o.error);
        if (o.fatal && sum_.stopped.empty()) sum_.stopped = o.error;
      }
      if (st.ok() && (pending_.size() >= kBatch || done + 1 == to_send.size())) st = Flush();
      if (!st.ok()) stop = true;  // the store failed: ask nothing more
      if (progress_) {
        progress_({static_cast<int>(done + 1), static_cast<int>(to_send.size()), sum_.failed});
      }
    }
    for (std::thread& t : pool) t.join();
    return st;
  }

  void Fail(const Site& s, const std::string& why) {
    ++sum_.failed;
    for (const std::string& id : s.ids) sum_.failures.push_back({id, s.file, s.line, why});
  }

  const LlmOptions& opt_;
  Store* store_;
  std::function<void(const LlmProgress&)> progress_;
  std::set<std::string> fields_;
  Endpoint endpoint_;
  std::vector<Site> sites_;
  std::vector<std::pair<size_t, ProseAnswer>> pending_;
  LlmSummary sum_;
};

}  // namespace

Status ValidateLlmOptions(const LlmOptions& o) {
  Result<Endpoint> ep = ParseEndpoint(o.url);
  if (!ep.ok()) return ep.status();
  if (ep->scheme == "https" && !HttpsSupported()) {
    return Status::InvalidArgument("--llm " + o.url +
                                   ": https not supported by this build (cpp-httplib without "
                                   "OpenSSL), use a local http proxy");
  }
  if (o.model.empty()) return Status::InvalidArgument("--model NAME is required with --llm");
  if (o.concurrency < 1 || o.concurrency > kMaxConcurrency) {
    return Status::InvalidArgument("--concurrency must be between 1 and " +
                                   std::to_string(kMaxConcurrency));
  }
  if (o.limit < 0) return Status::InvalidArgument("--limit must be 0 (no limit) or more");
  if (!(o.timeout_seconds > 0) || o.timeout_seconds > 3600) {
    return Status::InvalidArgument("--timeout must be between 0 and 3600 seconds");
  }
  if (o.max_tries < 1 || o.max_tries > 10) {
    return Status::InvalidArgument("--tries must be between 1 and 10");
  }
  if (o.retry_delay_ms < 0 || o.retry_delay_ms > 60'000) {
    return Status::InvalidArgument("--retry-delay-ms must be between 0 and 60000");
  }
  const std::vector<std::string>& allowed = AnswerFields();
  for (const std::string& f : o.fields) {
    if (std::find(allowed.begin(), allowed.end(), f) == allowed.end()) {
      std::string list;
      for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
      return Status::InvalidArgument("--fields: unknown field '" + f + "' (one of: " + list + ")");
    }
  }
  return Status::OK();
}

Result<LlmSummary> RunLlmPass(const LlmOptions& options, Store* store,
                              const std::function<void(const LlmProgress&)>& progress) {
  if (Status s = ValidateLlmOptions(options); !s.ok()) return s;
  return Pass(options, store, progress).Run();
}

}  // namespace errdex
