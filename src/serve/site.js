// errdex pages' one script (/assets/site.js). Pages work without it; it adds
// copy buttons, and on a static copy of the site (its search form is marked
// data-client) the search, run in the browser over /data/index.json with the
// tiers of the reference client: error code, then pattern, then keywords.
(() => {
  "use strict";
  for (const b of document.querySelectorAll("button.copy[data-copy]")) {
    const label = b.textContent;
    b.hidden = false;
    b.addEventListener("click", async () => {
      const el = document.getElementById(b.dataset.copy);
      if (!el) return;
      const text = el.tagName === "OL"
        ? [...el.children].map((li, i) => `${i + 1}. ${li.textContent}`).join("\n")
        : el.textContent;
      try {
        await navigator.clipboard.writeText(text);
        b.textContent = "Copied";
      } catch {
        b.textContent = "Copy failed";
      }
      setTimeout(() => { b.textContent = label; }, 1500);
    });
  }

  const form = document.querySelector("form[data-client]");
  if (!form) return;
  const box = form.querySelector("textarea");
  const results = document.getElementById("results");
  if (!results) {
    // Not the search page: hand the paste over without putting it in a URL.
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      sessionStorage.setItem("errdex-q", box.value);
      location.href = "/search/";
    });
    return;
  }
  const status = document.getElementById("search-status");
  const HOLE = /\(\[\\s\\S\]\*\?\)|\(\[-\+\]\?\\d\+\)|\(\.\+\?\)/;
  const PLAIN = /^(?:[^\\^$.|?*+()[\]{}]|\\[\\^$.|?*+()[\]{}/ntr]|\\x[0-9A-Fa-f]{2})*$/;
  const unescape = (s) => s.replace(/\\x([0-9A-Fa-f]{2})|\\(.)/g, (m, hex, c) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : ({ n: "\n", t: "\t", r: "\r" })[c] ?? c);
  // Per entry: literal length (specificity) and the longest literal run,
  // which must occur in the paste before the regex is tried.
  const prepare = (e) => {
    const pieces = e.pattern.split(HOLE);
    const plain = pieces.every((p) => PLAIN.test(p));
    const lits = plain ? pieces.map(unescape) : [];
    const anchor = lits.reduce((a, b) => (b.length > a.length ? b : a), "");
    return { e, re: null, anchor, lit: plain ? lits.join("").trim().length : e.pattern.length };
  };
  let index = null;
  const load = async () => {
    if (!index) {
      const res = await fetch("/data/index.json");
      if (!res.ok) throw new Error(`GET /data/index.json: ${res.status}`);
      index = (await res.json()).errors.map(prepare);
    }
    return index;
  };

  const search = (text, entries) => {
    let hits = [];
    const codes = new Set(text.match(/\b[A-Z][A-Z0-9_]{2,}\b/g) || []);
    for (const x of entries) {
      if (x.e.code && codes.has(x.e.code)) hits.push({ x, tier: "code", score: x.lit, caps: [] });
    }
    if (!hits.length) {
      for (const x of entries) {
        if (x.lit < 6 || x.e.pattern.length > 2000) continue;
        if (x.anchor && !text.includes(x.anchor)) continue;
        if (x.re === null) {
          try { x.re = new RegExp(x.e.pattern); } catch { x.re = false; }
        }
        const m = x.re && x.re.exec(text);
        if (m) hits.push({ x, tier: "pattern", score: x.lit, caps: m.slice(1) });
      }
    }
    const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) || [];
    if (!hits.length && words.length > 0 && words.length <= 3) {
      for (const x of entries) {
        const names = [x.e.class, x.e.code].filter(Boolean).map((s) => s.toLowerCase());
        const msg = x.e.msg.toLowerCase();
        let score = 0;
        for (const w of words) {
          if (names.includes(w)) score += 3;
          else if (names.some((n) => n.includes(w)) || msg.includes(w)) score += 1;
          else { score = 0; break; }
        }
        if (score) hits.push({ x, tier: "keyword", score, caps: [] });
      }
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, 5);
  };

  const el = (tag, cls, text) => {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  };
  const short = (s, n) => (s.length > n ? s.slice(0, n) + "\u2026" : s);
  const show = (hits) => {
    results.replaceChildren();
    status.textContent = hits.length ? `${hits.length} match${hits.length > 1 ? "es" : ""}`
                                     : "No confident match.";
    for (const h of hits) {
      const e = h.x.e;
      const li = el("li", "result");
      const a = el("a", "", short(e.msg, 200));
      a.href = `/${e.repo}/${e.slug}/`;
      li.append(a, el("br"),
                el("span", "meta", `${e.repo} \u00b7 ${e.class || e.type} \u00b7 tier ${h.tier}`));
      if (h.caps.length) {
        const ul = el("ul", "captures");
        h.caps.forEach((v, i) => {
          const item = el("li");
          item.append(el("code", "", `hole ${i + 1} = ${short(v ?? "", 300)}`));
          ul.append(item);
        });
        li.append(ul);
      }
      results.append(li);
    }
  };
  const run = async () => {
    const text = box.value.trim();
    if (!text) { results.replaceChildren(); status.textContent = ""; return; }
    status.textContent = "Searching\u2026";
    try {
      show(search(text, await load()));
    } catch (err) {
      status.textContent = `Search failed: ${err.message}`;
    }
  };

  form.addEventListener("submit", (e) => { e.preventDefault(); run(); });
  let timer = 0;
  box.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(run, 300); });
  const handed = sessionStorage.getItem("errdex-q");
  sessionStorage.removeItem("errdex-q");
  const q = handed ?? new URLSearchParams(location.search).get("q");
  if (q) { box.value = q; run(); }
})();
