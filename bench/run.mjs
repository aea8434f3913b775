#!/usr/bin/env node
// `npm run bench`: builds and starts the app and the bare create-next-app page, measures
// first-load JavaScript and Lighthouse (mobile + desktop) on both, prints tables, checks the
// requirement and writes everything to bench/results/<timestamp>.json. See bench/README.md.
//
// Options:
//   --runs N              Lighthouse runs per page and preset (default 5; medians are reported)
//   --only js|lighthouse  measure one thing only
//   --urls /,/courses     the app's routes (default: /, /join-<slug>, /book-free-demo/5, /courses, /signin)
//   --presets mobile,desktop
//   --app-url URL         measure an app that is already running instead of starting one
//   --bare-url URL        same for the bare page
//   --app-port 3200 --bare-port 3201
//   --keep-build          start the app with the APP_URL its current build was made with, so
//                         scripts/start.mjs reuses it instead of rebuilding .next under other
//                         servers that serve it (canonical URLs then name that origin)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { firstLoadJs, formatFirstLoadJs } from "./first-load-js.mjs";
import { ensureChromium } from "../scripts/ensure-chromium.mjs";
import { compareToBare, formatLighthouse, runLighthouse, CHROME_PATH } from "./lighthouse.mjs";
import {
  BENCH_DIR,
  NEXT_BIN,
  REPO_DIR,
  brandSlug,
  defaultRoutes,
  freePort,
  isPortFree,
  listArg,
  mtime,
  newestMtime,
  parseArgs,
  runToEnd,
  startServer,
  stopChildren,
} from "./lib.mjs";

/** The app's build folder for the bench (next.config.ts reads NEXT_DIST_DIR), apart from anyone's .next. */
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";

const args = parseArgs(process.argv.slice(2), ["keepBuild", "help"]);
if (args.help || args.h) {
  console.log(fs.readFileSync(new URL(import.meta.url), "utf8").split("\n").slice(1, 18).join("\n").replace(/^\/\/ ?/gm, ""));
  process.exit(0);
}
const runs = Number(args.runs ?? 5);
const only = args.only;
if (only && !["js", "lighthouse"].includes(only)) {
  console.error('--only takes "js" or "lighthouse"');
  process.exit(2);
}
const routes = listArg(args.urls) ?? defaultRoutes();
const presets = listArg(args.presets) ?? ["mobile", "desktop"];

const RESULTS_DIR = path.join(BENCH_DIR, "results");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const LOG_DIR = path.join(RESULTS_DIR, "logs");
fs.mkdirSync(LOG_DIR, { recursive: true });
const appLog = path.join(LOG_DIR, `${stamp}-app.log`);
const bareLog = path.join(LOG_DIR, `${stamp}-bare.log`);
const say = (msg) => console.error(`[bench] ${msg}`);

const servers = [];
async function stopAll() {
  stopChildren();
  await Promise.all(servers.splice(0).map((s) => s.stop().catch(() => {})));
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    say(`${sig}: stopping servers`);
    await stopAll();
    process.exit(130);
  });
}

/** The baseline: bench/bare copied outside the repository, built there, served from there. */
async function buildAndStartBare(port) {
  const src = path.join(BENCH_DIR, "bare");
  const work = path.join(os.tmpdir(), `next-bench-bare-${path.basename(REPO_DIR)}`);
  const modules = fs.realpathSync(path.join(REPO_DIR, "node_modules"));
  // Turbopack compiles only files under its root: the root must hold the copy and node_modules.
  const a = path.resolve(work).split(path.sep);
  const b = modules.split(path.sep);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const root = a.slice(0, i).join(path.sep) || path.sep;

  const sourcesChanged = newestMtime([src], ["node_modules", ".next"]);
  const built = mtime(path.join(work, ".next", "BUILD_ID"));
  const nextChanged = mtime(path.join(modules, "next", "package.json"));
  if (!built || sourcesChanged > built || nextChanged > built) {
    say(`building the bare page in ${work}`);
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
    for (const entry of fs.readdirSync(src)) {
      if ([".next", "node_modules", "next-env.d.ts"].includes(entry) || entry.endsWith(".tsbuildinfo")) continue;
      fs.cpSync(path.join(src, entry), path.join(work, entry), { recursive: true });
    }
    fs.symlinkSync(modules, path.join(work, "node_modules"), "dir");
    const code = await runToEnd(process.execPath, [NEXT_BIN, "build"], {
      cwd: work,
      env: { ...process.env, NODE_ENV: "production", BENCH_TURBOPACK_ROOT: root, NEXT_TELEMETRY_DISABLED: "1" },
      logFile: bareLog,
      label: "bare build",
    });
    if (code !== 0) throw new Error("the bare page did not build");
  } else {
    say(`reusing the bare build in ${work}`);
  }
  const url = `http://localhost:${port}/`;
  servers.push(
    await startServer(process.execPath, [NEXT_BIN, "start", "-p", String(port)], {
      cwd: work,
      env: { ...process.env, NODE_ENV: "production", BENCH_TURBOPACK_ROOT: root, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port) },
      logFile: bareLog,
      url,
      label: "bare server",
      timeoutMs: 60_000,
    }),
  );
  return `http://localhost:${port}`;
}

