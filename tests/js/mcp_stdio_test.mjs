// End-to-end: the official MCP TypeScript SDK client (pinned in
// package-lock.json) spawns `errdex mcp` over stdio, lists its tools and
// calls each one, checking the shapes ErrLookup's clients and errdex's own
// tools promise. Run by tests/mcp_e2e_test.cc.
// Usage: node mcp_stdio_test.mjs ERRDEX DB '<rendered message>' <expected id> \
//          <expected file:line> <repo> <path of a second repository to index>
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, db, message, wantId, wantWhere, wantRepo, otherRepo] = process.argv.slice(2);
assert.ok(bin && db && message && wantId && wantWhere && wantRepo && otherRepo, "usage: see header");
const [wantFile, wantLine] = wantWhere.split(":");

const transport = new StdioClientTransport({
  command: bin,
  args: ["mcp", "--db", db],
  stderr: "inherit",
});
const client = new Client({ name: "errdex-stdio-e2e", version: "1.0.0" });
try {
  await client.connect(transport);
  assert.equal(client.getServerVersion().name, "errdex");
  const tools = (await client.listTools()).tools.map((t) => t.name);
  assert.deepEqual(tools, ["search_error", "get_error", "list_repos", "explain_error", "index_repository"]);

  const search = await client.callTool({ name: "search_error", arguments: { message } });
  assert.ok(!search.isError, JSON.stringify(search));
  const found = JSON.parse(search.content[0].text);
  assert.equal(found.matches[0].id, wantId, search.content[0].text);
  assert.equal(found.matches[0].matchType, "pattern");
  assert.equal(found.matches[0].filePath, wantFile);
  assert.equal(found.matches[0].lineNumber, +wantLine);
  assert.match(found.matches[0].url, new RegExp(`^https://github.com/${wantRepo}/blob/`));
  console.log("search_error ok:", found.matches[0].id);

  const got = await client.callTool({ name: "get_error", arguments: { id: wantId } });
  assert.ok(!got.isError, JSON.stringify(got));
  const md = got.content[0].text;
  assert.ok(md.includes(`**Repo:** ${wantRepo}`), md);
  const m = md.match(new RegExp(`/${wantFile}#L(\\d+)-L(\\d+)`));
  assert.ok(m && +m[1] <= +wantLine && +wantLine <= +m[2], "no permalink covering the line: " + md);
  assert.ok(got.content[1].text.startsWith(`Source: https://github.com/${wantRepo}/`), got.content[1].text);
  console.log("get_error ok:", got.content[1].text);

  const repos = JSON.parse((await client.callTool({ name: "list_repos", arguments: {} })).content[0].text);
  const entry = repos.repos.find((r) => r.repo === wantRepo);
  assert.ok(entry && entry.errorCount > 0, JSON.stringify(repos));
  console.log("list_repos ok:", JSON.stringify(entry));

  const trace = `Traceback (most recent call last):\n  File "/srv/${wantFile}", line ${wantLine}, in load\nValueError: ${message}\n`;
  const explained = await client.callTool({ name: "explain_error", arguments: { text: trace } });
  const hits = JSON.parse(explained.content[0].text).matches;
  assert.equal(hits[0].id, wantId, explained.content[0].text);
  assert.equal(hits[0].lineNumber, +wantLine);
  assert.ok(hits[0].captures.length > 0, explained.content[0].text);
  console.log("explain_error ok:", hits[0].filePath + ":" + hits[0].lineNumber);

  const progress = [];
  const indexed = await client.callTool(
    { name: "index_repository", arguments: { path: otherRepo } },
    undefined,
    { onprogress: (p) => progress.push(p) },
  );
  assert.ok(!indexed.isError, JSON.stringify(indexed));
  const summary = JSON.parse(indexed.content[0].text);
  assert.ok(summary.records > 0, indexed.content[0].text);
  assert.ok(progress.length > 0 && progress.at(-1).progress === progress.at(-1).total, JSON.stringify(progress));
  console.log("index_repository ok:", summary.repo, summary.records, "records,", progress.length, "progress notes");

  const unknown = await client.callTool({ name: "no_such_tool", arguments: {} });
  assert.equal(unknown.isError, true);
  await assert.rejects(client.callTool({ name: "search_error", arguments: {} }), (e) => e.code === -32602);
  console.log("errors ok");
} finally {
  await client.close().catch(() => {});
}
console.log("MCP stdio passed");
