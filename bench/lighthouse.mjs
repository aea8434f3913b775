#!/usr/bin/env node
// Lighthouse (12.x, programmatic) against the app's public pages and the bare create-next-app
// page, mobile (Lighthouse's default config) and desktop (its desktop config), N runs each,
// interleaved: run 1 of every page and preset, then run 2 of every page, and so on, with the page
// order rotated every round, so machine noise lands on the app and the baseline alike. Each run
// gets a fresh Chromium.
//
//   node bench/lighthouse.mjs --base http://localhost:3200 [--bare http://localhost:3201] \
//        [--routes /,/courses] [--runs 3] [--presets mobile,desktop] [--json]
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import { pathToFileURL } from "node:url";

import { resolveChromiumPath } from "../scripts/ensure-chromium.mjs";

import { defaultRoutes, kb, listArg, median, parseArgs, splitSessionCookie, table } from "./lib.mjs";

// The same binary the browser tests use: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
export const CHROME_PATH = process.env.CHROME_PATH || resolveChromiumPath();
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Offline machine: every host but this one fails fast instead of waiting on DNS.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
};
const PRESETS = { mobile: undefined, desktop: desktopConfig };

/** The numbers and failures one Lighthouse report yields. */
function summarize(lhr) {
  const scores = {};
  for (const c of CATEGORIES) scores[c] = lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100);
  const metrics = {};
  for (const [k, id] of Object.entries(METRICS)) metrics[k] = lhr.audits[id]?.numericValue ?? null;
  const summaryItems = lhr.audits["resource-summary"]?.details?.items ?? [];
  const scriptItem = summaryItems.find((i) => i.resourceType === "script");
  metrics.jsTransferBytes = scriptItem?.transferSize ?? null;
  metrics.jsRequests = scriptItem?.requestCount ?? null;
  metrics.totalBytes = lhr.audits["total-byte-weight"]?.numericValue ?? null;

  // Audits below a full score that count toward a category (weight > 0), plus performance
  // diagnostics/insights that flag something (weight 0, shown apart).
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode)) continue;
      if (ref.weight === 0 && c !== "performance") continue;
      if (ref.weight === 0 && a.score >= 0.9) continue;
      failing.push({
        category: c,
        id: ref.id,
        title: a.title,
        score: a.score,
        weight: ref.weight,
        displayValue: a.displayValue ?? null,
        // CLS names no element itself: the shifted elements are in the (unscored) layout-shifts audit.
        detail: detailOf(ref.id === "cumulative-layout-shift" ? (lhr.audits["layout-shifts"] ?? a) : a),
      });
    }
  }
  return {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    runtimeError: lhr.runtimeError?.code ?? null,
    warnings: lhr.runWarnings ?? [],
    scores,
    metrics,
    failing,
  };
}

/** A short, human hint of what an audit flagged (selectors, URLs, explanations). */
function detailOf(audit) {
  // Tables only: list/tree details (network-dependency-tree) hold prose, not findings.
  const items = ["table", "opportunity"].includes(audit.details?.type) ? (audit.details.items ?? []) : [];
  const out = [];
  for (const item of items.slice(0, 5)) {
    const sub = (item.subItems?.items ?? []).slice(0, 3).map((x) => x.url ?? x.source?.url ?? JSON.stringify(x).slice(0, 160));
    const desc = typeof item.description === "string" ? item.description.slice(0, 240) : undefined;
    const bits = [
      item.issueType,
      typeof item.score === "number" ? `shift ${item.score.toFixed(3)}` : undefined,
      item.node?.selector,
      item.node?.snippet?.slice(0, 120),
      item.url,
      item.source?.url,
      item.sourceLocation?.url,
      desc,
      item.explanation,
      ...sub,
    ]
      .filter(Boolean)
      .map(String);
    if (bits.length) out.push(bits.join(" | "));
  }
  if (audit.explanation) out.unshift(audit.explanation);
  return out.length ? out : undefined;
}