/** The app: scripts/start.mjs (builds when stale, then next start); else next build + next start. */
async function buildAndStartApp(port) {
  const appUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: appUrl,
    PGLITE_DIR: process.env.BENCH_PGLITE_DIR || ".data/bench-pglite",
    // Its own build folder (next.config.ts reads it), so a bench never rebuilds someone's .next.
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (args.keepBuild) {
    try {
      const record = JSON.parse(fs.readFileSync(path.join(REPO_DIR, DIST_DIR, "build-env.json"), "utf8"));
      if (record.env?.APP_URL) env.APP_URL = record.env.APP_URL;
      else delete env.APP_URL;
      say(`--keep-build: APP_URL=${env.APP_URL ?? "(unset)"} as in the current build`);
    } catch {
      say(`--keep-build: ${DIST_DIR}/build-env.json not found; the app will be built`);
    }
  }
  const startScript = path.join(REPO_DIR, "scripts", "start.mjs");
  if (fs.existsSync(startScript)) {
    // start.mjs runs a Firebase Auth Emulator (port, hub port+1, logging port+2) when no Firebase
    // project is configured: give the bench its own, beside anyone else's.
    if (!env.AUTH_EMULATOR_PORT) {
      let p = 9310;
      while (!((await isPortFree(p)) && (await isPortFree(p + 1)) && (await isPortFree(p + 2)))) p += 3;
      env.AUTH_EMULATOR_PORT = String(p);
    }
    env.AUTH_EMULATOR_DATA_DIR ||= ".data/bench-auth";
    say(`starting the app with scripts/start.mjs on ${appUrl} (builds first when stale; log ${path.relative(REPO_DIR, appLog)})`);
    // Another engineer's `next build` holds Next's build lock: wait for it, then try again.
    for (let attempt = 1; ; attempt++) {
      try {
        servers.push(
          await startServer(process.execPath, [startScript], { cwd: REPO_DIR, env, logFile: appLog, url: appUrl, label: "app", timeoutMs: 900_000 }),
        );
        break;
      } catch (err) {
        const busy = /Another next build process is already running/.test(String(err?.message));
        if (!busy || attempt >= 40) throw err;
        say(`another next build is running in ${REPO_DIR}; retrying in 15 s (${attempt}/40)`);
        await new Promise((r) => setTimeout(r, 15_000));
      }
    }
  } else {
    const built = mtime(path.join(REPO_DIR, DIST_DIR, "BUILD_ID"));
    const inputs = ["app", "components", "lib", "content", "public", "next.config.ts", "package.json", "proxy.ts", "instrumentation.ts"];
    if (!built || newestMtime(inputs.map((p) => path.join(REPO_DIR, p))) > built) {
      say("building the app (next build)");
      const code = await runToEnd(process.execPath, [NEXT_BIN, "build"], { cwd: REPO_DIR, env, logFile: appLog, label: "app build" });
      if (code !== 0) throw new Error("the app did not build");
    }
    // next start in production wants a session secret; a throwaway one is fine for public pages.
    env.NEXTAUTH_SECRET ||= `bench-only-${Math.random().toString(36).slice(2)}-${Date.now()}-not-a-real-secret`;
    servers.push(
      await startServer(process.execPath, [NEXT_BIN, "start", "-p", String(port)], { cwd: REPO_DIR, env, logFile: appLog, url: appUrl, label: "app", timeoutMs: 120_000 }),
    );
  }
  return appUrl;
}

