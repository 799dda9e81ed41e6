// Acceptance in headless Chromium (playwright-core) of the pages people use,
// on `errdex serve` (MODE=serve) and on an exported static site behind a
// plain static file server (MODE=static, BASE is the site directory):
// a 50 KB traceback pasted into the search box, one-word searches, the copy
// button, dark mode (screenshot), long prose folded in <details>, and every
// page visited under 50 KB, and axe-core (pinned in package-lock.json) with
// no serious or critical violation on each kind of page, in light and dark
// mode. On failure a screenshot of the page is saved.
// Usage: node site_browser_test.mjs serve|static BASE_URL_OR_DIR CASES_JSON SHOT_DIR
//   CASES_JSON: {"paste": {"tail": "...", "slug": "..."}, "keywords": [["word", "slug"], ...],
//                "repo": "owner/name", "copySlug": "...", "detailsSlug": "..."}
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { serveStatic } from "./static_server.mjs";

const [mode, target, casesFile, shotDir] = process.argv.slice(2);
assert.ok(["serve", "static"].includes(mode) && target && casesFile && shotDir, "usage: see header");
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
mkdirSync(shotDir, { recursive: true });
const server = mode === "static" ? await serveStatic(resolve(target)) : null;
const base = server ? server.url : target;
const profile = mkdtempSync(join(tmpdir(), "errdex-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"],
});
await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
const page = await browser.newPage();
const problems = [];
page.on("pageerror", (e) => problems.push("page error: " + e.message));
page.on("console", (m) => {
  if (/favicon\.ico$/.test(m.location().url || "")) return;  // no site has to have one
  if (m.type() === "error" || /Content Security Policy/.test(m.text())) problems.push(m.text());
});
const weights = new Map();
page.on("response", async (r) => {
  if ((r.headers()["content-type"] || "").startsWith("text/html")) {
    weights.set(r.url(), (await r.body().catch(() => Buffer.alloc(0))).length);
  }
});

// A Python traceback of about 50 KB ending in the fixture's error.
function traceback(tail) {
  const frames = [];
  for (let i = 0; frames.join("\n").length < 50 * 1024; ++i) {
    frames.push(`  File "/srv/app/handlers/step_${i}.py", line ${10 + i}, in step_${i}\n` +
                `    return step_${i + 1}(request, context, options)`);
  }
  return "Traceback (most recent call last):\n" + frames.join("\n") + "\n" + tail + "\n";
}

// axe-core injected through the DevTools protocol (not a <script>, which
// the pages' Content-Security-Policy would refuse), run on the page as is.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const axeChecked = [];
async function checkA11y(what) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`), [],
                   `accessibility of ${what} (${page.url()})`);
  axeChecked.push(what);
}

async function submitSearch(text) {
  await page.goto(base + "/");
  await page.fill("#q", text);
  await Promise.all([page.waitForURL(/\/search/), page.click("form[role=search] button[type=submit]")]);
  await page.waitForSelector("#results li.result, #no-match, #search-status:has-text('No')");
}

async function firstResult() {
  const first = page.locator("#results li.result").first();
  assert.ok(await first.count() > 0, "no search results on " + page.url());
  return { href: await first.locator("a").getAttribute("href"), text: await first.textContent() };
}

try {
  const paste = traceback(cases.paste.tail);
  assert.ok(paste.length >= 50 * 1024);
  await submitSearch(paste);
  let hit = await firstResult();
  assert.equal(hit.href, `/${cases.repo}/${cases.paste.slug}/`, hit.text);
  assert.match(hit.text, /tier pattern/);
  if (mode === "serve") assert.ok(!page.url().includes("Traceback"), "the paste went into the URL");
  await checkA11y("search results");
  await page.screenshot({ path: join(shotDir, `${mode}-paste.png`), fullPage: true });

  for (const [word, slug] of cases.keywords) {
    await submitSearch(word);
    hit = await firstResult();
    assert.equal(hit.href, `/${cases.repo}/${slug}/`, `${word}: ${hit.text}`);
    assert.match(hit.text, /tier keyword/, word);
  }

  // Copy the message from an error page.
  await page.goto(`${base}/${cases.repo}/${cases.copySlug}/`);
  const copy = page.locator('button.copy[data-copy="msg-text"]');
  assert.ok(await copy.isVisible(), "the copy button is hidden");
  await copy.click();
  await page.waitForFunction(() => document.querySelector("button.copy").textContent === "Copied");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()),
               await page.textContent("#msg-text"));
  assert.equal(await page.locator('link[rel=alternate][type="application/json"]').count(), 1);
  const twin = await page.locator('link[rel=alternate][type="application/json"]').getAttribute("href");
  const json = await (await fetch(base + twin)).json();
  assert.ok(json.record && json.record.slug === cases.copySlug, "JSON twin " + twin);
  await checkA11y("error page");

  // Dark mode follows the system's preference.
  await page.emulateMedia({ colorScheme: "dark" });
  assert.equal(await page.$eval("body", (b) => getComputedStyle(b).backgroundColor), "rgb(18, 18, 18)");
  await page.screenshot({ path: join(shotDir, `${mode}-dark.png`), fullPage: true });
  await checkA11y("error page, dark");
  await page.emulateMedia({ colorScheme: "light" });
  assert.equal(await page.$eval("body", (b) => getComputedStyle(b).backgroundColor), "rgba(0, 0, 0, 0)");

  // Long prose (call chains) is folded.
  await page.goto(`${base}/${cases.repo}/${cases.detailsSlug}/`);
  assert.ok(await page.locator("#when details").count() > 0, "no <details> in When it happens");
  assert.equal(await page.locator("#when details[open]").count(), 0);

  await page.goto(`${base}/`);
  await checkA11y("home");
  await page.goto(`${base}/${cases.repo}/`);
  await checkA11y("repository page");
  await page.goto(`${base}/api-docs/`);
  await checkA11y("api-docs");
  for (const [url, bytes] of weights) assert.ok(bytes < 50 * 1024, `${url} weighs ${bytes} bytes`);
  assert.deepEqual(problems, [], "errors in the browser console");
} catch (e) {
  await page.screenshot({ path: join(shotDir, `${mode}-failure.png`), fullPage: true }).catch(() => {});
  console.error("failed on " + page.url() + "; screenshot in " + shotDir);
  throw e;
} finally {
  await browser.close();
  server?.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`axe-core: no serious violations on ${axeChecked.join(", ")}`);
console.log(`site browser acceptance (${mode}) passed`);
