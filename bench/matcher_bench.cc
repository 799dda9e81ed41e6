// bench_matcher: the matcher at corpus scale, against a naive baseline in the
// same run. For each corpus size it reports Matcher build time and memory,
// single-query latency on one core (p50/p99 per query kind), queries/s on
// two threads, and recall of the pattern tier; then runs a naive loop that
// tries every compiled pattern one at a time on a sample of the same
// queries. With --export DIR it also writes the corpus as ErrLookup's
// index.json and the queries, for bench/js/searcherrors_bench.mjs.
//
// Timing is plain steady_clock around each Find(): per-query percentiles are
// what the product bar is stated in, which Google Benchmark does not report.
#include <malloc.h>
#include <re2/re2.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "corpus.h"
#include "errdex/matcher.h"

namespace errdex::bench {
namespace {

using Clock = std::chrono::steady_clock;

double Micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

size_t RssBytes() {
  std::ifstream in("/proc/self/statm");
  size_t pages = 0, rss = 0;
  in >> pages >> rss;
  return rss * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

double ThreadCpuMicros() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t k = std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())));
  return v[k];
}

struct Args {
  std::vector<size_t> sizes = {10000, 100000, 500000};
  size_t queries = 5000;
  size_t naive_queries = 200;
  std::string templates = "tests/data/error-templates.txt";
  std::string export_dir;
  uint64_t seed = 42;
};

bool Found(const std::vector<Match>& ms, const Record* own, bool pattern_only) {
  for (const Match& m : ms) {
    if (m.record == own && (!pattern_only || m.match_type != "fuzzy")) return true;
  }
  return false;
}

