#!/usr/bin/env node
// Why mobile performance moves between runs, measured: Lighthouse's simulated LCP (lantern) counts
// every script that finished downloading *and* started running before the LCP observed in its
// unthrottled trace. When the first frame reaches the screen before the framework's scripts run,
// simulated LCP is about FCP (~0.8 s); when the scripts run first, all ~145 KB of them land in the
// LCP estimate (~2 s), and the later LCP also keeps the hydration task inside TBT's window.
// This loads each URL N times in a fresh Chromium (Lighthouse's mobile emulation, same flags) and
// reports how often the first frame won, with the median milestones of the trace.
//
//   node bench/first-frame-race.mjs --urls http://localhost:3200/,http://localhost:3201/ [--runs 15]
import { chromium } from "@playwright/test";
import { screenEmulationMetrics, userAgents } from "lighthouse/core/config/constants.js";

import { ensureChromium } from "../scripts/ensure-chromium.mjs";
import { CHROME_FLAGS, CHROME_PATH } from "./lighthouse.mjs";
import { listArg, median, parseArgs } from "./lib.mjs";

const args = parseArgs(process.argv.slice(2));
const urls = listArg(args.urls) ?? [];
const runs = Number(args.runs ?? 15);
if (urls.length === 0) {
  console.error("usage: node bench/first-frame-race.mjs --urls URL[,URL...] [--runs N]");
  process.exit(2);
}

/** One load's milestones, in ms from the document request. */
async function traceOnce(url) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });
  try {
    // The phone Lighthouse's mobile preset emulates, from Lighthouse itself.
    const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent: userAgents.mobile,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,loading,v8.execute", transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(500);
    await cdp.send("Tracing.end");
    await complete;

    const start = events.find((e) => e.name === "ResourceSendRequest" && e.args?.data?.url === url)?.ts;
    const at = (e) => (e.ts - start) / 1000;
    const lcp = events
      .filter((e) => e.name === "largestContentfulPaint::Candidate")
      .map(at)
      .at(-1);
    const isChunk = (e) => /\/_next\/static\/chunks\/.*\.js$/.test(e.args?.data?.url ?? "");
    const firstScriptRun = Math.min(...events.filter((e) => e.name === "EvaluateScript" && isChunk(e)).map(at));
    const layoutBeforeLcp = events.filter((e) => e.name === "Layout" && at(e) < lcp).reduce((sum, e) => sum + e.dur / 1000, 0);
    return { lcp, firstScriptRun, layoutBeforeLcp, firstFrameWon: lcp < firstScriptRun };
  } finally {
    await browser.close();
  }
}

// Same as `npm run bench`: the system Chromium, installed when missing (the bench never downloads one).
if (!process.env.CHROME_PATH) ensureChromium();

const results = Object.fromEntries(urls.map((u) => [u, []]));
for (let i = 0; i < runs; i++) {
  // Interleaved, so machine noise lands on every URL alike.
  for (const url of urls) results[url].push(await traceOnce(url));
  console.error(`[race] round ${i + 1}/${runs}`);
}
for (const url of urls) {
  const rows = results[url].filter((r) => Number.isFinite(r.lcp));
  const m = (key) => Math.round(median(rows.map((r) => r[key])));
  console.log(
    `${url}  first frame before scripts: ${rows.filter((r) => r.firstFrameWon).length}/${rows.length}` +
      `  median LCP ${m("lcp")} ms, first script run ${m("firstScriptRun")} ms, layout before LCP ${m("layoutBeforeLcp")} ms`,
  );
}
