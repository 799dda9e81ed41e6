// Runs ErrLookup's published search algorithm (searchErrors from the bundle
// of npm @standardbeagle/errlookup-mcp, installed by `npm ci` here) over an
// index.json written by bench_matcher --export, with the same queries, and
// prints latency percentiles and the recall of its pattern tier.
//
// The bundle is an MCP server that starts on import, so the two source
// sections searchErrors needs (src/base-url.ts and src/search.ts, as the
// bundler labels them) are cut from the installed file at run time and
// evaluated; nothing of theirs is copied into this repository.
//
// usage: node searcherrors_bench.mjs INDEX.json QUERIES.json [MAX_QUERIES]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const bundlePath = join(here, "node_modules/@standardbeagle/errlookup-mcp/dist/index.js");
const bundle = readFileSync(bundlePath, "utf8");

function section(name, next) {
  const start = bundle.indexOf(`// ${name}\n`);
  const end = bundle.indexOf(`// ${next}\n`, start + 1);
  if (start < 0 || end < 0) throw new Error(`section ${name} not found in ${bundlePath}`);
  return bundle.slice(start, end);
}
const code = section("src/base-url.ts", "src/cache.ts") + section("src/search.ts", "src/tools.ts");
const searchErrors = new Function("process", `${code}\nreturn searchErrors;`)(process);

const [indexPath, queriesPath, maxArg] = process.argv.slice(2);
const index = JSON.parse(readFileSync(indexPath, "utf8"));
let queries = JSON.parse(readFileSync(queriesPath, "utf8"));
if (maxArg) queries = queries.slice(0, Number(maxArg));

const lat = [];
let hits = 0, found = 0, foundAny = 0;
for (const q of queries) {
  const t0 = process.hrtime.bigint();
  const res = searchErrors(q.q, index.errors, { limit: 10 });
  lat.push(Number(process.hrtime.bigint() - t0) / 1000);
  if (q.kind !== "hit") continue;
  hits++;
  if (res.some((h) => h.id === q.expect && h.matchType !== "fuzzy")) found++;
  if (res.some((h) => h.id === q.expect)) foundAny++;
}
lat.sort((a, b) => a - b);
const pct = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
const out = {
  engine: "ErrLookup searchErrors (node " + process.version + ")",
  records: index.errors.length,
  queries: queries.length,
  p50_us: Math.round(pct(0.5)),
  p99_us: Math.round(pct(0.99)),
  pattern_recall_pct: hits ? +(100 * found / hits).toFixed(2) : 0,
  any_tier_recall_pct: hits ? +(100 * foundAny / hits).toFixed(2) : 0,
};
console.log(`| ErrLookup searchErrors | ${out.records} | - | ${out.queries} queries | p50 ${out.p50_us} µs | p99 ${out.p99_us} µs | recall ${out.pattern_recall_pct}% (any tier ${out.any_tier_recall_pct}%) |`);
