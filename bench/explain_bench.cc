// `errdex explain` as a new process over a generated corpus: the cost a user
// pays per call (issue 14, item 1). Records come from the templates file as
// in bench_matcher (50 repositories), each given a realistic stored size (a
// 1.4 KB source window and prose, as indexed records carry), written to a
// fresh database with Store::ReplaceRepo. Three measurements per size, in
// the same run:
//   baseline: no usable snapshot (a directory stands where it would be
//             written), so every call reads every record from SQLite and
//             builds the matcher: the cost of a call before snapshots could
//             be trusted without the records;
//   first:    the call that builds and saves the snapshot;
//   snapshot: calls that load it (records read by id only for the hits).
//   before:   with --before PATH, another errdex binary (an older build) on
//             the same database with its own snapshot, warm;
//   cold:     one call of each binary right after the database and its
//             snapshot are dropped from the page cache (posix_fadvise
//             DONTNEED on those files only: the nearest to a first call
//             after a reboot that leaves other users' cache alone).
// Wall time includes process start. Peak RSS comes from /usr/bin/time -f %M:
// the rusage of a child spawned from this process starts from this
// process's own peak (the corpus it holds), so wait4's figure is useless.
//
//   bench_explain --errdex PATH [--before PATH] [--sizes 100000] [--runs 20] [--dir DIR]
//                 [--baseline-runs N] [--before-runs N] [--reuse 1]
// --baseline-runs 0 skips the baseline (at 1M records a call takes a
// minute); --reuse 1 keeps a database this bench wrote before at that size.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "corpus.h"
#include "errdex/matcher.h"
#include "errdex/store.h"

extern char** environ;

namespace errdex::bench {
namespace {

namespace fs = std::filesystem;

struct Args {
  std::vector<size_t> sizes = {100000};
  size_t runs = 20;
  std::string errdex;
  std::string before;  // optional older errdex, measured on the same database
  std::string dir = "/tmp/errdex-bench-explain";
  size_t baseline_runs = SIZE_MAX;  // SIZE_MAX: as many as runs
  size_t before_runs = SIZE_MAX;
  bool reuse = false;
  std::string templates = "tests/data/error-templates.txt";
  uint64_t seed = 42;
};

struct Run {
  double ms = 0;
  double cpu_ms = 0;  // user + system time of the call (load-independent)
  long rss_kb = 0;
  int status = 0;
};

// One `errdex explain --db DB TEXT` (under /usr/bin/time) with its output
// discarded.
Run Explain(const std::string& errdex, const std::string& db, const std::string& text) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  std::string rss_file = db + ".rss";
  std::vector<std::string> args = {"/usr/bin/time", "-f",      "%M",   "-o", rss_file,
                                   errdex,          "explain", "--db", db,   text};
  std::vector<char*> argv;
  for (std::string& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  Run r;
  auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, args[0].c_str(), &fa, nullptr, argv.data(), environ) != 0) {
    std::perror("posix_spawn");
    std::exit(1);
  }
  // The rusage of /usr/bin/time includes the errdex it waited for (CPU
  // time is per process, unlike the peak RSS above).
  struct rusage ru {};
  wait4(pid, &r.status, 0, &ru);
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  auto ms = [](const timeval& tv) { return tv.tv_sec * 1e3 + tv.tv_usec / 1e3; };
  r.cpu_ms = ms(ru.ru_utime) + ms(ru.ru_stime);
  // The last word: time writes "Command exited with non-zero status 1"
  // first when errdex exits 1 ("no confident match").
  std::ifstream rss_in(rss_file);
  for (std::string word; rss_in >> word;) r.rss_kb = std::strtol(word.c_str(), nullptr, 10);
  posix_spawn_file_actions_destroy(&fa);
  return r;
}

// Drops `path`'s pages from the page cache (those no process maps).
void Evict(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ::fdatasync(fd);
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
}

void EvictDatabase(const std::string& db) {
  for (const char* suffix : {"", "-wal", "-shm"}) Evict(db + suffix);
  Evict(MatcherSnapshotPath(db));
}

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<size_t>(p * v.size()))];
}

void Report(const char* what, size_t n, const std::vector<Run>& runs) {
  std::vector<double> ms, cpu, rss;
  for (const Run& r : runs) {
    ms.push_back(r.ms);
    cpu.push_back(r.cpu_ms);
    rss.push_back(static_cast<double>(r.rss_kb) / 1024.0);
  }
  std::printf("| %s | %zu | %zu | %.0f ms | %.0f ms | %.0f ms | %.1f / %.1f MiB |\n", what, n,
              runs.size(), Percentile(ms, 0.5), Percentile(ms, 0.95), Percentile(cpu, 0.5),
              Percentile(rss, 0.5), Percentile(rss, 1.0));
  std::fflush(stdout);
}

// Indexed records carry a source window and prose; the matcher needs none
// of it, which is the point of reading records by id.
void Pad(Record* r, size_t i) {
  std::string line = "    if value is None:  # line " + std::to_string(i) + "\n";
  while (r->source_code.size() < 1400) r->source_code += line;
  r->documentation = "Raised when " + r->error_message + ". " + std::string(300, 'd');
  r->trigger_scenarios = std::string(200, 't');
  r->solutions = {std::string(150, 's'), std::string(150, 'S')};
}

