// Acceptance: ErrLookup's published MCP client (@standardbeagle/errlookup-mcp,
// pinned in package-lock.json) syncs from a running `errdex serve` and answers
// search_error, get_error and list_repos over stdio.
// Usage: ERRLOOKUP_BASE_URL=http://127.0.0.1:PORT node mcp_test.mjs \
//          '<rendered message>' <expected id> <expected file:line> <repo>
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [message, wantId, wantWhere, wantRepo] = process.argv.slice(2);
const base = process.env.ERRLOOKUP_BASE_URL;
assert.ok(base && message && wantId && wantWhere && wantRepo, "usage: see header");

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve("@standardbeagle/errlookup-mcp/package.json"));
const cacheDir = mkdtempSync(join(tmpdir(), "errlookup-cache-"));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(pkgDir, "dist/index.js")],
  env: { ...process.env, ERRLOOKUP_BASE_URL: base, ERRLOOKUP_CACHE_DIR: cacheDir },
  stderr: "inherit",
});
const client = new Client({ name: "errdex-acceptance", version: "1.0.0" });
try {
  await client.connect(transport);
  const tools = (await client.listTools()).tools.map((t) => t.name);
  for (const t of ["search_error", "get_error", "list_repos"]) assert.ok(tools.includes(t), t);

  const search = await client.callTool({ name: "search_error", arguments: { message } });
  assert.ok(!search.isError, JSON.stringify(search));
  const found = JSON.parse(search.content[0].text);
  assert.ok(found.matches.length > 0, "no match: " + search.content[0].text);
  assert.equal(found.matches[0].id, wantId, search.content[0].text);
  assert.equal(found.matches[0].matchType, "pattern");
  console.log("search_error ok:", found.matches[0].id, found.matches[0].url);

  const got = await client.callTool({ name: "get_error", arguments: { id: wantId } });
  assert.ok(!got.isError, JSON.stringify(got));
  const md = got.content[0].text;
  assert.ok(md.includes(`**Repo:** ${wantRepo}`), md);
  const [file, line] = wantWhere.split(":");
  assert.ok(md.includes(`/${file}#L`), "markdown lacks the source permalink: " + md);
  const m = md.match(/#L(\d+)-L(\d+)/);
  assert.ok(m && +m[1] <= +line && +line <= +m[2], "permalink does not cover line " + line);
  assert.ok(got.content[1].text.startsWith(`Source: ${base}/${wantRepo}/`), got.content[1].text);
  console.log("get_error ok:", got.content[1].text);

  const repos = await client.callTool({ name: "list_repos", arguments: {} });
  const listed = JSON.parse(repos.content[0].text);
  const entry = listed.repos.find((r) => r.repo === wantRepo);
  assert.ok(entry && entry.errorCount > 0, repos.content[0].text);
  console.log("list_repos ok:", JSON.stringify(entry));
} finally {
  await client.close().catch(() => {});
  rmSync(cacheDir, { recursive: true, force: true });
}
console.log("MCP acceptance passed");
