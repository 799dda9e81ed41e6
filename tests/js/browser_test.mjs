// Acceptance: headless Chromium (the Debian package, driven by playwright-core)
// opens the home page, searches a rendered message, follows the first result
// and checks the error page's sections. Screenshots go to SHOT_DIR.
// Usage: node browser_test.mjs BASE_URL '<rendered message>' SHOT_DIR
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [base, message, shotDir] = process.argv.slice(2);
assert.ok(base && message && shotDir, "usage: BASE_URL MESSAGE SHOT_DIR");
mkdirSync(shotDir, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), "errdex-chromium-"));
// A fresh profile directory (playwright passes it as --user-data-dir).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"],
});
// Pages work without JavaScript and carry no inline script: the only one
// is the site's own file, /assets/site.js (copy buttons).
async function assertNoExecutableScript(page) {
  const srcs = await page.$$eval('script:not([type="application/ld+json"])',
                                 (s) => s.map((x) => x.getAttribute("src") + "|" + x.text));
  assert.deepEqual(srcs, ["/assets/site.js|"], "page carries other JavaScript: " + page.url());
}
try {
  const page = await browser.newPage();
  let dialogs = 0;
  page.on("dialog", (d) => { dialogs++; d.dismiss(); });
  // The Content-Security-Policy allows the page's own stylesheet by hash:
  // the browser must apply it and report no violation.
  const violations = [];
  page.on("console", (m) => {
    if (/Content Security Policy/.test(m.text())) violations.push(m.text());
  });
  await page.goto(base + "/");
  assert.match(await page.textContent("#stats"), /\d+ repositories, \d+ errors/);
  assert.equal(await page.$eval("body", (b) => getComputedStyle(b).maxWidth), "960px",
               "the page's stylesheet was not applied");
  await assertNoExecutableScript(page);
  await page.screenshot({ path: join(shotDir, "home.png"), fullPage: true });

  await page.fill("#q", message);
  await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
  const first = page.locator("#results li.result a").first();
  assert.ok(await first.count() > 0, "no search results");
  assert.match(await page.textContent("#results"), /tier pattern/);
  await assertNoExecutableScript(page);
  await page.screenshot({ path: join(shotDir, "search.png"), fullPage: true });

  await Promise.all([page.waitForNavigation(), first.click()]);
  const ids = await page.$$eval("main section", (s) => s.map((x) => x.id));
  const want = ["message", "meaning", "source", "solutions", "example-fix", "when", "related"];
  assert.deepEqual(ids.filter((i) => want.includes(i)), want, "sections out of order: " + ids);
  assert.ok(await page.locator("link[rel=canonical]").count() === 1);
  assert.ok(await page.locator('link[rel=alternate][type="application/json"]').count() === 1);
  const ld = JSON.parse(await page.textContent('script[type="application/ld+json"]'));
  assert.deepEqual(ld.map((x) => x["@type"]), ["TechArticle", "FAQPage"]);
  assert.match(await page.textContent("footer"), /\/api\/errors\/[0-9a-f]{16}/);
  await assertNoExecutableScript(page);
  await page.screenshot({ path: join(shotDir, "error.png"), fullPage: true });

  // Hostile messages from the repository render as text, never as markup.
  for (const path of ["/acme/widgets/", "/acme/widgets/img-src-x-onerror-alert-1-missing-key-s/"]) {
    const p2 = await browser.newPage();  // JavaScript is on: an injected handler would fire
    p2.on("dialog", (d) => { dialogs++; d.dismiss(); });
    await p2.goto(base + path);
    assert.equal(await p2.locator("main img").count(), 0, "injected <img> on " + path);
    assert.equal(await p2.locator("main script").count(), 0, "injected <script> on " + path);
    await assertNoExecutableScript(p2);
    await p2.close();
  }
  assert.equal(dialogs, 0, "an injected script ran");
  assert.deepEqual(violations, [], "Content-Security-Policy violations");
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log("browser acceptance passed");
