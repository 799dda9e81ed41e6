// Acceptance: ErrLookup's published MCP client (@standardbeagle/errlookup-mcp)
// syncs from an exported static site served by a plain static file server
// (no errdex process) and puts the right record first for rendered messages.
// Usage: node mcp_site_test.mjs SITE_DIR CASES_JSON
//   CASES_JSON: [{"message": "...", "id": "...", "repo": "owner/name"}, ...]
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { serveStatic } from "./static_server.mjs";

const [siteDir, casesFile] = process.argv.slice(2);
assert.ok(siteDir && casesFile, "usage: SITE_DIR CASES_JSON");
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const server = await serveStatic(resolve(siteDir));
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve("@standardbeagle/errlookup-mcp/package.json"));
const cacheDir = mkdtempSync(join(tmpdir(), "errlookup-cache-"));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(pkgDir, "dist/index.js")],
  env: { ...process.env, ERRLOOKUP_BASE_URL: server.url, ERRLOOKUP_CACHE_DIR: cacheDir },
  stderr: "inherit",
});
const client = new Client({ name: "errdex-site-acceptance", version: "1.0.0" });
try {
  await client.connect(transport);
  for (const c of cases) {
    const search = await client.callTool({ name: "search_error", arguments: { message: c.message } });
    assert.ok(!search.isError, JSON.stringify(search));
    const found = JSON.parse(search.content[0].text);
    assert.ok(found.matches.length > 0, `no match for ${c.message}: ${search.content[0].text}`);
    assert.equal(found.matches[0].id, c.id, `${c.message}: ${search.content[0].text}`);
    assert.ok(found.matches[0].url.startsWith(`${server.url}/${c.repo}/`), found.matches[0].url);
    // The page the client cites exists on the static host.
    const page = await fetch(found.matches[0].url);
    assert.equal(page.status, 200, found.matches[0].url);
    console.log("search_error ok:", c.message, "->", c.id);

    const got = await client.callTool({ name: "get_error", arguments: { id: c.id } });
    assert.ok(!got.isError, JSON.stringify(got));
    assert.ok(got.content[0].text.includes(`**Repo:** ${c.repo}`), got.content[0].text);
  }
  const repos = JSON.parse((await client.callTool({ name: "list_repos", arguments: {} })).content[0].text);
  assert.ok(repos.repos.length > 0 && repos.repos[0].errorCount > 0, JSON.stringify(repos));
} finally {
  await client.close().catch(() => {});
  server.close();
  rmSync(cacheDir, { recursive: true, force: true });
}
console.log("MCP static-site acceptance passed");