function versions() {
  const pkg = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(REPO_DIR, "node_modules", name, "package.json"), "utf8")).version;
    } catch {
      return null;
    }
  };
  let chromium = null;
  let commit = null;
  try {
    chromium = execFileSync(CHROME_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {}
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_DIR, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {}
  return { node: process.version, next: pkg("next"), lighthouse: pkg("lighthouse"), chromium, commit, cpus: os.cpus().length };
}

/** The requirement, page by page: 100/100/100 (a11y, SEO, best practices) on both presets,
 *  desktop performance 100, mobile performance >= the bare page's, first-load JS <= 1.15x. */
function checkRequirement(lh, js) {
  const required = ["/", `/join-${brandSlug()}`, "/book-free-demo/5", "/courses"];
  const checks = [];
  if (lh) {
    for (const route of required) {
      for (const preset of presets) {
        const e = lh[`${preset} ${route}`];
        if (!e) continue;
        const s = e.median.scores;
        for (const c of ["accessibility", "seo", "best-practices"]) checks.push({ route, preset, check: c, value: s[c], want: 100, pass: s[c] === 100 });
        if (preset === "desktop") checks.push({ route, preset, check: "performance", value: s.performance, want: 100, pass: s.performance === 100 });
        if (preset === "mobile") {
          const bare = lh[`mobile bare /`]?.median.scores.performance ?? null;
          checks.push({ route, preset, check: "performance vs bare", value: s.performance, want: `>= ${bare}`, pass: bare !== null && s.performance !== null && s.performance >= bare });
        }
      }
    }
  }
  if (js?.homeVsBare.ratio !== null && js?.homeVsBare.ratio !== undefined) {
    checks.push({ route: "/", preset: "-", check: "first-load JS vs bare", value: Number(js.homeVsBare.ratio.toFixed(3)), want: "<= 1.15", pass: js.homeVsBare.pass });
  }
  return checks;
}

let exitCode = 0;
let guardBuild = () => {};
const report = { startedAt: new Date().toISOString(), versions: versions(), options: { runs, only: only ?? null, routes, presets } };
try {
  const appPort = args.appUrl ? null : await freePort(Number(args.appPort ?? 3200));
  const barePort = args.bareUrl ? null : await freePort(Number(args.barePort ?? 3201), [appPort]);
  // allSettled: when one side fails, the other still finishes starting, so it is stopped below.
  const settled = await Promise.allSettled([
    args.bareUrl ? String(args.bareUrl).replace(/\/$/, "") : buildAndStartBare(barePort),
    args.appUrl ? String(args.appUrl).replace(/\/$/, "") : buildAndStartApp(appPort),
  ]);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  const [bareBase, appBase] = settled.map((s) => s.value);
  // .next is shared with everyone working in this tree: if another `next build` replaces it
  // while our server runs, its pages point at chunks that no longer exist (404/500 in Lighthouse).
  const buildIdFile = path.join(REPO_DIR, DIST_DIR, "BUILD_ID");
  const readBuildId = () => {
    try {
      return fs.readFileSync(buildIdFile, "utf8").trim();
    } catch {
      return null;
    }
  };
  const buildId = args.appUrl ? null : readBuildId();
  guardBuild = () => {
    if (buildId && readBuildId() !== buildId) {
      throw new Error(`.next was rebuilt by another process during the bench (BUILD_ID ${buildId} -> ${readBuildId()}); the measurements are void. Run again when no one else builds, or with --keep-build.`);
    }
  };
  report.buildId = buildId;
  report.app = appBase;
  report.bare = bareBase;
  say(`app ${appBase}, bare ${bareBase}`);

  if (only !== "lighthouse") {
    say("measuring first-load JavaScript");
    report.firstLoadJs = await firstLoadJs({ base: appBase, routes, bareBase });
    guardBuild();
    console.log(`\n${formatFirstLoadJs(report.firstLoadJs)}\n`);
    const home = report.firstLoadJs.app.find((r) => r.route === "/");
    if (home?.canonical && !home.canonical.startsWith(appBase)) say(`note: "/" declares canonical ${home.canonical} (build made with another APP_URL)`);
  }
  if (only !== "js") {
    if (!process.env.CHROME_PATH) ensureChromium();
    const targets = routes.map((r) => ({ name: r, url: new URL(r, appBase).href }));
    targets.push({ name: "bare /", url: `${bareBase}/` });
    say(`Lighthouse: ${runs} run(s) x ${presets.length} preset(s) x ${targets.length} pages`);
    report.lighthouse = await runLighthouse({ targets, runs, presets, log: (m) => console.error(m), beforeEach: guardBuild });
    report.mobilePerformanceVsBare = compareToBare(report.lighthouse);
    console.log(`\n${formatLighthouse(report.lighthouse)}\n`);
  }
  report.requirement = checkRequirement(report.lighthouse, report.firstLoadJs);
  if (report.requirement.length) {
    const failed = report.requirement.filter((c) => !c.pass);
    console.log(`Requirement: ${report.requirement.length - failed.length}/${report.requirement.length} checks pass`);
    for (const c of failed) console.log(`  FAIL ${c.route} ${c.preset} ${c.check}: ${c.value} (want ${c.want})`);
  }
} catch (err) {
  exitCode = 1;
  report.error = String(err?.stack ?? err);
  console.error(`[bench] ${err?.message ?? err}`);
} finally {
  await stopAll();
  report.finishedAt = new Date().toISOString();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `${stamp}.json`);
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  say(`results: ${path.relative(process.cwd(), out)}`);
}
process.exit(exitCode);
