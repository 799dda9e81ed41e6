// errdex serve: HTML pages, the JSON API and /data/ over HTTP.
#include "errdex/serve.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/cli.h"

namespace errdex {
namespace {

int RunServe(ServeOptions opt) {
  opt.on_listening = [&](int port) {
    std::printf("errdex serve: listening on http://%s:%d/\n", opt.host.c_str(), port);
    std::fflush(stdout);
  };
  Status st = Serve(opt);
  return st.ok() ? kExitFound : Fail(st);
}

}  // namespace

Command AddServeCommand(CLI::App* app) {
  auto o = std::make_shared<ServeOptions>();
  CLI::App* cmd = app->add_subcommand("serve", "Serve HTML pages, the JSON API and /data/");
  cmd->add_option("--db", o->db, kDbHelp);
  cmd->add_option("--host", o->host, "Address to bind")->capture_default_str();
  cmd->add_option("--port", o->port, "Port (0: any free port)")->capture_default_str();
  cmd->add_option("--threads", o->threads, "Worker threads (default: sized for 64+ clients)");
  cmd->add_option("--reload-seconds", o->reload_seconds,
                  "How often to look for a newer dataset (0: never)")
      ->capture_default_str();
  cmd->add_flag("--metrics", o->metrics, "Serve Prometheus metrics at /metrics (off by default)");
  cmd->add_option("--max-connections", o->max_connections,
                  "Open connections served at once; more get 503 + Retry-After")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-connections-per-ip", o->max_connections_per_ip,
                  "Open connections from one address; more get 503 + Retry-After")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--cache-mb", o->cache_mb,
                  "Memory for records read and answers rendered, in MiB (least recently used "
                  "dropped first)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--data-dir", o->data_dir,
                  "Serve /data/ from this `errdex export` directory instead of rendering it");
  cmd->add_option("--max-deltas", o->max_deltas,
                  "Repositories re-indexed since the matcher's base was built at which the base "
                  "is built again in the background (each adds a little to every search)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd->add_flag("--whole-matcher", o->whole_matcher,
                "One matcher of the whole corpus instead of a base and per-repository deltas: "
                "searches walk one automaton, but each reload rebuilds it from every record");
  return {cmd, [o] { return RunServe(*o); }};
}

}  // namespace errdex
