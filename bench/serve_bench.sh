#!/usr/bin/env bash
# HTTP load benchmark for `errdex serve`: a generated corpus (default 2,000
# Python error sites), the server on loopback, wrk with 64 connections on the
# search API and on an error page. Prints a markdown section for
# docs/benchmarks.md.
# Usage: bench/serve_bench.sh [BUILD_DIR] [SECONDS] [FILES]
set -euo pipefail
build=${1:-build}
secs=${2:-15}
files=${3:-400}
bin=$(realpath "$build/errdex")
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT

mkdir -p "$work/repo/pkg"
for ((f = 0; f < files; f++)); do
  {
    echo "def check_$f(value, name):"
    for ((e = 0; e < 5; e++)); do
      echo "    if value == $e:"
      echo "        raise ValueError(f\"module$f option$e got {value!r} for {name}, expected a setting $f-$e\")"
    done
  } > "$work/repo/pkg/m$f.py"
done
(cd "$work/repo" && git init -q && git add -A &&
 git -c user.email=bench@errdex -c user.name=bench commit -qm bench &&
 git remote add origin https://github.com/bench/corpus.git)
"$bin" index "$work/repo" --db "$work/e.db" --no-progress >/dev/null
"$bin" serve --db "$work/e.db" --port 0 --reload-seconds 0 >"$work/serve.out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
port=$(grep -o '127.0.0.1:[0-9]*' "$work/serve.out" | head -1 | cut -d: -f2)
base="http://127.0.0.1:$port"
slug=$(curl -s "$base/api/search?q=module7+option3+got+%27x%27+for+y,+expected+a+setting+7-3" |
       python3 -c 'import json,sys; print(json.load(sys.stdin)["matches"][0]["url"].split("/",3)[3])')
errors=$(curl -s "$base/healthz" | python3 -c 'import json,sys; print(json.load(sys.stdin)["errors"])')

run() {  # name path
  local out
  out=$(wrk -t2 -c64 -d"${secs}s" --latency "$base$2")
  local rps p50 p99 errs non2xx
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errs=$(awk '/Socket errors/ {s = $4 + $6 + $8 + $10} END {print s + 0}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  echo "| $1 | $rps | $p50 | $p99 | $((errs + ${non2xx:-0})) |"
}

echo "## HTTP serving (errdex serve, wrk)"
echo
echo "$(date -u +%Y-%m-%d), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)),"
echo "corpus of $errors errors; wrk -t2 -c64 -d${secs}s on loopback, client and server on the same cores."
echo "Command: \`bench/serve_bench.sh $build $secs $files\`"
echo
echo "| route | req/s | p50 | p99 | errors |"
echo "|---|---|---|---|---|"
run "GET /api/search (pattern match)" "/api/search?q=module7+option3+got+%27x%27+for+y,+expected+a+setting+7-3"
run "GET error page" "/$slug"
run "GET /data/index.json" "/data/index.json"