/**
 * A session goes into the browser's cookie jar, not into extraHeaders: Chrome sends an extra Cookie
 * header only while its own jar holds no cookie for the URL. Once any response has set one (the
 * proxy's `signed_in` hint on the first document; the account pages' `browser_tz`), every later
 * request carries the jar's cookies alone, so the page's own fetches (server actions, the
 * `router.refresh()` of the zone notice) were signed out, and a refresh that the proxy redirected
 * took the page to /signup in the middle of the run.
 *
 * `timezone` runs Chromium in that zone (TZ), as the computer of the family whose session it is:
 * their account's zone came from that browser at sign-up.
 *
 * `signedInMarker`: with a session, the measured document (the first main-frame HTML answer with
 * status 200) must contain it, else the run is reported `signedIn: false`; a page that renders a
 * signed-out version in place (/share-a-message) does not redirect, so the final URL alone cannot tell.
 */
async function runOnce(url, preset, log, extraHeaders, { timezone, signedInMarker } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    ...(timezone ? { envVars: { ...process.env, TZ: timezone } } : {}),
  });
  let browser;
  try {
    const { cookie, other: otherHeaders } = splitSessionCookie(extraHeaders);
    let page;
    let document = null;
    if (cookie) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      page = await browser.newPage();
      for (const pair of cookie.split(/;\s*/)) {
        const at = pair.indexOf("=");
        await page.setCookie({ name: pair.slice(0, at), value: pair.slice(at + 1), url, path: "/" });
      }
      if (signedInMarker) {
        page.on("response", (res) => {
          if (document || res.status() !== 200 || res.request().resourceType() !== "document" || res.frame() !== page.mainFrame()) return;
          document = res.text().then(
            (html) => ({ url: res.url(), signedIn: html.includes(signedInMarker) }),
            () => ({ url: res.url(), signedIn: null }),
          );
        });
      }
    }
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      maxWaitForLoad: 60_000,
      extraHeaders: Object.keys(otherHeaders).length ? otherHeaders : undefined,
      // Lighthouse clears the origin's storage first, cookies included: the session must stay.
      ...(cookie ? { disableStorageReset: true } : {}),
    };
    const result = await lighthouse(url, flags, PRESETS[preset], page);
    if (!result?.lhr) throw new Error("Lighthouse returned no report");
    const summary = summarize(result.lhr);
    if (cookie && signedInMarker) {
      const seen = await document;
      summary.signedIn = seen?.signedIn ?? null;
      summary.documentUrl = seen?.url ?? null;
    }
    return summary;
  } catch (err) {
    log?.(`  ! ${preset} ${url}: ${err?.message ?? err}`);
    return { error: String(err?.message ?? err) };
  } finally {
    await browser?.disconnect();
    await chrome.kill();
  }
}

/** The requirement reads medians of 3 runs per page and preset. */
export const DEFAULT_RUNS = 3;

/**
 * targets: [{ name, url, headers?, timezone?, signedInMarker? }] (headers: sent with every request; a
 * session's Cookie goes into the browser's jar; see runOnce). Returns per target and preset: every run, medians, and the audits
 * that fell short of a full score in at least half the runs.
 */
export async function runLighthouse({ targets, runs = DEFAULT_RUNS, presets = ["mobile", "desktop"], log = console.error, beforeEach }) {
  const results = {};
  for (const t of targets) for (const p of presets) results[`${p} ${t.name}`] = { target: t.name, url: t.url, preset: p, runs: [] };
  const total = runs * presets.length * targets.length;
  let n = 0;
  for (let r = 0; r < runs; r++) {
    const order = targets.map((_, i) => targets[(i + r) % targets.length]);
    for (const p of presets) {
      for (const t of order) {
        n++;
        await beforeEach?.();
        const started = Date.now();
        const s = await runOnce(t.url, p, log, t.headers, { timezone: t.timezone, signedInMarker: t.signedInMarker });
        results[`${p} ${t.name}`].runs.push(s);
        const sc = s.scores ? CATEGORIES.map((c) => s.scores[c] ?? "-").join("/") : "error";
        const landed = s.finalUrl && new URL(s.finalUrl).pathname !== new URL(t.url).pathname ? `  -> ${new URL(s.finalUrl).pathname}` : "";
        const session = s.signedIn === false ? "  SIGNED OUT" : "";
        log(
          `[lighthouse ${n}/${total}] run ${r + 1} ${p.padEnd(7)} ${t.name.padEnd(22)} ${sc}  (${((Date.now() - started) / 1000).toFixed(0)} s)${landed}${session}`,
        );
      }
    }
  }
  for (const entry of Object.values(results)) {
    const ok = entry.runs.filter((x) => !x.error);
    entry.median = {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(ok.map((x) => x.scores[c]))])),
      metrics: Object.fromEntries(Object.keys(ok[0]?.metrics ?? {}).map((k) => [k, median(ok.map((x) => x.metrics[k]))])),
    };
    entry.errors = entry.runs.filter((x) => x.error).length;
    const counts = new Map();
    for (const x of ok)
      for (const f of x.failing) {
        const key = `${f.category} ${f.id}`;
        const prev = counts.get(key);
        counts.set(key, { ...f, runs: (prev?.runs ?? 0) + 1, minScore: Math.min(prev?.minScore ?? 1, f.score) });
      }
    entry.persistentFailures = [...counts.values()]
      .filter((f) => f.runs * 2 >= ok.length && ok.length > 0)
      .map(({ score: _score, ...f }) => f);
  }
  return results;
}