void ExportForErrLookup(const Corpus& c, const std::vector<BenchQuery>& qs,
                        const std::string& dir) {
  nlohmann::json errors = nlohmann::json::array();
  for (const Record& r : c.records) {
    errors.push_back({{"id", r.id},
                      {"repo", r.repo},
                      {"slug", r.slug},
                      {"code", nullptr},
                      {"msg", r.error_message},
                      {"pattern", r.message_pattern},
                      {"type", r.error_type},
                      {"class", r.error_class},
                      {"tags", nlohmann::json::array()},
                      {"sev", r.severity}});
  }
  std::string n = std::to_string(c.records.size());
  std::ofstream(dir + "/index-" + n + ".json")
      << nlohmann::json{{"schemaVersion", 2}, {"datasetVersion", "bench"}, {"errors", errors}}.dump(
             -1, ' ', false, nlohmann::json::error_handler_t::replace);
  nlohmann::json jq = nlohmann::json::array();
  for (const BenchQuery& q : qs) {
    jq.push_back({{"q", q.text},
                  {"kind", KindName(q.kind)},
                  {"expect", q.expect >= 0 ? nlohmann::json(c.records[q.expect].id) : nullptr}});
  }
  std::ofstream(dir + "/queries-" + n + ".json")
      << jq.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The obvious engine: every pattern, one RE2 search each, in record order.
void RunNaive(const Corpus& c, const std::vector<BenchQuery>& qs, size_t sample) {
  auto t0 = Clock::now();
  RE2::Options o;
  o.set_log_errors(false);
  std::vector<std::unique_ptr<RE2>> res;
  res.reserve(c.records.size());
  for (const Record& r : c.records) res.push_back(std::make_unique<RE2>(r.message_pattern, o));
  double build_ms = Micros(Clock::now() - t0) / 1000;
  std::vector<double> lat;
  size_t hits = 0, found = 0;
  for (size_t i = 0; i < std::min(sample, qs.size()); ++i) {
    const BenchQuery& q = qs[i];
    std::vector<size_t> matched;
    auto s = Clock::now();
    for (size_t r = 0; r < res.size(); ++r) {
      if (RE2::PartialMatch(q.text, *res[r])) matched.push_back(r);
    }
    lat.push_back(Micros(Clock::now() - s));
    if (q.kind != BenchQuery::kHit) continue;
    ++hits;
    if (std::find(matched.begin(), matched.end(), static_cast<size_t>(q.expect)) != matched.end())
      ++found;
  }
  std::printf(
      "| naive loop | %zu | compile %.0f ms | %zu queries | p50 %.0f µs | p99 %.0f µs | recall "
      "%.2f%% |\n",
      c.records.size(), build_ms, lat.size(), Percentile(lat, 0.5), Percentile(lat, 0.99),
      hits ? 100.0 * static_cast<double>(found) / static_cast<double>(hits) : 0.0);
}

void RunSize(const Args& a, const std::vector<std::string>& templates, size_t n) {
  Corpus c = MakeCorpus(templates, n, a.seed);
  std::vector<BenchQuery> qs = MakeQueries(c, a.queries, a.seed + 1);
  if (!a.export_dir.empty()) ExportForErrLookup(c, qs, a.export_dir);
  std::vector<const Record*> own;  // the Matcher copies records; keep ids to map back
  malloc_trim(0);
  size_t rss0 = RssBytes();
  auto t0 = Clock::now();
  Matcher m(c.records);
  double build_ms = Micros(Clock::now() - t0) / 1000;
  malloc_trim(0);
  size_t rss1 = RssBytes();
  {
    // Snapshot round trip: what a restart costs instead of a build.
    std::string snap = "/tmp/errdex-bench-" + std::to_string(getpid()) + ".matcher";
    auto s0 = Clock::now();
    Status saved = m.Save(snap);
    double save_ms = Micros(Clock::now() - s0) / 1000;
    std::ifstream f(snap, std::ios::binary | std::ios::ate);
    double mib = static_cast<double>(f.tellg()) / (1 << 20);
    std::string note;
    auto l0 = Clock::now();
    auto loaded = Matcher::Open(c.records, snap, &note);
    double load_ms = Micros(Clock::now() - l0) / 1000;
    std::printf(
        "|   snapshot | %zu | save %.0f ms (%s), %.0f MiB | load %.0f ms (%s) | build/load %.1fx | "
        "| |\n",
        n, save_ms, saved.ok() ? "ok" : saved.message().c_str(), mib, load_ms, note.c_str(),
        build_ms / load_ms);
    std::remove(snap.c_str());
  }

  // Records inside the Matcher are copies; find each query's own by id.
  auto own_of = [&](const BenchQuery& q, const std::vector<Match>& ms) -> const Record* {
    for (const Match& x : ms) {
      if (x.record->id == c.records[q.expect].id) return x.record;
    }
    return nullptr;
  };
  // First pass: cold (each pattern compiles when first selected). Second
  // pass: warm, the steady state of a long-running server.
  std::vector<double> cold;
  for (const BenchQuery& q : qs) {
    auto s = Clock::now();
    m.Find(Query{q.text, "", "", 10});
    cold.push_back(Micros(Clock::now() - s));
  }
  std::vector<double> lat[3];
  std::vector<double> cpu;  // thread CPU time: immune to being descheduled
  std::vector<double> cpu_kind[3];
  size_t hits = 0, recall = 0, recall1 = 0, near_fuzzy = 0, noise_empty = 0, near = 0, noise = 0;
  for (const BenchQuery& q : qs) {
    Query query{q.text, "", "", 10};
    double c0 = ThreadCpuMicros();
    auto s = Clock::now();
    std::vector<Match> ms = m.Find(query);
    lat[q.kind].push_back(Micros(Clock::now() - s));
    cpu.push_back(ThreadCpuMicros() - c0);
    cpu_kind[q.kind].push_back(cpu.back());
    if (q.kind == BenchQuery::kHit) {
      ++hits;
      const Record* r = own_of(q, ms);
      if (r && Found(ms, r, true)) ++recall;
      if (r && ms.front().record == r) ++recall1;
    } else if (q.kind == BenchQuery::kNearMiss) {
      ++near;
      if (own_of(q, ms)) ++near_fuzzy;
    } else {
      ++noise;
      if (ms.empty()) ++noise_empty;
    }
  }
  std::vector<double> all;
  for (auto& v : lat) all.insert(all.end(), v.begin(), v.end());

  // Both cores: two threads over the whole query set.
  std::atomic<size_t> sink{0};
  auto tq = Clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&] {
      for (const BenchQuery& q : qs) sink += m.Find(Query{q.text, "", "", 10}).size();
    });
  }
  for (auto& t : threads) t.join();
  double qps = 2.0 * static_cast<double>(qs.size()) / (Micros(Clock::now() - tq) / 1e6);

  auto pct = [](size_t x, size_t of) {
    return of ? 100.0 * static_cast<double>(x) / static_cast<double>(of) : 0.0;
  };
  std::printf(
      "| errdex Matcher (warm) | %zu | build %.0f ms, +%.0f MiB | %zu queries | p50 %.1f µs | p99 "
      "%.1f µs | recall %.2f%% (top-1 %.2f%%) |\n",
      n, build_ms, static_cast<double>(rss1 - std::min(rss0, rss1)) / (1 << 20), qs.size(),
      Percentile(all, 0.5), Percentile(all, 0.99), pct(recall, hits), pct(recall1, hits));
  std::printf(
      "|   warm, thread CPU time | %zu | | %zu | p50 %.1f µs | p99 %.1f µs | max %.0f µs |\n", n,
      cpu.size(), Percentile(cpu, 0.5), Percentile(cpu, 0.99),
      *std::max_element(cpu.begin(), cpu.end()));
  std::printf("|   cold (1st touch) | %zu | | %zu | p50 %.1f µs | p99 %.1f µs | max %.0f µs |\n", n,
              cold.size(), Percentile(cold, 0.5), Percentile(cold, 0.99),
              *std::max_element(cold.begin(), cold.end()));
  for (int k = 0; k < 3; ++k) {
    std::printf(
        "|   %s | %zu | | %zu | p50 %.1f µs | p99 %.1f µs | max %.0f µs | CPU p50 %.1f µs, p99 "
        "%.1f µs |\n",
        KindName(static_cast<BenchQuery::Kind>(k)), n, lat[k].size(), Percentile(lat[k], 0.5),
        Percentile(lat[k], 0.99),
        lat[k].empty() ? 0.0 : *std::max_element(lat[k].begin(), lat[k].end()),
        Percentile(cpu_kind[k], 0.5), Percentile(cpu_kind[k], 0.99));
  }
  std::printf(
      "|   2 threads | %zu | | | %.0f queries/s | near misses finding own record (fuzzy) %.1f%% | "
      "noise with no match %.1f%% |\n",
      n, qps, pct(near_fuzzy, near), pct(noise_empty, noise));
  std::fflush(stdout);
  if (a.naive_queries > 0) RunNaive(c, qs, a.naive_queries);
  std::fflush(stdout);
}

}  // namespace
}  // namespace errdex::bench

int main(int argc, char** argv) {
  using namespace errdex::bench;
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i];
    if (k == "--sizes")
      a.sizes = ParseSizes(argv[i + 1]);
    else if (k == "--queries")
      a.queries = std::strtoull(argv[i + 1], nullptr, 10);
    else if (k == "--naive-queries")
      a.naive_queries = std::strtoull(argv[i + 1], nullptr, 10);
    else if (k == "--templates")
      a.templates = argv[i + 1];
    else if (k == "--export")
      a.export_dir = argv[i + 1];
    else if (k == "--seed")
      a.seed = std::strtoull(argv[i + 1], nullptr, 10);
    else {
      std::fprintf(stderr,
                   "usage: bench_matcher [--sizes 10000,100000,500000] [--queries N] "
                   "[--naive-queries N] [--templates FILE] [--export DIR] [--seed N]\n");
      return 2;
    }
  }
  std::vector<std::string> templates = LoadTemplates(a.templates);
  std::printf(
      "| engine | records | build | queries | p50 | p99 | recall "
      "|\n|---|---|---|---|---|---|---|\n");
  for (size_t n : a.sizes) RunSize(a, templates, n);
  return 0;
}