std::string MakeDatabase(const Args& a, const Corpus& c, size_t n) {
  std::string db = a.dir + "/explain-" + std::to_string(n) + ".db";
  fs::remove(db + ".complete");
  fs::remove(db);
  fs::remove(db + "-wal");
  fs::remove(db + "-shm");
  fs::remove_all(MatcherSnapshotPath(db));
  auto store = Store::Open(db);
  if (!store.ok()) {
    std::fprintf(stderr, "%s\n", store.status().message().c_str());
    std::exit(1);
  }
  std::map<std::string, std::vector<Record>> by_repo;
  for (size_t i = 0; i < c.records.size(); ++i) {
    Record r = c.records[i];
    Pad(&r, i);
    by_repo[r.repo].push_back(std::move(r));
  }
  for (auto& [repo, records] : by_repo) {
    RepoInfo info;
    info.repo = repo;
    info.sha = "bench";
    if (Status s = (*store)->ReplaceRepo(info, records); !s.ok()) {
      std::fprintf(stderr, "%s\n", s.message().c_str());
      std::exit(1);
    }
  }
  return db;
}

void RunSize(const Args& a, const std::vector<std::string>& templates, size_t n) {
  Corpus c = MakeCorpus(templates, n, a.seed);
  auto t0 = std::chrono::steady_clock::now();
  std::string db = a.dir + "/explain-" + std::to_string(n) + ".db";
  if (!a.reuse || !fs::exists(db + ".complete")) {
    db = MakeDatabase(a, c, n);
    std::ofstream(db + ".complete") << n << "\n";
  }
  double write_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "bench_explain: %zu records written in %.1f s (%.0f MB)\n", n, write_s,
               fs::file_size(db) / 1e6);
  std::vector<BenchQuery> qs = MakeQueries(c, a.runs, a.seed + 1);
  std::string snap = MatcherSnapshotPath(db);
  // Baseline: nowhere to save a snapshot, so none is ever loaded.
  std::vector<Run> base;
  size_t base_runs = std::min(a.runs, a.baseline_runs);
  if (base_runs > 0) {
    fs::remove_all(snap);
    fs::create_directories(snap);
  }
  for (size_t i = 0; i < base_runs; ++i)
    base.push_back(Explain(a.errdex, db, qs[i % qs.size()].text));
  if (!base.empty()) {
    Report("baseline: read all records + build", n, base);
    fs::remove_all(snap);
  }
  if (!a.before.empty() && a.before_runs > 0) {
    Report("before: first call, build + save its snapshot", n, {Explain(a.before, db, qs[0].text)});
    std::fprintf(stderr, "bench_explain: before's snapshot %.0f MB\n", fs::file_size(snap) / 1e6);
    std::vector<Run> old;
    for (size_t i = 0; i < std::min(a.runs, a.before_runs); ++i)
      old.push_back(Explain(a.before, db, qs[i % qs.size()].text));
    Report("before (--before binary, its snapshot warm)", n, old);
    EvictDatabase(db);
    Report("before, cold (database + snapshot evicted)", n,
           {Explain(a.before, db, qs[1 % qs.size()].text)});
    fs::remove_all(snap);
  }
  // With --reuse and only this binary measured, a snapshot it saved before
  // is kept: the "first call" then only loads it.
  if (!a.reuse || !fs::is_regular_file(snap)) fs::remove_all(snap);
  Report("first call: build + save snapshot (or load, --reuse)", n,
         {Explain(a.errdex, db, qs[0].text)});
  std::vector<Run> fast;
  for (size_t i = 0; i < a.runs; ++i) {
    const BenchQuery& q = qs[i % qs.size()];
    fast.push_back(Explain(a.errdex, db, q.text));
    // Per call on stderr: what the outliers of the rows are.
    std::string head = q.text.substr(0, 60);
    std::replace(head.begin(), head.end(), '\n', ' ');
    std::fprintf(stderr, "bench_explain: call %zu %s: %.0f ms wall, %.0f ms CPU, %.1f MiB: %s\n", i,
                 KindName(q.kind), fast.back().ms, fast.back().cpu_ms,
                 static_cast<double>(fast.back().rss_kb) / 1024.0, head.c_str());
  }
  Report("snapshot loaded, hits read by id", n, fast);
  EvictDatabase(db);
  Report("cold (database + snapshot evicted)", n, {Explain(a.errdex, db, qs[1 % qs.size()].text)});
  std::fprintf(stderr, "bench_explain: snapshot %.0f MB\n", fs::file_size(snap) / 1e6);
}

}  // namespace
}  // namespace errdex::bench

int main(int argc, char** argv) {
  using namespace errdex::bench;
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i];
    if (k == "--sizes") {
      a.sizes = ParseSizes(argv[i + 1]);
    } else if (k == "--runs") {
      a.runs = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (k == "--errdex") {
      a.errdex = argv[i + 1];
    } else if (k == "--before") {
      a.before = argv[i + 1];
    } else if (k == "--dir") {
      a.dir = argv[i + 1];
    } else if (k == "--baseline-runs") {
      a.baseline_runs = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (k == "--before-runs") {
      a.before_runs = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (k == "--reuse") {
      a.reuse = std::string(argv[i + 1]) == "1";
    } else if (k == "--templates") {
      a.templates = argv[i + 1];
    } else {
      a.errdex.clear();
      break;
    }
  }
  if (a.errdex.empty() || a.runs == 0) {
    std::fprintf(stderr,
                 "usage: bench_explain --errdex PATH [--before PATH] [--sizes 100000] [--runs 20] "
                 "[--dir DIR] [--baseline-runs N] [--before-runs N] [--reuse 1] "
                 "[--templates FILE]\n");
    return 2;
  }
  fs::create_directories(a.dir);
  std::vector<std::string> templates = LoadTemplates(a.templates);
  std::printf(
      "| explain as a new process | records | calls | p50 | p95 | CPU p50 | RSS p50 / max |\n"
      "|---|---|---|---|---|---|---|\n");
  for (size_t n : a.sizes) RunSize(a, templates, n);
  return 0;
}