/** Mobile performance of each app page against the bare page's (same run). */
export function compareToBare(results, bareName = "bare /") {
  const out = {};
  for (const e of Object.values(results)) {
    if (e.target === bareName) continue;
    const bare = results[`${e.preset} ${bareName}`];
    const perf = e.median.scores.performance;
    const barePerf = bare?.median.scores.performance ?? null;
    out[`${e.preset} ${e.target}`] = {
      performance: perf,
      barePerformance: barePerf,
      delta: perf === null || barePerf === null ? null : perf - barePerf,
    };
  }
  return out;
}

export function formatLighthouse(results) {
  const rows = Object.values(results).map((e) => {
    const s = e.median.scores;
    const m = e.median.metrics;
    return [
      e.preset,
      e.target,
      e.runs.length - e.errors,
      s.performance,
      s.accessibility,
      s["best-practices"],
      s.seo,
      m.fcp === null || m.fcp === undefined ? null : Math.round(m.fcp),
      m.lcp === null || m.lcp === undefined ? null : Math.round(m.lcp),
      m.tbt === null || m.tbt === undefined ? null : Math.round(m.tbt),
      m.cls === null || m.cls === undefined ? null : m.cls.toFixed(3),
      kb(m.jsTransferBytes),
      kb(m.totalBytes),
    ];
  });
  const lines = [
    "Lighthouse medians (scores 0-100; FCP/LCP/TBT in ms; JS = script transfer KB; bytes = total transfer KB)",
    table(["preset", "page", "runs", "perf", "a11y", "bp", "seo", "FCP", "LCP", "TBT", "CLS", "JS KB", "bytes KB"], rows),
  ];
  const failures = Object.values(results).filter((e) => e.persistentFailures.length);
  if (failures.length) {
    lines.push("", "Audits below a full score in at least half the runs:");
    for (const e of failures) {
      lines.push(`  ${e.preset} ${e.target}:`);
      for (const f of e.persistentFailures.filter((x) => x.weight > 0)) {
        lines.push(`    [${f.category}] ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ""}`);
        for (const d of f.detail ?? []) lines.push(`        ${d}`);
      }
      const diagnostics = e.persistentFailures.filter((x) => x.weight === 0).map((x) => x.id);
      if (diagnostics.length) lines.push(`    performance diagnostics (weight 0, details in the JSON): ${diagnostics.join(", ")}`);
    }
  }
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2), ["json"]);
  if (!args.base) {
    console.error(
      "usage: node bench/lighthouse.mjs --base URL [--bare URL] [--routes /,/courses] [--runs 3] [--presets mobile,desktop] [--json]",
    );
    process.exit(2);
  }
  const routes = listArg(args.routes) ?? defaultRoutes();
  const targets = routes.map((r) => ({ name: r, url: new URL(r, args.base).href }));
  if (args.bare) targets.push({ name: "bare /", url: new URL("/", args.bare).href });
  const results = await runLighthouse({
    targets,
    runs: Number(args.runs ?? DEFAULT_RUNS),
    presets: listArg(args.presets) ?? ["mobile", "desktop"],
  });
  console.log(args.json ? JSON.stringify(results, null, 2) : formatLighthouse(results));
}
